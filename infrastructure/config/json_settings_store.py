"""The settings port over one JSON file, ``<config dir>/settings.json``.

Why it exists: the CLI and the window add, list and pick providers; the choice must survive restarts
and be readable and editable by a person. The file looks like::

    {"version": 1, "default_provider": "openai" | null,
     "providers": [{"name", "kind", "base_url", "api_key_env", "default_model", "models",
                    "preset"}],
     "network": {"max_attempts", "base_delay", "max_delay", "connect_timeout", "idle_timeout",
                 "max_answer_chars"},
     "team": {"url", "enabled", "interval_s"},
     "context": {"compaction_threshold", "compaction_provider_id", "compaction_model",
                 "embedding_provider_id", "embedding_model", "excerpts"},
     "projects": [{"id", "name", "workspace", "instructions", "provider_id", "model",
                   "gate_mode", "tools", "mcp_servers", "knowledge_folder"}],
     "prices": [{"model_pattern", "provider", "input_per_mtok", "output_per_mtok",
                 "currency"}],
     "context_windows": [{"model_pattern", "provider", "context_tokens",
                          "max_output_tokens"}],
     "mcp_servers": [{"name", "transport", "command", "args", "env", "secret_env", "cwd",
                      "url", "headers", "secret_headers", "oauth", "enabled", "timeout_s",
                      "tool_policies"}]}

``mcp_servers`` (added within version 1) is optional: older files load with none, and it is
written only when there is one. ``env``, ``headers`` and ``tool_policies`` are JSON objects (name
to value); ``secret_env`` and ``secret_headers`` are lists of *names* whose values are in the
keyring (``application.mcp.secrets``). A project's ``mcp_servers`` (the servers enabled for it) is
a list of names, written only when not empty; its ``knowledge_folder`` (added within version 1)
is written only when set, and a file without it reads as ``""`` (no knowledge folder).

``network`` is optional; what it leaves out takes the defaults of ``NetworkSettings``.
``team`` (added within version 1, issue 19) is the team store this desktop syncs with
(``TeamSettings``: a URL without a password — one with a password is refused, the password is in
the keyring — whether syncing is on, how often); absent means none, and it is written only when
set. ``context`` (added within version 1, issue 18) works the same way with ``ContextSettings``
(compaction and retrieval): optional, what it leaves out takes the defaults, unknown fields are
refused, and it is written only when it differs from the defaults.
``projects`` and ``prices`` (added within version 1) are optional too, so older files still load;
``projects`` is written only when there is one. A missing ``prices`` means "the built-in table"
(``domain.usage.pricing.DEFAULT_PRICES``); once the user saves a table it is written, even empty,
and used from then on. ``context_windows`` (added within version 1) works the same way: missing
means the built-in table (``domain.usage.context_windows.DEFAULT_WINDOWS``), saved (even empty)
means the user's; sizes are whole JSON numbers. Prices are strings ("2.50") so no amount
passes through a binary float (a number typed by hand is read through its shortest decimal
form). A provider's
``preset`` (added within version 1) is optional too: files written before it existed read as
``""``. When set, it must name a known preset (``infrastructure.providers.presets``) of the same
kind as the entry.

Invariants it keeps:

- no secret is ever stored: there is no field for an API key; keys live in the system keyring or
  in the environment variable a provider names (``api_key_env``). A file carrying any unknown
  field (``api_key`` included) is refused, a base URL with credentials or a query is refused, and
  a value that looks like a key given as ``api_key_env`` is refused;
- the file on disk is always complete: writes go to a temporary file in the same folder, are
  fsynced, then ``os.replace``-d over the old one;
- a file that cannot be read or parsed is an error naming the file and the reason, for reads and
  writes alike: it is never overwritten, so a hand-edit gone wrong is not silently lost;
- every provider in the file is valid (the same checks as ``add_provider``), names are unique, and
  the default is null or names a listed provider;
- every project is valid (``ProjectConfig``), ids are unique and names are unique ignoring case; a
  project's ``provider_id`` is not required to name a configured provider (providers come and go;
  the window falls back to its current choice);
- every price row is valid (``ModelPrice``) and no two rows share a pattern and provider; the
  same for context-window rows (``ModelWindow``). A bad row makes the file unreadable with a
  message naming it (``context_windows[3] ('gpt-9*'): ...``) and the file is never overwritten
  while it is, so the rest of the table (and of the settings) is never lost;
- an MCP server entry that is not valid does not make the file unreadable: it is left out of
  ``mcp_servers()``, named with its problem by ``mcp_server_problems()``, and written back
  untouched, so neither it nor the valid servers (nor anything else) are lost; saving a valid
  server under its name replaces it in place. A server is never saved with a secret in plain
  text: a header that carries credentials (``Authorization``, ``Cookie``, …) or a value shaped
  like a token must be named in ``secret_env``/``secret_headers`` instead;
- a missing file means no settings (nothing is created until the first change).

Writes by several processes at once are not coordinated (last writer wins); within one process a
lock serialises read-modify-write.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from parley.application.mcp.model import (
    POLICIES,
    TRANSPORTS,
    McpServerConfig,
    valid_server_name,
)
from parley.application.mcp.secrets import looks_secret_value
from parley.application.ports.settings_store import (
    PROVIDER_KINDS,
    ContextSettings,
    NetworkSettings,
    ProjectConfig,
    ProjectNameTaken,
    ProviderConfig,
    SettingsError,
    TeamSettings,
    UnknownMcpServer,
    UnknownProject,
    UnknownProvider,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.usage.context_windows import DEFAULT_WINDOWS, ModelWindow, WindowError
from parley.domain.usage.pricing import DEFAULT_PRICES, ModelPrice, PriceError
from parley.infrastructure.providers.presets import find_preset, preset_names

SETTINGS_FILE = "settings.json"
FORMAT_VERSION = 1

_TOP_LEVEL_FIELDS = (
    "version",
    "default_provider",
    "providers",
    "network",
    "context",
    "team",
    "projects",
    "prices",
    "context_windows",
    "mcp_servers",
)
_NETWORK_FIELDS = tuple(f.name for f in dataclasses.fields(NetworkSettings))
_CONTEXT_FIELDS = tuple(f.name for f in dataclasses.fields(ContextSettings))
_TEAM_FIELDS = tuple(f.name for f in dataclasses.fields(TeamSettings))
_PROVIDER_FIELDS = (
    "name",
    "kind",
    "base_url",
    "api_key_env",
    "default_model",
    "models",
    "preset",
)
_REQUIRED_PROVIDER_FIELDS = ("name", "kind", "base_url")
_PROJECT_FIELDS = tuple(f.name for f in dataclasses.fields(ProjectConfig))
_REQUIRED_PROJECT_FIELDS = ("id", "name")
_PRICE_FIELDS = tuple(f.name for f in dataclasses.fields(ModelPrice))
_MCP_FIELDS = tuple(f.name for f in dataclasses.fields(McpServerConfig))
#: Headers whose value is a credential whatever it looks like.
_SECRET_HEADERS = ("authorization", "proxy-authorization", "cookie", "x-api-key", "api-key")
_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: The longest time limit a server may have (seconds): a day.
MAX_MCP_TIMEOUT_S = 86_400.0
_REQUIRED_PRICE_FIELDS = ("model_pattern", "input_per_mtok", "output_per_mtok")
_WINDOW_FIELDS = tuple(f.name for f in dataclasses.fields(ModelWindow))
_REQUIRED_WINDOW_FIELDS = ("model_pattern", "context_tokens")

_NAME = re.compile(r"[A-Za-z0-9._-]+")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Shapes of well-known API key values (OpenAI, Anthropic, Groq, xAI, Perplexity, Hugging Face,
# Replicate, Google). Someone pasting a key where the variable's name belongs must be stopped.
_KEY_LIKE = re.compile(r"(sk|gsk|xai|pplx|hf|r8)[-_][A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{20,}")


# What the provider editor says about a typed value: marked for the window's language.
_BAD_NAME = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider name {name!r} may contain only letters, digits, '.', '_' and '-'",
)
_KEY_NOT_NAME = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider {name!r}: api_key_env looks like an API key itself; give the NAME of the "
    "environment variable that holds the key (for example OPENAI_API_KEY) - keys are never "
    "stored in the settings",
)
_BAD_ENV = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, "
    "digits and '_', not starting with a digit)",
)
_NO_URL = QT_TRANSLATE_NOOP(
    "ProviderSettings", "provider {name!r}: a base URL is required (http:// or https://)"
)
_MALFORMED_URL = QT_TRANSLATE_NOOP(
    "ProviderSettings", "provider {name!r}: base URL {url!r} is malformed ({detail})"
)
_EMPTY_PORT = QT_TRANSLATE_NOOP(
    "ProviderSettings", "provider {name!r}: base URL {url!r} has an empty port after ':'"
)
_NOT_HTTP = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host",
)
_URL_CREDENTIALS = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider {name!r}: base URL must not contain a user name or password; keys are never "
    "stored in the settings (use api_key_env)",
)
_URL_QUERY = QT_TRANSLATE_NOOP(
    "ProviderSettings",
    "provider {name!r}: base URL must not contain a query or fragment ('?', '#')",
)
_URL_SPACES = QT_TRANSLATE_NOOP(
    "ProviderSettings", "provider {name!r}: base URL must not contain spaces"
)


# What the MCP servers page says about its form: "MCP server 'x': <problem>", both marked (the
# outer template is the one of parley.application.mcp.model, the same text in the same context).
_MCP_PROBLEM = QT_TRANSLATE_NOOP("McpError", "MCP server {server!r}: {message}")
_MCP_NO_COMMAND = QT_TRANSLATE_NOOP("McpSettings", "a stdio server needs a command to start")
_MCP_STDIO_TAKES = QT_TRANSLATE_NOOP(
    "McpSettings", "a stdio server takes a command, not a URL, headers or OAuth"
)
_MCP_URL_TAKES = QT_TRANSLATE_NOOP(
    "McpSettings",
    "an {transport} server takes a URL, not a command, arguments, environment or folder",
)
_MCP_SECRET_ENV = QT_TRANSLATE_NOOP(
    "McpSettings",
    "the value of {variable} looks like a secret; name it as a secret variable (its value goes "
    "to the system keyring, never to the settings file)",
)
_MCP_SECRET_HEADER = QT_TRANSLATE_NOOP(
    "McpSettings",
    "header {header} carries a credential; name it as a secret header (its value goes to the "
    "system keyring, never to the settings file)",
)
_MCP_TWICE = QT_TRANSLATE_NOOP("McpSettings", "{what} {name!r} is given twice")
_MCP_BAD_ENV = QT_TRANSLATE_NOOP(
    "McpSettings",
    "{name!r} is not a valid environment variable name (letters, digits and '_', not starting "
    "with a digit)",
)
_MCP_BAD_HEADER = QT_TRANSLATE_NOOP("McpSettings", "{name!r} is not a valid HTTP header name")
_MCP_NO_URL = QT_TRANSLATE_NOOP(
    "McpSettings", "an HTTP or SSE server needs a URL (http:// or https://)"
)
_MCP_MALFORMED_URL = QT_TRANSLATE_NOOP("McpSettings", "URL {url!r} is malformed ({detail})")
_MCP_NOT_HTTP = QT_TRANSLATE_NOOP(
    "McpSettings", "URL {url!r} must start with http:// or https:// and name a host"
)
_MCP_URL_CREDENTIALS = QT_TRANSLATE_NOOP(
    "McpSettings",
    "the URL must not contain a user name or password; put credentials in a secret header",
)
_MCP_URL_SPACES = QT_TRANSLATE_NOOP("McpSettings", "the URL must not contain spaces")


def validate_provider(config: ProviderConfig) -> ProviderConfig:
    """Check ``config`` and return it with ``models`` as a tuple; raises ``SettingsError``."""
    name = config.name
    if not isinstance(name, str) or not name:
        raise SettingsError("a provider needs a name (non-empty text)")
    if not _NAME.fullmatch(name):
        raise SettingsError(_BAD_NAME.format(name=name))
    if config.kind not in PROVIDER_KINDS:
        raise SettingsError(
            f"provider {name!r}: unknown kind {config.kind!r}; allowed kinds: "
            f"{', '.join(PROVIDER_KINDS)}"
        )
    _check_base_url(name, config.base_url)
    preset_name = config.preset
    if not isinstance(preset_name, str):
        raise SettingsError(f"provider {name!r}: preset must be text")
    if preset_name:
        preset = find_preset(preset_name)
        if preset is None:
            raise SettingsError(
                f"provider {name!r}: unknown preset {preset_name!r}; known presets: "
                f"{', '.join(preset_names())}"
            )
        if preset.kind != config.kind:
            raise SettingsError(
                f"provider {name!r}: preset {preset_name!r} speaks kind {preset.kind!r}, not "
                f"{config.kind!r}"
                + (
                    "; for Ollama's OpenAI-compatible endpoint use the preset 'ollama-openai'"
                    if preset_name == "ollama"
                    else ""
                )
            )
    env = config.api_key_env
    if not isinstance(env, str):
        raise SettingsError(f"provider {name!r}: api_key_env must be text")
    if env:
        if _KEY_LIKE.fullmatch(env):
            raise SettingsError(_KEY_NOT_NAME.format(name=name))
        if not _ENV_NAME.fullmatch(env):
            raise SettingsError(_BAD_ENV.format(name=name, env=env))
    if not isinstance(config.default_model, str):
        raise SettingsError(f"provider {name!r}: default_model must be text")
    models = config.models
    if isinstance(models, str) or not isinstance(models, Sequence):
        raise SettingsError(f"provider {name!r}: models must be a list of model names")
    for model in models:
        if not isinstance(model, str) or not model:
            raise SettingsError(f"provider {name!r}: every model must be a non-empty name")
    return ProviderConfig(
        name=name,
        kind=config.kind,
        base_url=config.base_url,
        api_key_env=env,
        default_model=config.default_model,
        models=tuple(models),
        preset=preset_name,
    )


def _check_base_url(name: str, url: object) -> None:
    if not isinstance(url, str) or not url:
        raise SettingsError(_NO_URL.format(name=name))
    try:
        parts = urlsplit(url)
        port = parts.port  # raises ValueError for a malformed port
    except ValueError as exc:
        raise SettingsError(_MALFORMED_URL.format(name=name, url=url, detail=exc)) from exc
    del port
    if parts.netloc.endswith(":"):
        raise SettingsError(_EMPTY_PORT.format(name=name, url=url))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SettingsError(_NOT_HTTP.format(name=name, url=url))
    if parts.username is not None or parts.password is not None:
        raise SettingsError(_URL_CREDENTIALS.format(name=name))
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise SettingsError(_URL_QUERY.format(name=name))
    if any(ch.isspace() for ch in url):
        raise SettingsError(_URL_SPACES.format(name=name))


def validate_mcp_server(config: McpServerConfig) -> McpServerConfig:
    """Check ``config`` and return it with every sequence as a tuple; raises ``SettingsError``
    naming the server and what is wrong (see the module docstring)."""
    if not isinstance(config, McpServerConfig):
        raise SettingsError("an MCP server needs an McpServerConfig")
    name = config.name
    if not isinstance(name, str) or not name:
        raise SettingsError("an MCP server needs a name")
    problem = valid_server_name(name)
    if problem:
        raise SettingsError(f"MCP server name {name!r}: {problem}")
    where = f"MCP server {name!r}"  # every problem below reads as _MCP_PROBLEM
    if config.transport not in TRANSPORTS:
        raise SettingsError(
            f"{where}: unknown transport {config.transport!r}; use one of {', '.join(TRANSPORTS)}"
        )
    for attr in ("command", "cwd", "url"):
        if not isinstance(getattr(config, attr), str):
            raise SettingsError(f"{where}: {attr} must be text")
    for attr in ("oauth", "enabled"):
        if not isinstance(getattr(config, attr), bool):
            raise SettingsError(f"{where}: {attr} must be true or false")
    args = _text_tuple(config.args, f"{where}: args")
    env = _pairs(config.env, f"{where}: env")
    secret_env = _text_tuple(config.secret_env, f"{where}: secret_env")
    headers = _pairs(config.headers, f"{where}: headers")
    secret_headers = _text_tuple(config.secret_headers, f"{where}: secret_headers")
    policies = _pairs(config.tool_policies, f"{where}: tool_policies")
    if config.transport == "stdio":
        if not config.command.strip():
            raise SettingsError(f"{where}: {_MCP_NO_COMMAND}")
        if config.url or headers or secret_headers or config.oauth:
            raise SettingsError(f"{where}: {_MCP_STDIO_TAKES}")
    else:
        _check_mcp_url(where, config.url)
        if config.command or args or env or secret_env or config.cwd:
            problem = _MCP_URL_TAKES.format(transport=config.transport)
            raise SettingsError(f"{where}: {problem}")
    for variable, _value in env:
        _check_env_name(where, variable)
    for variable in secret_env:
        _check_env_name(where, variable)
    for header, _value in headers:
        _check_header_name(where, header)
    for header in secret_headers:
        _check_header_name(where, header)
    _unique(where, "environment variable", [v for v, _ in env] + list(secret_env))
    _unique(where, "header", [h.lower() for h, _ in headers] + [h.lower() for h in secret_headers])
    for variable, value in env:
        if looks_secret_value(value):
            raise SettingsError(f"{where}: {_MCP_SECRET_ENV.format(variable=variable)}")
    for header, value in headers:
        if header.lower() in _SECRET_HEADERS or looks_secret_value(value):
            raise SettingsError(f"{where}: {_MCP_SECRET_HEADER.format(header=header)}")
    for tool, policy in policies:
        if not tool:
            raise SettingsError(f"{where}: a tool policy needs the tool's name")
        if policy not in POLICIES:
            raise SettingsError(
                f"{where}: the policy for tool {tool!r} must be one of {', '.join(POLICIES)}, "
                f"not {policy!r}"
            )
    _unique(where, "tool policy", [t for t, _ in policies])
    timeout = config.timeout_s
    if (
        isinstance(timeout, bool)
        or not isinstance(timeout, int | float)
        or not 0 < timeout <= MAX_MCP_TIMEOUT_S
        or timeout != timeout
    ):
        raise SettingsError(
            f"{where}: timeout_s must be a number of seconds above 0 and at most "
            f"{MAX_MCP_TIMEOUT_S:.0f}"
        )
    return dataclasses.replace(
        config,
        args=args,
        env=env,
        secret_env=secret_env,
        headers=headers,
        secret_headers=secret_headers,
        tool_policies=policies,
        timeout_s=float(timeout),
    )


def _text_tuple(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SettingsError(f"{where} must be a list of text")
    if not all(isinstance(item, str) for item in value):
        raise SettingsError(f"{where} must be a list of text")
    return tuple(value)


def _pairs(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        value = tuple(value.items())
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SettingsError(f"{where} must map names to text")
    pairs: list[tuple[str, str]] = []
    for item in value:
        if (
            isinstance(item, str)
            or not isinstance(item, Sequence)
            or len(item) != 2
            or not all(isinstance(part, str) for part in item)
        ):
            raise SettingsError(f"{where} must map names to text")
        pairs.append((item[0], item[1]))
    return tuple(pairs)


def _unique(where: str, what: str, names: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise SettingsError(f"{where}: {_MCP_TWICE.format(what=what, name=name)}")
        seen.add(name)


def _check_env_name(where: str, name: str) -> None:
    if not _ENV_NAME.fullmatch(name):
        raise SettingsError(f"{where}: {_MCP_BAD_ENV.format(name=name)}")


def _check_header_name(where: str, name: str) -> None:
    if not _HEADER_NAME.fullmatch(name):
        raise SettingsError(f"{where}: {_MCP_BAD_HEADER.format(name=name)}")


def _check_mcp_url(where: str, url: str) -> None:
    if not url:
        raise SettingsError(f"{where}: {_MCP_NO_URL}")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        problem = _MCP_MALFORMED_URL.format(url=url, detail=exc)
        raise SettingsError(f"{where}: {problem}") from exc
    del port
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SettingsError(f"{where}: {_MCP_NOT_HTTP.format(url=url)}")
    if parts.username is not None or parts.password is not None:
        raise SettingsError(f"{where}: {_MCP_URL_CREDENTIALS}")
    if any(ch.isspace() for ch in url):
        raise SettingsError(f"{where}: {_MCP_URL_SPACES}")


def mcp_server_to_json(config: McpServerConfig) -> dict[str, Any]:
    """A server as the settings file keeps it (no secret values: there are none to keep)."""
    return {
        "name": config.name,
        "transport": config.transport,
        "command": config.command,
        "args": list(config.args),
        "env": dict(config.env),
        "secret_env": list(config.secret_env),
        "cwd": config.cwd,
        "url": config.url,
        "headers": dict(config.headers),
        "secret_headers": list(config.secret_headers),
        "oauth": config.oauth,
        "enabled": config.enabled,
        "timeout_s": config.timeout_s,
        "tool_policies": dict(config.tool_policies),
    }


def mcp_server_from_json(entry: Any, where: str) -> McpServerConfig:
    """A server from its file entry; raises ``SettingsError`` starting with ``where``."""
    if not isinstance(entry, Mapping):
        raise SettingsError(f"{where} must be an object")
    _no_unknown_fields(entry, _MCP_FIELDS, where)
    if "name" not in entry:
        raise SettingsError(f"{where} is missing name")
    values = dict(entry)
    for attr in ("env", "headers", "tool_policies"):
        if attr in values and not isinstance(values[attr], Mapping):
            raise SettingsError(f"{where}: {attr} must be an object (name to text)")
    try:
        return validate_mcp_server(McpServerConfig(**values))
    except SettingsError as exc:
        raise SettingsError(f"{where}: {exc}") from None


class JsonSettingsStore:
    """``SettingsStore`` over ``config_dir / "settings.json"`` (see the module docstring)."""

    def __init__(self, config_dir: Path) -> None:
        self.config_dir = Path(config_dir)
        self.path = self.config_dir / SETTINGS_FILE
        self._lock = threading.Lock()

    # -- reading -------------------------------------------------------------------------------

    def providers(self) -> Sequence[ProviderConfig]:
        """Configured providers in the order they were added."""
        return list(self._load().providers)

    def provider(self, name: str) -> ProviderConfig:
        """One provider by name; raises ``UnknownProvider``."""
        return _find(self._load().providers, name)

    def default_provider(self) -> ProviderConfig | None:
        """The provider used when none is named, or None when none is configured (or the default
        was removed)."""
        doc = self._load()
        return None if doc.default is None else _find(doc.providers, doc.default)

    def network(self) -> NetworkSettings:
        """Retry and timeout settings (defaults for whatever the file leaves out)."""
        return self._load().network

    def set_network(self, network: NetworkSettings) -> None:
        """Replace the retry and timeout settings."""
        with self._lock:
            doc = self._load()
            self._save(dataclasses.replace(doc, network=network))

    def context(self) -> ContextSettings:
        """Compaction and retrieval settings (the defaults while none were saved)."""
        return self._load().context

    def set_context(self, context: ContextSettings) -> None:
        """Replace the compaction and retrieval settings (the defaults leave no ``context``)."""
        if not isinstance(context, ContextSettings):
            raise SettingsError("set_context needs ContextSettings")
        with self._lock:
            doc = self._load()
            self._save(dataclasses.replace(doc, context=context))

    def projects(self) -> Sequence[ProjectConfig]:
        """Projects in the order they were added."""
        return list(self._load().projects)

    def project(self, project_id: str) -> ProjectConfig:
        """One project by id; raises ``UnknownProject``."""
        return _find_project(self._load().projects, project_id)

    def prices(self) -> Sequence[ModelPrice]:
        """The saved price table, or ``DEFAULT_PRICES`` while none was saved."""
        prices = self._load().prices
        return list(DEFAULT_PRICES if prices is None else prices)

    def team(self) -> TeamSettings:
        """The team store this desktop syncs with (no ``team`` in the file: none)."""
        return self._load().team

    def set_team(self, team: TeamSettings) -> None:
        """Replace the team store settings (the defaults leave no ``team``)."""
        if not isinstance(team, TeamSettings):
            raise SettingsError("set_team needs TeamSettings")
        with self._lock:
            doc = self._load()
            self._save(dataclasses.replace(doc, team=team))

    def context_windows(self) -> Sequence[ModelWindow]:
        """The saved context-window table, or ``DEFAULT_WINDOWS`` while none was saved."""
        windows = self._load().windows
        return list(DEFAULT_WINDOWS if windows is None else windows)

    def mcp_servers(self) -> Sequence[McpServerConfig]:
        """Configured MCP servers in order (invalid entries left out; see
        ``mcp_server_problems``)."""
        return [entry for entry in self._load().mcp if isinstance(entry, McpServerConfig)]

    def mcp_server(self, name: str) -> McpServerConfig:
        """One MCP server by name; raises ``UnknownMcpServer``, or ``SettingsError`` with the
        problem when its entry in the file is not valid."""
        doc = self._load()
        for entry in doc.mcp:
            if isinstance(entry, McpServerConfig):
                if entry.name == name:
                    return entry
            elif entry.name == name:
                raise SettingsError(entry.problem)
        raise UnknownMcpServer(name, [_mcp_name(e) for e in doc.mcp])

    def mcp_server_problems(self) -> Sequence[str]:
        """One sentence per invalid ``mcp_servers`` entry of the file."""
        return [e.problem for e in self._load().mcp if isinstance(e, _BadMcpEntry)]

    # -- changing ------------------------------------------------------------------------------

    def save_mcp_server(self, config: McpServerConfig) -> None:
        """Add ``config`` or replace the server (valid or not) with its name, in place."""
        config = validate_mcp_server(config)
        with self._lock:
            doc = self._load()
            entries = list(doc.mcp)
            names = [_mcp_name(e) for e in entries]
            if config.name in names:
                at = names.index(config.name)
                entries = [e for i, e in enumerate(entries) if i == at or names[i] != config.name]
                entries[at] = config
            else:
                entries.append(config)
            self._save(dataclasses.replace(doc, mcp=tuple(entries)))

    def remove_mcp_server(self, name: str) -> None:
        """Remove a server (an invalid entry of that name too); raises ``UnknownMcpServer``."""
        with self._lock:
            doc = self._load()
            names = [_mcp_name(e) for e in doc.mcp]
            if name not in names:
                raise UnknownMcpServer(name, [n for n in names if n])
            remaining = tuple(e for e in doc.mcp if _mcp_name(e) != name)
            self._save(dataclasses.replace(doc, mcp=remaining))

    def save_project(self, config: ProjectConfig) -> None:
        """Insert ``config`` or replace the project with its id (keeping its place); a name
        another project has (ignoring case) is a ``SettingsError``."""
        if not isinstance(config, ProjectConfig):
            raise SettingsError("save_project needs a ProjectConfig")
        with self._lock:
            doc = self._load()
            projects = list(doc.projects)
            for other in projects:
                if other.id != config.id and other.name.casefold() == config.name.casefold():
                    raise ProjectNameTaken(other.name)
            ids = [p.id for p in projects]
            if config.id in ids:
                projects[ids.index(config.id)] = config
            else:
                projects.append(config)
            self._save(dataclasses.replace(doc, projects=tuple(projects)))

    def remove_project(self, project_id: str) -> None:
        """Remove a project; raises ``UnknownProject``."""
        with self._lock:
            doc = self._load()
            _find_project(doc.projects, project_id)
            remaining = tuple(p for p in doc.projects if p.id != project_id)
            self._save(dataclasses.replace(doc, projects=remaining))

    def set_prices(self, prices: Sequence[ModelPrice]) -> None:
        """Replace the price table; an empty table is kept (and means: no estimates)."""
        rows = tuple(prices)
        for row in rows:
            if not isinstance(row, ModelPrice):
                raise SettingsError("set_prices needs ModelPrice rows")
        _check_unique_prices(rows)
        with self._lock:
            doc = self._load()
            self._save(dataclasses.replace(doc, prices=rows))

    def set_context_windows(self, windows: Sequence[ModelWindow]) -> None:
        """Replace the context-window table; an empty table is kept (every model the provider
        does not report is then a guess)."""
        rows = tuple(windows)
        for row in rows:
            if not isinstance(row, ModelWindow):
                raise SettingsError("set_context_windows needs ModelWindow rows")
        _check_unique_windows(rows)
        with self._lock:
            doc = self._load()
            self._save(dataclasses.replace(doc, windows=rows))

    def add_provider(self, config: ProviderConfig, *, replace: bool = False) -> None:
        """Add a provider; the first one added (or the first added while no default is set)
        becomes the default. A duplicate name is an error unless ``replace``, which keeps the
        provider's place in the list."""
        config = validate_provider(config)
        with self._lock:
            doc = self._load()
            default, providers = doc.default, list(doc.providers)
            names = [p.name for p in providers]
            if config.name in names:
                if not replace:
                    raise SettingsError(
                        f"a provider named {config.name!r} exists already; replace it explicitly"
                    )
                providers[names.index(config.name)] = config
            else:
                providers.append(config)
            if default is None:
                default = config.name
            self._save(dataclasses.replace(doc, default=default, providers=tuple(providers)))

    def set_default_provider(self, name: str) -> None:
        """Make ``name`` the default; raises ``UnknownProvider``."""
        with self._lock:
            doc = self._load()
            _find(doc.providers, name)
            self._save(dataclasses.replace(doc, default=name))

    def remove_provider(self, name: str) -> None:
        """Remove a provider; raises ``UnknownProvider``. Removing the default leaves no default
        (Parley never silently switches to another provider)."""
        with self._lock:
            doc = self._load()
            _find(doc.providers, name)
            remaining = [p for p in doc.providers if p.name != name]
            default = None if doc.default == name else doc.default
            self._save(dataclasses.replace(doc, default=default, providers=tuple(remaining)))

    # -- the file ------------------------------------------------------------------------------

    def _load(self) -> _Document:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return _Document()
        except OSError as exc:
            raise SettingsError(f"cannot read settings file {self.path}: {exc}") from exc
        try:
            data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
        except UnicodeDecodeError as exc:
            raise SettingsError(
                f"settings file {self.path} is not UTF-8 text ({exc}); fix or move it away - "
                "Parley will not overwrite it"
            ) from exc
        except ValueError as exc:
            raise SettingsError(
                f"settings file {self.path} is not valid JSON ({exc}); fix or move it away - "
                "Parley will not overwrite it"
            ) from exc
        try:
            return _parse(data)
        except SettingsError as exc:
            raise SettingsError(f"settings file {self.path} is invalid: {exc}") from None

    def _save(self, doc: _Document) -> None:
        document: dict[str, Any] = {
            "version": FORMAT_VERSION,
            "default_provider": doc.default,
            "providers": [
                {
                    "name": p.name,
                    "kind": p.kind,
                    "base_url": p.base_url,
                    "api_key_env": p.api_key_env,
                    "default_model": p.default_model,
                    "models": list(p.models),
                    "preset": p.preset,
                }
                for p in doc.providers
            ],
        }
        if doc.network != NetworkSettings():
            document["network"] = dataclasses.asdict(doc.network)
        if doc.context != ContextSettings():
            document["context"] = dataclasses.asdict(doc.context)
        if doc.team != TeamSettings():
            document["team"] = dataclasses.asdict(doc.team)
        if doc.projects:
            document["projects"] = [_project_to_json(p) for p in doc.projects]
        if doc.prices is not None:
            document["prices"] = [
                {
                    "model_pattern": row.model_pattern,
                    "provider": row.provider,
                    "input_per_mtok": str(row.input_per_mtok),
                    "output_per_mtok": str(row.output_per_mtok),
                    "currency": row.currency,
                }
                for row in doc.prices
            ]
        if doc.windows is not None:
            document["context_windows"] = [
                {
                    "model_pattern": row.model_pattern,
                    "provider": row.provider,
                    "context_tokens": row.context_tokens,
                    "max_output_tokens": row.max_output_tokens,
                }
                for row in doc.windows
            ]
        if doc.mcp:
            document["mcp_servers"] = [
                mcp_server_to_json(e) if isinstance(e, McpServerConfig) else e.raw for e in doc.mcp
            ]
        text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
        try:
            self.config_dir.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(
                dir=self.config_dir, prefix=f".{SETTINGS_FILE}.", suffix=".tmp"
            )
        except OSError as exc:
            raise SettingsError(f"cannot write settings file {self.path}: {exc}") from exc
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, self.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise SettingsError(f"cannot write settings file {self.path}: {exc}") from exc
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise
        _fsync_dir(self.config_dir)


@dataclasses.dataclass(frozen=True)
class _Document:
    """The whole settings file, parsed."""

    default: str | None = None
    providers: tuple[ProviderConfig, ...] = ()
    network: NetworkSettings = dataclasses.field(default_factory=NetworkSettings)
    context: ContextSettings = dataclasses.field(default_factory=ContextSettings)
    team: TeamSettings = dataclasses.field(default_factory=TeamSettings)
    projects: tuple[ProjectConfig, ...] = ()
    #: None: the user never saved a table (the defaults apply)
    prices: tuple[ModelPrice, ...] | None = None
    #: None: the user never saved a context-window table (the defaults apply)
    windows: tuple[ModelWindow, ...] | None = None
    #: MCP servers, valid or (kept as written) not
    mcp: tuple[McpServerConfig | _BadMcpEntry, ...] = ()


@dataclasses.dataclass(frozen=True)
class _BadMcpEntry:
    """An ``mcp_servers`` entry of the file that is not valid: kept as written, with why."""

    name: str  # "" when the entry has no usable name
    problem: str
    raw: Any


def _mcp_name(entry: McpServerConfig | _BadMcpEntry) -> str:
    return entry.name


def _project_to_json(project: ProjectConfig) -> dict[str, Any]:
    data = dataclasses.asdict(project)
    servers = data.pop("mcp_servers")
    if servers:
        data["mcp_servers"] = list(servers)
    if not data["knowledge_folder"]:
        del data["knowledge_folder"]  # written only when set (older files have none)
    return data


def _parse_mcp_servers(raw: Any) -> tuple[McpServerConfig | _BadMcpEntry, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SettingsError("'mcp_servers' must be a list")
    entries: list[McpServerConfig | _BadMcpEntry] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        name = entry.get("name") if isinstance(entry, Mapping) else None
        where = f"mcp_servers[{index}]" + (f" ({name!r})" if isinstance(name, str) else "")
        label = name if isinstance(name, str) else ""
        try:
            config = mcp_server_from_json(entry, where)
        except SettingsError as exc:
            entries.append(_BadMcpEntry(label, str(exc), entry))
            continue
        if config.name in seen:
            entries.append(
                _BadMcpEntry(
                    config.name, f"{where}: the name {config.name!r} appears more than once", entry
                )
            )
            continue
        seen.add(config.name)
        entries.append(config)
    return tuple(entries)


def _find(providers: Sequence[ProviderConfig], name: str) -> ProviderConfig:
    for p in providers:
        if p.name == name:
            return p
    raise UnknownProvider(name, [p.name for p in providers])


def _find_project(projects: Sequence[ProjectConfig], project_id: str) -> ProjectConfig:
    for p in projects:
        if p.id == project_id:
            return p
    raise UnknownProject(project_id, [f"{p.name} ({p.id})" for p in projects])


def _parse_projects(raw: Any) -> tuple[ProjectConfig, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SettingsError("'projects' must be a list")
    projects: list[ProjectConfig] = []
    for index, entry in enumerate(raw):
        where = f"projects[{index}]"
        if not isinstance(entry, Mapping):
            raise SettingsError(f"{where} must be an object")
        if isinstance(entry.get("name"), str):
            where = f"{where} ({entry['name']!r})"
        _no_unknown_fields(entry, _PROJECT_FIELDS, where)
        missing = [f for f in _REQUIRED_PROJECT_FIELDS if f not in entry]
        if missing:
            raise SettingsError(f"{where} is missing {', '.join(missing)}")
        try:
            project = ProjectConfig(**entry)
        except SettingsError as exc:
            raise SettingsError(f"{where}: {exc}") from None
        for other in projects:
            if other.id == project.id:
                raise SettingsError(f"project id {project.id!r} appears more than once")
            if other.name.casefold() == project.name.casefold():
                raise SettingsError(f"project name {project.name!r} appears more than once")
        projects.append(project)
    return tuple(projects)


def _parse_prices(raw: Any) -> tuple[ModelPrice, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise SettingsError("'prices' must be a list")
    rows: list[ModelPrice] = []
    for index, entry in enumerate(raw):
        where = f"prices[{index}]"
        if not isinstance(entry, Mapping):
            raise SettingsError(f"{where} must be an object")
        if isinstance(entry.get("model_pattern"), str):
            where = f"{where} ({entry['model_pattern']!r})"
        _no_unknown_fields(entry, _PRICE_FIELDS, where)
        missing = [f for f in _REQUIRED_PRICE_FIELDS if f not in entry]
        if missing:
            raise SettingsError(f"{where} is missing {', '.join(missing)}")
        values = dict(entry)
        for name in ("input_per_mtok", "output_per_mtok"):
            if isinstance(values[name], float):
                # A number typed by hand: its shortest decimal form is what the person wrote.
                values[name] = repr(values[name])
        try:
            rows.append(ModelPrice(**values))
        except PriceError as exc:
            raise SettingsError(f"{where}: {exc}") from None
    try:
        _check_unique_prices(rows)
    except SettingsError as exc:
        raise SettingsError(f"'prices': {exc}") from None
    return tuple(rows)


def _check_unique_prices(rows: Sequence[ModelPrice]) -> None:
    seen: set[tuple[str, str]] = set()
    for row in rows:
        key = (row.model_pattern.casefold(), row.provider.casefold())
        if key in seen:
            scope = f" for provider {row.provider!r}" if row.provider else ""
            raise SettingsError(f"model pattern {row.model_pattern!r}{scope} is listed twice")
        seen.add(key)


def _parse_windows(raw: Any) -> tuple[ModelWindow, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise SettingsError("'context_windows' must be a list")
    rows: list[ModelWindow] = []
    for index, entry in enumerate(raw):
        where = f"context_windows[{index}]"
        if not isinstance(entry, Mapping):
            raise SettingsError(f"{where} must be an object")
        if isinstance(entry.get("model_pattern"), str):
            where = f"{where} ({entry['model_pattern']!r})"
        _no_unknown_fields(entry, _WINDOW_FIELDS, where)
        missing = [f for f in _REQUIRED_WINDOW_FIELDS if f not in entry]
        if missing:
            raise SettingsError(f"{where} is missing {', '.join(missing)}")
        try:
            rows.append(ModelWindow(**entry))
        except WindowError as exc:
            raise SettingsError(f"{where}: {exc}") from None
    try:
        _check_unique_windows(rows)
    except SettingsError as exc:
        raise SettingsError(f"'context_windows': {exc}") from None
    return tuple(rows)


def _check_unique_windows(rows: Sequence[ModelWindow]) -> None:
    seen: set[tuple[str, str]] = set()
    for row in rows:
        key = (row.model_pattern.casefold(), row.provider.casefold())
        if key in seen:
            scope = f" for provider {row.provider!r}" if row.provider else ""
            raise SettingsError(
                f"the context window of {row.model_pattern!r}{scope} is listed twice"
            )
        seen.add(key)


def _parse_network(raw: Any) -> NetworkSettings:
    if raw is None:
        return NetworkSettings()
    if not isinstance(raw, Mapping):
        raise SettingsError("'network' must be an object")
    _no_unknown_fields(raw, _NETWORK_FIELDS, "'network'")
    return NetworkSettings(**raw)


def _parse_context(raw: Any) -> ContextSettings:
    if raw is None:
        return ContextSettings()
    if not isinstance(raw, Mapping):
        raise SettingsError("'context' must be an object")
    _no_unknown_fields(raw, _CONTEXT_FIELDS, "'context'")
    return ContextSettings(**raw)


def _parse_team(raw: Any) -> TeamSettings:
    if raw is None:
        return TeamSettings()
    if not isinstance(raw, Mapping):
        raise SettingsError("'team' must be an object")
    _no_unknown_fields(raw, _TEAM_FIELDS, "'team'")
    return TeamSettings(**raw)


def _parse(data: Any) -> _Document:
    if not isinstance(data, Mapping):
        raise SettingsError("the top level must be a JSON object")
    _no_unknown_fields(data, _TOP_LEVEL_FIELDS, "the top level")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SettingsError(f"'version' must be {FORMAT_VERSION}, not {version!r}")
    if version > FORMAT_VERSION:
        raise SettingsError(
            f"it is version {version}, written by a newer Parley (this one reads version "
            f"{FORMAT_VERSION})"
        )
    if version != FORMAT_VERSION:
        raise SettingsError(f"'version' must be {FORMAT_VERSION}, not {version!r}")
    raw_providers = data.get("providers", [])
    if not isinstance(raw_providers, list):
        raise SettingsError("'providers' must be a list")
    providers: list[ProviderConfig] = []
    for index, entry in enumerate(raw_providers):
        where = f"providers[{index}]"
        if not isinstance(entry, Mapping):
            raise SettingsError(f"{where} must be an object")
        if isinstance(entry.get("name"), str):
            where = f"{where} ({entry['name']!r})"
        _no_unknown_fields(entry, _PROVIDER_FIELDS, where)
        missing = [f for f in _REQUIRED_PROVIDER_FIELDS if f not in entry]
        if missing:
            raise SettingsError(f"{where} is missing {', '.join(missing)}")
        models = entry.get("models", [])
        if not isinstance(models, list):
            raise SettingsError(f"{where}: 'models' must be a list")
        try:
            config = validate_provider(
                ProviderConfig(
                    name=entry["name"],
                    kind=entry["kind"],
                    base_url=entry["base_url"],
                    api_key_env=entry.get("api_key_env", ""),
                    default_model=entry.get("default_model", ""),
                    models=tuple(models),
                    preset=entry.get("preset", ""),
                )
            )
        except SettingsError as exc:
            raise SettingsError(f"{where}: {exc}") from None
        if any(p.name == config.name for p in providers):
            raise SettingsError(f"provider name {config.name!r} appears more than once")
        providers.append(config)
    default = data.get("default_provider")
    if default is not None:
        if not isinstance(default, str):
            raise SettingsError("'default_provider' must be a provider name or null")
        if not any(p.name == default for p in providers):
            raise SettingsError(f"'default_provider' {default!r} is not a configured provider")
    return _Document(
        default=default,
        providers=tuple(providers),
        network=_parse_network(data.get("network")),
        context=_parse_context(data.get("context")),
        team=_parse_team(data.get("team")),
        projects=_parse_projects(data.get("projects")),
        prices=_parse_prices(data.get("prices")),
        windows=_parse_windows(data.get("context_windows")),
        mcp=_parse_mcp_servers(data.get("mcp_servers")),
    )


def _no_unknown_fields(data: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = sorted(str(k) for k in data if k not in allowed)
    if not unknown:
        return
    message = f"{where} has unknown field(s) {', '.join(unknown)} (allowed: {', '.join(allowed)})"
    if any("key" in k.lower() or "secret" in k.lower() or "token" in k.lower() for k in unknown):
        message += (
            "; API keys are never stored in the settings - store the key in the system keyring "
            "(parley providers set-key NAME) or put it in an environment variable and name that "
            "variable in api_key_env"
        )
    raise SettingsError(message)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable (POSIX); folders cannot be opened this way on Windows."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

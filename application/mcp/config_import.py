"""Import MCP server entries from the JSON other clients use: Claude desktop, Cursor, VS Code.

Why it exists: people already have their servers configured for another client; pasting that
file (or choosing it) should give the same servers in Parley, with their secrets moved to the
keyring. This module only *reads*: it returns the configurations, the secret values to store
(the caller stores them, then saves the configurations) and warnings in plain sentences.

The formats (as their documentation describes them):

- **Claude desktop**, ``claude_desktop_config.json``: ``{"mcpServers": {"NAME": {"command",
  "args", "env"}}}`` — stdio servers only (https://modelcontextprotocol.io/quickstart/user;
  the same shape in e.g. https://raw.githubusercontent.com/confluentinc/mcp-confluent/master/docs/configuring-claude-desktop.md).
- **Cursor**, ``~/.cursor/mcp.json`` or ``.cursor/mcp.json``: the same ``mcpServers`` object; a
  remote server has ``url`` and optional ``headers`` instead of ``command`` (Streamable HTTP,
  inferred from the fields; https://cursor.com/docs/mcp, summarised at
  https://checkmcp.dev/learn/how-to-add-mcp-server-to-cursor).
- **VS Code**, ``.vscode/mcp.json``: ``{"servers": {"NAME": {"type": "stdio"|"http"|"sse",
  "command", "args", "env", "envFile", "url", "headers"}}, "inputs": [{"type": "promptString",
  "id", "description", "password"}]}``; a value ``${input:ID}`` is asked of the user when the
  server starts (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
  Claude Code's ``.mcp.json`` (``mcpServers`` with ``type``) reads the same way.

OAuth markers (a URL server that signs the user in; Claude desktop's file has none — its remote
servers are added in the app, not the file):

- VS Code: ``"oauth": {"clientId": "…"}`` on an ``http``/``sse`` entry (documented in the same
  reference since microsoft/vscode-docs#9798);
- Claude Code: ``"oauth": {"clientId", "callbackPort", "authServerMetadataUrl", "scopes"}``
  (https://code.claude.com/docs/en/mcp, "Use pre-configured OAuth credentials");
- Cursor: ``"auth": {"CLIENT_ID", "CLIENT_SECRET", "scopes"}`` (static OAuth for a remote server,
  e.g. https://docs.pipeshub.com/mcp/cursor).

Any of them switches ``McpServerConfig.oauth`` on. A client ID given (with its secret, if any)
is a pre-registered client: it goes to the keyring under ``mcp:<name>:oauth:client``, where the
client looks for one before registering itself; what Parley does not use (a fixed callback port,
scopes, a metadata URL) is named in a warning.

Invariants it keeps:

- names follow Parley's rule (``model.valid_server_name``): lower case, other characters turned
  into ``-``, cut to 32; a name that still clashes (with another imported entry or with a name
  in ``existing``) gets ``-2``, ``-3``… and a warning says so;
- a value that is a secret (its variable or header is named like one — KEY, TOKEN, SECRET,
  PASSWORD, Authorization… — or it looks like a token) never stays in the configuration: its
  name goes to ``secret_env``/``secret_headers`` and ``(keyring key, value)`` to ``secrets``;
- a VS Code ``${input:ID}`` or any other ``${...}`` placeholder has no value to import: the
  variable or header becomes a secret with no value yet, and a warning asks for it (``parley mcp
  add`` or Settings); ``${workspaceFolder}`` and ``envFile`` cannot be resolved here and are
  reported;
- OAuth is only for a URL server: a marker on a stdio entry is left out with a warning;
- one bad entry is reported and skipped; it never stops the others.

Errors: ``ConfigImportError`` for input that is not JSON or holds no server list at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parley.application.mcp.model import HTTP, SSE, STDIO, McpServerConfig, valid_server_name
from parley.application.mcp.oauth_tokens import CLIENT, oauth_key
from parley.application.mcp.secrets import (
    env_key,
    header_key,
    looks_secret_name,
    looks_secret_value,
)

_PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TYPES = {
    "stdio": STDIO,
    "http": HTTP,
    "streamable-http": HTTP,
    "streamablehttp": HTTP,
    "streamable_http": HTTP,
    "sse": SSE,
}


class ConfigImportError(ValueError):
    """The text is not an MCP configuration at all (not JSON, or no server list in it)."""


@dataclass(frozen=True)
class ImportResult:
    """What an import found: ``configs`` to save, ``secrets`` as ``(keyring key, value)`` to
    store first, ``warnings`` to show, and the ``format`` recognised."""

    configs: tuple[McpServerConfig, ...] = ()
    secrets: tuple[tuple[str, str], ...] = ()
    warnings: tuple[str, ...] = ()
    format: str = ""


@dataclass
class _Builder:
    existing: set[str]
    configs: list[McpServerConfig] = field(default_factory=list)
    secrets: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def normalise_name(raw: str) -> str:
    """``raw`` made to follow Parley's naming rule ("" when nothing usable is left)."""
    text = raw.strip().lower()
    text = re.sub(r"[^a-z0-9_-]+", "-", text)
    text = re.sub(r"_{2,}", "_", text)
    text = text.strip("-_")
    text = text[:32].rstrip("-_")
    return text if text and not valid_server_name(text) else ""


def parse_config_text(text: str, existing: Iterable[str] = ()) -> ImportResult:
    """Parse the text of a Claude desktop, Cursor or VS Code file (see the module docstring).
    ``existing`` are names already configured (an imported name never takes one)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ConfigImportError(f"this is not JSON ({exc})") from None
    return parse_config(data, existing)


def parse_config(data: Any, existing: Iterable[str] = ()) -> ImportResult:
    """``parse_config_text`` for JSON already read."""
    if not isinstance(data, Mapping):
        raise ConfigImportError("the top level must be a JSON object")
    if isinstance(data.get("mcpServers"), Mapping):
        servers, fmt = data["mcpServers"], "mcpServers"
    elif isinstance(data.get("servers"), Mapping):
        servers, fmt = data["servers"], "vscode"
    elif isinstance(data.get("mcp"), Mapping) and isinstance(data["mcp"].get("servers"), Mapping):
        servers, fmt = data["mcp"]["servers"], "vscode"  # VS Code's settings.json "mcp" key
    else:
        raise ConfigImportError(
            'no servers found: expected {"mcpServers": {...}} (Claude desktop, Cursor) or '
            '{"servers": {...}} (VS Code)'
        )
    builder = _Builder(existing=set(existing))
    inputs = _inputs(data.get("inputs"))
    for raw_name, entry in servers.items():
        _one(builder, str(raw_name), entry, inputs)
    if not builder.configs and not builder.warnings:
        builder.warnings.append("the file lists no servers")
    return ImportResult(
        tuple(builder.configs), tuple(builder.secrets), tuple(builder.warnings), fmt
    )


def _inputs(raw: Any) -> dict[str, str]:
    """VS Code's ``inputs``: id -> description (for the warning that asks for the value)."""
    found: dict[str, str] = {}
    if isinstance(raw, list):
        for item in raw:
            if isinstance(item, Mapping) and isinstance(item.get("id"), str):
                found[item["id"]] = str(item.get("description") or item["id"])
    return found


def _unique_name(builder: _Builder, raw: str) -> str:
    base = normalise_name(raw)
    if not base:
        return ""
    name, n = base, 1
    while name in builder.existing:
        n += 1
        suffix = f"-{n}"
        name = base[: 32 - len(suffix)].rstrip("-_") + suffix
    if name != raw:
        why = "is already configured or imported" if name != base else "does not follow the rule"
        builder.warnings.append(
            f"{raw!r} is imported as {name!r} (the name {why}; names are 1-32 lower-case "
            "letters, digits, '-' or '_')"
        )
    builder.existing.add(name)
    return name


def _text_map(value: Any, what: str, raw: str, builder: _Builder) -> dict[str, str] | None:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        builder.warnings.append(f"{raw!r} skipped: {what} must be an object")
        return None
    result: dict[str, str] = {}
    for key, item in value.items():
        if isinstance(item, bool) or item is None:
            item = "" if item is None else str(item).lower()
        result[str(key)] = item if isinstance(item, str) else json.dumps(item)
    return result


def _one(builder: _Builder, raw: str, entry: Any, inputs: Mapping[str, str]) -> None:
    if not isinstance(entry, Mapping):
        builder.warnings.append(f"{raw!r} skipped: its entry is not an object")
        return
    kind = str(entry.get("type") or entry.get("transport") or "").strip().lower()
    if kind and kind not in _TYPES:
        builder.warnings.append(f"{raw!r} skipped: unknown type {kind!r} (stdio, http or sse)")
        return
    url = entry.get("url") or entry.get("serverUrl") or ""
    command = entry.get("command") or ""
    transport = _TYPES.get(kind) or (STDIO if command else HTTP if url else "")
    if not transport:
        builder.warnings.append(f"{raw!r} skipped: it has neither a command nor a URL")
        return
    if transport == HTTP and isinstance(url, str) and url.rstrip("/").endswith("/sse") and not kind:
        transport = SSE  # an untyped URL ending in /sse is the legacy transport
    env = _text_map(entry.get("env"), "env", raw, builder)
    headers = _text_map(entry.get("headers"), "headers", raw, builder)
    if env is None or headers is None:
        return
    args = entry.get("args") or []
    if not isinstance(args, list) or not all(isinstance(a, str | int | float) for a in args):
        builder.warnings.append(f"{raw!r} skipped: args must be a list of text")
        return
    if transport == STDIO and not isinstance(command, str):
        builder.warnings.append(f"{raw!r} skipped: command must be text")
        return
    if transport != STDIO and not isinstance(url, str):
        builder.warnings.append(f"{raw!r} skipped: url must be text")
        return
    name = _unique_name(builder, raw)
    if not name:
        builder.warnings.append(f"{raw!r} skipped: no usable name can be made from it")
        return
    plain_env: list[tuple[str, str]] = []
    secret_env: list[str] = []
    for variable, value in env.items():
        if not _ENV_NAME.fullmatch(variable):
            builder.warnings.append(
                f"{name}: environment variable {variable!r} left out (bad name)"
            )
            continue
        if _PLACEHOLDER.search(value):
            secret_env.append(variable)
            builder.warnings.append(_ask_for(name, f"variable {variable}", value, inputs))
        elif looks_secret_name(variable) or looks_secret_value(value):
            secret_env.append(variable)
            if value:
                builder.secrets.append((env_key(name, variable), value))
        else:
            plain_env.append((variable, value))
    plain_headers: list[tuple[str, str]] = []
    secret_headers: list[str] = []
    for header, value in headers.items():
        if _PLACEHOLDER.search(value):
            secret_headers.append(header)
            builder.warnings.append(_ask_for(name, f"header {header}", value, inputs))
        elif looks_secret_name(header) or looks_secret_value(value):
            secret_headers.append(header)
            if value:
                builder.secrets.append((header_key(name, header), value))
        else:
            plain_headers.append((header, value))
    text_args = tuple(str(a) for a in args)
    for arg in text_args:
        if _PLACEHOLDER.search(arg):
            builder.warnings.append(
                f"{name}: the argument {arg!r} holds a placeholder Parley cannot fill; edit the "
                "server's arguments"
            )
        elif looks_secret_value(arg):
            builder.warnings.append(
                f"{name}: an argument looks like a secret; it is kept as given (arguments are "
                "visible to other programs: prefer a secret variable)"
            )
    if entry.get("envFile"):
        builder.warnings.append(
            f"{name}: envFile {entry['envFile']!r} is not read; add its variables by hand"
        )
    cwd = entry.get("cwd") if isinstance(entry.get("cwd"), str) else ""
    oauth = _oauth(builder, name, entry, transport)
    if transport == STDIO:
        config = McpServerConfig(
            name=name,
            transport=STDIO,
            command=command.strip(),
            args=text_args,
            env=tuple(plain_env),
            secret_env=tuple(secret_env),
            cwd=cwd or "",
            enabled=not bool(entry.get("disabled")),
        )
    else:
        if text_args or command:
            builder.warnings.append(f"{name}: a URL server takes no command; it was left out")
        config = McpServerConfig(
            name=name,
            transport=transport,
            url=url.strip(),
            headers=tuple(plain_headers),
            secret_headers=tuple(secret_headers),
            oauth=oauth,
            enabled=not bool(entry.get("disabled")),
        )
    if transport == STDIO and (plain_headers or secret_headers):
        builder.warnings.append(f"{name}: a stdio server takes no headers; they were left out")
    builder.configs.append(config)


def _oauth(builder: _Builder, name: str, entry: Mapping[str, Any], transport: str) -> bool:
    """Whether ``entry`` signs in with OAuth (see the module docstring for the markers); a
    pre-registered client it names goes to ``builder.secrets``."""
    key = "oauth" if "oauth" in entry else "auth" if "auth" in entry else ""
    marker = entry.get(key) if key else None
    if marker is None or marker is False:
        return False
    if transport == STDIO:
        builder.warnings.append(
            f"{name}: its {key!r} setting was left out (OAuth is for a server at a URL)"
        )
        return False
    if marker is True:
        return True
    if not isinstance(marker, Mapping):
        builder.warnings.append(
            f"{name}: its {key!r} setting is not an object; OAuth is off (switch it on in "
            "Settings or with parley mcp add --oauth)"
        )
        return False
    client_id = _first_text(marker, "clientId", "CLIENT_ID", "client_id")
    secret = _first_text(marker, "clientSecret", "CLIENT_SECRET", "client_secret")
    if client_id and _PLACEHOLDER.search(client_id):
        builder.warnings.append(
            f"{name}: the OAuth client ID is the placeholder {client_id!r}; Parley registers "
            "itself with the server instead"
        )
    elif client_id:
        record: dict[str, str] = {"client_id": client_id}
        if secret and _PLACEHOLDER.search(secret):
            builder.warnings.append(
                f"{name}: the OAuth client secret is a placeholder Parley cannot fill; the "
                "client ID is used without it"
            )
        elif secret:
            # RFC 7591 §2: a client that names no method authenticates with HTTP Basic.
            record["client_secret"] = secret
            record["token_endpoint_auth_method"] = "client_secret_basic"
        builder.secrets.append((oauth_key(name, CLIENT), json.dumps(record, sort_keys=True)))
    if "callbackPort" in marker:
        builder.warnings.append(
            f"{name}: the OAuth callback port {marker['callbackPort']!r} is not used; Parley "
            "receives the sign-in at http://127.0.0.1:<a free port>/callback"
        )
    for unused, what in (
        ("scopes", "scopes (Parley asks for those the server advertises)"),
        ("authServerMetadataUrl", "authorization-server URL (Parley discovers it)"),
    ):
        if unused in marker:
            builder.warnings.append(f"{name}: the OAuth {what} is not used")
    return True


def _first_text(values: Mapping[str, Any], *keys: str) -> str:
    for key in keys:
        value = values.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _ask_for(name: str, what: str, value: str, inputs: Mapping[str, str]) -> str:
    found = _PLACEHOLDER.search(value)
    token = found.group(1) if found else ""
    if token.startswith("input:"):
        description = inputs.get(token[len("input:") :], token)
        source = f"VS Code asks for it ({description})"
    else:
        source = f"its value is the placeholder ${{{token}}}"
    return f"{name}: {what} is stored as a secret with no value yet ({source}); set it in Parley"

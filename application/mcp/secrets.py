"""Where an MCP server's secrets live, and how to tell a secret from an ordinary value.

Why it exists: a server entry may need an API key in its environment (``GITHUB_TOKEN``) or a
header (``Authorization``). Those values go to the system keyring, never to the settings file,
a log or an export: ``McpServerConfig.secret_env`` / ``secret_headers`` only *name* them. The
settings surfaces (``parley mcp``, Settings → MCP servers, the import) store and delete them
here; the MCP client reads them when it starts a server, through ``secret_lookup``.

Invariants it keeps:

- keys are ``mcp:<server>:env:<VAR>`` and ``mcp:<server>:header:<Header>`` (what
  ``McpServerConfig`` documents), so they never collide with a provider's key (provider names
  cannot contain ':');
- nothing here logs or returns a secret in a message; a keyring that fails reads as "unset"
  to the client (the server then starts without the value and says so in its own log), never
  as an exception that could carry the value;
- ``looks_secret_name`` / ``looks_secret_value`` are the one rule for "this should be a secret",
  shared by the import and the settings store's refusal of plain-text secrets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from parley.application.mcp.model import McpServerConfig
from parley.application.ports.mcp import SecretLookup
from parley.application.ports.secret_store import SecretStore, SecretStoreError

#: Words in a variable's or header's name that make its value a secret.
SECRET_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL")
#: Whole words of a name that make its value a secret.
SECRET_PARTS = ("AUTH", "AUTHORIZATION", "COOKIE", "PAT", "PASS", "PWD", "BEARER")

#: Shapes of well-known credentials: OpenAI/Anthropic-style ``sk-``, GitHub (``ghp_``,
#: ``github_pat_``), Slack (``xox?-``), GitLab (``glpat-``), Google (``AIza``), AWS access keys,
#: JWTs, ``Bearer …``, and any long unbroken run of letters, digits and ``-_`` mixing cases and
#: digits (what generated tokens look like).
_TOKEN_SHAPES = re.compile(
    r"(?:sk|pk|rk|gsk|xai|pplx|hf|r8)[-_][A-Za-z0-9_-]{16,}"
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|xox[abprs]-[A-Za-z0-9-]{10,}|glpat-[A-Za-z0-9_-]{16,}"
    r"|AIza[0-9A-Za-z_-]{20,}|AKIA[0-9A-Z]{16}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"
    r"|(?i:bearer|basic|token)\s+\S{8,}"
)
_LONG_RUN = re.compile(r"[A-Za-z0-9_\-]{32,}")


def env_key(server: str, variable: str) -> str:
    """The keyring key of ``server``'s secret environment variable ``variable``."""
    return f"mcp:{server}:env:{variable}"


def header_key(server: str, header: str) -> str:
    """The keyring key of ``server``'s secret header ``header``."""
    return f"mcp:{server}:header:{header}"


def secret_keys(config: McpServerConfig) -> tuple[str, ...]:
    """Every keyring key ``config`` names."""
    return tuple(env_key(config.name, v) for v in config.secret_env) + tuple(
        header_key(config.name, h) for h in config.secret_headers
    )


def looks_secret_name(name: str) -> bool:
    """Whether a variable or header called ``name`` usually carries a secret (``API_KEY``,
    ``GITHUB_TOKEN``, ``Authorization``; not ``GIT_AUTHOR_NAME``)."""
    parts = [p for p in re.split(r"[^A-Z0-9]+", name.upper()) if p]
    return any(word in part for part in parts for word in SECRET_WORDS) or any(
        part in SECRET_PARTS for part in parts
    )


def looks_secret_value(value: str) -> bool:
    """Whether ``value`` looks like a credential (a token's shape), whatever it is called."""
    text = value.strip()
    if not text:
        return False
    if _TOKEN_SHAPES.search(text):
        return True
    if any(ch.isspace() or ch in "/\\.:@" for ch in text) or not _LONG_RUN.fullmatch(text):
        return False  # paths, URLs, host names and sentences are long too
    kinds = (
        any(c.islower() for c in text),
        any(c.isupper() for c in text),
        any(c.isdigit() for c in text),
    )
    return sum(kinds) >= 2


def secret_lookup(store: SecretStore) -> SecretLookup:
    """A ``SecretLookup`` for the MCP client over ``store``: ``None`` for an unset key and for a
    keyring that cannot be read (the reason is the store's to report, never the value)."""

    def lookup(key: str) -> str | None:
        try:
            return store.get(key) if store.available else None
        except SecretStoreError:
            return None

    return lookup


def store_secrets(store: SecretStore, values: Iterable[tuple[str, str]]) -> None:
    """Put each ``(key, value)`` in ``store``; raises ``SecretStoreError`` on the first that
    fails (the values already stored stay: storing them again replaces them)."""
    for key, value in values:
        store.set(key, value)


def delete_secrets(store: SecretStore, config: McpServerConfig) -> list[str]:
    """Delete every secret ``config`` names from ``store``; the keys that were there. A keyring
    that is not available deletes nothing (there is nothing it could hold)."""
    if not store.available:
        return []
    return [key for key in secret_keys(config) if store.delete(key)]

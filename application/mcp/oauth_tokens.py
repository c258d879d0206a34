"""Where an MCP server's OAuth sign-in is kept, and how to forget it (sign out).

Why it exists: an HTTP or SSE server with ``McpServerConfig.oauth`` set signs the user in through
the browser the first time it is used; the MCP client (``infrastructure/mcp/oauth.py``) keeps the
tokens it gets and the client registration it made in the system keyring. Settings' *Sign out*,
``parley mcp logout`` and removing a server must find the same keys to delete them; the import
writes a pre-registered client (a client ID from another app's file) under the same key.

Invariants it keeps:

- the keys are ``mcp:<server>:oauth:tokens`` and ``mcp:<server>:oauth:client`` — the ones the
  client reads and writes (its prefix is ``mcp:<server>:oauth:``);
- nothing here returns or reports a token: only which keys were there;
- a keyring that is not available holds nothing, so signing out of it deletes nothing (and does
  not raise); a keyring that fails raises ``SecretStoreError`` with the store's own reason.
"""

from __future__ import annotations

from parley.application.ports.secret_store import SecretStore

#: What the client keeps per server: the tokens, and the client registration (dynamic or given).
TOKENS = "tokens"
CLIENT = "client"


def oauth_key(server: str, part: str) -> str:
    """The keyring key of ``server``'s OAuth ``part`` (``TOKENS`` or ``CLIENT``)."""
    return f"mcp:{server}:oauth:{part}"


def oauth_keys(server: str) -> tuple[str, ...]:
    """Every keyring key ``server``'s OAuth sign-in may occupy."""
    return (oauth_key(server, TOKENS), oauth_key(server, CLIENT))


def signed_in(store: SecretStore, server: str) -> bool:
    """Whether the keyring holds tokens for ``server`` (they may still have expired: the server
    decides). Raises ``SecretStoreError`` when the keyring cannot be read."""
    if not store.available:
        return False
    return store.get(oauth_key(server, TOKENS)) is not None


def forget_oauth(store: SecretStore, server: str) -> list[str]:
    """Sign out of ``server``: delete its tokens and its client registration from the keyring;
    the keys that were there (none when the keyring is not available). The next use signs in
    afresh in the browser."""
    if not store.available:
        return []
    return [key for key in oauth_keys(server) if store.delete(key)]

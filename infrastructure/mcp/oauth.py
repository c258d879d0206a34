"""OAuth 2.1 for Streamable HTTP / SSE servers, on the SDK's ``OAuthClientProvider``: the
authorization-code flow with PKCE (the SDK's), the user's browser opened on the authorization URL,
the code received on a loopback redirect (``http://127.0.0.1:<port>/callback``), and the tokens
and the dynamically registered client kept in the keyring under ``mcp:<server>:oauth:tokens`` and
``mcp:<server>:oauth:client`` (refreshed by the SDK when they expire).

Invariants: the loopback listener binds 127.0.0.1 only, answers one callback whose ``state`` the
SDK then checks, and is closed with the session; tokens are never logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import webbrowser
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from parley.application.ports.mcp import SecretLookup

SecretSave = Callable[[str, str], None]
CALLBACK_WAIT_S = 300.0
PAGE = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n\r\n"
    b"<html><body><p>Parley is connected. You can close this window.</p></body></html>"
)


class KeyringTokenStorage:
    """The SDK's ``TokenStorage`` over the keyring (or memory when nothing can be saved)."""

    def __init__(self, server: str, lookup: SecretLookup, save: SecretSave | None) -> None:
        self._prefix = f"mcp:{server}:oauth:"
        self._lookup = lookup
        self._save = save
        self._memory: dict[str, str] = {}

    def _get(self, key: str) -> str | None:
        return self._memory.get(key) or self._lookup(self._prefix + key)

    def _set(self, key: str, value: str) -> None:
        self._memory[key] = value
        if self._save is not None:
            with contextlib.suppress(Exception):  # the keyring may be locked: memory still has it
                self._save(self._prefix + key, value)

    async def get_tokens(self) -> Any:
        from mcp.shared.auth import OAuthToken

        raw = self._get("tokens")
        return OAuthToken.model_validate_json(raw) if raw else None

    async def set_tokens(self, tokens: Any) -> None:
        self._set("tokens", tokens.model_dump_json(exclude_none=True))

    async def get_client_info(self) -> Any:
        from mcp.shared.auth import OAuthClientInformationFull

        raw = self._get("client")
        return OAuthClientInformationFull.model_validate_json(raw) if raw else None

    async def set_client_info(self, client_info: Any) -> None:
        self._set("client", client_info.model_dump_json(exclude_none=True))


class LoopbackCallback:
    """A one-shot HTTP listener on 127.0.0.1 that receives the authorization redirect."""

    def __init__(self) -> None:
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[tuple[str, str | None, str | None]] | None = None
        self.port = 0

    async def start(self) -> str:
        self._result = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return f"http://127.0.0.1:{self.port}/callback"

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(reader.readline(), 10)
            parts = request.decode("latin-1").split()
            query = parse_qs(urlsplit(parts[1]).query) if len(parts) > 1 else {}
            writer.write(PAGE)
            await writer.drain()
        finally:
            writer.close()
        code = (query.get("code") or [""])[0]
        if code and self._result is not None and not self._result.done():
            state = (query.get("state") or [""])[0] or None
            issuer = (query.get("iss") or [""])[0] or None
            self._result.set_result((code, state, issuer))

    async def wait(self) -> Any:
        from mcp.shared.auth import AuthorizationCodeResult

        assert self._result is not None
        code, state, issuer = await asyncio.wait_for(self._result, CALLBACK_WAIT_S)
        return AuthorizationCodeResult(code=code, state=state, iss=issuer)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()


async def oauth_provider(
    server: str,
    url: str,
    lookup: SecretLookup,
    save: SecretSave | None,
    open_url: Callable[[str], object] | None,
    loopback: LoopbackCallback,
) -> Any:
    """The SDK's ``OAuthClientProvider`` for ``url`` (an ``httpx2.Auth``)."""
    from mcp.client.auth import OAuthClientProvider
    from mcp.shared.auth import OAuthClientMetadata

    redirect_uri = await loopback.start()
    opener = open_url or webbrowser.open

    async def redirect(authorization_url: str) -> None:
        await asyncio.to_thread(opener, authorization_url)

    metadata = OAuthClientMetadata.model_validate(
        {
            "client_name": "Parley",
            "redirect_uris": [redirect_uri],
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
        }
    )
    return OAuthClientProvider(
        server_url=url,
        client_metadata=metadata,
        storage=KeyringTokenStorage(server, lookup, save),
        redirect_handler=redirect,
        callback_handler=loopback.wait,
    )

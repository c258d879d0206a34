"""The MCP client, built on first use.

Why it exists: importing the SDK (pydantic, httpx, anyio, the protocol types) costs ~0.8 s and
the client starts a thread for its event loop. Every ``parley`` command and every window builds
the services, few of them ever talk to an MCP server: they get this stand-in, which builds the
real ``SdkMcpClient`` (``client.py``) the first time a server is actually used.

Invariant: a method that needs no server (``status`` of a server never started, ``log_path``,
``stop``, ``close``) never builds the client; everything else builds it once (under a lock) and
forwards. Imports nothing heavy at module level.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parley.application.mcp.model import (
    McpCallResult,
    McpPrompt,
    McpResource,
    McpResourceContent,
    McpServerConfig,
    McpServerStatus,
    McpTool,
)

if TYPE_CHECKING:
    from parley.application.ports.mcp import McpClient


class LazyMcpClient:
    """``McpClient`` that builds the real one with ``factory`` on first use."""

    def __init__(self, factory: Callable[[], McpClient], log_dir: Path) -> None:
        self._factory = factory
        self._log_dir = Path(log_dir)
        self._client: McpClient | None = None
        self._lock = threading.Lock()
        self._closed = False

    def _real(self) -> McpClient:
        with self._lock:
            if self._client is None:
                self._client = self._factory()
                if self._closed:  # closed before first use: the real one is closed too
                    self._client.close()
            return self._client

    @property
    def started(self) -> bool:
        """Whether the real client exists (tests: a start that never used MCP built nothing)."""
        return self._client is not None

    def tools(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpTool, ...]:
        return self._real().tools(server, timeout_s)

    def call_tool(
        self,
        server: McpServerConfig,
        tool: str,
        arguments: Mapping[str, Any],
        cancel: threading.Event,
        timeout_s: float | None = None,
        max_output_chars: int = 100_000,
    ) -> McpCallResult:
        return self._real().call_tool(server, tool, arguments, cancel, timeout_s, max_output_chars)

    def resources(
        self, server: McpServerConfig, timeout_s: float = 30.0
    ) -> tuple[McpResource, ...]:
        return self._real().resources(server, timeout_s)

    def read_resource(
        self, server: McpServerConfig, uri: str, max_chars: int = 200_000, timeout_s: float = 30.0
    ) -> McpResourceContent:
        return self._real().read_resource(server, uri, max_chars, timeout_s)

    def prompts(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpPrompt, ...]:
        return self._real().prompts(server, timeout_s)

    def get_prompt(
        self,
        server: McpServerConfig,
        name: str,
        arguments: Mapping[str, str],
        timeout_s: float = 30.0,
    ) -> str:
        return self._real().get_prompt(server, name, arguments, timeout_s)

    def status(self, server_name: str) -> McpServerStatus:
        client = self._client
        if client is None:
            return McpServerStatus(server_name, "stopped")
        return client.status(server_name)

    def log_path(self, server_name: str) -> Path:
        client = self._client
        if client is None:
            return self._log_dir / f"{server_name}.log"
        return client.log_path(server_name)

    def stop(self, server_name: str) -> None:
        client = self._client
        if client is not None:
            client.stop(server_name)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            client = self._client
        if client is not None:
            client.close()

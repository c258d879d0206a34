"""The capability of talking to Model Context Protocol servers, as the runtime and the surfaces
need it (the vocabulary is ``application/mcp/model.py``).

Why it exists: the turn runtime offers MCP tools to the model and calls them after the gate; the
Settings page and ``parley mcp`` list and test servers. None of them should know the SDK, its
asyncio loop or its transports: ``infrastructure/mcp`` adapts the official SDK to this port, and
``tests/support/fake_mcp.py`` is an in-memory fake for use-case tests.

Invariants an implementation keeps:

- every method is blocking and safe to call from any worker thread (never the UI thread); the
  SDK's asyncio loop runs on a thread of its own;
- a server is started on first use and kept (one session per server) until ``stop``/``close``;
  a server whose configuration changed is restarted on next use;
- one server's failure never affects another's: every error is an ``McpError`` naming the server;
- ``call_tool`` honours ``cancel`` (the call is cancelled on the server, ``McpCancelled`` raised)
  and ``timeout_s`` (``McpTimeout``); output over ``max_output_chars`` is cut and marked
  ``truncated`` (or ``McpOutputTooLarge`` if even that cannot be read safely);
- secrets are resolved at start from the keyring through ``SecretLookup``; they are never logged.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from parley.application.mcp.model import (
    McpCallResult,
    McpPrompt,
    McpResource,
    McpResourceContent,
    McpServerConfig,
    McpServerStatus,
    McpTool,
)

SecretLookup = Callable[[str], str | None]
"""``lookup(key)``: a keyring value (keys as ``McpServerConfig`` documents), ``None`` if unset."""


class McpClient(Protocol):
    def tools(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpTool, ...]:
        """The server's tools, as it lists them now (all pages)."""
        ...

    def call_tool(
        self,
        server: McpServerConfig,
        tool: str,
        arguments: Mapping[str, Any],
        cancel: threading.Event,
        timeout_s: float | None = None,
        max_output_chars: int = 100_000,
    ) -> McpCallResult:
        """Call ``tool`` (its own name, not the qualified one). A tool-reported error comes back
        as ``is_error=True`` (the model reads it); transport and protocol faults raise."""
        ...

    def resources(
        self, server: McpServerConfig, timeout_s: float = 30.0
    ) -> tuple[McpResource, ...]: ...

    def read_resource(
        self, server: McpServerConfig, uri: str, max_chars: int = 200_000, timeout_s: float = 30.0
    ) -> McpResourceContent: ...

    def prompts(
        self, server: McpServerConfig, timeout_s: float = 30.0
    ) -> tuple[McpPrompt, ...]: ...

    def get_prompt(
        self,
        server: McpServerConfig,
        name: str,
        arguments: Mapping[str, str],
        timeout_s: float = 30.0,
    ) -> str:
        """The prompt rendered as the text to put in the composer (messages joined)."""
        ...

    def status(self, server_name: str) -> McpServerStatus: ...

    def log_path(self, server_name: str) -> Path:
        """Where the server's stderr (stdio) and Parley's notes about it are written."""
        ...

    def stop(self, server_name: str) -> None:
        """End the server's session (and its process, for stdio)."""
        ...

    def close(self) -> None:
        """End every session and the client's loop thread (Parley is quitting)."""
        ...

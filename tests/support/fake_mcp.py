"""An in-memory ``McpClient`` (``application/ports/mcp.py``) for use-case tests: servers are
dictionaries of tools (with handlers), resources and prompts; nothing is started.

It keeps the port's promises that use cases rely on: errors name the server, a cancel set before
or during a call raises ``McpCancelled``, output over the limit is cut and marked, and each call is
recorded (``calls``) so a test can assert what ran — and what did not. The real client is tested
against real servers in ``tests/integration``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parley.application.mcp.model import (
    McpCallResult,
    McpCancelled,
    McpPrompt,
    McpResource,
    McpResourceContent,
    McpServerConfig,
    McpServerStatus,
    McpStartError,
    McpTool,
)

Handler = Callable[[Mapping[str, Any]], McpCallResult | str]


@dataclass
class FakeServer:
    tools: list[McpTool] = field(default_factory=list)
    handlers: dict[str, Handler] = field(default_factory=dict)
    resources: list[McpResource] = field(default_factory=list)
    contents: dict[str, str] = field(default_factory=dict)
    prompts: list[McpPrompt] = field(default_factory=list)
    prompt_texts: dict[str, str] = field(default_factory=dict)
    fails_to_start: str = ""  # a start error message, "" when it starts


class FakeMcpClient:
    """Servers by name; ``calls`` records ``(server, tool, arguments)`` of every call made."""

    def __init__(
        self, servers: Mapping[str, FakeServer] | None = None, log_dir: Path | None = None
    ):
        self.servers: dict[str, FakeServer] = dict(servers or {})
        self.calls: list[tuple[str, str, dict[str, Any]]] = []
        self.stopped: list[str] = []
        self._log_dir = log_dir or Path("/nonexistent/mcp-logs")

    def _server(self, config: McpServerConfig) -> FakeServer:
        server = self.servers.get(config.name)
        if server is None:
            raise McpStartError(config.name, "no such server", str(self.log_path(config.name)))
        if server.fails_to_start:
            raise McpStartError(config.name, server.fails_to_start, str(self.log_path(config.name)))
        return server

    def tools(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpTool, ...]:
        return tuple(self._server(server).tools)

    def call_tool(
        self,
        server: McpServerConfig,
        tool: str,
        arguments: Mapping[str, Any],
        cancel: threading.Event,
        timeout_s: float | None = None,
        max_output_chars: int = 100_000,
    ) -> McpCallResult:
        fake = self._server(server)
        if cancel.is_set():
            raise McpCancelled(server.name, "the call was cancelled")
        self.calls.append((server.name, tool, dict(arguments)))
        handler = fake.handlers.get(tool)
        if handler is None:
            return McpCallResult(f"Unknown tool: {tool}", is_error=True)
        result = handler(arguments)
        if isinstance(result, str):
            result = McpCallResult(result)
        if cancel.is_set():
            raise McpCancelled(server.name, "the call was cancelled")
        if len(result.text) > max_output_chars:
            return McpCallResult(
                result.text[:max_output_chars], result.is_error, result.structured, truncated=True
            )
        return result

    def resources(
        self, server: McpServerConfig, timeout_s: float = 30.0
    ) -> tuple[McpResource, ...]:
        return tuple(self._server(server).resources)

    def read_resource(
        self, server: McpServerConfig, uri: str, max_chars: int = 200_000, timeout_s: float = 30.0
    ) -> McpResourceContent:
        text = self._server(server).contents.get(uri, "")
        return McpResourceContent(uri, "text/plain", text[:max_chars], len(text) > max_chars)

    def prompts(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpPrompt, ...]:
        return tuple(self._server(server).prompts)

    def get_prompt(
        self,
        server: McpServerConfig,
        name: str,
        arguments: Mapping[str, str],
        timeout_s: float = 30.0,
    ) -> str:
        return self._server(server).prompt_texts.get(name, "").format(**arguments)

    def status(self, server_name: str) -> McpServerStatus:
        server = self.servers.get(server_name)
        if server is None:
            return McpServerStatus(server_name, "stopped")
        if server.fails_to_start:
            return McpServerStatus(
                server_name, "failed", server.fails_to_start, str(self.log_path(server_name))
            )
        return McpServerStatus(server_name, "ready")

    def log_path(self, server_name: str) -> Path:
        return self._log_dir / f"{server_name}.log"

    def stop(self, server_name: str) -> None:
        self.stopped.append(server_name)

    def close(self) -> None:
        self.stopped.extend(self.servers)

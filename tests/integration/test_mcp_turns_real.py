"""One whole turn through the real MCP client (``SdkMcpClient`` on the official SDK) to a real
server nobody here wrote: ``mcp-server-time`` (PyPI), started as ``python -m mcp_server_time``.

The model is a local OpenAI-compatible server; the gate, the settings store, the pins and the
SQLite log are the real ones. Skipped with one line when the server or the client is missing.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.mcp.model import McpServerConfig
from parley.application.mcp.pinning import ToolPins
from parley.application.ports.settings_store import ProviderConfig
from parley.application.ports.tools import ALLOW_ONCE
from parley.application.tools.mcp_tools import McpToolbox
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import ActionVerdict, ToolCall, ToolResult, mint_id
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.mcp_pins.json_pin_store import JsonPinStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import CHAT, tool_call_stream

if importlib.util.find_spec("mcp_server_time") is None:
    pytest.skip(
        "mcp-server-time is not installed (pip install mcp-server-time)", allow_module_level=True
    )
try:
    from parley.infrastructure.mcp.client import SdkMcpClient
except ImportError as exc:  # the SDK is not installed
    pytest.skip(f"the MCP client cannot be imported: {exc}", allow_module_level=True)


class AllowOnce:
    def __init__(self) -> None:
        self.asked: list = []

    def ask(self, request, cancel: threading.Event) -> str:  # type: ignore[no-untyped-def]
        self.asked.append(request)
        return ALLOW_ONCE


def test_a_turn_calls_mcp_server_time_through_the_gate(tmp_path: Path, httpserver: HTTPServer):
    settings = JsonSettingsStore(tmp_path / "config")
    settings.add_provider(
        ProviderConfig("local", "openai", httpserver.url_for("/v1"), default_model="m")
    )
    settings.save_mcp_server(
        McpServerConfig(
            "time",
            command=sys.executable,
            args=("-m", "mcp_server_time", "--local-timezone", "UTC"),
            timeout_s=30.0,
        )
    )
    requests: list[dict] = []
    bodies = [
        tool_call_stream(("mcp__time__get_current_time", {"timezone": "Europe/Oslo"})),
        openai_text_stream(["Here is the time in Oslo."]),
    ]

    def handle(request):  # type: ignore[no-untyped-def]
        from werkzeug import Response

        requests.append(json.loads(request.data))
        return Response(bodies[len(requests) - 1], content_type="text/event-stream")

    httpserver.expect_request(CHAT, method="POST").respond_with_handler(handle)
    store = SqliteEventStore(tmp_path / "data" / "parley.db")
    client = SdkMcpClient(tmp_path / "mcp-logs")
    runtime = TurnRuntime(
        store,
        SettingsProviderDirectory(settings, environ={}),
        retry_policy=RetryPolicy(max_attempts=1),
        mcp=McpToolbox(client, settings, ToolPins(JsonPinStore(tmp_path / "config" / "pins.json"))),
    )
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=mint_id(),
        prompt="What time is it in Oslo?",
        provider_id="local",
        mcp_servers=("time",),
    )
    asker = AllowOnce()
    try:
        outcome = runtime.run(request, asker=asker)
    finally:
        client.close()
        events = [s.event for s in store.events(request.session_id)]
        store.close()
    assert outcome.status == "completed", outcome.error
    offered = [t["function"]["name"] for t in requests[0]["tools"]]
    assert "mcp__time__get_current_time" in offered and "mcp__time__convert_time" in offered
    (call,) = [e for e in events if isinstance(e, ToolCall)]
    verdicts = [e for e in events if isinstance(e, ActionVerdict)]
    (result,) = [e for e in events if isinstance(e, ToolResult)]
    assert call.tool == "mcp__time__get_current_time"
    assert verdicts and verdicts[-1].decision in ("ran", "allowed")
    assert result.success and "Europe/Oslo" in result.result, result.result
    tool_message = next(m for m in requests[1]["messages"] if m["role"] == "tool")
    assert "Europe/Oslo" in tool_message["content"]


def test_the_gate_adds_little_over_the_servers_own_round_trip(tmp_path: Path):
    """The issue's budget, against a real stdio server: a call through the gate and the log
    adds at most 5 ms over the same call made directly with the client (medians of 100 each,
    interleaved so both see the same machine)."""
    import statistics
    import time

    from parley.application.conversations.tool_call_accumulator import ParsedToolCall
    from parley.application.tools.mcp_tools import run_mcp_block
    from parley.domain.transcript.canonical import TurnStarted, UserMessage

    settings = JsonSettingsStore(tmp_path / "config")
    config = McpServerConfig(
        "time",
        command=sys.executable,
        args=("-m", "mcp_server_time", "--local-timezone", "UTC"),
        tool_policies=(("get_current_time", "run"),),
    )
    settings.save_mcp_server(config)
    store = SqliteEventStore(tmp_path / "data" / "parley.db")
    client = SdkMcpClient(tmp_path / "mcp-logs")
    request = ConversationExecutionRequest(
        turn_id=mint_id(), session_id=mint_id(), prompt="Go", mcp_servers=("time",)
    )
    store.append_many(
        request.session_id,
        request.turn_id,
        [(TurnStarted(provider_id="local", model="m"), "runtime"), (UserMessage("Go"), "user")],
        new_session=("bench", None),
    )

    def record(event):  # type: ignore[no-untyped-def]
        return store.append(request.session_id, request.turn_id, event, actor="runtime")

    arguments = {"timezone": "Europe/Oslo"}
    try:
        mcp = McpToolbox(client, settings).start_turn(request, record)
        assert mcp is not None and "mcp__time__get_current_time" in mcp.offered
        stop = threading.Event()
        direct: list[float] = []
        gated: list[float] = []
        for _ in range(100):
            started = time.perf_counter()
            client.call_tool(config, "get_current_time", arguments, stop, timeout_s=30)
            direct.append(time.perf_counter() - started)
            call = [ParsedToolCall(None, "mcp__time__get_current_time", arguments, "", "")]
            started = time.perf_counter()
            run_mcp_block(
                mcp, request, call, append=record, stop=stop, model="m", asker=AllowOnce()
            )
            gated.append(time.perf_counter() - started)
    finally:
        client.close()
        results = [
            s.event for s in store.events(request.session_id) if isinstance(s.event, ToolResult)
        ]
        store.close()
    assert len(results) == 100 and all(r.success for r in results)
    own, through = statistics.median(direct) * 1000, statistics.median(gated) * 1000
    print(
        f"\nmcp-server-time: direct {own:.2f} ms, through the gate {through:.2f} ms (median of 100)"
    )
    assert through - own < 5.0

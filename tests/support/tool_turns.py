"""Tool turns for tests: a model that calls tools, a runtime wired as the composition root wires
it, and tool blocks run one after another through the real gate.

Why it exists: the tool-turn, concurrent-askers, escape-corpus and everyday-commands tests all
drive the same real pieces (``Toolbox``, ``TurnRuntime``, ``run_tool_block``); each used to wire
them by hand, in near-copies. One wiring here means a change to how a turn is assembled is made
once, and every test keeps exercising the same path the application runs:

- ``tool_call_stream`` — a Chat Completions stream in which the model calls tools;
- ``tool_turn_runtime`` — a ``TurnRuntime`` over a real SQLite store, settings naming one local
  OpenAI-compatible provider, and a real ``Toolbox`` (inspector, executor, per-turn sandbox);
- ``run_tool_blocks`` — calls run as consecutive tool blocks of one turn, through
  ``run_tool_block`` (validator, classifier, gate, confinement, executor), never the gate alone.

Invariant it keeps: nothing here is a fake of the code under test; only the model (a local HTTP
server the caller sets up) and the person answering permission prompts (the caller's asker) are
scripted.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.tool_call_accumulator import ParsedToolCall
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.settings_store import ProviderConfig
from parley.application.ports.tools import DENY, ToolContext
from parley.application.tools.toolbox import Toolbox, ToolTurnState, run_tool_block
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.infrastructure.tools.executor import LocalToolExecutor
from parley.infrastructure.tools.sandbox import turn_sandbox
from parley.infrastructure.tools.snapshot import FilesystemInspector
from tests.support.sse_server import data_events

#: Where the local model server answers (its base URL is ``httpserver.url_for("/v1")``).

if TYPE_CHECKING:
    from pytest_httpserver import HTTPServer

CHAT = "/v1/chat/completions"


def tool_call_stream(*calls: tuple[str, dict | str]) -> bytes:
    """A Chat Completions stream in which the model calls tools (in parallel if several)."""
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    payloads = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant"}}]}]
    for index, (name, arguments) in enumerate(calls):
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        delta = {
            "tool_calls": [
                {
                    "index": index,
                    "id": f"call_provider_{index}",
                    "type": "function",
                    "function": {"name": name, "arguments": text},
                }
            ]
        }
        payloads.append({**base, "choices": [{"index": 0, "delta": delta}]})
    payloads.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    return data_events(payloads)


def tool_turn_runtime(
    root: Path,
    base_url: str,
    *,
    inspector: Any = None,
    executor: Any = None,
    context_for: Callable[[ConversationExecutionRequest], ToolContext] | None = None,
) -> tuple[TurnRuntime, SqliteEventStore, Toolbox]:
    """A runtime for tool turns, kept under ``root``: settings in ``root/config`` naming the
    provider "local" (OpenAI-compatible at ``base_url``, model "m"), the store in
    ``root/data/parley.db``, one attempt per call (a test's server never needs a retry).

    By default the toolbox protects the data and config folders, runs tools with a plain
    ``LocalToolExecutor`` in the request's workspace, and gives each turn its sandbox under
    ``root/outputs`` and a venv folder ``root/venv``. The caller closes the store."""
    settings = JsonSettingsStore(root / "config")
    settings.add_provider(ProviderConfig("local", "openai", base_url, default_model="m"))
    store = SqliteEventStore(root / "data" / "parley.db")

    def default_context(request: ConversationExecutionRequest) -> ToolContext:
        assert request.workspace is not None
        return ToolContext(
            workspace=request.workspace.resolve(),
            sandbox=turn_sandbox(root / "outputs", request.session_id, request.turn_id),
            session_id=request.session_id,
            venv_dir=root / "venv",
        )

    toolbox = Toolbox(
        inspector=inspector
        if inspector is not None
        else FilesystemInspector(protected_roots=(root / "data", root / "config")),
        executor=executor if executor is not None else LocalToolExecutor(),
        context_for=context_for or default_context,
    )
    runtime = TurnRuntime(
        store,
        SettingsProviderDirectory(settings, environ={}),
        retry_policy=RetryPolicy(max_attempts=1),
        toolbox=toolbox,
    )
    return runtime, store, toolbox


def run_tool_blocks(
    calls: Sequence[tuple[str, dict[str, str]]],
    *,
    request: ConversationExecutionRequest,
    context: ToolContext,
    inspector: Any,
    executor: Any,
    asker: Any,
    advertised_tools: tuple[str, ...],
) -> list[list[object]]:
    """Each ``(tool, arguments)`` call as its own tool block of one turn (one model round per
    call), in order, through the real ``run_tool_block``. The turn's state — the workspace
    snapshot taken once at the start, refreshed as the blocks change things — carries from one
    block to the next, as in a real turn. Returns the events each block recorded."""
    toolbox = Toolbox(inspector=inspector, executor=executor, context_for=lambda _r: context)
    snapshot = inspector.snapshot(
        workspace=context.workspace,
        sandbox=context.sandbox,
        advertised_tools=advertised_tools,
        gate_mode=request.gate_mode,
        unattended=False,
    )
    state = ToolTurnState(snapshot, context)
    blocks: list[list[object]] = []
    for tool, arguments in calls:
        events: list[object] = []
        run_tool_block(
            toolbox,
            request,
            state,
            [ParsedToolCall(None, tool, arguments, "", "")],
            append=events.append,
            stop=threading.Event(),
            model="m",
            asker=asker,
        )
        blocks.append(events)
    return blocks


class Model:
    """Serves one scripted response per request, and records each request body."""

    def __init__(self, server: HTTPServer, *bodies: bytes) -> None:
        self.bodies = list(bodies)
        self.requests: list[dict] = []
        server.expect_request(CHAT, method="POST").respond_with_handler(self._handle)

    def _handle(self, request):  # type: ignore[no-untyped-def]
        from werkzeug import Response

        self.requests.append(json.loads(request.data))
        body = self.bodies[min(len(self.requests), len(self.bodies)) - 1]
        return Response(body, content_type="text/event-stream")

    def tool_names(self, n: int) -> list[str]:
        return [t["function"]["name"] for t in self.requests[n].get("tools", [])]

    def tool_messages(self, n: int) -> list[dict]:
        return [m for m in self.requests[n]["messages"] if m["role"] == "tool"]


class Answers:
    """A person at the permission prompt, answering from a script."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list = []

    def ask(self, request, cancel: threading.Event) -> str:  # type: ignore[no-untyped-def]
        self.asked.append(request)
        return self.answers.pop(0) if self.answers else DENY

"""Tool-call ids at the provider boundary, against local servers that refuse what the real APIs
refuse (issue 14, items 14 and 14b).

The servers here script each provider's rules, from the vendors' own definitions:

- Mistral (``mistral_common``'s request validator, the API's pydantic request model): a tool-call
  id must be exactly nine characters ``[a-zA-Z0-9]`` ("Tool call id was call-… but must be a-z,
  A-Z, 0-9, with a length of 9"), a tool result must answer a call made before it, and a field
  the request model lacks (``stream_options``) is a 422 ``extra_forbidden``;
- Anthropic: ``tool_use.id`` must match ``^[a-zA-Z0-9_-]+$`` and every ``tool_result`` must
  answer a ``tool_use`` of the message before it;
- OpenAI: an id longer than 40 characters is refused, and an o-series model refuses
  ``max_tokens`` (the recorded 400 ``unsupported_parameter`` answer).

Each test runs real turns through ``TurnRuntime``, a real ``Toolbox`` and the settings-built
provider directory, so the ids are minted, recorded, rendered from the log and sent the way the
application does it: a multi-turn tool loop on Mistral, and a conversation that moves from
Anthropic to Mistral to OpenAI mid-way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.settings_store import ProviderConfig
from parley.application.ports.tools import ToolContext
from parley.application.tools.toolbox import Toolbox
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import ToolCall, ToolResult, mint_id
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.infrastructure.tools.executor import LocalToolExecutor
from parley.infrastructure.tools.sandbox import turn_sandbox
from parley.infrastructure.tools.snapshot import FilesystemInspector
from tests.support.sse_server import data_events, fixture_path
from tests.support.vendor_types import violations

MISTRAL_ID = re.compile(r"[a-zA-Z0-9]{9}")
ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]+")


def _json_error(status: int, payload: dict) -> Response:
    return Response(json.dumps(payload), status=status, content_type="application/json")


class Scripted:
    """A provider endpoint: checks each request with ``check`` (a refusal is returned as the
    real API answers it), else answers with the next scripted stream; records every body."""

    def __init__(self, server: HTTPServer, path: str, check, *streams: bytes) -> None:  # type: ignore[no-untyped-def]
        self.streams = list(streams)
        self.bodies: list[dict] = []
        self.refusals: list[str] = []
        self._check = check
        server.expect_request(path, method="POST").respond_with_handler(self._handle)

    def _handle(self, request: Request) -> Response:
        body = json.loads(request.data)
        self.bodies.append(body)
        refusal = self._check(body)
        if refusal is not None:
            self.refusals.append(refusal.get_data(as_text=True))
            return refusal
        stream = self.streams.pop(0)
        return Response(stream, content_type="text/event-stream")


# -- the rules, as the real APIs apply them -------------------------------------------------------


def mistral_rules(body: dict) -> Response | None:
    from mistralai.client.models import ChatCompletionStreamRequest

    problems = violations(body, ChatCompletionStreamRequest)
    if problems:
        unknown = [p.split(":")[0].removeprefix("$.") for p in problems if "unknown field" in p]
        return _json_error(
            422,
            {
                "object": "error",
                "message": {
                    "detail": [
                        {
                            "type": "extra_forbidden",
                            "loc": ["body", name],
                            "msg": "Extra inputs are not permitted",
                        }
                        for name in unknown
                    ]
                    or [{"type": "invalid", "msg": problems[0]}]
                },
                "type": "invalid_request_error",
            },
        )
    called: set[str] = set()
    for message in body["messages"]:
        ids = [c["id"] for c in message.get("tool_calls") or []]
        if message["role"] == "tool":
            ids.append(message["tool_call_id"])
        for call_id in ids:
            if not MISTRAL_ID.fullmatch(call_id):
                return _json_error(
                    400,
                    {
                        "object": "error",
                        "message": f"Tool call id was {call_id} but must be a-z, A-Z, 0-9, "
                        "with a length of 9",
                        "type": "invalid_request_message_order",
                        "code": "3230",
                    },
                )
        if message["role"] == "tool" and message["tool_call_id"] not in called:
            return _json_error(
                400,
                {"object": "error", "message": "Unexpected tool call id", "type": "invalid"},
            )
        called.update(c["id"] for c in message.get("tool_calls") or [])
    return None


def mistral_template_rules(body: dict) -> Response | None:
    """A local server (vLLM, llama.cpp, MLX) running a Mistral chat template: any body the
    Chat Completions types allow, but the template's id rule (its message, as vLLM relays it)."""
    for message in body["messages"]:
        ids = [c["id"] for c in message.get("tool_calls") or []]
        ids += [message["tool_call_id"]] if message["role"] == "tool" else []
        for call_id in ids:
            if not MISTRAL_ID.fullmatch(call_id):
                return _json_error(
                    400,
                    {
                        "object": "error",
                        "message": f"Tool call id was {call_id} but must be a-z, A-Z, 0-9, "
                        "with a length of 9",
                        "type": "BadRequestError",
                        "code": 400,
                    },
                )
    return None


def anthropic_rules(body: dict) -> Response | None:
    from anthropic.types.message_create_params import MessageCreateParamsStreaming

    problems = violations(body, MessageCreateParamsStreaming)
    previous: set[str] = set()
    for message in body["messages"]:
        blocks = message["content"] if isinstance(message["content"], list) else []
        for block in blocks:
            if block.get("type") == "tool_use" and not ANTHROPIC_ID.fullmatch(block["id"]):
                problems.append(
                    f"messages: tool_use.id: String should match pattern "
                    f"'^[a-zA-Z0-9_-]+$' ({block['id']!r})"
                )
            if block.get("type") == "tool_result" and block["tool_use_id"] not in previous:
                problems.append("unexpected `tool_use_id` found in `tool_result` blocks")
        previous = {b["id"] for b in blocks if b.get("type") == "tool_use"}
    if problems:
        return _json_error(
            400,
            {"type": "error", "error": {"type": "invalid_request_error", "message": problems[0]}},
        )
    return None


def openai_rules(body: dict) -> Response | None:
    from openai.types.chat.completion_create_params import CompletionCreateParamsStreaming

    problems = violations(body, CompletionCreateParamsStreaming)
    if problems:
        return _json_error(
            400, {"error": {"message": problems[0], "type": "invalid_request_error"}}
        )
    if "max_tokens" in body and body["model"].startswith("o"):
        recorded = fixture_path(
            "providers", "openai", "openai-chat-error-400-unsupported-parameter.json"
        )
        return _json_error(400, json.loads(recorded.read_text()))
    for message in body["messages"]:
        ids = [c["id"] for c in message.get("tool_calls") or []]
        ids += [message["tool_call_id"]] if message["role"] == "tool" else []
        for call_id in ids:
            if len(call_id) > 40:
                return _json_error(
                    400,
                    {
                        "error": {
                            "message": "Invalid 'messages[].tool_calls[0].id': string too long. "
                            f"Expected a string with maximum length 40, but got {len(call_id)}.",
                            "type": "invalid_request_error",
                            "code": "string_above_max_length",
                        }
                    },
                )
    return None


# -- the scripted answers ---------------------------------------------------------------------


def chat_tool_call(call_id: str, name: str, arguments: dict) -> bytes:
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    call = {
        "index": 0,
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }
    return data_events(
        [
            {
                **base,
                "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [call]}}],
            },
            {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        ]
    )


def chat_text(text: str) -> bytes:
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    return data_events(
        [
            {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": text}}]},
            {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        ]
    )


def _sse(events: list[dict]) -> bytes:
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()


def _message_start() -> dict:
    return {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [],
            "model": "claude",
            "stop_reason": None,
            "usage": {"input_tokens": 5, "output_tokens": 1},
        },
    }


def anthropic_tool_call(call_id: str, name: str, arguments: dict) -> bytes:
    return _sse(
        [
            _message_start(),
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "tool_use", "id": call_id, "name": name, "input": {}},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "input_json_delta", "partial_json": json.dumps(arguments)},
            },
            {"type": "content_block_stop", "index": 0},
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use"},
                "usage": {"output_tokens": 9},
            },
            {"type": "message_stop"},
        ]
    )


def anthropic_text(text: str) -> bytes:
    return _sse(
        [
            _message_start(),
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "text", "text": ""},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": text},
            },
            {"type": "content_block_stop", "index": 0},
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn"},
                "usage": {"output_tokens": 3},
            },
            {"type": "message_stop"},
        ]
    )


# -- the application, wired as the composition root wires it -------------------------------------


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "notes.txt").write_text("The launch is on Tuesday.\n")
    (root / "plan.md").write_text("# Plan\n- ship\n")
    return root


class App:
    def __init__(self, root: Path, providers: list[ProviderConfig]) -> None:
        settings = JsonSettingsStore(root / "config")
        for config in providers:
            settings.add_provider(config)
        self.store = SqliteEventStore(root / "data" / "parley.db")
        toolbox = Toolbox(
            inspector=FilesystemInspector(protected_roots=(root / "data", root / "config")),
            executor=LocalToolExecutor(),
            context_for=lambda request: ToolContext(
                workspace=request.workspace.resolve(),
                sandbox=turn_sandbox(root / "outputs", request.session_id, request.turn_id),
                session_id=request.session_id,
                venv_dir=root / "venv",
            ),
        )
        self.runtime = TurnRuntime(
            self.store,
            SettingsProviderDirectory(settings, environ={"TEST_KEY": "sk-test-key"}),
            retry_policy=RetryPolicy(max_attempts=1),
            toolbox=toolbox,
        )
        self.session = mint_id()
        self.previous: str | None = None

    def ask(self, provider: str, prompt: str, workspace: Path) -> Any:
        turn = mint_id()
        request = ConversationExecutionRequest(
            turn_id=turn,
            session_id=self.session,
            prompt=prompt,
            provider_id=provider,
            workspace=workspace,
            follows_turn_id=self.previous,
        )
        outcome = self.runtime.run(request)
        self.previous = turn
        return outcome

    def events(self, kind: type) -> list[Any]:
        return [e.event for e in self.store.events(self.session) if isinstance(e.event, kind)]


def _provider(name: str, kind: str, base_url: str, preset: str = "") -> ProviderConfig:
    return ProviderConfig(
        name, kind, base_url, api_key_env="TEST_KEY", default_model="m", preset=preset
    )


@pytest.mark.parametrize(
    "preset,rules",
    [("mistral", mistral_rules), ("", mistral_template_rules)],
    ids=["mistral-api", "local-server-with-a-mistral-template"],
)
def test_a_multi_turn_tool_loop_on_mistral(
    tmp_path: Path, workspace: Path, httpserver: HTTPServer, preset: str, rules: Any
) -> None:
    # Mistral's own ids are nine alphanumerics; Parley's local ids ("call-<hex>") are not.
    mistral = Scripted(
        httpserver,
        "/v1/chat/completions",
        rules,
        chat_tool_call("D681PevKs", "read_file", {"path": "notes.txt"}),
        chat_text("Tuesday."),
        chat_tool_call("xY7kQ2mN4", "read_file", {"path": "plan.md"}),
        chat_tool_call("Zq9rT5vW1", "list_dir", {"path": "."}),
        chat_text("It ships."),
    )
    app = App(tmp_path, [_provider("mistral", "openai", httpserver.url_for("/v1"), preset)])
    try:
        first = app.ask("mistral", "When is the launch?", workspace)
        second = app.ask("mistral", "And the plan?", workspace)
        calls, results = app.events(ToolCall), app.events(ToolResult)
    finally:
        app.store.close()

    assert mistral.refusals == []
    assert (first.status, first.text) == ("completed", "Tuesday.")
    assert (second.status, second.text) == ("completed", "It ships.")
    assert len(mistral.bodies) == 5
    if preset == "mistral":
        assert all("stream_options" not in b for b in mistral.bodies)
    # The log joins on the local ids; every request rendered the same wire id for a call.
    assert all(c.call_id.startswith("call-") for c in calls) and len(calls) == 3
    assert all(r.success for r in results)
    sent_ids = [
        [c["id"] for m in body["messages"] for c in m.get("tool_calls") or []]
        for body in mistral.bodies
    ]
    assert sent_ids[4][: len(sent_ids[2])] == sent_ids[2]
    assert all(MISTRAL_ID.fullmatch(i) for i in sent_ids[4])
    last = mistral.bodies[4]["messages"]
    assert [m["tool_call_id"] for m in last if m["role"] == "tool"] == sent_ids[4]


def test_a_conversation_that_moves_from_anthropic_to_mistral_to_openai(
    tmp_path: Path, workspace: Path, httpserver: HTTPServer
) -> None:
    anthropic = Scripted(
        httpserver,
        "/anthropic/v1/messages",
        anthropic_rules,
        anthropic_tool_call("toolu_01A09q90qw90lq917835lq9", "read_file", {"path": "notes.txt"}),
        anthropic_text("Tuesday."),
    )
    mistral = Scripted(
        httpserver,
        "/mistral/v1/chat/completions",
        mistral_rules,
        chat_tool_call("D681PevKs", "read_file", {"path": "plan.md"}),
        chat_text("It ships."),
    )
    openai = Scripted(
        httpserver,
        "/openai/v1/chat/completions",
        openai_rules,
        chat_tool_call("call_" + "a" * 35, "list_dir", {"path": "."}),
        chat_text("Two files."),
    )
    app = App(
        tmp_path,
        [
            _provider("claude", "anthropic", httpserver.url_for("/anthropic/v1")),
            _provider("mistral", "openai", httpserver.url_for("/mistral/v1"), "mistral"),
            _provider("gpt", "openai", httpserver.url_for("/openai/v1"), "openai"),
        ],
    )
    try:
        outcomes = [
            app.ask("claude", "When is the launch?", workspace),
            app.ask("mistral", "And the plan?", workspace),
            app.ask("gpt", "What is in the folder?", workspace),
        ]
    finally:
        app.store.close()

    assert anthropic.refusals == mistral.refusals == openai.refusals == []
    assert [(o.status, o.text) for o in outcomes] == [
        ("completed", "Tuesday."),
        ("completed", "It ships."),
        ("completed", "Two files."),
    ]
    # Mistral got the Anthropic turn's call under an id it accepts, the result under the same.
    history = mistral.bodies[-1]["messages"]
    ids = [c["id"] for m in history for c in m.get("tool_calls") or []]
    assert len(ids) == 2 and all(MISTRAL_ID.fullmatch(i) for i in ids)
    assert [m["tool_call_id"] for m in history if m["role"] == "tool"] == ids
    # OpenAI's request carries every earlier call, each under an id of at most 40 characters.
    history = openai.bodies[-1]["messages"]
    ids = [c["id"] for m in history for c in m.get("tool_calls") or []]
    assert len(ids) == 3 and all(len(i) <= 40 for i in ids)
    assert [m["tool_call_id"] for m in history if m["role"] == "tool"] == ids
    assert "max_tokens" not in openai.bodies[-1]


def test_an_o_series_model_gets_max_completion_tokens_not_max_tokens(
    httpserver: HTTPServer,
) -> None:
    # The title and probe requests cap the answer; OpenAI refuses max_tokens for o-series models.
    from parley.application.ports.chat_provider import ChatRequest, ProviderMessage
    from parley.infrastructure.providers.directory import build_adapter

    openai = Scripted(httpserver, "/v1/chat/completions", openai_rules, chat_text("A title"))
    adapter = build_adapter(
        _provider("gpt", "openai", httpserver.url_for("/v1"), "openai"), {"TEST_KEY": "sk-x"}
    )
    request = ChatRequest("o3-mini", (ProviderMessage("user", "Name this chat"),), max_tokens=60)
    import threading

    text = "".join(getattr(d, "text", "") for d in adapter.stream(request, threading.Event()))
    assert openai.refusals == []
    assert text == "A title"
    assert openai.bodies[0]["max_completion_tokens"] == 60 and "max_tokens" not in openai.bodies[0]

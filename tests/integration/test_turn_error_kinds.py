"""``turn_finished`` records the typed kind of a failure (issue 14, item 16), so operators can
filter on it: a real local server answers each way a provider fails, a real ``TurnRuntime``
records the turn in a real SQLite store, and the recorded ``error_kind`` is the adapter's.

Also: a ``turn_finished`` written before the field existed still reads (``error_kind`` "").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import TurnFinished, from_payload, mint_id
from parley.infrastructure.providers.ollama import OllamaProvider
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.adapter_harness import OneProvider
from tests.support.sse_server import data_events


def _json(status: int, payload: dict) -> Response:
    return Response(json.dumps(payload), status=status, content_type="application/json")


def _ndjson(*lines: dict) -> Response:
    body = b"".join(json.dumps(line).encode() + b"\n" for line in lines)
    return Response(body, content_type="application/x-ndjson")


def _sse(*payloads: dict) -> Response:
    return Response(data_events(payloads, done=False), content_type="text/event-stream")


CASES = {
    "auth": ("openai", _json(401, {"error": {"message": "Incorrect API key provided"}})),
    "rate_limited": ("openai", _json(429, {"error": {"message": "Rate limit reached"}})),
    "quota_exceeded": (
        "openai",
        _json(429, {"error": {"message": "No credit", "code": "insufficient_quota"}}),
    ),
    "context_too_long": (
        "openai",
        _json(
            400,
            {"error": {"message": "too long", "code": "context_length_exceeded"}},
        ),
    ),
    "server_error": (
        "ollama",
        _ndjson(
            {"message": {"role": "assistant", "content": "Par"}, "done": False},
            {"error": "an error was encountered while running the model"},
        ),
    ),
    "incomplete": (
        "openai",
        _sse({"choices": [{"index": 0, "delta": {"content": "cut"}}]}),
    ),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_turn_finished_records_the_kind(kind: str, httpserver: HTTPServer, tmp_path: Path) -> None:
    adapter_kind, response = CASES[kind]
    if adapter_kind == "openai":
        path = "/v1/chat/completions"
        provider = OpenAICompatibleProvider(httpserver.url_for("/v1"), "k", "m")
    else:
        path = "/api/chat"
        provider = OllamaProvider(httpserver.url_for("/"), None, "m")
    httpserver.expect_request(path, method="POST").respond_with_response(response)
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        runtime = TurnRuntime(
            store, OneProvider("p", provider), retry_policy=RetryPolicy(max_attempts=1)
        )
        request = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=mint_id(), prompt="Hi", provider_id="p"
        )
        outcome = runtime.run(request)
        finished = list(store.events(request.session_id))[-1].event
    finally:
        store.close()
    assert outcome.status == "failed"
    assert isinstance(finished, TurnFinished)
    assert finished.error_kind == kind
    assert finished.error


def test_a_turn_finished_written_before_the_field_still_reads() -> None:
    old = from_payload("turn_finished", {"status": "failed", "error": "boom"})
    assert isinstance(old, TurnFinished) and old.error_kind == ""

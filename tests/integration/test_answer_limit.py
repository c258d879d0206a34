"""An endless answer is bounded (issue 14, item 13): past ``network.max_answer_chars`` the turn
stops reading the provider, keeps exactly the limit's worth of text and fails clearly.

Real parts: a raw local HTTP server streams an OpenAI Chat Completions answer that never ends
(it stops only when the client hangs up, or at a safety cap no fixed client reaches), the real
adapter reads it over a socket, a real ``TurnRuntime`` records the turn in a real SQLite store.
The last test goes through the composition root (``build_services``) with the limit written in
``settings.json``, so the setting is proved to reach the runtime.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import ANSWER_TOO_LONG, TurnRuntime
from parley.application.ports.settings_store import (
    DEFAULT_MAX_ANSWER_CHARS,
    NetworkSettings,
    ProviderConfig,
    SettingsError,
)
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import AssistantText, StoredEvent, TurnFinished, mint_id
from parley.infrastructure.config.json_settings_store import SETTINGS_FILE, JsonSettingsStore
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.ui.bootstrap import build_services
from tests.support.adapter_harness import OneProvider
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import ScriptedServer, data_events, openai_text_stream

#: Chunks the endless server sends at most: far beyond any limit below (about 1.9 million
#: characters), so reaching it means the client never stopped reading.
SAFETY_CAP = 50_000

_HEAD = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
    b"Connection: close\r\n\r\n"
)


def piece(index: int) -> str:
    """The text of chunk ``index``: numbered, so a kept prefix shows exactly what was cut."""
    return f"<{index:06d} endless text>"  # 22 characters


def expected_text(chars: int) -> str:
    text = ""
    index = 0
    while len(text) < chars:
        text += piece(index)
        index += 1
    return text[:chars]


class EndlessServer(ScriptedServer):
    """Sends ``opening``, then ``chunk_for(0)``, ``chunk_for(1)``, … (whole SSE bytes, each as
    one HTTP chunk) until the client hangs up; ``ran_out`` if it reached the cap. By default an
    OpenAI Chat Completions answer of numbered text pieces."""

    def __init__(
        self, opening: bytes | None = None, chunk_for: Callable[[int], bytes] | None = None
    ) -> None:
        self.ran_out = threading.Event()
        self._opening = (
            _openai_chunk({"role": "assistant", "content": ""}) if opening is None else opening
        )
        self._chunk_for = chunk_for or (lambda index: _openai_chunk({"content": piece(index)}))
        super().__init__(self._endless)

    def _endless(self, send: Callable[[bytes], None], sleep: Callable[[float], None]) -> None:
        def chunk(body: bytes) -> None:
            send(b"%x\r\n%s\r\n" % (len(body), body))

        send(_HEAD)
        chunk(self._opening)
        for index in range(SAFETY_CAP):
            if self.client_closed.is_set():  # a send failed: the client hung up
                return
            chunk(self._chunk_for(index))
        self.ran_out.set()
        send(b"0\r\n\r\n")


def _openai_chunk(delta: dict) -> bytes:
    return data_events([{"choices": [{"index": 0, "delta": delta}]}], done=False)


class Shown:
    """What a window would show: every piece of text handed to the listener."""

    def __init__(self) -> None:
        self.text = ""

    def on_event(self, stored: StoredEvent) -> None:
        pass

    def on_text(self, turn_id: str, text: str) -> None:
        self.text += text


def _request(provider_id: str = "p") -> ConversationExecutionRequest:
    return ConversationExecutionRequest(
        turn_id=mint_id(), session_id=mint_id(), prompt="Count forever", provider_id=provider_id
    )


def _check_bounded_turn(
    store: SqliteEventStore, runtime: TurnRuntime, server: EndlessServer, limit: int
) -> None:
    shown = Shown()
    request = _request()
    outcome = runtime.run(request, listener=shown)

    # The client hung up on the endless stream (the server did not run dry).
    assert server.client_closed.wait(10.0)
    assert not server.ran_out.is_set()

    assert outcome.status == "failed"
    assert outcome.error_kind == ANSWER_TOO_LONG
    assert f"{limit:,} characters" in outcome.error
    assert "max_answer_chars" in outcome.error and "settings.json" in outcome.error

    events = [stored.event for stored in store.events(request.session_id)]
    texts = [event for event in events if isinstance(event, AssistantText)]
    assert len(texts) == 1 and texts[0].partial
    # Exactly the limit's worth, the very text the server sent, and what was shown.
    assert texts[0].text == expected_text(limit)
    assert shown.text == texts[0].text == outcome.text
    finished = events[-1]
    assert isinstance(finished, TurnFinished)
    assert finished.status == "failed" and finished.error_kind == ANSWER_TOO_LONG
    assert finished.error == outcome.error


def test_an_endless_answer_ends_the_turn_at_the_limit_with_the_text_kept(tmp_path: Path) -> None:
    limit = 1_234  # not a multiple of a piece: the cut falls inside one
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        with EndlessServer() as server:
            provider = OpenAICompatibleProvider(f"{server.url}/v1", "k", "m")
            runtime = TurnRuntime(
                store,
                OneProvider("p", provider),
                retry_policy=RetryPolicy(max_attempts=1),
                max_answer_chars=limit,
            )
            _check_bounded_turn(store, runtime, server, limit)
    finally:
        store.close()


def test_an_answer_of_exactly_the_limit_completes(tmp_path: Path) -> None:
    """The limit is the most kept, not a cut-off one character early."""
    text = expected_text(1_000)
    body = openai_text_stream([text[:500], text[500:]])
    with ScriptedServer(_chunked(body)) as server:
        store = SqliteEventStore(tmp_path / "parley.db")
        try:
            provider = OpenAICompatibleProvider(f"{server.url}/v1", "k", "m")
            runtime = TurnRuntime(
                store,
                OneProvider("p", provider),
                retry_policy=RetryPolicy(max_attempts=1),
                max_answer_chars=1_000,
            )
            outcome = runtime.run(_request())
        finally:
            store.close()
    assert outcome.status == "completed", outcome.error
    assert outcome.text == text


def _chunked(body: bytes) -> Callable[[Callable[[bytes], None], Callable[[float], None]], None]:
    def script(send: Callable[[bytes], None], sleep: Callable[[float], None]) -> None:
        send(_HEAD)
        send(b"%x\r\n%s\r\n" % (len(body), body))
        send(b"0\r\n\r\n")

    return script


@pytest.mark.usefixtures("headless")
def test_the_limit_in_settings_json_reaches_the_runtime(tmp_path: Path) -> None:
    limit = 2_500
    config = tmp_path / "config"
    with EndlessServer() as server:
        settings = JsonSettingsStore(config)
        settings.add_provider(
            ProviderConfig(name="p", kind="openai", base_url=f"{server.url}/v1", default_model="m")
        )
        settings.set_network(NetworkSettings(max_attempts=1, max_answer_chars=limit))
        written = json.loads((config / SETTINGS_FILE).read_text(encoding="utf-8"))
        assert written["network"]["max_answer_chars"] == limit
        services = build_services(tmp_path / "data", config)
        try:
            store = services.store
            assert isinstance(store, SqliteEventStore)
            _check_bounded_turn(store, services.runtime, server, limit)
        finally:
            services.close()


def test_the_setting_has_a_sane_default_and_is_validated(tmp_path: Path) -> None:
    assert NetworkSettings().max_answer_chars == DEFAULT_MAX_ANSWER_CHARS == 2_000_000
    for bad in (0, -5, 999, True, 2.5e6, "2000000", None):
        with pytest.raises(SettingsError, match="max_answer_chars"):
            NetworkSettings(max_answer_chars=bad)  # type: ignore[arg-type]  # bad on purpose
    # A hand-edited file with a bad value is refused, naming the setting.
    config = tmp_path / "config"
    config.mkdir()
    (config / SETTINGS_FILE).write_text(
        json.dumps({"version": 1, "providers": [], "network": {"max_answer_chars": 10}}),
        encoding="utf-8",
    )
    with pytest.raises(SettingsError, match="max_answer_chars"):
        JsonSettingsStore(config).network()


def _run_endless(
    tmp_path: Path, server: EndlessServer, provider: object, limit: int
) -> tuple[object, list]:
    """One turn against ``server`` bounded at ``limit``: its outcome and its recorded events,
    after checking the client hung up before the server ran dry."""
    store = SqliteEventStore(tmp_path / "parley.db")
    request = _request()
    try:
        runtime = TurnRuntime(
            store,
            OneProvider("p", provider),
            retry_policy=RetryPolicy(max_attempts=1),
            max_answer_chars=limit,
        )
        outcome = runtime.run(request)
        assert server.client_closed.wait(10.0)
        assert not server.ran_out.is_set()
        events = [stored.event for stored in store.events(request.session_id)]
    finally:
        store.close()
    return outcome, events


def _anthropic_event(kind: str, payload: dict) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **payload})}\n\n".encode()


def test_endless_thinking_is_bounded_and_kept(tmp_path: Path) -> None:
    """A model that thinks for ever (Anthropic's thinking deltas) is cut at the limit too."""
    from parley.domain.transcript.canonical import Reasoning
    from parley.infrastructure.providers.anthropic import AnthropicProvider

    limit = 3_001
    opening = _anthropic_event(
        "message_start",
        {"message": {"id": "m", "role": "assistant", "content": [], "usage": {"input_tokens": 1}}},
    ) + _anthropic_event(
        "content_block_start", {"index": 0, "content_block": {"type": "thinking", "thinking": ""}}
    )

    def thinking(index: int) -> bytes:
        delta = {"type": "thinking_delta", "thinking": piece(index)}
        return _anthropic_event("content_block_delta", {"index": 0, "delta": delta})

    with EndlessServer(opening, thinking) as server:
        provider = AnthropicProvider(server.url, "k", "claude-test")
        outcome, events = _run_endless(tmp_path, server, provider, limit)
    assert outcome.status == "failed" and outcome.error_kind == ANSWER_TOO_LONG
    assert "reasoning" in outcome.error
    kept = [event for event in events if isinstance(event, Reasoning)]
    assert len(kept) == 1 and kept[0].text == expected_text(limit)
    assert isinstance(events[-1], TurnFinished) and events[-1].error_kind == ANSWER_TOO_LONG


def test_endless_tool_call_arguments_are_bounded_and_never_run(tmp_path: Path) -> None:
    """One tool call whose arguments never end: the turn stops, and no call is recorded."""
    from parley.domain.transcript.canonical import ToolCall

    limit = 2_000

    call = {"index": 0, "id": "call_1", "type": "function"}
    opening = _openai_chunk(
        {"role": "assistant", "tool_calls": [{**call, "function": {"name": "f", "arguments": ""}}]}
    )

    def arguments(index: int) -> bytes:
        return _openai_chunk(
            {"tool_calls": [{"index": 0, "function": {"arguments": piece(index)}}]}
        )

    with EndlessServer(opening, arguments) as server:
        provider = OpenAICompatibleProvider(f"{server.url}/v1", "k", "m")
        outcome, events = _run_endless(tmp_path, server, provider, limit)
    assert outcome.status == "failed" and outcome.error_kind == ANSWER_TOO_LONG
    assert not [event for event in events if isinstance(event, ToolCall)]
    assert isinstance(events[-1], TurnFinished) and events[-1].error_kind == ANSWER_TOO_LONG

"""``TurnRuntime`` end to end: the real SQLite event store, the real settings-backed provider
directory and the real OpenAI-compatible adapter against a local streaming HTTP server."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TITLE_MAX_CHARS, TurnOutcome, TurnRuntime
from parley.application.ports.chat_provider import ProviderConfigError, ResolvedProvider
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.agents.conversation_execution_request import (
    INSTRUCTION_SEPARATOR,
    ConversationExecutionRequest,
)
from parley.domain.transcript.canonical import (
    AssistantText,
    ContextChecked,
    Event,
    Notice,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
    mint_id,
)
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.sse_server import openai_text_stream, sse_handler

CHAT_PATH = "/v1/chat/completions"
MODEL = "test-model"

# -- fixtures and helpers ------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    s = SqliteEventStore(tmp_path / "data" / "parley.db")
    yield s
    s.close()


@pytest.fixture
def settings(tmp_path: Path, httpserver: HTTPServer) -> JsonSettingsStore:
    s = JsonSettingsStore(tmp_path / "config")
    s.add_provider(
        ProviderConfig(
            name="local", kind="openai", base_url=httpserver.url_for("/v1"), default_model=MODEL
        )
    )
    return s


@pytest.fixture
def runtime(store: SqliteEventStore, settings: JsonSettingsStore) -> TurnRuntime:
    # Retries without waiting keep fault tests quick; the policy's timing is unit-tested.
    return TurnRuntime(
        store,
        SettingsProviderDirectory(settings, environ={}),
        retry_policy=RetryPolicy(max_attempts=2, base_delay=0.0, max_delay=0.0),
    )


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """Holds a gated server response; always released at the end so the server thread (which
    serves one request at a time) is free for the next test."""
    event = threading.Event()
    yield event
    event.set()


class Recorder:
    """A listener that keeps what it was told, and can signal the first piece of text."""

    def __init__(self) -> None:
        self.events: list[StoredEvent] = []
        self.texts: list[str] = []
        self.first_text = threading.Event()

    def on_event(self, stored: StoredEvent) -> None:
        self.events.append(stored)

    def on_text(self, turn_id: str, text: str) -> None:
        self.texts.append(text)
        self.first_text.set()


def make_request(session_id: str | None = None, **kwargs: object) -> ConversationExecutionRequest:
    kwargs.setdefault("prompt", "What is the capital of France?")
    return ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=session_id or mint_id(),
        **kwargs,  # type: ignore[arg-type]
    )


def serve(httpserver: HTTPServer, body: bytes, **options: object) -> list[dict]:
    record: list[dict] = []
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_handler(
        sse_handler(body, record=record, **options)  # type: ignore[arg-type]
    )
    return record


def sse_body(*chunks: dict, done: bool = True) -> bytes:
    """An event stream of the given Chat Completions chunks (and the terminator)."""
    out = b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks)
    return out + (b"data: [DONE]\n\n" if done else b"")


def chunk(content: str | None = None, finish: str | None = None, usage: dict | None = None):
    delta = {} if content is None else {"content": content}
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "model": MODEL,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        **({"usage": usage} if usage else {}),
    }


def offset_after_event_with(body: bytes, text: str) -> int:
    """The number of bytes up to and including the SSE event that carries ``text``."""
    start = body.index(json.dumps(text).encode())
    return body.index(b"\n\n", start) + 2


def types_of(events: list[StoredEvent]) -> list[str]:
    # context_checked (recorded before every call) is tested in test_turn_context.py
    return [e.type_name for e in events if e.type_name != "context_checked"]


E = TypeVar("E", bound=Event)


def the_one(events: list[StoredEvent], kind: type[E]) -> E:
    """The turn's only event of ``kind`` (its place is asserted by ``types_of``)."""
    found = [e.event for e in events if isinstance(e.event, kind)]
    assert len(found) == 1, found
    return found[0]


def the_finish(events: list[StoredEvent]) -> TurnFinished:
    """The turn's one ``turn_finished``: exactly one, and the last event."""
    finishes = [e for e in events if isinstance(e.event, TurnFinished)]
    assert len(finishes) == 1, types_of(events)
    assert events[-1] is finishes[0]
    return finishes[0].event  # type: ignore[return-value]


def run_in_time(
    runtime: TurnRuntime,
    request: ConversationExecutionRequest,
    cancel: threading.Event | None = None,
    listener: Recorder | None = None,
    *,
    limit: float = 5.0,
) -> TurnOutcome:
    started = time.monotonic()
    outcome = runtime.run(request, cancel, listener)
    assert time.monotonic() - started < limit, "the turn did not end promptly"
    return outcome


# -- a completed turn ----------------------------------------------------------------------------


def test_completed_turn_records_the_four_events_in_order(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    pieces = ["The capital", " of France", " is Paris."]
    serve(httpserver, openai_text_stream(pieces, model=MODEL, usage=(11, 13)))
    listener = Recorder()
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request, listener=listener)

    assert outcome.status == "completed", outcome.error
    assert outcome.text == "The capital of France is Paris."
    assert (outcome.usage.input_tokens, outcome.usage.output_tokens) == (11, 13)
    assert (outcome.provider_id, outcome.model) == ("local", MODEL)
    events = list(store.events(request.session_id))
    assert [e.type_name for e in events] == [
        "turn_started",
        "user_message",
        "context_checked",
        "assistant_text",
        "turn_finished",
    ]
    assert all(e.turn_id == request.turn_id for e in events)
    started, user, checked, answer = (e.event for e in events[:4])
    assert isinstance(started, TurnStarted)
    assert (started.provider_id, started.model) == ("local", MODEL)
    assert isinstance(user, UserMessage) and user.text == request.prompt
    assert isinstance(checked, ContextChecked) and checked.compaction_id == 0
    assert isinstance(answer, AssistantText)
    assert answer.text == "The capital of France is Paris."
    assert (answer.partial, answer.model, answer.finish_reason) == (False, MODEL, "stop")
    finish = the_finish(events)
    assert finish.status == "completed" and finish.error == ""
    assert (finish.usage.input_tokens, finish.usage.output_tokens) == (11, 13)
    assert finish.duration_s >= 0
    assert [e.actor for e in events[:4]] == ["runtime", "user", "runtime", "assistant"]
    # the listener saw every delta in order, and every stored event
    assert listener.texts == pieces
    assert [e.id for e in listener.events] == [e.id for e in events]


def test_provider_receives_model_composed_content_and_stream_options(
    runtime: TurnRuntime, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["ok"], model=MODEL))
    request = make_request(
        provider_id="local",
        model="chosen-model",
        prompt="Summarise the report.",
        instruction_prefix="You are a careful editor.",
        review_note="Reviewer: be brief.",
        session_notes="Notes: the audience is technical.",
        project_context="Project: Parley.",
    )

    outcome = run_in_time(runtime, request)

    assert outcome.status == "completed", outcome.error
    assert outcome.model == "chosen-model"
    (sent,) = record
    assert sent["model"] == "chosen-model"
    assert sent["stream"] is True
    assert sent["stream_options"] == {"include_usage": True}
    assert [(m["role"], m["content"]) for m in sent["messages"]] == [
        ("system", "Project: Parley."),
        (
            "user",
            "Reviewer: be brief.\n\nYou are a careful editor."
            f"{INSTRUCTION_SEPARATOR}Summarise the report.\n\nNotes: the audience is technical.",
        ),
    ]


def test_second_turn_sends_the_history_rendered_from_the_log(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["Paris", "."], model=MODEL))
    first = make_request(provider_id="local", prompt="Capital of France?")
    assert run_in_time(runtime, first).status == "completed"

    second = make_request(first.session_id, provider_id="local", prompt="And of Italy?")
    assert run_in_time(runtime, second).status == "completed"

    assert len(record) == 2
    assert [(m["role"], m["content"]) for m in record[1]["messages"]] == [
        ("user", "Capital of France?"),
        ("assistant", "Paris."),
        ("user", "And of Italy?"),
    ]
    events = list(store.events(first.session_id))
    assert [e.type_name for e in events] == 2 * [
        "turn_started",
        "user_message",
        "context_checked",
        "assistant_text",
        "turn_finished",
    ]
    assert [e.turn_id for e in events] == 5 * [first.turn_id] + 5 * [second.turn_id]


def test_session_is_created_with_a_title_from_the_prompt(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    serve(httpserver, openai_text_stream(["fine"], model=MODEL))
    short = make_request(provider_id="local", prompt="\n   How   are\tyou today?  \nsecond line")
    long = make_request(provider_id="local", prompt="word " * 40)

    run_in_time(runtime, short)
    run_in_time(runtime, long)

    assert store.get_session(short.session_id).title == "How are you today?"
    long_title = store.get_session(long.session_id).title
    assert len(long_title) == TITLE_MAX_CHARS and long_title.endswith("…")
    assert long_title.startswith("word word")
    assert {s.id for s in store.list_sessions()} == {short.session_id, long.session_id}


def test_an_explicit_title_wins_over_the_prompt(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    serve(httpserver, openai_text_stream(["fine"], model=MODEL))
    request = make_request(provider_id="local", title="My title")
    run_in_time(runtime, request)
    assert store.get_session(request.session_id).title == "My title"


def test_finish_reason_length_adds_a_warning_notice(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    body = sse_body(
        chunk("A very long"),
        chunk(" answer", finish="length"),
        chunk(usage={"prompt_tokens": 3, "completion_tokens": 2}),
    )
    serve(httpserver, body)
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "completed", outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == [
        "turn_started",
        "user_message",
        "assistant_text",
        "notice",
        "turn_finished",
    ]
    answer, notice = the_one(events, AssistantText), the_one(events, Notice)
    assert isinstance(answer, AssistantText) and answer.finish_reason == "length"
    assert answer.text == "A very long answer"
    assert isinstance(notice, Notice) and notice.level == "warning"
    assert "token limit" in notice.text
    assert the_finish(events).status == "completed"


def test_a_listener_that_raises_does_not_break_the_record(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    class Broken:
        def on_event(self, stored: StoredEvent) -> None:
            raise RuntimeError("listener bug (event)")

        def on_text(self, turn_id: str, text: str) -> None:
            raise RuntimeError("listener bug (text)")

    serve(httpserver, openai_text_stream(["still ", "recorded"], model=MODEL))
    request = make_request(provider_id="local")

    outcome = runtime.run(request, None, Broken())

    assert outcome.status == "completed", outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    assert the_one(events, AssistantText) == AssistantText(
        text="still recorded", model=MODEL, finish_reason="stop"
    )
    assert the_finish(events).status == "completed"


# -- cancel and timeout --------------------------------------------------------------------------


def test_cancel_mid_stream_keeps_the_partial_text(
    runtime: TurnRuntime,
    store: SqliteEventStore,
    httpserver: HTTPServer,
    gate: threading.Event,
) -> None:
    body = openai_text_stream(["Once upon", " a time", " there was"], model=MODEL)
    cut = offset_after_event_with(body, "Once upon")
    # First slice: everything up to the first text; then the server holds until the gate opens.
    serve(httpserver, body, slice_size=cut, gate=gate, gate_after=1)
    listener = Recorder()
    cancel = threading.Event()

    def cancel_after_first_text() -> None:
        if listener.first_text.wait(5):
            cancel.set()

    canceller = threading.Thread(target=cancel_after_first_text, daemon=True)
    canceller.start()
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request, cancel, listener)
    canceller.join(1)

    assert outcome.status == "cancelled"
    assert outcome.error == ""
    assert outcome.text == "Once upon"
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    partial = the_one(events, AssistantText)
    assert isinstance(partial, AssistantText)
    assert (partial.text, partial.partial) == ("Once upon", True)
    assert the_finish(events).status == "cancelled"
    assert listener.texts == ["Once upon"]


def test_cancel_while_the_server_is_silent_records_a_cancelled_turn(
    runtime: TurnRuntime,
    store: SqliteEventStore,
    httpserver: HTTPServer,
    gate: threading.Event,
) -> None:
    serve(httpserver, openai_text_stream(["never sent"], model=MODEL), gate=gate, gate_after=0)
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    request = make_request(provider_id="local")
    try:
        outcome = run_in_time(runtime, request, cancel)
    finally:
        timer.cancel()

    assert outcome.status == "cancelled"
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]
    assert the_finish(events).status == "cancelled"


def test_timeout_with_a_silent_server_records_timed_out(
    runtime: TurnRuntime,
    store: SqliteEventStore,
    httpserver: HTTPServer,
    gate: threading.Event,
) -> None:
    serve(httpserver, openai_text_stream(["never sent"], model=MODEL), gate=gate, gate_after=0)
    request = make_request(provider_id="local", timeout_sec=0.4)

    outcome = run_in_time(runtime, request)

    assert outcome.status == "timed_out"
    assert "0.4 s" in outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]
    finish = the_finish(events)
    assert finish.status == "timed_out" and finish.error == outcome.error


def test_timeout_after_some_text_keeps_it_as_partial(
    runtime: TurnRuntime,
    store: SqliteEventStore,
    httpserver: HTTPServer,
    gate: threading.Event,
) -> None:
    body = openai_text_stream(["Partial", " rest"], model=MODEL)
    serve(
        httpserver,
        body,
        slice_size=offset_after_event_with(body, "Partial"),
        gate=gate,
        gate_after=1,
    )
    request = make_request(provider_id="local", timeout_sec=0.5)

    outcome = run_in_time(runtime, request)

    assert outcome.status == "timed_out"
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    assert the_one(events, AssistantText) == AssistantText(
        text="Partial", model=MODEL, partial=True
    )
    assert the_finish(events).status == "timed_out"


# -- failures ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "message", "attempts"),
    [(401, "Incorrect API key provided", 1), (500, "The upstream model crashed", 2)],
)
def test_http_error_fails_the_turn_with_the_providers_message(
    runtime: TurnRuntime,
    store: SqliteEventStore,
    httpserver: HTTPServer,
    status: int,
    message: str,
    attempts: int,
) -> None:
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_json(
        {"error": {"message": message, "type": "error"}}, status=status
    )
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert str(status) in outcome.error and message in outcome.error
    assert len(httpserver.log) == attempts
    events = list(store.events(request.session_id))
    retries = ["notice"] * (attempts - 1)  # one "Retrying in …" notice per extra attempt
    assert types_of(events) == ["turn_started", "user_message", *retries, "turn_finished"]
    assert events[1].event == UserMessage(text=request.prompt)
    finish = the_finish(events)
    assert finish.status == "failed" and finish.error == outcome.error


def test_unknown_provider_is_recorded_as_a_failed_turn(
    runtime: TurnRuntime, store: SqliteEventStore
) -> None:
    request = make_request(provider_id="nope")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "'nope'" in outcome.error and "local" in outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]
    assert isinstance(events[0].event, TurnStarted) and events[0].event.provider_id == "nope"
    assert events[1].event == UserMessage(text=request.prompt)
    assert the_finish(events).error == outcome.error


def test_no_provider_configured_fails_with_how_to_add_one(
    store: SqliteEventStore, tmp_path: Path
) -> None:
    empty = JsonSettingsStore(tmp_path / "empty-config")
    runtime = TurnRuntime(store, SettingsProviderDirectory(empty, environ={}))
    request = make_request()

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "no provider is configured" in outcome.error
    assert "parley providers add" in outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]
    assert the_finish(events).status == "failed"
    assert store.get_session(request.session_id).title == request.prompt


def test_missing_api_key_variable_fails_naming_the_variable(
    store: SqliteEventStore, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    settings.add_provider(
        ProviderConfig(
            name="keyed",
            kind="openai",
            base_url=httpserver.url_for("/v1"),
            api_key_env="PARLEY_TEST_UNSET_KEY",
            default_model=MODEL,
        )
    )
    runtime = TurnRuntime(store, SettingsProviderDirectory(settings, environ={}))
    request = make_request(provider_id="keyed")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "PARLEY_TEST_UNSET_KEY" in outcome.error
    assert types_of(list(store.events(request.session_id))) == [
        "turn_started",
        "user_message",
        "turn_finished",
    ]


def test_a_provider_without_any_model_fails_with_a_hint(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    class Directory:
        def resolve(self, provider_id: str) -> ResolvedProvider:
            return ResolvedProvider("bare", OpenAICompatibleProvider(httpserver.url_for("/v1")))

    runtime = TurnRuntime(store, Directory())
    request = make_request(provider_id="bare")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "no model" in outcome.error and "--model" in outcome.error
    assert len(httpserver.log) == 0  # nothing was sent
    assert the_finish(list(store.events(request.session_id))).status == "failed"


def test_a_directory_that_breaks_still_records_the_turn(store: SqliteEventStore) -> None:
    class Broken:
        def resolve(self, provider_id: str) -> ResolvedProvider:
            raise RuntimeError("settings exploded")

    request = make_request(provider_id="any")

    outcome = run_in_time(TurnRuntime(store, Broken()), request)

    assert outcome.status == "failed"
    assert "settings exploded" in outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]


def test_config_error_from_the_directory_is_recorded(store: SqliteEventStore) -> None:
    class Misconfigured:
        def resolve(self, provider_id: str) -> ResolvedProvider:
            raise ProviderConfigError("provider 'x' needs OPENAI_API_KEY")

    request = make_request(provider_id="x")
    outcome = run_in_time(TurnRuntime(store, Misconfigured()), request)
    assert (outcome.status, outcome.error) == ("failed", "provider 'x' needs OPENAI_API_KEY")
    assert the_finish(list(store.events(request.session_id))).error == outcome.error


def test_missing_done_fails_as_incomplete_and_keeps_the_partial_text(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    serve(httpserver, openai_text_stream(["Cut", " short"], model=MODEL, done=False))
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "[DONE]" in outcome.error and "cut short" in outcome.error
    events = list(store.events(request.session_id))
    assert types_of(events) == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    partial = the_one(events, AssistantText)
    assert isinstance(partial, AssistantText)
    assert (partial.text, partial.partial) == ("Cut short", True)
    assert the_finish(events).error == outcome.error


def test_error_inside_the_stream_fails_and_keeps_the_text_so_far(
    runtime: TurnRuntime, store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    body = sse_body(chunk("Half"), {"error": {"message": "overloaded, try later"}}, done=False)
    serve(httpserver, body)
    request = make_request(provider_id="local")

    outcome = run_in_time(runtime, request)

    assert outcome.status == "failed"
    assert "overloaded, try later" in outcome.error
    events = list(store.events(request.session_id))
    assert the_one(events, AssistantText) == AssistantText(text="Half", model=MODEL, partial=True)
    assert the_finish(events).status == "failed"


# -- a turn stopped while its file is read ---------------------------------------------------------


def test_stop_while_a_file_is_read_records_no_attachment_and_calls_no_model(
    store: SqliteEventStore, settings: JsonSettingsStore, httpserver: HTTPServer, tmp_path: Path
) -> None:
    """The real subprocess reader on a long PDF, stopped 0.3 s in: the turn ends cancelled with
    no ``attachment_added`` (nothing half-read is recorded) and the provider is never called."""
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from tests.support.sse_server import fixture_path

    record = serve(httpserver, sse_body(chunk("never"), chunk(finish="stop")))
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "blobs"))
    runtime = TurnRuntime(
        store, SettingsProviderDirectory(settings, environ={}), attachments=reader
    )
    stop = threading.Event()
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    try:
        pdf = fixture_path("documents", "pdf-large-117pages.pdf")
        request = make_request(attachments=(str(pdf),))
        outcome = run_in_time(runtime, request, stop, limit=10.0)
    finally:
        timer.cancel()
        reader.close()
    assert outcome.status == "cancelled"
    events = list(store.events(request.session_id))
    assert "attachment_added" not in types_of(events)
    assert the_finish(events).status == "cancelled"
    assert record == []  # the model was never asked

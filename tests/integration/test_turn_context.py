"""Long conversations against a real local server whose context window is small and enforced.

The server (``WindowedServer``) speaks OpenAI's Chat Completions over real HTTP and counts every
request it receives with a real tokenizer (tiktoken's ``o200k_base``, not Parley's estimate): a
request over its window is answered ``400 context_length_exceeded``, as OpenAI answers. It writes
summaries when asked by Parley's summary instruction — listing every ``FACT-n`` code it was
given, so a test can tell whether what the model was told survives compaction.

What is proved, by effect on the server (what it received), not by the runtime's own figures:

- a 40-turn conversation never sends a request over the window; compactions replace whole turns,
  a prefix of the branch; every fact of a replaced turn reaches the summariser;
- a reopened store renders the same request the server last received;
- one message too large for the window is refused before anything is sent;
- a window that is only a guess is corrected by the provider's own "too long": the runtime
  summarises and tries once more;
- a summary that fails leaves the log without a compaction, and the turn goes on;
- a regenerated turn still uses the compaction of its path; ``/compact`` writes a manual one.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from parley.application.conversations.compaction import SUMMARY_INSTRUCTION, applicable
from parley.application.conversations.compactor import ConversationCompactor
from parley.application.conversations.context_guard import ContextGuard
from parley.application.conversations.render import render_turn_request
from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import (
    Compaction,
    ContextChecked,
    Notice,
    StoredEvent,
    TurnStarted,
    mint_id,
)
from parley.domain.transcript.excerpts import excerpts_of
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.adapter_harness import OneProvider
from tests.support.bpe_files import encodings
from tests.support.sse_server import fixture_path, openai_text_stream

MODEL = "tiny-model"
WINDOW = 4_096
OUTPUT = 512
FACT = re.compile(r"FACT-\d+")


class WindowedServer:
    """A Chat Completions server with a context window it enforces with a real tokenizer."""

    def __init__(self, window: int, *, fail_summaries: bool = False) -> None:
        self.window = window
        self.fail_summaries = fail_summaries
        self.encoding = encodings()["o200k_base"]
        self.lock = threading.Lock()
        #: every chat request received: (its JSON, its real token count, whether it was refused)
        self.requests: list[tuple[dict[str, Any], int, bool]] = []

    def count(self, body: dict[str, Any]) -> int:
        total = 0
        for message in body.get("messages", []):
            content = message.get("content") or ""
            if isinstance(content, list):
                content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
            total += 4 + len(self.encoding.encode(content, disallowed_special=()))
        return total

    def __call__(self, request: Request) -> Response:
        body = json.loads(request.get_data())
        tokens = self.count(body)
        room = self.window - int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        refused = tokens > room
        with self.lock:
            self.requests.append((body, tokens, refused))
        if refused:
            error = {
                "error": {
                    "message": f"This model's maximum context length is {self.window} tokens. "
                    f"However, your messages resulted in {tokens} tokens.",
                    "type": "invalid_request_error",
                    "code": "context_length_exceeded",
                }
            }
            return Response(json.dumps(error), status=400, content_type="application/json")
        first = body["messages"][0]
        if first["role"] == "system" and first["content"] == SUMMARY_INSTRUCTION:
            if self.fail_summaries:
                error = {"error": {"message": "summaries are broken today", "type": "server"}}
                return Response(json.dumps(error), status=500, content_type="application/json")
            facts = sorted(set(FACT.findall(body["messages"][1]["content"])))
            text = "The user stated these facts: " + ", ".join(facts) + "."
        else:
            asked = FACT.findall(body["messages"][-1]["content"] or "")
            text = f"Noted {asked[-1] if asked else 'that'}."
        stream = openai_text_stream([text], model=MODEL, usage=(tokens, 12))
        return Response(stream, content_type="text/event-stream")

    @property
    def chats(self) -> list[tuple[dict[str, Any], int, bool]]:
        """The requests that were not summary requests."""
        return [r for r in self.requests if r[0]["messages"][0]["content"] != SUMMARY_INSTRUCTION]

    @property
    def summaries(self) -> list[tuple[dict[str, Any], int, bool]]:
        return [r for r in self.requests if r[0]["messages"][0]["content"] == SUMMARY_INSTRUCTION]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    s = SqliteEventStore(tmp_path / "data" / "parley.db")
    yield s
    s.close()


def make_runtime(
    store: SqliteEventStore, server: HTTPServer, windowed: WindowedServer, *, table: bool = True
) -> TurnRuntime:
    server.expect_request("/v1/chat/completions", method="POST").respond_with_handler(windowed)
    provider = OpenAICompatibleProvider(server.url_for("/v1"), default_model=MODEL)
    rows = [ModelWindow(MODEL, windowed.window, OUTPUT)] if table else []
    return TurnRuntime(
        store,
        OneProvider("tiny", provider),
        retry_policy=RetryPolicy(max_attempts=1),
        context=ContextGuard(lambda: rows),
    )


def message(n: int, size: int = 900) -> str:
    """A user message carrying the code FACT-n and some filler of about ``size`` characters."""
    filler = " ".join(f"word{(n * 7 + i) % 97}" for i in range(size // 7))
    return f"Please remember FACT-{n}. {filler}"


def ask(
    runtime: TurnRuntime, session: str, text: str, **fields: Any
) -> ConversationExecutionRequest:
    request = ConversationExecutionRequest(
        turn_id=mint_id(), session_id=session, provider_id="tiny", prompt=text, **fields
    )
    outcome = runtime.run(request)
    assert outcome.status == "completed", outcome.error
    return request


def path_events(
    store: SqliteEventStore, session: str
) -> tuple[list[StoredEvent], list[StoredEvent]]:
    events = list(store.events(session))
    tree = BranchTree(events)
    return events, events_on_path(events, tree.path_through(None))


def test_a_long_conversation_never_exceeds_the_window_and_keeps_every_fact(
    store: SqliteEventStore, httpserver: HTTPServer, tmp_path: Path
) -> None:
    windowed = WindowedServer(WINDOW)
    runtime = make_runtime(store, httpserver, windowed)
    session = mint_id()
    for n in range(40):
        ask(runtime, session, message(n))

    # By effect: the server refused nothing and never received more than its window allows.
    assert windowed.requests and not any(refused for _b, _t, refused in windowed.requests)
    assert max(tokens for _b, tokens, _r in windowed.chats) <= WINDOW - OUTPUT
    events, on_path = path_events(store, session)
    compactions = [s for s in events if isinstance(s.event, Compaction)]
    assert len(compactions) >= 3  # the conversation is ~10x the window
    assert all(c.event.trigger == "auto" and c.event.turns >= 1 for c in compactions)

    # Each compaction replaces whole turns, a prefix of the branch, folding the one before.
    turn_order = [s.turn_id for s in on_path if isinstance(s.event, TurnStarted)]
    for stored in compactions:
        assert isinstance(stored.event, Compaction)
        first, last = stored.event.replaces
        replaced = [s for s in on_path if first <= s.id <= last]
        turns = list(dict.fromkeys(s.turn_id for s in replaced))
        assert turns == turn_order[: len(turns)]
        every = [s for s in on_path if s.turn_id in turns and not isinstance(s.event, Compaction)]
        assert {s.id for s in every} <= {s.id for s in replaced}

    # What the model was told survives: the latest summary names every fact it replaced.
    found = applicable(events, on_path)
    assert found is not None
    latest, replaced_ids = found
    replaced_turns = {s.turn_id for s in on_path if s.id in replaced_ids}
    told = {
        f"FACT-{n}"
        for n, turn in enumerate(turn_order)
        if turn in replaced_turns  # turn n carried FACT-n
    }
    assert told and told <= set(FACT.findall(latest.summary))

    # Every call was measured and the record says which compaction it used.
    checks = [s.event for s in events if isinstance(s.event, ContextChecked)]
    assert len(checks) == len(windowed.chats)
    assert all(c.window == WINDOW and c.window_source == "table" for c in checks)
    assert checks[-1].compaction_id == max(c.id for c in compactions)

    # A reopened store renders exactly the request the server last received.
    store.close()
    reopened = SqliteEventStore(tmp_path / "data" / "parley.db")
    try:
        # The log up to the last call's check: what the runtime had when it rendered that call.
        last_check = max(s.id for s in events if isinstance(s.event, ContextChecked))
        again = [s for s in reopened.events(session) if s.id < last_check]
        last_turn = turn_order[-1]
        rendered = render_turn_request(again, current_turn_id=last_turn, model=MODEL)
        sent = windowed.chats[-1][0]["messages"]
        assert [m.content for m in rendered.request.messages] == [m["content"] for m in sent]
        assert rendered.compaction_id == checks[-1].compaction_id
    finally:
        reopened.close()


def test_one_message_larger_than_the_window_is_refused_before_anything_is_sent(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    windowed = WindowedServer(WINDOW)
    runtime = make_runtime(store, httpserver, windowed)
    request = ConversationExecutionRequest(
        turn_id=mint_id(), session_id=mint_id(), provider_id="tiny", prompt=message(1, 30_000)
    )
    outcome = runtime.run(request)
    assert outcome.status == "failed"
    assert outcome.error_kind == "context_too_long"
    assert "does not fit tiny-model's context window" in outcome.error
    assert "Nothing was sent" in outcome.error
    assert windowed.requests == []  # by effect: the server never saw it
    # The measure is recorded all the same: the gauge and the History show by how much.
    checks = [s.event for s in store.events(request.session_id) if s.type_name == "context_checked"]
    assert len(checks) == 1 and checks[0].prompt_tokens > checks[0].window


def test_a_guessed_window_is_corrected_by_the_providers_too_long(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    windowed = WindowedServer(2_048)
    runtime = make_runtime(store, httpserver, windowed, table=False)  # no row: a guess (8,192)
    session = mint_id()
    for n in range(14):
        ask(runtime, session, message(n))
    refused = [r for r in windowed.requests if r[2]]
    assert refused, "the conversation outgrew the server's real window"
    events, _path = path_events(store, session)
    assert any(isinstance(s.event, Compaction) for s in events)
    # After each refusal the same turn went through, summarised: every turn completed (ask()).
    # The refusal named the limit: from then on the window is the server's, and enforced.
    checks = [s.event for s in events if isinstance(s.event, ContextChecked)]
    assert checks[0].window_source == "guess" and checks[0].window == 8_192
    assert (checks[-1].window_source, checks[-1].window) == ("provider", 2_048)
    assert len(refused) == 1  # learned once: no later request was refused


def test_a_failed_summary_leaves_the_conversation_as_it_was(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    windowed = WindowedServer(WINDOW, fail_summaries=True)
    runtime = make_runtime(store, httpserver, windowed)
    session = mint_id()
    outcomes = []
    for n in range(30):
        request = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=session, provider_id="tiny", prompt=message(n)
        )
        outcomes.append(runtime.run(request))
        if outcomes[-1].status != "completed":
            break
    events, _path = path_events(store, session)
    assert windowed.summaries, "a summary was asked for"
    assert not any(isinstance(s.event, Compaction) for s in events)
    notices = [s.event.text for s in events if isinstance(s.event, Notice)]
    assert any("could not be summarised" in t and "unchanged" in t for t in notices)
    # It went on while it fitted, and then said clearly that it could not: never over the window.
    assert not any(refused for _b, _t, refused in windowed.requests)
    assert outcomes[-1].status == "failed" and outcomes[-1].error_kind == "context_too_long"


def test_a_regenerated_turn_uses_the_compaction_of_its_path(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    windowed = WindowedServer(WINDOW)
    runtime = make_runtime(store, httpserver, windowed)
    session = mint_id()
    last = None
    for n in range(16):
        last = ask(runtime, session, message(n))
    assert last is not None
    events, _ = path_events(store, session)
    assert any(isinstance(s.event, Compaction) for s in events)
    follows = next(
        s.event.follows_turn_id
        for s in events
        if s.turn_id == last.turn_id and isinstance(s.event, TurnStarted)
    )
    # Regenerate the last turn: a sibling following the same turn.
    ask(runtime, session, message(15), follows_turn_id=follows)
    sent = windowed.chats[-1][0]["messages"]
    assert sent[0]["content"].startswith("[Summary of the earlier conversation")
    assert not any(refused for _b, _t, refused in windowed.requests)


def test_compact_now_writes_a_manual_compaction_the_next_turn_reads(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    windowed = WindowedServer(WINDOW)
    runtime = make_runtime(store, httpserver, windowed)
    session = mint_id()
    for n in range(3):
        ask(runtime, session, message(n, 300))
    compactor = ConversationCompactor(
        store, OneProvider("tiny", runtime_provider(httpserver)), runtime.context
    )
    outcome = compactor.compact(session, provider_id="", model="", cancel=threading.Event())
    assert outcome.compacted, outcome.message
    assert outcome.turns == 2  # the last turn is kept word for word
    events, on_path = path_events(store, session)
    manual = [s for s in events if isinstance(s.event, Compaction)]
    assert len(manual) == 1 and manual[0].event.trigger == "manual"
    assert manual[0].turn_id == on_path[-1].turn_id  # recorded under the last turn
    assert {"FACT-0", "FACT-1"} <= set(FACT.findall(manual[0].event.summary))
    ask(runtime, session, "What did I tell you? FACT-9")
    sent = windowed.chats[-1][0]["messages"]
    assert sent[0]["content"].startswith("[Summary of the earlier conversation")
    assert "FACT-0" in sent[0]["content"] and "FACT-2" in sent[0]["content"]
    # Nothing to summarise is said, not recorded.
    empty = ConversationCompactor(
        store, OneProvider("tiny", runtime_provider(httpserver)), runtime.context
    ).compact(mint_id(), provider_id="", model="", cancel=threading.Event())
    assert not empty.compacted and empty.message


def runtime_provider(server: HTTPServer) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(server.url_for("/v1"), default_model=MODEL)


# -- large documents: searched, not sent whole -------------------------------------------------


def test_a_117_page_pdf_is_searched_and_its_last_page_cited(
    store: SqliteEventStore, httpserver: HTTPServer, tmp_path: Path
) -> None:
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex

    book = fixture_path("documents", "pdf-large-117pages.pdf")
    windowed = WindowedServer(16_384)
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(windowed)
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "content"))
    index = SqliteKnowledgeIndex(tmp_path / "knowledge.sqlite3")
    rows = [ModelWindow(MODEL, 16_384, 2_048)]
    runtime = TurnRuntime(
        store,
        OneProvider("tiny", runtime_provider(httpserver)),
        retry_policy=RetryPolicy(max_attempts=1),
        context=ContextGuard(lambda: rows),
        attachments=reader,
        knowledge=index,
    )
    try:
        session = mint_id()
        ask(
            runtime,
            session,
            "Auf welcher Seite stehen im Stichwortverzeichnis Zariski und der Zwischenwertsatz?",
            attachments=(book,),
        )
        events = list(store.events(session))
        attached = [s.event for s in events if s.type_name == "attachment_added"]
        assert len(attached) == 1 and attached[0].retrieval and attached[0].text == ""
        assert attached[0].chars > 100_000 and attached[0].units == 117
        retrieved = [s.event for s in events if s.type_name == "retrieval_performed"]
        assert len(retrieved) == 1
        excerpts = excerpts_of(retrieved[0].excerpts)
        assert excerpts and len(excerpts) <= 8
        assert excerpts[0].location == "page 117", [e.label for e in excerpts]
        assert (excerpts[0].unit, excerpts[0].unit_number) == ("page", 117)
        # By effect on the server: the excerpts went out with their places, the book did not.
        sent = windowed.chats[-1][0]["messages"][-1]["content"]
        assert 'searched="true"' in sent
        assert '<excerpt n="1" source="pdf-large-117pages.pdf" location="page 117">' in sent
        assert "Zwischenwertsatz, 107" in sent
        assert len(sent) < 40_000 and windowed.chats[-1][1] <= 16_384 - 2_048
        # A follow-up that says little searches with the question before it too.
        ask(runtime, session, "Und Weingarten?")
        events = list(store.events(session))
        second = [s.event for s in events if s.type_name == "retrieval_performed"][-1]
        assert "Stichwortverzeichnis" in second.query and "Weingarten" in second.query
        assert any(e.unit_number == 117 for e in excerpts_of(second.excerpts))
    finally:
        reader.close()
        index.close()


def test_a_projects_knowledge_is_searched_each_turn_and_says_when_still_indexing(
    store: SqliteEventStore, httpserver: HTTPServer
) -> None:
    from parley.application.ports.knowledge import CollectionMember, DocumentText
    from tests.support.knowledge import MemoryKnowledge

    knowledge = MemoryKnowledge()
    text = (
        "--- page 1 ---\nThe rota starts on Mondays.\n\n--- page 2 ---\nFACT-77 is the door code."
    )
    knowledge.index_document(
        DocumentText("a" * 64, "handbook.pdf", text, unit="page"), threading.Event()
    )
    knowledge.put_member(
        "proj", CollectionMember("/k/handbook.pdf", len(text), 1.0, sha256="a" * 64)
    )
    windowed = WindowedServer(WINDOW)
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(windowed)
    runtime = TurnRuntime(
        store,
        OneProvider("tiny", runtime_provider(httpserver)),
        retry_policy=RetryPolicy(max_attempts=1),
        context=ContextGuard(lambda: [ModelWindow(MODEL, WINDOW, OUTPUT)]),
        knowledge=knowledge,
    )
    session = mint_id()
    ask(
        runtime,
        session,
        "What is the door code in the handbook?",
        knowledge_collections=("proj",),
        knowledge_incomplete=True,
    )
    retrieved = [s.event for s in store.events(session) if s.type_name == "retrieval_performed"]
    assert len(retrieved) == 1
    assert "still being indexed" in retrieved[0].note
    labels = [e.label for e in excerpts_of(retrieved[0].excerpts)]
    assert labels[0] == "handbook.pdf, page 2"
    sent = windowed.chats[-1][0]["messages"][-1]["content"]
    assert "FACT-77 is the door code." in sent and "cite the ones you use as [n]" in sent
    # A turn in a project without a folder searches nothing and records nothing.
    ask(runtime, session, "Thanks, that is all for the handbook today.")
    assert len([s for s in store.events(session) if s.type_name == "retrieval_performed"]) == 1


def test_excerpts_are_held_to_their_share_of_a_small_window_turn_after_turn(
    store: SqliteEventStore, httpserver: HTTPServer, tmp_path: Path
) -> None:
    """Found under Xvfb with a 3,000-token window: the excerpts were sized before the window was
    known (24,000 characters), so every follow-up failed as too long even after summarising."""
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex

    windowed = WindowedServer(3_000)
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(windowed)
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "content"))
    index = SqliteKnowledgeIndex(tmp_path / "knowledge.sqlite3")
    runtime = TurnRuntime(
        store,
        OneProvider("tiny", runtime_provider(httpserver)),
        retry_policy=RetryPolicy(max_attempts=1),
        context=ContextGuard(lambda: [ModelWindow(MODEL, 3_000, 400)]),
        attachments=reader,
        knowledge=index,
    )
    try:
        session = mint_id()
        book = fixture_path("documents", "pdf-large-117pages.pdf")
        ask(runtime, session, "Wo steht Zariski im Stichwortverzeichnis?", attachments=(book,))
        for topic in ("kompakte Räume", "Hausdorff", "Tychonoff", "Quotiententopologie", "Torus"):
            ask(runtime, session, f"Was sagt das Skript über {topic} und seine Beispiele?")
        assert not any(refused for _b, _t, refused in windowed.requests)
        events = list(store.events(session))
        compactions = [s.event for s in events if isinstance(s.event, Compaction)]
        assert compactions  # the excerpts of earlier turns were summarised away
        ranges = [c.replaces for c in compactions]
        assert len(ranges) == len(set(ranges))  # never the same range twice
    finally:
        reader.close()
        index.close()


def test_a_failing_embedding_model_leaves_keyword_search_and_says_so(
    store: SqliteEventStore, httpserver: HTTPServer, tmp_path: Path
) -> None:
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from tests.support.embedders import FailingEmbedder

    windowed = WindowedServer(16_384)
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(windowed)
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "content"))
    index = SqliteKnowledgeIndex(tmp_path / "knowledge.sqlite3", embedder=FailingEmbedder())
    runtime = TurnRuntime(
        store,
        OneProvider("tiny", runtime_provider(httpserver)),
        retry_policy=RetryPolicy(max_attempts=1),
        context=ContextGuard(lambda: [ModelWindow(MODEL, 16_384, 2_048)]),
        attachments=reader,
        knowledge=index,
    )
    try:
        session = mint_id()
        book = fixture_path("documents", "pdf-large-117pages.pdf")
        ask(runtime, session, "Wo steht Zariski im Stichwortverzeichnis?", attachments=(book,))
        events = list(store.events(session))
        attached = [s.event for s in events if s.type_name == "attachment_added"]
        assert attached[0].retrieval  # searched, not cut and sent
        notices = [s.event.text for s in events if isinstance(s.event, Notice)]
        assert any("searched by keywords only" in t for t in notices)
        retrieved = next(s.event for s in events if s.type_name == "retrieval_performed")
        assert retrieved.method == "bm25" and retrieved.note  # the vectors' failure is said
        assert excerpts_of(retrieved.excerpts)[0].unit_number == 117
    finally:
        reader.close()
        index.close()

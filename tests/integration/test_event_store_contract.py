"""One set of cases for every ``EventStore`` adapter: SQLite (a real file) and PostgreSQL (a
throwaway cluster, as a team member through row-level security; skipped with one line when
PostgreSQL is not installed).

What it pins: the semantics the port promises, so that a conversation behaves the same on a
desktop and on a team's server — append order and ids, settings that are not activity, the branch
index, search with filters and snippets, checkpoints and recovery, the hash chain (and that an
edit made behind the store's back is caught), deletion, duplicates and imports that keep a
compaction's references right, and recorded migrations.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from parley.application.ports.event_store import (
    EventStore,
    EventStoreError,
    SearchFilters,
    SessionNotFound,
)
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    Compaction,
    ContextChecked,
    Event,
    Fact,
    Notice,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    to_payload,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.storage import migrations as sqlite_migrations
from parley.infrastructure.storage.sqlite_event_store import INTERRUPTED_ERROR, SqliteEventStore
from tests.support.postgres import Cluster, fresh_database, postgres_cluster  # noqa: F401

TS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")


@dataclass
class Backend:
    """A database and the ways to reach it: new store objects over it (``open``), and raw SQL
    as its owner, behind the store's back (``query``, ``tamper_payload``)."""

    name: str
    open: Callable[[], Any]
    query: Callable[[str], list[tuple[Any, ...]]]
    tamper_payload: Callable[[int, str], None]
    migrations: Callable[[], list[str]]
    expected_migrations: list[str]


def _sqlite_backend(tmp_path: Path) -> Backend:
    path = tmp_path / "parley.db"

    def query(sql: str) -> list[tuple[Any, ...]]:
        with sqlite3.connect(path) as conn:
            return conn.execute(sql).fetchall()

    def tamper(event_id: int, payload: str) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("DROP TRIGGER events_append_only_no_update")
            conn.execute("UPDATE events SET payload = ? WHERE id = ?", (payload, event_id))
        finally:
            conn.close()

    return Backend(
        "sqlite",
        lambda: SqliteEventStore(path),
        query,
        tamper,
        lambda: [r[0] for r in query("SELECT name FROM _migrations ORDER BY rowid")],
        [m.__name__ for m in sqlite_migrations.MIGRATIONS],
    )


def _postgres_backend(cluster: Cluster, database: str) -> Backend:
    import psycopg

    from parley.infrastructure.team import migrations as pg_migrations
    from parley.infrastructure.team.postgres_store import PostgresEventStore
    from parley.infrastructure.team.roles import add_member, init_team

    admin = cluster.admin_dsn(database)
    init_team(admin)
    member, password = "m_" + uuid.uuid4().hex[:10], "pw-" + uuid.uuid4().hex
    add_member(admin, member, password)
    dsn = cluster.dsn(member, password, database)

    def query(sql: str) -> list[tuple[Any, ...]]:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("SET search_path TO parley")
            return conn.execute(sql).fetchall()

    def tamper(event_id: int, payload: str) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("ALTER TABLE parley.events DISABLE TRIGGER events_no_update")
            conn.execute("UPDATE parley.events SET payload = %s WHERE id = %s", (payload, event_id))
            conn.execute("ALTER TABLE parley.events ENABLE TRIGGER events_no_update")

    return Backend(
        "postgres",
        lambda: PostgresEventStore(dsn, device_id="desk-1", timeout=10),
        query,
        tamper,
        lambda: [r[0] for r in query("SELECT name FROM _migrations ORDER BY seq")],
        [m.__name__ for m in pg_migrations.MIGRATIONS],
    )


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return _sqlite_backend(tmp_path)
    cluster = request.getfixturevalue("postgres_cluster")
    return _postgres_backend(cluster, request.getfixturevalue("fresh_database"))


@pytest.fixture
def store(backend: Backend) -> Iterator[EventStore]:
    s = backend.open()
    yield s
    s.close()


def add_turn(
    store: EventStore, sid: str, turn: str, question: str, answer: str, *, follows: str | None = ""
) -> None:
    store.append_many(
        sid,
        turn,
        [
            (TurnStarted(provider_id="p", model="m", follows_turn_id=follows), "user"),
            (UserMessage(text=question), "user"),
        ],
    )
    store.append(sid, turn, AssistantText(text=answer, model="m"), actor="assistant")
    store.append(sid, turn, TurnFinished(status="completed", usage=Usage(3, 4)), actor="runtime")


# -- events ---------------------------------------------------------------------------------------


def test_append_returns_what_events_reads_back_in_order(store: EventStore) -> None:
    session = store.create_session("t")
    written = [
        store.append(session.id, "t1", TurnStarted(provider_id="p", model="m"), actor="user"),
        store.append(session.id, "t1", UserMessage(text='héllo \u2603 "q"'), actor="user"),
        store.append(session.id, "t1", Fact(text="v"), work_item="w1"),
        store.append(session.id, "t1", ToolCall(call_id="c", tool="read_file", arguments={"p": 1})),
    ]
    read = store.events(session.id)
    assert read == written
    assert [e.id for e in read] == sorted(e.id for e in read)
    assert all(TS.fullmatch(e.ts) for e in read)
    assert [e.ts for e in read] == sorted(e.ts for e in read)
    assert read[2].work_item == "w1" and read[1].actor == "user"
    assert store.events(session.id, after_id=read[1].id) == read[2:]
    assert store.events(session.id, after_id=read[-1].id) == []


def test_append_many_is_one_transaction(store: EventStore) -> None:
    session = store.create_session()
    stored = store.append_many(
        session.id, "t", [(TurnStarted(provider_id="p", model="m"), "u"), (UserMessage("q"), "u")]
    )
    assert [e.type_name for e in store.events(session.id)] == ["turn_started", "user_message"]
    assert list(stored) == list(store.events(session.id))
    with pytest.raises(EventStoreError):  # the second cannot be stored: neither lands
        store.append_many(
            session.id,
            "t",
            [
                (UserMessage("a"), "u"),
                (ToolCall(call_id="c", tool="t", arguments={"x": float("nan")}), ""),
            ],
        )
    assert len(store.events(session.id)) == 2
    store.append_many("new-one", "t", [(UserMessage("x"), "u")], new_session=("New", "proj"))
    assert store.get_session("new-one").project_id == "proj"
    with pytest.raises(EventStoreError):
        store.append_many("new-one", "t", [(UserMessage("x"), "u")], new_session=("New", None))
    assert store.append_many(session.id, "t", []) == []


def test_two_store_objects_appending_at_once_keep_one_chain(backend: Backend) -> None:
    first, second = backend.open(), backend.open()
    try:
        session = first.create_session()
        failures: list[BaseException] = []

        def write(store: EventStore, name: str) -> None:
            try:
                for n in range(15):
                    store.append(session.id, name, UserMessage(text=f"{name} {n}"))
            except BaseException as exc:  # reported below, not lost in the thread
                failures.append(exc)

        threads = [
            threading.Thread(target=write, args=(first, "x")),
            threading.Thread(target=write, args=(second, "y")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        events = first.events(session.id)
        assert len(events) == 30
        assert [e.ts for e in events] == sorted(e.ts for e in events)
        assert [e.event.text for e in events if e.turn_id == "x"] == [f"x {n}" for n in range(15)]
        assert second.verify_chain(session.id).ok
    finally:
        first.close()
        second.close()


def test_unknown_conversation_is_reported(store: EventStore) -> None:
    for call in (
        lambda: store.get_session("nope"),
        lambda: store.events("nope"),
        lambda: store.append("nope", "t", UserMessage("x")),
        lambda: store.turn_index("nope"),
        lambda: store.events_of_turns("nope", ["t"]),
        lambda: store.verify_chain("nope"),
        lambda: store.delete_session("nope"),
        lambda: store.rename_session("nope", "x"),
        lambda: store.set_pinned("nope", True),
        lambda: store.set_project("nope", "p"),
        lambda: store.set_current_turn("nope", ""),
        lambda: store.duplicate_session("nope"),
        lambda: store.checkpoint_partial("nope", "t", "x"),
    ):
        with pytest.raises(SessionNotFound):
            call()
    assert not store.session_exists("nope")


def test_an_imported_time_is_kept_and_never_goes_back(store: EventStore) -> None:
    session = store.create_session()
    first = store.append(session.id, "t", UserMessage("a"), ts="2025-05-01T10:00:00+02:00")
    assert first.ts == "2025-05-01T08:00:00.000000Z"
    assert store.get_session(session.id).created_at == first.ts
    with pytest.raises(EventStoreError, match="back in time"):
        store.append(session.id, "t", UserMessage("b"), ts="2025-04-30T00:00:00Z")
    with pytest.raises(EventStoreError, match="ISO 8601"):
        store.append(session.id, "t", UserMessage("b"), ts="yesterday")
    assert store.verify_chain(session.id).ok


# -- sessions --------------------------------------------------------------------------------------


def test_sessions_create_list_rename_pin_project(store: EventStore) -> None:
    a = store.create_session("first", project_id="p1")
    b = store.create_session("second", session_id="given-id", pinned=True)
    assert b.id == "given-id" and b.pinned and not a.pinned
    assert store.get_session(a.id) == a
    with pytest.raises(EventStoreError, match="already exists"):
        store.create_session("again", session_id="given-id")
    assert [s.id for s in store.list_sessions()] == [b.id, a.id]  # ties: later-created first
    store.append(a.id, "t", UserMessage("x"))
    assert [s.id for s in store.list_sessions()] == [a.id, b.id]
    assert [s.id for s in store.list_sessions(limit=1)] == [a.id]
    before = store.get_session(b.id).updated_at
    store.rename_session(b.id, "renamed")
    store.set_pinned(b.id, False)
    store.set_project(b.id, "p2")
    got = store.get_session(b.id)
    assert (got.title, got.pinned, got.project_id, got.updated_at) == (
        "renamed",
        False,
        "p2",
        before,
    )
    store.set_project(b.id, None)
    assert store.get_session(b.id).project_id is None
    assert [s.id for s in store.list_sessions()] == [a.id, b.id]  # settings are not activity


def test_current_turn_and_branches(store: EventStore) -> None:
    session = store.create_session()
    add_turn(store, session.id, "t1", "q1", "a1")
    add_turn(store, session.id, "t2", "q2", "a2", follows="t1")
    add_turn(store, session.id, "t3", "q2 again", "a3", follows="t1")  # a sibling branch
    before = store.get_session(session.id).updated_at
    store.set_current_turn(session.id, "t2")
    assert store.get_session(session.id).current_turn_id == "t2"
    assert store.get_session(session.id).updated_at == before
    with pytest.raises(EventStoreError, match="no turn"):
        store.set_current_turn(session.id, "t9")
    index = store.turn_index(session.id)
    assert [(e.turn_id, e.follows_turn_id) for e in index] == [
        ("t1", ""),
        ("t2", "t1"),
        ("t3", "t1"),
    ]
    starts = [e for e in store.events(session.id) if e.type_name == "turn_started"]
    assert [e.first_event_id for e in index] == [e.id for e in starts]
    picked = store.events_of_turns(session.id, ["t3", "t1", "nope", "t1"])
    assert [e.turn_id for e in picked] == ["t1"] * 4 + ["t3"] * 4
    assert list(picked) == [e for e in store.events(session.id) if e.turn_id in ("t1", "t3")]
    assert store.turn_index(store.create_session().id) == []
    with pytest.raises(EventStoreError):
        store.events_of_turns(session.id, "t1")


# -- search and summaries -----------------------------------------------------------------------


def _history(store: EventStore) -> tuple[str, str]:
    a = store.create_session("Walrus facts", project_id="zoo")
    store.append(a.id, "t1", TurnStarted(provider_id="openai", model="gpt", workspace="/w"))
    store.append(a.id, "t1", UserMessage(text="Tell me about walruses and their tusks"))
    store.append(a.id, "t1", ToolCall(call_id="c1", tool="read_file", arguments={"path": "w.txt"}))
    store.append(
        a.id, "t1", ToolResult(call_id="c1", result="Walruses live in the Arctic", success=True)
    )
    store.append(
        a.id,
        "t1",
        ActionVerdict(
            call_id="c1", tool="read_file", effect="read", rule="r", reason="no", decision="refused"
        ),
    )
    store.append(a.id, "t1", AssistantText(text="Un Café Crème for the walrus", model="gpt"))
    store.append(a.id, "t1", TurnFinished(status="completed", usage=Usage(10, 20)))
    b = store.create_session("Narwhals")
    store.append(b.id, "t1", TurnStarted(provider_id="anthropic", model="claude"))
    store.append(b.id, "t1", UserMessage(text="narwhal tusks are teeth"))
    store.append(b.id, "t1", TurnFinished(status="failed", error="the provider went away"))
    return a.id, b.id


def test_search_finds_words_with_snippets_newest_first(store: EventStore) -> None:
    a, b = _history(store)
    hits = store.search("tusks")
    assert [h.session_id for h in hits] == [b, a]  # newest first
    assert "[tusks]" in hits[0].snippet and hits[0].session_title == "Narwhals"
    assert hits[0].type_name == "user_message" and TS.fullmatch(hits[0].ts)
    assert [h.session_id for h in store.search("walrus* tusks")] == [a]  # prefix, all words
    assert store.search("café")[0].snippet.count("[") == 1
    assert "[Café]" in store.search("café")[0].snippet
    assert {h.type_name for h in store.search("arctic")} == {"tool_result"}
    assert {h.type_name for h in store.search("read_file")} == {"tool_call"}
    assert [h.type_name for h in store.search("went away")] == ["turn_finished"]
    assert store.search("tusks", limit=1)[0].session_id == b
    for weird in ('"', "AND", "c++ OR", "-x", "NEAR(", "'", ":*", "\\"):
        store.search(weird)  # never a syntax error
    assert store.search("!!!") == []
    assert store.search("zebra") == []


def test_search_and_summaries_filter(store: EventStore) -> None:
    a, b = _history(store)
    only = {
        SearchFilters(provider="openai"): {a},
        SearchFilters(model="claude"): {b},
        SearchFilters(project_id="zoo"): {a},
        SearchFilters(workspace="/w"): {a},
        SearchFilters(status="failed"): {b},
        SearchFilters(has_tool_calls=True): {a},
        SearchFilters(verdict="refused"): {a},
        SearchFilters(since="2999-01-01"): set(),
        SearchFilters(until="2000-01-01"): set(),
    }
    for filters, expected in only.items():
        assert {h.session_id for h in store.search("tusks", filters)} == expected, filters
        assert {s.id for s in store.summaries(filters)} == expected, filters
    listed = store.search("", SearchFilters(status="failed"))
    assert [h.type_name for h in listed] == ["turn_finished", "user_message"]
    assert listed[1].snippet == "narwhal tusks are teeth"
    figures = {s.id: s for s in store.summaries()}
    assert (figures[a].turns, figures[a].input_tokens, figures[a].output_tokens) == (1, 10, 20)
    assert (figures[a].models, figures[a].workspaces, figures[a].failures) == (("gpt",), ("/w",), 0)
    assert figures[b].failures == 1
    assert [s.id for s in store.summaries(limit=1)] == [b]


# -- checkpoints and recovery -------------------------------------------------------------------


def test_checkpoints_are_cleared_by_the_answer(store: EventStore, backend: Backend) -> None:
    session = store.create_session()
    store.append(session.id, "t", TurnStarted(provider_id="p", model="m"))
    assert store.checkpoint_partial(session.id, "t", "Hel") == ""
    store.checkpoint_partial(session.id, "t", "")
    store.checkpoint_partial(session.id, "t", "lo")
    assert backend.query("SELECT turn_id, seq, text FROM partials ORDER BY seq") == [
        ("t", 1, "Hel"),
        ("t", 2, "lo"),
    ]
    store.append(session.id, "t", AssistantText(text="Hello", model="m"))
    assert backend.query("SELECT count(*) FROM partials") == [(0,)]
    assert store.recover_interrupted() == []  # its owner (this store) is alive


def test_recovery_closes_only_turns_whose_owner_is_gone(backend: Backend) -> None:
    first, other = backend.open(), backend.open()
    try:
        session = first.create_session()
        first.append(session.id, "t", TurnStarted(provider_id="p", model="m", agent_role="critic"))
        first.append(session.id, "t", UserMessage(text="q"))
        first.checkpoint_partial(session.id, "t", "The answer ")
        first.checkpoint_partial(session.id, "t", "so far")
        assert other.recover_interrupted() == []
        first.close()
        assert other.recover_interrupted() == ["t"]
        assert other.recover_interrupted() == []
        events = other.events(session.id)
        assert [e.type_name for e in events][-2:] == ["assistant_text", "turn_finished"]
        assert events[2].event == AssistantText(text="The answer so far", model="m", partial=True)
        assert events[2].actor == "critic"
        finished = events[3].event
        assert isinstance(finished, TurnFinished)
        assert finished.status == "interrupted" and finished.error == INTERRUPTED_ERROR
        assert other.verify_chain(session.id).ok
        assert other.search("so far")[0].event_id == events[2].id
        (summary,) = other.summaries(SearchFilters(status="interrupted"))
        assert summary.failures == 1
    finally:
        first.close()
        other.close()


# -- the hash chain -------------------------------------------------------------------------------


def test_every_event_is_chained_and_verified(store: EventStore) -> None:
    a, b = _history(store)
    for sid in (a, b):
        prev = GENESIS
        for e in store.events(sid):
            assert e.prev_hash == prev
            prev = e.hash or ""
        report = store.verify_chain(sid)
        assert report.ok and report.events_checked == len(store.events(sid))
    empty = store.create_session()
    assert store.verify_chain(empty.id).ok and store.verify_chain(empty.id).events_checked == 0


def test_the_hash_is_the_documented_one_over_the_stored_text(
    store: EventStore, backend: Backend
) -> None:
    session = store.create_session()
    event = ToolCall(call_id="ü", tool="t", arguments={"b": 1, "a": [2]})
    stored = store.append(session.id, "t1", event, actor="x")
    ((payload,),) = backend.query(f"SELECT payload FROM events WHERE id = {stored.id}")
    assert payload == json.dumps(to_payload(event), ensure_ascii=False, separators=(",", ":"))
    assert '"ü"' in payload and '{"b":1,"a":[2]}' in payload  # as written: not re-ordered
    assert stored.hash == event_hash(
        GENESIS, session.id, "t1", stored.ts, "tool_call", "x", None, payload
    )


def test_a_payload_changed_behind_the_stores_back_is_caught(
    store: EventStore, backend: Backend
) -> None:
    a, b = _history(store)
    victim = store.events(a)[1]
    backend.tamper_payload(victim.id, '{"text":"I never said that"}')
    report = store.verify_chain(a)
    assert not report.ok and report.first_bad_event_id == victim.id
    assert report.reason.startswith("payload changed")
    assert store.verify_chain(b).ok


def test_an_unreadable_row_is_an_error_naming_the_event(
    store: EventStore, backend: Backend
) -> None:
    session = store.create_session()
    store.append(session.id, "t", UserMessage(text="fine"))
    broken = store.append(session.id, "t", UserMessage(text="soon broken"))
    backend.tamper_payload(broken.id, "{not json")
    with pytest.raises(EventStoreError, match=f"event {broken.id} .*unreadable"):
        store.events(session.id)


def test_a_closed_store_refuses_and_close_is_idempotent(backend: Backend) -> None:
    store = backend.open()
    session = store.create_session()
    store.close()
    store.close()
    with pytest.raises(EventStoreError):
        store.append(session.id, "t", UserMessage(text="late"))
    with pytest.raises(EventStoreError):
        store.list_sessions()


# -- deletion, duplicates and imports -----------------------------------------------------------


def test_delete_session_removes_it_and_nothing_else(store: EventStore, backend: Backend) -> None:
    a, b = _history(store)
    store.checkpoint_partial(a, "t9", "streaming")
    assert store.delete_session(a) == 7
    assert not store.session_exists(a) and store.session_exists(b)
    assert {h.session_id for h in store.search("tusks")} == {b}
    for table in ("events", "turns", "partials", "turn_verdicts"):
        assert backend.query(f"SELECT count(*) FROM {table} WHERE session_id = '{a}'") == [(0,)]
    assert backend.query("SELECT session_id, title, events FROM retention_log") == [
        (a, "Walrus facts", 7)
    ]
    assert [s.id for s in store.summaries()] == [b]
    assert store.verify_chain(b).ok


def _compacted(store: EventStore) -> tuple[str, list[int]]:
    session = store.create_session("Long talk")
    add_turn(store, session.id, "t1", "walrus one", "answer one")
    add_turn(store, session.id, "t2", "walrus two", "answer two", follows="t1")
    ids = [e.id for e in store.events(session.id)]
    compaction = store.append(
        session.id,
        "t3",
        Compaction(summary="they talked of walruses", model="m", replaces=(ids[0], ids[7])),
    )
    store.append(
        session.id, "t3", ContextChecked(window=1000, prompt_tokens=10, compaction_id=compaction.id)
    )
    return session.id, ids


def test_duplicate_keeps_compaction_references_and_its_own_chain(store: EventStore) -> None:
    sid, _ = _compacted(store)
    store.set_current_turn(sid, "t1")
    copy = store.duplicate_session(sid)
    assert copy.title == "Long talk (copy)" and copy.current_turn_id == "t1" and not copy.pinned
    source, copied = store.events(sid), store.events(copy.id)
    assert [(e.turn_id, e.ts, e.actor) for e in source] == [
        (e.turn_id, e.ts, e.actor) for e in copied
    ]
    new_id = {a.id: b.id for a, b in zip(source, copied, strict=True)}
    compaction, checked = copied[-2].event, copied[-1].event
    assert isinstance(compaction, Compaction) and isinstance(checked, ContextChecked)
    assert compaction.replaces == (new_id[source[0].id], new_id[source[7].id])
    assert checked.compaction_id == copied[-2].id
    assert store.verify_chain(copy.id).ok and store.verify_chain(sid).ok
    assert {h.session_id for h in store.search("walruses")} == {sid, copy.id}
    store.append(sid, "t4", TurnStarted(provider_id="p", model="m"))
    with pytest.raises(EventStoreError, match="still running"):
        store.duplicate_session(sid)


def test_import_maps_source_ids_and_is_all_or_nothing(store: EventStore) -> None:
    events: list[tuple[str, Event, str, str | None, str | None]] = [
        ("t1", UserMessage("walrus"), "user", None, "2025-01-01T00:00:00Z"),
        ("t1", AssistantText("tusk", model="m"), "assistant", None, "2025-01-01T00:00:01Z"),
        (
            "t2",
            Compaction(summary="s", model="m", replaces=(501, 502)),
            "",
            None,
            "2025-01-01T00:00:02Z",
        ),
        (
            "t2",
            ContextChecked(window=1000, prompt_tokens=10, compaction_id=503),
            "",
            None,
            "2025-01-01T00:00:03Z",
        ),
        (
            "t2",
            Compaction(summary="s", model="m", replaces=(501, 999)),
            "",
            None,
            "2025-01-01T00:00:04Z",
        ),
    ]
    n = store.import_session(
        "Imported", session_id="imp", project_id="p", events=events,
        source_ids=[501, 502, 503, 504, 505],
    )  # fmt: skip
    assert n == 5
    got = store.events("imp")
    assert got[2].event == Compaction(summary="s", model="m", replaces=(got[0].id, got[1].id))
    assert got[3].event == ContextChecked(window=1000, prompt_tokens=10, compaction_id=got[2].id)
    assert got[4].event == Compaction(
        summary="s", model="m", replaces=()
    )  # names no event: cleared
    assert store.get_session("imp").created_at == "2025-01-01T00:00:00.000000Z"
    assert store.verify_chain("imp").ok
    bad = [*events[:2], ("t3", UserMessage("x"), "", None, "not a time")]
    with pytest.raises(EventStoreError):
        store.import_session("again", session_id="imp2", project_id=None, events=bad)
    assert not store.session_exists("imp2")
    assert store.import_session("redo", session_id="imp", project_id=None, events=events[:1],
                                replace=True) == 1  # fmt: skip
    assert [e.event for e in store.events("imp")] == [UserMessage("walrus")]


# -- schema ----------------------------------------------------------------------------------------


def test_migrations_are_recorded_once(backend: Backend) -> None:
    first = backend.open()
    first.create_session("x")
    first.close()
    again = backend.open()
    try:
        assert again.list_sessions()[0].title == "x"
    finally:
        again.close()
    assert backend.migrations() == backend.expected_migrations


def test_notices_and_attachments_are_searchable(store: EventStore) -> None:
    session = store.create_session()
    store.append(session.id, "t", Notice(text="rate limited by the provider"))
    assert [h.type_name for h in store.search("limited")] == ["notice"]

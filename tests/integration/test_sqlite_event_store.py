"""The SQLite event store against real database files: round trips, order, append-only, migrations,
threads, corrupt rows."""

from __future__ import annotations

import re
import sqlite3
import threading
from pathlib import Path

import pytest

from parley.application.ports.event_store import EventStoreError, SessionNotFound
from parley.domain.transcript.canonical import (
    EVENT_TYPES,
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Compaction,
    ContextChecked,
    Event,
    Fact,
    GateOpened,
    Notice,
    Reasoning,
    RetrievalPerformed,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.infrastructure.storage import migrations
from parley.infrastructure.storage.migrations import MIGRATIONS, migrate
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path

TS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")


def one_of_each() -> list[Event]:
    """Every registered event type, with non-default values wherever there are fields."""
    return [
        TurnStarted(
            provider_id="openai",
            model="gpt-x",
            surface="cli",
            project_id="p1",
            title="T",
            instruction_prefix="be brief",
            allowed_tools=("read_file",),
            max_steps=5,
            gate_mode="ask",
            unattended=True,
            timeout_sec=12.5,
            follows_turn_id="t0",
        ),
        UserMessage(text="hello", source="cli"),
        AttachmentAdded(
            name="a.pdf", sha256="ab" * 32, media_type="application/pdf", size=10, chars=3
        ),
        Reasoning(
            text="thinking…",
            model="claude-x",
            provider_kind="anthropic",
            signature="sig==",
            redacted_data="",
        ),
        AssistantText(text="hi", model="gpt-x", finish_reason="stop", partial=True),
        ToolCall(
            call_id="call-1", tool="read_file", arguments={"path": "a", "opts": [1, {"b": 2}]}
        ),
        ToolResult(call_id="call-1", result="contents", success=True),
        ActionVerdict(
            call_id="call-1",
            tool="read_file",
            effect="harmless",
            rule="R1",
            reason="read only",
            decision="pass",
            input={"path": "a"},
        ),
        GateOpened(gate="write", reason="writes a file"),
        Notice(text="careful", level="warning"),
        Fact(text="the sky is blue"),
        Compaction(summary="summary", model="gpt-x", replaces=(1, 2, 3)),
        ContextChecked(
            window=8192,
            prompt_tokens=1200,
            window_source="provider",
            estimated_tokens=1100,
            reserved_output=4096,
            compaction_id=7,
        ),
        RetrievalPerformed(
            query="launch date",
            excerpts=({"number": 1, "name": "plan.md", "score": 1.5, "text": "Tuesday"},),
            method="bm25",
            note="still indexing",
        ),
        TurnFinished(
            status="completed",
            usage=Usage(input_tokens=3, output_tokens=4, cached_tokens=1),
            duration_s=1.25,
        ),
    ]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return default_db_path(tmp_path / "data")


@pytest.fixture
def store(db_path: Path):
    s = SqliteEventStore(db_path)
    yield s
    s.close()


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_default_db_path_is_parley_db_in_the_data_dir(tmp_path: Path) -> None:
    assert default_db_path(tmp_path) == tmp_path / "parley.db"


def test_opening_creates_parent_folders_and_uses_wal(db_path: Path, store: SqliteEventStore):
    assert db_path.is_file()
    with raw(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_every_event_type_round_trips(store: SqliteEventStore) -> None:
    events = one_of_each()
    assert {type(e) for e in events} == set(EVENT_TYPES.values())
    session = store.create_session("round trip")
    appended = [
        store.append(session.id, "turn-1", e, actor="runtime", work_item="w1") for e in events
    ]
    read = store.events(session.id)
    assert [s.event for s in read] == events
    assert read == appended
    assert [s.type_name for s in read] == [type(e).type_name for e in events]
    assert all(s.actor == "runtime" and s.work_item == "w1" for s in read)
    assert all(s.session_id == session.id and s.turn_id == "turn-1" for s in read)


def test_payload_is_compact_json_with_unicode_kept(db_path: Path, store: SqliteEventStore):
    session = store.create_session()
    text = "naïve café — 日本語 🦜 \u2028 \x00 end"
    store.append(session.id, "t", UserMessage(text=text))
    with raw(db_path) as conn:
        (payload, type_name) = conn.execute("SELECT payload, type FROM events").fetchone()
    assert type_name == "user_message"
    assert payload == '{"text":"naïve café — 日本語 🦜 \u2028 \\u0000 end","source":"user"}'
    assert store.events(session.id)[0].event == UserMessage(text=text)


def test_ids_increase_in_append_order_and_after_id_filters(store: SqliteEventStore) -> None:
    a = store.create_session("a")
    b = store.create_session("b")
    stored = [store.append(s.id, "t", Fact(text=str(i))) for i, s in enumerate([a, b, a, b, a])]
    ids = [s.id for s in stored]
    assert ids == sorted(ids) and len(set(ids)) == 5
    assert [e.event.text for e in store.events(a.id)] == ["0", "2", "4"]
    assert [e.id for e in store.events(a.id)] == [ids[0], ids[2], ids[4]]
    assert [e.event.text for e in store.events(a.id, after_id=ids[2])] == ["4"]
    assert store.events(a.id, after_id=ids[4]) == []
    assert all(TS.fullmatch(s.ts) for s in stored)
    assert [s.ts for s in stored] == sorted(s.ts for s in stored)


def test_append_bumps_updated_at_and_list_is_newest_first(store: SqliteEventStore) -> None:
    first = store.create_session("first")
    second = store.create_session("second")
    third = store.create_session("third")
    assert [s.id for s in store.list_sessions()] == [third.id, second.id, first.id]
    stored = store.append(first.id, "t", Fact(text="x"))
    assert store.get_session(first.id).updated_at == stored.ts
    assert store.get_session(first.id).created_at == first.created_at
    assert [s.id for s in store.list_sessions()] == [first.id, third.id, second.id]
    assert [s.id for s in store.list_sessions(limit=2)] == [first.id, third.id]
    assert store.list_sessions(limit=0) == []
    with pytest.raises(EventStoreError, match="limit"):
        store.list_sessions(limit=-1)


def test_list_ties_on_updated_at_are_broken_by_creation_order(db_path: Path) -> None:
    store = SqliteEventStore(db_path)
    ids = [store.create_session(str(i)).id for i in range(3)]
    store.close()
    with raw(db_path) as conn:
        conn.execute("UPDATE sessions SET updated_at = '2024-01-01T00:00:00.000000Z'")
    with SqliteEventStore(db_path) as reopened:
        assert [s.id for s in reopened.list_sessions()] == ids[::-1]


def test_sessions_create_get_rename_and_errors(store: SqliteEventStore) -> None:
    made = store.create_session("título", session_id="s-1", project_id="proj")
    assert TS.fullmatch(made.created_at) and made.created_at == made.updated_at
    assert store.get_session("s-1") == made
    assert store.session_exists("s-1") and not store.session_exists("nope")
    with pytest.raises(EventStoreError, match="already exists"):
        store.create_session("again", session_id="s-1")
    assert store.get_session("s-1").title == "título"
    store.rename_session("s-1", "renamed")
    assert store.get_session("s-1").title == "renamed"
    assert store.get_session("s-1").project_id == "proj"
    minted = store.create_session()
    assert re.fullmatch(r"[0-9a-f]{32}", minted.id) and minted.title == ""
    with pytest.raises(EventStoreError, match="non-empty"):
        store.create_session(session_id="")


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.get_session("missing"),
        lambda s: s.rename_session("missing", "x"),
        lambda s: s.append("missing", "t", Fact(text="x")),
        lambda s: s.events("missing"),
    ],
    ids=["get_session", "rename_session", "append", "events"],
)
def test_unknown_session_raises_session_not_found(store: SqliteEventStore, call) -> None:
    with pytest.raises(SessionNotFound) as info:
        call(store)
    assert info.value.session_id == "missing"
    assert "missing" in str(info.value)


def test_failed_append_leaves_no_event_behind(db_path: Path, store: SqliteEventStore) -> None:
    with pytest.raises(SessionNotFound):
        store.append("missing", "t", Fact(text="x"))
    with pytest.raises(EventStoreError, match="cannot store TurnFinished"):
        store.append(
            store.create_session().id, "t", TurnFinished("failed", duration_s=float("nan"))
        )
    with raw(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0


def test_events_are_append_only_even_for_raw_sql(db_path: Path, store: SqliteEventStore):
    session = store.create_session()
    store.append(session.id, "t", Fact(text="keep me"))
    with raw(db_path) as conn:
        with pytest.raises(sqlite3.IntegrityError, match="append-only: UPDATE"):
            conn.execute('UPDATE events SET payload = \'{"text":"changed"}\'')
        with pytest.raises(sqlite3.IntegrityError, match="append-only: DELETE"):
            conn.execute("DELETE FROM events")
    assert [e.event for e in store.events(session.id)] == [Fact(text="keep me")]


def test_migrations_are_recorded_and_idempotent_on_reopen(db_path: Path) -> None:
    SqliteEventStore(db_path).close()
    with raw(db_path) as conn:
        first = conn.execute("SELECT name, applied_at FROM _migrations ORDER BY rowid").fetchall()
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert [name for name, _ in first] == [m.__name__ for m in MIGRATIONS]
    with SqliteEventStore(db_path) as again:
        again.create_session("still works")
    with raw(db_path) as conn:
        assert conn.execute("SELECT name, applied_at FROM _migrations").fetchall() == first
        assert migrate(conn) == []
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_a_failing_migration_rolls_back_the_whole_run(tmp_path: Path, monkeypatch) -> None:
    def m999_broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        conn.execute("THIS IS NOT SQL")

    monkeypatch.setattr(migrations, "MIGRATIONS", [*MIGRATIONS, m999_broken])
    conn = raw(tmp_path / "fresh.db")
    with pytest.raises(EventStoreError, match="m999_broken"):
        migrate(conn)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == set()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert not conn.in_transaction
    conn.close()


def test_a_database_from_a_newer_parley_is_refused_untouched(db_path: Path) -> None:
    SqliteEventStore(db_path).close()
    with raw(db_path) as conn:
        conn.execute(
            "INSERT INTO _migrations (name, applied_at) VALUES ('m900_from_the_future', 'x')"
        )
    before = db_path.read_bytes()
    with pytest.raises(EventStoreError, match=r"newer version of Parley.*m900_from_the_future"):
        SqliteEventStore(db_path)
    with raw(db_path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM _migrations")]
    assert names[-1] == "m900_from_the_future" and len(names) == len(MIGRATIONS) + 1
    assert db_path.read_bytes() == before


def test_a_higher_user_version_is_refused(db_path: Path) -> None:
    SqliteEventStore(db_path).close()
    with raw(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(EventStoreError, match="newer version of Parley"):
        SqliteEventStore(db_path)


def test_a_file_that_is_not_a_database_is_an_event_store_error(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    path.write_bytes(b"this is not a sqlite database, just text" * 100)
    with pytest.raises(EventStoreError, match=re.escape(str(path))):
        SqliteEventStore(path)


@pytest.mark.parametrize(
    ("type_name", "payload", "reason"),
    [
        ("user_message", "{not json", "not valid JSON"),
        ("user_message", '{"text":"hi","mood":"x"}', "unknown field"),
        ("user_message", '{"text":5}', "wrong kind of value"),
        ("user_message", "[]", "must be an object"),
        ("no_such_type", '{"text":"x"}', "unknown event type"),
        ("turn_finished", '{"status":"failed","duration_s":NaN}', "NaN"),
    ],
)
def test_a_corrupt_row_is_an_error_naming_the_event(
    db_path: Path, store: SqliteEventStore, type_name: str, payload: str, reason: str
) -> None:
    session = store.create_session(session_id="s")
    store.append("s", "t", Fact(text="good"))
    with raw(db_path) as conn:
        bad_id = conn.execute(
            "INSERT INTO events (session_id, turn_id, ts, type, payload) VALUES (?, ?, ?, ?, ?)",
            (session.id, "t", "2024-01-01T00:00:00.000000Z", type_name, payload),
        ).lastrowid
    with pytest.raises(EventStoreError, match=rf"event {bad_id}\b.*{reason}"):
        store.events("s")
    assert [e.event for e in store.events("s", after_id=bad_id)] == []


def test_closed_store_refuses_and_close_is_idempotent(db_path: Path) -> None:
    store = SqliteEventStore(db_path)
    session = store.create_session()
    store.events(session.id)  # opens this thread's reader
    store.close()
    store.close()
    with pytest.raises(EventStoreError, match="closed"):
        store.events(session.id)
    with pytest.raises(EventStoreError, match="closed"):
        store.append(session.id, "t", Fact(text="x"))


def test_worker_appends_while_other_threads_read(store: SqliteEventStore) -> None:
    """The runtime's shape: one worker appends, the UI thread and another reader poll."""
    session = store.create_session()
    total = 300
    errors: list[BaseException] = []
    done = threading.Event()
    seen_counts: list[int] = []

    def writer() -> None:
        try:
            for i in range(total):
                store.append(session.id, "t", AssistantText(text=f"chunk {i}", model="m"))
        except BaseException as exc:
            errors.append(exc)
        finally:
            done.set()

    def reader() -> None:
        try:
            while not done.is_set():
                events = store.events(session.id)
                texts = [e.event.text for e in events]
                assert texts == [f"chunk {i}" for i in range(len(texts))]
                store.list_sessions()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    while not done.is_set():  # this thread reads too, as the UI would
        seen_counts.append(len(store.events(session.id)))
    for t in threads:
        t.join(timeout=30)
    assert errors == []
    assert len(store.events(session.id)) == total
    assert seen_counts == sorted(seen_counts)


def test_two_threads_append_to_one_store_and_two_stores_share_a_file(db_path: Path) -> None:
    """Writes are serialised in a store (lock) and across connections (busy_timeout)."""
    one = SqliteEventStore(db_path)
    other = SqliteEventStore(db_path)  # as a second process (the CLI) would
    session = one.create_session()
    errors: list[BaseException] = []

    def append_many(store: SqliteEventStore, tag: str) -> None:
        try:
            for i in range(100):
                store.append(session.id, tag, Fact(text=f"{tag}{i}"))
        except BaseException as exc:
            errors.append(exc)

    threads = [
        threading.Thread(target=append_many, args=(one, "a")),
        threading.Thread(target=append_many, args=(one, "b")),
        threading.Thread(target=append_many, args=(other, "c")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    try:
        assert errors == []
        events = other.events(session.id)
        assert len(events) == 300
        for tag in "abc":
            mine = [e.event.text for e in events if e.turn_id == tag]
            assert mine == [f"{tag}{i}" for i in range(100)]
    finally:
        one.close()
        other.close()


def test_readers_of_finished_threads_are_closed(store: SqliteEventStore) -> None:
    session = store.create_session()
    for _ in range(5):
        t = threading.Thread(target=store.events, args=(session.id,))
        t.start()
        t.join()
    store.events(session.id)  # a new reader prunes the dead threads' connections
    assert len(store._readers) == 1


def test_stored_events_carry_their_hash_chain_links(store: SqliteEventStore) -> None:
    session = store.create_session("chain")
    appended = [store.append(session.id, "t1", UserMessage(text=f"message {n}")) for n in range(3)]
    read = list(store.events(session.id))
    assert [e.hash for e in read] == [e.hash for e in appended]
    assert all(e.hash and len(e.hash) == 64 for e in read)
    assert read[0].prev_hash == ""
    assert [e.prev_hash for e in read[1:]] == [e.hash for e in read[:-1]]

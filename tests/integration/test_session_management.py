"""Managing conversations in the SQLite event store against real database files: pinning, the
branch last looked at, projects, duplicating (with its own valid hash chain, searchable), and
migration 3 from a database written at migration 2."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from parley.application.ports.event_store import EventStoreError, SearchFilters, SessionNotFound
from parley.domain.transcript.canonical import (
    AssistantText,
    Fact,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.storage import migrations
from parley.infrastructure.storage.migrations import MIGRATIONS
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore


@pytest.fixture
def store(tmp_path: Path):
    with SqliteEventStore(tmp_path / "parley.db") as store:
        yield store


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def add_turn(
    store: SqliteEventStore,
    session_id: str,
    turn_id: str,
    prompt: str,
    answer: str,
    *,
    follows: str = "",
    ts: str | None = None,
) -> None:
    store.append(
        session_id,
        turn_id,
        TurnStarted(provider_id="p", model="m", follows_turn_id=follows),
        actor="runtime",
        ts=ts,
    )
    store.append(session_id, turn_id, UserMessage(text=prompt), actor="user", ts=ts)
    store.append(
        session_id, turn_id, AssistantText(text=answer, model="m"), actor="assistant", ts=ts
    )
    store.append(
        session_id,
        turn_id,
        TurnFinished(status="completed", usage=Usage(input_tokens=3, output_tokens=4)),
        actor="runtime",
        ts=ts,
    )


# -- settings of a conversation --------------------------------------------------------------------


def test_a_new_conversation_is_unpinned_on_the_latest_path(store: SqliteEventStore) -> None:
    created = store.create_session("plain")
    assert (created.pinned, created.current_turn_id, created.project_id) == (False, "", None)
    assert store.get_session(created.id) == created
    pinned = store.create_session("pinned", pinned=True, project_id="alpha")
    assert store.get_session(pinned.id).pinned is True
    assert store.get_session(pinned.id).project_id == "alpha"


def test_pin_and_unpin_keep_recent_first_order(store: SqliteEventStore) -> None:
    old = store.create_session("old")
    store.append(old.id, "t1", Fact(text="first"))
    new = store.create_session("new")
    store.append(new.id, "t1", Fact(text="second"))
    before = store.get_session(old.id)

    store.set_pinned(old.id, True)

    after = store.get_session(old.id)
    assert after.pinned is True
    assert after.updated_at == before.updated_at  # pinning is not activity
    assert [s.id for s in store.list_sessions()] == [new.id, old.id]  # not reordered
    store.set_pinned(old.id, False)
    assert store.get_session(old.id).pinned is False


def test_current_turn_is_remembered_without_touching_updated_at(store: SqliteEventStore) -> None:
    session = store.create_session("branches")
    add_turn(store, session.id, "t1", "question", "first answer")
    add_turn(store, session.id, "t2", "question", "second answer", follows="")
    before = store.get_session(session.id)

    store.set_current_turn(session.id, "t1")

    after = store.get_session(session.id)
    assert after.current_turn_id == "t1"
    assert after.updated_at == before.updated_at
    store.set_current_turn(session.id, "")
    assert store.get_session(session.id).current_turn_id == ""


def test_current_turn_must_be_a_turn_of_the_conversation(store: SqliteEventStore) -> None:
    session = store.create_session("branches")
    add_turn(store, session.id, "t1", "q", "a")
    with pytest.raises(EventStoreError, match="has no turn 'elsewhere'"):
        store.set_current_turn(session.id, "elsewhere")
    assert store.get_session(session.id).current_turn_id == ""


def test_moving_to_a_project_and_out(store: SqliteEventStore) -> None:
    session = store.create_session("work")
    store.append(session.id, "t1", Fact(text="x"))
    before = store.get_session(session.id)

    store.set_project(session.id, "alpha")
    assert store.get_session(session.id).project_id == "alpha"
    assert store.get_session(session.id).updated_at == before.updated_at
    (summary,) = store.summaries()
    assert summary.project_id == "alpha"

    store.set_project(session.id, None)
    assert store.get_session(session.id).project_id is None


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.set_pinned("nope", True),
        lambda s: s.set_current_turn("nope", ""),
        lambda s: s.set_project("nope", "alpha"),
        lambda s: s.duplicate_session("nope"),
    ],
    ids=["pin", "current-turn", "project", "duplicate"],
)
def test_unknown_conversation_is_reported(store: SqliteEventStore, change) -> None:
    with pytest.raises(SessionNotFound, match="'nope'"):
        change(store)


# -- duplicating ----------------------------------------------------------------------------------


def test_duplicate_copies_every_event_with_its_own_valid_chain(store: SqliteEventStore) -> None:
    original = store.create_session("Walrus facts", project_id="zoo")
    add_turn(store, original.id, "t1", "tell me about walruses", "walruses are large")
    add_turn(store, original.id, "t2", "and their tusks?", "tusks are teeth", follows="t1")
    store.set_current_turn(original.id, "t1")
    store.set_pinned(original.id, True)

    copy = store.duplicate_session(original.id)

    assert copy.id != original.id
    assert copy.title == "Walrus facts (copy)"
    assert (copy.project_id, copy.pinned, copy.current_turn_id) == ("zoo", False, "t1")
    assert store.get_session(copy.id) == copy
    source, copied = store.events(original.id), store.events(copy.id)
    assert len(copied) == len(source) == 8
    for a, b in zip(source, copied, strict=True):
        assert (b.turn_id, b.ts, b.event, b.actor, b.work_item) == (
            a.turn_id,
            a.ts,
            a.event,
            a.actor,
            a.work_item,
        )
        assert b.session_id == copy.id and b.id > source[-1].id
    assert copied[0].prev_hash == GENESIS
    assert all(b.hash != a.hash for a, b in zip(source, copied, strict=True))  # own chain
    assert store.verify_chain(copy.id).ok
    assert store.verify_chain(copy.id).events_checked == 8
    assert store.verify_chain(original.id).ok
    assert copy.created_at == original.created_at
    assert copy.updated_at == source[-1].ts
    # Figures and search rows come with it, as for any append.
    figures = {s.id: (s.turns, s.input_tokens, s.output_tokens) for s in store.summaries()}
    assert figures[copy.id] == figures[original.id] == (2, 6, 8)
    hits = store.search("tusks")
    assert {h.session_id for h in hits} == {original.id, copy.id}
    assert {h.session_title for h in hits if h.session_id == copy.id} == {"Walrus facts (copy)"}
    assert {h.session_id for h in store.search("", SearchFilters(status="completed"))} == {
        original.id,
        copy.id,
    }


def test_duplicate_takes_a_given_title_and_survives_deleting_the_original(
    store: SqliteEventStore,
) -> None:
    original = store.create_session("")
    add_turn(store, original.id, "t1", "narwhal question", "narwhal answer")
    copy = store.duplicate_session(original.id, title="Narwhals")
    untitled = store.duplicate_session(original.id)
    assert copy.title == "Narwhals"
    assert untitled.title == "Untitled (copy)"

    store.delete_session(original.id)

    assert store.verify_chain(copy.id).ok
    assert [e.event for e in store.events(copy.id)][1] == UserMessage(text="narwhal question")
    assert {h.session_id for h in store.search("narwhal")} == {copy.id, untitled.id}


def test_duplicate_of_an_empty_conversation(store: SqliteEventStore) -> None:
    original = store.create_session("empty", project_id="p")
    copy = store.duplicate_session(original.id)
    assert store.events(copy.id) == []
    assert (copy.created_at, copy.updated_at) == (original.created_at, original.updated_at)
    assert store.verify_chain(copy.id).ok


def test_duplicate_keeps_times_even_where_a_clock_stepped_back(
    store: SqliteEventStore, tmp_path: Path
) -> None:
    original = store.create_session("clock")
    store.append(original.id, "t1", Fact(text="later"), ts="2026-01-02T00:00:00Z")
    # Another process whose clock was behind wrote the next event (possible across processes).
    with raw(store.path) as conn:
        head, prev_ts = conn.execute(
            "SELECT head_hash, (SELECT max(ts) FROM events) FROM sessions WHERE id = ?",
            (original.id,),
        ).fetchone()
    assert prev_ts == "2026-01-02T00:00:00.000000Z"
    earlier = "2026-01-01T00:00:00.000000Z"
    payload = '{"text":"earlier"}'
    digest = event_hash(head, original.id, "t2", earlier, "fact", "", None, payload)
    with raw(store.path) as conn:
        conn.execute(
            "INSERT INTO events (session_id, turn_id, ts, type, actor, payload, prev_hash, hash)"
            " VALUES (?, 't2', ?, 'fact', '', ?, ?, ?)",
            (original.id, earlier, payload, head, digest),
        )
        conn.execute("UPDATE sessions SET head_hash = ? WHERE id = ?", (digest, original.id))
    assert store.verify_chain(original.id).ok

    copy = store.duplicate_session(original.id)

    assert [e.ts for e in store.events(copy.id)] == [prev_ts, earlier]
    assert store.verify_chain(copy.id).ok


def test_duplicate_refuses_a_conversation_with_a_running_turn(store: SqliteEventStore) -> None:
    session = store.create_session("busy")
    store.append(session.id, "t1", TurnStarted(provider_id="p", model="m"))
    store.append(session.id, "t1", UserMessage(text="still thinking"))
    count = len(store.list_sessions())
    with pytest.raises(EventStoreError, match="turn 't1' is still running"):
        store.duplicate_session(session.id)
    assert len(store.list_sessions()) == count  # nothing half-copied
    store.append(session.id, "t1", TurnFinished(status="completed"))
    assert store.verify_chain(store.duplicate_session(session.id).id).ok


# -- migration 3 -----------------------------------------------------------------------------------


def make_v2_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as Parley wrote it at migration 2: two conversations (one in a project) with
    hashed events, written with plain SQL in the v2 schema."""
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", MIGRATIONS[:2])
        conn = raw(path)
        conn.execute("PRAGMA journal_mode = WAL")
        assert migrations.migrate(conn) == [fn.__name__ for fn in MIGRATIONS[:2]]
        conn.close()
    conn = raw(path)
    for sid, title, project in (("a", "first", None), ("b", "second", "alpha")):
        conn.execute(
            "INSERT INTO sessions (id, title, project_id, created_at, updated_at) VALUES"
            " (?, ?, ?, '2025-01-01T00:00:00.000000Z', '2025-01-01T00:00:01.000000Z')",
            (sid, title, project),
        )
        prev = GENESIS
        for n, (type_name, payload) in enumerate(
            (("fact", '{"text":"old walrus"}'), ("fact", '{"text":"older walrus"}'))
        ):
            ts = f"2025-01-01T00:00:0{n}.000000Z"
            digest = event_hash(prev, sid, "t1", ts, type_name, "", None, payload)
            conn.execute(
                "INSERT INTO events (session_id, turn_id, ts, type, actor, payload, prev_hash,"
                " hash) VALUES (?, 't1', ?, ?, '', ?, ?, ?)",
                (sid, ts, type_name, payload, prev, digest),
            )
            prev = digest
        conn.execute("UPDATE sessions SET head_hash = ? WHERE id = ?", (prev, sid))
    conn.close()


def test_migration_3_adds_pinned_and_current_turn_to_an_m002_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "parley.db"
    make_v2_database(path, monkeypatch)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert "pinned" not in {r[1] for r in conn.execute("PRAGMA table_info(sessions)")}

    with SqliteEventStore(path) as store:
        assert store.migration.applied == [m.__name__ for m in MIGRATIONS[2:]]
        assert store.migration.applied[0] == "m003_conversations"
        assert store.migration.version_before == 2
        assert store.migration.version_after == len(MIGRATIONS)
        backup = store.migration.backup
        assert backup is not None and re.fullmatch(
            r"parley\.db\.backup-v2-\d{8}T\d{12}Z", backup.name
        )
        sessions = {s.id: s for s in store.list_sessions()}
        assert {sid: (s.pinned, s.current_turn_id) for sid, s in sessions.items()} == {
            "a": (False, ""),
            "b": (False, ""),
        }
        assert sessions["b"].project_id == "alpha"
        assert store.verify_chain("a").ok and store.verify_chain("b").ok
        store.set_pinned("a", True)
        store.set_current_turn("a", "")
        copy = store.duplicate_session("b")
        assert store.verify_chain(copy.id).ok
        assert store.get_session("a").pinned is True

    with raw(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
        assert names == [fn.__name__ for fn in MIGRATIONS]
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    with raw(backup) as old:
        assert "pinned" not in {r[1] for r in old.execute("PRAGMA table_info(sessions)")}
    with SqliteEventStore(path) as again:  # nothing pending: no second backup
        assert again.migration.applied == [] and again.get_session("a").pinned is True

"""The history side of the SQLite event store: hash chain and tamper detection, the retention
path, migration 2 (backup first, all-or-nothing, back-fill), partial-answer checkpoints and
recovery at store level, and full-text search with filters over a generated history of several
thousand events whose expected hits are computed independently here."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import sqlite3
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.application.ports.event_store import EventStoreError, SearchFilters, SessionNotFound
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Event,
    Fact,
    Notice,
    Reasoning,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    event_type,
    to_payload,
)
from parley.domain.transcript.chain import event_hash
from parley.infrastructure.storage import migrations
from parley.infrastructure.storage import sqlite_event_store as store_module
from parley.infrastructure.storage.migrations import MIGRATIONS
from parley.infrastructure.storage.sqlite_event_store import INTERRUPTED_ERROR, SqliteEventStore

# -- helpers -----------------------------------------------------------------------------------


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def drop_guards(conn: sqlite3.Connection) -> None:
    """What someone editing the file behind Parley's back would do first."""
    conn.execute("DROP TRIGGER events_append_only_no_update")
    conn.execute("DROP TRIGGER events_append_only_no_delete")


def copy_database(source: Path, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()
    return target


def fts_rows(path: Path) -> int:
    with raw(path) as conn:
        conn.execute("INSERT INTO events_fts (events_fts) VALUES ('integrity-check')")
        return conn.execute("SELECT count(*) FROM events_fts").fetchone()[0]


def tokens(text: str) -> set[str]:
    """What FTS5's unicode61 tokenizer (remove_diacritics 2) makes of ``text``, for the ASCII and
    Latin text the generated history uses."""
    folded = unicodedata.normalize("NFKD", text.lower())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return set(re.findall(r"[^\W_]+", folded))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    s = SqliteEventStore(tmp_path / "data" / "parley.db")
    yield s
    s.close()


def small_history(store: SqliteEventStore) -> tuple[str, str]:
    """Two conversations of a few events each; returns their ids."""
    ids = []
    for n in range(2):
        session = store.create_session(f"s{n}")
        store.append(session.id, "t1", TurnStarted(provider_id="p", model="m"))
        store.append(session.id, "t1", UserMessage(text=f"question {n}"))
        store.append(session.id, "t1", AssistantText(text=f"answer {n}", model="m"))
        store.append(session.id, "t1", Notice(text="note"))
        store.append(session.id, "t1", AssistantText(text="more", model="m"))
        store.append(session.id, "t1", TurnFinished(status="completed"))
        ids.append(session.id)
    return ids[0], ids[1]


def event_ids(path: Path, session_id: str) -> list[int]:
    with raw(path) as conn:
        return [
            r[0]
            for r in conn.execute(
                "SELECT id FROM events WHERE session_id = ? ORDER BY id", (session_id,)
            )
        ]


# -- the hash chain ------------------------------------------------------------------------------


def test_every_event_is_chained_to_the_one_before_it(store: SqliteEventStore) -> None:
    a, b = small_history(store)
    with raw(store.path) as conn:
        for session_id in (a, b):
            rows = conn.execute(
                "SELECT session_id, turn_id, ts, type, actor, work_item, payload, prev_hash, hash"
                " FROM events WHERE session_id = ? ORDER BY id",
                (session_id,),
            ).fetchall()
            prev = ""
            for sid, turn, ts, type_name, actor, work_item, payload, prev_hash, digest in rows:
                assert prev_hash == prev
                assert digest == event_hash(
                    prev, sid, turn, ts, type_name, actor, work_item, payload
                )
                assert re.fullmatch(r"[0-9a-f]{64}", digest)
                prev = digest
            head = conn.execute("SELECT head_hash FROM sessions WHERE id = ?", (session_id,))
            assert head.fetchone()[0] == prev
    for session_id in (a, b):
        report = store.verify_chain(session_id)
        assert report.ok and report.events_checked == 6 and report.first_bad_event_id is None


def test_the_serialisation_is_the_documented_one() -> None:
    expected = b's0:,s2:s1,s2:t1,s27:2026-01-01T00:00:00.000000Z,s4:fact,s0:,n,s12:{"text":"x"},'
    import hashlib

    assert (
        event_hash("", "s1", "t1", "2026-01-01T00:00:00.000000Z", "fact", "", None, '{"text":"x"}')
        == hashlib.sha256(expected).hexdigest()
    )
    # Multi-byte text is framed by its UTF-8 length, so no two field splits collide.
    assert event_hash("", "ab", "c", "", "", "", None, "") != event_hash(
        "", "a", "bc", "", "", "", None, ""
    )
    assert event_hash("", "s", "t", "", "", "", None, "") != event_hash(
        "", "s", "t", "", "", "", "", ""
    )


def test_an_imported_time_is_kept_hashed_and_never_goes_back(store: SqliteEventStore) -> None:
    session = store.create_session("imported")
    # any ISO 8601 time, normalised to the store's UTC form
    started = TurnStarted(provider_id="p", model="m")
    first = store.append(session.id, "t1", started, ts="2024-01-02T03:04:05+02:00")
    assert first.ts == "2024-01-02T01:04:05.000000Z"
    same = store.append(session.id, "t1", UserMessage(text="hi"), ts="2024-01-02T01:04:05Z")
    answer = AssistantText(text="hello", model="m")
    later = store.append(session.id, "t1", answer, ts="2024-01-02T01:05:00.5")
    assert (same.ts, later.ts) == ("2024-01-02T01:04:05.000000Z", "2024-01-02T01:05:00.500000Z")
    record = store.get_session(session.id)
    assert (record.created_at, record.updated_at) == (first.ts, later.ts)

    finished = TurnFinished(status="completed")
    for bad in ("2024-01-02T01:04:59Z", "yesterday", "", 1_700_000_000):
        with pytest.raises(EventStoreError):
            store.append(session.id, "t1", finished, ts=bad)  # type: ignore[arg-type]
    assert [e.id for e in store.events(session.id)] == [first.id, same.id, later.id]
    assert store.get_session(session.id).updated_at == later.ts

    # the chain covers the given times like any other; an append without one is stamped now
    now = store.append(session.id, "t1", finished)
    assert now.ts > later.ts
    with pytest.raises(EventStoreError, match="must not go back in time"):
        store.append(session.id, "t2", Fact("late"), ts=later.ts)
    for stored in store.events(session.id):
        payload = json.dumps(to_payload(stored.event), ensure_ascii=False, separators=(",", ":"))
        assert stored.hash == event_hash(
            stored.prev_hash, session.id, stored.turn_id, stored.ts,
            event_type(stored.event), stored.actor, stored.work_item, payload,
        )  # fmt: skip
    report = store.verify_chain(session.id)
    assert report.ok and report.events_checked == 4
    assert store.get_session(session.id).created_at == first.ts


def test_verify_of_an_empty_or_unknown_conversation(store: SqliteEventStore) -> None:
    empty = store.create_session()
    assert store.verify_chain(empty.id).ok
    with pytest.raises(SessionNotFound):
        store.verify_chain("nope")


def _tamper_payload(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute(
        "UPDATE events SET payload = ? WHERE id = ?", ('{"text":"edited","source":"user"}', ids[1])
    )
    return ids[1], "payload changed"


def _tamper_ts(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("UPDATE events SET ts = '2020-01-01T00:00:00.000000Z' WHERE id = ?", (ids[2],))
    return ids[2], "payload changed"


def _tamper_actor(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("UPDATE events SET actor = 'someone else' WHERE id = ?", (ids[2],))
    return ids[2], "payload changed"


def _tamper_prev_link(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("UPDATE events SET prev_hash = ? WHERE id = ?", ("0" * 64, ids[3]))
    return ids[3], "payload changed"


def _delete_middle(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("DELETE FROM events WHERE id = ?", (ids[2],))
    return ids[3], "event missing"


def _delete_first(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("DELETE FROM events WHERE id = ?", (ids[0],))
    return ids[1], "event missing"


def _delete_last(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    conn.execute("DELETE FROM events WHERE id = ?", (ids[-1],))
    return ids[-2], "event missing"


def _reorder(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    columns = "turn_id, ts, type, actor, work_item, payload, prev_hash, hash"
    one = conn.execute(f"SELECT {columns} FROM events WHERE id = ?", (ids[2],)).fetchone()
    two = conn.execute(f"SELECT {columns} FROM events WHERE id = ?", (ids[3],)).fetchone()
    sets = ", ".join(f"{c.strip()} = ?" for c in columns.split(","))
    conn.execute(f"UPDATE events SET {sets} WHERE id = ?", (*two, ids[2]))
    conn.execute(f"UPDATE events SET {sets} WHERE id = ?", (*one, ids[3]))
    return ids[2], "link broken"


def _insert_unhashed(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    session_id = conn.execute("SELECT session_id FROM events WHERE id = ?", (ids[0],)).fetchone()
    new_id = conn.execute(
        "INSERT INTO events (session_id, turn_id, ts, type, payload) VALUES (?, 't1',"
        " '2099-01-01T00:00:00.000000Z', 'fact', '{\"text\":\"forged\"}')",
        session_id,
    ).lastrowid
    return new_id, "event inserted"


def _rewrite_with_new_hash(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    """A forger who recomputes the edited event's own hash is caught at the next event."""
    row = conn.execute(
        "SELECT session_id, turn_id, ts, type, actor, work_item, prev_hash FROM events"
        " WHERE id = ?",
        (ids[1],),
    ).fetchone()
    sid, turn, ts, type_name, actor, work_item, prev = row
    payload = '{"text":"forged","source":"user"}'
    digest = event_hash(prev, sid, turn, ts, type_name, actor, work_item, payload)
    conn.execute("UPDATE events SET payload = ?, hash = ? WHERE id = ?", (payload, digest, ids[1]))
    return ids[2], "event missing"


def _copy_event(conn: sqlite3.Connection, ids: list[int]) -> tuple[int, str]:
    new_id = conn.execute(
        "INSERT INTO events (session_id, turn_id, ts, type, actor, work_item, payload, prev_hash,"
        " hash) SELECT session_id, turn_id, ts, type, actor, work_item, payload, prev_hash, hash"
        " FROM events WHERE id = ?",
        (ids[2],),
    ).lastrowid
    return new_id, "link broken"


@pytest.mark.parametrize(
    "tamper",
    [
        _tamper_payload,
        _tamper_ts,
        _tamper_actor,
        _tamper_prev_link,
        _delete_middle,
        _delete_first,
        _delete_last,
        _reorder,
        _insert_unhashed,
        _rewrite_with_new_hash,
        _copy_event,
    ],
)
def test_an_edit_behind_the_apps_back_is_caught_by_verify(store: SqliteEventStore, tamper) -> None:
    a, b = small_history(store)
    ids = event_ids(store.path, a)
    with raw(store.path) as conn:
        drop_guards(conn)
        bad_id, reason = tamper(conn, ids)
    report = store.verify_chain(a)
    assert not report.ok
    assert report.first_bad_event_id == bad_id, report
    assert report.reason.startswith(reason), report
    assert store.verify_chain(b).ok  # the other conversation's chain is untouched


def test_a_changed_head_hash_is_caught(store: SqliteEventStore) -> None:
    a, _ = small_history(store)
    with raw(store.path) as conn:
        conn.execute("UPDATE sessions SET head_hash = ? WHERE id = ?", ("f" * 64, a))
    report = store.verify_chain(a)
    assert not report.ok and report.reason.startswith("event missing")


# -- append-only and the retention path ------------------------------------------------------


def test_update_and_delete_are_refused_by_the_database(store: SqliteEventStore) -> None:
    a, b = small_history(store)
    store.delete_session(b)  # so that the retention log has a row to protect
    with raw(store.path) as conn:
        with pytest.raises(sqlite3.IntegrityError, match="append-only: UPDATE"):
            conn.execute("UPDATE events SET hash = 'x'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only: DELETE"):
            conn.execute("DELETE FROM events WHERE session_id = ?", (a,))
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM retention_log")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("UPDATE retention_log SET events = 0")


def test_the_retention_gate_opens_for_one_conversation_only(store: SqliteEventStore) -> None:
    a, b = small_history(store)
    with raw(store.path) as conn:
        conn.execute("BEGIN")
        conn.execute("INSERT INTO retention_gate (id, session_id) VALUES (1, ?)", (a,))
        with pytest.raises(sqlite3.IntegrityError, match="append-only: DELETE"):
            conn.execute("DELETE FROM events WHERE session_id = ?", (b,))
        with pytest.raises(sqlite3.IntegrityError, match="append-only: UPDATE"):
            conn.execute("UPDATE events SET payload = '{}' WHERE session_id = ?", (a,))
        conn.execute("ROLLBACK")


def test_delete_session_removes_everything_of_it_and_nothing_else(
    store: SqliteEventStore,
) -> None:
    a, b = small_history(store)
    store.checkpoint_partial(a, "t9", "streaming…")
    before = fts_rows(store.path)
    assert store.delete_session(a) == 6
    assert not store.session_exists(a) and store.session_exists(b)
    assert store.search("question") and all(h.session_id == b for h in store.search("question"))
    assert store.search("answer 0") == []
    assert fts_rows(store.path) == before - 4  # its user_message, two answers and the notice
    with raw(store.path) as conn:
        for table in ("events", "turns", "partials", "turn_verdicts"):
            count = conn.execute(f"SELECT count(*) FROM {table} WHERE session_id = ?", (a,))
            assert count.fetchone()[0] == 0, table
        assert conn.execute("SELECT count(*) FROM retention_gate").fetchone()[0] == 0
        (logged,) = conn.execute("SELECT session_id, title, events FROM retention_log").fetchall()
        assert logged == (a, "s0", 6)
    assert store.verify_chain(b).ok
    with pytest.raises(SessionNotFound):
        store.delete_session(a)
    assert [s.id for s in store.summaries()] == [b]


# -- checkpoints and recovery at store level -------------------------------------------------------


def partial_rows(path: Path) -> list[tuple]:
    with raw(path) as conn:
        return conn.execute("SELECT turn_id, seq, text FROM partials ORDER BY seq").fetchall()


def test_checkpoints_are_small_appends_cleared_by_the_answer(store: SqliteEventStore) -> None:
    session = store.create_session()
    store.append(session.id, "t", TurnStarted(provider_id="p", model="m"))
    store.checkpoint_partial(session.id, "t", "Hel")
    store.checkpoint_partial(session.id, "t", "")  # nothing new: nothing written
    store.checkpoint_partial(session.id, "t", "lo")
    assert partial_rows(store.path) == [("t", 1, "Hel"), ("t", 2, "lo")]
    store.append(session.id, "t", AssistantText(text="Hello", model="m"))
    assert partial_rows(store.path) == []
    store.checkpoint_partial(session.id, "t", "step two")
    store.append(session.id, "t", TurnFinished(status="completed"))
    assert partial_rows(store.path) == []
    with pytest.raises(SessionNotFound):
        store.checkpoint_partial("nope", "t", "x")
    assert store.recover_interrupted() == []


def test_recovery_closes_only_turns_whose_owner_is_gone(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    first = SqliteEventStore(path)
    session = first.create_session()
    first.append(session.id, "t", TurnStarted(provider_id="p", model="m", agent_role="critic"))
    first.append(session.id, "t", UserMessage(text="q"))
    first.checkpoint_partial(session.id, "t", "The answer ")
    first.checkpoint_partial(session.id, "t", "so far")
    other = SqliteEventStore(path)  # another window or CLI, while the first is still running
    try:
        assert other.recover_interrupted() == []
        assert first.recover_interrupted() == []  # its own turn is running
        first.close()  # gone without finishing the turn (as a kill would leave it)
        assert other.recover_interrupted() == ["t"]
        assert other.recover_interrupted() == []  # once
        events = other.events(session.id)
        assert [e.type_name for e in events] == [
            "turn_started",
            "user_message",
            "assistant_text",
            "turn_finished",
        ]
        answer, finished = events[2], events[3]
        assert answer.event == AssistantText(text="The answer so far", model="m", partial=True)
        assert answer.actor == "critic"
        assert finished.event.status == "interrupted" and finished.event.error == INTERRUPTED_ERROR
        assert partial_rows(path) == []
        assert other.verify_chain(session.id).ok
        assert other.search("so far")[0].event_id == answer.id
        (summary,) = other.summaries(SearchFilters(status="interrupted"))
        assert summary.failures == 1 and summary.turns == 1
    finally:
        first.close()
        other.close()


def test_a_turn_whose_answer_landed_is_not_given_its_text_twice(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    gone = SqliteEventStore(path)
    session = gone.create_session()
    gone.append(session.id, "t", TurnStarted(provider_id="p", model="m"))
    gone.checkpoint_partial(session.id, "t", "whole answer")
    gone.append(session.id, "t", AssistantText(text="whole answer", model="m"))
    gone.close()
    with SqliteEventStore(path) as again:
        assert again.recover_interrupted() == ["t"]
        types = [e.type_name for e in again.events(session.id)]
        assert types == ["turn_started", "assistant_text", "turn_finished"]


def test_two_recoverers_close_a_turn_once(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    gone = SqliteEventStore(path)
    session = gone.create_session()
    gone.append(session.id, "t", TurnStarted(provider_id="p", model="m"))
    gone.close()
    one, two = SqliteEventStore(path), SqliteEventStore(path)
    try:
        assert one._close_interrupted(session.id, "t") is True
        assert two._close_interrupted(session.id, "t") is False
        finished = [e for e in two.events(session.id) if e.type_name == "turn_finished"]
        assert len(finished) == 1
    finally:
        one.close()
        two.close()


def test_an_owner_file_left_by_a_dead_process_is_cleaned_up(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    with SqliteEventStore(path) as store:
        stale = path.with_name("parley.db.owners") / "999999-deadbeef0000"
        stale.write_text("999999\n")  # nobody holds its lock
        assert store._lease.is_alive("999999-deadbeef0000") is False
        assert not stale.exists()
        assert store._lease.is_alive("../escape") is False
        assert store._lease.is_alive(None) is False
        assert store._lease.is_alive(store._lease.token) is True
    assert list(path.with_name("parley.db.owners").iterdir()) == []


# -- migration 2 -----------------------------------------------------------------------------------


def make_v1_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A database as Parley wrote it before migration 2, with one conversation whose second turn
    never finished (a crash under the old version)."""
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", MIGRATIONS[:1])
        conn = raw(path)
        conn.execute("PRAGMA journal_mode = WAL")
        assert migrations.migrate(conn) == [MIGRATIONS[0].__name__]
        conn.close()
    conn = raw(path)
    conn.execute(
        "INSERT INTO sessions (id, title, created_at, updated_at) VALUES"
        " ('old', 'old one', '2025-01-01T00:00:00.000000Z', '2025-01-01T00:00:05.000000Z')"
    )
    rows = [
        ("t1", "turn_started", '{"provider_id":"p","model":"m1"}'),
        ("t1", "user_message", '{"text":"ancient question about walruses"}'),
        ("t1", "assistant_text", '{"text":"walruses are large","model":"m1"}'),
        ("t1", "turn_finished", '{"status":"completed","usage":{"input_tokens":3}}'),
        ("t2", "turn_started", '{"provider_id":"p","model":"m2"}'),
        ("t2", "user_message", '{"text":"and narwhals?"}'),
    ]
    for n, (turn, type_name, payload) in enumerate(rows):
        conn.execute(
            "INSERT INTO events (session_id, turn_id, ts, type, payload)"
            " VALUES ('old', ?, ?, ?, ?)",
            (turn, f"2025-01-01T00:00:0{n}.000000Z", type_name, payload),
        )
    conn.close()
    return "old"


def test_migration_2_backs_up_first_then_hashes_and_indexes_old_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "parley.db"
    session_id = make_v1_database(path, monkeypatch)
    with SqliteEventStore(path) as store:
        assert store.migration.applied == [m.__name__ for m in MIGRATIONS[1:]]
        assert store.migration.version_before == 1
        assert store.migration.version_after == len(MIGRATIONS)
        backup = store.migration.backup
        assert backup is not None and backup.parent == tmp_path
        assert re.fullmatch(r"parley\.db\.backup-v1-\d{8}T\d{12}Z", backup.name)
        with raw(backup) as old:
            assert old.execute("PRAGMA user_version").fetchone()[0] == 1
            assert old.execute("SELECT count(*) FROM events").fetchone()[0] == 6
            columns = {r[1] for r in old.execute("PRAGMA table_info(events)")}
            assert "hash" not in columns
            assert old.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store.verify_chain(session_id).ok
        assert [h.type_name for h in store.search("walruses")] == [
            "assistant_text",
            "user_message",
        ]
        (summary,) = store.summaries()
        assert (summary.turns, summary.models, summary.input_tokens) == (2, ("m1", "m2"), 3)
        # The old version's unfinished turn has no owner: it is closed at the first start.
        assert store.recover_interrupted() == ["t2"]
        assert store.events(session_id)[-1].event == TurnFinished(
            status="interrupted", duration_s=1.0, error=INTERRUPTED_ERROR
        )
        assert store.verify_chain(session_id).ok
    with SqliteEventStore(path) as again:  # nothing pending: no second backup
        assert again.migration.backup is None and again.migration.applied == []
    assert len(list(tmp_path.glob("parley.db.backup-*"))) == 1


def test_a_new_database_needs_no_backup(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "parley.db") as store:
        assert store.migration.backup is None
        assert store.migration.applied == [m.__name__ for m in MIGRATIONS]
    assert list(tmp_path.glob("*.backup-*")) == []


def test_a_failing_migration_leaves_the_old_schema_and_the_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "parley.db"
    make_v1_database(path, monkeypatch)

    def m999_broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk on fire")

    monkeypatch.setattr(migrations, "MIGRATIONS", [*MIGRATIONS, m999_broken])
    with pytest.raises(EventStoreError, match="m999_broken"):
        SqliteEventStore(path)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert "half_done" not in tables and "turns" not in tables and "events_fts" not in tables
        assert "hash" not in {r[1] for r in conn.execute("PRAGMA table_info(events)")}
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 6
    assert len(list(tmp_path.glob("parley.db.backup-v1-*"))) == 1
    assert not list(tmp_path.glob("*.part"))


def test_no_backup_no_migration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "parley.db"
    make_v1_database(path, monkeypatch)

    def no_space(*args: object) -> None:
        raise EventStoreError("cannot back up database: disk full")

    monkeypatch.setattr(migrations, "_backup", no_space)
    with pytest.raises(EventStoreError, match="disk full"):
        SqliteEventStore(path)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1


# -- search over a generated history ---------------------------------------------------------------

PROVIDERS = {"openai": ("gpt-a", "gpt-b"), "anthropic": ("claude-c",), "local": ("llama-d",)}
PROJECTS = (None, "alpha", "beta")
STATUSES = ("completed",) * 12 + ("failed",) * 3 + ("cancelled",) * 2 + ("interrupted", "timed_out")
DECISIONS = ("pass", "refused", "asked", "allowed")
COMMON = (  # noqa: SIM905 - a vocabulary reads better as text
    "the a of to and in is it that for on with as this be at by from or an are was not what how "
    "please explain file code data value list table error result answer question report summary"
).split()
RARE = (  # noqa: SIM905
    "zebra quokka narwhal axolotl pangolin okapi tapir ibex wombat capybara lemur gecko marmot "
    "heron bison"
).split()
START = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Turn:
    session_id: str
    turn_id: str
    provider: str
    model: str
    project: str | None
    status: str
    started: str
    tool_calls: int = 0
    verdicts: set[str] = field(default_factory=set)
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class Indexed:
    id: int
    session_id: str
    turn_id: str
    type_name: str
    ts: str
    text: str


@dataclass(repr=False)
class History:
    path: Path
    store: SqliteEventStore
    turns: dict[tuple[str, str], Turn]
    indexed: list[Indexed]
    session_project: dict[str, str | None]
    last_ts: dict[str, str]
    total_events: int


class FakeClock:
    """utc_now() for the generator: minutes apart, over three months."""

    def __init__(self, rng: random.Random) -> None:
        self.now = START
        self.rng = rng

    def __call__(self) -> str:
        self.now += timedelta(minutes=self.rng.randint(1, 40))
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sentence(rng: random.Random, rare: float = 0.3) -> str:
    words = [rng.choice(COMMON) for _ in range(rng.randint(4, 14))]
    if rng.random() < rare:
        word = rng.choice(RARE)
        words.insert(
            rng.randrange(len(words) + 1), word.capitalize() if rng.random() < 0.2 else word
        )
    return " ".join(words)


def searchable(event: Event) -> str:
    if isinstance(event, (UserMessage, AssistantText, Notice)):
        return event.text
    if isinstance(event, ToolCall):
        return f"{event.tool} {json.dumps(dict(event.arguments), ensure_ascii=False)}"
    if isinstance(event, ToolResult):
        return event.result
    if isinstance(event, AttachmentAdded):
        return f"{event.name}\n{event.text}"
    if isinstance(event, TurnFinished):
        return event.error
    return ""


def generate(path: Path, sessions: int = 420, seed: int = 20261130) -> History:
    rng = random.Random(seed)
    clock = FakeClock(rng)
    turns: dict[tuple[str, str], Turn] = {}
    indexed: list[Indexed] = []
    session_project: dict[str, str | None] = {}
    last_ts: dict[str, str] = {}
    total = 0
    with pytest.MonkeyPatch.context() as m:
        m.setattr(store_module, "utc_now", clock)
        store = SqliteEventStore(path)
        for n in range(sessions):
            project = rng.choice(PROJECTS)
            # Half the conversations record their project themselves; their turns always do.
            on_session = project if rng.random() < 0.5 else None
            session = store.create_session(
                f"conversation {n} " + sentence(rng, 0.0)[:30], project_id=on_session
            )
            session_project[session.id] = on_session
            for t in range(rng.randint(1, 5)):
                turn_id = f"turn-{n}-{t}"
                provider = rng.choice(sorted(PROVIDERS))
                model = rng.choice(PROVIDERS[provider])
                status = rng.choice(STATUSES)
                events: list[Event] = [
                    TurnStarted(provider_id=provider, model=model, project_id=project),
                    UserMessage(text=sentence(rng)),
                ]
                if rng.random() < 0.2:
                    events.append(
                        AttachmentAdded(
                            name=f"{rng.choice(RARE)}-notes.txt", text=sentence(rng), chars=10
                        )
                    )
                calls = rng.choice((0, 0, 0, 1, 2))
                for c in range(calls):
                    call_id = f"call-{n}-{t}-{c}"
                    events.append(
                        ToolCall(
                            call_id=call_id,
                            tool=rng.choice(("read_file", "run_command")),
                            arguments={"path": f"{rng.choice(COMMON)}.txt"},
                        )
                    )
                    events.append(
                        ActionVerdict(
                            call_id=call_id,
                            tool="read_file",
                            effect="harmless",
                            rule="r",
                            reason="because",
                            decision=rng.choice(DECISIONS),
                        )
                    )
                    events.append(ToolResult(call_id=call_id, result=sentence(rng), success=True))
                events.append(Reasoning(text="private zebra thoughts", model=model))
                events.append(AssistantText(text=sentence(rng), model=model))
                if rng.random() < 0.1:
                    events.append(Notice(text=sentence(rng), level="warning"))
                usage = Usage(input_tokens=rng.randint(1, 500), output_tokens=rng.randint(1, 900))
                error = sentence(rng) if status in ("failed", "timed_out") else ""
                events.append(TurnFinished(status=status, usage=usage, error=error))
                record = None
                for event in events:
                    stored = store.append(session.id, turn_id, event)
                    total += 1
                    last_ts[session.id] = stored.ts
                    if record is None:
                        record = Turn(
                            session.id, turn_id, provider, model, project, status, stored.ts
                        )
                        record.input_tokens = usage.input_tokens or 0
                        record.output_tokens = usage.output_tokens or 0
                        turns[(session.id, turn_id)] = record
                    if isinstance(event, ToolCall):
                        record.tool_calls += 1
                    if isinstance(event, ActionVerdict):
                        record.verdicts.add(event.decision)
                    text = searchable(event)
                    if text:
                        indexed.append(
                            Indexed(
                                stored.id, session.id, turn_id, stored.type_name, stored.ts, text
                            )
                        )
    return History(path, store, turns, indexed, session_project, last_ts, total)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[History]:
    path = tmp_path_factory.mktemp("history") / "parley.db"
    generated = generate(path)
    yield generated
    generated.store.close()


def turn_matches(history: History, item: Indexed, f: SearchFilters) -> bool:
    turn = history.turns[(item.session_id, item.turn_id)]
    project = turn.project if turn.project is not None else history.session_project[turn.session_id]
    return (
        (not f.since or item.ts >= f.since)
        and (not f.until or item.ts[: len(f.until)] <= f.until)
        and (not f.provider or turn.provider == f.provider)
        and (not f.model or turn.model == f.model)
        and (not f.project_id or project == f.project_id)
        and (not f.status or turn.status == f.status)
        and (not f.has_tool_calls or turn.tool_calls > 0)
        and (not f.verdict or f.verdict in turn.verdicts)
    )


def expected_hits(history: History, words: list[str], f: SearchFilters) -> list[int]:
    wanted = {w.lower() for w in words}
    ids = [
        item.id
        for item in history.indexed
        if wanted <= tokens(item.text) and turn_matches(history, item, f)
    ]
    return sorted(ids, reverse=True)


def test_the_generated_history_is_big_enough(history: History) -> None:
    assert history.total_events >= 5000
    assert len(history.turns) >= 1000
    statuses = {t.status for t in history.turns.values()}
    assert {"failed", "cancelled", "interrupted", "timed_out", "completed"} <= statuses
    assert fts_rows(history.path) == len(history.indexed)


FILTER_CASES = [
    SearchFilters(),
    SearchFilters(provider="anthropic"),
    SearchFilters(model="gpt-b"),
    SearchFilters(provider="openai", model="gpt-a"),
    SearchFilters(project_id="alpha"),
    SearchFilters(status="failed"),
    SearchFilters(status="cancelled"),
    SearchFilters(status="interrupted"),
    SearchFilters(has_tool_calls=True),
    SearchFilters(verdict="refused"),
    SearchFilters(verdict="asked", has_tool_calls=True),
    SearchFilters(since="2026-02-01", until="2026-02-28"),
    SearchFilters(until="2026-01-15"),
    SearchFilters(since="2026-03-01T12:00", project_id="beta", status="completed"),
    SearchFilters(provider="local", status="failed", has_tool_calls=True),
    SearchFilters(provider="nobody"),
]


@pytest.mark.parametrize("filters", FILTER_CASES, ids=repr)
@pytest.mark.parametrize("words", [["zebra"], ["quokka"], ["explain", "file"], ["Capybara"]])
def test_search_returns_exactly_the_expected_events(
    history: History, words: list[str], filters: SearchFilters
) -> None:
    hits = history.store.search(" ".join(words), filters, limit=100_000)
    expected = expected_hits(history, words, filters)
    assert [h.event_id for h in hits] == expected
    by_id = {item.id: item for item in history.indexed}
    for hit in hits:
        item = by_id[hit.event_id]
        assert (hit.session_id, hit.turn_id, hit.type_name, hit.ts) == (
            item.session_id,
            item.turn_id,
            item.type_name,
            item.ts,
        )
        assert hit.session_title.startswith("conversation ")
        marked = {m.lower() for m in re.findall(r"\[([^\]]+)\]", hit.snippet)}
        assert marked & {w.lower() for w in words}, hit.snippet
    if filters == SearchFilters() and words == ["zebra"]:
        assert len(expected) > 50  # the cases are not vacuous
        # Reasoning is not searched (its "zebra" is in every turn).
        assert all(h.type_name != "reasoning" for h in hits)


def test_search_sessions_with_filters_are_exact(history: History) -> None:
    f = SearchFilters(status="interrupted", verdict="refused")
    sessions = {h.session_id for h in history.store.search("the", f, limit=100_000)}
    expected = {
        history.turns[(i.session_id, i.turn_id)].session_id
        for i in history.indexed
        if "the" in tokens(i.text) and turn_matches(history, i, f)
    }
    assert sessions == expected and sessions


def test_search_is_newest_first_and_limited(history: History) -> None:
    hits = history.store.search("zebra", limit=7)
    assert [h.event_id for h in hits] == expected_hits(history, ["zebra"], SearchFilters())[:7]
    assert [h.ts for h in hits] == sorted((h.ts for h in hits), reverse=True)
    assert history.store.search("zebra", limit=0) == []
    with pytest.raises(EventStoreError, match="limit"):
        history.store.search("zebra", limit=-1)


def test_prefix_and_phrases(history: History) -> None:
    store = history.store
    prefix = store.search("capyb*", limit=100_000)
    assert [h.event_id for h in prefix] == expected_hits(history, ["capybara"], SearchFilters())
    # read_file is a phrase of two tokens: it finds tool calls by name.
    calls = store.search("read_file", limit=100_000)
    assert calls and all(h.type_name == "tool_call" for h in calls)
    assert all("[read_file]" in h.snippet for h in calls), calls[0].snippet


@pytest.mark.parametrize(
    "query",
    ["", "   ", "zebra", "marmot report"],
)
@pytest.mark.parametrize(
    "filters",
    [SearchFilters(status="failed"), SearchFilters(verdict="asked", provider="openai")],
    ids=repr,
)
def test_an_empty_query_lists_by_filters(
    history: History, query: str, filters: SearchFilters
) -> None:
    hits = history.store.search(query, filters, limit=100_000)
    words = query.split()
    assert [h.event_id for h in hits] == expected_hits(history, words, filters)
    if not words:
        by_id = {item.id: item for item in history.indexed}
        for hit in hits[:50]:
            text = " ".join(by_id[hit.event_id].text.split())
            assert hit.snippet == text or (
                hit.snippet.endswith("…") and text.startswith(hit.snippet[:-1])
            )


HOSTILE = [
    '"foo',
    "AND",
    "OR",
    "NOT",
    "and or not",
    "NEAR(zebra quokka)",
    "zebra AND",
    "*",
    '"',
    '""',
    "(",
    ")",
    "body:zebra",
    "-zebra",
    "^zebra",
    'ze"bra',
    "'",
    "\\",
    "{body}: zebra",
    "zebra +",
    "zebra*",
    "**",
    "\x00",
    "日本語",
    "🦜",
    "a" * 500,
]


@pytest.mark.parametrize("query", HOSTILE)
def test_no_query_is_a_syntax_error(history: History, query: str) -> None:
    hits = history.store.search(query, limit=5)
    assert len(hits) <= 5


def test_operator_words_are_searched_as_words(history: History) -> None:
    and_hits = history.store.search("AND", limit=100_000)
    assert [h.event_id for h in and_hits] == expected_hits(history, ["and"], SearchFilters())
    quoted = history.store.search('"zebra', limit=100_000)
    assert [h.event_id for h in quoted] == expected_hits(history, ["zebra"], SearchFilters())
    assert history.store.search('" ( ) *', limit=10) == []


@settings(max_examples=150, deadline=None)
@given(query=st.text(max_size=40))
def test_any_text_is_a_valid_query(history: History, query: str) -> None:
    history.store.search(query, SearchFilters(status="failed"), limit=3)


# -- summaries ----------------------------------------------------------------------------------


def expected_summaries(history: History, f: SearchFilters) -> list[str]:
    selected = set()
    for turn in history.turns.values():
        project = (
            turn.project if turn.project is not None else history.session_project[turn.session_id]
        )
        ok = (
            (not f.since or turn.started >= f.since)
            and (not f.until or turn.started[: len(f.until)] <= f.until)
            and (not f.provider or turn.provider == f.provider)
            and (not f.model or turn.model == f.model)
            and (not f.project_id or project == f.project_id)
            and (not f.status or turn.status == f.status)
            and (not f.has_tool_calls or turn.tool_calls > 0)
            and (not f.verdict or f.verdict in turn.verdicts)
        )
        if ok:
            selected.add(turn.session_id)
    return sorted(selected, key=lambda s: history.last_ts[s], reverse=True)


@pytest.mark.parametrize("filters", FILTER_CASES, ids=repr)
def test_summaries_select_exactly_the_expected_sessions(
    history: History, filters: SearchFilters
) -> None:
    got = history.store.summaries(filters)
    assert [s.id for s in got] == expected_summaries(history, filters)


def test_summaries_figures(history: History) -> None:
    summaries = history.store.summaries()
    assert len(summaries) == len(history.session_project)
    per_session: dict[str, list[Turn]] = {}
    for turn in history.turns.values():
        per_session.setdefault(turn.session_id, []).append(turn)
    for summary in summaries:
        turns = per_session[summary.id]
        assert summary.turns == len(turns)
        assert summary.input_tokens == sum(t.input_tokens for t in turns)
        assert summary.output_tokens == sum(t.output_tokens for t in turns)
        assert summary.failures == sum(
            t.status in ("failed", "timed_out", "interrupted") for t in turns
        )
        assert summary.models == tuple(sorted({t.model for t in turns}))
        assert summary.project_id == history.session_project[summary.id]
        assert summary.workspaces == ()
        assert summary.updated_at == history.last_ts[summary.id]
    assert [s.id for s in history.store.summaries(limit=5)] == [s.id for s in summaries[:5]]


# -- search stays in step with appends and deletes ----------------------------------------------


def test_search_follows_appends_and_deletes(history: History, tmp_path: Path) -> None:
    path = copy_database(history.path, tmp_path / "copy" / "parley.db")
    with SqliteEventStore(path) as store:
        rows = fts_rows(path)
        assert rows == len(history.indexed)
        session = store.create_session("fresh")
        store.append(session.id, "t", TurnStarted(provider_id="local", model="llama-d"))
        new = store.append(session.id, "t", UserMessage(text="the xylophone question"))
        store.append(session.id, "t", Fact(text="xylophone fact is not searchable"))
        assert [h.event_id for h in store.search("xylophone")] == [new.id]
        assert fts_rows(path) == rows + 1
        accented = store.append(session.id, "t", AssistantText(text="Un Café Crème", model="m"))
        assert [h.event_id for h in store.search("cafe CREME")] == [accented.id]
        assert store.search("café")[0].snippet == "Un [Café] Crème"
        assert fts_rows(path) == rows + 2
        # Delete a generated conversation with many hits; its rows leave the index with it.
        victim = max(
            history.session_project,
            key=lambda s: sum(1 for i in history.indexed if i.session_id == s),
        )
        victim_rows = sum(1 for i in history.indexed if i.session_id == victim)
        victim_events = sum(1 for e in store.events(victim))
        assert store.delete_session(victim) == victim_events
        assert fts_rows(path) == rows + 2 - victim_rows
        remaining = [i for i in history.indexed if i.session_id != victim]
        expected = sorted((i.id for i in remaining if "zebra" in tokens(i.text)), reverse=True)
        assert [h.event_id for h in store.search("zebra", limit=100_000)] == expected
        assert victim not in {s.id for s in store.summaries()}
        assert store.delete_session(session.id) == 4
        assert store.search("xylophone") == []
        assert fts_rows(path) == rows - victim_rows
        with raw(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_every_generated_chain_holds(history: History) -> None:
    for session_id in list(history.session_project)[::7]:
        assert history.store.verify_chain(session_id).ok


def test_the_sweep_removes_dead_owners_and_old_leftovers_only(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    owners = path.with_name("parley.db.owners")
    with SqliteEventStore(path) as store, SqliteEventStore(path) as other:
        (owners / "12345-abcdefabcdef").write_text("12345\n")  # a killed process's
        young = owners / ".999-young.tmp"
        young.write_text("")
        old = owners / ".999-old.tmp"
        old.write_text("")
        os.utime(old, (time.time() - 3600, time.time() - 3600))
        assert store._lease.sweep() == 2
        remaining = sorted(p.name for p in owners.iterdir())
        assert remaining == sorted([store._lease.token, other._lease.token, young.name])


def test_the_workspace_of_a_turn_is_a_summary_figure_and_a_filter(
    store: SqliteEventStore,
) -> None:
    if "workspace" not in {f.name for f in dataclasses.fields(TurnStarted)}:
        pytest.skip("turn_started does not record a workspace in this version")
    session = store.create_session("w")
    for turn, workspace in (("t1", "/work/a"), ("t2", "/work/b"), ("t3", "/work/a"), ("t4", "")):
        store.append(session.id, turn, TurnStarted(provider_id="p", model="m", workspace=workspace))
        store.append(session.id, turn, UserMessage(text=f"in {turn}"))
    (summary,) = store.summaries()
    assert summary.workspaces == ("/work/a", "/work/b") and summary.turns == 4
    hits = store.search("in", SearchFilters(workspace="/work/b"))
    assert [h.turn_id for h in hits] == ["t2"]
    assert [s.id for s in store.summaries(SearchFilters(workspace="/work/a"))] == [session.id]
    assert store.summaries(SearchFilters(workspace="/elsewhere")) == []

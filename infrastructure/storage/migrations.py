"""Schema migrations for the SQLite event store: an ordered list of functions, recorded by name.

Why it exists: the event log outlives every version of Parley that writes it, so its schema must be
moved forward step by step and never guessed at. Each migration is a function that runs once; the
``_migrations`` table records which ones ran (name, when), like ``simonw/llm``'s ``migrations.py``.

Invariants it keeps:

- migrations run in list order, each exactly once per database; a run is all-or-nothing (one
  ``BEGIN IMMEDIATE`` transaction, rolled back on any error), so a database is never left
  half-migrated;
- ``PRAGMA user_version`` equals the number of migrations applied (a quick, tool-visible version);
- a database that records a migration this code does not know (written by a newer Parley), or whose
  ``user_version`` is higher than this code knows, is refused with ``EventStoreError`` and left
  untouched, never opened and written by code that does not understand its schema;
- names are append-only: never rename, reorder or edit a migration once released; add a new one;
- before migrating a database that already holds a schema, a copy of it is taken with SQLite's
  backup API, ``<db>.backup-v<old version>-<UTC timestamp>`` next to it; if the copy cannot be
  made, nothing is migrated.

The events table is append-only in the database itself: a trigger rejects every UPDATE, another
rejects every DELETE unless the ``retention_gate`` row names the event's conversation. Only the
store's ``delete_session`` sets that row, inside the transaction that deletes, and clears it before
committing (see ``m002_history``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from parley.application.ports.event_store import EventStoreError
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.storage.derived import index_event, index_turn_tree

Migration = Callable[[sqlite3.Connection], None]

MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next migration; its ``__name__`` is the name recorded in the table."""
    if any(m.__name__ == fn.__name__ for m in MIGRATIONS):
        raise ValueError(f"duplicate migration name {fn.__name__!r}")
    MIGRATIONS.append(fn)
    return fn


@migration
def m001_sessions_and_events(conn: sqlite3.Connection) -> None:
    """Conversations and their append-only event log."""
    conn.execute(
        """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            project_id TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """
    )
    conn.execute("CREATE INDEX sessions_updated_at ON sessions (updated_at)")
    conn.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions (id),
            turn_id TEXT NOT NULL,
            ts TEXT NOT NULL,
            type TEXT NOT NULL,
            actor TEXT NOT NULL DEFAULT '',
            work_item TEXT,
            payload TEXT NOT NULL
        )
        """
    )
    conn.execute("CREATE INDEX events_session_id ON events (session_id, id)")
    conn.execute(
        """
        CREATE TRIGGER events_append_only_no_update BEFORE UPDATE ON events
        BEGIN
            SELECT RAISE(ABORT, 'events are append-only: UPDATE of an event is not allowed');
        END
        """
    )
    conn.execute(
        """
        CREATE TRIGGER events_append_only_no_delete BEFORE DELETE ON events
        BEGIN
            SELECT RAISE(ABORT, 'events are append-only: DELETE of an event is not allowed');
        END
        """
    )


_NO_UPDATE_TRIGGER = """
    CREATE TRIGGER events_append_only_no_update BEFORE UPDATE ON events
    BEGIN
        SELECT RAISE(ABORT, 'events are append-only: UPDATE of an event is not allowed');
    END
"""


@migration
def m002_history(conn: sqlite3.Connection) -> None:
    """Hash chain, full-text search, per-turn facts, partial answers, the retention path.

    - ``events.prev_hash`` / ``events.hash`` (see ``chain``) and ``sessions.head_hash`` (the hash
      of the conversation's last event, so removing events at the end is caught too); existing
      events are hashed in id order per conversation;
    - ``events_fts`` (FTS5), the ``turns`` / ``turn_verdicts`` side tables and the figures on
      ``sessions`` (see ``derived``), back-filled from the existing events;
    - ``partials``: checkpoints of an answer still streaming;
    - ``retention_gate`` (at most one row) and the DELETE trigger that honours it;
      ``retention_log``, an append-only record of every conversation deleted that way.
    """
    conn.execute("DROP TRIGGER events_append_only_no_update")
    conn.execute("DROP TRIGGER events_append_only_no_delete")
    conn.execute("ALTER TABLE events ADD COLUMN prev_hash TEXT")
    conn.execute("ALTER TABLE events ADD COLUMN hash TEXT")
    conn.execute("ALTER TABLE sessions ADD COLUMN head_hash TEXT NOT NULL DEFAULT ''")
    for column, kind in (
        ("turn_count", "INTEGER NOT NULL DEFAULT 0"),
        ("input_tokens", "INTEGER NOT NULL DEFAULT 0"),
        ("output_tokens", "INTEGER NOT NULL DEFAULT 0"),
        ("failures", "INTEGER NOT NULL DEFAULT 0"),
        ("models", "TEXT NOT NULL DEFAULT '[]'"),
        ("workspaces", "TEXT NOT NULL DEFAULT '[]'"),
    ):
        conn.execute(f"ALTER TABLE sessions ADD COLUMN {column} {kind}")
    conn.execute(
        """
        CREATE TABLE turns (
            session_id TEXT NOT NULL REFERENCES sessions (id),
            turn_id TEXT NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            provider_id TEXT NOT NULL DEFAULT '',
            model TEXT NOT NULL DEFAULT '',
            project_id TEXT,
            workspace TEXT NOT NULL DEFAULT '',
            status TEXT,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0,
            tool_calls INTEGER NOT NULL DEFAULT 0,
            owner TEXT,
            PRIMARY KEY (session_id, turn_id)
        ) WITHOUT ROWID
        """
    )
    conn.execute("CREATE INDEX turns_running ON turns (session_id) WHERE status IS NULL")
    conn.execute(
        """
        CREATE TABLE turn_verdicts (
            session_id TEXT NOT NULL,
            turn_id TEXT NOT NULL,
            decision TEXT NOT NULL,
            PRIMARY KEY (session_id, turn_id, decision)
        ) WITHOUT ROWID
        """
    )
    conn.execute(
        """
        CREATE TABLE partials (
            session_id TEXT NOT NULL REFERENCES sessions (id),
            turn_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            ts TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (session_id, turn_id, seq)
        ) WITHOUT ROWID
        """
    )
    conn.execute(
        "CREATE VIRTUAL TABLE events_fts USING fts5"
        " (body, tokenize = 'unicode61 remove_diacritics 2')"
    )
    conn.execute(
        "CREATE TABLE retention_gate ("
        " id INTEGER PRIMARY KEY CHECK (id = 1), session_id TEXT NOT NULL)"
    )
    conn.execute(
        """
        CREATE TABLE retention_log (
            session_id TEXT NOT NULL,
            title TEXT NOT NULL,
            deleted_at TEXT NOT NULL,
            events INTEGER NOT NULL,
            head_hash TEXT NOT NULL
        )
        """
    )
    for verb in ("UPDATE", "DELETE"):
        conn.execute(
            f"""
            CREATE TRIGGER retention_log_append_only_no_{verb.lower()} BEFORE {verb}
            ON retention_log
            BEGIN
                SELECT RAISE(ABORT, 'the retention log is append-only: {verb} is not allowed');
            END
            """
        )
    _backfill_history(conn)
    conn.execute(_NO_UPDATE_TRIGGER)
    conn.execute(
        """
        CREATE TRIGGER events_append_only_no_delete BEFORE DELETE ON events
        WHEN NOT EXISTS (SELECT 1 FROM retention_gate WHERE session_id = OLD.session_id)
        BEGIN
            SELECT RAISE(
                ABORT,
                'events are append-only: DELETE of an event is not allowed (only Parley deletes)'
            );
        END
        """
    )


@migration
def m003_conversations(conn: sqlite3.Connection) -> None:
    """What the sidebar needs to organise conversations: ``sessions.pinned`` (0/1) and
    ``sessions.current_turn_id`` (the leaf of the branch path the user last looked at, ``''`` =
    the latest path). Both default for existing conversations: unpinned, latest path. Neither
    touches ``updated_at`` when changed (see the store), and neither is an event: they are the
    conversation's settings, not its history."""
    conn.execute("ALTER TABLE sessions ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE sessions ADD COLUMN current_turn_id TEXT NOT NULL DEFAULT ''")
    conn.execute("CREATE INDEX sessions_project_id ON sessions (project_id)")


@migration
def m004_turn_tree(conn: sqlite3.Connection) -> None:
    """The turn index: each turn's tree links on its ``turns`` row, so a window can place the
    last turns of a long conversation without decoding all of its events (issue 8).

    - ``turns.follows_turn_id`` (NULL: a legacy turn that follows the one recorded before it;
      "": starts from the top), ``turns.retry_of`` and ``turns.first_event_id`` (the id of the
      turn's first ``turn_started``), back-filled from the stored ``turn_started`` payloads and
      from then on written with each append (see ``derived.index_turn_tree``);
    - ``turns_in_log_order`` on (session_id, first_event_id): the index in log order without a
      sort;
    - ``events_session_turn`` on events (session_id, turn_id): the events of a few turns without
      scanning the whole conversation (the rowid, which is the event id, completes each key).
    """
    conn.execute("ALTER TABLE turns ADD COLUMN follows_turn_id TEXT")
    conn.execute("ALTER TABLE turns ADD COLUMN retry_of TEXT")
    conn.execute("ALTER TABLE turns ADD COLUMN first_event_id INTEGER")
    rows = conn.execute(
        "SELECT id, session_id, turn_id, payload FROM events"
        " WHERE type = 'turn_started' ORDER BY id"
    )
    for event_id, session_id, turn_id, payload in rows.fetchall():
        try:
            data = json.loads(payload) if isinstance(payload, str) else None
        except ValueError:
            data = None  # m002 made no turns row for it either
        if isinstance(data, dict):
            index_turn_tree(
                conn, event_id=event_id, session_id=session_id, turn_id=turn_id, payload=data
            )
    conn.execute("CREATE INDEX turns_in_log_order ON turns (session_id, first_event_id)")
    conn.execute("CREATE INDEX events_session_turn ON events (session_id, turn_id)")


@migration
def m005_events_by_time(conn: sqlite3.Connection) -> None:
    """``events_ts`` on events (ts): a search limited to a date range finds the range's first and
    last event ids from it and walks only those (``fulltext.date_id_bounds``), instead of stepping
    over every newer event (a month a year back over 1,000,000 events: 117 ms → 5 ms)."""
    conn.execute("CREATE INDEX events_ts ON events (ts)")


@migration
def m006_team_sync(conn: sqlite3.Connection) -> None:
    """What syncing with a team store needs (issue 19, ADR-012; ``storage/sync_ledger``).

    - ``sync_device``: this database's device id, made once here (a random hex id) and never
      changed: the ``origin_device`` of every event recorded in this store;
    - ``sync_map (store, local_id, server_id)``: which local event is which server event of a
      team store, unique both ways; ``pulled`` = 1 for an event that came *from* that store
      (with its global id ``origin_device``/``origin_seq``), never pushed anywhere;
    - ``sync_position (store, pulled_up_to)``: the highest server id pulled from a store;
    - ``sync_quarantine (store, session_id, reason, at)``: conversations whose pulled chain did
      not verify; nothing more of them is accepted from that store.
    """
    conn.execute(
        "CREATE TABLE sync_device (id INTEGER PRIMARY KEY CHECK (id = 1),"
        " device_id TEXT NOT NULL, created_at TEXT NOT NULL)"
    )
    conn.execute(
        "INSERT INTO sync_device (id, device_id, created_at) VALUES (1, ?, ?)",
        (os.urandom(16).hex(), datetime.now(UTC).isoformat()),
    )
    conn.execute(
        """
        CREATE TABLE sync_map (
            store TEXT NOT NULL,
            local_id INTEGER NOT NULL,
            server_id INTEGER NOT NULL,
            pulled INTEGER NOT NULL DEFAULT 0,
            origin_device TEXT,
            origin_seq INTEGER,
            PRIMARY KEY (store, local_id),
            UNIQUE (store, server_id)
        ) WITHOUT ROWID
        """
    )
    conn.execute("CREATE INDEX sync_map_pulled ON sync_map (local_id) WHERE pulled = 1")
    conn.execute(
        "CREATE TABLE sync_position (store TEXT PRIMARY KEY, pulled_up_to INTEGER NOT NULL)"
    )
    conn.execute(
        """
        CREATE TABLE sync_quarantine (
            store TEXT NOT NULL,
            session_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (store, session_id)
        ) WITHOUT ROWID
        """
    )


def _backfill_history(conn: sqlite3.Connection) -> None:
    """Hash and index the events already stored, one conversation at a time, in id order."""
    sessions = [row[0] for row in conn.execute("SELECT id FROM sessions ORDER BY rowid")]
    for session_id in sessions:
        rows = conn.execute(
            "SELECT id, turn_id, ts, type, actor, work_item, payload FROM events"
            " WHERE session_id = ? ORDER BY id",
            (session_id,),
        ).fetchall()
        prev = GENESIS
        hashes = []
        for event_id, turn_id, ts, type_name, actor, work_item, payload in rows:
            digest = event_hash(
                prev, session_id, turn_id, ts, type_name, actor, work_item, str(payload)
            )
            hashes.append((prev, digest, event_id))
            prev = digest
            try:
                data = json.loads(payload) if isinstance(payload, str) else None
            except ValueError:
                data = None  # an unreadable row is still hashed; it just is not searchable
            if isinstance(data, dict):
                index_event(
                    conn,
                    event_id=event_id,
                    session_id=session_id,
                    turn_id=turn_id,
                    ts=ts,
                    type_name=type_name,
                    payload=data,
                    owner=None,
                    turn_tree=False,  # m004 adds and back-fills those columns
                )
        conn.executemany("UPDATE events SET prev_hash = ?, hash = ? WHERE id = ?", hashes)
        conn.execute("UPDATE sessions SET head_hash = ? WHERE id = ?", (prev, session_id))


def _database_name(conn: sqlite3.Connection) -> str:
    for _seq, name, file in conn.execute("PRAGMA database_list"):
        if name == "main":
            return file or ":memory:"
    return "?"  # pragma: no cover - "main" always exists


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations recorded in ``conn``'s database, in the order they were applied."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'"
    ).fetchone()
    if not exists:
        return []
    return [row[0] for row in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]


@dataclass(frozen=True)
class MigrationRun:
    """What ``migrate_database`` did: the migrations applied now, the version before and after,
    and the backup taken first (``None`` when nothing needed migrating or the database was new)."""

    applied: list[str] = field(default_factory=list)
    version_before: int = 0
    version_after: int = 0
    backup: Path | None = None


def migrate(conn: sqlite3.Connection, *, backup: bool = True) -> list[str]:
    """Apply every migration not yet recorded, in one transaction; return the names applied now.

    ``conn`` must not be inside a transaction. Raises ``EventStoreError`` (and changes nothing) if
    the database was written by a newer Parley, its backup cannot be taken, or a migration fails.
    """
    return migrate_database(conn, backup=backup).applied


def migrate_database(conn: sqlite3.Connection, *, backup: bool = True) -> MigrationRun:
    """``migrate``, reporting the versions and the backup (see ``MigrationRun``)."""
    if conn.in_transaction:
        raise ValueError("migrate() needs a connection with no open transaction")
    where = _database_name(conn)
    known = [m.__name__ for m in MIGRATIONS]
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise EventStoreError(f"cannot open database {where} for migration: {exc}") from exc
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS _migrations ("
            " name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        applied = applied_migrations(conn)
        unknown = [name for name in applied if name not in known]
        (user_version,) = conn.execute("PRAGMA user_version").fetchone()
        if unknown or user_version > len(known):
            detail = (
                f"it records migration(s) {', '.join(unknown)}"
                if unknown
                else f"its schema version is {user_version}"
            )
            raise EventStoreError(
                f"database {where} was written by a newer version of Parley: {detail}, which this "
                f"version does not know (it knows {len(known)} migration(s)); upgrade Parley or "
                "point it at another data directory"
            )
        pending = [fn for fn in MIGRATIONS if fn.__name__ not in applied]
        copy = None
        if pending and applied and backup:
            # Taken while this connection holds the write lock, so the copy is exactly the
            # database the migrations start from.
            copy = _backup(where, len(applied))
        done_now: list[str] = []
        for fn in pending:
            try:
                fn(conn)
            except sqlite3.Error as exc:
                raise EventStoreError(
                    f"migration {fn.__name__} failed on database {where}: {exc}"
                ) from exc
            conn.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                (fn.__name__, datetime.now(UTC).isoformat()),
            )
            done_now.append(fn.__name__)
        # PRAGMA cannot take parameters; the value is an int we computed.
        conn.execute(f"PRAGMA user_version = {len(applied) + len(done_now)}")
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise EventStoreError(f"cannot migrate database {where}: {exc}") from exc
        raise
    return MigrationRun(
        applied=done_now,
        version_before=len(applied),
        version_after=len(applied) + len(done_now),
        backup=copy,
    )


def _backup(where: str, version: int) -> Path:
    """Copy the database at ``where`` with SQLite's backup API (through a second connection: the
    migrating one holds a write transaction, which the backup API refuses as a source) to
    ``<db>.backup-v<version>-<UTC timestamp>``; raise ``EventStoreError`` if that fails."""
    if where in ("", ":memory:", "?"):
        raise EventStoreError("cannot back up an in-memory database before migrating it")
    db = Path(where)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = db.with_name(f"{db.name}.backup-v{version}-{stamp}")
    partial = target.with_name(target.name + ".part")
    try:
        source = sqlite3.connect(db, timeout=5)
        try:
            dest = sqlite3.connect(partial)
            try:
                source.backup(dest)
                # A backup is one self-contained file, not a WAL database waiting for its -wal.
                dest.execute("PRAGMA journal_mode = DELETE")
            finally:
                dest.close()
        finally:
            source.close()
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise EventStoreError(
            f"cannot back up database {where} before migrating it (nothing was changed): {exc}"
        ) from exc
    return target

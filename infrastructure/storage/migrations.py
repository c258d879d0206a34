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
- names are append-only: never rename, reorder or edit a migration once released; add a new one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

from application.ports.event_store import EventStoreError

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


def migrate(conn: sqlite3.Connection) -> list[str]:
    """Apply every migration not yet recorded, in one transaction; return the names applied now.

    ``conn`` must not be inside a transaction. Raises ``EventStoreError`` (and changes nothing) if
    the database was written by a newer Parley or a migration fails.
    """
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
        done_now: list[str] = []
        for fn in MIGRATIONS:
            if fn.__name__ in applied:
                continue
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
    return done_now

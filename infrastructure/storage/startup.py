"""Opening the event store at startup: check the file, move a broken one aside, never lose it.

Why it exists: a history database that cannot be opened (not a database at all, truncated, zeroed,
corrupt pages) must not stop Parley from starting, and must never be silently replaced by an empty
one either: the old file may be recoverable with SQLite's own tools. So it is *moved aside*, with
its ``-wal``/``-shm`` companions, to ``<db>.corrupt-<UTC timestamp>``, a new database is started,
and the report says where the old one went, for the window and the command line to tell the user.

Checks, in order: ``PRAGMA quick_check`` on the existing file through a read-only connection
(before anything writes to it; a read-write connection would fold the ``-wal`` into the file, or
delete it, on close), then the store's own opening (WAL journaling, schema version, pending
migrations with their backup).

Invariants it keeps:

- only *corruption* moves a file aside (SQLite's ``SQLITE_CORRUPT`` / ``SQLITE_NOTADB``, or a
  ``quick_check`` that is not ``ok``); a locked database, a permission problem, a full disk or a
  database from a newer Parley is an ``EventStoreError`` and the file is left exactly as it is;
- a moved file is never overwritten (the name gets a counter if the timestamp is taken);
- an empty (0-byte) file is a valid empty database, not corruption.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from application.ports.event_store import EventStoreError
from infrastructure.storage.migrations import MIGRATIONS
from infrastructure.storage.sqlite_event_store import BUSY_TIMEOUT_MS, SqliteEventStore

_CORRUPTION_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_SIDE_FILES = ("-wal", "-shm", "-journal")
_MAX_PROBLEMS = 5


@dataclass(frozen=True)
class StartupReport:
    """What opening the history found and did."""

    path: Path
    quick_check: str
    journal_mode: str
    schema_version: int
    migrated: tuple[str, ...] = ()
    backup: Path | None = None
    moved_to: Path | None = None
    problem: str = ""

    @property
    def notice(self) -> str:
        """The message for the user ("" when there is nothing to tell)."""
        if self.moved_to is None:
            return ""
        return (
            f"The history database {self.path} could not be opened ({self.problem}). It was moved "
            f"to {self.moved_to} (kept, not deleted: it may be recoverable with the sqlite3 "
            "tool's .recover command) and a new, empty history was started."
        )


def open_event_store(path: Path) -> tuple[SqliteEventStore, StartupReport]:
    """Open (creating if needed) the event store at ``path`` after checking it; a corrupt file is
    moved aside and a new one started (see the module docstring). Raises ``EventStoreError`` for
    anything that is not corruption."""
    path = Path(path)
    problem = probe(path)
    moved: Path | None = None
    if problem:
        moved = move_aside(path)
    try:
        store = SqliteEventStore(path)
    except EventStoreError as exc:
        cause = exc.__cause__
        if moved is not None or not (isinstance(cause, sqlite3.Error) and _is_corruption(cause)):
            raise
        # quick_check passed but opening still met corruption (a page it does not read).
        problem = str(cause)
        moved = move_aside(path)
        store = SqliteEventStore(path)
    report = StartupReport(
        path=path,
        quick_check="ok" if not problem else f"failed: {problem}",
        journal_mode=store.journal_mode,
        schema_version=store.migration.version_after,
        migrated=tuple(store.migration.applied),
        backup=store.migration.backup,
        moved_to=moved,
        problem=problem,
    )
    if report.schema_version != len(MIGRATIONS):  # pragma: no cover - migrate guarantees it
        store.close()
        raise EventStoreError(
            f"the event store {path} is at schema version {report.schema_version}, "
            f"expected {len(MIGRATIONS)}"
        )
    return store, report


def probe(path: Path) -> str:
    """Why the database file at ``path`` cannot be used ("" if it can, or does not exist yet).
    Raises ``EventStoreError`` when it cannot even be checked for a reason that is not
    corruption (locked, unreadable)."""
    try:
        if not path.exists() or path.stat().st_size == 0:
            return ""
    except OSError as exc:
        raise EventStoreError(f"cannot check the event store {path}: {exc}") from exc
    try:
        # Read-only: a read-write connection would checkpoint and delete the -wal on close, and
        # the -wal of a broken database may hold the very data someone wants to recover.
        conn = sqlite3.connect(
            path.absolute().as_uri() + "?mode=ro",
            uri=True,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
        )
    except sqlite3.Error as exc:
        if _is_corruption(exc):
            return str(exc)
        raise EventStoreError(f"cannot check the event store {path}: {exc}") from exc
    try:
        rows = conn.execute(f"PRAGMA quick_check({_MAX_PROBLEMS})").fetchall()
    except sqlite3.Error as exc:
        if _is_corruption(exc):
            return str(exc)
        raise EventStoreError(f"cannot check the event store {path}: {exc}") from exc
    finally:
        conn.close()
    findings = [str(row[0]) for row in rows]
    if findings == ["ok"]:
        return ""
    return "integrity check failed: " + "; ".join(findings)


def move_aside(path: Path) -> Path:
    """Rename ``path`` (and its ``-wal``/``-shm``/``-journal``) to ``<name>.corrupt-<UTC
    timestamp>``; return the new path of the database file."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while any(Path(str(target) + s).exists() for s in ("", *_SIDE_FILES)):
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    try:
        # Companions first: a -wal left behind would be replayed into the new database.
        for suffix in _SIDE_FILES:
            side = Path(str(path) + suffix)
            if side.exists():
                os.replace(side, Path(str(target) + suffix))
        os.replace(path, target)
    except OSError as exc:
        raise EventStoreError(
            f"the event store {path} cannot be opened and could not be moved aside ({exc}); "
            "move or rename it yourself, then start Parley again"
        ) from exc
    return target


def _is_corruption(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in _CORRUPTION_CODES
    message = str(exc).lower()
    return "not a database" in message or "malformed" in message

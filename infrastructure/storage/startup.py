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
- an empty (0-byte) file is a valid empty database, not corruption;
- a history that cannot be *written* (a read-only file, folder or mount, a full disk, a file-size
  limit) is still opened, read-only (``read_only.ReadOnlyEventStore``), with a notice saying so
  and why: a user can always get their history off. ``read_only=True`` asks for that from the
  start (the reading commands). Only when the database really needs upgrading to this Parley's
  schema does the message speak of migrating, and then it says that upgrading needs writing;
- a path that is a folder is reported as such, not as SQLite's "disk I/O error".

Errors: ``EventStoreError`` (with ``read_only.ReadOnlyStoreError`` for a write refused by a
read-only store); nothing else leaves this module.
"""

from __future__ import annotations

import errno
import os
import resource
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from parley.application.ports.event_store import EventStoreError
from parley.infrastructure.storage.migrations import MIGRATIONS, applied_migrations
from parley.infrastructure.storage.read_only import (
    ReadOnlyEventStore,
    connect_read_only,
    primary_code,
)
from parley.infrastructure.storage.sqlite_event_store import BUSY_TIMEOUT_MS, SqliteEventStore

_CORRUPTION_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
#: SQLite's codes for "this could not be written" (EFBIG under a file-size limit is an IOERR).
_UNWRITABLE_CODES = frozenset(
    {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR}
)
_UNWRITABLE_ERRNOS = frozenset(
    {errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EACCES, errno.EPERM}
)
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
    #: Why the history could not be opened for writing and was opened read-only instead ("" when
    #: it is writable, or was opened read-only because the caller asked for that).
    read_only: str = ""

    @property
    def notice(self) -> str:
        """The message for the user ("" when there is nothing to tell)."""
        if self.read_only:
            return (
                f"The history database {self.path} cannot be written ({self.read_only}), so it "
                "was opened read-only: conversations can be listed, searched, shown and "
                "exported, but nothing new can be saved until that is fixed."
            )
        if self.moved_to is None:
            return ""
        return (
            f"The history database {self.path} could not be opened ({self.problem}). It was moved "
            f"to {self.moved_to} (kept, not deleted: it may be recoverable with the sqlite3 "
            "tool's .recover command) and a new, empty history was started."
        )


def open_event_store(
    path: Path, *, read_only: bool = False
) -> tuple[SqliteEventStore, StartupReport]:
    """Open (creating if needed) the event store at ``path`` after checking it; a corrupt file is
    moved aside and a new one started, a history that cannot be written is opened read-only (see
    the module docstring). ``read_only=True`` opens a sound, up-to-date database read-only from
    the start (one that needs moving aside or upgrading is opened as without it). Raises
    ``EventStoreError`` for anything else."""
    path = Path(path)
    if path.is_dir():
        raise EventStoreError(
            f"the history database {path} is a folder, not a file: move that folder away, or "
            "point Parley at another data folder (--data-dir or PARLEY_DATA_DIR)"
        )
    problem = probe(path)
    if read_only and not problem and _has_data(path):
        version, pending = _schema(path)
        if not pending:
            reader = ReadOnlyEventStore(path, why="opened for reading only", version=version)
            return reader, _report(path, reader, problem="", moved=None)
    moved: Path | None = None
    if problem:
        moved = move_aside(path)
    try:
        store = SqliteEventStore(path)
    except EventStoreError as exc:
        cause = exc.__cause__
        if moved is None and _is_unwritable(cause):
            return _open_read_only_instead(path, exc)
        if moved is not None or not (isinstance(cause, sqlite3.Error) and _is_corruption(cause)):
            raise
        # quick_check passed but opening still met corruption (a page it does not read).
        problem = str(cause)
        moved = move_aside(path)
        store = SqliteEventStore(path)
    report = _report(path, store, problem=problem, moved=moved)
    if report.schema_version != len(MIGRATIONS):  # pragma: no cover - migrate guarantees it
        store.close()
        raise EventStoreError(
            f"the event store {path} is at schema version {report.schema_version}, "
            f"expected {len(MIGRATIONS)}"
        )
    return store, report


def _report(
    path: Path, store: SqliteEventStore, *, problem: str, moved: Path | None, read_only: str = ""
) -> StartupReport:
    return StartupReport(
        path=path,
        quick_check="ok" if not problem else f"failed: {problem}",
        journal_mode=store.journal_mode,
        schema_version=store.migration.version_after,
        migrated=tuple(store.migration.applied),
        backup=store.migration.backup,
        moved_to=moved,
        problem=problem,
        read_only=read_only,
    )


def _open_read_only_instead(
    path: Path, failure: EventStoreError
) -> tuple[SqliteEventStore, StartupReport]:
    """The history cannot be written: open it read-only, or say plainly why even that cannot be
    (there is none yet, or it needs upgrading, which writes)."""
    why = why_not_writable(path, failure.__cause__)
    if not _has_data(path):
        raise EventStoreError(f"cannot create the history database {path}: {why}") from failure
    version, pending = _schema(path)
    if pending:
        raise EventStoreError(
            f"the history database {path} must be upgraded for this version of Parley (from "
            f"schema version {version} to {len(MIGRATIONS)}), and upgrading writes to it, which "
            f"is not possible now: {why}. Nothing was changed; fix that (or copy the data folder "
            "somewhere writable and use --data-dir), then try again"
        ) from failure
    reader = ReadOnlyEventStore(path, why=why, version=version)
    return reader, _report(path, reader, problem="", moved=None, read_only=why)


def why_not_writable(path: Path, cause: BaseException | None) -> str:
    """A plain reason the history at ``path`` could not be written (no SQLite jargon alone)."""
    folder = path.parent
    try:
        fs = os.statvfs(folder)
        if fs.f_flag & os.ST_RDONLY:
            return f"{folder} is on a read-only file system"
        if fs.f_bavail == 0:
            return f"the disk holding {folder} is full"
    except OSError:
        pass
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    too_large = (isinstance(cause, OSError) and cause.errno == errno.EFBIG) or primary_code(
        cause
    ) in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL)
    if soft != resource.RLIM_INFINITY and too_large:
        return f"files may not grow beyond {soft} bytes here (ulimit -f)"
    if isinstance(cause, OSError) and cause.errno in _UNWRITABLE_ERRNOS:
        return os.strerror(cause.errno or 0).lower()
    code = primary_code(cause)
    if code == sqlite3.SQLITE_FULL:
        return "the disk is full"
    if not os.access(path, os.W_OK) and path.exists():
        return f"the file {path.name} is read-only"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is read-only"
    return str(cause) if cause is not None else "it cannot be written"


def _is_unwritable(cause: BaseException | None) -> bool:
    if isinstance(cause, OSError):
        return cause.errno in _UNWRITABLE_ERRNOS
    return primary_code(cause) in _UNWRITABLE_CODES


def _has_data(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _schema(path: Path) -> tuple[int, list[str]]:
    """The schema version of the database at ``path`` and the migrations it lacks, read without
    writing. Raises ``EventStoreError`` for a database written by a newer Parley."""
    try:
        conn = connect_read_only(path, timeout_ms=BUSY_TIMEOUT_MS)
    except sqlite3.Error as exc:
        raise EventStoreError(f"cannot read the history database {path}: {exc}") from exc
    try:
        applied = applied_migrations(conn)
        (user_version,) = conn.execute("PRAGMA user_version").fetchone()
    except sqlite3.Error as exc:
        raise EventStoreError(f"cannot read the history database {path}: {exc}") from exc
    finally:
        conn.close()
    known = [m.__name__ for m in MIGRATIONS]
    unknown = [name for name in applied if name not in known]
    if unknown or user_version > len(known):
        raise EventStoreError(
            f"database {path} was written by a newer version of Parley (schema version "
            f"{user_version}), which this version does not know (it knows {len(known)} "
            "migration(s)); upgrade Parley or point it at another data directory"
        )
    return len(applied), [name for name in known if name not in applied]


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
        conn = connect_read_only(path, timeout_ms=BUSY_TIMEOUT_MS)
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

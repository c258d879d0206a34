"""The event store opened read-only: a user can read and export their history off a read-only
file, a read-only folder or a full disk.

Why it exists: listing, showing, searching, exporting and verifying conversations write nothing,
so they must not need a writable database. ``SqliteEventStore`` always opens read-write (WAL,
migrations, an owner lease): on a full disk or a read-only mount that fails before a single row is
read. ``ReadOnlyEventStore`` reads through the very same queries (it *is* a ``SqliteEventStore``
whose connections are opened read-only) and refuses every write with one plain message.

How a read-only connection is opened (``connect_read_only``): SQLite's ``mode=ro`` first; a WAL
database opened so still needs its ``-shm`` index, which SQLite cannot create in a read-only
folder (or on a full disk), so when ``mode=ro`` cannot open the file *and* no ``-wal`` holding
changes lies beside it, ``immutable=1`` is used (the file alone is then the whole database, and
nothing can be changing it: nobody can create a ``-wal`` there either). When a non-empty ``-wal``
is there, ``immutable`` would silently ignore its changes, so the open is refused with what to do.

Invariants it keeps:

- nothing is ever written: no WAL switch, no migration, no owner lease, no recovery; every write
  raises ``ReadOnlyStoreError`` (an ``EventStoreError``) saying why the history is read-only;
- a read never silently misses committed events (the ``immutable`` rule above).

Errors (all ``EventStoreError``, so every surface already reports them as storage failures)::

    EventStoreError
    └── ReadOnlyStoreError      a write was attempted on a store opened read-only
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from parley.application.ports.event_store import EventStoreError
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.infrastructure.storage.event_cache import EventCache
from parley.infrastructure.storage.migrations import MigrationRun
from parley.infrastructure.storage.owners import OwnerLease
from parley.infrastructure.storage.recovery_journal import RecoveryJournal, recovery_dir
from parley.infrastructure.storage.sqlite_event_store import (
    BUSY_TIMEOUT_MS,
    CACHE_EVENTS,
    CACHE_SESSIONS,
    SqliteEventStore,
)

# Shown in the window (the History window reading another history): marked for its language.
_READ_ONLY = QT_TRANSLATE_NOOP(
    "History", "nothing can be saved: the history {path} is open read-only ({why})"
)
_CANNOT_READ = QT_TRANSLATE_NOOP("History", "cannot read the event store {path}: {detail}")

#: SQLite's primary result codes that mean "this cannot be opened for reading as asked" (rather
#: than corruption or a lock): a missing ``-shm`` it may not create, no space, an I/O refusal.
_CANNOT_OPEN_CODES = frozenset(
    {sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR}
)


class ReadOnlyStoreError(EventStoreError):
    """A write was attempted on a history opened read-only; the message says why it is so."""


def primary_code(exc: BaseException | None) -> int | None:
    """SQLite's primary result code of ``exc`` (``None`` when it is not an ``sqlite3.Error``)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def wal_has_changes(path: Path) -> bool:
    """Whether a ``-wal`` beside ``path`` may hold committed changes not yet in the file."""
    wal = Path(str(path) + "-wal")
    try:
        return wal.stat().st_size > 0
    except FileNotFoundError:
        return False
    except OSError:
        return True  # cannot tell: assume it does, never read around it


def connect_read_only(
    path: Path, *, check_same_thread: bool = True, timeout_ms: int = BUSY_TIMEOUT_MS
) -> sqlite3.Connection:
    """A connection that cannot write to ``path`` (see the module docstring for ``mode=ro`` and
    when ``immutable=1`` is right). Raises ``sqlite3.Error`` as SQLite does, or
    ``EventStoreError`` when the file can only be read by ignoring a ``-wal`` full of changes."""
    uri = Path(path).absolute().as_uri()
    first: sqlite3.Error | None = None
    for query in ("?mode=ro", "?mode=ro&immutable=1"):
        if query.endswith("immutable=1") and wal_has_changes(path):
            assert first is not None
            raise EventStoreError(
                f"the history database {path} cannot be read here ({first}): its latest changes "
                f"are in {path.name}-wal, which SQLite can only read where it may write its "
                f"index. Copy {path.name} and {path.name}-wal together to a writable folder and "
                "point Parley at it (--data-dir)"
            ) from first
        conn = sqlite3.connect(
            uri + query,
            uri=True,
            timeout=timeout_ms / 1000,
            isolation_level=None,
            check_same_thread=check_same_thread,
        )
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            conn.close()
            if first is not None or primary_code(exc) not in _CANNOT_OPEN_CODES:
                raise
            first = exc
            continue
        return conn
    raise AssertionError("unreachable")  # pragma: no cover


class ReadOnlyEventStore(SqliteEventStore):
    """``SqliteEventStore`` over read-only connections; every write raises
    ``ReadOnlyStoreError`` naming ``why`` (e.g. "the disk is full")."""

    def __init__(self, path: Path, *, why: str, version: int) -> None:
        # Not SqliteEventStore.__init__: that switches to WAL, migrates and takes a lease, all
        # writes. The attributes its reading methods use are set here instead.
        self.path = Path(path)
        self.why = why
        self._closed = False
        self._busy_timeout_ms = BUSY_TIMEOUT_MS
        # The recovery journal's bookkeeping, as the parent keeps it: a checkpoint refused here
        # goes the same way as one a full disk refuses (and reports where, or that it could not).
        self._journal = RecoveryJournal(recovery_dir(self.path))
        self._journaled: set[tuple[str, str]] = set()
        self._journal_lock = threading.Lock()
        self._cache = EventCache(max_sessions=CACHE_SESSIONS, max_events=CACHE_EVENTS)
        self._write_lock = threading.Lock()
        self._local = threading.local()
        self._readers = []
        self._readers_lock = threading.Lock()
        # The "writer" is one more read-only connection: ``_write`` below never uses it, and
        # ``close`` closes it with the readers.
        self._writer = self._connect(check_same_thread=False)
        try:
            mode = self._writer.execute("PRAGMA journal_mode").fetchone()[0]
        except sqlite3.Error as exc:
            self._writer.close()
            raise EventStoreError(_CANNOT_READ.format(path=self.path, detail=exc)) from exc
        self.journal_mode = str(mode).lower()
        self.migration = MigrationRun(version_before=version, version_after=version)
        self._lease = _NoLease()

    def _connect(self, *, check_same_thread: bool) -> sqlite3.Connection:
        try:
            return connect_read_only(self.path, check_same_thread=check_same_thread)
        except sqlite3.Error as exc:
            raise EventStoreError(_CANNOT_READ.format(path=self.path, detail=exc)) from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self._check_open()
        raise ReadOnlyStoreError(_READ_ONLY.format(path=self.path, why=self.why))
        yield  # pragma: no cover - a generator, for @contextmanager

    def recover_interrupted(self) -> list[str]:
        """Closing interrupted turns writes; a read-only history leaves them for a later start."""
        return []


class _NoLease(OwnerLease):
    """Stands in for the owner lease a read-only store never takes (it starts no turn, and
    taking one writes a file)."""

    def __init__(self) -> None:  # no super().__init__: that creates the lease file
        self.token = ""

    def is_alive(self, token: str | None) -> bool:
        return True

    def sweep(self) -> int:
        return 0

    def release(self) -> None:
        pass

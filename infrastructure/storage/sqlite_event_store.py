"""The event store port over an embedded SQLite database (WAL), shared safely across threads.

Why it exists: every conversation's canonical event log must survive crashes and be readable by the
window, the CLI and the runtime at once. The runtime appends from a worker thread while the UI
thread reads; one ``SqliteEventStore`` object serves both.

Invariants it keeps:

- append-only: the store only ever INSERTs events, except ``delete_session`` (below); triggers in
  ``migrations`` also reject UPDATE and DELETE made by anyone else;
- one writer at a time: all writes go through a single connection guarded by a lock, each in its own
  ``BEGIN IMMEDIATE`` transaction, so an event, and the session's ``updated_at`` it bumps, commit
  together or not at all; other processes are waited for (``busy_timeout``), not failed;
- readers never share a connection across threads: each thread gets its own (``threading.local``),
  and WAL lets it read while the writer writes;
- payloads are ``canonical.to_payload`` as compact JSON and are read back with the strict
  ``canonical.from_payload``; an unreadable row raises ``EventStoreError`` naming its id and why;
- timestamps are ISO 8601 UTC with microseconds and a trailing ``Z`` (they sort as text), stamped
  inside the write transaction, so they follow ids even across processes — except an import's
  original time (``append(ts=…)``), which may not be earlier than the conversation's last event;
- every event carries ``prev_hash``/``hash`` (the conversation's hash chain, see ``chain``) and
  its derived rows (search text, per-turn facts; see ``derived``), written in the event's own
  transaction; ``sessions.head_hash`` is the hash of the conversation's last event;
- events leave the database only through ``delete_session`` (the retention path), which opens
  the ``retention_gate`` for one conversation inside its own transaction and closes it again;
- a streamed answer is checkpointed into ``partials`` (one small INSERT per checkpoint, never the
  whole answer again); the turn's ``assistant_text`` or ``turn_finished`` deletes them in its own
  transaction, so recovery never repeats text that is already in the log (the runtime never
  closes a turn whose shown text the store refused: ADR-008);
- a checkpoint the database refuses (lock held past ``busy_timeout_ms``, a full disk, a file-size
  limit) goes to the turn's recovery journal beside the database (``recovery_journal``), and so
  do the turn's later ones; ``recover_interrupted`` appends checkpoints + journal, in that order,
  as the turn's partial answer, then removes the journal; journals of closed turns are swept;
- ``append_many`` appends several events of one turn in one transaction (``turn_started`` with its
  ``user_message``): all or none;
- ``verify_chain`` reads the head and the events inside one read transaction (one snapshot), so
  an append by another process meanwhile is not reported as tampering;
- a conversation's settings (title, ``pinned``, ``project_id``, ``current_turn_id``) are plain
  UPDATEs of its ``sessions`` row that leave ``updated_at`` alone: only an appended event is
  activity; ``duplicate_session`` copies events through the same insert path as ``append`` (one
  transaction for the whole copy), so a copy is chained, indexed and searchable like an original;
- ``recover_interrupted`` only closes turns whose owner (the store object that started them, see
  ``owners``) is no longer alive: a turn streaming in another process right now is left alone.
  Several processes may use one profile at once (the window and ``parley ask``); none is refused;
- ``events`` answers from an in-process cache of decoded events (``event_cache``) only after
  checking, with one indexed query, that the database still ends where the cache ends (the
  conversation's ``head_hash`` and last event id): newer events (from this object or another
  process) are read and decoded alone and added; a log that ended elsewhere (deleted, recreated)
  is read again whole. The cache never answers without that check, so it can be stale only in
  memory, never in what a caller gets;
- ``turn_index`` reads the tree links kept on ``turns`` (migration ``m004``), and
  ``events_of_turns`` the events of a few turns through the ``events_session_turn`` index:
  opening a long conversation need not decode all of it.

``synchronous=NORMAL`` keeps the database consistent after an application crash (a ``kill -9``
loses nothing committed); on power loss the last commits may be lost (see DESIGN.md, "Known
pitfalls").
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from parley.application.ports.event_store import (
    ChainReport,
    EventStoreError,
    SearchFilters,
    SearchHit,
    SessionNotFound,
    SessionRecord,
    SessionSummary,
    SessionUsage,
    TurnIndexEntry,
)
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    StoredEvent,
    TurnFinished,
    event_type,
    from_payload,
    mint_id,
    to_payload,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.domain.transcript.event_refs import REFERENCING_TYPES, with_new_ids
from parley.infrastructure.storage.derived import index_event
from parley.infrastructure.storage.event_cache import EventCache
from parley.infrastructure.storage.fulltext import (
    HIGHLIGHT_CLOSE,
    HIGHLIGHT_OPEN,
    SNIPPET_TOKENS,
    date_id_bounds,
    match_expression,
    preview,
    until_bound,
)
from parley.infrastructure.storage.migrations import MigrationRun, migrate_database
from parley.infrastructure.storage.owners import OwnerLease, owners_dir
from parley.infrastructure.storage.recovery_journal import RecoveryJournal, recovery_dir

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000

_SESSION_COLUMNS = "id, title, created_at, updated_at, project_id, pinned, current_turn_id"
_EVENT_COLUMNS = "id, ts, session_id, turn_id, type, actor, work_item, payload, prev_hash, hash"

#: Conversation ids per ``IN (...)`` read (well under SQLite's bound-parameter limit).
_IDS_PER_READ = 500

#: ``turns.owner`` prefix of a turn pulled from a team store (``sync_ledger``): it runs on another
#: device, so ``recover_interrupted`` never closes it here.
REMOTE_OWNER = "remote:"

#: ``turn_finished.error`` of a turn closed by ``recover_interrupted``.
INTERRUPTED_ERROR = (
    "Parley stopped before this turn finished (it was closed, crashed or was killed); "
    "the answer received until then is kept"
)


def default_db_path(data_dir: Path) -> Path:
    """Where the event store lives inside Parley's data directory."""
    return Path(data_dir) / "parley.db"


def utc_now() -> str:
    """Now as ISO 8601 UTC with microseconds and a trailing ``Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class _Reader:
    """One thread's read connection, its thread, and the lock held while it is in use."""

    __slots__ = ("conn", "lock", "thread")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.lock = threading.Lock()
        self.thread = threading.current_thread()


#: How many conversations, and events in all, ``events`` keeps decoded (see ``event_cache``).
CACHE_SESSIONS = 4
CACHE_EVENTS = 50_000


class SqliteEventStore:
    """``EventStore`` over one SQLite file; safe to share between threads (see the module doc).

    ``cache_sessions`` / ``cache_events`` bound the decoded-event cache of ``events``; 0 turns
    it off (every call then reads and decodes, as before the cache existed)."""

    def __init__(
        self,
        path: Path,
        *,
        cache_sessions: int = CACHE_SESSIONS,
        cache_events: int = CACHE_EVENTS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> None:
        self.path = Path(path)
        self._closed = False
        self._busy_timeout_ms = int(busy_timeout_ms)
        #: Checkpoints the database refused (see ``checkpoint_partial``), one file per turn.
        self._journal = RecoveryJournal(recovery_dir(self.path))
        self._journaled: set[tuple[str, str]] = set()
        self._journal_lock = threading.Lock()
        self._cache = EventCache(max_sessions=cache_sessions, max_events=cache_events)
        self._write_lock = threading.Lock()
        self._local = threading.local()
        self._readers: list[_Reader] = []
        self._readers_lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EventStoreError(f"cannot create the folder for {self.path}: {exc}") from exc
        # The writer is used from whichever thread appends, so it cannot be tied to the thread
        # that created it (check_same_thread=False); ``_write_lock`` makes that safe.
        self._writer = self._connect(check_same_thread=False)
        try:
            mode = self._writer.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise EventStoreError(
                    f"cannot use WAL journaling for {self.path} (got {mode!r}); the event store "
                    "needs a local disk, not a network share"
                )
            self._writer.execute("PRAGMA synchronous = NORMAL")
            self.journal_mode = str(mode).lower()
            #: What opening did to the schema (migrations applied, the backup taken first).
            self.migration: MigrationRun = migrate_database(self._writer)
        except sqlite3.Error as exc:
            self._writer.close()
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        except BaseException:
            self._writer.close()
            raise
        try:
            self._lease = OwnerLease(owners_dir(self.path))
        except OSError as exc:
            self._writer.close()
            raise EventStoreError(
                f"cannot register with the event store {self.path}: {exc}"
            ) from exc

    # -- connections ---------------------------------------------------------------------------

    def _connect(self, *, check_same_thread: bool) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=self._busy_timeout_ms / 1000,
                isolation_level=None,  # we issue BEGIN/COMMIT ourselves
                check_same_thread=check_same_thread,
            )
        except sqlite3.Error as exc:
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        try:
            conn.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            conn.close()
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        return conn

    def _check_open(self) -> None:
        if self._closed:
            raise EventStoreError(f"the event store {self.path} is closed")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """This thread's read connection, opened on first use."""
        self._check_open()
        reader: _Reader | None = getattr(self._local, "reader", None)
        if reader is None:
            # Confined to this thread by ``threading.local``; check_same_thread=False only so that
            # ``close()`` may close it from another thread, which it does under ``reader.lock``.
            conn = self._connect(check_same_thread=False)
            try:
                conn.execute("PRAGMA query_only = ON")
            except sqlite3.Error as exc:
                conn.close()
                raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
            reader = _Reader(conn)
            with self._readers_lock:
                if self._closed:
                    conn.close()
                    self._check_open()
                self._close_readers_of_finished_threads()
                self._readers.append(reader)
            self._local.reader = reader
        with reader.lock:
            self._check_open()
            try:
                yield reader.conn
            except sqlite3.Error as exc:
                raise EventStoreError(f"cannot read the event store {self.path}: {exc}") from exc

    def _close_readers_of_finished_threads(self) -> None:
        """Close readers whose thread has ended (a worker per turn must not leak a connection
        per turn). Called with ``_readers_lock`` held."""
        alive = []
        for reader in self._readers:
            if reader.thread.is_alive():
                alive.append(reader)
            else:
                with reader.lock:
                    reader.conn.close()
        self._readers[:] = alive

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The writer connection inside one ``BEGIN IMMEDIATE`` transaction; one at a time."""
        with self._write_lock:
            self._check_open()
            conn = self._writer
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise EventStoreError(
                    f"cannot write to the event store {self.path}: {exc}"
                ) from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise EventStoreError(
                        f"cannot write to the event store {self.path}: {exc}"
                    ) from exc
                raise

    # -- sessions ------------------------------------------------------------------------------

    def create_session(
        self,
        title: str = "",
        *,
        session_id: str | None = None,
        project_id: str | None = None,
        pinned: bool = False,
    ) -> SessionRecord:
        """Create a conversation; a given ``session_id`` that exists already is an error."""
        if session_id is None:
            session_id = mint_id()
        elif not isinstance(session_id, str) or not session_id:
            raise EventStoreError(
                f"a conversation id must be a non-empty string, not {session_id!r}"
            )
        now = utc_now()
        with self._write() as conn:
            self._insert_session(conn, session_id, title, project_id, now, pinned)
        return SessionRecord(
            id=session_id,
            title=title,
            created_at=now,
            updated_at=now,
            project_id=project_id,
            pinned=bool(pinned),
        )

    @staticmethod
    def _insert_session(
        conn: sqlite3.Connection,
        session_id: str,
        title: str,
        project_id: str | None,
        now: str,
        pinned: bool = False,
    ) -> None:
        if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone():
            raise EventStoreError(f"a conversation with id {session_id!r} already exists")
        conn.execute(
            "INSERT INTO sessions (id, title, project_id, created_at, updated_at, pinned)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, title, project_id, now, now, int(bool(pinned))),
        )

    def import_session(
        self,
        title: str,
        *,
        session_id: str,
        project_id: str | None,
        events: Sequence[tuple[str, Event, str, str | None, str | None]],
        replace: bool = False,
        source_ids: Sequence[int | None] = (),
    ) -> int:
        """Create a conversation and append ``events`` (turn id, event, actor, work item, ISO
        time) in ONE transaction: a kill or a failure part-way leaves nothing. ``replace``
        deletes a conversation of that id first, in the same transaction (through the
        retention path: a partial earlier import being redone). ``source_ids``: each event's id
        where it came from (None: unknown); the event ids a compaction or a context check names
        are rewritten to the ids written here, and one that names no event written before it
        is cleared (``event_refs.with_new_ids``). Returns the events written."""
        if not isinstance(session_id, str) or not session_id:
            raise EventStoreError(
                f"a conversation id must be a non-empty string, not {session_id!r}"
            )
        if source_ids and len(source_ids) != len(events):
            raise EventStoreError(
                f"import of {session_id!r}: {len(source_ids)} source ids for {len(events)} events"
            )
        prepared = [
            (turn_id, event, *_serialise(session_id, event), actor, work_item, _normalise_ts(ts))
            for turn_id, event, actor, work_item, ts in events
        ]
        new_ids = _IdMap()
        with self._write() as conn:
            if replace:
                self._delete_in(conn, session_id)
            self._insert_session(conn, session_id, title, project_id, utc_now())
            for n, (turn_id, event, type_name, data, payload, actor, work_item, ts) in enumerate(
                prepared
            ):
                if type_name in REFERENCING_TYPES:
                    # Serialised again with the ids it names as written here (earlier events).
                    type_name, data, payload = _serialise(
                        session_id, with_new_ids(event, new_ids.known)
                    )
                event_id = self._insert(
                    conn, session_id, turn_id, type_name, data, payload, actor, work_item, ts=ts
                )[0]
                new_ids.add(source_ids[n] if source_ids else None, event_id)
        self._cache.discard(session_id)
        return len(prepared)

    def get_session(self, session_id: str) -> SessionRecord:
        """The conversation's record; raises ``SessionNotFound``."""
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        return _session(row)

    def session_exists(self, session_id: str) -> bool:
        """Whether a conversation has this id."""
        with self._read() as conn:
            row = conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return row is not None

    def list_sessions(self, limit: int | None = None) -> Sequence[SessionRecord]:
        """Conversations, most recently updated first (later-created first on a tie)."""
        sql = f"SELECT {_SESSION_COLUMNS} FROM sessions ORDER BY updated_at DESC, rowid DESC"
        params: tuple[Any, ...] = ()
        if limit is not None:
            _check_limit(limit)
            sql += " LIMIT ?"
            params = (limit,)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [_session(row) for row in rows]

    def rename_session(self, session_id: str, title: str) -> None:
        """Change a conversation's title (its ``updated_at`` is left alone); raises
        ``SessionNotFound``."""
        self._set_column(session_id, "title", title)

    def set_pinned(self, session_id: str, pinned: bool) -> None:
        """Pin or unpin a conversation (``updated_at`` is left alone); raises
        ``SessionNotFound``."""
        self._set_column(session_id, "pinned", int(bool(pinned)))

    def set_project(self, session_id: str, project_id: str | None) -> None:
        """Move a conversation into a project, or out of any (``None``); ``updated_at`` is left
        alone. Turns keep the project they were recorded with (history filters prefer it).
        Raises ``SessionNotFound``."""
        if project_id is not None and not isinstance(project_id, str):
            raise EventStoreError(f"a project id must be text or None, not {project_id!r}")
        self._set_column(session_id, "project_id", project_id or None)

    def set_current_turn(self, session_id: str, turn_id: str) -> None:
        """Remember the leaf turn of the branch path the user looks at ("" = the latest path).
        Selecting a branch is not activity: ``updated_at`` is left alone. Raises
        ``SessionNotFound``, or ``EventStoreError`` for a turn the conversation does not have."""
        if not isinstance(turn_id, str):
            raise EventStoreError(f"a turn id must be text, not {turn_id!r}")
        with self._write() as conn:
            if not conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone():
                raise SessionNotFound(session_id)
            if (
                turn_id
                and not conn.execute(
                    "SELECT 1 FROM turns WHERE session_id = ? AND turn_id = ?",
                    (session_id, turn_id),
                ).fetchone()
            ):
                raise EventStoreError(
                    f"conversation {session_id!r} has no turn {turn_id!r} to show"
                )
            conn.execute(
                "UPDATE sessions SET current_turn_id = ? WHERE id = ?", (turn_id, session_id)
            )

    def _set_column(self, session_id: str, column: str, value: object) -> None:
        """UPDATE one settings column of a conversation's row; ``column`` is one of ours, never
        user text (it is formatted into the SQL)."""
        assert column in ("title", "pinned", "project_id"), column
        with self._write() as conn:
            cursor = conn.execute(
                f"UPDATE sessions SET {column} = ? WHERE id = ?", (value, session_id)
            )
            if cursor.rowcount == 0:
                raise SessionNotFound(session_id)

    def duplicate_session(self, session_id: str, *, title: str | None = None) -> SessionRecord:
        """Copy a conversation: a new one with a fresh id, the same project and branch choice
        (not pinned), and every event re-appended in order with its own turn id, time, actor,
        work item and payload text, through ``_insert`` (so the copy has its own hash chain,
        search rows and figures); the event ids a compaction or a context check names are
        rewritten to the copy's (``event_refs``), so a summary stands in for the same turns.
        One transaction: the copy appears whole or not at all. Its ``created_at`` is the
        original's, its ``updated_at`` the last copied event's time (the original's when it has
        none). Title: ``title``, else "<original title> (copy)".

        Raises ``SessionNotFound``; ``EventStoreError`` while one of its turns is still running
        (the copy would hold a turn that never finishes)."""
        new_id = mint_id()
        with self._write() as conn:
            row = conn.execute(
                "SELECT title, project_id, current_turn_id, created_at, updated_at"
                " FROM sessions WHERE id = ?",
                (session_id,),
            ).fetchone()
            if row is None:
                raise SessionNotFound(session_id)
            old_title, project_id, current_turn, created_at, updated_at = row
            running = conn.execute(
                "SELECT turn_id FROM turns WHERE session_id = ? AND status IS NULL LIMIT 1",
                (session_id,),
            ).fetchone()
            if running is not None:
                raise EventStoreError(
                    f"cannot duplicate conversation {session_id!r} while its turn "
                    f"{running[0]!r} is still running; try again when it has finished"
                )
            if title is None:
                title = f"{old_title or 'Untitled'} (copy)"
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at,"
                " current_turn_id) VALUES (?, ?, ?, ?, ?, ?)",
                (new_id, title, project_id, created_at, updated_at, current_turn),
            )
            rows = conn.execute(
                "SELECT id, turn_id, ts, type, actor, work_item, payload FROM events"
                " WHERE session_id = ? ORDER BY id",
                (session_id,),
            ).fetchall()
            new_ids = _IdMap()
            for old_id, turn_id, ts, type_name, actor, work_item, payload in rows:
                try:
                    data = json.loads(payload) if isinstance(payload, str) else None
                    if isinstance(data, dict) and type_name in REFERENCING_TYPES:
                        # The event ids it names become the copy's (``event_refs``).
                        event = with_new_ids(from_payload(type_name, data), new_ids.known)
                        type_name, data, payload = _serialise(new_id, event)
                except (ValueError, EventStoreError):
                    data = None
                if not isinstance(data, dict):
                    raise EventStoreError(
                        f"cannot duplicate conversation {session_id!r}: one of its events "
                        f"({type_name!r} of turn {turn_id!r}) is unreadable"
                    )
                # The payload text is copied as stored (not re-serialised; only the ids a
                # compaction or a context check names are rewritten), so the copy's content is
                # the original's byte for byte; ``ts`` keeps the original time.
                copied = self._insert(
                    conn,
                    new_id,
                    turn_id,
                    type_name,
                    data,
                    payload,
                    actor,
                    work_item,
                    ts=ts,
                    copying=True,
                )
                new_ids.add(old_id, copied[0])
            # ``_insert`` made the first copied event's time the copy's ``created_at``; the copy
            # was created when the original was. ``updated_at`` is the last copied event's time.
            conn.execute("UPDATE sessions SET created_at = ? WHERE id = ?", (created_at, new_id))
            (updated,) = conn.execute(
                "SELECT updated_at FROM sessions WHERE id = ?", (new_id,)
            ).fetchone()
        return SessionRecord(
            id=new_id,
            title=title,
            created_at=created_at,
            updated_at=updated,
            project_id=project_id,
            pinned=False,
            current_turn_id=current_turn,
        )

    # -- events --------------------------------------------------------------------------------

    def append_many(
        self,
        session_id: str,
        turn_id: str,
        entries: Sequence[tuple[Event, str]],
        *,
        new_session: tuple[str, str | None] | None = None,
    ) -> Sequence[StoredEvent]:
        """Append ``entries`` (event, actor) to one turn in *one* committed transaction: all of
        them or none (a kill, a full disk or a lock held too long cannot leave the first without
        the rest). ``new_session`` (title, project id) creates the conversation in the same
        transaction, so it never exists empty. Returns them as stored; raises
        ``SessionNotFound``."""
        serialised = [(*_serialise(session_id, event), actor) for event, actor in entries]
        if not serialised and new_session is None:
            return []
        if not isinstance(session_id, str) or not session_id:
            raise EventStoreError(
                f"a conversation id must be a non-empty string, not {session_id!r}"
            )
        rows: list[tuple[Any, ...]] = []
        with self._write() as conn:
            if new_session is not None:
                title, project_id = new_session
                self._insert_session(conn, session_id, title, project_id, utc_now())
            for type_name, data, payload, actor in serialised:
                event_id, ts, prev, digest = self._insert(
                    conn, session_id, turn_id, type_name, data, payload, actor, None
                )
                rows.append((event_id, ts, session_id, turn_id, type_name, actor, None, payload,
                             prev, digest))  # fmt: skip
        self._forget_journal_if_saved(session_id, turn_id, [r[4] for r in rows])
        self._cache_committed(session_id, rows)
        return [
            StoredEvent(
                id=row[0],
                ts=row[1],
                session_id=session_id,
                turn_id=turn_id,
                event=event,
                work_item=None,
                actor=row[5],
                prev_hash=row[8],
                hash=row[9],
            )
            for row, (event, _actor) in zip(rows, entries, strict=True)
        ]

    def _cache_committed(self, session_id: str, rows: Sequence[tuple[Any, ...]]) -> None:
        """Committed: a cached log that ends right before these rows grows by them. The cache
        gets the events decoded from their stored payloads, like a read would, never the
        caller's objects (which may hold mutable values the caller changes later)."""
        cached = self._cache.state(session_id)
        if cached is None or not rows or cached[1] != rows[0][8]:  # [8]: prev_hash
            return
        try:
            decoded = [_stored_event(row) for row in rows]
        except EventStoreError:
            # The append is committed and must not fail now; the next read reports the row.
            self._cache.discard(session_id)
        else:
            self._cache.extend(session_id, after=cached, events=decoded)

    def append(
        self,
        session_id: str,
        turn_id: str,
        event: Event,
        *,
        actor: str = "",
        work_item: str | None = None,
        ts: str | None = None,
    ) -> StoredEvent:
        """Append one event in its own committed transaction (with its hash and derived rows);
        raises ``SessionNotFound``.

        ``ts`` (imports only) is the event's original time: any ISO 8601 string (no offset means
        UTC), stored in the store's form ``YYYY-MM-DDTHH:MM:SS.ffffffZ``; it is hashed like any
        other time and becomes the conversation's ``updated_at`` (and, on its first event, its
        ``created_at``). A time that is not ISO 8601, or is earlier than the conversation's last
        event, raises ``EventStoreError``."""
        ts = _normalise_ts(ts)
        type_name, data, payload = _serialise(session_id, event)
        with self._write() as conn:
            event_id, ts, prev, digest = self._insert(
                conn, session_id, turn_id, type_name, data, payload, actor, work_item, ts=ts
            )
        self._forget_journal_if_saved(session_id, turn_id, [type_name])
        row = (event_id, ts, session_id, turn_id, type_name, actor, work_item, payload)
        self._cache_committed(session_id, [(*row, prev, digest)])
        return StoredEvent(
            id=event_id,
            ts=ts,
            session_id=session_id,
            turn_id=turn_id,
            event=event,
            work_item=work_item,
            actor=actor,
            prev_hash=prev,
            hash=digest,
        )

    def _insert(
        self,
        conn: sqlite3.Connection,
        session_id: str,
        turn_id: str,
        type_name: str,
        data: dict[str, Any],
        payload: str,
        actor: str,
        work_item: str | None,
        *,
        ts: str | None = None,
        copying: bool = False,
    ) -> tuple[int, str, str, str]:
        """Insert one event, chained to the conversation's head, with its derived rows; inside
        the caller's write transaction. ``ts`` (normalised already) is an imported event's own
        time: refused if earlier than the conversation's last event (unless ``copying``: a
        duplicate repeats the original's times exactly, even where a clock once stepped back);
        on its first event it is also the conversation's ``created_at``. Returns (id, ts,
        prev_hash, hash)."""
        row = conn.execute("SELECT head_hash FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        if ts is None:
            # Stamped inside the write lock, so timestamps follow ids even across processes.
            ts = utc_now()
        else:
            last = conn.execute(
                "SELECT ts FROM events WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            if last is None:
                conn.execute("UPDATE sessions SET created_at = ? WHERE id = ?", (ts, session_id))
            elif ts < last[0] and not copying:
                raise EventStoreError(
                    f"cannot append an event dated {ts} to conversation {session_id!r}: its last "
                    f"event is dated {last[0]} (events must not go back in time)"
                )
        digest = event_hash(row[0], session_id, turn_id, ts, type_name, actor, work_item, payload)
        cursor = conn.execute(
            "INSERT INTO events (session_id, turn_id, ts, type, actor, work_item, payload,"
            " prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, turn_id, ts, type_name, actor, work_item, payload, row[0], digest),
        )
        event_id = cursor.lastrowid
        assert event_id is not None
        conn.execute(
            "UPDATE sessions SET updated_at = ?, head_hash = ? WHERE id = ?",
            (ts, digest, session_id),
        )
        index_event(
            conn,
            event_id=event_id,
            session_id=session_id,
            turn_id=turn_id,
            ts=ts,
            type_name=type_name,
            payload=data,
            owner=self._lease.token,
        )
        return event_id, ts, row[0], digest

    def events(self, session_id: str, *, after_id: int = 0) -> Sequence[StoredEvent]:
        """The conversation's events in append order, only those with id > ``after_id`` (a new
        list each call: the caller may change it).

        Served from the decoded-event cache when the database still ends where the cached log
        ends; newer events are read and decoded alone; otherwise the log is read whole (see the
        module docstring). Raises ``SessionNotFound`` for an unknown conversation and
        ``EventStoreError`` naming the event for a row that cannot be read back.
        """
        if not self._cache.enabled:
            return self._read_events(session_id, after_id)
        # The cached log is taken first: anything in it is committed, so it can only be behind
        # the database read next, never ahead of it (unless events were removed).
        cached = self._cache.get(session_id, after_id=after_id)
        with self._read() as conn:
            # One statement, so one snapshot: the session's head and its last event's id.
            found = conn.execute(
                "SELECT head_hash, (SELECT max(id) FROM events WHERE session_id = ?)"
                " FROM sessions WHERE id = ?",
                (session_id, session_id),
            ).fetchone()
            if found is None:
                self._cache.discard(session_id)
                raise SessionNotFound(session_id)
            db_head, db_last = found[0] or "", found[1] or 0
            newer: list[tuple[Any, ...]] = []
            if cached is not None and cached.last_id < db_last:
                newer = conn.execute(
                    f"SELECT {_EVENT_COLUMNS} FROM events WHERE session_id = ? AND id > ?"
                    " ORDER BY id",
                    (session_id, cached.last_id),
                ).fetchall()
        if cached is not None:
            if (cached.last_id, cached.head) == (db_last, db_head):
                return cached.events  # a copy made for this call
            if newer and newer[0][8] == cached.head:  # [8]: prev_hash (see _EVENT_COLUMNS)
                # Decoded outside every lock; added only if no other thread moved the entry on.
                added = [_stored_event(row) for row in newer]
                self._cache.extend(session_id, after=(cached.last_id, cached.head), events=added)
                return [*cached.events, *(e for e in added if e.id > after_id)]
            # The database ends elsewhere than the cached log (events removed, the conversation
            # deleted and made again): forget it and read it whole.
            self._cache.discard(session_id)
        if after_id > 0:
            return self._read_events(session_id, after_id)
        events = self._read_events(session_id, 0)
        self._cache.put(session_id, events)  # keeps its own copy
        return events

    def _read_events(self, session_id: str, after_id: int) -> list[StoredEvent]:
        """Read and decode the conversation's events with id > ``after_id`` (no cache)."""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_EVENT_COLUMNS} FROM events WHERE session_id = ? AND id > ? ORDER BY id",
                (session_id, after_id),
            ).fetchall()
            if (
                not rows
                and not conn.execute(
                    "SELECT 1 FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
            ):
                raise SessionNotFound(session_id)
        return [_stored_event(row) for row in rows]

    def turn_index(self, session_id: str) -> Sequence[TurnIndexEntry]:
        """Every turn with its tree links, in log order, from the ``turns`` rows (no event is
        read or decoded). Raises ``SessionNotFound``."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT turn_id, follows_turn_id, retry_of, first_event_id FROM turns"
                " WHERE session_id = ? AND first_event_id IS NOT NULL ORDER BY first_event_id",
                (session_id,),
            ).fetchall()
            if (
                not rows
                and not conn.execute(
                    "SELECT 1 FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
            ):
                raise SessionNotFound(session_id)
        return [TurnIndexEntry(*row) for row in rows]

    def events_of_turns(self, session_id: str, turn_ids: Sequence[str]) -> Sequence[StoredEvent]:
        """The events of ``turn_ids`` only, in append order, through the (session_id, turn_id)
        index. Raises ``SessionNotFound``; ``EventStoreError`` for a turn id that is not text or
        a row that cannot be read back."""
        if isinstance(turn_ids, str):
            raise EventStoreError("turn_ids must be a sequence of turn ids, not one string")
        wanted = list(dict.fromkeys(turn_ids))
        if any(not isinstance(t, str) for t in wanted):
            raise EventStoreError(f"turn ids must be text, not {wanted!r}")
        with self._read() as conn:
            # The ids travel as one JSON array (no limit on how many; one statement to plan).
            # INDEXED BY: left alone, the planner walks (session_id, id) to skip the sort, i.e.
            # reads the whole conversation; the few rows found this way sort in microseconds.
            rows = conn.execute(
                f"SELECT {_EVENT_COLUMNS} FROM events INDEXED BY events_session_turn"
                " WHERE session_id = ? AND turn_id IN (SELECT value FROM json_each(?)) ORDER BY id",
                (session_id, json.dumps(wanted)),
            ).fetchall()
            if (
                not rows
                and not conn.execute(
                    "SELECT 1 FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
            ):
                raise SessionNotFound(session_id)
        return [_stored_event(row) for row in rows]

    # -- history: search and summaries ----------------------------------------------------------

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 100
    ) -> Sequence[SearchHit]:
        """Events whose searchable text matches every word of ``query`` (a trailing ``*`` makes
        a word a prefix), within ``filters``, newest first, each with a snippet whose matched
        words are between ``[`` and ``]``. An empty query lists the searchable events that
        match the filters, each with the start of its text; a query with no word at all (only
        punctuation) matches nothing."""
        _check_limit(limit)
        if not isinstance(query, str):
            raise EventStoreError(f"a search query must be text, not {type(query).__name__}")
        expression = match_expression(query)
        if query.strip() and not expression:
            return []
        conditions, params = _turn_conditions(filters or SearchFilters(), date_column="e.ts")
        joins = (
            "JOIN sessions s ON s.id = e.session_id"
            " LEFT JOIN turns t ON t.session_id = e.session_id AND t.turn_id = e.turn_id"
        )
        where = "".join(f" AND {c}" for c in conditions)
        # A date range with an end: walk only the ids dated inside it (index events_ts, m005).
        filters_ = filters or SearchFilters()
        bounds, bound_params = date_id_bounds(
            "events_fts.rowid" if expression else "e.id", filters_.since, filters_.until
        )
        where += bounds
        params = [*params, *bound_params]
        # CROSS JOIN fixes the loop order (SQLite does not reorder it): the index walks newest
        # first, so LIMIT stops it early instead of sorting every match (100x on 100k events).
        if expression:
            sql = (
                "SELECT e.id, e.session_id, s.title, e.turn_id, e.type, e.ts,"
                " snippet(events_fts, 0, ?, ?, '…', ?)"
                f" FROM events_fts CROSS JOIN events e ON e.id = events_fts.rowid {joins}"
                f" WHERE events_fts MATCH ?{where} ORDER BY events_fts.rowid DESC LIMIT ?"
            )
            args = [HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE, SNIPPET_TOKENS, expression, *params, limit]
        else:
            sql = (
                "SELECT e.id, e.session_id, s.title, e.turn_id, e.type, e.ts, f.body"
                f" FROM events e CROSS JOIN events_fts f ON f.rowid = e.id {joins}"
                f" WHERE 1{where} ORDER BY e.id DESC LIMIT ?"
            )
            args = [*params, limit]
        with self._read() as conn:
            rows = conn.execute(sql, args).fetchall()
        return [
            SearchHit(
                session_id=session_id,
                session_title=title,
                event_id=event_id,
                turn_id=turn_id,
                type_name=type_name,
                ts=ts,
                snippet=text if expression else preview(text),
            )
            for event_id, session_id, title, turn_id, type_name, ts, text in rows
        ]

    def summaries(
        self, filters: SearchFilters | None = None, *, limit: int | None = None
    ) -> Sequence[SessionSummary]:
        """Conversations with their figures, most recently updated first. With filters, only
        conversations that have at least one turn matching all of them (dates: when the turn
        started). ``failures`` counts turns that failed, timed out or were interrupted.

        The figures are columns of ``sessions`` kept up to date by each append (see
        ``derived``), so listing thousands of conversations is one scan of one table."""
        if limit is not None:
            _check_limit(limit)
        conditions, params = _turn_conditions(
            filters or SearchFilters(), date_column="t.started_at"
        )
        sql = (
            "SELECT id, title, created_at, updated_at, project_id, workspaces, models,"
            " turn_count, input_tokens, output_tokens, failures FROM sessions s"
        )
        if conditions:
            sql += (
                " WHERE EXISTS (SELECT 1 FROM turns t WHERE t.session_id = s.id AND "
                + " AND ".join(conditions)
                + ")"
            )
        sql += " ORDER BY updated_at DESC, rowid DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            SessionSummary(
                id=sid,
                title=title,
                created_at=created_at,
                updated_at=updated_at,
                project_id=project_id,
                workspaces=_names(workspaces),
                models=_names(models),
                turns=turns,
                input_tokens=input_tokens,
                output_tokens=output_tokens,
                failures=failed,
            )
            for (
                sid,
                title,
                created_at,
                updated_at,
                project_id,
                workspaces,
                models,
                turns,
                input_tokens,
                output_tokens,
                failed,
            ) in rows
        ]

    def session_usage(self, session_ids: Sequence[str]) -> Sequence[SessionUsage]:
        """The finished turns' tokens per conversation, provider and model, from the ``turns``
        rows (one indexed read per ``_IDS_PER_READ`` conversations)."""
        ids = list(dict.fromkeys(session_ids))
        found: list[SessionUsage] = []
        with self._read() as conn:
            for start in range(0, len(ids), _IDS_PER_READ):
                chunk = ids[start : start + _IDS_PER_READ]
                rows = conn.execute(
                    "SELECT session_id, provider_id, model, count(*), sum(input_tokens),"
                    " sum(output_tokens) FROM turns"
                    f" WHERE session_id IN ({','.join('?' * len(chunk))})"
                    " AND status IS NOT NULL GROUP BY session_id, provider_id, model",
                    chunk,
                ).fetchall()
                found.extend(
                    SessionUsage(sid, provider, model, int(n), int(i or 0), int(o or 0))
                    for sid, provider, model, n, i, o in rows
                )
        return found

    # -- history: integrity and retention -------------------------------------------------------

    def verify_chain(self, session_id: str) -> ChainReport:
        """Recompute the conversation's hash chain (see ``chain``) and report the first event
        that breaks it: ``payload changed`` (its content does not match its hash), ``link
        broken`` (it does not follow the event before it: events reordered or copied),
        ``event missing`` (the event before it, or the conversation's last events, are gone),
        ``event inserted`` (it carries no hash, or follows the recorded last event)."""
        with self._read() as conn, _snapshot(conn):
            return self._verify_in(conn, session_id)

    @staticmethod
    def _verify_in(conn: sqlite3.Connection, session_id: str) -> ChainReport:
        """``verify_chain``'s work, inside the caller's read transaction: the head and the
        events come from one snapshot, so an append by another process meanwhile is invisible
        to both rather than seen by one ("event inserted" where nothing is wrong)."""
        head = conn.execute("SELECT head_hash FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if head is None:
            raise SessionNotFound(session_id)
        cursor = conn.execute(
            "SELECT id, turn_id, ts, type, actor, work_item, payload, prev_hash, hash"
            " FROM events WHERE session_id = ? ORDER BY id",
            (session_id,),
        )
        try:
            expected_prev = GENESIS
            checked = 0
            last_id: int | None = None
            for row in cursor:
                checked += 1
                reason = _chain_problem(conn, session_id, row, expected_prev, last_id)
                if reason:
                    return ChainReport(session_id, False, checked, row[0], reason)
                expected_prev, last_id = row[-1], row[0]
        finally:
            cursor.close()
        head_hash = head[0]
        if head_hash == expected_prev:
            return ChainReport(session_id, True, checked)
        if last_id is None:
            reason = "event missing: all its events were removed"
        elif _hash_owner(conn, session_id, head_hash) is not None:
            reason = (
                "event inserted: events were added after the conversation's last recorded event"
            )
        else:
            reason = (
                f"event missing: the event(s) after event {last_id} (the last one there) "
                "were removed"
            )
        return ChainReport(session_id, False, checked, last_id, reason)

    def delete_session(self, session_id: str) -> int:
        """Delete a conversation with its events, search rows, turns and checkpoints, in one
        transaction, through the retention gate; record it in ``retention_log``. Returns the
        number of events removed; raises ``SessionNotFound``."""
        with self._write() as conn:
            count = self._delete_in(conn, session_id)
        self._cache.discard(session_id)
        return count

    @staticmethod
    def _delete_in(conn: sqlite3.Connection, session_id: str) -> int:
        """``delete_session``'s work inside the caller's write transaction."""
        row = conn.execute(
            "SELECT title, head_hash FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        key = (session_id,)
        (count,) = conn.execute("SELECT count(*) FROM events WHERE session_id = ?", key).fetchone()
        conn.execute(
            "DELETE FROM events_fts WHERE rowid IN (SELECT id FROM events WHERE session_id = ?)",
            key,
        )
        conn.execute("INSERT OR REPLACE INTO retention_gate (id, session_id) VALUES (1, ?)", key)
        conn.execute("DELETE FROM events WHERE session_id = ?", key)
        conn.execute("DELETE FROM retention_gate")
        for table in ("partials", "turn_verdicts", "turns"):
            conn.execute(f"DELETE FROM {table} WHERE session_id = ?", key)
        conn.execute("DELETE FROM sessions WHERE id = ?", key)
        conn.execute(
            "INSERT INTO retention_log (session_id, title, deleted_at, events, head_hash)"
            " VALUES (?, ?, ?, ?, ?)",
            (session_id, row[0], utc_now(), count, row[1]),
        )
        return int(count)

    # -- partial answers and recovery -----------------------------------------------------------

    def checkpoint_partial(self, session_id: str, turn_id: str, text: str) -> str:
        """Durably add ``text`` to the turn's partial answer: one INSERT of ``text`` alone.

        When the database cannot take it (its write lock held past the busy timeout, a full
        disk, a file-size limit, an I/O error), the text goes to the turn's recovery journal
        beside the database instead, and so does every later checkpoint of the turn until its
        ``assistant_text`` lands (so the pieces stay in order: database first, journal after).
        Returns "" when the text is in the database, else the journal's path. Raises
        ``SessionNotFound``, or ``EventStoreError`` when the text could be kept nowhere."""
        if not text:
            return ""
        key = (session_id, turn_id)
        with self._journal_lock:
            if key not in self._journaled:
                try:
                    with self._write() as conn:
                        if not conn.execute(
                            "SELECT 1 FROM sessions WHERE id = ?", (session_id,)
                        ).fetchone():
                            raise SessionNotFound(session_id)
                        conn.execute(
                            "INSERT INTO partials (session_id, turn_id, seq, ts, text)"
                            " SELECT ?, ?, coalesce(max(seq), 0) + 1, ?, ? FROM partials"
                            " WHERE session_id = ? AND turn_id = ?",
                            (session_id, turn_id, utc_now(), text, session_id, turn_id),
                        )
                    return ""
                except SessionNotFound:
                    raise
                except EventStoreError as exc:
                    db_problem = str(exc)
            else:
                db_problem = ""
            path = self._journal.path(session_id, turn_id)
            try:
                self._journal.add(session_id, turn_id, text, fresh=key not in self._journaled)
            except OSError as exc:
                raise EventStoreError(
                    f"cannot keep the answer of turn {turn_id}: "
                    + (f"the database refused it ({db_problem}) and " if db_problem else "")
                    + f"the recovery journal {path} cannot be written: {exc}"
                ) from exc
            if key not in self._journaled:
                self._journaled.add(key)
                log.warning(
                    "the database refused a checkpoint of turn %s (%s); it and the turn's next "
                    "ones go to %s, replayed on the next start",
                    turn_id,
                    db_problem,
                    path,
                )
            return str(path)

    def _forget_journal_if_saved(
        self, session_id: str, turn_id: str, type_names: Sequence[str]
    ) -> None:
        """The turn's ``assistant_text`` (or its closing record) is committed: the journal's
        text is in the log now, like the checkpoints the same transaction deleted."""
        key = (session_id, turn_id)
        if key in self._journaled and (
            "assistant_text" in type_names or "turn_finished" in type_names
        ):
            with self._journal_lock:
                self._journaled.discard(key)
                self._journal.remove(session_id, turn_id)

    def recover_interrupted(self) -> Sequence[str]:
        """Close every turn left running by a store object that is gone (a crash, a kill, a
        close mid-turn): its checkpointed text becomes ``assistant_text(partial=True)``, then
        ``turn_finished(status="interrupted")``, in one transaction per turn. Turns whose owner
        is alive (this store, or another process using the profile now) are left alone. Returns
        the ids of the turns closed."""
        with self._read() as conn:
            running = conn.execute(
                "SELECT session_id, turn_id, owner FROM turns WHERE status IS NULL"
            ).fetchall()
        recovered = []
        for session_id, turn_id, owner in running:
            if str(owner or "").startswith(REMOTE_OWNER) or self._lease.is_alive(owner):
                continue  # a remote turn is closed by its own device, then pulled (sync_ledger)
            if self._close_interrupted(session_id, turn_id):
                recovered.append(turn_id)
        if recovered:
            log.info("closed %d interrupted turn(s): %s", len(recovered), ", ".join(recovered))
        self._sweep_journals()
        self._lease.sweep()
        return recovered

    def _sweep_journals(self) -> None:
        """Remove the journals of turns that are closed (their text reached the log) or gone
        (the conversation was deleted); journals of running turns stay."""
        keys = self._journal.keys()
        if not keys:
            return
        with self._read() as conn:
            for session_id, turn_id in keys:
                row = conn.execute(
                    "SELECT status IS NULL FROM turns WHERE session_id = ? AND turn_id = ?",
                    (session_id, turn_id),
                ).fetchone()
                if row is None or not row[0]:
                    self._journal.remove(session_id, turn_id)

    def _close_interrupted(self, session_id: str, turn_id: str) -> bool:
        key = (session_id, turn_id)
        with self._write() as conn:
            row = conn.execute(
                "SELECT started_at, model FROM turns"
                " WHERE session_id = ? AND turn_id = ? AND status IS NULL",
                key,
            ).fetchone()
            if row is None:
                return False  # closed meanwhile (by its owner, or another recovering process)
            started_at, model = row
            pieces = conn.execute(
                "SELECT ts, text FROM partials WHERE session_id = ? AND turn_id = ? ORDER BY seq",
                key,
            ).fetchall()
            last_event = conn.execute(
                "SELECT max(ts) FROM events WHERE session_id = ? AND turn_id = ?", key
            ).fetchone()[0]
            started = conn.execute(
                "SELECT payload FROM events WHERE session_id = ? AND turn_id = ?"
                " AND type = 'turn_started' ORDER BY id LIMIT 1",
                key,
            ).fetchone()
            role = _agent_role(started[0] if started else None)
            last_seen = max([started_at, last_event or "", *(ts for ts, _ in pieces)])
            # The journal holds what the database refused, after what it took: in that order.
            text = "".join(piece for _, piece in pieces) + self._journal.text(session_id, turn_id)
            closing: list[tuple[Event, str]] = []
            if text:
                closing.append(
                    (AssistantText(text=text, model=model, partial=True), role or "assistant")
                )
            closing.append(
                (
                    TurnFinished(
                        status="interrupted",
                        duration_s=_seconds_between(started_at, last_seen),
                        error=INTERRUPTED_ERROR,
                    ),
                    "runtime",
                )
            )
            for event, actor in closing:
                type_name, data, payload = _serialise(session_id, event)
                self._insert(conn, session_id, turn_id, type_name, data, payload, actor, None)
        # Committed: the journal's text is in the log (a crash before this line leaves a
        # journal of a closed turn, which the next start removes unread).
        self._journal.remove(session_id, turn_id)
        return True

    # -- lifecycle -----------------------------------------------------------------------------

    def close(self) -> None:
        """Close the writer and every thread's reader. Idempotent; later calls raise
        ``EventStoreError``."""
        with self._write_lock, self._readers_lock:
            if self._closed:
                return
            self._closed = True
            for reader in self._readers:
                with reader.lock:
                    reader.conn.close()
            self._readers.clear()
            self._cache.clear()
            self._writer.close()
            self._lease.release()

    def __enter__(self) -> SqliteEventStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _normalise_ts(ts: str | None) -> str | None:
    """An imported event's time in the store's form (``None`` stays ``None``: stamp it now);
    ``EventStoreError`` for a time that is not ISO 8601."""
    if ts is None:
        return None
    try:
        when = datetime.fromisoformat(ts) if isinstance(ts, str) else None
    except ValueError:
        when = None
    if when is None or when.year < 1000:
        raise EventStoreError(f"an event time must be an ISO 8601 date and time, not {ts!r}")
    when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@contextmanager
def _snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """One read transaction on a reader connection (autocommit otherwise: each statement its own
    snapshot), so several SELECTs see the database as of one moment."""
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")


class _IdMap:
    """Old event id -> new id, for a conversation being written again (import, duplicate). An
    old id seen twice (a damaged export) is ambiguous and maps to nothing."""

    def __init__(self) -> None:
        self.known: dict[int, int] = {}
        self._ambiguous: set[int] = set()

    def add(self, old_id: object, new_id: int) -> None:
        if not isinstance(old_id, int) or isinstance(old_id, bool) or old_id in self._ambiguous:
            return
        if old_id in self.known:
            del self.known[old_id]
            self._ambiguous.add(old_id)
            return
        self.known[old_id] = new_id


def _serialise(session_id: str, event: Event) -> tuple[str, dict[str, Any], str]:
    """(wire name, payload dict, payload JSON) of ``event``; ``EventStoreError`` if it cannot be
    stored."""
    try:
        type_name = event_type(event)
        data = to_payload(event)
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError) as exc:
        raise EventStoreError(
            f"cannot store {type(event).__name__} event in conversation {session_id!r}: {exc}"
        ) from exc
    return type_name, data, payload


@functools.lru_cache(maxsize=4096)
def _names(text: str) -> tuple[str, ...]:
    """A ``sessions.models`` / ``workspaces`` column (a JSON array) as a sorted tuple (cached:
    thousands of conversations share a few model lists)."""
    try:
        values = json.loads(text) if text else []
    except ValueError:
        return ()
    return tuple(sorted({v for v in values if isinstance(v, str) and v}))


def _check_limit(limit: object) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise EventStoreError(f"limit must be a non-negative integer, not {limit!r}")


def _turn_conditions(filters: SearchFilters, *, date_column: str) -> tuple[list[str], list[Any]]:
    """SQL conditions (on ``t`` = turns, ``s`` = sessions) and their parameters for
    ``filters``; dates compare ``date_column``."""
    conditions: list[str] = []
    params: list[Any] = []

    def add(condition: str, *values: Any) -> None:
        conditions.append(condition)
        params.extend(values)

    if filters.since:
        add(f"{date_column} >= ?", filters.since)
    if filters.until:
        add(f"{date_column} < ?", until_bound(filters.until))
    if filters.provider:
        add("t.provider_id = ?", filters.provider)
    if filters.model:
        add("t.model = ?", filters.model)
    if filters.project_id:
        add("coalesce(t.project_id, s.project_id) = ?", filters.project_id)
    if filters.workspace:
        add("t.workspace = ?", filters.workspace)
    if filters.status:
        add("t.status = ?", filters.status)
    if filters.has_tool_calls:
        add("t.tool_calls > 0")
    if filters.verdict:
        add(
            "EXISTS (SELECT 1 FROM turn_verdicts v WHERE v.session_id = t.session_id"
            " AND v.turn_id = t.turn_id AND v.decision = ?)",
            filters.verdict,
        )
    return conditions, params


def _chain_problem(
    conn: sqlite3.Connection,
    session_id: str,
    row: tuple[Any, ...],
    expected_prev: str,
    last_id: int | None,
) -> str:
    """Why ``row`` (an events row with its hashes) breaks the chain, or "" if it holds."""
    _id, turn_id, ts, type_name, actor, work_item, payload, prev, stored = row
    if not stored or prev is None:
        return "event inserted: it carries no hash (added behind Parley's back)"
    content = payload if isinstance(payload, str) else str(payload)
    if event_hash(prev, session_id, turn_id, ts, type_name, actor, work_item, content) != stored:
        return "payload changed: the event's content does not match its hash"
    if prev == expected_prev:
        return ""
    if _hash_owner(conn, session_id, prev) is not None:
        return (
            "link broken: the event does not follow the one before it (events reordered or copied)"
        )
    if last_id is None:
        return "event missing: the events before it were removed"
    return (
        f"event missing: the event it follows is not there (removed after event {last_id}, "
        f"or event {last_id} was rewritten with a new hash)"
    )


def _hash_owner(conn: sqlite3.Connection, session_id: str, digest: str) -> int | None:
    """The id of the conversation's event whose hash is ``digest``, if any."""
    if not digest:
        return None
    row = conn.execute(
        "SELECT id FROM events WHERE session_id = ? AND hash = ? LIMIT 1", (session_id, digest)
    ).fetchone()
    return None if row is None else row[0]


def _agent_role(payload: object) -> str:
    try:
        data = json.loads(payload) if isinstance(payload, str) else {}
    except ValueError:
        return ""
    role = data.get("agent_role") if isinstance(data, dict) else None
    return role if isinstance(role, str) else ""


def _seconds_between(start: str, end: str) -> float:
    try:
        a = datetime.strptime(start, "%Y-%m-%dT%H:%M:%S.%fZ")
        b = datetime.strptime(end, "%Y-%m-%dT%H:%M:%S.%fZ")
    except ValueError:
        return 0.0
    return max(0.0, round((b - a).total_seconds(), 6))


def _session(row: tuple[Any, ...]) -> SessionRecord:
    sid, title, created_at, updated_at, project_id, pinned, current_turn_id = row
    return SessionRecord(
        id=sid,
        title=title,
        created_at=created_at,
        updated_at=updated_at,
        project_id=project_id,
        pinned=bool(pinned),
        current_turn_id=current_turn_id or "",
    )


def _stored_event(row: tuple[Any, ...]) -> StoredEvent:
    event_id, ts, session_id, turn_id, type_name, actor, work_item, payload, prev, digest = row
    where = f"event {event_id} ({type_name!r}) in conversation {session_id!r}"
    if not isinstance(payload, str):
        kind = type(payload).__name__
        raise EventStoreError(f"{where} is unreadable: payload is {kind}, not text")
    try:
        data = json.loads(payload, parse_constant=_reject_constant)
    except ValueError as exc:
        raise EventStoreError(f"{where} is unreadable: payload is not valid JSON ({exc})") from exc
    try:
        event = from_payload(type_name, data)
    except ValueError as exc:
        raise EventStoreError(f"{where} is unreadable: {exc}") from exc
    return StoredEvent(
        id=event_id,
        ts=ts,
        session_id=session_id,
        turn_id=turn_id,
        event=event,
        work_item=work_item,
        actor=actor,
        prev_hash=prev,
        hash=digest,
    )


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")

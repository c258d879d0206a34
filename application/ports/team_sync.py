"""The capabilities a desktop needs to share its history with a team store, offline first.

Why it exists: issue 19 keeps each desktop's SQLite store as the primary and replicates events to
and from a team's PostgreSQL store in the background (ADR-012). Two ports meet in the sync engine
(``application/sync/``): ``TeamStore`` (the team's server: push, pull) and ``SyncLedger`` (this
desktop's store: what is not pushed yet, which local event is which server event, where pulling
got to). Neither knows the other's ids; the engine translates.

The model (ADR-012):

- an event has a **global id**: the device that first recorded it and its id on that device
  (``origin_device``, ``origin_seq``) — stable forever, so a push is idempotent: pushing an
  event the server already holds returns the server id it has, and changes nothing;
- each store keeps its own ids and its own hash chain per conversation (a chain is computed on
  insert, as SQLite's is); the server's chain is what a pulling desktop verifies before it
  accepts anything (``IncomingEvent.prev_hash``/``hash``, recomputed with
  ``domain/transcript/chain.event_hash`` over ``payload_json``);
- an event's payload may refer to other events by id (``compaction.replaces``,
  ``context_checked.compaction_id``): a pushed event is sent with those ids already translated
  to server ids, and a pulled one is translated to local ids (``domain/transcript/event_refs``);
  an event only ever refers to earlier events, which were pushed or pulled before it;
- two devices that continued one conversation apart each record new turns (fresh turn ids)
  following the same earlier turn: after syncing, both stores hold both as sibling branches.

Errors (``TeamStoreError`` and its kinds)::

    TeamStoreError
      kind="unreachable"   no connection (offline, refused, reset, timed out): try later
      kind="refused"       the server refused (permissions, row-level security, a conflict:
                           the same global id with another hash): stop and say so
      kind="schema"        the server's schema is missing or newer than this app
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from parley.application.ports.event_store import SearchFilters
from parley.domain.transcript.canonical import Event, StoredEvent


class TeamStoreError(Exception):
    """A push or pull failed; ``kind`` says how (see the module docstring)."""

    def __init__(self, message: str, kind: str = "unreachable") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class OutgoingEvent:
    """One local event as pushed: its global id, where it belongs, and the event with its
    references already translated to server ids. ``title``/``project_id`` describe the
    conversation (sent with every event; the server keeps the latest)."""

    origin_device: str
    origin_seq: int
    session_id: str
    turn_id: str
    ts: str
    actor: str
    event: Event
    work_item: str | None = None
    title: str = ""
    project_id: str | None = None


@dataclass(frozen=True)
class IncomingEvent:
    """One server event as pulled: its server id, global id, place, the event (references in
    server ids) and the server's chain link (``prev_hash`` "" for a conversation's first)."""

    server_id: int
    origin_device: str
    origin_seq: int
    session_id: str
    turn_id: str
    ts: str
    actor: str
    event: Event
    prev_hash: str
    hash: str
    #: the payload exactly as the server hashed it (``domain/transcript/chain``: the chain is
    #: over the stored JSON text, so verification needs the very text, not a re-serialisation)
    payload_json: str = ""
    work_item: str | None = None
    title: str = ""
    project_id: str | None = None
    member: str = ""


class TeamStore(Protocol):
    """The team's server, as one desktop (one member) sees it. Blocking: call on a worker."""

    def push(self, events: Sequence[OutgoingEvent]) -> tuple[int, ...]:
        """Insert ``events`` in order, in one transaction; return their server ids, in order.
        An event whose global id is already there returns that id (idempotent); one whose global
        id is there with another content is ``TeamStoreError(kind="refused")``."""
        ...

    def pushed_up_to(self, origin_device: str) -> int:
        """The highest ``origin_seq`` of ``origin_device`` the server holds (0: none)."""
        ...

    def pull(
        self, after_server_id: int, *, exclude_device: str, limit: int = 500
    ) -> Sequence[IncomingEvent]:
        """The member's events after ``after_server_id`` that did not come from
        ``exclude_device``, in server order, at most ``limit``."""
        ...

    def chain_head(self, session_id: str, before_server_id: int) -> str:
        """The server's chain hash of the session's last event before ``before_server_id``
        ("" when there is none): where a pulled batch's chain must start."""
        ...


@dataclass(frozen=True)
class SyncPosition:
    """Where syncing got to with one team store: the highest server id pulled."""

    store: str
    pulled_up_to: int = 0


class SyncLedger(Protocol):
    """This desktop's side of syncing (implemented by the local event store's adapter)."""

    @property
    def device_id(self) -> str:
        """This store's device id (made once, kept in the store)."""
        ...

    def unpushed(self, store: str, limit: int = 500) -> Sequence[StoredEvent]:
        """Local events recorded here (not pulled) that ``store`` has no server id for yet, in
        local id order."""
        ...

    def record_pushed(self, store: str, pairs: Sequence[tuple[int, int]]) -> None:
        """``(local_id, server_id)`` pairs now known to be on ``store``."""
        ...

    def server_ids(self, store: str, local_ids: Sequence[int]) -> dict[int, int]:
        """The server ids of these local ids (those known)."""
        ...

    def local_ids(self, store: str, server_ids: Sequence[int]) -> dict[int, int]:
        """The local ids of these server ids (those known)."""
        ...

    def append_pulled(
        self, store: str, incoming: IncomingEvent, event: Event
    ) -> StoredEvent | None:
        """Append a pulled event (``event``: its references already in local ids) and record
        which server event it is, in one transaction; the conversation is created when new.
        None when it is already here (pulled before)."""
        ...

    def session_info(self, session_id: str) -> tuple[str, str | None]:
        """A conversation's title and project, sent with its pushed events."""
        ...

    def append_pulled_many(
        self,
        store: str,
        items: Sequence[tuple[IncomingEvent, Event]],
        *,
        position: int | None = None,
    ) -> int:
        """``append_pulled`` for a verified batch (events that do not name one another), and
        the new pulled-up-to position when given, in ONE transaction (a kill cannot leave half
        a batch, or a batch without its position); how many were appended."""
        ...

    def position(self, store: str) -> SyncPosition:
        """Where pulling from ``store`` got to (survives restarts)."""
        ...

    def set_position(self, position: SyncPosition) -> None: ...

    def quarantine(self, store: str, session_id: str, reason: str) -> None:
        """Stop accepting ``session_id`` from ``store`` (its chain did not verify), with why;
        the events already here are kept."""
        ...

    def quarantined(self, store: str) -> dict[str, str]:
        """Quarantined sessions and why."""
        ...


@dataclass(frozen=True)
class TeamSetup:
    """What setting up a team database did (both empty when it was up to date)."""

    migrations_applied: tuple[str, ...]
    roles_created: tuple[str, ...]


class TeamAdmin(Protocol):
    """Setting up a team database, as its owner (``parley team init``, ``add-member``).
    ``admin_url`` is a ``postgresql://`` address; ``password`` its owner's password ("" when
    the address or the environment (``PGPASSWORD``, ``.pgpass``) provides it). Raises
    ``TeamStoreError(kind="refused")`` with a message that never holds a password."""

    def init(self, admin_url: str, password: str) -> TeamSetup: ...

    def add_person(
        self, admin_url: str, password: str, name: str, person_password: str, *, operator: bool
    ) -> None: ...


class TeamConnector(Protocol):
    """Opens the team store for this desktop's member (``member_url`` without a password;
    ``password`` from the keyring). The result is both the ``TeamStore`` the sync engine pushes
    to and the ``EventStore`` an operator reads; close it with ``close()``."""

    def open(self, member_url: str, password: str, *, device_id: str) -> TeamStore: ...


class MemberUsageRow(Protocol):
    """One member's finished turns on one provider's model, as a team store sums them (the
    PostgreSQL adapter's ``MemberUsage``): how many turns, and their tokens."""

    @property
    def member(self) -> str: ...
    @property
    def provider_id(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def turns(self) -> int: ...
    @property
    def input_tokens(self) -> int: ...
    @property
    def output_tokens(self) -> int: ...


@runtime_checkable
class TeamHistory(Protocol):
    """What a team store answers beyond ``EventStore``, for the people who read it: whose each
    conversation is, and the tokens per member and model (the PostgreSQL adapter's
    ``PostgresHistory``). A surface asks ``isinstance(store, TeamHistory)`` to decide whether to
    show owners and costs; this desktop's own history has one owner and does not answer it.
    Blocking: call on a worker."""

    def session_owners(self, session_ids: Sequence[str]) -> Mapping[str, str]:
        """The member (PostgreSQL role) owning each of ``session_ids`` that the reader may see
        (row-level security: an operator everyone's, a member their own)."""
        ...

    def usage_by_member(self, filters: SearchFilters | None = None) -> Sequence[MemberUsageRow]:
        """Finished turns' tokens per member, provider and model, narrowed by ``filters`` as a
        listing is (dates, model, project, member, …)."""
        ...

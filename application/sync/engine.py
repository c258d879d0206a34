"""One round of syncing a desktop's store with a team store: push what is new here, then pull.

Why it exists: issue 19 keeps the desktop's store primary and replicates to and from a team store
in the background (ADR-012). The engine is the only place that knows both id spaces: it
translates the event ids a payload names (``compaction.replaces``,
``context_checked.compaction_id``) from local to server ids on the way out and back on the way
in, and it verifies the server's hash chain before it accepts anything.

Invariants it keeps (each holds whatever fails, and wherever a run stops):

- **push**: events go in local id order, in batches; a batch is cut before an event that names
  an event of the same batch (its server id is not known until the batch is pushed), so every
  name is translated; the server ids are recorded only after the server answered. A crash or a
  cut after the server committed but before the answer arrived is harmless: the next run pushes
  the same events with the same global ids and content, and the server answers with the ids it
  already gave (``TeamStore.push`` is idempotent);
- **pull** runs only after everything was pushed (so every server id a pulled event names is
  mapped here), in server order; each batch is verified per conversation *before* any of it is
  appended: every event's hash is recomputed over ``payload_json`` (the very text the server
  hashed), its link to the event before it is checked (the previous pulled event of the batch,
  or the server's ``chain_head`` when the event follows one this device did not pull: one of its
  own), and the event handed on is the one decoded from that verified text. A conversation that
  fails is quarantined with the reason and none of the batch's events of it are appended;
  nothing more of it is accepted from that store; the other conversations go on;
- ``append_pulled`` is atomic and answers None for an event already here, and the position
  moves only after the batch is appended: a run stopped anywhere re-pulls, never skips. A
  ledger that also has ``append_pulled_many`` (SQLite's; not in the port yet) takes a verified
  batch in as few transactions as possible, the position in the last one: a batch is cut before
  an event that names one of the same piece, whose local id is known only after the commit;
- a push the network broke (``unreachable``) halves the next push's batch, one that went
  through doubles it back up to ``batch``: a lossy network still lets a backlog through;
- ``cancel`` is checked between batches: a run stops at a batch boundary, never inside one.

Errors: a ``TeamStoreError`` ends the run with its kind (``unreachable``: try later;
``refused`` / ``schema``: stop and say so); an ``EventStoreError`` of the local store ends it
with kind ``local``. Both are reported in ``SyncReport``, never raised.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from parley.application.ports.event_store import EventStoreError
from parley.application.ports.team_sync import (
    IncomingEvent,
    OutgoingEvent,
    SyncLedger,
    SyncPosition,
    TeamStore,
    TeamStoreError,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import (
    Compaction,
    ContextChecked,
    Event,
    StoredEvent,
    event_type,
    from_payload,
)
from parley.domain.transcript.chain import event_hash
from parley.domain.transcript.event_refs import with_new_ids

BATCH = 200

# Why a conversation was quarantined: shown in the window (the sidebar's notice).
_QUARANTINED = QT_TRANSLATE_NOOP(
    "Sync",
    "server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; "
    "nothing more of this conversation is accepted from the team store",
)
_NO_PAYLOAD = QT_TRANSLATE_NOOP("Sync", "the server sent no payload text to verify")
_PAYLOAD_CHANGED = QT_TRANSLATE_NOOP(
    "Sync", "payload changed: the event's content does not match its hash"
)
_LINK_BROKEN = QT_TRANSLATE_NOOP(
    "Sync",
    "link broken: the event does not follow the one before it in the server's chain (an event "
    "removed, inserted or reordered)",
)
_UNREADABLE = QT_TRANSLATE_NOOP("Sync", "unreadable payload ({detail})")
_DIFFERS = QT_TRANSLATE_NOOP(
    "Sync", "the event sent differs from the payload text the server hashed"
)

#: (title, project id) of a conversation, sent with its pushed events.
Describe = Callable[[str], tuple[str, str | None]]


class AppendMany(Protocol):
    """Optional on a ledger (not in the port yet): ``append_pulled`` for a batch and the new
    position, in one transaction (``SqliteSyncLedger.append_pulled_many``)."""

    def __call__(
        self,
        store: str,
        items: Sequence[tuple[IncomingEvent, Event]],
        *,
        position: int | None = None,
    ) -> int: ...


@dataclass(frozen=True)
class SyncReport:
    """What one run did: events pushed and pulled, conversations quarantined now (id, reason),
    and why it stopped early (``error_kind``: unreachable, refused, schema, local; "" = it ran
    to the end, or was ``cancelled``)."""

    pushed: int = 0
    pulled: int = 0
    quarantined: tuple[tuple[str, str], ...] = ()
    error_kind: str = ""
    error: str = ""
    cancelled: bool = False

    @property
    def ok(self) -> bool:
        return not self.error_kind


@dataclass
class _Run:
    pushed: int = 0
    pulled: int = 0
    quarantined: list[tuple[str, str]] = field(default_factory=list)


def references(event: Event) -> tuple[int, ...]:
    """The event ids ``event`` names (``event_refs``): those that must be translated."""
    if isinstance(event, Compaction):
        return tuple(event.replaces)
    if isinstance(event, ContextChecked) and event.compaction_id:
        return (event.compaction_id,)
    return ()


class SyncEngine:
    """Push then pull between ``ledger`` (this desktop) and ``team`` under the name ``store``.

    ``describe`` gives a conversation's title and project for pushed events; by default the
    ledger's ``session_info`` when it has one (the port does not require it), else ("", None).
    Blocking: run it on a worker thread (``SyncWorker``)."""

    def __init__(
        self,
        ledger: SyncLedger,
        team: TeamStore,
        store: str,
        *,
        batch: int = BATCH,
        describe: Describe | None = None,
    ) -> None:
        if batch < 1:
            raise ValueError(f"batch must be at least 1, not {batch}")
        self.ledger = ledger
        self.team = team
        self.store = store
        self.batch = batch
        #: Events per push now: halved after a push the network broke, doubled back (up to
        #: ``batch``) after one that went through. A push is one transaction of several round
        #: trips per event, so on a lossy network a full batch may never commit and every run
        #: would start the same batch again (found through a real PostgreSQL behind a faulty
        #: proxy: 400 events, one round trip in 200 dropped, nothing pushed in 150 runs).
        self._push_batch = batch
        found = describe or getattr(ledger, "session_info", None)
        self._describe: Describe = found if callable(found) else (lambda _sid: ("", None))

    def run_once(self, cancel: threading.Event | None = None) -> SyncReport:
        """Push everything new here, then pull everything new there (see the module docstring)."""
        cancel = cancel or threading.Event()
        run = _Run()
        try:
            if self._push_all(run, cancel) and not cancel.is_set():
                self._pull_all(run, cancel)
        except TeamStoreError as exc:
            return self._report(run, cancel, exc.kind or "unreachable", str(exc))
        except EventStoreError as exc:
            return self._report(run, cancel, "local", str(exc))
        return self._report(run, cancel, "", "")

    @staticmethod
    def _report(run: _Run, cancel: threading.Event, kind: str, message: str) -> SyncReport:
        return SyncReport(
            pushed=run.pushed,
            pulled=run.pulled,
            quarantined=tuple(run.quarantined),
            error_kind=kind,
            error=message,
            cancelled=cancel.is_set() and not kind,
        )

    # -- push ------------------------------------------------------------------------------------

    def _push_all(self, run: _Run, cancel: threading.Event) -> bool:
        """Push batches until nothing is left; False when cancelled first."""
        while not cancel.is_set():
            pending = list(self.ledger.unpushed(self.store, self._push_batch))
            if not pending:
                return True
            batch = self._cut(pending)
            outgoing = self._outgoing(batch)
            try:
                server_ids = tuple(self.team.push(outgoing))
            except TeamStoreError as exc:
                if exc.kind == "unreachable":
                    self._push_batch = max(1, len(batch) // 2)
                raise
            self._push_batch = min(self.batch, self._push_batch * 2)
            if len(server_ids) != len(batch):
                raise TeamStoreError(
                    f"the team store answered {len(server_ids)} ids for {len(batch)} events",
                    "refused",
                )
            self.ledger.record_pushed(
                self.store, [(s.id, sid) for s, sid in zip(batch, server_ids, strict=True)]
            )
            run.pushed += len(batch)
        return False

    @staticmethod
    def _cut(pending: Sequence[StoredEvent]) -> list[StoredEvent]:
        """The longest prefix of ``pending`` in which no event names another of the prefix (at
        least one event: an event never names itself or a later one)."""
        in_batch: set[int] = set()
        for n, stored in enumerate(pending):
            if n and in_batch.intersection(references(stored.event)):
                return list(pending[:n])
            in_batch.add(stored.id)
        return list(pending)

    def _outgoing(self, batch: Sequence[StoredEvent]) -> list[OutgoingEvent]:
        named = {i for s in batch for i in references(s.event)}
        mapping = self.ledger.server_ids(self.store, sorted(named)) if named else {}
        described: dict[str, tuple[str, str | None]] = {}
        device = self.ledger.device_id
        result = []
        for stored in batch:
            if stored.session_id not in described:
                described[stored.session_id] = self._describe(stored.session_id)
            title, project_id = described[stored.session_id]
            # A name with no server id (an event that was deleted here) is cleared, as an
            # import clears it: a summary never stands in for the wrong events.
            event = with_new_ids(stored.event, mapping)
            result.append(
                OutgoingEvent(
                    origin_device=device,
                    origin_seq=stored.id,
                    session_id=stored.session_id,
                    turn_id=stored.turn_id,
                    ts=stored.ts,
                    actor=stored.actor,
                    event=event,
                    work_item=stored.work_item,
                    title=title,
                    project_id=project_id,
                )
            )
        return result

    # -- pull ------------------------------------------------------------------------------------

    def _pull_all(self, run: _Run, cancel: threading.Event) -> None:
        device = self.ledger.device_id
        position = self.ledger.position(self.store).pulled_up_to
        quarantined = set(self.ledger.quarantined(self.store))
        #: session -> (server id, hash) of the last event of it accepted in this run
        heads: dict[str, tuple[int, str]] = {}
        while not cancel.is_set():
            batch = list(self.team.pull(position, exclude_device=device, limit=self.batch))
            if not batch:
                return
            last = position
            for incoming in batch:
                if incoming.server_id <= last:
                    raise TeamStoreError(
                        f"the team store sent event {incoming.server_id} after {last}: "
                        "pulled events must come in increasing server order",
                        "refused",
                    )
                last = incoming.server_id
            accepted, failed = self._verify(batch, quarantined, heads)
            # Quarantined first: a run stopped after this re-pulls the batch and skips them.
            for session_id, reason in failed.items():
                self.ledger.quarantine(self.store, session_id, reason)
                quarantined.add(session_id)
                run.quarantined.append((session_id, reason))
            healthy = [(i, e) for i, e in accepted if i.session_id not in failed]
            run.pulled += self._append(healthy, last)
            position = last

    def _append(self, accepted: Sequence[tuple[IncomingEvent, Event]], last: int) -> int:
        """Append a verified batch with its names translated to local ids, then move the
        position to ``last``; returns how many were new here. A ledger with
        ``append_pulled_many`` takes the batch in pieces of one transaction each (cut before an
        event naming one of the same piece: its local id is known only after the commit), the
        last piece with the position; otherwise one event at a time, then the position."""
        many: AppendMany | None = getattr(self.ledger, "append_pulled_many", None)
        appended = 0
        if many is None:
            for incoming, event in accepted:
                if self.ledger.append_pulled(self.store, incoming, self._local(event)) is not None:
                    appended += 1
            self.ledger.set_position(SyncPosition(self.store, last))
            return appended
        pieces: list[list[tuple[IncomingEvent, Event]]] = [[]]
        in_piece: set[int] = set()
        for incoming, event in accepted:
            if pieces[-1] and in_piece.intersection(references(event)):
                pieces.append([])
                in_piece = set()
            pieces[-1].append((incoming, event))
            in_piece.add(incoming.server_id)
        for n, piece in enumerate(pieces):
            translated = [(incoming, self._local(event)) for incoming, event in piece]
            appended += many(
                self.store, translated, position=last if n == len(pieces) - 1 else None
            )
        return appended

    def _local(self, event: Event) -> Event:
        """``event`` with the server ids it names replaced by local ids (cleared if unknown)."""
        names = references(event)
        if not names:
            return event
        return with_new_ids(event, self.ledger.local_ids(self.store, names))

    def _verify(
        self,
        batch: Sequence[IncomingEvent],
        quarantined: set[str],
        heads: dict[str, tuple[int, str]],
    ) -> tuple[list[tuple[IncomingEvent, Event]], dict[str, str]]:
        """The batch's events of healthy conversations, each with the event decoded from its
        verified text, and the conversations that failed now (id -> reason)."""
        accepted: list[tuple[IncomingEvent, Event]] = []
        failed: dict[str, str] = {}
        for incoming in batch:
            sid = incoming.session_id
            if sid in quarantined or sid in failed:
                continue
            if incoming.origin_device == self.ledger.device_id:
                continue  # one of ours (the server should not send it): it is here already
            problem, event = self._check(incoming, heads.get(sid))
            if problem:
                failed[sid] = _QUARANTINED.format(
                    server_id=incoming.server_id,
                    device=incoming.origin_device,
                    seq=incoming.origin_seq,
                    sid=sid,
                    problem=problem,
                )
                continue
            assert event is not None
            heads[sid] = (incoming.server_id, incoming.hash)
            accepted.append((incoming, event))
        # Heads of failed sessions are useless; drop them so a later batch cannot lean on them.
        for sid in failed:
            heads.pop(sid, None)
        return accepted, failed

    def _check(
        self, incoming: IncomingEvent, head: tuple[int, str] | None
    ) -> tuple[str, Event | None]:
        """("", decoded event) when ``incoming`` holds, else (why, None)."""
        if not incoming.payload_json:
            return _NO_PAYLOAD, None
        type_name = event_type(incoming.event)
        digest = event_hash(
            incoming.prev_hash,
            incoming.session_id,
            incoming.turn_id,
            incoming.ts,
            type_name,
            incoming.actor,
            incoming.work_item,
            incoming.payload_json,
        )
        if digest != incoming.hash:
            return _PAYLOAD_CHANGED, None
        if head is None or incoming.prev_hash != head[1]:
            # It follows an event this device did not pull here (one of its own, or one pulled
            # in an earlier run): the server says which hash its chain holds just before it.
            expected = self.team.chain_head(incoming.session_id, incoming.server_id)
            if incoming.prev_hash != expected:
                return _LINK_BROKEN, None
        try:
            data = json.loads(incoming.payload_json)
            event = from_payload(type_name, data)
        except ValueError as exc:
            return _UNREADABLE.format(detail=exc), None
        if event != incoming.event:
            return _DIFFERS, None
        return "", event

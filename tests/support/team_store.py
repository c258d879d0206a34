"""An in-memory team store faithful to the ``TeamStore`` port, with fault injection.

Why it exists: the sync engine's guarantees (nothing lost, duplicated or reordered; idempotent,
resumable pushes; verified pulls) must be tested against a server that behaves exactly as the
port says, and that fails at the worst moments on demand. The PostgreSQL adapter (P1) is the real
one; this fake is what the unit tests and the SQLite integration tests run against.

What it keeps, as the port requires:

- server ids are increasing integers given in insert order; pull returns events in that order;
- each conversation has its own hash chain computed on insert with ``chain.event_hash`` over the
  payload JSON text the server stores (compact, ``ensure_ascii=False``);
- a push is one transaction: all of its events or none; an event whose global id is present with
  the same content returns its server id (idempotent); with other content: ``refused`` and
  nothing of the push is applied;
- ``pull`` leaves out the events of ``exclude_device``; ``chain_head`` answers from the chain.

Faults (``FaultPlan``): ``unreachable`` raised before a push is applied, or AFTER it is applied
(the server committed, the reply was lost), or before a pull / chain head answers; at chosen call
numbers or at random (seeded). ``tamper`` edits a stored event behind the chain's back.

``path``: the state lives in a JSON file instead (each call loads it under a file lock and a push
replaces it atomically), so several processes — a desktop killed with ``kill -9`` mid-push —
share one server.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import json
import os
import random
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parley.application.ports.team_sync import (
    IncomingEvent,
    OutgoingEvent,
    TeamStoreError,
)
from parley.domain.transcript.canonical import event_type, from_payload, to_payload
from parley.domain.transcript.chain import GENESIS, event_hash


def payload_text(event: Any) -> str:
    return json.dumps(to_payload(event), ensure_ascii=False, separators=(",", ":"))


@dataclass
class FaultPlan:
    """When to fail. Call numbers count from 1 per operation; ``rate`` fails any call at random
    (seeded by ``seed``), choosing before or after applying a push with equal odds."""

    push_before: set[int] = field(default_factory=set)
    push_after: set[int] = field(default_factory=set)
    pull_before: set[int] = field(default_factory=set)
    head_before: set[int] = field(default_factory=set)
    rate: float = 0.0
    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def strikes(self, chosen: set[int], n: int) -> bool:
        return n in chosen or (self.rate > 0 and self.rng.random() < self.rate)


@dataclass
class _Record:
    server_id: int
    origin_device: str
    origin_seq: int
    session_id: str
    turn_id: str
    ts: str
    actor: str
    type_name: str
    payload_json: str
    work_item: str | None
    prev_hash: str
    hash: str
    title: str = ""
    project_id: str | None = None
    member: str = ""

    def content(self) -> tuple[Any, ...]:
        return (
            self.session_id,
            self.turn_id,
            self.ts,
            self.actor,
            self.type_name,
            self.payload_json,
            self.work_item,
        )


class FakeTeamStore:
    """``TeamStore`` in memory (or in a JSON file shared by processes: ``path``)."""

    def __init__(
        self, *, faults: FaultPlan | None = None, member: str = "me", path: Path | None = None
    ) -> None:
        self.faults = faults or FaultPlan()
        self.member = member
        self.path = path
        self._lock = threading.Lock()
        self._records: list[_Record] = []
        self._calls = {"push": 0, "pull": 0, "head": 0}
        self.pushes_applied = 0

    # -- state -----------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _state(self, *, write: bool) -> Iterator[list[_Record]]:
        with self._lock:
            if self.path is None:
                yield self._records
                return
            lock_path = self.path.with_name(self.path.name + ".lock")
            with open(lock_path, "a+") as lock_file:
                fcntl.flock(lock_file, fcntl.LOCK_EX)
                try:
                    records = self._load()
                    yield records
                    if write:
                        tmp = self.path.with_name(self.path.name + f".{os.getpid()}.tmp")
                        tmp.write_text(
                            json.dumps([dataclasses.asdict(r) for r in records]), "utf-8"
                        )
                        os.replace(tmp, self.path)  # the commit: all of the push or nothing
                finally:
                    fcntl.flock(lock_file, fcntl.LOCK_UN)

    def _load(self) -> list[_Record]:
        assert self.path is not None
        if not self.path.exists():
            return []
        return [_Record(**row) for row in json.loads(self.path.read_text("utf-8"))]

    def _count(self, op: str) -> int:
        self._calls[op] += 1
        return self._calls[op]

    # -- the port --------------------------------------------------------------------------------

    def push(self, events: Sequence[OutgoingEvent]) -> tuple[int, ...]:
        n = self._count("push")
        f = self.faults
        before, after = n in f.push_before, n in f.push_after
        if not (before or after) and f.rate > 0 and f.rng.random() < f.rate:
            before = f.rng.random() < 0.5
            after = not before
        if before:
            raise TeamStoreError(f"connection reset before push #{n} reached the server")
        with self._state(write=True) as records:
            ids = self._apply(records, events)
        if after:
            raise TeamStoreError(f"connection reset after push #{n} was committed (reply lost)")
        return ids

    def _apply(self, records: list[_Record], events: Sequence[OutgoingEvent]) -> tuple[int, ...]:
        by_global = {(r.origin_device, r.origin_seq): r for r in records}
        heads: dict[str, str] = {}
        for r in records:
            heads[r.session_id] = r.hash
        next_id = (records[-1].server_id if records else 0) + 1
        added: list[_Record] = []
        ids: list[int] = []
        for out in events:
            type_name = event_type(out.event)
            text = payload_text(out.event)
            content = (
                out.session_id,
                out.turn_id,
                out.ts,
                out.actor,
                type_name,
                text,
                out.work_item,
            )
            known = by_global.get((out.origin_device, out.origin_seq))
            if known is not None:
                if known.content() != content:
                    raise TeamStoreError(
                        f"event {out.origin_device}#{out.origin_seq} is already on the server "
                        "with other content",
                        "refused",
                    )
                ids.append(known.server_id)
                continue
            prev = heads.get(out.session_id, GENESIS)
            digest = event_hash(
                prev, out.session_id, out.turn_id, out.ts, type_name, out.actor, out.work_item, text
            )
            record = _Record(
                server_id=next_id,
                origin_device=out.origin_device,
                origin_seq=out.origin_seq,
                session_id=out.session_id,
                turn_id=out.turn_id,
                ts=out.ts,
                actor=out.actor,
                type_name=type_name,
                payload_json=text,
                work_item=out.work_item,
                prev_hash=prev,
                hash=digest,
                title=out.title,
                project_id=out.project_id,
                member=self.member,
            )
            next_id += 1
            heads[out.session_id] = digest
            by_global[(out.origin_device, out.origin_seq)] = record
            added.append(record)
            ids.append(record.server_id)
        records.extend(added)  # only now: a refused push applies nothing
        if added:
            self.pushes_applied += 1
        return tuple(ids)

    def pushed_up_to(self, origin_device: str) -> int:
        with self._state(write=False) as records:
            seqs = [r.origin_seq for r in records if r.origin_device == origin_device]
        return max(seqs, default=0)

    def pull(
        self, after_server_id: int, *, exclude_device: str, limit: int = 500
    ) -> Sequence[IncomingEvent]:
        n = self._count("pull")
        if self.faults.strikes(self.faults.pull_before, n):
            raise TeamStoreError(f"connection timed out during pull #{n}")
        with self._state(write=False) as records:
            chosen = [
                r
                for r in records
                if r.server_id > after_server_id and r.origin_device != exclude_device
            ][:limit]
            titles = {r.session_id: (r.title, r.project_id) for r in records}
        return [self._incoming(r, titles[r.session_id]) for r in chosen]

    @staticmethod
    def _incoming(r: _Record, described: tuple[str, str | None]) -> IncomingEvent:
        return IncomingEvent(
            server_id=r.server_id,
            origin_device=r.origin_device,
            origin_seq=r.origin_seq,
            session_id=r.session_id,
            turn_id=r.turn_id,
            ts=r.ts,
            actor=r.actor,
            event=from_payload(r.type_name, json.loads(r.payload_json)),
            prev_hash=r.prev_hash,
            hash=r.hash,
            payload_json=r.payload_json,
            work_item=r.work_item,
            title=described[0],  # the server keeps the latest
            project_id=described[1],
            member=r.member,
        )

    def chain_head(self, session_id: str, before_server_id: int) -> str:
        n = self._count("head")
        if self.faults.strikes(self.faults.head_before, n):
            raise TeamStoreError(f"connection refused during chain head #{n}")
        with self._state(write=False) as records:
            head = GENESIS
            for r in records:
                if r.server_id >= before_server_id:
                    break
                if r.session_id == session_id:
                    head = r.hash
        return head

    # -- for tests -------------------------------------------------------------------------------

    def records(self) -> list[_Record]:
        with self._state(write=False) as records:
            return list(records)

    def tamper(self, server_id: int, **changes: Any) -> None:
        """Change a stored event behind the chain's back (``payload_json=…``, ``ts=…``); or
        ``drop=True`` to remove it."""
        with self._state(write=True) as records:
            for n, r in enumerate(records):
                if r.server_id == server_id:
                    if changes.pop("drop", False):
                        del records[n]
                    else:
                        records[n] = dataclasses.replace(r, **changes)
                    return
        raise KeyError(server_id)


# -- a simulated desktop ---------------------------------------------------------------------------


class Desktop:
    """One desktop: a real SQLite store in ``path``, its sync ledger and engine against ``team``."""

    def __init__(self, path: Path, team: Any, *, store: str = "team", batch: int = 50) -> None:
        from parley.application.sync.engine import SyncEngine
        from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
        from parley.infrastructure.storage.sync_ledger import SqliteSyncLedger

        self.path = Path(path)
        self.store = SqliteEventStore(self.path)
        self.ledger = SqliteSyncLedger(self.store)
        self.engine = SyncEngine(self.ledger, team, store, batch=batch)
        self.name = store
        self.team = team
        self._n = 0

    def turn(
        self,
        session_id: str,
        text: str,
        *,
        follows: str | None = None,
        title: str = "",
        finish: bool = True,
    ) -> str:
        """Record a whole turn (started, user message, answer, finished); returns its id. The
        conversation is created when it does not exist yet (with ``title``)."""
        from parley.domain.transcript.canonical import (
            AssistantText,
            TurnFinished,
            TurnStarted,
            UserMessage,
            mint_id,
        )

        turn_id = mint_id()
        new = None if self.store.session_exists(session_id) else (title, None)
        self.store.append_many(
            session_id,
            turn_id,
            [
                (TurnStarted(provider_id="p", model="m", follows_turn_id=follows or ""), "user"),
                (UserMessage(text=text), "user"),
            ],
            new_session=new,
        )
        if finish:
            self.store.append(session_id, turn_id, AssistantText(text=f"re: {text}", model="m"))
            self.store.append(session_id, turn_id, TurnFinished(status="completed"))
        return turn_id

    def sync(self, cancel: threading.Event | None = None) -> Any:
        return self.engine.run_once(cancel)

    def sync_until_done(self, rounds: int = 200) -> int:
        """Run until a run ends without error (faults injected meanwhile); returns the runs."""
        for n in range(1, rounds + 1):
            if self.sync().ok:
                return n
        raise AssertionError(f"sync did not finish in {rounds} runs")

    def contents(self) -> dict[tuple[str, int], tuple[str, str, str, str]]:
        """Every event here by global id: (session, turn, type, text of the payload with its
        references cleared) — the same on every store that holds it."""
        from parley.domain.transcript.event_refs import with_new_ids

        origins = self.ledger.origins(self.name)
        result: dict[tuple[str, int], tuple[str, str, str, str]] = {}
        for session in self.store.list_sessions():
            for e in self.store.events(session.id):
                key = origins[e.id]
                assert key not in result, f"event {key} is here twice"
                result[key] = (
                    e.session_id,
                    e.turn_id,
                    e.type_name,
                    payload_text(with_new_ids(e.event, {})),
                )
        return result

    def event_count(self) -> int:
        return sum(len(self.store.events(s.id)) for s in self.store.list_sessions())

    def close(self) -> None:
        self.store.close()

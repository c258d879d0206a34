"""The team-store port over PostgreSQL: push a desktop's events, pull the others'.

Why it exists: desktops replicate to and from the team store (ADR-012, ``application/ports/
team_sync``). This module is the server's side: it keeps each event's global id
(``origin_device``, ``origin_seq``, UNIQUE in the schema), chains it into the server's own hash
chain on insert, and answers pulls in server-id order.

Invariants it keeps:

- a push is one transaction (under ``WRITE_LOCK``): all its events land, or none; it costs a
  constant number of round trips whatever its size (``postgres_rows.insert_pushed``);
- idempotent: an event whose global id is there with the same content (conversation, turn,
  time, type, actor, work item, payload text) returns the server id it has and changes
  nothing; with another content it is ``TeamStoreError(kind="refused")`` and nothing of the
  push lands;
- a pushed event keeps its own time, even one earlier than the conversation's last (two devices
  continued apart); the server's chain is over the order the server received them in;
- a pushed turn carries no owner token, so ``recover_interrupted`` on the server never closes a
  turn a desktop is still streaming: its own ``turn_finished`` arrives with a later push;
- what a member may push into or pull is decided by row-level security: pushing into another
  member's conversation fails in the database and is reported as ``refused``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from parley.application.ports.event_store import EventStoreError
from parley.application.ports.team_sync import IncomingEvent, OutgoingEvent, TeamStoreError
from parley.domain.transcript.canonical import from_payload
from parley.infrastructure.team.postgres_connection import PostgresConnections
from parley.infrastructure.team.postgres_rows import (
    PushConflict,
    PushedEvent,
    insert_pushed,
    normalise_ts,
    serialise,
)

_PULL_COLUMNS = (
    "e.id, e.origin_device, e.origin_seq, e.session_id, e.turn_id, e.ts, e.actor, e.type,"
    " e.payload, e.prev_hash, e.hash, e.work_item, s.title, s.project_id, s.owner"
)


class PostgresTeam(PostgresConnections):
    """``TeamStore`` (mixed into ``PostgresEventStore``)."""

    language: str
    device_id: str

    def push(self, events: Sequence[OutgoingEvent]) -> tuple[int, ...]:
        prepared = []
        for event in events:
            if (
                not event.origin_device
                or not isinstance(event.origin_seq, int)
                or (event.origin_seq <= 0)
            ):
                raise TeamStoreError(
                    f"an event's global id needs a device and a positive sequence, not "
                    f"({event.origin_device!r}, {event.origin_seq!r})",
                    "refused",
                )
            try:
                type_name, data, payload = serialise(event.session_id, event.event)
                ts = normalise_ts(event.ts)
            except EventStoreError as exc:
                raise TeamStoreError(str(exc), "refused") from None
            assert ts is not None
            prepared.append(
                PushedEvent(
                    origin=(event.origin_device, event.origin_seq),
                    session_id=event.session_id,
                    turn_id=event.turn_id,
                    ts=ts,
                    type_name=type_name,
                    data=data,
                    payload=payload,
                    actor=event.actor,
                    work_item=event.work_item,
                    title=event.title,
                    project_id=event.project_id,
                )
            )
        # Set-based (``insert_pushed``): a constant number of round trips per push, whatever
        # its size — a team server is across a network, where each one costs milliseconds.
        with self._team("push to", write=True) as conn:
            try:
                return insert_pushed(conn, prepared, self.language)
            except PushConflict as exc:
                raise TeamStoreError(str(exc), "refused") from None

    def pushed_up_to(self, origin_device: str) -> int:
        with self._team("read", write=False) as conn:
            row = conn.execute(
                "SELECT coalesce(max(origin_seq), 0) FROM events WHERE origin_device = %s",
                (origin_device,),
            ).fetchone()
        return int(row[0]) if row else 0

    def pull(
        self, after_server_id: int, *, exclude_device: str, limit: int = 500
    ) -> Sequence[IncomingEvent]:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise TeamStoreError(f"limit must be a non-negative integer, not {limit!r}", "refused")
        with self._team("pull from", write=False) as conn:
            rows = conn.execute(
                f"SELECT {_PULL_COLUMNS} FROM events e JOIN sessions s ON s.id = e.session_id"
                " WHERE e.id > %s AND e.origin_device <> %s ORDER BY e.id LIMIT %s",
                (after_server_id, exclude_device, limit),
            ).fetchall()
        pulled = []
        for (server_id, device, seq, session_id, turn_id, ts, actor, type_name, payload, prev,
             digest, work_item, title, project_id, owner) in rows:  # fmt: skip
            try:
                event = from_payload(type_name, json.loads(payload))
            except ValueError as exc:
                raise TeamStoreError(
                    f"server event {server_id} ({type_name!r}) is unreadable: {exc}", "refused"
                ) from None
            pulled.append(
                IncomingEvent(
                    server_id=int(server_id),
                    origin_device=device,
                    origin_seq=int(seq),
                    session_id=session_id,
                    turn_id=turn_id,
                    ts=ts,
                    actor=actor,
                    event=event,
                    prev_hash=prev,
                    hash=digest,
                    payload_json=payload,
                    work_item=work_item,
                    title=title,
                    project_id=project_id,
                    member=owner,
                )
            )
        return pulled

    def chain_head(self, session_id: str, before_server_id: int) -> str:
        with self._team("read", write=False) as conn:
            row = conn.execute(
                "SELECT hash FROM events WHERE session_id = %s AND id < %s"
                " ORDER BY id DESC LIMIT 1",
                (session_id, before_server_id),
            ).fetchone()
        return str(row[0]) if row else ""

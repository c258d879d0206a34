"""How one event is written to and read from the team store: the chained INSERT, its derived
rows (turns, verdicts, figures, checkpoint cleanup, search vector), and decoding a row.

Why it exists: every path that adds an event — ``append``, ``append_many``, an import, a
duplicate, a recovery, a push — must chain, index and count it identically, as the SQLite
store's ``_insert`` + ``derived.index_event`` do, so the two stores answer alike.

Invariants it keeps:

- called inside the caller's transaction, after ``WRITE_LOCK``; the conversation's row is
  locked (``FOR UPDATE``) while its head moves, so its chain never forks;
- the hash is ``chain.event_hash`` over the payload TEXT as stored (compact JSON,
  ``ensure_ascii=False``), the very text in ``events.payload``;
- a time not given is the server's clock (UTC, microseconds, ``Z``), read in the transaction;
- derived rows follow ``infrastructure/storage/derived``: a turn's first ``turn_started`` wins,
  a turn's figures count once, checkpoints go when ``assistant_text`` or ``turn_finished`` land;
- a row that cannot be decoded raises ``EventStoreError`` naming its id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import psycopg

from parley.application.ports.event_store import EventStoreError, SessionNotFound
from parley.domain.transcript.canonical import (
    Event,
    StoredEvent,
    event_type,
    from_payload,
    to_payload,
)
from parley.domain.transcript.chain import event_hash
from parley.infrastructure.storage.derived import FAILURE_STATUSES
from parley.infrastructure.storage.fulltext import searchable_text

EVENT_COLUMNS = "id, ts, session_id, turn_id, type, actor, work_item, payload, prev_hash, hash"
SESSION_COLUMNS = "id, title, created_at, updated_at, project_id, pinned, current_turn_id"
_NOW = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"


def serialise(session_id: str, event: Event) -> tuple[str, dict[str, Any], str]:
    """(wire name, payload dict, payload JSON) of ``event``; ``EventStoreError`` if it cannot
    be stored."""
    try:
        type_name = event_type(event)
        data = to_payload(event)
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError) as exc:
        raise EventStoreError(
            f"cannot store {type(event).__name__} event in conversation {session_id!r}: {exc}"
        ) from exc
    return type_name, data, payload


def normalise_ts(ts: str | None) -> str | None:
    """An imported event's time in the store's form; ``EventStoreError`` if not ISO 8601."""
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


def server_now(conn: psycopg.Connection) -> str:
    row = conn.execute(f"SELECT {_NOW}").fetchone()
    assert row is not None
    return str(row[0])


def insert_event(
    conn: psycopg.Connection,
    *,
    session_id: str,
    turn_id: str,
    type_name: str,
    data: Mapping[str, Any],
    payload: str,
    actor: str,
    work_item: str | None,
    language: str,
    device: str,
    owner_token: str | None,
    ts: str | None = None,
    copying: bool = False,
    origin: tuple[str, int] | None = None,
) -> tuple[int, str, str, str]:
    """Insert one event chained to its conversation's head, with its derived rows. ``origin``:
    its global id (a pushed event's); else (``device``, its new id). Returns (id, ts,
    prev_hash, hash)."""
    row = conn.execute(
        f"SELECT head_hash, {_NOW} FROM sessions WHERE id = %s FOR UPDATE", (session_id,)
    ).fetchone()
    if row is None:
        raise SessionNotFound(session_id)
    prev, now = row
    if ts is None:
        ts = now
    else:
        last = conn.execute(
            "SELECT ts FROM events WHERE session_id = %s ORDER BY id DESC LIMIT 1", (session_id,)
        ).fetchone()
        if last is None:
            conn.execute("UPDATE sessions SET created_at = %s WHERE id = %s", (ts, session_id))
        elif ts < last[0] and not copying:
            raise EventStoreError(
                f"cannot append an event dated {ts} to conversation {session_id!r}: its last "
                f"event is dated {last[0]} (events must not go back in time)"
            )
    id_row = conn.execute("SELECT nextval(pg_get_serial_sequence('events', 'id'))").fetchone()
    assert id_row is not None
    event_id = int(id_row[0])
    origin_device, origin_seq = origin if origin is not None else (device, event_id)
    digest = event_hash(prev, session_id, turn_id, ts, type_name, actor, work_item, payload)
    text = searchable_text(type_name, data)
    conn.execute(
        "INSERT INTO events (id, session_id, turn_id, ts, type, actor, work_item, payload,"
        " prev_hash, hash, origin_device, origin_seq, search_text, search)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
        " CASE WHEN %s = '' THEN NULL ELSE to_tsvector(%s::regconfig, %s) END)",
        (event_id, session_id, turn_id, ts, type_name, actor, work_item, payload, prev, digest,
         origin_device, origin_seq, text, text, language, text),
    )  # fmt: skip
    conn.execute(
        "UPDATE sessions SET updated_at = %s, head_hash = %s WHERE id = %s",
        (ts, digest, session_id),
    )
    index_event(conn, event_id, session_id, turn_id, ts, type_name, data, owner_token)
    return event_id, ts, prev, digest


def index_event(
    conn: psycopg.Connection,
    event_id: int,
    session_id: str,
    turn_id: str,
    ts: str,
    type_name: str,
    payload: Mapping[str, Any],
    owner_token: str | None,
) -> None:
    """The derived rows of one event (``infrastructure/storage/derived``, in PostgreSQL)."""
    key = (session_id, turn_id)
    if type_name == "turn_started":
        workspace, project = payload.get("workspace"), payload.get("project_id")
        follows, retry_of = payload.get("follows_turn_id"), payload.get("retry_of")
        model, place = _str(payload.get("model")), _str(workspace)
        conn.execute(
            "INSERT INTO turns (session_id, turn_id, started_at, provider_id, model, project_id,"
            " workspace, owner_token, follows_turn_id, retry_of, first_event_id)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            (session_id, turn_id, ts, _str(payload.get("provider_id")), model,
             project if isinstance(project, str) else None, place, owner_token,
             follows if isinstance(follows, str) else None,
             retry_of if isinstance(retry_of, str) else None, event_id),
        )  # fmt: skip
        conn.execute(
            "UPDATE sessions SET turn_count = turn_count + 1,"
            " models = CASE WHEN %(m)s = '' OR %(m)s = ANY(models) THEN models"
            " ELSE array_append(models, %(m)s) END,"
            " workspaces = CASE WHEN %(w)s = '' OR %(w)s = ANY(workspaces) THEN workspaces"
            " ELSE array_append(workspaces, %(w)s) END WHERE id = %(id)s",
            {"m": model, "w": place, "id": session_id},
        )
    elif type_name == "tool_call":
        conn.execute(
            "UPDATE turns SET tool_calls = tool_calls + 1 WHERE session_id = %s AND turn_id = %s",
            key,
        )
    elif type_name == "action_verdict":
        conn.execute(
            "INSERT INTO turn_verdicts (session_id, turn_id, decision) VALUES (%s, %s, %s)"
            " ON CONFLICT DO NOTHING",
            (*key, _str(payload.get("decision"))),
        )
    elif type_name == "assistant_text":
        conn.execute("DELETE FROM partials WHERE session_id = %s AND turn_id = %s", key)
    elif type_name == "turn_finished":
        usage = payload.get("usage")
        usage = usage if isinstance(usage, Mapping) else {}
        status = _str(payload.get("status"))
        tokens_in, tokens_out = _int(usage.get("input_tokens")), _int(usage.get("output_tokens"))
        cursor = conn.execute(
            "UPDATE turns SET status = %s, finished_at = %s, input_tokens = %s,"
            " output_tokens = %s WHERE session_id = %s AND turn_id = %s AND status IS NULL",
            (status, ts, tokens_in, tokens_out, *key),
        )
        if cursor.rowcount:  # a turn is counted once, whatever follows its first turn_finished
            conn.execute(
                "UPDATE sessions SET input_tokens = input_tokens + %s,"
                " output_tokens = output_tokens + %s, failures = failures + %s WHERE id = %s",
                (tokens_in, tokens_out, int(status in FAILURE_STATUSES), session_id),
            )
        conn.execute("DELETE FROM partials WHERE session_id = %s AND turn_id = %s", key)


def stored_event(row: tuple[Any, ...]) -> StoredEvent:
    """An ``EVENT_COLUMNS`` row decoded strictly; ``EventStoreError`` naming it otherwise."""
    event_id, ts, session_id, turn_id, type_name, actor, work_item, payload, prev, digest = row
    where = f"event {event_id} ({type_name!r}) in conversation {session_id!r}"
    try:
        data = json.loads(payload, parse_constant=_reject_constant)
    except (ValueError, TypeError) as exc:
        raise EventStoreError(f"{where} is unreadable: payload is not valid JSON ({exc})") from exc
    try:
        event = from_payload(type_name, data)
    except ValueError as exc:
        raise EventStoreError(f"{where} is unreadable: {exc}") from exc
    return StoredEvent(
        id=int(event_id),
        ts=ts,
        session_id=session_id,
        turn_id=turn_id,
        event=event,
        work_item=work_item,
        actor=actor,
        prev_hash=prev,
        hash=digest,
    )


class IdMap:
    """Old event id -> new id for a conversation written again (import, duplicate); an old id
    seen twice (a damaged export) is ambiguous and maps to nothing."""

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


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0

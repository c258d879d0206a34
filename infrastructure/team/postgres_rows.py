"""How events are written to and read from the team store: the chained INSERT, its derived
rows (turns, verdicts, figures, checkpoint cleanup, search vector), and decoding a row — one
event at a time (``insert_event``) or a whole push at once (``insert_pushed``).

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
- a row that cannot be decoded raises ``EventStoreError`` naming its id;
- ``insert_pushed`` leaves the database exactly as ``insert_event`` called once per new event in
  batch order would (same ids order, chain, derived rows, counters, titles), but in a constant
  number of round trips whatever the batch's size: it reads the state it needs once (known
  global ids, the conversations' rows ``FOR UPDATE``, the turns touched), replays the batch in
  Python, then writes every table with one set-based statement each, pipelined.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class PushedEvent:
    """One event of a push, serialised: its global id, where it goes, and its content."""

    origin: tuple[str, int]
    session_id: str
    turn_id: str
    ts: str
    type_name: str
    data: Mapping[str, Any]
    payload: str
    actor: str
    work_item: str | None
    title: str
    project_id: str | None

    @property
    def content(self) -> tuple[str, str, str, str, str, str | None, str]:
        """What must match for a global id seen again to be the same event."""
        return (
            self.session_id,
            self.turn_id,
            self.ts,
            self.type_name,
            self.actor,
            self.work_item,
            self.payload,
        )


class PushConflict(Exception):
    """A global id of the push is held (or repeated in the push) with other content."""


@dataclass
class _Conversation:
    """A conversation's row as the push leaves it (replayed in Python, written once)."""

    head: str
    has_events: bool
    models: list[str]
    workspaces: list[str]
    new: bool = False
    created_at: str | None = None
    updated_at: str = ""
    naming: tuple[str, str | None] | None = None
    turns: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    failures: int = 0


@dataclass
class _Writes:
    """Every row the push writes, gathered while replaying it."""

    events: list[tuple[Any, ...]] = field(default_factory=list)
    turns: list[tuple[Any, ...]] = field(default_factory=list)
    tool_calls: Counter[tuple[str, str]] = field(default_factory=Counter)
    finished: list[tuple[Any, ...]] = field(default_factory=list)
    verdicts: dict[tuple[str, str, str], None] = field(default_factory=dict)
    partials: dict[tuple[str, str], None] = field(default_factory=dict)


def insert_pushed(
    conn: psycopg.Connection, batch: Sequence[PushedEvent], language: str
) -> tuple[int, ...]:
    """Insert the events of ``batch`` whose global id is new, chained in batch order, with
    their derived rows; returns every event's server id in batch order (an event already there
    with the same content keeps its id). ``PushConflict`` when a global id is there, or twice in
    the batch, with other content: nothing is written then. Called inside the caller's
    transaction, after ``WRITE_LOCK``."""
    if not batch:
        return ()
    sessions = list(dict.fromkeys(e.session_id for e in batch))
    keys = list(dict.fromkeys((e.session_id, e.turn_id) for e in batch))
    origins = ([e.origin[0] for e in batch], [e.origin[1] for e in batch])
    # One round trip: the known global ids, ids for the others (allocated under WRITE_LOCK, so
    # they commit in id order; one left unused is only a gap), the conversations (locked), the
    # turns touched.
    with conn.pipeline():
        known_cur = conn.execute(
            "SELECT e.origin_device, e.origin_seq, e.id, e.session_id, e.turn_id, e.ts, e.type,"
            " e.actor, e.work_item, e.payload FROM events e"
            " JOIN unnest(%s::text[], %s::bigint[]) AS g(device, seq)"
            " ON e.origin_device = g.device AND e.origin_seq = g.seq",
            origins,
        )
        ids_cur = conn.execute(
            "SELECT nextval(pg_get_serial_sequence('events', 'id'))"
            " FROM unnest(%s::text[], %s::bigint[]) AS g(device, seq) WHERE NOT EXISTS"
            " (SELECT 1 FROM events e WHERE e.origin_device = g.device AND e.origin_seq = g.seq)",
            origins,
        )
        sessions_cur = conn.execute(
            "SELECT s.id, s.head_hash, s.models, s.workspaces,"
            " EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id)"
            " FROM sessions s WHERE s.id = ANY(%s::text[]) ORDER BY s.id FOR UPDATE",
            (sessions,),
        )
        turns_cur = conn.execute(
            "SELECT t.session_id, t.turn_id, t.status FROM turns t"
            " JOIN unnest(%s::text[], %s::text[]) AS k(session_id, turn_id)"
            " ON t.session_id = k.session_id AND t.turn_id = k.turn_id",
            ([k[0] for k in keys], [k[1] for k in keys]),
        )
    # Fetched once the pipeline has ended: fetching inside it would cost a second round trip.
    known_rows = known_cur.fetchall()
    session_rows = sessions_cur.fetchall()
    turn_rows = turns_cur.fetchall()
    allocated = sorted(int(row[0]) for row in ids_cur.fetchall())
    known: dict[tuple[str, int], tuple[int, tuple[Any, ...]]] = {
        (row[0], int(row[1])): (int(row[2]), tuple(row[3:])) for row in known_rows
    }
    state = {
        row[0]: _Conversation(
            head=row[1], has_events=bool(row[4]), models=list(row[2]), workspaces=list(row[3])
        )
        for row in session_rows
    }
    turns: dict[tuple[str, str], str | None] = {(r[0], r[1]): r[2] for r in turn_rows}
    # Which events are new, and whether every repeated global id carries the same content.
    fresh: dict[tuple[str, int], int] = {}  # global id -> index in ``new``
    new: list[PushedEvent] = []
    for event in batch:
        seen = known.get(event.origin)
        if seen is not None and seen[1] != event.content:
            raise PushConflict(
                f"the team store holds event {event.origin[0]}#{event.origin[1]} with other "
                f"content (server event {seen[0]}); nothing was pushed"
            )
        if seen is None and event.origin in fresh:
            if new[fresh[event.origin]].content != event.content:
                raise PushConflict(
                    f"the push holds event {event.origin[0]}#{event.origin[1]} twice with "
                    "other content; nothing was pushed"
                )
        elif seen is None:
            fresh[event.origin] = len(new)
            new.append(event)
    ids = allocated[: len(new)]  # ascending in batch order: the server's receive order
    if len(ids) != len(new):  # cannot happen: every new global id had one allocated
        raise EventStoreError(f"allocated {len(ids)} event ids for {len(new)} new events")
    if new:
        _write(conn, _replay(new, ids, state, turns), state, language)
    return tuple(known[e.origin][0] if e.origin in known else ids[fresh[e.origin]] for e in batch)


def _replay(
    new: Sequence[PushedEvent],
    ids: Sequence[int],
    state: dict[str, _Conversation],
    turns: dict[tuple[str, str], str | None],
) -> _Writes:
    """What ``insert_event`` (with ``copying``) and ``index_event`` would do for each new event
    in turn, applied to ``state``/``turns`` and gathered as rows to write."""
    out = _Writes()
    for event, event_id in zip(new, ids, strict=True):
        sid, ts, key = event.session_id, event.ts, (event.session_id, event.turn_id)
        conv = state.get(sid)
        if conv is None:  # created by its first event (as the conversation's INSERT did)
            conv = state[sid] = _Conversation(
                head="", has_events=False, models=[], workspaces=[], new=True, created_at=ts
            )
            conv.naming = (event.title, event.project_id)
        elif event.title:
            conv.naming = (event.title, event.project_id)
        if not conv.has_events:
            conv.created_at, conv.has_events = ts, True
        digest = event_hash(
            conv.head,
            sid,
            event.turn_id,
            ts,
            event.type_name,
            event.actor,
            event.work_item,
            event.payload,
        )
        out.events.append(
            (
                event_id,
                sid,
                event.turn_id,
                ts,
                event.type_name,
                event.actor,
                event.work_item,
                event.payload,
                conv.head,
                digest,
                event.origin[0],
                event.origin[1],
                searchable_text(event.type_name, event.data),
            )
        )
        conv.head, conv.updated_at = digest, ts
        data = event.data
        if event.type_name == "turn_started":
            workspace, project = data.get("workspace"), data.get("project_id")
            follows, retry_of = data.get("follows_turn_id"), data.get("retry_of")
            model, place = _str(data.get("model")), _str(workspace)
            if key not in turns:
                turns[key] = None
                out.turns.append(
                    (
                        sid,
                        event.turn_id,
                        ts,
                        _str(data.get("provider_id")),
                        model,
                        project if isinstance(project, str) else None,
                        place,
                        follows if isinstance(follows, str) else None,
                        retry_of if isinstance(retry_of, str) else None,
                        event_id,
                    )
                )
            conv.turns += 1
            if model and model not in conv.models:
                conv.models.append(model)
            if place and place not in conv.workspaces:
                conv.workspaces.append(place)
        elif event.type_name == "tool_call":
            if key in turns:
                out.tool_calls[key] += 1
        elif event.type_name == "action_verdict":
            out.verdicts[(sid, event.turn_id, _str(data.get("decision")))] = None
        elif event.type_name == "assistant_text":
            out.partials[key] = None
        elif event.type_name == "turn_finished":
            usage = data.get("usage")
            usage = usage if isinstance(usage, Mapping) else {}
            status = _str(data.get("status"))
            tokens_in, tokens_out = (
                _int(usage.get("input_tokens")),
                _int(usage.get("output_tokens")),
            )
            if key in turns and turns[key] is None:  # a turn is counted once
                turns[key] = status
                out.finished.append((sid, event.turn_id, status, ts, tokens_in, tokens_out))
                conv.tokens_in += tokens_in
                conv.tokens_out += tokens_out
                conv.failures += int(status in FAILURE_STATUSES)
            out.partials[key] = None
    return out


def _columns(rows: Sequence[tuple[Any, ...]]) -> list[list[Any]]:
    """Rows as one list per column (the arrays ``unnest`` turns back into rows)."""
    return [list(column) for column in zip(*rows, strict=True)]


def _write(
    conn: psycopg.Connection, out: _Writes, state: dict[str, _Conversation], language: str
) -> None:
    """Every write of the push, one set-based statement per table, in one pipeline (one round
    trip); the first failure (a refusal of row-level security, a uniqueness clash) aborts the
    transaction and is raised when the pipeline ends."""
    touched = [(sid, conv) for sid, conv in state.items() if conv.updated_at]
    created = [(sid, conv) for sid, conv in touched if conv.new]
    with conn.pipeline():
        if created:
            # A plain INSERT: a conversation of another member (invisible here) clashes on its
            # key and the push is refused, as row-level security means it to be.
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at)"
                " SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[],"
                " %s::text[])",
                _columns(
                    [
                        (sid, *(c.naming or ("", None)), c.created_at, c.created_at)
                        for sid, c in created
                    ]
                ),
            )
        conn.execute(
            "INSERT INTO events (id, session_id, turn_id, ts, type, actor, work_item, payload,"
            " prev_hash, hash, origin_device, origin_seq, search_text, search)"
            " SELECT u.*, CASE WHEN u.search_text = '' THEN NULL"
            " ELSE to_tsvector(%s::regconfig, u.search_text) END"
            " FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[],"
            " %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[],"
            " %s::bigint[], %s::text[]) AS u(id, session_id, turn_id, ts, type, actor,"
            " work_item, payload, prev_hash, hash, origin_device, origin_seq, search_text)"
            " ORDER BY u.id",
            (language, *_columns(out.events)),
        )
        if out.turns:
            conn.execute(
                "INSERT INTO turns (session_id, turn_id, started_at, provider_id, model,"
                " project_id, workspace, follows_turn_id, retry_of, first_event_id)"
                " SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[],"
                " %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::bigint[])"
                " ON CONFLICT DO NOTHING",
                _columns(out.turns),
            )
        if out.tool_calls:
            conn.execute(
                "UPDATE turns t SET tool_calls = t.tool_calls + u.n"
                " FROM unnest(%s::text[], %s::text[], %s::int[]) AS u(session_id, turn_id, n)"
                " WHERE t.session_id = u.session_id AND t.turn_id = u.turn_id",
                _columns([(*key, n) for key, n in out.tool_calls.items()]),
            )
        if out.finished:
            conn.execute(
                "UPDATE turns t SET status = u.status, finished_at = u.ts,"
                " input_tokens = u.tokens_in, output_tokens = u.tokens_out"
                " FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::bigint[],"
                " %s::bigint[]) AS u(session_id, turn_id, status, ts, tokens_in, tokens_out)"
                " WHERE t.session_id = u.session_id AND t.turn_id = u.turn_id"
                " AND t.status IS NULL",
                _columns(out.finished),
            )
        if out.verdicts:
            conn.execute(
                "INSERT INTO turn_verdicts (session_id, turn_id, decision)"
                " SELECT * FROM unnest(%s::text[], %s::text[], %s::text[])"
                " ON CONFLICT DO NOTHING",
                _columns(list(out.verdicts)),
            )
        if out.partials:
            conn.execute(
                "DELETE FROM partials p USING unnest(%s::text[], %s::text[])"
                " AS u(session_id, turn_id)"
                " WHERE p.session_id = u.session_id AND p.turn_id = u.turn_id",
                _columns(list(out.partials)),
            )
        # Lists of names travel as JSON (unnest cannot carry arrays of unequal lengths).
        conn.execute(
            "UPDATE sessions s SET updated_at = u.updated_at, head_hash = u.head,"
            " created_at = coalesce(u.created_at, s.created_at),"
            " title = CASE WHEN u.named THEN u.title ELSE s.title END,"
            " project_id = CASE WHEN u.named THEN u.project_id ELSE s.project_id END,"
            " turn_count = s.turn_count + u.turns,"
            " input_tokens = s.input_tokens + u.tokens_in,"
            " output_tokens = s.output_tokens + u.tokens_out,"
            " failures = s.failures + u.failures,"
            " models = ARRAY(SELECT m.v FROM jsonb_array_elements_text(u.models)"
            "   WITH ORDINALITY AS m(v, n) ORDER BY m.n),"
            " workspaces = ARRAY(SELECT w.v FROM jsonb_array_elements_text(u.workspaces)"
            "   WITH ORDINALITY AS w(v, n) ORDER BY w.n)"
            " FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::boolean[],"
            " %s::text[], %s::text[], %s::int[], %s::bigint[], %s::bigint[], %s::int[],"
            " %s::jsonb[], %s::jsonb[]) AS u(id, updated_at, head, created_at, named, title,"
            " project_id, turns, tokens_in, tokens_out, failures, models, workspaces)"
            " WHERE s.id = u.id",
            _columns(
                [
                    (
                        sid,
                        c.updated_at,
                        c.head,
                        c.created_at,
                        c.naming is not None,
                        (c.naming or ("", None))[0],
                        (c.naming or ("", None))[1],
                        c.turns,
                        c.tokens_in,
                        c.tokens_out,
                        c.failures,
                        json.dumps(c.models),
                        json.dumps(c.workspaces),
                    )
                    for sid, c in touched
                ]
            ),
        )


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

"""A push to the team store costs a constant number of network round trips, whatever its size,
and still lands exactly what pushing event by event landed (a real PostgreSQL, a real TCP proxy;
skipped with one line when PostgreSQL is not installed).

Why it exists: a team server is across a network, where each round trip costs milliseconds; a
push that asked the server something per event (its global id, its conversation's head, …) ran
at about 2 events/s over a 30 ms link. The exchanges are counted where they happen — on the
wire, by a proxy that notes each time the client speaks again after the server answered — so a
per-event query anywhere in the push makes the count grow with the batch and the test fail.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest

from parley.application.ports.team_sync import OutgoingEvent, TeamStoreError
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    Event,
    ToolCall,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.infrastructure.team.postgres_connection import WRITE_LOCK
from parley.infrastructure.team.postgres_rows import insert_event, normalise_ts, serialise
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import add_member, init_team
from tests.support.fault_proxy import FaultProxy, _Link
from tests.support.postgres import Cluster, fresh_database, postgres_cluster  # noqa: F401

#: Exchanges a push may cost, whatever its size: the pool's check of the connection, BEGIN,
#: the write lock, one pipelined read (what is there, new ids), one pipelined write, COMMIT —
#: 6 — and a little room for a large pipeline the kernel hands over in pieces. The push that
#: asked per event took 15 for one event and about 1,900 for 200.
MAX_EXCHANGES = 8


class ExchangeCountingProxy(FaultProxy):
    """A healthy ``FaultProxy`` that counts exchanges: a client→server chunk that follows a
    server→client one (or opens the connection) is the client speaking again after an answer,
    i.e. one round trip."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.exchanges = 0
        self._last_to_client: dict[int, bool] = {}
        self._count_lock = threading.Lock()
        super().__init__(target)

    def _forward(self, link: _Link, source: Any) -> None:
        to_client = source is link.server
        with self._count_lock:
            before = self._last_to_client.get(id(link), True)
            if not to_client and before:
                self.exchanges += 1
            self._last_to_client[id(link)] = to_client
        super()._forward(link, source)


@dataclass
class Member:
    cluster: Cluster
    database: str
    admin: str
    name: str
    password: str

    def dsn(self, port: int | None = None) -> str:
        dsn = self.cluster.dsn(self.name, self.password, self.database)
        return dsn if port is None else dsn.replace(f"port={self.cluster.port}", f"port={port}")

    def store(self, port: int | None = None) -> PostgresEventStore:
        return PostgresEventStore(self.dsn(port), device_id="server", timeout=10)


@pytest.fixture
def member(postgres_cluster: Cluster, fresh_database: str) -> Member:  # noqa: F811
    admin = postgres_cluster.admin_dsn(fresh_database)
    init_team(admin)
    name = f"m_{uuid.uuid4().hex[:8]}"
    add_member(admin, name, "pw-" + name)
    return Member(postgres_cluster, fresh_database, admin, name, "pw-" + name)


@pytest.fixture
def proxy(postgres_cluster: Cluster) -> Iterator[ExchangeCountingProxy]:  # noqa: F811
    with ExchangeCountingProxy((postgres_cluster.host, postgres_cluster.port)) as p:
        yield p


def turn_events(
    device: str, first_seq: int, session: str, turn: str, n: int
) -> list[OutgoingEvent]:
    """A whole turn of every kind that has derived rows: started, a question, a tool call and
    its verdict, an answer, finished with usage (``n`` selects the model and the status)."""
    parts: list[tuple[Event, str]] = [
        (TurnStarted(provider_id="p", model=f"model-{n % 3}", workspace=f"/w/{n % 2}"), "user"),
        (UserMessage(text=f"question {n} about pipelines"), "user"),
        (ToolCall(call_id=f"c{n}", tool="read_file"), "assistant"),
        (
            ActionVerdict(
                call_id=f"c{n}",
                tool="read_file",
                effect="read",
                rule="r",
                reason="ok",
                decision="allow" if n % 2 else "ask",
            ),
            "validator",
        ),
        (AssistantText(text=f"answer {n} with words", model=f"model-{n % 3}"), "assistant"),
        (
            TurnFinished(
                status="failed" if n % 4 == 3 else "completed",
                usage=Usage(input_tokens=10 + n, output_tokens=n),
            ),
            "assistant",
        ),
    ]
    return [
        OutgoingEvent(
            origin_device=device,
            origin_seq=first_seq + i,
            session_id=session,
            turn_id=turn,
            ts=f"2026-02-01T00:{n // 60 % 60:02d}:{n % 60:02d}.{i:06d}Z",
            actor=actor,
            event=event,
            title=f"Conversation {session}",
        )
        for i, (event, actor) in enumerate(parts)
    ]


def batch(device: str, events: int, sessions: int = 3) -> list[OutgoingEvent]:
    out: list[OutgoingEvent] = []
    n = 0
    while len(out) < events:
        out += turn_events(device, len(out) + 1, f"{device}-s{n % sessions}", f"{device}-t{n}", n)
        n += 1
    return out[:events]


def exchanges_of(proxy: ExchangeCountingProxy, store: PostgresEventStore, events: list[Any]) -> int:
    before = proxy.exchanges
    store.push(events)
    return proxy.exchanges - before


def test_a_push_costs_the_same_few_round_trips_for_1_or_200_events(
    member: Member, proxy: ExchangeCountingProxy
) -> None:
    with member.store(proxy.port) as store:
        store.push(batch("warm-up", 1))  # the login, the schema check, the pool's first connection
        one = exchanges_of(proxy, store, batch("one", 1))
        many = exchanges_of(proxy, store, batch("many", 200))
        again = exchanges_of(proxy, store, batch("many", 200))  # all there: ids returned
        assert len(store.pull(0, exclude_device="none", limit=1000)) == 202
    assert one <= MAX_EXCHANGES, one
    assert many <= MAX_EXCHANGES, many  # per event this was about 15 * 200
    assert again <= MAX_EXCHANGES, again
    assert many <= one + 2, (one, many)


def test_a_mixed_batch_returns_the_ids_there_and_inserts_only_the_new(member: Member) -> None:
    events = batch("laptop", 30)
    with member.store() as store:
        first = store.push(events[:12])
        ids = store.push(events[6:18] + events[:3])
        assert ids[:6] == first[6:12] and ids[12:] == first[:3]  # already there: same ids
        assert list(ids[6:12]) == sorted(ids[6:12]) and min(ids[6:12]) > max(first)
        everything = store.pull(0, exclude_device="none", limit=1000)
        assert [(p.origin_device, p.origin_seq) for p in everything] == [
            ("laptop", seq) for seq in range(1, 19)
        ]
        for session in {e.session_id for e in events[:18]}:
            assert store.verify_chain(session).ok


def test_one_conflicting_event_refuses_the_whole_batch(member: Member) -> None:
    events = batch("laptop", 24)
    with member.store() as store:
        store.push(events[:6])
        changed = OutgoingEvent(**{**events[1].__dict__, "event": UserMessage(text="CHANGED")})
        with pytest.raises(TeamStoreError) as refused:
            store.push([*events[6:12], changed, *events[12:24]])
        assert refused.value.kind == "refused" and "laptop#2" in str(refused.value)
        repeated = OutgoingEvent(**{**events[8].__dict__, "ts": "2027-01-01T00:00:00Z"})
        with pytest.raises(TeamStoreError) as twice:
            store.push([*events[6:12], repeated])  # the same global id twice in one push
        assert twice.value.kind == "refused"
        assert len(store.pull(0, exclude_device="none", limit=1000)) == 6  # nothing landed
        assert store.pushed_up_to("laptop") == 6


def _snapshot(conn: psycopg.Connection, sessions: list[str]) -> dict[str, Any]:
    """Every row a push writes, with event ids replaced by global ids (the two runs allocate
    different ids)."""
    gid = {
        r[0]: (r[1], r[2])
        for r in conn.execute(
            "SELECT id, origin_device, origin_seq FROM events WHERE session_id = ANY(%s)",
            (sessions,),
        )
    }
    return {
        "sessions": conn.execute(
            "SELECT id, title, project_id, created_at, updated_at, head_hash, turn_count,"
            " input_tokens, output_tokens, failures, models, workspaces FROM sessions"
            " WHERE id = ANY(%s) ORDER BY id",
            (sessions,),
        ).fetchall(),
        "events": [
            (gid[r[0]], *r[1:])
            for r in conn.execute(
                "SELECT id, session_id, turn_id, ts, type, actor, work_item, payload, prev_hash,"
                " hash, search_text, search::text FROM events WHERE session_id = ANY(%s)"
                " ORDER BY id",
                (sessions,),
            )
        ],
        "turns": [
            (*r[:-1], gid.get(r[-1]))
            for r in conn.execute(
                "SELECT session_id, turn_id, started_at, provider_id, model, project_id,"
                " workspace, status, finished_at, input_tokens, output_tokens, tool_calls,"
                " owner_token, follows_turn_id, retry_of, first_event_id FROM turns"
                " WHERE session_id = ANY(%s) ORDER BY session_id, turn_id",
                (sessions,),
            )
        ],
        "verdicts": conn.execute(
            "SELECT * FROM turn_verdicts WHERE session_id = ANY(%s) ORDER BY 1, 2, 3",
            (sessions,),
        ).fetchall(),
    }


def _one_by_one(conn: psycopg.Connection, events: list[OutgoingEvent], language: str) -> None:
    """The push as it was before it was set-based: each event on its own (``insert_event``)."""
    for e in events:
        type_name, data, payload = serialise(e.session_id, e.event)
        ts = normalise_ts(e.ts)
        found = conn.execute(
            "SELECT 1 FROM events WHERE origin_device = %s AND origin_seq = %s",
            (e.origin_device, e.origin_seq),
        ).fetchone()
        if found is not None:
            continue
        if conn.execute("SELECT 1 FROM sessions WHERE id = %s", (e.session_id,)).fetchone():
            if e.title:
                conn.execute(
                    "UPDATE sessions SET title = %s, project_id = %s WHERE id = %s",
                    (e.title, e.project_id, e.session_id),
                )
        else:
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at)"
                " VALUES (%s, %s, %s, %s, %s)",
                (e.session_id, e.title, e.project_id, ts, ts),
            )
        insert_event(
            conn, session_id=e.session_id, turn_id=e.turn_id, type_name=type_name, data=data,
            payload=payload, actor=e.actor, work_item=e.work_item, language=language,
            device="server", owner_token=None, ts=ts, copying=True,
            origin=(e.origin_device, e.origin_seq),
        )  # fmt: skip


def test_a_set_based_push_writes_what_pushing_one_by_one_wrote(member: Member) -> None:
    events = batch("laptop", 120, sessions=4)
    # Out of the ordinary too: a turn finished twice, a tool call before its turn started, a
    # later title without a project, an event dated before its conversation's last.
    extra = [
        OutgoingEvent(**{**events[5].__dict__, "origin_seq": 1000, "event": TurnFinished(
            status="failed", usage=Usage(input_tokens=99))}),
        OutgoingEvent(**{**events[2].__dict__, "origin_seq": 1001, "turn_id": "later-turn"}),
        OutgoingEvent(**{**events[0].__dict__, "origin_seq": 1002, "turn_id": "later-turn"}),
        OutgoingEvent(**{**events[1].__dict__, "origin_seq": 1003, "title": "Renamed",
                         "ts": "2020-01-01T00:00:00Z"}),
    ]  # fmt: skip
    pushed = events[:60] + extra + events[60:]
    sessions = sorted({e.session_id for e in pushed})
    with member.store() as store:
        store.push(events[:20])  # some already there: the rest lands on existing heads
        language = store.language
        with psycopg.connect(member.dsn()) as conn:  # a transaction, rolled back at the end
            conn.execute("SET search_path TO parley")
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
            _one_by_one(conn, pushed, language)
            expected = _snapshot(conn, sessions)
            conn.rollback()
        store.push(pushed)
        with psycopg.connect(member.dsn(), autocommit=True) as conn:
            conn.execute("SET search_path TO parley")
            actual = _snapshot(conn, sessions)
        for session in sessions:
            assert store.verify_chain(session).ok
    assert actual["events"] == expected["events"]
    assert actual["turns"] == expected["turns"]
    assert actual["verdicts"] == expected["verdicts"]
    assert actual["sessions"] == expected["sessions"]
    assert any(t[7] == "failed" for t in actual["turns"])  # the figures are really there

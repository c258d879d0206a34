"""The team store's rules, enforced by PostgreSQL itself (a throwaway cluster; skipped with one
line when PostgreSQL is not installed): a member reaches only their own conversations even with
raw SQL through their own credentials, an operator reads everything and writes nothing, a legal
hold refuses a delete; and the team-store port (push, pull) that desktops sync through."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import psycopg
import pytest

from parley.application.ports.event_store import EventStore, EventStoreError, SessionNotFound
from parley.application.ports.team_sync import OutgoingEvent, TeamStore, TeamStoreError
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnStarted,
    UserMessage,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import (
    TeamAdminError,
    add_member,
    add_operator,
    init_team,
    place_legal_hold,
    release_legal_hold,
)
from tests.support.postgres import Cluster, fresh_database, postgres_cluster  # noqa: F401


@dataclass
class Team:
    cluster: Cluster
    database: str
    admin: str
    passwords: dict[str, str]
    a: str
    b: str
    o: str

    def dsn(self, who: str) -> str:
        return self.cluster.dsn(who, self.passwords[who], self.database)

    def store(self, who: str, device: str = "") -> PostgresEventStore:
        return PostgresEventStore(self.dsn(who), device_id=device, timeout=10)

    def raw(self, who: str) -> psycopg.Connection:
        conn = psycopg.connect(self.dsn(who), autocommit=True)
        conn.execute("SET search_path TO parley")
        return conn


@pytest.fixture
def team(postgres_cluster: Cluster, fresh_database: str) -> Team:  # noqa: F811
    admin = postgres_cluster.admin_dsn(fresh_database)
    report = init_team(admin)
    assert report.migrations_applied  # a fresh database: the whole schema
    tag = uuid.uuid4().hex[:8]
    passwords = {f"a_{tag}": "pw-a-" + tag, f"b_{tag}": "pw-b-" + tag, f"o_{tag}": "pw-o-" + tag}
    add_member(admin, f"a_{tag}", passwords[f"a_{tag}"])
    add_member(admin, f"b_{tag}", passwords[f"b_{tag}"])
    add_operator(admin, f"o_{tag}", passwords[f"o_{tag}"])
    return Team(
        postgres_cluster, fresh_database, admin, passwords, f"a_{tag}", f"b_{tag}", f"o_{tag}"
    )


@pytest.fixture
def two(team: Team) -> Iterator[tuple[Team, str, str]]:
    """A conversation of A's and one of B's, each written through their own store."""
    with team.store(team.a) as a, team.store(team.b) as b:
        sa = a.create_session("A's secret")
        a.append(sa.id, "t1", TurnStarted(provider_id="p", model="m"))
        a.append(sa.id, "t1", UserMessage(text="alpha words"))
        sb = b.create_session("B's secret")
        b.append(sb.id, "t1", TurnStarted(provider_id="p", model="m"))
        b.append(sb.id, "t1", UserMessage(text="beta words"))
    yield team, sa.id, sb.id


def _ports(store: PostgresEventStore) -> tuple[EventStore, TeamStore]:
    """Type-checked only (mypy): the adapter is both ports, structurally."""
    return store, store


# -- members ---------------------------------------------------------------------------------------


def test_a_member_cannot_read_another_members_rows_with_raw_sql(two: tuple[Team, str, str]) -> None:
    team, sa, sb = two
    with team.raw(team.a) as conn:
        assert [r[0] for r in conn.execute("SELECT id FROM sessions")] == [sa]
        assert {r[0] for r in conn.execute("SELECT session_id FROM events")} == {sa}
        assert conn.execute("SELECT * FROM events WHERE session_id = %s", (sb,)).fetchall() == []
        assert conn.execute("SELECT * FROM turns WHERE session_id = %s", (sb,)).fetchall() == []
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT count(*) FROM legal_hold")  # who is on hold is not theirs
    with team.store(team.a) as a:
        with pytest.raises(SessionNotFound):
            a.get_session(sb)
        assert [h.session_id for h in a.search("words")] == [sa]
        assert [s.id for s in a.summaries()] == [sa]


def test_a_member_cannot_write_another_members_rows_with_raw_sql(
    two: tuple[Team, str, str],
) -> None:
    team, sa, sb = two
    with team.raw(team.a) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            conn.execute(
                "INSERT INTO events (session_id, turn_id, ts, type, payload, prev_hash, hash,"
                " origin_device, origin_seq) VALUES (%s, 't', 'x', 'notice', '{}', '', '', 'd', 1)",
                (sb,),
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            conn.execute(
                "INSERT INTO events (session_id, owner, turn_id, ts, type, payload, prev_hash,"
                " hash, origin_device, origin_seq)"
                " VALUES (%s, %s, 't', 'x', 'notice', '{}', '', '', 'd', 2)",
                (sa, team.b),
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            conn.execute(
                "INSERT INTO sessions (id, owner, created_at, updated_at) VALUES ('x', %s, '', '')",
                (team.b,),
            )
        assert (
            conn.execute("UPDATE sessions SET title = 'pwned' WHERE id = %s", (sb,)).rowcount == 0
        )
        assert conn.execute("DELETE FROM sessions WHERE id = %s", (sb,)).rowcount == 0
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            conn.execute("UPDATE events SET payload = '{}' WHERE session_id = %s", (sa,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            conn.execute("DELETE FROM events WHERE session_id = %s", (sa,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO legal_hold (member, reason) VALUES ('x', 'y')")
    with team.store(team.a) as a:
        with pytest.raises(EventStoreError):
            a.append(sb, "t1", UserMessage(text="injected"))
        with pytest.raises(SessionNotFound):
            a.delete_session(sb)
    with team.store(team.b) as b:
        assert b.get_session(sb).title == "B's secret"
        assert [e.event for e in b.events(sb)][-1] == UserMessage(text="beta words")
        assert b.verify_chain(sb).ok


def test_an_operator_reads_everything_and_writes_nothing(two: tuple[Team, str, str]) -> None:
    team, sa, sb = two
    with team.store(team.o) as o:
        assert {s.id for s in o.list_sessions()} == {sa, sb}
        assert {h.session_id for h in o.search("words")} == {sa, sb}
        assert o.verify_chain(sa).ok and o.verify_chain(sb).ok
        with pytest.raises(EventStoreError, match="permission denied"):
            o.append(sa, "t1", UserMessage(text="operator note"))
        with pytest.raises(EventStoreError, match="permission denied"):
            o.rename_session(sb, "renamed")
        with pytest.raises(EventStoreError):
            o.delete_session(sa)
    with team.raw(team.o) as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (4,)
        for statement in (
            "DELETE FROM sessions",
            "UPDATE sessions SET title = 'x'",
            "INSERT INTO sessions (id, created_at, updated_at) VALUES ('o', '', '')",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                conn.execute(statement)
    with team.store(team.a) as a:
        assert a.get_session(sa).title == "A's secret" and len(a.events(sa)) == 2


def test_a_legal_hold_refuses_a_delete_until_released(two: tuple[Team, str, str]) -> None:
    team, sa, _ = two
    hold = place_legal_hold(team.admin, session_id=sa, reason="case 12")
    with team.store(team.a) as a:
        with pytest.raises(EventStoreError, match="legal hold"):
            a.delete_session(sa)
        assert len(a.events(sa)) == 2 and a.verify_chain(sa).ok
        assert release_legal_hold(team.admin, hold)
        member_hold = place_legal_hold(team.admin, member=team.a, reason="")
        with pytest.raises(EventStoreError, match="legal hold"):
            a.delete_session(sa)
        release_legal_hold(team.admin, member_hold)
        assert a.delete_session(sa) == 2
        assert not a.session_exists(sa)
    with pytest.raises(TeamAdminError):
        place_legal_hold(team.admin)


def test_events_are_append_only_even_for_the_database_owner(two: tuple[Team, str, str]) -> None:
    team, sa, _ = two
    with psycopg.connect(team.admin, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            conn.execute("UPDATE parley.events SET payload = '{}'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            conn.execute("DELETE FROM parley.events WHERE session_id = %s", (sa,))


def test_init_team_is_idempotent_and_members_cannot_migrate(team: Team) -> None:
    again = init_team(team.admin)
    assert again.migrations_applied == () and again.roles_created == ()
    add_member(team.admin, team.a, "new-password")
    team.passwords[team.a] = "new-password"
    with team.store(team.a) as a:
        assert a.list_sessions() == []
    with psycopg.connect(team.cluster.admin_dsn(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{team.database}_empty"')
    try:
        empty = team.cluster.dsn(team.a, "new-password", f"{team.database}_empty")
        with (
            PostgresEventStore(empty, timeout=10) as store,
            pytest.raises(EventStoreError, match="init_team"),
        ):
            store.list_sessions()
        with PostgresEventStore(empty, timeout=10) as store:
            with pytest.raises(TeamStoreError) as caught:
                store.pull(0, exclude_device="d")
            assert caught.value.kind == "schema"
    finally:
        with psycopg.connect(team.cluster.admin_dsn(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{team.database}_empty" WITH (FORCE)')


def test_failures_never_show_the_password(team: Team) -> None:
    wrong = team.cluster.dsn(team.a, "not-the-Secret-9", team.database)
    with PostgresEventStore(wrong, timeout=2) as store:
        with pytest.raises(EventStoreError) as event_error:
            store.list_sessions()
        with pytest.raises(TeamStoreError) as team_error:
            store.pushed_up_to("d")
    for message in (str(event_error.value), str(team_error.value)):
        assert "not-the-Secret-9" not in message and team.a in message
    assert team_error.value.kind == "refused"  # the server answered: a wrong password
    closed = "host=127.0.0.1 port=9 user=u password=hush-Secret-7 dbname=x connect_timeout=1"
    with PostgresEventStore(closed, timeout=1) as store:
        with pytest.raises(TeamStoreError) as down:
            store.pull(0, exclude_device="d")
        with pytest.raises(EventStoreError) as down_event:
            store.get_session("s")
    assert down.value.kind == "unreachable"
    assert "hush-Secret-7" not in str(down.value) + str(down_event.value)
    assert "u@127.0.0.1:9/x" in str(down.value)
    with pytest.raises(TeamAdminError) as admin_error:
        init_team(closed)
    assert "hush-Secret-7" not in str(admin_error.value)


# -- the team-store port ---------------------------------------------------------------------------


def outgoing(seq: int, session: str = "shared-1", text: str = "hi", **kw: object) -> OutgoingEvent:
    return OutgoingEvent(
        origin_device=str(kw.pop("device", "laptop")),
        origin_seq=seq,
        session_id=session,
        turn_id=str(kw.pop("turn", "t1")),
        ts=str(kw.pop("ts", f"2026-01-01T00:00:0{seq % 10}.000000Z")),
        actor="user",
        event=UserMessage(text=text),
        title=str(kw.pop("title", "Shared")),
    )


def test_push_is_idempotent_and_refuses_other_content(team: Team) -> None:
    with team.store(team.a, device="server-a") as a:
        ids = a.push([outgoing(1), outgoing(2, text="second")])
        assert len(ids) == 2 and ids[0] < ids[1]
        assert a.push([outgoing(1), outgoing(2, text="second")]) == ids  # nothing new
        assert len(a.events("shared-1")) == 2
        with pytest.raises(TeamStoreError) as refused:
            a.push([outgoing(3, text="third"), outgoing(2, text="CHANGED")])
        assert refused.value.kind == "refused"
        assert len(a.events("shared-1")) == 2  # the whole push was rolled back
        assert a.pushed_up_to("laptop") == 2 and a.pushed_up_to("phone") == 0
        a.push([outgoing(3, text="third", title="Renamed")])
        assert a.get_session("shared-1").title == "Renamed"
        assert a.verify_chain("shared-1").ok
        stored = a.events("shared-1")
        assert stored[0].ts == "2026-01-01T00:00:01.000000Z"
    with team.store(team.b) as b:
        with pytest.raises(TeamStoreError) as foreign:
            b.push([outgoing(1, device="b-phone", text="into A's")])
        assert foreign.value.kind == "refused"
        assert b.pull(0, exclude_device="b-phone") == []  # A's events are not B's to see


def test_pull_excludes_a_device_and_carries_the_servers_chain(team: Team) -> None:
    with team.store(team.a) as a:
        a.push([outgoing(1), outgoing(2, text="from the laptop")])
        a.push([outgoing(1, device="desktop", text="from the desktop", ts="2025-12-31T00:00:00Z")])
        local = a.create_session("direct")
        a.append(local.id, "t", AssistantText(text="typed on the server", model="m"))
        pulled = a.pull(0, exclude_device="laptop")
        assert [p.event for p in pulled] == [
            UserMessage(text="from the desktop"),
            AssistantText(text="typed on the server", model="m"),
        ]
        everything = a.pull(0, exclude_device="none")
        assert [p.server_id for p in everything] == sorted(p.server_id for p in everything)
        assert a.pull(everything[1].server_id, exclude_device="none") == everything[2:]
        assert len(a.pull(0, exclude_device="none", limit=2)) == 2
        chained = [p for p in everything if p.session_id == "shared-1"]
        prev = GENESIS
        for p in chained:
            assert p.prev_hash == prev and p.member == team.a
            assert p.hash == event_hash(
                p.prev_hash, p.session_id, p.turn_id, p.ts, "user_message", p.actor,
                p.work_item, p.payload_json,
            )  # fmt: skip
            prev = p.hash
        assert (chained[0].origin_device, chained[0].origin_seq) == ("laptop", 1)
        assert a.chain_head("shared-1", chained[0].server_id) == ""
        assert a.chain_head("shared-1", chained[1].server_id) == chained[0].hash
        assert a.chain_head("shared-1", 10**9) == chained[-1].hash
        assert a.chain_head("unknown", 10**9) == ""
    with team.store(team.o) as o:
        assert len(o.pull(0, exclude_device="x")) == len(everything)


def test_connections_the_server_dropped_are_replaced(two: tuple[Team, str, str]) -> None:
    team, sa, _ = two
    with team.store(team.a) as a:
        assert len(a.events(sa)) == 2
        with psycopg.connect(team.admin, autocommit=True) as conn:
            killed = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = %s",
                (team.a,),
            ).fetchone()
            assert killed is not None and killed[0] >= 1
            # pg_terminate_backend only signals: wait until those backends are really gone
            # (a check made before that would pass and the query after it fail).
            for _ in range(500):
                row = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE usename = %s", (team.a,)
                ).fetchone()
                if row == (0,):
                    break
                time.sleep(0.01)
            assert row == (0,)
        assert len(a.events(sa)) == 2  # a fresh connection, not an "unreachable" error
        assert a.pushed_up_to("laptop") == 0

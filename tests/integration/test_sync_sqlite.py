"""Two (or three) desktops, each a real SQLite store, syncing through one team store (issue 19).

The team store is the faithful fake of ``tests/support/team_store`` (the PostgreSQL adapter is
tested on its own); faults are injected in it, and one desktop is killed with ``kill -9`` while
it pushes and pulls, in a subprocess. What must hold whatever happens: every event on every
store exactly once, per device in its own order, every local chain valid, branches as siblings.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.conversations.compaction import applicable_record
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import Compaction, ContextChecked, TurnFinished
from tests.support.team_store import Desktop, FakeTeamStore, FaultPlan

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def closing() -> Iterator[list[Desktop]]:
    opened: list[Desktop] = []
    yield opened
    for d in opened:
        d.close()


def open_desktop(
    tmp_path: Path, name: str, team: FakeTeamStore, closing: list[Desktop], batch: int = 50
) -> Desktop:
    d = Desktop(tmp_path / f"{name}.db", team, batch=batch)
    closing.append(d)
    return d


def assert_consistent(desktops: list[Desktop], team: FakeTeamStore, written: int) -> None:
    """Every desktop holds every event once, in each device's order, with a valid chain."""
    reference = desktops[0].contents()
    assert len(reference) == written
    assert len(team.records()) == written
    for d in desktops:
        assert d.contents() == reference
        origins = d.ledger.origins("team")
        for session in d.store.list_sessions():
            assert d.store.verify_chain(session.id).ok
            last: dict[str, int] = {}
            for e in d.store.events(session.id):
                device, seq = origins[e.id]
                assert seq > last.get(device, 0), "events of one device reordered"
                last[device] = seq
    trees = [
        {s.id: BranchTree(d.store.events(s.id)).parent for s in d.store.list_sessions()}
        for d in desktops
    ]
    assert all(t == trees[0] for t in trees)


@pytest.mark.parametrize("a_first", [True, False])
def test_two_desktops_continuing_apart_end_with_sibling_branches(
    tmp_path: Path, closing: list[Desktop], a_first: bool
) -> None:
    team = FakeTeamStore()
    a, b = (open_desktop(tmp_path, n, team, closing) for n in ("a", "b"))
    t1 = a.turn("s1", "shared start", title="Plan")
    a.turn("other", "unrelated")
    assert a.sync().pushed == 8
    assert b.sync().pulled == 8
    assert [e.turn_id for e in b.store.events("s1")][:1] == [t1]
    # Both continue from the same turn while offline.
    ta = a.turn("s1", "A's idea", follows=t1)
    tb = b.turn("s1", "B's idea", follows=t1)
    first, second = (a, b) if a_first else (b, a)
    assert first.sync().ok and second.sync().ok and first.sync().ok
    for d in (a, b):
        tree = BranchTree(d.store.events("s1"))
        assert set(tree.siblings(ta)) == {ta, tb}
        assert tree.parent[ta] == tree.parent[tb] == t1
        assert d.store.get_session("s1").title == "Plan"
    assert_consistent([a, b], team, written=16)


def test_a_compaction_recorded_on_one_desktop_renders_on_the_other_for_the_same_turns(
    tmp_path: Path, closing: list[Desktop]
) -> None:
    team = FakeTeamStore()
    a, b = (open_desktop(tmp_path, n, team, closing) for n in ("a", "b"))
    turns = [a.turn("s1", "one")]
    assert a.sync().ok and b.sync().ok
    # B adds turns (A pulls them), so the compaction on A names events of both devices.
    turns.append(b.turn("s1", "two", follows=turns[-1]))
    turns.append(b.turn("s1", "three", follows=turns[-1]))
    b.turn("elsewhere", "interleaved")
    assert b.sync().ok and a.sync().ok
    turns.append(a.turn("s1", "four", follows=turns[-1], finish=False))
    on_a = a.store.events("s1")
    replaced = [e.id for e in on_a if e.turn_id in turns[:2]]
    compaction = a.store.append(
        "s1",
        turns[-1],
        Compaction(summary="one and two", model="m", replaces=(replaced[0], replaced[-1])),
    )
    a.store.append(
        "s1", turns[-1], ContextChecked(window=8000, prompt_tokens=99, compaction_id=compaction.id)
    )
    a.store.append("s1", turns[-1], TurnFinished(status="completed"))
    assert a.sync().ok and b.sync().ok

    def rendered(d: Desktop) -> tuple[set[str], str, str]:
        events = d.store.events("s1")
        tree = BranchTree(events)
        path = events_on_path(events, tree.path_to(turns[-1]))
        found = applicable_record(events, path)
        assert found is not None
        record, dropped = found
        checked = next(e for e in events if isinstance(e.event, ContextChecked))
        assert isinstance(checked.event, ContextChecked)
        assert checked.event.compaction_id == record.id
        by_id = {e.id: e for e in events}
        assert isinstance(record.event, Compaction)
        return {by_id[i].turn_id for i in dropped}, str(len(dropped)), record.event.summary

    assert rendered(a) == rendered(b)
    assert rendered(b)[0] == set(turns[:2])
    assert_consistent([a, b], team, written=21)


def test_a_pulled_event_older_than_the_last_local_one_keeps_its_time(
    tmp_path: Path, closing: list[Desktop]
) -> None:
    team = FakeTeamStore()
    a, b = (open_desktop(tmp_path, n, team, closing) for n in ("a", "b"))
    t1 = a.turn("s1", "start")
    assert a.sync().ok and b.sync().ok
    older = a.turn("s1", "written first, on A", follows=t1)
    b.turn("s1", "written later, on B", follows=t1)
    before = b.store.get_session("s1").updated_at
    assert a.sync().ok and b.sync().ok
    pulled = [e for e in b.store.events("s1") if e.turn_id == older]
    assert [e.ts for e in pulled] == [e.ts for e in a.store.events("s1") if e.turn_id == older]
    assert pulled[0].ts < before  # older than B's last event, kept as it was said
    assert b.store.get_session("s1").updated_at == before  # never moves back
    assert b.store.verify_chain("s1").ok


def test_a_turn_still_running_on_another_device_is_not_closed_by_recovery(
    tmp_path: Path, closing: list[Desktop]
) -> None:
    team = FakeTeamStore()
    a, b = (open_desktop(tmp_path, n, team, closing) for n in ("a", "b"))
    running = a.turn("s1", "long question", finish=False)
    assert a.sync().ok and b.sync().ok
    b.close()
    closing.remove(b)
    b = open_desktop(tmp_path, "b", team, closing)
    assert b.store.recover_interrupted() == []
    a.store.append("s1", running, TurnFinished(status="completed"))
    assert a.sync().ok and b.sync().pulled == 1
    assert [e.event.status for e in b.store.events("s1") if isinstance(e.event, TurnFinished)] == [
        "completed"
    ]
    assert b.sync().pushed == 0


def test_a_tampered_server_event_quarantines_one_conversation_and_the_rest_syncs(
    tmp_path: Path, closing: list[Desktop]
) -> None:
    team = FakeTeamStore()
    a, b = (open_desktop(tmp_path, n, team, closing) for n in ("a", "b"))
    a.turn("s1", "one")
    a.turn("s2", "two")
    assert a.sync().ok
    victim = next(
        r for r in team.records() if r.session_id == "s1" and r.type_name == "assistant_text"
    )
    team.tamper(victim.server_id, ts="2020-01-01T00:00:00.000000Z")
    report = b.sync()
    assert [s for s, _ in report.quarantined] == ["s1"]
    assert "server event" in report.quarantined[0][1] and "s1" in report.quarantined[0][1]
    assert not b.store.session_exists("s1")
    assert len(b.store.events("s2")) == 4 and b.store.verify_chain("s2").ok
    b.close()
    closing.remove(b)
    b = open_desktop(tmp_path, "b", team, closing)
    assert set(b.ledger.quarantined("team")) == {"s1"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_faults_over_many_rounds_lose_and_duplicate_nothing(
    tmp_path: Path, closing: list[Desktop], seed: int
) -> None:
    rng = random.Random(seed)
    team = FakeTeamStore(faults=FaultPlan(rate=0.3, seed=seed))
    desktops = [
        open_desktop(tmp_path, f"d{n}", team, closing, batch=rng.choice([1, 3, 7]))
        for n in range(3)
    ]
    written = 0
    for _round in range(60):
        d = rng.choice(desktops)
        sessions = [s.id for s in d.store.list_sessions()]
        if not sessions or rng.random() < 0.2:
            d.turn(f"s{rng.randrange(1_000_000)}", "new")
        else:
            sid = rng.choice(sessions)
            turns = list(BranchTree(d.store.events(sid)).order)
            d.turn(sid, "more", follows=rng.choice(turns) if turns else "")
        written += 4
        for other in rng.sample(desktops, rng.randint(0, 3)):
            report = other.sync()
            assert report.error_kind in ("", "unreachable"), report
            assert not report.quarantined
    team.faults = FaultPlan()
    for _ in range(2):
        for d in desktops:
            assert d.sync().ok
    assert_consistent(desktops, team, written)


_SYNC_LOOP = """
import os, signal, sys
from pathlib import Path
from tests.support.team_store import Desktop, FakeTeamStore
team = FakeTeamStore(path=Path(sys.argv[1]))
desktop = Desktop(Path(sys.argv[2]), team, batch=int(sys.argv[3]))
where, _, nth = sys.argv[4].partition(":")
calls = {"push": 0, "pulled": 0, "insert": 0}

def die_after(name, fn):
    def wrapped(*args, **kwargs):
        result = fn(*args, **kwargs)  # committed (on the server, or in the local store)
        calls[name] += 1
        if where == name and calls[name] == int(nth):
            os.kill(os.getpid(), signal.SIGKILL)  # before the caller learns of it
        return result
    return wrapped

team.push = die_after("push", team.push)
desktop.ledger.append_pulled_many = die_after("pulled", desktop.ledger.append_pulled_many)
# ``insert:N``: killed when the next write transaction opens after the Nth pulled event's row
# was inserted: an append_pulled that committed its event apart from its map row dies between.
armed = []
insert, write = desktop.store._insert, desktop.store._write

def counted_insert(*args, **kwargs):
    calls["insert"] += 1
    if where == "insert" and calls["insert"] == int(nth):
        armed.append(True)
    return insert(*args, **kwargs)

def guarded_write():
    if armed:
        os.kill(os.getpid(), signal.SIGKILL)
    return write()

desktop.store._insert = counted_insert
desktop.store._write = guarded_write
print("ready", flush=True)
while True:
    report = desktop.sync()
    assert report.ok, report
    if report.pushed == 0 and report.pulled == 0:
        break
desktop.close()
print("done", flush=True)
"""


def _run_sync(
    team_file: Path, db: Path, batch: int, kill_after: float | None, kill_at: str = "none"
) -> bool:
    """Sync ``db`` in a subprocess, which kills itself with SIGKILL at ``kill_at``:
    ``push:N`` right after the server committed its Nth push, before the reply is used;
    ``pulled:N`` right after its Nth pulled batch committed, before the engine goes on;
    ``insert:N`` at the next write after its Nth pulled event's row was inserted. Or it is
    killed ``kill_after`` seconds after it is ready (None: let it run). True if it finished."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", _SYNC_LOOP, str(team_file), str(db), str(batch), kill_at],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    try:
        proc.wait(timeout=120 if kill_after is None else kill_after)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        return False
    return proc.returncode == 0


def test_kill_9_mid_push_and_mid_pull_then_resume_loses_and_doubles_nothing(
    tmp_path: Path, closing: list[Desktop]
) -> None:
    rng = random.Random(19)
    team_file = tmp_path / "team.json"
    team = FakeTeamStore(path=team_file)
    a = open_desktop(tmp_path, "a", team, closing)
    b = open_desktop(tmp_path, "b", team, closing)
    shared = a.turn("s0", "start")
    assert a.sync().ok and b.sync().ok
    written = 4
    for d in (a, b):
        d.close()
        closing.remove(d)
    plans = (
        [f"push:{n}" for n in (1, 2, 3)]
        + [f"pulled:{n}" for n in (1, 2, 5)]
        + ["insert:1", "insert:4"]
        + ["none"] * 6
    )
    rng.shuffle(plans)
    ends = []
    for plan in plans:
        # Both desktops write while the victim is down; the other one syncs (so the victim has
        # something to push *and* to pull), then the victim syncs and is killed.
        victim, other = rng.sample(["a", "b"], 2)
        for name in (victim, other):
            d = Desktop(tmp_path / f"{name}.db", team)
            for n in range(3):
                sid = rng.choice(["s0", f"{name}{n}"])
                d.turn(sid, "words", follows=shared if sid == "s0" else "")
                written += 4
            if name == other:
                assert d.sync_until_done()
            d.close()
        kill_after = None if plan != "none" else rng.uniform(0, 0.3)
        ends.append(
            _run_sync(team_file, tmp_path / f"{victim}.db", rng.choice([1, 2, 5]), kill_after, plan)
        )
    assert ends.count(False) >= 8  # every planned kill happened (random ones may finish first)
    for name in ("a", "b", "a"):
        assert _run_sync(team_file, tmp_path / f"{name}.db", batch=50, kill_after=None)
    a = open_desktop(tmp_path, "a", team, closing)
    b = open_desktop(tmp_path, "b", team, closing)
    assert a.ledger.unpushed("team") == [] and b.ledger.unpushed("team") == []
    assert_consistent([a, b], team, written)

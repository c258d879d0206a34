"""The sync engine and worker (issue 19): pushes idempotent and resumable, pulls verified.

Each desktop is a real SQLite store in a temporary folder; the team store is the faithful fake of
``tests/support/team_store`` with faults injected at chosen points.
"""

from __future__ import annotations

import dataclasses
import shutil
import threading
from pathlib import Path

import pytest

from parley.application.ports.team_sync import IncomingEvent, OutgoingEvent, TeamStoreError
from parley.application.sync.engine import SyncEngine, SyncReport
from parley.application.sync.worker import SyncStatus, SyncWorker, next_delay
from parley.domain.transcript.canonical import Compaction, ContextChecked, Fact, UserMessage
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.infrastructure.storage.sync_ledger import SqliteSyncLedger
from tests.support.team_store import Desktop, FakeTeamStore, FaultPlan


@pytest.fixture
def team() -> FakeTeamStore:
    return FakeTeamStore()


def desktop(tmp_path: Path, name: str, team: FakeTeamStore, batch: int = 50) -> Desktop:
    return Desktop(tmp_path / f"{name}.db", team, batch=batch)


# -- push ----------------------------------------------------------------------------------------


def test_a_push_whose_reply_is_lost_is_pushed_again_without_duplicates(tmp_path: Path) -> None:
    team = FakeTeamStore(faults=FaultPlan(push_after={1}))
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "hello")
    first = a.sync()
    assert first.error_kind == "unreachable" and first.pushed == 0
    assert len(team.records()) == 4  # the server committed; the reply was lost
    assert len(a.ledger.unpushed("team")) == 4  # so the desktop does not know
    second = a.sync()
    assert second.ok and second.pushed == 4
    assert len(team.records()) == 4  # the same events, the same server ids
    assert [r.origin_seq for r in team.records()] == [e.id for e in a.store.events("s1")]
    assert a.ledger.unpushed("team") == []


def test_a_push_cut_before_the_server_is_pushed_again(tmp_path: Path) -> None:
    team = FakeTeamStore(faults=FaultPlan(push_before={1, 2}))
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "hello")
    assert a.sync().error_kind == "unreachable"
    assert a.sync().error_kind == "unreachable"
    assert team.records() == []
    assert a.sync().pushed == 4
    assert len(team.records()) == 4


def test_a_batch_is_cut_before_an_event_naming_one_of_the_same_batch(tmp_path: Path) -> None:
    team = FakeTeamStore()
    a = desktop(tmp_path, "a", team, batch=100)
    t1 = a.turn("s1", "one")
    a.turn("s1", "two")
    events = a.store.events("s1")
    compaction = a.store.append(
        "s1", t1, Compaction(summary="sum", model="m", replaces=(events[0].id, events[3].id))
    )
    a.store.append(
        "s1", t1, ContextChecked(window=1000, prompt_tokens=10, compaction_id=compaction.id)
    )
    report = a.sync()
    assert report.ok and report.pushed == 10
    assert team.pushes_applied == 3  # 8 events | the compaction | the context check
    records = team.records()
    by_seq = {r.origin_seq: r.server_id for r in records}
    server_compaction = next(r for r in records if r.type_name == "compaction")
    assert f'"replaces":[{by_seq[events[0].id]},{by_seq[events[3].id]}]' in (
        server_compaction.payload_json
    )
    checked = next(r for r in records if r.type_name == "context_checked")
    assert f'"compaction_id":{server_compaction.server_id}' in checked.payload_json


def test_a_cancelled_run_stops_at_a_batch_boundary(tmp_path: Path, team: FakeTeamStore) -> None:
    a = desktop(tmp_path, "a", team, batch=2)
    a.turn("s1", "hello")
    cancel = threading.Event()
    cancel.set()
    report = a.sync(cancel)
    assert report.cancelled and report.ok and report.pushed == 0
    assert team.records() == []


def test_a_restored_backup_reusing_ids_is_refused_not_merged(
    tmp_path: Path, team: FakeTeamStore
) -> None:
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "before the backup")
    a.store.close()
    shutil.copy(tmp_path / "a.db", tmp_path / "backup.db")
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "after the backup")
    assert a.sync().ok
    a.close()
    restored = desktop(tmp_path, "backup", team)
    restored.turn("s1", "something else")  # the same local ids as "after the backup"
    report = restored.sync()
    assert report.error_kind == "refused"
    assert "other content" in report.error
    assert len(team.records()) == 8


def test_the_port_push_is_idempotent_and_refuses_other_content(team: FakeTeamStore) -> None:
    out = OutgoingEvent("dev", 1, "s", "t", "2026-01-01T00:00:00.000000Z", "", Fact(text="x"))
    assert team.push([out]) == team.push([out]) == (1,)
    with pytest.raises(TeamStoreError) as caught:
        team.push([OutgoingEvent("dev", 1, "s", "t", out.ts, "", Fact(text="y"))])
    assert caught.value.kind == "refused"


# -- pull ----------------------------------------------------------------------------------------


def test_pulled_events_are_never_pushed_back(tmp_path: Path, team: FakeTeamStore) -> None:
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    a.turn("s1", "hello", title="Greeting")
    assert a.sync().pushed == 4
    report = b.sync()
    assert report.pulled == 4 and report.pushed == 0
    assert b.ledger.unpushed("team") == []
    assert b.store.get_session("s1").title == "Greeting"
    assert len(team.records()) == 4
    assert b.sync() == SyncReport()


def test_a_pull_cut_midway_resumes_without_duplicates(tmp_path: Path) -> None:
    team = FakeTeamStore(faults=FaultPlan(pull_before={3}))  # #1 is A's
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team, batch=3)
    for n in range(3):
        a.turn(f"s{n}", "hello")
    assert a.sync().ok
    first = b.sync()
    assert first.error_kind == "unreachable" and first.pulled == 3
    assert b.ledger.position("team").pulled_up_to == 3
    assert b.sync().pulled == 9
    assert b.contents() == a.contents()


class OneByOneLedger(SqliteSyncLedger):
    """The port's ledger only: no ``append_pulled_many`` (the engine appends one at a time)."""

    append_pulled_many = None  # type: ignore[assignment]


@pytest.mark.parametrize("one_by_one", [False, True])
def test_pulled_references_name_the_same_events_here(
    tmp_path: Path, team: FakeTeamStore, one_by_one: bool
) -> None:
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    if one_by_one:
        b.ledger = OneByOneLedger(b.store)
        b.engine = SyncEngine(b.ledger, team, "team", batch=50)
    b.turn("noise", "ids apart")  # B's ids differ from A's
    assert b.sync().ok
    t1 = a.turn("s1", "one")
    a.turn("s1", "two", follows=t1)
    events = a.store.events("s1")
    compaction = a.store.append(
        "s1", t1, Compaction(summary="s", model="m", replaces=(events[0].id, events[5].id))
    )
    a.store.append("s1", t1, ContextChecked(window=9, prompt_tokens=1, compaction_id=compaction.id))
    assert a.sync().ok
    report = b.sync()
    assert report.ok and report.pulled == 10
    here = b.store.events("s1")
    assert [e.id for e in here] != [e.id for e in events]  # other ids here ...
    pulled = next(e.event for e in here if isinstance(e.event, Compaction))
    assert pulled.replaces == (here[0].id, here[5].id)  # ... naming the same events
    checked = next(e.event for e in here if isinstance(e.event, ContextChecked))
    assert checked.compaction_id == here[8].id
    assert b.store.verify_chain("s1").ok


def test_a_tampered_event_quarantines_its_conversation_only(
    tmp_path: Path, team: FakeTeamStore
) -> None:
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    a.turn("bad", "secret plan")
    a.turn("good", "fine")
    assert a.sync().ok
    target = next(
        r for r in team.records() if r.type_name == "user_message" and r.session_id == "bad"
    )
    team.tamper(target.server_id, payload_json='{"text":"forged plan"}')
    report = b.sync()
    assert report.ok
    assert [sid for sid, _ in report.quarantined] == ["bad"]
    assert "payload changed" in report.quarantined[0][1]
    assert not b.store.session_exists("bad")
    assert len(b.store.events("good")) == 4
    # Nothing more of it is accepted later, and the quarantine is remembered.
    a.turn("bad", "more")
    assert a.sync().ok
    assert b.sync().pulled == 0
    assert not b.store.session_exists("bad")
    assert set(b.ledger.quarantined("team")) == {"bad"}


def test_a_removed_server_event_breaks_the_link(tmp_path: Path, team: FakeTeamStore) -> None:
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    a.turn("s1", "one")
    assert a.sync().ok
    team.tamper(team.records()[1].server_id, drop=True)
    report = b.sync()
    assert [sid for sid, _ in report.quarantined] == ["s1"]
    assert "link broken" in report.quarantined[0][1]


def test_an_event_that_differs_from_its_hashed_text_is_refused(tmp_path: Path) -> None:
    class Lying(FakeTeamStore):
        def pull(
            self, after_server_id: int, *, exclude_device: str, limit: int = 500
        ) -> list[IncomingEvent]:
            return [
                dataclasses.replace(e, event=UserMessage(text="not what was hashed"))
                if e.server_id == 2
                else e
                for e in super().pull(after_server_id, exclude_device=exclude_device, limit=limit)
            ]

    team = Lying()
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    a.turn("s1", "one")
    assert a.sync().ok
    report = b.sync()
    assert "differs from the payload text" in report.quarantined[0][1]
    assert not b.store.session_exists("s1")


# -- the worker ----------------------------------------------------------------------------------


def test_backoff_doubles_while_unreachable_and_stops_on_refused() -> None:
    kw = {"interval": 30.0, "backoff_start": 2.0, "backoff_max": 60.0}
    offline = SyncReport(error_kind="unreachable", error="x")
    assert [next_delay(offline, n, **kw) for n in (1, 2, 3, 4, 5, 6, 7)] == [
        2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0
    ]  # fmt: skip
    assert next_delay(SyncReport(), 0, **kw) == 30.0
    assert next_delay(SyncReport(error_kind="refused"), 1, **kw) is None
    assert next_delay(SyncReport(error_kind="schema"), 1, **kw) is None


def test_worker_status_follows_the_runs(tmp_path: Path) -> None:
    team = FakeTeamStore(faults=FaultPlan(push_before={1, 2}))
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "hello")
    seen: list[SyncStatus] = []
    worker = SyncWorker(a.engine, on_status=seen.append, backoff_start=1.0, interval=30.0)
    assert worker.step() == 1.0
    assert worker.status.state == "offline" and "before push" in worker.status.last_error
    assert worker.step() == 2.0
    assert worker.step() == 30.0
    status = worker.status
    assert status.state == "idle" and status.last_error == "" and status.pushed == 4
    assert status.last_success
    assert [s.state for s in seen] == ["syncing", "offline"] * 2 + ["syncing", "idle"]


def test_worker_thread_runs_on_demand_halts_on_refused_and_stops(tmp_path: Path) -> None:
    team = FakeTeamStore()
    a = desktop(tmp_path, "a", team)
    a.turn("s1", "hello")
    runs = threading.Semaphore(0)

    def on_status(status: SyncStatus) -> None:
        if status.state != "syncing":
            runs.release()

    worker = SyncWorker(a.engine, on_status=on_status, interval=3600.0)
    worker.start()
    try:
        assert runs.acquire(timeout=30)
        assert worker.status.pushed == 4 and worker.status.state == "idle"
        # A refused push halts the loop: sync_now does nothing until resume.
        team.faults = FaultPlan()

        def refuse(_events: object) -> tuple[int, ...]:
            raise TeamStoreError("row-level security refused the insert", "refused")

        team.push = refuse  # type: ignore[method-assign,assignment]
        a.turn("s1", "again")
        worker.sync_now()
        assert runs.acquire(timeout=30)
        assert worker.status.state == "error" and worker.status.last_error_kind == "refused"
        assert worker.halted and worker.status.next_attempt_in is None
        del team.push  # the administrator fixed the grants
        worker.resume()
        assert runs.acquire(timeout=30)
        assert worker.status.state == "idle" and worker.status.pushed == 8
    finally:
        assert worker.stop()
    assert worker.status.state == "stopped"


def test_the_ledger_keeps_its_device_id_and_position_across_reopening(
    tmp_path: Path, team: FakeTeamStore
) -> None:
    a, b = desktop(tmp_path, "a", team), desktop(tmp_path, "b", team)
    assert a.ledger.device_id != b.ledger.device_id
    a.turn("s1", "hello")
    assert a.sync().ok and b.sync().ok
    device, position = b.ledger.device_id, b.ledger.position("team")
    b.close()
    store = SqliteEventStore(tmp_path / "b.db")
    ledger = SqliteSyncLedger(store)
    assert ledger.device_id == device and ledger.position("team") == position
    assert position.pulled_up_to == 4
    report = SyncEngine(ledger, team, "team").run_once()
    assert report == SyncReport()
    store.close()

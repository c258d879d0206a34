"""The schedule store on real SQLite: the claim is the run lock (once per occurrence, across
processes), anchors ignore manual runs, runs left by a dead process are closed as interrupted,
and a database from a newer Parley is refused untouched."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from parley.application.schedules.ports import ScheduleStoreError, UnknownTask
from parley.domain.schedules.model import RunRecord, ScheduledTask, ScheduleError
from parley.infrastructure.schedules.sqlite_store import SqliteScheduleStore

T0 = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)
REPO = Path(__file__).resolve().parents[2]


def _task(task_id: str = "t1", name: str = "Morning") -> ScheduledTask:
    return ScheduledTask(id=task_id, name=name, cron="0 8 * * *", prompt="Hi", created_at=T0)


def test_a_claim_is_taken_once_and_anchors_skip_manual_runs(tmp_path: Path) -> None:
    store = SqliteScheduleStore.in_folder(tmp_path)
    store.add_task(_task())
    other = SqliteScheduleStore.in_folder(tmp_path)  # another process's view of the same file

    assert store.claim(RunRecord("t1", T0)) is True
    assert other.claim(RunRecord("t1", T0)) is False
    assert store.claim(RunRecord("t1", T0 + timedelta(days=2), kind="manual")) is True
    assert other.anchors() == {"t1": T0}  # a manual run is not an occurrence of the schedule

    ended = T0 + timedelta(seconds=3)
    store.finish(
        RunRecord("t1", T0, status="completed", session_id="s1", cost="0.01 USD",
                  files=("a.md",), refused=2, ended_at=ended)
    )  # fmt: skip
    (run,) = other.runs("t1", limit=None)[1:]
    assert (run.status, run.session_id, run.cost, run.files, run.refused) == (
        "completed", "s1", "0.01 USD", ("a.md",), 2
    )  # fmt: skip
    assert [r.scheduled_at for r in other.finished_since(T0)] == [T0]


def test_tasks_are_unique_by_name_and_updates_need_the_task(tmp_path: Path) -> None:
    store = SqliteScheduleStore.in_folder(tmp_path)
    store.add_task(_task())
    with pytest.raises(ScheduleError, match="already named 'Morning'"):
        store.add_task(_task("t2", "morning"))
    with pytest.raises(UnknownTask):
        store.update_task(_task("nope"))
    with pytest.raises(UnknownTask):
        store.remove_task("nope")
    store.remove_task("t1")
    assert store.tasks() == ()


def test_a_run_left_running_by_a_dead_process_is_closed_as_interrupted(tmp_path: Path) -> None:
    store = SqliteScheduleStore.in_folder(tmp_path)
    store.add_task(_task())
    claim = textwrap.dedent(
        f"""
        from datetime import datetime
        from pathlib import Path
        from parley.domain.schedules.model import RunRecord
        from parley.infrastructure.schedules.sqlite_store import SqliteScheduleStore
        store = SqliteScheduleStore.in_folder(Path({str(tmp_path)!r}))
        assert store.claim(RunRecord("t1", datetime.fromisoformat({T0.isoformat()!r})))
        """
    )
    subprocess.run([sys.executable, "-c", claim], check=True, cwd=REPO, timeout=60)
    store.claim(RunRecord("t1", T0 + timedelta(days=1)))  # this live process's own run

    assert store.recover_abandoned() == 1
    by_time = {r.scheduled_at: r for r in store.runs("t1")}
    assert by_time[T0].status == "interrupted"
    assert by_time[T0 + timedelta(days=1)].status == "running"
    assert store.recover_abandoned() == 0


def test_a_store_from_a_newer_parley_is_refused_untouched(tmp_path: Path) -> None:
    SqliteScheduleStore.in_folder(tmp_path).add_task(_task())
    path = tmp_path / "schedules.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO _migrations VALUES ('m099_from_the_future', 'x')")
    before = path.read_bytes()
    newer = SqliteScheduleStore.in_folder(tmp_path)  # opened at its first use
    with pytest.raises(ScheduleStoreError, match="newer Parley"):
        newer.tasks()
    assert path.read_bytes() == before


def test_looking_at_a_profile_that_never_scheduled_anything_creates_nothing(
    tmp_path: Path,
) -> None:
    """The window looks every minute in every profile: a profile with no schedule store keeps
    none (reads find nothing); the first task creates it."""
    from parley.application.schedules.service import due_now
    from parley.infrastructure.schedules.cron import CroniterSchedule

    path = tmp_path / "data" / "schedules.sqlite3"
    store = SqliteScheduleStore(path)
    since = datetime(2026, 1, 1, tzinfo=UTC)
    assert store.tasks() == () and store.anchors() == {} and store.runs() == ()
    assert store.finished_since(since) == () and store.paused() is False
    assert store.recover_abandoned() == 0
    assert due_now(store, CroniterSchedule(UTC), datetime.now(UTC)) == ()
    with pytest.raises(UnknownTask):
        store.task("t1")
    assert not path.exists() and not path.parent.exists()
    store.add_task(_task())
    assert path.exists() and [t.id for t in store.tasks()] == ["t1"]

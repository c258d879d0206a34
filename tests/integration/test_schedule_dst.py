"""Scheduled tasks across daylight saving time changes, in the system's own time zone (issue 20).

Tasks are read in local time with the system's rules (``CroniterSchedule()`` with no zone, as
``parley schedule`` and the window use it). These tests set ``TZ`` for the process (``tzset``)
to zones with real changes and check what people know from cron:

- spring forward: a time in the hour that does not exist runs once, at the change (02:30 in
  Berlin on 29 March 2026 runs at 03:00 CEST); occurrences never go back in time;
- fall back: a task at a fixed hour runs once, at the first 02:30, not again an hour later; a
  task on every hour (``*`` or ``*/N`` in the hour field) runs in both passes, as it would
  on any other night;
- a daily task keeps its wall-clock time on both sides of the change.

The expectations are written from the calendar (the dates and offsets of the changes), not from
what the code returned. Before this file, the system-zone path counted naive local times and,
on the spring change, returned 01:30, 01:00, 01:30 for ``*/30``: a run twice and time going back.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from parley.domain.schedules.due import due_tasks
from parley.domain.schedules.model import ScheduledTask
from parley.infrastructure.schedules.cron import CroniterSchedule


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[ZoneInfo]:
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        yield ZoneInfo("Europe/Berlin")
    finally:
        monkeypatch.undo()
        time.tzset()


def shown(times: object, zone: ZoneInfo) -> list[str]:
    return [t.astimezone(zone).strftime("%m-%d %H:%M%z") for t in times]  # type: ignore[attr-defined]


def test_spring_forward_runs_a_missing_time_once_at_the_change(berlin: ZoneInfo) -> None:
    cron = CroniterSchedule()
    after = datetime(2026, 3, 27, 12, tzinfo=UTC)
    assert shown(cron.next_after("30 2 * * *", after, 3), berlin) == [
        "03-28 02:30+0100",
        "03-29 03:00+0200",
        "03-30 02:30+0200",
    ]
    half_hours = cron.next_after("*/30 * * * *", datetime(2026, 3, 29, 0, 0, tzinfo=UTC), 4)
    assert shown(half_hours, berlin) == [
        "03-29 01:30+0100",
        "03-29 03:00+0200",
        "03-29 03:30+0200",
        "03-29 04:00+0200",
    ]
    assert list(half_hours) == sorted(set(half_hours))  # never back in time, never twice


def test_fall_back_runs_a_fixed_hour_once_and_every_hour_in_both_passes(berlin: ZoneInfo) -> None:
    cron = CroniterSchedule()
    after = datetime(2026, 10, 23, 12, tzinfo=UTC)
    assert shown(cron.next_after("30 2 * * *", after, 3), berlin) == [
        "10-24 02:30+0200",
        "10-25 02:30+0200",
        "10-26 02:30+0100",
    ]
    hourly = cron.next_after("*/30 * * * *", datetime(2026, 10, 25, 0, 0, tzinfo=UTC), 4)
    assert shown(hourly, berlin) == [
        "10-25 02:30+0200",
        "10-25 02:00+0100",
        "10-25 02:30+0100",
        "10-25 03:00+0100",
    ]
    assert [t - hourly[0] for t in hourly] == [timedelta(minutes=m) for m in (0, 30, 60, 90)]


def test_a_daily_task_keeps_its_wall_clock_time_across_both_changes(berlin: ZoneInfo) -> None:
    cron = CroniterSchedule()
    spring = cron.next_after("0 8 * * *", datetime(2026, 3, 28, 12, tzinfo=UTC), 2)
    autumn = cron.next_after("0 8 * * *", datetime(2026, 10, 24, 12, tzinfo=UTC), 2)
    assert shown(spring, berlin) == ["03-29 08:00+0200", "03-30 08:00+0200"]
    assert shown(autumn, berlin) == ["10-25 08:00+0100", "10-26 08:00+0100"]
    assert spring[0].hour == 6 and autumn[0].hour == 7  # UTC moved; the wall clock did not


def test_the_latest_occurrence_in_the_repeated_hour_is_the_first_pass(berlin: ZoneInfo) -> None:
    cron = CroniterSchedule()
    second_pass = datetime(2026, 10, 25, 1, 40, tzinfo=UTC)  # 02:40 CET, the hour again
    found = cron.latest_at_or_before("30 2 * * *", second_pass)
    assert found is not None and shown([found], berlin) == ["10-25 02:30+0200"]
    at_change = datetime(2026, 3, 29, 1, 0, tzinfo=UTC)  # 03:00 CEST, the spring change
    found = cron.latest_at_or_before("30 2 * * *", at_change)
    assert found is not None and shown([found], berlin) == ["03-29 03:00+0200"]


def test_the_due_check_runs_the_fixed_hour_once_on_the_autumn_night(berlin: ZoneInfo) -> None:
    """Minute by minute through the night of the autumn change, as the timer would wake: the
    task at 02:30 is due exactly once (the anchor is its last run, as the store keeps it)."""
    cron = CroniterSchedule()
    task = ScheduledTask(
        id="t1",
        name="Nightly",
        cron="30 2 * * *",
        prompt="report",
        created_at=datetime(2026, 10, 24, 12, tzinfo=UTC),
    )
    anchors: dict[str, datetime] = {}
    runs: list[datetime] = []
    now = datetime(2026, 10, 24, 22, 0, tzinfo=UTC)  # midnight CEST
    while now < datetime(2026, 10, 25, 4, 0, tzinfo=UTC):
        for due in due_tasks(
            (task,), anchors, now=now, latest_at_or_before=cron.latest_at_or_before
        ):
            runs.append(due.scheduled_at)
            anchors[task.id] = due.scheduled_at
        now += timedelta(minutes=1)
    assert shown(runs, berlin) == ["10-25 02:30+0200"]

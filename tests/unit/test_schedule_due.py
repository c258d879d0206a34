"""When a scheduled task is due (``domain.schedules.due``) with croniter's arithmetic
(``infrastructure.schedules.cron``) and an injected clock: on time, missed and caught up once,
missed and skipped, never before the task existed, never twice for a claimed occurrence."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from parley.application.schedules.ports import CronError
from parley.domain.schedules.due import Due, due_occurrence, due_tasks
from parley.domain.schedules.model import RunRecord, ScheduledTask, ScheduleError
from parley.infrastructure.schedules.cron import CroniterSchedule

CRON = CroniterSchedule(UTC)
WEEKDAYS_8 = "0 8 * * 1-5"
# Friday 4 December 2026
FRI_0800 = datetime(2026, 12, 4, 8, 0, tzinfo=UTC)


def task(
    cron: str = WEEKDAYS_8, *, created: datetime, catch_up: bool = False, **kw
) -> ScheduledTask:
    return ScheduledTask(
        id="t1", name="Morning", cron=cron, prompt="Say hi", created_at=created,
        catch_up=catch_up, **kw,
    )  # fmt: skip


def due(t: ScheduledTask, now: datetime, anchor: datetime | None = None) -> Due | None:
    return due_occurrence(t, anchor=anchor, now=now, latest_at_or_before=CRON.latest_at_or_before)


def test_an_occurrence_is_due_on_time_within_the_grace() -> None:
    t = task(created=FRI_0800 - timedelta(days=1))
    found = due(t, FRI_0800 + timedelta(seconds=20))
    assert found == Due(t, FRI_0800, "scheduled")
    # Exactly at the minute counts too; a minute before, the latest is Thursday's (before the
    # task existed), so nothing is due.
    assert due(t, FRI_0800) == Due(t, FRI_0800, "scheduled")
    assert due(t, FRI_0800 - timedelta(minutes=1)) is None


def test_a_claimed_occurrence_is_not_due_again() -> None:
    t = task(created=FRI_0800 - timedelta(days=1))
    assert due(t, FRI_0800 + timedelta(minutes=1), anchor=FRI_0800) is None


def test_a_task_never_runs_an_occurrence_from_before_it_existed() -> None:
    t = task(created=FRI_0800 + timedelta(seconds=30))
    assert due(t, FRI_0800 + timedelta(minutes=1)) is None
    monday = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)
    assert due(t, monday + timedelta(seconds=5)) == Due(t, monday, "scheduled")


def test_a_missed_run_catches_up_once_when_the_task_says_so() -> None:
    # The machine was off from Thursday evening to Monday 10:00: Friday's 08:00 and Monday's
    # 08:00 were missed; one run, for the latest (Monday's), catches up.
    t = task(created=FRI_0800 - timedelta(days=10), catch_up=True)
    monday_10 = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)
    found = due(t, monday_10, anchor=datetime(2026, 12, 3, 8, 0, tzinfo=UTC))
    assert found == Due(t, datetime(2026, 12, 7, 8, 0, tzinfo=UTC), "catch_up")
    assert found is not None and found.runs
    # Once that one is claimed, nothing more is due that day.
    assert due(t, monday_10 + timedelta(minutes=1), anchor=found.scheduled_at) is None


def test_a_missed_run_is_skipped_when_the_task_does_not_catch_up() -> None:
    t = task(created=FRI_0800 - timedelta(days=10), catch_up=False)
    found = due(t, FRI_0800 + timedelta(hours=2))
    assert found == Due(t, FRI_0800, "skipped")
    assert found is not None and not found.runs


def test_the_grace_decides_between_late_and_missed() -> None:
    t = task(created=FRI_0800 - timedelta(days=1))
    late = FRI_0800 + timedelta(minutes=4)
    assert due(t, late) == Due(t, FRI_0800, "scheduled")
    missed = due_occurrence(
        t, anchor=None, now=late, latest_at_or_before=CRON.latest_at_or_before,
        grace=timedelta(minutes=3),
    )  # fmt: skip
    assert missed == Due(t, FRI_0800, "skipped")


def test_a_disabled_task_is_never_due() -> None:
    t = task(created=FRI_0800 - timedelta(days=1), enabled=False)
    assert due(t, FRI_0800 + timedelta(seconds=10)) is None


def test_due_tasks_uses_each_tasks_own_anchor() -> None:
    a = task(created=FRI_0800 - timedelta(days=1))
    b = ScheduledTask(
        id="t2", name="Quarter", cron="*/15 * * * *", prompt="x",
        created_at=FRI_0800 - timedelta(days=1),
    )  # fmt: skip
    now = FRI_0800 + timedelta(seconds=30)
    found = due_tasks(
        [a, b], {"t1": FRI_0800}, now=now, latest_at_or_before=CRON.latest_at_or_before
    )
    assert found == (Due(b, FRI_0800, "scheduled"),)


def test_cron_expressions_are_checked_with_the_reason() -> None:
    for bad, words in (
        ("61 * * * *", "not a valid cron expression"),
        ("0 8 * * * *", "has 6 fields"),
        ("", "empty"),
        ("every morning", "has 2 fields"),
    ):
        with pytest.raises(CronError, match=words):
            CRON.check(bad)
    CRON.check("@daily")
    CRON.check("  0   8 * *   mon-fri ")


def test_next_times_and_the_latest_one() -> None:
    assert CRON.next_after(WEEKDAYS_8, FRI_0800, 3) == (
        datetime(2026, 12, 7, 8, 0, tzinfo=UTC),
        datetime(2026, 12, 8, 8, 0, tzinfo=UTC),
        datetime(2026, 12, 9, 8, 0, tzinfo=UTC),
    )
    assert CRON.latest_at_or_before(WEEKDAYS_8, FRI_0800 + timedelta(seconds=59)) == FRI_0800
    # Saturday: the latest weekday 08:00 is Friday's.
    assert CRON.latest_at_or_before(WEEKDAYS_8, FRI_0800 + timedelta(days=1)) == FRI_0800
    # 30 February never comes.
    assert CRON.next_after("0 0 30 2 *", FRI_0800) == ()
    assert CRON.latest_at_or_before("0 0 30 2 *", FRI_0800) is None


def test_the_local_time_zone_is_how_cron_is_read() -> None:
    from zoneinfo import ZoneInfo

    paris = CroniterSchedule(ZoneInfo("Europe/Paris"))
    # 08:00 in Paris in December is 07:00 UTC; in July (summer time) 06:00 UTC.
    assert paris.next_after("0 8 * * *", FRI_0800)[0] == datetime(2026, 12, 5, 7, 0, tzinfo=UTC)
    july = datetime(2026, 7, 1, 0, 0, tzinfo=UTC)
    assert paris.next_after("0 8 * * *", july)[0] == datetime(2026, 7, 1, 6, 0, tzinfo=UTC)


def test_tasks_and_runs_refuse_what_cannot_be() -> None:
    with pytest.raises(ScheduleError, match="prompt"):
        ScheduledTask(id="x", name="n", cron="* * * * *", prompt=" ", created_at=FRI_0800)
    with pytest.raises(ScheduleError, match="aware"):
        ScheduledTask(
            id="x", name="n", cron="* * * * *", prompt="p", created_at=datetime(2026, 1, 1)
        )
    with pytest.raises(ScheduleError, match="timeout"):
        task(created=FRI_0800, timeout_s=0)
    with pytest.raises(ScheduleError, match="status"):
        RunRecord("t1", FRI_0800, status="done")

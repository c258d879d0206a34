"""When a task is due: the pure rule both schedulers follow.

Why it exists: the operating system's timer calls ``parley schedule run-due`` about once a
minute and the window checks on its own timer; the machine may have been off, asleep or busy.
Whoever looks, at whatever moment, must reach the same answer: which occurrence of a task, if
any, should run now, and whether it is on time or a missed one. The cron arithmetic is a
library's (``CronSchedule`` in ``application.schedules.ports``); this module gets it as two plain
functions, so it is tested with any clock.

The rule (``due_occurrence``):

- the candidate is the task's *latest* occurrence at or before ``now`` (``latest_at_or_before``);
  older ones are never run — a task missed for a week runs once, not seven times;
- it is due only if it is later than the task's anchor: the occurrence last claimed (run or
  skipped), or the task's creation (a new task never runs an occurrence from before it existed);
- an occurrence at most ``grace`` old is on time (``kind="scheduled"``); an older one was missed:
  it runs once as ``catch_up`` if the task says so, else it is recorded as ``skipped`` (claimed,
  so it is not looked at again, and the log says it was missed).

Claiming is not decided here: the store claims ``(task, scheduled_at)`` once for everybody
(``ScheduleStore.claim``), so two schedulers that both find an occurrence due run it once.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from parley.domain.schedules.model import ScheduledTask

#: How late an occurrence may be found and still count as on time: the OS timer fires every
#: minute (``AccuracySec=1s``) and the window checks every 30 s; a few minutes covers a slow
#: start or a busy machine without turning a real miss (the machine was off) into an on-time run.
DEFAULT_GRACE = timedelta(minutes=5)

#: ``(cron, t) -> the latest occurrence at or before t`` (aware, UTC), or None if none.
LatestAtOrBefore = Callable[[str, datetime], datetime | None]


@dataclass(frozen=True)
class Due:
    """An occurrence to act on: run it (``kind`` scheduled or catch_up) or record it skipped."""

    task: ScheduledTask
    scheduled_at: datetime
    kind: str  # "scheduled", "catch_up", "skipped" (recorded, not run) or "manual" (Run now)

    @property
    def runs(self) -> bool:
        return self.kind != "skipped"


def due_occurrence(
    task: ScheduledTask,
    *,
    anchor: datetime | None,
    now: datetime,
    latest_at_or_before: LatestAtOrBefore,
    grace: timedelta = DEFAULT_GRACE,
) -> Due | None:
    """What to do about ``task`` at ``now`` (see the module docstring); None: nothing.

    ``anchor``: the latest occurrence already claimed for the task (None: none yet, so the
    task's creation time is the anchor)."""
    if not task.enabled:
        return None
    occurrence = latest_at_or_before(task.cron, now)
    if occurrence is None:
        return None
    since = max(anchor, task.created_at) if anchor is not None else task.created_at
    if occurrence <= since:
        return None
    if now - occurrence <= grace:
        return Due(task, occurrence, "scheduled")
    return Due(task, occurrence, "catch_up" if task.catch_up else "skipped")


def due_tasks(
    tasks: list[ScheduledTask] | tuple[ScheduledTask, ...],
    anchors: dict[str, datetime],
    *,
    now: datetime,
    latest_at_or_before: LatestAtOrBefore,
    grace: timedelta = DEFAULT_GRACE,
) -> tuple[Due, ...]:
    """``due_occurrence`` for each task (``anchors`` by task id), in the tasks' order."""
    found = (
        due_occurrence(
            task,
            anchor=anchors.get(task.id),
            now=now,
            latest_at_or_before=latest_at_or_before,
            grace=grace,
        )
        for task in tasks
    )
    return tuple(d for d in found if d is not None)

"""What scheduled tasks need from the outside: cron arithmetic, a store, the OS's scheduler.

Why it exists: the use cases (``application.schedules.service``) decide; a library parses cron
(``CronSchedule``: croniter), SQLite keeps tasks and runs (``ScheduleStore``), and the operating
system wakes ``parley schedule run-due`` (``OsScheduler``: a systemd user timer on Linux). Each
is a port named after the capability, so tests use real adapters or small fakes alike.

Invariants the adapters keep:

- ``CronSchedule`` takes and returns aware datetimes (UTC); the expression is read in the local
  time zone (or the one the adapter was built with), as cron does;
- ``ScheduleStore.claim`` is the run lock: it records ``(task id, scheduled_at)`` at most once,
  whoever asks and from whichever process, and says whether this caller got it; a run's result
  is written to the row it claimed (``finish``);
- ``OsScheduler`` never raises for a system that cannot do it: ``install`` and ``remove`` return
  an ``OsSchedulerReport`` saying what was done and, if not everything, why and what to do.

Errors::

    ScheduleError (domain.schedules.model)   a task or value that cannot be
    ├── CronError              the cron expression does not parse (message: the library's why)
    └── UnknownTask            no task has that id (or name)
    ScheduleStoreError         the store could not be read or written
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from parley.domain.schedules.model import RunRecord, ScheduledTask, ScheduleError


class CronError(ScheduleError):
    """A cron expression that does not parse; the message says why."""


class UnknownTask(ScheduleError):
    """No scheduled task has this id or name."""


class ScheduleStoreError(Exception):
    """The schedule store could not be read or written."""


class CronSchedule(Protocol):
    """Cron arithmetic for five-field expressions (minute hour day month weekday)."""

    def check(self, expression: str) -> None:
        """Raise ``CronError`` (with the reason) unless ``expression`` is valid."""
        ...

    def next_after(self, expression: str, after: datetime, count: int = 1) -> Sequence[datetime]:
        """The next ``count`` occurrences strictly after ``after``."""
        ...

    def latest_at_or_before(self, expression: str, when: datetime) -> datetime | None:
        """The latest occurrence at or before ``when`` (None if there is none)."""
        ...


class ScheduleStore(Protocol):
    """Tasks and their runs, shared by every process of a profile."""

    def add_task(self, task: ScheduledTask) -> None:
        """Store a new task; a task with the same id or name is a ``ScheduleError``."""
        ...

    def update_task(self, task: ScheduledTask) -> None:
        """Replace the task with ``task.id``; raises ``UnknownTask``."""
        ...

    def tasks(self) -> Sequence[ScheduledTask]:
        """Every task, oldest first."""
        ...

    def task(self, task_id: str) -> ScheduledTask:
        """One task by id; raises ``UnknownTask``."""
        ...

    def remove_task(self, task_id: str) -> None:
        """Remove a task (its runs stay in the log); raises ``UnknownTask``."""
        ...

    def claim(self, run: RunRecord) -> bool:
        """Record ``run`` (its ``(task_id, scheduled_at)``) unless it is recorded already; True
        when this call recorded it (the caller then runs it), False when someone else had."""
        ...

    def finish(self, run: RunRecord) -> None:
        """Write a claimed run's outcome (the row of its ``(task_id, scheduled_at)``)."""
        ...

    def set_session(self, task_id: str, scheduled_at: datetime, session_id: str) -> None:
        """Say which conversation a running run writes to (so the log can open it early)."""
        ...

    def anchors(self) -> dict[str, datetime]:
        """Per task id, the latest occurrence claimed by a scheduled, caught-up or skipped run."""
        ...

    def runs(self, task_id: str = "", limit: int | None = None) -> Sequence[RunRecord]:
        """Runs, newest first (of one task, or of all)."""
        ...

    def finished_since(self, since: datetime) -> Sequence[RunRecord]:
        """Runs that ended at or after ``since`` (oldest first): what to notify about."""
        ...

    def recover_abandoned(self) -> int:
        """Close the runs left ``running`` by a process that is gone (as ``interrupted``);
        return how many."""
        ...

    def paused(self) -> bool:
        """Whether scheduled runs are paused for this profile (nothing comes due meanwhile)."""
        ...

    def set_paused(self, paused: bool) -> None:
        """Pause or resume every scheduled run of this profile (the OS timer's and the
        window's alike: the flag is in the store they share)."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class OsSchedulerReport:
    """What the OS scheduler did: ``ok`` (timers active), the files written, and a plain
    message (what is missing and what to do when not ``ok``)."""

    ok: bool
    message: str
    files: tuple[str, ...] = ()


class OsScheduler(Protocol):
    """The operating system's timer that runs ``parley schedule run-due`` without the window."""

    @property
    def name(self) -> str:
        """What it is, for people ("systemd user timer")."""
        ...

    def install(self, expressions: Sequence[str]) -> OsSchedulerReport:
        """Write (or rewrite) the timer so that it wakes at least at every time one of the cron
        ``expressions`` (the enabled tasks') fires, and turn it on; none: remove it."""
        ...

    def remove(self) -> OsSchedulerReport:
        """Turn the timer off and delete its files."""
        ...

    def status(self) -> OsSchedulerReport:
        """Whether the timer is installed and active."""
        ...

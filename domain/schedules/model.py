"""A scheduled task and the record of one of its runs.

Why it exists: a task ("every weekday at 8, summarise the inbox folder") outlives the window and
is run by whichever scheduler gets there first — the operating system's timer calling ``parley
schedule run-due``, or the window's own. Both read the same frozen values, so a task means the
same thing to both.

Invariants it keeps:

- a ``ScheduledTask`` is valid when built: an id, a name, a prompt and a cron expression that are
  not blank, a positive timeout and step limit; whether the cron expression parses is the
  ``CronSchedule`` port's check (a library's), made before a task is stored;
- times are aware datetimes in UTC (``scheduled_at`` is the occurrence a run answers: a manual
  run's is the moment it was asked for);
- a ``RunRecord``'s ``status`` is one of ``RUN_STATUSES``: ``running`` while it runs, then the
  turn's own status (completed, failed, timed_out, cancelled, interrupted) or ``skipped`` (a
  missed occurrence of a task that does not catch up) or ``not_started`` (it could not be built:
  the provider or project is gone).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

#: A run's states: running, the turn's end (``TurnFinished.STATUSES``), or never run.
RUN_STATUSES = (
    "running",
    "completed",
    "failed",
    "timed_out",
    "cancelled",
    "interrupted",
    "skipped",
    "not_started",
)
#: How a run came about: its occurrence was due, a missed one caught up, or a person asked.
RUN_KINDS = ("scheduled", "catch_up", "manual")
#: The tool sets a task may offer (``application.tools.specs.TOOL_SETS``' keys).
TOOL_CHOICES = ("none", "read", "all")
#: A task's default wall-clock limit (the issue's ``--timeout 600``).
DEFAULT_TIMEOUT_S = 600.0
#: How many model steps a run may take at most before it stops (run to completion).
DEFAULT_MAX_STEPS = 50


class ScheduleError(ValueError):
    """A task or run that cannot be; the message says why, for the person."""


def _aware(name: str, value: datetime | None) -> None:
    if value is not None and (not isinstance(value, datetime) or value.tzinfo is None):
        raise ScheduleError(f"{name} must be an aware datetime, got {value!r}")


@dataclass(frozen=True)
class ScheduledTask:
    """One task: when (``cron``, five fields, local time), what (``prompt``), where (``project``,
    ``provider``/``model``, ``tools`` in ``workspace``) and for how long (``timeout_s``).
    ``catch_up``: a run missed while the machine was off runs once at the next start."""

    id: str
    name: str
    cron: str
    prompt: str
    created_at: datetime
    project: str = ""
    provider: str = ""
    model: str = ""
    timeout_s: float = DEFAULT_TIMEOUT_S
    max_steps: int = DEFAULT_MAX_STEPS
    tools: str = "none"
    workspace: str = ""
    catch_up: bool = False
    enabled: bool = True

    def __post_init__(self) -> None:
        for label in ("id", "name", "cron", "prompt"):
            value = getattr(self, label)
            if not isinstance(value, str) or not value.strip():
                raise ScheduleError(f"a scheduled task needs a {label}")
        object.__setattr__(self, "cron", " ".join(self.cron.split()))
        object.__setattr__(self, "name", " ".join(self.name.split()))
        _aware("created_at", self.created_at)
        timeout = self.timeout_s
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
            raise ScheduleError(
                f"the timeout must be a positive number of seconds, got {timeout!r}"
            )
        if isinstance(self.max_steps, bool) or not isinstance(self.max_steps, int):
            raise ScheduleError(f"the step limit must be a whole number, got {self.max_steps!r}")
        if self.max_steps < 1:
            raise ScheduleError(f"the step limit must be 1 or more, got {self.max_steps}")
        if self.tools not in TOOL_CHOICES:
            raise ScheduleError(f"tools must be one of {', '.join(TOOL_CHOICES)}")


@dataclass(frozen=True)
class RunRecord:
    """One run of a task: the occurrence it answers, when it ran, how it ended, its conversation
    (``session_id``, "" when none was made), what it cost (``cost``: a decimal string, "" when
    unknown), the files it saved and the actions the unattended gate refused."""

    task_id: str
    scheduled_at: datetime
    kind: str = "scheduled"
    status: str = "running"
    started_at: datetime | None = None
    ended_at: datetime | None = None
    session_id: str = ""
    cost: str = ""
    input_tokens: int | None = None
    output_tokens: int | None = None
    error: str = ""
    files: tuple[str, ...] = field(default=())
    refused: int = 0

    def __post_init__(self) -> None:
        if not self.task_id:
            raise ScheduleError("a run needs its task's id")
        _aware("scheduled_at", self.scheduled_at)
        _aware("started_at", self.started_at)
        _aware("ended_at", self.ended_at)
        if self.status not in RUN_STATUSES:
            raise ScheduleError(f"unknown run status {self.status!r}")
        if self.kind not in RUN_KINDS:
            raise ScheduleError(f"unknown run kind {self.kind!r}")
        object.__setattr__(self, "files", tuple(self.files))

    @property
    def finished(self) -> bool:
        return self.status != "running"

    @property
    def duration(self) -> timedelta | None:
        if self.started_at is None or self.ended_at is None:
            return None
        return self.ended_at - self.started_at

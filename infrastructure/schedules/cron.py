"""``CronSchedule`` on croniter: five-field cron expressions, read in local time.

Why it exists: cron's rules (ranges, steps, names, day-of-month *or* day-of-week) are a
library's, not ours to re-implement. croniter (MIT, maintained under pallets-eco) does them; this
adapter keeps the port's contract around it.

Invariants it keeps:

- exactly five fields (minute hour day month weekday) or one of cron's ``@`` names (``@daily``…):
  croniter also reads a sixth (seconds) field, which Parley does not offer (the timers wake once
  a minute), so it is refused with that reason;
- times in and out are aware datetimes in UTC; the expression is read in the local time zone
  (``tz=None``: the system's rules through ``dateutil.tz.tzlocal``, a zone that knows its
  daylight saving changes) or in the zone given (tests use UTC);
- daylight saving time as cron has it (tests/integration/test_schedule_dst.py): a time in the
  hour skipped in spring runs once, at the change; in the hour repeated in autumn a task at a
  fixed hour runs once (the first pass), one on every hour (``*`` or ``*/N``) in both passes.
  Counting in naive local times instead went back in time on the spring change (01:30, 01:00,
  01:30 for ``*/30``);
- "at or before" includes an occurrence exactly at the given minute.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, tzinfo

from croniter import CroniterError, croniter
from dateutil.tz import tzlocal

from parley.application.schedules.ports import CronError


class CroniterSchedule:
    """The ``CronSchedule`` port on croniter (module docstring)."""

    def __init__(self, tz: tzinfo | None = None) -> None:
        self._tz = tz if tz is not None else tzlocal()  # the system's, read at each conversion

    def check(self, expression: str) -> None:
        text = " ".join(expression.split())
        if not text:
            raise CronError("the cron expression is empty: five fields, e.g. 0 8 * * 1-5")
        fields = text.split(" ")
        if not text.startswith("@") and len(fields) != 5:
            raise CronError(
                f"{text!r} has {len(fields)} fields; a cron expression has five: minute hour "
                "day-of-month month day-of-week (e.g. 0 8 * * 1-5)"
            )
        try:
            croniter(text, self._local(datetime.now(UTC)))
        except (CroniterError, ValueError, KeyError) as exc:
            raise CronError(f"{text!r} is not a valid cron expression: {exc}") from None

    def next_after(self, expression: str, after: datetime, count: int = 1) -> Sequence[datetime]:
        self.check(expression)
        text = " ".join(expression.split())
        it = croniter(text, self._local(after))
        found: list[datetime] = []
        try:
            while len(found) < count:
                occurrence = it.get_next(datetime)
                if not _repeated_pass_skipped(text, occurrence, self._tz):
                    found.append(self._utc(occurrence))
        except CroniterError:  # it never matches (e.g. 30 Feb): no next occurrence
            pass
        return tuple(found)

    def latest_at_or_before(self, expression: str, when: datetime) -> datetime | None:
        self.check(expression)
        # Occurrences fall on whole minutes; croniter's get_prev is strictly before its start.
        start = self._local(when).replace(second=0, microsecond=0) + timedelta(seconds=1)
        text = " ".join(expression.split())
        it = croniter(text, start)
        try:
            found = it.get_prev(datetime)
            while _repeated_pass_skipped(text, found, self._tz):
                found = it.get_prev(datetime)
        except CroniterError:  # an expression that never matched before (e.g. 30 Feb)
            return None
        return self._utc(found)

    def _local(self, when: datetime) -> datetime:
        if when.tzinfo is None:
            raise ValueError("CroniterSchedule needs aware datetimes")
        return when.astimezone(self._tz)

    def _utc(self, found: datetime) -> datetime:
        return found.astimezone(UTC)


def _repeated_pass_skipped(expression: str, occurrence: datetime, zone: tzinfo) -> bool:
    """True for the second pass through an hour repeated in autumn, when the task names its
    hour: it ran in the first pass. A task on every hour runs in both (cron does). (croniter's
    ``fold`` on what it returns says nothing about this: it sets it on every ``get_prev``.)"""
    if expression.startswith("@hourly"):
        return False
    if not expression.startswith("@"):  # @daily, @weekly…: a fixed hour
        hour = expression.split(" ")[1]
        if hour == "*" or hour.startswith("*/"):
            return False
    wall = occurrence.replace(tzinfo=None)
    first = wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    second = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    return first != second and occurrence.astimezone(UTC) == max(first, second)

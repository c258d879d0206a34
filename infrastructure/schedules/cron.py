"""``CronSchedule`` on croniter: five-field cron expressions, read in local time.

Why it exists: cron's rules (ranges, steps, names, day-of-month *or* day-of-week) are a
library's, not ours to re-implement. croniter (MIT, maintained under pallets-eco) does them; this
adapter keeps the port's contract around it.

Invariants it keeps:

- exactly five fields (minute hour day month weekday) or one of cron's ``@`` names (``@daily``…):
  croniter also reads a sixth (seconds) field, which Parley does not offer (the timers wake once
  a minute), so it is refused with that reason;
- times in and out are aware datetimes in UTC; the expression is read in the local time zone
  (``tz=None``: what the system says, daylight saving time included, through naive local times
  that Python converts with the system's rules) or in the zone given (tests use UTC);
- "at or before" includes an occurrence exactly at the given minute.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, tzinfo

from croniter import CroniterError, croniter

from parley.application.schedules.ports import CronError


class CroniterSchedule:
    """The ``CronSchedule`` port on croniter (module docstring)."""

    def __init__(self, tz: tzinfo | None = None) -> None:
        self._tz = tz

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
        it = croniter(" ".join(expression.split()), self._local(after))
        try:
            return tuple(self._utc(it.get_next(datetime)) for _ in range(count))
        except CroniterError:  # it never matches (e.g. 30 Feb): no next occurrence
            return ()

    def latest_at_or_before(self, expression: str, when: datetime) -> datetime | None:
        self.check(expression)
        # Occurrences fall on whole minutes; croniter's get_prev is strictly before its start.
        start = self._local(when).replace(second=0, microsecond=0) + timedelta(seconds=1)
        try:
            found = croniter(" ".join(expression.split()), start).get_prev(datetime)
        except CroniterError:  # an expression that never matched before (e.g. 30 Feb)
            return None
        return self._utc(found)

    def _local(self, when: datetime) -> datetime:
        if when.tzinfo is None:
            raise ValueError("CroniterSchedule needs aware datetimes")
        if self._tz is not None:
            return when.astimezone(self._tz)
        return when.astimezone().replace(tzinfo=None)  # naive local: croniter counts wall time

    def _utc(self, found: datetime) -> datetime:
        if found.tzinfo is None:
            return found.astimezone(UTC)  # a naive local time, converted by the system's rules
        return found.astimezone(UTC)

"""The sidebar's sections: which heading each conversation is listed under, in which order.

Why it exists: a flat "recent first" list stops working after a few dozen conversations. The
sidebar shows pinned conversations first, then one section per project, then the rest by when they
were last active ("Today", "Yesterday", …), like other chat clients. Deciding that is policy, so it
lives here, pure and testable, and the widget only draws what it is given.

Invariants it keeps:

- every conversation given appears in exactly one section; empty sections are omitted;
- order: "Pinned" (whatever its project); then the projects that have conversations, most
  recently active project first; then the date sections "Today", "Yesterday", "Previous 7 days",
  "Previous 30 days", "Older" for conversations in no project;
- within a section, most recently updated first; ties keep the order given (the store's);
- days are calendar days in ``tz`` (local time unless given), counted back from ``now``: a
  conversation last active at 23:59 yesterday is "Yesterday" one minute later;
- deterministic: the same input (and ``now``, ``tz``) always gives the same sections; no clock is
  read here (``now`` is a parameter). A timestamp that cannot be read sorts as the oldest.

No Qt, no I/O (this is ``application``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo

from parley.application.ports.event_store import SessionRecord

#: Title of a project section whose project id has no name (a removed or unknown project).
UNKNOWN_PROJECT = "Unknown project"

PINNED_KEY = "pinned"
#: Date sections for conversations in no project: (key, title, last day difference included).
DATE_SECTIONS: tuple[tuple[str, str, int | None], ...] = (
    ("today", "Today", 0),
    ("yesterday", "Yesterday", 1),
    ("previous_7_days", "Previous 7 days", 7),
    ("previous_30_days", "Previous 30 days", 30),
    ("older", "Older", None),
)

_OLDEST = datetime.min.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Section:
    """One heading of the sidebar and its conversations (most recent first). ``key`` is stable
    across refreshes (``pinned``, ``project:<id>``, ``today``, …); ``project_id`` is set for
    project sections only."""

    key: str
    title: str
    sessions: tuple[SessionRecord, ...]
    project_id: str | None = None


def project_key(project_id: str) -> str:
    """The ``Section.key`` of a project's section."""
    return f"project:{project_id}"


def parse_time(ts: str) -> datetime:
    """A stored ISO 8601 time as an aware datetime (no offset: UTC); unreadable: the oldest."""
    try:
        when = datetime.fromisoformat(ts)
    except (TypeError, ValueError):
        return _OLDEST
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def group_sessions(
    sessions: Sequence[SessionRecord],
    *,
    now: datetime,
    projects: Mapping[str, str],
    tz: tzinfo | None = None,
) -> tuple[Section, ...]:
    """The sidebar's sections for ``sessions`` (see the module docstring for the rules).

    ``now``: the current time (aware; a naive one is taken as being in ``tz``); ``projects``:
    project id → name; ``tz``: the time zone whose calendar days count (``None``: local time).
    """
    today = _local(now, tz, naive_is_local=True).date()
    stamped = sorted(
        ((parse_time(s.updated_at), index, s) for index, s in enumerate(sessions)),
        key=lambda item: (-_sort_value(item[0]), item[1]),
    )
    pinned: list[SessionRecord] = []
    by_project: dict[str, list[SessionRecord]] = {}
    project_latest: dict[str, float] = {}
    by_date: dict[str, list[SessionRecord]] = {key: [] for key, _, _ in DATE_SECTIONS}
    for when, _index, record in stamped:
        if record.pinned:
            pinned.append(record)
        elif record.project_id:
            by_project.setdefault(record.project_id, []).append(record)
            # ``stamped`` is newest first, so the first one seen is the project's latest.
            project_latest.setdefault(record.project_id, _sort_value(when))
        else:
            day = None if when == _OLDEST else _local(when, tz).date()
            by_date[_date_key(today, day)].append(record)
    sections: list[Section] = []
    if pinned:
        sections.append(Section(PINNED_KEY, "Pinned", tuple(pinned)))
    names = {p: projects.get(p) or UNKNOWN_PROJECT for p in by_project}
    # Most recently active project first; the name, then the id, only break exact ties.
    for project_id in sorted(
        by_project, key=lambda p: (-project_latest[p], names[p].casefold(), p)
    ):
        sections.append(
            Section(
                project_key(project_id),
                names[project_id],
                tuple(by_project[project_id]),
                project_id,
            )
        )
    for key, title, _ in DATE_SECTIONS:
        if by_date[key]:
            sections.append(Section(key, title, tuple(by_date[key])))
    return tuple(sections)


def _sort_value(when: datetime) -> float:
    return float("-inf") if when == _OLDEST else when.timestamp()


def _local(when: datetime, tz: tzinfo | None, *, naive_is_local: bool = False) -> datetime:
    if when.tzinfo is None:
        if naive_is_local:
            return when if tz is None else when.replace(tzinfo=tz)
        when = when.replace(tzinfo=UTC)
    return when.astimezone(tz)  # ``astimezone(None)``: the system's local time zone


def _date_key(today: date, day: date | None) -> str:
    """The date section of a conversation last active on ``day`` (None: unknown)."""
    if day is None:
        return "older"
    age = (today - day).days
    for key, _, last_day in DATE_SECTIONS:
        if last_day is None or age <= last_day:
            return key  # a future day (a clock ahead) counts as today
    return "older"  # pragma: no cover - the last section takes everything

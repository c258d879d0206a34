"""The sidebar's sections (application.conversations.sections): pinned first, then projects by
activity, then date sections in a fixed, DST-free time zone, checked around midnight and at every
day boundary; every conversation in exactly one section."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from parley.application.conversations.sections import (
    UNKNOWN_PROJECT,
    Section,
    group_sessions,
    project_key,
)
from parley.application.ports.event_store import SessionRecord

#: UTC+2 all year: local midnight is 22:00 UTC the day before.
TZ = timezone(timedelta(hours=2))
#: One minute after local midnight on 10 March 2026.
NOW = datetime(2026, 3, 10, 0, 1, tzinfo=TZ)


def utc(local: datetime) -> str:
    """A store timestamp (UTC, trailing Z) for a local time in ``TZ``."""
    return local.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def record(
    sid: str,
    updated: datetime | str,
    *,
    pinned: bool = False,
    project: str | None = None,
) -> SessionRecord:
    ts = updated if isinstance(updated, str) else utc(updated)
    return SessionRecord(
        id=sid, title=sid, created_at=ts, updated_at=ts, project_id=project, pinned=pinned
    )


def layout(sections: tuple[Section, ...]) -> list[tuple[str, list[str]]]:
    return [(s.title, [r.id for r in s.sessions]) for s in sections]


def local(day: int, hour: int = 12, minute: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=TZ)


def test_midnight_is_local_midnight() -> None:
    sessions = [
        record("just-after-midnight", local(10, 0, 0)),  # 22:00 UTC on the 9th
        record("just-before-midnight", local(9, 23, 59)),
    ]
    assert layout(group_sessions(sessions, now=NOW, projects={}, tz=TZ)) == [
        ("Today", ["just-after-midnight"]),
        ("Yesterday", ["just-before-midnight"]),
    ]
    # Two minutes earlier, both were today.
    before = NOW - timedelta(minutes=2)
    assert layout(
        group_sessions([record("a", local(9, 23, 58))], now=before, projects={}, tz=TZ)
    ) == [("Today", ["a"])]


def test_every_day_boundary() -> None:
    def section_of(days_ago: int) -> str:
        when = NOW - timedelta(days=days_ago)
        (section,) = group_sessions([record("x", when)], now=NOW, projects={}, tz=TZ)
        return section.title

    assert [section_of(d) for d in (0, 1, 2, 7, 8, 30, 31, 400)] == [
        "Today",
        "Yesterday",
        "Previous 7 days",
        "Previous 7 days",
        "Previous 30 days",
        "Previous 30 days",
        "Older",
        "Older",
    ]


def test_order_of_sections_and_within_them() -> None:
    sessions = [
        record("old-loose", local(1)),
        record("beta-1", local(8, 9), project="beta"),
        record("alpha-old", local(2), project="alpha"),
        record("today-late", local(10, 0, 1)),
        record("pinned-in-alpha", local(3), pinned=True, project="alpha"),
        record("alpha-new", local(9, 10), project="alpha"),
        record("today-early", local(10, 0, 0)),
        record("pinned-loose", local(9, 8), pinned=True),
        record("ghost-1", local(5), project="gone"),
        record("week", local(4)),
    ]
    sections = group_sessions(sessions, now=NOW, projects={"alpha": "Alpha", "beta": "Beta"}, tz=TZ)
    assert layout(sections) == [
        ("Pinned", ["pinned-loose", "pinned-in-alpha"]),
        ("Alpha", ["alpha-new", "alpha-old"]),  # alpha's latest (9th) beats beta's (8th)
        ("Beta", ["beta-1"]),
        (UNKNOWN_PROJECT, ["ghost-1"]),
        ("Today", ["today-late", "today-early"]),
        ("Previous 7 days", ["week"]),
        ("Previous 30 days", ["old-loose"]),
    ]
    assert [s.key for s in sections] == [
        "pinned",
        project_key("alpha"),
        project_key("beta"),
        project_key("gone"),
        "today",
        "previous_7_days",
        "previous_30_days",
    ]
    assert [s.project_id for s in sections] == [None, "alpha", "beta", "gone", None, None, None]


def test_empty_input_and_empty_sections_are_omitted() -> None:
    assert group_sessions([], now=NOW, projects={"alpha": "Alpha"}, tz=TZ) == ()
    (only,) = group_sessions([record("a", local(1))], now=NOW, projects={}, tz=TZ)
    assert only.title == "Previous 30 days"


def test_ties_keep_the_given_order_and_bad_times_are_oldest() -> None:
    same = local(9, 12)
    sessions = [
        record("second-given", same),
        record("unreadable", "not a time"),
        record("first-given", same),
    ]
    assert layout(group_sessions(sessions, now=NOW, projects={}, tz=TZ)) == [
        ("Yesterday", ["second-given", "first-given"]),
        ("Older", ["unreadable"]),
    ]


def test_projects_tied_on_activity_go_by_name() -> None:
    same = local(9, 12)
    sessions = [record("z", same, project="p2"), record("a", same, project="p1")]
    sections = group_sessions(sessions, now=NOW, projects={"p1": "Zeta", "p2": "alpha"}, tz=TZ)
    assert [s.title for s in sections] == ["alpha", "Zeta"]


def test_offsets_other_than_z_are_understood() -> None:
    # 23:30 on the 9th at UTC-05:00 is 06:30 on the 10th in TZ: today.
    (section,) = group_sessions(
        [record("x", "2026-03-09T23:30:00-05:00")], now=NOW, projects={}, tz=TZ
    )
    assert section.title == "Today"


times = st.datetimes(
    min_value=datetime(2025, 1, 1), max_value=datetime(2026, 3, 12), timezones=st.just(UTC)
)


@given(
    st.lists(
        st.tuples(times, st.booleans(), st.sampled_from([None, "", "p1", "p2", "p3"])),
        max_size=30,
    )
)
def test_every_conversation_appears_once_recent_first(rows) -> None:
    sessions = [
        record(f"s{i}", utc(when), pinned=pinned, project=project)
        for i, (when, pinned, project) in enumerate(rows)
    ]
    sections = group_sessions(sessions, now=NOW, projects={"p1": "One"}, tz=TZ)
    listed = [r.id for s in sections for r in s.sessions]
    assert sorted(listed) == sorted(s.id for s in sessions)
    assert all(s.sessions for s in sections)
    for section in sections:
        stamps = [r.updated_at for r in section.sessions]
        assert stamps == sorted(stamps, reverse=True)
    assert group_sessions(sessions, now=NOW, projects={"p1": "One"}, tz=TZ) == sections

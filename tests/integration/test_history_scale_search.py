"""History at scale: the date-range id bounds proposed for search are exact, and the benchmark's
bulk builder writes what the store writes (real SQLite files, no mocks)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from benchmarks.history_scale import Refused, bulk_build, check_database, twin_check
from parley.application.ports.event_store import SearchFilters
from parley.domain.transcript.canonical import AssistantText, TurnStarted, UserMessage
from parley.infrastructure.storage.fulltext import date_id_bounds, match_expression, until_bound
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore


def _history(store: SqliteEventStore) -> None:
    """Conversations written in time order, then one imported with older times (higher ids)."""
    for day in range(1, 29):
        sid = store.create_session(f"day {day}").id
        ts = f"2026-02-{day:02d}T10:00:00"
        store.append(sid, f"t{day}", TurnStarted(provider_id="p", model="m"), ts=ts)
        store.append(sid, f"t{day}", UserMessage(text=f"deadline number {day}"), ts=ts)
        store.append(sid, f"t{day}", AssistantText(text="the deadline is near", model="m"), ts=ts)
    old = store.create_session("imported").id
    for day in (3, 15, 27):
        ts = f"2026-01-{day:02d}T09:00:00"
        store.append(old, f"i{day}", UserMessage(text=f"old deadline {day}"), ts=ts)
    for day in (10, 20):
        ts = f"2026-02-{day:02d}T23:00:00"
        store.append(old, f"j{day}", UserMessage(text=f"imported deadline {day}"), ts=ts)


def _bounded_search(conn: sqlite3.Connection, query: str, since: str, until: str) -> list[int]:
    bounds, params = date_id_bounds("events_fts.rowid", since, until)
    sql = (
        "SELECT events_fts.rowid FROM events_fts CROSS JOIN events e ON e.id = events_fts.rowid"
        f" WHERE events_fts MATCH ? AND e.ts >= ? AND e.ts < ?{bounds}"
        " ORDER BY events_fts.rowid DESC LIMIT 100"
    )
    args = [match_expression(query), since, until_bound(until), *params]
    return [row[0] for row in conn.execute(sql, args)]


@pytest.mark.parametrize(
    ("since", "until"),
    [
        ("2026-01-01", "2026-01-31"),  # only the imported events (the highest ids)
        ("2026-02-05", "2026-02-12"),
        ("2026-02-10", "2026-02-10"),  # one day: an original and an imported event
        ("", "2026-02-03"),
        ("2026-02-27", "2026-12-31"),
        ("2027-01-01", "2027-12-31"),  # no event at all
    ],
)
def test_date_id_bounds_find_exactly_what_search_finds(
    tmp_path: Path, since: str, until: str
) -> None:
    with SqliteEventStore(tmp_path / "h.db") as store:
        _history(store)
        expected = [
            h.event_id for h in store.search("deadline", SearchFilters(since=since, until=until))
        ]
        conn = sqlite3.connect(tmp_path / "h.db")
        try:
            got = _bounded_search(conn, "deadline", since, until)
        finally:
            conn.close()
    assert got == expected
    if since.startswith("2026"):
        assert got, "the range holds matching events"


def test_date_id_bounds_narrow_the_ids_to_the_range(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "h.db") as store:
        _history(store)
    conn = sqlite3.connect(tmp_path / "h.db")
    try:
        bounds, params = date_id_bounds("id", "2026-02-05", "2026-02-06")
        ids = [r[0] for r in conn.execute(f"SELECT id FROM events WHERE 1{bounds}", params)]
        in_range = [
            r[0]
            for r in conn.execute(
                "SELECT id FROM events WHERE ts >= '2026-02-05' AND ts < ?",
                (until_bound("2026-02-06"),),
            )
        ]
    finally:
        conn.close()
    assert in_range and ids == list(range(min(in_range), max(in_range) + 1))
    assert date_id_bounds("id", "2026-02-05", "") == ("", [])


def test_bulk_builder_writes_what_the_store_writes() -> None:
    assert "rows identical" in twin_check(events=600, seed=3)


def test_a_tampered_bulk_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bulk.db"
    manifest = bulk_build(path, 800, 5)
    with SqliteEventStore(path) as store:
        assert check_database(store, path, manifest)
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER events_append_only_no_update")
    conn.execute("UPDATE events SET payload = replace(payload, 'the', 'teh')")
    conn.commit()
    conn.close()
    with SqliteEventStore(path) as store, pytest.raises(Refused, match="verify_chain"):
        check_database(store, path, manifest)

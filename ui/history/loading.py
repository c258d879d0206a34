"""What the History window reads from the store, on a worker thread: one listing per load.

Why it exists: listing and searching may take a while over a large history, so they run off the UI
thread (through the window's ``submit``) and return one plain value the window then shows.

Invariants it keeps: nothing here touches Qt; a content search reads at most
``SEARCH_HIT_LIMIT`` hits; a listing limited to its first rows says whether that was all; every
row listed comes with its cost when it has one (priced here, on the worker, with the price table
read here too), and a "cost at least" listing holds only rows whose known cost reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from parley.application.history.costs import SessionCost, costing_at_least, costs_of
from parley.application.ports.event_store import (
    EventStore,
    SearchFilters,
    SearchHit,
    SessionSummary,
)
from parley.domain.usage.pricing import ModelPrice

#: Rows read and shown first; the rest follow in a second read.
FIRST_PAGE = 200
#: Most content hits read when the search field narrows the table.
SEARCH_HIT_LIMIT = 5000


@dataclass(frozen=True)
class Listing:
    """What one load gave: the rows, content-search snippets, and whether more rows follow.
    ``hits`` holds each conversation's content hits in conversation order (when searching)."""

    rows: list[SessionSummary]
    snippets: dict[str, str] = field(default_factory=dict)
    complete: bool = True
    hits: dict[str, list[SearchHit]] = field(default_factory=dict)
    costs: dict[str, SessionCost] = field(default_factory=dict)


def load_listing(
    store: EventStore,
    text: str,
    filters: SearchFilters,
    limit: int | None = None,
    *,
    prices: Callable[[], Sequence[ModelPrice]] = tuple,
    min_cost: Decimal | None = None,
) -> Listing:
    """Conversations matching ``filters`` and, when ``text`` is given, whose title contains it or
    whose content ``store.search`` matches (content search reads at most ``SEARCH_HIT_LIMIT``
    hits); with ``min_cost``, only those whose known cost reaches it. ``limit`` reads only the
    first rows (``complete`` says whether that was all). Each row's cost is priced with
    ``prices()`` (read here: the call may read settings)."""
    table = prices()
    listing = _rows(store, text, filters, None if min_cost is not None else limit)
    if min_cost is None:
        costs = costs_of(store, [s.id for s in listing.rows], table)
        return replace(listing, costs=costs)
    rows, costs = costing_at_least(store, min_cost, table, rows=listing.rows, limit=limit)
    complete = limit is None or len(rows) < limit
    return replace(listing, rows=rows, costs=costs, complete=complete)


def _rows(store: EventStore, text: str, filters: SearchFilters, limit: int | None) -> Listing:
    needle = text.strip()
    if not needle:
        rows = list(store.summaries(filters, limit=limit))
        return Listing(rows, complete=limit is None or len(rows) < limit)
    hits = store.search(needle, filters, limit=SEARCH_HIT_LIMIT)
    snippets: dict[str, str] = {}
    by_session: dict[str, list[SearchHit]] = {}
    for hit in hits:
        snippets.setdefault(hit.session_id, hit.snippet)
        by_session.setdefault(hit.session_id, []).append(hit)
    for found in by_session.values():
        found.sort(key=lambda h: h.event_id)
    folded = needle.casefold()
    rows = [s for s in store.summaries(filters) if s.id in snippets or folded in s.title.casefold()]
    return Listing(rows, snippets, hits=by_session)


@dataclass(frozen=True)
class Marks:
    """Which conversations (within the filters) have a stopped turn, and which had an action
    denied — refused by the gate or rejected by the user. Read after the listing is shown, so
    the first rows never wait for them."""

    stopped: frozenset[str] = frozenset()
    denied: frozenset[str] = frozenset()


def load_marks(store: EventStore, filters: SearchFilters) -> Marks:
    """The Status column's stopped and denied marks for conversations matching ``filters`` (three
    reads of the summaries, each one scan of the conversations table)."""

    def ids(narrower: SearchFilters) -> set[str]:
        return {s.id for s in store.summaries(narrower)}

    stopped: set[str] = set()
    if filters.status in ("", "cancelled"):
        stopped = ids(replace(filters, status="cancelled"))
    denied: set[str] = set()
    for verdict in ("refused", "rejected"):
        if filters.verdict in ("", verdict):
            denied |= ids(replace(filters, verdict=verdict))
    return Marks(frozenset(stopped), frozenset(denied))

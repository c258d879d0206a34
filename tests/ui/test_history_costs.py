"""The History window's Cost column and "Cost at least" field on this computer's history (issue
19): real widgets over a real SQLite store, priced with the profile's price table.

The team store's side is in ``test_team_history_operator.py``; the pricing and the filter's
rules in ``tests/integration/test_history_costs.py``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt

from parley.domain.usage.pricing import ModelPrice
from parley.ui.bridge import WorkerBridge
from parley.ui.history import COST, TITLE, HistoryWindow
from tests.integration.test_history_costs import PRICES, seed


@pytest.fixture
def window(qtbot, services):
    services.settings.set_prices(PRICES)
    seed(services.store)
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only, no turns
    win = HistoryWindow(
        services.store, bridge.submit, debounce_ms=20, prices=services.settings.prices
    )
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: not win.loading and win.model.rowCount() == 5, timeout=10000)
    yield win
    bridge.shutdown()


def costs_shown(win: HistoryWindow) -> list[tuple[str, str]]:
    """(title, cost) per row, in the table's order."""
    model = win.model
    return [
        (model.data(model.index(row, TITLE)), model.data(model.index(row, COST)))
        for row in range(model.rowCount())
    ]


def test_each_row_shows_its_cost_and_sorts_by_it(qtbot, window: HistoryWindow) -> None:
    win = window
    assert dict(costs_shown(win)) == {
        "Dear": "$0.9000",
        "Cheap": "$0.0225",
        "Mixed": "$0.4500 + ?",
        "Unknown": "?",
        "Empty": "-",
    }
    assert not win.table.horizontalHeader().isSectionHidden(COST)
    assert win.model.headerData(COST, Qt.Orientation.Horizontal) == "Cost"
    tip = win.model.data(win.model.index(win.model.row_of(win.model.ids()[0]), COST), 3)
    assert "Prices" in tip
    win.table.sortByColumn(COST, Qt.SortOrder.DescendingOrder)
    assert [title for title, _cost in costs_shown(win)][:3] == ["Dear", "Mixed", "Cheap"]


def test_cost_at_least_narrows_the_listing_and_clears_with_the_filters(
    qtbot, window: HistoryWindow
) -> None:
    win, bar = window, window.filter_bar
    bar.more_button.setChecked(True)
    assert bar.cost_edit.isVisible() and bar.cost_edit.placeholderText() == "Cost at least"
    qtbot.keyClicks(bar.cost_edit, "0.45")
    qtbot.waitUntil(lambda: {t for t, _ in costs_shown(win)} == {"Dear", "Mixed"}, timeout=5000)
    assert bar.min_cost() == Decimal("0.45")
    assert bar.more_button.text() == "Filters · 1" and bar.is_filtered()

    # Not an amount: the field says why and filters nothing (every conversation is back).
    bar.cost_edit.setText("lots")
    qtbot.waitUntil(lambda: win.model.rowCount() == 5 and not win.loading, timeout=5000)
    assert "is not an amount" in bar.cost_edit.toolTip() and bar.min_cost() is None

    # More than anything cost: the empty state, whose Clear filters empties the field too.
    bar.cost_edit.setText("50")
    qtbot.waitUntil(lambda: win.model.rowCount() == 0 and not win.loading, timeout=5000)
    bar.clear()
    qtbot.waitUntil(lambda: win.model.rowCount() == 5 and not win.loading, timeout=5000)
    assert bar.cost_edit.text() == "" and bar.more_button.text() == "Filters"


def test_prices_changed_in_settings_apply_at_the_next_listing(
    qtbot, window: HistoryWindow, services
) -> None:
    win = window
    services.settings.set_prices([*PRICES, ModelPrice("mystery", Decimal("1000000"), Decimal("0"))])
    win.reload()
    qtbot.waitUntil(lambda: dict(costs_shown(win))["Unknown"] == "$5.00", timeout=5000)
    assert dict(costs_shown(win))["Mixed"] == "$5.45"

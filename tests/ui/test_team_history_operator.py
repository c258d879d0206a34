"""The History window as an operator's tool on a real team store (issue 19).

An operator does not sync: they read the team's PostgreSQL store with a role of their own
(``parley_operator``: everyone's conversations, read-only). Here two members write a conversation
each to a throwaway PostgreSQL (``tests/support/postgres.py``) through their own
``PostgresEventStore``; then the History window — real widgets, the profile's real services, the
in-memory keyring the window tests use — opens that store through "Open a team store…", shows
whose each conversation is, filters by member, and sums the costs per member and per model. A
wrong password is said beside the picker and never shown; a member who opens the store sees only
their own. Skipped with one line without PostgreSQL.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QWidget

from parley.domain.usage.pricing import ModelPrice
from parley.ui.bridge import WorkerBridge
from parley.ui.history import HistoryWindow
from parley.ui.history.stores import LOCAL, OPEN
from parley.ui.history.table import COST, MEMBER, TITLE
from parley.ui.history.team_access import TeamAccess
from parley.ui.team_connection import SECRET_PREFIX
from tests.support.postgres import Cluster, fresh_database, postgres_cluster
from tests.support.team_people import Team, two_members_and_an_operator

__all__ = ["fresh_database", "postgres_cluster"]  # fixtures used by name below


@pytest.fixture
def team(postgres_cluster: Cluster, fresh_database: str) -> Team:
    return two_members_and_an_operator(postgres_cluster, fresh_database)


@pytest.fixture
def window(qtbot, services, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("PGPASSWORD", raising=False)
    # gpt-4o is priced, gpt-4o-mini is not: the view must tell an unknown cost from zero.
    services.settings.set_prices([ModelPrice("gpt-4o", Decimal("2.50"), Decimal("10.00"))])
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only, no turns
    win = HistoryWindow(
        services.store, bridge.submit, debounce_ms=20, prices=services.settings.prices
    )
    win.set_team_access(TeamAccess.from_services(services))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: not win.loading, timeout=10000)
    yield win
    closer = win.stores.close_opened()
    if closer is not None:
        closer.join(timeout=10)
    bridge.shutdown()


def _open_through_dialog(qtbot, win: HistoryWindow, url: str, password: str, *, remember: bool):
    """Pick "Open a team store…", type the address and password, press Open."""
    win.store_picker.choose(OPEN)
    dialog = win.stores.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.address_edit, url)
    qtbot.keyClicks(dialog.password_edit, password)
    dialog.remember_check.setChecked(remember)
    dialog.open_button.click()
    assert dialog.password_edit.text() == ""  # taken out of the widget at once


def _members_shown(win: HistoryWindow) -> dict[str, str]:
    return {
        win.model.data(win.model.index(row, TITLE)): win.model.data(win.model.index(row, MEMBER))
        for row in range(win.model.rowCount())
    }


def _costs_shown(win: HistoryWindow) -> dict[str, str]:
    return {
        win.model.data(win.model.index(row, TITLE)): win.model.data(win.model.index(row, COST))
        for row in range(win.model.rowCount())
    }


def _rows(table) -> dict[str, list[str]]:
    return {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(1, table.columnCount())]
        for r in range(table.rowCount())
    }


def _every_text(win: HistoryWindow) -> str:
    """Every text a person (or a screen reader) could get from the window and its children."""
    texts = [win.windowTitle(), win.statusBar().currentMessage()]
    for widget in [win, *win.findChildren(QWidget)]:
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, QLineEdit | QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
    return "\n".join(texts)


def test_an_operator_opens_the_store_sees_everyones_conversations_and_their_costs(
    qtbot, window: HistoryWindow, team: Team, services
) -> None:
    win = window
    # This computer's (empty) history: no Member column, no member filter, no costs.
    assert win.store_picker.isVisible()
    assert win.table.horizontalHeader().isSectionHidden(MEMBER)
    assert win.filter_bar.member_box.isHidden()
    assert not win.costs_action.isEnabled()

    url, password = team.url(team.operator), team.passwords[team.operator]
    with qtbot.waitSignal(win.sig_loaded, timeout=15000, check_params_cb=lambda n, c: c):
        _open_through_dialog(qtbot, win, url, password, remember=True)
    assert win.showing_team_store
    assert not win.store_picker.error.isVisible()
    assert _members_shown(win) == {"Ana's budget": team.ana, "Bob's budget": team.bob}
    assert not win.table.horizontalHeader().isSectionHidden(MEMBER)
    assert win.table.horizontalHeader().visualIndex(MEMBER) == 1  # right after the title
    assert not win.delete_action.isEnabled()  # an operator reads; the database refuses deletes
    # Remembered in the keyring under the address, and the picker offers the address again.
    assert services.secrets.get(SECRET_PREFIX + url) == password
    assert url in win.store_picker.addresses()
    assert password not in _every_text(win)

    # The member filter offers the members seen, and narrows the listing.
    members = win.filter_bar.member_box
    assert members.isVisible()
    assert {members.itemText(i) for i in range(members.count())} >= {team.ana, team.bob}
    with qtbot.waitSignal(win.sig_loaded, timeout=10000, check_params_cb=lambda n, c: c):
        members.setCurrentText(team.bob)
    assert _members_shown(win) == {"Bob's budget": team.bob}
    assert win.filters().member == team.bob

    # The Costs view: per member and per model, with the total, for the filters shown.
    with qtbot.waitSignal(win.sig_loaded, timeout=10000, check_params_cb=lambda n, c: c):
        members.setCurrentText("")

    # Each conversation's cost in the table, and the "cost at least" field narrowing it.
    assert _costs_shown(win) == {"Ana's budget": "$0.0225", "Bob's budget": "?"}
    win.filter_bar.more_button.setChecked(True)
    win.filter_bar.cost_edit.setText("0.01")
    qtbot.waitUntil(lambda: _costs_shown(win) == {"Ana's budget": "$0.0225"}, timeout=10000)
    win.filter_bar.cost_edit.clear()
    qtbot.waitUntil(lambda: len(_costs_shown(win)) == 2 and not win.loading, timeout=10000)
    assert win.costs_action.isEnabled()
    view = win.show_costs()
    assert view is not None
    qtbot.waitUntil(lambda: view.summary is not None, timeout=10000)
    assert view.isVisible()
    assert _rows(view.members) == {
        team.ana: ["1", "1,000", "2,000", "$0.0225"],  # 1000 x 2.50 + 2000 x 10.00 per million
        team.bob: ["1", "10", "20", "-"],  # no price: unknown, not zero
    }
    assert _rows(view.models) == {
        "p/gpt-4o": ["1", "1,000", "2,000", "$0.0225"],
        "p/gpt-4o-mini": ["1", "10", "20", "-"],
    }
    assert "2 turns" in view.total.text() and "1,010 tokens in" in view.total.text()
    assert "$0.0225" in view.total.text()
    assert "1 member/model row had no price" in view.note.text()
    # The sums follow the filters while the view is open.
    with qtbot.waitSignal(view.sig_shown, timeout=10000):
        members.setCurrentText(team.ana)
    assert set(_rows(view.members)) == {team.ana}
    assert set(_rows(view.models)) == {"p/gpt-4o"}
    assert f"member {team.ana}" in view.scope.text()

    # Back on this computer: the team's columns and filter go, the view closes.
    with qtbot.waitSignal(win.sig_loaded, timeout=10000, check_params_cb=lambda n, c: c):
        win.store_picker.choose(LOCAL)
    assert not win.showing_team_store
    assert win.table.horizontalHeader().isSectionHidden(MEMBER)
    assert win.filter_bar.member_box.isHidden() and win.filters().member == ""
    assert not view.isVisible() and not win.costs_action.isEnabled()


def test_a_wrong_password_is_refused_beside_the_picker_and_never_shown(
    qtbot, window: HistoryWindow, team: Team, services
) -> None:
    win = window
    url, wrong = team.url(team.operator), "not-the-operators-pw-4711"
    _open_through_dialog(qtbot, win, url, wrong, remember=True)
    error = win.store_picker.error
    qtbot.waitUntil(error.isVisible, timeout=15000)
    assert "refused the login" in error.text()
    assert "password authentication failed" in error.text()
    assert not win.showing_team_store
    assert win.store_picker.chosen == LOCAL  # back on the store still shown
    assert win.store_picker.addresses() == []
    assert services.secrets.get(SECRET_PREFIX + url) is None  # a refused password is not kept
    assert wrong not in _every_text(win)


def test_a_bad_address_is_refused_in_the_dialog_before_anything_opens(
    qtbot, window: HistoryWindow
) -> None:
    win = window
    win.store_picker.choose(OPEN)
    dialog = win.stores.dialog
    assert dialog is not None
    qtbot.keyClicks(dialog.address_edit, "postgresql://olga:secret@host/team")
    dialog.open_button.click()
    assert dialog.isVisible()  # still asking
    assert "must not carry a password" in dialog.error.text()
    dialog.reject()
    assert win.store_picker.chosen == LOCAL and not win.showing_team_store


def test_a_member_who_opens_the_store_sees_only_their_own(
    qtbot, window: HistoryWindow, team: Team, services
) -> None:
    win = window
    url = team.url(team.ana)
    # Kept in the keyring before: the dialog's empty password means "the stored one".
    services.secrets.set(SECRET_PREFIX + url, team.passwords[team.ana])
    with qtbot.waitSignal(win.sig_loaded, timeout=15000, check_params_cb=lambda n, c: c):
        _open_through_dialog(qtbot, win, url, "", remember=False)
    assert win.showing_team_store
    assert _members_shown(win) == {"Ana's budget": team.ana}
    members = win.filter_bar.member_box
    assert {members.itemText(i) for i in range(members.count())} - {""} == {team.ana}
    view = win.show_costs()
    assert view is not None
    qtbot.waitUntil(lambda: view.summary is not None, timeout=10000)
    assert set(_rows(view.members)) == {team.ana}
    assert team.passwords[team.ana] not in _every_text(win)

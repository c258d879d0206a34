"""The History window and the Settings dialog have the main window's look (issue 16).

What is checked, on real widgets over a real store and settings file: every visible control has
a name a screen reader can say and can be reached with Tab; the History table says each
conversation's status as a worded badge (completed, failed, stopped, denied) and its empty state
says why it is empty, offering to clear the filters when they are the reason; Settings has one
navigation entry with an icon per page, titled pages, and a key badge per provider; both follow
the zoom (rows, icons and the navigation grow with the font).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from parley.application.ports.settings_store import ProviderConfig
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    ToolCall,
    TurnFinished,
    TurnStarted,
    UserMessage,
    mint_call_id,
    mint_id,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.ui.bridge import WorkerBridge
from parley.ui.history import STATUS, STATUS_ROLE, TITLE, HistoryWindow
from parley.ui.settings_dialog import SettingsDialog

_CONTROLS = (QAbstractButton, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QAbstractItemView)


def _unnamed_or_unreachable(root: QWidget) -> tuple[list[str], list[str]]:
    """Visible controls without an accessible name (or text), and those Tab cannot reach."""
    unnamed, unreachable = [], []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, _CONTROLS) or not widget.isVisible():
            continue
        if isinstance(widget, QHeaderView) or isinstance(
            widget.parent(), QComboBox | QAbstractSpinBox | QLineEdit
        ):
            continue  # a header, or a part of a named control (a combo's or a date's field,
            # a line edit's icon): the control carries the name and takes the focus
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        label = f"{type(widget).__name__} {widget.objectName()!r} {text!r}"
        if not (widget.accessibleName() or text.strip().replace("&", "")):
            unnamed.append(label)
        if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            unreachable.append(label)
    return unnamed, unreachable


def _turn(store, sid: str, status: str, *, verdict: str = "") -> None:
    turn_id = mint_id()
    store.append(sid, turn_id, TurnStarted(provider_id="local", model="model-a"))
    store.append(sid, turn_id, UserMessage(text="list the files"))
    if verdict:
        call = mint_call_id()
        store.append(sid, turn_id, ToolCall(call, "run_command", {"command": "rm -rf /"}))
        store.append(
            sid,
            turn_id,
            ActionVerdict(
                call_id=call,
                tool="run_command",
                effect="destructive",
                rule="R-destructive",
                reason="deletes everything",
                decision=verdict,
                source="validator",
            ),
        )
    if status == "completed":
        store.append(sid, turn_id, AssistantText(text="done", model="model-a"))
    store.append(sid, turn_id, TurnFinished(status=status, duration_s=0.5))


@pytest.fixture
def bridge():
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only
    yield bridge
    bridge.shutdown()


@pytest.fixture
def store(tmp_path):
    store = SqliteEventStore(tmp_path / "parley.db")
    kinds = {
        "All good": [("completed", "")],
        "It broke": [("completed", ""), ("failed", "")],
        "I stopped it": [("cancelled", "")],
        "The gate said no": [("completed", "refused")],
        "I said no": [("completed", "rejected")],
    }
    for title, turns in kinds.items():
        sid = store.create_session(title).id
        for status, verdict in turns:
            _turn(store, sid, status, verdict=verdict)
    store.create_session("Nothing yet")
    yield store
    store.close()


def _open_history(qtbot, store, bridge) -> HistoryWindow:
    win = HistoryWindow(store, bridge.submit, debounce_ms=10)
    qtbot.addWidget(win)
    win.resize(1440, 900)
    win.show()
    qtbot.waitUntil(lambda: not win.loading and win.model.rowCount() > 0, timeout=10000)
    return win


def _status_of(win: HistoryWindow, title: str) -> str:
    for row in range(win.model.rowCount()):
        if win.model.data(win.model.index(row, TITLE)) == title:
            return win.model.data(win.model.index(row, STATUS), STATUS_ROLE)
    raise AssertionError(f"{title!r} is not listed")


# -- History ------------------------------------------------------------------------------------


def test_history_status_is_a_worded_badge_per_conversation(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    # The stopped and denied marks come in a second read, after the rows.
    qtbot.waitUntil(lambda: _status_of(win, "I stopped it") == "stopped", timeout=5000)
    assert _status_of(win, "All good") == "completed"
    assert _status_of(win, "It broke") == "failed"
    assert _status_of(win, "The gate said no") == "denied"
    assert _status_of(win, "I said no") == "denied"
    assert _status_of(win, "Nothing yet") == "empty"
    row = next(
        r
        for r in range(win.model.rowCount())
        if win.model.data(win.model.index(r, TITLE)) == "It broke"
    )
    # The word itself is the cell's text: read aloud, copied, never colour alone.
    assert win.model.data(win.model.index(row, STATUS)) == "Failed"
    assert "failed" in win.model.data(win.model.index(row, STATUS), Qt.ItemDataRole.ToolTipRole)


def test_history_controls_are_named_and_reachable_by_keyboard(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    win.filter_bar.more_button.setChecked(True)  # the second row's filters too
    unnamed, unreachable = _unnamed_or_unreachable(win)
    assert unnamed == []
    assert unreachable == []
    for button in win.action_buttons:
        assert button.toolTip() and button.accessibleName()
        assert not button.icon().isNull()


def test_history_empty_state_teaches_then_offers_to_clear_the_filters(qtbot, tmp_path, bridge):
    empty = SqliteEventStore(tmp_path / "empty.db")
    try:
        win = HistoryWindow(empty, bridge.submit, debounce_ms=10)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitUntil(lambda: win.empty_state.isVisible(), timeout=5000)
        assert win.empty_state.heading.text() == "No history yet"
        assert "recorded here" in win.empty_state.line.text()
        assert not win.empty_state.clear_button.isVisible()
    finally:
        empty.close()


def test_a_search_with_no_results_says_so_and_clear_filters_brings_rows_back(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    win.status_box.setCurrentIndex(win.status_box.findData("failed"))
    with qtbot.waitSignal(win.sig_loaded, timeout=5000, check_params_cb=lambda _n, done: done):
        win.search_edit.setText("no-such-words-anywhere")
    assert win.model.rowCount() == 0
    assert win.empty_state.isVisible()
    assert win.empty_state.heading.text() == "No conversations match"
    assert "no-such-words-anywhere" in win.empty_state.line.text()
    assert win.empty_state.clear_button.isVisible()
    assert win.filter_bar.clear_search_action.isVisible()  # the field's own clear button
    with qtbot.waitSignal(win.sig_loaded, timeout=5000, check_params_cb=lambda _n, done: done):
        qtbot.mouseClick(win.empty_state.clear_button, Qt.MouseButton.LeftButton)
    assert win.model.rowCount() == 6
    assert win.search_edit.text() == "" and win.status_box.currentIndex() == 0
    assert not win.empty_state.isVisible()


def test_the_date_range_sets_since_and_more_filters_counts_what_is_hidden(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    bar = win.filter_bar
    with qtbot.waitSignal(win.sig_loaded, timeout=5000, check_params_cb=lambda _n, done: done):
        bar.range_box.setCurrentText("Last 7 days")
    assert win.since_check.isChecked() and win.filters().since
    assert win.model.rowCount() == 5  # the conversation without turns has no turn this week
    assert bar.more_button.text() == "Filters"
    win.tools_check.setChecked(True)
    assert bar.more_button.text() == "Filters · 1"


def test_history_rows_and_icons_follow_the_zoom(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    rows = win.table.verticalHeader().defaultSectionSize()
    icon = win.action_buttons[0].iconSize().height()
    assert rows >= win.table.fontMetrics().height() * 1.8  # readable, not a cramped grid
    font = win.table.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    win.setFont(font)
    QApplication.processEvents()
    assert win.table.verticalHeader().defaultSectionSize() > rows * 1.6
    assert win.action_buttons[0].iconSize().height() > icon * 1.5


def test_a_narrow_history_keeps_the_title_readable(qtbot, store, bridge):
    win = _open_history(qtbot, store, bridge)
    win.resize(1024, 700)
    qtbot.waitUntil(
        lambda: (
            win.table.horizontalHeader().sectionSize(TITLE)
            >= win.table.fontMetrics().horizontalAdvance("x") * 24
        ),
        timeout=2000,
    )


# -- Settings -----------------------------------------------------------------------------------


@pytest.fixture
def dialog(qtbot, services):
    services.settings.add_provider(
        ProviderConfig(name="has-key", kind="openai", base_url="http://127.0.0.1:9/v1")
    )
    services.settings.add_provider(
        ProviderConfig(
            name="needs-key", kind="anthropic", base_url="https://api.anthropic.com", preset=""
        )
    )
    services.secrets.set("has-key", "sk-look-test-1234567890")
    bridge = WorkerBridge(None)  # type: ignore[arg-type]
    dialog = SettingsDialog(services, bridge)
    qtbot.addWidget(dialog)
    dialog.resize(1024, 700)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.providers_page.provider_list.count() == 2, timeout=5000)
    yield dialog
    bridge.shutdown()


def test_settings_has_a_navigation_entry_with_an_icon_per_page(qtbot, dialog):
    nav = dialog.nav
    assert nav.accessibleName() == "Settings pages"
    labels = [nav.item(i).text() for i in range(nav.count())]
    assert labels == [
        "Providers",
        "Skills & Agents",
        "Projects",
        "Prices",
        "MCP servers",
        "Context & knowledge",
        "Team",
        "Desktop",
    ]
    assert all(not nav.item(i).icon().isNull() for i in range(nav.count()))
    assert [t.text() for t in dialog.titles] == labels
    assert dialog.show_page("prices") is dialog.prices_page
    assert nav.currentRow() == 3 and dialog.stack.currentIndex() == 3
    nav.setFocus()
    qtbot.keyClick(nav, Qt.Key.Key_Up)
    assert dialog.stack.currentIndex() == 2  # arrow keys walk the pages


def test_every_provider_shows_its_key_state_in_words(qtbot, dialog):
    listing = dialog.providers_page.provider_list
    texts = {listing.item(i).text().split()[0]: listing.item(i).text() for i in range(2)}
    assert texts["has-key"].endswith("Key set")
    assert texts["needs-key"].endswith("No key")


def test_settings_controls_are_named_and_reachable_by_keyboard(qtbot, dialog):
    for page in dialog.PAGES:
        dialog.show_page(page)
        QApplication.processEvents()
        unnamed, unreachable = _unnamed_or_unreachable(dialog)
        assert unnamed == [], page
        assert unreachable == [], page


def test_primary_and_secondary_buttons_are_told_apart(qtbot, dialog):
    form = dialog.providers_page.form
    assert form.save_button.property("role") == "primary"
    assert form.test_button.property("role") == "secondary"
    assert dialog.providers_page.add_button.property("role") == "primary"
    assert dialog.prices_page.save_button.property("role") == "primary"
    assert dialog.projects_page.save_button.property("role") == "primary"


def test_the_navigation_widens_with_the_zoom(qtbot, dialog):
    before = dialog.nav.width()
    font = dialog.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    dialog.setFont(font)
    QApplication.processEvents()
    widest = max(
        dialog.nav.fontMetrics().horizontalAdvance(dialog.nav.item(i).text())
        for i in range(dialog.nav.count())
    )
    assert dialog.nav.width() > before and dialog.nav.width() > widest

"""The sidebar widgets with real clicks and keys (pytest-qt): the conversation list (sections,
folding projects across refreshes, open, F2 / double-click rename, Delete, every context-menu
action), the undo bar (expiry, Undo, Dismiss, replacement) and the quick switcher (title filter,
content search on a real worker, stale results dropped, Up/Down + Enter, Esc)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QMenu

from parley.application.conversations.sections import group_sessions, project_key
from parley.application.ports.event_store import SessionRecord
from parley.ui.bridge import WorkerBridge
from parley.ui.widgets.conversation_list import PINNED_ROLE, ConversationList
from parley.ui.widgets.quick_switcher import QuickSwitcher
from parley.ui.widgets.session_search import SessionMatch
from parley.ui.widgets.undo_bar import UndoBar

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def ts(hours_ago: float) -> str:
    return (NOW - timedelta(hours=hours_ago)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def rec(
    sid: str, title: str, hours_ago: float, *, pinned: bool = False, project: str | None = None
) -> SessionRecord:
    when = ts(hours_ago)
    return SessionRecord(sid, title, when, when, project_id=project, pinned=pinned)


SESSIONS = [
    rec("s-today", "Walrus tusks", 1),
    rec("s-alpha", "Alpha plan", 2, project="alpha"),
    rec("s-pinned", "Pinned notes", 3, pinned=True),
    rec("s-alpha2", "Alpha budget", 30, project="alpha"),
    rec("s-old", "", 24 * 40),
]
PROJECTS = {"alpha": "Project Alpha", "beta": "Project Beta"}


def sections(sessions=SESSIONS):
    return group_sessions(sessions, now=NOW, projects=PROJECTS, tz=UTC)


@pytest.fixture
def listing(qtbot) -> ConversationList:
    widget = ConversationList()
    qtbot.addWidget(widget)
    widget.set_projects(sorted(PROJECTS.items()))
    widget.set_sections(sections(), "s-today")
    widget.resize(320, 400)
    widget.show()
    qtbot.waitExposed(widget)
    widget.setFocus()
    return widget


def center_of(widget: ConversationList, session_id: str) -> QPoint:
    item = widget.item_of(session_id)
    assert item is not None
    return widget.visualItemRect(item).center()


def click(widget: ConversationList, session_id: str) -> None:
    QTest.mouseClick(
        widget.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        center_of(widget, session_id),
    )


def rename_editor(qtbot, widget: ConversationList) -> QLineEdit:
    """The open rename editor (a closed one lingers hidden until Qt deletes it)."""

    def visible() -> list[QLineEdit]:
        return [e for e in widget.findChildren(QLineEdit, "conversation-rename") if e.isVisible()]

    qtbot.waitUntil(lambda: widget.state() == widget.State.EditingState and len(visible()) == 1)
    return visible()[0]


def right_click(qtbot, widget: ConversationList, session_id: str) -> QMenu:
    """A real right button press through the window, as the platform delivers it (that is what
    makes Qt send the context menu event)."""
    pos = widget.viewport().mapTo(widget.window(), center_of(widget, session_id))
    QTest.mouseClick(
        widget.window().windowHandle(),
        Qt.MouseButton.RightButton,
        Qt.KeyboardModifier.NoModifier,
        pos,
    )
    qtbot.waitUntil(lambda: widget.context_menu is not None and widget.context_menu.isVisible())
    menu = widget.context_menu
    assert menu is not None
    return menu


def click_action(qtbot, menu: QMenu, name: str) -> None:
    (action,) = [a for a in menu.actions() if a.objectName() == name]
    assert action.isEnabled()
    QTest.mouseClick(
        menu,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        menu.actionGeometry(action).center(),
    )


# -- the list --------------------------------------------------------------------------------------


def test_sections_are_shown_in_order_with_bold_unselectable_headers(listing) -> None:
    assert listing.layout_text() == [
        ("Pinned", ["s-pinned"]),
        ("Project Alpha", ["s-alpha", "s-alpha2"]),
        ("Today", ["s-today"]),
        ("Older", ["s-old"]),
    ]
    header = listing.header_of("pinned")
    assert header is not None and header.font(0).bold()
    assert not header.flags() & Qt.ItemFlag.ItemIsSelectable
    assert listing.current_session_id() == "s-today"
    pinned = listing.item_of("s-pinned")
    assert pinned.text(0) == "Pinned notes"  # the pin is an icon, never an emoji in the text
    assert pinned.data(0, PINNED_ROLE) and not pinned.icon(0).isNull()
    assert listing.item_of("s-today").icon(0).isNull()
    assert "last activity" in pinned.toolTip(0)
    assert listing.item_of("s-old").text(0) == "(untitled)"
    assert listing.accessibleName() == "Conversations"


def test_click_opens_arrows_move_enter_opens(qtbot, listing) -> None:
    with qtbot.waitSignal(listing.sig_open_requested) as opened:
        click(listing, "s-alpha")
    assert opened.args == ["s-alpha", None]

    seen: list = []
    listing.sig_open_requested.connect(lambda *args: seen.append(args))
    QTest.keyClick(listing, Qt.Key.Key_Down)
    assert listing.current_session_id() == "s-alpha2"
    assert seen == []  # moving is not opening
    QTest.keyClick(listing, Qt.Key.Key_Return)
    assert seen == [("s-alpha2", None)]


def test_clicking_a_header_opens_nothing(qtbot, listing) -> None:
    seen: list = []
    listing.sig_open_requested.connect(lambda *args: seen.append(args))
    header = listing.header_of("today")
    QTest.mouseClick(
        listing.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        listing.visualItemRect(header).center(),
    )
    assert seen == []
    assert header.isExpanded()  # date sections never fold
    assert header not in listing.selectedItems()
    assert listing.current_session_id() is None  # the header is current, not a conversation


def test_a_folded_project_stays_folded_across_refreshes(qtbot, listing) -> None:
    header = listing.header_of(project_key("alpha"))
    assert header.isExpanded() and header.text(0).startswith("\u25be")
    QTest.mouseClick(
        listing.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        listing.visualItemRect(header).center(),
    )
    assert not header.isExpanded() and header.text(0).startswith("\u25b8")

    refreshed = [*SESSIONS, rec("s-alpha3", "Alpha retro", 0.5, project="alpha")]
    listing.set_sections(sections(refreshed), "s-today")

    header = listing.header_of(project_key("alpha"))
    assert not header.isExpanded()
    assert listing.layout_text()[1] == ("Project Alpha", ["s-alpha3", "s-alpha", "s-alpha2"])
    assert listing.select_session("s-alpha") is False  # hidden inside the fold
    # Unfolding with the keyboard: Enter on the header.
    listing.setCurrentItem(header)
    QTest.keyClick(listing, Qt.Key.Key_Return)
    assert header.isExpanded()
    listing.set_sections(sections(refreshed), None)
    assert listing.header_of(project_key("alpha")).isExpanded()


def test_f2_renames_in_place_enter_commits(qtbot, listing) -> None:
    listing.select_session("s-today")
    QTest.keyClick(listing, Qt.Key.Key_F2)
    editor = rename_editor(qtbot, listing)
    assert editor.text() == "Walrus tusks"  # the raw title, not the shown text
    editor.selectAll()
    QTest.keyClicks(editor, "  Walrus ivory  ")
    with qtbot.waitSignal(listing.sig_rename_requested) as renamed:
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert renamed.args == ["s-today", "Walrus ivory"]
    # A request, not a change: the owner renames and refreshes.
    assert listing.item_of("s-today").text(0) == "Walrus tusks"


def test_rename_esc_cancels_and_blank_is_ignored(qtbot, listing) -> None:
    seen: list = []
    listing.sig_rename_requested.connect(lambda *args: seen.append(args))
    listing.select_session("s-today")

    QTest.keyClick(listing, Qt.Key.Key_F2)
    editor = rename_editor(qtbot, listing)
    QTest.keyClicks(editor, "Something else")
    QTest.keyClick(editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: listing.state() != listing.State.EditingState)

    QTest.keyClick(listing, Qt.Key.Key_F2)
    editor = rename_editor(qtbot, listing)
    editor.selectAll()
    QTest.keyClick(editor, Qt.Key.Key_Delete)
    QTest.keyClicks(editor, "   ")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: listing.state() != listing.State.EditingState)
    QCoreApplication.processEvents()  # a request would be delivered by now
    assert seen == []


def test_an_owner_may_refresh_the_list_as_soon_as_a_rename_is_requested(qtbot, listing) -> None:
    renamed = [rec(s.id, "Renamed" if s.id == "s-today" else s.title, 1) for s in SESSIONS[:1]]

    def refresh(session_id: str, title: str) -> None:
        listing.set_sections(sections([*renamed, *SESSIONS[1:]]), session_id)

    listing.sig_rename_requested.connect(refresh)
    listing.select_session("s-today")
    QTest.keyClick(listing, Qt.Key.Key_F2)
    editor = rename_editor(qtbot, listing)
    editor.selectAll()
    QTest.keyClicks(editor, "Renamed")
    with qtbot.waitSignal(listing.sig_rename_requested):
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert listing.item_of("s-today").text(0) == "Renamed"
    assert listing.current_session_id() == "s-today"


def test_double_click_renames(qtbot, listing) -> None:
    # A real double click is a click, then the double-click event on the same row.
    click(listing, "s-alpha2")
    QTest.mouseDClick(
        listing.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        center_of(listing, "s-alpha2"),
    )
    editor = rename_editor(qtbot, listing)
    assert editor.text() == "Alpha budget"
    editor.selectAll()
    QTest.keyClicks(editor, "Budget 2027")
    with qtbot.waitSignal(listing.sig_rename_requested) as renamed:
        QTest.keyClick(editor, Qt.Key.Key_Enter)
    assert renamed.args == ["s-alpha2", "Budget 2027"]


def test_delete_key_requests_delete(qtbot, listing) -> None:
    listing.select_session("s-alpha")
    with qtbot.waitSignal(listing.sig_delete_requested) as deleted:
        QTest.keyClick(listing, Qt.Key.Key_Delete)
    assert deleted.args == ["s-alpha"]


@pytest.mark.parametrize(
    ("session_id", "action", "signal", "args"),
    [
        ("s-today", "pin", "sig_pin_requested", ["s-today", True]),
        ("s-pinned", "pin", "sig_pin_requested", ["s-pinned", False]),
        ("s-alpha", "duplicate", "sig_duplicate_requested", ["s-alpha"]),
        ("s-old", "delete", "sig_delete_requested", ["s-old"]),
    ],
)
def test_context_menu_actions(qtbot, listing, session_id, action, signal, args) -> None:
    menu = right_click(qtbot, listing, session_id)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == [
        "Rename",
        "Unpin" if session_id == "s-pinned" else "Pin",
        "Duplicate",
        "Move to project",
        "Delete",
    ]
    with qtbot.waitSignal(getattr(listing, signal)) as emitted:
        click_action(qtbot, menu, action)
    assert emitted.args == args


def test_context_menu_rename_starts_the_editor(qtbot, listing) -> None:
    menu = right_click(qtbot, listing, "s-alpha")
    click_action(qtbot, menu, "rename")
    editor = rename_editor(qtbot, listing)
    assert editor.text() == "Alpha plan"
    QTest.keyClicks(editor, "Plan A")
    with qtbot.waitSignal(listing.sig_rename_requested) as renamed:
        QTest.keyClick(editor, Qt.Key.Key_Return)
    assert renamed.args == ["s-alpha", "Plan A"]


@pytest.mark.parametrize(
    ("session_id", "choice", "expected"),
    [("s-today", "project:beta", "beta"), ("s-alpha", "project:none", None)],
)
def test_move_to_project_submenu(qtbot, listing, session_id, choice, expected) -> None:
    menu = right_click(qtbot, listing, session_id)
    (move,) = [a for a in menu.actions() if a.objectName() == "move-to-project"]
    submenu = move.menu()
    names = [a.text() for a in submenu.actions() if not a.isSeparator()]
    assert names == ["No project", "Project Alpha", "Project Beta"]
    checked = [a.objectName() for a in submenu.actions() if a.isChecked()]
    assert checked == (["project:alpha"] if session_id == "s-alpha" else ["project:none"])
    # Open the submenu with the keyboard, as a user would: select it, then Right.
    menu.setActiveAction(move)
    QTest.keyClick(menu, Qt.Key.Key_Right)
    qtbot.waitUntil(submenu.isVisible)
    with qtbot.waitSignal(listing.sig_move_to_project_requested) as moved:
        click_action(qtbot, submenu, choice)
    assert moved.args == [session_id, expected]


def test_menu_key_opens_the_context_menu(qtbot, listing) -> None:
    listing.select_session("s-today")
    QTest.keyClick(listing, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: listing.context_menu is not None and listing.context_menu.isVisible())
    with qtbot.waitSignal(listing.sig_duplicate_requested) as dup:
        click_action(qtbot, listing.context_menu, "duplicate")
    assert dup.args == ["s-today"]


def test_search_matches_keep_their_event_id(qtbot, listing) -> None:
    matches = [
        SessionMatch("s-alpha", "Alpha plan", ts(2), snippet="the [plan]", event_id=42),
        SessionMatch("s-today", "Walrus tusks", ts(1), title_match=True),
    ]
    listing.show_matches(matches, "s-today")
    assert listing.layout_text() == [("", ["s-alpha", "s-today"])]
    assert listing.current_session_id() == "s-today"
    assert "the [plan]" in listing.item_of("s-alpha").toolTip(0)
    with qtbot.waitSignal(listing.sig_open_requested) as opened:
        click(listing, "s-alpha")
    assert opened.args == ["s-alpha", 42]
    QTest.keyClick(listing, Qt.Key.Key_Down)
    with qtbot.waitSignal(listing.sig_open_requested) as opened:
        QTest.keyClick(listing, Qt.Key.Key_Enter)
    assert opened.args == ["s-today", None]


def test_rendering_emits_no_request(qtbot, listing) -> None:
    seen: list = []
    for name in (
        "sig_open_requested",
        "sig_rename_requested",
        "sig_pin_requested",
        "sig_duplicate_requested",
        "sig_delete_requested",
        "sig_move_to_project_requested",
    ):
        getattr(listing, name).connect(lambda *args, n=name: seen.append((n, args)))
    listing.set_sections(sections(), "s-alpha")
    listing.select_session("s-old")
    listing.show_matches([SessionMatch("s-old", "", ts(1))], "s-old")
    assert seen == []


# -- the undo bar ----------------------------------------------------------------------------------


@pytest.fixture
def bar(qtbot) -> UndoBar:
    widget = UndoBar()
    qtbot.addWidget(widget)
    return widget


def test_undo_bar_expires_after_its_timeout(qtbot, bar) -> None:
    undone: list = []
    bar.sig_undo.connect(undone.append)
    with qtbot.waitSignal(bar.sig_expired, timeout=5000) as expired:
        bar.show_message("Deleted \u201cWalrus\u201d.", "token-1", timeout_ms=30)
        assert bar.isVisible() and bar.label.text() == "Deleted \u201cWalrus\u201d."
    assert expired.args == ["token-1"]
    assert not bar.isVisible() and not bar.has_pending()
    assert undone == []


def test_undo_click_reverts_and_never_expires(qtbot, bar) -> None:
    expired: list = []
    bar.sig_expired.connect(expired.append)
    bar.show_message("Deleted \u201cWalrus\u201d.", {"id": "s1"}, timeout_ms=60_000)
    assert bar.undo_button.focusPolicy() & Qt.FocusPolicy.TabFocus
    with qtbot.waitSignal(bar.sig_undo) as undone:
        QTest.mouseClick(bar.undo_button, Qt.MouseButton.LeftButton)
    assert undone.args == [{"id": "s1"}]
    assert not bar.isVisible()
    assert bar.undo() is False  # nothing left to undo
    bar.expire_now()
    assert expired == []


def test_dismiss_expires_at_once(qtbot, bar) -> None:
    bar.show_message("Deleted.", "t", timeout_ms=60_000)
    with qtbot.waitSignal(bar.sig_expired) as expired:
        QTest.mouseClick(bar.close_button, Qt.MouseButton.LeftButton)
    assert expired.args == ["t"]


def test_a_new_message_expires_the_previous_token_first(qtbot, bar) -> None:
    events: list = []
    bar.sig_expired.connect(lambda t: events.append(("expired", t)))
    bar.sig_undo.connect(lambda t: events.append(("undo", t)))
    bar.show_message("Deleted one.", "one", timeout_ms=60_000)
    bar.show_message("Deleted two.", "two", timeout_ms=60_000)
    assert events == [("expired", "one")]
    assert bar.pending_token() == "two" and bar.label.text() == "Deleted two."
    QTest.mouseClick(bar.undo_button, Qt.MouseButton.LeftButton)
    assert events == [("expired", "one"), ("undo", "two")]


# -- the quick switcher ----------------------------------------------------------------------------


@pytest.fixture
def bridge():
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only, no turns
    yield bridge
    bridge.shutdown()


class Searches:
    """A content search that records its queries; a query in ``held`` waits for its gate."""

    def __init__(self, results: dict[str, list[SessionMatch]]) -> None:
        self.results = results
        self.queries: list[str] = []
        self.held: dict[str, threading.Event] = {}

    def __call__(self, query: str) -> list[SessionMatch]:
        self.queries.append(query)
        gate = self.held.get(query)
        if gate is not None:
            gate.wait(10)
        return self.results.get(query, [])


SWITCH = [
    rec("a", "Walrus tusks on ice", 5),
    rec("b", "Ice cream recipes", 1),
    rec("c", "WALRUS diet", 3),
    rec("d", "Narwhal notes", 2),
]


def open_switcher(qtbot, bridge, searches) -> QuickSwitcher:
    dialog = QuickSwitcher(searches, bridge.submit, debounce_ms=10)
    qtbot.addWidget(dialog)
    dialog.set_sessions(SWITCH)
    dialog.open_switcher()
    qtbot.waitExposed(dialog)
    return dialog


def test_titles_filter_instantly_all_words_case_insensitive_recent_first(qtbot, bridge) -> None:
    dialog = open_switcher(qtbot, bridge, Searches({}))
    assert dialog.session_ids() == ["b", "d", "c", "a"]  # empty query: recent first
    QTest.keyClicks(dialog.line, "walrus")
    assert dialog.session_ids() == ["c", "a"]  # before any search ran
    QTest.keyClicks(dialog.line, " ICE")
    assert dialog.session_ids() == ["a"]


def test_content_matches_are_appended_without_duplicates(qtbot, bridge) -> None:
    searches = Searches(
        {
            "ice": [
                SessionMatch("d", "Narwhal notes", ts(2), snippet="pack [ice]", event_id=7),
                SessionMatch("a", "Walrus tusks on ice", ts(5), snippet="[ice]", event_id=9),
            ]
        }
    )
    dialog = open_switcher(qtbot, bridge, searches)
    QTest.keyClicks(dialog.line, "ice")
    qtbot.waitUntil(lambda: dialog.session_ids() == ["b", "a", "d"])
    assert searches.queries == ["ice"]  # three keys, one search
    assert "pack [ice]" in dialog.results.item(2).text()
    # Down twice, Enter: the content match, with its event.
    QTest.keyClick(dialog.line, Qt.Key.Key_Down)
    QTest.keyClick(dialog.line, Qt.Key.Key_Down)
    with qtbot.waitSignal(dialog.sig_chosen) as chosen:
        QTest.keyClick(dialog.line, Qt.Key.Key_Return)
    assert chosen.args == ["d", 7]
    assert not dialog.isVisible()


def test_enter_on_a_title_match_opens_at_the_latest(qtbot, bridge) -> None:
    dialog = open_switcher(qtbot, bridge, Searches({}))
    QTest.keyClicks(dialog.line, "narwhal")
    with qtbot.waitSignal(dialog.sig_chosen) as chosen:
        QTest.keyClick(dialog.line, Qt.Key.Key_Enter)
    assert chosen.args == ["d", None]
    assert dialog.result() == dialog.DialogCode.Accepted


def test_a_stale_content_result_is_dropped(qtbot, bridge) -> None:
    late = [SessionMatch("d", "Narwhal notes", ts(2), snippet="[wal]ls", event_id=1)]
    searches = Searches({"wal": late, "walrus": []})
    searches.held["wal"] = gate = threading.Event()
    dialog = open_switcher(qtbot, bridge, searches)

    QTest.keyClicks(dialog.line, "wal")
    qtbot.waitUntil(lambda: searches.queries == ["wal"])  # running, held on a worker
    QTest.keyClicks(dialog.line, "rus")
    qtbot.waitUntil(lambda: searches.queries == ["wal", "walrus"])
    qtbot.waitUntil(lambda: "more by content" in dialog.status.text())
    gate.set()  # the older query's answer arrives last
    qtbot.waitUntil(lambda: dialog.stale_dropped == 1)
    assert dialog.session_ids() == ["c", "a"]  # "d" from the stale query never shows


def test_esc_closes_without_choosing(qtbot, bridge) -> None:
    dialog = open_switcher(qtbot, bridge, Searches({}))
    seen: list = []
    dialog.sig_chosen.connect(lambda *args: seen.append(args))
    QTest.keyClicks(dialog.line, "walrus")
    QTest.keyClick(dialog.line, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert seen == []
    assert dialog.result() == dialog.DialogCode.Rejected


def test_clicking_a_result_chooses_it(qtbot, bridge) -> None:
    dialog = open_switcher(qtbot, bridge, Searches({}))
    item = dialog.results.item(1)
    with qtbot.waitSignal(dialog.sig_chosen) as chosen:
        QTest.mouseClick(
            dialog.results.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            dialog.results.visualItemRect(item).center(),
        )
    assert chosen.args == ["d", None]

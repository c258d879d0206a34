"""The sidebar's list of conversations: sections, search results, and what can be done to each.

Why it exists: the sidebar is where people find, open and organise conversations. This widget
draws the sections ``application.conversations.sections.group_sessions`` computed (Pinned, one per
project, Today, Yesterday, …) or a flat list of search matches, and turns clicks, keys and the
context menu into requests (open, rename, pin, duplicate, delete, move to a project). It decides
nothing: the owner does the work on a worker and calls ``set_sections`` again.

Invariants it keeps:

- rendering is not intent: ``set_sections``, ``show_matches`` and ``select_session`` never emit a
  request; only the user's clicks and keys do;
- section headers are never selected and never opened; project sections can be collapsed, and
  which projects are collapsed survives every refresh (keyed by project id); the other sections
  always stay open;
- a rename is a request (``sig_rename_requested``), never a change of the shown title: the title
  stays as it was until the owner refreshes; a blank or unchanged name is not requested;
- one click or Enter opens; the arrow keys only move; F2 or a double-click renames in place
  (Enter commits, Esc cancels); Delete asks to delete;
- an empty list is never blank: it says how to start a conversation (with the real key from
  ``ui.shortcuts``) or that nothing matched the search, in a label screen readers read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QKeyEvent,
    QPainter,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QLabel,
    QLineEdit,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from parley.application.conversations.sections import Section, parse_time
from parley.application.ports.event_store import SessionRecord
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon
from parley.ui.key_text import keys_for
from parley.ui.qt_items import children, top_level_items
from parley.ui.widgets.session_search import SessionMatch, snippet_tooltip

#: Item data roles.
KIND_ROLE = Qt.ItemDataRole.UserRole + 1  # "section" or "session"
SESSION_ROLE = Qt.ItemDataRole.UserRole + 2  # session id (conversations)
TITLE_ROLE = Qt.ItemDataRole.UserRole + 3  # the raw title (what the rename editor starts from)
EVENT_ROLE = Qt.ItemDataRole.UserRole + 4  # a search match's event id (or None)
PINNED_ROLE = Qt.ItemDataRole.UserRole + 5  # bool
PROJECT_ROLE = Qt.ItemDataRole.UserRole + 6  # a conversation's or a section's project id
SECTION_ROLE = Qt.ItemDataRole.UserRole + 7  # a section's key

SECTION, SESSION = "section", "session"
UNTITLED = QT_TRANSLATE_NOOP("ConversationList", "(untitled)")  # shown: translate() it
PIN_ICON = "pin"  # a drawn icon, not the 📌 emoji: it must not depend on an emoji font
_EXPANDED, _COLLAPSED = "\u25be", "\u25b8"  # ▾ ▸


#: The list's accessible description while it shows rows.
ROW_KEYS = QT_TRANSLATE_NOOP(
    "ConversationList", "Enter opens, F2 renames, Delete deletes, the context menu has more"
)
#: The fixed section titles ``application.conversations.sections`` gives (a project's section
#: is titled with its name), by section key, marked for translation.
_SECTION_TITLES = {
    "pinned": QT_TRANSLATE_NOOP("ConversationList", "Pinned"),
    "today": QT_TRANSLATE_NOOP("ConversationList", "Today"),
    "yesterday": QT_TRANSLATE_NOOP("ConversationList", "Yesterday"),
    "previous_7_days": QT_TRANSLATE_NOOP("ConversationList", "Previous 7 days"),
    "previous_30_days": QT_TRANSLATE_NOOP("ConversationList", "Previous 30 days"),
    "older": QT_TRANSLATE_NOOP("ConversationList", "Older"),
}


def no_conversations_text() -> str:
    """What an empty sidebar teaches: how to start, with the real key (``ui.shortcuts``)."""
    return translate("ConversationList", "No conversations yet — start one with {keys}.").format(
        keys=keys_for("New conversation")
    )


def no_matches_text(query: str) -> str:
    """What an empty search says: the query, and what else to try."""
    shown = query.strip()
    if len(shown) > 40:
        shown = shown[:39] + "…"
    head = (
        translate("ConversationList", "No conversations match “{query}”.").format(query=shown)
        if shown
        else translate("ConversationList", "No conversations match.")
    )
    return translate(
        "ConversationList", "{head} Try fewer or other words; Esc clears the search."
    ).format(head=head)


def local_time(ts: str) -> str:
    """A stored UTC time as the user's local "YYYY-MM-DD HH:MM"."""
    when = parse_time(ts)
    if when.year <= 1:
        return "unknown"
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def _high_contrast(palette: QPalette) -> bool:
    """The palette is a high-contrast one (black on white or white on black text and base)."""
    text = palette.color(QPalette.ColorRole.Text).lightness()
    base = palette.color(QPalette.ColorRole.Base).lightness()
    return abs(text - base) >= 250


class _RenameDelegate(QStyledItemDelegate):
    """Edits a conversation's raw title (not its displayed text with the pin) and, on commit,
    asks the list to request the rename instead of writing into the item."""

    def __init__(self, owner: ConversationList) -> None:
        super().__init__(owner)
        self._owner = owner

    # A row is a soft rounded pill, as in the peers' sidebars: the row height grows with the
    # font (so it follows the zoom), the selection is a tint of the accent rather than a
    # saturated bar, and the text keeps its own colour. In the high-contrast palette (its
    # Highlight is a pure, saturated colour meant to be used as is) Qt's own bar is kept.

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + round(option.fontMetrics.height() * 0.7))

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        palette = option.palette
        state = option.state
        selected = bool(state & QStyle.StateFlag.State_Selected)
        hovered = bool(state & QStyle.StateFlag.State_MouseOver)
        # The pill reaches into the indentation so the title has room inside it.
        rect = QRectF(option.rect)
        rect = rect.adjusted(-min(8.0, max(0.0, rect.left() - 2)), 1, -2, -1)
        radius = min(8.0, rect.height() / 3)
        if selected or hovered:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if _high_contrast(palette):
                # No tint: a solid outline in the text colour, readable in any high-contrast
                # palette (a Highlight fill under Text-coloured text may not be).
                if selected:
                    painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 2))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
            else:
                # The view's own Highlight is transparent (see __init__): the application's.
                tint = QColor(QApplication.palette().color(QPalette.ColorRole.Highlight))
                dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
                tint.setAlpha((90 if dark else 50) if selected else (40 if dark else 22))
                # Keyboard focus on the row: the pill gets an accent outline (the style's dotted
                # focus frame is not drawn).
                focused = bool(state & QStyle.StateFlag.State_HasFocus)
                outline = QColor(QApplication.palette().color(QPalette.ColorRole.Highlight))
                painter.setPen(QPen(outline, 1) if focused else Qt.PenStyle.NoPen)
                painter.setBrush(tint)
                painter.drawRoundedRect(rect, radius, radius)
            painter.restore()
        plain = QStyleOptionViewItem(option)
        plain.state = state & ~(
            QStyle.StateFlag.State_Selected
            | QStyle.StateFlag.State_MouseOver
            | QStyle.StateFlag.State_HasFocus
        )
        super().paint(painter, plain, index)

    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("conversation-rename")
        editor.setAccessibleName(translate("_RenameDelegate", "New title"))
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(TITLE_ROLE) or ""))
            editor.selectAll()

    def setModelData(
        self,
        editor: QWidget,
        model: QAbstractItemModel,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        # Enter (or focus leaving the editor) commits; Esc never reaches here.
        if isinstance(editor, QLineEdit):
            self._owner._commit_rename(
                str(index.data(SESSION_ROLE) or ""),
                str(index.data(TITLE_ROLE) or ""),
                editor.text(),
            )


class ConversationList(QTreeWidget):
    """The sidebar's conversations (see the module docstring)."""

    sig_open_requested = Signal(str, object)
    """The user chose a conversation: ``(session_id, event_id or None)`` — a search match's event
    to scroll to, else None."""

    sig_rename_requested = Signal(str, str)
    """The user typed a new, non-blank title in place: ``(session_id, title)`` (stripped)."""

    sig_pin_requested = Signal(str, bool)
    """Pin (True) or unpin (False) a conversation: ``(session_id, pinned)``."""

    sig_duplicate_requested = Signal(str)
    """Copy a conversation: ``session_id``."""

    sig_delete_requested = Signal(str)
    """Delete a conversation (the owner offers Undo before deleting for real): ``session_id``."""

    sig_move_to_project_requested = Signal(str, object)
    """Move a conversation into a project, or out of any: ``(session_id, project_id or None)``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conversations")
        self.setAccessibleName(translate("ConversationList", "Conversations"))
        self.setAccessibleDescription(translate("ConversationList", ROW_KEYS))
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        # The sidebar sits on the window's colour with no frame, like the peers' sidebars; the
        # conversation (on the base colour) is what stands out.
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Window)
        self.setMouseTracking(True)  # the hover tint
        # The delegate draws the selection (a soft pill, tinted from the application's
        # Highlight); the view's own Highlight is transparent so the style's full-width bar
        # (which also covers the indentation) draws nothing. Only that role is set here, so every
        # other colour still follows the theme.
        self._clear_highlight()
        self.setRootIsDecorated(False)  # headers draw their own ▾/▸; conversations need none
        self.setIndentation(10)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        self.setExpandsOnDoubleClick(False)  # a header toggles on one click; see _on_clicked
        self.setItemDelegate(_RenameDelegate(self))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._show_context_menu)
        self.itemClicked.connect(self._on_clicked)
        self.itemExpanded.connect(self._on_expanded)
        self.itemCollapsed.connect(self._on_collapsed)
        self._projects: list[tuple[str, str]] = []
        self._collapsed_projects: set[str] = set()
        #: Conversations written by scheduled tasks, shown in a section of their own (issue 20).
        self._scheduled: frozenset[str] = frozenset()
        self._scheduled_title = "Scheduled"
        self._rebuilding = False
        #: The context menu last shown (kept so it stays alive while open; tests reach it here).
        self.context_menu: QMenu | None = None
        # What an empty list says (no conversation yet, or no match): a real label over the
        # viewport, so screen readers read it; shown only while there is no row.
        self.empty_hint = QLabel(self.viewport())
        self.empty_hint.setObjectName("conversations-empty")
        self.empty_hint.setWordWrap(True)
        self.empty_hint.setTextFormat(Qt.TextFormat.PlainText)
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        # Palette and margins, not a style sheet: a styled label stops following the zoom.
        self.empty_hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.empty_hint.setMargin(16)
        self.empty_hint.hide()

    def _clear_highlight(self) -> None:
        palette = self.palette()
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Highlight, Qt.GlobalColor.transparent)
        self.setPalette(palette)

    def drawBranches(
        self, painter: QPainter, rect: QRect, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """Nothing: no row has a branch line or arrow (headers draw their own ▾/▸), and the
        style would paint the selection bar into the indentation beside the delegate's pill."""

    # -- rendering -------------------------------------------------------------------------------

    def set_projects(self, projects: Sequence[tuple[str, str]]) -> None:
        """The projects offered under "Move to project": ``(project_id, name)`` pairs."""
        self._projects = [(str(pid), str(name)) for pid, name in projects]

    def set_scheduled(self, session_ids: frozenset[str], title: str) -> None:
        """The conversations scheduled runs wrote: from the next ``set_sections`` on they are
        listed last, under ``title``, instead of by date (a pinned one stays in Pinned)."""
        self._scheduled = frozenset(session_ids)
        self._scheduled_title = title

    def set_sections(self, sections: Sequence[Section], current_session_id: str | None) -> None:
        """Show ``sections`` (headers and their conversations) and select the current one."""
        sections = _with_scheduled(sections, self._scheduled, self._scheduled_title)
        self._rebuilding = True
        try:
            self.clear()
            for section in sections:
                header = self._header_item(section)
                self.addTopLevelItem(header)
                for record in section.sessions:
                    header.addChild(
                        self._session_item(
                            record.id,
                            record.title,
                            pinned=record.pinned,
                            project_id=record.project_id,
                            tooltip=_session_tooltip(record.title, record.updated_at),
                        )
                    )
                collapsed = (
                    section.project_id is not None
                    and section.project_id in self._collapsed_projects
                )
                header.setExpanded(not collapsed)
                self._mark(header)
        finally:
            self._rebuilding = False
        self._say_when_empty(no_conversations_text())
        if current_session_id:
            self.select_session(current_session_id)

    def show_matches(
        self, matches: Sequence[SessionMatch], current: str | None, query: str = ""
    ) -> None:
        """Show search results as a flat list (no sections), each keeping its event id; with
        none, say that nothing matches ``query``."""
        self._rebuilding = True
        try:
            self.clear()
            for match in matches:
                item = self._session_item(
                    match.session_id,
                    match.title,
                    pinned=False,
                    project_id=None,
                    tooltip=snippet_tooltip(match),
                )
                item.setData(0, EVENT_ROLE, match.event_id)
                self.addTopLevelItem(item)
        finally:
            self._rebuilding = False
        self._say_when_empty(no_matches_text(query))
        if current:
            self.select_session(current)

    def select_session(self, session_id: str) -> bool:
        """Make ``session_id`` the current, selected row (no request is emitted); False if it is
        not shown (e.g. inside a collapsed project: it stays collapsed)."""
        item = self.item_of(session_id)
        if item is None:
            self.clearSelection()
            return False
        parent = item.parent()
        if parent is not None and not parent.isExpanded():
            self.clearSelection()
            return False
        self.setCurrentItem(item)
        self.scrollToItem(item)
        return True

    def _say_when_empty(self, text: str) -> None:
        """With no row, show ``text`` over the list (and as its description); else nothing."""
        if self.topLevelItemCount():
            self.empty_hint.hide()
            self.setAccessibleDescription(translate("ConversationList", ROW_KEYS))
            return
        self.empty_hint.setText(text)
        self.setAccessibleDescription(text)
        self._place_hint()
        self.empty_hint.show()

    def empty_text(self) -> str:
        """What the empty list says, or "" when it shows rows."""
        return "" if self.empty_hint.isHidden() else self.empty_hint.text()

    def _place_hint(self) -> None:
        self.empty_hint.setGeometry(self.viewport().rect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_hint()

    # -- reading what is shown (for the owner and tests) -----------------------------------------

    def item_of(self, session_id: str) -> QTreeWidgetItem | None:
        """The row of a conversation, if shown."""
        for item in self._session_items():
            if item.data(0, SESSION_ROLE) == session_id:
                return item
        return None

    def header_of(self, key: str) -> QTreeWidgetItem | None:
        """The header row of the section with ``key`` (``pinned``, ``project:<id>``, ``today``…)."""
        for item in top_level_items(self):
            if item.data(0, KIND_ROLE) == SECTION and item.data(0, SECTION_ROLE) == key:
                return item
        return None

    def layout_text(self) -> list[tuple[str, list[str]]]:
        """What is shown: ``(section title, [session ids])`` per section; for search results one
        ``("", ids)`` entry."""
        out: list[tuple[str, list[str]]] = []
        for item in top_level_items(self):
            if item.data(0, KIND_ROLE) == SECTION:
                ids = [child.data(0, SESSION_ROLE) for child in children(item)]
                out.append((str(item.data(0, TITLE_ROLE)), ids))
            else:
                if not out or out[-1][0] != "":
                    out.append(("", []))
                out[-1][1].append(item.data(0, SESSION_ROLE))
        return out

    def current_session_id(self) -> str | None:
        """The conversation of the current row, if it is one."""
        item = self.currentItem()
        if item is None or item.data(0, KIND_ROLE) != SESSION:
            return None
        return str(item.data(0, SESSION_ROLE))

    # -- items -----------------------------------------------------------------------------------

    def _header_item(self, section: Section) -> QTreeWidgetItem:
        header = QTreeWidgetItem()
        header.setData(0, KIND_ROLE, SECTION)
        header.setData(0, SECTION_ROLE, section.key)
        fixed = _SECTION_TITLES.get(section.key)
        title = translate("ConversationList", fixed) if fixed else section.title
        header.setData(0, TITLE_ROLE, title)
        header.setData(0, PROJECT_ROLE, section.project_id)
        # Enabled (so the arrow keys can reach a project header to fold it) but never selected.
        header.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = QFont(self.font())
        font.setBold(True)
        header.setFont(0, font)
        return header

    def _session_item(
        self,
        session_id: str,
        title: str,
        *,
        pinned: bool,
        project_id: str | None,
        tooltip: str,
    ) -> QTreeWidgetItem:
        item = QTreeWidgetItem()
        shown = title.strip() or translate("ConversationList", "(untitled)")
        item.setText(0, shown)
        if pinned:
            item.setIcon(0, icon(PIN_ICON, role=QPalette.ColorRole.PlaceholderText))
        item.setData(0, KIND_ROLE, SESSION)
        item.setData(0, SESSION_ROLE, session_id)
        item.setData(0, TITLE_ROLE, title)
        item.setData(0, PINNED_ROLE, pinned)
        item.setData(0, PROJECT_ROLE, project_id)
        item.setData(0, EVENT_ROLE, None)
        item.setToolTip(0, tooltip)
        item.setData(
            0,
            Qt.ItemDataRole.AccessibleTextRole,
            translate("ConversationList", "{title}, pinned").format(title=shown)
            if pinned
            else shown,
        )
        item.setFlags(
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable
        )
        return item

    def _mark(self, header: QTreeWidgetItem) -> None:
        """Draw a header's text: a project header shows whether it is folded."""
        title = str(header.data(0, TITLE_ROLE))
        if header.data(0, PROJECT_ROLE) is None:
            header.setText(0, title)
            header.setData(
                0,
                Qt.ItemDataRole.AccessibleTextRole,
                translate("ConversationList", "{title} section").format(title=title),
            )
            return
        folded = not header.isExpanded()
        header.setText(0, f"{_COLLAPSED if folded else _EXPANDED} {title}")
        header.setData(
            0,
            Qt.ItemDataRole.AccessibleTextRole,
            (
                translate("ConversationList", "Project {title}, collapsed")
                if folded
                else translate("ConversationList", "Project {title}, expanded")
            ).format(title=title),
        )

    def session_items(self) -> list[QTreeWidgetItem]:
        """The conversation rows in display order (section headers left out)."""
        return self._session_items()

    def _session_items(self) -> list[QTreeWidgetItem]:
        items = []
        for top in top_level_items(self):
            if top.data(0, KIND_ROLE) == SESSION:
                items.append(top)
            items.extend(children(top))
        return items

    # -- intent ----------------------------------------------------------------------------------

    def _on_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        if item.data(0, KIND_ROLE) == SESSION:
            self._open(item)
        elif item.data(0, PROJECT_ROLE) is not None:
            item.setExpanded(not item.isExpanded())

    def _on_expanded(self, item: QTreeWidgetItem) -> None:
        project = item.data(0, PROJECT_ROLE)
        if project is not None and not self._rebuilding:
            self._collapsed_projects.discard(project)
        self._mark(item)

    def _on_collapsed(self, item: QTreeWidgetItem) -> None:
        project = item.data(0, PROJECT_ROLE)
        if project is None:
            item.setExpanded(True)  # only project sections fold
            return
        if not self._rebuilding:
            self._collapsed_projects.add(project)
        self._mark(item)

    def _open(self, item: QTreeWidgetItem) -> None:
        self.sig_open_requested.emit(str(item.data(0, SESSION_ROLE)), item.data(0, EVENT_ROLE))

    def _commit_rename(self, session_id: str, old_title: str, text: str) -> None:
        title = text.strip()
        if session_id and title and title != old_title.strip():
            # Emitted from the event loop, not from inside the delegate's commit: an owner that
            # refreshes the list at once must not delete the row while its editor is closing.
            QTimer.singleShot(0, self, lambda: self.sig_rename_requested.emit(session_id, title))

    def rename(self, session_id: str) -> bool:
        """Start renaming ``session_id`` in place (what F2 and "Rename" do)."""
        item = self.item_of(session_id)
        if item is None:
            return False
        self.setCurrentItem(item)
        self.editItem(item, 0)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        item = self.currentItem()
        if item is not None and self.state() != QAbstractItemView.State.EditingState:
            key = event.key()
            is_session = item.data(0, KIND_ROLE) == SESSION
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if is_session:
                    self._open(item)
                elif item.data(0, PROJECT_ROLE) is not None:
                    item.setExpanded(not item.isExpanded())
                event.accept()
                return
            if key == Qt.Key.Key_Delete and is_session:
                self.sig_delete_requested.emit(str(item.data(0, SESSION_ROLE)))
                event.accept()
                return
            menu_key = key == Qt.Key.Key_Menu or (
                key == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
            if menu_key and is_session:  # the context menu from the keyboard
                self._show_context_menu(self.visualItemRect(item).center())
                event.accept()
                return
        super().keyPressEvent(event)

    # -- context menu ----------------------------------------------------------------------------

    def _show_context_menu(self, pos: QPoint) -> None:
        item = self.itemAt(pos)
        if item is None or item.data(0, KIND_ROLE) != SESSION:
            return
        self.setCurrentItem(item)
        menu = self.menu_for(item)
        self.context_menu = menu
        # popup, not exec: the UI thread keeps running (and tests can click the menu).
        menu.popup(self.viewport().mapToGlobal(pos))

    def menu_for(self, item: QTreeWidgetItem) -> QMenu:
        """The context menu of a conversation's row: Rename, Pin/Unpin, Duplicate, Move to
        project ▸, Delete."""
        session_id = str(item.data(0, SESSION_ROLE))
        pinned = bool(item.data(0, PINNED_ROLE))
        current_project = item.data(0, PROJECT_ROLE)
        menu = QMenu(self)
        menu.setObjectName("conversation-menu")
        menu.setAccessibleName(translate("ConversationList", "Conversation actions"))
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def add(text: str, name: str, slot: Callable[[], object]) -> QAction:
            action = menu.addAction(text)
            action.setObjectName(name)
            action.triggered.connect(slot)
            return action

        add(
            translate("ConversationList", "Rename"), "rename", lambda: self.rename(session_id)
        ).setShortcut("F2")
        add(
            translate("ConversationList", "Unpin")
            if pinned
            else translate("ConversationList", "Pin"),
            "pin",
            lambda: self.sig_pin_requested.emit(session_id, not pinned),
        )
        add(
            translate("ConversationList", "Duplicate"),
            "duplicate",
            lambda: self.sig_duplicate_requested.emit(session_id),
        )
        projects = menu.addMenu(translate("ConversationList", "Move to project"))
        projects.setObjectName("move-to-project")
        projects.menuAction().setObjectName("move-to-project")
        choices: list[tuple[str | None, str]] = [(None, "No project")]
        choices += [(pid, name) for pid, name in self._projects]
        for project_id, name in choices:
            action = projects.addAction(name)
            action.setObjectName(f"project:{project_id}" if project_id else "project:none")
            action.setCheckable(True)
            action.setChecked(project_id == current_project)
            action.triggered.connect(
                lambda _checked=False, p=project_id: self.sig_move_to_project_requested.emit(
                    session_id, p
                )
            )
        if not self._projects:
            projects.addSeparator()
            hint = projects.addAction(translate("ConversationList", "(no projects yet)"))
            hint.setEnabled(False)
        menu.addSeparator()
        add(
            translate("ConversationList", "Delete"),
            "delete",
            lambda: self.sig_delete_requested.emit(session_id),
        ).setShortcut("Del")
        return menu


def _with_scheduled(
    sections: Sequence[Section], scheduled: frozenset[str], title: str
) -> Sequence[Section]:
    """``sections`` with the scheduled runs' conversations moved to a last section of their
    own (key ``scheduled``); Pinned keeps its own. Unchanged when there are none."""
    if not scheduled:
        return sections
    kept: list[Section] = []
    moved: list[SessionRecord] = []
    for section in sections:
        if section.key == "pinned":
            kept.append(section)
            continue
        stays = tuple(r for r in section.sessions if r.id not in scheduled)
        moved.extend(r for r in section.sessions if r.id in scheduled)
        if stays:
            kept.append(Section(section.key, section.title, stays, section.project_id))
    if moved:
        moved.sort(key=lambda r: r.updated_at, reverse=True)
        kept.append(Section("scheduled", title, tuple(moved)))
    return kept


def _session_tooltip(title: str, updated_at: str) -> str:
    return translate("ConversationList", "{title}\nlast activity {when}").format(
        title=title.strip() or translate("ConversationList", "(untitled)"),
        when=local_time(updated_at),
    )

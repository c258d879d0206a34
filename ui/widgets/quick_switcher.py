"""The quick switcher (Ctrl+K): type a few letters, press Enter, be in that conversation.

Why it exists: with many conversations, the keyboard is faster than the sidebar. Titles are
filtered in memory as you type (no I/O, no wait); when you pause, a full-text search of the content
runs on a worker and its conversations are appended below the title matches.

Invariants it keeps:

- the UI thread never searches the store: title filtering is over the ``SessionRecord`` list the
  owner gave (``set_sessions``); content search runs through ``submit`` (``WorkerBridge.submit``)
  after ``DEBOUNCE_MS`` without typing, so a burst of keys starts one search;
- only the newest query's content results are shown: each keystroke and each search takes a new
  sequence number, and a result carrying an older one is dropped (``stale_dropped``);
- a title match: every word of the query occurs in the title, case-insensitively; title matches
  are most recently updated first; content matches follow, without conversations already listed;
- Up/Down move in the list while typing; Enter (or a click) emits ``sig_chosen`` and closes; Esc
  closes without choosing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.event_store import SessionRecord
from parley.ui.i18n import translate
from parley.ui.widgets.conversation_list import local_time
from parley.ui.widgets.session_search import SessionMatch, Submit

#: Quiet time after the last keystroke before the content search starts.
DEBOUNCE_MS = 200
#: Most rows listed for an empty query (the most recent conversations).
RECENT_LIMIT = 50

SESSION_ROLE = Qt.ItemDataRole.UserRole + 1
EVENT_ROLE = Qt.ItemDataRole.UserRole + 2
KIND_ROLE = Qt.ItemDataRole.UserRole + 3  # "title" or "content"

Search = Callable[[str], list[SessionMatch]]


def title_matches(sessions: Sequence[SessionRecord], query: str) -> list[SessionRecord]:
    """The conversations whose title holds every word of ``query`` (case-insensitive), most
    recently updated first (ties keep the given order). An empty query matches all."""
    words = query.casefold().split()
    found = [s for s in sessions if all(w in s.title.casefold() for w in words)]
    return sorted(found, key=lambda s: s.updated_at, reverse=True)


class QuickSwitcher(QDialog):
    """A search line over a result list (see the module docstring)."""

    sig_chosen = Signal(str, object)
    """The user picked a conversation: ``(session_id, event_id or None)`` (a content match's
    event to scroll to); the dialog closes right after."""

    def __init__(
        self,
        search: Search,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        debounce_ms: int = DEBOUNCE_MS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("quick-switcher")
        self.setWindowTitle(translate("QuickSwitcher", "Go to conversation"))
        self.setAccessibleName(translate("QuickSwitcher", "Go to conversation"))
        self.setModal(True)
        self.resize(520, 420)
        self._search = search
        self._submit = submit
        self._sessions: list[SessionRecord] = []
        self.line = QLineEdit()
        self.line.setObjectName("quick-switcher-query")
        self.line.setPlaceholderText(
            translate("QuickSwitcher", "Type to find a conversation by title or content")
        )
        self.line.setAccessibleName(translate("QuickSwitcher", "Find a conversation"))
        self.line.setClearButtonEnabled(True)
        self.results = QListWidget()
        self.results.setObjectName("quick-switcher-results")
        self.results.setAccessibleName(translate("QuickSwitcher", "Matching conversations"))
        self.results.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing stays in the line
        self.status = QLabel()
        self.status.setObjectName("quick-switcher-status")
        layout = QVBoxLayout(self)
        layout.addWidget(self.line)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.status)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._start_search)
        self.line.textEdited.connect(self._on_edited)
        self.line.installEventFilter(self)
        self.results.itemClicked.connect(self._choose_item)
        self._seq = 0
        self.searches_started = 0  # jobs sent to a worker (for tests)
        self.stale_dropped = 0  # results that arrived after a newer keystroke

    # -- the owner's side ------------------------------------------------------------------------

    def set_sessions(self, sessions: Sequence[SessionRecord]) -> None:
        """The conversations whose titles are filtered as the user types."""
        self._sessions = list(sessions)
        self._show_titles(self.line.text())

    def open_switcher(self) -> None:
        """Show (window-modal, not blocking) empty and focused on the search line, listing the
        most recent conversations. What Ctrl+K does."""
        self.line.clear()
        self._invalidate()
        self._show_titles("")
        self.open()
        self.line.setFocus()

    def session_ids(self) -> list[str]:
        """The conversations listed, top to bottom."""
        return [str(self.results.item(i).data(SESSION_ROLE)) for i in range(self.results.count())]

    # -- typing ----------------------------------------------------------------------------------

    @Slot(str)
    def _on_edited(self, text: str) -> None:
        self._invalidate()
        self._show_titles(text)
        if text.strip():
            self._timer.start()  # restarts: only the last keystroke's timer fires
        else:
            self._timer.stop()

    def _invalidate(self) -> None:
        """Any content search still running is now stale."""
        self._seq += 1
        self._timer.stop()

    def _show_titles(self, query: str) -> None:
        self.results.clear()
        matches = title_matches(self._sessions, query)
        if not query.strip():
            matches = matches[:RECENT_LIMIT]
        for record in matches:
            shown = record.title.strip() or translate("ConversationList", "(untitled)")
            item = QListWidgetItem(shown)
            item.setData(SESSION_ROLE, record.id)
            item.setData(EVENT_ROLE, None)
            item.setData(KIND_ROLE, "title")
            item.setToolTip(
                translate("QuickSwitcher", "{shown}\nlast activity {local_time}").format(
                    shown=shown, local_time=local_time(record.updated_at)
                )
            )
            self.results.addItem(item)
        if self.results.count():
            self.results.setCurrentRow(0)
        if query.strip():
            self.status.setText(
                translate("QuickSwitcher", "{n_matches} by title; searching content…").format(
                    n_matches=len(matches)
                )
            )
        else:
            self.status.setText(translate("QuickSwitcher", "Recent conversations"))

    @Slot()
    def _start_search(self) -> None:
        query = self.line.text().strip()
        if not query:
            return
        self._seq += 1
        seq = self._seq
        self.searches_started += 1
        search = self._search
        # Runs on a worker; the callbacks come back on the UI thread (WorkerBridge.submit).
        self._submit(
            lambda: search(query),
            lambda matches: self._deliver(seq, matches),
            lambda exc: self._fail(seq, exc),
        )

    def _deliver(self, seq: int, matches: Any) -> None:
        if seq != self._seq:
            self.stale_dropped += 1
            return
        listed = set(self.session_ids())
        added = 0
        for match in matches or []:
            if not isinstance(match, SessionMatch) or match.session_id in listed:
                continue
            listed.add(match.session_id)
            shown = match.title.strip() or translate("ConversationList", "(untitled)")
            snippet = " ".join(match.snippet.split())
            item = QListWidgetItem(f"{shown}  \u2014  {snippet}" if snippet else shown)
            item.setData(SESSION_ROLE, match.session_id)
            item.setData(EVENT_ROLE, match.event_id)
            item.setData(KIND_ROLE, "content")
            item.setToolTip(f"{shown}\n{snippet}" if snippet else shown)
            self.results.addItem(item)
            added += 1
        if self.results.count() and self.results.currentRow() < 0:
            self.results.setCurrentRow(0)
        titles = self.results.count() - added
        self.status.setText(
            translate("QuickSwitcher", "{titles} by title, {added} more by content").format(
                titles=titles, added=added
            )
        )

    def _fail(self, seq: int, exc: BaseException) -> None:
        if seq != self._seq:
            self.stale_dropped += 1
            return
        self.status.setText(
            translate("QuickSwitcher", "Content search failed: {value}").format(
                value=exc or type(exc).__name__
            )
        )

    # -- choosing --------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.line and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                self._move(Qt.Key(key))
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                item = self.results.currentItem()
                if item is not None:
                    self._choose_item(item)
                return True
        return super().eventFilter(watched, event)

    def _move(self, key: Qt.Key) -> None:
        count = self.results.count()
        if not count:
            return
        step = {
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_PageDown: 10,
            Qt.Key.Key_PageUp: -10,
        }[key]
        row = self.results.currentRow()
        row = max(0, min(count - 1, (row if row >= 0 else -1) + step))
        self.results.setCurrentRow(row)
        self.results.scrollToItem(self.results.item(row))

    @Slot(QListWidgetItem)
    def _choose_item(self, item: QListWidgetItem) -> None:
        self.sig_chosen.emit(str(item.data(SESSION_ROLE)), item.data(EVENT_ROLE))
        self.accept()

    def done(self, result: int) -> None:
        """Closing (Enter, a click, Esc): a search still running is stale from now on."""
        self._invalidate()
        super().done(result)

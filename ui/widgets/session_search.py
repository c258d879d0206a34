"""The sidebar's search field: find conversations by title or content as you type.

Why it exists: with hundreds or thousands of saved conversations, scrolling the list is not a way
to find one. Typing narrows the list to the conversations whose title or content (messages,
answers, tool calls and results, attachment text, notices — whatever ``EventStore.search``
covers) match, each with a snippet of where.

Invariants it keeps:

- the UI thread never searches: after the user stops typing for ``DEBOUNCE_MS`` the query runs
  on a worker (``submit``, i.e. ``WorkerBridge.submit``), so typing several characters quickly
  starts exactly one search;
- results arrive in any order but only the newest query's are shown: every search takes a
  sequence number and a result whose number is not the latest is dropped (an older, slower query
  can never overwrite a newer one);
- clearing the field (or Esc) does not search: it says so (``sig_cleared``) and the owner shows its
  full list again;
- the widget renders and forwards intent only; ``search_sessions`` is the whole job; a search
  with no match is said by the list (``ConversationList.show_matches`` names the query).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QLineEdit, QToolButton, QWidget

from parley.application.ports.event_store import EventStore, SearchHit
from parley.ui.i18n import translate
from parley.ui.icons import icon
from parley.ui.key_text import keys_for

#: Quiet time after the last keystroke before a search starts.
DEBOUNCE_MS = 250
#: Most content hits read per search (several hits may fall in one conversation).
HIT_LIMIT = 300

Submit = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]], None]


@dataclass(frozen=True)
class SessionMatch:
    """A conversation that matches a query: by its title, by its content (``snippet`` shows where,
    with the matched words between ``[`` and ``]``), or both. ``event_id`` is the event the
    snippet comes from (None for a title-only match): opening the result scrolls to it."""

    session_id: str
    title: str
    updated_at: str
    snippet: str = ""
    title_match: bool = False
    event_id: int | None = None


def search_sessions(store: EventStore, query: str, *, limit: int = HIT_LIMIT) -> list[SessionMatch]:
    """Conversations matching ``query``: title matches first (most recently updated first), then
    conversations matched by content only, in the order of their best (newest) hit.

    Runs on a worker. Title matching is a case-insensitive substring test over the listing;
    content matching is ``store.search``.
    """
    needle = query.strip().casefold()
    if not needle:
        return []
    hits = store.search(query.strip(), limit=limit)
    first_hit: dict[str, SearchHit] = {}
    for hit in hits:
        first_hit.setdefault(hit.session_id, hit)
    matches: list[SessionMatch] = []
    seen: set[str] = set()
    for record in store.list_sessions():
        if needle in record.title.casefold():
            content_hit = first_hit.get(record.id)
            matches.append(
                SessionMatch(
                    record.id,
                    record.title,
                    record.updated_at,
                    snippet=content_hit.snippet if content_hit is not None else "",
                    title_match=True,
                    event_id=content_hit.event_id if content_hit is not None else None,
                )
            )
            seen.add(record.id)
    for session_id, hit in first_hit.items():
        if session_id not in seen:
            matches.append(
                SessionMatch(
                    session_id,
                    hit.session_title,
                    hit.ts,
                    snippet=hit.snippet,
                    event_id=hit.event_id,
                )
            )
            seen.add(session_id)
    return matches


class SessionSearch(QLineEdit):
    """A debounced search field; results come back as signals (see the module docstring)."""

    sig_results = Signal(str, object)
    """The newest query's matches arrived: ``(query, list[SessionMatch])``."""

    sig_cleared = Signal()
    """The field was emptied (typed away, Esc, or ``clear_search``): show the full list again."""

    sig_failed = Signal(str, str)
    """The newest query could not run: ``(query, message)``."""

    def __init__(
        self,
        store: EventStore,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        debounce_ms: int = DEBOUNCE_MS,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._submit = submit
        self.setObjectName("session-search")
        # The key that comes here is named in the field itself (read from ``ui.shortcuts``).
        self.setPlaceholderText(
            translate("SessionSearch", "Search conversations ({keys_for})").format(
                keys_for=keys_for("Find conversation")
            )
        )
        # A leading magnifier. The line edit draws the action as a tool button of its own: the
        # action's text and the button's accessible name say "Search" to screen readers.
        search = QAction(icon("search"), translate("SessionSearch", "Search"), self)
        self.addAction(search, QLineEdit.ActionPosition.LeadingPosition)
        for button in self.findChildren(QToolButton):
            if button.defaultAction() is search:
                button.setAccessibleName(translate("SessionSearch", "Search"))
        self.setClearButtonEnabled(True)
        self.setToolTip(translate("SessionSearch", "Titles and content; Esc clears"))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._start)
        self.textEdited.connect(self._on_edited)
        self._seq = 0
        self.searches_started = 0  # how many jobs went to a worker (for tests and benchmarks)
        self.stale_dropped = 0  # results that arrived after a newer query started
        self.active_query = ""  # the query whose results the owner shows ("" = full list)

    # -- intent ------------------------------------------------------------------------------------

    def is_searching(self) -> bool:
        """True while the owner should show search results rather than its full list."""
        return bool(self.text().strip())

    def clear_search(self) -> None:
        """Empty the field and restore the full list (what Esc does)."""
        self._timer.stop()
        self._seq += 1  # anything still running is now stale
        self.setText("")
        self.active_query = ""
        self.sig_cleared.emit()

    def rerun(self) -> None:
        """Search again for the current text now (e.g. the list changed after a turn)."""
        if self.is_searching():
            self._timer.stop()
            self._start()

    @Slot(str)
    def _on_edited(self, text: str) -> None:
        if not text.strip():
            self.clear_search()
            return
        self._timer.start()  # restarts: only the last keystroke's timer fires

    @Slot()
    def _start(self) -> None:
        query = self.text().strip()
        if not query:
            return
        self._seq += 1
        seq = self._seq
        self.searches_started += 1
        store = self._store
        self._submit(
            lambda: search_sessions(store, query),
            lambda matches: self._deliver(seq, query, matches),
            lambda exc: self._fail(seq, query, exc),
        )

    def _deliver(self, seq: int, query: str, matches: list[SessionMatch]) -> None:
        if seq != self._seq:
            self.stale_dropped += 1
            return
        self.active_query = query
        self.sig_results.emit(query, matches)

    def _fail(self, seq: int, query: str, exc: BaseException) -> None:
        if seq != self._seq:
            self.stale_dropped += 1
            return
        self.sig_failed.emit(query, str(exc) or type(exc).__name__)

    # -- Esc ---------------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # The main window binds Esc to "Stop"; while this field holds text, Esc is ours.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and self.text()
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.text():
            self.clear_search()
            event.accept()
            return
        super().keyPressEvent(event)


def snippet_tooltip(match: SessionMatch) -> str:
    """The list item's tooltip: title, where the query matched, last activity."""
    lines = [match.title or translate("SessionSearch", "(untitled)")]
    if match.snippet:
        lines.append(match.snippet)
    elif match.title_match:
        lines.append(translate("SessionSearch", "(title matches)"))
    lines.append(
        translate("SessionSearch", "last activity {time} UTC").format(
            time=match.updated_at[:19].replace("T", " ")
        )
    )
    return "\n".join(lines)

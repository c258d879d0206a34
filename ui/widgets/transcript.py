"""The transcript: a conversation shown as a read-only rich-text document.

Why it exists: users read answers here while they stream, as formatted Markdown (headings, lists,
tables, highlighted code with a Copy link, legible math), and act on a message (copy it,
regenerate an answer, edit a question, switch between branches).

Invariants it keeps:

- it only renders and forwards intent. It never reads the store or decides anything: the window
  tells it what to show (which path of a branched conversation, the footers) and receives the
  user's requests as signals (``sig_regenerate_requested``, ``sig_edit_requested``,
  ``sig_branch_requested``, ``sig_retry_requested``, ``sig_attachment_requested``);
- streaming never re-renders the conversation, nor earlier messages, nor the part of the answer
  that is already complete. ``append_text`` only buffers; a single-shot ~16 ms timer (screen
  pace) appends the newly *stable* Markdown blocks once (``BlockScanner``) and replaces
  only the unstable tail of the message being streamed. ``streamed_text`` stays the raw source;
- each message (user or assistant) is one ``QTextFrame`` at the top level of the document (or of
  a prepended batch); ``_messages`` maps the frame to the turn, role and source, which is how the
  message under the mouse or the text cursor is found (no widgets inside the document: the hover
  toolbar is one overlay positioned from the document layout);
- long conversations are laid out by windows of ``window_turns`` turns from the end; earlier
  turns are prepended on demand ("Show N earlier messages", or scrolling to the very top)
  without moving what the user was looking at;
- every colour comes from the theme's ``Palette`` (``ui.rendering.markdown``), one table per
  theme. ``set_dark`` re-lays out what is shown (the saved events, then every live call since,
  replayed) with the other palette.

Attachments: a user message lists its files right under it. While a turn runs the list is known
before the files are read, so each file shows as a plain "📎 name" line in a frame of its own (a
frame keeps its place while the answer streams in below it); when the turn's ``attachment_added``
event arrives, that line becomes a link with the type, size, pages and truncation — or the reason
in red. Clicking the link only asks (``sig_attachment_requested``); the window opens the viewer.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QDesktopServices,
    QFont,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QMenu,
    QTextBrowser,
    QToolButton,
    QWidget,
)

from application.history.documents import confinement_text, recorded_confinement
from domain.transcript.branches import BranchPosition
from domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Notice,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from ui.rendering.answer_body import (
    AnswerBody,
    CodeBlocks,
    flat_block,
    render_body,
)
from ui.rendering.markdown import (
    COPY_SCHEME,
    Palette,
    palette_for,
    render_markdown,
)
from ui.widgets.attachment_chips import file_kind, human_size

_RETRY_SCHEME = "parley-retry"
_TOOL_SCHEME = "parley-tool"
_ATTACHMENT_SCHEME = "parley-attachment"
_BRANCH_SCHEME = "parley-branch"
_EARLIER_SCHEME = "parley-earlier"
_RESULT_PREVIEW_CHARS = 4000
_LEFT, _RIGHT = "\u2039", "\u203a"  # the branch switcher's arrows: ‹ and ›  # noqa: RUF003

#: How long streamed text waits before it is laid out: about one screen refresh.
_FLUSH_MS = 16

_F = TypeVar("_F", bound=Callable[..., Any])


def _recorded(method: _F) -> _F:
    """Remember a live call (made after ``show_events``) so ``set_dark`` can replay it; calls made
    while laying out or replaying are not recorded twice."""

    @functools.wraps(method)
    def wrapper(self: TranscriptView, *args: Any, **kwargs: Any) -> Any:
        if self._record_depth == 0:
            self._record(method.__name__, args, kwargs)
        self._record_depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._record_depth -= 1

    return wrapper  # type: ignore[return-value]


class _ToolCard:
    """One tool call's card: a frame in the document (frames keep their place as text is added
    elsewhere), and what it shows."""

    def __init__(self, frame: QTextFrame, call: ToolCall) -> None:
        self.frame = frame
        self.call = call
        self.verdicts: list[ActionVerdict] = []
        self.result: ToolResult | None = None
        self.expanded = False


@dataclass
class _AttachmentLine:
    """One attached file under a user message: its name (and path) until its event arrives."""

    name: str
    path: str = ""
    stored: StoredEvent | None = None


class _AttachmentList:
    """The attachments of one turn: a frame under the user message, and its lines."""

    def __init__(self, frame: QTextFrame) -> None:
        self.frame = frame
        self.lines: list[_AttachmentLine] = []


@dataclass(eq=False, kw_only=True)
class _Message(AnswerBody):
    """One user or assistant message: its frame (``AnswerBody``: how its Markdown body is laid
    out in pieces), the turn and the role. A header block ("You", the model) opens the frame
    unless the message continues an answer after a tool card."""

    turn_id: str
    role: str  # "user" | "assistant"
    has_header: bool = True


@dataclass
class _Group:
    """The saved events of one turn (the unit of windowed loading)."""

    turn_id: str
    events: list[StoredEvent] = field(default_factory=list)

    @property
    def messages(self) -> int:
        return sum(isinstance(s.event, (UserMessage, AssistantText)) for s in self.events)


class _MessageToolbar(QFrame):
    """The overlay shown at the top-right of the message under the mouse."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("messageToolbar")
        self.setAccessibleName("Message actions")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        self.copy_button = self._button("Copy", "Copy the message (Markdown)")
        self.copy_text_button = self._button("Copy as text", "Copy the message as plain text")
        self.regenerate_button = self._button(
            "Regenerate", "Ask for another answer (the current one is kept as a branch)"
        )
        self.edit_button = self._button("Edit", "Edit this message and send it as a new branch")
        for button in (
            self.copy_button,
            self.copy_text_button,
            self.regenerate_button,
            self.edit_button,
        ):
            layout.addWidget(button)
        self.message: _Message | None = None
        self.hide()

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.setAccessibleDescription(tip)
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keyboard users have the context menu
        return button

    def show_for(self, message: _Message) -> None:
        self.message = message
        assistant = message.role == "assistant"
        self.copy_text_button.setVisible(assistant)
        self.regenerate_button.setVisible(assistant)
        self.edit_button.setVisible(not assistant)
        self.adjustSize()
        self.show()
        self.raise_()


class TranscriptView(QTextBrowser):
    """Shows one conversation; renders answers as Markdown while they stream."""

    sig_retry_requested = Signal(str)
    """The user clicked Retry under a failed turn: ``turn_id``."""

    sig_attachment_requested = Signal(object)
    """The user clicked an attachment: its ``StoredEvent`` (holding an ``AttachmentAdded``)."""

    sig_regenerate_requested = Signal(str)
    """The user asked for another answer to a turn: ``turn_id`` of the answer's turn."""

    sig_edit_requested = Signal(str)
    """The user wants to edit (and resend) a message: ``turn_id`` of the user message's turn."""

    sig_branch_requested = Signal(str)
    """The user clicked an arrow of a branch switcher: ``turn_id`` of the sibling turn to show."""

    sig_copied = Signal(str)
    """Something was put on the clipboard: a short description for the status bar."""

    def __init__(self, parent: QWidget | None = None, *, window_turns: int = 12) -> None:
        super().__init__(parent)
        self.setObjectName("transcript")
        self.setAccessibleName("Conversation")
        self.setAccessibleDescription(
            "The messages of the open conversation. Hover a message or press the context-menu "
            "key (Shift+F10) for its actions: copy, regenerate, edit."
        )
        # Links are ours to route: Retry stays in the app, web links open in the browser.
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._on_anchor)
        self.setReadOnly(True)
        self.document().setDocumentMargin(16)
        self.setPlaceholderText(
            "Start a conversation: type below and press Ctrl+Enter.\n"
            "Esc stops an answer; the text so far is kept."
        )
        self.window_turns = window_turns
        self._dark = False
        self._palette = palette_for(False)
        self._system_palette = QPalette(self.palette())
        self._record_depth = 0
        self._replaying = False
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(_FLUSH_MS)
        self._flush_timer.timeout.connect(self._flush)
        self._last_flush = 0.0  # time.monotonic() of the last layout of streamed text
        #: How much of the streamed text (``streamed_text``) is laid out (for measurements).
        self.laid_out_chars = 0
        self._toolbar = _MessageToolbar(self.viewport())
        self._toolbar.copy_button.clicked.connect(lambda: self._act("copy"))
        self._toolbar.copy_text_button.clicked.connect(lambda: self._act("copy_text"))
        self._toolbar.regenerate_button.clicked.connect(lambda: self._act("regenerate"))
        self._toolbar.edit_button.clicked.connect(lambda: self._act("edit"))
        self.viewport().setMouseTracking(True)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self._programmatic_scroll = 0
        self._clearing = 0  # inside _clear_document: the document's frames are being deleted
        self._reset_state()
        self._events: list[StoredEvent] = []
        self._branches: dict[str, BranchPosition] = {}
        self._footers: dict[str, str] = {}
        self._live_ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def _reset_state(self) -> None:
        self._streaming_turn: str | None = None
        self._streamed = ""
        self.laid_out_chars = 0
        self._segment: _Message | None = None  # the message streamed text goes into
        self._cards: dict[str, _ToolCard] = {}
        self._attachment_lists: dict[str, _AttachmentList] = {}
        self._attachments: dict[str, StoredEvent] = {}
        self._messages: dict[QTextFrame, _Message] = {}
        self._message_order: list[_Message] = []
        self._last_answer: dict[str, _Message] = {}  # turn id -> its last assistant message
        self._codes = CodeBlocks()
        self._container: QTextFrame | None = None  # where layout goes (None: the document end)
        # Where each laid-out event is (for scroll_to_event): its message, the frame that holds
        # it (tool cards, files), or a cursor at the start of its line (notices).
        self._event_marks: dict[int, _Message | QTextFrame | QTextCursor] = {}
        self._groups: list[_Group] = []
        self._first_loaded = 0
        self._event_group: dict[int, int] = {}
        self._models: dict[str, str] = {}
        self._attached: dict[str, tuple[str, ...]] = {}
        self._retried: set[str] = set()
        if hasattr(self, "_toolbar"):
            self._toolbar.hide()
            self._toolbar.message = None

    # -- what the window calls -----------------------------------------------------------------

    def clear_conversation(self) -> None:
        self._clear_document()
        self._reset_state()
        self._events = []
        self._branches = {}
        self._footers = {}
        self._live_ops = []

    def show_events(
        self,
        events: list[StoredEvent],
        branches: Mapping[str, BranchPosition] | None = None,
        footers: Mapping[str, str] | None = None,
    ) -> None:
        """Lay out a saved conversation: only its last ``window_turns`` turns; earlier ones on
        demand. ``branches`` gives the branch switcher of turns with siblings, ``footers`` the
        small line under a turn's answer (tokens, cost, time). The window has already chosen the
        path: every event given is shown."""
        self.clear_conversation()
        self._events = list(events)
        self._branches = dict(branches or {})
        self._footers = dict(footers or {})
        self._lay_out_saved(first_group=None)
        self._scroll_to_end()

    def add_earlier_events(
        self,
        events: list[StoredEvent],
        branches: Mapping[str, BranchPosition] | None = None,
        footers: Mapping[str, str] | None = None,
    ) -> None:
        """The turns before the shown ones arrived later (the window opens a long conversation
        in two steps: its last turns first, then the rest). They are kept for "Show earlier";
        nothing is laid out now, so what the user is reading does not move."""
        if not events:
            return
        groups = self._group_turns(events)
        shift = len(groups)
        self._event_group = {k: v + shift for k, v in self._event_group.items()}
        for index, group in enumerate(groups):
            for stored in group.events:
                self._event_group[stored.id] = index
        self._groups = groups + self._groups
        self._first_loaded += shift
        self._events = list(events) + self._events  # a re-layout (set_dark) starts from them
        self._branches.update(branches or {})
        self._footers.update(footers or {})
        self._update_earlier_link()

    def _group_turns(self, events: list[StoredEvent]) -> list[_Group]:
        """The events by turn (the unit of windowed loading), noting each turn's model and files
        and which turns were retried."""
        groups: list[_Group] = []
        for stored in events:
            if not groups or groups[-1].turn_id != stored.turn_id:
                groups.append(_Group(stored.turn_id))
            groups[-1].events.append(stored)
            event = stored.event
            if isinstance(event, TurnStarted):
                self._models[stored.turn_id] = event.model
                self._attached[stored.turn_id] = event.attachments
                if event.retry_of:
                    self._retried.add(event.retry_of)
        return groups

    def _lay_out_saved(self, first_group: int | None) -> None:
        """Group the saved events by turn and lay out the window (or, with ``first_group``, from
        that group on: a re-layout)."""
        self._retried = set()
        groups = self._group_turns(self._events)
        self._event_group = {s.id: i for i, group in enumerate(groups) for s in group.events}
        self._groups = groups
        if first_group is None:
            first_group = max(0, len(groups) - max(1, self.window_turns))
        self._first_loaded = first_group
        self._record_depth += 1
        try:
            for group in groups[first_group:]:
                self._lay_out_group(group)
        finally:
            self._record_depth -= 1
        self._update_earlier_link()

    def _lay_out_group(self, group: _Group) -> None:
        for stored in group.events:
            event = stored.event
            if isinstance(event, UserMessage):
                message = self._user_message(
                    event.text,
                    self._attached.get(stored.turn_id, ()),
                    stored.turn_id,
                    self._branches.get(stored.turn_id),
                )
                self._event_marks[stored.id] = message
            elif isinstance(event, AttachmentAdded):
                self.show_attachment(stored)
                listing = self._attachment_lists.get(stored.turn_id)
                if listing is not None:
                    self._event_marks[stored.id] = listing.frame
            elif isinstance(event, AssistantText):
                message = self._open_message(
                    stored.turn_id, "assistant", event.model or "assistant"
                )
                message.source = event.text
                self._render(message, final=True)
                self._event_marks[stored.id] = message
                if event.partial:
                    self._status_line("(stopped — partial answer kept)", "notice")
            elif isinstance(event, Notice):
                self._event_marks[stored.id] = self._status_line(
                    event.text, "error" if event.level == "error" else "notice"
                )
            elif isinstance(event, (ToolCall, ActionVerdict, ToolResult)):
                self.show_tool_event(event)
                card = self._cards.get(event.call_id)
                if card is not None:
                    self._event_marks[stored.id] = card.frame
            elif isinstance(event, TurnFinished) and event.status not in ("completed",):
                retry = stored.turn_id if _retryable(event.status) else ""
                if stored.turn_id in self._retried:
                    retry = ""
                self._status_line(
                    _finish_text(event.status, event.error), _level(event.status), retry
                )
        footer = self._footers.get(group.turn_id)
        if footer:
            self.set_turn_footer(group.turn_id, footer)

    # -- windowed loading ----------------------------------------------------------------------

    @property
    def earlier_messages(self) -> int:
        """How many saved messages are not laid out yet (above the window)."""
        return sum(g.messages for g in self._groups[: self._first_loaded])

    def load_earlier(self) -> bool:
        """Prepend the previous batch of turns, keeping what the user was looking at in place.
        False if everything is already shown."""
        if self._first_loaded <= 0:
            return False
        start = max(0, self._first_loaded - max(1, self.window_turns))
        bar = self.verticalScrollBar()
        layout = self.document().documentLayout()
        old_value, old_height = bar.value(), layout.documentSize().height()
        at_bottom = self._at_bottom()
        cursor = QTextCursor(self.document())
        cursor.setPosition(0)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        batch = cursor.insertFrame(QTextFrameFormat())
        self._container = batch
        self._record_depth += 1
        try:
            for group in self._groups[start : self._first_loaded]:
                self._lay_out_group(group)
        finally:
            self._record_depth -= 1
            self._container = None
        self._first_loaded = start
        self._update_earlier_link()
        grown = layout.documentSize().height() - old_height
        self._programmatic_scroll += 1
        try:
            if at_bottom:
                self._scroll_to_end()
            else:
                bar.setValue(int(old_value + grown))
        finally:
            self._programmatic_scroll -= 1
        return True

    def _update_earlier_link(self) -> None:
        cursor = QTextCursor(self.document())
        cursor.setPosition(0)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        hidden = self.earlier_messages if self._first_loaded > 0 else 0
        if self._first_loaded <= 0:
            # Nothing earlier: the reserved first block stays, but takes (almost) no height.
            empty = QTextBlockFormat()
            empty.setLineHeight(1, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
            cursor.setBlockFormat(empty)
            return
        block = QTextBlockFormat()
        block.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        block.setBottomMargin(6)
        cursor.setBlockFormat(block)
        link = self._link_format(f"{_EARLIER_SCHEME}:more", self._palette.link)
        noun = "message" if hidden == 1 else "messages"
        cursor.insertText(f"↑ Show {hidden:,} earlier {noun}", link)

    def _on_scrolled(self, value: int) -> None:
        # The user scrolled to the very top: bring in the previous batch (after this signal,
        # since laying out moves the scroll bar we are being told about).
        busy = self._programmatic_scroll or self._clearing
        if value == 0 and self._first_loaded > 0 and not busy:
            QTimer.singleShot(0, self.load_earlier)

    def scroll_to_event(self, event_id: int) -> bool:
        """Move the cursor to a laid-out event (a user or assistant message, a notice, a tool
        card, an attachment), select it as a highlight and scroll it into view; earlier batches
        are laid out first when the event is above the window. False if the shown conversation
        has no such event."""
        group = self._event_group.get(event_id)
        while group is not None and group < self._first_loaded:
            self.load_earlier()
        mark = self._event_marks.get(event_id)
        if mark is None:
            return False
        if isinstance(mark, _Message):
            start, end = self._body_range(mark)
            cursor = QTextCursor(self.document())
            cursor.setPosition(end)
            cursor.setPosition(start, QTextCursor.MoveMode.KeepAnchor)  # its start in view
        elif isinstance(mark, QTextFrame):
            cursor = mark.firstCursorPosition()
            cursor.setPosition(mark.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        else:
            cursor = QTextCursor(mark)
            cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
            cursor.movePosition(
                QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
            )
        self._programmatic_scroll += 1
        try:
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
        finally:
            self._programmatic_scroll -= 1
        return True

    # -- messages ------------------------------------------------------------------------------

    @_recorded
    def add_user_message(
        self,
        text: str,
        attachments: Iterable[str | Path] = (),
        turn_id: str = "",
        branch: BranchPosition | None = None,
    ) -> None:
        """The user's message (plain text, whitespace kept); ``attachments`` (paths) are listed
        under it, by name, until their ``attachment_added`` events (``show_attachment``) fill in
        what reading them gave. ``branch``: its branch switcher when the turn has siblings."""
        self._user_message(text, attachments, turn_id, branch)
        self._scroll_to_end()

    def _user_message(
        self,
        text: str,
        attachments: Iterable[str | Path],
        turn_id: str,
        branch: BranchPosition | None,
    ) -> _Message:
        message = self._open_message(turn_id, "user", "You", branch)
        message.source = text
        assert message.stable_end is not None
        cursor = QTextCursor(message.stable_end)
        block = QTextBlockFormat()
        block.setTopMargin(2)
        cursor.insertBlock(block, QTextCharFormat())
        cursor.insertText(text, QTextCharFormat())
        message.stable_end.setPosition(cursor.position())
        paths = [str(p) for p in attachments]
        if paths and turn_id:
            listing = self._attachment_list(turn_id)
            listing.lines.extend(_AttachmentLine(Path(p).name or p, p) for p in paths)
            self._render_attachments(listing)
        return message

    def _open_message(
        self, turn_id: str, role: str, label: str | None, branch: BranchPosition | None = None
    ) -> _Message:
        """A new message frame at the end of the layout: its header (``label``; None for an
        answer that continues after a tool card: an empty, flat header), then the slot.

        The frame is always [header][body blocks…][slot]. The body grows by insertions right
        after ``stable_end`` (never by deleting a block boundary: Qt keeps the later block's
        format when two blocks merge); while streaming, the tail occupies the slot and what
        follows it, and is cleared back to the one slot block; afterwards the slot holds the
        footer, or stays empty and flat."""
        self._seal_stream()
        cursor = self._cursor_at_end()
        fmt = QTextFrameFormat()
        fmt.setBorder(0)
        fmt.setTopMargin(6 if label is not None else 0)
        frame = cursor.insertFrame(fmt)
        message = _Message(frame=frame, turn_id=turn_id, role=role, has_header=label is not None)
        head = frame.firstCursorPosition()
        if label is not None:
            header = QTextCharFormat()
            header.setFontWeight(QFont.Weight.Bold)
            header.setForeground(QColor(getattr(self._palette, role)))
            head.insertText(label, header)
            if branch is not None and branch.count > 1:
                self._insert_branch_switcher(head, branch)
        else:
            head.setBlockFormat(flat_block())
        header_end = head.position()
        head.insertBlock(flat_block(), QTextCharFormat())  # the slot
        # (A cursor kept at the insertion point would have moved along: place it afterwards.)
        message.stable_end = QTextCursor(self.document())
        message.stable_end.setPosition(header_end)
        self._messages[frame] = message
        self._message_order.append(message)
        if role == "assistant":
            self._last_answer[turn_id] = message
        return message

    def _insert_branch_switcher(self, cursor: QTextCursor, branch: BranchPosition) -> None:
        muted = QTextCharFormat()
        muted.setForeground(QColor(self._palette.muted))
        cursor.insertText("   ", QTextCharFormat())
        arrows = ((_LEFT, branch.previous, "previous"), (_RIGHT, branch.next, "next"))
        for arrow, target, name in arrows:
            if arrow == _RIGHT:
                cursor.insertText(f" {branch.label} ", muted)
            if target:
                link = self._link_format(f"{_BRANCH_SCHEME}:{target}", self._palette.link)
                link.setToolTip(f"Show the {name} version ({branch.label})")
                cursor.insertText(arrow, link)
            else:
                cursor.insertText(arrow, muted)

    def _body_range(self, message: _Message) -> tuple[int, int]:
        """The first and last position of a message's body (after its header, before its
        footer)."""
        frame = message.frame
        header = frame.firstCursorPosition().block()
        start = min(header.position() + header.length(), frame.lastPosition())
        if message is self._segment:  # streaming: the tail is part of the body
            return start, frame.lastPosition()
        assert message.stable_end is not None
        return min(start, message.stable_end.position()), message.stable_end.position()

    def message_text(self, message_or_turn: str, role: str = "assistant") -> str:
        """The visible text of a turn's last message of ``role`` (for tests and accessibility)."""
        found = [m for m in self._message_order if m.turn_id == message_or_turn and m.role == role]
        if not found:
            return ""
        self._flush_pending()
        start, end = self._body_range(found[-1])
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        return cursor.selection().toPlainText()

    # -- streaming -------------------------------------------------------------------------------

    @_recorded
    def begin_answer(self, turn_id: str, model: str) -> None:
        """Open the assistant's message for the running turn; text follows by ``append_text``."""
        self._seal_stream()
        at_bottom = self._at_bottom()
        self._streaming_turn = turn_id
        self._streamed = ""
        self.laid_out_chars = 0
        self._segment = self._open_message(turn_id, "assistant", model or "assistant")
        if at_bottom:
            self._scroll_to_end()

    @_recorded
    def append_text(self, turn_id: str, text: str) -> None:
        """Buffer streamed text (only for the turn being streamed); it is laid out at screen
        pace by ``_flush``."""
        if turn_id != self._streaming_turn or not text:
            return
        self._streamed += text
        if self._segment is None:
            # The answer continues after a tool card or a notice: a new message below it.
            at_bottom = self._at_bottom()
            self._segment = self._open_message(turn_id, "assistant", None)
            if at_bottom:
                self._scroll_to_end()
        self._segment.source += text
        if self._replaying:
            self._flush()
            return
        # Throttle, leading edge: text arriving after a quiet frame is laid out at once (it
        # reaches the screen with the next paint); text arriving within a frame of the last
        # layout waits for the rest of that frame, so layouts never exceed one per frame.
        since = (time.monotonic() - self._last_flush) * 1000
        if since >= _FLUSH_MS and not self._flush_timer.isActive():
            self._flush()
        elif not self._flush_timer.isActive():
            self._flush_timer.start(max(1, int(_FLUSH_MS - since)))

    def _flush(self) -> None:
        """Lay out what was streamed since the last flush: new complete blocks once, then the
        tail again."""
        self._flush_timer.stop()
        self._last_flush = time.monotonic()
        if self._segment is not None:
            at_bottom = self._at_bottom()
            self._render(self._segment, final=False)
            self.laid_out_chars = len(self._streamed)
            if at_bottom:
                self._scroll_to_end()

    def _flush_pending(self) -> None:
        if self._flush_timer.isActive():
            self._flush()

    def _seal_stream(self) -> None:
        """Something else is about to go below the streamed message (a tool card, a notice):
        lay the message out completely; text streamed after it opens a new message."""
        segment = self._segment
        if segment is None:
            return
        self._flush_timer.stop()
        self._render(segment, final=True)
        self._segment = None

    def _render(self, message: _Message, *, final: bool) -> None:
        render_body(
            self.document(),
            message,
            self._codes,
            final=final,
            dark=self._dark,
            palette=self._palette,
        )

    @_recorded
    def end_answer(self, turn_id: str, status: str, error: str = "") -> None:
        if turn_id != self._streaming_turn:
            return
        self._seal_stream()
        self._streaming_turn = None
        if status == "cancelled" and self._streamed:
            self._status_line("(stopped — partial answer kept)", "notice")
        elif status != "completed":
            retry = turn_id if _retryable(status) else ""
            self._status_line(_finish_text(status, error), _level(status), retry)
        self._scroll_to_end()

    @_recorded
    def set_turn_footer(self, turn_id: str, text: str) -> None:
        """A discreet grey line under a turn's (last) answer: tokens, cost, time."""
        message = self._last_answer.get(turn_id)
        if message is None or not text:
            return
        if message is self._segment:
            self._seal_stream()
        at_bottom = self._at_bottom()
        assert message.stable_end is not None
        cursor = QTextCursor(self.document())
        cursor.setPosition(message.stable_end.position() + 1)  # the slot
        cursor.setPosition(message.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        fmt = QTextCharFormat()
        fmt.setForeground(QColor(self._palette.muted))
        fmt.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        block = QTextBlockFormat()
        block.setTopMargin(4)
        cursor.setBlockFormat(block)
        cursor.insertText(text, fmt)
        message.footer = text
        if at_bottom:
            self._scroll_to_end()

    @_recorded
    def add_notice(self, text: str, level: str = "info") -> None:
        at_bottom = self._at_bottom()
        self._status_line(text, "error" if level == "error" else "notice")
        if at_bottom:
            self._scroll_to_end()

    @property
    def streamed_text(self) -> str:
        """The raw text (Markdown) streamed into the current (or last) answer."""
        return self._streamed

    def toPlainText(self) -> str:
        """The document's text, including text streamed but not laid out yet."""
        self._flush_pending()
        return super().toPlainText()

    def toHtml(self) -> str:
        self._flush_pending()
        return super().toHtml()

    # -- attachments -----------------------------------------------------------------------------

    @_recorded
    def show_attachment(self, stored: StoredEvent) -> None:
        """Show what reading one attached file gave, on its line under the turn's user message
        (matched by path, else the first file still waiting); a new line if none waits."""
        event = stored.event
        if not isinstance(event, AttachmentAdded):
            return
        self._attachments[str(stored.id)] = stored
        listing = self._attachment_lists.get(stored.turn_id) or self._attachment_list(
            stored.turn_id
        )
        waiting = [line for line in listing.lines if line.stored is None]
        line = next((w for w in waiting if event.source_path and w.path == event.source_path), None)
        line = line or next((w for w in waiting if w.name == event.name), None)
        line = line or (waiting[0] if waiting else None)
        if line is None:
            line = _AttachmentLine(event.name, event.source_path)
            listing.lines.append(line)
        line.stored = stored
        self._render_attachments(listing)

    def attachment_lines(self, turn_id: str) -> list[str]:
        """The visible attachment lines under a turn's user message (for tests and
        accessibility)."""
        listing = self._attachment_lists.get(turn_id)
        if listing is None:
            return []
        cursor = listing.frame.firstCursorPosition()
        cursor.setPosition(listing.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText().split("\u2029")

    def attachment_link(self, stored: StoredEvent) -> str:
        """The href an attachment's line links to."""
        return f"{_ATTACHMENT_SCHEME}:{stored.id}"

    def open_attachment(self, key: str) -> None:
        """Ask the window to show an attachment (``key``: the event id in its link)."""
        stored = self._attachments.get(key)
        if stored is not None:
            self.sig_attachment_requested.emit(stored)

    def _attachment_list(self, turn_id: str) -> _AttachmentList:
        listing = self._attachment_lists.get(turn_id)
        if listing is None:
            self._seal_stream()
            fmt = QTextFrameFormat()
            fmt.setBorder(0)
            fmt.setTopMargin(2)
            frame = self._cursor_at_end().insertFrame(fmt)
            listing = self._attachment_lists[turn_id] = _AttachmentList(frame)
        return listing

    def _render_attachments(self, listing: _AttachmentList) -> None:
        at_bottom = self._at_bottom()
        cursor = listing.frame.firstCursorPosition()
        cursor.setPosition(listing.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        for index, line in enumerate(listing.lines):
            if index:
                cursor.insertBlock()
            self._insert_attachment(cursor, line)
        if at_bottom:
            self._scroll_to_end()

    def _insert_attachment(self, cursor: QTextCursor, line: _AttachmentLine) -> None:
        palette = self._palette
        grey = QTextCharFormat()
        grey.setForeground(QColor(palette.muted))
        if line.stored is None:
            cursor.insertText(f"📎 {line.name}", grey)
            return
        event = line.stored.event
        assert isinstance(event, AttachmentAdded)
        failed = bool(event.error_kind or event.error)
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(self.attachment_link(line.stored))
        link.setFontUnderline(True)
        link.setForeground(QColor(palette.error if failed else palette.user))
        link.setToolTip(event.source_path or event.name)
        cursor.insertText("📎 ", QTextCharFormat())
        cursor.insertText(event.name or line.name, link)
        details = attachment_details(event)
        if details:
            cursor.insertText(f" · {details}", grey)
        if failed:
            red = QTextCharFormat()
            red.setForeground(QColor(palette.error))
            cursor.insertText(f" · {attachment_error(event)}", red)
        elif event.truncated:
            note = QTextCharFormat()
            note.setForeground(QColor(palette.notice))
            seen = len(event.text) or event.chars
            cursor.insertText(f" · truncated: the model saw the first {seen:,} characters", note)

    # -- tool cards ------------------------------------------------------------------------------

    @_recorded
    def show_tool_event(self, event: ToolCall | ActionVerdict | ToolResult) -> None:
        """A tool call opens a collapsed card; its verdicts and result update that card."""
        if isinstance(event, ToolCall):
            self._seal_stream()
            cursor = self._cursor_at_end()
            palette = self._palette
            fmt = QTextFrameFormat()
            fmt.setBorder(1)
            fmt.setBorderBrush(QColor(palette.card_border))
            fmt.setPadding(6)
            fmt.setTopMargin(6)
            fmt.setBackground(QColor(palette.card_background))
            frame = cursor.insertFrame(fmt)
            new_card = _ToolCard(frame, event)
            self._cards[event.call_id] = new_card
            self._render_card(new_card)
            return
        card = self._cards.get(event.call_id)
        if card is None:
            return
        if isinstance(event, ActionVerdict):
            card.verdicts.append(event)
        else:
            card.result = event
        self._render_card(card)

    @_recorded
    def toggle_tool_card(self, call_id: str) -> None:
        card = self._cards.get(call_id)
        if card is not None:
            card.expanded = not card.expanded
            self._render_card(card)

    def tool_card_text(self, call_id: str) -> str:
        """The card's visible text (for tests and accessibility)."""
        card = self._cards[call_id]
        cursor = card.frame.firstCursorPosition()
        cursor.setPosition(card.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText().replace("\u2029", "\n")

    def _render_card(self, card: _ToolCard) -> None:
        at_bottom = self._at_bottom()
        palette = self._palette
        cursor = card.frame.firstCursorPosition()
        cursor.setPosition(card.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        call = card.call
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(f"{_TOOL_SCHEME}:{call.call_id}")
        link.setFontWeight(QFont.Weight.Bold)
        link.setForeground(QColor(palette.card_title))
        cursor.insertText(f"{'▾' if card.expanded else '▸'} {call.tool}", link)
        plain = QTextCharFormat()
        cursor.insertText(f"  {_argument_summary(call)}", plain)
        status, colour = _card_status(card, palette)
        if status:
            mark = QTextCharFormat()
            mark.setForeground(QColor(colour))
            cursor.insertText(f"  · {status}", mark)
        confined, colour = _card_confinement(card, palette)
        if confined:  # the sandbox a command ran (or would run) in, on the collapsed line too
            mark = QTextCharFormat()
            mark.setForeground(QColor(colour))
            cursor.insertText(f"  · {confined}", mark)
        if card.expanded:
            mono = QTextCharFormat()
            mono.setFontFamilies(["monospace"])
            for line in _card_details(card):
                cursor.insertBlock()
                cursor.insertText(line, mono)
        if at_bottom:
            self._scroll_to_end()

    # -- themes and zoom -------------------------------------------------------------------------

    @property
    def dark(self) -> bool:
        return self._dark

    @property
    def colours(self) -> Palette:
        """The palette in use (for tests and the window's own styling)."""
        return self._palette

    def set_dark(self, dark: bool) -> None:
        """Switch palettes and lay out what is shown again with the new colours."""
        if dark == self._dark:
            return
        self._dark = dark
        self._palette = palette_for(dark)
        if dark:
            pal = QPalette(self._system_palette)
            pal.setColor(QPalette.ColorRole.Base, QColor(self._palette.background))
            pal.setColor(QPalette.ColorRole.Text, QColor(self._palette.text))
            pal.setColor(QPalette.ColorRole.Link, QColor(self._palette.link))
            self.setPalette(pal)
        else:
            self.setPalette(self._system_palette)
        self._relayout()

    def set_font_point_size(self, points: float) -> None:
        """The base font size of the transcript (the window drives zoom); headings, code and
        footers are sized relative to it."""
        if points <= 0:
            raise ValueError(f"a font size must be positive, not {points}")
        font = QFont(self.document().defaultFont())
        font.setPointSizeF(points)
        self.document().setDefaultFont(font)

    def _relayout(self) -> None:
        """Lay out everything shown again: the saved events (from the same first turn), then the
        live calls made since, replayed."""
        bar = self.verticalScrollBar()
        at_bottom, value = self._at_bottom(), bar.value()
        streaming = self._streaming_turn
        first = self._first_loaded
        ops = list(self._live_ops)
        self._clear_document()
        self._reset_state()
        self._programmatic_scroll += 1
        try:
            if self._events:
                self._lay_out_saved(first_group=first)
            self._replaying = True
            self._record_depth += 1
            try:
                for name, args, kwargs in ops:
                    getattr(self, name)(*args, **kwargs)
            finally:
                self._record_depth -= 1
                self._replaying = False
            self._live_ops = ops
            if at_bottom:
                self._scroll_to_end()
            else:
                bar.setValue(value)
        finally:
            self._programmatic_scroll -= 1
        assert streaming == self._streaming_turn

    def _clear_document(self) -> None:
        """Empty the document (a new or reopened conversation, a branch, a theme change).

        ``clear()`` deletes every frame first, then lays out the empty document, which moves the
        scroll bar: ``scrollContentsBy`` and ``_on_scrolled`` run in the middle of it. Nothing
        may point at a message then: the hover toolbar kept its message, whose frame was by then
        a deleted C++ object, and the RuntimeError raised inside that C++-called override made
        PySide (6.11) crash with SIGSEGV (issue 13). So the toolbar lets go of its message
        before, and the scroll handlers do nothing during, the clear."""
        self._flush_timer.stop()
        self._toolbar.hide()
        self._toolbar.message = None
        self._clearing += 1
        try:
            self.clear()
        finally:
            self._clearing -= 1

    def _record(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        ops = self._live_ops
        if name == "append_text" and ops and ops[-1][0] == "append_text":
            (turn_id, text), (previous_turn, previous) = args, ops[-1][1]
            if turn_id == previous_turn:
                ops[-1] = (name, (turn_id, previous + text), {})
                return
        ops.append((name, args, kwargs))

    # -- message actions -------------------------------------------------------------------------

    def message_at(self, pos: QPoint) -> _Message | None:
        """The message under a viewport position (None between messages)."""
        return self._message_of(self.cursorForPosition(pos))

    def _message_of(self, cursor: QTextCursor) -> _Message | None:
        frame: QTextFrame | None = cursor.currentFrame()
        while frame is not None:
            message = self._messages.get(frame)
            if message is not None:
                return message
            frame = frame.parentFrame()
        return None

    def message_rect(self, message: _Message) -> QRect:
        """Where a message is, in viewport coordinates."""
        rect = self.document().documentLayout().frameBoundingRect(message.frame).toRect()
        return rect.translated(
            -self.horizontalScrollBar().value(), -self.verticalScrollBar().value()
        )

    def turn_top(self, turn_id: str) -> int | None:
        """Where the first laid-out message of ``turn_id`` starts, in viewport coordinates."""
        message = next((m for m in self._message_order if m.turn_id == turn_id), None)
        return None if message is None else self.message_rect(message).top()

    def keep_turn_at(self, turn_id: str, top: int) -> None:
        """Scroll so ``turn_id``'s first message starts at ``top`` (viewport coordinates), laying
        out earlier turns first if it is above them (a branch switch keeps its place)."""
        while self.turn_top(turn_id) is None and self.load_earlier():
            pass
        now = self.turn_top(turn_id)
        if now is not None:
            bar = self.verticalScrollBar()
            bar.setValue(bar.value() + now - top)

    @property
    def message_toolbar(self) -> _MessageToolbar:
        return self._toolbar

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._hover(event.position().toPoint())

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave and not self._toolbar.underMouse():
            self._toolbar.hide()
        return super().viewportEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        message = self._toolbar.message
        if self._clearing or message is None or not self._toolbar.isVisible():
            return
        try:
            self._place_toolbar(message)
        except RuntimeError:  # its frame is gone: an exception must never leave this override
            self._toolbar.hide()
            self._toolbar.message = None

    def _hover(self, pos: QPoint) -> None:
        message = self.message_at(pos)
        if message is None or not self.message_rect(message).contains(pos):
            self._toolbar.hide()
            return
        if self._toolbar.message is not message or not self._toolbar.isVisible():
            self._toolbar.show_for(message)
        self._place_toolbar(message)

    def _place_toolbar(self, message: _Message) -> None:
        rect = self.message_rect(message)
        bar = self._toolbar
        x = min(rect.right(), self.viewport().width()) - bar.width() - 4
        # On the header line, nudged up into the gap above the message so it never covers the
        # first line of the body (a code block's Copy link sits there); stays in view while a
        # long message is scrolled.
        y = max(max(rect.top(), 0) - 6, 0)
        bar.move(max(0, x), y)

    def _act(self, action: str, message: _Message | None = None) -> None:
        message = message or self._toolbar.message
        if message is None:
            return
        if action == "copy":
            if message is self._segment:
                self._flush_pending()
            QGuiApplication.clipboard().setText(message.source)
            self.sig_copied.emit("Message copied")
        elif action == "copy_text":
            QGuiApplication.clipboard().setText(self._plain_text_of(message))
            self.sig_copied.emit("Message copied as text")
        elif action == "regenerate":
            self.sig_regenerate_requested.emit(message.turn_id)
        elif action == "edit":
            self.sig_edit_requested.emit(message.turn_id)

    def _plain_text_of(self, message: _Message) -> str:
        if message.role != "assistant":
            return message.source
        # Laid out once more without the code blocks' headers ("python", "Copy").
        document = QTextDocument()
        rendered = render_markdown(message.source, dark=self._dark, code_header=False)
        document.setHtml(rendered.html)
        return document.toPlainText().strip()

    def message_menu(self, message: _Message, menu: QMenu | None = None) -> QMenu:
        """The actions on one message, as a menu; with ``menu``, put them at its top."""
        menu = menu or QMenu(self)
        menu.setAccessibleName("Message actions")
        first = menu.actions()[0] if menu.actions() else None
        entries = [("Copy", "copy")]
        if message.role == "assistant":
            entries += [("Copy as text", "copy_text"), ("Regenerate", "regenerate")]
        else:
            entries += [("Edit", "edit")]
        for text, action_name in entries:
            action = QAction(text, menu)
            action.triggered.connect(functools.partial(self._act, action_name, message))
            menu.insertAction(first, action)  # type: ignore[arg-type]  # None: append
        if first is not None:
            menu.insertSeparator(first)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() == QContextMenuEvent.Reason.Mouse:
            message = self.message_at(event.pos())
            self._popup_menu(message, event.pos())
        else:
            self._keyboard_menu()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        shift_f10 = (
            event.key() == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        if shift_f10 or event.key() == Qt.Key.Key_Menu:
            event.accept()
            self._keyboard_menu()
            return
        super().keyPressEvent(event)

    def _keyboard_menu(self) -> None:
        """The context menu from the keyboard: for the message at the text cursor, else the last
        message; it opens over that message."""
        message = self._message_of(self.textCursor())
        if message is None and self._message_order:
            message = self._message_order[-1]
        if message is None:
            self._popup_menu(None, self.cursorRect().center())
            return
        rect = self.message_rect(message)
        top = max(0, min(rect.top(), self.viewport().height() - 20))
        self._popup_menu(message, QPoint(max(0, rect.left()) + 20, top + 10))

    def _popup_menu(self, message: _Message | None, pos: QPoint) -> None:
        offset = QPoint(self.horizontalScrollBar().value(), self.verticalScrollBar().value())
        menu = self.createStandardContextMenu(pos + offset)
        if message is not None:
            self.message_menu(message, menu)
            # One Copy, not two: the selection when there is one, else the whole message.
            actions = menu.actions()
            standard = next((a for a in actions if a.objectName() == "edit-copy"), None)
            if standard is not None:
                if self.textCursor().hasSelection():
                    ours = next(a for a in actions if a.text() == "Copy")
                    ours.triggered.disconnect()
                    ours.triggered.connect(self.copy)
                menu.removeAction(standard)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # popup(), not exec(): the menu does not block, and tests can drive it.
        menu.popup(self.viewport().mapToGlobal(pos))

    # -- layout helpers --------------------------------------------------------------------------

    def _cursor_at_end(self) -> QTextCursor:
        if self._container is not None:
            return self._container.lastCursorPosition()
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        return cursor

    def _new_block(self, cursor: QTextCursor, top_margin: float) -> None:
        """Start a line at ``cursor`` (the end): the empty line left after a frame is reused; the
        document's first line is kept for the "Show earlier" link."""
        block = QTextBlockFormat()
        block.setTopMargin(top_margin)
        if cursor.block().length() == 1 and cursor.block().position() > 0:
            cursor.setBlockFormat(block)
            cursor.setCharFormat(QTextCharFormat())
        else:
            cursor.insertBlock(block, QTextCharFormat())

    def _link_format(self, href: str, colour: str) -> QTextCharFormat:
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(href)
        link.setFontUnderline(True)
        link.setForeground(QColor(colour))
        return link

    def _status_line(self, text: str, role: str, retry_turn: str = "") -> QTextCursor:
        """A line in italics (a notice, how a turn ended); returns a cursor at its start."""
        self._seal_stream()
        cursor = self._cursor_at_end()
        self._new_block(cursor, 4)
        start = QTextCursor(cursor)
        fmt = QTextCharFormat()
        fmt.setFontItalic(True)
        fmt.setForeground(QColor(getattr(self._palette, role)))
        cursor.insertText(text, fmt)
        if retry_turn:
            link = self._link_format(f"{_RETRY_SCHEME}:{retry_turn}", self._palette.user)
            link.setFontWeight(QFont.Weight.Bold)
            cursor.insertText("  ", QTextCharFormat())
            cursor.insertText("↻ Retry", link)
        return start

    def _on_anchor(self, url: QUrl) -> None:
        scheme = url.scheme()
        if scheme == _RETRY_SCHEME:
            self.sig_retry_requested.emit(url.path())
        elif scheme == _TOOL_SCHEME:
            self.toggle_tool_card(url.path())
        elif scheme == _ATTACHMENT_SCHEME:
            self.open_attachment(url.path())
        elif scheme == COPY_SCHEME:
            self.copy_code(int(url.path()) if url.path().isdigit() else -1)
        elif scheme == _BRANCH_SCHEME:
            self.sig_branch_requested.emit(url.path())
        elif scheme == _EARLIER_SCHEME:
            self.load_earlier()
        elif scheme in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def copy_code(self, index: int) -> bool:
        """Put a code block's code on the clipboard (``index``: the number in its Copy link)."""
        code = self._codes.code.get(index)
        if code is None:
            return False
        QGuiApplication.clipboard().setText(code)
        self.sig_copied.emit("Code copied")
        return True

    def _at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        self._programmatic_scroll += 1
        try:
            bar.setValue(bar.maximum())
        finally:
            self._programmatic_scroll -= 1


_TYPE_LABELS = {
    "application/pdf": "PDF",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
    "application/msword": "Word",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
    "application/vnd.ms-excel": "Excel",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint",
    "application/vnd.ms-powerpoint": "PowerPoint",
    "application/epub+zip": "EPUB",
    "application/json": "JSON",
    "application/zip": "ZIP",
    "text/plain": "Text",
    "text/csv": "CSV",
    "text/markdown": "Markdown",
    "text/html": "HTML",
}


def attachment_type(event: AttachmentAdded) -> str:
    """A short type for people: ``PDF``, ``Excel``, ``PNG image``, ``CSV``… (as the chips say)."""
    media = (event.image_media_type or event.media_type).split(";")[0].strip().lower()
    if media in _TYPE_LABELS:
        return _TYPE_LABELS[media]
    if media.startswith("image/"):
        sub = media.removeprefix("image/")
        return f"{'JPEG' if sub in ('jpeg', 'jpg') else sub.upper()} image"
    return file_kind(event.name)[1]


def attachment_units(event: AttachmentAdded) -> str:
    """``20 pages``, ``1 sheet``, ``10 slides`` ("" when the format has none)."""
    if not event.units or not event.unit:
        return ""
    unit = event.unit.removesuffix("s") if event.unit.endswith("s") else event.unit
    return f"{event.units} {unit}{'' if event.units == 1 else 's'}"


def attachment_details(event: AttachmentAdded) -> str:
    """Type, size and pages/sheets/slides, joined with `` · `` (what is known)."""
    parts = [attachment_type(event)]
    if event.size:
        parts.append(human_size(event.size))
    parts.append(attachment_units(event))
    return " · ".join(p for p in parts if p)


def attachment_error(event: AttachmentAdded) -> str:
    """Why the file could not be used, for people."""
    reason = event.error or event.error_kind.replace("_", " ")
    return f"not sent: {reason}" if reason else "not sent"


def _finish_text(status: str, error: str) -> str:
    if status == "cancelled":
        return "(stopped)"
    if status == "timed_out":
        return f"Timed out: {error}" if error else "Timed out."
    if status == "interrupted":
        return "(interrupted — Parley closed while this answer was streaming)"
    return f"Failed: {error}" if error else "Failed."


def _argument_summary(call: ToolCall) -> str:
    args = dict(call.arguments)
    if call.arguments_error:
        return "(arguments could not be read)"
    for key in ("command", "path", "name", "pattern"):
        if key in args:
            value = str(args[key]).replace("\n", " ")
            return value if len(value) <= 80 else value[:77] + "…"
    return ""


_DECISION_LABELS = {
    "ran": ("ran", "success"),
    "allowed": ("allowed by you", "success"),
    "asked": ("waiting for your permission", "notice"),
    "refused": ("refused", "error"),
    "rejected": ("rejected: the model was asked to correct it", "notice"),
    "dropped": ("dropped", "error"),
    "skipped": ("skipped: already done", "muted"),
}
"""Each decision's words and its colour's name in the palette."""


def _card_status(card: _ToolCard, palette: Palette) -> tuple[str, str]:
    if not card.verdicts:
        return ("checking…", palette.muted)
    last = card.verdicts[-1]
    label, role = _DECISION_LABELS.get(last.decision, (last.decision, "muted"))
    if card.result is not None and last.decision in ("ran", "allowed"):
        label = f"{label} ✓" if card.result.success else f"{label}, failed ✗"
        role = "success" if card.result.success else "error"
    return (label, getattr(palette, role))


def _card_confinement(card: _ToolCard, palette: Palette) -> tuple[str, str]:
    """The sandbox the command runs in, from its latest verdict (``""`` for a tool that is not a
    process, an old record, or a command that was refused: it ran nowhere)."""
    if not card.verdicts or card.verdicts[-1].decision not in ("ran", "allowed", "asked"):
        return ("", "")
    last = card.verdicts[-1]
    confinement = recorded_confinement(last.confinement)
    if confinement is None:
        return ("", "")
    colour = palette.muted if confinement.enforced else palette.notice
    return (confinement_text(last.confinement), colour)


def _card_details(card: _ToolCard) -> list[str]:
    call = card.call
    lines = ["arguments:"]
    if call.arguments_error:
        lines.append(f"  {call.arguments_error}")
    for key, value in dict(call.arguments).items():
        text = str(value)
        if len(text) > 400:
            text = text[:400] + f"… ({len(text)} characters)"
        lines.extend(
            f"  {key}: {line}" if i == 0 else f"    {line}"
            for i, line in enumerate(text.splitlines() or [""])
        )
    for verdict in card.verdicts:
        effect = f" · effect {verdict.effect}" if verdict.effect else ""
        confined = confinement_text(verdict.confinement)
        effect += f" · {confined}" if confined else ""
        lines.append(
            f"verdict: {verdict.decision} ({verdict.source}) · rule {verdict.rule}{effect}"
        )
        if verdict.reason:
            lines.append(f"  {verdict.reason}")
    if card.result is not None:
        lines.append("result:" if card.result.success else "result (failed):")
        text = card.result.result
        if len(text) > _RESULT_PREVIEW_CHARS:
            text = text[:_RESULT_PREVIEW_CHARS] + f"\n… ({len(card.result.result)} characters)"
        lines.extend(f"  {line}" for line in text.splitlines() or [""])
    return lines


def _retryable(status: str) -> bool:
    return status in ("failed", "timed_out")


def _level(status: str) -> str:
    return "notice" if status in ("cancelled", "interrupted") else "error"

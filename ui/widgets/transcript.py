"""The transcript: a conversation shown as a read-only rich-text document.

Why it exists: users read answers here while they stream. Streaming must never re-render the
conversation: each piece of text is inserted at the end of the one document (O(piece)), and a whole
conversation is laid out once when it is opened.

Invariant it keeps: it only renders. It never reads the store or decides anything; the window tells
it what to show (user message, streamed text, the turn's end, notices, attachments).

Attachments: a user message lists its files right under it. While a turn runs the list is known
before the files are read, so each file shows as a plain "📎 name" line in a frame of its own (a
frame keeps its place while the answer streams in below it); when the turn's ``attachment_added``
event arrives, that line becomes a link with the type, size, pages and truncation — or the reason
in red. Clicking the link only asks (``sig_attachment_requested``); the window opens the viewer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QFont,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextFrame,
    QTextFrameFormat,
)
from PySide6.QtWidgets import QTextBrowser, QWidget

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
from ui.widgets.attachment_chips import file_kind, human_size

_HEADER_COLOURS = {
    "user": "#2f6fde",
    "assistant": "#1c8a5a",
    "notice": "#a86b00",
    "error": "#c0392b",
}


_RETRY_SCHEME = "parley-retry"
_TOOL_SCHEME = "parley-tool"
_ATTACHMENT_SCHEME = "parley-attachment"
_RESULT_PREVIEW_CHARS = 4000


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


class TranscriptView(QTextBrowser):
    """Shows one conversation; appends streamed text in place."""

    sig_retry_requested = Signal(str)
    """The user clicked Retry under a failed turn: ``turn_id``."""

    sig_attachment_requested = Signal(object)
    """The user clicked an attachment: its ``StoredEvent`` (holding an ``AttachmentAdded``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transcript")
        # Links are ours to route: Retry stays in the app, web links open in the browser.
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._on_anchor)
        self.setReadOnly(True)
        self.document().setDocumentMargin(16)
        self.setPlaceholderText(
            "Start a conversation: type below and press Ctrl+Enter.\n"
            "Esc stops an answer; the text so far is kept."
        )
        self._streaming_turn: str | None = None
        self._streamed = ""
        self._cards: dict[str, _ToolCard] = {}
        self._attachment_lists: dict[str, _AttachmentList] = {}
        self._attachments: dict[str, StoredEvent] = {}
        # Where each laid-out event is (for scroll_to_event): a cursor at the start of its first
        # block and how many blocks it spans, or the frame that holds it (tool cards, files).
        self._event_marks: dict[int, tuple[QTextCursor, int] | QTextFrame] = {}

    # -- what the window calls -----------------------------------------------------------------

    def clear_conversation(self) -> None:
        self.clear()
        self._streaming_turn = None
        self._streamed = ""
        self._cards = {}
        self._attachment_lists = {}
        self._attachments = {}
        self._event_marks = {}

    def show_events(self, events: list[StoredEvent]) -> None:
        """Lay out a saved conversation in one pass."""
        self.clear_conversation()
        models: dict[str, str] = {}
        attached: dict[str, tuple[str, ...]] = {}
        retried = {
            s.event.retry_of
            for s in events
            if isinstance(s.event, TurnStarted) and s.event.retry_of
        }
        for stored in events:
            event = stored.event
            start = self._cursor_at_end().position()
            if not self.document().isEmpty():
                start += 1  # the event's first block follows the one at the end
            if isinstance(event, TurnStarted):
                models[stored.turn_id] = event.model
                attached[stored.turn_id] = event.attachments
            elif isinstance(event, UserMessage):
                self.add_user_message(
                    event.text, attachments=attached.get(stored.turn_id, ()), turn_id=stored.turn_id
                )
            elif isinstance(event, AttachmentAdded):
                self.show_attachment(stored)
            elif isinstance(event, AssistantText):
                self._header(event.model or "assistant", "assistant")
                self._body(event.text)
                if event.partial:
                    self._status_line("(stopped — partial answer kept)", "notice")
            elif isinstance(event, Notice):
                self.add_notice(event.text, event.level)
            elif isinstance(event, (ToolCall, ActionVerdict, ToolResult)):
                self.show_tool_event(event)
            elif isinstance(event, TurnFinished) and event.status not in ("completed",):
                retry = stored.turn_id if _retryable(event.status) else ""
                if stored.turn_id in retried:
                    retry = ""
                self._status_line(
                    _finish_text(event.status, event.error), _level(event.status), retry
                )
            self._mark_event(stored, start)
        self._scroll_to_end()

    def scroll_to_event(self, event_id: int) -> bool:
        """Move the cursor to a laid-out event (a user or assistant message, a notice, a tool
        card, an attachment), select it as a highlight and scroll it into view. False if the
        shown conversation has no such event."""
        mark = self._event_marks.get(event_id)
        if mark is None:
            return False
        if isinstance(mark, QTextFrame):
            cursor = mark.firstCursorPosition()
            cursor.setPosition(mark.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        else:
            where, blocks = mark
            cursor = QTextCursor(where)
            cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
            for _ in range(blocks - 1):
                cursor.movePosition(
                    QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor
                )
            cursor.movePosition(
                QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
            )
        self.setTextCursor(cursor)
        self.ensureCursorVisible()
        return True

    def _mark_event(self, stored: StoredEvent, start: int) -> None:
        event = stored.event
        mark: tuple[QTextCursor, int] | QTextFrame | None = None
        if isinstance(event, (UserMessage, AssistantText, Notice)):
            cursor = QTextCursor(self.document())
            cursor.setPosition(min(start, self._cursor_at_end().position()))
            mark = (cursor, 1 if isinstance(event, Notice) else 2)
        elif isinstance(event, (ToolCall, ActionVerdict, ToolResult)):
            card = self._cards.get(event.call_id)
            mark = card.frame if card is not None else None
        elif isinstance(event, AttachmentAdded):
            listing = self._attachment_lists.get(stored.turn_id)
            mark = listing.frame if listing is not None else None
        if mark is not None:
            self._event_marks[stored.id] = mark

    def add_user_message(
        self, text: str, attachments: Iterable[str | Path] = (), turn_id: str = ""
    ) -> None:
        """The user's message; ``attachments`` (paths) are listed under it, by name, until their
        ``attachment_added`` events (``show_attachment``) fill in what reading them gave."""
        self._header("You", "user")
        self._body(text)
        paths = [str(p) for p in attachments]
        if paths and turn_id:
            listing = self._attachment_list(turn_id)
            listing.lines.extend(_AttachmentLine(Path(p).name or p, p) for p in paths)
            self._render_attachments(listing)
        self._scroll_to_end()

    # -- attachments -----------------------------------------------------------------------------

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
        grey = QTextCharFormat()
        grey.setForeground(QColor("#666666"))
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
        link.setForeground(QColor(_HEADER_COLOURS["error" if failed else "user"]))
        link.setToolTip(event.source_path or event.name)
        cursor.insertText("📎 ", QTextCharFormat())
        cursor.insertText(event.name or line.name, link)
        details = attachment_details(event)
        if details:
            cursor.insertText(f" · {details}", grey)
        if failed:
            red = QTextCharFormat()
            red.setForeground(QColor(_HEADER_COLOURS["error"]))
            cursor.insertText(f" · {attachment_error(event)}", red)
        elif event.truncated:
            note = QTextCharFormat()
            note.setForeground(QColor(_HEADER_COLOURS["notice"]))
            seen = len(event.text) or event.chars
            cursor.insertText(f" · truncated: the model saw the first {seen:,} characters", note)

    def begin_answer(self, turn_id: str, model: str) -> None:
        """Open the assistant's message for the running turn; text follows by ``append_text``."""
        self._streaming_turn = turn_id
        self._streamed = ""
        self._header(model or "assistant", "assistant")
        self._body("")

    def append_text(self, turn_id: str, text: str) -> None:
        """Insert streamed text at the end (only for the turn being streamed)."""
        if turn_id != self._streaming_turn or not text:
            return
        at_bottom = self._at_bottom()
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text, QTextCharFormat())
        self._streamed += text
        if at_bottom:
            self._scroll_to_end()

    def end_answer(self, turn_id: str, status: str, error: str = "") -> None:
        if turn_id != self._streaming_turn:
            return
        self._streaming_turn = None
        if status == "cancelled" and self._streamed:
            self._status_line("(stopped — partial answer kept)", "notice")
        elif status != "completed":
            retry = turn_id if _retryable(status) else ""
            self._status_line(_finish_text(status, error), _level(status), retry)
        self._scroll_to_end()

    def add_notice(self, text: str, level: str = "info") -> None:
        self._status_line(text, "error" if level == "error" else "notice")

    # -- tool cards ------------------------------------------------------------------------------

    def show_tool_event(self, event: ToolCall | ActionVerdict | ToolResult) -> None:
        """A tool call opens a collapsed card; its verdicts and result update that card."""
        if isinstance(event, ToolCall):
            cursor = self._cursor_at_end()
            fmt = QTextFrameFormat()
            fmt.setBorder(1)
            fmt.setBorderBrush(QColor("#c8ccd2"))
            fmt.setPadding(6)
            fmt.setTopMargin(6)
            fmt.setBackground(QColor("#f6f7f9"))
            frame = cursor.insertFrame(fmt)
            card = _ToolCard(frame, event)
            self._cards[event.call_id] = card
            self._render_card(card)
            return
        card = self._cards.get(event.call_id)
        if card is None:
            return
        if isinstance(event, ActionVerdict):
            card.verdicts.append(event)
        else:
            card.result = event
        self._render_card(card)

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
        cursor = card.frame.firstCursorPosition()
        cursor.setPosition(card.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        call = card.call
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(f"{_TOOL_SCHEME}:{call.call_id}")
        link.setFontWeight(QFont.Weight.Bold)
        link.setForeground(QColor("#333333"))
        cursor.insertText(f"{'▾' if card.expanded else '▸'} {call.tool}", link)
        plain = QTextCharFormat()
        cursor.insertText(f"  {_argument_summary(call)}", plain)
        status, colour = _card_status(card)
        if status:
            mark = QTextCharFormat()
            mark.setForeground(QColor(colour))
            cursor.insertText(f"  · {status}", mark)
        if card.expanded:
            mono = QTextCharFormat()
            mono.setFontFamilies(["monospace"])
            for line in _card_details(card):
                cursor.insertBlock()
                cursor.insertText(line, mono)
        if at_bottom:
            self._scroll_to_end()

    @property
    def streamed_text(self) -> str:
        """The text streamed into the current (or last) answer."""
        return self._streamed

    # -- layout helpers --------------------------------------------------------------------------

    def _cursor_at_end(self) -> QTextCursor:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        return cursor

    def _new_block(self, cursor: QTextCursor, top_margin: float) -> None:
        block = QTextBlockFormat()
        block.setTopMargin(top_margin)
        if self.document().isEmpty():
            cursor.setBlockFormat(block)
        else:
            cursor.insertBlock(block)

    def _header(self, label: str, role: str) -> None:
        cursor = self._cursor_at_end()
        self._new_block(cursor, 14)
        fmt = QTextCharFormat()
        fmt.setFontWeight(QFont.Weight.Bold)
        fmt.setForeground(QColor(_HEADER_COLOURS[role]))
        cursor.insertText(label, fmt)

    def _body(self, text: str) -> None:
        cursor = self._cursor_at_end()
        self._new_block(cursor, 2)
        cursor.insertText(text, QTextCharFormat())

    def _status_line(self, text: str, role: str, retry_turn: str = "") -> None:
        cursor = self._cursor_at_end()
        self._new_block(cursor, 4)
        fmt = QTextCharFormat()
        fmt.setFontItalic(True)
        fmt.setForeground(QColor(_HEADER_COLOURS[role]))
        cursor.insertText(text, fmt)
        if retry_turn:
            link = QTextCharFormat()
            link.setAnchor(True)
            link.setAnchorHref(f"{_RETRY_SCHEME}:{retry_turn}")
            link.setFontWeight(QFont.Weight.Bold)
            link.setFontUnderline(True)
            link.setForeground(QColor(_HEADER_COLOURS["user"]))
            cursor.insertText("  ", QTextCharFormat())
            cursor.insertText("↻ Retry", link)

    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() == _RETRY_SCHEME:
            self.sig_retry_requested.emit(url.path())
        elif url.scheme() == _TOOL_SCHEME:
            self.toggle_tool_card(url.path())
        elif url.scheme() == _ATTACHMENT_SCHEME:
            self.open_attachment(url.path())
        elif url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def _at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())


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
    "ran": ("ran", "#1c8a5a"),
    "allowed": ("allowed by you", "#1c8a5a"),
    "asked": ("waiting for your permission", "#a86b00"),
    "refused": ("refused", "#c0392b"),
    "rejected": ("rejected: the model was asked to correct it", "#a86b00"),
    "dropped": ("dropped", "#c0392b"),
    "skipped": ("skipped: already done", "#666666"),
}


def _card_status(card: _ToolCard) -> tuple[str, str]:
    if not card.verdicts:
        return ("checking…", "#666666")
    last = card.verdicts[-1]
    label, colour = _DECISION_LABELS.get(last.decision, (last.decision, "#666666"))
    if card.result is not None and last.decision in ("ran", "allowed"):
        label = f"{label} ✓" if card.result.success else f"{label}, failed ✗"
        colour = "#1c8a5a" if card.result.success else "#c0392b"
    return (label, colour)


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

"""The transcript: a conversation shown as a read-only rich-text document, drawn from its model.

Why it exists: users read answers here while they stream, as formatted Markdown, and act on a
message (copy, regenerate, edit, switch branch). What is shown is a ``ConversationState`` of the
conversation model (``application.conversation_view``, ADR-007): the view keeps the last state it
drew and, given a new one, asks ``changes(old, new)`` and draws only the items that differ.

Invariants it keeps:

- it renders items and forwards intent; it never reads an event nor decides how a turn ended
  (``Outcome.summary``, ``Outcome.retryable``, ``Outcome.footer`` and the tool-card wording say);
- one frame per item, in item order, always appended at the end: drawing a conversation at once
  and item by item give the same document. An item that changed is drawn again in place when it
  can be (a tool card, a notice, an outcome, attachment lines, an answer finishing); otherwise
  everything from it on is cut and drawn again (a notice arriving before streamed text);
- streaming never re-renders the answer: ``appended_text`` gives only the new text, which goes to
  the answer body; a single-shot ~16 ms timer (screen pace) lays it out (``render_body`` commits
  complete blocks once and grows the open one);
- an answer's reasoning is a collapsed header line in the answer's header block (``frames``);
  it appears, opens and closes by writing that block alone, and the answers the user opened
  (``_expanded``, by key) stay open whenever they are drawn again;
- long conversations show the items of their last ``window_turns`` turns; earlier turns are
  prepended on demand ("Show N earlier messages", or scrolling to the very top) without moving
  what the user was looking at;
- a theme change draws ``items(state)`` again with the other palette (nothing is replayed);
- a compaction's divider opens to its summary in place (like a tool card); showing the original
  turns is the state's (``reveal``: the view asks for it with ``sig_reveal_requested`` and keeps
  the divider where it was on the screen); a citation asks for the attachment viewer at the
  excerpt's place (``sig_citation_requested`` with a ``Citation``);
- the text runs in a centred reading column (``column``): the viewport is narrowed to it by the
  view's margins, set on resize and zoom only — never per streamed chunk, and a resize that leaves
  the column's width as it was lays nothing out again.

The old entry points (``add_user_message``, ``begin_answer``, ``append_text``, ``end_answer``,
``show_events``) remain for benchmarks and tests that drive the view without a window: they write
the events a turn would record (``application.conversation_view.scripted``) and draw the result,
through the same reducer.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontInfo,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextBlockFormat,
    QTextCursor,
    QTextFrame,
    QTextFrameFormat,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QWidget

from parley.application.conversation_view import (
    Answer,
    CompactionDivider,
    ConversationState,
    Item,
    Outcome,
    Source,
    ToolCard,
    UserMessage,
    appended_text,
    apply_text,
    changes,
    empty,
    from_events,
    queries,
    scripted,
    turn_events,
)
from parley.domain.transcript.canonical import StoredEvent
from parley.domain.transcript.excerpts import Excerpt
from parley.ui.i18n import translate
from parley.ui.rendering.markdown import Palette, palette_for
from parley.ui.transcript import corners, glyphs
from parley.ui.transcript.column import GUTTER, TOP_BOTTOM, side_margin
from parley.ui.transcript.drawing import DrawnDocument
from parley.ui.transcript.frames import (
    ATTACHMENT_SCHEME,
    BRANCH_SCHEME,
    EARLIER_SCHEME,
    Drawn,
    Message,
    body_source,
)
from parley.ui.transcript.items_index import event_ids, window_start

log = logging.getLogger(__name__)

#: How long after a resize or a zoom the corners wait for Qt's lazy layout to finish (ms).
SETTLE_MS = 150


@dataclass(frozen=True)
class Citation:
    """A citation the user clicked: the excerpt (``source``), the ``attachment_added`` record of
    the file it is from (None: not an attachment of this conversation, e.g. a knowledge
    folder's file), and every excerpt of that file the answer was given, in order (what the
    model saw of a file that was searched rather than sent whole)."""

    source: Source
    attachment: StoredEvent | None
    excerpts: tuple[Excerpt, ...]


class TranscriptView(DrawnDocument):
    """Shows one conversation's items; renders answers as Markdown while they stream."""

    def __init__(self, parent: QWidget | None = None, *, window_turns: int = 12) -> None:
        super().__init__(parent)
        self.setObjectName("transcript")
        self.setAccessibleName(translate("TranscriptView", "Conversation"))
        self.setAccessibleDescription(
            translate(
                "TranscriptView",
                "The messages of the open conversation. Hover a message or press the context-menu "
                "key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; "
                "Enter or Space opens or closes an answer's reasoning or a tool's details.",
            )
        )
        self.setReadOnly(True)
        # No frame: the transcript is the page itself (the chat page shares its base colour).
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.document().setDocumentMargin(TOP_BOTTOM)
        self.setPlaceholderText(
            translate(
                "TranscriptView",
                "Start a conversation: type below and press Ctrl+Enter.\n"
                "Esc stops an answer; the text so far is kept.",
            )
        )
        self.window_turns = window_turns
        self.host.palette = palette_for(False)
        self._system_palette = QPalette(self.palette())
        self.setAutoFillBackground(True)  # (the margins beside the column: see _set_page_palette)
        self._set_page_palette()
        # After a resize or a zoom Qt lays the whole document out again, lazily (in steps, on a
        # timer); measuring a frame for its corners would force that layout at once, in the
        # paint. So corners wait until the layout has settled (square meanwhile).
        self._settling = QTimer(self)
        self._settling.setSingleShot(True)
        self._settling.setInterval(SETTLE_MS)
        self._settling.timeout.connect(self.viewport().update)
        self._laid_out_width = -1  # the viewport width the document was last laid out for
        self.installEventFilter(self)  # (a wheel beside the column: see eventFilter)
        self._prepare_document()
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self._models: dict[str, str] = {}  # (scripted turns) the model an answer is from

    # -- the model -------------------------------------------------------------------------------

    @property
    def state(self) -> ConversationState:
        """The state drawn last."""
        return self._state

    def show_state(self, state: ConversationState) -> None:
        """Draw ``state`` from scratch: its last ``window_turns`` turns (earlier on demand)."""
        self._clear_document()
        # Another conversation, or another path: cards start closed (a summary the user opened
        # stays open: showing the turns it replaced draws the conversation again).
        dividers = {i.key for i in state.items if isinstance(i, CompactionDivider)}
        self._expanded &= dividers
        self._state = state
        items = state.items
        self._first = self._top = window_start(items, len(items), self.window_turns)
        self._draw_from(items, self._first)
        self._update_earlier_link()
        self._scroll_to_end()

    def adopt(self, state: ConversationState) -> None:
        """The same conversation read whole (the window shows the last turns of a long one first):
        if its last items are the ones drawn, keep them and know the others as earlier items;
        else draw it."""
        items, drawn = state.items, self._drawn
        n = len(drawn)
        tail = items[len(items) - n :] if 0 < n <= len(items) else ()
        if not tail or any(d.item != item for d, item in zip(drawn, tail, strict=True)):
            self.show_state(state)
            return
        delta = len(items) - n - self._first
        self._state = state
        self._first += delta
        self._top += delta
        self._update_earlier_link()

    def apply(self, state: ConversationState) -> None:
        """Draw what changed from the state drawn last to ``state``."""
        old = self._state
        if state is old:
            return
        diff = changes(old, state)
        self._state = state
        if not diff:
            return
        old_size = len(old)
        appended = not diff.removed and all(i >= old_size for i, _ in diff.added)
        redraw_from = old_size if appended else diff.start
        for index, before, after in diff.changed:
            if index >= redraw_from:
                break
            if index < self._first:
                continue  # not drawn: it is drawn from the state when loaded
            if not self._update(index - self._first, before, after):
                redraw_from = index
                break
        if redraw_from >= len(state) and not diff.removed:
            return  # only items drawn again in place
        if redraw_from < self._first:  # the path changed above what is drawn: a new window
            self.show_state(state)
            return
        if redraw_from < self._top:  # inside the earlier batches
            self._redraw()
            return
        at_bottom = self._at_bottom()
        if appended and redraw_from == old_size:  # the usual case: new items at the end
            for _, item in diff.added:
                self._drawn.append(self._draw(item))
        else:
            self._cut(redraw_from)
            self._draw_from(state.items, redraw_from)
            # A cut down to the first block leaves it with the format of the block it merged
            # with (a full line, 13 px, on every branch switch): give it its own back.
            self._update_earlier_link()
        if at_bottom:
            self._scroll_to_end()

    def _update(self, at: int, before: Item, after: Item) -> bool:
        """Draw one changed item again in place; False when it cannot be (redraw from it)."""
        drawn = self._drawn[at]
        if after == before:
            updated = True
        elif isinstance(after, Answer) and isinstance(before, Answer):
            updated = self._update_answer(drawn, before, after)
        elif (
            isinstance(after, UserMessage)
            or drawn.frame is None
            or drawn.message is not None
            or (isinstance(after, Outcome) and not (after.summary or after.footer))
        ):
            updated = False
        else:
            drawn.item = after
            at_bottom = self._at_bottom()
            self.host.fill(drawn)
            if at_bottom:
                self._scroll_to_end()
            updated = True
        if updated:
            drawn.item = after
        return updated

    def _update_answer(self, drawn: Drawn, before: Answer, after: Answer) -> bool:
        message = drawn.message
        if message is None or after.continues != before.continues:
            return False
        if after.sources != before.sources:
            self.host.cite(message, after)  # (the links in text laid out later)
        text = appended_text(before, after)
        if text is not None:
            message.source += text
            self._stream(message, after)
            return True
        if body_source(after) != message.source:
            return False
        if not after.streaming:
            self.host.cite(message, after)  # the sources it cites, listed once it is final
        # The model it reports once stored, its reasoning recorded: the header block only.
        at_bottom = self._at_bottom()
        if self.host.write_header(message, after, drawn.expanded) and at_bottom:
            self._scroll_to_end()
        if not after.streaming:
            self._finish(message)
        return True

    def _redraw(self) -> None:
        """Draw the shown items again (a theme change): from the same first item."""
        bar = self.verticalScrollBar()
        at_bottom, value = self._at_bottom(), bar.value()
        first = self._first
        items = self._state.items
        self._clear_document()
        self._first = self._top = min(first, len(items))
        self._programmatic_scroll += 1
        try:
            self._draw_from(items, self._first)
            self._update_earlier_link()
            if at_bottom:
                self._scroll_to_end()
            else:
                bar.setValue(value)
        finally:
            self._programmatic_scroll -= 1

    # -- windowed loading ------------------------------------------------------------------------

    @property
    def earlier_messages(self) -> int:
        """How many messages are not drawn yet (above the window)."""
        if self._first <= 0:
            return 0
        return sum(isinstance(i, UserMessage | Answer) for i in self._state.items[: self._first])

    def load_earlier(self) -> bool:
        """Prepend the previous batch of turns, keeping what the user was looking at in place.
        False if everything is already shown."""
        if self._first <= 0:
            return False
        items = self._state.items
        start = window_start(items, self._first, self.window_turns)
        bar = self.verticalScrollBar()
        layout = self.document().documentLayout()
        old_value, old_height = bar.value(), layout.documentSize().height()
        at_bottom = self._at_bottom()
        cursor = QTextCursor(self.document())
        cursor.setPosition(0)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        batch = cursor.insertFrame(QTextFrameFormat())
        self.host.container = batch
        try:
            drawn = [self._draw(item) for item in items[start : self._first]]
        finally:
            self.host.container = None
        self._drawn = drawn + self._drawn
        self._batches.insert(0, batch)
        self._first = start
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
        if self._first <= 0:
            # Nothing earlier: the reserved first block stays, but takes (almost) no height.
            flat = QTextBlockFormat()
            flat.setLineHeight(1, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
            cursor.setBlockFormat(flat)
            return
        hidden = self.earlier_messages
        block = QTextBlockFormat()
        block.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        block.setBottomMargin(6)
        cursor.setBlockFormat(block)
        link = self.host.link_format(f"{EARLIER_SCHEME}:more", self.host.palette.link)
        words = (
            translate("TranscriptView", "↑ Show 1 earlier message")
            if hidden == 1
            else translate("TranscriptView", "↑ Show {count:,} earlier messages")
        )
        cursor.insertText(words.format(count=hidden), link)

    def _on_scrolled(self, value: int) -> None:
        # The user scrolled to the very top: bring in the previous batch (after this signal,
        # since laying out moves the scroll bar we are being told about).
        busy = self._programmatic_scroll or self._clearing
        if value == 0 and self._first > 0 and not busy:
            QTimer.singleShot(0, self.load_earlier)

    def scroll_to_event(self, event_id: int) -> bool:
        """Select what shows a stored event (a message, a notice, a tool card, an attachment)
        and scroll it into view; earlier batches are drawn first when it is above the window,
        and the turns behind a summary's divider are shown (``sig_reveal_requested``) when it is
        one of theirs. False if the shown conversation has no such event."""
        items = self._state.items
        index = next((i for i, item in enumerate(items) if event_id in event_ids(item)), None)
        if index is None and self._summarised(event_id):
            # In a turn behind the summary's divider: show the original turns first.
            self.sig_reveal_requested.emit(True)
            items = self._state.items
            index = next((i for i, item in enumerate(items) if event_id in event_ids(item)), None)
        if index is None:
            return False
        while index < self._first and self.load_earlier():
            pass
        drawn = self._drawn[index - self._first]
        cursor = QTextCursor(self.document())
        if drawn.message is not None:
            start, end = self._body_range(drawn.message)
            cursor.setPosition(end)
            cursor.setPosition(start, QTextCursor.MoveMode.KeepAnchor)  # its start in view
        elif drawn.frame is not None:
            cursor = drawn.frame.firstCursorPosition()
            cursor.setPosition(drawn.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        else:
            return False
        self._programmatic_scroll += 1
        try:
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
        finally:
            self._programmatic_scroll -= 1
        return True

    def _summarised(self, event_id: int) -> bool:
        """Whether ``event_id`` is an event of a turn hidden behind the divider."""
        divider = next((i for i in self._state.items if isinstance(i, CompactionDivider)), None)
        if divider is None or divider.revealed:
            return False
        return any(
            s.id == event_id
            for turn_id in divider.replaced_turns
            for s in turn_events(self._state, turn_id)
        )

    # -- reading what is shown -------------------------------------------------------------------

    def message_text(self, turn_id: str, role: str = "assistant") -> str:
        """The visible text of a turn's last message of ``role`` (for tests and accessibility)."""
        found = [m for m in self._message_order if m.turn_id == turn_id and m.role == role]
        if not found:
            return ""
        self._flush_pending()
        start, end = self._body_range(found[-1])
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        return cursor.selection().toPlainText()

    def _frame_text(self, frame: QTextFrame) -> str:
        cursor = frame.firstCursorPosition()
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText()

    def attachment_lines(self, turn_id: str) -> list[str]:
        """The visible attachment lines under a turn's user message."""
        for drawn in self._drawn:
            if drawn.item.kind == "attachments" and drawn.item.turn_id == turn_id and drawn.frame:
                # (each line opens with the paperclip image: read as the paperclip it shows)
                text = self._frame_text(drawn.frame).replace("\ufffc", "\N{PAPERCLIP}")
                return text.split("\u2029")
        return []

    def attachment_link(self, stored: StoredEvent) -> str:
        """The href an attachment's line links to."""
        return f"{ATTACHMENT_SCHEME}:{stored.turn_id}/{stored.id}"

    def open_attachment(self, key: str) -> None:
        """Ask the window to show an attachment (``key``: ``turn/event id`` from its link)."""
        turn_id, _, event_id = key.rpartition("/")
        stored = next((s for s in turn_events(self._state, turn_id) if str(s.id) == event_id), None)
        if stored is not None:
            self.sig_attachment_requested.emit(stored)

    # -- summaries and citations -----------------------------------------------------------------

    def _drawn_item(self, key: str) -> Drawn | None:
        return next((d for d in self._drawn if d.item.key == key), None)

    def toggle_summary(self, key: str) -> bool:
        """Open or close a compaction divider's summary (its title link). False when no such
        divider is drawn."""
        drawn = self._drawn_item(key)
        if drawn is None or drawn.frame is None or not isinstance(drawn.item, CompactionDivider):
            return False
        drawn.expanded = not drawn.expanded
        (self._expanded.add if drawn.expanded else self._expanded.discard)(key)
        self.host.fill(drawn)
        return True

    def toggle_originals(self, key: str) -> bool:
        """Ask to show (or hide again) the turns the divider keyed ``key`` stands in for; the
        divider stays where it is on the screen. False when no such divider is drawn."""
        drawn = self._drawn_item(key)
        if drawn is None or not isinstance(drawn.item, CompactionDivider):
            return False
        top = self._frame_top(drawn)
        # (A direct connection: the owner of the state applies ``reveal`` and hands this view
        # the new state before emit returns.)
        self.sig_reveal_requested.emit(not drawn.item.revealed)
        now = self._drawn_item(key)
        if now is not None and top is not None:
            after = self._frame_top(now)
            if after is not None:
                bar = self.verticalScrollBar()
                self._programmatic_scroll += 1
                try:
                    bar.setValue(bar.value() + after - top)
                finally:
                    self._programmatic_scroll -= 1
        return True

    def _frame_top(self, drawn: Drawn) -> int | None:
        if drawn.frame is None:
            return None
        layout = self.document().documentLayout()
        return int(layout.frameBoundingRect(drawn.frame).top()) - self.verticalScrollBar().value()

    def divider_text(self) -> str:
        """The visible text of the drawn compaction divider ("" when there is none; for tests
        and accessibility)."""
        drawn = next((d for d in self._drawn if isinstance(d.item, CompactionDivider)), None)
        if drawn is None or drawn.frame is None:
            return ""
        return self._frame_text(drawn.frame).replace("\u2029", "\n")

    def open_citation(self, target: str) -> bool:
        """Ask for the attachment viewer at a cited excerpt (``target``: ``answer key/n`` from
        the citation's link). False when the answer or the excerpt is not drawn."""
        key, _, number = target.rpartition("/")
        drawn = self._drawn_item(key)
        if drawn is None or not isinstance(drawn.item, Answer) or not number.isdigit():
            return False
        answer = drawn.item
        source = next((s for s in answer.sources if s.number == int(number)), None)
        if source is None:
            return False
        same = tuple(s.excerpt for s in answer.sources if s.document == source.document)
        record = queries.attachment_record(self._state, source.document)
        self.sig_citation_requested.emit(Citation(source, record, same))
        return True

    def link_rects(self, prefix: str) -> list[tuple[str, QRect]]:
        """The links drawn whose href starts with ``prefix`` and where each is (viewport
        coordinates: its click target), in document order."""
        found: list[tuple[str, QRect]] = []
        block = self.document().begin()
        while block.isValid():
            iterator = block.begin()
            while not iterator.atEnd():
                fragment = iterator.fragment()
                iterator += 1
                href = fragment.charFormat().anchorHref()
                if not fragment.isValid() or not href.startswith(prefix):
                    continue
                cursor = QTextCursor(self.document())
                cursor.setPosition(fragment.position())
                left = self.cursorRect(cursor)
                cursor.setPosition(fragment.position() + fragment.length())
                right = self.cursorRect(cursor)
                width = max(1, right.left() - left.left())
                found.append((href, QRect(left.left(), left.top(), width, left.height())))
            block = block.next()
        return found

    @property
    def tool_cards(self) -> dict[str, Drawn]:
        """The tool cards drawn, by call id."""
        return {d.item.call_id: d for d in self._drawn if isinstance(d.item, ToolCard)}

    def toggle_tool_card(self, call_id: str) -> None:
        drawn = self.tool_cards.get(call_id)
        if drawn is None or drawn.frame is None:
            return
        drawn.expanded = not drawn.expanded
        (self._expanded.add if drawn.expanded else self._expanded.discard)(drawn.item.key)
        self.host.fill(drawn)

    def toggle_reasoning(self, key: str) -> bool:
        """Open or close the reasoning of the answer keyed ``key`` (its header's link); it stays
        so while the answer is drawn again (streaming, a theme change). Keyboard focus stays on
        the link. False when no such answer with reasoning is drawn."""
        drawn = next((d for d in self._drawn if d.item.key == key), None)
        if drawn is None or drawn.message is None or not isinstance(drawn.item, Answer):
            return False
        if not drawn.item.reasoning:
            return False
        message = drawn.message
        focused = self._link_focused(message)
        drawn.expanded = not drawn.expanded
        (self._expanded.add if drawn.expanded else self._expanded.discard)(key)
        self.host.write_header(message, drawn.item, drawn.expanded)
        if focused:
            self._focus_reasoning(message)
        return True

    def _link_focused(self, message: Message) -> bool:
        link = self.host.reasoning_link(message)
        cursor = self.textCursor()
        return link is not None and cursor.hasSelection() and cursor.selectionStart() == link[0]

    def _focus_reasoning(self, message: Message) -> None:
        """Select the reasoning link, as Tab does (Enter and Space act on it)."""
        link = self.host.reasoning_link(message)
        if link is None:
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(link[0])
        cursor.setPosition(link[1], QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)

    def reasoning_header(self, turn_id: str) -> str:
        """The reasoning lines shown over a turn's last answer with reasoning ("" when none):
        the disclosure line, and the reasoning under it when open (for tests and
        accessibility)."""
        for drawn in reversed(self._drawn):
            message = drawn.message
            if message is None or drawn.item.turn_id != turn_id:
                continue
            if not isinstance(drawn.item, Answer) or not drawn.item.reasoning:
                continue
            link = self.host.reasoning_link(message)
            if link is None:
                return ""
            block = message.frame.firstCursorPosition().block()
            end = block.position() + block.length() - 1
            cursor = QTextCursor(self.document())
            cursor.setPosition(link[0])
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            return cursor.selectedText().replace("\u2028", "\n")
        return ""

    def reasoning_link_rect(self, turn_id: str) -> QRect | None:
        """Where a turn's last reasoning link is drawn (viewport coordinates): its click
        target."""
        for drawn in reversed(self._drawn):
            if drawn.message is None or drawn.item.turn_id != turn_id:
                continue
            link = self.host.reasoning_link(drawn.message)
            if link is None:
                continue
            cursor = QTextCursor(self.document())
            cursor.setPosition(link[0])
            left = self.cursorRect(cursor)
            cursor.setPosition(link[1])
            right = self.cursorRect(cursor)
            return QRect(left.left(), left.top(), right.left() - left.left(), left.height())
        return None

    def tool_card_text(self, call_id: str) -> str:
        """The card's visible text (for tests and accessibility)."""
        frame = self.tool_cards[call_id].frame
        assert frame is not None
        return self._frame_text(frame).replace("\u2029", "\n")

    def turn_top(self, turn_id: str) -> int | None:
        """Where the first drawn message of ``turn_id`` starts, in viewport coordinates."""
        message = next((m for m in self._message_order if m.turn_id == turn_id), None)
        return None if message is None else self.message_rect(message).top()

    def keep_turn_at(self, turn_id: str, top: int) -> None:
        """Scroll so ``turn_id``'s first message starts at ``top`` (viewport coordinates), drawing
        earlier turns first if it is above them (a branch switch keeps its place)."""
        while self.turn_top(turn_id) is None and self.load_earlier():
            pass
        now = self.turn_top(turn_id)
        if now is not None:
            bar = self.verticalScrollBar()
            bar.setValue(bar.value() + now - top)

    # -- the reading column ----------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        # (Called from C++, for the view and for its viewport: nothing may raise out of it.)
        with contextlib.suppress(RuntimeError):  # the document is going away with the window
            self._fit_column()
            width = self.viewport().width()
            if width == self._laid_out_width:
                # The column kept its width: QTextEdit would lay the whole document out again
                # for any change of the view's width (setPageSize does not compare); told that
                # the width stayed, it only adjusts the scroll bars.
                same = QSize(event.oldSize().width(), event.size().height())
                event = QResizeEvent(same, event.oldSize())
            else:
                self._laid_out_width = width
                self._settling.start()
        super().resizeEvent(event)

    def eventFilter(self, watched: QObject, happened: QEvent) -> bool:
        # The margins beside the column belong to the view, not its viewport, and a scroll area
        # lets a wheel there go by: scroll as over the text. (The view filters its own events.)
        if watched is self and isinstance(happened, QWheelEvent):
            self.wheelEvent(happened)
            return True
        return super().eventFilter(watched, happened)

    def _prepare_document(self) -> None:
        """What the document needs before anything is drawn (at start, after a clear, which
        drops both): its icons, and the reading column."""
        self._register_glyphs()
        self._fit_column()

    def _register_glyphs(self) -> None:
        doc = self.document()
        glyphs.register(doc, self.host.palette, QFontInfo(doc.defaultFont()).pixelSize())

    def _fit_column(self) -> None:
        """Centre the reading column: the viewport itself is narrowed to the column plus the
        document's margins (the view's side margins show the page colour), so resizing a window
        wider than the column changes no text width and lays nothing out again."""
        available = self.contentsRect().width()
        bar = self.verticalScrollBar()
        if bar.isVisible():
            available -= bar.width()
        font_px = QFontInfo(self.document().defaultFont()).pixelSize()
        side = side_margin(available, font_px) - GUTTER  # (the document's margin is the gutter)
        margins = self.viewportMargins()
        if margins.left() != side or margins.right() != side:
            self.setViewportMargins(side, 0, side, 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._settling.isActive():
            return  # (see ``_settling``)
        # (Called from C++: nothing may raise out of it; square corners are the worst case.)
        try:
            # Only what this paint covers (while streaming: the lines that changed).
            rects = self.rounded_blocks(event.rect())
            if rects:
                painter = QPainter(self.viewport())
                corners.paint(painter, rects, self.viewport().palette().base().color())
                painter.end()
        except Exception:  # e.g. a frame went away between layout and paint
            log.debug("rounding the corners failed", exc_info=True)

    def rounded_blocks(self, area: QRect | None = None) -> list[QRectF]:
        """The user blocks and code blocks that meet ``area`` (by default the whole view), as
        drawn (viewport coordinates)."""
        layout = self.document().documentLayout()
        dx, dy = self.horizontalScrollBar().value(), self.verticalScrollBar().value()

        def bounds_of(frame: QTextFrame) -> QRectF:
            return layout.frameBoundingRect(frame).translated(-dx, -dy)

        area = self.viewport().rect() if area is None else area
        view = QRectF(area)
        # Only the messages in view are measured: the positions at the view's corners bound
        # them (cheap hit tests), so a paint costs the same in a long conversation.
        middle = area.center().x()
        top = self.cursorForPosition(QPoint(middle, area.top())).position()
        bottom = self.cursorForPosition(QPoint(middle, area.bottom())).position()
        code = self.host.palette.code_background
        users: list[QRectF] = []
        codes: list[QRectF] = []
        for message in self.host.messages.values():
            frame = message.frame
            if frame.lastPosition() < top or frame.firstPosition() > bottom:
                continue
            bounds = bounds_of(message.frame)
            if not bounds.intersects(view):
                continue
            if message.role == "user":
                users.append(corners.background_rect(message.frame, bounds))
            else:
                codes.extend(corners.code_tables(message.frame, bounds_of, view, code))
        return users + corners.merge(codes)

    def branch_arrows(self) -> list[tuple[str, str, QRect]]:
        """The branch switchers' live chevrons drawn: ("previous" or "next", the sibling turn
        it shows, where it is in viewport coordinates: its click target)."""
        found = []
        for message in self._message_order:
            if message.role != "user":
                continue
            block = message.frame.firstCursorPosition().block()
            iterator = block.begin()
            while not iterator.atEnd():
                fragment = iterator.fragment()
                iterator += 1
                fmt = fragment.charFormat()
                href = fmt.anchorHref()
                if not (fmt.isImageFormat() and href.startswith(f"{BRANCH_SCHEME}:")):
                    continue
                name = fmt.toImageFormat().name()
                direction = next(d for d, names in glyphs.CHEVRONS.items() if name in names)
                cursor = QTextCursor(self.document())
                cursor.setPosition(fragment.position())
                left = self.cursorRect(cursor)
                cursor.setPosition(fragment.position() + 1)
                right = self.cursorRect(cursor)
                rect = QRect(left.left(), left.top(), right.left() - left.left(), left.height())
                found.append((direction, href.partition(":")[2], rect))
        return found

    @property
    def settled(self) -> bool:
        """Whether the last resize or zoom has settled (the corners are drawn again)."""
        return not self._settling.isActive()

    @property
    def column_rect(self) -> QRect:
        """Where the reading column's text runs, in the view's own coordinates."""
        viewport = self.viewport().geometry()
        return viewport.adjusted(GUTTER, 0, -GUTTER, 0)

    # -- themes and zoom -------------------------------------------------------------------------

    @property
    def dark(self) -> bool:
        return self.host.dark

    @property
    def colours(self) -> Palette:
        """The palette in use (for tests and the window's own styling)."""
        return self.host.palette

    def set_dark(self, dark: bool) -> None:
        """Switch palettes and draw the shown items again with the new colours (``palette_for``
        also knows whether the theme is the high-contrast one: a switch between dark and high
        contrast keeps ``dark`` but changes the palette)."""
        palette = palette_for(dark)
        if dark == self.host.dark and palette == self.host.palette:
            return
        self.host.dark = dark
        self.host.palette = palette
        self._register_glyphs()
        self._set_page_palette()
        self._redraw()

    def _set_page_palette(self) -> None:
        """The view's colours: the system's in the light theme, the transcript's page in the dark
        one; and the margins beside the column (the view's own background) in the page colour."""
        pal = QPalette(self._system_palette)
        if self.host.dark:
            pal.setColor(QPalette.ColorRole.Base, QColor(self.host.palette.background))
            pal.setColor(QPalette.ColorRole.Text, QColor(self.host.palette.text))
            pal.setColor(QPalette.ColorRole.Link, QColor(self.host.palette.link))
        pal.setColor(QPalette.ColorRole.Window, pal.color(QPalette.ColorRole.Base))
        self.setPalette(pal)

    def set_font_point_size(self, points: float) -> None:
        """The base font size of the transcript (the window drives zoom); headings, code and
        footers are sized relative to it."""
        if points <= 0:
            raise ValueError(f"a font size must be positive, not {points}")
        font = QFont(self.document().defaultFont())
        font.setPointSizeF(points)
        self.document().setDefaultFont(font)
        self._prepare_document()  # the icons and the column scale with the font
        self._settling.start()

    # -- driving the view without a window (benchmarks, tests) -----------------------------------

    def clear_conversation(self) -> None:
        self._clear_document()
        self._state = empty()
        self._rope = None
        self.laid_out_chars = 0
        self._expanded.clear()
        self._models.clear()

    def show_events(self, events: Iterable[StoredEvent]) -> None:
        """Draw a saved conversation (the path through its last turn)."""
        self._rope = None
        self.show_state(from_events(events))

    def add_user_message(
        self, text: str, attachments: Iterable[str | Path] = (), turn_id: str = ""
    ) -> None:
        """A turn begins with the user's message (``attachments``: paths, listed under it)."""
        paths = [str(p) for p in attachments] if turn_id else []
        self.apply(scripted.ask(self._state, turn_id, text, attachments=paths))
        self._scroll_to_end()

    def begin_answer(self, turn_id: str, model: str) -> None:
        """The answer of ``turn_id`` is about to stream (from ``model``)."""
        self._models[turn_id] = model
        self._rope = None
        self.laid_out_chars = 0
        self.apply(scripted.start(self._state, turn_id, model))

    def append_text(self, turn_id: str, text: str) -> None:
        """Text streamed into ``turn_id``'s answer (laid out at screen pace)."""
        self.apply(apply_text(self._state, turn_id, text))

    def end_answer(self, turn_id: str, status: str, error: str = "") -> None:
        """The turn ends: its streamed text is stored and its outcome recorded."""
        model = self._models.pop(turn_id, "")
        self.apply(scripted.finish(self._state, turn_id, status, error, model=model))

    def add_notice(self, text: str, level: str = "info") -> None:
        """A line at the end that is not part of the conversation (help text): it goes away
        with the next redraw."""
        at_bottom = self._at_bottom()
        frame = self.host.cursor_at_end().insertFrame(QTextFrameFormat())
        self.host.line(frame.firstCursorPosition(), text, "error" if level == "error" else "notice")
        if at_bottom:
            self._scroll_to_end()

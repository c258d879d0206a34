"""The transcript's document: the frames of the items drawn, and the streamed answer's pace.

Why it exists: ``TranscriptView`` decides *which* items to draw from the difference between two
states; this base class keeps *what is drawn*: one ``Drawn`` record per item shown, in item order
(``_drawn`` is ``state.items[_first:]``), the answer being streamed into and the ~16 ms timer that
lays its text out at screen pace. It draws (``FrameHost``), cuts the document after an item, and
clears it — safely for the hover toolbar.

Invariants it keeps:

- ``_drawn`` and the document agree: a frame is only ever appended at the end (or into a batch of
  earlier items), and cutting removes the frames of exactly the items dropped from ``_drawn``;
- streamed text is laid out at most once a frame (leading edge: text after a quiet frame at
  once), and always before the text is read (``toPlainText``, ``toHtml``, Copy);
- nothing points at a message while its frame is deleted (the toolbar lets go first; the scroll
  handlers do nothing during a cut or a clear): a Python exception inside a C++-called override
  crashed PySide with SIGSEGV (issue 13).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextCursor, QTextFrame
from PySide6.QtWidgets import QWidget

from parley.application.conversation_view import (
    Answer,
    CompactionDivider,
    ConversationState,
    Item,
    Rope,
    TextPart,
    ToolCard,
    empty,
)
from parley.ui.transcript.actions import MessageActions
from parley.ui.transcript.frames import Drawn, Message

#: How long streamed text waits before it is laid out: about one screen refresh.
_FLUSH_MS = 16


class DrawnDocument(MessageActions):
    """What is drawn (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(_FLUSH_MS)
        self._flush_timer.timeout.connect(self._flush)
        self._last_flush = 0.0  # time.monotonic() of the last layout of streamed text
        #: How much of the streamed text (``streamed_text``) is laid out (for measurements).
        self.laid_out_chars = 0
        self._state: ConversationState = empty()
        self._drawn: list[Drawn] = []  # the items drawn: state.items[_first:], in order
        self._first = 0  # the index (in the state's items) of the first item drawn
        self._top = 0  # the first item drawn at the top level (earlier ones are in batches)
        self._batches: list[QTextFrame] = []  # prepended earlier items, in document order
        self._segment: Message | None = None  # the streaming answer's message
        self._rope: Rope | None = None  # the text streamed into the current (or last) answer
        # The tool cards, answers' reasoning and summaries the user opened (by item key).
        self._expanded: set[str] = set()

    # -- drawing ---------------------------------------------------------------------------------

    def _draw_from(self, items: Sequence[Item], start: int) -> None:
        for item in items[start:]:
            self._drawn.append(self._draw(item))

    def _draw(self, item: Item) -> Drawn:
        # (An answer's reasoning the user opened stays open when the answer is drawn again.)
        drawn = self.host.draw(
            item, expanded=isinstance(item, Answer) and item.key in self._expanded
        )
        opens = isinstance(item, ToolCard | CompactionDivider)
        if opens and item.key in self._expanded and drawn.frame is not None:
            drawn.expanded = True
            self.host.fill(drawn)
        if isinstance(item, Answer) and item.streaming and drawn.message is not None:
            self._segment = drawn.message
            last = item.parts[-1]
            assert isinstance(last, TextPart)
            self._rope = last.rope
            self.laid_out_chars = last.rope.length
        return drawn

    def _stream(self, message: Message, answer: Answer) -> None:
        """Streamed text went into ``message``: lay it out at screen pace."""
        last = answer.parts[-1]
        assert isinstance(last, TextPart)
        self._segment, self._rope = message, last.rope
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
        open block grown (or the tail again)."""
        self._flush_timer.stop()
        self._last_flush = time.monotonic()
        if self._segment is not None:
            at_bottom = self._at_bottom()
            self._render(self._segment, final=False)
            self.laid_out_chars = self._rope.length if self._rope is not None else 0
            if at_bottom:
                self._scroll_to_end()

    def _flush_pending(self) -> None:
        if self._flush_timer.isActive():
            self._flush()

    def _finish(self, message: Message) -> None:
        """The answer's text is stored: lay it out completely."""
        if message is self._segment:
            self._flush_timer.stop()
            self._segment = None
            self.laid_out_chars = self._rope.length if self._rope is not None else 0
        at_bottom = self._at_bottom()
        self._render(message, final=True)
        if at_bottom:
            self._scroll_to_end()

    def _render(self, message: Message, *, final: bool) -> None:
        self.host.render(message, final=final)

    def _open_message(self, turn_id: str, role: str, label: str | None) -> Message:
        """A message frame at the end (for measurements of the body's layout alone)."""
        return self.host.open_message(turn_id, role, label)

    def _cut(self, index: int) -> None:
        """Delete the frames of the items from ``index`` (in the state's items) on."""
        keep = index - self._first
        gone, self._drawn = self._drawn[keep:], self._drawn[:keep]
        for drawn in gone:
            if drawn.message is not None:
                self.host.messages.pop(drawn.message.frame, None)
                if drawn.message is self._segment:
                    self._flush_timer.stop()
                    self._segment = None
        # The last frame kept at the top level (earlier items sit in batch frames above them).
        top_level = self._drawn[self._top - self._first :]
        last = next((d.frame for d in reversed(top_level) if d.frame is not None), None)
        if last is None:
            last = self._batches[-1] if self._batches else None
        cursor = QTextCursor(self.document())
        if last is not None:
            cursor.setPosition(last.lastPosition() + 1)
        else:
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)  # the first line stays
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        self._toolbar.release()
        self._clearing += 1
        try:
            cursor.removeSelectedText()
        finally:
            self._clearing -= 1

    def _clear_document(self) -> None:
        """Empty the document.

        ``clear()`` deletes every frame first, then lays out the empty document, which moves the
        scroll bar: ``scrollContentsBy`` and ``_on_scrolled`` run in the middle of it. Nothing
        may point at a message then (a RuntimeError inside that C++-called override made PySide
        crash with SIGSEGV, issue 13): the toolbar lets go of its message before, and the scroll
        handlers do nothing during, the clear."""
        self._flush_timer.stop()
        self._toolbar.release()
        self._clearing += 1
        try:
            self.clear()
        finally:
            self._clearing -= 1
        self._prepare_document()  # clear() dropped the icons and the column's margins
        self._drawn, self._batches = [], []
        self._first = self._top = 0
        self._segment = None
        self.host.messages.clear()
        self.host.codes.code.clear()
        self.host.codes.next = 0
        self.host.container = None

    # -- reading what is shown -------------------------------------------------------------------

    @property
    def _message_order(self) -> list[Message]:
        """The messages drawn, in document order."""
        return sorted(self.host.messages.values(), key=lambda m: m.frame.firstPosition())

    def _body_range(self, message: Message) -> tuple[int, int]:
        """The first and last position of a message's body (after its header)."""
        frame = message.frame
        header = frame.firstCursorPosition().block()
        start = min(header.position() + header.length(), frame.lastPosition())
        if message is self._segment:  # streaming: the tail is part of the body
            return start, frame.lastPosition()
        assert message.stable_end is not None
        return min(start, message.stable_end.position()), message.stable_end.position()

    @property
    def streamed_text(self) -> str:
        """The raw text (Markdown) streamed into the current (or last) answer."""
        return self._rope.text if self._rope is not None else ""

    def toPlainText(self) -> str:
        """The document's text, including text streamed but not laid out yet."""
        self._flush_pending()
        return super().toPlainText()

    def toHtml(self) -> str:
        self._flush_pending()
        return super().toHtml()

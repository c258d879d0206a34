"""The line above the composer that says an answer is on its way, with the seconds waited.

Why it exists: between Send and the first token a model may think for many seconds; small grey
text in the status line was the only sign that anything was happening. Every peer shows a moving
mark and, for a long wait, how long it has been. This widget is that mark: three pulsing dots,
"Thinking…" and the elapsed seconds, then — when the model streams its reasoning — the latest
line of it, muted and elided (as ChatGPT and Claude show a reasoning model at work). The chat
side starts it when a turn starts and stops it when the first text arrives (or the turn ends).

Invariants it keeps:

- it is a widget of its own, outside the transcript's ``QTextDocument``: a tick repaints these
  few pixels only, never the conversation (the streaming budgets stay as they were);
- its owner floats it over the foot of the transcript's viewport (never in a layout): showing
  and hiding it resize nothing; it paints its whole rectangle in the viewport's colour
  (``set_background``), so Qt repaints no widget under it on a frame;
- the animation timer runs only while it is shown; a stopped indicator costs nothing;
- time comes from an injectable clock (``time.monotonic`` by default), so a test can say "five
  seconds later" without waiting; the frame timer only asks for a repaint and a new label;
- reasoning costs nothing per chunk: ``add_reasoning`` keeps only the last few hundred
  characters, and the line shown changes at most every ``REASONING_EVERY_S`` (on a frame tick;
  the first line at once), never faster than a person can read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from parley.ui.i18n import translate

#: How often the dots move (and the seconds are read again).
FRAME_MS = 120
#: Seconds of waiting before the count is shown (a quick answer shows only the dots and words).
SHOW_SECONDS_AFTER = 1.0
#: The dots' count and their phase offset, in frames.
DOTS = 3
#: The reasoning line shown changes at most this often (seconds).
REASONING_EVERY_S = 0.5
#: How much of the streamed reasoning is kept to find its latest line (characters).
REASONING_TAIL = 600


class ThinkingIndicator(QWidget):
    """Three pulsing dots, a phrase and the seconds waited (see the module docstring)."""

    def __init__(
        self, parent: QWidget | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(parent)
        self.setObjectName("thinking-indicator")
        self.setAccessibleName(translate("ThinkingIndicator", "Answer status"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._clock = clock
        self._started = 0.0
        self._phrase = translate("ThinkingIndicator", "Thinking…")
        self._model = ""
        self._frame = 0
        self._reasoning = ""  # the end of the reasoning streamed so far (REASONING_TAIL)
        self._reasoning_new = False  # it changed since the line shown was taken from it
        self._line = ""  # the reasoning line shown
        self._line_at = 0.0  # when (per the clock) that line was taken
        self._align: QWidget | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self.tick)
        self.hide()

    # -- what the chat side calls ------------------------------------------------------------

    def start(self, model: str = "", phrase: str = "") -> None:
        """A turn began: show the dots, from zero seconds ("Thinking…" unless ``phrase``)."""
        self._started = self._clock()
        self._model = model
        self._phrase = phrase or translate("ThinkingIndicator", "Thinking…")
        self._frame = 0
        self._reasoning, self._reasoning_new, self._line = "", False, ""
        self.setToolTip(
            translate("ThinkingIndicator", "Waiting for {model}'s first words").format(model=model)
            if model
            else ""
        )
        self.setAccessibleDescription(self._phrase)
        self.show()
        self._timer.start()
        self.update()

    def set_background(self, colour: QColor) -> None:
        """The colour it fills itself with (the surface it floats over): opaque to Qt."""
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, colour)
        self.setPalette(palette)
        self.setAutoFillBackground(True)

    def align_with(self, widget: QWidget) -> None:
        """Start the dots at ``widget``'s left edge (the composer's), wherever the row is."""
        self._align = widget

    def set_phrase(self, phrase: str) -> None:
        """What is waited for now ("Thinking…", "Running a tool…"); the count goes on."""
        self._phrase = phrase
        self.setAccessibleDescription(phrase)
        self.update()

    def add_reasoning(self, text: str) -> None:
        """Reasoning streamed in: its latest line is shown (at most every
        ``REASONING_EVERY_S``; the first at once). Ignored while stopped."""
        if not text or not self.running:
            return
        self._reasoning = (self._reasoning + text)[-REASONING_TAIL:]
        self._reasoning_new = True
        if not self._line:
            self._take_line()

    def reasoning_line(self) -> str:
        """The reasoning line shown now ("" when none streamed)."""
        return self._line

    def _take_line(self) -> None:
        lines = [line.strip() for line in self._reasoning.splitlines()]
        latest = next((line for line in reversed(lines) if line), "")
        self._reasoning_new = False
        self._line_at = self._clock()
        if latest != self._line:
            self._line = latest
            self.update()

    def stop(self) -> None:
        """Text started to stream, or the turn ended: hide and stop the timer."""
        self._timer.stop()
        self.hide()

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def elapsed(self) -> float:
        """Seconds since ``start`` (per the clock)."""
        return max(0.0, self._clock() - self._started)

    def text(self) -> str:
        """The words shown now: "Thinking…" or "Thinking… 12 s"."""
        seconds = self.elapsed()
        if seconds < SHOW_SECONDS_AFTER:
            return self._phrase
        return translate("ThinkingIndicator", "{phrase} {seconds} s").format(
            phrase=self._phrase, seconds=int(seconds)
        )

    # -- drawing -----------------------------------------------------------------------------

    def tick(self) -> None:
        """One animation frame (the timer's slot)."""
        self._frame += 1
        if self._reasoning_new and self._clock() - self._line_at >= REASONING_EVERY_S:
            self._take_line()
        self.update()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 80, metrics.height() + 12)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height() + 12)

    def _left(self) -> float:
        left = 12.0
        if self._align is not None and self._align.isVisible():
            offset = self._align.mapTo(self.window(), QPoint(0, 0)).x()
            left = max(left, offset - self.mapTo(self.window(), QPoint(0, 0)).x() + 14.0)
        return left

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        accent = palette.color(QPalette.ColorRole.Highlight)
        muted = palette.color(QPalette.ColorRole.PlaceholderText)
        height = self.height()
        radius = max(2.5, self.fontMetrics().height() / 6)
        x = self._left() + radius
        for index in range(DOTS):
            # Each dot brightens in turn: a wave moving left to right.
            phase = (self._frame - index * 2) % (DOTS * 3)
            strength = 1.0 if phase < 2 else 0.35
            colour = QColor(accent)
            colour.setAlphaF(strength)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawEllipse(QRectF(x - radius, height / 2 - radius, 2 * radius, 2 * radius))
            x += radius * 3
        painter.setPen(muted)
        left = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        text_rect = QRectF(x + radius, 0, self.width() - x - radius, height)
        words = self.text()
        painter.drawText(text_rect, left, words)
        if self._line:
            # The latest reasoning line after the words, fainter, cut to what fits.
            metrics = self.fontMetrics()
            start = text_rect.left() + metrics.horizontalAdvance(f"{words} ")
            room = int(self.width() - start - 12)
            if room > metrics.horizontalAdvance("· …") * 4:
                faint = QColor(muted)
                faint.setAlphaF(0.75)
                painter.setPen(faint)
                line = metrics.elidedText(f"· {self._line}", Qt.TextElideMode.ElideRight, room)
                painter.drawText(QRectF(start, 0, room, height), left, line)
        painter.end()

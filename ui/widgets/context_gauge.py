"""The context gauge: how full the model's context window was at the conversation's last request.

Why it exists: a long conversation (or a large file) fills the model's window; Parley summarises
the earliest turns before it overflows (issue 18). The gauge beside Send shows where the open
conversation stands — "38% of 128k" with a thin ring — so neither the summary nor a refusal comes
as a surprise, and its tooltip says the figures and where the window's size came from (the server,
the table, or a guess to correct in Settings → Prices).

Invariants it keeps:

- it shows a ``ContextFill`` (``application.conversation_view``: the shown path's latest
  ``context_checked``) and decides nothing: the words, the share and the level come from it;
- it is hidden until something was measured (a new conversation, a log from before measurements);
- the ring and the text take the level's colour: the muted text colour below the threshold
  (``threshold``, 80 % unless the window sets the conversation's), amber past it, red when near
  full; a measurement made before ``/compact`` summarised the conversation is drawn muted, dashed;
- it paints from the palette and the font: it follows the theme and the zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from parley.application.conversation_view import ContextFill
from parley.application.conversation_view.items import WARN_AT
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.rendering.markdown import palette_for

#: The ring's line width and the gap between the ring and the text (px).
RING_WIDTH = 2.0
GAP = 5


class ContextGauge(QWidget):
    """A ring and "38% of 128k"; hidden until a fill is shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("context-gauge")
        self.setAccessibleName(translate("ContextGauge", "Context window"))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.fill: ContextFill | None = None
        #: The share of the window past which the gauge turns amber (the compaction threshold).
        self.threshold = WARN_AT
        self.hide()

    # -- what it shows ---------------------------------------------------------------------------

    def show_fill(self, fill: ContextFill | None) -> None:
        """Show ``fill`` (None: hide, nothing measured yet)."""
        if fill == self.fill and self.isVisible() == (fill is not None):
            return
        self.fill = fill
        if fill is None or fill.window <= 0:
            self.setToolTip("")
            self.setAccessibleDescription("")
            self.hide()
            return
        tooltip = "\n".join(translate_text(line) for line in fill.tooltip_lines)
        self.setToolTip(tooltip)
        self.setAccessibleDescription(f"{self.text()}. {tooltip}")
        self.updateGeometry()
        self.show()
        self.update()

    def set_threshold(self, threshold: float) -> None:
        """The share past which the conversation is summarised (Settings → Context)."""
        if 0 < threshold <= 1 and threshold != self.threshold:
            self.threshold = threshold
            self.update()

    def text(self) -> str:
        """``38% of 128k`` ("" when hidden)."""
        return translate_text(self.fill.label) if self.fill is not None else ""

    @property
    def level(self) -> str:
        """``ok``, ``warn``, ``full`` ("" when hidden); ``stale`` when measured before the last
        summary."""
        if self.fill is None:
            return ""
        return "stale" if self.fill.stale else self.fill.level(self.threshold)

    def colour(self) -> QColor:
        """The level's colour in the theme in effect."""
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        colours = palette_for(dark)
        role = {"warn": colours.notice, "full": colours.error}.get(self.level)
        if role is not None:
            return QColor(role)
        return self.palette().color(QPalette.ColorRole.PlaceholderText)

    # -- drawing ---------------------------------------------------------------------------------

    def _ring_side(self) -> int:
        return max(10, self.fontMetrics().height() - 4)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        width = self._ring_side() + GAP + metrics.horizontalAdvance(self.text() or "100% of 999k")
        return QSize(width + 4, max(metrics.height(), self._ring_side()) + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        fill = self.fill
        if fill is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = self.colour()
        side = self._ring_side()
        top = (self.height() - side) / 2
        ring = QRectF(2, top, side, side).adjusted(
            RING_WIDTH / 2, RING_WIDTH / 2, -RING_WIDTH / 2, -RING_WIDTH / 2
        )
        track = QColor(colour)
        track.setAlphaF(0.25)
        painter.setPen(QPen(track, RING_WIDTH))
        painter.drawEllipse(ring)
        pen = QPen(colour, RING_WIDTH)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if fill.stale:
            pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        share = min(1.0, max(0.0, fill.fraction))
        # Clockwise from twelve o'clock (Qt's angles are in 1/16 degree, counter-clockwise).
        painter.drawArc(ring, 90 * 16, -round(share * 360 * 16))
        painter.setPen(colour)
        text_left = 2 + side + GAP
        painter.drawText(
            QRectF(text_left, 0, self.width() - text_left, self.height()),
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
            self.text(),
        )
        painter.end()

"""The composer's send button: a round accent button with an arrow, a stop square while a turn runs.

Why it exists: every current chat client (ChatGPT, Claude, LM Studio, Jan) ends its composer with
one round button that sends, and turns into Stop while the answer streams; a grey "Send" push
button reads as a form. The button is painted here (a filled circle in the palette's highlight
colour, or its text colour while running) so it follows the theme at paint time, with no style
sheet to keep in step.

Invariants it keeps:

- it is one button whose text, accessible name and object name say what a click does: "Send"
  (``send``) or "Stop" (``stop``); the text is kept for screen readers and tests, only the icon
  is drawn;
- it never decides anything: the composer connects ``clicked`` and knows whether it is running;
- its size follows the font (zoom): the circle is about two text lines high.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QToolButton, QWidget

from parley.ui.icons import icon


class SendButton(QToolButton):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAutoRaise(True)
        self._running = False
        self.set_running(False)

    def set_running(self, running: bool) -> None:
        """Arrow (Send) or square (Stop); the text and names follow."""
        self._running = running
        label = "Stop" if running else "Send"
        self.setText(label)
        self.setObjectName(label.lower())
        self.setAccessibleName(label)
        # The glyph is drawn in the colour that contrasts with the circle (see paintEvent).
        role = QPalette.ColorRole.Base if running else QPalette.ColorRole.HighlightedText
        self.setIcon(icon("square" if running else "arrow-up", role=role))
        self.update()

    @property
    def running(self) -> bool:
        return self._running

    def sizeHint(self) -> QSize:
        side = max(28, round(self.fontMetrics().height() * 2.0))
        return QSize(side, side)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        fill = QColor(
            palette.color(QPalette.ColorRole.ButtonText)
            if self._running
            else palette.color(QPalette.ColorRole.Highlight)
        )
        if not self.isEnabled():
            fill = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button)
        elif self.isDown():
            fill = fill.darker(120)
        elif self.underMouse():
            fill = fill.lighter(112) if fill.lightness() < 128 else fill.darker(108)
        side = min(self.width(), self.height())
        circle = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawEllipse(circle.adjusted(1, 1, -1, -1))
        if self.hasFocus():  # keyboard focus: a ring outside the circle, in the accent colour
            ring = QPen(palette.color(QPalette.ColorRole.Highlight), 1.5)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(circle.adjusted(0.75, 0.75, -0.75, -0.75))
        glyph = round(side * (0.42 if self._running else 0.5))
        target = circle.toRect()
        target.setSize(QSize(glyph, glyph))
        target.moveCenter(circle.center().toPoint())
        self.icon().paint(painter, target)
        painter.end()

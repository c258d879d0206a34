"""The History window's empty state: why the table has no rows, over the table itself.

Why it exists: an empty table says nothing; this says whether there is no history yet or the
filters hide it (then with "Clear filters"). Its own file keeps the window's module short.

Invariants it keeps: it covers the table's viewport only while shown, follows its size, and drops
the picture before the words when the viewport is short (a zoom, a small window).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from parley.ui.i18n import translate
from parley.ui.icons import NAMES, icon, pixmap
from parley.ui.settings_pages.look import HINT_STYLE, primary, title_label


class EmptyState(QWidget):
    """A centred icon, heading and line over the table's viewport when it has no rows; with
    "Clear filters" when filters are what hide the rows."""

    def __init__(self, viewport: QWidget) -> None:
        super().__init__(viewport)
        self.setObjectName("history-empty")
        self._viewport = viewport
        self.mark = QLabel()
        self.mark.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.heading = title_label("", 1.15)
        self.heading.setObjectName("history-empty-heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.line = QLabel()
        self.line.setObjectName("history-empty-text")
        self.line.setWordWrap(True)
        self.line.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.line.setStyleSheet(HINT_STYLE)
        self.clear_button = primary(QPushButton(translate("EmptyState", "Clear filters")))
        self.clear_button.setObjectName("history-clear-filters")
        self.clear_button.setAccessibleName(translate("EmptyState", "Clear filters"))
        self.clear_button.setIcon(icon("x", role=QPalette.ColorRole.HighlightedText))
        column = QVBoxLayout(self)
        column.setSpacing(8)
        column.addStretch(1)
        column.addWidget(self.mark)
        column.addWidget(self.heading)
        column.addWidget(self.line)
        column.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(1)
        viewport.installEventFilter(self)
        self.hide()

    def show_text(self, heading: str, text: str, *, offer_clear: bool) -> None:
        name = "search-x" if offer_clear else "history"
        side = round(self.fontMetrics().height() * 2.4)
        self.mark.setPixmap(pixmap(name if name in NAMES else "search", side))
        self.heading.setText(heading)
        self.line.setText(text)
        self.setAccessibleName(heading)
        self.setAccessibleDescription(text)
        self.clear_button.setVisible(offer_clear)
        self._place()
        self.show()
        self.raise_()

    def _place(self) -> None:
        area = self._viewport.rect()
        width = min(area.width() - 32, self.fontMetrics().horizontalAdvance("x") * 70)
        self.setGeometry(area.x() + (area.width() - width) // 2, area.y(), width, area.height())
        # A short viewport (zoom, small window) drops the picture before the words.
        self.mark.setVisible(True)
        layout = self.layout()
        if layout is not None and layout.heightForWidth(width) > area.height():
            self.mark.setVisible(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._viewport and event.type() == QEvent.Type.Resize:
            self._place()
        return False

"""What a conversation with no messages shows: a greeting, a few prompts to start from, the keys.

Why it exists: an empty white page teaches nothing. Peers greet a new chat with a line and a few
example prompts one click puts in the composer; Parley does the same, and names the key that
opens the shortcut sheet (read from ``ui.shortcuts``, so the text cannot drift from the binding).

Invariants it keeps:

- a click on an example only *fills* the composer (``sig_prompt_chosen``): nothing is sent
  without the user pressing Send;
- it floats over the transcript (its owner places it): shown only while the open conversation
  has no turn, it never becomes part of the conversation's document;
- every example is a real, focusable button with an accessible name, reachable by Tab.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon, pixmap
from parley.ui.key_text import keys_for

#: The examples offered: (a short title, the prompt it puts in the composer). Short enough to be
#: read whole on a card at 100 % zoom (a longer one is elided, the whole of it in the tooltip).
EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        QT_TRANSLATE_NOOP("EmptyConversation", "Explain a concept"),
        QT_TRANSLATE_NOOP("EmptyConversation", "Explain public keys simply."),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyConversation", "Write code"),
        QT_TRANSLATE_NOOP("EmptyConversation", "Dedupe a file's lines in Python."),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyConversation", "Summarise a document"),
        QT_TRANSLATE_NOOP("EmptyConversation", "Summarise the attached file."),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyConversation", "Plan something"),
        QT_TRANSLATE_NOOP("EmptyConversation", "Plan three days in Lisbon."),
    ),
)


class EmptyConversation(QWidget):
    """The greeting and example prompts of a conversation with no messages."""

    sig_prompt_chosen = Signal(str)
    """An example was clicked: the prompt to put in the composer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("empty-conversation")
        self.setAccessibleName(translate("EmptyConversation", "New conversation"))
        self.mark = QLabel()
        self.mark.setObjectName("empty-mark")
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading = QLabel(translate("EmptyConversation", "What can I help with?"))
        self.heading.setObjectName("empty-heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.buttons: list[QPushButton] = []
        grid = QGridLayout()
        grid.setSpacing(10)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        for index, (english_title, english_prompt) in enumerate(EXAMPLES):
            title = translate("EmptyConversation", english_title)
            prompt = translate("EmptyConversation", english_prompt)
            button = QPushButton(f"{title}\n{prompt}")
            button.setObjectName("example-prompt")
            button.setIcon(icon("message-square"))
            button.setAccessibleName(
                translate("EmptyConversation", "Example: {title}").format(title=title)
            )
            button.setAccessibleDescription(prompt)
            button.setToolTip(prompt)
            button.setStyleSheet(
                "QPushButton { text-align: left; padding: 8px 12px; border-radius: 10px;"
                " border: 1px solid palette(mid); background: palette(base); }"
                " QPushButton:hover, QPushButton:focus { border-color: palette(highlight); }"
            )
            # Its width comes from the grid, not its text (the text is elided to the width).
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            button.setProperty("title", title)
            button.setProperty("prompt", prompt)
            button.installEventFilter(self)  # its second line is elided to its width
            button.clicked.connect(lambda _c=False, p=prompt: self.sig_prompt_chosen.emit(p))
            grid.addWidget(button, index // 2, index % 2)
            self.buttons.append(button)
        sheet = keys_for("Show shortcuts")
        self.keys_hint = QLabel(
            translate("EmptyConversation", "Press {sheet} to see every keyboard shortcut.").format(
                sheet=sheet
            )
        )
        self.keys_hint.setObjectName("empty-keys")
        self.keys_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.keys_hint.setStyleSheet("color: palette(placeholder-text)")
        self.column = QWidget()
        inner = QVBoxLayout(self.column)
        inner.setSpacing(14)
        inner.addWidget(self.mark)
        inner.addWidget(self.heading)
        inner.addSpacing(6)
        inner.addLayout(grid)
        inner.addWidget(self.keys_hint)
        outer = QVBoxLayout(self)
        outer.addStretch(2)
        row = QHBoxLayout()  # the column takes the width it may have, centred
        row.addStretch(1)
        row.addWidget(self.column, 100)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(3)
        self._follow_font()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._follow_font()  # the zoom changed: the mark, the heading and the column too

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QPushButton):
            self._elide(watched)
        return False

    @staticmethod
    def _elide(button: QPushButton) -> None:
        """The prompt under the title, cut with "…" to what the button's width shows."""
        metrics = button.fontMetrics()
        room = button.width() - button.iconSize().width() - metrics.averageCharWidth() * 6
        prompt = metrics.elidedText(
            str(button.property("prompt")), Qt.TextElideMode.ElideRight, max(room, 40)
        )
        button.setText(f"{button.property('title')}\n{prompt}")

    def _follow_font(self) -> None:
        metrics = self.fontMetrics()
        self.mark.setPixmap(pixmap("sparkles", round(metrics.height() * 2.2)))
        font = QFont(self.font())
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * HEADING_SCALE)
        font.setBold(True)
        self.heading.setFont(font)
        self.column.setMaximumWidth(metrics.averageCharWidth() * COLUMN_CHARS)
        size = round(metrics.height() * 1.1)
        for button in self.buttons:
            button.setIconSize(QSize(size, size))
            button.setMinimumHeight(metrics.height() * 3)

    def prompts(self) -> list[str]:
        return [translate("EmptyConversation", prompt) for _title, prompt in EXAMPLES]


#: The heading's size relative to the text, and the column's width in average characters.
HEADING_SCALE = 1.6
COLUMN_CHARS = 96

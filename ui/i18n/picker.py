"""The language choice in Settings: a list of the window's languages, kept for the next start.

Why it exists: the window follows the system's language (``ui/i18n``); someone who wants another
one picks it here. The choice is written to ``<config dir>/language.json`` on a worker (the UI
thread never waits for a disk) and applies the next time Parley starts: the note under the list
says so as soon as the choice differs from the language the window started in.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from parley.ui.i18n import LANGUAGES, current_choice, save_choice, translate

Submit = Callable[[Callable[[], Any], Callable[[Any], object]], None]


class LanguagePicker(QWidget):
    """ "Language" over a list (the system's, then each language in its own name) and a note."""

    def __init__(self, config_dir: Path, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._config_dir = Path(config_dir)
        self._submit = submit
        self._started_in = current_choice()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 0, 0, 0)
        layout.setSpacing(2)
        self.label = QLabel(translate("LanguagePicker", "&Language"))
        self.box = QComboBox()
        self.box.setObjectName("language-choice")
        self.box.setAccessibleName(translate("LanguagePicker", "Language"))
        self.label.setBuddy(self.box)
        for code, name in LANGUAGES:
            self.box.addItem(name or translate("LanguagePicker", "System language"), code)
        self.box.setCurrentIndex(max(0, self.box.findData(self._started_in)))
        self.note = QLabel(
            translate("LanguagePicker", "Parley shows this language the next time it starts.")
        )
        self.note.setObjectName("language-note")
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        layout.addWidget(self.label)
        layout.addWidget(self.box)
        layout.addWidget(self.note)
        self.box.currentIndexChanged.connect(self._on_chosen)

    def _on_chosen(self, _index: int) -> None:
        code = str(self.box.currentData() or "")
        folder = self._config_dir

        def done(_result: object) -> None:
            self.note.setVisible(code != self._started_in)

        self._submit(lambda: save_choice(folder, code), done)

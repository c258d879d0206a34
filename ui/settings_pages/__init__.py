"""Settings pages beyond Providers: Skills & Agents, Projects, Prices.

Why it exists: each page is a widget that renders one area of the settings and forwards the
user's intent to a port (``SkillLibrary`` or ``SettingsStore``) through the worker helper
``submit(job, on_done, on_error)`` — the UI thread never reads or writes a file itself. This module
holds the two things the pages share: the ``Submit`` type and the inline error label.
The look the pages (and the History window) share with the main window — primary and secondary
buttons, titled cards, badges — is in ``look``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget

#: ``WorkerBridge.submit``: run ``job`` on a worker, then ``on_done(result)`` or
#: ``on_error(exc)`` on the UI thread (what ``on_done`` returns is ignored).
Submit = Callable[
    [Callable[[], Any], Callable[[Any], object], Callable[[BaseException], None] | None], None
]

_RED_LIGHT = "#c0392b"
_RED_DARK = "#ff8a80"
_GREEN = "#1c8a5a"


class InlineError(QLabel):
    """A red message next to the field it is about; hidden while there is nothing to say."""

    def __init__(self, accessible_name: str, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setWordWrap(True)
        self.setAccessibleName(accessible_name)
        self.setVisible(False)

    def show_error(self, text: str) -> None:
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        self.setStyleSheet(f"color: {_RED_DARK if dark else _RED_LIGHT}")
        self.setText(text)
        self.setVisible(bool(text))

    def show_ok(self, text: str) -> None:
        self.setStyleSheet(f"color: {_GREEN}")
        self.setText(text)
        self.setVisible(bool(text))

    def clear_message(self) -> None:
        self.setText("")
        self.setVisible(False)

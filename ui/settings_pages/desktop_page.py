"""Settings → Desktop: the tray and the Quick ask chord (issue 20).

Why it exists: whether closing the window keeps Parley in the tray (off by default), and which
desktop-wide chord opens Quick ask, are the person's choices. The page renders
``DesktopSettings`` (``ui/desktop_integration.py``), saves ``desktop.json`` on a worker, and
hands the change to the running ``Desktop`` so it applies at once (the chord is grabbed again
and the page says whether that worked).

Invariants it keeps:

- reads and writes go through ``submit`` (a worker), never on the UI thread;
- with no system tray, "Close to the tray" is disabled and a line says why (a window closed to
  a tray that does not exist could never be brought back);
- where no desktop-wide chord can be taken (Wayland, other platforms) the chord field is
  disabled and the page says to give the desktop's own shortcut settings ``parley quick``;
  a chord another application holds is said in red under the field.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QKeySequenceEdit,
    QLineEdit,
    QPushButton,
    QSystemTrayIcon,
    QVBoxLayout,
    QWidget,
)

from parley.ui.desktop_integration import (
    DesktopSettings,
    load_desktop_settings,
    save_desktop_settings,
)
from parley.ui.global_shortcut import DEFAULT_CHORD, ShortcutError, parse, support
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import hint_label, secondary, section

if TYPE_CHECKING:
    from parley.ui.desktop_integration import Desktop


class DesktopPage(QWidget):
    """The tray and Quick ask settings (module docstring)."""

    sig_desktop_changed = Signal(object)
    """The settings were saved: the new ``DesktopSettings``."""

    def __init__(
        self,
        config_dir: Path,
        submit: Submit,
        desktop: Desktop | None = None,
        parent: QWidget | None = None,
        *,
        tray_available: bool | None = None,
    ) -> None:
        super().__init__(parent)
        self._config_dir = config_dir
        self._submit = submit
        self._desktop = desktop
        if tray_available is None:
            tray_available = (
                desktop.tray_available
                if desktop is not None
                else QSystemTrayIcon.isSystemTrayAvailable()
            )
        self.tray_available = tray_available
        self.settings = desktop.settings if desktop is not None else DesktopSettings()
        self._loading = True

        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(12)

        tray_card, tray_body = section(
            self.tr("Tray"),
            self.tr(
                "Parley's icon in the system tray opens a new chat, Quick ask and your "
                "latest conversations."
            ),
        )
        self.close_to_tray = QCheckBox(self.tr("Closing the window keeps Parley in the tray"))
        self.close_to_tray.setObjectName("close-to-tray")
        self.close_to_tray.toggled.connect(self._changed)
        tray_body.addWidget(self.close_to_tray)
        self.tray_note = hint_label(
            self.tr("This desktop has no system tray, so closing the window quits Parley.")
        )
        self.tray_note.setObjectName("no-tray-note")
        tray_body.addWidget(self.tray_note)
        self.close_to_tray.setEnabled(tray_available)
        self.tray_note.setVisible(not tray_available)
        column.addWidget(tray_card)

        quick_card, quick_body = section(
            self.tr("Quick ask"),
            self.tr(
                "A small window on top of everything for one question. It also opens from "
                "the tray, and from the command parley quick."
            ),
        )
        row = QHBoxLayout()
        self.chord_edit = QKeySequenceEdit()
        self.chord_edit.setObjectName("quick-ask-chord")
        self.chord_edit.setAccessibleName(self.tr("Quick ask shortcut"))
        # The field that takes the focus is the edit's own line edit: a screen reader names it.
        inner = self.chord_edit.findChild(QLineEdit)
        if inner is not None:
            inner.setAccessibleName(self.chord_edit.accessibleName())
        self.chord_edit.setMaximumSequenceLength(1)
        self.chord_edit.editingFinished.connect(self._changed)
        row.addWidget(self.chord_edit, 1)
        self.default_button = QPushButton(self.tr("Default"))
        secondary(self.default_button)
        self.default_button.clicked.connect(lambda: self._set_chord(DEFAULT_CHORD))
        row.addWidget(self.default_button)
        self.none_button = QPushButton(self.tr("None"))
        secondary(self.none_button)
        self.none_button.clicked.connect(lambda: self._set_chord(""))
        row.addWidget(self.none_button)
        quick_body.addLayout(row)
        self.chord_state = InlineError(self.tr("Quick ask shortcut state"))
        self.chord_state.setObjectName("quick-ask-chord-state")
        quick_body.addWidget(self.chord_state)
        self.support = support()
        self.platform_note = hint_label(self.support.note)
        self.platform_note.setObjectName("quick-ask-platform-note")
        self.platform_note.setVisible(not self.support.available)
        quick_body.addWidget(self.platform_note)
        for widget in (self.chord_edit, self.default_button, self.none_button):
            widget.setEnabled(self.support.available)
        column.addWidget(quick_card)
        column.addStretch(1)

        self.error = InlineError(self.tr("Desktop settings problem"))
        column.addWidget(self.error)
        if desktop is not None:
            desktop.sig_shortcut_state.connect(self._show_grab)
        self._show(self.settings)
        if desktop is None:  # (the running Parley's settings are the file's, read at start)
            self.reload()

    @property
    def loaded(self) -> bool:
        """Whether the page shows the settings (the file was read, or the running Parley's)."""
        return not self._loading

    # -- reading and showing -------------------------------------------------------------------

    def reload(self) -> None:
        """Read ``desktop.json`` (on a worker) and show it."""
        config_dir = self._config_dir
        self._loading = True
        self._submit(
            lambda: load_desktop_settings(config_dir),
            self._loaded,
            lambda exc: self.error.show_error(str(exc)),
        )

    def _loaded(self, loaded: tuple[DesktopSettings, str]) -> None:
        settings, problem = loaded
        self.settings = settings
        self._show(settings)
        if problem:
            self.error.show_error(problem)

    def _show(self, settings: DesktopSettings) -> None:
        self._loading = True
        self.close_to_tray.setChecked(settings.close_to_tray and self.tray_available)
        self.chord_edit.setKeySequence(
            QKeySequence.fromString(
                settings.quick_ask_chord, QKeySequence.SequenceFormat.PortableText
            )
        )
        self._loading = False
        desktop = self._desktop
        if desktop is not None and desktop.settings.quick_ask_chord == settings.quick_ask_chord:
            self._show_grab(desktop.shortcut_grabbed, desktop.shortcut_problem)

    @Slot(bool, str)
    def _show_grab(self, ok: bool | None, problem: str = "") -> None:
        if not self.support.available:
            return
        chord = self.settings.quick_ask_chord
        if not chord:
            self.chord_state.show_ok(self.tr("No shortcut: use the tray or parley quick."))
        elif ok:
            self.chord_state.show_ok(
                self.tr("{chord} opens Quick ask from anywhere.").format(
                    chord=QKeySequence.fromString(
                        chord, QKeySequence.SequenceFormat.PortableText
                    ).toString(QKeySequence.SequenceFormat.NativeText)
                )
            )
        elif ok is None:
            self.chord_state.clear_message()
        else:
            self.chord_state.show_error(problem)

    # -- changing ------------------------------------------------------------------------------

    def chord_text(self) -> str:
        return self.chord_edit.keySequence().toString(QKeySequence.SequenceFormat.PortableText)

    def _set_chord(self, text: str) -> None:
        self.chord_edit.setKeySequence(
            QKeySequence.fromString(text, QKeySequence.SequenceFormat.PortableText)
        )
        self._changed()

    @Slot()
    def _changed(self, *_args: object) -> None:
        if self._loading:
            return
        chord = self.chord_text()
        if chord:
            try:
                chord = parse(chord).text
            except ShortcutError as exc:
                self.chord_state.show_error(str(exc))
                return
        # (the running Parley's copy holds what the tray changed since: "Pause schedules")
        base = self._desktop.settings if self._desktop is not None else self.settings
        settings = replace(
            base,
            close_to_tray=self.close_to_tray.isChecked(),
            quick_ask_chord=chord,
        )
        if settings == self.settings:
            return
        self.save(settings)

    def save(self, settings: DesktopSettings) -> None:
        """Keep ``settings`` (on a worker) and hand them to the running Parley."""
        self.settings = settings
        self.error.clear_message()
        if self._desktop is not None:
            self._desktop.apply(settings)
        if settings.quick_ask_chord and self.support.available:
            self.chord_state.clear_message()  # until the grab says how it went
        else:
            self._show_grab(None)
        config_dir = self._config_dir
        self._submit(
            lambda: save_desktop_settings(config_dir, settings),
            lambda _r: self.sig_desktop_changed.emit(settings),
            lambda exc: self.error.show_error(self.tr("Could not save: {error}").format(error=exc)),
        )

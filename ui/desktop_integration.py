"""Parley on the desktop beyond its window: the tray, Quick ask, the chord, one instance.

Why it exists: issue 20 puts Parley in the tray, opens Quick ask from the tray, from ``parley
quick`` and from a desktop-wide key chord, and makes a second start hand over to the running
Parley. ``Desktop`` is the one object that ties these to the main window: ``ui/app.py`` makes it
for the window it starts (``Desktop.start``), and the window asks it, on close, whether to stay
in the tray (``keep_in_tray``). A window built without it (the window tests, scripts) behaves as
before.

The settings of this part live in ``desktop.json`` in the config directory (``DesktopSettings``):
close to the tray (off by default), the Quick ask chord, and whether scheduled tasks are paused.
They are the desktop's, not the history's or the providers': a damaged file gives the defaults.

The scheduler's hook (kept here and nowhere else): the scheduler calls ``with_desktop(window,
use)``; ``use(desktop)`` runs as soon as the window has its ``Desktop`` (at once, or when
``ui/app.py`` makes it after the first paint; never for a window without one). There it calls
``desktop.offer_schedule_pause(paused)``, which shows "Pause schedules" in the tray menu checked
as the schedule store says, and follows ``desktop.sig_pause_schedules_toggled(bool)``, writing
the choice to the schedule store — the one place it is kept, which the OS timer's ``run-due``
reads too (``desktop.json`` kept a second copy once; an old file's key is ignored).

Invariants it keeps:

- closing the window goes to the tray only when the person closed it (a spontaneous close from
  the window manager), "Close to the tray" is on and a tray exists; File → Quit, the tray's Quit,
  a stop signal and a logout really close it;
- Parley quits when its window really closes, whatever else is open (Quick ask included), and a
  Quick ask started alone (``parley quick`` with no Parley running) quits when it closes unless
  the window was opened from it;
- reading ``desktop.json`` happens before the window is built (with ``window.json``), writing it
  on a worker (``save_desktop_settings`` from the Settings page).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication

from parley.ui.global_shortcut import DEFAULT_CHORD, GlobalShortcut, support
from parley.ui.notifications import window_notifier
from parley.ui.quick_ask import QuickAskWindow
from parley.ui.single_instance import SingleInstance
from parley.ui.tray import Tray, TrayMenu

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)

#: The file in the config directory.
DESKTOP_FILE = "desktop.json"


@dataclass(frozen=True)
class DesktopSettings:
    """Settings → Desktop. Every field has a harmless default."""

    #: Closing the window keeps Parley in the tray (only where a tray exists).
    close_to_tray: bool = False
    #: The desktop-wide chord that opens Quick ask ("" = none).
    quick_ask_chord: str = DEFAULT_CHORD


def load_desktop_settings(config_dir: Path) -> tuple[DesktopSettings, str]:
    """The settings in ``config_dir/desktop.json`` and "" — or the defaults for what could not
    be read, and one line saying why. Never raises for what the file holds."""
    path = Path(config_dir) / DESKTOP_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return DesktopSettings(), ""
    except (OSError, ValueError) as exc:
        return DesktopSettings(), f"{path.name} could not be read ({exc}); using the defaults"
    if not isinstance(raw, dict):
        return DesktopSettings(), f"{path.name} is not a JSON object; using the defaults"
    values: dict[str, Any] = {}
    bad: list[str] = []
    for field in fields(DesktopSettings):
        if field.name not in raw:
            continue
        value = raw[field.name]
        wanted = bool if field.type in ("bool", bool) else str
        if isinstance(value, wanted):
            values[field.name] = value
        else:
            bad.append(field.name)
    problem = f"{path.name}: ignored {', '.join(bad)} (wrong type)" if bad else ""
    return DesktopSettings(**values), problem


def save_desktop_settings(config_dir: Path, settings: DesktopSettings) -> None:
    """Write ``settings`` atomically (a temporary file moved over the old one). Blocking: call
    it on a worker."""
    folder = Path(config_dir)
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".desktop-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(asdict(settings), out, indent=2)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, folder / DESKTOP_FILE)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


_WAITING = "_desktop_waiting"


def with_desktop(window: MainWindow, use: Callable[[Desktop], object]) -> None:
    """Call ``use(desktop)`` once ``window`` has its ``Desktop``: now if it has one, else when it
    is made (the scheduler's hook, module docstring). A window never given one never calls it."""
    desktop = getattr(window, "desktop", None)
    if isinstance(desktop, Desktop):
        use(desktop)
        return
    waiting: list[Callable[[Desktop], object]] = window.__dict__.setdefault(_WAITING, [])
    waiting.append(use)


class Desktop(QObject):
    """The tray, Quick ask, the chord and the instance socket of one main window."""

    sig_pause_schedules_toggled = Signal(bool)
    """The person paused (True) or resumed (False) scheduled tasks from the tray."""

    sig_shortcut_state = Signal(bool, str)
    """The chord was grabbed (True, "") or not (False, why): for the Settings page."""

    def __init__(
        self,
        window: MainWindow,
        *,
        config_dir: Path | None = None,
        settings: DesktopSettings | None = None,
        tray_available: bool | None = None,
        alone: bool = False,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.config_dir = config_dir
        self.settings = settings or DesktopSettings()
        #: Started by ``parley quick`` with no Parley running: the window is not shown yet.
        self.alone = alone
        #: Set by ``quit``: the next close of the window is a real one.
        self.quitting = False
        window.desktop = self  # type: ignore[attr-defined]  # MainWindow.closeEvent asks it
        self.menu = TrayMenu(lambda: getattr(window.sidebar, "sessions", []), self)
        self.tray = Tray(self.menu, tray_available, self)
        self.menu.sig_show_window.connect(self.show_window)
        self.menu.sig_new_chat.connect(self.new_chat)
        self.menu.sig_quick_ask.connect(self.show_quick_ask)
        self.menu.sig_open_session.connect(self.open_conversation)
        self.menu.sig_pause_schedules_toggled.connect(self._pause_toggled)
        self.menu.sig_quit.connect(self.quit)
        self.tray.sig_activated.connect(self.toggle_window)
        self._quick: QuickAskWindow | None = None
        self.instance: SingleInstance | None = None
        self.shortcut: GlobalShortcut | None = None
        self.shortcut_support = support()
        #: The chord's last outcome (None: not tried), and why it failed.
        self.shortcut_grabbed: bool | None = None
        self.shortcut_problem = ""
        for use in window.__dict__.pop(_WAITING, []):  # (``with_desktop``: the scheduler)
            use(self)

    # -- starting ------------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        window: MainWindow,
        data_dir: Path,
        config_dir: Path,
        *,
        alone: bool = False,
    ) -> Desktop:
        """What ``ui/app.py`` calls: the settings read, the tray, the instance socket, the
        chord."""
        settings, problem = load_desktop_settings(config_dir)
        if problem:
            log.warning("%s", problem)
        desktop = cls(window, config_dir=config_dir, settings=settings, alone=alone)
        desktop.listen(data_dir)
        desktop.grab_chord()
        return desktop

    def listen(self, data_dir: Path) -> bool:
        """Answer later starts on this profile (``parley``, ``parley quick``)."""
        instance = SingleInstance(data_dir, self)
        if not instance.listen():
            return False
        instance.sig_message.connect(self._on_message)
        self.instance = instance
        return True

    @Slot(str)
    def _on_message(self, message: str) -> None:
        if message == "quick":
            self.show_quick_ask()
        else:
            self.show_window()

    # -- the window ----------------------------------------------------------------------------

    @property
    def tray_available(self) -> bool:
        return self.tray.available

    def keep_in_tray(self, event: QCloseEvent) -> bool:
        """Called first by the window's ``closeEvent``: True when the close was turned into
        hiding in the tray (``event`` ignored); False for a real close (Quick ask goes too)."""
        if (
            not self.quitting
            and self.settings.close_to_tray
            and self.tray.available
            and event.spontaneous()
        ):
            event.ignore()
            self.hide_to_tray()
            return True
        self._finish()
        return False

    def _finish(self) -> None:
        """The window really closes: Parley goes (after the window's own close work)."""
        if self._quick is not None:
            self._quick.close()
            self._quick.shutdown()
        if self.shortcut is not None:
            self.shortcut.stop()
        if self.instance is not None:
            self.instance.close()
        self.tray.hide()

    @Slot()
    def show_window(self) -> None:
        window = self.window
        self.alone = False
        QApplication.setQuitOnLastWindowClosed(True)  # (back from the tray)
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()

    def hide_to_tray(self) -> None:
        self.window.hide()
        # Closing another window now (the History window, a viewer) must not end Parley.
        QApplication.setQuitOnLastWindowClosed(False)

    @Slot()
    def toggle_window(self) -> None:
        """The tray icon was clicked: show the window, or put it away if it is in front."""
        window = self.window
        if window.isVisible() and window.isActiveWindow() and not window.isMinimized():
            self.hide_to_tray() if self.stays_in_tray else window.showMinimized()
        else:
            self.show_window()

    @Slot()
    def new_chat(self) -> None:
        self.show_window()
        self.window.new_chat()
        self.window.composer.editor.setFocus()

    @Slot(str)
    def open_conversation(self, session_id: str) -> None:
        self.window._reopen_after_paint = ""  # (a first paint must not reopen the last one)
        self.show_window()
        self.window.open_session(session_id)

    @Slot()
    def quit(self) -> None:
        """Quit Parley (the tray's Quit): the window closes for real, then the application."""
        self.quitting = True
        self.window.close()
        app = QApplication.instance()
        if app is not None:
            app.quit()

    # -- Quick ask -----------------------------------------------------------------------------

    def _services(self) -> Services | None:
        return getattr(self.window, "services", None)

    @property
    def quick(self) -> QuickAskWindow:
        """The Quick ask window (built on first use, then kept)."""
        if self._quick is None:
            quick = QuickAskWindow(self._services, window_notifier(self.window))
            quick.sig_open_in_parley.connect(self.open_conversation)
            quick.sig_turn_finished.connect(lambda _o: self.window._refresh_sessions())
            quick.sig_closed.connect(self._quick_closed)
            self._quick = quick
        return self._quick

    @Slot()
    def show_quick_ask(self) -> QuickAskWindow:
        quick = self.quick
        quick.open()
        return quick

    @Slot()
    def _quick_closed(self) -> None:
        # ``parley quick`` with no Parley running: nothing else was opened, so Parley ends.
        if self.alone and not self.window.isVisible() and not self.stays_in_tray:
            self.quitting = True
            self.window.close()
            app = QApplication.instance()
            if app is not None:
                app.quit()

    @property
    def stays_in_tray(self) -> bool:
        return self.settings.close_to_tray and self.tray.available

    # -- the chord -----------------------------------------------------------------------------

    def grab_chord(self) -> bool:
        """Grab the Quick ask chord (where the desktop allows it); the outcome arrives as
        ``sig_shortcut_state``. False when nothing was tried."""
        if self.shortcut is not None:
            self.shortcut.stop()
        chord = self.settings.quick_ask_chord.strip()
        if not chord or not self.shortcut_support.available:
            self.shortcut_grabbed, self.shortcut_problem = None, self.shortcut_support.note
            return False
        if self.shortcut is None:
            self.shortcut = GlobalShortcut(self)
            self.shortcut.sig_activated.connect(self.show_quick_ask)
            self.shortcut.sig_grab_result.connect(self._grab_result)
        return self.shortcut.start(chord)

    @Slot(bool, str)
    def _grab_result(self, ok: bool, message: str) -> None:
        self.shortcut_grabbed, self.shortcut_problem = ok, message
        self.sig_shortcut_state.emit(ok, message)

    # -- settings and the scheduler ------------------------------------------------------------

    def apply(self, settings: DesktopSettings) -> None:
        """The Settings page changed something: use it now (the page saves the file)."""
        chord_changed = settings.quick_ask_chord != self.settings.quick_ask_chord
        self.settings = settings
        if chord_changed:
            self.grab_chord()

    def offer_schedule_pause(self, paused: bool) -> None:
        """The scheduler runs: show "Pause schedules", checked as ``paused`` (what the schedule
        store says)."""
        self.menu.offer_pause(paused)

    @Slot(bool)
    def _pause_toggled(self, paused: bool) -> None:
        self.sig_pause_schedules_toggled.emit(paused)  # the scheduler writes it to its store

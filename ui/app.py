"""Start the window: the Qt application, the services, the theme, the main window.

Why it exists: ``parley`` with no command lands here (Qt is imported only now, so headless commands
never load it). A profile that cannot be opened is reported in a dialog, not a traceback.

The window paints first: it is built and shown without services, and the services (the history,
the settings, the runtime) are built in the zero-timer after its first paint and handed to it
(``MainWindow.attach``; ``ui/window_start.py`` says why). Nothing in the first frame needs them.

The window's own state (geometry, splitter, last conversation, theme, zoom, send key) lives in
``<config dir>/window.json``. It is read here, before the window is built, and written when the
window closes: the only file I/O on the UI thread, at the two moments nobody is typing. A damaged
file never stops the start: the window opens with defaults and says why in its status line.

Before Qt loads its platform plugin, ``ui/qt_libs.py`` checks that the X11 plugin's system
libraries load (only where Qt would use X11): a missing one is named with the command that
installs it and the start returns 1, where Qt would abort. The application's id and icon
(``ui/desktop_entry``) are set on the ``QApplication``, so the taskbar matches the menu entry.

One Parley per profile (issue 20): a start finds the Parley already running on its data
directory and hands over (it shows its window, or Quick ask for ``parley quick``) before any Qt
application is made (``ui/single_instance.py``). The tray, Quick ask and the desktop-wide chord
(``ui/desktop_integration.py``) start after the window's first paint; ``parley quick`` with no
Parley running shows Quick ask alone and opens the profile after its paint.

SIGTERM, SIGHUP and SIGINT (a logout, ``kill``, a service stop, Ctrl+C in the launching terminal)
close the window as its close button does — the running turn is cancelled, its partial answer
saved and the turn closed, the window state written — and the process exits 128 + the signal
(issue 14, item 3). Qt must never be called from a signal handler (it runs between two Python
bytecodes of whatever the UI thread was doing), so the handler only records the signal; a short
``QTimer`` on the UI thread, which also gives Python the chance to run the handler while Qt's
event loop is in C++, sees the record and closes the window.
"""

from __future__ import annotations

import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QWidget

from parley.ui.appearance import ThemeManager
from parley.ui.bootstrap import Services, build_services, profile_dirs
from parley.ui.crash_report import install as install_crash_log
from parley.ui.desktop_entry import APP_ID, ICON_SIZES, icon_png
from parley.ui.i18n import install as install_translations
from parley.ui.i18n import translate
from parley.ui.main_window import MainWindow
from parley.ui.window_state import WINDOW_STATE_FILE, load_window_state, save_window_state

log = logging.getLogger(__name__)

#: How often the UI thread looks for a stop signal (ms): well under a person's patience.
SIGNAL_POLL_MS = 150

_STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name)
)


def close_on_stop_signals(window: QWidget) -> tuple[list[int], Callable[[], None]]:
    """Make SIGTERM/SIGHUP/SIGINT close ``window`` (see the module docstring). Returns the list
    the signals received are recorded in, and a function that puts the old handlers back."""
    received: list[int] = []

    def record(signum: int, _frame: object) -> None:
        received.append(signum)  # only a record: no Qt call here

    previous = {sig: signal.signal(sig, record) for sig in _STOP_SIGNALS}
    timer = QTimer(window)
    timer.setInterval(SIGNAL_POLL_MS)

    def check() -> None:
        if received:
            timer.stop()
            window.close()  # cancels the running turn and saves it (MainWindow.closeEvent)
            app = QApplication.instance()
            if app is not None:
                app.quit()  # also when other top-level windows are open

    timer.timeout.connect(check)
    timer.start()

    def restore() -> None:
        timer.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    return received, restore


def application_icon() -> QIcon:
    """Parley's icon at every shipped size (``ui/desktop_entry``): Qt picks the nearest per use."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(icon_png(size)), QSize(size, size))
    return icon


def run_app(
    data_dir: str | Path | None = None,
    config_dir: str | Path | None = None,
    *,
    quick: bool = False,
) -> int:
    # Parley already runs on this profile: it shows its window (or, for ``parley quick``, Quick
    # ask) and this start ends, before making a QApplication (``ui/single_instance.py``).
    from parley.ui.single_instance import hand_over

    if hand_over(profile_dirs(data_dir, config_dir)[0], "quick" if quick else "show"):
        return 0
    if QApplication.instance() is None:
        # Qt aborts when its X11 plugin's libraries are missing: name them and the install
        # command instead (ui/qt_libs.py; a few dlopens of libraries Qt loads anyway).
        from parley.ui.qt_libs import xcb_would_fail

        if problem := xcb_would_fail():
            print(problem, file=sys.stderr)
            return 1
    app = cast(QApplication, QApplication.instance()) or QApplication(sys.argv[:1])
    app.setApplicationName("Parley")
    app.setOrganizationName("Parley")
    # The taskbar matches the menu entry `parley desktop install` writes (same id, same icon).
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(application_icon())
    data, config = profile_dirs(data_dir, config_dir)
    # The language first: every widget built from here on shows its words (ui/i18n).
    install_translations(app, config)
    # A fatal signal (a crash in Qt) writes the stack to <data dir>/crash/; the next start says so.
    crash_log, crashed_last_time = install_crash_log(data)
    state_path = config / WINDOW_STATE_FILE
    state, problem = load_window_state(state_path)
    theme = ThemeManager(app, state.theme)
    # The window paints first; the services (the history, the settings, the runtime) are built
    # right after its first paint and handed to it (``MainWindow.attach``, ``ui/window_start.py``).
    window = MainWindow(None, theme=theme, state=state)
    if problem:
        window.status.setText(problem)
    opened: list[Services] = []

    def open_profile() -> None:
        try:
            services = build_services(data, config)
        except Exception as exc:
            from PySide6.QtWidgets import QMessageBox  # only on this path: not loaded at start

            window.hide()
            QMessageBox.critical(
                None,
                translate("app", "Parley cannot start"),
                translate("app", "Cannot open your profile:\n\n{exc}").format(exc=exc),
            )
            app.exit(1)
            return
        opened.append(services)
        window.attach(services)
        if crashed_last_time:
            window.show_banner(crashed_last_time)

    def start_desktop() -> object:
        # The tray, Quick ask, the desktop-wide chord, later starts (``ui/desktop_integration``).
        from parley.ui.desktop_integration import Desktop

        return Desktop.start(window, data, config, alone=quick)

    if quick:  # ``parley quick`` with no Parley running: only Quick ask shows
        from parley.ui.desktop_integration import Desktop

        Desktop.start(window, data, config, alone=True).show_quick_ask().after_first_paint(
            open_profile
        )
    else:
        window.show()
        window.after_first_paint(open_profile)
        window.after_first_paint(start_desktop)  # (after the paint: nothing in it needs them)
    received, restore_signals = close_on_stop_signals(window)
    try:
        code = app.exec()
        return 128 + received[0] if received else code
    finally:
        restore_signals()
        if opened:  # (a profile that could not be opened keeps its old window state)
            try:
                save_window_state(state_path, window.current_state())
            except OSError as exc:  # losing the window's size is not worth a failed exit
                log.warning("could not save the window state: %s", exc)
            opened[0].close()
        if crash_log is not None:
            crash_log.close()

"""Start the window: the Qt application, the services, the theme, the main window.

Why it exists: ``parley`` with no command lands here (Qt is imported only now, so headless commands
never load it). A profile that cannot be opened is reported in a dialog, not a traceback.

The window's own state (geometry, splitter, last conversation, theme, zoom, send key) lives in
``<config dir>/window.json``. It is read here, before the window is built, and written when the
window closes: the only file I/O on the UI thread, at the two moments nobody is typing. A damaged
file never stops the start: the window opens with defaults and says why in its status line.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from ui.appearance import ThemeManager
from ui.bootstrap import build_services
from ui.crash_report import install as install_crash_log
from ui.main_window import MainWindow
from ui.window_state import WINDOW_STATE_FILE, load_window_state, save_window_state

log = logging.getLogger(__name__)


def run_app(data_dir: str | Path | None = None, config_dir: str | Path | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Parley")
    app.setOrganizationName("Parley")
    try:
        services = build_services(data_dir, config_dir)
    except Exception as exc:
        QMessageBox.critical(None, "Parley cannot start", f"Cannot open your profile:\n\n{exc}")
        return 1
    # A fatal signal (a crash in Qt) writes the stack to <data dir>/crash/; the next start says so.
    crash_log, crashed_last_time = install_crash_log(services.data_dir)
    state_path = services.config_dir / WINDOW_STATE_FILE
    state, problem = load_window_state(state_path)
    theme = ThemeManager(app, state.theme)  # type: ignore[arg-type]
    window = MainWindow(services, theme=theme, state=state)
    if problem:
        window.status.setText(problem)
    if crashed_last_time:
        window.show_banner(crashed_last_time)
    window.show()
    try:
        return app.exec()
    finally:
        try:
            save_window_state(state_path, window.current_state())
        except OSError as exc:  # losing the window's size is not worth a failed exit
            log.warning("could not save the window state: %s", exc)
        services.close()
        if crash_log is not None:
            crash_log.close()

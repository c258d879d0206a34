"""Start the window: the Qt application, the services, the main window.

Why it exists: ``parley`` with no command lands here (Qt is imported only now, so headless commands
never load it). A profile that cannot be opened is reported in a dialog, not a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from ui.bootstrap import build_services
from ui.main_window import MainWindow


def run_app(data_dir: str | Path | None = None, config_dir: str | Path | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Parley")
    app.setOrganizationName("Parley")
    try:
        services = build_services(data_dir, config_dir)
    except Exception as exc:
        QMessageBox.critical(None, "Parley cannot start", f"Cannot open your profile:\n\n{exc}")
        return 1
    window = MainWindow(services)
    window.show()
    try:
        return app.exec()
    finally:
        services.close()

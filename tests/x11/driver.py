"""Run Parley's window in this process for the real-display tests, and report what it shows.

Why it exists: the pytest process runs Qt offscreen, and Qt's platform cannot be switched once
chosen, so the window runs here, in a child process started with ``QT_QPA_PLATFORM=xcb`` on an
Xvfb display, and the tests drive it from outside with real pointer and keyboard events
(xdotool). The window is started exactly as ``parley`` starts it (``ui.app.run_app``, with the
profile dirs given); the only addition is a debug hook: every 50 ms the window's state (where
things are on the screen, what the transcript holds, whether an answer is running, the open
menu's entries) is written to the JSON file given by ``--state``, atomically, for the tests to
poll. With ``--crash-after-start`` the process really crashes (a segmentation fault) once the
window is shown, for the crash-report test.

Usage: ``python tests/x11/driver.py --data-dir D --config-dir C --state STATE.json``
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo, when run as a script

from PySide6.QtCore import QRect, QTimer
from PySide6.QtWidgets import QApplication, QMenu, QWidget


def _global_rect(widget: QWidget, rect: QRect | None = None) -> list[int]:
    """``rect`` (default: the whole widget) in screen coordinates: [x, y, width, height]."""
    rect = rect if rect is not None else widget.rect()
    top_left = widget.mapToGlobal(rect.topLeft())
    return [top_left.x(), top_left.y(), rect.width(), rect.height()]


def _menu_state(menu: QWidget | None) -> dict | None:
    if not isinstance(menu, QMenu) or not menu.isVisible():
        return None
    return {
        "actions": {
            action.text().replace("&", ""): _global_rect(menu, menu.actionGeometry(action))
            for action in menu.actions()
            if not action.isSeparator() and action.isVisible()
        }
    }


def window_state(app: QApplication) -> dict:
    from parley.ui.main_window import MainWindow

    window = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if window is None or not window.isVisible():
        return {"pid": os.getpid(), "shown": False}
    transcript = window.transcript
    toolbar = transcript.message_toolbar
    bar = transcript.verticalScrollBar()
    focus = app.focusWidget()
    banner = window.findChild(QWidget, "notice-banner")
    return {
        "pid": os.getpid(),
        "shown": True,
        "window_id": int(window.winId()),
        "ready": window.providers_loaded and window.stack.currentWidget() is window._chat_page,
        "window": _global_rect(window),
        "viewport": _global_rect(transcript.viewport()),
        "scroll": {"value": bar.value(), "maximum": bar.maximum()},
        "toolbar": {
            "visible": toolbar.isVisible(),
            "role": toolbar.message.role if toolbar.message is not None else "",
            "regenerate": _global_rect(toolbar.regenerate_button),
            "copy": _global_rect(toolbar.copy_button),
        },
        "messages": [
            {
                "role": m.role,
                "turn": m.turn_id,
                "rect": _global_rect(transcript.viewport(), transcript.message_rect(m)),
            }
            for m in transcript._message_order
        ],
        "running": window.bridge.active_turn is not None,
        "session": window._session_id,
        "events": len(window._events),
        "composer": window.composer.editor.toPlainText(),
        "composer_rect": _global_rect(window.composer.editor),
        "focus": focus.objectName() or type(focus).__name__ if focus is not None else "",
        "status": window.status.text(),
        "banner": banner.findChild(QWidget, "notice-banner-text").text()
        if banner is not None and banner.isVisible()
        else "",
        "menu": _menu_state(app.activePopupWidget()),
        # the branch switchers' arrows (links only when there is a version that way)
        "previous_arrows": [
            _global_rect(transcript.viewport(), rect)
            for direction, _, rect in transcript.branch_arrows()
            if direction == "previous"
        ],
        "transcript": transcript.toPlainText()[-2000:],
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--config-dir", required=True)
    parser.add_argument("--state", required=True, help="where the window's state is written")
    parser.add_argument("--crash-after-start", action="store_true")
    args = parser.parse_args()
    state_path = Path(args.state)
    app = QApplication(sys.argv[:1])

    def dump() -> None:
        try:
            state = window_state(app)
        except RuntimeError:  # a widget went away between two looks: the next tick reports
            return
        scratch = state_path.with_suffix(".tmp")
        scratch.write_text(json.dumps(state))
        scratch.replace(state_path)
        if args.crash_after_start and state.get("ready"):
            import faulthandler

            faulthandler._sigsegv()

    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(dump)
    timer.start()

    from parley.ui.app import run_app

    return run_app(data_dir=args.data_dir, config_dir=args.config_dir)


if __name__ == "__main__":
    sys.exit(main())

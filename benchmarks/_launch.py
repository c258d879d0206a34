"""Child process for ``benchmarks/startup.py``: start one window, time its first paint, report.

Not a benchmark on its own. ``startup.py`` runs it as a fresh ``sys.executable`` process:

    python benchmarks/_launch.py bare
    python benchmarks/_launch.py parley --data-dir D --config-dir C [--expect-sessions N]

``bare`` starts a plain ``QMainWindow`` (1100 x 720, the size Parley's window asks for); ``parley``
starts the real window through the real entry point (``ui.cli.main`` with no command, i.e. what the
``parley`` console script runs, minus the console-script shim). In both, a ``QApplication`` is
created first so that an application-wide event filter can see the first ``QEvent.Paint``
delivered to the main window or any widget inside it; ``run_app`` then reuses that application.

Clock: the parent reads ``time.monotonic_ns()`` right before ``Popen`` and passes it in the
environment (``PARLEY_BENCH_T0_NS``); this process reads the same clock. On Linux (and macOS and
Windows) that clock is system-wide, so "launch to first paint" includes interpreter start-up,
imports, building services and the window, and the first frame's layout up to its first paint.

Printed (one line, ``BENCH {json}``): milliseconds from launch to this script's first line, to the
first paint, and to the end of that first frame (a zero-timer queued from the first paint event
fires once the event loop is free again); what page Parley's window showed in that first frame;
when the window was "ready" (``--expect-sessions``: the conversation list holds that many rows and,
if a provider is configured, the chat page is shown); and VmRSS 500 ms after the first paint.
"""

import time

T_SCRIPT_NS = time.monotonic_ns()

import argparse  # noqa: E402  (the first line above must run before any other import)
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

IDLE_AFTER_PAINT_MS = 500
READY_TIMEOUT_MS = 10_000


def _ms_since_launch(t_ns: int) -> float:
    t0 = int(os.environ.get("PARLEY_BENCH_T0_NS", T_SCRIPT_NS))
    return (t_ns - t0) / 1e6


def _vm_rss_kib() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["bare", "parley"])
    parser.add_argument("--data-dir")
    parser.add_argument("--config-dir")
    parser.add_argument("--expect-sessions", type=int, default=None)
    parser.add_argument("--expect-chat-page", action="store_true")
    args = parser.parse_args()

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    result: dict = {"mode": args.mode, "script_ms": _ms_since_launch(T_SCRIPT_NS)}
    state: dict = {"window": None, "rss_done": False, "ready_done": args.expect_sessions is None}

    def finish_if_done() -> None:
        if state["rss_done"] and state["ready_done"]:
            print("BENCH " + json.dumps(result), flush=True)
            app.quit()

    def take_rss() -> None:
        result["rss_kib"] = _vm_rss_kib()
        state["rss_done"] = True
        finish_if_done()

    def frame_done() -> None:
        result["frame_done_ms"] = _ms_since_launch(time.monotonic_ns())

    poll = QTimer()
    poll.setInterval(2)
    deadline = {"t": 0.0}

    def check_ready() -> None:
        win = state["window"]
        sessions = getattr(win, "session_list", None)
        count = sessions.count() if sessions is not None else 0
        page_ok = not args.expect_chat_page or win.stack.currentWidget() is win._chat_page
        if count >= args.expect_sessions and page_ok:
            poll.stop()
            result["ready_ms"] = _ms_since_launch(time.monotonic_ns())
            state["ready_done"] = True
            finish_if_done()
        elif time.monotonic() > deadline["t"]:
            poll.stop()
            result["ready_ms"] = None
            result["ready_note"] = f"not ready after {READY_TIMEOUT_MS} ms (rows: {count})"
            state["ready_done"] = True
            finish_if_done()

    poll.timeout.connect(check_ready)

    class FirstPaint(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() != QEvent.Type.Paint:
                return False
            window = obj.window() if hasattr(obj, "window") else None
            if not isinstance(window, QMainWindow):
                return False
            result["first_paint_ms"] = _ms_since_launch(time.monotonic_ns())
            result["first_paint_widget"] = type(obj).__name__
            stack = getattr(window, "stack", None)
            if stack is not None:
                page = stack.currentWidget()
                result["page_at_first_paint"] = (
                    "chat" if page is window._chat_page else page.objectName() or "?"
                )
            state["window"] = window
            app.removeEventFilter(self)
            QTimer.singleShot(0, frame_done)
            QTimer.singleShot(IDLE_AFTER_PAINT_MS, take_rss)
            if args.expect_sessions is not None:
                deadline["t"] = time.monotonic() + READY_TIMEOUT_MS / 1000
                poll.start()
            return False

    first_paint = FirstPaint()
    app.installEventFilter(first_paint)

    if args.mode == "bare":
        window = QMainWindow()
        window.setWindowTitle("bare")
        window.resize(1100, 720)
        window.show()
        return app.exec()

    from ui.cli import main as parley_main

    argv = []
    if args.data_dir:
        argv += ["--data-dir", args.data_dir]
    if args.config_dir:
        argv += ["--config-dir", args.config_dir]
    return parley_main(argv)


if __name__ == "__main__":
    sys.exit(main())

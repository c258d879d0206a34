"""Child process for ``benchmarks/startup.py`` and ``benchmarks/memory.py``: start one window,
time its first paint and its readiness, report; optionally stay up and take commands.

Not a benchmark on its own. The parent runs it as a fresh ``sys.executable`` process:

    python benchmarks/_launch.py bare [--hold]
    python benchmarks/_launch.py parley --data-dir D --config-dir C [--expect-sessions N]
        [--expect-chat-page] [--expect-open SESSION_ID] [--idle-ms MS] [--hold]

``bare`` starts a plain ``QMainWindow`` (1100 x 720, the size Parley's window asks for); ``parley``
starts the real window through the real entry point (``ui.cli.main`` with no command, i.e. what the
``parley`` console script runs, minus the console-script shim). In both, a ``QApplication`` is
created first so that an application-wide event filter can see the first ``QEvent.Paint``
delivered to the main window or any widget inside it; ``run_app`` then reuses that application.

Clock: the parent reads ``time.monotonic_ns()`` right before ``Popen`` and passes it in the
environment (``PARLEY_BENCH_T0_NS``); this process reads the same clock. On Linux (and macOS and
Windows) that clock is system-wide, so "launch to first paint" includes interpreter start-up,
imports, building services and the window, and the first frame's layout up to its first paint.

"Ready" (Parley only, when asked for): the conversation list (``ConversationList``, a
``QTreeWidget``: its ``session_items()``) holds ``--expect-sessions`` rows; with
``--expect-chat-page`` the chat page (not the welcome panel) is shown; with ``--expect-open ID``
the window restored that conversation from ``window.json`` and the transcript has laid it out
(Markdown rendering included). ``ready_paint_ms`` is the first paint after "ready": the frame
that shows it.

Printed, one line each, ``BENCH {json}``: milliseconds from launch to this script's first line, to
the first paint, to the end of that first frame (a zero-timer queued from the first paint event
fires once the event loop is free again), to "ready" and to the paint after it; the process's CPU
time (all threads) at the first paint and at "ready"; what page
Parley's window showed in its first frame; this process's VmRSS ``--idle-ms`` after the later of
first paint and ready; which heavy third-party packages were imported by then; and the pid.

``--hold`` keeps the process up after that line so the parent can read ``/proc`` (the whole
process tree) while the window idles. It then reads commands from stdin, one a line:
``open SESSION_ID`` opens that conversation the way a click does (``MainWindow.open_session``),
waits until the transcript has laid it out, idles ``--idle-ms`` and prints another ``BENCH`` line
(``opened_ms``: from the command to laid out, ``opened_paint_ms``: to the next paint); ``quit``
(or end of input) closes the window and exits.
"""

import time

T_SCRIPT_NS = time.monotonic_ns()

import argparse  # noqa: E402  (the first line above must run before any other import)
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

READY_TIMEOUT_MS = 10_000
OPEN_TIMEOUT_MS = 30_000

#: Third-party packages the window should not need at start (issue 8); reported when loaded.
HEAVY_PACKAGES = (
    "markdown_it",
    "mdit_py_plugins",
    "pygments",
    "requests",
    "urllib3",
    "charset_normalizer",
    "keyring",
    "pypdf",
    "openpyxl",
    "pptx",
    "docx",
    "PIL",
    "defusedxml",
)
#: Parley modules that should load only when their feature is used.
LAZY_PARLEY_MODULES = (
    "parley.application.history.export",
    "parley.application.history.documents",
    "parley.application.history.importers",
    "parley.infrastructure.providers.http_stream",
    "parley.infrastructure.attachments.extractors",
)


def _ms_since_launch(t_ns: int) -> float:
    t0 = int(os.environ.get("PARLEY_BENCH_T0_NS", T_SCRIPT_NS))
    return (t_ns - t0) / 1e6


def _now_ms() -> float:
    return _ms_since_launch(time.monotonic_ns())


def _vm_rss_kib() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def loaded_heavy_modules() -> list[str]:
    """The heavy packages and lazy Parley modules this process has imported so far."""
    return [name for name in (*HEAVY_PACKAGES, *LAZY_PARLEY_MODULES) if name in sys.modules]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["bare", "parley"])
    parser.add_argument("--data-dir")
    parser.add_argument("--config-dir")
    parser.add_argument("--expect-sessions", type=int, default=None)
    parser.add_argument("--expect-chat-page", action="store_true")
    parser.add_argument("--expect-open", default="", help="a session id window.json reopens")
    parser.add_argument("--idle-ms", type=int, default=500)
    parser.add_argument("--hold", action="store_true", help="stay up; read commands from stdin")
    args = parser.parse_args()

    from PySide6.QtCore import QEvent, QObject, QSocketNotifier, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    result: dict = {
        "mode": args.mode,
        "pid": os.getpid(),
        "script_ms": _ms_since_launch(T_SCRIPT_NS),
    }
    wants_ready = args.mode == "parley" and (
        args.expect_sessions is not None or args.expect_chat_page or bool(args.expect_open)
    )
    state: dict = {"window": None, "painted": False, "ready": not wants_ready}

    def emit(payload: dict) -> None:
        print("BENCH " + json.dumps(payload), flush=True)

    def report() -> None:
        result["rss_kib"] = _vm_rss_kib()
        result["modules"] = loaded_heavy_modules()
        emit(result)
        if not args.hold:
            app.quit()

    def settled() -> None:
        # Both first paint and readiness are in: idle a moment (deferred work, garbage), report.
        QTimer.singleShot(args.idle_ms, report)

    # -- paints: the first one, and the first one after a given moment ---------------------------

    class PaintWatch(QObject):
        """Calls ``on_paint(widget)`` once, at the next paint of anything in a ``QMainWindow``."""

        def __init__(self) -> None:
            super().__init__()
            self.on_paint = None

        def arm(self, on_paint) -> None:  # type: ignore[no-untyped-def]
            self.on_paint = on_paint
            app.installEventFilter(self)

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() != QEvent.Type.Paint or self.on_paint is None:
                return False
            window = obj.window() if hasattr(obj, "window") else None
            if not isinstance(window, QMainWindow):
                return False
            callback, self.on_paint = self.on_paint, None
            app.removeEventFilter(self)
            callback(obj, window)
            return False

    watch = PaintWatch()

    def frame_done() -> None:
        result["frame_done_ms"] = _now_ms()

    def first_paint(obj: QObject, window: QMainWindow) -> None:
        result["first_paint_ms"] = _now_ms()
        # CPU time of this process (all threads, interpreter start included): less sensitive
        # than the wall clock to other work on a shared machine.
        result["first_paint_cpu_ms"] = time.process_time() * 1000
        result["first_paint_widget"] = type(obj).__name__
        stack = getattr(window, "stack", None)
        if stack is not None:
            page = stack.currentWidget()
            result["page_at_first_paint"] = (
                "chat" if page is window._chat_page else page.objectName() or "welcome"
            )
        state["window"] = window
        state["painted"] = True
        QTimer.singleShot(0, frame_done)
        if wants_ready:
            deadline["t"] = time.monotonic() + READY_TIMEOUT_MS / 1000
            poll.start()
        if state["ready"]:
            settled()

    # -- readiness ----------------------------------------------------------------------------

    poll = QTimer()
    poll.setInterval(2)
    deadline = {"t": 0.0}

    def shows_session(win, session_id: str) -> bool:  # type: ignore[no-untyped-def]
        # open_session's slot sets _session_id and lays the transcript out in the same call,
        # so once the id is set (seen from the event loop) the layout is done.
        return win._session_id == session_id and win.transcript.document().characterCount() > 1

    def check_ready() -> None:
        win = state["window"]
        sessions = getattr(win, "session_list", None)
        rows = len(sessions.session_items()) if sessions is not None else 0
        rows_ok = args.expect_sessions is None or rows >= args.expect_sessions
        page_ok = not args.expect_chat_page or win.stack.currentWidget() is win._chat_page
        open_ok = not args.expect_open or shows_session(win, args.expect_open)
        if rows_ok and page_ok and open_ok:
            poll.stop()
            result["ready_ms"] = _now_ms()
            result["ready_cpu_ms"] = time.process_time() * 1000
            watch.arm(lambda _obj, _win: result.__setitem__("ready_paint_ms", _now_ms()))
            state["ready"] = True
            settled()
        elif time.monotonic() > deadline["t"]:
            poll.stop()
            result["ready_ms"] = None
            result["ready_note"] = (
                f"not ready after {READY_TIMEOUT_MS} ms (rows: {rows}, chat page: {page_ok},"
                f" conversation shown: {open_ok})"
            )
            state["ready"] = True
            settled()

    poll.timeout.connect(check_ready)

    # -- --hold: commands on stdin --------------------------------------------------------------

    opening: dict = {}
    open_poll = QTimer()
    open_poll.setInterval(2)

    def check_opened() -> None:
        win = state["window"]
        if shows_session(win, opening["id"]):
            open_poll.stop()
            t = time.monotonic_ns()
            opened = {"command": "open", "opened_ms": (t - opening["t0"]) / 1e6}

            def painted(_obj, _win) -> None:  # type: ignore[no-untyped-def]
                opened["opened_paint_ms"] = (time.monotonic_ns() - opening["t0"]) / 1e6

            watch.arm(painted)

            def report_open() -> None:
                opened["rss_kib"] = _vm_rss_kib()
                opened["modules"] = loaded_heavy_modules()
                emit(opened)

            QTimer.singleShot(args.idle_ms, report_open)
        elif time.monotonic_ns() - opening["t0"] > OPEN_TIMEOUT_MS * 1_000_000:
            open_poll.stop()
            emit({"command": "open", "error": f"not shown after {OPEN_TIMEOUT_MS} ms"})

    open_poll.timeout.connect(check_opened)

    def on_stdin() -> None:
        line = sys.stdin.readline()
        words = line.split()
        if not line or words[:1] == ["quit"]:
            notifier.setEnabled(False)
            app.quit()
        elif words[:1] == ["open"] and len(words) == 2 and state["window"] is not None:
            opening.update(id=words[1], t0=time.monotonic_ns())
            state["window"].open_session(words[1])
            open_poll.start()
        else:
            emit({"command": line.strip(), "error": "unknown command"})

    if args.hold:
        notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
        notifier.activated.connect(on_stdin)

    watch.arm(first_paint)

    if args.mode == "bare":
        window = QMainWindow()
        window.setWindowTitle("bare")
        window.resize(1100, 720)
        window.show()
        return app.exec()

    from parley.ui.cli import main as parley_main

    argv = []
    if args.data_dir:
        argv += ["--data-dir", args.data_dir]
    if args.config_dir:
        argv += ["--config-dir", args.config_dir]
    return parley_main(argv)


if __name__ == "__main__":
    sys.exit(main())

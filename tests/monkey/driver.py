"""Run Parley's window in this process for the monkey test; record every error; take commands.

Why it exists: the monkey test (``tests/monkey/test_monkey.py``) drives the real window from
outside with a real pointer and keyboard (xdotool on Xvfb). This child process starts the window
exactly as ``parley`` does (``ui.app.run_app``) and adds three debug hooks, none of them in the
app itself:

- **errors**: ``sys.excepthook`` and ``threading.excepthook`` record every Python exception that
  reaches the Qt event loop (or kills a thread), ``qInstallMessageHandler`` records Qt's own
  warnings, criticals and fatals, and a logging handler records ERROR records; all with their
  text, in order;
- **a command channel** (``--command-fd``, one end of a socket pair): one JSON line per command,
  read on a thread and run on the UI thread by a 10 ms ``QTimer``; the reply (one JSON line)
  carries the result and the errors recorded since the last reply. ``ping`` proves the UI thread
  still turns; ``look`` reports where things are on the screen; the others call the window's
  public methods, for the actions that have no reliable pointer path (theme, attach a file);
- **a state file** (``--state``), rewritten every 200 ms (a heartbeat with the errors so far), and
  ``faulthandler`` on ``--fault-file`` (the app's own crash log replaces it once the window is up;
  both are read when the child dies).

Usage: ``python tests/monkey/driver.py --data-dir D --config-dir C --state S.json
--fault-file F.txt --command-fd N``
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import logging
import os
import queue
import random
import signal
import socket
import sys
import threading
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo, when run as a script

from PySide6.QtCore import QRect, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QWidget

ERRORS: list[dict] = []  # every error recorded, in order
WARNINGS: list[dict] = []  # Qt warnings and info (reported, not failures)
_MAX_WARNINGS = 200


def _record_exception(kind: str, exc_type, exc, tb) -> None:  # type: ignore[no-untyped-def]
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    ERRORS.append({"kind": kind, "text": text, "t": time.time()})
    sys.stderr.write(f"[monkey driver] {kind}:\n{text}\n")


def _install_error_hooks() -> None:
    sys.excepthook = lambda *info: _record_exception("exception", *info)
    threading.excepthook = lambda args: _record_exception(
        f"thread exception ({args.thread.name if args.thread else '?'})",
        args.exc_type,
        args.exc_value,
        args.exc_traceback,
    )

    def on_message(kind, context, message) -> None:  # type: ignore[no-untyped-def]
        where = f"{context.file}:{context.line}" if context is not None and context.file else ""
        entry = {"kind": f"qt-{kind.name}", "text": message, "where": where, "t": time.time()}
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            ERRORS.append(entry)
        elif len(WARNINGS) < _MAX_WARNINGS:
            WARNINGS.append(entry)
        sys.stderr.write(f"[qt {kind.name}] {message}\n")

    qInstallMessageHandler(on_message)

    class _Recorder(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info))
            ERRORS.append({"kind": f"log-{record.levelname}", "text": text, "t": time.time()})

    logging.getLogger().addHandler(_Recorder(level=logging.ERROR))


def _global_rect(widget: QWidget, rect: QRect | None = None) -> list[int]:
    rect = rect if rect is not None else widget.rect()
    top_left = widget.mapToGlobal(rect.topLeft())
    return [top_left.x(), top_left.y(), rect.width(), rect.height()]


class Monkey:
    """The commands the test may send; each runs on the UI thread."""

    def __init__(self, app: QApplication, seed: int) -> None:
        self.app = app
        self.random = random.Random(seed)

    def window(self):  # type: ignore[no-untyped-def]
        from parley.ui.main_window import MainWindow

        return next(
            (w for w in self.app.topLevelWidgets() if isinstance(w, MainWindow)),
            None,
        )

    # -- queries ---------------------------------------------------------------------------------

    def ping(self) -> dict:
        window = self.window()
        if window is None or not window.isVisible():
            return {"shown": False}
        return {
            "shown": True,
            "ready": window.providers_loaded and window.stack.currentWidget() is window._chat_page,
            "running": window.bridge.active_turn is not None,
            "session": window._session_id,
            "events": len(window._events),
        }

    def look(self) -> dict:
        """Where things are on the screen now (for the pointer)."""
        window = self.window()
        state = self.ping()
        if not state.get("shown"):
            return state
        transcript = window.transcript
        toolbar = transcript.message_toolbar
        popup = self.app.activePopupWidget()
        modal = self.app.activeModalWidget()
        history = window.history_window
        switcher = window.quick_switcher
        chips = window.composer.findChildren(QWidget, "remove-attachment")
        state.update(
            window_id=int(window.winId()),
            window=_global_rect(window),
            viewport=_global_rect(transcript.viewport()),
            composer=window.composer.editor.toPlainText()[-200:],
            composer_rect=_global_rect(window.composer.editor),
            new_button=_global_rect(window.new_button),
            toolbar={
                "visible": toolbar.isVisible(),
                "role": toolbar.message.role if toolbar.message is not None else "",
                "regenerate": _global_rect(toolbar.regenerate_button)
                if toolbar.regenerate_button.isVisible()
                else None,
                "edit": _global_rect(toolbar.edit_button)
                if toolbar.edit_button.isVisible()
                else None,
                "copy": _global_rect(toolbar.copy_button),
            },
            messages=[
                {
                    "role": m.role,
                    "rect": _global_rect(transcript.viewport(), transcript.message_rect(m)),
                }
                for m in transcript._message_order
            ],
            arrows=[
                _global_rect(transcript.viewport(), rect)
                for _, _, rect in transcript.branch_arrows()
                if transcript.viewport().rect().intersects(rect)
            ],
            chips=[_global_rect(c) for c in chips if c.isVisible()],
            menu={
                a.text().replace("&", ""): _global_rect(popup, popup.actionGeometry(a))
                for a in popup.actions()
                if not a.isSeparator() and a.isVisible() and a.isEnabled()
            }
            if isinstance(popup, QMenu)
            else None,
            popup=type(popup).__name__ if popup is not None else "",
            modal=type(modal).__name__ if modal is not None else "",
            modal_id=int(modal.winId()) if modal is not None else 0,
            history_id=int(history.winId()) if history is not None and history.isVisible() else 0,
            switcher_id=int(switcher.winId())
            if switcher is not None and switcher.isVisible()
            else 0,
            focus=type(self.app.focusWidget()).__name__ if self.app.focusWidget() else "",
            scroll=transcript.verticalScrollBar().value(),
            status=window.status.text(),
        )
        return state

    # -- actions without a reliable pointer path -------------------------------------------------

    def theme(self, mode: str) -> None:
        self.window().set_theme(mode)

    def attach(self, path: str) -> list[str]:
        return [str(p) for p in self.window().composer.add_attachments([path])]

    def branch(self) -> str:
        """Switch to a random turn's branch (what a click on a switcher arrow asks for)."""
        window = self.window()
        turns = list(dict.fromkeys(e.turn_id for e in window._events))
        if not turns:
            return ""
        turn = self.random.choice(turns)
        window.chat.show_branch(turn)
        return turn

    def close_history(self) -> None:
        window = self.window()
        if window.history_window is not None:
            window.history_window.close()

    def close_popups(self) -> list[str]:
        """Close whatever popup or dialog is in the way (the monkey got stuck behind one)."""
        closed = []
        for _ in range(5):
            widget = self.app.activePopupWidget() or self.app.activeModalWidget()
            if widget is None:
                break
            closed.append(type(widget).__name__)
            if isinstance(widget, QDialog):
                widget.reject()
            else:
                widget.close()
        return closed

    def resize(self, width: int, height: int) -> None:
        self.window().resize(width, height)

    def composer_text(self, text: str) -> None:
        self.window().composer.editor.setPlainText(text)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--config-dir", required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--fault-file", required=True)
    parser.add_argument("--command-fd", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    fault = open(args.fault_file, "w")  # noqa: SIM115 - open for the process's whole life
    faulthandler.enable(fault, all_threads=True)
    # SIGUSR1: every thread's stack, without dying (the test sends it when the UI thread hangs)
    faulthandler.register(signal.SIGUSR1, file=fault, all_threads=True)
    _install_error_hooks()
    state_path = Path(args.state)
    app = QApplication(sys.argv[:1])
    monkey = Monkey(app, args.seed)

    channel = socket.socket(fileno=args.command_fd)
    commands: queue.Queue = queue.Queue()

    def read_commands() -> None:
        with channel.makefile("r", encoding="utf-8") as lines:
            for line in lines:
                commands.put(json.loads(line))
        commands.put(None)  # the test went away

    threading.Thread(target=read_commands, name="monkey-commands", daemon=True).start()
    reported = 0

    def run_commands() -> None:
        nonlocal reported
        while True:
            try:
                command = commands.get_nowait()
            except queue.Empty:
                return
            if command is None:  # the test is done: quit as File > Quit does (closing the window)
                window = monkey.window()
                if window is not None:
                    window.close()
                app.quit()
                return
            reply: dict = {"id": command["id"]}
            try:
                method = getattr(monkey, command["cmd"])
                reply["result"] = method(*command.get("args", []))
            except Exception:  # a failing command is the driver's fault, not the app's
                reply["command_error"] = traceback.format_exc()
            reply["errors"] = ERRORS[reported:]
            reported = len(ERRORS)
            try:
                channel.sendall((json.dumps(reply) + "\n").encode())
            except OSError:  # the test went away mid-command
                return

    def dump() -> None:
        state = {"pid": os.getpid(), "t": time.time(), "errors": ERRORS, "warnings": WARNINGS}
        scratch = state_path.with_suffix(".tmp")
        scratch.write_text(json.dumps(state))
        scratch.replace(state_path)

    command_timer = QTimer()
    command_timer.setInterval(10)
    command_timer.timeout.connect(run_commands)
    command_timer.start()
    dump_timer = QTimer()
    dump_timer.setInterval(200)
    dump_timer.timeout.connect(dump)
    dump_timer.start()

    from parley.ui.app import run_app

    try:
        return run_app(data_dir=args.data_dir, config_dir=args.config_dir)
    finally:
        dump()


if __name__ == "__main__":
    sys.exit(main())

"""Stop signals during ``parley ask``: Ctrl+C, ``kill``, ``timeout``, a closed terminal.

Why it exists: SIGINT, SIGTERM and SIGHUP all mean "stop now" to a command-line program, and all
must cost the same: nothing. The answer so far is saved, the turn is closed as cancelled, and the
command exits with the conventional code 128 + the signal's number (130, 143, 129) — issue 14,
item 3.

Invariants it keeps:

- a handler only records the signal and sets the turn's cancel event: it raises nothing into the
  main thread. (The old way let Python's ``KeyboardInterrupt`` fly out of whatever the main thread
  was running; landing outside the wait loop — e.g. in ``Thread.start`` while the worker already
  streamed, on a loaded machine — it skipped the cancel, so the turn kept waiting on its silent
  provider while the command tore the store down: the CLI test once saw no exit within 10 s.)
  The turn therefore always ends through the runtime's own cancel path;
- a second signal while the turn is being saved ends the process at once (``os._exit``) with the
  same code: its checkpoints, at most ~0.3 s behind the screen, are closed by the next start;
- the previous handlers come back when the ``with`` block ends; outside the main thread (where
  Python cannot install handlers) nothing is installed and Ctrl+C keeps its default meaning.
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType
from typing import Any

#: The signals that stop a turn, where the platform has them.
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class TurnSignals:
    """While entered, SIGINT/SIGTERM/SIGHUP set ``cancel`` (see the module docstring)."""

    def __init__(self, cancel: threading.Event) -> None:
        self._cancel = cancel
        self._previous: dict[signal.Signals, Any] = {}
        #: The first stop signal received, or None.
        self.received: signal.Signals | None = None

    @property
    def exit_code(self) -> int | None:
        """128 + the signal's number once one was received (130 for Ctrl+C)."""
        return None if self.received is None else 128 + int(self.received)

    @property
    def name(self) -> str:
        return "" if self.received is None else self.received.name

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is not None:
            os.write(2, b"parley: stopping at once; the next start closes the turn\n")
            os._exit(128 + signum)
        self.received = signal.Signals(signum)
        self._cancel.set()

    def __enter__(self) -> TurnSignals:
        if threading.current_thread() is threading.main_thread():
            for sig in STOP_SIGNALS:
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()

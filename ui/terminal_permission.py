"""Asking on the terminal before a risky action runs (``parley ask``).

Why it exists: a headless turn may need the user's yes just like a window turn. When the terminal
is interactive, the exact command, its effect, the rule and the sandbox it would run in are
printed to stderr and the answer read from the terminal; when it is not (a pipe, a script, CI),
nothing can be asked, so the answer is Deny — the gate never turns "could not ask" into "allowed".

Invariants it keeps: called on the turn's worker thread; reads with a short timeout in a loop so
Ctrl+C on the main thread (which sets the cancel event) ends the wait; no Qt.
"""

from __future__ import annotations

import select
import sys
import threading
from typing import TextIO

from parley.application.ports.tools import ALLOW_ONCE, ALLOW_SESSION, DENY, PermissionRequest

_CHOICES = {"o": ALLOW_ONCE, "once": ALLOW_ONCE, "c": ALLOW_SESSION, "conversation": ALLOW_SESSION}


class TerminalPermissionAsker:
    """``PermissionAsker`` for the command line."""

    def __init__(
        self,
        stdin: TextIO | None = None,
        stderr: TextIO | None = None,
        *,
        interactive: bool | None = None,
    ) -> None:
        self._in = stdin or sys.stdin
        self._err = stderr or sys.stderr
        self._interactive = interactive
        self._lock = threading.Lock()

    def _can_ask(self) -> bool:
        if self._interactive is not None:
            return self._interactive
        try:
            return bool(self._in.isatty() and self._err.isatty())
        except (AttributeError, ValueError):
            return False

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        effect = request.effect
        if not self._can_ask():
            self._err.write(
                f"parley: refused (nobody to ask on a non-interactive terminal): "
                f"{request.summary} [{effect.level}: {effect.reason}]\n"
            )
            self._err.flush()
            return DENY
        # The sentence the window's dialog shows: where the command would run if allowed.
        confinement = request.confinement
        where = f"  {confinement.describe()}\n" if confinement is not None else ""
        with self._lock:
            self._err.write(
                f"\nparley: the model wants to {request.summary}\n"
                f"  effect: {effect.level} — {effect.reason} (rule {effect.rule})\n"
                f"{where}"
                "  allow [o]nce, for this [c]onversation, or [N]o? "
            )
            self._err.flush()
            line = self._read_line(cancel)
        if line is None:
            return DENY
        return _CHOICES.get(line.strip().lower(), DENY)

    def _read_line(self, cancel: threading.Event) -> str | None:
        try:
            fileno = self._in.fileno()
        except (AttributeError, ValueError, OSError):
            return self._in.readline()
        while not cancel.is_set():
            ready, _w, _x = select.select([fileno], [], [], 0.25)
            if ready:
                return self._in.readline()
        return None

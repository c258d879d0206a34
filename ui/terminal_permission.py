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

from parley.application.ports.tools import (
    ALLOW_ALWAYS,
    ALLOW_ONCE,
    ALLOW_SESSION,
    DENY,
    PermissionRequest,
)

_CHOICES = {
    "o": ALLOW_ONCE,
    "once": ALLOW_ONCE,
    "c": ALLOW_SESSION,
    "conversation": ALLOW_SESSION,
    "a": ALLOW_ALWAYS,
    "always": ALLOW_ALWAYS,
}


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
        choices = "allow [o]nce, for this [c]onversation, or [N]o? "
        if request.is_mcp:
            # An MCP tool: which server, the exact arguments, and what the server claims (a
            # claim, not a fact); it can also be allowed always (stored, revocable).
            arguments = "\n".join(f"    {line}" for line in request.arguments_json.splitlines())
            claims = ", ".join(request.claims) or "nothing"
            where = (
                f"  server: {request.mcp_server}   tool: {request.mcp_tool}\n"
                f"  arguments:\n{arguments}\n"
                f"  the server says: {claims} (Parley cannot check this)\n"
            )
            choices = "allow [o]nce, for this [c]onversation, [a]lways for this tool, or [N]o? "
        with self._lock:
            self._err.write(
                f"\nparley: the model wants to {request.summary}\n"
                f"  effect: {effect.level} — {effect.reason} (rule {effect.rule})\n"
                f"{where}"
                f"  {choices}"
            )
            self._err.flush()
            line = self._read_line(cancel)
        if line is None:
            return DENY
        answer = _CHOICES.get(line.strip().lower(), DENY)
        if answer == ALLOW_ALWAYS and not request.is_mcp:
            return DENY  # only an MCP tool can be allowed always
        return answer

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

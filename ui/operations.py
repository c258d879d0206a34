"""The one place a named operation runs and the one signal that says what it changed.

Why it exists: views used to refresh each other by hand after a rename, a pin or a deletion (the
window called the sidebar's refresh, the title field's, the open conversation's). Here an
operation (``application.sessions.operations``) runs on a worker through the window's
``WorkerBridge``; when it returns, the hub emits ``sig_changed`` once with its ``OpChanges``, and
each view — the sidebar, the title field, the open conversation, the History window — decides
from that value alone whether to refresh (Anki's ``CollectionOp`` / ``OpChanges`` shape).

Invariants it keeps:

- the UI thread never runs an operation's job: ``run_operation`` hands it to ``submit`` (the
  bridge's worker pool); only the changes value comes back, as a queued delivery;
- one operation ends in at most one ``sig_changed`` (none when it changed nothing) or one
  ``sig_failed``; ``announce`` emits a change that needed no store work (hiding a conversation
  behind Undo) through the same signal, so listeners have one entry point;
- a listener added with ``subscribe`` that raises does not stop the others: the hub logs its
  exception, and none escapes into Qt.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from parley.application.sessions.operations import OpChanges

log = logging.getLogger(__name__)

Submit = Callable[
    [Callable[[], Any], Callable[[Any], object], Callable[[BaseException], None]], None
]


class OperationHub(QObject):
    """Runs named operations off the UI thread; emits what they changed (module docstring)."""

    sig_changed = Signal(object)
    """An operation changed something: ``OpChanges``. Every view listens to this one signal."""

    sig_failed = Signal(str, str)
    """An operation failed: ``(operation name, message)``; nothing was changed."""

    def __init__(self, submit: Submit, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._submit = submit
        self.emitted = 0  # how many changes were announced (for tests and diagnostics)

    def run_operation(
        self,
        name: str,
        job: Callable[[], OpChanges],
        on_done: Callable[[OpChanges], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Run ``job`` on a worker; on the UI thread, emit its ``OpChanges`` (if it changed
        anything), then call ``on_done`` with it (for what only the caller cares about, such as
        a status line). A failure emits ``sig_failed``, or, given ``on_failed``, goes there
        instead (a side job such as a generated title fails quietly)."""

        # ``job`` runs on a bridge worker; ``done`` and ``failed`` come back to this (the UI)
        # thread as the bridge's queued ``sig_task_done``, so the emission below is on it too.
        def done(changes: object) -> None:
            if not isinstance(changes, OpChanges):
                log.error("operation %r returned %r, not OpChanges", name, changes)
                return
            self.announce(changes)
            if on_done is not None:
                on_done(changes)

        def failed(exc: BaseException) -> None:
            log.info("operation %r failed: %s", name, exc)
            if on_failed is not None:
                on_failed(exc)
                return
            self.sig_failed.emit(name, str(exc) or type(exc).__name__)

        self._submit(job, done, failed)

    def subscribe(self, listener: Callable[[OpChanges], None]) -> None:
        """Call ``listener`` with every change (UI thread); its exceptions are logged."""

        def guarded(changes: OpChanges) -> None:  # sig_changed carries only OpChanges
            try:
                listener(changes)
            except Exception:
                log.exception("a view failed to follow %r", changes)

        self.sig_changed.connect(guarded)

    def announce(self, changes: OpChanges) -> None:
        """Emit ``changes`` (UI thread) when something changed."""
        if changes.changed:
            self.emitted += 1
            self.sig_changed.emit(changes)

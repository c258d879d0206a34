"""The in-app scheduler: while the window is open, runs the tasks that come due.

Why it exists: the operating system's timer may be missing (no systemd user bus, macOS and
Windows for now) or off; a person with Parley open still expects the 08:00 task to run. A
``QTimer`` on the UI thread only decides *when to look*; the looking (the store's claim of what
is due) and each run go off the UI thread, so the window never waits on SQLite or a provider.

Invariants it keeps:

- an occurrence runs once whoever else looks (the OS timer's ``run-due``, another window): the
  claim is the store's (``ScheduleService.claim_due``); the first look, at start, is also the
  catch-up of a run missed while nothing was running;
- each run goes on a thread of its own (a run may last its whole timeout; it must not hold one
  of the window's two background workers);
- results come back as this object's signals, queued to the UI thread; after ``shutdown`` (or
  the object's destruction) nothing is emitted: a run that ends later is recorded all the same;
- runs that *another* process finished (the OS timer's) are reported too, once each, apart
  (``sig_other_finished``): the window lists them; that process notified the desktop itself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from parley.application.schedules.service import MISSED, ScheduleService
from parley.domain.schedules.due import Due
from parley.domain.schedules.model import RunRecord
from parley.ui.bridge import EmitGate

log = logging.getLogger(__name__)

#: How often the window looks for what is due (ms): twice a minute, so a task set for 08:00 starts
#: before 08:00:30.
CHECK_MS = 30_000

Submit = Callable[
    [Callable[[], Any], Callable[[Any], object], Callable[[BaseException], None]], None
]


class InAppScheduler(QObject):
    """Looks every ``CHECK_MS`` (``tick``) and runs what is due (module docstring)."""

    sig_run_started = Signal(object)
    """A run this window claimed has started: ``Due``."""

    sig_run_finished = Signal(object)
    """A run this window claimed ended (or was recorded missed): ``RunRecord``."""

    sig_other_finished = Signal(object)
    """A run another process (the OS timer's ``run-due``) ended: ``RunRecord``. It notified
    the desktop itself; the window only shows it."""

    def __init__(
        self,
        service: ScheduleService,
        submit: Submit,
        parent: QObject | None = None,
        *,
        interval_ms: int = CHECK_MS,
    ) -> None:
        super().__init__(parent)
        self._service = service
        self._submit = submit
        self._gate = EmitGate()  # closed by shutdown() or the parent's destruction
        if parent is not None:
            parent.destroyed.connect(self._gate.close)
        self._looking = False
        self._cancel = threading.Event()
        self._threads: list[threading.Thread] = []
        #: Runs already reported (task id, occurrence), so another process's are said once.
        self._reported: set[tuple[str, datetime]] = set()
        self._since = service.clock()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        """Look now (the catch-up of what was missed) and then every interval."""
        self.timer.start()
        self.tick()

    @property
    def looking(self) -> bool:
        """Whether a look is under way (a ``tick`` now is skipped)."""
        return self._looking

    @property
    def running(self) -> int:
        """How many runs this window has going."""
        return sum(1 for t in self._threads if t.is_alive())

    def tick(self) -> None:
        """Decide to look (UI thread): one look at a time; the look itself runs on a worker."""
        if self._gate.closed or self._looking:
            return
        self._looking = True
        since = self._since
        service = self._service

        def look() -> tuple[tuple[Due, ...], tuple[RunRecord, ...], datetime]:
            now = service.clock()
            mine = service.claim_due()
            others = tuple(service.store.finished_since(since))
            return mine, others, now

        self._submit(look, self._looked, self._look_failed)

    def _looked(self, result: tuple[tuple[Due, ...], tuple[RunRecord, ...], datetime]) -> None:
        self._looking = False
        mine, others, now = result
        self._since = now
        for due in mine:
            if due.runs:
                self.run(due)
                continue
            self._reported.add((due.task.id, due.scheduled_at))
            self.sig_run_finished.emit(
                RunRecord(due.task.id, due.scheduled_at, status="skipped", ended_at=now,
                          error=MISSED)
            )  # fmt: skip
        for record in others:
            key = (record.task_id, record.scheduled_at)
            if key not in self._reported:
                self._reported.add(key)
                self.sig_other_finished.emit(record)

    def _look_failed(self, exc: BaseException) -> None:
        self._looking = False
        log.warning("scheduled tasks could not be checked: %s", exc)

    def run(self, due: Due) -> None:
        """Run a claimed occurrence on a thread of its own; ``sig_run_finished`` when it ends."""
        if self._gate.closed:
            return
        self._reported.add((due.task.id, due.scheduled_at))
        service = self._service

        def work() -> None:
            try:
                record = service.run(due, self._cancel)
            except Exception as exc:  # the store failed; say so rather than vanish
                log.warning("a scheduled run could not be recorded: %s", exc)
                record = RunRecord(due.task.id, due.scheduled_at, status="failed", error=str(exc))
            self._gate.emit(self.sig_run_finished, record)

        thread = threading.Thread(target=work, name=f"scheduled-{due.task.id}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        self.sig_run_started.emit(due)
        thread.start()

    def run_now(self, task_id: str, on_failed: Callable[[BaseException], None]) -> None:
        """Claim a manual run (on a worker), then run it like a due one."""
        service = self._service
        self._submit(lambda: service.claim_now(task_id), self.run, on_failed)

    def shutdown(self, timeout_s: float = 5.0) -> None:
        """Stop looking, cancel the runs under way (each keeps its partial answer, recorded as
        cancelled) and wait briefly for them."""
        self.timer.stop()
        self._gate.close()
        self._cancel.set()
        for thread in self._threads:
            thread.join(timeout_s)

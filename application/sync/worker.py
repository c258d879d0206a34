"""The background loop that keeps a desktop in sync with its team store, and what it reports.

Why it exists: syncing is slow, blocking I/O that must never run on the UI thread, and a desktop
is often offline. ``SyncWorker`` runs ``SyncEngine.run_once`` on its own thread: every
``interval`` seconds while things work, backing off exponentially while the server is
unreachable, and stopping altogether on ``refused`` or ``schema`` (retrying cannot help: a
person must act) until ``resume`` is called. After every run it hands a ``SyncStatus`` to a
callback — on the worker thread: a window must hop to its own thread before it touches a widget.
No Qt here.

Invariants it keeps:

- one run at a time (one thread); ``stop`` cancels the run at its next batch boundary (the
  engine's cancel event) and joins the thread;
- the delay after a run is a pure function of the run's outcome and the failures before it
  (``next_delay``), so it is tested without waiting;
- the status is a frozen value: ``state`` is ``syncing`` while a run is under way, ``idle`` after
  one that worked, ``offline`` while the server is unreachable, ``error`` after refused / schema
  / a local store error; ``last_success`` and the counts survive errors.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from parley.application.sync.engine import SyncEngine, SyncReport

log = logging.getLogger(__name__)

#: Error kinds after which the worker waits for ``resume`` (a person must act).
STOPPING_KINDS = frozenset({"refused", "schema"})


@dataclass(frozen=True)
class SyncStatus:
    """What the window shows: state (idle, syncing, offline, error, stopped), when the last run
    that worked ended (ISO 8601 UTC, "" = never), the last error and its kind ("" after a run
    that worked), events pushed and pulled since the worker started, conversations quarantined
    (id, reason) and the seconds until the next attempt (None: none planned)."""

    state: str = "idle"
    last_success: str = ""
    last_error: str = ""
    last_error_kind: str = ""
    pushed: int = 0
    pulled: int = 0
    quarantined: tuple[tuple[str, str], ...] = ()
    next_attempt_in: float | None = None


def next_delay(
    report: SyncReport, failures: int, *, interval: float, backoff_start: float, backoff_max: float
) -> float | None:
    """Seconds to wait after ``report`` (``failures``: consecutive failed runs, this one
    included); None: wait for ``resume``."""
    if report.ok:
        return interval
    if report.error_kind in STOPPING_KINDS:
        return None
    return float(min(backoff_max, backoff_start * 2.0 ** max(0, failures - 1)))


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class SyncWorker:
    """Runs ``engine`` in the background (see the module docstring)."""

    def __init__(
        self,
        engine: SyncEngine,
        *,
        on_status: Callable[[SyncStatus], None] | None = None,
        interval: float = 30.0,
        backoff_start: float = 2.0,
        backoff_max: float = 600.0,
    ) -> None:
        self.engine = engine
        self.interval = interval
        self.backoff_start = backoff_start
        self.backoff_max = backoff_max
        self._on_status = on_status
        self._cancel = threading.Event()  # stop: ends waits and the run in progress
        self._wake = threading.Event()  # sync now / resume: ends a wait early
        self._lock = threading.Lock()
        self._status = SyncStatus()
        self._failures = 0
        self._halted = False
        self._thread: threading.Thread | None = None

    @property
    def status(self) -> SyncStatus:
        with self._lock:
            return self._status

    # -- control (any thread) --------------------------------------------------------------------

    def start(self) -> None:
        """Start the loop (once)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._loop, name="parley-sync", daemon=True)
        self._thread.start()

    def sync_now(self) -> None:
        """Run as soon as the current wait allows (not while halted: see ``resume``)."""
        self._wake.set()

    def resume(self) -> None:
        """After ``refused`` / ``schema`` (fixed by a person): try again now."""
        with self._lock:
            self._halted = False
            self._failures = 0
        self._wake.set()

    def stop(self, timeout: float | None = 10.0) -> bool:
        """Cancel the run in progress (at its next batch boundary) and end the loop; True when
        the thread has ended."""
        self._cancel.set()
        self._wake.set()
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    # -- the loop (the worker thread) ------------------------------------------------------------

    def step(self) -> float | None:
        """One run: report ``syncing``, run the engine, report the outcome; returns the delay
        before the next run (None: wait for ``resume``)."""
        self._publish(dataclasses.replace(self.status, state="syncing", next_attempt_in=None))
        try:
            report = self.engine.run_once(self._cancel)
        except Exception as exc:  # a bug must not kill the loop silently: report it
            log.exception("sync run failed")
            report = SyncReport(error_kind="local", error=f"{type(exc).__name__}: {exc}")
        with self._lock:
            self._failures = 0 if report.ok else self._failures + 1
            failures = self._failures
        delay = next_delay(
            report,
            failures,
            interval=self.interval,
            backoff_start=self.backoff_start,
            backoff_max=self.backoff_max,
        )
        status = dataclasses.replace(
            self.status,
            pushed=self.status.pushed + report.pushed,
            pulled=self.status.pulled + report.pulled,
            quarantined=self.status.quarantined + report.quarantined,
            next_attempt_in=delay,
        )
        if report.ok:
            status = dataclasses.replace(
                status,
                state="idle",
                last_error="",
                last_error_kind="",
                last_success=status.last_success if report.cancelled else _now(),
            )
        else:
            status = dataclasses.replace(
                status,
                state="offline" if report.error_kind == "unreachable" else "error",
                last_error=report.error,
                last_error_kind=report.error_kind,
            )
        if delay is None:
            with self._lock:
                self._halted = True
        self._publish(status)
        return delay

    def _loop(self) -> None:
        while not self._cancel.is_set():
            # Cleared *before* the run: a ``sync_now``, ``resume`` or ``stop`` during it still
            # ends the wait that follows.
            self._wake.clear()
            delay = self.step()
            self._wake.wait(delay)
            # Halted (refused / schema): only ``resume`` (which clears the flag first) or
            # ``stop`` lets it run again; a ``sync_now`` meanwhile is ignored.
            while not self._cancel.is_set():
                self._wake.clear()
                if not self.halted:
                    break
                self._wake.wait()
        self._publish(dataclasses.replace(self.status, state="stopped", next_attempt_in=None))

    @property
    def halted(self) -> bool:
        with self._lock:
            return self._halted

    def _publish(self, status: SyncStatus) -> None:
        """Keep ``status`` and hand it to the callback (on this, the worker, thread)."""
        with self._lock:
            self._status = status
        if self._on_status is not None:
            try:
                self._on_status(status)
            except Exception:  # the window's callback must not end syncing
                log.exception("sync status callback failed")

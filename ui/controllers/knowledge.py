"""Projects' knowledge folders in the window: running the indexer, and watching the folders.

Why it exists: a project's knowledge folder must stay indexed while Parley is open (issue 18):
"Index now" in Settings → Projects starts a run with progress and Cancel, and the window notices
when a folder changes. Both go through one ``KnowledgeRuns`` per set of services, so Settings
shows the progress of a run the watcher started, and the two never index one project at once.

Design (the watcher): no ``QFileSystemWatcher`` — it watches folders, not trees, runs out of
handles on big trees and differs per platform. Instead ``KnowledgeController`` ticks every
``WATCH_INTERVAL_MS`` (30 s, and once ``FIRST_CHECK_MS`` after the window has its projects: a
folder changed while Parley was closed is caught on open); for each project with a folder it asks
``KnowledgeRuns.check``, which walks the folder on a worker (names, sizes and times only — no file
is opened) and compares the walk's signature (``FolderScan.signature``) with the one of the
project's last run. Only when they differ does the indexer run, on that worker, with that walk;
the indexer itself reads only new and changed files. A run that was stopped (Cancel) or failed
(the folder is gone) records what it saw, so the watcher does not start it again every 30 s —
only a change of the folder or "Index now" does.

Invariants it keeps:

- the UI thread never walks a folder, reads a file or touches the index: every run, check and
  ``forget`` is on its own daemon thread (a folder can take minutes: the bridge's two shared
  workers stay free for the window's short jobs), and results come back as this object's
  signals, queued to the UI thread because it lives there;
- one run per project at a time (``start`` says False for a second; the indexer refuses one
  too); ``cancel`` sets the run's ``threading.Event`` directly (a queued slot would wait);
- nothing is emitted after ``shutdown`` (a lock-guarded gate, as ``ui.bridge``): a run ending
  after its window closed cannot reach a deleted object;
- a turn never waits for a run: retrieval uses whatever is indexed so far.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from parley.application.knowledge.folders import (
    FolderError,
    FolderScan,
    KnowledgeFolderIndexer,
)
from parley.application.ports.knowledge import CollectionMember, KnowledgeCollections
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)

#: Composed on a worker; the page shows it translated (``translate_text``).
_NOT_EMPTIED = QT_TRANSLATE_NOOP("Knowledge", "Could not empty the index: {exc}")

#: How often the window looks at its projects' knowledge folders.
WATCH_INTERVAL_MS = 30_000
#: The first look after the window has read its projects (a change made while Parley was closed).
FIRST_CHECK_MS = 3_000

#: One ``KnowledgeRuns`` per services object (the window's watcher and its Settings share it).
_SHARED: dict[int, KnowledgeRuns] = {}


class KnowledgeRuns(QObject):
    """Indexing runs of projects' knowledge folders, off the UI thread (module docstring)."""

    sig_progress = Signal(str, int, int, str)
    """``(project id, files done, files to read, current path)`` of a run under way."""

    sig_finished = Signal(str, object)
    """A run ended (done or stopped): ``(project id, FolderIndexSummary)``."""

    sig_failed = Signal(str, str)
    """A run could not be made: ``(project id, message)`` (the folder is gone, the index failed)."""

    sig_forgotten = Signal(str, int)
    """A project's collection was emptied: ``(project id, files forgotten)``."""

    def __init__(
        self,
        indexer: KnowledgeFolderIndexer,
        collections: KnowledgeCollections,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.indexer = indexer
        self.collections = collections
        self._lock = threading.RLock()  # also the gate: emissions happen under it
        self._closed = False
        self._cancels: dict[str, threading.Event] = {}
        self._progress: dict[str, tuple[int, int, str]] = {}
        #: What each project's folder looked like at its last run or check (signature or error).
        self._seen: dict[str, str] = {}
        self._threads: list[threading.Thread] = []
        #: The thread of each project's run under way (``forget`` waits for it).
        self._run_threads: dict[str, threading.Thread] = {}

    @classmethod
    def for_services(cls, services: Services) -> KnowledgeRuns | None:
        """The runs of ``services`` (made on first use, on the UI thread), or None when these
        services have no knowledge index or attachment reader."""
        runs = _SHARED.get(id(services))
        if runs is not None:
            return runs
        index = getattr(services, "knowledge", None)
        collections = getattr(services, "knowledge_collections", None)
        runtime = getattr(services, "runtime", None)
        reader = getattr(runtime, "attachment_reader", None)
        if index is None or collections is None or reader is None:
            return None
        limits = getattr(runtime, "attachment_limits", None)
        runs = cls(KnowledgeFolderIndexer(index, collections, reader, limits), collections)
        _SHARED[id(services)] = runs
        weakref.finalize(services, _drop, id(services))
        return runs

    # -- asking --------------------------------------------------------------------------------

    def is_running(self, project_id: str) -> bool:
        with self._lock:
            return project_id in self._cancels

    def progress(self, project_id: str) -> tuple[int, int, str] | None:
        """The last progress of the project's run under way (None when none runs)."""
        with self._lock:
            if project_id not in self._cancels:
                return None
            return self._progress.get(project_id, (0, 0, ""))

    def start(
        self,
        project_id: str,
        folder: str,
        *,
        retry_failed: bool = False,
        scan: FolderScan | None = None,
    ) -> bool:
        """Index ``folder`` into the project's collection on a new worker thread; False when a
        run for the project is under way already (or after ``shutdown``)."""
        with self._lock:
            if self._closed or project_id in self._cancels:
                return False
            cancel = self._cancels[project_id] = threading.Event()
            self._progress[project_id] = (0, 0, "")
        thread = self._spawn(
            f"knowledge-{project_id[:8]}",
            lambda: self._run(project_id, folder, cancel, retry_failed, scan),
        )
        with self._lock:
            self._run_threads[project_id] = thread
        return True

    def cancel(self, project_id: str) -> None:
        """Stop the project's run (between files, or inside the read under way)."""
        with self._lock:
            event = self._cancels.get(project_id)
        if event is not None:
            event.set()

    def check(self, project_id: str, folder: str) -> None:
        """The watcher's look: walk ``folder`` on a worker and index it only if it changed since
        the project's last run (module docstring)."""
        with self._lock:
            if self._closed or project_id in self._cancels:
                return

        def look() -> None:
            try:
                scan = self.indexer.scan(folder)
            except FolderError as exc:  # said once, not at every look while it lasts
                self._remember(project_id, f"error: {exc}", str(exc), always=False)
                return
            # Compared with what is seen *now*, not when the look was asked for: a run that
            # ended while this walk went on has recorded the folder it indexed, and a look
            # that overlapped it must not index the same folder again.
            with self._lock:
                if project_id in self._cancels or scan.signature == self._seen.get(project_id):
                    return
            self.start(project_id, folder, scan=scan)

        self._spawn(f"knowledge-look-{project_id[:8]}", look)

    def forget(self, project_id: str) -> None:
        """Empty the project's collection on a worker (its folder was cleared, or the project
        deleted); ``sig_forgotten`` when done. A run under way is stopped first."""
        self.cancel(project_id)

        def job() -> None:
            with self._lock:
                running = self._run_threads.get(project_id)
            if running is not None:  # let the stopped run end before emptying behind it
                running.join(30)
            try:
                count = self.indexer.forget(project_id)
            except Exception as exc:  # the index failed: say so, keep the window alive
                log.warning("forgetting knowledge of %s failed: %s", project_id, exc)
                self._emit(self.sig_failed, project_id, _NOT_EMPTIED.format(exc=exc))
                return
            with self._lock:
                self._seen.pop(project_id, None)
            self._emit(self.sig_forgotten, project_id, count)

        self._spawn(f"knowledge-forget-{project_id[:8]}", job)

    def members(
        self,
        project_id: str,
        submit: Callable[[Callable[[], Any], Callable[[Any], object], Any], None],
        on_done: Callable[[tuple[CollectionMember, ...]], object],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """The project's members, read on a worker through ``submit`` (a short job)."""
        collections = self.collections
        submit(lambda: collections.members(project_id), on_done, on_error)

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop every run and close the gate (the window closes); the services' next window
        gets new runs."""
        for key, runs in list(_SHARED.items()):
            if runs is self:
                del _SHARED[key]
        with self._lock:
            self._closed = True
            events = list(self._cancels.values())
            threads = list(self._threads)
        for event in events:
            event.set()
        deadline = time.monotonic() + timeout  # in all: closing the window must stay quick
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    # -- the worker side -----------------------------------------------------------------------

    def _spawn(self, name: str, target: Callable[[], None]) -> threading.Thread:
        def body() -> None:
            try:
                target()
            finally:
                with self._lock:
                    if thread in self._threads:
                        self._threads.remove(thread)

        thread = threading.Thread(target=body, name=name, daemon=True)
        with self._lock:
            self._threads.append(thread)
        thread.start()
        return thread

    def _run(
        self,
        project_id: str,
        folder: str,
        cancel: threading.Event,
        retry_failed: bool,
        scan: FolderScan | None,
    ) -> None:
        # A worker thread: only the signals (queued to the UI thread) leave it.
        def progress(done: int, total: int, path: str) -> None:
            with self._lock:
                self._progress[project_id] = (done, total, path)
            self._emit(self.sig_progress, project_id, done, total, path)

        try:
            summary = self.indexer.index_folder(
                project_id,
                Path(folder),
                cancel,
                progress,
                scan=scan,
                retry_failed=retry_failed,
            )
        except Exception as exc:
            message = str(exc) if isinstance(exc, FolderError) else f"{type(exc).__name__}: {exc}"
            if not isinstance(exc, FolderError):
                log.warning("indexing the knowledge folder %s failed", folder, exc_info=True)
            with self._lock:
                self._finish(project_id)
                self._remember(project_id, f"error: {message}", message, always=True)
            return
        with self._lock:  # one step: a look never finds the run ended but its folder unseen
            self._seen[project_id] = summary.signature
            self._finish(project_id)
        self._emit(self.sig_finished, project_id, summary)

    def _finish(self, project_id: str) -> None:
        with self._lock:
            self._cancels.pop(project_id, None)
            self._progress.pop(project_id, None)
            self._run_threads.pop(project_id, None)

    def _remember(self, project_id: str, seen: str, message: str, *, always: bool) -> None:
        """Record a failure as what the folder looked like; say it when ``always`` (a run the
        person asked for) or when it differs from the last look (the watcher's)."""
        with self._lock:
            previous = self._seen.get(project_id)
            self._seen[project_id] = seen
        if always or previous != seen:
            self._emit(self.sig_failed, project_id, message)

    def _emit(self, signal: Any, *args: Any) -> None:
        with self._lock:
            if not self._closed:
                signal.emit(*args)


def _drop(key: int) -> None:
    runs = _SHARED.pop(key, None)
    if runs is not None:
        with runs._lock:
            runs._closed = True


class KnowledgeController(QObject):
    """The window's watcher over its projects' knowledge folders (module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.runs: KnowledgeRuns | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(WATCH_INTERVAL_MS)
        self.timer.timeout.connect(self.check_now)

    def attach(self, services: Services) -> None:
        """The window has its services: start watching (the first look comes a moment after
        the projects are read)."""
        self.runs = KnowledgeRuns.for_services(services)
        if self.runs is None:
            return
        self.runs.sig_failed.connect(self._on_failed)
        self.timer.start()
        QTimer.singleShot(FIRST_CHECK_MS, self, self._first_check)

    def _first_check(self) -> None:
        # The projects are read on a worker at start: wait for them, then look at once.
        if self.check_now() == 0 and not getattr(self.w.settings, "providers_loaded", False):
            QTimer.singleShot(FIRST_CHECK_MS, self, self._first_check)

    def check_now(self) -> int:
        """Look at every project's folder now (on workers); how many were asked about."""
        runs = self.runs
        if runs is None or not getattr(self.w.settings, "providers_loaded", False):
            return 0
        asked = 0
        for project in self.w.settings.projects:
            if project.knowledge_folder:
                runs.check(project.id, project.knowledge_folder)
                asked += 1
        return asked

    def shutdown(self) -> None:
        self.timer.stop()
        if self.runs is not None:
            self.runs.shutdown(timeout=0.5)

    def _on_failed(self, project_id: str, message: str) -> None:
        name = next((p.name for p in self.w.settings.projects if p.id == project_id), "")
        if name:
            self.w._show_status(
                translate("KnowledgeController", "Knowledge folder of {name}: {message}").format(
                    name=name, message=message
                ),
                error=True,
            )

"""Team sync (issue 19, ADR-012): the engine that pushes and pulls between this desktop's store and
a team store, and the background worker that runs it and reports its status."""

from parley.application.sync.engine import SyncEngine, SyncReport
from parley.application.sync.worker import SyncStatus, SyncWorker

__all__ = ["SyncEngine", "SyncReport", "SyncStatus", "SyncWorker"]

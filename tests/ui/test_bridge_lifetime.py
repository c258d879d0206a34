"""A worker that finishes after its window is gone neither crashes nor calls back.

Jobs such as the renderer's warm-up or a provider's model list can outlive the window that
started them (closing it, or a test ending). Emitting on a deleted bridge crashed the process;
calling back into a closed window raised inside the Qt event loop."""

from __future__ import annotations

import threading
import time

import shiboken6
from PySide6.QtWidgets import QApplication, QWidget

from parley.ui.bridge import WorkerBridge


def _late_job(release: threading.Event, finished: threading.Event):
    def job() -> str:
        release.wait(5)
        finished.set()
        return "late"

    return job


def _pump(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.005)


def test_a_job_finishing_after_the_window_is_destroyed_is_dropped(qtbot):
    window = QWidget()
    bridge = WorkerBridge(runtime=None, parent=window)  # type: ignore[arg-type]
    release, finished, called = threading.Event(), threading.Event(), []
    bridge.submit(_late_job(release, finished), called.append, called.append)
    shiboken6.delete(window)  # the window (and its bridge) go away while the job runs
    assert not shiboken6.isValid(bridge)
    release.set()
    assert finished.wait(5)
    _pump(0.2)
    assert called == []


def test_a_job_finishing_after_shutdown_is_dropped(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    bridge = WorkerBridge(runtime=None, parent=window)  # type: ignore[arg-type]
    release, finished, called = threading.Event(), threading.Event(), []
    bridge.submit(_late_job(release, finished), called.append, called.append)
    bridge.shutdown()
    release.set()
    assert finished.wait(5)
    _pump(0.2)
    assert called == []
    bridge.submit(lambda: "after", called.append)  # refused at once
    _pump(0.1)
    assert called == []


def test_jobs_still_deliver_while_the_window_lives(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    bridge = WorkerBridge(runtime=None, parent=window)  # type: ignore[arg-type]
    called: list[str] = []
    bridge.submit(lambda: "result", called.append)
    qtbot.waitUntil(lambda: called == ["result"], timeout=3000)
    bridge.shutdown()

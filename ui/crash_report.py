"""The window's crash report: ``faulthandler`` writes to a file under the data dir while it runs.

Why it exists: a crash in Qt (a segmentation fault) kills the process without a word; the user
only sees the window vanish. While the window runs, ``faulthandler`` writes the Python stack of
every thread to ``<data dir>/crash/last-crash.txt`` if the process dies of a fatal signal. A clean
exit removes the (then empty) file. At the next start a non-empty file means the last run
crashed: it is kept under a dated name and the window says so, and where the report is.

An empty file left behind (a ``kill -9``, a power cut) is not a crash report and is not reported.
Two windows on one profile share the file; the second start then keeps nothing of the first.
"""

from __future__ import annotations

import faulthandler
import time
from pathlib import Path
from typing import IO

from parley.ui.i18n import translate

CRASH_DIR = "crash"
CRASH_FILE = "last-crash.txt"


class CrashLog:
    """Installed by ``install``; ``close`` on a clean exit."""

    def __init__(self, path: Path, stream: IO[str]) -> None:
        self.path = path
        self._stream = stream

    def close(self) -> None:
        """A clean exit: stop writing and remove the file if nothing was written to it."""
        if self._stream.closed:
            return
        faulthandler.disable()
        self._stream.close()
        try:
            if self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError:
            pass


def previous_crash(data_dir: Path) -> Path | None:
    """The report a crashed last run left, moved to a dated name (``crash-<time>.txt``) so the
    next crash does not overwrite it; None if the last run did not crash."""
    path = data_dir / CRASH_DIR / CRASH_FILE
    try:
        if path.stat().st_size == 0:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
        kept = path.with_name(f"crash-{stamp}.txt")
        path.replace(kept)
        return kept
    except OSError:
        return None


def install(data_dir: Path) -> tuple[CrashLog | None, str]:
    """Start writing crash reports for this run; the notice about the last run ("" if it did
    not crash). A data dir that cannot be written gives no crash log, never a failed start."""
    kept = previous_crash(data_dir)
    notice = (
        translate(
            "CrashReport",
            "Parley crashed last time. The crash report is in {path} "
            "(please attach it when you report the problem).",
        ).format(path=kept)
        if kept is not None
        else ""
    )
    path = data_dir / CRASH_DIR / CRASH_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        stream = path.open("w", encoding="utf-8")
    except OSError:
        return None, notice
    faulthandler.enable(stream, all_threads=True)
    return CrashLog(path, stream), notice

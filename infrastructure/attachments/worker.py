"""The attachment parser's child process: ``python -m parley.infrastructure.attachments.worker``.

Why it exists: parsers of hostile or broken files can run for ever, eat all memory or crash.
Running them in a separate, freshly started (never forked) process with its own limits means
the worst they can do is get this process killed; the app, and its Qt threads, carry on.

Protocol: one JSON object on stdin, ``{"path": <stored copy>, "name": <original file name>,
"limits": <AttachmentLimits fields>}``; one JSON object on stdout, the fields of
``extractors.Extraction``; exit status 0. Anything else (a signal, a non-zero exit, no JSON) is
interpreted by the parent (``reader.py``). While it reads, progress goes to stderr as whole lines
``PROGRESS_PREFIX + b"<done> <total>\n"`` (``total`` 0: unknown), never to stdout, so it cannot be
mistaken for the result; the parent reads stderr as it comes.

Invariants it keeps:

- Before parsing it limits itself: ``RLIMIT_AS`` = ``memory_limit_bytes`` (an allocation past it
  fails with ``MemoryError``, reported as ``memory``), ``RLIMIT_CPU`` = the time limit rounded up
  plus one second (``SIGXCPU`` then ``SIGKILL``; the parent's wall clock usually acts first),
  ``RLIMIT_CORE`` = 0. On platforms without ``resource`` only the parent's wall clock applies.
- Library logging and warnings are silenced (a damaged PDF can log thousands of lines); only a
  crash writes to stderr.
- Parsers are imported lazily by the extractor for each format, so starting costs little.
- Progress (``extractors.common.report_progress``, called by the extractors per page, slide or
  sheet) is throttled here: at most one line per ``PROGRESS_INTERVAL_S``, plus the last one
  (``done == total``, or whatever was held back when the extraction ends). Writing it never
  fails the read: an error writing to stderr drops the line.

Errors: ``MemoryError`` becomes ``memory``; ``RecursionError`` (structures nested too deeply)
``unsafe``; any other unexpected exception ``damaged`` naming it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import sys
import time
import warnings
from dataclasses import asdict
from pathlib import Path
from typing import BinaryIO

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.extractors import Extraction, extract_file
from parley.infrastructure.attachments.extractors.common import set_progress_sink
from parley.infrastructure.attachments.reader import PROGRESS_PREFIX
from parley.infrastructure.attachments.texts import DAMAGED, MEMORY, TOO_DEEP

#: At most one progress line per this many seconds (plus the last).
PROGRESS_INTERVAL_S = 0.1


def apply_limits(limits: AttachmentLimits) -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return

    def lower(which: int, soft: int, hard: int | None = None) -> None:
        _cur_soft, cur_hard = resource.getrlimit(which)
        hard = soft if hard is None else hard
        if cur_hard != resource.RLIM_INFINITY:
            soft, hard = min(soft, cur_hard), min(hard, cur_hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (soft, hard))

    lower(resource.RLIMIT_CORE, 0)
    cpu = math.ceil(limits.time_limit_s) + 1
    lower(resource.RLIMIT_CPU, cpu, cpu + 1)
    lower(resource.RLIMIT_AS, int(limits.memory_limit_bytes))


def _quiet() -> None:
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")


class ProgressLines:
    """The progress sink: ``(done, total)`` calls become throttled lines on ``stream``."""

    def __init__(self, stream: BinaryIO, interval_s: float = PROGRESS_INTERVAL_S) -> None:
        self._stream = stream
        self._interval = interval_s
        self._last_sent = -math.inf
        self._sent: tuple[int, int] | None = None
        self._held: tuple[int, int] | None = None

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        last = total > 0 and done >= total
        if last or now - self._last_sent >= self._interval:
            self._last_sent = now
            self._write(int(done), int(total))
        else:
            self._held = (int(done), int(total))

    def flush(self) -> None:
        """Send what was held back (the end of the extraction: the parent sees the final count)."""
        if self._held is not None and self._held != self._sent:
            self._write(*self._held)

    def _write(self, done: int, total: int) -> None:
        self._held = None
        self._sent = (done, total)
        with contextlib.suppress(Exception):
            self._stream.write(PROGRESS_PREFIX + f"{max(0, done)} {max(0, total)}\n".encode())
            self._stream.flush()


def run(request: dict) -> Extraction:
    limits = AttachmentLimits(**request["limits"])
    name = str(request["name"])
    path = Path(request["path"])
    try:
        return extract_file(path, name, limits)
    except MemoryError:
        return Extraction(
            error_kind="memory",
            error=MEMORY.format(name=name, megabytes=limits.memory_limit_bytes / 2**20),
        )
    except RecursionError:
        return Extraction(
            error_kind="unsafe",
            error=TOO_DEEP.format(name=name),
        )
    except Exception as exc:
        return Extraction(
            error_kind="damaged",
            error=DAMAGED.format(name=name, detail=f"{type(exc).__name__}: {str(exc)[:200]}"),
        )


def main() -> int:
    request = json.loads(sys.stdin.buffer.read())
    apply_limits(AttachmentLimits(**request["limits"]))
    _quiet()
    progress = ProgressLines(sys.stderr.buffer)
    set_progress_sink(progress)
    try:
        result = run(request)
    finally:
        set_progress_sink(None)
        progress.flush()
    try:
        # A lone surrogate (pypdf can produce one from a broken ToUnicode map) becomes "?".
        result.text = result.text.encode("utf-8", "replace").decode("utf-8")
        payload = json.dumps(asdict(result), ensure_ascii=False).encode("utf-8")
    except MemoryError:
        payload = json.dumps(
            {"error_kind": "memory", "error": "the result did not fit in the memory limit"}
        ).encode()
    sys.stdout.buffer.write(payload)
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

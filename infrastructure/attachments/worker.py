"""The attachment parser's child process: ``python -m parley.infrastructure.attachments.worker``.

Why it exists: parsers of hostile or broken files can run for ever, eat all memory or crash.
Running them in a separate, freshly started (never forked) process with its own limits means
the worst they can do is get this process killed; the app, and its Qt threads, carry on.

Protocol: one JSON object on stdin, ``{"path": <stored copy>, "name": <original file name>,
"limits": <AttachmentLimits fields>}``; one JSON object on stdout, the fields of
``extractors.Extraction``; exit status 0. Anything else (a signal, a non-zero exit, no JSON) is
interpreted by the parent (``reader.py``).

Invariants it keeps:

- Before parsing it limits itself: ``RLIMIT_AS`` = ``memory_limit_bytes`` (an allocation past it
  fails with ``MemoryError``, reported as ``memory``), ``RLIMIT_CPU`` = the time limit rounded up
  plus one second (``SIGXCPU`` then ``SIGKILL``; the parent's wall clock usually acts first),
  ``RLIMIT_CORE`` = 0. On platforms without ``resource`` only the parent's wall clock applies.
- Library logging and warnings are silenced (a damaged PDF can log thousands of lines); only a
  crash writes to stderr.
- Parsers are imported lazily by the extractor for each format, so starting costs little.

Errors: ``MemoryError`` becomes ``memory``; ``RecursionError`` (structures nested too deeply)
``unsafe``; any other unexpected exception ``damaged`` naming it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import sys
import warnings
from dataclasses import asdict
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.extractors import Extraction, extract_file


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


def run(request: dict) -> Extraction:
    limits = AttachmentLimits(**request["limits"])
    name = str(request["name"])
    path = Path(request["path"])
    try:
        return extract_file(path, name, limits)
    except MemoryError:
        return Extraction(
            error_kind="memory",
            error=f"{name}: reading it needed more than {limits.memory_limit_bytes / 2**20:,.0f} "
            "MB of memory and was stopped",
        )
    except RecursionError:
        return Extraction(
            error_kind="unsafe",
            error=f"{name}: its structure is nested too deeply to read safely",
        )
    except Exception as exc:
        return Extraction(
            error_kind="damaged",
            error=f"{name} could not be read ({type(exc).__name__}: {str(exc)[:200]})",
        )


def main() -> int:
    request = json.loads(sys.stdin.buffer.read())
    apply_limits(AttachmentLimits(**request["limits"]))
    _quiet()
    result = run(request)
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

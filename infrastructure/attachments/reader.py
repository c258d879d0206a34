"""Reads attachments in a separate process with time and memory limits:
``SubprocessAttachmentReader``.

Why it exists: it implements ``application.ports.attachments.AttachmentReader`` for the turn
runtime's worker thread. Parsing untrusted PDFs and Office files can hang, exhaust memory or
crash; doing it in a child process that the parent can kill keeps the app alive whatever the file
does.

Invariants it keeps:

- ``read`` never raises for a bad file; every outcome is an ``ExtractedAttachment`` (its
  ``error_kind`` one of the port's kinds). It raises only for a bug.
- Cheap refusals first, with no child process: a missing path or one that is not a regular file
  is ``not_found``; a file over ``max_file_bytes`` is ``too_large`` (nothing is stored).
- Then the file is stored (``ContentStore.put``, content-addressed; the copy is what gets parsed,
  so a file changing underneath cannot confuse the parser) and handed to a child:
  ``sys.executable -I -c <bootstrap> <project root> [parser module ...]``, i.e.
  ``infrastructure.attachments.worker`` in a fresh interpreter (spawned, never forked from the
  Qt app), in its own session. It gets the stored path, the original name and the limits as
  JSON on stdin; it sets its own ``RLIMIT_AS`` and ``RLIMIT_CPU`` and prints one JSON result.
  Its environment is built from nothing but ``PATH``, the temporary-folder variables and a UTF-8
  locale, so no secret of the app's environment is within a hostile file's reach.
- The parent enforces the wall clock: past ``time_limit_s`` (measured from the moment the file
  is handed to the child) or when ``cancel`` is set, the child is killed (SIGKILL) and reaped.
  Outcomes: killed for time or by ``SIGXCPU`` -> ``timeout``; killed because ``cancel`` was set
  -> ``timeout`` with the message "reading … was cancelled" (the port has no separate kind); a
  ``MemoryError`` in the child, or its death by SIGKILL/SIGSEGV/SIGBUS/SIGABRT that the parent
  did not cause (what running out of address space looks like inside C code) -> ``memory``; any
  other failure -> ``damaged``.
- ``chars`` is ``len(text)``: what the model is given, the truncation note included; the note
  itself states the full length when it is known. The text is re-capped here as a safety net.
- Per-turn totals (``max_turn_bytes``) are the caller's to add up: ``read`` sees one file.
- A spare child, for speed only: starting an interpreter and importing the worker and its parser
  (pypdf alone takes about 100 ms) is a third of reading a 20-page PDF, and it sits between Send
  and the first byte to the model. So after each read a *spare* is started in the background, the
  same command and the same empty environment, which imports the worker and the parser the last
  file needed, then blocks reading its standard input; the next ``read`` hands its file to the
  spare instead of starting a child. Nothing else changes: one child per file, never reused; the
  child sets its limits after it receives the file, as before (the parser's import now happens
  before them, and its CPU time counts towards ``RLIMIT_CPU``); the same outcomes. A spare that
  has died is replaced by a fresh child. At most one spare exists per reader; ``close`` (or the
  reader being garbage-collected, or the interpreter exiting) kills it, and a spare whose parent
  died sees the end of its input and exits.
- Importing this module is cheap: the composition root imports it at start, so the type sniffer
  (``detect``) and ``extractors`` are imported by the first ``read``, on the worker that needs
  them, never on the window's start (issue 8).

Errors: none raised for files (see above).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import weakref
from dataclasses import asdict
from pathlib import Path
from typing import Any

from parley.application.ports.attachments import AttachmentLimits, ExtractedAttachment
from parley.infrastructure.attachments.store import ContentStore, FileTooLarge

#: The folder holding the ``parley`` package (site-packages, or the repository whose ``parley/``
#: links to the layers): as many levels up as this module's name has parts below ``parley``.
#: Not ``resolve()``d, so a checkout's link ``parley/infrastructure`` is kept (ADR-009).
_PROJECT_ROOT = str(Path(__file__).absolute().parents[len(__name__.split(".")) - 1])
#: The child's command line: ``-c _BOOTSTRAP <project root> [module ...]``. It imports the worker,
#: then the named parser modules (a spare does this while nobody waits for it; a module that fails
#: to import is left to fail where it always did), then runs the worker.
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, sys.argv[1])\n"
    "from parley.infrastructure.attachments.worker import main\n"
    "for name in sys.argv[2:]:\n"
    "    try:\n"
    "        __import__(name)\n"
    "    except Exception:\n"
    "        pass\n"
    "sys.exit(main())"
)


def _parsers_for(media_type: str) -> tuple[str, ...]:
    """The third-party parser modules the worker imports for a file of ``media_type``."""
    if media_type == "application/pdf":
        # pdfminer.six is the second PDF extractor (extractors/pdf_miner.py), used on some pages.
        return ("pypdf", "pdfminer.pdfinterp", "pdfminer.converter")
    if "spreadsheetml" in media_type:
        return ("defusedxml.ElementTree",)
    if media_type == "application/vnd.ms-outlook":
        return ("olefile",)
    if "presentationml" in media_type:
        return ("pptx",)
    if media_type.startswith("image/"):
        return ("PIL.Image",)
    return ()


def _kill_all(spares: list[subprocess.Popen]) -> None:
    """Kill and reap the spare children in ``spares`` (a finalizer: it must not hold the reader)."""
    while spares:
        proc = spares.pop()
        with contextlib.suppress(OSError):
            proc.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            proc.communicate(timeout=5)


_CRASH_SIGNALS = {
    int(getattr(signal, name))
    for name in ("SIGKILL", "SIGSEGV", "SIGBUS", "SIGABRT")
    if hasattr(signal, name)
}
_SIGXCPU = int(getattr(signal, "SIGXCPU", -1))


_INHERITED = ("PATH", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP")


def _child_environment() -> dict[str, str]:
    """Built from nothing: no API key or other secret of the app reaches the parser process."""
    env = {key: os.environ[key] for key in _INHERITED if key in os.environ}
    env["LANG"] = env["LC_ALL"] = "C.UTF-8"
    # The child's own locale is fixed above; the user's language still weighs encoding guesses.
    from parley.infrastructure.attachments.encoding import LEGACY_ENV, legacy_encoding

    legacy = legacy_encoding()
    if legacy:
        env[LEGACY_ENV] = legacy
    return env


def _confidence(value: object) -> float:
    """The child's ``encoding_confidence`` as a number in [0, 1] (0.0 when absent or odd)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return min(1.0, max(0.0, float(value)))


def human_size(n: float) -> str:
    """``1536`` -> ``"1.5 KB"``; binary multiples, as the limits are written."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            if unit == "bytes":
                return f"{int(n):,} bytes"
            return f"{n:,.1f} {unit}".replace(".0 ", " ")
        n /= 1024
    return f"{n:,.1f} GB"  # pragma: no cover


class SubprocessAttachmentReader:
    """Implements ``AttachmentReader``; see the module docstring."""

    def __init__(
        self,
        store: ContentStore,
        python: str | None = None,
        poll_interval_s: float = 0.05,
    ) -> None:
        self._store = store
        self._python = python or sys.executable
        self._poll = poll_interval_s
        # The spare child (at most one; see the module docstring). Turn workers may read at the
        # same time, so taking it and putting a new one are done under the lock.
        self._spares: list[subprocess.Popen] = []
        self._spare_lock = threading.Lock()
        self._closed = False
        weakref.finalize(self, _kill_all, self._spares)

    def close(self) -> None:
        """Kill the spare child, if any; a later ``read`` starts children as needed again."""
        with self._spare_lock:
            self._closed = True
            spares = list(self._spares)
            self._spares.clear()
        _kill_all(spares)

    def read(
        self, path: Path, limits: AttachmentLimits, cancel: threading.Event
    ) -> ExtractedAttachment:
        path = Path(path)
        name = path.name or str(path)

        def failed(kind: str, message: str, **fields: object) -> ExtractedAttachment:
            base: dict = {"name": name, "sha256": "", "media_type": "", "size": 0, "extractor": ""}
            base.update(fields)
            return ExtractedAttachment(**base, error_kind=kind, error=message)

        try:
            info = path.stat()
        except FileNotFoundError:
            return failed("not_found", f"{name} does not exist (it may have been moved)")
        except OSError as exc:
            return failed("not_found", f"{name} cannot be opened ({exc.strerror or exc})")
        if not path.is_file():
            return failed("not_found", f"{name} is not a file")
        from parley.infrastructure.attachments.detect import HEAD_BYTES, sniff  # first read only

        media_type = ""
        try:
            with path.open("rb") as fh:
                media_type = sniff(fh.read(HEAD_BYTES), name).media_type
        except OSError as exc:
            return failed("not_found", f"{name} cannot be opened ({exc.strerror or exc})")
        if info.st_size > limits.max_file_bytes:
            return failed(
                "too_large",
                f"{name} is {human_size(info.st_size)}; Parley reads files of up to "
                f"{human_size(limits.max_file_bytes)}",
                size=info.st_size,
                media_type=media_type,
            )
        try:
            sha, size = self._store.put(path, max_bytes=limits.max_file_bytes)
        except FileTooLarge:
            return failed(
                "too_large",
                f"{name} grew past {human_size(limits.max_file_bytes)} while it was being read; "
                f"Parley reads files of up to {human_size(limits.max_file_bytes)}",
                size=info.st_size,
                media_type=media_type,
            )
        except OSError as exc:
            return failed("not_found", f"{name} cannot be read ({exc.strerror or exc})")
        known: dict[str, Any] = {
            "name": name,
            "sha256": sha,
            "media_type": media_type,
            "size": size,
        }
        if cancel.is_set():
            return ExtractedAttachment(
                **known,
                extractor="",
                error_kind="timeout",
                error=f"reading {name} was cancelled",
            )
        result = self._run_child(self._store.path_of(sha), name, limits, cancel, media_type)
        kind = str(result.get("error_kind", ""))
        text = "" if kind else str(result.get("text", ""))
        truncated = bool(result.get("truncated", False))
        if len(text) > limits.max_chars + 1000:  # the child caps; this is the safety net
            from parley.infrastructure.attachments.extractors.common import cap_text

            text, _ = cap_text(text, limits.max_chars)
            truncated = True
        return ExtractedAttachment(
            name=name,
            sha256=sha,
            media_type=str(result.get("media_type") or media_type),
            size=size,
            extractor=str(result.get("extractor", "")),
            text=text,
            chars=len(text),
            truncated=truncated and not kind,
            units=int(result.get("units", 0) or 0),
            unit=str(result.get("unit", "")),
            image_media_type="" if kind else str(result.get("image_media_type", "")),
            error_kind=kind,
            error=str(result.get("error", "")) if kind else "",
            encoding="" if kind else str(result.get("encoding", "") or ""),
            encoding_confidence=0.0 if kind else _confidence(result.get("encoding_confidence")),
        )

    def _run_child(
        self,
        stored: Path,
        name: str,
        limits: AttachmentLimits,
        cancel: threading.Event,
        media_type: str = "",
    ) -> dict:
        request = json.dumps({"path": str(stored), "name": name, "limits": asdict(limits)})
        proc = self._take_spare()
        if proc is None:
            try:
                proc = self._start_child(())
            except OSError as exc:  # no interpreter to start: a broken installation, say so
                return {
                    "error_kind": "damaged",
                    "error": f"the reader could not be started ({exc})",
                }
        try:
            return self._finish_child(proc, request, name, limits, cancel)
        finally:
            self._start_spare_soon(_parsers_for(media_type))

    def _start_child(self, preload: tuple[str, ...]) -> subprocess.Popen:
        """A fresh child: the worker in a new interpreter, in its own session, with an
        environment built from nothing; ``preload``: parser modules it imports first."""
        return subprocess.Popen(
            [self._python, "-I", "-c", _BOOTSTRAP, _PROJECT_ROOT, *preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
            close_fds=True,
            env=_child_environment(),
        )

    def _take_spare(self) -> subprocess.Popen | None:
        """The spare child, if there is one still alive (a dead one is reaped and dropped)."""
        with self._spare_lock:
            proc = self._spares.pop() if self._spares else None
        if proc is not None and proc.poll() is not None:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                proc.communicate(timeout=1)
            return None
        return proc

    def _start_spare_soon(self, preload: tuple[str, ...]) -> None:
        """Start the next spare on a short-lived thread, so the turn that just read a file does
        not wait for ``fork``/``exec`` before it calls the model."""

        def start() -> None:
            with self._spare_lock:
                if self._spares or self._closed:
                    return
                # On failure the next read starts its own child and reports the problem.
                with contextlib.suppress(OSError):
                    self._spares.append(self._start_child(preload))

        threading.Thread(target=start, name="parley-attachment-spare", daemon=True).start()

    def _finish_child(
        self,
        proc: subprocess.Popen,
        request: str,
        name: str,
        limits: AttachmentLimits,
        cancel: threading.Event,
    ) -> dict:
        """Hand ``request`` to ``proc`` and wait for its answer within the limits."""
        started = time.monotonic()
        deadline = started + limits.time_limit_s
        stopped = ""
        stdin: bytes | None = request.encode("utf-8")
        out = err = b""
        while True:
            if cancel.is_set():
                stopped = "cancel"
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                stopped = "timeout"
                break
            try:
                out, err = proc.communicate(stdin, timeout=min(self._poll, remaining))
                break
            except subprocess.TimeoutExpired:
                stdin = None
        if stopped:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):  # SIGKILL cannot be ignored
                proc.communicate(timeout=5)
            if stopped == "cancel":
                return {"error_kind": "timeout", "error": f"reading {name} was cancelled"}
            return {
                "error_kind": "timeout",
                "error": f"reading {name} took longer than {limits.time_limit_s:g} s and was "
                "stopped",
            }
        code = proc.returncode
        if code == 0:
            try:
                result = json.loads(out.decode("utf-8"))
                if isinstance(result, dict):
                    return result
            except (UnicodeDecodeError, json.JSONDecodeError):
                pass
        tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        memory = human_size(limits.memory_limit_bytes)
        if code == -_SIGXCPU:
            return {
                "error_kind": "timeout",
                "error": f"reading {name} used more than its CPU time limit and was stopped",
            }
        if "MemoryError" in err.decode("utf-8", "replace") or (-code in _CRASH_SIGNALS):
            return {
                "error_kind": "memory",
                "error": f"reading {name} needed more than {memory} of memory and was stopped",
            }
        return {
            "error_kind": "damaged",
            "error": f"{name} could not be read: the reader failed (exit {code}; {tail[0][:200]})",
        }

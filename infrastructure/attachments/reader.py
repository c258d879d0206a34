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
  -> ``cancelled`` ("reading … was cancelled"; nothing of the read is kept: no text, no cached
  result — only the whole stored copy, which was complete before the child started); a
  ``MemoryError`` in the child, or its death by SIGKILL/SIGSEGV/SIGBUS/SIGABRT that the parent
  did not cause (what running out of address space looks like inside C code) -> ``memory``; any
  other failure -> ``damaged``.
- Progress: the child writes ``PROGRESS_PREFIX`` lines (``done total``) to its stderr, throttled
  to about ten a second (``worker.ProgressLines``); stdout carries only the result. The parent
  drains stdout and stderr on two short-lived threads while it waits (so neither pipe can fill
  and block the child), and hands each progress line to ``read``'s ``on_progress(done, total)``
  — on that stderr thread, so the callback must be quick and thread-safe (the window's posts a
  signal). ``total`` 0 means unknown; ``done`` never exceeds a known ``total``.
- One read per file at a time, and a finished one remembered: reads of the same stored bytes,
  name and limits share one child (a turn sent while the composer is still reading the file
  waits for that reading instead of starting another), and the last ``_CACHE_ENTRIES``
  results that do not depend on timing (readable, or refused as encrypted, empty, unsupported,
  unsafe, undecodable) are answered from memory. Each caller's ``cancel`` only lets go of the
  shared reading; the child is killed when the last caller lets go, and that caller returns
  only once the child is reaped.
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
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from parley.application.ports.attachments import AttachmentLimits, ExtractedAttachment
from parley.infrastructure.attachments.store import ContentStore, FileTooLarge
from parley.infrastructure.attachments.texts import (
    CANCELLED,
    CANNOT_OPEN,
    CANNOT_READ,
    CPU_LIMIT,
    GREW,
    MISSING,
    NOT_A_FILE,
    OUT_OF_MEMORY,
    READER_FAILED,
    TOO_LARGE,
    TOOK_TOO_LONG,
)

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


#: Starts each progress line the child writes to stderr: ``PROGRESS_PREFIX + b"12 300\n"``. The
#: record separator makes it unlike any library message.
PROGRESS_PREFIX = b"\x1eparley-progress "
#: ``on_progress(done, total)``: pages, slides or sheets read so far, of ``total`` (0: unknown).
ProgressCallback = Callable[[int, int], None]
#: How many finished results are remembered, and how many characters of text they may hold.
_CACHE_ENTRIES = 16
_CACHE_CHARS = 4_000_000
#: Outcomes that reading the same bytes again would repeat (a timeout or memory stop may not).
_LASTING_ERRORS = frozenset({"encrypted", "no_text", "unsupported", "unsafe", "undecodable"})
#: The last bytes of the child's stderr kept (a crash's traceback ends there).
_ERR_TAIL = 64 * 1024

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Flight:
    """One child reading one stored file for everyone who asked for it."""

    key: tuple[str, str, AttachmentLimits]
    stop: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    result: dict | None = None
    waiters: int = 0
    listeners: list[ProgressCallback] = field(default_factory=list)
    last: tuple[int, int] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def progress(self, done: int, total: int) -> None:
        with self.lock:
            self.last = (done, total)
            listeners = list(self.listeners)
        for listener in listeners:
            try:
                listener(done, total)
            except Exception:  # a listener's bug must not stop the reading
                log.exception("an attachment progress listener failed")

    def listen(self, on_progress: ProgressCallback | None) -> None:
        if on_progress is None:
            return
        with self.lock:
            self.listeners.append(on_progress)
            last = self.last
        if last is not None:  # a late joiner starts where the reading is
            with contextlib.suppress(Exception):
                on_progress(*last)

    def unlisten(self, on_progress: ProgressCallback | None) -> None:
        with self.lock:
            if on_progress in self.listeners:
                self.listeners.remove(on_progress)


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
        # Readings under way and finished results (see the module docstring), under one lock.
        self._flights: dict[tuple[str, str, AttachmentLimits], _Flight] = {}
        self._cache: OrderedDict[tuple[str, str, AttachmentLimits], dict] = OrderedDict()
        self._flight_lock = threading.Lock()
        weakref.finalize(self, _kill_all, self._spares)

    def close(self) -> None:
        """Kill the spare child, if any, and the children of readings under way (their callers
        get ``cancelled``); a later ``read`` starts children as needed again."""
        with self._spare_lock:  # first: a reading that ends now starts no spare
            self._closed = True
            spares = list(self._spares)
            self._spares.clear()
        with self._flight_lock:
            flights = list(self._flights.values())
            self._flights.clear()
        for flight in flights:
            flight.stop.set()
        _kill_all(spares)
        for flight in flights:
            flight.done.wait(5)

    def read(
        self,
        path: Path,
        limits: AttachmentLimits,
        cancel: threading.Event,
        on_progress: ProgressCallback | None = None,
    ) -> ExtractedAttachment:
        """Read one file (blocking). ``cancel`` set: the child is killed at once (unless another
        caller still waits for the same reading) and the result's ``error_kind`` is
        ``cancelled``. ``on_progress(done, total)`` is called on a reader thread as the child
        reports pages, slides or sheets (not at all for formats that report nothing)."""
        path = Path(path)
        name = path.name or str(path)

        def failed(kind: str, message: str, **fields: object) -> ExtractedAttachment:
            base: dict = {"name": name, "sha256": "", "media_type": "", "size": 0, "extractor": ""}
            base.update(fields)
            return ExtractedAttachment(**base, error_kind=kind, error=message)

        try:
            info = path.stat()
        except FileNotFoundError:
            return failed("not_found", MISSING.format(name=name))
        except OSError as exc:
            return failed("not_found", CANNOT_OPEN.format(name=name, detail=exc.strerror or exc))
        if not path.is_file():
            return failed("not_found", NOT_A_FILE.format(name=name))
        from parley.infrastructure.attachments.detect import HEAD_BYTES, sniff  # first read only

        media_type = ""
        try:
            with path.open("rb") as fh:
                media_type = sniff(fh.read(HEAD_BYTES), name).media_type
        except OSError as exc:
            return failed("not_found", CANNOT_OPEN.format(name=name, detail=exc.strerror or exc))
        if info.st_size > limits.max_file_bytes:
            return failed(
                "too_large",
                TOO_LARGE.format(
                    name=name,
                    size=human_size(info.st_size),
                    limit=human_size(limits.max_file_bytes),
                ),
                size=info.st_size,
                media_type=media_type,
            )
        try:
            sha, size = self._store.put(path, max_bytes=limits.max_file_bytes)
        except FileTooLarge:
            return failed(
                "too_large",
                GREW.format(name=name, limit=human_size(limits.max_file_bytes)),
                size=info.st_size,
                media_type=media_type,
            )
        except OSError as exc:
            return failed("not_found", CANNOT_READ.format(name=name, detail=exc.strerror or exc))
        known: dict[str, Any] = {
            "name": name,
            "sha256": sha,
            "media_type": media_type,
            "size": size,
        }
        cancelled = ExtractedAttachment(
            **known, extractor="", error_kind="cancelled", error=CANCELLED.format(name=name)
        )
        if cancel.is_set():
            return cancelled
        shared = self._shared_read(sha, name, limits, cancel, media_type, on_progress)
        if shared is None:
            return cancelled
        result = shared
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

    def _shared_read(
        self,
        sha: str,
        name: str,
        limits: AttachmentLimits,
        cancel: threading.Event,
        media_type: str,
        on_progress: ProgressCallback | None,
    ) -> dict | None:
        """The child's result for this file: remembered, shared with a reading under way, or
        from a new reading. ``None``: ``cancel`` was set first."""
        key = (sha, name, limits)
        with self._flight_lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
            flight = self._flights.get(key)
            if flight is None:
                flight = _Flight(key)
                self._flights[key] = flight
                threading.Thread(
                    target=self._fly,
                    args=(flight, self._store.path_of(sha), name, limits, media_type),
                    name="parley-attachment-read",
                    daemon=True,
                ).start()
            flight.waiters += 1
        flight.listen(on_progress)
        try:
            while not flight.done.wait(self._poll):
                if not cancel.is_set():
                    continue
                with self._flight_lock:
                    if flight.done.is_set():
                        break
                    flight.waiters -= 1
                    last = flight.waiters == 0
                    if last:
                        flight.stop.set()  # nobody waits any more: kill the child
                        if self._flights.get(key) is flight:
                            del self._flights[key]  # a new caller starts afresh
                if last:
                    flight.done.wait(10)  # the child is killed and reaped promptly
                return None
        finally:
            flight.unlisten(on_progress)
        return flight.result

    def _fly(
        self,
        flight: _Flight,
        stored: Path,
        name: str,
        limits: AttachmentLimits,
        media_type: str,
    ) -> None:
        """Run one shared reading to its end (its own thread), then remember and hand it out."""
        try:
            result = self._run_child(stored, name, limits, flight.stop, media_type, flight.progress)
        except Exception as exc:  # a bug: say so rather than leave the waiters hanging
            log.exception("reading %s failed", name)
            result = {"error_kind": "damaged", "error": f"{name} could not be read ({exc})"}
        with self._flight_lock:
            if self._flights.get(flight.key) is flight:
                del self._flights[flight.key]
            kind = str(result.get("error_kind", ""))
            if not flight.stop.is_set() and (not kind or kind in _LASTING_ERRORS):
                self._remember(flight.key, result)
            flight.result = result
            flight.done.set()

    def _remember(self, key: tuple[str, str, AttachmentLimits], result: dict) -> None:
        """Keep ``result`` (under ``_flight_lock``), dropping the oldest past the caps."""
        self._cache[key] = result
        self._cache.move_to_end(key)

        def chars() -> int:
            return sum(len(str(r.get("text", ""))) for r in self._cache.values())

        while len(self._cache) > _CACHE_ENTRIES or (
            len(self._cache) > 1 and chars() > _CACHE_CHARS
        ):
            self._cache.popitem(last=False)

    def _run_child(
        self,
        stored: Path,
        name: str,
        limits: AttachmentLimits,
        cancel: threading.Event,
        media_type: str = "",
        on_progress: ProgressCallback | None = None,
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
            return self._finish_child(proc, request, name, limits, cancel, on_progress)
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
        on_progress: ProgressCallback | None = None,
    ) -> dict:
        """Hand ``request`` to ``proc`` and wait for its answer within the limits, passing its
        progress lines to ``on_progress`` as they come."""
        started = time.monotonic()
        deadline = started + limits.time_limit_s
        stopped = ""
        outs: list[bytes] = []
        tail = bytearray()

        def pump_out() -> None:  # the request in, then the result out, until the child ends
            stdin: IO[bytes] | None = proc.stdin
            if stdin is not None:
                with contextlib.suppress(OSError, ValueError):  # a dead child: its exit says why
                    stdin.write(request.encode("utf-8"))
                with contextlib.suppress(OSError, ValueError):
                    stdin.close()
            if proc.stdout is not None:
                with contextlib.suppress(OSError, ValueError):
                    outs.append(proc.stdout.read())

        def pump_err() -> None:  # progress lines to the callback, anything else kept (its end)
            stream = proc.stderr
            if stream is None:
                return
            with contextlib.suppress(OSError, ValueError):
                while line := stream.readline(_ERR_TAIL):
                    if line.startswith(PROGRESS_PREFIX) and line.endswith(b"\n"):
                        self._progress(line[len(PROGRESS_PREFIX) :], on_progress)
                        continue
                    tail.extend(line)
                    if len(tail) > _ERR_TAIL:
                        del tail[: len(tail) - _ERR_TAIL]

        pumps = [
            threading.Thread(target=pump, name=f"parley-attachment-{pump.__name__}", daemon=True)
            for pump in (pump_out, pump_err)
        ]
        for pump in pumps:
            pump.start()
        while True:
            if cancel.is_set():
                stopped = "cancel"
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                stopped = "timeout"
                break
            try:
                proc.wait(timeout=min(self._poll, remaining))
                break
            except subprocess.TimeoutExpired:
                pass
        if stopped:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):  # SIGKILL cannot be ignored
                proc.wait(timeout=5)
        for pump, pipe in zip(pumps, (proc.stdout, proc.stderr), strict=True):
            pump.join(timeout=5)  # the pipe reaches its end once the child is gone
            if pipe is not None and not pump.is_alive():  # never close one being read
                with contextlib.suppress(OSError, ValueError):
                    pipe.close()
        if stopped == "cancel":
            return {"error_kind": "cancelled", "error": CANCELLED.format(name=name)}
        if stopped:
            return {
                "error_kind": "timeout",
                "error": TOOK_TOO_LONG.format(name=name, seconds=limits.time_limit_s),
            }
        out, err = b"".join(outs), bytes(tail)
        code = proc.returncode
        if code == 0:
            try:
                result = json.loads(out.decode("utf-8"))
                if isinstance(result, dict):
                    return result
            except (UnicodeDecodeError, json.JSONDecodeError):
                pass
        last_line = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        memory = human_size(limits.memory_limit_bytes)
        if code == -_SIGXCPU:
            return {
                "error_kind": "timeout",
                "error": CPU_LIMIT.format(name=name),
            }
        if "MemoryError" in err.decode("utf-8", "replace") or (-code in _CRASH_SIGNALS):
            return {
                "error_kind": "memory",
                "error": OUT_OF_MEMORY.format(name=name, memory=memory),
            }
        return {
            "error_kind": "damaged",
            "error": READER_FAILED.format(name=name, code=code, detail=last_line[0][:200]),
        }

    @staticmethod
    def _progress(payload: bytes, on_progress: ProgressCallback | None) -> None:
        """One progress line's ``done total`` to ``on_progress`` (a malformed line is dropped)."""
        if on_progress is None:
            return
        try:
            done_text, total_text = payload.split()
            done, total = max(0, int(done_text)), max(0, int(total_text))
        except ValueError:
            return
        if total:
            done = min(done, total)
        try:
            on_progress(done, total)
        except Exception:  # the caller's bug must not stop the reading
            log.exception("an attachment progress callback failed")

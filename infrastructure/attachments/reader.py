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
  so a file changing underneath cannot confuse the parser) and the child is started as
  ``sys.executable -I -c <bootstrap> <project root>``, i.e. ``infrastructure.attachments.worker``
  in a fresh interpreter (spawned, never forked from the Qt app), in its own session. It gets the
  stored path, the original name and the limits as JSON on stdin; it sets its own ``RLIMIT_AS``
  and ``RLIMIT_CPU`` and prints one JSON result. Its environment is built from nothing but
  ``PATH``, the temporary-folder variables and a UTF-8 locale, so no secret of the app's
  environment is within a hostile file's reach.
- The parent enforces the wall clock: past ``time_limit_s`` (measured from the start of the child)
  or when ``cancel`` is set, the child is killed (SIGKILL) and reaped. Outcomes: killed for time
  or by ``SIGXCPU`` -> ``timeout``; killed because ``cancel`` was set -> ``timeout`` with the
  message "reading … was cancelled" (the port has no separate kind); a ``MemoryError`` in the
  child, or its death by SIGKILL/SIGSEGV/SIGBUS/SIGABRT that the parent did not cause (what
  running out of address space looks like inside C code) -> ``memory``; any other failure ->
  ``damaged``.
- ``chars`` is ``len(text)``: what the model is given, the truncation note included; the note
  itself states the full length when it is known. The text is re-capped here as a safety net.
- Per-turn totals (``max_turn_bytes``) are the caller's to add up: ``read`` sees one file.

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
from dataclasses import asdict
from pathlib import Path

from application.ports.attachments import AttachmentLimits, ExtractedAttachment
from infrastructure.attachments.detect import HEAD_BYTES, sniff
from infrastructure.attachments.extractors import cap_text
from infrastructure.attachments.store import ContentStore, FileTooLarge

_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "from infrastructure.attachments.worker import main; sys.exit(main())"
)
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
    return env


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
        known = {"name": name, "sha256": sha, "media_type": media_type, "size": size}
        if cancel.is_set():
            return ExtractedAttachment(
                **known,
                extractor="",
                error_kind="timeout",
                error=f"reading {name} was cancelled",
            )
        result = self._run_child(self._store.path_of(sha), name, limits, cancel)
        kind = str(result.get("error_kind", ""))
        text = "" if kind else str(result.get("text", ""))
        truncated = bool(result.get("truncated", False))
        if len(text) > limits.max_chars + 1000:  # the child caps; this is the safety net
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
        )

    def _run_child(
        self, stored: Path, name: str, limits: AttachmentLimits, cancel: threading.Event
    ) -> dict:
        request = json.dumps({"path": str(stored), "name": name, "limits": asdict(limits)})
        started = time.monotonic()
        deadline = started + limits.time_limit_s
        try:
            proc = subprocess.Popen(
                [self._python, "-I", "-c", _BOOTSTRAP, _PROJECT_ROOT],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
                close_fds=True,
                env=_child_environment(),
            )
        except OSError as exc:  # no interpreter to start: a broken installation, say so
            return {"error_kind": "damaged", "error": f"the reader could not be started ({exc})"}
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

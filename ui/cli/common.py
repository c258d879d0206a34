"""What every ``parley`` command shares: exit codes, the usage error, output, and honest messages.

Why it exists: the command modules (``ask``, ``providers``, ``history``) and the dispatcher in
``ui.cli`` must agree on one meaning for each exit code, on one way a usage error travels (an
exception that ``ui.cli.main`` turns into exit 2 with its message on stderr), and on one wording
for the failures a user must understand without a traceback. Keeping these here, apart from
``ui.cli``'s ``__init__``, lets the command modules import them without a cycle.

Invariants it keeps:

- stdout carries only what a command was asked to print (the answer, a table or JSON);
  ``print_json`` is the one way JSON reaches it;
- every byte of a command's output reaches stdout or the command learns it did not
  (``write_stdout``); a closed stdout (``parley … | head``) ends the output quietly:
  ``stdout_closed`` points the descriptor at ``/dev/null`` (so the interpreter's last flush cannot
  fail either) and the command exits ``EXIT_PIPE`` (141, 128 + SIGPIPE, what a shell reports
  for a writer whose reader left); what was stored stays stored. ``ui.cli.main`` does that for
  every command, ``ask`` as soon as its streamed answer meets the closed pipe;
- text that is not valid UTF-8 (an argument, or a prompt on standard input) is accepted with each
  invalid byte replaced by U+FFFD, said once on stderr (``clean_text``, ``say_replaced``,
  ``read_text_stdin``); file paths are never cleaned (a file name may be any bytes);
- a storage failure is one line saying what was not saved and why, in plain words
  (``not_saved``); never a traceback.

Errors::

    Exception
    └── UsageError      the command cannot run as given (exit 2, its message says the fix)
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from typing import Any, TextIO

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
#: A closed stdout: 128 + SIGPIPE, as a shell reports for a writer whose reader went away.
EXIT_PIPE = 141

REPLACEMENT = "\ufffd"


class UsageError(Exception):
    """The command cannot run as given; the message says how to fix it (exit 2)."""


def print_json(data: Any) -> None:
    write_stdout(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def write_stdout(text: str) -> None:
    """Write all of ``text`` to stdout, or raise ``BrokenPipeError`` if the reader left.

    Large outputs (an export) go through this rather than ``sys.stdout.write``: with an
    unbuffered stdout (``PYTHONUNBUFFERED``, ``python -u``) the text layer writes straight to the
    file and ignores a *partial* write, which is what a pipe gives when its reader goes away
    midway — the rest of the text would be dropped without an error. Here every byte is either
    written or the failure raised."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(text)  # a text-only stream (in-process tests)
        return
    out.flush()
    view = memoryview(text.encode(out.encoding or "utf-8", out.errors or "strict"))
    while view:
        written = buffer.write(view)
        view = view[written or 0 :]
    buffer.flush()


# -- a closed stdout ------------------------------------------------------------------------------


def stdout_closed() -> int:
    """Call when writing to stdout raised ``BrokenPipeError``: nothing more can be shown, so
    stdout is pointed at ``/dev/null`` (later writes and the interpreter's final flush then
    succeed silently) and ``EXIT_PIPE`` is returned for the command to exit with."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # a stdout with no descriptor (in-process tests): nothing will flush it to a pipe
    return EXIT_PIPE


# -- text that is not UTF-8 -----------------------------------------------------------------------


def clean_text(text: str) -> tuple[str, int]:
    """``text`` with every lone surrogate (how Python carries a byte that is not valid UTF-8,
    from the command line or a ``surrogateescape`` read) replaced by U+FFFD, and how many were
    replaced. Valid text comes back unchanged with 0."""
    bad = sum(1 for ch in text if "\ud800" <= ch <= "\udfff")
    if not bad:
        return text, 0
    return "".join(REPLACEMENT if "\ud800" <= ch <= "\udfff" else ch for ch in text), bad


def say_replaced(count: int | None, where: str, stream: TextIO | None = None) -> None:
    """The one line that says invalid UTF-8 in ``where`` was replaced (see ``clean_text``);
    ``count`` is how many bytes, when known."""
    noun = "byte that is" if count == 1 else "bytes that are"
    number = "" if count is None else f"{count} "
    print(
        f"parley: {where} held {number}{noun} not valid UTF-8; each was replaced by "
        f"U+FFFD ({REPLACEMENT})",
        file=stream or sys.stderr,
    )


def read_text_stdin() -> str:
    """All of standard input as text: UTF-8, with invalid bytes replaced (said once)."""
    stdin = sys.stdin
    buffer = getattr(stdin, "buffer", None)
    raw = buffer.read() if buffer is not None else None
    text = (
        raw.decode("utf-8", "surrogateescape")
        if isinstance(raw, bytes)
        else stdin.read()  # a text-only stream (tests): already str
    )
    cleaned, bad = clean_text(text)
    if bad:
        say_replaced(bad, "standard input", sys.stderr)
    return cleaned


# -- storage failures -----------------------------------------------------------------------------

_PLAIN_REASONS = (
    ("database or disk is full", "the disk is full"),
    ("readonly database", "the history is read-only"),
    ("database is locked", "another program kept the history locked too long"),
    ("disk i/o error", "a disk write failed (a full disk, or a file-size limit)"),
    ("file too large", "the file-size limit was reached"),
    ("no space left", "the disk is full"),
    ("read-only file system", "the history is on a read-only file system"),
)


def storage_reason(exc: BaseException) -> str:
    """Why a storage write failed, plainly, with the store's own words after it."""
    detail = str(exc)
    cause = exc.__cause__ if isinstance(exc.__cause__, sqlite3.Error | OSError) else exc
    lowered = f"{detail} {cause}".lower()
    for needle, plain in _PLAIN_REASONS:
        if needle in lowered:
            return f"{plain} ({detail})"
    return detail


def not_saved(what: str, exc: BaseException) -> str:
    """One line for a storage write that failed: what was not saved, and why.

    ``what`` names it for the user: "the answer (shown above)", "the import of x.json",
    "the deletion of 4f…". The line starts with ``parley:`` and ends without a newline."""
    return f"parley: {what} was not saved: {storage_reason(exc)}"


def is_reading_command(args: Any) -> bool:
    """Whether the parsed command only reads the history (so it may open it read-only)."""
    return getattr(args, "command", None) == "history" and getattr(
        args, "history_command", None
    ) in {"list", "show", "search", "export", "verify", "costs"}

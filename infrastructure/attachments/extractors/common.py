"""What every extractor shares: the ``Extraction`` result, the text cap with its note, Markdown
tables, and error wording.

Invariant: a capped text is ``max_chars`` plus one visible note; only a longer one is cut again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

_NOTE_SLACK = 500
"""A capped text is ``max_chars`` plus its note; only a longer one is capped again."""

MAX_COLUMNS = 512
"""Spreadsheet columns shown at most (the rest is noted)."""


@dataclass
class Extraction:
    """What the child process reports (the JSON it prints). ``text`` is already capped."""

    media_type: str = ""
    extractor: str = ""
    text: str = ""
    truncated: bool = False
    units: int = 0
    unit: str = ""
    image_media_type: str = ""
    error_kind: str = ""
    error: str = ""
    encoding: str = ""  # set only when the text encoding was guessed (its common name)
    encoding_confidence: float = 0.0  # how sure the guess is, 0-1


# ---------------------------------------------------------------- shared helpers


def cap_text(text: str, max_chars: int, unread: str = "") -> tuple[str, bool]:
    """``text`` cut to ``max_chars`` with a note saying so. ``unread`` names what was never
    extracted (e.g. "pages 88-117 were not read"); then the full length is unknown."""
    if len(text) <= max_chars and not unread:
        return text, False
    if len(text) <= max_chars:
        return f"{text}\n\n[… truncated: {unread}]", True
    if unread:
        note = f"[… truncated: the first {max_chars:,} characters; {unread}]"
    else:
        note = f"[… truncated: the first {max_chars:,} of {len(text):,} characters]"
    return f"{text[:max_chars]}\n\n{note}", True


def md_escape(cell: str) -> str:
    """A value made safe for one Markdown table cell (``|`` escaped, line breaks as ``<br>``)."""
    return cell.replace("|", "\\|").replace("\r\n", "\n").replace("\r", "\n").replace("\n", "<br>")


def md_table(rows: list[list[str]]) -> str:
    """Rows of already escaped cells as a Markdown table; the first row is the header."""
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    if width == 0:
        return ""
    padded = [r + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(padded[0]) + " |", "|" + " --- |" * width]
    lines.extend("| " + " | ".join(r) + " |" for r in padded[1:])
    return "\n".join(lines)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _fatal(exc: BaseException) -> bool:
    return isinstance(exc, (MemoryError, RecursionError))


def _detail(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = text[:120]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


_ROMAN = (
    (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
    (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
)  # fmt: skip


def roman_numeral(n: int) -> str:
    """``n`` in lower-case Roman numerals (list numbering in HTML and Word); outside 1 to 3999,
    the plain number."""
    if not 0 < n < 4000:
        return str(n)
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


# ---------------------------------------------------------------- progress

_progress_sink: Callable[[int, int], None] | None = None
"""Where ``report_progress`` goes in this process (the child sets it; one read at a time)."""


def set_progress_sink(sink: Callable[[int, int], None] | None) -> None:
    """The child process's reader of progress (``None``: progress is dropped)."""
    global _progress_sink
    _progress_sink = sink


def report_progress(done: int, total: int) -> None:
    """An extractor says how far it is (pages, slides or sheets ``done`` of ``total``). Cheap
    enough to call once per unit; a no-op unless the process installed a sink."""
    sink = _progress_sink
    if sink is not None:
        sink(done, total)

"""Cutting a document's extracted text into chunks at its structure: ``chunk_text``.

Why it exists: the knowledge index (``application.ports.knowledge``) retrieves chunks, and a chunk
is only useful if it is a readable piece of one place in the document — a page, a slide, a
sheet, a section — that a citation can open. The attachment readers already mark that structure
in the text they emit; this module reads those marks. Pure: no I/O, standard library only.

The marks it reads (what ``infrastructure/attachments/extractors`` write):

- ``unit`` "page" (or "pages"): ``--- page N ---`` lines start pages; ``--- annotations ---`` and
  ``--- form fields ---`` start the PDF's extra sections (location "annotations", "form fields").
  The marker lines are not part of any chunk (the location says it).
- ``unit`` "slide": ``## Slide N``, ``## Slide N: title``, either with `` (hidden)``. The marker
  line is the slide's title, so it stays in the slide's first chunk; ``heading`` is the title.
- ``unit`` "sheet": ``## Sheet: name`` (maybe `` (hidden)``); the line stays in the first chunk,
  ``heading`` and the location name the sheet.
- no unit (DOCX, HTML, EPUB, Markdown, text): Markdown headings ``#`` .. ``######`` outside fenced
  code start sections (location ``section <heading>``; "" before the first heading).

Inside one of those parts: paragraphs (blank lines); consecutive small paragraphs are merged up
to ``chunk_chars``; a paragraph over it is cut at sentence ends, then line breaks, then spaces,
then between CJK characters (which have no spaces).

Invariants it keeps:

- every chunk's ``text`` is ``text[start:start + len(chunk.text)]`` with no whitespace at either
  end; chunks are in the order of the text and never overlap, and together they hold every
  non-space character of the text but the page marker lines (and the bare ``## Slide N`` line of
  a slide that has nothing else);
- a chunk never spans two pages, slides, sheets or sections;
- a chunk is cut inside a word only when that one word is longer than ``2 * chunk_chars`` (a
  hash, a base64 run): it is then cut every ``2 * chunk_chars`` characters; otherwise a chunk is
  at most ``chunk_chars`` long, or one word longer than that;
- more than ``max_chunks`` chunks raises ``ChunkLimitExceeded`` (the caller says "too large").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Chunk", "ChunkLimitExceeded", "chunk_text", "normalize_unit"]


@dataclass(frozen=True)
class Chunk:
    """One piece of a document: its ``ordinal`` (0-based, in text order), its ``text``, where it
    is (``location`` as people read it; ``unit``/``number`` as data: "page", 117; "" and 0 when
    the format has no units), ``start`` (its offset in the whole text) and the ``heading`` of the
    part it is in (a section's heading, a slide's title, a sheet's name; "" for none)."""

    ordinal: int
    text: str
    location: str = ""
    unit: str = ""
    number: int = 0
    start: int = 0
    heading: str = ""


class ChunkLimitExceeded(ValueError):
    """The text would make more than ``limit`` chunks."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the text makes more than {limit:,} chunks")
        self.limit = limit


_UNITS = {"page": "page", "pages": "page", "slide": "slide", "slides": "slide"}
_UNITS.update({"sheet": "sheet", "sheets": "sheet"})

_PAGE = re.compile(r"^--- (?:page (\d+)|(annotations|form fields)) ---[ \t]*$", re.M)
_SLIDE = re.compile(r"^## Slide (\d+)(?::[ \t]*(.*?))?(?: \(hidden\))?[ \t]*$", re.M)
_SHEET = re.compile(r"^## Sheet: (.*?)[ \t]*$", re.M)
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*$", re.M)
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)", re.M)
_HIDDEN = " (hidden)"
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_CJK = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u0e00-\u0e7f"
)
# Where a too-long paragraph may be cut, most readable first: after a sentence's end, at a line
# break, at any space, between two CJK (or Thai) characters.
_BOUNDARIES = (
    re.compile("(?<=[.!?;\u3002\uff01\uff1f\uff1b])\\s+|(?<=[\u3002\uff01\uff1f\uff1b])"),
    re.compile(r"\n+"),
    re.compile(r"\s+"),
    re.compile(f"(?<=[{_CJK}])(?=[{_CJK}])"),
)
_MAX_HEADING = 120


def normalize_unit(unit: str) -> str:
    """The reader's unit in the singular ("pages" -> "page"); "" for none or an unknown one."""
    return _UNITS.get(unit.strip().lower(), "")


@dataclass(frozen=True)
class _Part:
    """A page, slide, sheet or section: the span of its text and where it is."""

    start: int
    end: int
    location: str
    unit: str
    number: int
    heading: str


def chunk_text(
    text: str, unit: str, *, chunk_chars: int = 1500, max_chunks: int = 50_000
) -> tuple[Chunk, ...]:
    """The chunks of ``text`` read with the marks of ``unit`` (see the module docstring)."""
    if chunk_chars < 1:
        raise ValueError("chunk_chars must be positive")
    chunks: list[Chunk] = []
    for part in _parts(text, normalize_unit(unit)):
        for start, end in _pieces(text, part.start, part.end, chunk_chars):
            if len(chunks) >= max_chunks:
                raise ChunkLimitExceeded(max_chunks)
            chunks.append(
                Chunk(
                    ordinal=len(chunks),
                    text=text[start:end],
                    location=part.location,
                    unit=part.unit,
                    number=part.number,
                    start=start,
                    heading=part.heading,
                )
            )
    return tuple(chunks)


# -- parts ---------------------------------------------------------------------------------------


def _parts(text: str, unit: str) -> Iterator[_Part]:
    if unit == "page":
        yield from _page_parts(text)
    elif unit == "slide":
        yield from _marked_parts(text, _SLIDE, "slide")
    elif unit == "sheet":
        yield from _marked_parts(text, _SHEET, "sheet")
    else:
        yield from _section_parts(text)


def _page_parts(text: str) -> Iterator[_Part]:
    marks = list(_PAGE.finditer(text))
    if not marks:
        yield _Part(0, len(text), "", "", 0, "")
        return
    yield _Part(0, marks[0].start(), "", "", 0, "")
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        if mark.group(1) is not None:
            number = int(mark.group(1))
            yield _Part(mark.end(), end, f"page {number}", "page", number, "")
        else:
            yield _Part(mark.end(), end, mark.group(2), "", 0, "")


def _marked_parts(text: str, marker: re.Pattern[str], unit: str) -> Iterator[_Part]:
    """Slides or sheets: each part starts at its marker line, which stays in its text."""
    marks = list(marker.finditer(text))
    if not marks:
        yield _Part(0, len(text), "", "", 0, "")
        return
    yield _Part(0, marks[0].start(), "", "", 0, "")
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        if unit == "slide":
            number = int(mark.group(1))
            title = _unhidden(mark.group(2) or "")
            if not title and not text[mark.end() : end].strip():
                continue  # "## Slide 5" and nothing else: nothing to find
            yield _Part(mark.start(), end, f"slide {number}", "slide", number, _clip(title))
        else:
            name = _unhidden(mark.group(1))
            yield _Part(mark.start(), end, f"sheet {_clip(name)}", "sheet", 0, _clip(name))


def _section_parts(text: str) -> Iterator[_Part]:
    """Markdown headings outside fenced code start sections; the heading line stays in its
    section's first chunk."""
    fenced = _fenced_spans(text)
    start, location, heading = 0, "", ""
    for mark in _HEADING.finditer(text):
        if any(a <= mark.start() < b for a, b in fenced):
            continue
        yield _Part(start, mark.start(), location, "", 0, heading)
        heading = _clip(mark.group(2).rstrip("#").strip() or mark.group(2))
        start, location = mark.start(), f"section {heading}"
    yield _Part(start, len(text), location, "", 0, heading)


def _fenced_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    opening: re.Match[str] | None = None
    for fence in _FENCE.finditer(text):
        if opening is None:
            opening = fence
        elif fence.group(1) == opening.group(1):
            spans.append((opening.start(), fence.end()))
            opening = None
    if opening is not None:
        spans.append((opening.start(), len(text)))
    return spans


def _unhidden(title: str) -> str:
    title = title.strip()
    return title[: -len(_HIDDEN)].rstrip() if title.endswith(_HIDDEN) else title


def _clip(value: str) -> str:
    value = " ".join(value.replace("\u200b", "").replace("\ufeff", "").split())
    return value if len(value) <= _MAX_HEADING else value[: _MAX_HEADING - 1].rstrip() + "…"


# -- pieces within a part ------------------------------------------------------------------------


def _pieces(text: str, start: int, end: int, target: int) -> list[tuple[int, int]]:
    """Spans of ``text[start:end]``: paragraphs merged up to ``target``, long ones cut."""
    paragraphs: list[tuple[int, int]] = []
    for a, b in _split(text, start, end, _PARAGRAPH_BREAK):
        if b - a <= target:
            paragraphs.append((a, b))
        else:
            paragraphs.extend(_cut(text, a, b, target, 0))
    return _merge(paragraphs, target)


def _split(text: str, start: int, end: int, boundary: re.Pattern[str]) -> list[tuple[int, int]]:
    """The spans between ``boundary`` matches, trimmed of whitespace, empty ones left out."""
    spans: list[tuple[int, int]] = []
    position = start
    for match in boundary.finditer(text, start, end):
        spans.extend(_trimmed(text, position, match.start()))
        position = match.end()
    spans.extend(_trimmed(text, position, end))
    return spans


def _trimmed(text: str, start: int, end: int) -> list[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return [(start, end)] if start < end else []


def _cut(text: str, start: int, end: int, target: int, level: int) -> list[tuple[int, int]]:
    """``text[start:end]`` (over ``target``) cut at the ``level``-th kind of boundary or a later
    one, the pieces merged back up to ``target``."""
    if end - start <= target:
        return [(start, end)]
    if level >= len(_BOUNDARIES):
        # One word longer than a chunk: cut only when it is far over (a hash, base64).
        hard = 2 * target
        if end - start <= hard:
            return [(start, end)]
        return [(a, min(a + hard, end)) for a in range(start, end, hard)]
    pieces: list[tuple[int, int]] = []
    for a, b in _split(text, start, end, _BOUNDARIES[level]):
        pieces.extend(_cut(text, a, b, target, level + 1) if b - a > target else [(a, b)])
    return _merge(pieces, target)


def _merge(spans: list[tuple[int, int]], target: int) -> list[tuple[int, int]]:
    """Consecutive spans joined while the joined span stays within ``target``."""
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and b - merged[-1][0] <= target:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged

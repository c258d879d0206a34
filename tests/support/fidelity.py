"""How faithfully an extractor read a document: one score against an outside expectation.

Why it exists: issue 15 measures Parley's attachment text against what other projects' own test
suites expect of the same documents (``tests/fixtures/outside``), and compares it with markitdown
and pdfplumber on the same files. The test and the comparison script must judge every tool the
same way, so the judging lives here, once. Pure stdlib, no Parley imports: it scores text from
anywhere.

Normalisation (:func:`normalise`, applied to both sides): NFKC (full-width forms, ligatures and
compatibility characters become their plain form, so ``ﬁ`` and ``fi`` compare equal — a kept
ligature is caught by an ``absent`` check on the raw text instead); ``--- page N ---`` markers,
Markdown table separator rows and table pipes removed; ``<br>`` as a space; Markdown heading marks,
bold marks, list bullets, link and image syntax removed (the link text is kept); backslash escapes
undone; runs of whitespace become one space. Case is kept: ``WORLD`` is not ``World``.

What is compared:

- phrases: each normalised phrase must occur in the normalised text (the sources assert these);
- patterns: regular expressions searched in the normalised text, where the source's own rendering
  is one of several faithful ones (a Word list number written ``II)`` by docx2python and ``II.``
  by Word's own level text);
- absent: strings that must not occur in the raw text (e.g. a ligature a source says is expanded);
- cells: each expected record (row) must occur as its non-empty cells, in order, separated by
  single spaces in the normalised text — a Markdown table row, a CSV line without its commas and
  a tab-separated line all normalise to that;
- expected text: character similarity (``difflib`` ratio of the normalised strings, each capped
  at :data:`CHAR_CAP` characters) and word-sequence similarity (ratio of the word lists, each
  capped at :data:`WORD_CAP` words). A ratio is 2·matches / (len a + len b): missing text,
  extra text, wrong order and wrong characters all lower it.

A tool's own notes are not document text: a whole line in square brackets (``[1 hidden element
was left out …]``, ``[… truncated …]``) is dropped from the extracted text before comparing,
unless the expectation itself contains that line.

Thresholds (a document passes when all hold): every phrase found, no absent string present, every
cell record found, and with an expected text both similarities at least :data:`SIM_MIN` (0.80:
the great majority of the text, in order; below it a reader lost or scrambled a real part of the
document — spacing faults such as ``WhatisEarthScience?`` or ``NOTI CE`` fall well under it in
word similarity while leaving character similarity high, mojibake lowers both). A document its
expectation marks unreadable passes when the tool refused it (or, for ``no_text``, gave no text).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

SIM_MIN = 0.80
"""Both similarities must reach this when an expected text exists."""

CHAR_CAP = 6_000
"""Characters compared for character similarity (difflib is quadratic in the worst case)."""

WORD_CAP = 4_000
"""Words compared for word-sequence similarity."""


@dataclass(frozen=True)
class Expectation:
    """What a document must yield (one entry of ``expected.json``, with its expected text read)."""

    format: str
    phrases: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    cells: tuple[tuple[str | None, ...], ...] = ()
    expected_text: str = ""
    readable: bool = True
    error_kind: str = ""

    @classmethod
    def from_json(cls, entry: dict[str, object], expected_text: str = "") -> Expectation:
        def strings(key: str) -> tuple[str, ...]:
            value = entry.get(key) or []
            assert isinstance(value, list)
            return tuple(str(v) for v in value)

        cells_raw = entry.get("cells") or []
        assert isinstance(cells_raw, list)
        return cls(
            format=str(entry.get("format", "")),
            phrases=strings("phrases"),
            patterns=strings("patterns"),
            absent=strings("absent"),
            cells=tuple(tuple(None if c is None else str(c) for c in row) for row in cells_raw),
            expected_text=expected_text,
            readable=bool(entry.get("readable", True)),
            error_kind=str(entry.get("error_kind", "")),
        )


@dataclass(frozen=True)
class Score:
    """The outcome for one document. Similarities are ``None`` without an expected text."""

    passed: bool
    char_sim: float | None
    word_sim: float | None
    phrases_found: int
    phrases_total: int
    cells_found: int = 0
    cells_total: int = 0
    reason: str = ""


def load_expectations(folder: Path) -> dict[str, Expectation]:
    """The corpus in ``folder``: document name to its expectation (``expected.json``)."""
    data = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    out: dict[str, Expectation] = {}
    for name, entry in data["documents"].items():
        text_file = entry.get("expected_text", "")
        text = (folder / text_file).read_text(encoding="utf-8") if text_file else ""
        out[name] = Expectation.from_json(entry, text)
    return out


# ---------------------------------------------------------------- normalisation

_PAGE_MARK = re.compile(r"^\s*-{3} page \d+ -{3}\s*$", re.MULTILINE)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$", re.MULTILINE)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.MULTILINE)
_BULLET = re.compile(r"^\s*[-*+]\s+", re.MULTILINE)
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_PIPE_SENTINEL = "\uf8ff"  # a private-use character stands for an escaped pipe meanwhile


def normalise(text: str) -> str:
    """``text`` in the comparable form described in the module docstring."""
    text = unicodedata.normalize("NFKC", text)
    text = _PAGE_MARK.sub(" ", text)
    text = _TABLE_RULE.sub(" ", text)
    text = _BR.sub(" ", text)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _HEADING.sub("", text)
    text = _BULLET.sub("", text)
    text = text.replace("**", "").replace("__", "")
    text = text.replace("\\|", _PIPE_SENTINEL).replace("|", " ").replace(_PIPE_SENTINEL, "|")
    text = _ESCAPE.sub(r"\1", text)
    return " ".join(text.split())


_NOTE_LINE = re.compile(r"^[ \t]*\[[^\n]*\][ \t]*$", re.MULTILINE)


def without_notes(text: str, expectation: Expectation) -> str:
    """``text`` without the whole bracketed lines a tool adds about its reading, unless the
    expectation has that line too (then it is the document's)."""
    wanted = normalise(expectation.expected_text)
    phrases = [p for p in (normalise(p) for p in expectation.phrases) if p]

    def keep(match: re.Match[str]) -> str:
        line = normalise(match.group(0))
        ours = (wanted and line in wanted) or any(p in line or line in p for p in phrases)
        return match.group(0) if ours else ""

    return _NOTE_LINE.sub(keep, text)


def _record(cells: Sequence[str | None]) -> tuple[str, ...]:
    """A record as the runs of known cells it must show, in order: empty cells vanish in the
    normalised text, a ``None`` (unknown) cell splits the record in two."""
    runs: list[list[str]] = [[]]
    for cell in cells:
        if cell is None:
            runs.append([])
        elif value := normalise(cell):
            runs[-1].append(value)
    return tuple(" ".join(run) for run in runs if run)


def _has_record(text: str, record: tuple[str, ...]) -> bool:
    at = 0
    for run in record:
        found = text.find(run, at)
        if found < 0:
            return False
        at = found + len(run)
    return True


# ---------------------------------------------------------------- similarity


def char_similarity(a: str, b: str) -> float:
    """difflib ratio of two normalised texts, each capped at :data:`CHAR_CAP` characters."""
    if not a and not b:
        return 1.0
    return SequenceMatcher(None, a[:CHAR_CAP], b[:CHAR_CAP], autojunk=False).ratio()


def word_similarity(a: str, b: str) -> float:
    """difflib ratio of the word lists of two normalised texts (capped at :data:`WORD_CAP`)."""
    wa, wb = a.split()[:WORD_CAP], b.split()[:WORD_CAP]
    if not wa and not wb:
        return 1.0
    return SequenceMatcher(None, wa, wb, autojunk=False).ratio()


# ---------------------------------------------------------------- the score


def score(extracted_text: str, expectation: Expectation, error_kind: str = "") -> Score:
    """Judge one tool's output for one document (``error_kind`` set when the tool refused it)."""
    if not expectation.readable:
        refused = bool(error_kind) or (
            expectation.error_kind == "no_text" and not extracted_text.strip()
        )
        reason = "" if refused else f"read, but the document is {expectation.error_kind}"
        return Score(refused, None, None, 0, 0, reason=reason)
    n_phrases = len(expectation.phrases) + len(expectation.patterns)
    n_cells = len(expectation.cells)
    if error_kind:
        return Score(False, None, None, 0, n_phrases, 0, n_cells, f"refused ({error_kind})")

    text = normalise(without_notes(extracted_text, expectation))
    missing = [p for p in expectation.phrases if normalise(p) not in text]
    missing += [p for p in expectation.patterns if not re.search(p, text)]
    present = [a for a in expectation.absent if a in extracted_text]
    records = [_record(row) for row in expectation.cells]
    missed_rows = [" … ".join(r) for r in records if r and not _has_record(text, r)]
    n_cells = sum(1 for r in records if r)

    char_sim = word_sim = None
    if expectation.expected_text:
        want = normalise(expectation.expected_text)
        char_sim = char_similarity(want, text)
        word_sim = word_similarity(want, text)

    reasons = []
    if missing:
        reasons.append(f"{len(missing)} of {n_phrases} phrases missing, e.g. {missing[0][:60]!r}")
    if present:
        reasons.append(f"should not contain {present[0]!r}")
    if missed_rows:
        reasons.append(
            f"{len(missed_rows)} of {n_cells} records missing, e.g. {missed_rows[0][:60]!r}"
        )
    if char_sim is not None and char_sim < SIM_MIN:
        reasons.append(f"character similarity {char_sim:.2f}")
    if word_sim is not None and word_sim < SIM_MIN:
        reasons.append(f"word similarity {word_sim:.2f}")
    return Score(
        passed=not reasons,
        char_sim=char_sim,
        word_sim=word_sim,
        phrases_found=n_phrases - len(missing),
        phrases_total=n_phrases,
        cells_found=n_cells - len(missed_rows),
        cells_total=n_cells,
        reason="; ".join(reasons),
    )

"""Plain text, JSON and CSV/TSV attachments: decoded with the detected encoding, CSV as a Markdown
table.

Invariants: text and JSON are returned whole (``extract_file`` caps them); a CSV stops at
``max_rows`` rows and ``MAX_COLUMNS`` columns, and says so. A guessed encoding is named in the
extractor with its confidence and carried in ``Extraction.encoding``/``encoding_confidence`` (the
model's header shows it, ADR-004). Stray NUL bytes (which ``detect.sniff`` lets through for files
named as text) are removed and the text says how many, once.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import Detected, ReadFailure
from parley.infrastructure.attachments.encoding import Decoded, decode_bytes
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    cap_text,
    md_escape,
    md_table,
)

# ---------------------------------------------------------------- text formats


@dataclass(frozen=True)
class _Read:
    """A decoded text file: the text (BOM and CRLF normalised, NULs removed), how it was decoded,
    and how many NUL bytes were removed."""

    text: str
    decoded: Decoded
    nuls: int = 0

    @property
    def codec(self) -> str:
        """The codec as the extractor names it, with the guess and its confidence when guessed
        ("cp1252; encoding guessed, 62% sure")."""
        if not self.decoded.guessed:
            return self.decoded.codec
        return (
            f"{self.decoded.codec}; encoding guessed, {round(self.decoded.confidence * 100)}% sure"
        )

    def extraction(
        self, extractor: str, text: str, truncated: bool = False, media_type: str = ""
    ) -> Extraction:
        """An ``Extraction`` that carries the guess, if the encoding was guessed."""
        guessed = self.decoded.guessed
        return Extraction(
            media_type=media_type,
            extractor=extractor,
            text=text,
            truncated=truncated,
            encoding=self.decoded.label if guessed else "",
            encoding_confidence=self.decoded.confidence if guessed else 0.0,
        )

    def with_note(self, text: str) -> str:
        """``text`` followed by the NUL note, when NULs were removed."""
        if not self.nuls:
            return text
        what = "1 NUL byte was" if self.nuls == 1 else f"{self.nuls:,} NUL bytes were"
        return f"{text}\n\n[{what} removed: zero bytes are not text]"


def _read(path: Path, name: str, declared: str = "") -> _Read:
    decoded = decode_bytes(path.read_bytes(), name, declared)
    text = decoded.text.lstrip("\ufeff").replace("\r\n", "\n")
    nuls = text.count("\0")
    return _Read(text.replace("\0", "") if nuls else text, decoded, nuls)


def _read_text(path: Path, name: str, declared: str = "") -> tuple[str, str]:
    """``(text, codec)`` for callers that need no more (NULs kept)."""
    read = _read(path, name, declared)
    return read.text, read.codec


def extract_text(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """Plain text, code and Markdown: decoded strictly, otherwise as is."""
    read = _read(path, name)
    if not read.text.strip():
        raise ReadFailure("no_text", T.EMPTY.format(name=name))
    return read.extraction(extractor=f"text ({read.codec})", text=read.with_note(read.text))


def extract_json(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """JSON: validated and given as written; invalid JSON is still given, as plain text."""
    import json

    read = _read(path, name)
    text, codec = read.text, read.codec
    if not text.strip():
        raise ReadFailure("no_text", T.EMPTY.format(name=name))
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return read.extraction(
            media_type="text/plain",
            extractor=f"text ({codec}; not valid JSON: {exc.msg} at line {exc.lineno}, "
            f"column {exc.colno})",
            text=read.with_note(text),
        )
    except RecursionError:
        return read.extraction(
            extractor=f"json ({codec}; nested too deeply to validate)", text=read.with_note(text)
        )
    return read.extraction(extractor=f"json ({codec})", text=read.with_note(text))


def _delimiter(first_line: str, default: str) -> str:
    counts = {d: 0 for d in (",", ";", "\t", "|")}
    quoted = False
    for ch in first_line:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > counts.get(default, 0) else default


def extract_csv(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """CSV/TSV (RFC 4180 quoting, any detected encoding) as a Markdown table, the first record as
    its header, at most ``max_rows`` data rows (the rest is counted and noted)."""
    read = _read(path, name)
    text, codec = read.text, read.codec
    if not text.strip():
        raise ReadFailure("no_text", T.EMPTY.format(name=name))
    delimiter = "\t" if found.kind == "tsv" else _delimiter(text.split("\n", 1)[0], ",")
    csv.field_size_limit(max(limits.max_chars, 131_072))
    rows: list[list[str]] = []
    total = 0
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for record in reader:
            if not record:
                continue
            total += 1
            if total <= limits.max_rows + 1:
                rows.append([md_escape(c) for c in record])
    except csv.Error as exc:
        raise ReadFailure(
            "damaged", T.INVALID_CSV.format(name=name, line=reader.line_num, detail=exc)
        ) from None
    unread = ""
    if total > limits.max_rows + 1:
        unread = f"only the first {limits.max_rows:,} of {total - 1:,} data rows are shown"
    table, truncated = cap_text(md_table(rows), limits.max_chars, unread)
    label = "tsv" if delimiter == "\t" else "csv"
    return read.extraction(
        extractor=f"{label} ({codec})", text=read.with_note(table), truncated=truncated
    )

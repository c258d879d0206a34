"""Plain text, JSON and CSV/TSV attachments: decoded with the detected encoding, CSV as a Markdown
table.

Invariant: text and JSON are returned whole (``extract_file`` caps them); a CSV stops at
``max_rows`` rows and ``MAX_COLUMNS`` columns, and says so.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
    decode_text,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    cap_text,
    md_escape,
    md_table,
)

# ---------------------------------------------------------------- text formats


def _read_text(path: Path, name: str, declared: str = "") -> tuple[str, str]:
    text, codec = decode_text(path.read_bytes(), name, declared)
    return text.lstrip("\ufeff").replace("\r\n", "\n"), codec


def extract_text(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """Plain text, code and Markdown: decoded strictly, otherwise as is."""
    text, codec = _read_text(path, name)
    if not text.strip():
        raise ReadFailure("no_text", f"{name} is empty")
    return Extraction(extractor=f"text ({codec})", text=text)


def extract_json(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """JSON: validated and given as written; invalid JSON is still given, as plain text."""
    import json

    text, codec = _read_text(path, name)
    if not text.strip():
        raise ReadFailure("no_text", f"{name} is empty")
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return Extraction(
            media_type="text/plain",
            extractor=f"text ({codec}; not valid JSON: {exc.msg} at line {exc.lineno}, "
            f"column {exc.colno})",
            text=text,
        )
    except RecursionError:
        return Extraction(extractor=f"json ({codec}; nested too deeply to validate)", text=text)
    return Extraction(extractor=f"json ({codec})", text=text)


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
    text, codec = _read_text(path, name)
    if not text.strip():
        raise ReadFailure("no_text", f"{name} is empty")
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
            "damaged", f"{name} is not valid CSV near line {reader.line_num:,} ({exc})"
        ) from None
    unread = ""
    if total > limits.max_rows + 1:
        unread = f"only the first {limits.max_rows:,} of {total - 1:,} data rows are shown"
    table, truncated = cap_text(md_table(rows), limits.max_chars, unread)
    label = "tsv" if delimiter == "\t" else "csv"
    return Extraction(extractor=f"{label} ({codec})", text=table, truncated=truncated)

"""XLSX attachments: each sheet as a Markdown table of cached values (not formulas).

Invariants: reading stops at ``max_rows`` rows and ``MAX_COLUMNS`` columns, and says so; how
many formulas have no cached value is said.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import (
    MAX_COLUMNS,
    Extraction,
    _detail,
    _fatal,
    _plural,
    cap_text,
    md_escape,
    md_table,
)

# ---------------------------------------------------------------- XLSX


def _cell(value: object) -> str:
    import datetime

    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return md_escape(str(value).strip())


_F_END = rb"(?:</(?:\w+:)?f>|<(?:\w+:)?f\b[^>]*/>)"
_EMPTY_V = rb"(?:<(?:\w+:)?v\s*/>|<(?:\w+:)?v>\s*</(?:\w+:)?v>)?"
_NO_CACHED = re.compile(_F_END + rb"\s*" + _EMPTY_V + rb"\s*</(?:\w+:)?c>")


def _formulas_without_value(zf: zipfile.ZipFile, part: str) -> int:
    """Formula cells saved with no cached value (``<f>`` not followed by ``<v>``), counted while
    streaming the sheet's XML (a match may straddle two chunks: it is counted once, in the
    window where it ends)."""
    count = 0
    tail = b""
    with zf.open(part) as fh:
        while chunk := fh.read(1024 * 1024):
            window = tail + chunk
            count += sum(1 for m in _NO_CACHED.finditer(window) if m.end() > len(tail))
            tail = window[-4096:]
    return count


def extract_xlsx(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """XLSX with openpyxl (read-only, cached values): each sheet as ``## Sheet: name`` and a
    Markdown table, at most ``max_rows`` non-empty rows each."""
    import openpyxl

    with zipfile.ZipFile(path) as zf:
        workbook_part = next((n for n in zf.namelist() if n.endswith("workbook.xml")), "")
        if workbook_part and b"purl.oclc.org/ooxml" in zf.read(workbook_part)[:4096]:
            raise ReadFailure(
                "unsupported",
                f"{name} is a Strict Open XML workbook, which Parley does not read; save it as "
                "an ordinary Excel Workbook (.xlsx) and attach that",
            )
    # A file object, not the path: the stored copy has no extension, and openpyxl refuses paths
    # whose extension it does not know.
    source = path.open("rb")
    try:
        wb = openpyxl.load_workbook(source, read_only=True, data_only=True, keep_links=False)
    except Exception as exc:
        source.close()
        if _fatal(exc):
            raise
        raise ReadFailure("damaged", f"{name} cannot be opened ({_detail(exc)})") from None
    sections: list[str] = []
    truncated = False
    any_value = False
    try:
        names = list(wb.sheetnames)
        zf = wb._archive  # the package openpyxl already opened
        for sheet_index, sheet_name in enumerate(names):
            if sheet_index >= limits.max_pages:
                sections.append(
                    f"[… only the first {limits.max_pages:,} of {len(names):,} sheets are shown]"
                )
                truncated = True
                break
            ws = wb[sheet_name]
            heading = f"## Sheet: {sheet_name}"
            if not hasattr(ws, "iter_rows"):
                sections.append(f"{heading}\n\n(a chart sheet: no cells)")
                continue
            max_col = ws.max_column
            wide = max_col is not None and max_col > MAX_COLUMNS
            rows: list[list[str]] = []
            shown = extra = scanned = 0
            for values in ws.iter_rows(values_only=True, max_col=MAX_COLUMNS if wide else None):
                scanned += 1
                if scanned > limits.max_rows * 50:
                    extra += 1
                    break
                if not any(v is not None and v != "" for v in values):
                    continue
                if shown >= limits.max_rows:
                    extra += 1
                    break
                rows.append([_cell(v) for v in values[:MAX_COLUMNS]])
                shown += 1
            if rows:
                any_value = True
                width = max((i + 1 for r in rows for i, c in enumerate(r) if c), default=0)
                rows = [r[:width] for r in rows]
                body = md_table(rows)
            else:
                body = "(empty)"
            notes = []
            if extra:
                about = f" (about {ws.max_row:,} rows in all)" if ws.max_row else ""
                notes.append(
                    f"[… only the first {limits.max_rows:,} rows of this sheet are shown{about}]"
                )
                truncated = True
            if wide:
                notes.append(f"[… only the first {MAX_COLUMNS} of {max_col:,} columns are shown]")
                truncated = True
            worksheet_path = getattr(ws, "_worksheet_path", "")
            if worksheet_path:
                missing = _formulas_without_value(zf, worksheet_path)
                if missing:
                    notes.append(
                        f"[note: {_plural(missing, 'formula cell')} in this sheet had no cached "
                        "value (the file was saved without calculating): they are empty here]"
                    )
            sections.append("\n\n".join([heading, body, *notes]))
    except ReadFailure:
        raise
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure("damaged", f"{name} cannot be read ({_detail(exc)})") from None
    finally:
        wb.close()
        source.close()
    if not any_value:
        raise ReadFailure("no_text", f"{name}: every sheet is empty")
    text, capped = cap_text("\n\n".join(sections), limits.max_chars)
    return Extraction(
        extractor=f"openpyxl {openpyxl.__version__}",
        text=text,
        truncated=truncated or capped,
        units=len(names),
        unit="sheets",
    )

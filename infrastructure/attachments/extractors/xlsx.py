"""XLSX attachments: each sheet as a Markdown table of cached values shown as Excel shows them,
with the sheet's print header/footer, the text of its text boxes and shapes, and its charts.

Why it reads the XML itself: openpyxl's read-only loader sizes every sheet when it is opened,
and a sheet saved without a ``<dimension>`` element is then parsed to its end (a 20 MB sheet:
about 30 s) although only ``max_rows`` rows are shown; and openpyxl shows the stored number
(``1599.99``, ``0.025``), not what the cell's number format shows (``$1,599.99``, ``2.50%``).
Here rows are streamed and reading stops at the cap; values go through ``numfmt``.

Invariants it keeps:

- Every part is parsed with defusedxml (DTDs and entities forbidden) after
  ``zipcheck.scan_xml_parts`` passed the package; elements are matched by local name, so Strict
  Open XML workbooks are read too.
- A sheet shows at most ``max_rows`` non-empty rows and ``MAX_COLUMNS`` columns and says so;
  at most ``max_rows * 50`` rows (empty ones included) are looked at before it stops.
- Cells show cached values (never formulas); how many formula cells of the rows read have no
  cached value is said.
- Cell comments (notes) follow the table as ``- A1 (author): text``.
- Print headers/footers show their text; field codes become words (``&P`` → ``[page]``,
  ``&N`` → ``[pages]``, ``&D`` → ``[date]``, ``&A`` → the sheet name); fonts and colours drop;
  one that holds nothing but such fields ("Page [page]" has words, "[page]" alone has none) is
  left out.
"""

from __future__ import annotations

import datetime
import html
import re
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO
from xml.etree.ElementTree import Element

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
    safe_xml,
)
from parley.infrastructure.attachments.extractors.common import (
    MAX_COLUMNS,
    Extraction,
    _detail,
    _fatal,
    _local,
    _plural,
    cap_text,
    md_escape,
    md_table,
    report_progress,
)
from parley.infrastructure.attachments.extractors.numfmt import (
    BUILTIN_FORMATS,
    format_value,
)
from parley.infrastructure.attachments.extractors.office_drawing import (
    chart_text,
    diagram_text,
    drawing_shapes_text,
)
from parley.infrastructure.attachments.extractors.office_package import relationships

_EAST_ASIAN_DATES = frozenset({*range(27, 37), *range(50, 59)})
"""Built-in format ids whose code depends on an East Asian locale: all show dates."""
_MAX_SMALL_PART = 32 * 1024 * 1024
"""The largest styles, workbook, drawing or chart part read whole."""

# ---------------------------------------------------------------- shared helpers


def _cell(value: object) -> str:
    """A value read by another library (python-pptx chart values) as one table cell."""
    if value is None:
        return ""
    if isinstance(value, str):
        return md_escape(value.strip())
    if isinstance(value, datetime.datetime) and value.time() == datetime.time(0, 0):
        return value.date().isoformat()
    return md_escape(format_value(value, "General"))


def _attr(el: Element, local: str) -> str:
    for key, value in el.attrib.items():
        if _local(key) == local:
            return value
    return ""


def _parse(zf: zipfile.ZipFile, part: str) -> Element | None:
    if part not in zf.namelist() or zf.getinfo(part).file_size > _MAX_SMALL_PART:
        return None
    return safe_xml(zf.read(part), part)


def _iterparse(source: IO[bytes]) -> Iterator[tuple[str, Element]]:
    import defusedxml.ElementTree as SafeET

    return SafeET.iterparse(source, events=("start", "end"), forbid_dtd=True)


def _text_of(el: Element) -> str:
    """A string item's text: its ``t`` and rich-text runs, without phonetic guides (``rPh``)."""
    parts: list[str] = []
    for child in el:
        tag = _local(child.tag)
        if tag == "t":
            parts.append(child.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
    return "".join(parts)


# ---------------------------------------------------------------- workbook parts


class _Book:
    """The workbook-level parts: sheets, shared strings, number formats, date system."""

    def __init__(self, zf: zipfile.ZipFile, name: str) -> None:
        from parley.infrastructure.attachments.detect import main_part

        self.zf = zf
        self.main = main_part(zf)
        root = _parse(zf, self.main) if self.main else None
        if root is None:
            raise ReadFailure("damaged", T.NO_WORKBOOK.format(name=name))
        rels = {rid: (rtype, target) for rid, rtype, target in relationships(zf, self.main)}
        self.date1904 = False
        self.sheets: list[tuple[str, str, str, str]] = []  # (name, kind, part, state)
        for el in root.iter():
            tag = _local(el.tag)
            if tag == "workbookPr" and _attr(el, "date1904"):  # (x14 has a workbookPr too)
                self.date1904 = _attr(el, "date1904") in ("1", "true")
            elif tag == "sheet":
                rtype, target = rels.get(_attr(el, "id"), ("", ""))
                kind = rtype.rsplit("/", 1)[-1]
                self.sheets.append((_attr(el, "name"), kind, target, _attr(el, "state")))
        self.formats: list[str] = []
        self.shared: list[str] = []
        for _id, rtype, target in relationships(zf, self.main):
            if rtype.endswith("/styles"):
                self._load_styles(target)
            elif rtype.endswith("/sharedStrings") and target in zf.namelist():
                self._load_shared(target)

    def _load_styles(self, part: str) -> None:
        root = _parse(self.zf, part)
        if root is None:
            return
        custom: dict[int, str] = {}
        xfs: list[int] = []
        for el in root:
            tag = _local(el.tag)
            if tag == "numFmts":
                for fmt in el:
                    fid = _attr(fmt, "numFmtId")
                    if fid.isdigit():
                        custom[int(fid)] = _attr(fmt, "formatCode")
            elif tag == "cellXfs":
                for xf in el:
                    fid = _attr(xf, "numFmtId")
                    xfs.append(int(fid) if fid.isdigit() else 0)
        for format_id in xfs:
            if format_id in custom:
                self.formats.append(custom[format_id])
            elif format_id in BUILTIN_FORMATS:
                self.formats.append(BUILTIN_FORMATS[format_id])
            elif format_id in _EAST_ASIAN_DATES:
                self.formats.append("yyyy-mm-dd")
            else:
                self.formats.append("General")

    def _load_shared(self, part: str) -> None:
        with self.zf.open(part) as fh:
            for event, el in _iterparse(fh):
                if event == "end" and _local(el.tag) == "si":
                    self.shared.append(_text_of(el))
                    el.clear()

    def value(self, cell: Element) -> str:
        """One ``c`` element as the text Excel shows in it."""
        kind = cell.get("t", "n")
        raw = None
        inline = None
        for child in cell:
            tag = _local(child.tag)
            if tag == "v":
                raw = child.text
            elif tag == "is":
                inline = _text_of(child)
        style = cell.get("s", "")
        code = "General"
        if style.isdigit() and int(style) < len(self.formats):
            code = self.formats[int(style)]
        if kind == "inlineStr":
            return format_value(inline or "", code)
        if raw is None:
            return ""
        if kind == "s":
            index = int(raw) if raw.strip().isdigit() else -1
            text = self.shared[index] if 0 <= index < len(self.shared) else ""
            return format_value(text, code)
        if kind in ("str", "e"):
            return format_value(raw, code) if kind == "str" else raw
        if kind == "b":
            return "TRUE" if raw.strip() in ("1", "true") else "FALSE"
        if kind == "d":
            try:
                return format_value(datetime.datetime.fromisoformat(raw.strip()), code)
            except ValueError:
                return raw
        try:
            number: float = int(raw) if re.fullmatch(r"-?\d{1,15}", raw.strip()) else float(raw)
        except ValueError:
            return raw
        return format_value(number, code, self.date1904)


# ---------------------------------------------------------------- one sheet


_COLUMN = re.compile(r"([A-Za-z]{1,3})")


def _column_index(ref: str) -> int:
    match = _COLUMN.match(ref)
    if not match:
        return 0
    index = 0
    for ch in match.group(1).upper():
        index = index * 26 + (ord(ch) - 64)
    return index


def _dimension_rows(ref: str) -> int:
    """The number of rows a ``<dimension ref="A1:F300">`` spans (0 when it does not say)."""
    numbers = re.findall(r"\d+", ref)
    if len(numbers) == 2:
        return int(numbers[1]) - int(numbers[0]) + 1
    return 0


class _SheetRows:
    """The first rows of a worksheet, streamed: stops once ``max_rows`` non-empty rows are
    read (and one more was seen) or ``max_rows * 50`` rows were looked at. The print
    header/footer comes after the rows: when reading stopped early, the rest of the part is
    only searched for it (inflating is cheap; parsing is not)."""

    def __init__(self, book: _Book, part: str, max_rows: int) -> None:
        self.rows: list[list[str]] = []
        self.more = False  # rows past the cap exist
        self.widest = 0  # the highest column index seen
        self.total_rows = 0  # from <dimension>, when the sheet has one
        self.missing = 0  # formula cells of the rows read that have no cached value
        self.header_footer: list[tuple[str, str]] = []  # ("Header"/"Footer", code)
        scanned = 0
        with book.zf.open(part) as fh:
            row: dict[int, str] = {}
            next_col = 1
            for event, el in _iterparse(fh):
                tag = _local(el.tag)
                if event == "start":
                    if tag == "row":
                        row, next_col = {}, 1
                    continue
                if tag == "c":
                    if _formula_without_value(el):
                        self.missing += 1
                    ref = el.get("r", "")
                    col = _column_index(ref) if ref else next_col
                    next_col = col + 1
                    text = book.value(el)
                    if text != "":
                        self.widest = max(self.widest, col)
                        if col <= MAX_COLUMNS:
                            row[col] = text
                    el.clear()
                elif tag == "row":
                    el.clear()
                    scanned += 1
                    if row:
                        if len(self.rows) >= max_rows:
                            self.more = True
                            break
                        width = max(row)
                        self.rows.append(
                            [md_escape(row.get(i, "").strip()) for i in range(1, width + 1)]
                        )
                    if scanned >= max_rows * 50:
                        self.more = True
                        break
                elif tag == "dimension":
                    self.total_rows = _dimension_rows(el.get("ref", ""))
                elif tag in _HF_TAGS:
                    self.header_footer.append((_HF_TAGS[tag], el.text or ""))
            if self.more:
                self.header_footer = _find_header_footer(fh)


# ---------------------------------------------------------------- formulas, headers, footers

_HF_TAGS = {
    f"{page}{part}": part for page in ("odd", "even", "first") for part in ("Header", "Footer")
}
_HEADER_FOOTER = re.compile(
    rb"<(?:\w+:)?headerFooter\b[^>]*?(?:/>|>.*?</(?:\w+:)?headerFooter>)", re.S
)
_HF_ITEM = re.compile(
    r"<(?:\w+:)?(odd|even|first)(Header|Footer)\b[^>]*>(.*?)</(?:\w+:)?\1\2>", re.S
)
_TAIL = 16 * 1024


def _formula_without_value(cell: Element) -> bool:
    """A formula cell saved without a cached value (``<f>`` and no, or an empty, ``<v>``)."""
    has_formula = has_value = False
    for child in cell:
        tag = _local(child.tag)
        if tag == "f":
            has_formula = True
        elif tag in ("v", "is") and (child.text or len(child)):
            has_value = True
    return has_formula and not has_value


def _find_header_footer(fh: IO[bytes]) -> list[tuple[str, str]]:
    """The header/footer codes in the rest of a sheet's XML stream, found by a plain search
    (the element is small and the window keeps 16 KB; its text is XML-unescaped)."""
    tail = b""
    snippet = b""
    while chunk := fh.read(1024 * 1024):
        window = tail + chunk
        if b"eaderFooter" in window:
            found = _HEADER_FOOTER.search(window)
            if found:
                snippet = found.group(0)
        tail = window[-_TAIL:]
    text = snippet.decode("utf-8", "replace")
    return [(m.group(2), html.unescape(m.group(3))) for m in _HF_ITEM.finditer(text)]


_HF_CODE = re.compile(r'&(&|"[^"]*"|K[0-9A-Fa-f]{6}|K\d\d[+-]\d{3}|\d+|[+-]\d+|.)', re.S)


def header_footer_text(code: str, sheet: str, file_name: str) -> str:
    """A header or footer code (``&LLeft&CCentre&RRight``, ``Page &P of &N``) as plain text:
    its left, centre and right parts joined by `` | ``, field codes as words."""
    sections: dict[str, list[str]] = {"L": [], "C": [], "R": []}
    current = "C"
    pos = 0
    words = {
        "P": "[page]",
        "N": "[pages]",
        "D": "[date]",
        "T": "[time]",
        "A": sheet,
        "F": file_name,
        "G": "[picture]",
    }
    for match in _HF_CODE.finditer(code):
        sections[current].append(code[pos : match.start()])
        pos = match.end()
        token = match.group(1)
        if token in ("L", "C", "R"):
            current = token
        elif token == "&":
            sections[current].append("&")
        elif token in words:
            sections[current].append(words[token])
    sections[current].append(code[pos:])
    parts = [" ".join("".join(sections[k]).split()) for k in ("L", "C", "R")]
    return " | ".join(p for p in parts if p)


_FIELD_WORDS = re.compile(r"\[(?:page|pages|date|time|picture)\]")


def _headers_footers(
    codes: list[tuple[str, str]], sheet: str, file_name: str
) -> tuple[list[str], list[str]]:
    headers: list[str] = []
    footers: list[str] = []
    for part, code in codes:
        text = header_footer_text(code, sheet, file_name)
        if not _FIELD_WORDS.sub("", text).strip(" |-/.,:"):  # only "[page]" and the like
            continue
        target = headers if part == "Header" else footers
        if text and text not in target:
            target.append(text)
    return headers, footers


# ---------------------------------------------------------------- drawings


def _drawing_blocks(zf: zipfile.ZipFile, part: str) -> list[str]:
    """Text boxes, shapes, charts and SmartArt of the drawing(s) a sheet part refers to."""
    blocks: list[str] = []
    for _id, rtype, drawing in relationships(zf, part):
        if not rtype.endswith("/drawing"):
            continue
        root = _parse(zf, drawing)
        if root is None:
            continue
        blocks.extend(f"[Text box] {t}" for t in drawing_shapes_text(root))
        for _rid, dtype, target in relationships(zf, drawing):
            if dtype.endswith("/chart"):
                chart = _parse(zf, target)
                text = chart_text(chart) if chart is not None else ""
            elif dtype.endswith("/diagramData"):
                diagram = _parse(zf, target)
                text = diagram_text(diagram) if diagram is not None else ""
            else:
                continue
            if text:
                blocks.append(text)
    return blocks


def _cell_comments(zf: zipfile.ZipFile, part: str) -> list[str]:
    """A sheet's cell comments (notes) as ``- A1 (author): text``, in the order stored."""
    lines: list[str] = []
    for _id, rtype, target in relationships(zf, part):
        if not rtype.endswith("/comments"):
            continue
        root = _parse(zf, target)
        if root is None:
            continue
        authors = [a.text or "" for el in root if _local(el.tag) == "authors" for a in el]
        for comment in root.iter():
            if _local(comment.tag) != "comment":
                continue
            body = next((c for c in comment if _local(c.tag) == "text"), None)
            said = " ".join(_text_of(body).split()) if body is not None else ""
            author_id = _attr(comment, "authorId")
            author = ""
            if author_id.isdigit() and int(author_id) < len(authors):
                author = authors[int(author_id)].strip()
            if author and said.startswith(author + ":"):  # Excel's note opens with its author
                said = said[len(author) + 1 :].strip()
            if said:
                who = f" ({author})" if author else ""
                lines.append(f"- {_attr(comment, 'ref')}{who}: {said}")
    return lines


# ---------------------------------------------------------------- entry point


def _sheet_section(
    book: _Book, sheet: tuple[str, str, str, str], name: str, limits: AttachmentLimits
) -> tuple[str, bool, bool]:
    """``(section text, has content, truncated)`` for one sheet."""
    sheet_name, kind, part, state = sheet
    heading = f"## Sheet: {sheet_name}" + (" (hidden)" if state in ("hidden", "veryHidden") else "")
    zf = book.zf
    if not part or part not in zf.namelist():
        return f"{heading}\n\n(this sheet's part is missing)", False, False
    drawings = _drawing_blocks(zf, part)
    if kind != "worksheet":
        body = "\n\n".join(drawings) if drawings else "(a chart sheet: no cells)"
        return f"{heading}\n\n{body}", bool(drawings), False
    rows = _SheetRows(book, part, limits.max_rows)
    missing = rows.missing
    headers, footers = _headers_footers(rows.header_footer, sheet_name, name)
    truncated = False
    if rows.rows:
        width = max((i + 1 for r in rows.rows for i, c in enumerate(r) if c), default=0)
        body = md_table([r[:width] + [""] * (width - len(r)) for r in rows.rows])
    else:
        body = "(empty)"
    notes = []
    if rows.more:
        about = f" (about {rows.total_rows:,} rows in all)" if rows.total_rows else ""
        notes.append(f"[… only the first {limits.max_rows:,} rows of this sheet are shown{about}]")
        truncated = True
    if rows.widest > MAX_COLUMNS:
        notes.append(f"[… only the first {MAX_COLUMNS} of {rows.widest:,} columns are shown]")
        truncated = True
    if missing:
        notes.append(
            f"[note: {_plural(missing, 'formula cell')} in this sheet had no cached "
            "value (the file was saved without calculating): they are empty here]"
        )
    comments = _cell_comments(zf, part)
    if comments:
        drawings.append("Comments:\n" + "\n".join(comments))
    parts = [heading, *(f"[Header] {h}" for h in headers), body, *drawings, *notes]
    parts.extend(f"[Footer] {f}" for f in footers)
    has_content = bool(rows.rows or drawings or headers or footers)  # comments are in drawings
    return "\n\n".join(parts), has_content, truncated


def extract_xlsx(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """XLSX (Transitional or Strict) from its XML parts: each sheet as ``## Sheet: name``, its
    header, a Markdown table of at most ``max_rows`` non-empty rows, its text boxes and charts,
    notes on what was left out, its footer."""
    sections: list[str] = []
    truncated = False
    any_value = False
    try:
        with zipfile.ZipFile(path) as zf:
            book = _Book(zf, name)
            for index, sheet in enumerate(book.sheets):
                if index >= limits.max_pages:
                    sections.append(
                        f"[… only the first {limits.max_pages:,} of {len(book.sheets):,} "
                        "sheets are shown]"
                    )
                    truncated = True
                    break
                text, has_content, cut = _sheet_section(book, sheet, name, limits)
                report_progress(index + 1, min(len(book.sheets), limits.max_pages))
                sections.append(text)
                any_value = any_value or has_content
                truncated = truncated or cut
    except ReadFailure:
        raise
    except (zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error) as exc:
        raise ReadFailure("damaged", T.CANNOT_READ.format(name=name, detail=_detail(exc))) from None
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure("damaged", T.CANNOT_READ.format(name=name, detail=_detail(exc))) from None
    if not any_value:
        raise ReadFailure("no_text", T.EVERY_SHEET_EMPTY.format(name=name))
    text, capped = cap_text("\n\n".join(sections), limits.max_chars)
    return Extraction(
        extractor="xlsx-xml",
        text=text,
        truncated=truncated or capped,
        units=len(book.sheets),
        unit="sheets",
    )

"""One extractor per format: a stored file in, the text a model should see out.

Why it exists: each format hides its text differently (PDF pages, Word runs inside tracked
insertions, spreadsheet cells with formulas, slide shapes and notes, CSV quoting, HTML markup).
This module turns each into plain text with light Markdown (headings, ``- `` list items, tables),
and says plainly what it could not read. It runs in the worker *child process* (see
``worker.py``): nothing here is trusted to be fast or small, the process limits are the backstop.

Invariants it keeps:

- :func:`extract_file` returns an :class:`Extraction` whose ``error_kind``/``error`` say why a
  file could not be read (a ``ReadFailure`` from any step becomes that; each extractor maps its
  library's errors). What still escapes (``MemoryError``, ``RecursionError``, a library error
  nobody anticipated) is reported by the worker as ``memory``/``unsafe``/``damaged``.
- The type comes from the content (``detect.sniff``/``classify_zip``), never from the
  extension alone; ZIP packages pass ``zipcheck.check_zip`` before anything opens them and OOXML
  parts pass ``zipcheck.scan_xml_parts`` (no DTD, no entities, bounded depth) before any XML
  parser sees them. DOCX, EPUB container/OPF and the package parts used for detection are
  parsed with defusedxml (DTDs forbidden); openpyxl uses defusedxml too; python-pptx's lxml
  parser sees only parts the scan passed. The stored copy has no extension, so libraries get a
  file object or the path as a string, never a name to judge by.
- The text, HTML and JSON extractors return the full text; :func:`extract_file` caps it.
- Text is capped at ``limits.max_chars`` by :func:`cap_text`, which appends a visible note
  ("[… truncated: the first 200,000 of 512,331 characters]"); PDFs stop reading pages once the
  cap is passed and stop at ``max_pages``; sheets stop at ``max_rows`` rows; decks at
  ``max_pages`` slides; each cut is noted in the text and sets ``truncated``.
- Per format: PDF pages are marked ``--- page N ---`` and a page that fails to extract becomes a
  note while the others are kept; an empty-password PDF is opened, a real password is
  ``encrypted``; a PDF with no text layer is ``no_text``. DOCX includes tracked insertions
  (``w:ins``, ``w:moveTo``) and drops deletions (``w:del``, ``w:moveFrom``), and adds headers,
  footers, text boxes, footnotes, endnotes and comments; Strict OOXML is read too (elements are
  matched by local name). XLSX shows cached values, not formulas, and says how many formulas have
  no cached value. Images give no text: ``image_media_type`` and the size in ``extractor``.

Errors: as ``Extraction.error_kind``: ``unsupported``, ``encrypted``, ``damaged``, ``no_text``,
``undecodable``, ``unsafe`` (the kinds of ``application.ports.attachments``).
"""

from __future__ import annotations

import csv
import io
import posixpath
import re
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from application.ports.attachments import AttachmentLimits
from infrastructure.attachments.detect import (
    HEAD_BYTES,
    IMAGE_KINDS,
    READABLE,
    ZIP_KINDS,
    Detected,
    ReadFailure,
    classify_ole2,
    classify_zip,
    decode_text,
    refusal,
    safe_xml,
    sniff,
)
from infrastructure.attachments.zipcheck import check_zip, scan_xml_parts

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


class _HtmlText(HTMLParser):
    """Visible text of an HTML page with headings, paragraphs, list items and table rows."""

    _SKIP = frozenset({"script", "style", "noscript", "template", "svg", "math", "iframe"})
    _BLOCKS = frozenset(
        {
            "p",
            "div",
            "section",
            "article",
            "main",
            "header",
            "footer",
            "nav",
            "aside",
            "blockquote",
            "figure",
            "figcaption",
            "form",
            "table",
            "ul",
            "ol",
            "dl",
            "dt",
            "dd",
            "address",
            "details",
            "summary",
            "hr",
            "caption",
            "title",
        }
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self._in_head = False
        self._pre = 0
        self._first_cell = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skip += 1
            return
        if tag == "head":
            self._in_head = True
        elif tag == "body":
            self._in_head = False
        if self._skip or self._in_head:
            return
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "li":
            self.parts.append("\n- ")
        elif tag == "tr":
            self.parts.append("\n")
            self._first_cell = True
        elif tag in ("td", "th"):
            if not self._first_cell:
                self.parts.append(" | ")
            self._first_cell = False
        elif tag == "br":
            self.parts.append("\n")
        elif tag == "pre":
            self.parts.append("\n\n")
            self._pre += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
            return
        if tag == "head":
            self._in_head = False
            return
        if self._skip or self._in_head:
            return
        if (len(tag) == 2 and tag[0] == "h" and tag[1] in "123456") or tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "pre":
            self._pre = max(0, self._pre - 1)
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._skip or self._in_head:
            return
        self.parts.append(data if self._pre else re.sub(r"\s+", " ", data))

    def text(self) -> str:
        lines = [line.strip() for line in "".join(self.parts).split("\n")]
        out: list[str] = []
        for line in lines:
            if line in ("-", "#", "##", "###", "####", "#####", "######"):
                continue
            if line.startswith("- "):
                line = "- " + line[2:].lstrip()
            if not line and (not out or not out[-1]):
                continue
            out.append(line)
        return "\n".join(out).strip()


def html_to_text(markup: str) -> str:
    parser = _HtmlText()
    parser.feed(markup)
    parser.close()
    return parser.text()


_META_CHARSET = re.compile(
    rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{1,40})""", re.I
)


def extract_html(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """HTML: the text, not the markup (scripts and styles dropped); the charset comes from the
    BOM, else the ``<meta charset>``, else detection."""
    head = path.read_bytes()[:4096]
    match = _META_CHARSET.search(head)
    declared = match.group(1).decode("ascii", "ignore") if match else ""
    markup, codec = _read_text(path, name, declared)
    text = html_to_text(markup)
    if not text.strip():
        raise ReadFailure("no_text", f"{name} has no visible text")
    return Extraction(extractor=f"html ({codec})", text=text)


# ---------------------------------------------------------------- PDF


def extract_pdf(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PDF with pypdf: ``--- page N ---`` before each page; see the module docstring."""
    import pypdf
    from pypdf.errors import DependencyError, LimitReachedError

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")
            except DependencyError as exc:
                raise ReadFailure(
                    "unsupported", f"{name} uses an encryption Parley cannot open ({exc})"
                ) from None
            if not opened:
                raise ReadFailure(
                    "encrypted",
                    f"{name} is protected by a password, and Parley cannot open "
                    "password-protected PDFs; remove the password (for example by printing it "
                    "to a new PDF) and attach it again",
                )
        total = len(reader.pages)
    except ReadFailure:
        raise
    except LimitReachedError as exc:
        raise ReadFailure(
            "unsafe", f"{name} declares data beyond the safety limits ({exc}); it was not read"
        ) from None
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure(
            "damaged", f"{name} is damaged or truncated and cannot be opened ({_detail(exc)})"
        ) from None
    if total == 0:
        raise ReadFailure("damaged", f"{name} has no pages")
    limit = min(total, limits.max_pages)
    parts: list[str] = []
    failed = bombs = blank = chars = read = 0
    for index in range(limit):
        number = index + 1
        read = number
        marker = f"--- page {number} ---"
        try:
            page_text = reader.pages[index].extract_text() or ""
        except LimitReachedError:
            failed += 1
            bombs += 1
            parts.append(
                f"{marker}\n[page {number} was not read: its data decompresses beyond "
                "the safety limit]"
            )
            continue
        except Exception as exc:
            if isinstance(exc, MemoryError):
                raise
            failed += 1
            parts.append(f"{marker}\n[page {number} could not be read: {_detail(exc)}]")
            continue
        page_text = page_text.strip("\n")
        if not page_text.strip():
            blank += 1
            parts.append(f"{marker}\n[no text on this page]")
            continue
        parts.append(f"{marker}\n{page_text}")
        chars += len(page_text)
        if chars > limits.max_chars and number < limit:
            break
    ok_pages = read - failed
    if ok_pages == 0:
        if bombs:
            raise ReadFailure(
                "unsafe",
                f"{name}: its pages decompress beyond the safety limits (a decompression bomb?); "
                "nothing was read",
            )
        raise ReadFailure(
            "damaged", f"{name} is damaged: none of its {_plural(read, 'page')} could be read"
        )
    if blank == ok_pages and failed:
        raise ReadFailure(
            "damaged",
            f"{name}: {_plural(failed, 'page')} could not be read and the others have no "
            "text layer",
        )
    if blank == ok_pages:
        raise ReadFailure(
            "no_text",
            f"{name}: scanned PDF ({_plural(total, 'page')}) with no text layer; OCR is not "
            "supported",
        )
    text = "\n\n".join(parts)
    unread = ""
    if read < limit:
        unread = f"pages {read + 1}-{total} were not read (the character limit was reached)"
    elif total > limit:
        unread = f"only the first {limit:,} of {total:,} pages were read (the page limit)"
    text, truncated = cap_text(text, limits.max_chars, unread)
    return Extraction(
        extractor=f"pypdf {pypdf.__version__}",
        text=text,
        truncated=truncated,
        units=total,
        unit="pages",
    )


# ---------------------------------------------------------------- DOCX (own XML walk)


def _rels_path(part: str) -> str:
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def _relationships(zf: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """``(id, type, target part)`` for the internal relationships of ``part``."""
    rels_name = _rels_path(part)
    if rels_name not in zf.namelist():
        return []
    out = []
    for rel in safe_xml(zf.read(rels_name), rels_name):
        if rel.get("TargetMode", "") == "External":
            continue
        target = rel.get("Target", "")
        if not target:
            continue
        if target.startswith("/"):
            resolved = posixpath.normpath(target.lstrip("/"))
        else:
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
        out.append((rel.get("Id", ""), rel.get("Type", ""), resolved))
    return out


def _attr(el: Element, local: str) -> str:
    for key, value in el.attrib.items():
        if _local(key) == local:
            return value
    return ""


def _child(el: Element, local: str) -> Element | None:
    for child in el:
        if _local(child.tag) == local:
            return child
    return None


_WRAPPERS = frozenset(
    {"sdt", "sdtContent", "customXml", "ins", "moveTo", "smartTag", "AlternateContent", "Choice"}
)
_SKIPPED = frozenset(
    {
        "del",
        "moveFrom",
        "pPr",
        "rPr",
        "tblPr",
        "tblGrid",
        "trPr",
        "tcPr",
        "sectPr",
        "sdtPr",
        "sdtEndPr",
        "instrText",
        "delText",
        "delInstrText",
        "Fallback",
        "footnoteRef",
        "endnoteRef",
        "annotationRef",
        "commentReference",
    }
)


class _Docx:
    def __init__(self, zf: zipfile.ZipFile, name: str) -> None:
        from infrastructure.attachments.detect import main_part

        self.zf = zf
        self.name = name
        self.main = main_part(zf)
        if not self.main or self.main not in zf.namelist():
            raise ReadFailure("damaged", f"{name} has no main document part")
        self.rels = _relationships(zf, self.main)
        self.styles: dict[str, tuple[str, int, bool]] = {}
        styles_part = self._rel_target("/styles")
        if styles_part:
            self._load_styles(styles_part)

    def _rel_target(self, suffix: str) -> str:
        for _id, rtype, target in self.rels:
            if rtype.endswith(suffix) and target in self.zf.namelist():
                return target
        return ""

    def _parse(self, part: str) -> Element:
        return safe_xml(self.zf.read(part), part)

    def _load_styles(self, part: str) -> None:
        for style in self._parse(part):
            if _local(style.tag) != "style":
                continue
            sid = _attr(style, "styleId")
            name_el = _child(style, "name")
            sname = (_attr(name_el, "val") if name_el is not None else sid).lower()
            level = 0
            is_list = False
            ppr = _child(style, "pPr")
            if ppr is not None:
                outline = _child(ppr, "outlineLvl")
                if outline is not None and _attr(outline, "val").isdigit():
                    level = int(_attr(outline, "val")) + 1
                is_list = _child(ppr, "numPr") is not None
            match = re.fullmatch(r"heading\s*(\d)", sname)
            if match:
                level = int(match.group(1))
            elif sname == "title":
                level = 1
            if sname.startswith("list bullet") or sname.startswith("list number"):
                is_list = True
            self.styles[sid] = (sname, level if 0 < level <= 6 else 0, is_list)

    # -- inline text
    def _inline(self, p: Element) -> tuple[str, list[Element]]:
        out: list[str] = []
        boxes: list[Element] = []
        stack: list[Iterator[Element]] = [iter(p)]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                continue
            tag = _local(child.tag)
            if tag in _SKIPPED:
                continue
            if tag == "t":
                out.append(child.text or "")
            elif tag == "tab":
                out.append("\t")
            elif tag in ("br", "cr"):
                out.append("\n")
            elif tag == "noBreakHyphen":
                out.append("-")
            elif tag == "footnoteReference":
                out.append(f"[^{_attr(child, 'id')}]")
            elif tag == "endnoteReference":
                out.append(f"[^e{_attr(child, 'id')}]")
            elif tag == "txbxContent":
                boxes.append(child)
            elif tag == "docPr":
                descr = _attr(child, "descr").strip()
                if descr:
                    out.append(f"[image: {descr}]")
            elif tag in ("p", "tbl"):  # a paragraph nested where runs belong: keep its text
                out.append(" ")
                stack.append(iter(child))
            else:
                stack.append(iter(child))
        return "".join(out), boxes

    def _paragraph(self, p: Element, out: list[tuple[str, str]]) -> None:
        text, boxes = self._inline(p)
        text = text.strip()
        kind = "p"
        if text:
            level = 0
            is_list = False
            ilvl = 0
            ppr = _child(p, "pPr")
            if ppr is not None:
                pstyle = _child(ppr, "pStyle")
                if pstyle is not None:
                    sid = _attr(pstyle, "val")
                    _sname, level, is_list = self.styles.get(sid, ("", 0, False))
                    if not level:
                        match = re.fullmatch(r"(?i)heading\s*(\d)", sid)
                        level = int(match.group(1)) if match else (1 if sid == "Title" else 0)
                outline = _child(ppr, "outlineLvl")
                if outline is not None and _attr(outline, "val").isdigit():
                    level = min(6, int(_attr(outline, "val")) + 1)
                numpr = _child(ppr, "numPr")
                if numpr is not None:
                    num_id = _child(numpr, "numId")
                    is_list = num_id is None or _attr(num_id, "val") != "0"
                    lvl = _child(numpr, "ilvl")
                    if lvl is not None and _attr(lvl, "val").isdigit():
                        ilvl = min(int(_attr(lvl, "val")), 8)
            if 0 < level <= 6:
                out.append(("h", "#" * level + " " + " ".join(text.split("\n"))))
            elif is_list:
                out.append(("li", "  " * ilvl + "- " + text))
            else:
                out.append((kind, text))
        for box in boxes:
            self._blocks(box, out)

    def _rows(self, el: Element, local: str) -> Iterable[Element]:
        for child in el:
            tag = _local(child.tag)
            if tag == local:
                yield child
            elif tag in _WRAPPERS:
                yield from self._rows(child, local)

    def _table(self, tbl: Element) -> str:
        rows: list[list[str]] = []
        for tr in self._rows(tbl, "tr"):
            cells: list[str] = []
            for tc in self._rows(tr, "tc"):
                inner: list[tuple[str, str]] = []
                self._blocks(tc, inner)
                span = 1
                merged = False
                tcpr = _child(tc, "tcPr")
                if tcpr is not None:
                    grid = _child(tcpr, "gridSpan")
                    if grid is not None and _attr(grid, "val").isdigit():
                        span = max(1, min(int(_attr(grid, "val")), 64))
                    vmerge = _child(tcpr, "vMerge")
                    merged = vmerge is not None and _attr(vmerge, "val") in ("", "continue")
                value = "" if merged else "\n".join(t for _k, t in inner)
                cells.append(md_escape(value.strip()))
                cells.extend([""] * (span - 1))
            rows.append(cells)
        return md_table(rows)

    def _blocks(self, container: Element, out: list[tuple[str, str]]) -> None:
        for child in container:
            tag = _local(child.tag)
            if tag == "p":
                self._paragraph(child, out)
            elif tag == "tbl":
                table = self._table(child)
                if table:
                    out.append(("table", table))
            elif tag in _WRAPPERS or tag in ("body", "txbxContent", "hdr", "ftr", "comment"):
                self._blocks(child, out)

    @staticmethod
    def _join(blocks: list[tuple[str, str]]) -> str:
        text = ""
        prev = ""
        for kind, block in blocks:
            if text:
                text += "\n" if kind == prev == "li" else "\n\n"
            text += block
            prev = kind
        return text

    def _part_text(self, part: str) -> str:
        blocks: list[tuple[str, str]] = []
        self._blocks(self._parse(part), blocks)
        return self._join(blocks)

    def _notes(self, suffix: str, prefix: str) -> list[str]:
        part = self._rel_target(suffix)
        if not part:
            return []
        out = []
        for note in self._parse(part):
            if _local(note.tag) not in ("footnote", "endnote"):
                continue
            if _attr(note, "type") in ("separator", "continuationSeparator", "continuationNotice"):
                continue
            blocks: list[tuple[str, str]] = []
            self._blocks(note, blocks)
            body = self._join(blocks).strip()
            if body:
                out.append(f"[^{prefix}{_attr(note, 'id')}]: {body}")
        return out

    def text(self) -> str:
        sections: list[str] = []
        seen: set[str] = set()
        headers: list[str] = []
        footers: list[str] = []
        for _id, rtype, target in self.rels:
            if target not in self.zf.namelist():
                continue
            if rtype.endswith("/header") or rtype.endswith("/footer"):
                body = self._part_text(target).strip()
                if body and body not in seen:
                    seen.add(body)
                    (headers if rtype.endswith("/header") else footers).append(body)
        sections.extend(f"[Header] {h}" for h in headers)
        body = self._part_text(self.main)
        if body:
            sections.append(body)
        footnotes = self._notes("/footnotes", "")
        if footnotes:
            sections.append("## Footnotes\n\n" + "\n".join(footnotes))
        endnotes = self._notes("/endnotes", "e")
        if endnotes:
            sections.append("## Endnotes\n\n" + "\n".join(endnotes))
        comments_part = self._rel_target("/comments")
        if comments_part:
            comments = []
            for comment in self._parse(comments_part):
                if _local(comment.tag) != "comment":
                    continue
                blocks: list[tuple[str, str]] = []
                self._blocks(comment, blocks)
                said = self._join(blocks).strip()
                if said:
                    author = _attr(comment, "author") or "unknown"
                    comments.append(f"- {author}: {said}")
            if comments:
                sections.append("## Comments\n\n" + "\n".join(comments))
        sections.extend(f"[Footer] {f}" for f in footers)
        return "\n\n".join(sections)


def extract_docx(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """DOCX (Transitional or Strict) from its XML parts; see the module docstring."""
    try:
        with zipfile.ZipFile(path) as zf:
            text = _Docx(zf, name).text()
    except (zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error) as exc:
        raise ReadFailure("damaged", f"{name} cannot be read ({_detail(exc)})") from None
    if not text.strip():
        raise ReadFailure("no_text", f"{name} has no text")
    text, truncated = cap_text(text, limits.max_chars)
    return Extraction(extractor="docx-xml", text=text, truncated=truncated)


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


# ---------------------------------------------------------------- PPTX


def _pptx_shapes(
    shapes: Iterable, out: list[str], skip: int | None = None, notes_page: bool = False
) -> None:
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

    dropped = {PP_PLACEHOLDER.SLIDE_NUMBER}  # a date placeholder can hold typed text: kept
    if notes_page:  # the notes master's header, footer and date repeat on every notes page
        dropped |= {
            PP_PLACEHOLDER.HEADER,
            PP_PLACEHOLDER.FOOTER,
            PP_PLACEHOLDER.DATE,
            PP_PLACEHOLDER.SLIDE_IMAGE,
        }

    for shape in shapes:
        if skip is not None and shape.shape_id == skip:
            continue
        if shape.is_placeholder:
            try:
                placeholder = shape.placeholder_format.type
            except Exception:
                placeholder = None
            if placeholder in dropped:
                continue
        try:
            if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
                _pptx_shapes(shape.shapes, out, notes_page=notes_page)
                continue
        except NotImplementedError:
            pass
        if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
            lines = []
            for para in shape.text_frame.paragraphs:
                line = "".join(r.text for r in para.runs) if para.runs else para.text
                if line.strip():
                    lines.append("  " * para.level + line.strip() if para.level else line.strip())
            if lines:
                out.append("\n".join(lines))
        if getattr(shape, "has_table", False) and shape.has_table:
            rows = [
                [md_escape(cell.text.strip()) for cell in row.cells] for row in shape.table.rows
            ]
            table = md_table(rows)
            if table:
                out.append(table)
        if getattr(shape, "has_chart", False) and shape.has_chart:
            out.append(_pptx_chart(shape.chart))
        descr = ""
        cnv = shape._element.find(".//{*}cNvPr")
        if cnv is not None:
            descr = (cnv.get("descr") or "").strip()
        if descr:
            out.append(f"[image: {descr}]")


def _pptx_chart(chart: Any) -> str:
    lines = []
    try:
        title = ""
        if chart.has_title and chart.chart_title.has_text_frame:
            title = chart.chart_title.text_frame.text.strip()
        lines.append(f"Chart: {title}" if title else "Chart:")
        for plot in chart.plots:
            categories = [str(c) for c in plot.categories]
            rows = [["", *[md_escape(c) for c in categories]]]
            for series in plot.series:
                rows.append([md_escape(series.name or ""), *[_cell(v) for v in series.values]])
            lines.append(md_table(rows))
    except Exception as exc:
        if _fatal(exc):
            raise
        lines.append(f"[chart could not be read: {_detail(exc)}]")
    return "\n\n".join(x for x in lines if x)


def extract_pptx(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PPTX with python-pptx: ``## Slide N: title``, text frames, tables, charts, image alt
    text, then ``Notes: …``; at most ``max_pages`` slides."""
    import pptx

    try:
        deck = pptx.Presentation(str(path))
        slides = list(deck.slides)
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure("damaged", f"{name} cannot be opened ({_detail(exc)})") from None
    total = len(slides)
    sections: list[str] = []
    has_text = False
    for number, slide in enumerate(slides[: limits.max_pages], start=1):
        try:
            title_shape = slide.shapes.title
            title = title_shape.text_frame.text.strip() if title_shape is not None else ""
            title = " ".join(title.split())
            heading = f"## Slide {number}: {title}" if title else f"## Slide {number}"
            if slide._element.get("show") == "0":
                heading += " (hidden)"
            body: list[str] = []
            _pptx_shapes(
                slide.shapes, body, skip=title_shape.shape_id if title_shape is not None else None
            )
            if slide.has_notes_slide:  # every shape of the notes page (text, tables), not
                notes: list[str] = []  # only the notes body
                _pptx_shapes(slide.notes_slide.shapes, notes, notes_page=True)
                if notes:
                    body.append("Notes: " + "\n\n".join(notes))
            has_text = has_text or bool(title or body)
            sections.append("\n\n".join([heading, *body]))
        except Exception as exc:
            if _fatal(exc):
                raise
            sections.append(f"## Slide {number}\n\n[slide could not be read: {_detail(exc)}]")
    if not has_text:
        raise ReadFailure("no_text", f"{name} has no text ({_plural(total, 'slide')})")
    unread = ""
    if total > limits.max_pages:
        unread = f"only the first {limits.max_pages:,} of {total:,} slides were read"
    text, truncated = cap_text("\n\n".join(sections), limits.max_chars, unread)
    return Extraction(
        extractor=f"python-pptx {pptx.__version__}",
        text=text,
        truncated=truncated,
        units=total,
        unit="slides",
    )


# ---------------------------------------------------------------- EPUB


def extract_epub(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """EPUB: title and authors, then each spine document's text (HTML parsed as text)."""
    try:
        with zipfile.ZipFile(path) as zf:
            container = safe_xml(zf.read("META-INF/container.xml"), "META-INF/container.xml")
            rootfile = next((el for el in container.iter() if _local(el.tag) == "rootfile"), None)
            opf_path = (
                posixpath.normpath(rootfile.get("full-path", "")) if rootfile is not None else ""
            )
            opf = safe_xml(zf.read(opf_path), opf_path)
            base = posixpath.dirname(opf_path)
            meta: dict[str, list[str]] = {"title": [], "creator": [], "description": []}
            manifest: dict[str, str] = {}
            spine: list[str] = []
            for el in opf.iter():
                tag = _local(el.tag)
                if tag in meta and el.text and el.text.strip():
                    meta[tag].append(el.text.strip())
                elif tag == "item":
                    manifest[el.get("id", "")] = posixpath.normpath(
                        posixpath.join(base, el.get("href", ""))
                    )
                elif tag == "itemref":
                    spine.append(el.get("idref", ""))
            sections: list[str] = []
            chapters = 0
            if meta["title"]:
                sections.append(f"**Title:** {meta['title'][0]}")
            if meta["creator"]:
                sections.append(f"**Authors:** {', '.join(meta['creator'])}")
            if meta["description"]:
                sections.append(f"**Description:** {meta['description'][0]}")
            chars = 0
            for idref in spine:
                member = manifest.get(idref, "")
                if not member or member not in zf.namelist():
                    continue
                raw = zf.read(member)
                markup, _codec = decode_text(raw, f"{name}:{member}")
                chapter = html_to_text(markup)
                if chapter:
                    sections.append(chapter)
                    chapters += 1
                    chars += len(chapter)
                if chars > limits.max_chars:
                    break
    except ReadFailure:
        raise
    except (KeyError, AttributeError, zipfile.BadZipFile, OSError, EOFError) as exc:
        raise ReadFailure("damaged", f"{name} is not a readable EPUB ({_detail(exc)})") from None
    if not chapters:
        raise ReadFailure("no_text", f"{name} has no text")
    text, truncated = cap_text("\n\n".join(sections), limits.max_chars)
    return Extraction(extractor="epub", text=text, truncated=truncated)


# ---------------------------------------------------------------- images

_PIL_MEDIA = {
    "PNG": "image/png",
    "JPEG": "image/jpeg",
    "MPO": "image/jpeg",
    "GIF": "image/gif",
    "WEBP": "image/webp",
}


def extract_image(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PNG/JPEG/GIF/WEBP: checked with Pillow (its pixel limit refuses decompression bombs);
    no text. The displayed size (EXIF orientation applied) goes into ``extractor``."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(path) as im:
                im.verify()  # structure and checksums; must come first, before any other access
            with Image.open(path) as im:
                fmt = im.format or ""
                width, height = im.size
                try:
                    orientation = im.getexif().get(0x0112)
                except Exception:
                    orientation = None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise ReadFailure(
                "unsafe",
                f"{name} is too large in pixels to be safe ({exc}); it looks like a "
                "decompression bomb and was not read",
            ) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
            raise ReadFailure("damaged", f"{name} is a damaged image ({_detail(exc)})") from None
    media = _PIL_MEDIA.get(fmt, "")
    if not media:
        raise ReadFailure(
            "unsupported", f"{name} is a {fmt or 'unknown'} image, which Parley does not send"
        )
    if orientation in (5, 6, 7, 8):
        width, height = height, width
    return Extraction(
        media_type=media,
        extractor=f"pillow ({fmt} {width}x{height})",
        image_media_type=media,
    )


# ---------------------------------------------------------------- dispatch

_EXTRACTORS: dict[
    str, tuple[str, Callable[[Path, str, AttachmentLimits, Detected], Extraction]]
] = {
    "pdf": ("pypdf", extract_pdf),
    "docx": ("docx-xml", extract_docx),
    "xlsx": ("openpyxl", extract_xlsx),
    "pptx": ("python-pptx", extract_pptx),
    "epub": ("epub", extract_epub),
    "text": ("text", extract_text),
    "markdown": ("text", extract_text),
    "csv": ("csv", extract_csv),
    "tsv": ("csv", extract_csv),
    "json": ("json", extract_json),
    "html": ("html", extract_html),
    **{kind: ("pillow", extract_image) for kind in IMAGE_KINDS},
}
assert set(_EXTRACTORS) == READABLE


def detect_file(path: Path, name: str, limits: AttachmentLimits) -> Detected:
    """The content type of a stored file, with ZIP packages checked (and OOXML XML scanned)."""
    with path.open("rb") as fh:
        head = fh.read(HEAD_BYTES)
    found = sniff(head, name)
    if found.kind == "ole2":
        found = classify_ole2(path.read_bytes(), name)
    if found.kind in ZIP_KINDS:
        check_zip(path, name, limits)
        try:
            with zipfile.ZipFile(path) as zf:
                found = classify_zip(zf, name)
                if found.kind in ("docx", "xlsx", "pptx"):
                    scan_xml_parts(zf, name)
        except (zipfile.BadZipFile, OSError, EOFError) as exc:
            raise ReadFailure("damaged", f"{name} cannot be read ({_detail(exc)})") from None
    return found


def _with_note(extractor: str, note: str) -> str:
    if not note:
        return extractor
    if extractor.endswith(")"):
        return f"{extractor[:-1]}; {note})"
    return f"{extractor} ({note})"


def extract_file(path: Path, name: str, limits: AttachmentLimits) -> Extraction:
    """Detect and read one stored file (``name`` is the original file name, a hint only)."""
    found: Detected | None = None
    extractor = "detect"
    try:
        found = detect_file(path, name, limits)
        if found.kind not in READABLE:
            raise refusal(found, name)
        extractor, function = _EXTRACTORS[found.kind]
        result = function(path, name, limits, found)
    except ReadFailure as failure:
        message = failure.message
        if message.startswith("the part "):  # from a helper that does not know the file name
            message = f"{name}: {message}"
        result = Extraction(extractor=extractor, error_kind=failure.kind, error=message)
    if found is not None:
        result.media_type = result.media_type or found.media_type
        if found.note and found.kind in READABLE:
            result.extractor = _with_note(result.extractor, found.note)
    if result.error_kind:
        result.text = ""
    elif len(result.text) > limits.max_chars + _NOTE_SLACK:  # formats that do not cap themselves
        result.text, _ = cap_text(result.text, limits.max_chars)
        result.truncated = True
    return result

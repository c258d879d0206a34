"""DOCX attachments, read from their XML parts (python-docx drops tracked insertions).

Invariants: tracked insertions are kept and deletions dropped; headers, footers, text boxes,
footnotes, endnotes and comments are added; Strict OOXML is read too (elements matched by local
name); every part passed ``zipcheck.scan_xml_parts`` before it is parsed (defusedxml).
Hyperlinks show their web or mail address after their text: ``text (https://…)``.
List paragraphs carry the number Word shows ("1)", "a.", "ii)"; see ``office_numbering``),
bullets "- ". Charts (title, series, categories, values) and SmartArt text are read from their
parts where the body places them; an HTML ``altChunk`` (HTML or MHT) is read as HTML; ruby
(furigana) follows its base in full-width brackets: ``東京\uff08とうきょう\uff09``.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
    decode_text,
    safe_xml,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _local,
    cap_text,
    md_escape,
    md_table,
)
from parley.infrastructure.attachments.extractors.office_drawing import chart_text, diagram_text
from parley.infrastructure.attachments.extractors.office_numbering import Numbering
from parley.infrastructure.attachments.extractors.office_package import relationships, rels_path

# ---------------------------------------------------------------- DOCX (own XML walk)


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
        "rubyPr",
    }
)
_MAX_EMBEDDED_PART = 16 * 1024 * 1024
"""The largest chart, diagram or altChunk part read (the ZIP checks bound the total already)."""


class _Docx:
    def __init__(self, zf: zipfile.ZipFile, name: str) -> None:
        from parley.infrastructure.attachments.detect import main_part

        self.zf = zf
        self.name = name
        self.main = main_part(zf)
        if not self.main or self.main not in zf.namelist():
            raise ReadFailure("damaged", T.NO_MAIN_PART.format(name=name))
        self.rels = relationships(zf, self.main)
        self.styles: dict[str, tuple[str, int, bool]] = {}
        self.style_numbers: dict[str, tuple[str, int]] = {}  # style id -> (numId, ilvl)
        styles_part = self._rel_target("/styles")
        if styles_part:
            self._load_styles(styles_part)
        numbering_part = self._rel_target("/numbering")
        self.numbering = Numbering(self._parse(numbering_part) if numbering_part else None)
        self.part = self.main  # the part being walked: its relationships resolve r:id
        self.part_rels: dict[str, dict[str, str]] = {}
        self.links: dict[str, dict[str, str]] = {}  # rels part -> external id -> address

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
                numpr = _child(ppr, "numPr")
                is_list = numpr is not None
                if numpr is not None:
                    num_el = _child(numpr, "numId")
                    lvl_el = _child(numpr, "ilvl")
                    if num_el is not None:
                        lvl_text = _attr(lvl_el, "val") if lvl_el is not None else "0"
                        self.style_numbers[sid] = (
                            _attr(num_el, "val"),
                            int(lvl_text) if lvl_text.isdigit() else 0,
                        )
            match = re.fullmatch(r"heading\s*(\d)", sname)
            if match:
                level = int(match.group(1))
            elif sname == "title":
                level = 1
            if sname.startswith("list bullet") or sname.startswith("list number"):
                is_list = True
            self.styles[sid] = (sname, level if 0 < level <= 6 else 0, is_list)

    # -- inline text
    def _rel(self, rid: str) -> str:
        """The part that relationship ``rid`` of the part being walked points to, or ""."""
        if self.part not in self.part_rels:
            self.part_rels[self.part] = {
                i: t for i, _ty, t in relationships(self.zf, self.part) if t in self.zf.namelist()
            }
        return self.part_rels[self.part].get(rid, "")

    def _link(self, rid: str) -> str:
        """The web or mail address an external relationship ``rid`` of the part being walked
        points to ("" for anything else: a bookmark, a file, a script)."""
        if not rid:
            return ""
        rels_name = rels_path(self.part)
        if rels_name not in self.zf.namelist():
            return ""
        if rels_name not in self.links:
            self.links[rels_name] = {
                rel.get("Id", ""): rel.get("Target", "")
                for rel in safe_xml(self.zf.read(rels_name), rels_name)
                if rel.get("TargetMode", "") == "External"
            }
        target = self.links[rels_name].get(rid, "").strip()
        return target if target.lower().startswith(("http://", "https://", "mailto:")) else ""

    def _embedded(self, rid: str, reader: Callable[[Element], str]) -> str:
        """The text of the chart or diagram part ``rid`` points to ("" when absent or huge)."""
        part = self._rel(rid)
        if not part or self.zf.getinfo(part).file_size > _MAX_EMBEDDED_PART:
            return ""
        return reader(self._parse(part))

    def _inline(self, p: Element) -> tuple[str, list[Element | str]]:
        out: list[str] = []
        boxes: list[Element | str] = []  # text boxes to walk, or blocks already read
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
            elif tag == "hyperlink":
                inner, inner_boxes = self._inline(child)
                boxes.extend(inner_boxes)
                url = self._link(_attr(child, "id"))
                if url and _attr(child, "anchor"):  # the part after "#" is kept apart
                    url += "#" + _attr(child, "anchor")
                shown = inner.strip()
                if url and shown and url not in (shown, f"mailto:{shown}"):
                    out.append(f"{inner} ({url})")
                else:
                    out.append(inner or url)
            elif tag == "ruby":  # furigana: the base, then its reading in brackets
                base = _child(child, "rubyBase")
                reading = _child(child, "rt")
                base_text = self._inline(base)[0] if base is not None else ""
                reading_text = self._inline(reading)[0].strip() if reading is not None else ""
                out.append(f"{base_text}\uff08{reading_text}\uff09" if reading_text else base_text)
            elif tag == "chart" and _attr(child, "id"):
                block = self._embedded(_attr(child, "id"), chart_text)
                if block:
                    boxes.append(block)
            elif tag == "relIds" and _attr(child, "dm"):
                block = self._embedded(_attr(child, "dm"), diagram_text)
                if block:
                    boxes.append(block)
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
            label = self._label(p, ilvl) if is_list else None
            if 0 < level <= 6:
                heading = " ".join(text.split("\n"))
                if label and label != "-":
                    heading = f"{label} {heading}"
                out.append(("h", "#" * level + " " + heading))
            elif is_list:
                marker = "- " if label is None or label == "-" else (label + " " if label else "")
                out.append(("li", "  " * ilvl + marker + text))
            else:
                out.append((kind, text))
        elif self._numbered(p):  # an empty numbered paragraph still takes its number
            self._label(p, 0)
        for box in boxes:
            if isinstance(box, str):
                out.append(("p", box))
            else:
                self._blocks(box, out)

    def _num_pr(self, p: Element) -> tuple[str, int | None] | None:
        """``(numId, ilvl)`` of a paragraph: its own ``numPr``, else its style's; ilvl None
        when the paragraph does not say."""
        ppr = _child(p, "pPr")
        if ppr is None:
            return None
        numpr = _child(ppr, "numPr")
        style_el = _child(ppr, "pStyle")
        from_style = (
            self.style_numbers.get(_attr(style_el, "val")) if style_el is not None else None
        )
        if numpr is not None:
            num_el = _child(numpr, "numId")
            lvl_el = _child(numpr, "ilvl")
            lvl = (
                int(_attr(lvl_el, "val"))
                if lvl_el is not None and _attr(lvl_el, "val").isdigit()
                else None
            )
            if num_el is not None:
                return _attr(num_el, "val"), lvl
            if from_style is not None:
                return from_style[0], lvl if lvl is not None else from_style[1]
            return None
        return from_style

    def _numbered(self, p: Element) -> bool:
        found = self._num_pr(p)
        return found is not None and found[0] not in ("", "0")

    def _label(self, p: Element, ilvl: int) -> str | None:
        """The list label of paragraph ``p`` (counted now), or None when it names no list."""
        found = self._num_pr(p)
        if found is None or found[0] in ("", "0"):
            return None
        num_id, lvl = found
        return self.numbering.label(num_id, lvl if lvl is not None else ilvl)

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
            elif tag == "altChunk":
                chunk = self._alt_chunk(_attr(child, "id"))
                if chunk:
                    out.append(("p", chunk))
            elif tag in _WRAPPERS or tag in ("body", "txbxContent", "hdr", "ftr", "comment"):
                self._blocks(child, out)

    def _alt_chunk(self, rid: str) -> str:
        """The text of an imported HTML or MHT chunk (``w:altChunk``) that Word shows in place."""
        part = self._rel(rid)
        if not part or self.zf.getinfo(part).file_size > _MAX_EMBEDDED_PART:
            return ""
        return alt_chunk_text(self.zf.read(part), part)

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
        self.part, previous = part, self.part
        try:
            self._blocks(self._parse(part), blocks)
        finally:
            self.part = previous
        return self._join(blocks)

    def _notes(self, suffix: str, prefix: str) -> list[str]:
        part = self._rel_target(suffix)
        if not part:
            return []
        out = []
        self.part = part  # links and charts in a note resolve through the notes part
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
            self.part = comments_part
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


def alt_chunk_text(data: bytes, part: str) -> str:
    """An altChunk's text: HTML (the charset from its BOM or ``<meta>``), or the HTML part of an
    MHT (MIME) file; plain text as it is. Other kinds (RTF, DOCX) give ""."""
    import email
    import email.policy

    from parley.infrastructure.attachments.extractors.html import _META_CHARSET, html_to_text

    head = data[:2048].lstrip()
    if head[:5].lower() == b"mime-" or b"multipart/related" in head.lower():
        message = email.message_from_bytes(data, policy=email.policy.default)
        for sub in message.walk():
            if sub.get_content_type() == "text/html":
                payload = sub.get_payload(decode=True)
                if isinstance(payload, bytes):
                    charset = sub.get_content_charset() or ""
                    text, _codec = decode_text(payload, part, charset)
                    return html_to_text(text).strip()
        return ""
    if head[:5] == b"{\\rtf" or head[:2] == b"PK":
        return ""
    match = _META_CHARSET.search(data[:4096])
    text, _codec = decode_text(data, part, match.group(1).decode("ascii") if match else "")
    if part.lower().endswith((".txt",)):
        return text.strip()
    return html_to_text(text).strip()


def extract_docx(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """DOCX (Transitional or Strict) from its XML parts; see the module docstring."""
    try:
        with zipfile.ZipFile(path) as zf:
            text = _Docx(zf, name).text()
    except (zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error) as exc:
        raise ReadFailure("damaged", T.CANNOT_READ.format(name=name, detail=_detail(exc))) from None
    if not text.strip():
        raise ReadFailure("no_text", T.NO_TEXT.format(name=name))
    text, truncated = cap_text(text, limits.max_chars)
    return Extraction(extractor="docx-xml", text=text, truncated=truncated)

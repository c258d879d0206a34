"""DOCX attachments, read from their XML parts (python-docx drops tracked insertions).

Invariants: tracked insertions are kept and deletions dropped; headers, footers, text boxes,
footnotes, endnotes and comments are added; Strict OOXML is read too (elements matched by local
name); every part passed ``zipcheck.scan_xml_parts`` before it is parsed (defusedxml).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
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
        from parley.infrastructure.attachments.detect import main_part

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

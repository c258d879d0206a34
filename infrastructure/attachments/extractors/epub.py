"""EPUB attachments: the spine's documents in reading order, as HTML text.

Invariants: the container and OPF are parsed with defusedxml, after the ZIP checks. Each
chapter is read as the HTML extractor reads a page (what a browser would not show is left out);
what was left out is said once for the book, after the text, naming the chapters it was in.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

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
    report_progress,
)
from parley.infrastructure.attachments.extractors.html import hidden_note, visible_text

_NAMED = 5
"""Chapters named at most in the note on hidden text (the rest are counted)."""


def _hidden_in(hidden: dict[str, int]) -> str:
    """The EPUB's one note on hidden text: how many elements, in which chapters."""
    total = sum(hidden.values())
    names = [" ".join(name.split()) for name in hidden]  # a member name is one line
    names = [name if len(name) <= 60 else name[:59] + "…" for name in names]
    where = ", ".join(names[:_NAMED])
    if len(names) > _NAMED:
        where += f" and {len(names) - _NAMED:,} more chapters"
    return hidden_note(total, f" (in {where})")


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
            hidden: dict[str, int] = {}  # chapter (its path in the book) -> elements left out
            members = set(zf.namelist())
            for done, idref in enumerate(spine, start=1):
                member = manifest.get(idref, "")
                if member and member in members:
                    raw = zf.read(member)
                    markup, _codec = decode_text(raw, f"{name}:{member}")
                    chapter, left_out = visible_text(markup)
                    if left_out:
                        label = posixpath.relpath(member, base) if base else member
                        hidden[label] = hidden.get(label, 0) + left_out
                    if chapter:
                        sections.append(chapter)
                        chapters += 1
                        chars += len(chapter)
                report_progress(done, len(spine))
                if chars > limits.max_chars:
                    break
    except ReadFailure:
        raise
    except (KeyError, AttributeError, zipfile.BadZipFile, OSError, EOFError) as exc:
        raise ReadFailure("damaged", T.NOT_EPUB.format(name=name, detail=_detail(exc))) from None
    if not chapters:
        if hidden:
            count = sum(hidden.values())
            raise ReadFailure(
                "no_text",
                T.counted(T.EPUB_ONLY_HIDDEN, count, name=name),
            )
        raise ReadFailure("no_text", T.NO_TEXT.format(name=name))
    text, truncated = cap_text("\n\n".join(sections), limits.max_chars)
    if hidden:  # after the cap, so a long book still says it
        text += "\n\n" + _hidden_in(hidden)
    return Extraction(extractor="epub", text=text, truncated=truncated)

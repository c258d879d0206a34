"""EPUB attachments: the spine's documents in reading order, as HTML text.

Invariant: the container and OPF are parsed with defusedxml, after the ZIP checks.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
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
)
from parley.infrastructure.attachments.extractors.html import html_to_text

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

"""The relationships of an OOXML package part: which parts (headers, charts, drawings,
comments…) a part refers to. Shared by the DOCX and XLSX extractors.

Why it exists: an OOXML part names the parts it uses by relationship id (``r:id="rId4"``), and
``<folder>/_rels/<part>.rels`` maps each id to a type and a target path relative to the part.

Invariants: only internal targets are returned (external ones are web addresses, never parts);
targets are normalised to package paths (``word/charts/chart1.xml``); the ``.rels`` part is
parsed with ``detect.safe_xml`` (defusedxml), after ``zipcheck.scan_xml_parts`` passed the
package. A part without a ``.rels`` has no relationships.
"""

from __future__ import annotations

import posixpath
import zipfile

from parley.infrastructure.attachments.detect import safe_xml


def rels_path(part: str) -> str:
    """The ``.rels`` part that holds ``part``'s relationships."""
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def relationships(zf: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """``(id, type, target part)`` for the internal relationships of ``part``."""
    rels_name = rels_path(part)
    if rels_name not in zf.namelist():
        return []
    out = []
    for rel in safe_xml(zf.read(rels_name), rels_name):
        target = rel.get("Target", "")
        if not target or rel.get("TargetMode", "") == "External":
            continue
        if target.startswith("/"):
            resolved = posixpath.normpath(target.lstrip("/"))
        else:
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
        out.append((rel.get("Id", ""), rel.get("Type", ""), resolved))
    return out

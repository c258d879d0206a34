"""PPTX attachments: each slide's shapes, tables, charts, SmartArt, footers, comments and
notes in order; the text a slide shows from its layout and master once.

Invariants: reading stops at ``max_pages`` slides, and says so. Placeholders on layouts and
masters are prompts ("Click to edit Master title style") and are never shown; their other
shapes are shown on every slide that does not hide them (``showMasterSp="0"``), so their text
is given once, at the first slide that shows it. A slide's footer, date and slide-number
placeholders are labelled (``[Footer] …``), take the layout's or master's text when they have
none of their own, and are given when they change (not again on every slide). Diagram
(SmartArt) and comment parts are parsed with defusedxml after ``zipcheck.scan_xml_parts``
passed the package; comments are legacy (``ppt/comments/comment*.xml`` with
``commentAuthors.xml``) or modern (``modernComment_*.xml`` with ``authors.xml``), each shown
with its author and its replies in its slide's section. A comment part that cannot be read
becomes a note in that section and the slide's own text is kept (one with a DTD is ``unsafe``).
Progress is reported once per slide.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
    safe_xml,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _fatal,
    _local,
    cap_text,
    md_escape,
    md_table,
    report_progress,
)
from parley.infrastructure.attachments.extractors.office_drawing import diagram_text, paragraphs
from parley.infrastructure.attachments.extractors.xlsx import _cell

_DIAGRAM_NS = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
_LABELS = {"FOOTER": "Footer", "DATE": "Date", "SLIDE_NUMBER": "Slide number", "HEADER": "Header"}
"""Placeholders that carry page furniture, and how they are labelled."""

# ---------------------------------------------------------------- PPTX


def _placeholder_kind(shape: Any) -> str:
    """The placeholder type's name ("FOOTER", "TITLE", …), or "" for an ordinary shape."""
    if not getattr(shape, "is_placeholder", False):
        return ""
    try:
        kind = shape.placeholder_format.type
    except Exception:
        return "OBJECT"
    return str(getattr(kind, "name", kind) or "OBJECT")


def _shape_text(shape: Any) -> str:
    if not getattr(shape, "has_text_frame", False) or not shape.has_text_frame:
        return ""
    return "\n".join(p.strip() for p in shape.text_frame.text.split("\n") if p.strip())


def _diagram(shape: Any, part: Any) -> str:
    """The SmartArt text of a graphic frame, read from the diagram data part it points to."""
    rel_ids = shape._element.find(f".//{_DIAGRAM_NS}relIds")
    if rel_ids is None:
        return ""
    rid = next((v for k, v in rel_ids.attrib.items() if _local(k) == "dm"), "")
    try:
        data = part.related_part(rid)
    except (KeyError, AttributeError):
        return ""
    return diagram_text(safe_xml(data.blob, str(data.partname)))


def _pptx_shapes(
    shapes: Iterable,
    out: list[str],
    skip: int | None = None,
    notes_page: bool = False,
    part: Any = None,
) -> None:
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

    dropped = {PP_PLACEHOLDER.SLIDE_NUMBER}  # a date placeholder can hold typed text: kept
    if part is not None:  # a slide: page furniture is labelled by _furniture instead
        dropped |= {PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.HEADER}
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
                _pptx_shapes(shape.shapes, out, notes_page=notes_page, part=part)
                continue
        except NotImplementedError:
            pass
        if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
            lines = []
            for para in shape.text_frame.paragraphs:
                # para.text keeps fields (slide number, date) and line breaks (as "\v")
                line = para.text.replace("\v", "\n")
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
        if part is not None and shape._element.tag.endswith("graphicFrame"):
            diagram = _diagram(shape, part)
            if diagram:
                out.append(diagram)
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


def _furniture(slide: Any, number: int, shown: dict[str, str]) -> list[str]:
    """The slide's footer, date, header and slide-number placeholders as labelled lines; an
    empty one shows its layout's (else master's) text; the slide-number field is ``number``.
    A line the previous slide already showed (``shown``: label -> text) is not repeated, nor
    a slide number equal to the slide's position (the heading says it)."""
    lines: list[str] = []
    inherited: dict[str, str] = {}
    for source in (slide.slide_layout.slide_master, slide.slide_layout):
        for shape in source.placeholders:
            kind = _placeholder_kind(shape)
            text = _shape_text(shape)
            if kind in _LABELS and text:
                inherited[kind] = text
    for shape in slide.placeholders:
        kind = _placeholder_kind(shape)
        if kind not in _LABELS:
            continue
        text = _shape_text(shape) or inherited.get(kind, "")
        text = text.replace("\u2039#\u203a", str(number))
        if kind == "SLIDE_NUMBER" and not text.strip():
            text = str(number)
        text = " ".join(text.split())
        if not text or (kind == "SLIDE_NUMBER" and text == str(number)):
            continue
        if shown.get(kind) != text:
            shown[kind] = text
            lines.append(f"[{_LABELS[kind]}] {text}")
    return lines


def _behind(slide: Any, seen: set[str]) -> list[str]:
    """Text of the layout's and master's ordinary shapes shown behind the slide (not
    placeholders), each block once per deck."""
    out: list[str] = []
    sources = []
    layout = slide.slide_layout
    if slide._element.get("showMasterSp") != "0":
        sources.append(layout)
        if layout._element.get("showMasterSp") != "0":
            sources.insert(0, layout.slide_master)
    for source in sources:
        blocks: list[str] = []
        _pptx_shapes([s for s in source.shapes if not s.is_placeholder], blocks, part=source.part)
        for block in blocks:
            if block not in seen:
                seen.add(block)
                out.append(block)
    return out


_MODERN_NS = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
"""The namespace of PowerPoint 365's threaded ("modern") comments and their authors."""
_RESOLVED = frozenset({"resolved", "closed"})

# The two comment formats, as [MS-PPTX] and ISO/IEC 29500 specify them (and as the Open XML
# SDK models them: ``DocumentFormat.OpenXml.Presentation.Comment`` and
# ``DocumentFormat.OpenXml.Office2021.PowerPoint.Comment``):
#
# - Legacy (ISO/IEC 29500-1 §19.4, PowerPoint 2007-2019): the slide's relationship
#   ``…/officeDocument/2006/relationships/comments`` targets ``ppt/comments/commentN.xml``, a
#   ``p:cmLst`` of ``p:cm authorId="0" dt=… idx="1"`` holding ``p:pos`` and ``p:text`` (plain
#   text); ``authorId`` is a ``p:cmAuthor id`` in ``ppt/commentAuthors.xml`` (``p:cmAuthorLst``).
#   A reply is a ``p:cm`` of its own whose ``p:extLst`` holds ``p15:threadingInfo`` with
#   ``p15:parentCm authorId=… idx=…`` naming its parent ([MS-PPTX] 2.4.1.7 threadingInfo,
#   2.4.3.2 CT_CommentThreading, namespace ``…/office/powerpoint/2012/main``).
# - Modern ([MS-PPTX] 2.25, namespace ``…/office/powerpoint/2018/8/main``, CT_Comment
#   learn.microsoft.com/openspecs/office_standards/ms-pptx/161bc2c9-98fc-46b7-852b-ba7ee77e2e54):
#   the slide's relationship ``http://schemas.microsoft.com/office/2018/10/relationships/comments``
#   targets ``ppt/comments/modernComment_*.xml``, a ``p188:cmLst`` of ``p188:cm id="{GUID}"
#   authorId="{GUID}" created=… status=…`` whose children are, in this order, an anchor
#   (``pc:sldMkLst``/``ac:deMkLst``/``ac:txMkLst``/``p188:unknownAnchor``), ``p188:pos``,
#   ``p188:replyLst`` of ``p188:reply`` (each with its own ``p188:txBody``), then the comment's
#   own ``p188:txBody`` (DrawingML ``a:p`` paragraphs); ``status`` is active, resolved or closed
#   (ST_CommentStatus). Authors are ``p188:author id="{GUID}" name=…`` in ``ppt/authors.xml``
#   (``p188:authorLst``, CT_AuthorList).


def _comment_authors(package: Any) -> dict[str, dict[str, str]]:
    """Author ids to names per format: ``{"legacy": …}`` from ``commentAuthors.xml``
    (``p:cmAuthor``), ``{"modern": …}`` from ``authors.xml`` (``p188:author``)."""
    names: dict[str, dict[str, str]] = {"legacy": {}, "modern": {}}
    for part in package.iter_parts():
        partname = str(part.partname)
        if not partname.endswith(("/commentAuthors.xml", "/authors.xml")):
            continue
        try:
            root = safe_xml(part.blob, partname)
        except ReadFailure as failure:
            if failure.kind == "unsafe":
                raise
            continue  # the comments are still shown, by an unknown author
        for el in root.iter():
            tag = _local(el.tag)
            if tag in ("cmAuthor", "author") and el.get("id") is not None:
                kind = "legacy" if tag == "cmAuthor" else "modern"
                names[kind][el.get("id", "")] = " ".join(el.get("name", "").split())
    return names


def _said(body: Any) -> str:
    """A comment's text on one line: a legacy ``p:text`` or a modern ``txBody``'s paragraphs."""
    if body is None:
        return ""
    said = body.text or "" if _local(body.tag) == "text" else " ".join(paragraphs(body))
    return " ".join(said.split())


def _child(el: Any, name: str) -> Any:
    return next((c for c in el if _local(c.tag) == name), None)


def _legacy_comments(root: Any, authors: dict[str, str]) -> list[str]:
    """``p:cm`` elements as ``- author: text``; a reply (``p15:parentCm``) below its parent."""
    comments: list[tuple[tuple[str, str], tuple[str, str] | None, str]] = []
    for cm in root:
        if _local(cm.tag) != "cm":
            continue
        key = (cm.get("authorId", ""), cm.get("idx", ""))
        parent_el = next((el for el in cm.iter() if _local(el.tag) == "parentCm"), None)
        parent = None
        if parent_el is not None:
            parent = (parent_el.get("authorId", ""), parent_el.get("idx", ""))
        who = authors.get(key[0], "") or "unknown author"
        said = _said(_child(cm, "text"))
        comments.append((key, parent, f"{who}: {said}" if said else f"{who}: (no text)"))
    known = {key for key, _, _ in comments}
    replies: dict[tuple[str, str], list[int]] = {}
    roots: list[int] = []
    for index, (key, parent, _) in enumerate(comments):
        if parent is not None and parent in known and parent != key:
            replies.setdefault(parent, []).append(index)
        else:
            roots.append(index)
    lines: list[str] = []
    shown: set[int] = set()

    def show(index: int, depth: int) -> None:
        if index in shown:  # a reply chain that loops back
            return
        shown.add(index)
        key, _, line = comments[index]
        lines.append("  " * min(depth, 4) + "- " + line)
        for reply in replies.get(key, []):
            show(reply, depth + 1)

    for index in roots:
        show(index, 0)
    for index in range(len(comments)):  # replies whose parents only reply to each other
        show(index, 1)
    return lines


def _modern_comments(root: Any, authors: dict[str, str]) -> list[str]:
    """``p188:cm`` threads as ``- author: text`` with their ``p188:reply`` lines below."""
    lines: list[str] = []
    for cm in root:
        if _local(cm.tag) != "cm":
            continue
        who = authors.get(cm.get("authorId", ""), "") or "unknown author"
        if cm.get("status", "") in _RESOLVED:
            who += f" ({cm.get('status')})"
        said = _said(_child(cm, "txBody"))
        reply_list = _child(cm, "replyLst")
        thread: list[str] = []
        for reply in reply_list if reply_list is not None else ():
            if _local(reply.tag) != "reply":
                continue
            answer = _said(_child(reply, "txBody"))
            if answer:
                by = authors.get(reply.get("authorId", ""), "") or "unknown author"
                thread.append(f"  - {by}: {answer}")
        if said or thread:
            lines.append(f"- {who}: {said}" if said else f"- {who}: (no text)")
            lines.extend(thread)
    return lines


def _comments(slide: Any, authors: dict[str, dict[str, str]]) -> tuple[list[str], list[str]]:
    """The slide's comments, legacy and modern, each with its replies, as ``- author: text``
    lines; and a note for each comment part that could not be read (the slide is kept)."""
    lines: list[str] = []
    notes: list[str] = []
    for rel in slide.part.rels.values():
        if rel.is_external or not rel.reltype.endswith("/comments"):
            continue
        partname = "a comment part"
        try:
            part = rel.target_part
            partname = str(part.partname).lstrip("/")
            root = safe_xml(part.blob, partname)
            if _local(root.tag) != "cmLst":
                notes.append(
                    f"[comments not read: the part {partname} is not a comment list "
                    f"(its root is <{_local(root.tag)}>)]"
                )
            elif root.tag.startswith("{" + _MODERN_NS + "}"):
                lines.extend(_modern_comments(root, authors["modern"]))
            else:
                lines.extend(_legacy_comments(root, authors["legacy"]))
        except ReadFailure as failure:
            if failure.kind == "unsafe":
                raise
            notes.append(f"[comments not read: {failure.message}]")
        except Exception as exc:
            if _fatal(exc):
                raise
            notes.append(f"[comments not read: the part {partname}: {_detail(exc)}]")
    return lines, notes


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
        raise ReadFailure("damaged", T.CANNOT_OPEN.format(name=name, detail=_detail(exc))) from None
    total = len(slides)
    sections: list[str] = []
    has_text = False
    seen_behind: set[str] = set()
    shown_furniture: dict[str, str] = {}
    try:
        authors = _comment_authors(deck.part.package)
    except ReadFailure:
        raise
    except Exception as exc:
        if _fatal(exc):
            raise
        authors = {"legacy": {}, "modern": {}}
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
                slide.shapes,
                body,
                skip=title_shape.shape_id if title_shape is not None else None,
                part=slide.part,
            )
            behind = _behind(slide, seen_behind)
            if behind:
                body.append("[Layout and master text] " + "\n\n".join(behind))
            body.extend(_furniture(slide, number, shown_furniture))
            comments, comment_notes = _comments(slide, authors)
            if comments:
                body.append("Comments:\n" + "\n".join(comments))
            if slide.has_notes_slide:  # every shape of the notes page (text, tables), not
                notes: list[str] = []  # only the notes body
                _pptx_shapes(slide.notes_slide.shapes, notes, notes_page=True)
                if notes:
                    body.append("Notes: " + "\n\n".join(notes))
            has_text = has_text or bool(title or body)
            body.extend(comment_notes)  # notes, not the deck's text
            sections.append("\n\n".join([heading, *body]))
        except Exception as exc:
            if _fatal(exc) or (isinstance(exc, ReadFailure) and exc.kind == "unsafe"):
                raise
            sections.append(f"## Slide {number}\n\n[slide could not be read: {_detail(exc)}]")
        report_progress(number, min(total, limits.max_pages))
    if not has_text:
        raise ReadFailure("no_text", T.counted(T.PPTX_NO_TEXT, total, name=name))
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

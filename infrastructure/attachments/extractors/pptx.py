"""PPTX attachments: each slide's shapes, tables, charts and notes in order.

Invariant: reading stops at ``max_pages`` slides, and says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _fatal,
    _plural,
    cap_text,
    md_escape,
    md_table,
)
from parley.infrastructure.attachments.extractors.xlsx import _cell

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

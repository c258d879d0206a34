"""Rounded corners for the transcript's tinted blocks: the user's messages and code blocks.

Why it exists: a ``QTextDocument`` draws frame and table backgrounds as plain rectangles, and the
square boxes made the window look like a stock form next to every peer. The view paints the four
corners of each such block over again in the page colour after the document has painted: the
block then reads as a rounded rectangle, while the document, its layout, selection and copy stay
exactly as they were (no widgets, nothing per streamed chunk: only at paint, only what is in
view).

Invariants it keeps:

- it finds blocks from the messages in view and the frames under them that are in view (a
  paint never walks the whole document); a code block streamed as several run tables one under
  the other is one block (``merge``), so no corner appears at a seam;
- a rectangle is the block's background (the frame minus its margins and border), in viewport
  coordinates;
- pure painting: nothing here changes the document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QTextFormat, QTextFrame, QTextTable

#: The corner radius (px) of a user block and a code block.
RADIUS = 8.0


def background_rect(frame: QTextFrame, bounds: QRectF) -> QRectF:
    """The part of ``bounds`` (a frame's layout rectangle) its background fills."""
    fmt = frame.frameFormat()
    border = fmt.border()
    return bounds.adjusted(
        fmt.leftMargin() + border,
        fmt.topMargin() + border,
        -(fmt.rightMargin() + border),
        -(fmt.bottomMargin() + border),
    )


def code_tables(
    frame: QTextFrame, bounds_of: Callable[[QTextFrame], QRectF], view: QRectF, background: str
) -> Iterator[QRectF]:
    """The backgrounds of the code tables (``background`` colour) under ``frame`` that meet
    ``view``; ``bounds_of(frame)`` is a frame's layout rectangle in the same coordinates."""
    for child in frame.childFrames():
        bounds = bounds_of(child)
        if not bounds.intersects(view):
            continue
        if isinstance(child, QTextTable):
            if child.format().background().color().name() == background:
                yield background_rect(child, bounds.translated(-_first_cell_offset(child)))
            continue  # (a code block holds no code block)
        yield from code_tables(child, bounds_of, view, background)


def _first_cell_offset(table: QTextTable) -> QPointF:
    """Qt's ``frameBoundingRect`` of a table starts at its first cell's contents (it adds the
    cell's position, as for a frame inside that cell): how far that is from the table's edge,
    for a table without borders (a code block's)."""
    fmt = table.format()
    cell = table.cellAt(0, 0).format()
    left = cell.property(QTextFormat.Property.TableCellLeftPadding)
    top = cell.property(QTextFormat.Property.TableCellTopPadding)
    edge = fmt.border() + fmt.cellSpacing()
    return QPointF(
        edge + (fmt.cellPadding() if left is None else float(left)),
        edge + (fmt.cellPadding() if top is None else float(top)),
    )


def merge(rects: Iterable[QRectF]) -> list[QRectF]:
    """Join rectangles that continue one another downwards (a code block's run tables)."""
    out: list[QRectF] = []
    for rect in sorted(rects, key=lambda r: (r.top(), r.left())):
        last = out[-1] if out else None
        if (
            last is not None
            and abs(rect.top() - last.bottom()) <= 1.0
            and abs(rect.left() - last.left()) <= 1.0
        ):
            out[-1] = last.united(rect)
        else:
            out.append(rect)
    return out


def corner_mask(rect: QRectF, radius: float = RADIUS) -> QPainterPath:
    """The four bits of ``rect`` outside the same rectangle with rounded corners."""
    r = min(radius, rect.width() / 2, rect.height() / 2)
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    path = QPainterPath()
    # (arcTo: degrees counter-clockwise from three o'clock.)
    path.moveTo(x, y)
    path.lineTo(x + r, y)
    path.arcTo(QRectF(x, y, 2 * r, 2 * r), 90, 90)
    path.closeSubpath()
    path.moveTo(x + w, y)
    path.lineTo(x + w, y + r)
    path.arcTo(QRectF(x + w - 2 * r, y, 2 * r, 2 * r), 0, 90)
    path.closeSubpath()
    path.moveTo(x + w, y + h)
    path.lineTo(x + w - r, y + h)
    path.arcTo(QRectF(x + w - 2 * r, y + h - 2 * r, 2 * r, 2 * r), 270, 90)
    path.closeSubpath()
    path.moveTo(x, y + h)
    path.lineTo(x, y + h - r)
    path.arcTo(QRectF(x, y + h - 2 * r, 2 * r, 2 * r), 180, 90)
    path.closeSubpath()
    return path


def paint(painter: QPainter, rects: Iterable[QRectF], page: QColor) -> None:
    """Round the corners of ``rects`` by painting them over in the ``page`` colour."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor(0, 0, 0, 0))
    painter.setBrush(page)
    for rect in rects:
        painter.drawPath(corner_mask(rect))

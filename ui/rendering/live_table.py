"""An open GFM table at the end of a streamed answer, grown row by row in small run tables.

Why it exists: Qt lays a whole table out again after any edit inside it, so appending rows to the
one table of a long streamed table cost O(table) per chunk (issue 13: 0.7 s at 100k characters).
Here the rows the table had when it was attached stay in that table; later rows go into run
tables of at most ``RUN_ROWS`` rows placed right after it (``live_base``), all with the column
widths the first table was laid out with, so they read as one table. Only the last run changes.

Invariants it keeps:

- only new text is read: ``grow`` looks at what follows the last complete row laid out, so a
  chunk costs the same at row 3,000 as at row 3;
- the open (incomplete) last row is the only row ever removed, and only from the last run;
- it says ``False`` when the text stops being rows of this table (the transcript renders the
  tail again); when the table completes, ``render_markdown`` lays it out whole, as saved.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)

from parley.ui.rendering.incremental import table_alignments, table_rows
from parley.ui.rendering.live_base import (
    ROW,
    LiveTail,
    Runs,
    first_table,
    flat_block,
    merged_cell_format,
    plain_frame,
)
from parley.ui.rendering.markdown import DARK, Palette

_SPACE = 4.0  # (about a space's width: where a wrapped line broke)

#: Rows per run table: the last run is laid out whole (twice) on every chunk.
RUN_ROWS = 4

_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
}


class LiveTable(LiveTail):
    """An open GFM table: complete rows are appended once, the open last row refilled."""

    def __init__(self, doc: QTextDocument, table: QTextTable, tail: str, palette: Palette) -> None:
        self.doc = doc
        self.first = table  # the table as rendered whole when attached
        self.table = table  # the run rows go into (the first table, then the last run)
        header_end = tail.index("\n") + 1
        delimiter_end = tail.index("\n", header_end) + 1
        self.header, self.delimiter = tail[:header_end], tail[header_end:delimiter_end]
        self.prefix = tail[:delimiter_end]
        self.pos = tail.rfind("\n") + 1  # where the first row not laid out complete starts
        self.rows = tail.count("\n", delimiter_end)  # complete rows in ``table``
        self.open_row = False  # ``table`` ends with the open (incomplete) row
        self.fresh = False  # ``table`` is a new run whose one row is still empty
        self.cells: list[str] = []  # what the open row's cells hold (unknown when attached)
        self.runs = Runs(doc, table)  # the run tables after the first
        self.widths: list[float] = []  # every table's fixed column widths, once runs began
        self.checked = 0  # rows of ``table`` whose widths ``_widen`` has looked at
        self.outline: QTextFrame | None = None  # the frame drawing the border, once runs began
        self.border = 0.0  # the tables' border (then the outline's) and cell padding
        self.padding = 0.0
        self.dark = palette == DARK
        self.alignments = table_alignments(self.delimiter)

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
    ) -> LiveTail | None:
        table = first_table(doc, start, end)
        if table is None:
            return None
        live = cls(doc, table, tail, palette)
        extra = table.rows() - 1 - live.rows
        if extra not in (0, 1):
            return None
        live.open_row = extra == 1
        return live

    def grow(self, tail: str) -> bool:
        if not tail.startswith(self.prefix):
            return False
        lines = tail[self.pos :].split("\n")
        complete, partial = lines[:-1], lines[-1]
        if not all(ROW.match(line) for line in complete) or (partial and not ROW.match(partial)):
            return False
        rows = (
            table_rows(self.header, self.delimiter, "\n".join(complete) + "\n", dark=self.dark)
            if complete
            else []
        )
        if len(rows) != len(complete):
            return False
        self._widen()  # (from the layout of the rows the last chunk added)
        if partial.strip():
            last = table_rows(self.header, self.delimiter, partial + "\n", dark=self.dark)
            rows += last[:1]
        # Adding or removing a row costs Qt a walk of the whole document (1 ms at 100k
        # characters): the open row is refilled in place, and completes in place.
        for i, row in enumerate(rows):
            if self.open_row:
                self._fill(self.table.rows() - 1, row)
            else:
                if self.rows >= RUN_ROWS:
                    self._new_run()
                self._append(row)
                self.open_row = True
            if i < len(complete):  # complete: it stays as it is
                self.open_row, self.cells = False, []
                self.rows += 1
        if complete:
            self.pos = len(tail) - len(partial)
        return True

    def _append(self, cells: list[str]) -> None:
        """A new last row (in a new run's empty row, or appended), filled with ``cells``."""
        table = self.table
        if self.fresh:  # a new run's one row, still empty
            row, self.fresh = 0, False
        else:
            row = table.rows()
            table.appendRows(1)
        self.cells = []
        for c in range(min(table.columns(), len(self.alignments))):
            align = self.alignments[c]
            if align:
                cursor = table.cellAt(row, c).firstCursorPosition()
                block = cursor.blockFormat()
                block.setAlignment(_ALIGN[align])
                cursor.setBlockFormat(block)
        self._fill(row, cells)
        if self.outline is not None:
            self._spaced(table, row)

    def _fill(self, row: int, cells: list[str]) -> None:
        """Put ``cells`` in the last row of the current table, redoing only cells that
        changed since it was last filled (``self.cells``)."""
        table = self.table
        for c, markup in enumerate(cells[: table.columns()]):
            if c < len(self.cells) and self.cells[c] == markup:
                continue
            cell = table.cellAt(row, c)
            cursor = cell.firstCursorPosition()
            cursor.setPosition(
                cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor
            )
            cursor.removeSelectedText()
            if markup:
                cursor.insertHtml(markup)
        self.cells = list(cells)

    def _new_run(self) -> None:
        """Continue in a new table right after the current one, with the first table's column
        widths (fixed in all of them from now on, so they stay aligned)."""
        if not self.widths:
            self.widths = self._laid_out_widths()
            if not self.widths:
                self.widths = [0.0] * self.first.columns()  # (not laid out yet: auto widths)
            self._begin_runs()
        fmt = self._fixed(QTextTableFormat(self.first.format()))
        fmt.setHeaderRowCount(0)
        run = self.runs.add(1, self.first.columns(), fmt)
        self.table, self.rows, self.fresh, self.checked = run, 0, True, 0

    def _begin_runs(self) -> None:
        """The tables lose their own border: one frame around them all draws it (cells'
        borders would do too, but Qt draws them slowly), so that the runs below the first
        table continue it without a line between them."""
        fmt = self._fixed(QTextTableFormat(self.first.format()))
        layout = self.doc.documentLayout()
        self.border = fmt.border()
        self.padding = fmt.cellPadding()
        outline = plain_frame()
        outline.setBorder(self.border)
        outline.setBorderBrush(fmt.borderBrush())
        outline.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        width = layout.frameBoundingRect(self.first).width()
        if width > 0:
            outline.setWidth(QTextLength(QTextLength.Type.FixedLength, width))
        fmt.setBorder(0)
        self.first.setFormat(fmt)
        around = QTextCursor(self.doc)
        around.setPosition(self.first.firstPosition() - 1)
        around.setPosition(self.first.lastPosition() + 1, QTextCursor.MoveMode.KeepAnchor)
        self.outline = around.insertFrame(outline)
        # An empty block next to a table takes no room; next to a frame it does: flat.
        for at in (self.outline.firstPosition() - 1, self.outline.lastPosition() + 1):
            flat = QTextCursor(self.doc)
            flat.setPosition(at)
            if flat.block().length() == 1:
                flat.setBlockFormat(flat_block())
        for row in range(self.first.rows()):
            self._spaced(self.first, row)

    def _spaced(self, table: QTextTable, row: int) -> None:
        """The room a table's (invisible) inner borders take between its cells, as padding:
        the tables have no border of their own any more."""
        last = table.columns() - 1
        for c in range(table.columns()):
            room = QTextTableCellFormat()
            room.setBottomPadding(self.padding + self.border)
            if c < last:
                room.setRightPadding(self.padding + self.border)
            cell = table.cellAt(row, c)
            cell.setFormat(merged_cell_format(cell.format(), room))

    def _fixed(self, fmt: QTextTableFormat) -> QTextTableFormat:
        out = QTextTableFormat(fmt)
        if self.widths:
            fixed = QTextLength.Type.FixedLength
            out.setColumnWidthConstraints(
                [QTextLength(fixed, w) if w else QTextLength() for w in self.widths]
            )
        return out

    def _widen(self) -> None:
        """Rows laid out since the last chunk that need a wider column than the runs have get it,
        in every table (a one-off relayout of them all), while the table fits the page."""
        if not all(self.widths) or self.checked >= self.table.rows():
            return
        layout = self.doc.documentLayout()
        extra = self._extra()
        widths = list(self.widths)
        for r in range(self.checked, self.table.rows()):
            for c in range(min(len(widths), self.table.columns())):
                block = self.doc.findBlock(self.table.cellAt(r, c).firstPosition())
                lines = block.layout().lineCount()
                if lines > 1:  # wrapped: its width unwrapped, give or take the spaces
                    text = sum(block.layout().lineAt(i).naturalTextWidth() for i in range(lines))
                    widths[c] = max(widths[c], text + lines * _SPACE + extra)
        self.checked = self.table.rows() - (1 if self.open_row else 0)
        room = self.doc.textWidth() - 2 * self.doc.documentMargin() - 24
        if widths == self.widths or (room > 0 and sum(widths) > max(room, sum(self.widths))):
            return
        del layout
        self.widths = widths
        for table in (self.first, *self.runs.tables):
            table.setFormat(self._fixed(table.format()))
        if self.outline is not None:
            outline = self.outline.frameFormat()
            total = sum(widths) + 2 * self.border
            outline.setWidth(QTextLength(QTextLength.Type.FixedLength, total))
            self.outline.setFrameFormat(outline)

    def _extra(self) -> float:
        fmt = self.first.format()
        return 2 * fmt.cellPadding() + fmt.border()

    def _laid_out_widths(self) -> list[float]:
        """The first table's column widths as laid out (its cells' text widths plus padding
        and border), or [] when it has not been laid out yet."""
        layout = self.doc.documentLayout()
        extra = self._extra()
        widths = []
        for c in range(self.first.columns()):
            cell = self.first.cellAt(0, c)
            width = layout.blockBoundingRect(self.doc.findBlock(cell.firstPosition())).width()
            if width <= 0:
                return []
            widths.append(width + extra)
        return widths

"""What every open block grown in place shares: the ``LiveTail`` interface, positions that follow
edits (``Mark``), and the run tables that keep Qt's per-chunk layout work small.

Why it exists: Qt lays a table out whole (every cell, twice: once for the column widths) after
any edit inside it, so an open code fence or GFM table grown row by row in one table costs
O(block) per chunk (issue 13). The open block is instead grown as *runs*: small tables placed
one right after the other, looking like one (same width, background, borders, column widths), of
which only the last one, small, changes. When the block completes it is laid out at once by
``render_markdown`` like a saved answer, so runs never outlive streaming.

Invariants it keeps: a run is only ever added after the last one; nothing here asks a table made
by ``insertTable`` for its ``document()`` (PySide 6.11 deletes the document when such a table's
wrapper that was asked for it is collected): the document is passed in.
"""

from __future__ import annotations

import re

from PySide6.QtGui import (
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)

#: Run tables per group frame. Qt lays a frame out (and paints it) by walking every block and
#: frame directly in it: hundreds of runs side by side in the message frame made each chunk walk
#: them all; in groups, a chunk walks the groups and the runs of the last one.
RUNS_PER_GROUP = 16

#: Closed group frames per wrapping frame (see ``wrap``).
GROUPS_PER_WRAP = 16

#: A line that is a GFM table row (or the start of one).
ROW = re.compile(r"^ {0,3}\|")


def merged_cell_format(base: QTextFormat, extra: QTextFormat) -> QTextTableCellFormat:
    out = QTextTableCellFormat(base.toTableCellFormat())
    out.merge(extra)
    return out


class Mark:
    """A position in a document that follows edits made elsewhere (an attachment line filled in
    above the streaming answer, a footer): a plain int would go stale and the next insertion
    would land inside someone else's text. Insertions exactly at the mark leave it in place."""

    def __init__(self, doc: QTextDocument, position: int) -> None:
        self._cursor = QTextCursor(doc)
        self._cursor.setKeepPositionOnInsert(True)
        self._cursor.setPosition(position)

    @property
    def pos(self) -> int:
        return self._cursor.position()

    @pos.setter
    def pos(self, position: int) -> None:
        self._cursor.setPosition(position)


class LiveTail:
    """One open block being grown; ``grow(tail)`` returns False when it cannot (re-render)."""

    @property
    def code(self) -> str | None:
        """The code of an open code fence (for its Copy link), None for other blocks."""
        return None

    def grow(self, tail: str) -> bool:
        raise NotImplementedError


def first_table(doc: QTextDocument, start: int, end: int) -> QTextTable | None:
    block = doc.findBlock(start)
    while block.isValid() and block.position() <= end:
        table = QTextCursor(block).currentTable()
        if table is not None:
            return table
        block = block.next()
    return None


def flat_block() -> QTextBlockFormat:
    """An empty block that takes no height (an unused slot, a continued answer's header)."""
    block = QTextBlockFormat()
    block.setLineHeight(0, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
    return block


def plain_frame() -> QTextFrameFormat:
    """A frame that only groups what it holds: no border, margin or padding."""
    fmt = QTextFrameFormat()
    fmt.setBorder(0)
    fmt.setMargin(0)
    fmt.setPadding(0)
    return fmt


def wrap(doc: QTextDocument, groups: list[QTextFrame]) -> QTextFrame:
    """Put closed group frames, side by side, into one frame, so that the frame they were in
    holds a few frames whatever the length (Qt walks them all on each layout and paint). A
    one-off layout of what they hold, once every ``GROUPS_PER_WRAP`` groups."""
    around = QTextCursor(doc)
    around.setPosition(groups[0].firstPosition() - 1)
    around.setPosition(groups[-1].lastPosition() + 1, QTextCursor.MoveMode.KeepAnchor)
    outer = around.insertFrame(plain_frame())
    # The empty blocks at the edges, inside and after (Qt made them or reset their format):
    # flat, as the separators between groups are.
    for at in (outer.firstPosition(), outer.lastPosition(), outer.lastPosition() + 1):
        edge = QTextCursor(doc)
        edge.setPosition(at)
        if edge.block().length() == 1 and edge.currentTable() is None:
            edge.setBlockFormat(flat_block())
    return outer


class Runs:
    """Where the run tables of one open block go: each right after the one before, in group
    frames of ``RUNS_PER_GROUP`` (see there). Holds every table it made (their wrappers must
    outlive streaming: see the module docstring)."""

    def __init__(self, doc: QTextDocument, first: QTextTable) -> None:
        self.doc = doc
        self.last = first
        self.group: QTextFrame | None = None
        self.in_group = 0
        self.tables: list[QTextTable] = []
        self.closed: list[QTextFrame] = []  # closed groups not wrapped yet
        self.wrapped: list[QTextFrame] = []

    def add(self, rows: int, columns: int, fmt: QTextTableFormat) -> QTextTable:
        cursor = QTextCursor(self.doc)
        if self.group is None or self.in_group >= RUNS_PER_GROUP:
            anchor: QTextFrame = self.group if self.group is not None else self.last
            cursor.setPosition(anchor.lastPosition() + 1)
            group = cursor.insertFrame(plain_frame())
            # The block after a group is not hidden as the one after a table is: flat.
            after = QTextCursor(self.doc)
            after.setPosition(group.lastPosition() + 1)
            after.setBlockFormat(flat_block())
            if self.group is not None:
                self.closed.append(self.group)
            self.group, self.in_group = group, 0
            cursor = group.firstCursorPosition()
            if len(self.closed) >= GROUPS_PER_WRAP:
                self.wrapped.append(wrap(self.doc, self.closed))
                self.closed = []
                cursor = group.firstCursorPosition()
        else:
            cursor.setPosition(self.last.lastPosition() + 1)
        table = cursor.insertTable(rows, columns, fmt)
        self.last = table
        self.in_group += 1
        self.tables.append(table)
        return table

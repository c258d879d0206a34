"""The open block at the end of a streamed answer, grown in place in the ``QTextDocument``.

Why it exists: the transcript lays out the complete blocks of a streamed answer once and the
rest, the open block, again on every flush. For a code fence, a table or one long paragraph that
rest grows with the answer, and rendering it whole again made each chunk cost O(block) (issue
13: a 100k table took seconds per chunk). A ``LiveTail`` takes over an open block the transcript
rendered once and afterwards only adds what a chunk brought: the new code lines, highlighted from
the lexer state of the line before (``LineHighlighter``), the new table rows (the open last row
refilled), the new words of a paragraph (only the part after the last clean cut is redone).

Invariants it keeps:

- it only ever edits the open block, from positions it found itself, and says ``False`` when the
  text is no longer a shape it can grow (the transcript then renders the tail whole, as before);
- it never decides what the finished answer looks like: when the block completes, the transcript
  drops it and lays the block out with ``render_markdown``, exactly as a reopened answer;
- this is the one module of ``ui.rendering`` that uses Qt (the rest is pure Python).
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextTable,
)

from ui.rendering.incremental import (
    LineHighlighter,
    clean_inline,
    render_inline,
    table_alignments,
    table_rows,
)
from ui.rendering.markdown import DARK, HIGHLIGHT_LIMIT, Palette

_FENCE = re.compile(r"^(`{3,}|~{3,})([^\n]*)\n")
_ROW = re.compile(r"^ {0,3}\|")
_PARAGRAPH_START = re.compile(r"^[A-Za-z0-9(\"']")
_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
}


class _Mark:
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


def attach(
    doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
) -> LiveTail | None:
    """A ``LiveTail`` for ``tail``, already rendered whole between positions ``start`` and
    ``end`` of ``doc``, or None when its shape is not one that grows in place."""
    fence = _FENCE.match(tail)
    if fence is not None:
        return _LiveCode.attach(doc, start, end, tail, fence, palette)
    lines = tail.split("\n")
    if len(lines) >= 3 and all(_ROW.match(line) for line in lines[:2]):
        return _LiveTable.attach(doc, start, end, tail, palette)
    if "\n" not in tail and _PARAGRAPH_START.match(tail):
        return _LiveParagraph.attach(doc, start, end, tail, palette)
    return None


def _first_table(doc: QTextDocument, start: int, end: int) -> QTextTable | None:
    block = doc.findBlock(start)
    while block.isValid() and block.position() <= end:
        table = QTextCursor(block).currentTable()
        if table is not None:
            return table
        block = block.next()
    return None


class _LiveCode(LiveTail):
    """An open code fence: complete lines are appended once, the partial last line redone."""

    def __init__(self, tail: str, fence_len: int, table: QTextTable) -> None:
        self.source = tail
        self.fence_len = fence_len  # the fence line, newline included
        self.table = table
        self.done = 0  # characters of code laid out as complete lines
        self.lines = 0
        # The position after the last complete line (a mark: it follows edits above it).
        self.lines_end = _Mark(table.document(), 0)
        self.highlighter: LineHighlighter | None = None
        self.base = QTextCharFormat()
        self._formats: dict[int, QTextCharFormat] = {}

    @property
    def code(self) -> str:
        return self.source[self.fence_len :].removesuffix("\n")

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, fence: Any, palette: Palette
    ) -> LiveTail | None:
        table = _first_table(doc, start, end)
        if table is None:
            return None
        live = cls(tail, fence.end(), table)
        info = fence.group(2).strip()
        language = info.split()[0] if info else ""
        if language and len(live.code) <= HIGHLIGHT_LIMIT:
            try:
                live.highlighter = LineHighlighter(language, palette.pygments_style)
            except Exception:  # an unknown language: shown plain, as render_markdown does
                live.highlighter = None
        # The formats of code (monospace, the code colour, unbroken lines), as rendered whole.
        probe = QTextDocument()
        probe.setHtml(f'<pre style="color:{palette.code_text}">x</pre>')
        probe_cursor = QTextCursor(probe)
        probe_cursor.setPosition(1)
        live.base = probe_cursor.charFormat()
        # Lay the code out again by lines, so the live state (lexer, positions) is known.
        cell = table.cellAt(table.rows() - 1, 0)
        cursor = cell.firstCursorPosition()
        cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        cursor.setBlockFormat(probe_cursor.blockFormat())
        live.lines_end.pos = cursor.position()
        live._lay_out(tail[fence.end() :])
        return live

    def grow(self, tail: str) -> bool:
        if not tail.startswith(self.source[: self.fence_len]):
            return False
        self.source = tail
        if self.highlighter is not None and len(self.code) > HIGHLIGHT_LIMIT:
            return False  # shown plain from now on, as rendered whole: render it once
        self._lay_out(tail[self.fence_len :])
        return True

    def _lay_out(self, code: str) -> None:
        cursor = QTextCursor(self.table.document())
        cursor.setPosition(self.lines_end.pos)
        last = self.table.cellAt(self.table.rows() - 1, 0).lastCursorPosition().position()
        cursor.setPosition(last, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        complete = code[: code.rfind("\n") + 1]
        new = complete[self.done :]
        if new:
            for line in new.split("\n")[:-1]:
                if self.lines:
                    cursor.insertText("\n", self.base)
                self._insert(cursor, line, advance=True)
                self.lines += 1
            self.done = len(complete)
            self.lines_end.pos = cursor.position()
        partial = code[len(complete) :]
        if partial:
            if self.lines:
                cursor.insertText("\n", self.base)
            self._insert(cursor, partial, advance=False)

    def _insert(self, cursor: QTextCursor, line: str, *, advance: bool) -> None:
        if self.highlighter is None:
            cursor.insertText(line, self.base)
            return
        for value, style in self.highlighter.tokens(line + "\n", advance=advance):
            value = value.replace("\n", "")
            if value:
                cursor.insertText(value, self._format(style))

    def _format(self, style: dict[str, Any]) -> QTextCharFormat:
        key = id(style)
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = QTextCharFormat(self.base)
            if style.get("color"):
                fmt.setForeground(QColor("#" + style["color"]))
            if style.get("bgcolor"):
                fmt.setBackground(QColor("#" + style["bgcolor"]))
            if style.get("bold"):
                fmt.setFontWeight(QFont.Weight.Bold)
            if style.get("italic"):
                fmt.setFontItalic(True)
            if style.get("underline"):
                fmt.setFontUnderline(True)
            self._formats[key] = fmt
        return fmt


class _LiveTable(LiveTail):
    """An open GFM table: complete rows are appended once, the open last row refilled."""

    def __init__(self, table: QTextTable, tail: str, palette: Palette) -> None:
        self.table = table
        lines = tail.split("\n")
        self.header, self.delimiter = lines[0] + "\n", lines[1] + "\n"
        self.prefix = self.header + self.delimiter
        self.done = len(lines) - 3  # complete body rows laid out
        self.open_row = False
        self.dark = palette == DARK
        self.alignments = table_alignments(self.delimiter)

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
    ) -> LiveTail | None:
        table = _first_table(doc, start, end)
        if table is None:
            return None
        live = cls(table, tail, palette)
        extra = table.rows() - 1 - live.done
        if extra not in (0, 1) or not tail.startswith(live.prefix):
            return None
        live.open_row = extra == 1
        return live

    def grow(self, tail: str) -> bool:
        if not tail.startswith(self.prefix):
            return False
        lines = tail[len(self.prefix) :].split("\n")
        complete, partial = lines[:-1], lines[-1]
        if not all(_ROW.match(line) for line in complete) or (partial and not _ROW.match(partial)):
            return False
        if self.open_row:
            self.table.removeRows(self.table.rows() - 1, 1)
            self.open_row = False
        new = complete[self.done :]
        if new:
            rows = table_rows(self.header, self.delimiter, "\n".join(new) + "\n", dark=self.dark)
            if len(rows) != len(new):
                return False
            self._append(rows)
            self.done = len(complete)
        if partial.strip():
            rows = table_rows(self.header, self.delimiter, partial + "\n", dark=self.dark)
            if len(rows) == 1:
                self._append(rows)
                self.open_row = True
        return True

    def _append(self, rows: list[list[str]]) -> None:
        table = self.table
        first = table.rows()
        table.appendRows(len(rows))
        for r, cells in enumerate(rows):
            for c, markup in enumerate(cells[: table.columns()]):
                cursor = table.cellAt(first + r, c).firstCursorPosition()
                align = self.alignments[c] if c < len(self.alignments) else ""
                if align:
                    block = cursor.blockFormat()
                    block.setAlignment(_ALIGN[align])
                    cursor.setBlockFormat(block)
                if markup:
                    cursor.insertHtml(markup)


class _LiveParagraph(LiveTail):
    """One open single-line paragraph: text up to the last clean cut (a space after which no
    inline construct is open) stays; only the rest is redone."""

    def __init__(self, block: QTextBlock, dark: bool) -> None:
        self.cut = 0  # offset in the paragraph's source of the last clean cut (a space)
        self.cut_at = _Mark(block.document(), block.position())  # its place in the document
        self.doc = block.document()
        self.dark = dark

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
    ) -> LiveTail | None:
        block = doc.findBlock(start)
        if block.next().isValid() and block.next().position() < end:
            return None  # more than one block: not a plain paragraph
        if QTextCursor(block).currentTable() is not None or block.textList() is not None:
            return None
        return cls(block, palette == DARK)

    def grow(self, tail: str) -> bool:
        if "\n" in tail:
            return False
        cursor = QTextCursor(self.doc)
        cursor.setPosition(self.cut_at.pos)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        space = tail.rfind(" ")
        if space > self.cut and clean_inline(tail[self.cut : space]):
            self._put(cursor, tail[self.cut : space])
            self.cut = space
            self.cut_at.pos = cursor.position()
        self._put(cursor, tail[self.cut :])
        return True

    def _put(self, cursor: QTextCursor, text: str) -> None:
        if text.startswith(" "):  # Qt drops the spaces at the edges of inserted HTML
            cursor.insertText(" ", QTextCharFormat())
            text = text[1:]
        if text.strip():
            cursor.insertHtml(render_inline(text, dark=self.dark))

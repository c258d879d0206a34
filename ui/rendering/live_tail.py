"""The open block at the end of a streamed answer, grown in place in the ``QTextDocument``.

Why it exists: the transcript lays out the complete blocks of a streamed answer once and the
rest, the open block, again on every flush. For a code fence, a table, a list or one long
paragraph that rest grows with the answer, and rendering it whole again made each chunk cost
O(block) (issue 13: a 100k table took seconds per chunk). A ``LiveTail`` takes over an open block
the transcript rendered once and afterwards only adds what a chunk brought, so that what Qt lays
out again per chunk stays small too:

- a code fence: each completed line once, highlighted from the lexer state of the line before
  (``LineHighlighter``; a multi-line construct such as a docstring is lexed again as one text
  when it closes, ``_relex``), in run tables of ``RUN_LINES`` lines (``live_base``);
- a table: ``live_table``; a list: ``live_list``;
- one paragraph: the new words after the last clean cut, and its first lines split off into a
  block of their own where Qt wrapped them (``_LiveParagraph._split``).

Invariants it keeps:

- it only ever edits the open block, from positions it found itself, and says ``False`` when the
  text is no longer a shape it can grow (the transcript then renders the tail whole, as before);
- it never decides what the finished answer looks like: when the block completes, the transcript
  drops it and lays the block out with ``render_markdown``, exactly as a reopened answer.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtGui import (
    QColor,
    QFont,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)

from parley.ui.rendering.incremental import (
    LineHighlighter,
    clean_inline,
    render_inline,
)
from parley.ui.rendering.live_base import ROW, LiveTail, Mark, Runs, first_table, merged_cell_format
from parley.ui.rendering.live_list import LiveList
from parley.ui.rendering.live_table import LiveTable
from parley.ui.rendering.markdown import DARK, HIGHLIGHT_LIMIT, Palette

_FENCE = re.compile(r"^(`{3,}|~{3,})([^\n]*)\n")
_LIST_START = re.compile(r"^ {0,3}(?:[-+*]|\d{1,9}[.)]) ")
_PARAGRAPH_START = re.compile(r"^[A-Za-z0-9(\"']")

#: Lines of an open code fence per run table (see ``live_base``): the open run is laid out whole
#: on each chunk, so it stays this small.
RUN_LINES = 12

#: An open paragraph's text after its last clean cut is laid out again on every chunk. After an
#: opener that nothing closes yet (a lone backtick, "**", "["), no cut is clean until the
#: paragraph ends, so past this many characters the cut is made anyway: the live view may show
#: the opener as typed where the finished paragraph (laid out whole) makes it code or emphasis.
FORCE_CUT = 1_000

#: The longest multi-line construct of an open code block lexed again whole when it closes.
RELEX_LINES = 200

#: Lines of an open paragraph laid out again per chunk, at most (plus two): see ``_split``.
SPLIT_LINES = 6


def attach(
    doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
) -> LiveTail | None:
    """A ``LiveTail`` for ``tail``, already rendered whole between positions ``start`` and
    ``end`` of ``doc``, or None when its shape is not one that grows in place."""
    fence = _FENCE.match(tail)
    if fence is not None:
        return _LiveCode.attach(doc, start, end, tail, fence, palette)
    lines = tail.split("\n")
    if len(lines) >= 3 and all(ROW.match(line) for line in lines[:2]):
        return LiveTable.attach(doc, start, end, tail, palette)
    if _LIST_START.match(tail):
        return LiveList.attach(doc, start, end, tail, palette)
    if "\n" not in tail and _PARAGRAPH_START.match(tail):
        return _LiveParagraph.attach(doc, start, end, tail, palette)
    return None


class _LiveCode(LiveTail):
    """An open code fence: complete lines are appended once, the partial last line redone."""

    def __init__(self, doc: QTextDocument, tail: str, fence_len: int, table: QTextTable) -> None:
        # (Never ``table.document()``: PySide 6.11 deletes the document when the wrapper of a
        # table made by ``insertTable`` that was asked for it is collected.)
        self.doc = doc
        self.source = tail
        self.fence_len = fence_len  # the fence line, newline included
        self.table = table  # the run being grown: the block's own table, then the last run
        self.cell = (table.rows() - 1, 0)  # the code cell of ``table``
        self.done = 0  # characters of code laid out as complete lines
        self.lines = 0  # complete lines in the run being grown
        # The position after the last complete line (a mark: it follows edits above it).
        self.lines_end = Mark(doc, 0)
        self.highlighter: LineHighlighter | None = None
        self.base = QTextCharFormat()
        self.block = QTextBlockFormat()  # a code line's format in a run
        self.runs: Runs | None = None
        # Where the lines since the lexer was last at rest start (their code offset, and
        # their place in the document), to lex them again as one text (``_relex``).
        self.region: tuple[int, Mark] | None = None
        self._formats: dict[int, QTextCharFormat] = {}

    @property
    def code(self) -> str:
        return self.source[self.fence_len :].removesuffix("\n")

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, fence: Any, palette: Palette
    ) -> LiveTail | None:
        table = first_table(doc, start, end)
        if table is None:
            return None
        live = cls(doc, tail, fence.end(), table)
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
        # Every line a block of its own, without the margins the <pre> has around it as a
        # whole (each line would get them: Qt copies the block format to each new line).
        live.block = QTextBlockFormat(probe_cursor.blockFormat())
        live.block.setTopMargin(0)
        live.block.setBottomMargin(0)
        cursor.setBlockFormat(live.block)
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
        cursor = QTextCursor(self.doc)
        cursor.setPosition(self.lines_end.pos)
        last = self.table.cellAt(*self.cell).lastCursorPosition().position()
        cursor.setPosition(last, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        end = code.rfind("\n") + 1  # the end of the complete lines
        if end > self.done:
            offset = self.done
            for line in code[self.done : end - 1].split("\n"):
                if self._run_full():
                    cursor = self._new_run()
                if self.lines:
                    cursor.insertText("\n", self.base)
                if self.highlighter is not None and self._at_rest():  # (a line starting at rest)
                    self.region = (offset, Mark(self.doc, cursor.position()))
                self._insert(cursor, line, advance=True)
                self.lines += 1
                offset += len(line) + 1
                if self._at_rest():
                    self._relex(cursor, code[: offset - 1])
            self.done = end
            self.lines_end.pos = cursor.position()
        partial = code[end:]
        if partial:
            if self._run_full():
                cursor = self._new_run()
                self.lines_end.pos = cursor.position()
            if self.lines:
                cursor.insertText("\n", self.base)
            self._insert(cursor, partial, advance=False)

    def _new_run(self) -> QTextCursor:
        """Continue the code in a new one-cell table right after the current run (Qt lays a
        table out whole on every edit inside it: the open run stays small, issue 13). The runs
        join without a seam: no padding between them, the same width and background."""
        table = self.table
        doc = self.doc
        below = QTextTableCellFormat()
        below.setBottomPadding(0)
        table.cellAt(*self.cell).setFormat(
            merged_cell_format(table.cellAt(*self.cell).format(), below)
        )
        fmt = QTextTableFormat(table.format())
        fmt.clearColumnWidthConstraints()
        fmt.setTopMargin(0)
        if self.runs is None:
            self.runs = Runs(doc, table)
        run = self.runs.add(1, 1, fmt)
        above = QTextTableCellFormat()
        above.setTopPadding(0)
        run.cellAt(0, 0).setFormat(above)
        self.table, self.cell, self.lines = run, (0, 0), 0
        cursor = run.cellAt(0, 0).firstCursorPosition()
        cursor.setBlockFormat(self.block)
        return cursor

    def _run_full(self) -> bool:
        """The next line goes into a new run (a multi-line construct stays in one run, to be
        lexed again when it closes: ``_relex``)."""
        return self.lines >= RUN_LINES and (self._at_rest() or self.lines >= RELEX_LINES)

    def _at_rest(self) -> bool:
        """Whether the lexer is outside any multi-line construct (or there is none)."""
        return self.highlighter is None or len(self.highlighter.stack) == 1

    def _relex(self, cursor: QTextCursor, code: str) -> None:
        """A multi-line construct (a docstring, a string over lines) just closed: lex its
        lines again as one text, as the whole block will be. A lexer's rule may match over
        several lines (Python's docstring rule does), which lexing line by line cannot see.
        Only within the current run, and for constructs of at most ``RELEX_LINES`` lines."""
        if self.region is None or self.highlighter is None:
            return
        start, mark = self.region
        self.region = None
        text = code[start:]
        run_start = self.table.cellAt(*self.cell).firstPosition()
        if "\n" not in text or mark.pos < run_start or text.count("\n") > RELEX_LINES:
            return
        cursor.setPosition(mark.pos, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        for value, style in self.highlighter.tokens(text + "\n", advance=False):
            for i, part in enumerate(value.split("\n")):
                if i:
                    cursor.insertText("\n", self.base)
                if part:
                    cursor.insertText(part, self._format(style))
        # (the text's last newline made an empty block: the next line goes there)
        cursor.deletePreviousChar()

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


class _LiveParagraph(LiveTail):
    """One open single-line paragraph: text up to the last clean cut (a space after which no
    inline construct is open) stays; only the rest is redone."""

    def __init__(self, block: QTextBlock, dark: bool) -> None:
        self.cut = 0  # offset in the paragraph's source of the last clean cut (a space)
        self.cut_at = Mark(block.document(), block.position())  # its place in the document
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
        self._split()
        cursor = QTextCursor(self.doc)
        cursor.setPosition(self.cut_at.pos)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        space = tail.rfind(" ")
        if space > self.cut and (
            space - self.cut > FORCE_CUT or clean_inline(tail[self.cut : space])
        ):
            self._put(cursor, tail[self.cut : space])
            self.cut = space
            self.cut_at.pos = cursor.position()
        self._put(cursor, tail[self.cut :])
        return True

    def _split(self) -> None:
        """Qt lays a whole block out again on every edit in it: once the open block has more
        than ``SPLIT_LINES`` lines, its first lines become a block of their own, cut exactly
        where Qt wrapped the line (so it reads as one paragraph: the same lines, no margin
        between the two blocks) and before the last clean cut (that text is final)."""
        block = self.doc.findBlock(self.cut_at.pos)
        layout = block.layout()
        lines = layout.lineCount()
        if lines < SPLIT_LINES + 2:
            return
        at = block.position() + layout.lineAt(lines - 2).textStart()
        if not block.position() < at < self.cut_at.pos:
            return
        cursor = QTextCursor(self.doc)
        cursor.setPosition(at)
        if self.doc.characterAt(at - 1) == " ":
            # The space Qt wrapped at hangs past the line's end; at the end of a block it
            # would count, and wrap the line's last word.
            cursor.deletePreviousChar()
        paragraph = block.blockFormat()
        above = QTextBlockFormat(paragraph)
        above.setBottomMargin(0)
        cursor.setBlockFormat(above)
        below = QTextBlockFormat(paragraph)
        below.setTopMargin(0)
        cursor.insertBlock(below)

    def _put(self, cursor: QTextCursor, text: str) -> None:
        if text.startswith(" "):  # Qt drops the spaces at the edges of inserted HTML
            cursor.insertText(" ", QTextCharFormat())
            text = text[1:]
        if text.strip():
            cursor.insertHtml(render_inline(text, dark=self.dark))

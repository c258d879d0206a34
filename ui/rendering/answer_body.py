"""One assistant message's Markdown body, laid out in pieces while it streams.

Why it exists: streaming must never re-render what is already laid out. ``render_body`` lays out
``source[:committed]`` for good, one piece per boundary the ``BlockScanner`` finds (the same
pieces whether the answer streamed in any chunks or is laid out at once), and keeps the open
block at the end as a ``LiveTail`` grown in place. The transcript owns the frames; this module
owns what goes inside an answer's body.

Invariant: the body frame is always [header][body blocks...][slot]; the body grows by insertions
right after ``stable_end`` (never by deleting a block boundary: Qt keeps the later block's format
when two blocks merge). While streaming, the tail occupies the slot and what follows it, and is
cleared back to the one slot block; afterwards the slot holds the footer or stays empty and flat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import (
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextDocumentFragment,
    QTextFrame,
)

from ui.rendering.live_tail import LiveTail
from ui.rendering.live_tail import attach as attach_live_tail
from ui.rendering.markdown import BlockScanner, Palette, RenderedMarkdown, render_markdown


class CodeBlocks:
    """The code of every code block laid out so far, by the number in its Copy link."""

    def __init__(self) -> None:
        self.code: dict[int, str] = {}
        self.next = 0


@dataclass(eq=False)
class AnswerBody:
    """How a message's Markdown body is laid out: ``source[:committed]`` is laid out for good and
    ends at ``stable_end``; the rest (the tail, while streaming) is everything from there to the
    end of the frame, replaced or grown on each flush."""

    frame: QTextFrame
    source: str = ""
    stable_end: QTextCursor | None = None
    committed: int = 0
    footer: str = ""
    scanner: BlockScanner = field(default_factory=BlockScanner)
    cuts_done: int = 0  # how many of the scanner's boundaries are laid out
    live: LiveTail | None = None  # the open block at the end, grown in place while streaming


def render_body(
    doc: QTextDocument,
    message: AnswerBody,
    codes: CodeBlocks,
    *,
    final: bool,
    dark: bool,
    palette: Palette,
) -> None:
    """Render ``message.source`` past what is committed: the stable part is inserted for
    good after ``stable_end``; the rest (unless ``final``) replaces the previous tail in the
    slot."""
    assert message.stable_end is not None
    message.scanner.scan(message.source)
    live, message.live = message.live, None
    if (
        live is not None
        and not final
        and len(message.scanner.boundaries) == message.cuts_done
        and _grow(doc, live, message.source[message.committed :])
    ):
        # The open block grew in place: nothing completed, nothing else to lay out.
        message.live = live
        if live.code is not None:
            codes.code[codes.next] = live.code
        return
    slot = QTextCursor(doc)
    slot.setPosition(message.stable_end.position() + 1)
    slot.setPosition(message.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
    if slot.hasSelection():
        slot.removeSelectedText()  # the previous tail; its first block (the slot) stays
        listed = slot.block().textList()
        if listed is not None:  # the tail began with a list: the slot leaves it
            listed.remove(slot.block())
        slot.setBlockFormat(flat_block())
        slot.setBlockCharFormat(QTextCharFormat())
    # Complete blocks are laid out once, one piece per boundary the scanner finds: the same
    # pieces whether the answer streamed (in any chunks) or is laid out at once.
    source = message.source
    scanner = message.scanner
    scanner.scan(source)
    cuts = scanner.boundaries[message.cuts_done :]
    message.cuts_done = len(scanner.boundaries)
    if final and len(source) > max(message.committed, cuts[-1] if cuts else 0):
        cuts = [*cuts, len(source)]
    for cut in cuts:
        piece = source[message.committed : cut]
        if piece.strip():
            _commit_piece(message, piece, codes, dark)
        message.committed = cut
    tail = source[message.committed :]
    slot.setPosition(message.stable_end.position() + 1)
    if tail.strip():
        rendered = render_markdown(tail, dark=dark, code_index_start=codes.next)
        _keep_code(codes, rendered)
        slot.setBlockFormat(QTextBlockFormat())
        slot.setBlockCharFormat(QTextCharFormat())
        slot.setCharFormat(QTextCharFormat())
        start = slot.position()
        insert_fragment(slot, rendered.html)
        if not final:
            end = message.frame.lastPosition()
            # Attaching lays the open block out again line by line (to learn the lexer's
            # state): in one edit block, or Qt lays out the whole open table per insertion
            # (a 300-line code block replayed on a theme change took 10 s; monkey test).
            edit = QTextCursor(doc)
            edit.beginEditBlock()
            try:
                message.live = attach_live_tail(doc, start, end, tail, palette)
            finally:
                edit.endEditBlock()
    elif not message.footer:
        slot.setBlockFormat(flat_block())


def _grow(doc: QTextDocument, live: LiveTail, tail: str) -> bool:
    """Grow the open block in place, in one edit block: Qt lays the document out once, at
    its end, not after each insertion (each would lay out the whole open table again)."""
    edit = QTextCursor(doc)
    edit.beginEditBlock()
    try:
        return live.grow(tail)
    finally:
        edit.endEditBlock()


def _commit_piece(message: AnswerBody, piece: str, codes: CodeBlocks, dark: bool) -> None:
    """Lay out one piece of complete blocks for good, after ``stable_end``."""
    assert message.stable_end is not None
    rendered = render_markdown(piece, dark=dark, code_index_start=codes.next)
    _keep_code(codes, rendered)
    codes.next += len(rendered.code_blocks)
    cursor = QTextCursor(message.stable_end)
    header = message.frame.firstCursorPosition().block()
    markup = rendered.html
    here = cursor.block()
    if after_empty_cell := here.length() == 1:
        table = QTextCursor(here.previous()).currentTable()
        cell = table.cellAt(here.previous().position()) if table is not None else None
        after_empty_cell = cell is not None and cell.firstPosition() == cell.lastPosition()
    listed = markup.startswith(("<ol", "<ul"))
    if here == header or not (markup.startswith("<table") or listed or after_empty_cell):
        # A new block for the piece. But a table (a code block, a quote) goes right after
        # the last block, and a list too (Qt gives a list its own block: a new one would
        # stay empty, 26 px, issue 13); and after a table whose last cell is empty (an
        # empty code block too), anything goes into the empty block Qt leaves after it:
        # as each would be laid out at once (every CommonMark example is checked in
        # tests/ui/test_streaming_parity.py).
        block = QTextBlockFormat()
        block.setTopMargin(2)
        cursor.insertBlock(block, QTextCharFormat())
    start = cursor.position()
    insert_fragment(cursor, markup)
    if listed and after_empty_cell and cursor.document().findBlock(start).length() == 1:
        # Qt starts the list on a block of its own, after the empty one: drop that one.
        empty = QTextCursor(cursor.document().findBlock(start))
        empty.deleteChar()
    message.stable_end.setPosition(cursor.position())


def _keep_code(codes: CodeBlocks, rendered: RenderedMarkdown) -> None:
    for offset, block in enumerate(rendered.code_blocks):
        codes.code[codes.next + offset] = block.code


def flat_block() -> QTextBlockFormat:
    """An empty block that takes no height (an unused slot, a continued answer's header)."""
    block = QTextBlockFormat()
    block.setLineHeight(0, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
    return block


def insert_fragment(cursor: QTextCursor, markup: str) -> None:
    """Insert rendered HTML at ``cursor`` (an empty block with default formats, or the end of
    the block before a table)."""
    markup = markup.strip()  # a trailing newline would become a space at the block's end
    source = QTextDocument()
    source.setHtml(markup)
    start = cursor.position()
    into_empty_block = cursor.block().length() == 1
    cursor.insertFragment(QTextDocumentFragment(source))
    if into_empty_block and not markup.startswith("<table"):
        # The fragment's first block is merged into the block it lands in and would take that
        # block's format (a heading's or a centred formula's margins and alignment are lost):
        # give it its own, so a message laid out in pieces looks exactly like one laid out at
        # once, and both like the HTML.
        first = QTextCursor(cursor.document())
        first.setPosition(start)
        first.setBlockFormat(source.firstBlock().blockFormat())

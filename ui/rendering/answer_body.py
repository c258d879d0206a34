"""One assistant message's Markdown body, laid out in pieces while it streams.

Why it exists: streaming must never re-render what is already laid out. ``render_body`` lays out
``source[:committed]`` for good, one piece per boundary the ``BlockScanner`` finds (the same
pieces whether the answer streamed in any chunks or is laid out at once), and keeps the open
block at the end as a ``LiveTail`` grown in place. The transcript owns the frames; this module
owns what goes inside an answer's body.

Invariants: the body frame is always [header][body...][slot]; the body grows by insertions right
after ``stable_end`` (never by deleting a block boundary: Qt keeps the later block's format when
two blocks merge). While streaming, the tail occupies the slot and what follows it, and is
cleared back to the one slot block; afterwards the slot holds the footer or stays empty and flat.
After ``GROUP_PIECES`` pieces, pieces go into group frames (Qt walks every block of a frame on
each layout and paint), opened only between two plain blocks and with margins that keep every
block exactly where it would be without them; the groups depend only on the pieces, so a
streamed answer and the same answer laid out at once have the same structure.
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

from parley.ui.rendering.live_base import GROUPS_PER_WRAP, flat_block, plain_frame, wrap
from parley.ui.rendering.live_tail import LiveTail
from parley.ui.rendering.live_tail import attach as attach_live_tail
from parley.ui.rendering.markdown import BlockScanner, Palette, RenderedMarkdown, render_markdown


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
    pieces: int = 0  # pieces laid out in the open group (or before the first group)
    group: QTextFrame | None = None  # the group frame committed pieces go into (see GROUP_PIECES)
    closed: list[QTextFrame] = field(default_factory=list)  # closed groups not wrapped yet
    wrapped: list[QTextFrame] = field(default_factory=list)  # the frames wrapping them
    #: Citation numbers that are links in the text (``[n]`` → href; ``render_markdown``).
    citations: dict[int, str] = field(default_factory=dict)


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
    slot.

    Edits are grouped in as few edit blocks as can be: Qt lays the document out once per edit
    block, when it ends, instead of after every insertion and format change (each pass walks
    the open group of the message frame). One edit block cannot hold everything: frames (tables)
    inserted from HTML are only known to ``currentTable()`` once the edit block that inserted
    them has ended, and committing a piece and attaching the live tail ask."""
    assert message.stable_end is not None
    message.scanner.scan(message.source)
    live, message.live = message.live, None
    if live is not None and not final and len(message.scanner.boundaries) == message.cuts_done:
        with _EditBlock(doc):
            grown = live.grow(message.source[message.committed :])
        if grown:
            # The open block grew in place: nothing completed, nothing else to lay out.
            message.live = live
            if live.code is not None:
                codes.code[codes.next] = live.code
            return
    source = message.source
    scanner = message.scanner
    cuts = scanner.boundaries[message.cuts_done :]
    message.cuts_done = len(scanner.boundaries)
    if final and len(source) > max(message.committed, cuts[-1] if cuts else 0):
        cuts = [*cuts, len(source)]
    slot = QTextCursor(doc)
    with _EditBlock(doc) as edit:
        slot.setPosition(message.stable_end.position() + 1)
        slot.setPosition(message.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        if slot.hasSelection():
            slot.removeSelectedText()  # the previous tail; its first block (the slot) stays
            listed = slot.block().textList()
            if listed is not None:  # the tail began with a list: the slot leaves it
                listed.remove(slot.block())
            slot.setBlockFormat(flat_block())
            slot.setBlockCharFormat(QTextCharFormat())
        # Complete blocks are laid out once, one piece per boundary the scanner finds: the
        # same pieces whether the answer streamed (in any chunks) or is laid out at once.
        for cut in cuts:
            piece = source[message.committed : cut]
            if piece.strip():
                edit.restart()  # (so the tables laid out so far are known)
                _commit_piece(doc, message, piece, codes, dark)
            message.committed = cut
        tail = source[message.committed :]
        slot.setPosition(message.stable_end.position() + 1)
        start = slot.position()
        if tail.strip():
            rendered = render_markdown(
                tail, dark=dark, code_index_start=codes.next, citations=message.citations
            )
            _keep_code(codes, rendered)
            slot.setBlockFormat(QTextBlockFormat())
            slot.setBlockCharFormat(QTextCharFormat())
            slot.setCharFormat(QTextCharFormat())
            insert_fragment(slot, rendered.html)
        elif not message.footer:
            slot.setBlockFormat(flat_block())
    if tail.strip() and not final:
        # Attaching lays the open block out again line by line (to learn the lexer's state):
        # in one edit block, or Qt lays out the whole open table per insertion (a 300-line
        # code block replayed on a theme change took 10 s; monkey test).
        with _EditBlock(doc):
            message.live = attach_live_tail(doc, start, message.frame.lastPosition(), tail, palette)


class _EditBlock:
    """One edit block on ``doc`` (Qt lays out, and tells the view, once: when it ends);
    ``restart()`` ends it and opens the next."""

    def __init__(self, doc: QTextDocument) -> None:
        self._cursor = QTextCursor(doc)

    def __enter__(self) -> _EditBlock:
        self._cursor.beginEditBlock()
        return self

    def __exit__(self, *exc: object) -> None:
        self._cursor.endEditBlock()

    def restart(self) -> None:
        self._cursor.endEditBlock()
        self._cursor.beginEditBlock()


def _commit_piece(
    doc: QTextDocument, message: AnswerBody, piece: str, codes: CodeBlocks, dark: bool
) -> None:
    """Lay out one piece of complete blocks for good, after ``stable_end``."""
    assert message.stable_end is not None
    rendered = render_markdown(
        piece, dark=dark, code_index_start=codes.next, citations=message.citations
    )
    _keep_code(codes, rendered)
    codes.next += len(rendered.code_blocks)
    markup = rendered.html
    if message.pieces >= GROUP_PIECES and _opens_group(message, markup):
        _new_group(doc, message, markup)
        return
    message.pieces += 1
    cursor = QTextCursor(message.stable_end)
    header = message.frame.firstCursorPosition().block()
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
    if listed and after_empty_cell and doc.findBlock(start).length() == 1:
        # Qt starts the list on a block of its own, after the empty one: drop that one.
        empty = QTextCursor(doc.findBlock(start))
        empty.deleteChar()
    message.stable_end.setPosition(cursor.position())
    if message.group is not None:
        _fit_group(doc, message.group)


#: Committed pieces go into group frames of this many pieces (the first ones straight into the
#: message frame, so a short answer is laid out exactly as without groups). Qt lays a frame out
#: by walking every block and frame directly in it, on every edit inside it (and paints the
#: same way): without groups each chunk of a long answer walked every block laid out so far
#: (issue 13); with them it walks one group and the list of groups.
GROUP_PIECES = 16


def _opens_group(message: AnswerBody, markup: str) -> bool:
    """Whether a new group can start with ``markup``: only between two plain blocks (a
    paragraph or a heading after a non-empty block outside a table), where the space between
    them is just their margins, which ``_fit_group`` keeps."""
    assert message.stable_end is not None
    if not markup.startswith(("<p", "<h1", "<h2", "<h3", "<h4", "<h5", "<h6")):
        return False
    last = message.stable_end.block()
    return last.length() > 1 and QTextCursor(last).currentTable() is None


def _new_group(doc: QTextDocument, message: AnswerBody, markup: str) -> None:
    """Open a group frame after the committed body and lay ``markup`` out as its first piece.
    The slot block stays between the groups (flat) and a new flat slot follows the group."""
    assert message.stable_end is not None
    before = message.stable_end.block()
    cursor = QTextCursor(doc)
    cursor.setPosition(message.stable_end.position() + 1)  # the slot (empty while committing)
    fmt = plain_frame()
    group = cursor.insertFrame(fmt)
    for at in (group.firstPosition() - 1, group.lastPosition() + 1):  # the old slot, the new
        flat = QTextCursor(doc)
        flat.setPosition(at)
        flat.setBlockFormat(flat_block())
        flat.setBlockCharFormat(QTextCharFormat())
    cursor = group.firstCursorPosition()
    insert_fragment(cursor, markup)
    message.stable_end.setPosition(cursor.position())
    if message.group is not None:
        message.closed.append(message.group)
        if len(message.closed) >= GROUPS_PER_WRAP:
            message.wrapped.append(wrap(doc, message.closed))
            message.closed = []
    message.group = group
    message.pieces = 1
    # Qt gives the first block of a frame no top margin and the block after a frame none
    # either: the group's top margin is what the two blocks' margins would have collapsed to
    # beyond the previous group's bottom margin (which is its last block's).
    first = doc.findBlock(group.firstPosition()).blockFormat()
    above = before.blockFormat().bottomMargin()
    fmt.setTopMargin(max(0.0, first.topMargin() - above))
    group.setFrameFormat(fmt)
    _fit_group(doc, group)


def _fit_group(doc: QTextDocument, group: QTextFrame) -> None:
    """The group's bottom margin is its last block's, as the block after it would see it."""
    last = doc.findBlock(group.lastPosition())
    fmt = group.frameFormat()
    margin = last.blockFormat().bottomMargin()
    if fmt.bottomMargin() != margin:
        fmt.setBottomMargin(margin)
        group.setFrameFormat(fmt)


def _keep_code(codes: CodeBlocks, rendered: RenderedMarkdown) -> None:
    for offset, block in enumerate(rendered.code_blocks):
        codes.code[codes.next + offset] = block.code


def insert_fragment(cursor: QTextCursor, markup: str) -> None:
    """Insert rendered HTML at ``cursor`` (an empty block with default formats, or the end of
    the block before a table)."""
    markup = markup.strip()  # a trailing newline would become a space at the block's end
    source = QTextDocument()
    source.setHtml(markup)
    start = cursor.position()
    into_empty_block = cursor.block().length() == 1
    cursor.insertFragment(QTextDocumentFragment(source))
    if into_empty_block and not markup.startswith(("<table", "<ul", "<ol")):
        # The fragment's first block is merged into the block it lands in and would take that
        # block's format (a heading's or a centred formula's margins and alignment are lost):
        # give it its own, so a message laid out in pieces looks exactly like one laid out at
        # once, and both like the HTML. (A list starts on a block of its own: the empty block
        # keeps its format — a rule's, which the list's would have erased.)
        first = QTextCursor(cursor.document())
        first.setPosition(start)
        first.setBlockFormat(source.firstBlock().blockFormat())

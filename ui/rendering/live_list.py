"""An open list at the end of a streamed answer, grown item by item in small run lists.

Why it exists: a list stays open as long as an item may follow (the scanner cannot cut inside
it), so a long loose list was rendered whole again on every chunk: O(list) per chunk (issue 13:
0.8 s at 100k characters). Growing one ``QTextList`` would not help: adding a block to a list
makes Qt lay out every item of it again (it renumbers them). Here the items the list had when it
was attached stay in that list; later items go into run lists of at most ``RUN_ITEMS`` items,
each continuing the numbering (``QTextListFormat.setStart``), in group frames of
``RUNS_PER_GROUP`` runs (``live_base``), so they read as one list. Only the open item (the last
one) is refilled on each chunk, from its own text.

Invariants it keeps:

- only simple items grow in place: one paragraph, possibly over several lines, the same marker
  throughout; anything else (a nested list, a second paragraph, code in an item, a tight list
  turning loose) says ``False`` and the transcript renders the tail whole, as before;
- only new text is read: ``grow`` starts at the open item;
- when the list completes, ``render_markdown`` lays it out whole, exactly as a saved answer.
"""

from __future__ import annotations

import re

from PySide6.QtGui import (
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextList,
    QTextListFormat,
)

from parley.ui.rendering.incremental import render_inline
from parley.ui.rendering.live_base import RUNS_PER_GROUP, LiveTail, flat_block, plain_frame
from parley.ui.rendering.markdown import DARK, Palette, _parser

#: Items per run list: adding an item lays out (and renumbers) its whole run.
RUN_ITEMS = 8

_ITEM = re.compile(r"^ {0,3}([-+*]|\d{1,9}[.)])(?: +|$)")
#: What can start another block inside an item (then it is not a simple item).
_BLOCK_START = re.compile(r"^(?:[-+*]\s|\d{1,9}[.)]\s|#{1,6}\s|>|```|~~~|\||\$\$|\\\[| {4})")


class LiveList(LiveTail):
    """An open list of simple items: complete items are laid out once, the open one refilled."""

    def __init__(
        self, doc: QTextDocument, first: QTextList, kind: str, loose: bool, dark: bool
    ) -> None:
        self.doc = doc
        self.list = first  # the list new items go into (the first, then the last run)
        self.list_format = QTextListFormat(first.format())
        self.start = self.list_format.start()
        self.kind = kind
        self.loose = loose
        self.dark = dark
        self.items = first.count()  # items laid out, the open one included
        self.in_run = first.count()
        self.pos = 0  # where the open item starts in the tail
        self.text = ""  # what the open item shows
        self.group: QTextFrame | None = None
        self.in_group = 0
        self.gap = 0.0  # the space between two items (their margins collapsed)
        self.middle = QTextBlockFormat()  # an item's format between two others (no list)

    @classmethod
    def attach(
        cls, doc: QTextDocument, start: int, end: int, tail: str, palette: Palette
    ) -> LiveTail | None:
        items = _items(tail, 0)
        if items is None or not items[0]:
            return None
        starts, _, blank_between = items
        block = doc.findBlock(start)
        while block.isValid() and block.textList() is None and block.length() == 1:
            block = block.next()  # (the empty slot block a list is put after)
        first = block.textList()
        if first is None or first.count() != len(starts):
            return None
        last = first.item(first.count() - 1)
        if last.next().isValid() and last.next().position() < end:
            return None  # more than the list: not a simple one
        loose = _is_loose(tail)
        if blank_between and not loose:
            return None
        live = cls(doc, first, _kind_at(tail, 0), loose, palette == DARK)
        live.pos = starts[-1]
        # Items after the first and before the last have the margins between two items
        # (the first and last ones have the list's own above and below).
        live.middle = QTextBlockFormat(last.blockFormat())
        if not loose:
            live.middle.setTopMargin(0)
            live.middle.setBottomMargin(0)
        live.gap = max(live.middle.topMargin(), live.middle.bottomMargin())
        return live

    def grow(self, tail: str) -> bool:
        parsed = _items(tail, self.pos)
        if parsed is None:
            return False
        starts, texts, blank_between = parsed
        if blank_between and not self.loose:
            return False  # the list turns loose: every item changes
        if any(_kind_at(tail, s) != self.kind for s in starts[1:]):
            return False  # another marker: another list
        for i, text in enumerate(texts):
            if i:
                self._new_item()
            self._fill(text)
        self.pos = starts[-1]
        return True

    def _last_block(self) -> QTextBlock:
        return self.list.item(self.list.count() - 1)

    def _fill(self, text: str) -> None:
        """The open item shows ``text`` (its paragraph's Markdown)."""
        if text == self.text:
            return
        block = self._last_block()
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        if text.strip():
            cursor.insertHtml(render_inline(text, dark=self.dark))
        self.text = text

    def _new_item(self) -> None:
        """A new open item after the last one: in the same run, or a new run list."""
        last = self._last_block()
        cursor = QTextCursor(last)
        between = QTextBlockFormat(self.middle)
        between.setTopMargin(last.blockFormat().topMargin())  # (the first item keeps its own)
        between.setObjectIndex(last.blockFormat().objectIndex())
        cursor.setBlockFormat(between)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        if self.in_run < RUN_ITEMS:
            item = QTextBlockFormat(self.middle)
            item.setObjectIndex(between.objectIndex())
            cursor.insertBlock(item, QTextCharFormat())  # (in the same list)
            self.in_run += 1
        else:
            fmt = QTextBlockFormat(self.middle)
            fmt.setObjectIndex(-1)
            if self.group is None or self.in_group >= RUNS_PER_GROUP:
                cursor = self._new_group(cursor, fmt)
            else:
                cursor.insertBlock(fmt, QTextCharFormat())
            self.in_group += 1
            list_format = QTextListFormat(self.list_format)
            list_format.setStart(self.start + self.items)
            self.list = cursor.createList(list_format)
            self.in_run = 1
        self.items += 1
        self.text = ""

    def _new_group(self, cursor: QTextCursor, fmt: QTextBlockFormat) -> QTextCursor:
        """A group frame after the last item for the next runs (Qt walks every block of a
        frame on each layout: without groups, every item of the list so far)."""
        group_format = plain_frame()
        # The first block of a frame gets no top margin, nor the block after a frame.
        group_format.setTopMargin(self.gap)
        if self.group is not None:
            cursor.setPosition(self.group.lastPosition() + 1)
        group = cursor.insertFrame(group_format)
        after = QTextCursor(self.doc)
        after.setPosition(group.lastPosition() + 1)
        after.setBlockFormat(flat_block())
        self.group, self.in_group = group, 0
        cursor = group.firstCursorPosition()
        cursor.setBlockFormat(fmt)
        cursor.setBlockCharFormat(QTextCharFormat())
        return cursor


def _items(tail: str, pos: int) -> tuple[list[int], list[str], bool] | None:
    """From ``pos`` (the start of an item) on: where each item starts, its paragraph text (the
    last one as far as it came), and whether a blank line separates two items; None when
    something is not a simple item."""
    starts: list[int] = []
    texts: list[list[str]] = []
    blank, blank_between = False, False
    offset = pos
    lines = tail[pos:].split("\n")
    for i, line in enumerate(lines):
        partial = i == len(lines) - 1
        here, offset = offset, offset + len(line) + 1
        marker = _ITEM.match(line)
        if marker and (not partial or line.endswith(" ") or len(line) > marker.end()):
            starts.append(here)
            texts.append([line[marker.end() :]])
            blank_between = blank_between or (blank and len(starts) > 1)
            blank = False
        elif not starts:
            return None
        elif not line.strip():
            blank = blank or not partial
        elif partial:
            if not blank and not _BLOCK_START.match(line.lstrip()):
                texts[-1].append(line.strip())
            # (else: what it starts is not known yet: shown when its line is complete)
        elif blank or _BLOCK_START.match(line.lstrip()):
            return None  # a second paragraph, a nested block, or the list ended
        else:
            texts[-1].append(line.strip())
    if not starts:
        return None
    return starts, ["\n".join(t) for t in texts], blank_between


def _is_loose(text: str) -> bool:
    """Whether the (first) list in ``text`` is loose (its paragraphs shown as paragraphs)."""
    for token in _parser().parse(text, {}):
        if token.type == "paragraph_open":
            return not token.hidden
    return False


def _kind_at(tail: str, start: int) -> str:
    """The kind of the marker of the item starting at ``start``."""
    marker = _ITEM.match(tail[start : start + 16])
    return marker.group(1)[-1] if marker else ""

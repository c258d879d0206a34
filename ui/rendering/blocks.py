"""Where a streamed Markdown answer can be cut into blocks that no later text can change.

Why it exists: the transcript lays out complete blocks of a streamed answer once and only the
open rest again; a saved answer is cut at the same places, so both look the same. Pure Python.
"""

from __future__ import annotations

import re

_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_LIST_ITEM = re.compile(r"^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)")
_MATH_OPEN = re.compile(r"^ {0,3}(\$\$|\\\[)(.*)$")


def stable_prefix_length(text: str) -> int:
    """The length of the longest prefix of ``text`` made of complete top-level blocks that no
    later text can change (0 if none): the last of ``BlockScanner`` boundaries."""
    scanner = BlockScanner()
    scanner.scan(text)
    return scanner.boundaries[-1] if scanner.boundaries else 0


class BlockScanner:
    """Finds, line by line and only once per line, where ``text`` can be cut into complete
    top-level blocks that no later text can change (``boundaries``, increasing offsets).

    ``scan(text)`` reads the complete lines it has not read yet (``text`` only ever grows: the
    answer so far), so streaming costs O(new text), and the boundaries found in a prefix are
    exactly those found in the whole text: the transcript cuts a streamed answer and a saved one
    at the same places (the same pieces, laid out the same way).

    A boundary is after a blank line outside fenced code and display math, or right after a
    closing code fence. A list or indented code can continue after a blank line (and a later
    item can make the whole list "loose"), so while one is open nothing after its start is
    stable until a complete line that can only start a new block (not indented, not a list
    item) follows the blank line. An incomplete last line never decides anything. Conservative
    by design: holding back a little more only means a little more is re-rendered."""

    def __init__(self) -> None:
        self.boundaries: list[int] = []
        self.pos = 0  # where the first line not read yet starts
        self.fence: tuple[str, int] | None = None  # the open fence's character and length
        self.math_close = ""  # "$$" or "\\]" while display math is open
        self.holding = False  # the block can continue past a blank line (list, indented code)
        self.block_open = False  # a non-blank line since the last boundary
        self.after_blank = False
        self.block_start = 0  # where the open block began (its first line)

    def _mark(self, offset: int) -> None:
        if not self.boundaries or offset > self.boundaries[-1]:
            self.boundaries.append(offset)

    def scan(self, text: str) -> None:
        pos = self.pos
        while True:
            end = text.find("\n", pos)
            if end < 0:
                break
            self._line(text[pos:end], pos, end + 1)
            pos = end + 1
        self.pos = pos

    def _line(self, line: str, pos: int, after: int) -> None:
        if self.fence is not None:
            match = _FENCE_LINE.match(line)
            if (
                match
                and match.group(1)[0] == self.fence[0]
                and len(match.group(1)) >= self.fence[1]
                and not match.group(2).strip()
            ):
                self.fence = None
                if not self.holding:
                    self._mark(after)
                    self.block_open = False
        elif self.math_close:
            if self.math_close in line:
                self.math_close = ""
                if not self.holding:
                    self.block_open = False  # the math block ended: a new block may start
        elif not line.strip():
            self.after_blank = True
            if not self.holding:
                self._mark(after)
                self.block_open = False
        else:
            if (
                self.holding
                and self.after_blank
                and not (line[:1] in (" ", "\t") or _LIST_ITEM.match(line))
            ):
                # The list (or indented code) ended before this line: everything up to it is
                # complete.
                self.holding, self.block_open = False, False
                self._mark(pos)
            self.after_blank = False
            # "$$" display math cannot interrupt a paragraph (dollarmath); "\\[" can (ours).
            starts_block = not self.block_open
            if starts_block:
                self.block_start = pos
            if starts_block and (line.startswith("    ") or line.startswith("\t")):
                self.holding = True  # indented code
            if _LIST_ITEM.match(line):
                self.holding = True
            self.block_open = True
            fence_match = _FENCE_LINE.match(line)
            math_match = _MATH_OPEN.match(line)
            if fence_match and not (fence_match.group(1)[0] == "`" and "`" in fence_match.group(2)):
                self.fence = (fence_match.group(1)[0], len(fence_match.group(1)))
            elif math_match and (starts_block or math_match.group(1) != "$$"):
                closer = "$$" if math_match.group(1) == "$$" else "\\]"
                if closer not in math_match.group(2):
                    self.math_close = closer

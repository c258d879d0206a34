"""The reading column: how wide the transcript's text runs, and where it sits in the view.

Why it exists: a line of prose is comfortable to read at about 60 to 80 characters; an answer spread
over the whole width of a 1440 px window is not (every peer — ChatGPT, Claude, Jan, LM Studio —
centres a column of about 48 rem). The transcript is one ``QTextDocument`` in a ``QTextEdit``:
the view narrows its viewport to the column (the view's margins beside it show the page colour),
from the view's width and the transcript's font, computed here.

Invariants it keeps:

- pure arithmetic, no Qt: the view asks on resize and zoom only (never per streamed chunk);
  while the window stays wider than the column the text width does not change, so a resize lays
  nothing out again;
- the column scales with the font (zoom), in font pixel heights, and never leaves less than
  ``GUTTER`` px on either side; below ``COLUMN_EMS`` font heights it takes the whole width.
"""

from __future__ import annotations

#: The widest the text column gets, in font pixel heights: 64 times 12 px (9 pt at 96 dpi, the
#: usual desktop font) is 768 px, the width ChatGPT and Claude use (48 rem at 16 px).
COLUMN_EMS = 64.0

#: The least space left and right of the column (px): the text never touches the view's edge
#: nor its scroll bar. (It is the document's own margin: the viewport's side margins come on top.)
GUTTER = 20

#: Space above the first message and below the last one (px).
TOP_BOTTOM = 20


def font_pixels(point_size: float, dpi: float) -> float:
    """A font's height in pixels, from its point size and the screen's logical dpi."""
    return point_size * dpi / 72.0


def side_margin(viewport_width: int, font_px: float) -> int:
    """The left (and right) margin that centres a column of at most ``COLUMN_EMS`` font heights
    in a viewport ``viewport_width`` px wide; ``GUTTER`` when the viewport is narrower."""
    column = COLUMN_EMS * max(font_px, 1.0)
    return max(GUTTER, int((viewport_width - column) / 2))

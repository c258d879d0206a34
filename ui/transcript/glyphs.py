"""The icons drawn inside the transcript's document: a code block's Copy, the branch chevrons,
the paperclip of an attachment line.

Why it exists: the transcript is one ``QTextDocument`` (no widgets inside it), so an icon in it
is an image whose name the document resolves to a pixmap registered here (``ui.icons``, tinted
with the transcript's palette). Registering again — on a theme change or a zoom — replaces the
pixmaps; the document is laid out again then anyway, and reads their sizes anew.

Invariants it keeps:

- every name the document refers to is registered before anything is drawn with it (the view
  registers at construction, and before drawing again on a theme or font change);
- sizes follow the font: an icon is about one line of text high, and a branch chevron's image
  (its click target) is never smaller than ``MIN_TARGET`` px.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QUrl
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPixmap, QTextDocument

from parley.ui import icons
from parley.ui.rendering.markdown import COPY_ICON, Palette

#: The paperclip before each attachment line (an emoji would need an emoji font).
PAPERCLIP = "parley-icon:paperclip"

#: A branch chevron's image is at least this many px square: it is what the mouse must hit.
MIN_TARGET = 24

#: The chevrons' names in the document: (enabled, disabled) per direction.
CHEVRONS = {
    "previous": ("parley-icon:chevron-left", "parley-icon:chevron-left-off"),
    "next": ("parley-icon:chevron-right", "parley-icon:chevron-right-off"),
}


def target_size(font_px: int) -> int:
    """The square a branch chevron takes (px): two-thirds again a line of text, at least
    ``MIN_TARGET``."""
    return max(MIN_TARGET, round(font_px * 1.7))


def _padded(name: str, glyph: int, side: int, colour: str | QColor) -> QPixmap:
    """The icon ``glyph`` px large, centred in a transparent ``side`` px square."""
    image = icons.pixmap(name, glyph, QColor(colour))
    ratio = image.devicePixelRatio()
    out = QPixmap(round(side * ratio), round(side * ratio))
    out.setDevicePixelRatio(ratio)
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    offset = (side - glyph) // 2
    painter.drawPixmap(QRect(offset, offset, glyph, glyph), image)
    painter.end()
    return out


def _blend(colour: str, under: str, amount: float) -> QColor:
    """``colour`` at ``amount`` opacity over ``under``, as one opaque colour (an SVG fill with
    alpha is not drawn by every renderer)."""
    a, b = QColor(colour), QColor(under)
    return QColor.fromRgbF(
        a.redF() * amount + b.redF() * (1 - amount),
        a.greenF() * amount + b.greenF() * (1 - amount),
        a.blueF() * amount + b.blueF() * (1 - amount),
    )


def register(doc: QTextDocument, palette: Palette, font_px: int) -> None:
    """(Re)register every icon the document shows, in ``palette``'s colours at ``font_px``."""
    kind = QTextDocument.ResourceType.ImageResource
    copy_px = max(12, round(font_px * 1.05))
    doc.addResource(kind, QUrl(COPY_ICON), icons.pixmap("copy", copy_px, QColor(palette.link)))
    clip = icons.pixmap("paperclip", copy_px, QColor(palette.muted))
    doc.addResource(kind, QUrl(PAPERCLIP), clip)
    side = target_size(font_px)
    glyph = max(14, round(font_px * 1.25))
    faint = _blend(palette.muted, palette.background, 0.45)  # at either end: not a control
    # "Previous" points to where a line starts: left, or right in a right-to-left language.
    rtl = QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
    for direction, (enabled, disabled) in CHEVRONS.items():
        name = "chevron-left" if (direction == "previous") != rtl else "chevron-right"
        doc.addResource(kind, QUrl(enabled), _padded(name, glyph, side, palette.link))
        doc.addResource(kind, QUrl(disabled), _padded(name, glyph, side, faint))

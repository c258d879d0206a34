"""The look the Settings dialog and the History window share with the main window.

Why it exists: both windows used to be stock Qt forms (tabs, bare labels, grey push buttons).
The main window's look (issue 16, ``docs/design/look.md``) is a handful of rules — Lucide icons
in the palette's colour, a bold page title with a muted line under it, grouped sections, one
accent (primary) button per place, worded badges — and this module keeps them in one place so
the two windows cannot drift apart. Everything is drawn from palette roles (``palette(...)`` in
style sheets, ``QPalette`` when painting), so the light, the dark and any high-contrast palette
the platform hands Qt are followed without a colour table of ours.

Invariants it keeps:

- ``icon_or(name, fallback)`` never fails for an icon the set does not (yet) hold: it draws the
  fallback, which must be one of ``ui.icons.NAMES``;
- a badge says its state in words (``Badge.text``); colour only repeats it, and a badge always
  has a border in its text colour, so it stays visible where a palette flattens the fill;
- sizes follow the font (zoom): nothing here is set in pixels except paddings and radii.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QFormLayout,
    QFrame,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from parley.ui import icons
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate

#: The accent button (Save, Add, Start chatting): filled with the palette's highlight.
PRIMARY_STYLE = (
    "QPushButton { background: palette(highlight); color: palette(highlighted-text);"
    " border: 1px solid palette(highlight); border-radius: 8px; padding: 5px 14px;"
    " font-weight: 600; }"
    " QPushButton:hover { background: palette(link); border-color: palette(link); }"
    " QPushButton:focus { border: 2px solid palette(text); }"
    " QPushButton:disabled { background: palette(button); color: palette(mid);"
    " border-color: palette(mid); }"
)
#: Every other button: the window's surface, a thin border, the same radius as the primary.
SECONDARY_STYLE = (
    "QPushButton { background: palette(base); color: palette(button-text);"
    " border: 1px solid palette(mid); border-radius: 8px; padding: 5px 12px; }"
    " QPushButton:hover { border-color: palette(highlight); }"
    " QPushButton:focus { border: 2px solid palette(highlight); }"
    " QPushButton:disabled { color: palette(mid); }"
)
#: A group of related controls: a rounded card, a shade off the window (fields stay distinct).
SECTION_STYLE = (
    "QFrame#settings-section { background: palette(alternate-base); border: 1px solid palette(mid);"
    " border-radius: 10px; }"
    " QFrame#settings-section QLabel { background: transparent; }"
)
#: Icon-only tool buttons: flat until hovered or focused.
TOOL_STYLE = (
    "QToolButton { border: 1px solid transparent; border-radius: 6px; padding: 4px; }"
    " QToolButton:hover { border-color: palette(mid); background: palette(button); }"
    " QToolButton:focus { border-color: palette(highlight); }"
    " QToolButton::menu-indicator { image: none; width: 0; }"
)
#: Muted explanation text under a control or a title.
HINT_STYLE = "color: palette(placeholder-text)"


def icon_or(name: str, fallback: str) -> QIcon:
    """``icons.icon(name)``, or ``fallback`` while the set does not hold ``name``."""
    return icons.icon(name if name in icons.NAMES else fallback)


def primary(button: QPushButton) -> QPushButton:
    """Style ``button`` as the one accent action of its place; returns it."""
    button.setStyleSheet(PRIMARY_STYLE)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    button.setProperty("role", "primary")
    icons.scale_with_font(button, 1.0)  # its icon grows with the zoom
    return button


def secondary(button: QAbstractButton) -> QAbstractButton:
    """Style ``button`` as an ordinary action; returns it."""
    button.setStyleSheet(SECONDARY_STYLE)
    button.setProperty("role", "secondary")
    icons.scale_with_font(button, 1.0)
    return button


def title_label(text: str, scale: float = 1.45) -> QLabel:
    """A page title: bold, ``scale`` times the font (it follows the zoom)."""
    label = QLabel(text)
    label.setObjectName("page-title")
    font = QFont(label.font())
    font.setBold(True)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    label.setAccessibleName(text)
    return label


def hint_label(text: str) -> QLabel:
    """A short, muted, wrapping explanation (under a title or a control)."""
    label = QLabel(text)
    label.setObjectName("hint")
    label.setWordWrap(True)
    label.setStyleSheet(HINT_STYLE)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def heading_label(text: str) -> QLabel:
    """A section heading: bold, the font's size."""
    label = QLabel(text)
    label.setObjectName("section-heading")
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def section(title: str, hint: str = "") -> tuple[QFrame, QVBoxLayout]:
    """A rounded card with a bold heading and an optional muted line: the card and its body."""
    card = QFrame()
    card.setObjectName("settings-section")
    card.setStyleSheet(SECTION_STYLE)
    card.setAccessibleName(title)
    body = QVBoxLayout(card)
    body.setContentsMargins(16, 12, 16, 14)
    body.setSpacing(6)
    body.addWidget(heading_label(title))
    if hint:
        body.addWidget(hint_label(hint))
    return card, body


def page_header(title: str, hint: str, parent_layout: QVBoxLayout) -> QLabel:
    """Put a page's title and its line under it at the top of ``parent_layout``; the title."""
    heading = title_label(title)
    parent_layout.addWidget(heading)
    parent_layout.addWidget(hint_label(hint))
    parent_layout.addSpacing(6)
    return heading


# -- badges ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Badge:
    """A worded state with its colours: ``(fill, text)`` for the light and the dark theme."""

    text: str
    light: tuple[str, str]
    dark: tuple[str, str]

    @property
    def words(self) -> str:
        """``text`` in the window's language (``text`` stays English: marked for translation)."""
        return translate("Badges", self.text)

    def colours(self, palette: QPalette) -> tuple[QColor, QColor]:
        """Fill and text colour for ``palette`` (dark when its base colour is dark)."""
        dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
        fill, text = self.dark if dark else self.light
        return QColor(fill), QColor(text)


BADGES: dict[str, Badge] = {
    "completed": Badge(
        QT_TRANSLATE_NOOP("Badges", "Completed"), ("#e2f3e8", "#17663f"), ("#1d3a2a", "#8fd6a8")
    ),
    "failed": Badge(
        QT_TRANSLATE_NOOP("Badges", "Failed"), ("#fde3e0", "#a0251a"), ("#4a2220", "#ff9e94")
    ),
    "stopped": Badge(
        QT_TRANSLATE_NOOP("Badges", "Stopped"), ("#fff0c7", "#6e4b00"), ("#433819", "#f2c86b")
    ),
    "denied": Badge(
        QT_TRANSLATE_NOOP("Badges", "Denied"), ("#efe4fb", "#5a2d8f"), ("#352849", "#d2b0ff")
    ),
    "empty": Badge(
        QT_TRANSLATE_NOOP("Badges", "No turns"), ("#eceef1", "#4a4f57"), ("#2d3035", "#b9bec6")
    ),
    # Provider key states (Settings → Providers).
    "key": Badge(
        QT_TRANSLATE_NOOP("Badges", "Key set"), ("#e2f3e8", "#17663f"), ("#1d3a2a", "#8fd6a8")
    ),
    "env": Badge(
        QT_TRANSLATE_NOOP("Badges", "Key from env"), ("#e2f3e8", "#17663f"), ("#1d3a2a", "#8fd6a8")
    ),
    "no-key": Badge(
        QT_TRANSLATE_NOOP("Badges", "No key"), ("#fde3e0", "#a0251a"), ("#4a2220", "#ff9e94")
    ),
    "no-keyring": Badge(
        QT_TRANSLATE_NOOP("Badges", "No keyring"), ("#fff0c7", "#6e4b00"), ("#433819", "#f2c86b")
    ),
    "keyless": Badge(
        QT_TRANSLATE_NOOP("Badges", "No key needed"), ("#eceef1", "#4a4f57"), ("#2d3035", "#b9bec6")
    ),
}


_BADGE_FONTS: dict[tuple[str, str], tuple[QFont, int, int]] = {}


def _badge_font(base: QFont, words: str) -> tuple[QFont, int, int]:
    """The badge's font (smaller, semi-bold) for ``base`` and the width and height of ``words``
    in it; cached, as a table paints a badge per visible row on every scroll step."""
    key = (base.key(), words)
    found = _BADGE_FONTS.get(key)
    if found is None:
        font = QFont(base)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 0.9)
        font.setWeight(QFont.Weight.DemiBold)
        metrics = QFontMetrics(font)
        if len(_BADGE_FONTS) > 256:
            _BADGE_FONTS.clear()
        found = _BADGE_FONTS[key] = (font, metrics.horizontalAdvance(words), metrics.height())
    return found


def paint_badge(
    painter: QPainter, rect: QRect, badge: Badge, palette: QPalette, text: str = ""
) -> QRect:
    """Draw ``badge`` (or ``text`` in its colours) at the start of ``rect`` (left, or right in a
    right-to-left language), vertically centred;
    returns the rectangle it took."""
    words = text or badge.words
    font, text_width, text_height = _badge_font(painter.font(), words)
    height = min(rect.height() - 2, text_height + 6)
    width = min(rect.width(), text_width + text_height)
    # Left-aligned, or right-aligned in a right-to-left language (where a row starts).
    rtl = painter.layoutDirection() == Qt.LayoutDirection.RightToLeft
    x = rect.right() - width + 1 if rtl else rect.left()
    box = QRect(x, rect.top() + (rect.height() - height) // 2, width, height)
    fill, ink = badge.colours(palette)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen_colour = QColor(ink)
    pen_colour.setAlphaF(0.55)
    painter.setPen(pen_colour)
    painter.setBrush(fill)
    radius = height / 2
    painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    painter.setPen(ink)
    painter.setFont(font)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), words)
    painter.restore()
    return box


class BadgeLabel(QLabel):
    """A badge as a widget (outside item views): worded, coloured, with an accessible name."""

    def __init__(self, kind: str = "empty", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = ""
        self.set_kind(kind)

    def set_kind(self, kind: str, text: str = "") -> None:
        badge = BADGES[kind]
        self.kind = kind
        words = text or badge.words
        self.setText(words)
        self.setAccessibleName(words)
        fill, ink = badge.colours(self.palette())
        self.setStyleSheet(
            f"QLabel {{ background: {fill.name()}; color: {ink.name()};"
            f" border: 1px solid {ink.name()}; border-radius: 9px; padding: 1px 8px;"
            " font-weight: 600; }"
        )


#: One row of a ``card_form``: the label, the field (a widget or a layout), the line under it.
Row = tuple[str, QWidget | QLayout, str]


def label_width(widget: QWidget, labels: tuple[str, ...] | list[str]) -> int:
    """The width that fits every label in ``labels`` (the fields of several cards line up)."""
    return max(widget.fontMetrics().horizontalAdvance(text) for text in labels) + 6


def card_form(title: str, rows: list[Row], width: int = 0, hint: str = "") -> QFrame:
    """A ``section`` holding a form: each row's label (at least ``width`` wide), its field, and
    its muted line under the field."""
    frame, body = section(title, hint)
    body.setContentsMargins(14, 10, 14, 10)
    form = QFormLayout()
    form.setHorizontalSpacing(14)
    form.setVerticalSpacing(3)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    for label, field, line in rows:
        name = QLabel(label)
        if width:
            name.setMinimumWidth(width)
        if isinstance(field, QWidget):
            name.setBuddy(field)
        form.addRow(name, field)
        if line:
            under = hint_label(line)
            under.setContentsMargins(0, 0, 0, 6)
            form.addRow("", under)
    body.addLayout(form)
    return frame


def list_column(listing: QWidget, new: QPushButton, delete: QPushButton) -> None:
    """The left column of a list page: New as the accent button with a plus, Delete secondary
    with a bin, and a list no narrower than a short name."""
    primary(new)
    new.setIcon(icons.icon("plus", role=QPalette.ColorRole.HighlightedText))
    secondary(delete)
    delete.setIcon(icon_or("trash-2", "x"))
    listing.setMinimumWidth(listing.fontMetrics().horizontalAdvance("x") * 22)


def scrolling(*parts: QWidget, stretch_last: bool = False) -> QScrollArea:
    """``parts`` stacked in a frameless scroll area that scrolls only vertically: a page's
    form scrolls under its buttons at 200 % zoom instead of pushing them out of sight."""
    body = QWidget()
    column = QVBoxLayout(body)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(10)
    for part in parts:
        column.addWidget(part)
    if not stretch_last:
        column.addStretch(1)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(body)
    return area


def paint_two_line_row(
    painter: QPainter,
    option: QStyleOptionViewItem,
    rect: QRect,
    name: str,
    detail: str,
    badge: Badge | None,
) -> None:
    """A list row of the settings pages (providers, MCP servers): the name in bold with a
    worded badge at its right, and a muted detail line under it, both elided to ``rect``. The
    row's background (selection, hover) is the caller's."""
    palette = option.palette
    selected = bool(option.state & QStyle.StateFlag.State_Selected)
    ink = palette.highlightedText().color() if selected else palette.text().color()
    muted = QColor(ink) if selected else palette.placeholderText().color()
    font = QFont(option.font)
    metrics = QFontMetrics(font)
    rtl = option.direction == Qt.LayoutDirection.RightToLeft
    badge_width = 0
    if badge is not None:
        small = QFont(font)
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * 0.9)
        small.setWeight(QFont.Weight.DemiBold)  # as paint_badge draws it
        small_metrics = QFontMetrics(small)
        badge_width = small_metrics.horizontalAdvance(badge.words) + small_metrics.height()
        # At the row's end: the right in a left-to-right language, the left in Arabic.
        left = rect.left() if rtl else rect.right() - badge_width
        top = QRect(left, rect.top() - 4, badge_width + 1, metrics.height() + 8)
        painter.save()
        painter.setFont(font)
        paint_badge(painter, top, badge, palette)
        painter.restore()
    painter.save()
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.setPen(ink)
    name_left = rect.left() + badge_width + 8 if rtl and badge_width else rect.left()
    name_rect = QRect(name_left, rect.top(), rect.width() - badge_width - 8, metrics.height())
    shown = QFontMetrics(bold).elidedText(name, Qt.TextElideMode.ElideRight, name_rect.width())
    painter.drawText(name_rect, int(Qt.AlignmentFlag.AlignVCenter), shown)
    painter.setFont(font)
    painter.setPen(muted)
    detail_rect = QRect(
        rect.left(), rect.top() + metrics.height() + 4, rect.width(), metrics.height()
    )
    line = metrics.elidedText(detail, Qt.TextElideMode.ElideMiddle, detail_rect.width())
    painter.drawText(detail_rect, int(Qt.AlignmentFlag.AlignVCenter), line)
    painter.restore()


class TwoLineRowDelegate(QStyledItemDelegate):
    """A settings list's row (providers, MCP servers): Qt's own item background and check box,
    then ``paint_two_line_row``. A subclass says what the row holds (``row``)."""

    def row(self, index: QModelIndex | QPersistentModelIndex) -> tuple[str, str, Badge | None]:
        """The row's name, detail line and badge."""
        raise NotImplementedError

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        metrics = QFontMetrics(option.font)
        return QSize(metrics.horizontalAdvance("x") * 30, metrics.height() * 2 + 18)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else None
        left = 10
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
            if opt.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator:
                check = style.subElementRect(
                    QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, widget
                )
                left = check.right() - option.rect.left() + 8
                if option.direction == Qt.LayoutDirection.RightToLeft:  # the box is on the right
                    left = option.rect.right() - check.left() + 8
        name, detail, badge = self.row(index)
        rtl = option.direction == Qt.LayoutDirection.RightToLeft
        area = (
            option.rect.adjusted(8, 6, -left, -6) if rtl else option.rect.adjusted(left, 6, -8, -6)
        )
        paint_two_line_row(painter, option, area, name, detail, badge)

"""Icons: a small bundled set of line icons, drawn in the current palette's colour at any size.

Why it exists: text-only buttons ("Attach", "Send") make Parley look like a stock form, and a
bitmap icon set either blurs at 200 % zoom or stays black on the dark theme. The icons here are
SVGs (Lucide, ISC licence — ``ui/icons/LICENSE``) whose strokes say ``currentColor``; this module
substitutes a colour and renders the SVG with QtSvg *when the icon is painted*, so one ``QIcon``
stays crisp at every size and device pixel ratio and is re-tinted when the theme changes (a
widget repaints on a palette change and the engine reads the palette again).

Invariants it keeps:

- ``icon(name)`` and ``pixmap(name, …)`` accept only the names in ``NAMES`` (a typo fails at the
  call, not as an invisible button);
- the colour of ``icon(name)`` is read from the application palette at paint time: ``role``
  (ButtonText by default) of the group matching the icon mode — Disabled for a disabled
  button, ``HighlightedText`` for a selected item;
- a rendered pixmap is cached per (name, colour, device size), so a theme change or a zoom makes
  new entries and never returns a stale tint;
- importing this module costs nothing: QtSvg is imported and files are read on first render;
- a button given to ``scale_with_font`` keeps its icon ``factor`` times its font's height, so a zoom
  enlarges icons with the text.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import QAbstractButton

#: Where the SVG files live (installed as package data next to this module).
ICON_DIR = Path(__file__).resolve().with_name("icons")

#: Every icon name this module serves; the file is ``ICON_DIR / f"{name}.svg"``.
#: ``history`` is Lucide's ``rotate-ccw-clock`` and ``alert-triangle`` its ``triangle-alert``,
#: copied under the names the rest of the UI uses.
NAMES: tuple[str, ...] = (
    "alert-triangle",
    "arrow-up",
    "book-open",
    "calendar",
    "check",
    "chevron-down",
    "chevron-left",
    "chevron-right",
    "code",
    "coins",
    "copy",
    "download",
    "file-text",
    "folder",
    "history",
    "image",
    "info",
    "loader",
    "mail",
    "message-square",
    "paperclip",
    "pencil",
    "pin",
    "plug",
    "plus",
    "presentation",
    "refresh-cw",
    "search",
    "search-x",
    "settings",
    "shield",
    "shield-check",
    "sliders-horizontal",
    "sparkles",
    "square",
    "table",
    "terminal",
    "trash-2",
    "wrench",
    "x",
)

_KNOWN = frozenset(NAMES)


def _check(name: str) -> None:
    if name not in _KNOWN:
        raise ValueError(f"unknown icon {name!r}; known: {', '.join(NAMES)}")


@cache
def _svg_text(name: str) -> str:
    """The icon's SVG source, read once."""
    return (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")


@lru_cache(maxsize=512)
def _render(name: str, colour: str, width: int, height: int) -> QImage:
    """The icon drawn in ``colour`` (``#aarrggbb`` hex) into a transparent device-size image.

    Cached per (name, colour, size): callers must not paint on the returned image. The cache
    holds ``QImage``s, not ``QPixmap``s: it lives until the interpreter ends, after the
    ``QApplication``, and a pixmap destroyed without one crashes the process on exit.
    """
    from PySide6.QtSvg import QSvgRenderer  # first render only: keeps start-up free of QtSvg

    source = _svg_text(name).replace("currentColor", _svg_colour(QColor.fromString(colour)))
    renderer = QSvgRenderer(QByteArray(source.encode("utf-8")))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    # Lucide's view box is square: keep the aspect and centre it in a non-square request.
    side = min(width, height)
    renderer.render(painter, QRect((width - side) // 2, (height - side) // 2, side, side))
    painter.end()
    return image


def _svg_colour(colour: QColor) -> str:
    """A colour SVG understands; alpha goes through ``rgba()`` (a ``#rrggbbaa`` is not SVG 1.1)."""
    if colour.alpha() == 255:
        return colour.name(QColor.NameFormat.HexRgb)
    return f"rgba({colour.red()},{colour.green()},{colour.blue()},{colour.alphaF():.3f})"


def _key(colour: QColor) -> str:
    return colour.name(QColor.NameFormat.HexArgb)


def palette_colour(
    mode: QIcon.Mode = QIcon.Mode.Normal,
    role: QPalette.ColorRole = QPalette.ColorRole.ButtonText,
) -> QColor:
    """The colour an icon in ``mode`` takes from the application palette now."""
    palette = QGuiApplication.palette()
    if mode == QIcon.Mode.Disabled:
        return palette.color(QPalette.ColorGroup.Disabled, role)
    if mode == QIcon.Mode.Selected:
        return palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    return palette.color(QPalette.ColorGroup.Active, role)


class _PaletteIconEngine(QIconEngine):
    """Draws one named icon at paint time, in a fixed colour or the palette's ``role``."""

    def __init__(self, name: str, role: QPalette.ColorRole, colour: QColor | None) -> None:
        super().__init__()
        self._name = name
        self._role = role
        self._colour = QColor(colour) if colour is not None else None

    def _colour_for(self, mode: QIcon.Mode) -> QColor:
        if self._colour is None:
            return palette_colour(mode, self._role)
        if mode == QIcon.Mode.Disabled:
            dimmed = QColor(self._colour)
            dimmed.setAlphaF(dimmed.alphaF() * 0.4)
            return dimmed
        return self._colour

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        image = self.scaledPixmap(rect.size(), mode, state, ratio)
        painter.drawPixmap(rect, image)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(
        self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float
    ) -> QPixmap:
        # Qt 6 passes the logical size and the target's device pixel ratio: draw at device size.
        return _device_pixmap(self._name, self._colour_for(mode), size, scale)

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        return QSize(size)

    def availableSizes(
        self, mode: QIcon.Mode = QIcon.Mode.Normal, state: QIcon.State = QIcon.State.Off
    ) -> list[QSize]:
        return []  # scalable: every size is "available"

    def iconName(self) -> str:
        return self._name

    def clone(self) -> QIconEngine:
        return _PaletteIconEngine(self._name, self._role, self._colour)

    def key(self) -> str:
        return "parley-svg"


def _device_pixmap(name: str, colour: QColor, size: QSize, scale: float) -> QPixmap:
    """A copy of the cached rendering at size times scale device pixels, marked with the scale."""
    scale = scale if scale > 0 else 1.0
    width = max(1, round(size.width() * scale))
    height = max(1, round(size.height() * scale))
    image = QPixmap.fromImage(_render(name, _key(colour), width, height))
    image.setDevicePixelRatio(scale)
    return image


def icon(
    name: str,
    *,
    role: QPalette.ColorRole = QPalette.ColorRole.ButtonText,
    color: QColor | None = None,
) -> QIcon:
    """The named icon, in the palette's ``role`` colour (or the fixed ``color``) when painted."""
    _check(name)
    return QIcon(_PaletteIconEngine(name, role, color))


def pixmap(name: str, size: int, color: QColor | None = None) -> QPixmap:
    """The named icon as a square ``size`` logical-pixel pixmap, sharp on the primary screen.

    ``color`` defaults to the palette's button text colour *now*: a pixmap does not follow a later
    theme change (use ``icon`` for anything that stays on screen across one).
    """
    _check(name)
    ratio = 1.0
    screen = QGuiApplication.primaryScreen() if QGuiApplication.instance() else None
    if screen is not None:
        ratio = screen.devicePixelRatio()
    colour = color if color is not None else palette_colour()
    return _device_pixmap(name, colour, QSize(size, size), ratio)


class _FontFollower(QObject):
    """Resizes its button's icon when the button's font changes (the zoom)."""

    def __init__(self, button: QAbstractButton, factor: float) -> None:
        super().__init__(button)
        self._factor = factor
        self.apply(button)
        button.installEventFilter(self)

    def apply(self, button: QAbstractButton) -> None:
        side = max(12, round(button.fontMetrics().height() * self._factor))
        button.setIconSize(QSize(side, side))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange and isinstance(watched, QAbstractButton):
            self.apply(watched)
        return False


def scale_with_font(button: QAbstractButton, factor: float = 1.15) -> None:
    """Keep ``button``'s icon ``factor`` times its font's height, now and after every zoom."""
    _FontFollower(button, factor)

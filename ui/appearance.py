"""Appearance: the light/dark theme and the font zoom, applied to the whole application.

Why it exists: a theme is more than a background colour. Qt's platform styles draw some parts
natively and take others from the palette, so a hand-made dark palette on the Windows or macOS
style leaves unreadable corners. ``ThemeManager`` therefore applies the Fusion style (which
draws *everything* from the palette) and a complete ``QPalette`` — every role a widget reads, in
the Active, Inactive and Disabled groups — from one colour table per theme. In "system" mode it
follows the operating system's colour scheme as it changes. ``FontZoom`` gives Ctrl+= / Ctrl+- /
Ctrl+0 their steps and applies the size to the application font, which every widget without an
explicit font of its own inherits.

Invariants it keeps:

- the effective theme is dark only when the mode is "dark", or "system" with a dark system
  scheme (an unknown scheme counts as light);
- ``sig_theme_changed`` fires once per change of the *effective* theme, never for a mode change
  that leaves it as it was (system→light on a light system);
- the zoomed size stays within ``[minimum, maximum]`` and ``sig_zoom_changed`` fires only when it
  actually changes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

#: The theme modes a user can choose ("contrast": white and yellow on black, for low vision).
THEME_MODES = ("system", "light", "dark", "contrast")

_Role = QPalette.ColorRole
_Group = QPalette.ColorGroup

# One table per theme: the colour of every role, for the Active and Inactive groups.
LIGHT_COLOURS: Mapping[QPalette.ColorRole, str] = {
    _Role.Window: "#f3f3f3",
    _Role.WindowText: "#1f1f1f",
    _Role.Base: "#ffffff",
    _Role.AlternateBase: "#f0f2f5",
    _Role.ToolTipBase: "#ffffdc",
    _Role.ToolTipText: "#1f1f1f",
    _Role.PlaceholderText: "#80868b",
    _Role.Text: "#1f1f1f",
    _Role.Button: "#eaeaea",
    _Role.ButtonText: "#1f1f1f",
    _Role.BrightText: "#d32f2f",
    _Role.Light: "#ffffff",
    _Role.Midlight: "#f5f5f5",
    _Role.Mid: "#b8b8b8",
    _Role.Dark: "#a0a0a0",
    _Role.Shadow: "#707070",
    _Role.Highlight: "#2f6fde",
    _Role.HighlightedText: "#ffffff",
    _Role.Link: "#1a5fc9",
    _Role.LinkVisited: "#6a3fb5",
    _Role.Accent: "#2f6fde",
}

DARK_COLOURS: Mapping[QPalette.ColorRole, str] = {
    _Role.Window: "#202124",
    _Role.WindowText: "#e8eaed",
    _Role.Base: "#17181a",
    _Role.AlternateBase: "#26282b",
    _Role.ToolTipBase: "#303134",
    _Role.ToolTipText: "#e8eaed",
    _Role.PlaceholderText: "#8e9297",
    _Role.Text: "#e8eaed",
    _Role.Button: "#2d2f33",
    _Role.ButtonText: "#e8eaed",
    _Role.BrightText: "#ff8a80",
    _Role.Light: "#3c3f44",
    _Role.Midlight: "#33363a",
    _Role.Mid: "#4a4d52",
    _Role.Dark: "#141517",
    _Role.Shadow: "#000000",
    _Role.Highlight: "#3d7be0",
    _Role.HighlightedText: "#ffffff",
    _Role.Link: "#8ab4f8",
    _Role.LinkVisited: "#c58af9",
    _Role.Accent: "#3d7be0",
}

# The Disabled group: greyed text on the same surfaces.
LIGHT_DISABLED: Mapping[QPalette.ColorRole, str] = {
    _Role.WindowText: "#9a9a9a",
    _Role.Text: "#9a9a9a",
    _Role.ButtonText: "#9a9a9a",
    _Role.PlaceholderText: "#b5b5b5",
    _Role.Base: "#f5f5f5",
    _Role.Button: "#efefef",
    _Role.Highlight: "#c8c8c8",
    _Role.HighlightedText: "#7a7a7a",
    _Role.Link: "#9a9a9a",
}

DARK_DISABLED: Mapping[QPalette.ColorRole, str] = {
    _Role.WindowText: "#6b6e73",
    _Role.Text: "#6b6e73",
    _Role.ButtonText: "#6b6e73",
    _Role.PlaceholderText: "#55585c",
    _Role.Base: "#1c1d20",
    _Role.Button: "#26282b",
    _Role.Highlight: "#3a3c40",
    _Role.HighlightedText: "#8e9297",
    _Role.Link: "#6b6e73",
}


#: High contrast: pure black and white, yellow for what is selected or a link, white borders
#: (``Mid``/``Dark``/``Shadow``) so every control's outline shows.
CONTRAST_COLOURS: Mapping[QPalette.ColorRole, str] = {
    _Role.Window: "#000000",
    _Role.WindowText: "#ffffff",
    _Role.Base: "#000000",
    _Role.AlternateBase: "#000000",
    _Role.ToolTipBase: "#000000",
    _Role.ToolTipText: "#ffffff",
    _Role.PlaceholderText: "#d8d8d8",
    _Role.Text: "#ffffff",
    _Role.Button: "#000000",
    _Role.ButtonText: "#ffffff",
    _Role.BrightText: "#ff9a9a",
    _Role.Light: "#ffffff",
    _Role.Midlight: "#000000",
    _Role.Mid: "#ffffff",
    _Role.Dark: "#ffffff",
    _Role.Shadow: "#ffffff",
    _Role.Highlight: "#ffff00",
    _Role.HighlightedText: "#000000",
    _Role.Link: "#ffff00",
    _Role.LinkVisited: "#ffb0ff",
    _Role.Accent: "#ffff00",
}

CONTRAST_DISABLED: Mapping[QPalette.ColorRole, str] = {
    _Role.WindowText: "#b0b0b0",
    _Role.Text: "#b0b0b0",
    _Role.ButtonText: "#b0b0b0",
    _Role.PlaceholderText: "#b0b0b0",
    _Role.Highlight: "#b0b0b0",
    _Role.HighlightedText: "#000000",
    _Role.Link: "#b0b0b0",
}


def build_palette(dark: bool, contrast: bool = False) -> QPalette:
    """The complete palette of the light, the dark or (``contrast``) the high-contrast theme."""
    if contrast:
        colours, disabled = CONTRAST_COLOURS, CONTRAST_DISABLED
    else:
        colours = DARK_COLOURS if dark else LIGHT_COLOURS
        disabled = DARK_DISABLED if dark else LIGHT_DISABLED
    palette = QPalette()
    for role, colour in colours.items():
        # Active and Inactive alike: an unfocused window keeps its colours.
        palette.setColor(_Group.Active, role, QColor(colour))
        palette.setColor(_Group.Inactive, role, QColor(colour))
        palette.setColor(_Group.Disabled, role, QColor(disabled.get(role, colour)))
    return palette


def scheme_is_dark(scheme: Qt.ColorScheme) -> bool:
    """True only for a dark system scheme; Unknown (no preference, or no support) is light."""
    return scheme == Qt.ColorScheme.Dark


class ThemeManager(QObject):
    """Applies the light or dark theme to the application and follows the system in "system"
    mode. Construct it once, after the ``QApplication``, and keep a reference (it has no Qt
    parent, so a dropped manager stops following the system); it applies ``mode`` at once."""

    sig_theme_changed = Signal(bool)
    """The effective theme changed: True when it is now dark."""

    def __init__(self, app: QApplication, mode: str = "system") -> None:
        super().__init__()
        self._app = app
        self._check(mode)
        self._mode = mode
        self._is_dark: bool | None = None
        self._contrast_applied = False
        self._hints = QGuiApplication.styleHints()
        self._hints.colorSchemeChanged.connect(self._on_system_scheme)
        app.setStyle("Fusion")
        self._apply(self._effective(self._hints.colorScheme()), emit=False)

    def detach(self) -> None:
        """Stop following the system's scheme (the window that made this manager closed: a
        manager kept alive by a reference elsewhere must not switch the palette after it)."""
        with contextlib.suppress(RuntimeError, TypeError):  # not connected: detached already
            self._hints.colorSchemeChanged.disconnect(self._on_system_scheme)

    @property
    def mode(self) -> str:
        """ "system", "light", "dark" or "contrast"."""
        return self._mode

    @property
    def is_high_contrast(self) -> bool:
        """Whether the high-contrast theme is in effect (it counts as dark too)."""
        return self._mode == "contrast"

    @property
    def is_dark(self) -> bool:
        """Whether the theme in effect now is the dark one."""
        return bool(self._is_dark)

    def set_mode(self, mode: str) -> None:
        """Switch to "system", "light", "dark" or "contrast" (ValueError for anything else)."""
        self._check(mode)
        self._mode = mode
        # Tell the platform too, so native parts (title bars, file dialogs) match where the
        # platform supports it; where it does not, this does nothing.
        if mode == "system":
            self._hints.unsetColorScheme()
        else:
            self._hints.setColorScheme(
                Qt.ColorScheme.Dark if mode in ("dark", "contrast") else Qt.ColorScheme.Light
            )
        self._apply(self._effective(self._system_scheme()), emit=True)

    def _system_scheme(self) -> Qt.ColorScheme:
        return self._hints.colorScheme()

    def _effective(self, system: Qt.ColorScheme) -> bool:
        if self._mode == "system":
            return scheme_is_dark(system)
        return self._mode in ("dark", "contrast")

    def _on_system_scheme(self, scheme: Qt.ColorScheme) -> None:
        # A scheme we requested ourselves (set_mode light/dark) arrives here too; only the
        # system mode follows it.
        if self._mode == "system":
            self._apply(scheme_is_dark(scheme), emit=True)

    def _apply(self, dark: bool, *, emit: bool) -> None:
        from parley.ui.rendering.markdown import set_high_contrast

        contrast = self.is_high_contrast
        changed = self._is_dark is not None and (
            dark != self._is_dark or contrast != self._contrast_applied
        )
        self._is_dark = dark
        self._contrast_applied = contrast
        set_high_contrast(contrast)  # the transcript's colours, before the views hear of it
        self._app.setPalette(build_palette(dark, contrast))
        if changed and emit:
            # (Dark to high contrast is a change too, though both are dark.)
            self.sig_theme_changed.emit(dark)

    @staticmethod
    def _check(mode: str) -> None:
        if mode not in THEME_MODES:
            raise ValueError(f"Unknown theme {mode!r}; expected one of {THEME_MODES}")


#: The sizes Ctrl+= and Ctrl+- step through (the base size joins them).
ZOOM_STEPS = (8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 16.0, 18.0, 20.0, 22.0, 24.0, 26.0, 28.0)
#: When the application font has no point size (it is set in pixels), start from this one.
FALLBACK_POINT_SIZE = 10.0


class FontZoom(QObject):
    """The application font's point size, stepped by Ctrl+= / Ctrl+- and reset by Ctrl+0.

    The base is the application font's size when it is built (clamped into the range). With an
    ``app``, every change is applied to the application font; without one, it only computes and
    signals (the window may apply it to the transcript alone)."""

    sig_zoom_changed = Signal(float)
    """The point size changed: the new size."""

    def __init__(
        self,
        app: QApplication | None = None,
        *,
        base: float | None = None,
        minimum: float = 8.0,
        maximum: float = 28.0,
    ) -> None:
        super().__init__()
        if minimum > maximum:
            raise ValueError(f"minimum {minimum} is above maximum {maximum}")
        self._app = app
        self._minimum = float(minimum)
        self._maximum = float(maximum)
        if base is None:
            size = app.font().pointSizeF() if app is not None else -1.0
            base = size if size > 0 else FALLBACK_POINT_SIZE
        self._base = self._clamp(base)
        self._size = self._base
        steps = {s for s in ZOOM_STEPS if self._minimum <= s <= self._maximum}
        self._steps = tuple(sorted(steps | {self._base, self._minimum, self._maximum}))

    @property
    def point_size(self) -> float:
        return self._size

    @property
    def base_point_size(self) -> float:
        return self._base

    @property
    def minimum(self) -> float:
        return self._minimum

    @property
    def maximum(self) -> float:
        return self._maximum

    def zoom_in(self) -> None:
        """One step larger (no change at the maximum)."""
        larger = [s for s in self._steps if s > self._size]
        self.set_point_size(larger[0] if larger else self._maximum)

    def zoom_out(self) -> None:
        """One step smaller (no change at the minimum)."""
        smaller = [s for s in self._steps if s < self._size]
        self.set_point_size(smaller[-1] if smaller else self._minimum)

    def reset(self) -> None:
        """Back to the base size."""
        self.set_point_size(self._base)

    def set_point_size(self, size: float) -> None:
        """Any size (a saved one), clamped into range; 0 or less means the base size."""
        new = self._base if size <= 0 else self._clamp(size)
        if new == self._size:
            return
        self._size = new
        if self._app is not None:
            font = self._app.font()
            font.setPointSizeF(new)
            self._app.setFont(font)
        self.sig_zoom_changed.emit(new)

    def _clamp(self, size: float) -> float:
        return float(min(max(float(size), self._minimum), self._maximum))

"""The icon set (ui/icons.py): every name draws, in the palette's colour, sharp at any ratio.

The colour checks read the drawn pixels: the most common fully opaque colour of the rendering is
the stroke colour, which must be the palette's button text colour (dark on the light theme,
light on the dark one) and must change on a theme switch without making a new ``QIcon``.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon, QImage, QPalette
from PySide6.QtWidgets import QToolButton

from parley.ui.appearance import DARK_COLOURS, LIGHT_COLOURS, ThemeManager
from parley.ui.icons import ICON_DIR, NAMES, icon, pixmap

Role = QPalette.ColorRole


@pytest.fixture
def app(qapp):
    style = qapp.style().name()
    palette = QPalette(qapp.palette())
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)


def _stroke(image: QImage) -> QColor | None:
    """The most common fully opaque colour of ``image`` (the stroke), or None when it is empty."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    seen: Counter[int] = Counter()
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixel(x, y)
            if pixel >> 24 == 0xFF:
                seen[pixel & 0xFFFFFF] += 1
    if not seen:
        return None
    return QColor(seen.most_common(1)[0][0])


def test_every_name_draws_something_and_the_set_matches_the_files(app):
    ThemeManager(app, "light")
    for name in NAMES:
        image = icon(name).pixmap(QSize(32, 32)).toImage()
        assert image.width() == 32
        assert _stroke(image) is not None, name
        assert _stroke(pixmap(name, 32).toImage()) is not None, name
    assert {path.stem for path in ICON_DIR.glob("*.svg")} == set(NAMES)
    assert "ISC License" in (ICON_DIR / "LICENSE").read_text(encoding="utf-8")


def test_an_unknown_name_fails_at_the_call(app):
    with pytest.raises(ValueError, match="unknown icon 'sendd'"):
        icon("sendd")
    with pytest.raises(ValueError):
        pixmap("nope", 16)


def test_the_colour_follows_the_theme_and_dark_gives_a_light_icon(app):
    manager = ThemeManager(app, "light")
    copy = icon("copy")
    light = _stroke(copy.pixmap(QSize(48, 48)).toImage())
    assert light == QColor(LIGHT_COLOURS[Role.ButtonText])
    assert light is not None and light.lightness() < 100

    manager.set_mode("dark")  # the same QIcon, re-tinted at the next paint
    dark = _stroke(copy.pixmap(QSize(48, 48)).toImage())
    assert dark == QColor(DARK_COLOURS[Role.ButtonText])
    assert dark is not None and dark.lightness() > 180
    assert _stroke(pixmap("copy", 48).toImage()) == dark


def _colours(image: QImage) -> set[int]:
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    return {
        image.pixel(x, y) & 0xFFFFFF for x in range(image.width()) for y in range(image.height())
    }


def test_a_button_repaints_its_icon_in_the_new_theme(app, qtbot):
    manager = ThemeManager(app, "light")
    button = QToolButton()
    button.setIcon(icon("paperclip"))
    button.setIconSize(QSize(32, 32))
    qtbot.addWidget(button)
    button.show()
    light_ink = QColor(LIGHT_COLOURS[Role.ButtonText]).rgb() & 0xFFFFFF
    dark_ink = QColor(DARK_COLOURS[Role.ButtonText]).rgb() & 0xFFFFFF
    before = _colours(button.grab().toImage())
    assert light_ink in before and dark_ink not in before
    manager.set_mode("dark")
    assert dark_ink in _colours(button.grab().toImage())
    assert light_ink not in _colours(button.grab().toImage())


def test_disabled_and_fixed_colours(app):
    ThemeManager(app, "light")
    normal = _stroke(icon("arrow-up").pixmap(QSize(32, 32)).toImage())
    disabled = _stroke(icon("arrow-up").pixmap(QSize(32, 32), QIcon.Mode.Disabled).toImage())
    assert normal is not None and disabled is not None and normal != disabled
    white = _stroke(icon("arrow-up", color=QColor("#ffffff")).pixmap(QSize(32, 32)).toImage())
    assert white == QColor("#ffffff")
    red = _stroke(pixmap("x", 24, QColor("#ff0000")).toImage())
    assert red == QColor("#ff0000")


def test_sharp_at_a_high_device_pixel_ratio(app):
    ThemeManager(app, "light")
    image = icon("check").pixmap(QSize(16, 16), 2.0)
    assert image.devicePixelRatio() == 2.0
    assert image.width() == 32 and image.height() == 32  # drawn at device size, not scaled up
    assert _stroke(image.toImage()) is not None


def test_importing_the_module_does_not_load_qtsvg():
    code = (
        "import sys, parley.ui.icons\n"
        "assert 'PySide6.QtSvg' not in sys.modules, 'QtSvg loaded at import'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_cache_holds_no_pixmap_that_would_outlive_the_application(app):
    # A QPixmap destroyed after the QApplication (a module-level cache is, at interpreter exit)
    # crashed the real-display app on quit (tests/x11); the cache keeps QImages instead.
    from PySide6.QtGui import QImage as Image

    from parley.ui import icons

    icon("copy").pixmap(QSize(20, 20))
    assert isinstance(icons._render("copy", "#ff000000", 20, 20), Image)

"""The window's icon and desktop id (``ui/app.py``, ``ui/desktop_entry``; issue 20): every
shipped size is in the icon Qt gets, and each PNG is drawn at its nominal size from the SVG."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from parley.ui.app import application_icon
from parley.ui.desktop_entry import ICON_SIZES, icon_png, icon_svg


def test_the_application_icon_has_every_size(qapp: object) -> None:
    icon = application_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} == set(ICON_SIZES)
    for size in ICON_SIZES:
        image = QImage(str(icon_png(size)))
        assert image.size() == QSize(size, size)
        # a real drawing: an opaque middle (the bubbles) and transparent corners
        assert image.pixelColor(size // 2, size // 2).alpha() == 255
        assert image.pixelColor(0, 0).alpha() == 0
    assert icon.pixmap(QSize(48, 48)).size() == QSize(48, 48)
    assert icon_svg().read_text().lstrip().startswith("<?xml")

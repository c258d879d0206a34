"""Render Parley's application icon (``ui/icons/app/parley.svg``) to the PNG sizes desktops ask for.

Why it exists: a freedesktop icon theme, the window's own icon and the PyInstaller bundle want
bitmaps at fixed sizes (16 to 512 px); drawing them from the one SVG with Qt's own renderer keeps
them identical to the scalable icon. The PNGs are committed (``ui/icons/app/parley-<N>.png``), so
installing Parley never needs this script: run it after changing the SVG, then look at them.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/render_app_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from parley.ui.desktop_entry import APP_ICON_DIR, ICON_SIZES

APP_ICONS = APP_ICON_DIR


def render(svg: Path, size: int) -> QImage:
    """The SVG drawn on a transparent ``size`` x ``size`` image, antialiased."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])
    svg = APP_ICONS / "parley.svg"
    for size in ICON_SIZES:
        out = APP_ICONS / f"parley-{size}.png"
        if not render(svg, size).save(str(out), "PNG"):
            raise SystemExit(f"could not write {out}")
        print(out.relative_to(APP_ICONS.parents[2]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The right-to-left check (issue 20): the window and Settings in Arabic, in one picture.

Why it exists: a mirrored layout goes wrong in ways no assertion names (an arrow pointing the
wrong way, a margin on the wrong side, text that should stay left-to-right); someone has to look.
This builds the same throwaway profile as ``scripts/screenshots.py`` (a loopback "model", a
conversation with code, a table and math), loads the Arabic translation the way ``parley``
does at start (``ui.i18n.install``) and saves the main window above Settings (Providers) as
``docs/screenshots/rtl-arabic.png``. The Arabic translation is partial: what it lacks is shown in
English, laid out right to left. ``--language de`` (or fr, es, zh_CN) takes the same picture in
another language, to look for words that do not fit.

    QT_QPA_PLATFORM=xcb DISPLAY=:NN .venv/bin/python scripts/rtl_screenshot.py [--out FILE]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

SIZE = (1280, 800)


def shoot(out: Path, language: str = "ar") -> Path:
    import screenshots as shots  # the profile, the model server and the helpers
    from PySide6.QtGui import QPainter, QPixmap
    from PySide6.QtWidgets import QApplication

    from parley.ui import i18n

    app = QApplication.instance() or QApplication(sys.argv[:1])
    installed = i18n.install(app, code=language)
    if language == "ar" and not installed.right_to_left:
        raise SystemExit("rtl_screenshot: Arabic did not switch the layout to right to left")
    server = shots.ModelServer()
    tmp = Path(tempfile.mkdtemp(prefix="parley-rtl-"))
    try:
        services, session_id = shots.build_profile(tmp / "profile", server.url)
        round_ = shots.Round(app, server, tmp, SIZE, "light")
        window = round_.window(services)
        try:
            window.open_session(session_id)
            shots.settle(app, 0.6, lambda: "deduplicate" in window.transcript.toPlainText().lower())
            main = window.grab()
            dialog = window.open_settings("providers")
            shots.settle(app, 0.8)
            settings = shots.over_window(window.grab(), dialog)
            dialog.close()
        finally:
            server.holds.release_all()
            round_.close(window, services)
        picture = QPixmap(main.width(), main.height() + settings.height() + 8)
        picture.fill()
        painter = QPainter(picture)
        painter.drawPixmap(0, 0, main)
        painter.drawImage(0, main.height() + 8, settings)
        painter.end()
        out.parent.mkdir(parents=True, exist_ok=True)
        if not picture.save(str(out)):
            raise SystemExit(f"could not write {out}")
        return out
    finally:
        server.close()
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots" / "rtl-arabic.png"))
    parser.add_argument("--language", default="ar", help="another language to look at (de, fr…)")
    args = parser.parse_args()
    print(shoot(Path(args.out), args.language))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

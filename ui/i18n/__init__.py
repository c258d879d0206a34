"""The window's language: which translation is loaded at start, and where the choice is kept.

Why it exists: every word the window shows goes through Qt's translation system
(``QCoreApplication.translate("Context", "…")`` or ``self.tr("…")``; ``pyside6-lupdate`` finds
exactly these literal call forms). This module loads the compiled translations (``parley_<lang>.qm``
beside it, built by ``make translations``) and Qt's own (``qtbase_<lang>.qm`` from PySide6, so the
standard dialog buttons follow) for the chosen language, before any widget is built, and sets the
layout direction the language reads in (right to left for Arabic). The command line
(``ui/cli``) stays in English and never loads this.

The language is, in this order: ``PARLEY_LANGUAGE`` in the environment (the test suite sets
``en``), the choice saved in ``<config dir>/language.json`` (Settings), else the system's. A
change in Settings applies at the next start (the window is not rebuilt live).

Invariants it keeps:

- English is the source language: ``en`` (or a language with no ``.qm``) loads no translation
  and the window shows the source text; a missing or damaged ``.qm`` never stops the start;
- reading the choice never raises: a missing, unreadable or hand-broken ``language.json`` means
  "the system's language"; saving is atomic (written beside, then ``os.replace``);
- pure functions for the file; Qt only in ``install``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator

from parley.domain.texts import QT_TRANSLATE_NOOP as _marker

__all__ = [
    "LANGUAGES",
    "LANGUAGE_ENV",
    "LANGUAGE_FILE",
    "QT_TRANSLATE_NOOP",
    "Installed",
    "current_choice",
    "generation",
    "install",
    "load_choice",
    "save_choice",
    "translate",
    "translating",
]

log = logging.getLogger(__name__)

#: The environment variable that overrides the saved choice (``en``, ``de``, ``fr`` …).
LANGUAGE_ENV = "PARLEY_LANGUAGE"
#: The file in the config directory that keeps the choice made in Settings.
LANGUAGE_FILE = "language.json"
#: Where the compiled translations are (shipped in the package: ``i18n/*.qm``).
TRANSLATIONS_DIR = Path(__file__).resolve().parent

#: The choices Settings offers: (code, the language's own name). "" is the system's language.
#: Arabic is there for the right-to-left layout; its translation is partial (docs/translations.md).
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("", ""),  # "System language", translated where it is shown
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("zh_CN", "简体中文"),
    ("ar", "العربية"),
)
_CODES = frozenset(code for code, _name in LANGUAGES)

#: Shorter to type than ``QCoreApplication.translate``; ``pyside6-lupdate`` finds ``translate(``
#: calls by name, so ``translate("Context", "text")`` is extracted as the long form is.
translate = QCoreApplication.translate

_current = ""


# One marker for every layer (``parley.domain.texts``): marked texts are recorded, so a text
# composed in a table is recognised where it is shown, as one composed below the window is.
QT_TRANSLATE_NOOP = _marker

#: Whether the running window loaded a translation of its own (English: texts pass unchanged).
_translating = False


def translating() -> bool:
    """True when the window shows a language other than the English source."""
    return _translating


#: Counts ``install`` calls: what was translated under one language is not reused under another.
_generation = 0


def generation() -> int:
    """Changes each time translations are installed (a cache key for translated texts)."""
    return _generation


@dataclass(frozen=True)
class Installed:
    """What ``install`` loaded: the locale used and the translation files found (may be none)."""

    locale_name: str
    files: tuple[str, ...]
    right_to_left: bool


def load_choice(config_dir: Path) -> str:
    """The language saved in ``config_dir`` ("" for the system's; never raises)."""
    try:
        data = json.loads((Path(config_dir) / LANGUAGE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    code = data.get("language", "") if isinstance(data, dict) else ""
    return code if isinstance(code, str) and code in _CODES else ""


def save_choice(config_dir: Path, code: str) -> None:
    """Keep ``code`` ("" for the system's) as the language of the next start (atomic)."""
    if code not in _CODES:
        raise ValueError(f"unknown language {code!r}")
    folder = Path(config_dir)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".language-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"language": code}, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, folder / LANGUAGE_FILE)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def current_choice() -> str:
    """The choice the running window started with ("" for the system's language)."""
    return _current


def chosen(config_dir: Path | None) -> str:
    """The language to start in: the environment, else the saved choice, else "" (system)."""
    env = os.environ.get(LANGUAGE_ENV, "").strip()
    if env:
        return env
    return load_choice(config_dir) if config_dir is not None else ""


def install(
    app: QCoreApplication, config_dir: Path | None = None, code: str | None = None
) -> Installed:
    """Load the translations for ``code`` (default: ``chosen(config_dir)``) into ``app`` and set
    its layout direction. Call before any widget is built."""
    global _current, _translating, _generation
    choice = chosen(config_dir) if code is None else code
    _current = choice if choice in _CODES else ""
    _translating = False
    _generation += 1
    locale = QLocale(choice) if choice else QLocale.system()
    if choice:
        QLocale.setDefault(locale)  # numbers and dates follow the chosen language too
    files: list[str] = []
    english = locale.language() in (QLocale.Language.English, QLocale.Language.C)
    if not english:
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name, folder in (("parley", str(TRANSLATIONS_DIR)), ("qtbase", qt_dir)):
            translator = QTranslator(app)  # parented: it lives as long as the application
            if translator.load(locale, name, "_", folder):
                app.installTranslator(translator)
                files.append(translator.filePath())
                _translating = _translating or name == "parley"
            else:
                translator.deleteLater()
                log.info("no %s translation for %s in %s", name, locale.name(), folder)
    rtl = locale.textDirection() == Qt.LayoutDirection.RightToLeft
    set_direction = getattr(app, "setLayoutDirection", None)  # a QGuiApplication's
    if set_direction is not None:
        set_direction(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
    if _translating:  # read with the .qm files, at start: never later, on the UI thread
        from parley.ui.i18n.composed import load_catalog  # (it imports this module)

        load_catalog()
    return Installed(locale.name(), tuple(files), rtl)

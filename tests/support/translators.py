"""Translations installed into the test application for one test, then taken out again.

Why it exists: the tests of texts composed below the window (``parley.ui.i18n.composed``) need
the window "in another language" inside the one offscreen pytest process, where the suite runs
in English. ``installed`` does what ``parley.ui.i18n.install`` does for a real start — the
translator in, ``translating()`` true, a new ``generation()`` so no result cached under another
language is reused — and undoes it all, whatever the test did.

Two translations: the shipped German ``.qm`` (``german``), and ``Wrapping``, which shows each
source of the given contexts as «source» — so a test sees exactly which template a real English
text was recognised as, and what was filled into it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QTranslator

import parley.ui.i18n as i18n
from parley.ui.i18n import composed


class Wrapping(QTranslator):
    """Every source of ``contexts`` "translated" as «source»; other contexts' as they are."""

    def __init__(self, contexts: Iterable[str]) -> None:
        super().__init__()
        self.contexts = frozenset(contexts)

    def isEmpty(self) -> bool:
        return False

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        del disambiguation, n
        return f"«{source}»" if context in self.contexts else source


def german() -> QTranslator:
    """The shipped German translation."""
    translator = QTranslator()
    assert translator.load(str(i18n.TRANSLATIONS_DIR / "parley_de.qm"))
    return translator


@contextmanager
def installed(translator: QTranslator) -> Iterator[QTranslator]:
    """``translator`` in the running application for the ``with`` block (module docstring)."""
    before = (i18n._translating, i18n._generation)
    QCoreApplication.installTranslator(translator)
    i18n._translating, i18n._generation = True, i18n._generation + 1
    composed._translated.cache_clear()
    try:
        yield translator
    finally:
        QCoreApplication.removeTranslator(translator)
        i18n._translating, i18n._generation = before
        composed._translated.cache_clear()

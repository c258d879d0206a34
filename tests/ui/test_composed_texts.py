"""Texts composed below the window are shown in the window's language (issue 20).

``parley.domain.texts`` records each template marked with ``QT_TRANSLATE_NOOP``;
``parley.ui.i18n.composed.translate_text`` recognises a finished English text and shows it from
the translated template. These tests load the shipped German ``.qm`` into the running
application (then take it out again) and use real marked texts.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from PySide6.QtCore import QCoreApplication

import parley.ui.i18n as i18n
from parley.domain.texts import QT_TRANSLATE_NOOP, marked
from parley.ui.i18n.composed import translate_text
from tests.support.translators import german as german_translation
from tests.support.translators import installed


@pytest.fixture
def german(qapp):
    with installed(german_translation()) as translator:
        yield translator


def test_english_passes_every_text_unchanged(qapp) -> None:
    assert not i18n.translating()
    QT_TRANSLATE_NOOP("ProjectsPage", "Saved project {name!r}.")
    assert translate_text("Saved project 'Research'.") == "Saved project 'Research'."


def test_a_marked_template_is_shown_translated_with_the_same_values(german) -> None:
    QT_TRANSLATE_NOOP("ProjectsPage", "Saved project {name!r}.")
    shown = translate_text("Saved project 'Research'.")
    assert shown != "Saved project 'Research'." and "'Research'" in shown
    assert shown == translate("ProjectsPage", "Saved project {name!r}.").format(name="Research")


def test_a_plain_marked_text_and_a_nested_value(german) -> None:
    QT_TRANSLATE_NOOP("ProjectsPage", "Not saved: {exc}")
    QT_TRANSLATE_NOOP("ProjectsPage", "Choose a knowledge folder first.")
    plain = translate("ProjectsPage", "Choose a knowledge folder first.")
    assert (
        translate_text("Choose a knowledge folder first.")
        == plain
        != ("Choose a knowledge folder first.")
    )
    nested = translate_text("Not saved: Choose a knowledge folder first.")
    assert nested == translate("ProjectsPage", "Not saved: {exc}").format(exc=plain)


def test_a_failed_turn_after_retries_is_translated_three_levels_deep(german) -> None:
    """Seen in the German window: the outcome line of a turn whose provider refused the
    connection four times (turn outcome, retry note, connection error: three templates)."""
    english = (
        "Failed: could not connect to http://127.0.0.1:9/v1/chat/completions: "
        "Connection refused (gave up after 4 attempts)"
    )
    shown = translate_text(english)
    assert shown.startswith("Fehlgeschlagen: keine Verbindung zu http://127.0.0.1:9/v1/"), shown
    assert "Connection refused" in shown  # the operating system's words are data
    assert shown.endswith("(nach 4 Versuchen aufgegeben)"), shown


def test_an_unknown_text_is_shown_as_it_is(german) -> None:
    assert translate_text("Something nobody marked, 42 times.") == (
        "Something nobody marked, 42 times."
    )
    assert translate_text("") == ""


def test_every_marked_text_of_the_layers_below_is_in_the_ts_and_the_catalog() -> None:
    """Each ``QT_TRANSLATE_NOOP`` of domain/application/infrastructure (read from the source) and
    each text marked at run time is an entry of the .ts, in its context; the catalog the window
    loads is current (``make translations`` was run after the text was written)."""
    import xml.etree.ElementTree as ET

    import parley.ui.bootstrap  # noqa: F401 - imports every layer's modules, marking their texts

    catalog = _script("composed_catalog")
    CATALOG, collect, render = catalog.CATALOG, catalog.collect, catalog.render

    entries = set()
    for context in ET.parse(i18n.TRANSLATIONS_DIR / "parley_de.ts").getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            entries.add((name, message.findtext("source") or ""))
    found = collect()
    assert len(found) > 300  # the layers below mark their texts (a broken scan finds none)
    everything = set(found) | {(c, t) for t, c in marked().items()}
    missing = sorted(f"{c}: {t!r}" for c, t in everything if (c, t) not in entries)
    assert not missing, "run `make translations`:\n" + "\n".join(missing[:20])
    assert CATALOG.read_text(encoding="utf-8") == render(found), "run `make translations`"


def test_a_text_from_a_module_not_imported_yet_is_translated_from_the_catalog(
    german, monkeypatch, tmp_path
) -> None:
    """A saved conversation is shown before the module that composed its texts was imported:
    the catalog (read from the source) knows the template all the same."""
    import parley.ui.i18n.composed as composed

    QT_TRANSLATE_NOOP("ProjectsPage", "Saved project {name!r}.")  # (recorded by its module)
    catalog = tmp_path / "composed.json"
    catalog.write_text('{"texts": [["ProjectsPage", "Not indexed: {message}"]]}', encoding="utf-8")
    monkeypatch.setattr(composed, "CATALOG", catalog)
    monkeypatch.setattr(composed, "_catalog_loaded", False)
    shown = translate_text("Not indexed: Saved project 'A'.")
    assert shown == translate("ProjectsPage", "Not indexed: {message}").format(
        message=translate("ProjectsPage", "Saved project {name!r}.").format(name="A")
    )
    assert shown != "Not indexed: Saved project 'A'."


def _script(name: str) -> ModuleType:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)

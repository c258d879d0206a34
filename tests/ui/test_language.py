"""The window's language (issue 20): German in real widgets, Arabic right to left, the choice kept.

The language is loaded once, before any widget is built, so a language other than the suite's
English is tested in a process of its own: a real ``QApplication`` with ``ui.i18n.install`` and
the real window, started the way ``parley`` starts it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox

from parley.ui.i18n import LANGUAGE_FILE, current_choice, load_choice, save_choice
from parley.ui.i18n.picker import LanguagePicker

PROBE = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from parley.ui import i18n
app = QApplication([])
installed = i18n.install(app, Path(sys.argv[1]))
from parley.ui.main_window import MainWindow
from parley.ui.transcript.toolbar import MessageToolbar
window = MainWindow(None)
toolbar = MessageToolbar(window)
buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
print(json.dumps({
    "files": [Path(f).name for f in installed.files],
    "rtl": app.isRightToLeft(),
    "transcript": window.transcript.accessibleName(),
    "copy": toolbar.copy_button.toolTip(),
    "cancel": buttons.buttons()[0].text(),
    "catalog": __import__("parley.ui.i18n.composed", fromlist=["x"])._catalog_loaded,
}))
"""


def probe(tmp_path: Path, language: str | None, saved: str | None = None) -> dict[str, object]:
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    if saved is not None:
        save_choice(config, saved)
    env = {k: v for k, v in os.environ.items() if k != "PARLEY_LANGUAGE"}
    if language is not None:
        env["PARLEY_LANGUAGE"] = language
    env.update(QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(config)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_window_speaks_german_with_qts_own_buttons(tmp_path):
    shown = probe(tmp_path, "de")
    assert shown["files"] == ["parley_de.qm", "qtbase_de.qm"]
    assert shown["transcript"] == "Unterhaltung"
    assert shown["copy"] == "Nachricht kopieren (Markdown)"
    assert shown["cancel"] == "Abbrechen"  # Qt's own translation
    assert shown["catalog"] is True  # the composed texts' catalog is read at start, not later
    assert shown["rtl"] is False


def test_english_loads_no_translation(tmp_path):
    shown = probe(tmp_path, "en")
    assert shown["files"] == []
    assert shown["transcript"] == "Conversation"
    assert shown["catalog"] is False  # English never needs it
    assert shown["cancel"] == "Cancel"


def test_the_choice_saved_in_settings_is_used_when_the_environment_says_nothing(tmp_path):
    shown = probe(tmp_path, None, saved="fr")
    assert shown["files"] == ["parley_fr.qm", "qtbase_fr.qm"]
    assert shown["transcript"] == "Conversation"  # the same word in French
    assert shown["copy"] == "Copier le message (Markdown)"


def test_arabic_lays_the_window_out_right_to_left(tmp_path):
    shown = probe(tmp_path, "ar")
    assert shown["rtl"] is True
    assert "qtbase_ar.qm" in shown["files"]


def test_the_suite_itself_runs_in_english(qtbot):
    assert os.environ["PARLEY_LANGUAGE"] == "en"
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(buttons)
    assert buttons.buttons()[0].text() == "Cancel"


def test_a_damaged_choice_means_the_systems_language(tmp_path):
    assert load_choice(tmp_path) == ""
    (tmp_path / LANGUAGE_FILE).write_text("{not json", encoding="utf-8")
    assert load_choice(tmp_path) == ""
    (tmp_path / LANGUAGE_FILE).write_text(json.dumps({"language": "xx"}), encoding="utf-8")
    assert load_choice(tmp_path) == ""
    save_choice(tmp_path, "zh_CN")
    assert load_choice(tmp_path) == "zh_CN"


def test_the_settings_picker_keeps_the_choice_for_the_next_start(qtbot, tmp_path):
    def submit(job, done):  # the worker's contract, run in place
        done(job())

    picker = LanguagePicker(tmp_path, submit)
    qtbot.addWidget(picker)
    assert picker.box.currentData() == current_choice()
    assert picker.box.itemText(0) == "System language"
    assert not picker.note.isVisibleTo(picker)
    picker.box.setCurrentIndex(picker.box.findData("de"))
    assert load_choice(tmp_path) == "de"
    assert picker.note.isVisibleTo(picker)
    assert "next time" in picker.note.text()
    picker.box.setCurrentIndex(picker.box.findData(""))
    assert load_choice(tmp_path) == ""
    assert not picker.note.isVisibleTo(picker)


def test_settings_offers_the_language_and_keeps_it_in_the_profile(qtbot, services):
    from parley.ui.bridge import WorkerBridge
    from parley.ui.settings_dialog import SettingsDialog

    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only
    dialog = SettingsDialog(services, bridge)
    qtbot.addWidget(dialog)
    dialog.show()
    picker = dialog.findChild(LanguagePicker)
    assert picker is not None and picker.isVisible()
    codes = [picker.box.itemData(i) for i in range(picker.box.count())]
    assert codes == ["", "en", "de", "fr", "es", "zh_CN", "ar"]
    picker.box.setCurrentIndex(codes.index("es"))  # written on a worker
    qtbot.waitUntil(lambda: load_choice(services.config_dir) == "es", timeout=5000)
    qtbot.waitUntil(picker.note.isVisible, timeout=5000)
    bridge.shutdown(timeout=5)

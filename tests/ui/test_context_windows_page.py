"""Settings → Prices and context windows: the context-window table, driven with real clicks and
keys in the real dialog, with a real settings file in tmp_path and the real worker bridge."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLineEdit

from parley.domain.usage.context_windows import DEFAULT_WINDOWS, WINDOWS_CHECKED_ON, ModelWindow
from parley.infrastructure.config.skill_library import MarkdownSkillLibrary
from parley.ui.bridge import WorkerBridge
from parley.ui.settings_dialog import SettingsDialog
from parley.ui.settings_pages.prices_page import W_CONTEXT, W_OUTPUT, W_PATTERN, W_PROVIDER

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def bridge(services):
    bridge = WorkerBridge(services.runtime)
    yield bridge
    bridge.shutdown(timeout=5)


@pytest.fixture
def section(qtbot, services, bridge):
    dialog = SettingsDialog(services, bridge, skills=MarkdownSkillLibrary(services.config_dir))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    section = dialog.show_page("prices").windows
    qtbot.waitUntil(lambda: section.table.rowCount() == len(DEFAULT_WINDOWS), timeout=5000)
    return section


def saved_file(services) -> dict:
    path = services.config_dir / "settings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def edit_cell(qtbot, table, row: int, column: int, text: str) -> None:
    """Open the cell's editor with F2, replace its text key by key, commit with Return."""
    table.setFocus()
    table.setCurrentCell(row, column)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    qtbot.waitUntil(
        lambda: any(e.isVisible() for e in table.viewport().findChildren(QLineEdit)), timeout=2000
    )
    [editor] = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    editor.selectAll()
    if text:
        qtbot.keyClicks(editor, text)
    else:
        qtbot.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState, timeout=2000)


def test_the_defaults_are_shown_with_their_date(section) -> None:
    first = DEFAULT_WINDOWS[0]
    assert section.table.item(0, W_PATTERN).text() == first.model_pattern
    assert section.table.item(0, W_CONTEXT).text() == str(first.context_tokens)
    assert section.table.item(0, W_OUTPUT).text() == str(first.max_output_tokens)
    shown = " ".join(label.text() for label in section.findChildren(QLabel))
    assert f"checked on {WINDOWS_CHECKED_ON}" in shown


@pytest.mark.parametrize(
    ("column", "text", "reason"),
    [
        (W_CONTEXT, "lots", "Row 2, Context tokens: 'lots' is not a whole number of tokens"),
        (W_CONTEXT, "100", "Row 2, Context tokens: 100 tokens is too small (at least 256)"),
        (W_CONTEXT, "", "Row 2, Context tokens: a context window size is needed"),
        (W_OUTPUT, "1.5k", "Row 2, Max output: '1.5k' is not a whole number of tokens"),
        (
            W_OUTPUT,
            "99999999",
            "Row 2, Max output: 99999999 is more than the context window (1047576)",
        ),
        (W_PATTERN, "", "Row 2, Model pattern: a model name or pattern is needed"),
    ],
)
def test_bad_input_is_marked_and_nothing_is_saved(
    qtbot, section, services, column: int, text: str, reason: str
) -> None:
    edit_cell(qtbot, section.table, 1, column, text)
    assert section.table.item(1, column).toolTip() in reason
    assert reason in section.status.text()
    qtbot.mouseClick(section.save_button, LEFT)
    assert section.status.text().startswith("Not saved. " + reason)
    assert "context_windows" not in saved_file(services)
    assert services.settings.context_windows() == list(DEFAULT_WINDOWS)


def test_add_remove_reset_and_save(qtbot, section, services) -> None:
    table = section.table
    table.setCurrentCell(0, W_PATTERN)
    while table.rowCount():
        table.selectRow(0)
        qtbot.mouseClick(section.remove_button, LEFT)
    qtbot.mouseClick(section.add_button, LEFT)
    edit_cell(qtbot, table, 0, W_PATTERN, "my-model*")
    edit_cell(qtbot, table, 0, W_PROVIDER, "home")
    edit_cell(qtbot, table, 0, W_CONTEXT, "32,768")
    edit_cell(qtbot, table, 0, W_OUTPUT, "4096")
    qtbot.mouseClick(section.add_button, LEFT)
    edit_cell(qtbot, table, 1, W_PATTERN, "other")
    edit_cell(qtbot, table, 1, W_CONTEXT, "8192")  # Max output left empty: unknown
    qtbot.mouseClick(section.add_button, LEFT)  # an empty row is ignored on save
    with qtbot.waitSignal(section.sig_windows_changed, timeout=5000):
        qtbot.mouseClick(section.save_button, LEFT)
    expected = [ModelWindow("my-model*", 32_768, 4_096, "home"), ModelWindow("other", 8_192)]
    assert services.settings.context_windows() == expected
    assert saved_file(services)["context_windows"][0]["context_tokens"] == 32768
    assert section.status.text() == "Saved 2 context-window rows."

    qtbot.mouseClick(section.reset_button, LEFT)
    assert table.rowCount() == len(DEFAULT_WINDOWS)
    assert WINDOWS_CHECKED_ON in section.status.text()
    assert services.settings.context_windows() == expected  # nothing changes until Save
    with qtbot.waitSignal(section.sig_windows_changed, timeout=5000):
        qtbot.mouseClick(section.save_button, LEFT)
    assert services.settings.context_windows() == list(DEFAULT_WINDOWS)


def test_a_repeated_row_is_not_saved(qtbot, section, services) -> None:
    section.set_rows([ModelWindow("a", 4_096)])
    qtbot.mouseClick(section.add_button, LEFT)
    edit_cell(qtbot, section.table, 1, W_PATTERN, "A")
    edit_cell(qtbot, section.table, 1, W_CONTEXT, "8192")
    qtbot.mouseClick(section.save_button, LEFT)
    assert section.status.text() == "Not saved. Row 2 repeats row 1 (A)"
    assert "context_windows" not in saved_file(services)

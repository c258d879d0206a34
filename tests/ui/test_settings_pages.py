"""Settings → Skills & Agents, Projects and Prices, driven with real clicks and keys.

Real widgets in the real dialog, a real settings file and skill folder in tmp_path, the real
worker bridge (every read and write happens on a worker and comes back through it).
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QMessageBox

from parley.application.ports.settings_store import ProjectConfig, ProviderConfig
from parley.domain.usage.pricing import DEFAULT_PRICES
from parley.infrastructure.config.skill_library import MarkdownSkillLibrary
from parley.ui.bridge import WorkerBridge
from parley.ui.settings_dialog import SettingsDialog
from parley.ui.settings_pages.prices_page import INPUT, OUTPUT, PATTERN

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def library(services):
    return MarkdownSkillLibrary(services.config_dir)


@pytest.fixture
def bridge(services):
    bridge = WorkerBridge(services.runtime)
    yield bridge
    bridge.shutdown(timeout=5)


@pytest.fixture
def dialog(qtbot, services, bridge, library):
    dialog = SettingsDialog(services, bridge, skills=library)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def settings_json(services) -> dict:
    return json.loads((services.config_dir / "settings.json").read_text(encoding="utf-8"))


def type_text(qtbot, widget, text: str) -> None:
    """Type ``text`` into ``widget`` key by key; a newline is the Return key."""
    for index, line in enumerate(text.split("\n")):
        if index:
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        if line:
            qtbot.keyClicks(widget, line)


# -- the dialog ------------------------------------------------------------------------------------


def test_show_page_and_the_old_call_site(qtbot, services, bridge) -> None:
    # The old call site: no library given, and (here) none in the services either.
    old = SettingsDialog(dataclasses.replace(services, skills=None), bridge, None)
    qtbot.addWidget(old)
    assert not old.skills_page.save_button.isEnabled()
    assert "not available" in old.skills_page.unavailable.text()
    assert old.show_page("prices") is old.prices_page
    assert old.show_page("projects") is old.projects_page
    assert old.show_page("skills") is old.skills_page
    assert old.show_page("providers") is old.providers_page
    with pytest.raises(ValueError, match="no settings page 'nope'"):
        old.show_page("nope")


def test_the_library_can_come_from_services(qtbot, services, bridge, library) -> None:
    services.skills = library  # type: ignore[attr-defined]  # as bootstrap will wire it
    dialog = SettingsDialog(services, bridge)
    qtbot.addWidget(dialog)
    assert dialog.skills_page.save_button.isEnabled()


# -- Skills & Agents -------------------------------------------------------------------------------


def test_create_a_skill_by_typing_writes_the_exact_file(qtbot, dialog, library) -> None:
    page = dialog.show_page("skills")
    qtbot.mouseClick(page.new_button, LEFT)
    type_text(qtbot, page.name_edit, "code-review")
    type_text(qtbot, page.description_edit, "Review a diff")
    type_text(qtbot, page.body_edit, "Bugs first.\nStyle last.")
    with qtbot.waitSignal(page.sig_skills_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    path = library.config_dir / "skills" / "code-review.md"
    assert path.read_bytes() == (
        b"---\nname: code-review\ndescription: Review a diff\n---\nBugs first.\nStyle last.\n"
    )
    qtbot.waitUntil(lambda: page.doc_list.count() == 1, timeout=5000)
    assert page.doc_list.item(0).text() == "code-review  ·  Review a diff"
    assert page.editing == "code-review"
    assert "Saved skill 'code-review'" in page.status.text()


def test_an_invalid_name_shows_inline_and_writes_nothing(qtbot, dialog, library) -> None:
    page = dialog.show_page("skills")
    type_text(qtbot, page.name_edit, "Code Review")
    type_text(qtbot, page.body_edit, "Rules.")
    qtbot.mouseClick(page.save_button, LEFT)
    assert "not a usable name" in page.name_error.text()
    assert page.name_error.isVisibleTo(page)
    assert not (library.config_dir / "skills").exists()
    # Typing in the field clears the message; an empty text is refused next to the editor.
    page.name_edit.selectAll()
    type_text(qtbot, page.name_edit, "ok")
    assert not page.name_error.isVisibleTo(page)
    page.body_edit.clear()
    qtbot.mouseClick(page.save_button, LEFT)
    assert "has no text" in page.body_error.text()
    assert not (library.config_dir / "skills").exists()


def test_a_taken_name_is_shown_next_to_the_name(qtbot, dialog, library) -> None:
    from parley.domain.agents.skills import SkillDoc

    library.save(SkillDoc("skill", "taken", "d", "x"))
    page = dialog.show_page("skills")
    page.reload()  # the dialog may have read the folder before the file was written
    qtbot.waitUntil(lambda: page.doc_list.count() == 1, timeout=5000)
    qtbot.mouseClick(page.new_button, LEFT)
    type_text(qtbot, page.name_edit, "taken")
    type_text(qtbot, page.body_edit, "other")
    qtbot.mouseClick(page.save_button, LEFT)
    qtbot.waitUntil(lambda: "exists already" in page.name_error.text(), timeout=5000)
    assert library.get("skill", "taken").body == "x"


def test_edit_rename_and_delete_an_agent(qtbot, dialog, library, monkeypatch) -> None:
    from parley.domain.agents.skills import SkillDoc

    library.save(SkillDoc("agent", "pirate", "Arr", "Talk like a pirate."))
    page = dialog.show_page("skills")
    page.kind_box.setCurrentIndex(page.kind_box.findData("agent"))
    qtbot.waitUntil(lambda: page.doc_list.count() == 1, timeout=5000)
    qtbot.mouseClick(
        page.doc_list.viewport(),
        LEFT,
        pos=page.doc_list.visualItemRect(page.doc_list.item(0)).center(),
    )
    assert (
        page.name_edit.text() == "pirate" and page.body_edit.toPlainText() == "Talk like a pirate."
    )
    page.name_edit.selectAll()
    type_text(qtbot, page.name_edit, "captain")
    with qtbot.waitSignal(page.sig_skills_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    assert [d.name for d in library.list("agent")] == ["captain"]
    assert sorted(p.name for p in (library.config_dir / "agents").iterdir()) == ["captain.md"]

    qtbot.waitUntil(
        lambda: (
            page.doc_list.currentItem() is not None
            and page.doc_list.currentItem().text().startswith("captain")
        ),
        timeout=5000,
    )
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(page.sig_skills_changed, timeout=5000):
        qtbot.mouseClick(page.delete_button, LEFT)
    assert library.list("agent") == []
    qtbot.waitUntil(lambda: page.doc_list.count() == 0, timeout=5000)
    assert page.editing is None and page.name_edit.text() == ""


def test_delete_asks_first(qtbot, dialog, library, monkeypatch) -> None:
    from parley.domain.agents.skills import SkillDoc

    library.save(SkillDoc("skill", "keep", "d", "x"))
    page = dialog.show_page("skills")
    page.reload()  # the dialog may have read the folder before the file was written
    qtbot.waitUntil(lambda: page.doc_list.count() == 1, timeout=5000)
    page.doc_list.setCurrentRow(0)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    qtbot.mouseClick(page.delete_button, LEFT)
    assert [d.name for d in library.list("skill")] == ["keep"]


def test_problems_are_listed_as_warnings(qtbot, services, bridge, library) -> None:
    bad = library.config_dir / "skills" / "bad.md"
    bad.parent.mkdir(parents=True)
    bad.write_text("---\nname: bad\noops\n---\nbody", encoding="utf-8")
    dialog = SettingsDialog(services, bridge, skills=library)
    qtbot.addWidget(dialog)
    page = dialog.skills_page
    qtbot.waitUntil(lambda: page.problems_list.count() == 1, timeout=5000)
    assert page.problems_list.item(0).text() == (
        "skills/bad.md: header line 3 is not 'key: value': 'oops'"
    )
    assert page.problems_list.isVisibleTo(page) and page.doc_list.count() == 0


def test_open_folder_creates_it_and_hands_it_to_the_desktop(
    qtbot, dialog, library, monkeypatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()))
    page = dialog.show_page("skills")
    qtbot.mouseClick(page.open_folder_button, LEFT)
    qtbot.waitUntil(lambda: bool(opened), timeout=5000)
    assert opened == [str(library.config_dir / "skills")]
    assert (library.config_dir / "skills").is_dir()


# -- Projects --------------------------------------------------------------------------------------


def test_save_a_project_through_the_form(qtbot, services, bridge, library, tmp_path) -> None:
    services.settings.add_provider(
        ProviderConfig(name="local", kind="openai", base_url="http://127.0.0.1:9/v1")
    )
    workspace = tmp_path / "site"
    workspace.mkdir()
    dialog = SettingsDialog(services, bridge, skills=library)
    qtbot.addWidget(dialog)
    dialog.show()
    page = dialog.show_page("projects")
    qtbot.waitUntil(lambda: page.provider_box.findData("local") >= 0, timeout=5000)
    type_text(qtbot, page.name_edit, "Website")
    type_text(qtbot, page.workspace_edit, str(workspace))
    type_text(qtbot, page.instructions_edit, "British spelling.\nShort answers.")
    page.provider_box.setCurrentIndex(page.provider_box.findData("local"))
    type_text(qtbot, page.model_edit, "model-a")
    page.gate_box.setCurrentIndex(page.gate_box.findData("confirm"))
    page.tools_box.setCurrentIndex(page.tools_box.findData("read"))
    with qtbot.waitSignal(page.sig_projects_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    [saved] = services.settings.projects()
    assert saved == ProjectConfig(
        id=saved.id,
        name="Website",
        workspace=str(workspace),
        instructions="British spelling.\nShort answers.",
        provider_id="local",
        model="model-a",
        gate_mode="confirm",
        tools="read",
    )
    assert page.editing == saved.id
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)

    # Editing keeps the id; a missing workspace is refused next to the field.
    page.workspace_edit.selectAll()
    type_text(qtbot, page.workspace_edit, str(tmp_path / "missing"))
    qtbot.mouseClick(page.save_button, LEFT)
    qtbot.waitUntil(lambda: "not an existing folder" in page.workspace_error.text(), timeout=5000)
    assert services.settings.projects() == [saved]


def test_a_clashing_project_name_is_shown_next_to_the_name(qtbot, dialog, services) -> None:
    services.settings.save_project(ProjectConfig(id="p1", name="Notes"))
    page = dialog.show_page("projects")
    page.reload()
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)
    qtbot.mouseClick(page.new_button, LEFT)
    type_text(qtbot, page.name_edit, "notes")
    qtbot.mouseClick(page.save_button, LEFT)
    qtbot.waitUntil(lambda: "another project is named" in page.name_error.text(), timeout=5000)
    assert len(services.settings.projects()) == 1
    page.name_edit.clear()  # a blank name never reaches the store
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.name_error.text() == "A project needs a name."


def test_delete_a_project(qtbot, dialog, services, monkeypatch) -> None:
    services.settings.save_project(ProjectConfig(id="p1", name="Old"))
    page = dialog.show_page("projects")
    page.reload()
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)
    page.project_list.setCurrentRow(0)
    assert page.name_edit.text() == "Old"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(page.sig_projects_changed, timeout=5000):
        qtbot.mouseClick(page.delete_button, LEFT)
    assert services.settings.projects() == []


# -- Prices ----------------------------------------------------------------------------------------


def cell_editor(qtbot, table) -> QLineEdit:
    """The line edit the table opened over the current cell."""
    qtbot.waitUntil(
        lambda: any(e.isVisible() for e in table.viewport().findChildren(QLineEdit)), timeout=2000
    )
    [editor] = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    return editor


def edit_cell(qtbot, table, row: int, column: int, text: str) -> None:
    """Open the cell's editor with F2, replace its text key by key, commit with Return."""
    table.setFocus()
    table.setCurrentCell(row, column)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = cell_editor(qtbot, table)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    commit(qtbot, table, editor)


def commit(qtbot, table, editor) -> None:
    """Press Return in the cell editor; the view commits it on its next event-loop turn."""
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState, timeout=2000)


def test_the_defaults_are_shown_until_a_table_is_saved(qtbot, dialog) -> None:
    page = dialog.show_page("prices")
    qtbot.waitUntil(lambda: page.table.rowCount() == len(DEFAULT_PRICES), timeout=5000)
    assert page.table.item(0, PATTERN).text() == DEFAULT_PRICES[0].model_pattern
    assert page.table.item(0, INPUT).text() == str(DEFAULT_PRICES[0].input_per_mtok)


def test_an_invalid_price_is_marked_and_not_saved(qtbot, dialog, services) -> None:
    dialog.activateWindow()
    page = dialog.show_page("prices")
    qtbot.waitUntil(lambda: page.table.rowCount() == len(DEFAULT_PRICES), timeout=5000)
    edit_cell(qtbot, page.table, 1, OUTPUT, "cheap")
    assert page.table.item(1, OUTPUT).text() == "cheap"
    assert "not a number" in page.table.item(1, OUTPUT).toolTip()
    assert "Row 2, Output $/Mtok" in page.status.text()
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.status.text().startswith("Not saved. Row 2, Output $/Mtok: 'cheap' is not a number")
    assert "prices" not in settings_json(services)

    edit_cell(qtbot, page.table, 1, OUTPUT, "0.75")
    assert page.table.item(1, OUTPUT).toolTip() == ""
    with qtbot.waitSignal(page.sig_prices_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    saved = services.settings.prices()
    assert len(saved) == len(DEFAULT_PRICES)
    assert saved[1].output_per_mtok == Decimal("0.75")
    assert settings_json(services)["prices"][1]["output_per_mtok"] == "0.75"


def test_add_remove_reset_and_save(qtbot, dialog, services) -> None:
    dialog.activateWindow()
    page = dialog.show_page("prices")
    qtbot.waitUntil(lambda: page.table.rowCount() == len(DEFAULT_PRICES), timeout=5000)
    page.table.setCurrentCell(0, PATTERN)
    while page.table.rowCount():
        page.table.selectRow(0)
        qtbot.mouseClick(page.remove_button, LEFT)
    qtbot.mouseClick(page.add_button, LEFT)
    editor = cell_editor(qtbot, page.table)
    qtbot.keyClicks(editor, "my-model*")
    commit(qtbot, page.table, editor)
    edit_cell(qtbot, page.table, 0, 1, "local")
    edit_cell(qtbot, page.table, 0, INPUT, "$0.5")
    edit_cell(qtbot, page.table, 0, OUTPUT, "1")
    qtbot.mouseClick(page.add_button, LEFT)  # an empty row is ignored on save
    with qtbot.waitSignal(page.sig_prices_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    [row] = services.settings.prices()
    assert (row.model_pattern, row.provider, row.input_per_mtok, row.output_per_mtok) == (
        "my-model*",
        "local",
        Decimal("0.5"),
        Decimal("1"),
    )

    qtbot.mouseClick(page.reset_button, LEFT)
    assert page.table.rowCount() == len(DEFAULT_PRICES)
    assert len(services.settings.prices()) == 1  # nothing changes until Save
    with qtbot.waitSignal(page.sig_prices_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    assert services.settings.prices() == list(DEFAULT_PRICES)


def test_an_empty_table_can_be_saved(qtbot, dialog, services) -> None:
    page = dialog.show_page("prices")
    qtbot.waitUntil(lambda: page.table.rowCount() == len(DEFAULT_PRICES), timeout=5000)
    page.set_rows([])
    with qtbot.waitSignal(page.sig_prices_changed, timeout=5000):
        qtbot.mouseClick(page.save_button, LEFT)
    assert services.settings.prices() == []

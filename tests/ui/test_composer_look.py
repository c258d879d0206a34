"""The composer as today's clients have it (issue 16): one rounded box that grows with its text,
icon buttons, one Send/Stop button, the model picker and the tools control on its bar — and the
tools' defaults: a new chat starts with no workspace and no tools unless its project says
otherwise.

Real widgets, a real window on a real profile (``tests/ui/conftest.py``); outcomes only.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from parley.application.ports.settings_store import ProjectConfig
from parley.application.ports.tools import SandboxStatus
from parley.ui.widgets.composer import Composer
from parley.ui.widgets.composer_input import MAX_LINES, MIN_LINES
from parley.ui.widgets.model_picker import ModelPicker
from parley.ui.widgets.tools_control import ToolsControl
from tests.ui.conftest import wait_ready


@pytest.fixture
def composer(qtbot) -> Composer:
    host = QWidget()
    host.resize(700, 900)  # tall: the window-share ceiling stays out of the way
    composer = Composer(host)
    composer.setGeometry(0, 0, 700, 400)
    qtbot.addWidget(host)
    host.show()
    return composer


def _inside(child: QWidget, ancestor: QWidget) -> bool:
    top_left = child.mapTo(ancestor, QPoint(0, 0))
    return ancestor.rect().contains(top_left) and ancestor.rect().contains(
        top_left + QPoint(child.width() - 1, child.height() - 1)
    )


# -- the box -------------------------------------------------------------------------------------


def test_the_editor_grows_with_its_text_up_to_the_limit_then_scrolls(composer):
    editor = composer.editor
    empty = editor.height()
    assert empty == editor.height_for_lines(MIN_LINES)
    editor.setPlainText("\n".join(["line"] * 5))
    five = editor.height()
    assert five > empty
    assert editor.verticalScrollBar().maximum() == 0  # all five lines show
    editor.setPlainText("\n".join(["line"] * MAX_LINES))
    full = editor.height()
    assert full > five and editor.verticalScrollBar().maximum() == 0
    editor.setPlainText("\n".join(["line"] * (MAX_LINES * 3)))
    assert editor.height() == full  # no taller: it scrolls
    assert editor.verticalScrollBar().maximum() > 0
    editor.clear()
    assert editor.height() == empty  # and shrinks back


def test_a_wrapped_paragraph_grows_it_too(composer):
    editor = composer.editor
    one_line = editor.height()
    editor.setPlainText("word " * 300)  # one paragraph, many visual lines
    assert editor.visual_lines() > MIN_LINES
    assert editor.height() > one_line


def test_a_bigger_font_makes_a_taller_editor(composer):
    editor = composer.editor
    before = editor.height()
    font = editor.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    editor.setFont(font)
    assert editor.height() > before * 1.5


def test_one_send_button_becomes_stop_while_running_and_back(qtbot, composer):
    button = composer.button
    sent: list[str] = []
    stopped: list[bool] = []
    composer.sig_send_requested.connect(sent.append)
    composer.sig_stop_requested.connect(lambda: stopped.append(True))
    assert (button.accessibleName(), button.objectName(), button.icon().name()) == (
        "Send",
        "send",
        "arrow-up",
    )
    composer.editor.setPlainText("hello")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert sent == ["hello"]

    composer.set_running(True)
    assert composer.button is button  # the same button, not a second one
    assert (button.accessibleName(), button.objectName(), button.icon().name()) == (
        "Stop",
        "stop",
        "square",
    )
    assert button.toolTip() == "Stop the answer (Esc)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert stopped == [True] and sent == ["hello"]
    composer.set_running(False)
    assert button.accessibleName() == "Send" and button.icon().name() == "arrow-up"


def test_the_placeholder_and_the_tooltip_teach_the_send_key(composer):
    composer.set_send_key("ctrl+enter")
    assert "Ctrl+Enter to send" in composer.editor.placeholderText()
    assert composer.button.toolTip() == "Send (Ctrl+Enter)"
    composer.set_send_key("enter")
    assert "Enter to send, Shift+Enter for a new line" in composer.editor.placeholderText()
    assert composer.button.toolTip() == "Send (Enter)"


def test_the_bar_holds_attach_then_the_windows_controls_then_send(qtbot, composer, tmp_path):
    tools = ToolsControl()
    picker = ModelPicker()
    picker.set_providers([("local", ["model-a"])])
    composer.add_to_bar(tools)
    composer.add_to_bar(picker, trailing=True)
    (tmp_path / "notes.txt").write_text("x")
    composer.add_attachments([tmp_path / "notes.txt"])
    # (a widget added to a shown layout is shown by a queued call)
    qtbot.waitUntil(lambda: composer.chips.isVisible() and picker.isVisible(), timeout=3000)
    composer.layout().activate()
    xs = [w.mapTo(composer, QPoint(0, 0)).x() for w in (composer.attach_button, tools, picker)]
    xs.append(composer.button.mapTo(composer, QPoint(0, 0)).x())
    assert xs == sorted(xs) and len(set(xs)) == 4
    for widget in (composer.attach_button, tools, picker, composer.button, composer.chips):
        assert _inside(widget, composer), widget.objectName()
    # the attachment chips sit above the editor, inside the same box
    assert composer.chips.mapTo(composer, QPoint(0, 0)).y() < composer.editor.y()
    # icons, not words: the paperclip draws only its icon (its text stays for screen readers)
    assert composer.attach_button.icon().name() == "paperclip"
    assert composer.attach_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    assert composer.attach_button.accessibleName() == "Attach files"
    assert picker.label() == "model-a"


def test_the_composer_is_no_wider_than_the_reading_column(qtbot, composer):
    composer.parentWidget().resize(3000, 900)
    composer.setGeometry(0, 0, 3000, 400)
    assert composer.width() < 1500
    font = composer.font()
    narrow = composer.maximumWidth()
    font.setPointSizeF(font.pointSizeF() * 2)
    composer.setFont(font)
    assert composer.maximumWidth() > narrow * 1.5  # the column scales with the zoom


# -- in the window -------------------------------------------------------------------------------


def test_the_header_is_one_slim_row_and_the_bar_has_the_model_and_tools(
    qtbot, local_provider, window
):
    wait_ready(qtbot, window)
    for control in (window.model_picker, window.tools_control):
        assert window.composer.isAncestorOf(control), control.objectName()
    for name in ("workspace", "tools-picker", "gate-picker", "sandbox-status"):
        found = window.findChild(QWidget, name)
        assert found is not None and not found.isVisible(), name  # inside the closed panel
    header_bottom = window.title_edit.geometry().bottom()
    assert window.transcript.geometry().top() > header_bottom
    assert window.project_picker.isVisible() and window.usage_label.parentWidget() is not None
    assert window.new_button.icon().name() == "plus"


def test_a_fresh_window_and_a_new_chat_start_with_no_workspace_and_no_tools(
    qtbot, local_provider, window, tmp_path
):
    wait_ready(qtbot, window)
    assert window.workspace is None
    assert window.tools_picker.currentData() == "none"
    assert not window.tools_control.tools_on
    assert window.tools_control.text() == "Tools"
    assert window.chat.draft("hi").allowed_tools == ()

    folder = tmp_path / "site"
    folder.mkdir()
    window.set_workspace(folder)  # a workspace turns the tools on
    assert window.tools_picker.currentData() == "all"
    assert window.tools_control.tools_on
    assert window.tools_control.text() == "site"
    assert "Tools on" in window.tools_control.accessibleDescription()
    window.gate_picker.setCurrentIndex(window.gate_picker.findData("confirm"))

    window.new_chat()  # not the previous conversation's folder, tools nor gate
    assert window.workspace is None
    assert window.tools_picker.currentData() == "none"
    assert window.gate_picker.currentData() == "auto"
    assert not window.tools_control.tools_on
    draft = window.chat.draft("hi")
    assert draft.workspace is None and draft.allowed_tools == ()


def test_a_new_chat_in_a_project_takes_its_workspace_tools_and_gate(
    qtbot, local_provider, window, services, tmp_path
):
    wait_ready(qtbot, window)
    services.settings.save_project(
        ProjectConfig(
            id="site",
            name="Site",
            workspace=str(tmp_path),
            gate_mode="confirm",
            tools="read",
        )
    )
    services.settings.save_project(ProjectConfig(id="bare", name="Bare"))  # no workspace
    window._load_settings()
    qtbot.waitUntil(lambda: window.project_picker.findData("bare") >= 0, timeout=5000)

    window.project_picker.setCurrentIndex(window.project_picker.findData("site"))
    window.new_chat()
    assert window.workspace == tmp_path
    assert window.tools_picker.currentData() == "read"
    assert window.gate_picker.currentData() == "confirm"
    assert window.tools_control.tools_on

    window.project_picker.setCurrentIndex(window.project_picker.findData("bare"))
    window.new_chat()  # its tools default to "all", but without a workspace there are none
    assert window.workspace is None
    assert window.tools_picker.currentData() == "none"
    assert not window.tools_control.tools_on


def test_the_tools_control_opens_its_panel_and_chooses_or_clears_the_workspace(
    qtbot, local_provider, window, tmp_path, monkeypatch
):
    wait_ready(qtbot, window)
    panel = window.tools_control.popover
    qtbot.mouseClick(window.tools_control, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(panel.isVisible, timeout=3000)
    assert not window.tools_picker.isEnabled()  # no workspace: nothing to pick yet
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(tmp_path))
    )
    qtbot.mouseClick(window.workspace_button, Qt.MouseButton.LeftButton)
    assert not panel.isVisible()  # closed before the folder dialog
    assert window.workspace == tmp_path and window.composer.workspace == tmp_path
    assert window.tools_picker.isEnabled() and window.tools_control.tools_on

    window.attachments.show_sandbox(SandboxStatus("bubblewrap"))
    assert "Commands run sandboxed (bubblewrap)" in window.tools_control.toolTip()

    window.tools_control.open_popover()
    qtbot.mouseClick(window.clear_workspace_button, Qt.MouseButton.LeftButton)
    assert window.workspace is None
    assert window.tools_picker.currentData() == "none"
    assert not window.tools_control.tools_on
    assert "Tools off" in window.tools_control.toolTip()


def test_the_tools_badge_is_drawn_only_while_tools_are_on(qtbot, local_provider, window, tmp_path):
    wait_ready(qtbot, window)
    control = window.tools_control
    off = control.grab().toImage()
    window.set_workspace(tmp_path)
    control.setText("Tools")  # same text, so only the badge can differ
    on = control.grab().toImage()
    assert on != off
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("none"))
    control.setText("Tools")
    assert control.grab().toImage() == off


def test_the_paths_are_used_as_given(tmp_path):
    # a folder named with its full path when it has no name (the root) still shows something
    control = ToolsControl()
    control.popover.tools_picker.setCurrentIndex(2)
    control.show_workspace(Path("/"))
    assert control.text() == "/"


def test_the_model_picker_is_compact_and_its_list_is_wide(qtbot):
    from parley.ui.widgets.model_picker import LIST_MIN_WIDTH, MAX_LABEL_CHARS

    picker = ModelPicker()
    qtbot.addWidget(picker)
    long_id = "vendor/" + "x" * 60
    picker.set_providers([("local", ["m1", long_id])])
    assert picker.label() == "m1"
    short = picker.sizeHint().width()
    assert short < LIST_MIN_WIDTH  # the closed control is as narrow as its label
    assert picker.select("local", long_id)
    assert len(picker.label()) == MAX_LABEL_CHARS and picker.label().endswith("…")
    assert picker.sizeHint().width() > short
    assert long_id in picker.toolTip()
    picker.show()
    picker.showPopup()
    assert picker.view().width() >= LIST_MIN_WIDTH
    picker.hidePopup()


def test_tab_walks_from_the_editor_along_the_bar_to_send(qtbot):
    host = QWidget()
    tools = ToolsControl()  # made before the composer, as the window does
    picker = ModelPicker()
    picker.set_providers([("local", ["m1"])])
    composer = Composer(host)
    composer.add_to_bar(tools)
    composer.add_to_bar(picker, trailing=True)
    qtbot.addWidget(host)
    host.show()
    chain = [composer.attach_button, tools, picker, composer.button]
    walked = []
    current = composer.editor.nextInFocusChain()
    while len(walked) < len(chain) and current is not composer.editor:
        if current in chain:
            walked.append(current)
        current = current.nextInFocusChain()
    assert walked == chain


def test_opening_a_conversation_resumes_its_own_folder_or_none(
    qtbot, local_provider, window, services, tmp_path
):
    """A conversation whose latest turn ran without a folder does not inherit the folder (and
    the tools) of the conversation opened before it."""
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        UserMessage,
    )

    store = services.store
    folder = tmp_path / "site"
    folder.mkdir()
    ids = {}
    for title, workspace in (("with tools", str(folder)), ("plain", "")):
        session = store.create_session(title)
        store.append(
            session.id, "t1", TurnStarted(provider_id="local", model="m", workspace=workspace)
        )
        store.append(session.id, "t1", UserMessage(text=f"question in {title}"))
        store.append(session.id, "t1", AssistantText(text=f"answer in {title}", model="m"))
        store.append(session.id, "t1", TurnFinished(status="completed"))
        ids[title] = session.id
    wait_ready(qtbot, window)

    window.open_session(ids["with tools"])
    qtbot.waitUntil(lambda: window.workspace == folder, timeout=5000)
    assert window.tools_control.tools_on

    window.open_session(ids["plain"])
    qtbot.waitUntil(lambda: "answer in plain" in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: window.workspace is None, timeout=5000)
    assert not window.tools_control.tools_on
    assert window.chat.draft("hi").workspace is None

"""The MCP prompt's arguments dialog: one field per argument, the required ones marked and
enforced, the server's descriptions as help, typed values kept as typed. Real widgets, no
server."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel

from parley.application.mcp.model import McpPrompt, McpPromptArgument
from parley.ui.widgets.mcp_prompt_dialog import McpPromptDialog

PROMPT = McpPrompt(
    "docs",
    "summarize",
    "Summarise a topic",
    (
        McpPromptArgument("topic", "What to summarise", required=True),
        McpPromptArgument("audience", "Who <b>reads</b> it"),
    ),
)


def _dialog(qtbot, values=None) -> McpPromptDialog:
    dialog = McpPromptDialog(PROMPT, values)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=3000)
    return dialog


def _ok(qtbot, dialog: McpPromptDialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_one_field_per_argument_the_required_marked_descriptions_as_help(qtbot):
    dialog = _dialog(qtbot, {"audience": "experts"})
    assert list(dialog.fields) == ["topic", "audience"]
    assert dialog.fields["topic"].accessibleName() == "topic (required)"
    assert dialog.fields["audience"].text() == "experts"  # pre-filled with what was typed
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"topic *", "audience", "What to summarise", "Summarise a topic"} <= labels
    help_label = dialog.findChild(QLabel, "mcp-prompt-help-audience")
    assert help_label.textFormat() == Qt.TextFormat.PlainText  # a server's text is not HTML
    assert dialog.fields["topic"].toolTip() == "What to summarise"


def test_ok_refuses_while_a_required_argument_is_blank_and_says_which(qtbot):
    dialog = _dialog(qtbot)
    qtbot.keyClicks(dialog.fields["topic"], "   ")
    _ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert "topic" in dialog.error_text()
    assert dialog.fields["topic"].hasFocus()
    qtbot.keyClicks(dialog.fields["topic"], "rust traits")
    assert dialog.error_text() == ""  # typing takes the message away
    with qtbot.waitSignal(dialog.accepted, timeout=3000):
        _ok(qtbot, dialog)
    # Values as typed (not trimmed); the blank optional one is left out.
    assert dialog.values() == {"topic": "   rust traits"}


def test_cancel_always_closes(qtbot):
    dialog = _dialog(qtbot)
    with qtbot.waitSignal(dialog.rejected, timeout=3000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert not dialog.isVisible()

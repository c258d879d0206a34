"""MCP prompts in the window's ``/`` menu, end to end: real window, real settings file, the real
SDK client (``services.mcp``) and real MCP servers (``tests/fixtures/mcp_servers``, run with this
Python): listed when the user types ``/`` with servers chosen for the conversation, chosen from
the popup or sent typed, arguments asked in the dialog, the rendered text in the composer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from parley.application.mcp.model import McpServerConfig
from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted, UserMessage
from parley.ui.widgets.composer import CommandChoice
from tests.ui.conftest import wait_ready

SERVERS = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers"
#: Starting an MCPServer process takes about a second; this is an upper bound, not a timing.
STARTS = 20_000

SUMMARY = "Summarise the MCP protocol for a newcomer, in three sentences."
STANDUP = "List what I did yesterday, what I will do today, and what blocks me."


def _server(name: str, script: str, *args: str) -> McpServerConfig:
    return McpServerConfig(name, command=sys.executable, args=(str(SERVERS / script), *args))


@pytest.fixture
def ready(qtbot, local_provider, services, window):
    """The window with ``dead`` (exits at start), ``prompting`` and ``behaving`` configured, and
    ``prompting`` chosen for the conversation in the Tools popover, the way a user does."""
    services.settings.save_mcp_server(_server("dead", "broken.py", "exit"))
    services.settings.save_mcp_server(_server("prompting", "prompting.py"))
    services.settings.save_mcp_server(_server("behaving", "behaving.py"))
    wait_ready(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.settings.load_settings()
    _choose(qtbot, window, "prompting")
    return window


def _choose(qtbot, window, *names: str) -> None:
    popover = window.tools_control.popover
    qtbot.waitUntil(lambda: set(names) <= set(popover.mcp_checks), timeout=5000)
    qtbot.mouseClick(window.tools_control, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(popover.isVisible, timeout=3000)
    for name in names:
        check = popover.mcp_checks[name]
        qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    popover.hide()
    window.composer.editor.setFocus()


def _shown(window) -> list[str]:
    composer = window.composer
    return [i.text for i in composer.popup.commands()] if composer.popup_open() else []


def _text(window) -> str:
    return window.composer.editor.toPlainText()


def _dialog(qtbot, window):
    qtbot.waitUntil(lambda: window.mcp_prompts.dialog is not None, timeout=STARTS)
    dialog = window.mcp_prompts.dialog
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    return dialog


def _ok(qtbot, dialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_prompt_is_listed_chosen_filled_in_and_lands_in_the_composer(qtbot, ready, services):
    window = ready
    assert not services.mcp.started  # choosing a server starts nothing
    qtbot.keyClick(window.composer.editor, "/")  # the menu is wanted: now its prompts are listed
    qtbot.waitUntil(lambda: "/prompting:summarize" in _shown(window), timeout=STARTS)
    # After the built-in commands, marked as coming from the server.
    shown = _shown(window)
    assert shown.index("/help") < shown.index("/prompting:summarize")
    items = {i.text: i for i in window.composer.commands()}
    assert items["/prompting:summarize"].description == (
        "MCP · prompting — Summarise a topic for a reader"
    )
    assert "/prompting:standup" in items
    assert not any(t.startswith("/behaving:") for t in items)  # not chosen: not offered

    qtbot.keyClicks(window.composer.editor, "prompting:summ")
    assert _shown(window) == ["/prompting:summarize"]
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    dialog = _dialog(qtbot, window)
    assert list(dialog.fields) == ["topic", "audience"]
    _ok(qtbot, dialog)  # the required topic is blank: refused, nothing fetched
    assert dialog.isVisible() and "topic" in dialog.error_text()
    assert _text(window) == "/prompting:summarize"
    qtbot.keyClicks(dialog.fields["topic"], "the MCP protocol")
    _ok(qtbot, dialog)
    qtbot.waitUntil(lambda: _text(window) == SUMMARY, timeout=STARTS)
    assert window.composer.error_text() == ""
    assert not window.mcp_prompts.busy and window.status.text() == ""
    assert window.bridge.active_turn is None  # nothing was sent


def test_a_prompt_without_arguments_goes_straight_to_the_composer(qtbot, ready):
    window = ready
    qtbot.keyClicks(window.composer.editor, "Before: ")
    window.composer.editor.setPlainText("")
    qtbot.keyClicks(window.composer.editor, "/stand")
    qtbot.waitUntil(lambda: _shown(window) == ["/prompting:standup"], timeout=STARTS)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: _text(window) == STANDUP, timeout=STARTS)
    assert window.mcp_prompts.dialog is None  # no dialog for a prompt without arguments


def test_a_prompt_sent_typed_with_its_arguments_is_fetched_not_sent(qtbot, ready, local_provider):
    window = ready
    qtbot.keyClick(window.composer.editor, "/")
    qtbot.waitUntil(lambda: "/prompting:summarize" in _shown(window), timeout=STARTS)
    window.composer.editor.setPlainText(
        '/prompting:summarize topic="Rust traits" audience=experts\nThen quiz me.'
    )
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    # A second send while it is fetched is ignored (nothing else ran in between).
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    expected = "Summarise Rust traits for experts, in three sentences.\nThen quiz me."
    qtbot.waitUntil(lambda: _text(window) == expected, timeout=STARTS)
    assert window.bridge.active_turn is None
    assert not [r for r, _ in local_provider.log if r.path.endswith("/chat/completions")]


def test_a_typed_prompt_missing_a_required_argument_asks_for_it(qtbot, ready):
    window = ready
    qtbot.keyClick(window.composer.editor, "/")
    qtbot.waitUntil(lambda: "/prompting:summarize" in _shown(window), timeout=STARTS)
    window.composer.editor.setPlainText("/prompting:summarize audience=experts")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    dialog = _dialog(qtbot, window)
    assert dialog.fields["audience"].text() == "experts"  # what was typed is kept
    qtbot.keyClicks(dialog.fields["topic"], "tea")
    _ok(qtbot, dialog)
    qtbot.waitUntil(
        lambda: _text(window) == "Summarise tea for experts, in three sentences.", timeout=STARTS
    )


def test_arguments_that_cannot_be_read_are_an_inline_error_and_the_text_stays(qtbot, ready):
    window = ready
    qtbot.keyClick(window.composer.editor, "/")
    qtbot.waitUntil(lambda: "/prompting:summarize" in _shown(window), timeout=STARTS)
    typed = "/prompting:summarize topic=tea colour=green"
    window.composer.editor.setPlainText(typed)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    error = window.composer.error_text()
    assert "/prompting:summarize" in error and "'colour'" in error and "topic, audience" in error
    assert _text(window) == typed and window.mcp_prompts.dialog is None


def test_a_prompt_that_fails_is_an_inline_error_naming_the_server(qtbot, ready):
    window = ready
    qtbot.keyClicks(window.composer.editor, "/prompting:bro")
    qtbot.waitUntil(lambda: _shown(window) == ["/prompting:broken"], timeout=STARTS)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    _ok(qtbot, _dialog(qtbot, window))  # its one argument is optional
    qtbot.waitUntil(lambda: window.composer.error_text() != "", timeout=STARTS)
    error = window.composer.error_text()
    assert error.startswith("Could not use /prompting:broken: MCP server 'prompting'")
    assert _text(window) == "/prompting:broken"  # the typed text is kept
    assert QApplication.activeModalWidget() is None and not window.mcp_prompts.busy


def test_a_server_that_fails_to_list_is_named_once_and_the_others_prompts_stay(qtbot, ready):
    window = ready
    _choose(qtbot, window, "dead", "behaving")  # now dead, prompting and behaving
    assert window.tools_control.mcp_servers == ("dead", "prompting", "behaving")
    qtbot.keyClick(window.composer.editor, "/")
    qtbot.waitUntil(
        lambda: {"/prompting:summarize", "/behaving:greet"} <= set(_shown(window)), timeout=STARTS
    )
    qtbot.waitUntil(lambda: "dead" in window.status.text(), timeout=STARTS)
    assert window.status.text().startswith("No prompts from dead: MCP server 'dead'")
    assert QApplication.activeModalWidget() is None  # a line, not a dialog
    assert not any(t.startswith("/dead:") for t in _shown(window))
    # The greeting of the other server works as ever.
    qtbot.keyClicks(window.composer.editor, "behaving:gr")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    dialog = _dialog(qtbot, window)
    qtbot.keyClicks(dialog.fields["name"], "Ada")
    _ok(qtbot, dialog)
    qtbot.waitUntil(lambda: _text(window) == "Say hello to Ada.", timeout=STARTS)
    # Named once: typing on in the menu does not ask the failed server again.
    window._clear_status()
    window.composer.editor.setPlainText("")
    qtbot.keyClick(window.composer.editor, "/")
    assert _shown(window)  # the menu is open, and the failed server is not asked again
    assert not window.mcp_prompts.listing and window.status.text() == ""
    # Choosing it again (after fixing it, say) asks it again.
    _choose(qtbot, window, "dead")  # off
    _choose(qtbot, window, "dead")  # on
    window.composer.editor.setPlainText("")
    qtbot.keyClick(window.composer.editor, "/")
    assert [c.name for c in window.mcp_prompts.listing] == ["dead"]
    qtbot.waitUntil(lambda: "dead" in window.status.text(), timeout=STARTS)


def test_a_double_choose_while_fetching_is_ignored(qtbot, ready):
    window = ready
    qtbot.keyClicks(window.composer.editor, "/stand")
    qtbot.waitUntil(lambda: _shown(window) == ["/prompting:standup"], timeout=STARTS)
    item = window.composer.popup.current()
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.mcp_prompts.busy and window.status.text().startswith("Getting the prompt")
    window.composer.sig_command_chosen.emit(CommandChoice(item))  # chosen again at once
    qtbot.waitUntil(lambda: not window.mcp_prompts.busy, timeout=STARTS)
    assert _text(window) == STANDUP  # once, not twice


def test_a_prompt_too_long_for_the_prompt_box_is_refused_with_its_size(qtbot, ready):
    window = ready
    qtbot.keyClicks(window.composer.editor, "/prompting:hu")
    qtbot.waitUntil(lambda: _shown(window) == ["/prompting:huge"], timeout=STARTS)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.composer.error_text() != "", timeout=STARTS)
    assert "300,000 characters" in window.composer.error_text()
    assert _text(window) == "/prompting:huge"


def test_the_servers_of_a_reopened_conversation_offer_their_prompts_and_a_late_one_is_dropped(
    qtbot, local_provider, services, window
):
    services.settings.save_mcp_server(_server("prompting", "prompting.py"))
    store = services.store
    session = store.create_session("With prompts")
    store.append(
        session.id,
        "t1",
        TurnStarted(provider_id="local", model="model-a", mcp_servers=("prompting",)),
    )
    store.append(session.id, "t1", UserMessage(text="q"))
    store.append(session.id, "t1", AssistantText(text="a", model="model-a"))
    store.append(session.id, "t1", TurnFinished(status="completed"))
    wait_ready(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.settings.load_settings()
    qtbot.waitUntil(lambda: "prompting" in window.tools_control.popover.mcp_checks, timeout=5000)
    window.open_session(session.id)
    qtbot.waitUntil(lambda: window.tools_control.mcp_servers == ("prompting",), timeout=5000)
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, "/stand")
    qtbot.waitUntil(lambda: _shown(window) == ["/prompting:standup"], timeout=STARTS)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.mcp_prompts.busy
    window.new_chat()  # before the answer is back: it belongs to the conversation left
    qtbot.waitUntil(lambda: not window.mcp_prompts.busy, timeout=STARTS)
    assert STANDUP not in _text(window) and window.composer.error_text() == ""

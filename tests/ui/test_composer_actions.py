"""Action commands in the composer (an MCP server's prompt in the ``/`` menu): choosing one in the
popup or sending it typed emits ``sig_command_chosen`` — nothing is inserted as a command with a
space, nothing is sent — and ``replace_directive`` puts the window's answer in its place.

Real widgets and real key presses (pytest-qt); no window, no server."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMainWindow

from parley.ui.widgets.composer import CommandChoice, CommandItem, Composer
from parley.ui.widgets.composer_commands import typed_action

PLAIN = CommandItem("/help", "What the commands do")
SUMMARIZE = CommandItem("/docs:summarize", "MCP · docs — Summarise", action="mcp-prompt")
STANDUP = CommandItem("/team:standup", "MCP · team", action="mcp-prompt")
COMMANDS = (PLAIN, SUMMARIZE, STANDUP)


@pytest.fixture
def composer(qtbot):
    window = QMainWindow()
    window.setCentralWidget(Composer())
    qtbot.addWidget(window)
    window.resize(700, 500)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    composer = window.centralWidget()
    assert isinstance(composer, Composer)
    composer.set_commands(COMMANDS)
    composer.editor.setFocus()
    return composer


def _record(composer: Composer) -> tuple[list[CommandChoice], list[str]]:
    chosen: list[CommandChoice] = []
    sent: list[str] = []
    composer.sig_command_chosen.connect(chosen.append)
    composer.sig_send_requested.connect(sent.append)
    return chosen, sent


def test_the_first_word_of_the_first_line_is_the_typed_action():
    assert typed_action(COMMANDS, "/docs:summarize topic=rust\nmore") == (
        SUMMARIZE,
        0,
        len("/docs:summarize topic=rust"),
        "topic=rust",
    )
    assert typed_action(COMMANDS, "  /team:standup") == (STANDUP, 2, 15, "")
    assert typed_action(COMMANDS, "/help") is None  # a plain item is not an action
    assert typed_action(COMMANDS, "/docs:summarizer") is None  # the whole word, not a prefix
    assert typed_action(COMMANDS, "please /docs:summarize") is None
    assert typed_action(COMMANDS, "hello\n/docs:summarize") is None


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Tab])
def test_choosing_an_action_in_the_popup_completes_it_and_emits_instead_of_inserting(
    qtbot, composer, key
):
    chosen, sent = _record(composer)
    qtbot.keyClicks(composer.editor, "/do")
    assert [i.text for i in composer.popup.commands()] == ["/docs:summarize"]
    qtbot.keyClick(composer.editor, key)
    assert chosen == [CommandChoice(SUMMARIZE)]  # from the popup: not typed, no arguments
    assert composer.editor.toPlainText() == "/docs:summarize"  # completed, no trailing space
    assert not composer.popup_open() and sent == []


def test_a_click_on_an_action_emits_it_too(qtbot, composer):
    chosen, _sent = _record(composer)
    qtbot.keyClicks(composer.editor, "/te")
    popup = composer.popup
    rect = popup.visualItemRect(popup.item(0))
    qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert chosen == [CommandChoice(STANDUP)]


def test_a_plain_item_is_still_inserted_with_a_space(qtbot, composer):
    chosen, _sent = _record(composer)
    qtbot.keyClicks(composer.editor, "/he")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.editor.toPlainText() == "/help " and chosen == []


def test_sending_a_typed_action_emits_it_with_its_arguments_and_sends_nothing(qtbot, composer):
    chosen, sent = _record(composer)
    composer.editor.setPlainText('/docs:summarize topic="two words"\nand keep this line')
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == []
    assert chosen == [CommandChoice(SUMMARIZE, 'topic="two words"', typed=True)]
    # The window's answer replaces the directive's line; the rest of the prompt stays.
    assert composer.replace_directive("Summarise two words.")
    assert composer.editor.toPlainText() == "Summarise two words.\nand keep this line"


def test_an_unknown_or_plain_slash_word_is_sent_as_before(qtbot, composer):
    chosen, sent = _record(composer)
    composer.editor.setPlainText("/docs:other x=1")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["/docs:other x=1"] and chosen == []  # compose_turn reports it, not us


def test_the_answer_follows_the_directive_when_text_is_typed_around_it(qtbot, composer):
    _record(composer)
    qtbot.keyClicks(composer.editor, "/te")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    cursor = composer.editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.Start)
    composer.editor.setTextCursor(cursor)
    qtbot.keyClicks(composer.editor, "Hi ")  # typed before it while the prompt is fetched
    composer.editor.moveCursor(cursor.MoveOperation.End)
    qtbot.keyClicks(composer.editor, " thanks")
    assert composer.replace_directive("PLAN")
    assert composer.editor.toPlainText() == "Hi PLAN thanks"


def test_a_directive_the_user_changed_meanwhile_is_left_alone(qtbot, composer):
    _record(composer)
    qtbot.keyClicks(composer.editor, "/te")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Backspace)  # "/team:standu"
    assert not composer.replace_directive("PLAN")
    assert composer.editor.toPlainText() == "/team:standuPLAN"  # at the cursor: nothing lost


def test_a_description_that_looks_like_html_is_shown_as_written_in_the_tooltip(qtbot, composer):
    composer.set_commands(
        [CommandItem("/x:y", "MCP · x — <b>bold</b> & <img src=a>", "mcp-prompt")]
    )
    qtbot.keyClicks(composer.editor, "/x")
    tip = composer.popup.item(0).toolTip()
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img src=a&gt;" in tip and "<b>" not in tip

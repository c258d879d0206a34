"""The composer's keyboard contract: the slash popup, inline errors, send keys, edit mode.

Real widgets and real key presses (pytest-qt). The composer sits in a real QMainWindow that, like
Parley's window, has an Esc "Stop" action, so the tests see which keys reach the window's
shortcuts and which the composer keeps.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from parley.ui.widgets.composer import (
    CommandItem,
    Composer,
    directive_query,
    match_commands,
)

COMMANDS = (
    CommandItem("/skill code-review", "Review a diff for bugs and style"),
    CommandItem("/skill summarise", "Summarise the conversation"),
    CommandItem("/agent critic", "Argue against the last answer"),
    CommandItem("/model gpt-4o", "Use gpt-4o for the next turn"),
    CommandItem("/new", "Start a new conversation"),
    CommandItem("/clear", "Clear the prompt"),
    CommandItem("/help", "List the commands"),
)


class Host(QMainWindow):
    """A window with an Esc shortcut, as Parley's main window has (Stop)."""

    def __init__(self) -> None:
        super().__init__()
        self.composer = Composer()
        self.setCentralWidget(self.composer)
        self.stops: list[bool] = []
        stop = QAction("Stop", self)
        stop.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        stop.triggered.connect(lambda: self.stops.append(True))
        self.addAction(stop)
        self.resize(700, 500)


@pytest.fixture
def host(qtbot):
    window = Host()
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.composer.set_commands(COMMANDS)
    window.composer.editor.setFocus()
    return window


def _sent(composer: Composer) -> list[str]:
    sent: list[str] = []
    composer.sig_send_requested.connect(sent.append)
    return sent


def _shown(composer: Composer) -> list[str]:
    return [item.text for item in composer.popup.commands()] if composer.popup_open() else []


# -- the pure rules ----------------------------------------------------------------------------


def test_a_directive_starts_a_line_or_follows_one():
    assert directive_query("/") == (0, "/")
    assert directive_query("/skill co") == (0, "/skill co")
    assert directive_query("/skill code-review /ag") == (19, "/ag")
    assert directive_query("  /he") == (2, "/he")
    assert directive_query("see /etc") is None
    assert directive_query("src/main.py") is None
    assert directive_query("plain words") is None


def test_prefix_matches_come_before_substring_matches_case_insensitively():
    texts = [c.text for c in match_commands(COMMANDS, "/c")]
    assert texts == ["/clear", "/skill code-review", "/agent critic"]
    assert [c.text for c in match_commands(COMMANDS, "/RE")] == ["/skill code-review"]
    assert [c.text for c in match_commands(COMMANDS, "/CRI")] == ["/agent critic"]
    assert [c.text for c in match_commands(COMMANDS, "/Skill S")] == ["/skill summarise"]
    assert len(match_commands(COMMANDS, "/")) == len(COMMANDS)
    assert match_commands(COMMANDS, "/zzz") == []


# -- the popup ---------------------------------------------------------------------------------


def test_slash_opens_the_popup_and_typing_filters_it(qtbot, host):
    composer = host.composer
    assert not composer.popup_open()
    qtbot.keyClick(composer.editor, "/")
    assert composer.popup_open()
    assert _shown(composer) == [c.text for c in COMMANDS]
    assert composer.popup.accessibleName() == "Command suggestions"
    qtbot.keyClicks(composer.editor, "sk")
    assert _shown(composer) == ["/skill code-review", "/skill summarise"]
    qtbot.keyClicks(composer.editor, "ill su")
    assert _shown(composer) == ["/skill summarise"]
    qtbot.keyClick(composer.editor, "x")
    assert not composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Backspace)
    assert _shown(composer) == ["/skill summarise"]


def test_substring_matches_follow_prefix_matches_in_the_popup(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/rev")
    assert _shown(composer) == ["/skill code-review"]


def test_enter_inserts_the_chosen_command_and_does_not_send(qtbot, host):
    composer = host.composer
    sent = _sent(composer)
    qtbot.keyClicks(composer.editor, "/ag")
    assert _shown(composer) == ["/agent critic"]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.editor.toPlainText() == "/agent critic "
    assert not composer.popup_open()
    assert sent == []
    # The popup is gone, so the send key works again.
    qtbot.keyClicks(composer.editor, "is this right?")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["/agent critic is this right?"]


def test_enter_does_not_send_in_enter_mode_while_the_popup_is_open(qtbot, host):
    composer = host.composer
    composer.set_send_key("enter")
    sent = _sent(composer)
    qtbot.keyClicks(composer.editor, "/he")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.editor.toPlainText() == "/help "
    assert sent == []
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert sent == ["/help "]


def test_down_and_up_move_and_tab_inserts(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/skill")
    assert composer.popup.current() == COMMANDS[0]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Down)
    assert composer.popup.current() == COMMANDS[1]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Down)  # wraps to the top
    assert composer.popup.current() == COMMANDS[0]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Up)  # and back to the bottom
    assert composer.popup.current() == COMMANDS[1]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Tab)
    assert composer.editor.toPlainText() == "/skill summarise "
    assert composer.editor.hasFocus()


def test_a_second_directive_after_the_first_completes_too(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/skill co")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Tab)
    qtbot.keyClicks(composer.editor, "/cri")
    assert _shown(composer) == ["/agent critic"]
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.editor.toPlainText() == "/skill code-review /agent critic "


def test_a_slash_in_ordinary_text_opens_nothing_but_one_on_a_new_line_does(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "look in /etc and src/")
    assert not composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)  # a new line (Ctrl+Enter mode)
    qtbot.keyClicks(composer.editor, "/mo")
    assert _shown(composer) == ["/model gpt-4o"]


def test_esc_closes_the_popup_only_and_never_reaches_stop(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/n")
    assert composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Escape)
    assert not composer.popup_open()
    assert host.stops == []
    assert composer.editor.toPlainText() == "/n"
    # Typing on in the dismissed directive keeps the popup closed...
    qtbot.keyClick(composer.editor, "e")
    assert not composer.popup_open()
    # ...and with no popup, Esc is the window's Stop again.
    qtbot.keyClick(composer.editor, Qt.Key.Key_Escape)
    assert host.stops == [True]


def test_clicking_a_suggestion_inserts_it(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/skill")
    popup = composer.popup
    qtbot.waitUntil(lambda: popup.isVisible(), timeout=2000)
    rect = popup.visualItemRect(popup.item(1))
    qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert composer.editor.toPlainText() == "/skill summarise "
    assert not composer.popup_open()


def test_the_popup_stays_inside_the_window(qtbot, host):
    composer = host.composer
    qtbot.keyClick(composer.editor, "/")
    popup = composer.popup
    assert popup.parentWidget() is host
    assert host.rect().contains(popup.geometry())


def test_without_commands_a_slash_is_just_text(qtbot, host):
    composer = host.composer
    composer.set_commands(())
    qtbot.keyClicks(composer.editor, "/skill x")
    assert not composer.popup_open()
    assert composer.editor.toPlainText() == "/skill x"


# -- errors ------------------------------------------------------------------------------------


def test_an_error_shows_under_the_editor_and_goes_when_the_text_changes(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/skill reviw fix it")
    composer.show_error("Unknown skill 'reviw' — did you mean 'review'?")
    assert composer.error_label.isVisible()
    assert composer.error_text() == "Unknown skill 'reviw' — did you mean 'review'?"
    assert composer.error_label.accessibleName() == "Prompt error"
    assert composer.editor.toPlainText() == "/skill reviw fix it"  # nothing lost
    qtbot.keyClick(composer.editor, "!")
    assert not composer.error_label.isVisible()
    assert composer.error_text() == ""


def test_clear_takes_the_error_away(qtbot, host):
    composer = host.composer
    composer.show_error("Unknown agent 'x'")
    assert composer.error_text()
    composer.clear()
    assert composer.error_text() == ""
    assert not composer.error_label.isVisible()


# -- send keys ---------------------------------------------------------------------------------


def test_ctrl_enter_mode_enter_is_a_new_line(qtbot, host):
    composer = host.composer
    sent = _sent(composer)
    assert composer.send_key == "ctrl+enter"
    assert "Ctrl+Enter to send" in composer.editor.placeholderText()
    qtbot.keyClicks(composer.editor, "one")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    qtbot.keyClicks(composer.editor, "two")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(composer.editor, "three")
    assert sent == []
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["one\ntwo\nthree"]


def test_enter_mode_enter_sends_and_shift_enter_is_a_new_line(qtbot, host):
    composer = host.composer
    composer.set_send_key("enter")
    sent = _sent(composer)
    assert composer.send_key == "enter"
    assert "Enter to send, Shift+Enter for a new line" in composer.editor.placeholderText()
    assert composer.button.toolTip() == "Send (Enter)"
    qtbot.keyClicks(composer.editor, "one")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(composer.editor, "two")
    assert sent == []
    qtbot.keyClick(composer.editor, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert sent == ["one\ntwo"]


def test_an_unknown_send_key_is_refused(host):
    with pytest.raises(ValueError, match="Unknown send key 'space'"):
        host.composer.set_send_key("space")
    assert host.composer.send_key == "ctrl+enter"


# -- edit last message -------------------------------------------------------------------------


def test_up_in_an_empty_editor_asks_to_edit_the_last_message(qtbot, host):
    composer = host.composer
    asked: list[bool] = []
    composer.sig_edit_last_requested.connect(lambda: asked.append(True))
    qtbot.keyClick(composer.editor, Qt.Key.Key_Up)
    assert asked == [True]
    qtbot.keyClicks(composer.editor, "x")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Up)
    assert asked == [True]  # not empty: Up is just the cursor


def test_edit_mode_shows_a_banner_and_esc_brings_the_draft_back(qtbot, host):
    composer = host.composer
    cancelled: list[bool] = []
    composer.sig_edit_cancelled.connect(lambda: cancelled.append(True))
    qtbot.keyClicks(composer.editor, "my half-written draft")
    composer.begin_edit("turn-7", "What is WAL mode?")
    assert composer.editing_turn == "turn-7"
    assert composer.editor.toPlainText() == "What is WAL mode?"
    assert composer.banner.isVisible()
    assert "sending starts a new branch" in composer.banner_label.text()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Escape)
    assert host.stops == []  # Esc left edit mode; it did not stop anything
    assert cancelled == [True]
    assert composer.editing_turn is None
    assert not composer.banner.isVisible()
    assert composer.editor.toPlainText() == "my half-written draft"


def test_the_cancel_button_leaves_edit_mode_too(qtbot, host):
    composer = host.composer
    composer.editor.setPlainText("draft")
    composer.begin_edit("t1", "first")
    composer.begin_edit("t2", "second")  # a second edit keeps the original draft
    with qtbot.waitSignal(composer.sig_edit_cancelled, timeout=1000):
        qtbot.mouseClick(composer.cancel_edit_button, Qt.MouseButton.LeftButton)
    assert composer.editor.toPlainText() == "draft"
    assert composer.editing_turn is None


def test_sending_an_edit_names_the_turn_and_clear_ends_it(qtbot, host):
    composer = host.composer
    sent = _sent(composer)
    seen_turn: list[str | None] = []
    composer.sig_send_requested.connect(lambda _text: seen_turn.append(composer.editing_turn))
    composer.editor.setPlainText("draft to keep")
    composer.begin_edit("turn-3", "Old question")
    qtbot.keyClicks(composer.editor, ", rephrased")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["Old question, rephrased"]
    assert seen_turn == ["turn-3"]
    composer.clear()  # what the window does after a send
    assert composer.editing_turn is None
    assert not composer.banner.isVisible()
    assert composer.editor.toPlainText() == "draft to keep"


def test_accessible_names(host):
    composer = host.composer
    assert composer.editor.accessibleName() == "Prompt"
    assert composer.button.accessibleName() == "Send"
    assert composer.attach_button.accessibleName() == "Attach files"
    assert composer.banner.accessibleName() == "Editing an earlier message"
    assert composer.cancel_edit_button.accessibleName() == "Cancel editing"
    composer.set_running(True)
    assert composer.button.accessibleName() == "Stop"


def test_the_windows_shortcuts_reach_it_from_the_prompt(qtbot, host):
    switched: list[bool] = []
    quick = QAction("Quick switch", host)
    quick.setShortcut(QKeySequence("Ctrl+K"))
    quick.triggered.connect(lambda: switched.append(True))
    host.addAction(quick)
    composer = host.composer
    qtbot.keyClicks(composer.editor, "keep this text")
    qtbot.keyClick(composer.editor, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert switched == [True]
    assert composer.editor.toPlainText() == "keep this text"


def test_ctrl_enter_with_the_popup_open_sends_what_is_typed(qtbot, host):
    composer = host.composer
    sent = _sent(composer)
    qtbot.keyClicks(composer.editor, "/help")
    assert composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["/help"]
    assert not composer.popup_open()


def test_moving_the_caret_into_a_directive_does_not_open_the_popup(qtbot, host):
    composer = host.composer
    qtbot.keyClicks(composer.editor, "/ne")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Escape)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)  # new line
    qtbot.keyClicks(composer.editor, "text")
    assert not composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Up)  # back onto the "/ne" line
    assert composer.editor.textCursor().blockNumber() == 0
    assert not composer.popup_open()
    qtbot.keyClick(composer.editor, Qt.Key.Key_End)
    qtbot.keyClick(composer.editor, Qt.Key.Key_W)
    assert _shown(composer) == ["/new"]

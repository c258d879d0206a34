"""Empty states that teach: the first start, an empty sidebar, a search with no match, a
conversation with no messages, and a keyring that cannot keep keys.

Real widgets and a real window on a real profile (``tests/ui/conftest.py``); the keys named in
the hints are read from ``ui.shortcuts`` here too, so a changed binding fails a hint that lags.
"""

from __future__ import annotations

from datetime import UTC, datetime

import keyring.backends.fail
import pytest
from PySide6.QtCore import Qt

from parley.application.conversations.sections import group_sessions
from parley.application.ports.event_store import SessionRecord
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.bootstrap import build_services
from parley.ui.key_text import keys_for
from parley.ui.widgets.conversation_list import ConversationList
from parley.ui.widgets.empty_conversation import EXAMPLES, EmptyConversation
from tests.support.sse_server import openai_text_stream
from tests.ui.conftest import wait_ready


@pytest.fixture
def listing(qtbot) -> ConversationList:
    widget = ConversationList()
    qtbot.addWidget(widget)
    widget.resize(260, 400)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


# -- the sidebar -----------------------------------------------------------------------------------


def test_an_empty_sidebar_says_how_to_start_with_the_real_key(listing):
    listing.set_sections([], None)
    text = listing.empty_text()
    assert text == f"No conversations yet — start one with {keys_for('New conversation')}."
    assert "Ctrl+N" in text
    assert listing.empty_hint.isVisible()
    assert listing.accessibleDescription() == text  # a screen reader hears it too


def test_the_hint_goes_when_a_conversation_is_listed(listing):
    listing.set_sections([], None)
    record = SessionRecord("s1", "Walrus", "2026-03-10T10:00:00Z", "2026-03-10T10:00:00Z")
    listing.set_sections(
        group_sessions([record], now=datetime(2026, 3, 10, 12, tzinfo=UTC), projects={}), None
    )
    assert listing.empty_text() == ""
    assert not listing.empty_hint.isVisible()


def test_a_search_with_no_match_names_the_query(listing):
    listing.show_matches([], None, "zebra crossing")
    assert listing.empty_text().startswith("No conversations match “zebra crossing”.")
    assert "Esc" in listing.empty_text()


def test_the_window_search_with_no_match_says_so(qtbot, local_provider, window):
    wait_ready(qtbot, window)
    window.session_search.setFocus()
    qtbot.keyClicks(window.session_search, "nothingmatchesthis")
    qtbot.waitUntil(lambda: "nothingmatchesthis" in window.session_list.empty_text(), timeout=5000)
    assert window.session_list.topLevelItemCount() == 0
    qtbot.keyClick(window.session_search, Qt.Key.Key_Escape)
    qtbot.waitUntil(
        lambda: "No conversations yet" in window.session_list.empty_text(), timeout=5000
    )


def test_the_search_field_names_its_key(window):
    assert keys_for("Find conversation") in window.session_search.placeholderText()


# -- a conversation with no messages ---------------------------------------------------------------


def test_a_new_conversation_offers_examples_and_the_shortcut_sheet_key(
    qtbot, local_provider, window
):
    wait_ready(qtbot, window)
    greeting = window.feedback.empty_state
    qtbot.waitUntil(greeting.isVisible, timeout=5000)
    assert keys_for("Show shortcuts") in greeting.keys_hint.text()
    assert len(greeting.buttons) == len(EXAMPLES) >= 3
    assert all(b.accessibleName().startswith("Example: ") for b in greeting.buttons)
    assert "Thinking" not in window.transcript.toPlainText()  # not part of the document


def test_clicking_an_example_fills_the_composer_and_sends_nothing(qtbot, local_provider, window):
    wait_ready(qtbot, window)
    greeting = window.feedback.empty_state
    qtbot.waitUntil(greeting.isVisible, timeout=5000)
    qtbot.mouseClick(greeting.buttons[1], Qt.MouseButton.LeftButton)
    assert window.composer.editor.toPlainText() == EXAMPLES[1][1]
    assert window.bridge.active_turn is None
    assert window.composer.editor.hasFocus() or window.focusWidget() is window.composer.editor


def test_the_greeting_goes_when_a_message_is_sent_and_comes_back_for_a_new_chat(
    qtbot, local_provider, window
):
    local_provider.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["Hello there."]), content_type="text/event-stream"
    )
    wait_ready(qtbot, window)
    greeting = window.feedback.empty_state
    qtbot.waitUntil(greeting.isVisible, timeout=5000)
    window.composer.editor.setPlainText("Hi")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        assert not greeting.isVisible()
    assert not greeting.isVisible()
    window.new_chat()
    assert greeting.isVisible()


def test_example_buttons_are_reachable_by_tab(qtbot):
    widget = EmptyConversation()
    qtbot.addWidget(widget)
    widget.show()
    assert all(b.focusPolicy() & Qt.FocusPolicy.TabFocus for b in widget.buttons)
    chosen = []
    widget.sig_prompt_chosen.connect(chosen.append)
    widget.buttons[0].setFocus()
    qtbot.keyClick(widget.buttons[0], Qt.Key.Key_Space)
    assert chosen == [EXAMPLES[0][1]]


# -- first start -----------------------------------------------------------------------------------


def test_first_start_shows_the_welcome_panel(qtbot, window):
    qtbot.waitUntil(lambda: window.welcome_built and window.welcome.isVisible(), timeout=5000)
    panel = window.welcome
    assert panel.keyring_problem() == ""  # the test keyring works
    assert panel.form.key_edit.isEnabled()
    assert panel.form.save_button.text() == "Start chatting"


@pytest.fixture
def no_keyring_window(qtbot, tmp_path):
    from parley.ui.main_window import MainWindow

    services = build_services(
        tmp_path / "data",
        tmp_path / "config",
        secrets=KeyringSecretStore(backend=keyring.backends.fail.Keyring()),
    )
    win = MainWindow(services)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.bridge.shutdown(timeout=5)
    services.close()


def test_no_keyring_is_said_up_front_and_the_key_field_is_disabled(qtbot, no_keyring_window):
    window = no_keyring_window
    qtbot.waitUntil(lambda: window.welcome_built and window.welcome.isVisible(), timeout=5000)
    panel = window.welcome
    qtbot.waitUntil(lambda: panel.keyring_problem() != "", timeout=5000)
    assert "API keys cannot be saved" in panel.keyring_problem()
    assert "Key variable" in panel.keyring_problem()
    assert "keyring" not in panel._remote_line.text()  # the card no longer promises it
    key = panel.form.key_edit
    assert not key.isEnabled()
    assert "no system keyring" in key.placeholderText()
    assert "keyring" in key.toolTip()
    # Another preset rewrites the placeholder in the form; the reason stays.
    form = panel.form
    form.preset_box.setCurrentIndex((form.preset_box.currentIndex() + 1) % form.preset_box.count())
    assert not key.isEnabled()
    assert "no system keyring" in key.placeholderText()


def test_settings_disables_the_key_field_with_the_reason_too(qtbot, no_keyring_window):
    dialog = no_keyring_window.open_settings("providers")
    key = dialog.providers_page.form.key_edit
    qtbot.waitUntil(lambda: not key.isEnabled(), timeout=5000)
    assert "keyring" in key.toolTip()
    assert "Key variable" in key.accessibleDescription()
    dialog.close()


def test_the_greeting_takes_the_new_theme_colour(qtbot, local_provider, window):
    wait_ready(qtbot, window)
    greeting = window.feedback.empty_state
    qtbot.waitUntil(greeting.isVisible, timeout=5000)
    viewport = window.transcript.viewport()
    try:
        for mode in ("dark", "light"):
            window.set_theme(mode)

            def page(role):  # read afresh: the view gets a new palette on a theme change
                return viewport.palette().color(role)

            qtbot.waitUntil(
                lambda mode=mode: (
                    (page(viewport.backgroundRole()).lightness() < 128) == (mode == "dark")
                    and greeting.palette().window().color() == page(viewport.backgroundRole())
                ),
                timeout=3000,
            )
            image = greeting.grab().toImage()
            corner = image.pixelColor(2, 2)
            assert (corner.lightness() < 128) == (mode == "dark")
    finally:
        window.set_theme("system")

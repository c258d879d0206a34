"""The price table and a conversation load on workers, in either order: the cost shows either way.

Found by looking at the window (``make screenshots``) after the chat controller took over: a
conversation opened at start, while the settings were still being read, was reduced with an empty
price table, so its footer and total lost their cost and never got it back.
"""

from __future__ import annotations

from parley.application.ports.settings_store import ProviderConfig
from parley.domain.transcript.branches import ROOT
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    mint_id,
)
from tests.ui.conftest import wait_ready


def _priced_conversation(services) -> str:
    services.settings.add_provider(
        ProviderConfig(
            name="openai", kind="openai", base_url="http://127.0.0.1:9/v1", default_model="gpt-4o"
        )
    )
    store = services.store
    session = store.create_session("Priced")
    turn = mint_id()
    store.append(session.id, turn, TurnStarted("openai", "gpt-4o", follows_turn_id=ROOT))
    store.append(session.id, turn, UserMessage(text="How much?"))
    store.append(session.id, turn, AssistantText(text="This much.", model="gpt-4o"))
    usage = Usage(input_tokens=31, output_tokens=212)
    store.append(session.id, turn, TurnFinished(status="completed", usage=usage, duration_s=3.4))
    return session.id


def test_prices_that_arrive_while_a_conversation_loads_reach_its_footer_and_total(qtbot, services):
    from parley.ui.main_window import MainWindow

    session_id = _priced_conversation(services)
    window = MainWindow(services)
    window.auto_titles = False
    qtbot.addWidget(window)
    window.show()
    wait_ready(qtbot, window)
    table = window.settings.prices
    assert table, "the built-in price table prices gpt-4o"
    # As at start: the conversation is opened before the settings' worker has delivered the
    # price table; the table arrives (and asks for the footers again) while it still loads.
    window.settings.prices = []
    window.open_session(session_id)
    window.settings.prices = table
    window._render_conversation()
    qtbot.waitUntil(lambda: "This much." in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: "$0.0022" in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: "$0.0022" in window.usage_label.text(), timeout=5000)
    window.bridge.shutdown(timeout=5)

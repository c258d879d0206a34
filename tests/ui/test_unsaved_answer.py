"""An answer the store refuses stays on screen, and the window says plainly where it is kept.

Issue 14, item 1: when the final save of an answer fails, the runtime keeps the text (checkpoints
or the recovery journal, ADR-008) and reports ``TurnOutcome.unsaved``. The store's refusal here
is a real one, inside SQLite (a trigger raising "database or disk is full" for the answer's
record), through the real window, worker and local provider.
"""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt

from parley.infrastructure.storage.sqlite_event_store import default_db_path
from parley.ui.widgets.notice_banner import NoticeBanner
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

CHAT = "/v1/chat/completions"


def test_an_answer_the_store_refuses_stays_shown_and_the_window_says_where_it_is(
    qtbot, local_provider, window, services
):
    local_provider.expect_oneshot_request(CHAT).respond_with_handler(
        sse_handler(openai_text_stream(["Pena Palace ", "opens at 09:30."]))
    )
    with sqlite3.connect(default_db_path(services.data_dir)) as conn:
        conn.execute(
            "CREATE TRIGGER refuse_answer BEFORE INSERT ON events"
            " WHEN NEW.type = 'assistant_text'"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("When does Pena Palace open?")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    outcome = finished.args[0]
    assert outcome.unsaved, outcome
    qtbot.waitUntil(
        lambda: "Pena Palace opens at 09:30." in window.transcript.toPlainText(), timeout=5000
    )
    assert [b for b in window.findChildren(NoticeBanner) if b.label.text() == outcome.unsaved]
    assert "not yet saved" in outcome.unsaved

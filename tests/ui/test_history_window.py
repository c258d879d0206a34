"""The history window and the sidebar search, over a real SQLite store with a generated history.

Sessions and events are written through the store's own API (``create_session``/``append``);
the window reads them back through ``summaries``/``search``/``events`` on the bridge's workers.
Nothing of Parley is mocked; where a test needs to see or slow down a search it wraps the real
store method.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QPoint, Qt

from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Notice,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    mint_call_id,
    mint_id,
    to_payload,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.ui.bridge import WorkerBridge
from parley.ui.history import FAILURES, TITLE, TURNS, HistoryWindow
from parley.ui.widgets.conversation_list import SESSION_ROLE
from parley.ui.widgets.session_search import SessionSearch

SESSIONS = 300
CONTENT_WORD = "zanzibar"  # appears in the content of exactly one conversation
TITLE_WORD = "budget"  # appears in the title of exactly one conversation


@dataclass
class History:
    """What was generated, so tests can say exactly what the window must show."""

    store: SqliteEventStore
    ids: list[str] = field(default_factory=list)
    failed: set[str] = field(default_factory=set)
    with_tools: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)
    content_match: str = ""
    title_match: str = ""


def generate(store: SqliteEventStore, count: int) -> History:
    """``count`` conversations of one or two turns; some fail, some run tools, some are refused."""
    history = History(store)
    for i in range(count):
        title = f"Conversation {i:04d}"
        if i == 17:
            title = "Quarterly Budget review"
        session = store.create_session(title)
        sid = session.id
        history.ids.append(sid)
        for turn in range(1 + i % 2):
            turn_id = mint_id()
            model = ("model-a", "model-b", "model-c")[i % 3]
            store.append(sid, turn_id, TurnStarted(provider_id="local", model=model))
            text = f"Question {turn} of conversation {i}: how do I parse dates?"
            if i == 42:
                text += f" I am writing from {CONTENT_WORD}."
            store.append(sid, turn_id, UserMessage(text=text))
            if i % 25 == 0 and turn == 0:
                store.append(
                    sid,
                    turn_id,
                    AttachmentAdded(
                        name="notes.txt",
                        sha256="ab" * 32,
                        media_type="text/plain",
                        size=12,
                        extractor="text",
                        chars=12,
                        text="hello notes!",
                    ),
                )
            if i % 5 == 0 and turn == 0:
                call = mint_call_id()
                history.with_tools.add(sid)
                store.append(sid, turn_id, ToolCall(call, "run_command", {"command": "ls -la"}))
                decision = "refused" if i % 10 == 0 else "ran"
                store.append(
                    sid,
                    turn_id,
                    ActionVerdict(
                        call_id=call,
                        tool="run_command",
                        effect="read",
                        rule="R-read-only",
                        reason="lists files",
                        decision=decision,
                        source="validator",
                    ),
                )
                if decision == "refused":
                    history.refused.add(sid)
                    store.append(sid, turn_id, ToolResult(call, "refused by the gate", False))
                else:
                    store.append(sid, turn_id, ToolResult(call, "a.txt\nb.txt", True))
            if i % 7 == 0 and turn == 0:
                history.failed.add(sid)
                store.append(sid, turn_id, Notice(text="the provider went away", level="error"))
                store.append(
                    sid,
                    turn_id,
                    TurnFinished(status="failed", error="connection reset", duration_s=0.4),
                )
                continue
            store.append(sid, turn_id, AssistantText(text=f"Answer {turn} for {i}", model=model))
            store.append(
                sid,
                turn_id,
                TurnFinished(
                    status="completed",
                    usage=Usage(input_tokens=100 + i, output_tokens=20 + turn),
                    duration_s=1.25,
                ),
            )
        if i == 42:
            history.content_match = sid
        if i == 17:
            history.title_match = sid
    return history


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> History:
    store = SqliteEventStore(tmp_path_factory.mktemp("history") / "parley.db")
    generated = generate(store, SESSIONS)
    yield generated
    store.close()


@pytest.fixture
def bridge():
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only, no turns
    yield bridge
    bridge.shutdown()


def open_window(qtbot, store, bridge) -> HistoryWindow:
    win = HistoryWindow(store, bridge.submit, debounce_ms=20)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: not win.loading and win.model.rowCount() > 0, timeout=15000)
    return win


@pytest.fixture
def win(qtbot, history, bridge) -> HistoryWindow:
    return open_window(qtbot, history.store, bridge)


def wait_reloaded(qtbot, win: HistoryWindow, change) -> None:
    """Apply a filter change and wait for the complete listing it causes."""
    with qtbot.waitSignal(
        win.sig_loaded, timeout=15000, check_params_cb=lambda _count, complete: complete
    ):
        change()


def shown_ids(win: HistoryWindow) -> list[str]:
    return win.model.ids()


# -- the table -------------------------------------------------------------------------------------


def test_every_conversation_is_listed_first_page_first(qtbot, history, bridge):
    win = HistoryWindow(history.store, bridge.submit)
    qtbot.addWidget(win)
    seen: list[tuple[int, bool]] = []
    win.sig_loaded.connect(lambda count, complete: seen.append((count, complete)))
    win.show()
    qtbot.waitUntil(lambda: bool(seen) and seen[-1][1], timeout=15000)
    assert seen[0] == (200, False)  # the first page is shown before the rest is read
    assert seen[-1] == (SESSIONS, True)
    assert win.model.rowCount() == SESSIONS
    # Store order (most recently updated first) is the default sort: last activity descending.
    assert shown_ids(win) == list(reversed(history.ids))
    assert "300 conversations" in win.count_label.text()


def test_figures_come_from_the_summaries(win, history):
    row = win.model.row_of(history.ids[4])  # one turn, completed
    summary = win.model.summary_at(row)
    assert summary is not None
    assert summary.turns == 1
    assert summary.failures == 0
    assert (summary.input_tokens, summary.output_tokens) == (104, 20)
    assert summary.models == ("model-b",)
    assert win.model.data(win.model.index(row, TURNS)) == "1"
    failed = win.model.summary_at(win.model.row_of(history.ids[7]))
    assert failed is not None and failed.failures == 1
    assert win.model.data(win.model.index(win.model.row_of(history.ids[7]), FAILURES)) == "1"


def test_sorting_by_a_column_orders_rows_and_keeps_the_selection(qtbot, win, history):
    win.select_session(history.ids[100])
    win.table.sortByColumn(TITLE, Qt.SortOrder.AscendingOrder)
    titles = [s.title.casefold() for s in win.model.rows()]
    assert titles == sorted(titles)
    assert win.current_session_id() == history.ids[100]

    header = win.table.horizontalHeader()
    x = header.sectionViewportPosition(FAILURES) + header.sectionSize(FAILURES) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2)
    )
    assert header.sortIndicatorSection() == FAILURES
    failures = [s.failures for s in win.model.rows()]
    assert failures in (sorted(failures), sorted(failures, reverse=True))
    win.table.sortByColumn(FAILURES, Qt.SortOrder.DescendingOrder)
    failures = [s.failures for s in win.model.rows()]
    assert failures == sorted(failures, reverse=True)
    assert failures[0] == 1 and failures[-1] == 0
    assert win.current_session_id() == history.ids[100]


def test_status_filter_shows_exactly_the_failed_conversations(qtbot, win, history):
    wait_reloaded(
        qtbot, win, lambda: win.status_box.setCurrentIndex(win.status_box.findData("failed"))
    )
    assert set(shown_ids(win)) == history.failed
    assert len(shown_ids(win)) == len(history.failed)
    wait_reloaded(qtbot, win, lambda: win.status_box.setCurrentIndex(0))
    assert len(shown_ids(win)) == SESSIONS


def test_tool_and_verdict_filters(qtbot, win, history):
    wait_reloaded(qtbot, win, lambda: win.tools_check.setChecked(True))
    assert set(shown_ids(win)) == history.with_tools
    wait_reloaded(
        qtbot, win, lambda: win.verdict_box.setCurrentIndex(win.verdict_box.findData("refused"))
    )
    assert set(shown_ids(win)) == history.refused


def test_model_filter(qtbot, win, history):
    wait_reloaded(qtbot, win, lambda: win.model_box.setCurrentText("model-b"))
    expected = {sid for i, sid in enumerate(history.ids) if i % 3 == 1}
    assert set(shown_ids(win)) == expected


def test_search_text_filters_by_content_and_title(qtbot, win, history):
    wait_reloaded(qtbot, win, lambda: qtbot.keyClicks(win.search_edit, CONTENT_WORD))
    assert shown_ids(win) == [history.content_match]
    tooltip = win.model.data(win.model.index(0, TITLE), Qt.ItemDataRole.ToolTipRole)
    assert CONTENT_WORD in tooltip.casefold()

    wait_reloaded(qtbot, win, lambda: win.search_edit.setText(TITLE_WORD))
    assert shown_ids(win) == [history.title_match]

    wait_reloaded(qtbot, win, win.search_edit.clear)
    assert len(shown_ids(win)) == SESSIONS


# -- the timeline ----------------------------------------------------------------------------------


def test_selecting_a_row_shows_every_event_in_order(qtbot, win, history):
    sid = history.ids[0]  # an attachment, a refused tool call, an error notice, a failed turn
    expected = list(history.store.events(sid))
    with qtbot.waitSignal(win.sig_timeline_shown, timeout=10000) as shown:
        assert win.select_session(sid)
    assert shown.args == [sid, len(expected)]
    model = win.timeline.model
    assert model.rowCount() == len(expected)
    assert [e.id for e in model.events()] == [e.id for e in expected]
    types = [model.data(model.index(r, 1)) for r in range(model.rowCount())]
    assert types[:2] == ["Turn started", "User message"]
    assert {"Attachment", "Tool call", "Verdict", "Tool result", "Turn finished"} <= set(types)
    summaries = [model.data(model.index(r, 2)) for r in range(model.rowCount())]
    verdict = summaries[types.index("Verdict")]
    assert "refused" in verdict and "R-read-only" in verdict and "validator" in verdict
    assert "ls -la" in summaries[types.index("Tool call")]
    assert "sha256 abababababab" in summaries[types.index("Attachment")]
    assert "failed" in summaries[types.index("Turn finished")]
    # Each event's detail lines are its children.
    call_row = model.index(types.index("Tool call"), 0)
    labels = [model.data(model.index(r, 1, call_row)) for r in range(model.rowCount(call_row))]
    assert "argument command" in labels


def test_raw_json_toggle_shows_the_payload(qtbot, win, history):
    sid = history.ids[10]
    with qtbot.waitSignal(win.sig_timeline_shown, timeout=10000):
        win.select_session(sid)
    model = win.timeline.model
    row = next(r for r in range(model.rowCount()) if model.data(model.index(r, 1)) == "Verdict")
    win.timeline.select_row(row)
    event = model.events()[row].event
    assert "decided by: validator" in win.timeline.detail_shown()
    assert "rule: R-read-only" in win.timeline.detail_shown()
    qtbot.mouseClick(win.timeline.raw_toggle, Qt.MouseButton.LeftButton)
    assert json.loads(win.timeline.detail_shown()) == to_payload(event)
    win.timeline.raw_toggle.setChecked(False)
    assert "decided by: validator" in win.timeline.detail_shown()


# -- actions ---------------------------------------------------------------------------------------


def test_export_selected_conversation_writes_a_file(qtbot, win, history, tmp_path):
    sid = history.ids[3]
    win.select_session(sid)
    target = tmp_path / "one.json"
    with qtbot.waitSignal(win.sig_exported, timeout=10000):
        win.export_selected(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["session"]["id"] == sid
    assert [e["id"] for e in data["events"]] == [e.id for e in history.store.events(sid)]


def test_export_shown_writes_the_filtered_selection(qtbot, win, history, tmp_path):
    wait_reloaded(
        qtbot, win, lambda: win.status_box.setCurrentIndex(win.status_box.findData("failed"))
    )
    target = tmp_path / "failed.json"
    with qtbot.waitSignal(win.sig_exported, timeout=20000):
        win.export_shown(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    exported = data if isinstance(data, list) else data["sessions"]
    assert {item["session"]["id"] for item in exported} == history.failed


def test_export_markdown_and_html_when_available(qtbot, win, history, tmp_path):
    from parley.application.history import export

    if not hasattr(export, "export_markdown"):
        pytest.skip("Markdown export is not available")
    sid = history.ids[10]
    win.select_session(sid)
    for name in ("one.md", "one.html"):
        with qtbot.waitSignal(win.sig_exported, timeout=10000):
            win.export_selected(tmp_path / name)
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "Conversation 0010" in text


def test_verify_shows_the_chain_report(qtbot, win, history):
    win.select_session(history.ids[20])
    with qtbot.waitSignal(win.sig_chain_verified, timeout=10000) as verified:
        win.verify_selected()
    report = verified.args[0]
    assert report.session_id == history.ids[20]
    assert report.ok
    assert "intact" in win.statusBar().currentMessage()


def test_delete_asks_then_removes_the_conversation(qtbot, tmp_path, bridge, monkeypatch):
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        small = generate(store, 4)
        win = open_window(qtbot, store, bridge)
        victim = small.ids[2]
        win.select_session(victim)
        monkeypatch.setattr(win, "_confirm", lambda _title, _text: False)
        win.delete_selected()
        qtbot.wait(100)
        assert store.session_exists(victim)
        monkeypatch.setattr(win, "_confirm", lambda _title, _text: True)
        with qtbot.waitSignal(win.sig_session_deleted, timeout=10000):
            win.delete_selected()
        assert not store.session_exists(victim)
        assert victim not in win.model.ids()
        assert win.model.rowCount() == 3
    finally:
        store.close()


# -- the main window ---------------------------------------------------------------------------


@pytest.fixture
def filled(services):
    """A few conversations in the main window's own store, before the window opens."""
    return generate(services.store, 45)


@pytest.fixture
def main(qtbot, filled, services):
    from parley.ui.main_window import MainWindow

    win = MainWindow(services)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: len(win.session_list.session_items()) == 45, timeout=10000)
    yield win
    win.bridge.shutdown(timeout=5)


def test_ctrl_h_opens_one_history_window(qtbot, main):
    qtbot.keyClick(main, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    history = main.history_window
    assert history is not None and history.isVisible()
    qtbot.waitUntil(lambda: history.model.rowCount() == 45, timeout=10000)
    history.close()
    assert not history.isVisible()
    assert main.open_history() is history
    assert history.isVisible()


def _count_searches(monkeypatch, store, gate: dict | None = None) -> list[str]:
    """Wrap the real ``store.search``: record each query; hold one query until released."""
    calls: list[str] = []
    real = store.search

    def search(query, filters=None, *, limit=100):
        calls.append(query)
        if gate is not None and query == gate["query"]:
            gate["started"].set()
            gate["release"].wait(10)
        return real(query, filters, limit=limit)

    monkeypatch.setattr(store, "search", search)
    return calls


def _titles(win) -> list[str]:
    return [item.text(0) for item in win.session_list.session_items()]


def test_sidebar_search_debounces_and_restores_the_list(qtbot, main, filled, monkeypatch):
    search: SessionSearch = main.session_search
    calls = _count_searches(monkeypatch, main.services.store)
    with qtbot.waitSignal(search.sig_results, timeout=10000) as got:
        qtbot.keyClicks(search, TITLE_WORD)  # six keystrokes, well inside the quiet time
    assert got.args[0] == TITLE_WORD
    assert search.searches_started == 1
    assert calls == [TITLE_WORD]
    assert _titles(main) == ["Quarterly Budget review"]
    assert "title matches" in main.session_list.session_items()[0].toolTip(0)

    with qtbot.waitSignal(search.sig_results, timeout=10000):
        search.selectAll()
        qtbot.keyClicks(search, CONTENT_WORD)
    assert search.searches_started == 2
    assert [main.session_list.session_items()[i].data(0, SESSION_ROLE) for i in range(1)] == [
        filled.content_match
    ]
    assert "[zanzibar]" in main.session_list.session_items()[0].toolTip(0).casefold()

    # Esc clears the field (not "stop the turn") and the full list comes back.
    qtbot.keyClick(search, Qt.Key.Key_Escape)
    assert search.text() == ""
    qtbot.waitUntil(lambda: len(main.session_list.session_items()) == 45, timeout=10000)


def test_sidebar_search_drops_stale_results(qtbot, main, filled, monkeypatch):
    search: SessionSearch = main.session_search
    gate = {"query": CONTENT_WORD, "started": threading.Event(), "release": threading.Event()}
    calls = _count_searches(monkeypatch, main.services.store, gate)
    try:
        qtbot.keyClicks(search, CONTENT_WORD)
        qtbot.waitUntil(gate["started"].is_set, timeout=5000)  # the slow search is running
        with qtbot.waitSignal(search.sig_results, timeout=10000) as got:
            search.selectAll()
            qtbot.keyClicks(search, TITLE_WORD)
        assert got.args[0] == TITLE_WORD
    finally:
        gate["release"].set()
    qtbot.waitUntil(lambda: search.stale_dropped == 1, timeout=10000)
    assert calls == [CONTENT_WORD, TITLE_WORD]
    assert _titles(main) == ["Quarterly Budget review"]  # the older answer did not overwrite it
    assert search.active_query == TITLE_WORD


def test_deleting_in_history_refreshes_the_sidebar(qtbot, main, filled, monkeypatch):
    history = main.open_history()
    qtbot.waitUntil(lambda: history.model.rowCount() == 45, timeout=10000)
    history.select_session(filled.ids[0])
    monkeypatch.setattr(history, "_confirm", lambda _title, _text: True)
    history.delete_selected()
    qtbot.waitUntil(lambda: len(main.session_list.session_items()) == 44, timeout=10000)


# -- search results jump to the matching event -----------------------------------------------------

NEEDLE = "needle"


def _needle_conversation(store, title: str = "Haystack") -> tuple[str, list[int]]:
    """A long conversation where two events (a user message early, an answer late) hold NEEDLE;
    returns its id and those events' ids in conversation order."""
    sid = store.create_session(title).id
    hits: list[int] = []
    for turn in range(12):
        turn_id = mint_id()
        store.append(sid, turn_id, TurnStarted(provider_id="local", model="model-a"))
        text = f"Question {turn}: tell me about hay." + (
            f" Find the {NEEDLE}." if turn == 2 else ""
        )
        stored = store.append(sid, turn_id, UserMessage(text=text))
        if turn == 2:
            hits.append(stored.id)
        answer = f"Answer {turn}: " + "hay and more hay. " * 20
        if turn == 9:
            answer += f"Here is the {NEEDLE} again."
        stored = store.append(sid, turn_id, AssistantText(text=answer, model="model-a"))
        if turn == 9:
            hits.append(stored.id)
        store.append(sid, turn_id, TurnFinished(status="completed", duration_s=0.1))
    return sid, hits


def test_history_search_opens_the_first_match_and_steps_to_the_next(qtbot, tmp_path, bridge):
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        generate(store, 5)
        sid, hits = _needle_conversation(store)
        win = open_window(qtbot, store, bridge)
        wait_reloaded(qtbot, win, lambda: win.search_edit.setText(NEEDLE))
        assert shown_ids(win) == [sid]
        with qtbot.waitSignal(win.sig_timeline_shown, timeout=10000):
            win.select_row(0)
        timeline = win.timeline
        current = timeline.current_event()
        assert current is not None and current.id == hits[0]
        assert timeline.tree.currentIndex().row() == timeline.row_of_event(hits[0])
        assert [event_id for event_id, _snippet in timeline.matches()] == hits
        assert f"<b>{NEEDLE}</b>" in timeline.match_label.text().casefold()
        assert timeline.next_match_button.isEnabled()

        qtbot.keyClick(win, Qt.Key.Key_F3)  # next match
        assert timeline.current_event().id == hits[1]
        assert timeline.tree.currentIndex().row() == timeline.row_of_event(hits[1])
        assert "match 2 of 2" in timeline.match_label.text().casefold()
        qtbot.mouseClick(timeline.next_match_button, Qt.MouseButton.LeftButton)  # wraps round
        assert timeline.current_event().id == hits[0]

        # Without search text the timeline opens at the top, with no match bar.
        wait_reloaded(qtbot, win, win.search_edit.clear)
        other = next(i for i in shown_ids(win) if i != sid)
        with qtbot.waitSignal(win.sig_timeline_shown, timeout=10000):
            win.select_session(other)
        assert timeline.matches() == []
        assert timeline.tree.currentIndex().row() == 0
        assert timeline.match_label.isHidden()
    finally:
        store.close()


def test_sidebar_search_result_scrolls_the_transcript_to_the_match(qtbot, main, monkeypatch):
    sid, hits = _needle_conversation(main.services.store, "Haystack")
    search: SessionSearch = main.session_search
    with qtbot.waitSignal(search.sig_results, timeout=10000):
        qtbot.keyClicks(search, NEEDLE)
    assert [main.session_list.session_items()[i].data(0, SESSION_ROLE) for i in range(1)] == [sid]
    item = main.session_list.session_items()[0]
    rect = main.session_list.visualItemRect(item)
    qtbot.mouseClick(main.session_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    transcript = main.transcript
    qtbot.waitUntil(lambda: NEEDLE in transcript.textCursor().block().text(), timeout=10000)
    cursor = transcript.textCursor()
    # The result's snippet is its newest hit: the answer of turn 9, selected as a highlight.
    assert cursor.block().text().startswith("Answer 9:")
    assert cursor.hasSelection() and NEEDLE in cursor.selectedText()
    assert transcript.viewport().rect().intersects(transcript.cursorRect())  # on screen

    # The transcript can jump to the other hit too (the user message of turn 2).
    assert transcript.scroll_to_event(hits[0])
    assert transcript.textCursor().block().text().startswith("Question 2:")
    assert transcript.viewport().rect().intersects(transcript.cursorRect())
    assert not transcript.scroll_to_event(-1)

"""The model's reasoning, shown: the thinking indicator while it thinks, then a collapsed header
over the answer that opens on a click, Enter or Space (issue 16).

Real widgets throughout: a real window streams Anthropic's recorded thinking stream from a local
HTTP server (held after the thinking, so what shows while the model thinks can be looked at),
the header is clicked with the mouse and reached with Tab, and the conversation is opened again
from the store. The transcript alone is driven with the conversation model's states for what a
window turn cannot stage on demand (a reasoning-only step timed from the log, the header kept
open while the next step streams and the document is cut and drawn again).
"""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from parley.application.conversation_view import apply_text, empty, from_events, reduce
from parley.application.conversation_view.items import REDACTED_TEXT
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    Reasoning,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.domain.transcript.canonical import Notice as NoticeEvent
from parley.ui.transcript.view import TranscriptView
from parley.ui.widgets.thinking_indicator import REASONING_EVERY_S, ThinkingIndicator
from tests.support.sse_server import fixture_path, sse_handler
from tests.ui.conftest import wait_ready

THINKING = fixture_path("providers", "anthropic", "anthropic-thinking-text.sse").read_bytes()
REDACTED = fixture_path("providers", "anthropic", "anthropic-redacted-thinking.sse").read_bytes()


@pytest.fixture
def claude(services, httpserver):
    """An Anthropic provider on the local server (before the window reads the settings)."""
    services.settings.add_provider(
        ProviderConfig(
            name="claude",
            kind="anthropic",
            base_url=httpserver.url_for("/v1"),
            default_model="claude-haiku-4-5",
        )
    )
    httpserver.expect_request("/v1/models").respond_with_json(
        {"data": [{"id": "claude-haiku-4-5"}], "has_more": False}
    )
    return httpserver


def _held_after_thinking(body: bytes, gate: threading.Event, record: list):
    """Streams the thinking, then waits for ``gate`` before the signature and the text."""
    cut = body.index(
        b'event: content_block_delta\ndata: {"type":"content_block_delta",'
        + b'"index":0,"delta":{"type":"signature_delta"'
    )
    return sse_handler(body, slice_size=cut, gate=gate, gate_after=1, record=record)


def _click_header(qtbot, view: TranscriptView, turn_id: str) -> None:
    rect = view.reasoning_link_rect(turn_id)
    assert rect is not None and rect.width() > 0
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_a_thinking_stream_shows_the_indicator_then_a_collapsed_header_that_opens(
    qtbot, claude, window
):
    httpserver = claude
    gate = threading.Event()
    asked: list = []
    httpserver.expect_request("/v1/messages").respond_with_handler(
        _held_after_thinking(THINKING, gate, asked)
    )
    wait_ready(qtbot, window)
    indicator = window.feedback.thinking
    view = window.transcript
    window.composer.editor.setPlainText("Two names for a pet pelican, briefly")
    try:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=15000) as finished:
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
            # The model thinks (its thinking is on the wire, no text yet): the indicator says so.
            qtbot.waitUntil(lambda: bool(asked), timeout=10000)
            qtbot.waitUntil(indicator.isVisible, timeout=5000)
            assert indicator.running
            assert indicator.text().startswith("Thinking…")
            # The runtime hands the streamed reasoning on: its latest line shows, muted.
            qtbot.waitUntil(lambda: bool(indicator.reasoning_line()), timeout=5000)
            thought = "".join(
                json.loads(line[6:])["delta"].get("thinking", "")
                for line in THINKING.decode().splitlines()
                if line.startswith("data: ") and '"thinking_delta"' in line
            )
            assert indicator.reasoning_line() in thought
            turn_id = window.bridge.active_turn.request.turn_id
            assert view.reasoning_header(turn_id) == ""  # recorded when the step ends
            gate.set()
    finally:
        gate.set()
    outcome = finished.args[0]
    assert outcome.status == "completed", outcome.error
    assert not indicator.isVisible()

    # The answer, with its reasoning collapsed above it: one line, the time unknown (the step
    # streamed text too, and its reasoning was recorded at the step's end).
    answer = view.message_text(turn_id)
    assert "Pouch" in answer and "pelican" not in view.reasoning_header(turn_id)
    assert view.reasoning_header(turn_id) == "▸ Reasoning"
    assert "The user wants" not in view.toPlainText()

    _click_header(qtbot, view, turn_id)
    opened = view.reasoning_header(turn_id)
    assert opened.startswith("▾ Reasoning\nThe user wants two names for a pet pelican")
    assert "- Captain Beak" in opened.splitlines()
    assert view.message_text(turn_id) == answer  # the answer itself is untouched

    _click_header(qtbot, view, turn_id)
    assert view.reasoning_header(turn_id) == "▸ Reasoning"

    # Opened again from the store: the same header, closed.
    live = view.toPlainText()
    window.new_chat()
    window.open_session(outcome.session_id)
    qtbot.waitUntil(
        lambda: not window._loading_full and "Pouch" in view.toPlainText(), timeout=10000
    )
    assert view.reasoning_header(turn_id) == "▸ Reasoning"
    assert view.toPlainText() == live
    _click_header(qtbot, view, turn_id)
    assert view.reasoning_header(turn_id) == opened


def test_redacted_thinking_says_it_is_encrypted(qtbot, claude, window):
    httpserver = claude
    httpserver.expect_request("/v1/messages").respond_with_handler(sse_handler(REDACTED))
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Think in secret")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=15000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert finished.args[0].status == "completed", finished.args[0].error
    turn_id = finished.args[0].turn_id
    view = window.transcript
    assert view.reasoning_header(turn_id) == "▸ Reasoning (encrypted by the provider)"
    assert view.toggle_reasoning(f"{turn_id}/answer/0")
    lines = view.reasoning_header(turn_id).splitlines()
    # (two encrypted blocks)
    assert lines == ["▾ Reasoning (encrypted by the provider)", REDACTED_TEXT, "", REDACTED_TEXT]
    assert "I notice that you've sent" in view.message_text(turn_id)


# -- the transcript alone ----------------------------------------------------------------------


class _Log:
    def __init__(self) -> None:
        self.events: list[StoredEvent] = []

    def add(self, turn_id: str, event: Event, ts: str) -> StoredEvent:
        stored = StoredEvent(len(self.events) + 1, ts, "s", turn_id, event)
        self.events.append(stored)
        return stored


def _tool_step_log() -> _Log:
    """A turn whose first step only thinks (14 s) and calls a tool; the second answers."""
    log = _Log()
    log.add("t1", TurnStarted(provider_id="p", model="claude"), "2026-12-01T10:00:00Z")
    log.add("t1", UserMessage(text="How many rows?"), "2026-12-01T10:00:00Z")
    log.add(
        "t1",
        Reasoning(text="I should count.\nwc -l will do.", model="claude"),
        "2026-12-01T10:00:14Z",
    )
    log.add(
        "t1",
        ToolCall(call_id="c1", tool="read_file", arguments={"path": "a"}),
        "2026-12-01T10:00:14Z",
    )
    log.add("t1", ToolResult(call_id="c1", result="3 rows", success=True), "2026-12-01T10:00:15Z")
    return log


def _view(qtbot) -> TranscriptView:
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    return view


def test_a_thinking_step_is_timed_from_the_log_and_stays_open_while_the_next_step_streams(
    qtbot,
):
    log = _tool_step_log()
    view = _view(qtbot)
    view.show_state(from_events(log.events))
    assert view.reasoning_header("t1") == "▸ Thought for 14 s"
    assert view.toggle_reasoning("t1/answer/0")
    assert view.reasoning_header("t1") == "▾ Thought for 14 s\nI should count.\nwc -l will do."

    # The next step streams: the open header stays open, chunk after chunk.
    state = view.state
    for chunk in ("It has ", "3 rows", "."):
        state = apply_text(state, "t1", chunk)
        view.apply(state)
    assert view.reasoning_header("t1").startswith("▾ Thought for 14 s\nI should count.")
    # A notice recorded mid-stream cuts the streamed answer and draws it again; then a theme
    # change draws everything again: still open.
    notice = log.add("t1", NoticeEvent(text="Retrying", level="warning"), "2026-12-01T10:00:16Z")
    state = reduce(state, notice)
    view.apply(state)
    view.set_dark(True)
    assert view.reasoning_header("t1").startswith("▾ Thought for 14 s\nI should count.")
    assert view.message_text("t1") == "It has 3 rows."
    # Per answer: the second answer has no reasoning, and closing the first leaves it so.
    assert view.toggle_reasoning("t1/answer/0")
    assert view.reasoning_header("t1") == "▸ Thought for 14 s"
    assert not view.toggle_reasoning("t1/answer/1")


def test_reasoning_recorded_while_text_streams_draws_only_the_header(qtbot):
    """Live, a step's reasoning is recorded after its text streamed: the header joins the
    answer drawn so far without laying its body out again (the streaming budget)."""
    log = _Log()
    view = _view(qtbot)
    state = empty()
    for stored in (
        log.add("t1", TurnStarted(provider_id="p", model="claude"), "2026-12-01T10:00:00Z"),
        log.add("t1", UserMessage(text="Hi"), "2026-12-01T10:00:00Z"),
    ):
        state = reduce(state, stored)
    view.apply(state)
    text = "# Title\n\n" + "A paragraph of the answer.\n\n" * 40 + "The end"
    for start in range(0, len(text), 50):
        state = apply_text(state, "t1", text[start : start + 50])
        view.apply(state)
    view.toPlainText()  # (lays out what is pending)
    drawn = view._drawn[-1]
    message = drawn.message
    assert message is not None
    committed, body_end = message.committed, message.stable_end.position()

    stored = log.add("t1", Reasoning(text="Plan: greet.", model="claude"), "2026-12-01T10:00:09Z")
    state = reduce(state, stored)
    view.apply(state)
    assert view._drawn[-1].message is message  # the same frame, not drawn again
    assert message.committed == committed  # nothing of the body laid out again
    header = len("claude\u2028▸ Thought for 9 s")  # (no stored text yet: the time is known)
    assert message.stable_end.position() - body_end == header - len("claude")
    # The step's text is stored: the time is not known after all (it counted the text).
    for stored in (
        log.add("t1", AssistantText(text=text, model="claude"), "2026-12-01T10:00:09Z"),
        log.add("t1", TurnFinished(status="completed"), "2026-12-01T10:00:09Z"),
    ):
        state = reduce(state, stored)
        view.apply(state)
    assert view._drawn[-2].message is message
    assert view.reasoning_header("t1") == "▸ Reasoning"
    reopened = _view(qtbot)
    reopened.show_state(from_events(log.events))
    assert view.message_text("t1") == reopened.message_text("t1")
    assert reopened.toPlainText() == view.toPlainText()


def test_the_header_is_reached_with_tab_and_toggled_with_enter_and_space(qtbot):
    view = _view(qtbot)
    log = _tool_step_log()
    view.show_state(from_events(log.events))
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=2000)
    cursor = view.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    view.setTextCursor(cursor)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    selected = view.textCursor()
    assert selected.hasSelection()
    assert selected.selectedText() == "▸ Thought for 14 s"
    assert view.hasFocus()

    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert view.reasoning_header("t1").startswith("▾ Thought for 14 s\n")
    assert view.textCursor().selectedText() == "▾ Thought for 14 s"  # focus stays on it
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert view.reasoning_header("t1") == "▸ Thought for 14 s"
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert view.reasoning_header("t1").startswith("▾ Thought for 14 s\n")
    # Named for what it does, for pointer and screen-reader users alike.
    link = view.textCursor()
    probe = QTextCursor(view.document())
    probe.setPosition(link.selectionStart() + 1)
    assert probe.charFormat().toolTip() == "Hide the model's reasoning"


# -- the indicator -----------------------------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_indicator_shows_the_latest_reasoning_line_at_a_reading_pace(qtbot):
    clock = _Clock()
    indicator = ThinkingIndicator(clock=clock)
    qtbot.addWidget(indicator)
    indicator.add_reasoning("ignored while stopped")
    assert indicator.reasoning_line() == ""
    indicator.start("claude")
    clock.now += 12.4
    assert indicator.text() == "Thinking… 12 s"
    indicator.add_reasoning("The user wants two names.\n\nSome good ")
    assert indicator.reasoning_line() == "Some good"  # the first line at once
    indicator.add_reasoning("options:\n- Pouch\n")
    assert indicator.reasoning_line() == "Some good"  # not per chunk
    indicator.tick()
    assert indicator.reasoning_line() == "Some good"
    clock.now += REASONING_EVERY_S
    indicator.tick()
    assert indicator.reasoning_line() == "- Pouch"
    indicator.resize(400, indicator.sizeHint().height())
    indicator.grab()  # (paints, eliding the line to the width left)
    indicator.start("claude")
    assert indicator.reasoning_line() == ""


def test_reasoning_streamed_through_the_bridge_reaches_the_indicator(qtbot, window):
    """The bridge carries reasoning chunks (coalesced per frame) to the indicator; the turn
    runtime hands them to its listener's ``on_reasoning``."""
    from parley.ui.bridge import _BridgeListener

    indicator = window.feedback.thinking
    indicator.start("claude")
    listener = _BridgeListener(window.bridge)
    with qtbot.waitSignal(window.bridge.sig_reasoning, timeout=3000) as got:

        def run() -> None:
            listener.on_reasoning("t1", "Let me think")
            listener.on_reasoning("t1", ".\nFirst, ")
            # (no turn runs, so no frame timer drains the mailbox: ask for a drain)
            window.bridge.post("reasoning", ("t1", "we"), wake=True)

        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    assert got.args[0] == "t1"
    assert got.args[1] == "Let me think.\nFirst, we"  # one signal for the frame's chunks
    assert indicator.reasoning_line() == "First, we"
    indicator.stop()

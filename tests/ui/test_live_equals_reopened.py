"""The same log shows the same transcript live, reopened and after a theme change (ADR-007).

A real window sends real turns to the local provider fixture: a turn whose first attempt fails
(a retry notice before its text) and whose answer is cut off (a notice after it), a tool turn, a
failed turn and a stopped turn with partial text. What the transcript showed while they ran must
be exactly what it shows when the conversation is opened again from the store, and what it shows
after a theme change. Before the reducer, these three disagreed (issue 13).
"""

from __future__ import annotations

import json
import threading

from PySide6.QtCore import Qt
from werkzeug import Response

from tests.support.sse_server import data_events, openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

_BASE = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}


def _cut_off(text: str) -> bytes:
    """An answer the provider stopped at its token limit (``finish_reason: length``)."""
    return data_events(
        [
            {**_BASE, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]},
            {**_BASE, "choices": [{"index": 0, "delta": {"content": text}}]},
            {**_BASE, "choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]},
        ]
    )


def _tool_call(name: str, arguments: dict) -> bytes:
    call = {
        "index": 0,
        "id": "call_1",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }
    return data_events(
        [
            {**_BASE, "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]},
            {**_BASE, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        ]
    )


def _held(pieces: list[str], gate: threading.Event):
    """Sends the first piece, then waits for ``gate`` before the rest."""
    body = openai_text_stream(pieces)
    cut = body.index(b"\n\n", body.index(pieces[0].encode())) + 2
    return sse_handler(body, slice_size=cut, gate=gate, gate_after=1)


def _send(qtbot, window, text: str):
    window.composer.editor.setPlainText(text)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=15000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    return finished.args[0]


def test_a_conversation_shows_the_same_live_reopened_and_after_a_theme_change(
    qtbot, local_provider, window, tmp_path
):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "notes.txt").write_text("hello from the workspace\n")
    gate = threading.Event()
    held = _held(["Partial", " never", " sent"], gate)
    calls: list[int] = []

    def provider(request):  # type: ignore[no-untyped-def]
        calls.append(1)
        n = len(calls)
        if n == 1:  # retried by the runtime: a notice, then the answer
            return Response('{"error": {"message": "busy"}}', status=503)
        if n == 2:
            return Response(_cut_off("A long answer, cut"), content_type="text/event-stream")
        if n == 3:
            body = _tool_call("read_file", {"path": "notes.txt"})
            return Response(body, content_type="text/event-stream")
        if n == 4:
            body = openai_text_stream(["It says hello."])
            return Response(body, content_type="text/event-stream")
        if n == 5:
            return Response(
                '{"error": {"message": "Invalid request: bad parameter"}}',
                status=400,
                content_type="application/json",
            )
        return held(request)

    local_provider.expect_request("/v1/chat/completions").respond_with_handler(provider)
    wait_ready(qtbot, window)
    window.set_workspace(workspace)
    assert _send(qtbot, window, "Tell me at length").status == "completed"
    assert _send(qtbot, window, "What do my notes say?").status == "completed"
    assert _send(qtbot, window, "This one fails").status == "failed"
    window.composer.editor.setPlainText("Start and stop")
    try:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "Partial" in window.transcript.toPlainText(), timeout=10000)
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=5000) as stopped:
            window.stop_turn()
    finally:
        gate.set()
    outcome = stopped.args[0]
    assert outcome.status == "cancelled"

    live = window.transcript.toPlainText()
    for line in (
        "Retrying in",
        "The answer was cut off",
        "read_file",
        "It says hello.",
        "Failed: ",
        "(stopped — partial answer kept)",
    ):
        assert live.count(line) == 1, (line, live)
    assert "(stopped)" not in live and "never" not in live
    # Log order: the retry notice, the text, the cut-off notice, then the next turn's card.
    order = [live.index(s) for s in ("Retrying in", "A long answer", "cut off", "read_file")]
    assert order == sorted(order)

    window.new_chat()
    assert window.transcript.toPlainText().strip() == ""
    window.open_session(outcome.session_id)
    qtbot.waitUntil(
        lambda: not window._loading_full and "Partial" in window.transcript.toPlainText(),
        timeout=10000,
    )
    assert window.transcript.toPlainText() == live

    window.transcript.set_dark(True)
    assert window.transcript.toPlainText() == live
    window.transcript.set_dark(False)
    assert window.transcript.toPlainText() == live


def test_a_theme_change_while_an_answer_streams_keeps_the_text_and_the_stream(
    qtbot, local_provider, window
):
    gate = threading.Event()
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        _held(["First words", " and the rest."], gate)
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Stream please")
    try:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: "First words" in window.transcript.toPlainText(), timeout=10000)
            before = window.transcript.toPlainText()
            window.transcript.set_dark(True)
            assert window.transcript.toPlainText() == before
            gate.set()
    finally:
        gate.set()
    assert finished.args[0].status == "completed"
    text = window.transcript.toPlainText()
    assert text.count("First words and the rest.") == 1
    window.transcript.set_dark(False)
    assert window.transcript.toPlainText() == text

"""Tools in the window: the permission dialog gates execution, and tool cards tell the story.

Real window, real dialog, real gate, real executor in a temporary workspace, a local server as
the model. Ordering is the point: nothing runs before the user allows it, exactly once after
Allow, never after Deny or Stop.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt, QUrl
from werkzeug import Response

from parley.domain.transcript.canonical import ActionVerdict
from tests.support.sse_server import data_events, openai_text_stream
from tests.ui.conftest import wait_ready

COUNT_COMMAND = "echo once >> count.txt"


def _tool_call_stream(name: str, arguments: dict) -> bytes:
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    call = {
        "index": 0,
        "id": "call_1",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }
    return data_events(
        [
            {**base, "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]},
            {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        ]
    )


def _serve(server, *bodies: bytes) -> list[dict]:
    requests: list[dict] = []

    def handle(request):  # type: ignore[no-untyped-def]
        requests.append(json.loads(request.data))
        body = bodies[min(len(requests), len(bodies)) - 1]
        return Response(body, content_type="text/event-stream")

    server.expect_request("/v1/chat/completions").respond_with_handler(handle)
    return requests


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "notes.txt").write_text("hello from the workspace\n")
    return root


def _start(qtbot, window, workspace, gate="confirm"):
    wait_ready(qtbot, window)
    window.set_workspace(workspace)
    window.gate_picker.setCurrentIndex(window.gate_picker.findData(gate))
    window.composer.editor.setPlainText("Count, please")
    qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window._permission_dialogs) == 1, timeout=10000)
    return window._permission_dialogs[0]


def test_nothing_runs_before_allow_and_exactly_once_after(
    qtbot, local_provider, window, services, workspace
):
    _serve(
        local_provider,
        _tool_call_stream("run_command", {"command": COUNT_COMMAND, "cwd": "workspace"}),
        openai_text_stream(["Counted."]),
    )
    dialog = _start(qtbot, window, workspace)
    assert COUNT_COMMAND in dialog.prompt.request.summary
    qtbot.wait(300)  # the worker is waiting; nothing may have run meanwhile
    assert not (workspace / "count.txt").exists()
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(dialog.allow_once, Qt.MouseButton.LeftButton)
    assert finished.args[0].status == "completed"
    assert (workspace / "count.txt").read_text() == "once\n"
    decisions = [
        s.event.decision
        for s in services.store.events(finished.args[0].session_id)
        if isinstance(s.event, ActionVerdict)
    ]
    assert decisions == ["asked", "allowed"]


def test_deny_runs_nothing(qtbot, local_provider, window, workspace):
    requests = _serve(
        local_provider,
        _tool_call_stream("run_command", {"command": COUNT_COMMAND, "cwd": "workspace"}),
        openai_text_stream(["Fine, not counting."]),
    )
    dialog = _start(qtbot, window, workspace)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(dialog.deny, Qt.MouseButton.LeftButton)
    assert finished.args[0].status == "completed"
    assert not (workspace / "count.txt").exists()
    tool_results = [m for m in requests[1]["messages"] if m["role"] == "tool"]
    assert "did not allow" in tool_results[0]["content"]


def test_stop_while_asking_counts_as_deny_and_closes_the_dialog(
    qtbot, local_provider, window, workspace
):
    _serve(
        local_provider,
        _tool_call_stream("run_command", {"command": COUNT_COMMAND, "cwd": "workspace"}),
        openai_text_stream(["never"]),
    )
    _start(qtbot, window, workspace)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        window.stop_turn()
    assert finished.args[0].status == "cancelled"
    assert not (workspace / "count.txt").exists()
    qtbot.waitUntil(lambda: window._permission_dialogs == [], timeout=5000)


def test_tool_cards_show_the_call_verdict_and_result(qtbot, local_provider, window, workspace):
    _serve(
        local_provider,
        _tool_call_stream("read_file", {"path": "notes.txt"}),
        openai_text_stream(["It says hello."]),
    )
    wait_ready(qtbot, window)
    window.set_workspace(workspace)
    window.composer.editor.setPlainText("What do my notes say?")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert finished.args[0].status == "completed"
    cards = window.transcript.tool_cards
    assert len(cards) == 1
    call_id = next(iter(cards))
    collapsed = window.transcript.tool_card_text(call_id)
    assert "read_file" in collapsed and "notes.txt" in collapsed and "ran ✓" in collapsed
    assert "hello from the workspace" not in collapsed
    window.transcript.anchorClicked.emit(QUrl(f"parley-tool:{call_id}"))
    expanded = window.transcript.tool_card_text(call_id)
    assert "hello from the workspace" in expanded
    assert "verdict: ran" in expanded
    # The answer that followed the tool is below the card.
    text = window.transcript.toPlainText()
    assert text.index("read_file") < text.index("It says hello.")

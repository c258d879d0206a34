"""The window end to end: send, stream, stop, snapshot — real widgets, real server, real SQLite."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QUrl
from werkzeug import Response

from parley.application.ports.settings_store import ProviderConfig
from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready


def _held_stream(pieces, gate, record):
    """A stream that sends the first text piece, then waits for ``gate`` before the rest."""
    body = openai_text_stream(pieces)
    first = body.index(pieces[0].encode())
    cut = body.index(b"\n\n", first) + 2
    return sse_handler(body, slice_size=cut, gate=gate, gate_after=1, record=record)


def _events(services, session_id):
    return [stored.event for stored in services.store.events(session_id)]


def _fill(form, *, preset="", name="", url="", key="", key_env=None, model=""):
    form.preset_box.setCurrentIndex(max(0, form.preset_box.findData(preset)))
    if name:
        form.name_edit.setText(name)
    if url:
        form.url_edit.setText(url)
    if key_env is not None:
        form.key_env_edit.setText(key_env)
    form.key_edit.setText(key)
    if model:
        form.model_box.setCurrentText(model)


def test_welcome_panel_when_no_provider_then_add_one_with_a_key(
    qtbot, window, services, httpserver
):
    qtbot.waitUntil(lambda: window.welcome.isVisible(), timeout=5000)
    httpserver.expect_request("/v1/models").respond_with_json({"data": [{"id": "m1"}]})
    form = window.welcome.form
    _fill(form, name="mine", url=httpserver.url_for("/v1"), key="sk-ui-secret-987", model="m1")
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    wait_ready(qtbot, window)
    added = services.settings.provider("mine")
    assert added.base_url == httpserver.url_for("/v1")
    assert added.default_model == "m1"
    assert services.keyring.entries == {("parley", "mine"): "sk-ui-secret-987"}
    assert window.model_picker.current() == ("mine", "m1")

    # The stored key is used for requests...
    httpserver.expect_request(
        "/v1/chat/completions", headers={"Authorization": "Bearer sk-ui-secret-987"}
    ).respond_with_handler(sse_handler(openai_text_stream(["Keyed"])))
    window.composer.editor.setPlainText("With a key")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert finished.args[0].status == "completed"
    # ...and written nowhere on disk: not the settings file, not the database.
    for path in [*services.config_dir.rglob("*"), *services.data_dir.rglob("*")]:
        if path.is_file():
            assert b"sk-ui-secret-987" not in path.read_bytes(), path


def test_welcome_panel_rejects_a_bad_url_with_a_message(qtbot, window):
    qtbot.waitUntil(lambda: window.welcome.isVisible(), timeout=5000)
    form = window.welcome.form
    _fill(form, name="x", url="not a url")
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.result.text() not in ("", "Saving…"), timeout=5000)
    assert "url" in form.result.text().lower()
    assert window.stack.currentWidget() is window.welcome


def test_welcome_panel_remote_preset_without_a_key_is_refused_with_a_reason(
    qtbot, window, services, monkeypatch
):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    qtbot.waitUntil(lambda: window.welcome.isVisible(), timeout=5000)
    form = window.welcome.form
    _fill(form, preset="openai")
    assert form.url_edit.text() == "https://api.openai.com/v1"
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "needs an API key" in form.result.text(), timeout=5000)
    assert list(services.settings.providers()) == []
    assert window.stack.currentWidget() is window.welcome


def test_welcome_panel_local_endpoint_needs_no_key(qtbot, window, services, httpserver):
    httpserver.expect_request("/v1/models").respond_with_json({"data": []})
    qtbot.waitUntil(lambda: window.welcome.isVisible(), timeout=5000)
    _fill(window.welcome.form, name="lm", url=httpserver.url_for("/v1"), model="local-model")
    qtbot.mouseClick(window.welcome.form.save_button, Qt.MouseButton.LeftButton)
    wait_ready(qtbot, window)
    assert services.settings.provider("lm").api_key_env == ""
    assert services.keyring.entries == {}


def test_ctrl_enter_sends_and_the_answer_streams_in(qtbot, local_provider, window, services):
    record: list = []
    body = openai_text_stream(["Hello", ", ", "world", "!"])
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(body, slice_size=7, record=record)
    )
    wait_ready(qtbot, window)
    qtbot.keyClicks(window.composer.editor, "Say hello")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.keyClick(
            window.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
        )
    outcome = finished.args[0]
    assert outcome.status == "completed"
    assert outcome.text == "Hello, world!"
    assert "Hello, world!" in window.transcript.toPlainText()
    assert "Say hello" in window.transcript.toPlainText()
    assert window.composer.editor.toPlainText() == ""
    assert window.composer.button.text() == "Send"
    assert record[0]["messages"][-1] == {"role": "user", "content": "Say hello"}
    types = [
        type(e).type_name
        for e in _events(services, outcome.session_id)
        if type(e).type_name != "context_checked"
    ]
    assert types == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    # The conversation shows up in the list, titled from the prompt.
    qtbot.waitUntil(lambda: len(window.session_list.session_items()) == 1, timeout=5000)
    assert window.session_list.session_items()[0].text(0) == "Say hello"


def test_request_is_frozen_at_submit_model_and_title_changes_do_not_reach_the_turn(
    qtbot, local_provider, window, services
):
    record: list = []
    gate = threading.Event()
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        _held_stream(["Alpha", " beta", " gamma"], gate, record)
    )
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: "model-b" in window.model_picker.models_of("local"), timeout=5000)
    assert window.model_picker.select("local", "model-a")
    window.title_edit.setText("Original title")
    window.composer.editor.setPlainText("Slow answer please")
    try:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "Alpha" in window.transcript.streamed_text, timeout=10000)
        assert window.composer.button.text() == "Stop"
        # Mid-answer: the user changes the model and the title.
        assert window.model_picker.select("local", "model-b")
        window.title_edit.setText("Changed title")
    finally:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
            gate.set()
    outcome = finished.args[0]
    assert outcome.status == "completed"
    assert outcome.text == "Alpha beta gamma"
    assert record[0]["model"] == "model-a"
    started = [e for e in _events(services, outcome.session_id) if isinstance(e, TurnStarted)]
    assert [s.model for s in started] == ["model-a"]
    assert started[0].title == "Original title"
    assert services.store.get_session(outcome.session_id).title == "Original title"

    # The change applies to the next turn.
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Second"]), record=record)
    )
    window.composer.editor.setPlainText("Again")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert record[1]["model"] == "model-b"
    contents = [m["content"] for m in record[1]["messages"]]
    assert contents[:2] == ["Slow answer please", "Alpha beta gamma"]
    # The model changed since the previous turn: the new one is asked to review it first; the
    # note is part of what the model sees, never of what the bubble shows.
    assert contents[2].startswith("[Review note]") and "model-a" in contents[2]
    assert contents[2].endswith("\n\nAgain")
    assert "Review note" not in window.transcript.toPlainText()


def test_stop_closes_the_stream_keeps_the_partial_text_and_records_cancelled(
    qtbot, local_provider, window, services
):
    gate = threading.Event()
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        _held_stream(["Partial", " never", " sent"], gate, [])
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Start and stop")
    try:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "Partial" in window.transcript.streamed_text, timeout=10000)
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=5000) as finished:
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)  # Stop
    finally:
        gate.set()
    outcome = finished.args[0]
    assert outcome.status == "cancelled"
    assert window.composer.button.text() == "Send"
    events = _events(services, outcome.session_id)
    answers = [e for e in events if isinstance(e, AssistantText)]
    assert [(a.text, a.partial) for a in answers] == [("Partial", True)]
    finished_events = [e for e in events if isinstance(e, TurnFinished)]
    assert [f.status for f in finished_events] == ["cancelled"]
    assert "partial answer kept" in window.transcript.toPlainText()
    assert "never" not in window.transcript.toPlainText()


def test_provider_error_is_shown_and_recorded(qtbot, local_provider, window, services):
    local_provider.expect_request("/v1/chat/completions").respond_with_json(
        {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}},
        status=401,
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Will fail")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    outcome = finished.args[0]
    assert outcome.status == "failed"
    assert "Incorrect API key provided" in window.status.text()
    assert "Incorrect API key provided" in window.transcript.toPlainText()
    statuses = [
        e.status for e in _events(services, outcome.session_id) if isinstance(e, TurnFinished)
    ]
    assert statuses == ["failed"]


def test_reopening_a_saved_conversation_shows_its_messages(qtbot, local_provider, window, services):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Saved answer"]))
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Remember me")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.new_button, Qt.MouseButton.LeftButton)
    assert window.transcript.toPlainText() == ""
    qtbot.waitUntil(lambda: len(window.session_list.session_items()) == 1, timeout=5000)
    item = window.session_list.session_items()[0]
    rect = window.session_list.visualItemRect(item)
    qtbot.mouseClick(window.session_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: "Saved answer" in window.transcript.toPlainText(), timeout=5000)
    assert "Remember me" in window.transcript.toPlainText()
    assert window.title_edit.text() == "Remember me"


def test_model_picker_groups_every_providers_models(qtbot, local_provider, services, window):
    services.settings.add_provider(
        ProviderConfig(
            name="second",
            kind="openai",
            base_url=local_provider.url_for("/v2"),
            default_model="other-model",
        )
    )
    local_provider.expect_request("/v2/models").respond_with_json({"data": [{"id": "zeta"}]})
    window.settings.load_settings()
    qtbot.waitUntil(lambda: window.model_picker.providers() == ["local", "second"], timeout=5000)
    qtbot.waitUntil(lambda: "zeta" in window.model_picker.models_of("second"), timeout=5000)
    qtbot.waitUntil(lambda: "model-b" in window.model_picker.models_of("local"), timeout=5000)
    assert window.model_picker.models_of("local") == ["model-a", "model-b"]
    assert window.model_picker.models_of("second") == ["other-model", "zeta"]
    # Group headers cannot be chosen; choosing a model sets provider and model together.
    header_row = 0
    assert not window.model_picker.model().item(header_row).isEnabled()
    assert window.model_picker.select("second", "zeta")
    assert window.freeze_request("x").provider_id == "second"
    assert window.freeze_request("x").model == "zeta"


def test_a_failed_turn_offers_retry_and_the_retry_supersedes_it(
    qtbot, local_provider, window, services
):
    record: list = []
    stream = sse_handler(openai_text_stream(["Second time lucky"]), record=record)
    calls = []

    def first_fails_then_streams(request):
        calls.append(request)
        if len(calls) == 1:
            return Response(
                '{"error": {"message": "Invalid request: bad parameter"}}',
                status=400,
                content_type="application/json",
            )
        return stream(request)

    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        first_fails_then_streams
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Try me")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as failed:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert failed.args[0].status == "failed"
    html = window.transcript.toHtml()
    assert f"parley-retry:{failed.args[0].turn_id}" in html
    assert "Invalid request: bad parameter" in window.transcript.toPlainText()

    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as retried:
        window.transcript.anchorClicked.emit(QUrl(f"parley-retry:{failed.args[0].turn_id}"))
    assert retried.args[0].status == "completed"
    # The retry sent the question once, not the failed copy too.
    assert [m["content"] for m in record[0]["messages"]] == ["Try me"]
    started = [
        e for e in _events(services, retried.args[0].session_id) if isinstance(e, TurnStarted)
    ]
    assert started[1].retry_of == failed.args[0].turn_id

    # Reopened, the failed turn no longer offers Retry (it was retried).
    window.new_chat()
    assert window.transcript.toPlainText() == ""
    window.open_session(retried.args[0].session_id)
    qtbot.waitUntil(lambda: "Second time lucky" in window.transcript.toPlainText(), timeout=5000)
    assert "parley-retry:" not in window.transcript.toHtml()

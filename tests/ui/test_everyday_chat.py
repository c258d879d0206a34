"""The everyday window end to end: regenerate and edit as branches, the branch switcher, /skill
and /agent, unknown names refused inline, delete with undo, pin, titles, shortcuts and restored
state — real widgets, a real local provider, real SQLite."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from parley.domain.agents.conversation_execution_request import INSTRUCTION_SEPARATOR
from parley.domain.agents.skills import SkillDoc, compose_prefix
from parley.domain.transcript.canonical import TurnStarted
from parley.ui import main_window as main_window_module
from parley.ui.window_state import WindowState
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

CHAT = "/v1/chat/completions"


def _answers(server, *answers: str) -> list[dict]:
    """Serve ``answers`` in order, one per chat request; record every request body."""
    record: list[dict] = []
    for answer in answers:
        server.expect_oneshot_request(CHAT).respond_with_handler(
            sse_handler(openai_text_stream([answer]), record=record)
        )
    return record


def _send(qtbot, window, text: str):
    window.composer.editor.setPlainText(text)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    return finished.args[0]


def _contents(request: dict) -> list[str]:
    return [m["content"] for m in request["messages"]]


def _hover_toolbar(qtbot, window, text: str):
    """Move the mouse over the message holding ``text``; the hover toolbar appears for it."""
    view = window.transcript
    cursor = view.document().find(text)
    assert not cursor.isNull(), text
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    QTest.mouseMove(view.viewport(), view.cursorRect(cursor).center())
    qtbot.waitUntil(lambda: view.message_toolbar.isVisible(), timeout=3000)
    return view.message_toolbar


def test_regenerate_makes_a_branch_and_the_switcher_shows_either_path(
    qtbot, local_provider, window, services
):
    record = _answers(local_provider, "Answer A", "Answer B", "Follow-up on A")
    wait_ready(qtbot, window)
    first = _send(qtbot, window, "The question")

    toolbar = _hover_toolbar(qtbot, window, "Answer A")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(toolbar.regenerate_button, Qt.MouseButton.LeftButton)
    second = finished.args[0]
    assert second.session_id == first.session_id
    # The provider was sent the question alone, never the answer it replaces.
    assert _contents(record[1]) == ["The question"]
    text = window.transcript.toPlainText()
    assert "Answer B" in text and "Answer A" not in text
    assert "2 / 2" in text

    # The left arrow goes back to the first branch; a follow-up continues that one.
    view = window.transcript  # the left arrow of "< 2 / 2 >"
    left = next(rect for d, _, rect in view.branch_arrows() if d == "previous")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=left.center())
    qtbot.waitUntil(lambda: "Answer A" in window.transcript.toPlainText(), timeout=3000)
    assert "Answer B" not in window.transcript.toPlainText()
    assert "1 / 2" in window.transcript.toPlainText()
    _send(qtbot, window, "Go on")
    assert _contents(record[2]) == ["The question", "Answer A", "Go on"]
    started = [
        s for s in services.store.events(first.session_id) if isinstance(s.event, TurnStarted)
    ]
    assert [s.event.follows_turn_id for s in started] == ["", "", first.turn_id]
    qtbot.waitUntil(
        lambda: services.store.get_session(first.session_id).current_turn_id == started[2].turn_id,
        timeout=3000,
    )


def test_editing_an_earlier_message_starts_a_branch_from_there(
    qtbot, local_provider, window, services
):
    record = _answers(local_provider, "One", "Two", "Edited answer")
    wait_ready(qtbot, window)
    first = _send(qtbot, window, "First question")
    _send(qtbot, window, "Second question")

    toolbar = _hover_toolbar(qtbot, window, "First question")
    qtbot.mouseClick(toolbar.edit_button, Qt.MouseButton.LeftButton)
    assert window.composer.editing_turn == first.turn_id
    assert window.composer.editor.toPlainText() == "First question"
    window.composer.editor.setPlainText("A better first question")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)

    assert _contents(record[2]) == ["A better first question"]
    shown = window.transcript.toPlainText()
    assert "A better first question" in shown and "Edited answer" in shown
    assert "Second question" not in shown and "2 / 2" in shown
    assert window.composer.editing_turn is None
    # Nothing was deleted: the first branch is all still in the log.
    texts = [getattr(s.event, "text", "") for s in services.store.events(first.session_id)]
    assert "Second question" in texts and "Two" in texts


def test_up_in_an_empty_composer_edits_the_last_message(qtbot, local_provider, window):
    _answers(local_provider, "Sure")
    wait_ready(qtbot, window)
    outcome = _send(qtbot, window, "Last thing I asked")
    window.composer.editor.setFocus()
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Up)
    assert window.composer.editing_turn == outcome.turn_id
    assert window.composer.editor.toPlainText() == "Last thing I asked"


def test_skill_and_agent_directives_reach_the_model_as_the_exact_prefix(
    qtbot, local_provider, window, services
):
    terse = SkillDoc("skill", "terse", "Short answers", "Answer in at most two sentences.")
    critic = SkillDoc("agent", "critic", "A fair critic", "You are a careful, fair critic.")
    services.skills.save(terse)
    services.skills.save(critic)
    window._load_skills()
    qtbot.waitUntil(lambda: len(window.settings.skills) == 2, timeout=10000)
    record = _answers(local_provider, "Fine.")
    wait_ready(qtbot, window)

    outcome = _send(qtbot, window, "/agent critic /skill terse Is this plan sound?")

    assert outcome.status == "completed"
    prefix = compose_prefix(critic, [terse])
    assert _contents(record[0])[-1] == f"{prefix}{INSTRUCTION_SEPARATOR}Is this plan sound?"
    shown = window.transcript.toPlainText()
    assert "Is this plan sound?" in shown and "/skill" not in shown and "# Skill" not in shown


def test_an_unknown_skill_is_refused_inline_and_the_text_is_kept(
    qtbot, local_provider, window, services
):
    services.skills.save(SkillDoc("skill", "terse", "Short answers", "Be brief."))
    window._load_skills()
    qtbot.waitUntil(lambda: len(window.settings.skills) == 1, timeout=3000)
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("/skill tersee Explain monads")
    qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert "Unknown skill 'tersee'" in window.composer.error_text()
    assert "terse" in window.composer.error_text()
    assert window.composer.editor.toPlainText() == "/skill tersee Explain monads"
    assert window.bridge.active_turn is None
    assert [r for r in local_provider.log if r[0].path == CHAT] == []


def test_model_directive_switches_the_picker_without_sending(qtbot, local_provider, window):
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: ("local", "model-b") in window.model_picker.choices(), timeout=5000)
    window.composer.editor.setPlainText("/model model-b")
    qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    assert window.model_picker.current() == ("local", "model-b")
    assert window.bridge.active_turn is None and window.composer.editor.toPlainText() == ""


def test_delete_with_undo_then_for_real(qtbot, local_provider, window, services, monkeypatch):
    monkeypatch.setattr(main_window_module, "UNDO_MS", 300)
    keep = services.store.create_session("Keep me")
    gone = services.store.create_session("Delete me")
    wait_ready(qtbot, window)
    window._refresh_sessions()
    qtbot.waitUntil(lambda: len(window.session_list.session_items()) == 2, timeout=3000)

    window.session_list.sig_delete_requested.emit(gone.id)  # as the context menu does
    assert [i.text(0) for i in window.session_list.session_items()] == ["Keep me"]
    qtbot.mouseClick(window.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session_list.session_items()) == 2, timeout=3000)
    assert services.store.session_exists(gone.id)

    window.session_list.sig_delete_requested.emit(gone.id)
    qtbot.waitUntil(lambda: not services.store.session_exists(gone.id), timeout=5000)
    assert services.store.session_exists(keep.id)


def test_pinned_conversations_come_first(qtbot, local_provider, window, services):
    older = services.store.create_session("Older one")
    services.store.create_session("Newer one")
    wait_ready(qtbot, window)
    window.pin_session(older.id, True)
    qtbot.waitUntil(
        lambda: window.session_list.layout_text()[:1] == [("Pinned", [older.id])], timeout=3000
    )
    assert window.session_list.session_items()[0].text(0).endswith("Older one")


def test_first_answer_gets_a_generated_title(qtbot, local_provider, window, services):
    window.auto_titles = True
    _answers(local_provider, "Paris is the capital.", "Capital of France")
    wait_ready(qtbot, window)
    outcome = _send(qtbot, window, "what is the capital of france? asking for a quiz")
    qtbot.waitUntil(lambda: window.title_edit.text() == "Capital of France", timeout=5000)
    assert services.store.get_session(outcome.session_id).title == "Capital of France"


def test_copy_last_answer_shortcut(qtbot, local_provider, window):
    _answers(local_provider, "Copy **this** answer")
    wait_ready(qtbot, window)
    _send(qtbot, window, "Something to copy")
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(
        window,
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert QGuiApplication.clipboard().text() == "Copy **this** answer"


def test_state_restores_the_last_conversation_theme_and_send_key(qtbot, local_provider, services):
    from parley.ui.appearance import ThemeManager
    from parley.ui.main_window import MainWindow

    session = services.store.create_session("Remember me")
    app = QGuiApplication.instance()
    theme = ThemeManager(app, "dark")
    state = WindowState(last_session_id=session.id, theme="dark", send_key="enter")
    win = MainWindow(services, theme=theme, state=state)
    qtbot.addWidget(win)
    win.show()  # the last conversation comes back once the window has painted
    try:
        qtbot.waitUntil(lambda: win.title_edit.text() == "Remember me", timeout=5000)
        assert win.transcript.dark
        assert win.composer.send_key == "enter" and win.enter_sends_action.isChecked()
        saved = win.current_state()
        assert saved.last_session_id == session.id and saved.theme == "dark"
        assert saved.send_key == "enter"
    finally:
        win.bridge.shutdown(timeout=5)
        theme.set_mode("light")


def test_shortcuts_sheet_opens_with_ctrl_slash(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Slash, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.shortcuts_dialog is not None, timeout=3000)
    assert window.shortcuts_dialog.isVisible()
    assert "Ctrl+K" in window.shortcuts_dialog.keys_for("Quick switch")


def test_every_visible_control_has_a_name_a_screen_reader_can_say(qtbot, local_provider, window):
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QLineEdit,
        QPlainTextEdit,
        QTextEdit,
        QWidget,
    )

    wait_ready(qtbot, window)
    kinds = (QAbstractButton, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QAbstractItemView)
    unnamed = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, kinds) or not widget.isVisible():
            continue
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if not (widget.accessibleName() or text.strip()):
            unnamed.append(f"{type(widget).__name__} {widget.objectName()!r}")
    assert unnamed == []


def test_a_title_typed_while_the_first_answer_streams_is_kept(
    qtbot, local_provider, window, services
):
    import threading

    gate = threading.Event()
    body = openai_text_stream(["First part", " and the rest"])
    first = body.index(b"First part")
    cut = body.index(b"\n\n", first) + 2
    local_provider.expect_oneshot_request(CHAT).respond_with_handler(
        sse_handler(body, slice_size=cut, gate=gate, gate_after=1)
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("a question whose first line would be the title")
    qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    try:
        qtbot.waitUntil(lambda: "First part" in window.transcript.toPlainText(), timeout=5000)
        window.title_edit.setText("My own title")
        window.title_edit.editingFinished.emit()
    finally:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
            gate.set()
    session_id = finished.args[0].session_id
    qtbot.waitUntil(
        lambda: services.store.get_session(session_id).title == "My own title", timeout=5000
    )
    assert window.title_edit.text() == "My own title"


def test_a_long_conversation_opens_with_its_last_turns_then_the_rest(
    qtbot, local_provider, window, services
):
    from parley.domain.transcript.canonical import AssistantText, TurnFinished, UserMessage

    store = services.store
    session = store.create_session("Long one")
    previous = ""
    for n in range(60):
        turn = f"turn-{n:02d}"
        store.append(session.id, turn, TurnStarted(provider_id="local", model="model-a",
                                                   follows_turn_id=previous))  # fmt: skip
        store.append(session.id, turn, UserMessage(text=f"question {n}"))
        store.append(session.id, turn, AssistantText(text=f"answer {n}", model="model-a"))
        store.append(session.id, turn, TurnFinished(status="completed"))
        previous = turn
    wait_ready(qtbot, window)
    window.open_session(session.id)
    qtbot.waitUntil(lambda: "answer 59" in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: not window._loading_full, timeout=5000)
    text = window.transcript.toPlainText()
    shown = window.transcript.window_turns  # the last turns only
    assert f"question {60 - shown}" in text and f"question {59 - shown}" not in text
    assert window.transcript.earlier_messages == 2 * (60 - shown)  # kept for later
    assert len(window._events) == 240
    while window.transcript.load_earlier():
        pass
    assert "question 0\n" in window.transcript.toPlainText() + "\n"
    # The whole log is there, so the next turn follows the last one.
    record = _answers(local_provider, "More")
    _send(qtbot, window, "and then?")
    assert _contents(record[0])[-3:] == ["question 59", "answer 59", "and then?"]


def test_a_send_while_the_conversation_is_still_opening_goes_once_it_is_read(
    qtbot, local_provider, window, services, monkeypatch
):
    """Clicking Send right after opening a conversation is not lost: it waits for the whole log
    (step 2 of the open) and then goes, following the conversation's last turn."""
    import threading

    from parley.domain.transcript.canonical import AssistantText, TurnFinished, UserMessage

    store = services.store
    session = store.create_session("Opened and answered at once")
    store.append(session.id, "t1", TurnStarted(provider_id="local", model="model-a"))
    store.append(session.id, "t1", UserMessage(text="old question"))
    store.append(session.id, "t1", AssistantText(text="old answer", model="model-a"))
    store.append(session.id, "t1", TurnFinished(status="completed"))
    wait_ready(qtbot, window)
    held = threading.Event()
    whole_log = store.events

    def slow_events(session_id, *args, **kwargs):
        held.wait(10)  # the whole-log read (a worker) waits for the test
        return whole_log(session_id, *args, **kwargs)

    monkeypatch.setattr(store, "events", slow_events)
    record = _answers(local_provider, "New answer")
    try:
        window.open_session(session.id)
        qtbot.waitUntil(lambda: window._session_id == session.id, timeout=5000)
        assert window._loading_full
        window.composer.editor.setPlainText("follow-up")
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        assert window.bridge.active_turn is None  # not yet: the log is still being read
        assert window.composer.editor.toPlainText() == "follow-up"  # kept meanwhile
    finally:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
            held.set()
    assert finished.args[0].status == "completed"
    assert _contents(record[0]) == ["old question", "old answer", "follow-up"]
    assert window.composer.editor.toPlainText() == ""


def test_project_sections_are_named_even_when_the_list_came_before_the_settings(
    qtbot, local_provider, window, services
):
    from parley.application.ports.settings_store import ProjectConfig

    services.settings.save_project(ProjectConfig(id="docs", name="Docs site"))
    session = services.store.create_session("In a project", project_id="docs")
    wait_ready(qtbot, window)
    window._refresh_sessions()  # (the window's first read may predate the conversation)
    qtbot.waitUntil(lambda: len(window.session_list.session_items()) == 1, timeout=5000)
    # The conversation list as it would be if it had been read before the settings.
    window.settings.projects = []
    window.sidebar.show_sessions([services.store.get_session(session.id)])
    assert window.session_list.layout_text()[0][0] == "Unknown project"
    window._load_settings()
    qtbot.waitUntil(
        lambda: window.session_list.layout_text()[:1] == [("Docs site", [session.id])],
        timeout=5000,
    )


def test_a_new_conversation_is_named_in_the_heading_as_soon_as_it_is_sent(
    qtbot, local_provider, window
):
    """As in the sidebar: the heading shows the conversation's title while the first answer is
    still on its way (not "New conversation"), and no status line repeats the indicator."""
    import threading

    gate = threading.Event()
    local_provider.expect_oneshot_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Fine."]), gate=gate)
    )
    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Plan a picnic for six\nwith sandwiches")
    try:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
            assert window.title_edit.text() == "Plan a picnic for six"
            assert window.status.text() == ""  # the thinking indicator says it
            gate.set()
    finally:
        gate.set()
    assert window.title_edit.text() == "Plan a picnic for six"

"""Defects of the main window found by using it as a new user would (issue 13), one test each.

Real widgets, a real local provider (pytest-httpserver speaking OpenAI's streaming format), a real
SQLite profile; only the system file dialog is replaced by its answer.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu
from werkzeug import Response

from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted, UserMessage
from parley.ui.window_state import WindowState, load_window_state, save_window_state
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready


def _answer(server, text: str, usage: tuple[int, int] = (5, 7)) -> None:
    server.expect_oneshot_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream([text], usage=usage))
    )


def _send(qtbot, window, prompt: str):
    window.composer.editor.setPlainText(prompt)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    return finished.args[0]


def _activate(qtbot, widget) -> None:
    widget.activateWindow()
    widget.raise_()
    qtbot.waitUntil(widget.isActiveWindow, timeout=3000)


# -- 1. the conversation's token total ---------------------------------------------------------


def test_the_conversation_total_adds_every_turn_up(qtbot, local_provider, window, services):
    wait_ready(qtbot, window)
    _answer(local_provider, "One", usage=(5, 7))
    assert _send(qtbot, window, "first").status == "completed"
    _answer(local_provider, "Two", usage=(11, 3))
    assert _send(qtbot, window, "second").status == "completed"
    # 5 + 7 + 11 + 3, not the last turn's 14.
    qtbot.waitUntil(lambda: window.usage_label.text().startswith("26 tokens"), timeout=3000)
    # The History window counts the same conversation the same way.
    from parley.application.history.documents import _figures

    figures = _figures(list(services.store.events(window._session_id)))
    assert figures.input_tokens + figures.output_tokens == 26


# -- 2. the status line belongs to the conversation ----------------------------------------------


def test_an_error_in_the_status_line_goes_with_its_conversation(
    qtbot, local_provider, window, services
):
    other = services.store.create_session("Another conversation")
    wait_ready(qtbot, window)
    refused = Response('{"error": {"message": "bad key"}}', status=401)
    local_provider.expect_request("/v1/chat/completions").respond_with_response(refused)

    def fail_once() -> None:
        outcome = _send(qtbot, window, "hello?")
        assert outcome.status == "failed"
        assert "401" in window.status.text() or "bad key" in window.status.text()

    fail_once()
    window.new_chat()  # Ctrl+N
    assert window.status.text() == ""

    fail_once()
    window.open_session(other.id)  # another conversation
    qtbot.waitUntil(lambda: window._session_id == other.id, timeout=5000)
    assert window.status.text() == ""

    fail_once()
    try:
        window.set_theme("dark")  # the conversation is laid out again in the other colours
        assert window.status.text() == ""
    finally:
        window.set_theme("system")


# -- 3. no message sets the window's width ---------------------------------------------------------


def test_a_long_attachment_error_or_status_does_not_widen_the_window(
    qtbot, local_provider, window, tmp_path
):
    wait_ready(qtbot, window)
    sidebar = window.splitter.sizes()[0]

    def fits() -> None:
        QApplication.processEvents()
        # Nothing on the chat page asks for more than the window has; the sidebar keeps its width.
        assert window._chat_page.minimumSizeHint().width() <= 800
        assert window.minimumSizeHint().width() <= 1100
        assert window.splitter.sizes()[0] == sidebar

    # A name too long for the file system: reading it fails with an error naming the whole path.
    unreadable = tmp_path / ("x" * 300 + ".txt")
    window.composer.add_attachments([unreadable])
    chip = window.composer.chips.chip(unreadable)
    qtbot.waitUntil(lambda: "cannot read" in chip.detail_label.text(), timeout=5000)
    fits()
    assert chip.minimumSizeHint().width() < 400
    assert "File name too long" in chip.toolTip()  # the whole message is still there
    window._show_status("Cannot do that: " + "y" * 400 + " " + "a long reason " * 40, error=True)
    fits()
    # The Undo bar names the deleted conversation, whatever the length of its title.
    window.undo_bar.show_message(f"Deleted “{'A very long title ' * 30}”.", "token")
    QApplication.processEvents()
    assert window._sidebar.minimumSizeHint().width() <= sidebar
    fits()


# -- 4 and 5. the welcome panel --------------------------------------------------------------------


def test_start_chatting_puts_the_focus_in_the_composer_not_the_title(
    qtbot, window, services, httpserver
):
    httpserver.expect_request("/v1/models").respond_with_json({"data": [{"id": "m1"}]})
    qtbot.waitUntil(lambda: window.welcome.isVisible(), timeout=5000)
    _activate(qtbot, window)
    form = window.welcome.form
    form.preset_box.setCurrentIndex(0)  # Custom
    form.name_edit.setText("lm")
    form.url_edit.setText(httpserver.url_for("/v1"))
    form.model_box.setCurrentText("m1")
    form.save_button.setFocus()
    qtbot.keyClick(form.save_button, Qt.Key.Key_Space)  # "Start chatting"
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: window.focusWidget() is not form.save_button, timeout=3000)
    assert window.focusWidget() is window.composer.editor
    qtbot.keyClicks(QApplication.focusWidget(), "hello")
    assert window.title_edit.text() == ""
    assert window.composer.editor.toPlainText() == "hello"


def test_choosing_custom_drops_the_previous_presets_name_url_and_model(qtbot, window):
    form = window.welcome.form
    form.new_provider("openai")
    assert form.name_edit.text() == "openai"
    assert form.url_edit.text() == "https://api.openai.com/v1"
    form.preset_box.setCurrentIndex(form.preset_box.findData(""))  # Custom
    assert form.name_edit.text() == ""
    assert form.url_edit.text() == ""
    assert form.model_box.currentText() == ""
    assert form.key_env_edit.text() == ""
    assert form.kind_box.currentData() == "openai"
    # What the user typed is theirs: kept when going to Custom.
    form.preset_box.setCurrentIndex(form.preset_box.findData("groq"))
    form.name_edit.setText("my-groq")
    form.url_edit.setText("https://proxy.example/v1")
    form.preset_box.setCurrentIndex(form.preset_box.findData(""))
    assert form.name_edit.text() == "my-groq"
    assert form.url_edit.text() == "https://proxy.example/v1"


# -- 6. the branch switcher keeps the view where it was -------------------------------------------


def _branched(store, length: int = 10, fork: int = 3):
    """A conversation of ``length`` turns, and a second branch of the same length from turn
    ``fork`` on (its first turn is the sibling of turn ``fork``)."""
    session = store.create_session("Branched")

    def turn(turn_id: str, follows: str, n: int) -> None:
        store.append(session.id, turn_id, TurnStarted(provider_id="local", model="model-a",
                                                      follows_turn_id=follows))  # fmt: skip
        store.append(session.id, turn_id, UserMessage(text=f"question {turn_id}"))
        answer = "\n\n".join(f"line {i} of answer {turn_id}" for i in range(6 + n % 3))
        store.append(session.id, turn_id, AssistantText(text=answer, model="model-a"))
        store.append(session.id, turn_id, TurnFinished(status="completed"))

    previous = ""
    for n in range(length):
        turn(f"a{n}", previous, n)
        previous = f"a{n}"
    previous = f"a{fork - 1}"
    for n in range(fork, length):
        turn(f"b{n}", previous, n + 1)
        previous = f"b{n}"
    return session


def test_switching_branch_keeps_the_switcher_where_it_was(qtbot, local_provider, window, services):
    session = _branched(services.store)
    wait_ready(qtbot, window)
    window.resize(900, 600)
    window.open_session(session.id)
    qtbot.waitUntil(lambda: "question b9" in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: not window._loading_full, timeout=5000)
    view, bar = window.transcript, window.transcript.verticalScrollBar()

    def top_of(turn_id: str) -> int:
        return view.cursorRect(view.document().find(f"question {turn_id}")).top()

    assert bar.maximum() > 0
    # Scroll so the switched turn is in the middle of the view, far from the bottom.
    bar.setValue(bar.value() + top_of("b3") - view.viewport().height() // 2)
    before = top_of("b3")
    assert bar.value() < bar.maximum() - 200
    window.chat.show_branch("a3")  # the left arrow of "2 / 2"
    assert "question a9" in view.toPlainText()
    assert top_of("a3") == before
    assert bar.value() < bar.maximum() - 200


# -- 7. one Copy in the context menu ---------------------------------------------------------------


def _menu_texts(menu: QMenu) -> list[str]:
    return [a.text().split("\t")[0].replace("&", "") for a in menu.actions() if a.text()]


def test_the_context_menu_of_a_message_has_one_copy(qtbot, local_provider, window, services):
    wait_ready(qtbot, window)
    _answer(local_provider, "Copy me, please")
    assert _send(qtbot, window, "a question").status == "completed"
    view = window.transcript
    _activate(qtbot, window)
    cursor = view.document().find("Copy me")
    pos = view.cursorRect(cursor).center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    texts = _menu_texts(menu)
    menu.close()
    assert texts.count("Copy") == 1, texts
    assert "Copy as text" in texts and "Regenerate" in texts

    # With a selection, the one Copy copies the selection.
    view.setTextCursor(cursor)  # "Copy me" selected
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    assert _menu_texts(menu).count("Copy") == 1
    next(a for a in menu.actions() if a.text() == "Copy").trigger()
    menu.close()
    assert QGuiApplication.clipboard().text() == "Copy me"


# -- 8. Esc closes the History window --------------------------------------------------------------


def test_esc_closes_the_history_window(qtbot, window):
    history = window.open_history()
    _activate(qtbot, history)
    qtbot.keyClick(history.table, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not history.isVisible(), timeout=2000)


# -- 9. where the Attach dialog opens --------------------------------------------------------------


def test_the_attach_dialog_opens_in_the_workspace_else_the_last_folder_else_home(
    qtbot, window, tmp_path, monkeypatch
):
    from parley.ui.widgets import composer as composer_module

    asked: list[str] = []
    picked = tmp_path / "papers" / "a.txt"
    picked.parent.mkdir()
    picked.write_text("a")

    def dialog(_parent, _caption, folder="", *_a, **_k):
        asked.append(folder)
        return [str(picked)], ""

    monkeypatch.setattr(composer_module.QFileDialog, "getOpenFileNames", staticmethod(dialog))
    window.composer.choose_files()
    assert asked[-1] == str(Path.home())
    window.composer.choose_files()
    assert asked[-1] == str(picked.parent)  # the folder used last
    workspace = tmp_path / "project"
    workspace.mkdir()
    window.set_workspace(workspace)
    window.composer.choose_files()
    assert asked[-1] == str(workspace)


# -- 10. zoom scales everything ----------------------------------------------------------------


def test_zoom_scales_the_status_line_the_token_label_and_the_code_header(
    qtbot, local_provider, window
):
    wait_ready(qtbot, window)
    _answer(local_provider, "Code:\n\n```python\nx = 1\n```\n")
    assert _send(qtbot, window, "some code").status == "completed"
    qtbot.waitUntil(lambda: "tokens" in window.usage_label.text(), timeout=3000)
    view = window.transcript

    def heights() -> tuple[int, ...]:
        QApplication.processEvents()
        header = view.document().find("python").block().layout()
        body = view.document().find("x = 1").block().layout()
        return (
            window.status.fontMetrics().height(),
            window.usage_label.fontMetrics().height(),
            int(header.lineAt(0).height()),
            int(body.lineAt(0).height()),
            window.sandbox_label.fontMetrics().height(),
        )

    window._show_status("Something went wrong", error=True)  # red: a style sheet of its own
    before = heights()
    try:
        for _ in range(4):
            window.zoom.zoom_in()
        after = heights()
        assert window.zoom.point_size > window.zoom.base_point_size
        names = ("status", "tokens", "code header", "code", "sandbox")
        for name, small, large in zip(names, before, after, strict=True):
            assert large > small * 1.2, (name, small, large)
    finally:
        window.zoom.reset()


# -- 11. the file icon needs no emoji font ---------------------------------------------------------


def test_an_attachment_chip_draws_its_icon_instead_of_an_emoji(qtbot, window, tmp_path):
    note = tmp_path / "notes.txt"
    note.write_text("notes")
    window.composer.add_attachments([note])
    chip = window.composer.chips.chip(note)
    assert chip.icon.text() == ""
    assert not chip.icon.pixmap().isNull()


# -- 12. a new conversation is listed as soon as it is sent ------------------------------------


def test_a_new_conversation_is_listed_while_its_first_answer_streams(qtbot, local_provider, window):
    gate = threading.Event()
    body = openai_text_stream(["Slow", " answer"])
    first = body.index(b"Slow")
    cut = body.index(b"\n\n", first) + 2
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(body, slice_size=cut, gate=gate, gate_after=1)
    )
    wait_ready(qtbot, window)
    try:
        window.composer.editor.setPlainText("A brand new topic")
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window._session_id is not None, timeout=5000)
        qtbot.waitUntil(
            lambda: window.session_list.item_of(window._session_id) is not None, timeout=5000
        )
        assert window.bridge.active_turn is not None  # the answer is still streaming
    finally:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
            gate.set()


# -- 13. drafts ---------------------------------------------------------------------------------


def test_each_conversation_keeps_its_draft_across_switches_and_restarts(
    qtbot, local_provider, services, tmp_path
):
    from parley.ui.main_window import MainWindow

    saved = services.store.create_session("Saved one")
    win = MainWindow(services)
    win.auto_titles = False
    qtbot.addWidget(win)
    win.show()
    try:
        wait_ready(qtbot, win)
        win.composer.editor.setPlainText("for a new conversation")
        win.open_session(saved.id)
        qtbot.waitUntil(lambda: win._session_id == saved.id, timeout=5000)
        assert win.composer.editor.toPlainText() == ""
        win.composer.editor.setPlainText("half a thought about the saved one")
        win.new_chat()
        assert win.composer.editor.toPlainText() == "for a new conversation"
        win.open_session(saved.id)
        qtbot.waitUntil(lambda: win._session_id == saved.id, timeout=5000)
        assert win.composer.editor.toPlainText() == "half a thought about the saved one"
        state = win.current_state()
        assert state.drafts == {
            saved.id: "half a thought about the saved one",
            "": "for a new conversation",
        }
    finally:
        win.bridge.shutdown(timeout=5)
    win.close()

    # Written with the window state on close, read back on the next start.
    path = tmp_path / "window.json"
    save_window_state(path, state)
    loaded, problem = load_window_state(path)
    assert problem == "" and loaded == state
    again = MainWindow(services, state=loaded)
    again.auto_titles = False
    qtbot.addWidget(again)
    again.show()
    try:
        qtbot.waitUntil(lambda: again._session_id == saved.id, timeout=5000)
        assert again.composer.editor.toPlainText() == "half a thought about the saved one"
        again.new_chat()
        assert again.composer.editor.toPlainText() == "for a new conversation"
    finally:
        again.bridge.shutdown(timeout=5)


def test_a_damaged_drafts_entry_falls_back_to_no_drafts(tmp_path):
    path = tmp_path / "window.json"
    path.write_text('{"theme": "dark", "drafts": {"a b": 3}}')
    state, problem = load_window_state(path)
    assert state == WindowState(theme="dark")
    assert "drafts" in problem


# -- a damaged history's notice survives the last conversation reopening -------------------------


def test_a_moved_aside_history_is_said_in_a_banner_that_outlives_reopening(
    qtbot, local_provider, services
):
    from parley.ui.main_window import MainWindow
    from parley.ui.widgets.notice_banner import NoticeBanner

    services.startup_notice = "The history was damaged and moved aside to /x/parley.db.broken."
    window = MainWindow(services)
    window.auto_titles = False
    qtbot.addWidget(window)
    window.show()
    wait_ready(qtbot, window)
    _answer(local_provider, "Hello.")
    _send(qtbot, window, "Hi")
    session_id = window._session_id
    window.new_chat()
    window.open_session(session_id)  # what the start does with the last conversation
    qtbot.waitUntil(lambda: "Hello." in window.transcript.toPlainText(), timeout=5000)
    banners = window.findChildren(NoticeBanner)
    assert [b.text() for b in banners if b.isVisible()] == [services.startup_notice]

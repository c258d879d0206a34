"""The tray menu, close to the tray, notifications of background work, Quick ask, one instance.

Real widgets, a real profile and a real local provider (pytest-httpserver streaming the OpenAI
format). Offscreen there is no system tray (``QSystemTrayIcon.isSystemTrayAvailable()`` is
False), so the menu is driven through its actions, and the "no tray" path is the one a desktop
without a tray gets. The desktop's notification service is the one thing replaced: a
``FakeNotifier`` records what it was asked to show (the ``SystemNotifier`` itself is tested in
``test_feedback.py``). The chord on a real X server is in ``tests/x11/test_quick_ask_chord.py``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from parley.application.knowledge.folders import FolderIndexSummary
from parley.application.ports.settings_store import ProjectConfig
from parley.ui import global_shortcut
from parley.ui.desktop_integration import (
    _WAITING,
    DESKTOP_FILE,
    Desktop,
    DesktopSettings,
    load_desktop_settings,
    save_desktop_settings,
    with_desktop,
)
from parley.ui.global_shortcut import DEFAULT_CHORD, ShortcutError, parse
from parley.ui.notifications import SystemNotifier, app_tray_icon, notify_when_away
from parley.ui.settings_pages import desktop_page
from parley.ui.settings_pages.desktop_page import DesktopPage
from parley.ui.single_instance import SingleInstance, server_address
from parley.ui.tray import RECENT_COUNT, latest
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

REPO = Path(__file__).resolve().parents[2]


class FakeNotifier:
    """Stands in for the desktop's notification service: records what it was asked to show."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []

    def notify(self, title: str, body: str) -> bool:
        self.sent.append((title, body))
        return True


class UserClose(QCloseEvent):
    """A close the window manager sends when the person clicks the window's close button
    (Qt marks those spontaneous; an offscreen test cannot make one otherwise)."""

    def spontaneous(self) -> bool:
        return True


@pytest.fixture
def quit_calls(monkeypatch) -> list[int]:
    """``QApplication.quit`` recorded, not done: the test's own event loop must go on."""
    calls: list[int] = []
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: calls.append(1)))
    return calls


def _activate(qtbot, widget: QWidget) -> None:
    widget.show()
    widget.activateWindow()
    widget.raise_()
    qtbot.waitUntil(widget.isActiveWindow, timeout=3000)


def _other_window(qtbot) -> QWidget:
    other = QWidget()
    qtbot.addWidget(other)
    _activate(qtbot, other)
    return other


def _stream(httpserver, pieces: list[str]) -> list:
    """The provider streams ``pieces``; the requests' JSON bodies are recorded in the list."""
    requests: list = []
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(pieces, model="model-a"), slice_size=40, record=requests)
    )
    return requests


# -- the tray menu -----------------------------------------------------------------------------


def test_without_a_tray_the_menu_still_works_and_no_icon_is_made(qtbot, window, tmp_path):
    # The window's scheduler offers "Pause schedules" once it has read its store (a worker):
    # an offer already waiting for the Desktop would show it at once. This test is about a
    # menu no scheduler has spoken to yet, so none is left waiting (the run's timing decided).
    window.__dict__.pop(_WAITING, None)
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    assert desktop.tray.icon is None and not desktop.tray_available
    menu = desktop.menu
    names = [a.text() for a in menu.menu.actions() if a.text()]
    assert names[:3] == ["Show Parley", "New chat", "Quick ask…"]
    assert "Quit Parley" in names
    assert not menu.pause_action.isVisible()  # no scheduler said it exists
    window.hide()
    menu.new_chat_action.trigger()
    assert window.isVisible()
    assert window.chat.session_id is None
    menu.quick_ask_action.trigger()
    assert desktop.quick.isVisible()
    assert desktop.quick.windowFlags() & Qt.WindowType.WindowStaysOnTopHint
    desktop.quick.close()


def test_recent_conversations_list_the_latest_and_open_them_in_the_window(
    qtbot, local_provider, window, services, tmp_path
):
    _stream(local_provider, ["Answer."])
    wait_ready(qtbot, window)
    for n in range(RECENT_COUNT + 2):
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
            window.new_chat()
            window.send(f"Question {n}")
    qtbot.waitUntil(lambda: len(window.sidebar.sessions) == RECENT_COUNT + 2, timeout=5000)
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    actions = desktop.menu.refresh_recent()
    assert len(actions) == RECENT_COUNT
    newest = latest(window.sidebar.sessions)[0]
    assert actions[0].data() == newest.id
    assert actions[0].text() == "Question 9"
    oldest_listed = window.sidebar.sessions[-1].id
    assert oldest_listed not in {a.data() for a in actions}
    window.new_chat()
    window.hide()
    actions[3].trigger()
    assert window.isVisible()
    qtbot.waitUntil(lambda: window.chat.session_id == actions[3].data(), timeout=5000)


def test_an_empty_history_says_so_in_the_recent_menu(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    assert desktop.menu.refresh_recent() == []
    only = desktop.menu.recent_menu.actions()
    assert [a.text() for a in only] == ["No conversations yet"] and not only[0].isEnabled()


def test_pause_schedules_is_offered_by_the_scheduler_and_kept(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    desktop.offer_schedule_pause(False)
    assert desktop.menu.pause_action.isVisible() and not desktop.menu.pause_action.isChecked()
    with qtbot.waitSignal(desktop.sig_pause_schedules_toggled) as toggled:
        desktop.menu.pause_action.trigger()
    assert toggled.args == [True] and desktop.menu.pause_action.isChecked()
    # The schedule store keeps it (the scheduler writes it there); desktop.json has no copy.
    qtbot.wait(200)
    path = tmp_path / "config" / DESKTOP_FILE
    assert not path.exists() or "schedules_paused" not in json.loads(path.read_text())
    desktop.offer_schedule_pause(False)  # what the store says wins
    assert not desktop.menu.pause_action.isChecked()


def test_quit_in_the_tray_really_closes_the_window(qtbot, window, tmp_path, quit_calls):
    desktop = Desktop(
        window,
        config_dir=tmp_path / "config",
        settings=DesktopSettings(close_to_tray=True),
        tray_available=True,
    )
    desktop.menu.quit_action.trigger()
    assert not window.isVisible()
    assert window.bridge._gate.closed  # the window's close work ran (turn stopped, saved)
    assert quit_calls == [1]


def test_one_tray_icon_is_shared_by_the_menu_and_the_notifier(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=True)
    assert desktop.tray.icon is app_tray_icon()
    assert desktop.tray.icon.contextMenu() is desktop.menu.menu
    assert not desktop.tray.icon.icon().isNull()
    desktop.tray.hide()


# -- close to the tray -------------------------------------------------------------------------


def test_closing_with_close_to_tray_hides_the_window_and_keeps_it_working(
    qtbot, local_provider, window, tmp_path
):
    _stream(local_provider, ["Still here."])
    wait_ready(qtbot, window)
    desktop = Desktop(
        window,
        config_dir=tmp_path / "config",
        settings=DesktopSettings(close_to_tray=True),
        tray_available=True,
    )
    event = UserClose()
    window.closeEvent(event)
    assert not event.isAccepted()
    assert not window.isVisible()
    assert not window.bridge._gate.closed  # nothing was shut down
    assert not QApplication.quitOnLastWindowClosed()  # closing the History window keeps it
    desktop.menu.show_action.trigger()
    assert window.isVisible()
    assert QApplication.quitOnLastWindowClosed()
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        window.send("Are you there?")
    assert finished.args[0].status == "completed"
    desktop.tray.hide()


def test_closing_without_the_setting_or_without_a_tray_quits(qtbot, window, tmp_path):
    off = Desktop(window, config_dir=tmp_path / "config", tray_available=True)
    assert off.keep_in_tray(UserClose()) is False
    off.tray.hide()
    no_tray = Desktop(
        window,
        config_dir=tmp_path / "config",
        settings=DesktopSettings(close_to_tray=True),
        tray_available=False,
    )
    assert no_tray.keep_in_tray(UserClose()) is False
    window.close()
    assert not window.isVisible() and window.bridge._gate.closed


def test_file_quit_closes_for_real_even_with_close_to_tray(qtbot, window, tmp_path):
    desktop = Desktop(
        window,
        config_dir=tmp_path / "config",
        settings=DesktopSettings(close_to_tray=True),
        tray_available=True,
    )
    window.close()  # File → Quit, a stop signal: not the window manager's close button
    assert window.bridge._gate.closed
    desktop.tray.hide()


# -- the Settings page ---------------------------------------------------------------------------


def test_with_no_tray_the_setting_is_disabled_with_a_note(qtbot, window, tmp_path):
    save_desktop_settings(tmp_path / "config", DesktopSettings(close_to_tray=True))
    page = DesktopPage(tmp_path / "config", window.bridge.submit, tray_available=False)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=5000)
    assert page.settings.close_to_tray  # kept in the file, for a desktop that has a tray
    assert not page.close_to_tray.isChecked()
    assert not page.close_to_tray.isEnabled()
    assert page.tray_note.isVisible()
    assert "no system tray" in page.tray_note.text()


def test_the_desktop_page_saves_and_applies_at_once(qtbot, window, tmp_path):
    config = tmp_path / "config"
    desktop = Desktop(window, config_dir=config, tray_available=True)
    page = DesktopPage(config, window.bridge.submit, desktop)
    qtbot.addWidget(page)
    page.show()
    assert page.close_to_tray.isEnabled() and not page.tray_note.isVisible()
    assert not page.close_to_tray.isChecked()  # off by default
    with qtbot.waitSignal(page.sig_desktop_changed, timeout=5000):
        page.close_to_tray.setChecked(True)
    assert desktop.settings.close_to_tray is True
    assert load_desktop_settings(config)[0] == DesktopSettings(close_to_tray=True)
    desktop.tray.hide()


def test_the_settings_dialog_has_the_desktop_page(qtbot, window, tmp_path):
    Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    dialog = window.open_settings("desktop")
    assert dialog.tabs.currentWidget() is dialog.desktop_page
    assert dialog.desktop_page._desktop is window.desktop
    dialog.close()


def test_desktop_settings_survive_damage(tmp_path):
    assert load_desktop_settings(tmp_path) == (DesktopSettings(), "")
    (tmp_path / DESKTOP_FILE).write_text("{not json")
    settings, problem = load_desktop_settings(tmp_path)
    assert settings == DesktopSettings() and "could not be read" in problem
    (tmp_path / DESKTOP_FILE).write_text('{"close_to_tray": "yes", "quick_ask_chord": "Ctrl+K"}')
    settings, problem = load_desktop_settings(tmp_path)
    assert settings == DesktopSettings(quick_ask_chord="Ctrl+K") and "close_to_tray" in problem
    save_desktop_settings(tmp_path, DesktopSettings(close_to_tray=True))
    assert load_desktop_settings(tmp_path) == (DesktopSettings(close_to_tray=True), "")


def test_chords_are_parsed_to_x_keys_and_bare_keys_refused(qapp):
    chord = parse(DEFAULT_CHORD)
    assert (chord.keysym, chord.modifiers) == (0x20, 4 | 8)
    assert parse("Meta+Shift+K").keysym == ord("k")
    assert parse("Ctrl+F5").keysym == 0xFFC2
    with pytest.raises(ShortcutError):
        parse("Shift+A")
    with pytest.raises(ShortcutError):
        parse("")


# -- notifications ---------------------------------------------------------------------------------


def _knowledge_project(qtbot, window, services, tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Parley keeps every answer it showed.\n" * 20)
    (folder / "b.md").write_text("# Tray\n\nQuick ask opens from the tray.\n")
    services.settings.save_project(
        ProjectConfig(id="p1", name="Research", knowledge_folder=str(folder))
    )
    window.settings.load_settings()
    qtbot.waitUntil(lambda: [p.name for p in window.settings.projects] == ["Research"])
    return folder


def test_a_knowledge_folder_indexed_in_the_background_is_notified(
    qtbot, local_provider, window, services, tmp_path
):
    wait_ready(qtbot, window)
    folder = _knowledge_project(qtbot, window, services, tmp_path)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    _other_window(qtbot)
    runs = window.knowledge.runs
    assert runs is not None
    with qtbot.waitSignal(runs.sig_finished, timeout=20000):
        assert runs.start("p1", str(folder))
    qtbot.waitUntil(lambda: len(fake.sent) == 1, timeout=5000)
    title, body = fake.sent[0]
    assert title == "Knowledge folder indexed"
    assert body.startswith("Research: 2 added")


def test_a_knowledge_folder_indexed_while_watched_is_not_notified(
    qtbot, local_provider, window, services, tmp_path
):
    wait_ready(qtbot, window)
    folder = _knowledge_project(qtbot, window, services, tmp_path)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    _activate(qtbot, window)
    runs = window.knowledge.runs
    with qtbot.waitSignal(runs.sig_finished, timeout=20000):
        runs.start("p1", str(folder))
    # (the notice is delivered before the test's own wait ends: it was connected first)
    assert fake.sent == []


def test_the_scheduler_entry_notifies_only_when_away(qtbot, window):
    fake = FakeNotifier()
    _activate(qtbot, window)
    assert notify_when_away(window, fake, "Daily digest ran", "3 new items") is False
    _other_window(qtbot)
    assert notify_when_away(window, fake, "Daily digest ran", "3 new items") is True
    assert fake.sent == [("Daily digest ran", "3 new items")]
    empty = FolderIndexSummary(collection="p1", folder="/x")
    assert not empty.changed  # an unchanged folder is no news (follow_knowledge_runs skips it)


# -- Quick ask -------------------------------------------------------------------------------------


def _quick(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    quick = desktop.show_quick_ask()
    qtbot.waitUntil(lambda: quick.model == "model-a", timeout=5000)
    return desktop, quick


def test_quick_ask_streams_the_answer_into_a_new_conversation(
    qtbot, local_provider, window, services, tmp_path
):
    _stream(local_provider, ["The capital ", "of France ", "is **Paris**."])
    wait_ready(qtbot, window)
    _desktop, quick = _quick(qtbot, window, tmp_path)
    assert quick.isVisible()
    texts: list[str] = []
    quick.bridge.sig_text.connect(lambda _t, text: texts.append(text))
    quick.input.setPlainText("Capital of France?")
    with qtbot.waitSignal(quick.sig_turn_finished, timeout=10000) as finished:
        qtbot.keyClick(quick.input, Qt.Key.Key_Return)
    outcome = finished.args[0]
    assert outcome.status == "completed"
    assert "".join(texts) == "The capital of France is **Paris**."
    assert quick.answer.toPlainText() == "The capital of France is Paris."  # drawn as Markdown
    assert quick.input.toPlainText() == ""
    assert quick.copy_button.isEnabled() and quick.open_button.isEnabled()
    # An ordinary conversation: in the history, with the question, titled by it.
    session = services.store.get_session(outcome.session_id)
    assert session.title == "Capital of France?"
    kinds = [s.event.type_name for s in services.store.events(outcome.session_id)]
    assert kinds[:2] == ["turn_started", "user_message"] and kinds[-1] == "turn_finished"
    # The main window lists it.
    qtbot.waitUntil(
        lambda: outcome.session_id in {s.id for s in window.sidebar.sessions}, timeout=5000
    )


def test_a_second_question_follows_the_first_in_the_same_conversation(
    qtbot, local_provider, window, services, tmp_path
):
    requests = _stream(local_provider, ["Yes."])
    wait_ready(qtbot, window)
    _desktop, quick = _quick(qtbot, window, tmp_path)
    for question in ("First?", "And then?"):
        quick.input.setPlainText(question)
        with qtbot.waitSignal(quick.sig_turn_finished, timeout=10000) as finished:
            qtbot.keyClick(quick.input, Qt.Key.Key_Return)
        assert finished.args[0].status == "completed"
    prompts = [
        s.event.text
        for s in services.store.events(quick.session_id)
        if s.event.type_name == "user_message"
    ]
    assert prompts == ["First?", "And then?"]
    sent = requests[-1]["messages"]
    assert [m["content"] for m in sent if m["role"] == "user"][-2:] == ["First?", "And then?"]


def test_shift_enter_is_a_new_line_and_esc_closes(qtbot, local_provider, window, tmp_path):
    wait_ready(qtbot, window)
    _desktop, quick = _quick(qtbot, window, tmp_path)
    quick.input.setPlainText("two")
    quick.input.moveCursor(quick.input.textCursor().MoveOperation.Start)
    qtbot.keyClick(quick.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert quick.input.toPlainText() == "\ntwo"
    assert not quick.running
    qtbot.keyClick(quick.input, Qt.Key.Key_Escape)
    assert not quick.isVisible()
    assert window.isVisible()  # closing Quick ask never closes Parley


def test_copy_and_open_in_parley(qtbot, local_provider, window, services, tmp_path):
    _stream(local_provider, ["Forty-two."])
    wait_ready(qtbot, window)
    _desktop, quick = _quick(qtbot, window, tmp_path)
    quick.input.setPlainText("The answer?")
    with qtbot.waitSignal(quick.sig_turn_finished, timeout=10000) as finished:
        quick.send()
    session_id = finished.args[0].session_id
    qtbot.mouseClick(quick.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Forty-two."
    window.hide()
    qtbot.mouseClick(quick.open_button, Qt.MouseButton.LeftButton)
    assert not quick.isVisible()
    assert window.isVisible()
    qtbot.waitUntil(lambda: window.chat.session_id == session_id, timeout=5000)
    qtbot.waitUntil(lambda: "Forty-two." in window.transcript.toPlainText(), timeout=5000)
    # It goes on there: the next message is a turn of the same conversation.
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as more:
        window.send("Why?")
    assert more.args[0].session_id == session_id


def test_a_quick_answer_that_ends_after_esc_is_notified(qtbot, local_provider, window, tmp_path):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Done ", "later."]), slice_size=8, delay=0.05)
    )
    wait_ready(qtbot, window)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    _desktop, quick = _quick(qtbot, window, tmp_path)
    quick.notifier = fake
    quick.input.setPlainText("Slow one?")
    with qtbot.waitSignal(quick.sig_turn_finished, timeout=10000) as finished:
        quick.send()
        quick.close()  # Esc while it streams: the answer goes on
    assert finished.args[0].status == "completed"
    assert fake.sent == [("Quick ask: model-a answered", "Done later.")]


def test_quick_ask_without_a_provider_says_so(qtbot, window, tmp_path):
    qtbot.waitUntil(lambda: window.providers_loaded, timeout=5000)
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    quick = desktop.show_quick_ask()
    qtbot.waitUntil(lambda: "No provider yet" in quick.status.text(), timeout=5000)
    quick.input.setPlainText("Hello?")
    assert quick.send() is False
    quick.close()


# -- one Parley per profile ------------------------------------------------------------------------


def _child(code: str, *args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


HAND_OVER = (
    "import sys\n"
    "from PySide6.QtCore import QCoreApplication\n"
    "app = QCoreApplication([])\n"
    "from parley.ui.single_instance import hand_over\n"
    "print(hand_over(sys.argv[1], sys.argv[2]))\n"
)


def test_a_second_start_hands_over_to_the_running_parley(qtbot, tmp_path):
    first = SingleInstance(tmp_path / "data")
    assert first.listen()
    try:
        assert not SingleInstance(tmp_path / "data").listen()  # the name is taken
        assert SingleInstance(tmp_path / "other").listen()  # another profile is not
        with qtbot.waitSignal(first.sig_message, timeout=10000) as said:
            child = _child(HAND_OVER, str(tmp_path / "data"), "quick")
        qtbot.waitUntil(lambda: child.poll() is not None, timeout=10000)
        assert said.args == ["quick"]
        assert child.stdout is not None and child.stdout.read().strip() == "True"
    finally:
        first.close()
    alone = _child(HAND_OVER, str(tmp_path / "data"), "show")
    out, _err = alone.communicate(timeout=20)
    assert out.strip() == "False"


def test_a_socket_left_by_a_crashed_parley_is_taken_over(qtbot, tmp_path):
    path = Path(server_address(tmp_path / "data"))
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))  # bound, never listening: what a killed process leaves
    stale.close()
    try:
        instance = SingleInstance(tmp_path / "data")
        assert instance.listen()
        instance.close()
    finally:
        path.unlink(missing_ok=True)


def test_parley_quick_opens_quick_ask_in_the_running_parley(qtbot, window, services, tmp_path):
    desktop = Desktop(window, config_dir=services.config_dir, tray_available=False)
    assert desktop.listen(services.data_dir)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "parley.ui.cli",
            "--data-dir",
            str(services.data_dir),
            "--config-dir",
            str(services.config_dir),
            "quick",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    qtbot.waitUntil(lambda: child.poll() is not None, timeout=20000)
    assert child.returncode == 0, child.stderr.read() if child.stderr else ""
    qtbot.waitUntil(lambda: desktop._quick is not None and desktop.quick.isVisible(), timeout=5000)
    desktop.quick.close()
    desktop.instance.close()


def test_the_scheduler_hook_waits_for_the_desktop(qtbot, window, tmp_path):
    seen: list[bool] = []

    def use(desktop: Desktop) -> None:
        desktop.offer_schedule_pause(True)  # as the schedule store says
        seen.append(desktop.menu.pause_action.isChecked())
        desktop.sig_pause_schedules_toggled.connect(seen.append)

    with_desktop(window, use)
    assert seen == []  # no Desktop yet (``ui/app.py`` makes it after the first paint)
    desktop = Desktop.start(window, tmp_path / "data", tmp_path / "config")
    assert seen == [True]
    assert desktop.menu.pause_action.isVisible() and desktop.menu.pause_action.isChecked()
    desktop.menu.pause_action.trigger()
    assert seen == [True, False]
    later: list[Desktop] = []
    with_desktop(window, later.append)
    assert later == [desktop]  # a window that has one calls at once
    desktop._finish()


def test_where_no_chord_can_be_taken_the_page_says_to_use_parley_quick(
    qtbot, window, tmp_path, monkeypatch
):
    monkeypatch.setattr(
        global_shortcut.QGuiApplication, "platformName", staticmethod(lambda: "wayland")
    )
    note = global_shortcut.support()
    assert not note.available and "parley quick" in note.note and "Wayland" in note.note
    page = DesktopPage(tmp_path / "config", window.bridge.submit, tray_available=False)
    qtbot.addWidget(page)
    page.show()
    assert not page.chord_edit.isEnabled()
    assert page.platform_note.isVisible() and page.platform_note.text() == note.note


def test_a_chord_that_cannot_be_grabbed_is_said_in_red_and_another_is_kept(
    qtbot, window, tmp_path, monkeypatch
):
    monkeypatch.setattr(desktop_page, "support", lambda: global_shortcut.Support(True))
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    page = DesktopPage(tmp_path / "config", window.bridge.submit, desktop)
    qtbot.addWidget(page)
    page.show()
    desktop.sig_shortcut_state.emit(False, "Another application already uses Ctrl+Alt+Space.")
    assert page.chord_state.isVisible()
    assert page.chord_state.text() == "Another application already uses Ctrl+Alt+Space."
    with qtbot.waitSignal(page.sig_desktop_changed, timeout=5000):
        page._set_chord("Ctrl+Alt+K")
    assert desktop.settings.quick_ask_chord == "Ctrl+Alt+K"  # the running Parley has it
    assert load_desktop_settings(tmp_path / "config")[0].quick_ask_chord == "Ctrl+Alt+K"
    desktop.sig_shortcut_state.emit(True, "")
    assert page.chord_state.text().endswith("opens Quick ask from anywhere.")
    page._set_chord("Shift+K")  # a key without Ctrl, Alt or Super is refused, not saved
    assert "Ctrl, Alt or Super" in page.chord_state.text()
    assert desktop.settings.quick_ask_chord == "Ctrl+Alt+K"


def test_the_notifier_shows_its_balloon_on_the_one_tray_icon(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=True)
    notifier = SystemNotifier()
    assert notifier._by_tray("model-a answered", "42") is True
    assert notifier._tray is desktop.tray.icon is app_tray_icon()
    desktop.tray.hide()


def test_a_knowledge_folder_that_cannot_be_indexed_is_notified(
    qtbot, local_provider, window, services, tmp_path
):
    wait_ready(qtbot, window)
    folder = _knowledge_project(qtbot, window, services, tmp_path)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    _other_window(qtbot)
    runs = window.knowledge.runs
    with qtbot.waitSignal(runs.sig_failed, timeout=20000):
        runs.start("p1", str(folder / "gone"))
    assert len(fake.sent) == 1
    title, body = fake.sent[0]
    assert title == "Indexing did not finish" and body.startswith("Research: ")


def test_clicking_the_tray_icon_brings_the_window_or_puts_it_away(qtbot, window, tmp_path):
    desktop = Desktop(window, config_dir=tmp_path / "config", tray_available=False)
    _other_window(qtbot)
    desktop.tray.sig_activated.emit()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    desktop.tray.sig_activated.emit()  # in front already: out of the way (minimised)
    assert window.isMinimized()
    desktop.tray.sig_activated.emit()
    assert window.isVisible() and not window.isMinimized()

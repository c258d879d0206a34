"""Feedback at every wait: the thinking line, toasts, desktop notifications, and errors that lead
to the fix (a 401 → Settings → Providers; an image for a text-only model → a vision model).

Real widgets and a real window talking to a local server (``tests/ui/conftest.py``). The one
fake is the desktop's notification service (``FakeNotifier``), an operating-system service; the
real ``SystemNotifier`` is tested on a desktop that has none. Time in the indicator comes from a
clock the test moves, never from waiting.
"""

from __future__ import annotations

import shutil
import subprocess
import threading

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget

from parley.application.conversations.turn_runtime import TurnOutcome
from parley.application.ports.settings_store import ProviderConfig
from parley.application.providers.vision import vision_refusal
from parley.ui.controllers.fixes import OPEN_PROVIDERS, PICK_VISION, fix_for, vision_models
from parley.ui.notifications import SystemNotifier, send_fdo_notification
from parley.ui.widgets.thinking_indicator import ThinkingIndicator
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready
from tests.ui.test_tool_turns_ui import _serve, _tool_call_stream


class FakeNotifier:
    """Stands in for the desktop's notification service: records what it was asked to show."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []

    def notify(self, title: str, body: str) -> bool:
        self.sent.append((title, body))
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _activate(qtbot, widget) -> None:
    widget.activateWindow()
    widget.raise_()
    qtbot.waitUntil(widget.isActiveWindow, timeout=3000)


def _send(qtbot, window, text: str = "Hi"):
    window.composer.editor.setPlainText(text)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    return finished.args[0]


# -- the thinking indicator ------------------------------------------------------------------------


def test_the_indicator_counts_seconds_from_its_start(qtbot):
    clock = Clock()
    indicator = ThinkingIndicator(clock=clock)
    qtbot.addWidget(indicator)
    assert not indicator.isVisible() and not indicator.running
    indicator.start("model-a")
    assert indicator.isVisible() and indicator.running
    assert indicator.text() == "Thinking…"
    clock.now += 7.4
    assert indicator.text() == "Thinking… 7 s"
    indicator.set_phrase("Waiting for your permission…")
    assert indicator.text() == "Waiting for your permission… 7 s"
    indicator.stop()
    assert not indicator.isVisible() and not indicator.running


def test_the_indicator_draws_its_dots_in_the_accent_colour(qtbot):
    indicator = ThinkingIndicator()
    qtbot.addWidget(indicator)
    indicator.resize(300, 30)
    indicator.start()
    image = indicator.grab().toImage()
    accent = indicator.palette().highlight().color()
    # The first dot is lit on frame 0: some pixel in its box is close to the accent colour.
    lit = [
        image.pixelColor(x, y)
        for x in range(8, 30)
        for y in range(5, 25)
        if _close(image.pixelColor(x, y), accent)
    ]
    assert lit


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 60


def test_the_indicator_shows_from_send_and_hides_at_the_first_text(qtbot, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["Hello", " there."]), content_type="text/event-stream"
    )
    wait_ready(qtbot, window)
    indicator = window.feedback.thinking
    seen_at_text: list[bool] = []
    # Connected after the window's own slots: sees the indicator as the first text left it.
    window.bridge.sig_text.connect(lambda *_a: seen_at_text.append(indicator.isVisible()))
    window.composer.editor.setPlainText("Hi")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        assert indicator.isVisible()  # at once, before any byte came back
        assert indicator.text().startswith("Thinking")
    assert seen_at_text and seen_at_text[0] is False
    assert not indicator.isVisible() and not indicator.running
    assert "Thinking" not in window.transcript.toPlainText()  # never part of the document


def test_the_indicator_floats_under_the_last_message_and_resizes_nothing(
    qtbot, local_provider, window
):
    """As in the peers, "Thinking…" shows right under the message just sent (not at the foot
    of a tall, empty view), floating: showing it resizes and re-lays out nothing."""
    gate = threading.Event()
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Hello."]), gate=gate)
    )
    wait_ready(qtbot, window)
    indicator = window.feedback.thinking
    transcript = window.transcript
    before = transcript.viewport().size()
    window.composer.editor.setPlainText("Hi")
    try:
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
            assert indicator.isVisible()
            assert transcript.viewport().size() == before  # no layout moved for it
            qtbot.waitUntil(lambda: "Hi" in transcript.toPlainText(), timeout=5000)
            area = transcript.viewport().geometry()
            assert indicator.parentWidget() is transcript
            message_end = area.top() + round(transcript.document().size().height())
            qtbot.waitUntil(lambda: indicator.geometry().top() == message_end, timeout=3000)
            assert area.top() < indicator.geometry().top()
            assert indicator.geometry().bottom() < area.bottom() - 100  # not at the foot
            assert indicator.autoFillBackground()  # opaque: its frames repaint only itself
            gate.set()
    finally:
        gate.set()
    assert transcript.viewport().size() == before


def test_the_indicator_stays_inside_the_view_when_the_conversation_fills_it(
    qtbot, local_provider, window
):
    transcript = window.transcript
    wait_ready(qtbot, window)
    transcript.setPlainText("line\n" * 400)  # a conversation taller than the view
    transcript.verticalScrollBar().setValue(0)  # scrolled up, reading
    indicator = window.feedback.thinking
    indicator.start("model-a")
    window.feedback._place_thinking()
    area = transcript.viewport().geometry()
    assert indicator.geometry().bottom() == area.bottom()
    indicator.stop()


# -- toasts ----------------------------------------------------------------------------------------


def test_a_toast_shows_at_the_bottom_right_and_is_dismissed_by_its_cross(qtbot, window):
    toast = window.feedback.toast("Exported to /tmp/out.md")
    assert toast.isVisible()
    assert toast.text() == "Exported to /tmp/out.md"
    assert toast.accessibleName() == "Notification"
    assert toast.accessibleDescription() == "Exported to /tmp/out.md"
    geometry = toast.geometry()
    assert geometry.right() > window.width() * 0.6
    assert geometry.bottom() > window.height() * 0.6
    assert geometry.bottom() <= window.height()
    assert toast.focusPolicy() == Qt.FocusPolicy.NoFocus
    qtbot.mouseClick(toast.close_button, Qt.MouseButton.LeftButton)
    assert not toast.isVisible() and toast.text() == ""


def test_a_new_toast_replaces_the_old_one(qtbot, window):
    first = window.feedback.toast("one")
    second = window.feedback.toast("two")
    assert first is second and second.text() == "two"


def test_a_finished_export_is_said_in_a_toast_over_the_history_window(
    qtbot, local_provider, window, tmp_path
):
    local_provider.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["Hello."]), content_type="text/event-stream"
    )
    wait_ready(qtbot, window)
    _send(qtbot, window)
    history = window.open_history()
    target = tmp_path / "export.json"
    with qtbot.waitSignal(history.sig_exported, timeout=10000):
        history.export_all(target, "json")
    toasts = [t for t in history.findChildren(QWidget, "toast") if t.isVisible()]
    assert len(toasts) == 1
    assert toasts[0].text() == f"Exported to {target}"
    history.close()


# -- desktop notifications -------------------------------------------------------------------------


def test_an_answer_that_finishes_in_the_background_is_notified(qtbot, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["The answer is 42."]), content_type="text/event-stream"
    )
    wait_ready(qtbot, window)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    _activate(qtbot, other)
    assert not window.isActiveWindow()
    outcome = _send(qtbot, window)
    assert outcome.status == "completed"
    assert len(fake.sent) == 1
    title, body = fake.sent[0]
    assert "answered" in title
    assert body == "The answer is 42."


def test_an_answer_watched_in_the_window_is_not_notified(qtbot, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["Seen."]), content_type="text/event-stream"
    )
    wait_ready(qtbot, window)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    _activate(qtbot, window)
    assert _send(qtbot, window).status == "completed"
    assert fake.sent == []


def test_no_notification_service_is_no_error(qtbot, monkeypatch):
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    notifier = SystemNotifier()
    assert notifier.notify("Parley", "done") is False
    assert notifier.way == "none"  # no tray on this platform, no session bus


def test_an_unreachable_session_bus_is_reported_not_raised(monkeypatch, tmp_path):
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={tmp_path}/no-bus")
    assert send_fdo_notification("Parley", "done", timeout_s=1.0) != ""


# -- errors that lead to the fix -------------------------------------------------------------------


PROVIDERS = [ProviderConfig(name="vis", kind="openai", base_url="http://x/v1")]


def _failed(kind: str, error: str = "", model: str = "gpt-3.5-turbo") -> TurnOutcome:
    return TurnOutcome(
        "s", "t", "failed", error=error, error_kind=kind, provider_id="vis", model=model
    )


def test_which_outcomes_offer_which_fix():
    auth = fix_for(_failed("auth"), PROVIDERS)
    assert auth is not None and auth.action == OPEN_PROVIDERS and auth.provider == "vis"
    assert auth.label == "Open Settings → Providers"
    vision = fix_for(
        _failed(
            "attachments",
            f"could not use the attachment — a.png: {vision_refusal('gpt-3.5-turbo', 'openai')}",
        ),
        PROVIDERS,
    )
    assert vision is not None and vision.action == PICK_VISION
    assert fix_for(_failed("attachments", "a.pdf: the file is damaged"), PROVIDERS) is None
    assert fix_for(_failed("rate_limited"), PROVIDERS) is None
    completed = TurnOutcome("s", "t", "completed", provider_id="vis")
    assert fix_for(completed, PROVIDERS) is None


def test_vision_models_are_the_listed_ones_known_to_see_images():
    choices = [("vis", "gpt-3.5-turbo"), ("vis", "gpt-4o"), ("vis", "mystery-model")]
    assert vision_models(choices, PROVIDERS) == [("vis", "gpt-4o")]


def test_a_401_offers_the_providers_settings_of_that_provider(qtbot, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_json(
        {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}},
        status=401,
    )
    wait_ready(qtbot, window)
    outcome = _send(qtbot, window)
    assert outcome.error_kind == "auth"
    button = window.fixes.button
    assert button.isVisible()
    assert button.text() == "Open Settings → Providers"
    assert button.accessibleName() == "Open Settings → Providers"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.settings.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.tabs.currentWidget() is dialog.providers_page
    page = dialog.providers_page
    qtbot.waitUntil(lambda: page.provider_list.currentItem() is not None, timeout=5000)
    assert page.provider_list.currentItem().text().startswith("local")
    # The fix belongs to its status line: a new chat takes both away.
    window.new_chat()
    assert not button.isVisible()


def test_an_image_for_a_text_only_model_offers_a_vision_model(
    qtbot, services, httpserver, window, tmp_path
):
    services.settings.add_provider(
        ProviderConfig(
            name="vis",
            kind="openai",
            base_url=httpserver.url_for("/v1"),
            default_model="gpt-3.5-turbo",
        )
    )
    httpserver.expect_request("/v1/models").respond_with_json(
        {"data": [{"id": "gpt-3.5-turbo"}, {"id": "gpt-4o"}]}
    )
    window._load_settings()
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: ("vis", "gpt-4o") in window.model_picker.choices(), timeout=5000)
    window.model_picker.select("vis", "gpt-3.5-turbo")
    image = tmp_path / "chart.png"
    picture = QImage(8, 8, QImage.Format.Format_RGB32)
    picture.fill(QColor("#3366cc"))
    assert picture.save(str(image))
    window.composer.add_attachments([image])
    outcome = _send(qtbot, window, "What is in this chart?")
    assert outcome.status == "failed"
    button = window.fixes.button
    assert button.isVisible() and button.text() == "Choose a vision model"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    menu = window.fixes.menu
    assert menu is not None
    labels = [a.text() for a in menu.actions()]
    assert labels == ["gpt-4o  ·  vis"]
    menu.actions()[0].trigger()
    assert window.model_picker.current() == ("vis", "gpt-4o")
    assert "gpt-4o" in window.status.text()


def test_a_permission_question_is_waited_on_in_words_and_the_wait_goes_on_after_it(
    qtbot, local_provider, window, tmp_path
):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    _serve(
        local_provider,
        _tool_call_stream("run_command", {"command": "echo hi > hi.txt", "cwd": "workspace"}),
        openai_text_stream(["Fine, I will not."]),
    )
    wait_ready(qtbot, window)
    fake = FakeNotifier()
    window.feedback.notifier = fake
    window.set_workspace(workspace)
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("all"))
    window.gate_picker.setCurrentIndex(window.gate_picker.findData("confirm"))
    indicator = window.feedback.thinking
    other = QWidget()  # another window in front: the question reaches the desktop too
    qtbot.addWidget(other)
    other.show()
    _activate(qtbot, other)
    window.composer.editor.setPlainText("Say hi")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=15000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(window._permission_dialogs) == 1, timeout=10000)
        assert indicator.text().startswith("Waiting for your permission…")
        dialog = window._permission_dialogs[0]
        qtbot.waitUntil(lambda: dialog.isVisible(), timeout=2000)
        qtbot.mouseClick(dialog.deny, Qt.MouseButton.LeftButton)
        assert indicator.running  # the model is asked again: waiting once more
        assert indicator.text().startswith("Thinking…")
    assert not indicator.running
    assert fake.sent[0][0] == "Parley needs your permission"


def test_a_duplicate_made_off_the_ui_thread_is_said_in_a_toast(
    qtbot, local_provider, window, services
):
    record = services.store.create_session("Walrus notes")
    wait_ready(qtbot, window)
    window.sidebar.duplicate(record.id)
    qtbot.waitUntil(lambda: window.findChild(QWidget, "toast") is not None, timeout=5000)
    toast = window.findChild(QWidget, "toast")
    qtbot.waitUntil(toast.isVisible, timeout=5000)
    assert toast.text().startswith("Duplicated as “")


def test_the_indicator_frames_never_repaint_the_transcript(qtbot, local_provider, window):
    class PaintCounter(QObject):
        count = 0

        def eventFilter(self, _watched, event):  # type: ignore[no-untyped-def]
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    wait_ready(qtbot, window)
    feedback = window.feedback
    feedback._place_thinking()
    feedback.thinking.start("model-a")
    qtbot.waitExposed(feedback.thinking)
    QApplication.processEvents()  # the first show paints whatever it paints
    counter = PaintCounter()
    window.transcript.viewport().installEventFilter(counter)
    painted = []
    feedback.thinking.installEventFilter(counter)
    for _ in range(10):
        before = counter.count
        feedback.thinking.tick()
        feedback.thinking.repaint()
        painted.append(counter.count - before)
    window.transcript.viewport().removeEventFilter(counter)
    feedback.thinking.removeEventFilter(counter)
    # Each frame painted the indicator once and nothing under it.
    assert painted == [1] * 10
    feedback.thinking.stop()


def test_without_a_tray_the_desktop_hears_it_over_the_session_bus(qtbot, monkeypatch):
    """The real notifier against a private session bus; the notification daemon on it is the
    stand-in (an operating-system service), answering ``Notify`` as a desktop would."""
    if shutil.which("dbus-daemon") is None:
        pytest.skip("dbus-daemon is not installed")
    from jeepney import MessageType, new_method_return
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        address = daemon.stdout.readline().strip()  # type: ignore[union-attr]
        received: list[tuple] = []
        with open_dbus_connection(bus=address) as service:
            service.send_and_get_reply(message_bus.RequestName("org.freedesktop.Notifications"))

            def answer() -> None:
                while True:
                    call = service.receive(timeout=5)
                    if call.header.message_type == MessageType.method_call:
                        received.append(call.body)
                        service.send(new_method_return(call, "u", (7,)))
                        return

            listener = threading.Thread(target=answer, daemon=True)
            listener.start()
            monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
            notifier = SystemNotifier()
            assert notifier.notify("model-a answered", "The answer is 42.") is True
            assert notifier.way == "dbus"
            listener.join(5)
        assert len(received) == 1
        app, replaces, _icon, title, body, actions, _hints, timeout = received[0]
        assert (app, replaces, title, body, actions) == (
            "Parley",
            0,
            "model-a answered",
            "The answer is 42.",
            [],
        )
        assert timeout > 0
    finally:
        daemon.terminate()
        daemon.wait(5)

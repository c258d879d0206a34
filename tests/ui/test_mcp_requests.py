"""What an MCP server asks of the person, in the window (``ui/mcp_requests.py``): the form
dialog (every kind of field, its rules, Submit / Decline / Cancel / Esc), the sampling dialog
(Deny by default), and the handlers a worker calls — the question hops to the UI thread, the
answer comes back to the waiting thread, one dialog at a time, and a closed window answers
cancel / deny. End to end: real servers (``tests/fixtures/mcp_servers/broken.py midcall`` asks a
form, ``sampling.py`` asks for a completion) ask through the real client, and the test answers
the dialog.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from parley.application.mcp.model import McpServerConfig
from parley.application.mcp.server_requests import (
    SamplingMessage,
    SamplingReply,
    SamplingRequest,
    ServerRequests,
)
from parley.ui.mcp_requests import (
    NOT_SET,
    ElicitationDialog,
    SamplingDialog,
    WindowServerRequests,
    install_window_requests,
)

SERVERS = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "description": "As on the ticket",
                 "minLength": 2},
        "email": {"type": "string", "format": "email"},
        "guests": {"type": "integer", "minimum": 1, "maximum": 8, "default": 2},
        "budget": {"type": "number", "minimum": 0.5},
        "vegan": {"type": "boolean", "default": True},
        "size": {"type": "string", "enum": ["s", "m"], "enumNames": ["Small", "Medium"]},
        "extras": {"type": "array", "items": {"anyOf": [{"const": "tea", "title": "Tea"},
                                                         {"const": "jam", "title": "Jam"}]},
                   "maxItems": 1, "default": ["jam"]},
    },
    "required": ["name", "size"],
}  # fmt: skip


def _shown(qtbot, dialog):  # type: ignore[no-untyped-def]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _form(qtbot, schema: object = SCHEMA, message: str = "Book a table?") -> ElicitationDialog:  # type: ignore[no-untyped-def]
    return _shown(qtbot, ElicitationDialog("bookings", message, schema))


def click(qtbot, button) -> None:  # type: ignore[no-untyped-def]
    if isinstance(button, QCheckBox):  # on its box: a stretched check box's middle is empty
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(6, button.height() // 2))
    else:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def fill(qtbot, dialog: ElicitationDialog, **values: object) -> None:  # type: ignore[no-untyped-def]
    """Type into the dialog's widgets as a person would (text typed, boxes set, options picked)."""
    for name, value in values.items():
        widget = dialog.fields[name].widget
        if isinstance(widget, QLineEdit):
            widget.clear()
            qtbot.keyClicks(widget, str(value))
        elif isinstance(widget, QSpinBox | QDoubleSpinBox):
            widget.setValue(value)  # type: ignore[arg-type]
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(widget.findData(value))
        elif isinstance(widget, QCheckBox):
            if widget.isChecked() != value:
                click(qtbot, widget)
        else:  # a multiple choice: its check boxes
            for box in widget.findChildren(QCheckBox):
                wanted = box.objectName().rsplit("-", 1)[-1] in value  # type: ignore[operator]
                if box.isChecked() != wanted:
                    click(qtbot, box)


# -- the form ------------------------------------------------------------------------------------


def test_the_form_shows_the_server_its_message_and_one_field_per_property(qtbot):
    dialog = _form(qtbot)
    assert dialog.headline.text() == "bookings asks:"
    assert dialog.message.text() == "Book a table?"
    w = {name: view.widget for name, view in dialog.fields.items()}
    assert isinstance(w["name"], QLineEdit) and isinstance(w["email"], QLineEdit)
    assert isinstance(w["guests"], QSpinBox) and isinstance(w["budget"], QDoubleSpinBox)
    assert isinstance(w["vegan"], QCheckBox) and isinstance(w["size"], QComboBox)
    assert (w["guests"].value(), w["guests"].maximum()) == (2, 8)  # the default, the range
    assert w["budget"].text() == NOT_SET  # no default: not answered yet
    assert w["vegan"].isChecked()
    assert [w["size"].itemText(i) for i in range(w["size"].count())] == [NOT_SET, "Small", "Medium"]
    extras = {b.text(): b.isChecked() for b in w["extras"].findChildren(QCheckBox)}
    assert extras == {"Tea": False, "Jam": True}
    label = dialog.findChild(QLabel, "label-name")
    assert label.text() == "Your name *"  # required, marked
    assert dialog.findChild(QLabel, "help-name").text() == "As on the ticket"
    assert w["name"].toolTip() == "As on the ticket"
    assert dialog.findChild(QLabel, "label-email").text() == "email"  # optional: no mark
    assert dialog.submit_button.isEnabled()


def test_the_servers_words_are_plain_text_never_markup(qtbot):
    hostile = '<a href="https://evil.example">Click</a><img src="x"> <b>urgent</b>'
    schema = {"properties": {"x": {"type": "string", "title": hostile, "description": hostile}}}
    dialog = _form(qtbot, schema, message=hostile)
    for label in dialog.findChildren(QLabel):
        if hostile in label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText
    assert dialog.message.text() == hostile
    assert dialog.findChild(QLabel, "label-x").text() == hostile
    assert not dialog.message.openExternalLinks()


def test_submit_sends_the_typed_answers(qtbot):
    dialog = _form(qtbot)
    fill(qtbot, dialog, name="Ada", email="ada@example.com", guests=4, budget=12.5, vegan=False,
         size="m", extras=["tea"])  # fmt: skip
    with qtbot.waitSignal(dialog.accepted):
        click(qtbot, dialog.submit_button)
    assert dialog.answer == (
        "accept",
        {"name": "Ada", "email": "ada@example.com", "guests": 4, "budget": 12.5,
         "vegan": False, "size": "m", "extras": ["tea"]},
    )  # fmt: skip


def test_a_missing_required_field_is_said_inline_and_the_dialog_stays(qtbot):
    dialog = _form(qtbot)
    fill(qtbot, dialog, email="not an address")
    click(qtbot, dialog.submit_button)
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.error.isVisible()
    assert dialog.error.text() == "Your name: an answer is required"
    assert dialog.fields["name"].error.isVisible()
    assert "an email address" in dialog.fields["email"].error.text()
    assert dialog.fields["size"].error.text() == "size: an answer is required"
    assert not dialog.fields["guests"].error.isVisible()
    # fixed, it goes
    fill(qtbot, dialog, name="Ada", email="", size="s", extras=["tea", "jam"])
    click(qtbot, dialog.submit_button)
    assert dialog.isVisible() and "at most 1 option" in dialog.error.text()
    fill(qtbot, dialog, extras=[])
    with qtbot.waitSignal(dialog.accepted):
        click(qtbot, dialog.submit_button)
    assert dialog.answer == (
        "accept", {"name": "Ada", "guests": 2, "vegan": True, "size": "s", "extras": []}
    )  # fmt: skip


def test_decline_cancel_and_escape(qtbot):
    dialog = _form(qtbot)
    fill(qtbot, dialog, name="Ada")
    with qtbot.waitSignal(dialog.finished):
        click(qtbot, dialog.decline_button)
    assert dialog.answer == ("decline", {})
    dialog = _form(qtbot)
    with qtbot.waitSignal(dialog.rejected):
        click(qtbot, dialog.cancel_button)
    assert dialog.answer == ("cancel", {})
    dialog = _form(qtbot)
    fill(qtbot, dialog, name="Ada", size="s")
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.answer == ("cancel", {})


def test_an_unsupported_field_is_text_with_a_note_and_a_bad_schema_only_declines(qtbot):
    schema = {"properties": {"where": {"type": "object", "title": "Address"}}}
    dialog = _form(qtbot, schema)
    assert isinstance(dialog.fields["where"].widget, QLineEdit)
    assert "cannot show this kind of field" in dialog.findChild(QLabel, "note-where").text()
    fill(qtbot, dialog, where="1 Main St")
    with qtbot.waitSignal(dialog.accepted):
        click(qtbot, dialog.submit_button)
    assert dialog.answer == ("accept", {"where": "1 Main St"})

    dialog = _form(qtbot, {"type": "object", "properties": ["nope"]})
    assert not dialog.submit_button.isEnabled()
    assert dialog.error.isVisible() and "no readable list of fields" in dialog.error.text()
    with qtbot.waitSignal(dialog.finished):
        click(qtbot, dialog.decline_button)
    assert dialog.answer == ("decline", {})


# -- sampling ------------------------------------------------------------------------------------

REQUEST = SamplingRequest(
    server="summariser",
    messages=(SamplingMessage("user", "Summarise <b>this</b>"), SamplingMessage("assistant", "Ok")),
    system_prompt="You are terse.",
    max_tokens=200,
    model_hints=("claude-3-haiku",),
)


def test_the_sampling_dialog_shows_the_request_and_denies_by_default(qtbot):
    dialog = _shown(qtbot, SamplingDialog(REQUEST, "OpenAI · gpt-4o-mini"))
    assert dialog.headline.text() == "summariser asks your model to answer"
    assert dialog.model.text() == "OpenAI · gpt-4o-mini"
    assert dialog.max_tokens.text() == "at most 200 tokens"
    assert dialog.system_prompt.toPlainText() == "You are terse."
    assert dialog.messages.toPlainText() == "user:\nSummarise <b>this</b>\n\nassistant:\nOk"
    assert dialog.deny_button.isDefault() and not dialog.allow_button.isDefault()
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Enter: the default, Deny
    assert dialog.allowed is False
    dialog = _shown(qtbot, SamplingDialog(REQUEST, "OpenAI · gpt-4o-mini"))
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.allowed is False
    dialog = _shown(qtbot, SamplingDialog(REQUEST, "OpenAI · gpt-4o-mini"))
    with qtbot.waitSignal(dialog.accepted):
        click(qtbot, dialog.allow_button)
    assert dialog.allowed is True


# -- the handlers, across threads ------------------------------------------------------------------


class Asking:
    """Calls a handler on a plain thread (as the MCP client's worker does) and keeps the answer."""

    def __init__(self, call, *args: object) -> None:  # type: ignore[no-untyped-def]
        self.answer: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()

        def run() -> None:
            try:
                self.answer = call(*args)
            except BaseException as exc:  # shown by the test's assertion
                self.error = exc
            finally:
                self.done.set()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    win = QWidget()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_a_worker_asks_and_gets_the_persons_answer(qtbot, window):
    requests = WindowServerRequests(window)
    asking = Asking(requests.elicit, "bookings", "Book a table?", SCHEMA)
    qtbot.waitUntil(lambda: requests.dialog is not None)
    dialog = requests.dialog
    assert isinstance(dialog, ElicitationDialog) and dialog.parent() is window
    assert not asking.done.is_set()  # the worker waits; the UI thread goes on (we are on it)
    fill(qtbot, dialog, name="Ada", size="s")
    click(qtbot, dialog.submit_button)
    qtbot.waitUntil(asking.done.is_set)
    assert asking.answer == (
        "accept", {"name": "Ada", "guests": 2, "vegan": True, "size": "s", "extras": ["jam"]}
    )  # fmt: skip
    qtbot.waitUntil(lambda: requests.dialog is None)

    asking = Asking(requests.approve_sampling, REQUEST, "Local · llama3")
    qtbot.waitUntil(lambda: isinstance(requests.dialog, SamplingDialog))
    assert requests.dialog.model.text() == "Local · llama3"
    click(qtbot, requests.dialog.allow_button)
    qtbot.waitUntil(asking.done.is_set)
    assert asking.answer is True


def test_one_dialog_at_a_time_the_next_waits_its_turn(qtbot, window):
    requests = WindowServerRequests(window)
    first = Asking(requests.elicit, "one", "First?", {"properties": {}})
    qtbot.waitUntil(lambda: requests.dialog is not None)
    shown = requests.dialog
    second = Asking(requests.approve_sampling, REQUEST, "Local · llama3")
    third = Asking(requests.elicit, "three", "Third?", {"properties": {}})
    qtbot.waitUntil(lambda: requests.waiting == 2)  # queued behind the first...
    QCoreApplication.processEvents()  # ...and their wake-ups delivered: still not shown
    assert requests.dialog is shown and shown.headline.text() == "one asks:"
    visible = [d for d in window.findChildren(QDialog) if d.isVisible()]
    assert visible == [shown]
    click(qtbot, shown.decline_button)
    qtbot.waitUntil(first.done.is_set)
    assert first.answer == ("decline", {})
    qtbot.waitUntil(lambda: isinstance(requests.dialog, SamplingDialog))
    click(qtbot, requests.dialog.deny_button)
    qtbot.waitUntil(second.done.is_set)
    assert second.answer is False
    qtbot.waitUntil(lambda: isinstance(requests.dialog, ElicitationDialog))
    assert requests.dialog.headline.text() == "three asks:"
    click(qtbot, requests.dialog.submit_button)
    qtbot.waitUntil(third.done.is_set)
    assert third.answer == ("accept", {})


def test_closing_the_window_while_waiting_cancels_and_denies(qtbot, window):
    requests = WindowServerRequests(window)
    uninstalled = []
    requests.on_close(lambda: uninstalled.append(True))
    form = Asking(requests.elicit, "bookings", "Book a table?", SCHEMA)
    qtbot.waitUntil(lambda: requests.dialog is not None)
    sampling = Asking(requests.approve_sampling, REQUEST, "Local · llama3")
    window.close()
    qtbot.waitUntil(lambda: form.done.is_set() and sampling.done.is_set())
    assert form.answer == ("cancel", {}) and sampling.answer is False
    assert uninstalled == [True]
    qtbot.waitUntil(lambda: requests.dialog is None)
    # after the window closed, nobody is asked
    assert requests.elicit("bookings", "Again?", SCHEMA) == ("cancel", {})
    assert requests.approve_sampling(REQUEST, "x") is False


def test_an_answer_not_given_in_time_is_cancel(qtbot, window):
    requests = WindowServerRequests(window, timeout_s=0)  # the limit already passed
    asking = Asking(requests.elicit, "bookings", "Book a table?", SCHEMA)
    qtbot.waitUntil(asking.done.is_set)
    assert asking.answer == ("cancel", {})
    qtbot.waitUntil(lambda: requests.dialog is None)
    assert window.findChildren(ElicitationDialog) == [] or not any(
        d.isVisible() for d in window.findChildren(ElicitationDialog)
    )


def test_called_on_the_ui_thread_it_asks_there_instead_of_waiting_for_itself(qtbot, window):
    requests = WindowServerRequests(window)
    seen = []

    def answer(dialog) -> None:  # type: ignore[no-untyped-def]
        seen.append(dialog)
        # the dialog runs its own loop; the click comes from that loop
        QTimer.singleShot(0, dialog.decline_button.click)

    requests.sig_dialog_shown.connect(answer)
    assert requests.elicit("bookings", "Book a table?", SCHEMA) == ("decline", {})
    assert len(seen) == 1


# -- installed in the window; end to end through the real client ---------------------------------


class StandInSampling:
    """What ``services.mcp_sampling`` offers (``SamplingService.handler(approve)``)."""

    def __init__(self) -> None:
        self.approvals: list[bool] = []

    def handler(self, approve):  # type: ignore[no-untyped-def]
        def handle(request: SamplingRequest) -> SamplingReply:
            allowed = approve(request, "Local · llama3")
            self.approvals.append(allowed)
            return SamplingReply("an answer", "llama3")

        return handle


def test_the_window_installs_its_handlers_and_removes_them_when_it_closes(qtbot, window):
    class Services:
        mcp_requests = ServerRequests()
        mcp_sampling = StandInSampling()

    services = Services()
    requests = install_window_requests(window, services)  # type: ignore[arg-type]
    assert requests is not None
    relay = services.mcp_requests
    assert relay.can_elicit and relay.can_sample
    asking = Asking(relay.sample, REQUEST)
    qtbot.waitUntil(lambda: isinstance(requests.dialog, SamplingDialog))
    click(qtbot, requests.dialog.allow_button)
    qtbot.waitUntil(asking.done.is_set)
    assert services.mcp_sampling.approvals == [True]
    window.close()
    assert not relay.can_elicit and not relay.can_sample
    assert relay.elicit("x", "y", SCHEMA) == ("decline", {})  # nobody installed: declined

    class Bare:
        pass

    assert install_window_requests(window, Bare()) is None  # type: ignore[arg-type]


def test_the_main_window_installs_the_relay(qtbot, services):
    from parley.ui.main_window import MainWindow

    win = MainWindow(services)  # closed here, once (not by qtbot as well)
    try:
        relay = services.mcp_requests
        assert relay.can_elicit
        assert relay.can_sample == (getattr(services, "mcp_sampling", None) is not None)
        win.show()
        win.close()
        assert not relay.can_elicit and not relay.can_sample
    finally:
        win.bridge.shutdown(timeout=5)
        win.deleteLater()


def test_a_real_server_asks_and_the_person_answers_in_the_dialog(qtbot, window, tmp_path):
    from parley.infrastructure.mcp.client import SdkMcpClient

    relay = ServerRequests()
    requests = WindowServerRequests(window)
    relay.install(elicit=requests.elicit)
    client = SdkMcpClient(tmp_path, requests=relay)
    midcall = McpServerConfig(
        "midcall", command=sys.executable, args=(str(SERVERS / "broken.py"), "midcall")
    )
    try:
        # the tool call blocks: a worker makes it, as a turn does
        asking = Asking(client.call_tool, midcall, "ask", {}, threading.Event(), 60)
        qtbot.waitUntil(lambda: requests.dialog is not None, timeout=30000)
        dialog = requests.dialog
        assert dialog.headline.text() == "midcall asks:"
        assert dialog.message.text() == "How many guests?"
        assert dialog.fields["guests"].widget.value() == 2  # the server's default, pre-filled
        fill(qtbot, dialog, guests=5, note="window seat")
        click(qtbot, dialog.submit_button)
        qtbot.waitUntil(asking.done.is_set, timeout=30000)
        assert asking.error is None
        assert asking.answer.text == 'accept: {"guests": 5, "note": "window seat"}'

        asking = Asking(client.call_tool, midcall, "ask", {}, threading.Event(), 60)
        qtbot.waitUntil(lambda: requests.dialog is not None, timeout=30000)
        qtbot.keyClick(requests.dialog, Qt.Key.Key_Escape)
        qtbot.waitUntil(asking.done.is_set, timeout=30000)
        assert asking.answer.text == "cancel: null"
    finally:
        client.close()


@pytest.mark.parametrize(
    "schema",
    [
        None,
        [],
        {"properties": None},
        {"properties": {"a": None, "b": 3, "c": {"type": ["string", "null"]}}},
        {"properties": {"n": {"type": "integer", "minimum": 10, "maximum": 1, "default": 50}}},
        {"properties": {"n": {"type": "number", "minimum": 1e300}}},
        {"properties": {"n": {"type": "integer", "minimum": -1e20, "default": 10**30}}},
        {"properties": {"e": {"type": "string", "enum": [1, 2]}, "g": {"enum": ["a"],
                                                                        "enumNames": "x"}}},
        {"properties": {"x": {"type": "string", "title": 5, "default": 3, "minLength": -1}}},
        {"required": "name", "properties": {"name": {"type": "string"}}},
    ],
)  # fmt: skip
def test_a_strange_form_never_breaks_the_dialog(qtbot, schema):
    dialog = _form(qtbot, schema)
    dialog.submit()  # accepted, or a problem said: never an exception
    assert dialog.answer[0] == "accept" or dialog.error.text()


def test_a_real_server_samples_only_after_the_person_allows_it(qtbot, window, tmp_path):
    """``tests/fixtures/mcp_servers/sampling.py`` asks for a completion mid-call; the real
    ``SamplingService`` asks the window, and the model (scripted here) runs only after Allow."""
    from parley.application.mcp.sampling import SamplingService
    from parley.infrastructure.mcp.client import SdkMcpClient

    ran: list[SamplingRequest] = []

    def complete(request: SamplingRequest, _cancel: threading.Event) -> SamplingReply:
        ran.append(request)
        return SamplingReply("Teal.", "model-a")

    relay = ServerRequests()
    requests = WindowServerRequests(window)
    service = SamplingService(complete, lambda: "Local · model-a")
    relay.install(sample=service.handler(requests.approve_sampling))
    client = SdkMcpClient(tmp_path, requests=relay)
    sampling = McpServerConfig(
        "sampler", command=sys.executable, args=(str(SERVERS / "sampling.py"),)
    )
    try:
        asking = Asking(client.call_tool, sampling, "ask", {}, threading.Event(), 60)
        qtbot.waitUntil(lambda: isinstance(requests.dialog, SamplingDialog), timeout=30000)
        dialog = requests.dialog
        assert dialog.headline.text() == "sampler asks your model to answer"
        assert dialog.model.text() == "Local · model-a"
        assert dialog.system_prompt.toPlainText() == "You are terse."
        assert dialog.messages.toPlainText().startswith("user:\nName a colour.")
        assert ran == []  # nothing runs while the person decides
        click(qtbot, dialog.deny_button)
        qtbot.waitUntil(asking.done.is_set, timeout=30000)
        assert asking.error is None and asking.answer.text.startswith("error:")
        assert "declined" in asking.answer.text and ran == []

        asking = Asking(client.call_tool, sampling, "ask", {}, threading.Event(), 60)
        qtbot.waitUntil(lambda: isinstance(requests.dialog, SamplingDialog), timeout=30000)
        click(qtbot, requests.dialog.allow_button)
        qtbot.waitUntil(asking.done.is_set, timeout=30000)
        assert asking.error is None and asking.answer.text.startswith("result:")
        assert "Teal." in asking.answer.text and len(ran) == 1
    finally:
        client.close()


def test_a_stopped_turn_withdraws_its_questions_and_later_ones_are_still_asked(qtbot, window):
    requests = WindowServerRequests(window)
    form = Asking(requests.elicit, "bookings", "Book a table?", SCHEMA)
    qtbot.waitUntil(lambda: requests.dialog is not None)
    sampling = Asking(requests.approve_sampling, REQUEST, "Local · llama3")
    qtbot.waitUntil(lambda: requests.waiting == 1)
    requests.withdraw()
    qtbot.waitUntil(lambda: form.done.is_set() and sampling.done.is_set())
    assert form.answer == ("cancel", {}) and sampling.answer is False
    qtbot.waitUntil(lambda: requests.dialog is None)
    # the next turn's question is asked as usual
    again = Asking(requests.elicit, "bookings", "Book again?", SCHEMA)
    qtbot.waitUntil(lambda: requests.dialog is not None)
    requests.dialog.decline_button.click()
    qtbot.waitUntil(again.done.is_set)
    assert again.answer == ("decline", {})


def test_the_window_withdraws_server_questions_when_its_turn_ends(qtbot, services):
    from parley.application.conversations.outcome import TurnOutcome
    from parley.ui.main_window import MainWindow

    win = MainWindow(services)
    try:
        form = Asking(services.mcp_requests.elicit, "bookings", "Book a table?", SCHEMA)
        qtbot.waitUntil(lambda: win.server_requests.dialog is not None)
        win.chat.on_turn_finished(TurnOutcome(session_id="s", turn_id="t", status="cancelled"))
        qtbot.waitUntil(form.done.is_set)
        assert form.answer == ("cancel", {})
        win.close()
    finally:
        win.bridge.shutdown(timeout=5)
        win.deleteLater()

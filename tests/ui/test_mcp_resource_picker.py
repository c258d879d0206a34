"""MCP resources in the window: the paperclip offers them while the conversation has MCP servers,
the picker lists them (off the UI thread; a server that cannot list is named with its log),
the chosen ones become chips, and Send freezes them into the request and records them.

Real widgets, the real composition root, the real MCP client and a real stdio server
(``tests/fixtures/mcp_servers/resources.py``); a local HTTP server plays the model."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from parley.application.mcp.model import McpServerConfig
from parley.domain.agents.conversation_execution_request import McpResourceRef
from parley.domain.transcript.canonical import AttachmentAdded
from parley.ui.widgets import composer as composer_module
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers" / "resources.py"
README = "# Project\n\nParley reads this note from an MCP server.\n"


def _servers(services) -> None:  # type: ignore[no-untyped-def]
    services.settings.save_mcp_server(
        McpServerConfig("notes", command=sys.executable, args=(str(SERVER),), timeout_s=30.0)
    )
    # Exits before the handshake: its listing fails, naming it and its log.
    services.settings.save_mcp_server(
        McpServerConfig("broken", command=sys.executable, args=("-c", "import sys; sys.exit(3)"))
    )


def _choose_servers(qtbot, window, *names: str) -> None:  # type: ignore[no-untyped-def]
    window.settings.load_settings()
    popover = window.tools_control.popover
    qtbot.waitUntil(lambda: set(names) <= set(popover.mcp_checks), timeout=5000)
    qtbot.mouseClick(window.tools_control, Qt.MouseButton.LeftButton)  # opens the popover
    qtbot.waitUntil(popover.isVisible, timeout=3000)
    for name in names:
        check = popover.mcp_checks[name]
        qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    popover.hide()
    assert window.tools_control.mcp_servers == names


def _open_picker(qtbot, window):  # type: ignore[no-untyped-def]
    composer = window.composer
    qtbot.mouseClick(composer.attach_button, Qt.MouseButton.LeftButton)
    menu = composer.attach_menu
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    assert [a.text() for a in menu.actions()] == ["Files…", "From an MCP server…"]
    where = menu.actionGeometry(composer.attach_mcp_action).center()
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=where)
    qtbot.waitUntil(lambda: window.attachments.picker is not None, timeout=3000)
    picker = window.attachments.picker
    qtbot.waitUntil(picker.isVisible, timeout=3000)
    return picker


def _click_row(qtbot, picker, uri: str) -> None:  # type: ignore[no-untyped-def]
    tree = picker.tree
    for index in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(index)
        if item.text(1) == uri:
            rect = tree.visualItemRect(item)
            qtbot.mouseClick(
                tree.viewport(),
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.ControlModifier,
                rect.center(),
            )
            return
    raise AssertionError(f"{uri} is not listed")


def test_a_chosen_resource_is_sent_with_the_message_and_recorded(
    qtbot, local_provider, services, window
):
    record: list[dict] = []
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Read it."]), record=record)
    )
    _servers(services)
    wait_ready(qtbot, window)
    _choose_servers(qtbot, window, "notes", "broken")
    picker = _open_picker(qtbot, window)
    qtbot.waitUntil(lambda: not picker.loading, timeout=30000)
    uris = [r.uri for r in picker.rows()]
    assert uris == ["file:///project/README.md", "note://long", "img://logo", "note://broken"]
    assert picker.tree.topLevelItem(0).text(0) == "notes \u203a README"
    assert picker.tree.topLevelItem(0).text(2) == "text/markdown"
    assert picker.tree.topLevelItem(0).text(3) == "The project's read-me"
    # The server that could not list is named, with its log; the other's resources are offered.
    errors = picker.error_label.text()
    assert picker.error_label.isVisible() and "MCP server 'broken'" in errors
    assert str(services.data_dir / "mcp-logs" / "broken.log") in errors

    # The filter narrows the list; Attach waits for a choice.
    qtbot.keyClicks(picker.filter_edit, "read-me")
    shown = [i for i in range(picker.tree.topLevelItemCount())
             if not picker.tree.topLevelItem(i).isHidden()]  # fmt: skip
    assert shown == [0] and picker.status_label.text() == "1 of 4 resources"
    assert not picker.attach_button.isEnabled()
    _click_row(qtbot, picker, "file:///project/README.md")
    assert picker.attach_button.isEnabled()
    qtbot.mouseClick(picker.attach_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.attachments.picker is None, timeout=3000)

    chips = window.composer.chips
    chip = chips.resource_chip("notes", "file:///project/README.md")
    assert chip is not None and chip.isVisibleTo(window) and chip.title == "notes \u203a README"
    assert chip.detail_text() == "file:///project/README.md"
    assert chips.resources() == [McpResourceRef("notes", "file:///project/README.md", "README")]

    window.composer.editor.setPlainText("What does it say?")
    started = []
    window.bridge.sig_turn_started.connect(started.append)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=30000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    outcome = finished.args[0]
    assert outcome.status == "completed", outcome.error
    assert started[0].request.mcp_resources == (
        McpResourceRef("notes", "file:///project/README.md", "README"),
    )
    assert chips.resources() == [] and chips.isHidden()  # the strip clears like files
    (added,) = [
        s.event
        for s in services.store.events(outcome.session_id)
        if isinstance(s.event, AttachmentAdded)
    ]
    assert (added.mcp_server, added.uri, added.text) == (
        "notes",
        "file:///project/README.md",
        README,
    )
    assert README in record[0]["messages"][-1]["content"]
    # The transcript's line says where it came from.
    qtbot.waitUntil(lambda: window.transcript.attachment_lines(outcome.turn_id) != [], timeout=5000)
    (line,) = window.transcript.attachment_lines(outcome.turn_id)
    assert "notes \u203a README" in line and "file:///project/README.md" in line


def test_a_removed_resource_chip_is_not_sent(qtbot, local_provider, services, window):
    _servers(services)
    wait_ready(qtbot, window)
    chips = window.composer.chips
    chips.add_resources(
        [McpResourceRef("notes", "note://long", "long"), McpResourceRef("notes", "note://a")]
    )
    chips.add_resources([McpResourceRef("notes", "note://long")])  # once each
    assert [r.uri for r in chips.resources()] == ["note://long", "note://a"]
    chip = chips.resource_chip("notes", "note://long")
    qtbot.mouseClick(chip.remove_button, Qt.MouseButton.LeftButton)
    assert window.chat.freeze_request("hi").mcp_resources == (McpResourceRef("notes", "note://a"),)
    qtbot.mouseClick(
        chips.resource_chip("notes", "note://a").remove_button, Qt.MouseButton.LeftButton
    )
    assert chips.isHidden() and window.chat.freeze_request("hi").mcp_resources == ()


def test_without_mcp_servers_the_paperclip_opens_the_file_dialog_at_once(
    qtbot, local_provider, services, window, monkeypatch, tmp_path
):
    _servers(services)  # configured, but none chosen for this conversation
    wait_ready(qtbot, window)
    window.settings.load_settings()
    qtbot.waitUntil(lambda: "notes" in window.tools_control.popover.mcp_checks, timeout=5000)
    note = tmp_path / "n.txt"
    note.write_text("n", encoding="utf-8")
    monkeypatch.setattr(
        composer_module.QFileDialog,
        "getOpenFileNames",
        staticmethod(lambda *a, **k: ([str(note)], "")),
    )
    qtbot.mouseClick(window.composer.attach_button, Qt.MouseButton.LeftButton)
    assert not window.composer.attach_menu.isVisible()
    assert window.composer.attachments() == [note]
    assert not services.mcp.started  # nothing was started


# -- the picker on its own: a submit that holds the jobs, so each answer arrives when the test says


class HeldJobs:
    """``submit`` that runs nothing until ``finish`` (the test plays the worker's answers)."""

    def __init__(self) -> None:
        self.jobs: list = []

    def __call__(self, job, on_done, on_error) -> None:  # type: ignore[no-untyped-def]
        self.jobs.append((job, on_done, on_error))

    def finish(self, index: int) -> None:
        job, on_done, on_error = self.jobs[index]
        try:
            result = job()
        except Exception as exc:
            on_error(exc)
        else:
            on_done(result)


def _picker(qtbot, listing, register=True, **kwargs):  # type: ignore[no-untyped-def]
    from parley.ui.widgets.mcp_resource_picker import McpResourcePicker

    held = HeldJobs()
    picker = McpResourcePicker(
        [McpServerConfig("a", command="x"), McpServerConfig("b", command="x")],
        listing,
        held,
        log_path=lambda name: f"/logs/{name}.log",
        **kwargs,
    )
    if register:  # (a test that deletes the picker itself does not hand it to qtbot)
        qtbot.addWidget(picker)
    return picker, held


def test_the_picker_says_loading_until_every_server_answered_and_names_one_that_failed(qtbot):
    from parley.application.mcp.model import McpResource, McpStartError

    def listing(config):  # type: ignore[no-untyped-def]
        if config.name == "b":
            raise McpStartError("b", "exited with code 3")
        return (McpResource("a", "note://one", "one", "First", "text/plain"),)

    picker, held = _picker(qtbot, listing)
    assert len(held.jobs) == 2 and picker.loading
    assert picker.status_label.text() == "Loading… (waiting for a, b)"
    held.finish(0)
    assert picker.status_label.text() == "Loading… (waiting for b)"
    assert [r.uri for r in picker.rows()] == ["note://one"]  # shown as soon as it came
    held.finish(1)
    assert not picker.loading and picker.status_label.text() == "1 resource"
    assert picker.error_label.text() == (
        "Could not list the resources of MCP server 'b': exited with code 3. Its log: /logs/b.log"
    )


def test_a_resource_already_attached_cannot_be_chosen_again(qtbot):
    from parley.application.mcp.model import McpResource

    def listing(config):  # type: ignore[no-untyped-def]
        return (
            McpResource(config.name, "note://one", "one"),
            McpResource(config.name, "note://two", ""),
        )

    picker, held = _picker(qtbot, listing, attached=[("a", "note://one")])
    held.finish(0)
    held.finish(1)
    for server, uri in [("a", "note://one"), ("a", "note://two"), ("b", "note://one")]:
        picker.select(server, uri)
    assert picker.chosen_refs() == (
        McpResourceRef("a", "note://two"),
        McpResourceRef("b", "note://one", "one"),
    )
    assert picker.tree.topLevelItem(1).text(0) == "a \u203a two"  # no name: the URI's last part


def test_an_answer_after_the_picker_closed_is_dropped(qtbot):
    from parley.application.mcp.model import McpResource

    def listing(config):  # type: ignore[no-untyped-def]
        return (McpResource(config.name, "note://one", "one"),)

    from PySide6.QtCore import QCoreApplication, QEvent

    picker, held = _picker(qtbot, listing, register=False)
    picker.close()
    picker.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    held.finish(0)  # no crash, nothing to show it in


def test_a_failed_turns_resource_is_read_again_on_retry(qtbot, local_provider, services, window):
    wait_ready(qtbot, window)
    ref = McpResourceRef("gone", "note://plan", "plan")  # no such server: the turn fails
    window.composer.chips.add_resources([ref])
    window.composer.editor.setPlainText("Use the plan")
    started: list = []
    window.bridge.sig_turn_started.connect(started.append)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    failed = finished.args[0]
    assert failed.status == "failed" and "plan (note://plan)" in failed.error
    assert window.composer.chips.resources() == []
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as again:
        window.chat.retry_turn(failed.turn_id)
    assert started[-1].request.mcp_resources == (ref,)
    assert "plan (note://plan)" in again.args[0].error  # read again, and named again

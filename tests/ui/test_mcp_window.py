"""MCP servers in the window: the Tools popover lists the configured servers, a project's are
chosen for its new conversations, the choice goes into the frozen request, and a reopened
conversation resumes with the servers its last turn offered. Real widgets, the real settings
file and store; no server is started (the client is built only when one is used)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from parley.application.mcp.model import McpServerConfig
from parley.application.ports.settings_store import ProjectConfig
from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted, UserMessage
from tests.ui.conftest import wait_ready


def _servers(services) -> None:
    services.settings.save_mcp_server(McpServerConfig("time", command="mcp-server-time"))
    services.settings.save_mcp_server(McpServerConfig("git", command="mcp-server-git"))
    services.settings.save_mcp_server(McpServerConfig("old", command="mcp-old", enabled=False))


def test_the_popover_lists_the_servers_and_the_choice_reaches_the_request(
    qtbot, local_provider, services, window
):
    _servers(services)
    wait_ready(qtbot, window)
    window.settings.load_settings()
    popover = window.tools_control.popover
    qtbot.waitUntil(lambda: set(popover.mcp_checks) == {"time", "git", "old"}, timeout=5000)
    assert not popover.mcp_checks["old"].isEnabled()  # turned off in Settings: shown, not offered
    assert window.chat.freeze_request("hi").mcp_servers == ()  # a new chat starts with none
    qtbot.mouseClick(window.tools_control, Qt.MouseButton.LeftButton)  # opens the popover
    qtbot.waitUntil(popover.isVisible, timeout=3000)
    check = popover.mcp_checks["git"]  # its box, at the left (the row is wider than its label)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    assert window.tools_control.mcp_servers == ("git",)
    assert window.chat.freeze_request("hi").mcp_servers == ("git",)
    assert not services.mcp.started  # nothing was started to show or choose them


def test_a_projects_servers_are_chosen_for_its_new_conversations(
    qtbot, local_provider, services, window
):
    _servers(services)
    services.settings.save_project(ProjectConfig(id="ops", name="Ops", mcp_servers=("time",)))
    wait_ready(qtbot, window)
    window.settings.load_settings()
    qtbot.waitUntil(lambda: "time" in window.tools_control.popover.mcp_checks, timeout=5000)
    window.settings.apply_project(services.settings.project("ops"))
    assert window.tools_control.mcp_servers == ("time",)
    window.settings.apply_project(None)
    assert window.tools_control.mcp_servers == ()


def test_a_reopened_conversation_resumes_with_the_servers_its_last_turn_offered(
    qtbot, local_provider, services, window
):
    _servers(services)
    store = services.store
    session = store.create_session("With tools")
    store.append(
        session.id,
        "t1",
        TurnStarted(provider_id="local", model="model-a", mcp_servers=("git", "gone")),
    )
    store.append(session.id, "t1", UserMessage(text="q"))
    store.append(session.id, "t1", AssistantText(text="a", model="model-a"))
    store.append(session.id, "t1", TurnFinished(status="completed"))
    wait_ready(qtbot, window)
    window.settings.load_settings()
    qtbot.waitUntil(lambda: "git" in window.tools_control.popover.mcp_checks, timeout=5000)
    window.open_session(session.id)
    # "gone" is no longer configured: only what still exists is chosen.
    qtbot.waitUntil(lambda: window.tools_control.mcp_servers == ("git",), timeout=5000)
    window.new_chat()
    assert window.tools_control.mcp_servers == ()

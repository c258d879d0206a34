"""Settings → MCP servers and the project's MCP checklist, driven with real clicks and keys.

Real widgets in the real dialog, a real settings file in tmp_path, an in-memory keyring, the
real worker bridge (every read, write and connection runs on a worker and comes back through
it), and the in-memory ``FakeMcpClient`` standing in for the servers."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog

from parley.application.mcp.model import HTTP, McpAnnotations, McpServerConfig, McpTool
from parley.application.mcp.pinning import MemoryPinStore, ToolPins
from parley.application.ports.settings_store import ProjectConfig
from parley.ui.bridge import WorkerBridge
from parley.ui.settings_dialog import SettingsDialog
from parley.ui.settings_pages.mcp_page import ImportDialog, claims
from tests.support.fake_mcp import FakeMcpClient, FakeServer
from tests.ui.test_history_settings_look import _unnamed_or_unreachable

TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
READ = McpTool("time", "get_time", "The time", annotations=McpAnnotations(read_only=True))
WIPE = McpTool("time", "wipe", "Deletes", annotations=McpAnnotations(destructive=True))


@pytest.fixture
def bridge(services):
    bridge = WorkerBridge(services.runtime)
    yield bridge
    bridge.shutdown(timeout=5)


@pytest.fixture
def client(tmp_path):
    return FakeMcpClient(
        {"time": FakeServer(tools=[READ, WIPE]), "broken": FakeServer(fails_to_start="boom")},
        log_dir=tmp_path / "logs",
    )


@pytest.fixture
def dialog(qtbot, services, bridge, client):
    dialog = SettingsDialog(services, bridge, mcp=client, mcp_pins=ToolPins(MemoryPinStore()))
    qtbot.addWidget(dialog)
    dialog.resize(1100, 760)
    dialog.show()
    dialog.show_page("mcp")
    return dialog


def settings_json(services) -> dict:
    path = services.config_dir / "settings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def keyring_entries(services) -> dict:
    return {user: value for (_service, user), value in services.keyring.entries.items()}


def test_the_page_is_in_the_navigation(qtbot, dialog) -> None:
    assert dialog.show_page("mcp") is dialog.mcp_page
    assert dialog.nav.item(dialog.PAGES.index("mcp")).text() == "MCP servers"


def test_add_a_stdio_server_with_a_secret_by_typing(qtbot, dialog, services) -> None:
    page = dialog.mcp_page
    qtbot.mouseClick(page.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(page.name_edit, "time")
    qtbot.keyClicks(page.command_edit, "uvx")
    qtbot.keyClicks(page.args_edit, "mcp-server-time --local-timezone 'Europe/Paris'")
    page.env_edit.setPlainText("LOG_LEVEL=debug")
    qtbot.keyClicks(page.secret_name_edit, "GITHUB_TOKEN")
    qtbot.keyClicks(page.secret_value_edit, TOKEN)
    assert page.secret_value_edit.echoMode() == page.secret_value_edit.EchoMode.Password
    qtbot.mouseClick(page.secret_set_button, Qt.MouseButton.LeftButton)
    assert page.secret_list.item(0).text() == "GITHUB_TOKEN — new value, written when you save"
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.server_list.count() == 1, timeout=5000)
    (entry,) = settings_json(services)["mcp_servers"]
    assert entry["args"] == ["mcp-server-time", "--local-timezone", "Europe/Paris"]
    assert entry["env"] == {"LOG_LEVEL": "debug"} and entry["secret_env"] == ["GITHUB_TOKEN"]
    assert keyring_entries(services)["mcp:time:env:GITHUB_TOKEN"] == TOKEN
    assert TOKEN not in (services.config_dir / "settings.json").read_text(encoding="utf-8")
    qtbot.waitUntil(
        lambda: (
            page.secret_list.count() == 1
            and page.secret_list.item(0).text() == "GITHUB_TOKEN — stored in the keyring"
        ),
        timeout=5000,
    )
    assert page.server_list.item(0).text() == "time  ·  Ready"


def test_a_plain_text_secret_is_refused_inline(qtbot, dialog, services) -> None:
    page = dialog.mcp_page
    page.transport_box.setCurrentIndex(page.transport_box.findData(HTTP))
    assert page.address_card.isVisible() and not page.command_card.isVisible()
    qtbot.keyClicks(page.name_edit, "remote")
    qtbot.keyClicks(page.url_edit, "https://example.com/mcp")
    page.headers_edit.setPlainText("Authorization: Bearer abcdefgh12345")
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "secret header" in page.status.text(), timeout=5000)
    assert "mcp_servers" not in settings_json(services)


def test_test_connection_lists_tools_and_policies_are_saved(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(
        McpServerConfig(name="time", command="uvx", tool_policies=(("gone_tool", "run"),))
    )
    page = dialog.mcp_page
    page.reload(select="time")
    qtbot.waitUntil(lambda: page.editing == "time", timeout=5000)
    # A stored choice is listed (and revocable) before any test.
    assert page.policy_box("gone_tool") is not None
    assert page.policy_box("gone_tool").currentData() == "run"
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "2 tool(s)" in page.test_result.text(), timeout=5000)
    assert page.tool_table.item(0, 0).text() == "get_time"
    assert page.tool_table.item(0, 1).text() == "read-only"
    assert page.tool_table.item(1, 1).text() == "destructive"
    box = page.policy_box("wipe")
    assert box is not None and box.accessibleName() == "Policy for wipe"
    box.setCurrentIndex(box.findData("deny"))
    qtbot.waitUntil(
        lambda: (
            settings_json(services)["mcp_servers"][0]["tool_policies"]
            == {"gone_tool": "run", "wipe": "deny"}
        ),
        timeout=5000,
    )
    revoke = page.policy_box("gone_tool")
    revoke.setCurrentIndex(revoke.findData(""))
    qtbot.waitUntil(
        lambda: settings_json(services)["mcp_servers"][0]["tool_policies"] == {"wipe": "deny"},
        timeout=5000,
    )


def test_a_failing_server_says_why_and_where_its_log_is(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(McpServerConfig(name="broken", command="false"))
    page = dialog.mcp_page
    page.reload(select="broken")
    qtbot.waitUntil(lambda: page.editing == "broken", timeout=5000)
    assert page.server_list.item(0).text() == "broken  ·  Failed"
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Failed:" in page.test_result.text(), timeout=5000)
    assert "boom" in page.test_result.text() and "broken.log" in page.test_result.text()


def test_the_enabled_switch_and_remove(qtbot, dialog, services, client, monkeypatch) -> None:
    services.keyring.set_password("parley", "mcp:time:env:API_KEY", "v")
    services.settings.save_mcp_server(
        McpServerConfig(name="time", command="uvx", secret_env=("API_KEY",))
    )
    page = dialog.mcp_page
    page.reload()
    qtbot.waitUntil(lambda: page.server_list.count() == 1, timeout=5000)
    page.server_list.item(0).setCheckState(Qt.CheckState.Unchecked)
    qtbot.waitUntil(
        lambda: settings_json(services)["mcp_servers"][0]["enabled"] is False, timeout=5000
    )
    qtbot.waitUntil(lambda: page.server_list.item(0).text() == "time  ·  Off", timeout=5000)
    assert "time" in client.stopped
    page.remove("time")
    qtbot.waitUntil(lambda: page.server_list.count() == 0, timeout=5000)
    assert settings_json(services).get("mcp_servers") is None
    assert "mcp:time:env:API_KEY" not in keyring_entries(services)


def test_import_from_a_pasted_claude_desktop_file(qtbot, dialog, services) -> None:
    text = json.dumps(
        {
            "mcpServers": {
                "GitHub": {
                    "command": "npx",
                    "args": ["-y", "@modelcontextprotocol/server-github"],
                    "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": TOKEN},
                }
            }
        }
    )
    importer = ImportDialog([])
    qtbot.addWidget(importer)
    importer.text_edit.setPlainText(text)
    assert importer.import_button.isEnabled()
    assert "1 server(s): github" in importer.preview.text()
    assert "1 secret value(s) will go to the keyring" in importer.preview.text()
    importer.text_edit.setPlainText("{nope")
    assert not importer.import_button.isEnabled() and "not JSON" in importer.preview.text()

    page = dialog.mcp_page
    page.import_text(text)
    qtbot.waitUntil(lambda: page.server_list.count() == 1, timeout=5000)
    qtbot.waitUntil(lambda: "Imported 1 server(s): github" in page.status.text(), timeout=5000)
    assert keyring_entries(services)["mcp:github:env:GITHUB_PERSONAL_ACCESS_TOKEN"] == TOKEN
    assert TOKEN not in json.dumps(settings_json(services))


def test_an_invalid_entry_in_the_file_is_shown_and_removable(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(McpServerConfig(name="time", command="uvx"))
    data = settings_json(services)
    data["mcp_servers"].append({"name": "odd", "transport": "pigeon"})
    (services.config_dir / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    page = dialog.mcp_page
    page.reload()
    qtbot.waitUntil(lambda: page.server_list.count() == 2, timeout=5000)
    assert page.server_list.item(1).text() == "odd  ·  Invalid"
    assert "pigeon" in page.problems.text()
    page.remove("odd")
    qtbot.waitUntil(lambda: page.server_list.count() == 1, timeout=5000)
    assert [s["name"] for s in settings_json(services)["mcp_servers"]] == ["time"]


def test_the_project_checklist(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(McpServerConfig(name="time", command="uvx"))
    services.settings.save_mcp_server(McpServerConfig(name="github", command="npx"))
    services.settings.save_project(ProjectConfig(id="p1", name="Work", mcp_servers=("gone",)))
    page = dialog.projects_page
    dialog.show_page("projects")
    page.reload(select="p1")
    qtbot.waitUntil(lambda: page.mcp_list.count() == 3, timeout=5000)
    texts = [page.mcp_list.item(i).text() for i in range(3)]
    assert texts == ["time", "github", "gone (not configured)"]
    assert page.checked_mcp_servers() == ("gone",)
    page.mcp_list.item(1).setCheckState(Qt.CheckState.Checked)
    page.mcp_list.item(2).setCheckState(Qt.CheckState.Unchecked)
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: services.settings.project("p1").mcp_servers == ("github",), timeout=5000
    )


def test_every_control_is_named_and_reachable(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(
        McpServerConfig(name="time", command="uvx", tool_policies=(("wipe", "ask"),))
    )
    page = dialog.mcp_page
    page.reload(select="time")
    qtbot.waitUntil(lambda: page.editing == "time", timeout=5000)
    for transport in (0, 1):
        page.transport_box.setCurrentIndex(transport)
        QApplication.processEvents()
        unnamed, unreachable = _unnamed_or_unreachable(dialog)
        assert unnamed == [] and unreachable == []
    importer = ImportDialog([], dialog)
    qtbot.addWidget(importer)
    importer.show()
    unnamed, unreachable = _unnamed_or_unreachable(importer)
    assert unnamed == [] and unreachable == []
    importer.done(QDialog.DialogCode.Rejected)


def test_claims_in_words() -> None:
    assert claims(McpTool("s", "t")) == "no claims"
    tool = McpTool("s", "t", annotations=McpAnnotations(read_only=False, open_world=True))
    assert claims(tool) == "may change things, reaches outside (open world)"


# -- OAuth: the switch and Sign out ----------------------------------------------------------------


def click_box(qtbot, box) -> None:
    """Click a check box on its box (the row is wider than its label)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def test_oauth_is_offered_for_a_url_server_only_and_saved(qtbot, dialog, services) -> None:
    page = dialog.mcp_page
    qtbot.mouseClick(page.new_button, Qt.MouseButton.LeftButton)
    assert not page.oauth_box.isVisible()  # stdio: no OAuth
    page.transport_box.setCurrentIndex(page.transport_box.findData(HTTP))
    assert page.oauth_box.isVisible() and not page.sign_out_button.isVisible()
    qtbot.keyClicks(page.name_edit, "remote")
    qtbot.keyClicks(page.url_edit, "https://mcp.example.com/mcp")
    click_box(qtbot, page.oauth_box)
    assert page.oauth_box.isChecked()
    assert "sign in" in page.oauth_state.text().lower()
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Saved 'remote'" in page.status.text(), timeout=5000)
    assert settings_json(services)["mcp_servers"][0]["oauth"] is True
    qtbot.waitUntil(lambda: page.sign_out_button.isVisible(), timeout=5000)
    assert page.oauth_state.text().startswith("Not signed in: your browser opens")
    # A checked box left behind on a stdio form is not carried to the stdio server.
    qtbot.mouseClick(page.new_button, Qt.MouseButton.LeftButton)
    page.transport_box.setCurrentIndex(page.transport_box.findData(HTTP))
    click_box(qtbot, page.oauth_box)
    page.transport_box.setCurrentIndex(page.transport_box.findData("stdio"))
    qtbot.keyClicks(page.name_edit, "local")
    qtbot.keyClicks(page.command_edit, "uvx")
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Saved 'local'" in page.status.text(), timeout=5000)
    saved = {s["name"]: s for s in settings_json(services)["mcp_servers"]}
    assert saved["local"]["oauth"] is False


def test_sign_out_forgets_the_tokens_and_stops_the_session(qtbot, dialog, services, client) -> None:
    services.settings.save_mcp_server(
        McpServerConfig(name="remote", transport=HTTP, url="https://mcp.example.com/mcp",
                        oauth=True)
    )  # fmt: skip
    services.keyring.set_password("parley", "mcp:remote:oauth:tokens", '{"access_token": "t"}')
    services.keyring.set_password("parley", "mcp:remote:oauth:client", '{"client_id": "c"}')
    page = dialog.mcp_page
    page.reload(select="remote")
    qtbot.waitUntil(lambda: page.oauth_state.text().startswith("Signed in"), timeout=5000)
    assert page.oauth_box.isChecked()
    assert page.sign_out_button.isVisible() and page.sign_out_button.isEnabled()
    qtbot.mouseClick(page.sign_out_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Signed out of 'remote'" in page.status.text(), timeout=5000)
    assert not any(k.startswith("mcp:remote:oauth:") for k in keyring_entries(services))
    assert "remote" in client.stopped
    assert page.oauth_state.text().startswith("Not signed in")
    assert '"t"' not in page.status.text()


def test_switching_oauth_off_or_removing_forgets_the_sign_in(qtbot, dialog, services) -> None:
    services.settings.save_mcp_server(
        McpServerConfig(name="remote", transport=HTTP, url="https://mcp.example.com/mcp",
                        oauth=True)
    )  # fmt: skip
    services.keyring.set_password("parley", "mcp:remote:oauth:tokens", "t")
    page = dialog.mcp_page
    page.reload(select="remote")
    qtbot.waitUntil(lambda: page.oauth_state.text().startswith("Signed in"), timeout=5000)
    click_box(qtbot, page.oauth_box)  # off
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Saved 'remote'" in page.status.text(), timeout=5000)
    assert settings_json(services)["mcp_servers"][0]["oauth"] is False
    assert "mcp:remote:oauth:tokens" not in keyring_entries(services)
    services.keyring.set_password("parley", "mcp:remote:oauth:tokens", "t")
    page.remove("remote")
    qtbot.waitUntil(lambda: page.server_list.count() == 0, timeout=5000)
    assert "mcp:remote:oauth:tokens" not in keyring_entries(services)

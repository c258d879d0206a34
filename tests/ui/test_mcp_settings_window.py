"""Settings → MCP servers opened from the real window, with the real MCP client the composition
root builds (``services.mcp``: the SDK client, built on first use) and real servers: a command
that does not exist, then ``tests/fixtures/mcp_servers/behaving.py``. Each *Test connection*
puts its outcome on the server's row: Failed (why, and the log, in the tooltip), then Ready."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from parley.application.mcp.model import McpServerConfig

pytest.importorskip("parley.infrastructure.mcp.client")
OLD = Qt.ItemDataRole.UserRole + 50
BEHAVING = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers" / "behaving.py"


def test_the_row_shows_the_latest_test_outcome(qtbot, services, window) -> None:
    services.settings.save_mcp_server(McpServerConfig("gone", command="/nonexistent"))
    page = window.open_settings("mcp").mcp_page
    page.reload(select="gone")
    qtbot.waitUntil(lambda: page.editing == "gone", timeout=5000)
    assert page.row_state("gone") == "stopped"

    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Failed:" in page.test_result.text(), timeout=30_000)
    row = page.server_list.item(0)
    assert page.row_state("gone") == "failed" and row.text() == "gone  ·  Failed"
    assert "Failed: cannot run '/nonexistent'" in row.toolTip(), row.toolTip()
    assert "gone.log" in row.toolTip()
    row.setData(OLD, True)  # gone once the list is read again
    page.reload()  # the list read again from the client says the same
    qtbot.waitUntil(lambda: page.server_list.item(0).data(OLD) is None, timeout=5000)
    assert page.row_state("gone") == "failed"
    assert "Failed: cannot run '/nonexistent'" in page.server_list.item(0).toolTip()

    assert page.editing == "gone"
    page.command_edit.setText(sys.executable)
    page.args_edit.setText(str(BEHAVING))
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Saved 'gone'" in page.status.text(), timeout=5000)
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "tool(s)" in page.test_result.text(), timeout=30_000)
    row = page.server_list.item(0)
    assert page.row_state("gone") == "ready" and row.text() == "gone  ·  Ready"
    assert "Failed" not in row.toolTip()

"""What the user sees of an MCP tool: the permission prompt names the server and the tool, shows
the arguments as pretty JSON in the monospace block and what the server *claims* (as a claim),
and offers "Always allow this tool" beside Allow once / for this conversation (Deny stays the
default); the transcript's tool card reads ``server \u203a tool``.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QFontInfo, QTextDocument

from parley.application.conversation_view.items import ToolCard
from parley.application.mcp.model import shown_tool_name
from parley.application.ports.tools import ALLOW_ALWAYS, ALLOW_SESSION, DENY, PermissionRequest
from parley.domain.actions.model import Effect
from parley.domain.transcript.canonical import ActionVerdict, ToolCall, ToolResult
from parley.ui.permission import PermissionDialog, PermissionPrompt, asked_action
from parley.ui.rendering.markdown import LIGHT
from parley.ui.transcript.frames import FrameHost

SEP = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "
ARGUMENTS = {"repo": "octo/hello", "branch": "main", "force": True}


def _request(claims: tuple[str, ...] = ("read-only",)) -> PermissionRequest:
    return PermissionRequest(
        session_id="s",
        call_id="call-1",
        tool="mcp__github__delete_branch",
        summary="call delete_branch on MCP server github",
        effect=Effect("unknown", "mcp.claims.destructive", "the server says it may delete"),
        mcp_server="github",
        mcp_tool="delete_branch",
        arguments_json=json.dumps(ARGUMENTS, indent=2),
        claims=claims,
    )


def _dialog(qtbot, request: PermissionRequest) -> PermissionDialog:  # type: ignore[no-untyped-def]
    dialog = PermissionDialog(PermissionPrompt(request))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_prompt_names_the_server_and_the_tool_and_shows_pretty_json(qtbot):
    dialog = _dialog(qtbot, _request())
    assert "github" in dialog.headline.text() and "delete_branch" in dialog.headline.text()
    assert dialog.tool_name.isVisible() and dialog.tool_name.text() == f"github{SEP}delete_branch"
    shown = dialog.detail.toPlainText()
    assert json.loads(shown) == ARGUMENTS and "\n  " in shown  # pretty, indented
    assert dialog.detail.accessibleName() == "Arguments"
    mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    assert QFontInfo(dialog.detail.font()).family() == QFontInfo(mono).family()


def test_the_annotations_are_said_as_a_claim_not_a_fact(qtbot):
    dialog = _dialog(qtbot, _request(("read-only", "stays within its own system")))
    text = dialog.claims.text()
    assert dialog.claims.isVisible()
    assert text.startswith("The server says: read-only") and "cannot check" in text
    silent = _dialog(qtbot, _request(()))
    assert "says nothing" in silent.claims.text()


def test_deny_stays_the_default_and_always_allow_is_offered(qtbot):
    dialog = _dialog(qtbot, _request())
    assert (
        dialog.allow_always.isVisible() and dialog.allow_always.text() == "Always allow this tool"
    )
    assert dialog.deny.isDefault() and not dialog.allow_always.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.prompt.answer == DENY


def test_the_three_allows_answer_as_the_gate_expects(qtbot):
    for button, answer in (("allow_always", ALLOW_ALWAYS), ("allow_session", ALLOW_SESSION)):
        dialog = _dialog(qtbot, _request())
        qtbot.mouseClick(getattr(dialog, button), Qt.MouseButton.LeftButton)
        assert dialog.prompt.answer == answer


def test_a_built_in_tools_prompt_is_unchanged(qtbot, tmp_path):
    request = PermissionRequest(
        "s", "c", "run_command", "run `ls` in workspace:.", Effect("unknown", "r", "why")
    )
    dialog = _dialog(qtbot, request)
    assert not dialog.allow_always.isVisible()
    assert not dialog.tool_name.isVisible() and not dialog.claims.isVisible()
    assert asked_action(request, tmp_path).command == "ls"


def test_the_tool_card_reads_server_then_tool(qtbot):
    assert shown_tool_name("mcp__time__get_current_time") == f"time{SEP}get_current_time"
    assert shown_tool_name("read_file") == "read_file"
    document = QTextDocument()
    host = FrameHost(document)
    host.palette = LIGHT
    qualified = "mcp__time__get_current_time"
    card = ToolCard(
        key="k",
        turn_id="t",
        call_id="call-1",
        call=ToolCall("call-1", qualified, {"timezone": "Europe/Oslo"}),
        verdicts=(
            ActionVerdict(
                "call-1",
                qualified,
                "unknown",
                "mcp.claims.read_only",
                "the server says this tool only reads",
                "ran",
                input={"server": "time", "mcp_tool": "get_current_time", "claims": "read-only"},
            ),
        ),
        result=ToolResult("call-1", "12:00", True),
    )
    drawn = host.draw(card)
    text = document.toPlainText()
    assert f"time{SEP}get_current_time" in text and qualified not in text
    drawn.expanded = True  # the user opens the card
    host.fill(drawn)
    text = document.toPlainText()
    assert "the server says: read-only (a claim Parley cannot check)" in text


def test_the_tools_popover_lists_servers_with_the_chosen_ones_checked(qtbot):
    from parley.ui.widgets.tools_control import ToolsControl

    control = ToolsControl()
    qtbot.addWidget(control)
    popover = control.popover
    assert not control.tools_on and popover.mcp_empty.isVisibleTo(popover)
    control.show_mcp_servers([("time", True), ("github", True), ("old", False)], ["github", "old"])
    assert popover.chosen_mcp_servers() == ("github",)  # a server off in Settings is not chosen
    assert not popover.mcp_checks["old"].isEnabled()
    assert not popover.mcp_empty.isVisibleTo(popover)
    assert control.tools_on and control.text() == "MCP (1)"  # no workspace: MCP tools only
    with qtbot.waitSignal(popover.mcp_servers_changed) as emitted:
        popover.mcp_checks["time"].setChecked(True)
    assert emitted.args == [("time", "github")]  # the configured order
    assert control.mcp_servers == ("time", "github")
    assert "MCP: time, github" in control.accessibleDescription()

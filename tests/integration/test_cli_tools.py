"""``parley ask`` with tools: --workspace, --tools, --gate, and asking on the terminal.

The CLI runs in process against a real profile in a temporary folder and a local server playing
the model; the terminal asker is exercised directly with real text streams.
"""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from parley.application.ports.tools import (
    ALLOW_ALWAYS,
    ALLOW_ONCE,
    ALLOW_SESSION,
    DENY,
    PermissionRequest,
)
from parley.domain.actions.model import Effect
from parley.ui.terminal_permission import TerminalPermissionAsker
from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import tool_call_stream


@pytest.fixture
def profile(cli_profile):  # type: ignore[no-untyped-def]  # noqa: F811
    return cli_profile


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "todo.txt").write_text("buy milk\n")
    return root


def serve(server: HTTPServer, *bodies: bytes) -> list[dict]:
    requests: list[dict] = []

    def handle(request):  # type: ignore[no-untyped-def]
        requests.append(json.loads(request.data))
        return Response(
            bodies[min(len(requests), len(bodies)) - 1], content_type="text/event-stream"
        )

    server.expect_request("/v1/chat/completions").respond_with_handler(handle)
    return requests


def test_no_tools_by_default(profile, httpserver, workspace):
    requests = serve(httpserver, openai_text_stream(["Hi."]))
    code, out, _err = profile("ask", "--workspace", str(workspace), "hello")
    assert code == 0 and out == "Hi.\n"
    assert "tools" not in requests[0]


def test_read_tools_in_the_workspace(profile, httpserver, workspace):
    requests = serve(
        httpserver,
        tool_call_stream(("read_file", {"path": "todo.txt"})),
        openai_text_stream(["Buy milk."]),
    )
    code, out, err = profile("ask", "--workspace", str(workspace), "--tools", "read", "todo?")
    assert code == 0, err
    assert out == "Buy milk.\n"
    assert {t["function"]["name"] for t in requests[0]["tools"]} == {
        "read_file",
        "list_dir",
        "search_files",
    }
    tool_message = next(m for m in requests[1]["messages"] if m["role"] == "tool")
    assert "buy milk" in tool_message["content"]


def test_a_risky_command_is_refused_when_nobody_can_be_asked(profile, httpserver, workspace):
    serve(
        httpserver,
        tool_call_stream(("run_command", {"command": "rm -rf ../elsewhere", "cwd": "workspace"})),
        openai_text_stream(["Could not."]),
    )
    code, _out, err = profile("ask", "--workspace", str(workspace), "--tools", "all", "clean up")
    assert code == 0, err
    assert "refused (nobody to ask on a non-interactive terminal)" in err
    assert (workspace / "todo.txt").exists()


def test_gate_deny_never_asks(profile, httpserver, workspace):
    serve(
        httpserver,
        tool_call_stream(("run_command", {"command": "touch x", "cwd": "workspace"})),
        openai_text_stream(["Refused."]),
    )
    code, _out, err = profile(
        "ask", "--workspace", str(workspace), "--tools", "all", "--gate", "deny", "touch"
    )
    assert code == 0, err
    assert "nobody to ask" not in err  # not asked at all: refused by the gate
    assert not (workspace / "x").exists()


def test_a_missing_workspace_is_a_usage_error(profile, tmp_path):
    code, _out, err = profile("ask", "--workspace", str(tmp_path / "nope"), "--tools", "read", "x")
    assert code == 2 and "is not a folder" in err


# -- the terminal asker -------------------------------------------------------------------------

REQUEST = PermissionRequest(
    session_id="s",
    call_id="call-1",
    tool="run_command",
    summary="run `rm -rf build` in workspace:.",
    effect=Effect("dangerous", "delete.outside_sandbox", "deletes files outside the sandbox"),
)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [("o\n", ALLOW_ONCE), ("c\n", ALLOW_SESSION), ("\n", DENY), ("yes\n", DENY), ("", DENY)],
)
def test_terminal_answers(typed, answer):
    err = io.StringIO()
    asker = TerminalPermissionAsker(io.StringIO(typed), err, interactive=True)
    assert asker.ask(REQUEST, threading.Event()) == answer
    shown = err.getvalue()
    assert "rm -rf build" in shown and "dangerous" in shown and "delete.outside_sandbox" in shown


def test_terminal_never_allows_a_command_always():
    """ "Always" is for an MCP tool (stored, revocable); a shell command is never allowed so."""
    asker = TerminalPermissionAsker(io.StringIO("a\n"), io.StringIO(), interactive=True)
    assert asker.ask(REQUEST, threading.Event()) == DENY


MCP_REQUEST = PermissionRequest(
    session_id="s",
    call_id="call-2",
    tool="mcp__github__delete_repo",
    summary="use github \u203a delete_repo",
    effect=Effect("dangerous", "mcp.destructive", "the server says it is destructive"),
    mcp_server="github",
    mcp_tool="delete_repo",
    arguments_json='{\n  "repo": "octo/hello"\n}',
    claims=("destructive", "open world"),
)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [("a\n", ALLOW_ALWAYS), ("always\n", ALLOW_ALWAYS), ("o\n", ALLOW_ONCE), ("\n", DENY)],
)
def test_terminal_shows_an_mcp_tools_server_arguments_and_claims(typed, answer):
    err = io.StringIO()
    asker = TerminalPermissionAsker(io.StringIO(typed), err, interactive=True)
    assert asker.ask(MCP_REQUEST, threading.Event()) == answer
    shown = err.getvalue()
    assert "server: github   tool: delete_repo" in shown
    assert '"repo": "octo/hello"' in shown
    assert "the server says: destructive, open world (Parley cannot check this)" in shown
    assert "[a]lways for this tool" in shown


def test_terminal_refuses_without_a_terminal():
    err = io.StringIO()
    asker = TerminalPermissionAsker(io.StringIO("o\n"), err, interactive=False)
    assert asker.ask(REQUEST, threading.Event()) == DENY
    assert "non-interactive" in err.getvalue()


# -- MCP servers on the command line ---------------------------------------------------------------


def test_ask_with_an_mcp_server_calls_its_tool_through_the_gate(profile, httpserver, tmp_path):
    """``parley ask --mcp time``: the real reference server ``mcp-server-time`` (PyPI), started
    by the real client; the model's call runs (the server says read-only; auto gate), and the
    model gets the server's answer."""
    import importlib.util
    import sys

    if importlib.util.find_spec("mcp_server_time") is None:
        pytest.skip("mcp-server-time is not installed (pip install mcp-server-time)")
    code, _out, err = profile("mcp", "add", "time", "--", sys.executable, "-m", "mcp_server_time")
    assert code == 0, err
    requests = serve(
        httpserver,
        tool_call_stream(("mcp__time__get_current_time", {"timezone": "Europe/Lisbon"})),
        openai_text_stream(["It is morning in Lisbon."]),
    )
    code, out, err = profile("ask", "--mcp", "time", "what time is it in Lisbon?")
    assert code == 0, err
    assert out == "It is morning in Lisbon.\n"
    offered = {t["function"]["name"] for t in requests[0]["tools"]}
    assert "mcp__time__get_current_time" in offered
    tool_message = next(m for m in requests[1]["messages"] if m["role"] == "tool")
    assert "Europe/Lisbon" in tool_message["content"]  # the server's own answer


def test_ask_names_an_unknown_or_disabled_mcp_server_before_anything_runs(profile, httpserver):
    requests = serve(httpserver, openai_text_stream(["never"]))
    code, _out, err = profile("ask", "--mcp", "nosuch", "hi")
    assert code == 2 and "nosuch" in err
    assert profile("mcp", "add", "off", "--", "true")[0] == 0
    assert profile("mcp", "disable", "off")[0] == 0
    code, _out, err = profile("ask", "--mcp", "off", "hi")
    assert code == 2 and "turned off" in err
    assert requests == []

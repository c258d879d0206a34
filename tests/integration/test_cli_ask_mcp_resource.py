"""``parley ask --resource SERVER:URI``: an MCP server's resource attached like a file, in process
against a fresh profile, a local server as the model and a real stdio MCP server
(``tests/fixtures/mcp_servers/resources.py``) through the real client."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parley.application.mcp.model import McpServerConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.ui.cli.common import EXIT_USAGE
from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.sse_server import openai_text_stream, sse_handler

SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers" / "resources.py"
README = "# Project\n\nParley reads this note from an MCP server.\n"


@pytest.fixture
def cli(cli_profile, tmp_path):  # type: ignore[no-untyped-def]  # noqa: F811
    settings = JsonSettingsStore(tmp_path / "config")
    settings.save_mcp_server(
        McpServerConfig("notes", command=sys.executable, args=(str(SERVER),), timeout_s=30.0)
    )
    settings.save_mcp_server(McpServerConfig("off", command=sys.executable, enabled=False))
    return cli_profile


def test_a_resource_is_sent_in_front_of_the_question_and_recorded(cli, httpserver):  # type: ignore[no-untyped-def]
    record: list[dict] = []
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["A note."]), record=record)
    )
    code, out, err = cli("ask", "--resource", "notes:file:///project/README.md", "what is it?")
    assert code == 0, err
    assert out == "A note.\n"
    content = record[0]["messages"][-1]["content"]
    assert content.startswith(
        '<attachment name="README.md (file:///project/README.md, MCP server notes)" '
        'type="text/markdown"'
    )
    assert README in content and content.endswith("what is it?")
    session = err.split("session ")[1].split()[0]
    _code, exported, _err = cli("history", "export", session, "--format", "json")
    (added,) = [e for e in json.loads(exported)["events"] if e["type"] == "attachment_added"]
    payload = added["payload"]
    assert (payload["mcp_server"], payload["uri"], payload["text"]) == (
        "notes",
        "file:///project/README.md",
        README,
    )
    # ``history show`` and the Markdown export say where it came from.
    _code, shown, _err = cli("history", "show", session)
    assert "MCP server notes · file:///project/README.md" in shown
    _code, markdown, _err = cli("history", "export", session, "--format", "md")
    assert "MCP server notes, file:///project/README.md" in markdown


def test_an_unreadable_resource_fails_the_turn_naming_it(cli, httpserver):  # type: ignore[no-untyped-def]
    code, _out, err = cli("ask", "--resource", "notes:note://missing", "hi")
    assert code == 1
    assert "missing (note://missing)" in err and "Nothing was sent" in err
    assert len(httpserver.log) == 0


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("nowhere:note://x", "nowhere"),
        ("off:note://x", "turned off (parley mcp enable off)"),
        ("just-a-name", "give SERVER:URI"),
        ("notes:", "give SERVER:URI"),
    ],
)
def test_a_bad_resource_is_a_usage_error_before_anything_runs(cli, httpserver, value, says):  # type: ignore[no-untyped-def]
    code, _out, err = cli("ask", "--resource", value, "hi")
    assert code == EXIT_USAGE
    assert says in err and f"--resource {value!r}" in err
    assert len(httpserver.log) == 0
    _code, listed, _err = cli("history", "list")
    assert "hi" not in listed  # nothing was recorded

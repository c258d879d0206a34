"""MCP resources attached to whole turns through the real client (``SdkMcpClient`` on the
official SDK) and a real stdio server (``tests/fixtures/mcp_servers/resources.py``, on the SDK's
``MCPServer``); the model is a local OpenAI-compatible server, the settings, content store and
SQLite log are the real ones."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.mcp.model import McpServerConfig
from parley.application.ports.settings_store import ProviderConfig
from parley.application.tools.mcp_tools import McpToolbox
from parley.domain.agents.conversation_execution_request import (
    ConversationExecutionRequest,
    McpResourceRef,
)
from parley.domain.transcript.canonical import AttachmentAdded, mint_id
from parley.infrastructure.attachments.store import ContentStore
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import CHAT

try:
    from parley.infrastructure.mcp.client import SdkMcpClient
except ImportError as exc:  # the SDK is not installed
    pytest.skip(f"the MCP client cannot be imported: {exc}", allow_module_level=True)

SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers" / "resources.py"
README = "# Project\n\nParley reads this note from an MCP server.\n"


@pytest.fixture
def world(tmp_path: Path, httpserver: HTTPServer):  # type: ignore[no-untyped-def]
    settings = JsonSettingsStore(tmp_path / "config")
    settings.add_provider(
        ProviderConfig("local", "openai", httpserver.url_for("/v1"), default_model="m")
    )
    settings.save_mcp_server(
        McpServerConfig("notes", command=sys.executable, args=(str(SERVER),), timeout_s=30.0)
    )
    requests: list[dict[str, Any]] = []

    def handle(request):  # type: ignore[no-untyped-def]
        from werkzeug import Response

        requests.append(json.loads(request.data))
        return Response(openai_text_stream(["Noted."]), content_type="text/event-stream")

    httpserver.expect_request(CHAT, method="POST").respond_with_handler(handle)
    store = SqliteEventStore(tmp_path / "data" / "parley.db")
    content = ContentStore(tmp_path / "data")
    client = SdkMcpClient(tmp_path / "mcp-logs")
    runtime = TurnRuntime(
        store,
        SettingsProviderDirectory(settings, environ={}),
        retry_policy=RetryPolicy(max_attempts=1),
        mcp=McpToolbox(client, settings, store=content),
    )

    def run(*refs: McpResourceRef):  # type: ignore[no-untyped-def]
        request = ConversationExecutionRequest(
            turn_id=mint_id(),
            session_id=mint_id(),
            prompt="What does it say?",
            provider_id="local",
            mcp_resources=refs,
        )
        outcome = runtime.run(request)
        added = [
            s.event
            for s in store.events(request.session_id)
            if isinstance(s.event, AttachmentAdded)
        ]
        return outcome, added

    yield run, requests, content, tmp_path / "mcp-logs" / "notes.log"
    client.close()
    store.close()


def test_a_resource_of_a_real_server_reaches_the_model_and_the_record(world):  # type: ignore[no-untyped-def]
    run, requests, content, _log = world
    outcome, added = run(McpResourceRef("notes", "file:///project/README.md", "README"))

    assert outcome.status == "completed", outcome.error
    (item,) = added
    assert (item.name, item.mcp_server, item.uri) == (
        "README",
        "notes",
        "file:///project/README.md",
    )
    assert item.media_type == "text/markdown" and item.extractor == "mcp:notes"
    assert item.text == README and not item.truncated and not item.error_kind
    assert content.get(item.sha256) == README.encode()
    (call,) = requests
    user = next(m for m in call["messages"] if m["role"] == "user")
    assert 'name="README (file:///project/README.md, MCP server notes)"' in user["content"]
    assert README in user["content"]


def test_unusable_resources_of_a_real_server_fail_the_turn_each_named(world):  # type: ignore[no-untyped-def]
    run, requests, _content, log = world
    outcome, added = run(
        McpResourceRef("notes", "img://logo", "logo"),
        McpResourceRef("notes", "note://missing"),
        McpResourceRef("notes", "note://broken", "broken"),
    )

    assert outcome.status == "failed"
    assert requests == []  # the model was never called
    kinds = {a.uri: a.error_kind for a in added}
    assert kinds == {
        "img://logo": "unsupported",
        "note://missing": "not_found",
        "note://broken": "unavailable",
    }
    assert "logo (img://logo)" in outcome.error and "image/png" in outcome.error
    assert "missing (note://missing)" in outcome.error
    assert "broken (note://broken)" in outcome.error and str(log) in outcome.error


def test_a_long_resource_arrives_whole_under_the_limit(world):  # type: ignore[no-untyped-def]
    run, requests, _content, _log = world
    outcome, (item,) = run(McpResourceRef("notes", "note://long"))
    assert outcome.status == "completed", outcome.error
    assert item.chars == 40_000 and not item.truncated  # under the default 200,000
    assert "x" * 40_000 in requests[0]["messages"][0]["content"]

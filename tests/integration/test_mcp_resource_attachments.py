"""MCP resources attached to a turn like files: whole turns with the in-memory ``FakeMcpClient``
as the servers, a local OpenAI-compatible server as the model, and the real runtime, settings
store, content store and SQLite log.

Judged by effect: the recorded ``attachment_added`` (what the model was given, and why not), the
model's request (what it was told, under which name), the content store (what the viewer opens),
and whether the model was called at all.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.mcp.model import McpResourceContent, McpServerConfig
from parley.application.mcp.pinning import MemoryPinStore, ToolPins
from parley.application.ports.attachments import AttachmentLimits
from parley.application.ports.settings_store import ProviderConfig
from parley.application.tools.mcp_tools import McpToolbox
from parley.domain.agents.conversation_execution_request import (
    ConversationExecutionRequest,
    McpResourceRef,
)
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    TurnFinished,
    from_payload,
    mint_id,
    to_payload,
)
from parley.infrastructure.attachments.store import ContentStore
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.fake_mcp import FakeMcpClient, FakeServer
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import CHAT

README = "# Parley\n\nA desktop chat client for LLMs.\n"


class World:
    def __init__(self, root: Path, httpserver: HTTPServer, fake: FakeMcpClient, **limits: Any):
        self.settings = JsonSettingsStore(root / "config")
        self.settings.add_provider(
            ProviderConfig("local", "openai", httpserver.url_for("/v1"), default_model="m")
        )
        self.store = SqliteEventStore(root / "data" / "parley.db")
        self.content = ContentStore(root / "data")
        self.fake = fake
        self.requests: list[dict[str, Any]] = []

        def handle(request):  # type: ignore[no-untyped-def]
            from werkzeug import Response

            self.requests.append(json.loads(request.data))
            return Response(openai_text_stream(["Read it."]), content_type="text/event-stream")

        httpserver.expect_request(CHAT, method="POST").respond_with_handler(handle)
        self.runtime = TurnRuntime(
            self.store,
            SettingsProviderDirectory(self.settings, environ={}),
            retry_policy=RetryPolicy(max_attempts=1),
            attachment_limits=AttachmentLimits(**limits),
            mcp=McpToolbox(fake, self.settings, ToolPins(MemoryPinStore()), store=self.content),
        )

    def add_server(self, name: str, **fields: Any) -> None:
        self.settings.save_mcp_server(McpServerConfig(name, command="fake", **fields))

    def run(self, *refs: McpResourceRef, cancel: threading.Event | None = None, **fields: Any):  # type: ignore[no-untyped-def]
        request = ConversationExecutionRequest(
            turn_id=mint_id(),
            session_id=mint_id(),
            prompt=fields.pop("prompt", "Summarise it"),
            provider_id="local",
            mcp_resources=refs,
            **fields,
        )
        return request, self.runtime.run(request, cancel)

    def attachments(self, session_id: str) -> list[AttachmentAdded]:
        return [
            s.event for s in self.store.events(session_id) if isinstance(s.event, AttachmentAdded)
        ]


def docs_server() -> FakeServer:
    return FakeServer(contents={"file:///project/README.md": README, "note://empty": ""})


def test_a_resource_is_recorded_stored_and_given_to_the_model_under_its_uri(
    tmp_path: Path, httpserver: HTTPServer
):
    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}))
    world.add_server("docs")
    request, outcome = world.run(McpResourceRef("docs", "file:///project/README.md", "README"))

    assert outcome.status == "completed", outcome.error
    (added,) = world.attachments(request.session_id)
    data = README.encode()
    assert added.name == "README"
    assert added.mcp_server == "docs" and added.uri == "file:///project/README.md"
    assert added.source_path == "file:///project/README.md"
    assert added.extractor == "mcp:docs"
    assert added.media_type == "text/plain"
    assert (added.text, added.chars, added.truncated) == (README, len(README), False)
    assert added.sha256 == hashlib.sha256(data).hexdigest() and added.size == len(data)
    assert not added.error_kind and not added.error
    # The viewer opens the stored copy by its hash.
    assert world.content.get(added.sha256) == data
    # The model got the text, named with its URI and server, before the question.
    (call,) = world.requests
    user = next(m for m in call["messages"] if m["role"] == "user")
    assert user["content"].startswith(
        '<attachment name="README (file:///project/README.md, MCP server docs)" '
        'type="text/plain" chars="'
    )
    assert README in user["content"] and user["content"].endswith("Summarise it")


def test_a_resource_without_a_name_is_named_by_the_last_part_of_its_uri(
    tmp_path: Path, httpserver: HTTPServer
):
    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}))
    world.add_server("docs")
    request, outcome = world.run(McpResourceRef("docs", "file:///project/README.md"))
    assert outcome.status == "completed", outcome.error
    (added,) = world.attachments(request.session_id)
    assert added.name == "README.md"


def test_a_long_resource_is_cut_at_the_attachment_limit_and_marked(
    tmp_path: Path, httpserver: HTTPServer
):
    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}), max_chars=10)
    world.add_server("docs")
    request, outcome = world.run(McpResourceRef("docs", "file:///project/README.md"))
    assert outcome.status == "completed", outcome.error
    (added,) = world.attachments(request.session_id)
    assert (added.text, added.chars, added.truncated) == (README[:10], 10, True)
    assert 'truncated="true"' in world.requests[0]["messages"][0]["content"]


@pytest.mark.parametrize(
    ("setup", "kind", "says"),
    [
        (lambda w: w.add_server("docs", enabled=False), "unavailable", "turned off"),
        (lambda w: None, "unavailable", "not configured"),
        (
            lambda w: (
                w.add_server("docs"),
                setattr(w.fake.servers["docs"], "fails_to_start", "exec failed"),
            ),
            "unavailable",
            "could not be started (exec failed)",
        ),
    ],
    ids=["off", "unknown", "fails-to-start"],
)
def test_a_resource_that_cannot_be_read_fails_the_turn_naming_it_and_its_server(
    tmp_path: Path, httpserver: HTTPServer, setup: Any, kind: str, says: str
):
    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}))
    setup(world)
    request, outcome = world.run(McpResourceRef("docs", "file:///project/README.md", "README"))

    assert outcome.status == "failed"
    assert outcome.error_kind == "attachments"
    assert "README (file:///project/README.md)" in outcome.error
    assert "'docs'" in outcome.error and says in outcome.error
    assert world.requests == []  # the model was never called
    (added,) = world.attachments(request.session_id)
    assert added.error_kind == kind and added.text == "" and added.uri.endswith("README.md")
    finished = [
        s.event for s in world.store.events(request.session_id) if isinstance(s.event, TurnFinished)
    ]
    assert finished[-1].error == outcome.error


def test_binary_content_is_refused_as_unsupported(tmp_path: Path, httpserver: HTTPServer):
    server = FakeServer(contents={"img://logo": "[resource: img://logo, image/png, 12 KB]"})
    world = World(tmp_path, httpserver, FakeMcpClient({"art": server}))
    world.add_server("art")
    request, outcome = world.run(McpResourceRef("art", "img://logo", "logo"))
    assert outcome.status == "failed"
    assert "binary content" in outcome.error and "only text resources" in outcome.error
    (added,) = world.attachments(request.session_id)
    assert added.error_kind == "unsupported"
    assert world.requests == []


def test_one_bad_resource_among_good_ones_names_only_the_bad_one(
    tmp_path: Path, httpserver: HTTPServer
):
    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}))
    world.add_server("docs")
    world.add_server("gone", enabled=False)
    request, outcome = world.run(
        McpResourceRef("docs", "file:///project/README.md", "README"),
        McpResourceRef("gone", "note://x", "secret-plan"),
    )
    assert outcome.status == "failed"
    assert "secret-plan (note://x)" in outcome.error and "README" not in outcome.error
    kinds = [(a.name, a.error_kind) for a in world.attachments(request.session_id)]
    assert kinds == [("README", ""), ("secret-plan", "unavailable")]


class HangingReads(FakeMcpClient):
    """A server whose reads never answer until released: the test stops the turn meanwhile."""

    def __init__(self, servers: dict[str, FakeServer]) -> None:
        super().__init__(servers)
        self.reading = threading.Event()
        self.release = threading.Event()
        self.finished_reads = 0

    def read_resource(
        self, server: McpServerConfig, uri: str, max_chars: int = 200_000, timeout_s: float = 30.0
    ) -> McpResourceContent:
        self.reading.set()
        self.release.wait(30)
        self.finished_reads += 1
        return super().read_resource(server, uri, max_chars, timeout_s)


def test_stop_during_a_read_cancels_the_turn_and_records_nothing_of_the_resource(
    tmp_path: Path, httpserver: HTTPServer
):
    fake = HangingReads({"docs": docs_server()})
    world = World(tmp_path, httpserver, fake)
    world.add_server("docs")
    cancel = threading.Event()

    def stop_when_reading() -> None:
        fake.reading.wait(30)
        cancel.set()

    stopper = threading.Thread(target=stop_when_reading)
    stopper.start()
    try:
        request, outcome = world.run(
            McpResourceRef("docs", "file:///project/README.md"), cancel=cancel
        )
        # The turn ended while the server still had not answered: the read was abandoned.
        assert fake.finished_reads == 0
    finally:
        fake.release.set()
        stopper.join()
    assert outcome.status == "cancelled"
    assert world.attachments(request.session_id) == []
    assert world.requests == []


def test_files_and_resources_are_recorded_in_order_files_first(
    tmp_path: Path, httpserver: HTTPServer
):
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader

    world = World(tmp_path, httpserver, FakeMcpClient({"docs": docs_server()}))
    world.add_server("docs")
    world.runtime = TurnRuntime(
        world.store,
        SettingsProviderDirectory(world.settings, environ={}),
        retry_policy=RetryPolicy(max_attempts=1),
        attachments=SubprocessAttachmentReader(world.content),
        mcp=McpToolbox(world.fake, world.settings, store=world.content),
    )
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    try:
        request, outcome = world.run(
            McpResourceRef("docs", "file:///project/README.md"), attachments=(notes,)
        )
    finally:
        reader = world.runtime.attachment_reader
        close = getattr(reader, "close", None)
        if close is not None:
            close()
    assert outcome.status == "completed", outcome.error
    added = world.attachments(request.session_id)
    assert [(a.name, a.uri) for a in added] == [
        ("notes.txt", ""),
        ("README.md", "file:///project/README.md"),
    ]
    content = world.requests[0]["messages"][0]["content"]
    assert content.index("my notes") < content.index("A desktop chat client")


# -- the record ----------------------------------------------------------------------------------


def test_a_resource_attachment_round_trips_and_old_records_still_read():
    event = AttachmentAdded(
        name="README", text="x", source_path="note://a", mcp_server="docs", uri="note://a"
    )
    payload = to_payload(event)
    assert payload["mcp_server"] == "docs" and payload["uri"] == "note://a"
    assert from_payload("attachment_added", json.loads(json.dumps(payload))) == event
    old = {k: v for k, v in payload.items() if k not in ("mcp_server", "uri")}
    read = from_payload("attachment_added", old)
    assert isinstance(read, AttachmentAdded)
    assert (read.mcp_server, read.uri, read.is_mcp_resource) == ("", "", False)

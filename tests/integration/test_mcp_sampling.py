"""Sampling end to end: a real MCP server (``tests/fixtures/mcp_servers/sampling.py``, and the npm
``server-everything`` when npm is there) asks mid-tool-call for a completion; the real
``SdkMcpClient`` hands it to a ``ServerRequests`` relay whose handler is a ``SamplingService`` over
``ProviderSampler`` — the real settings file, provider directory and OpenAI-compatible adapter —
answering from a local HTTP server speaking the OpenAI streaming format. What the server receives
is asserted: the model's text, or the spec's rejection error.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.mcp.model import McpServerConfig
from parley.application.mcp.sampling import ProviderSampler, SamplingService
from parley.application.mcp.server_requests import (
    SamplingMessage,
    SamplingRefused,
    SamplingRequest,
    ServerRequests,
)
from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.mcp.client import SdkMcpClient
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from tests.support.mcp_node import node_server
from tests.support.sse_server import data_events, openai_text_stream, sse_handler

SERVERS = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers"
PATH = "/v1/chat/completions"
SAMPLER = McpServerConfig(
    "sampler", command=sys.executable, args=(str(SERVERS / "sampling.py"),), timeout_s=30
)


class Person:
    """Stands in for the person at the dialog: answers ``yes`` and remembers what was shown."""

    def __init__(self, yes: bool) -> None:
        self.yes = yes
        self.shown: list[tuple[SamplingRequest, str]] = []
        self.threads: list[str] = []

    def approve(self, request: SamplingRequest, model: str) -> bool:
        self.shown.append((request, model))
        self.threads.append(threading.current_thread().name)
        return self.yes


@pytest.fixture
def settings(tmp_path: Path, httpserver: HTTPServer) -> JsonSettingsStore:
    store = JsonSettingsStore(tmp_path / "config")
    store.add_provider(
        ProviderConfig(
            name="Local",
            kind="openai",
            base_url=httpserver.url_for("/v1"),
            default_model="test-model",
        )
    )
    return store


@pytest.fixture
def relay() -> ServerRequests:
    return ServerRequests()


@pytest.fixture
def client(tmp_path: Path, relay: ServerRequests) -> Iterator[SdkMcpClient]:
    c = SdkMcpClient(tmp_path / "logs", requests=relay)
    yield c
    c.close()


def service(settings: JsonSettingsStore) -> SamplingService:
    sampler = ProviderSampler(
        SettingsProviderDirectory(settings, environ={}), settings.default_provider
    )
    return SamplingService(sampler.complete, sampler.describe)


def serve(httpserver: HTTPServer, pieces: list[str]) -> list:
    record: list = []
    httpserver.expect_request(PATH, method="POST").respond_with_handler(
        sse_handler(openai_text_stream(pieces, model="test-model"), record=record)
    )
    return record


def answer(client: SdkMcpClient, tool: str, **arguments: object) -> str:
    return client.call_tool(SAMPLER, tool, arguments, threading.Event()).text


def test_the_server_receives_the_models_text(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    sent = serve(httpserver, ["Teal", ", obviously."])
    person = Person(yes=True)
    relay.install(sample=service(settings).handler(person.approve))

    text = answer(client, "ask", prompt="Name a colour.", maxTokens=99_999)

    assert text.startswith("result: ")
    result = json.loads(text.removeprefix("result: "))
    assert result == {
        "role": "assistant",
        "content": {"type": "text", "text": "Teal, obviously."},
        "model": "test-model",
        "stopReason": "endTurn",
    }
    # the person saw the request as the server made it, capped, and which model would answer
    (shown, model), *_ = person.shown
    assert model == "Local · test-model"
    assert shown.server == "sampler"
    assert shown.system_prompt == "You are terse."
    assert [(m.role, m.text) for m in shown.messages] == [
        ("user", "Name a colour.\n\n[image: image/png]")
    ]
    assert shown.model_hints == ("claude-3-sonnet", "gpt")
    assert shown.temperature == 0.2
    assert shown.max_tokens == 4096
    assert person.threads != ["parley-mcp"]  # asked on a worker, never on the client's loop
    # and the model was asked exactly that (the image as a marker, never its data)
    (body,) = sent
    assert body["model"] == "test-model"
    assert body["messages"][0] == {"role": "system", "content": "You are terse."}
    assert body["messages"][1]["content"] == "Name a colour.\n\n[image: image/png]"
    assert body["max_tokens"] == 4096 or body.get("max_completion_tokens") == 4096
    assert body["temperature"] == 0.2


def test_a_stop_sequence_cuts_the_answer(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    serve(httpserver, ["one, two", ", STOP three"])
    relay.install(sample=service(settings).handler(Person(yes=True).approve))

    result = json.loads(answer(client, "ask", stop=["STOP"]).removeprefix("result: "))

    assert result["content"]["text"] == "one, two, "
    assert result["stopReason"] == "stopSequence"


def test_the_model_running_out_of_tokens_says_max_tokens(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    def chunk(delta: dict, finish: str | None = None) -> dict:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return {"id": "c", "object": "chat.completion.chunk", "model": "m", "choices": [choice]}

    body = data_events([chunk({"role": "assistant", "content": "Once upon"}), chunk({}, "length")])
    httpserver.expect_request(PATH, method="POST").respond_with_handler(sse_handler(body))
    relay.install(sample=service(settings).handler(Person(yes=True).approve))

    result = json.loads(answer(client, "ask", maxTokens=2).removeprefix("result: "))

    assert result["content"]["text"] == "Once upon"
    assert result["stopReason"] == "maxTokens"


def test_declined_the_server_gets_the_rejection_error(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    sent = serve(httpserver, ["never sent"])
    person = Person(yes=False)
    relay.install(sample=service(settings).handler(person.approve))

    text = answer(client, "ask")

    assert text == "error: -1 The user declined the sampling request"
    assert person.shown and sent == []  # asked, and nothing reached the model
    log = (client.log_path("sampler")).read_text()
    assert "sampling refused: the user declined" in log
    assert "Name a colour" not in log  # sizes only, never the content


def test_asked_every_time(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    serve(httpserver, ["Red."])
    serve(httpserver, ["Blue."])
    person = Person(yes=True)
    relay.install(sample=service(settings).handler(person.approve))
    assert "Red." in answer(client, "ask")
    person.yes = False  # an earlier yes is not remembered
    assert answer(client, "ask") == "error: -1 The user declined the sampling request"
    assert len(person.shown) == 2


def test_too_long_is_refused_before_anyone_is_asked(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore
) -> None:
    person = Person(yes=True)
    relay.install(sample=service(settings).handler(person.approve))

    text = answer(client, "huge")

    assert text.startswith("error: -1 The sampling request is too long: 300,000 characters")
    assert person.shown == []


def test_no_model_configured(client: SdkMcpClient, relay: ServerRequests, tmp_path: Path) -> None:
    empty = JsonSettingsStore(tmp_path / "empty-config")
    person = Person(yes=True)
    relay.install(sample=service(empty).handler(person.approve))

    text = answer(client, "ask")

    assert text.startswith("error: -1 No model is configured in Parley")
    assert person.shown == []


def test_nobody_installed_is_refused(client: SdkMcpClient) -> None:
    assert answer(client, "ask") == ("error: -1 Nobody is there to approve a sampling request")


def test_the_provider_failing_is_a_refusal_naming_it(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    httpserver.expect_request(PATH, method="POST").respond_with_json(
        {"error": {"message": "no such model", "type": "invalid_request_error"}}, status=404
    )
    relay.install(sample=service(settings).handler(Person(yes=True).approve))

    text = answer(client, "ask")

    assert text.startswith("error: -1 The model could not answer: ")
    assert "no such model" in text


def test_without_a_relay_sampling_is_not_declared(tmp_path: Path) -> None:
    plain = SdkMcpClient(tmp_path / "plain")
    try:
        assert plain.tools(SAMPLER) == ()  # the server lists its sampling tools only if declared
    finally:
        plain.close()


def test_everything_server_samples(
    client: SdkMcpClient, relay: ServerRequests, settings: JsonSettingsStore, httpserver: HTTPServer
) -> None:
    node, entry = node_server("@modelcontextprotocol/server-everything")
    everything = McpServerConfig("everything", command=node, args=(entry, "stdio"))
    sent = serve(httpserver, ["Hello from the test model."])
    person = Person(yes=True)
    relay.install(sample=service(settings).handler(person.approve))

    assert "trigger-sampling-request" in {t.name for t in client.tools(everything)}
    result = client.call_tool(
        everything,
        "trigger-sampling-request",
        {"prompt": "Say hello", "maxTokens": 20},
        threading.Event(),
    )

    assert "Hello from the test model." in result.text and not result.is_error
    (shown, _model), *_ = person.shown
    assert shown.server == "everything" and shown.max_tokens == 20
    assert "Say hello" in sent[0]["messages"][-1]["content"]


class NoSecrets:
    """A secret store with nothing in it (the local provider needs no key)."""

    available = True
    unavailable_reason = ""
    description = "nowhere"

    def get(self, _name: str) -> str | None:
        return None

    def set(self, _name: str, _secret: str) -> None:
        raise AssertionError("nothing is stored here")

    def delete(self, _name: str) -> bool:
        return False


def test_the_composition_root_samples_on_the_default_provider(
    tmp_path: Path, httpserver: HTTPServer
) -> None:
    from parley.ui.bootstrap import build_services

    config = tmp_path / "config"
    services = build_services(tmp_path / "data", config, secrets=NoSecrets())
    try:
        assert services.mcp_sampling is not None and services.mcp_requests is not None
        person = Person(yes=True)
        uninstall = services.mcp_requests.install(
            sample=services.mcp_sampling.handler(person.approve)
        )
        with pytest.raises(SamplingRefused, match="no model is configured"):
            services.mcp_requests.sample(SamplingRequest("s", (SamplingMessage("user", "hi"),)))
        services.settings.add_provider(
            ProviderConfig("Local", "openai", httpserver.url_for("/v1"), default_model="test-model")
        )
        serve(httpserver, ["Hi there."])
        reply = services.mcp_requests.sample(SamplingRequest("s", (SamplingMessage("user", "hi"),)))
        assert (reply.text, reply.model) == ("Hi there.", "test-model")
        assert person.shown[0][1] == "Local · test-model"
        uninstall()
    finally:
        services.close()

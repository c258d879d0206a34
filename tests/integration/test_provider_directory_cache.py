"""``SettingsProviderDirectory`` reuses a resolved adapter across turns (one HTTP session, one
kept-alive connection) and still notices a changed key or changed settings at the next turn.

Real parts only: the settings file (``JsonSettingsStore`` in ``tmp_path``), the keyring API over
an in-memory keychain, the SQLite event store, the turn runtime, and a local HTTP/1.1 server that
keeps connections open and records which connection each request came on and its headers."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.chat_provider import ProviderConfigError
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import mint_id
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import SettingsProviderDirectory
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.keyrings import MemoryKeyring
from tests.support.sse_server import openai_text_stream

ANSWER = ["Paris ", "is ", "the ", "capital."]


@dataclass(frozen=True)
class Seen:
    connection: int
    headers: dict[str, str]
    body: dict


class KeepAliveServer:
    """HTTP/1.1 on 127.0.0.1, one thread per connection, any number of requests per connection;
    every ``POST`` gets a chunked OpenAI stream of ``ANSWER``."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}/v1"
        self.seen: list[Seen] = []
        self._connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        body = openai_text_stream(ANSWER, model="m")
        chunks = [e + b"\n\n" for e in body.split(b"\n\n") if e]
        self._answer = (
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
            + b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks)
            + b"0\r\n\r\n"
        )

    def __enter__(self) -> KeepAliveServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._connections += 1
            threading.Thread(
                target=self._handle, args=(conn, self._connections), daemon=True
            ).start()

    def _handle(self, conn: socket.socket, number: int) -> None:
        conn.settimeout(10)
        data = b""
        with conn:
            while not self._stop.is_set():
                while b"\r\n\r\n" not in data:
                    try:
                        piece = conn.recv(65536)
                    except OSError:
                        return
                    if not piece:
                        return
                    data += piece
                head, _, data = data.partition(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length", "0"))
                while len(data) < length:
                    piece = conn.recv(65536)
                    if not piece:
                        return
                    data += piece
                body, data = data[:length], data[length:]
                self.seen.append(Seen(number, headers, json.loads(body) if body else {}))
                conn.sendall(self._answer)


@pytest.fixture
def server() -> Iterator[KeepAliveServer]:
    with KeepAliveServer() as s:
        yield s


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    s = SqliteEventStore(tmp_path / "data" / "parley.db")
    yield s
    s.close()


@pytest.fixture
def settings(tmp_path: Path, server: KeepAliveServer) -> JsonSettingsStore:
    s = JsonSettingsStore(tmp_path / "config")
    s.add_provider(
        ProviderConfig(name="local", kind="openai", base_url=server.url, default_model="model-a")
    )
    return s


@pytest.fixture
def keychain() -> KeyringSecretStore:
    return KeyringSecretStore(backend=MemoryKeyring())


def run_turn(runtime: TurnRuntime, session_id: str, provider_id: str = "local"):
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=session_id,
        prompt="What is the capital of France?",
        provider_id=provider_id,
    )
    outcome = runtime.run(request)
    assert outcome.status == "completed", outcome.error
    return outcome


def event_types(store: SqliteEventStore, session_id: str, turn_id: str) -> list[str]:
    return [
        type(s.event).type_name
        for s in store.events(session_id)
        if s.turn_id == turn_id and type(s.event).type_name != "context_checked"
    ]


def test_turns_reuse_one_adapter_and_one_kept_alive_connection(
    store: SqliteEventStore, settings: JsonSettingsStore, server: KeepAliveServer
) -> None:
    directory = SettingsProviderDirectory(settings, environ={})
    runtime = TurnRuntime(store, directory, retry_policy=RetryPolicy(max_attempts=1))
    session = mint_id()

    outcomes = [run_turn(runtime, session) for _ in range(3)]

    assert [o.text for o in outcomes] == ["".join(ANSWER)] * 3
    assert [s.connection for s in server.seen] == [1, 1, 1]
    # The record is what it always was: four events per turn, in this order.
    for outcome in outcomes:
        assert event_types(store, session, outcome.turn_id) == [
            "turn_started",
            "user_message",
            "assistant_text",
            "turn_finished",
        ]
    # Each turn was rendered from the whole log: the third request carries five messages.
    assert [len(s.body["messages"]) for s in server.seen] == [1, 3, 5]


def test_a_key_changed_in_the_keyring_is_sent_by_the_next_turn(
    store: SqliteEventStore,
    settings: JsonSettingsStore,
    server: KeepAliveServer,
    keychain: KeyringSecretStore,
) -> None:
    directory = SettingsProviderDirectory(settings, environ={}, secrets=keychain)
    runtime = TurnRuntime(store, directory, retry_policy=RetryPolicy(max_attempts=1))
    session = mint_id()

    keychain.set("local", "sk-first-key-0123456789")
    run_turn(runtime, session)
    keychain.set("local", "sk-second-key-9876543210")
    run_turn(runtime, session)
    keychain.delete("local")
    run_turn(runtime, session)

    assert [s.headers.get("authorization") for s in server.seen] == [
        "Bearer sk-first-key-0123456789",
        "Bearer sk-second-key-9876543210",
        None,
    ]


def test_a_key_changed_in_the_environment_builds_a_new_adapter(
    tmp_path: Path, server: KeepAliveServer
) -> None:
    settings = JsonSettingsStore(tmp_path / "config")
    settings.add_provider(
        ProviderConfig(
            name="mine",
            kind="openai",
            base_url=server.url,
            api_key_env="MY_TEST_KEY",
            default_model="model-a",
        )
    )
    environ = {"MY_TEST_KEY": "key-one-abcdefghijkl"}
    directory = SettingsProviderDirectory(settings, environ=environ)

    first = directory.resolve("mine").provider
    assert directory.resolve("mine").provider is first  # nothing changed: the same adapter
    environ["MY_TEST_KEY"] = "key-two-abcdefghijkl"
    second = directory.resolve("mine").provider
    assert second is not first
    del environ["MY_TEST_KEY"]
    with pytest.raises(ProviderConfigError, match=r"needs an API key.*\$MY_TEST_KEY"):
        directory.resolve("mine")
    environ["MY_TEST_KEY"] = "key-three-abcdefghijkl"  # a failure is not remembered
    assert directory.resolve("mine").provider not in (first, second)


def test_settings_changed_through_the_store_are_used_by_the_next_turn(
    store: SqliteEventStore, settings: JsonSettingsStore, server: KeepAliveServer
) -> None:
    directory = SettingsProviderDirectory(settings, environ={})
    runtime = TurnRuntime(store, directory, retry_policy=RetryPolicy(max_attempts=1))
    session = mint_id()

    first = run_turn(runtime, session)
    settings.add_provider(
        ProviderConfig(name="local", kind="openai", base_url=server.url, default_model="model-b"),
        replace=True,
    )
    second = run_turn(runtime, session)

    assert (first.model, second.model) == ("model-a", "model-b")
    assert [s.body["model"] for s in server.seen] == ["model-a", "model-b"]


def test_a_settings_file_rewritten_with_the_same_size_and_times_is_noticed(
    settings: JsonSettingsStore,
) -> None:
    directory = SettingsProviderDirectory(settings, environ={})
    assert directory.resolve("local").default_model == "model-a"

    # Another program rewrites the file in place: same size, and its times put back, so
    # neither the size nor the modification time tells the two versions apart.
    path = settings.path
    before = os.stat(path)
    path.write_bytes(path.read_bytes().replace(b"model-a", b"model-z"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size

    assert directory.resolve("local").default_model == "model-z"
    assert directory.resolve("").default_model == "model-z"  # the default provider, too


def test_a_removed_provider_is_not_resolved_from_the_cache(settings: JsonSettingsStore) -> None:
    directory = SettingsProviderDirectory(settings, environ={})
    directory.resolve("local")
    settings.remove_provider("local")
    with pytest.raises(ProviderConfigError, match="local"):
        directory.resolve("local")

"""API keys: the keyring secret store, where a provider's key is looked for, and the commands that
store and delete keys.

This headless machine has no OS keychain, so a real ``keyring`` backend class defined here (an
in-memory ``KeyringBackend``, installed with ``keyring.set_keyring``) stands in for it; keyring's
own "fail" backend plays the headless machine. ``MemoryKeyring`` and the ``memory_keyring`` /
``no_keyring`` fixtures are imported by the other key tests.
"""

from __future__ import annotations

import base64
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import keyring
import keyring.backend
import keyring.core
import keyring.errors
import pytest
from keyring.backends import chainer, fail, null
from pytest_httpserver import HTTPServer

from parley.application.ports.chat_provider import ProviderConfigError, ProviderHTTPError
from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers import directory
from parley.infrastructure.providers.directory import (
    REDACTED,
    RedactingProvider,
    SettingsProviderDirectory,
    build_adapter,
    find_api_key,
    redact_secret,
)
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.cli import main
from tests.support.keyrings import MemoryKeyring
from tests.support.sse_server import openai_text_stream, sse_handler

SERVICE = "parley"
KEY = "sk-test-0123456789abcdefghijklmnop"


class ForgetfulKeyring(MemoryKeyring):
    """Accepts a key and keeps nothing (as keyring's chainer does when no backend takes it)."""

    def set_password(self, service: str, username: str, password: str) -> None:
        pass


class LockedKeyring(MemoryKeyring):
    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("Failed to unlock the collection!")


class BrokenKeyring(MemoryKeyring):
    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.InitError("D-Bus session bus is not running")


class LeakyKeyring(MemoryKeyring):
    """Refuses to store, and quotes the password in its message (a badly written backend)."""

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError(f"cannot store {password!r} for {username}")


class PlaintextKeyring(MemoryKeyring):
    """Looks like keyrings.alt's plaintext file backend."""


PlaintextKeyring.__module__ = "keyrings.alt.file"


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    """Install the in-memory keychain for this test (and put keyring's choice back after)."""
    saved = keyring.core._keyring_backend
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.core._keyring_backend = saved


@pytest.fixture
def no_keyring() -> Iterator[None]:
    """A machine without any keychain: keyring's own "fail" backend."""
    saved = keyring.core._keyring_backend
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.core._keyring_backend = saved


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home and XDG dirs, where a file-based keyring would write if one were used."""
    root = tmp_path / "home"
    for name, sub in (
        ("HOME", ""),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
    ):
        path = root / sub if sub else root
        path.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(name, str(path))
    return root


def files_under(*roots: Path) -> set[Path]:
    return {p for root in roots if root.exists() for p in root.rglob("*") if p.is_file()}


# -- the keyring store ----------------------------------------------------------------------------


def test_set_get_and_delete(memory_keyring: MemoryKeyring) -> None:
    store = KeyringSecretStore()

    assert store.available and store.unavailable_reason == ""
    assert store.get("openai") is None
    store.set("openai", KEY)
    assert memory_keyring.entries == {(SERVICE, "openai"): KEY}
    assert store.get("openai") == KEY
    store.set("openai", KEY + "-new")  # replace
    assert store.get("openai") == KEY + "-new"
    assert store.delete("openai") is True
    assert store.get("openai") is None
    assert store.delete("openai") is False
    assert "MemoryKeyring" in store.description or "Memory" in store.description


def test_a_backend_that_drops_the_key_is_an_error() -> None:
    store = KeyringSecretStore(backend=ForgetfulKeyring())
    with pytest.raises(SecretStoreError, match="did not keep the key"):
        store.set("openai", KEY)


def test_no_keyring_is_said_plainly_and_nothing_is_written(no_keyring: None, home: Path) -> None:
    store = KeyringSecretStore()

    assert store.available is False
    reason = store.unavailable_reason
    assert reason.startswith("no system keyring is available (")
    assert reason.endswith("; set the key in an environment variable instead")
    for action in (lambda: store.get("p"), lambda: store.set("p", KEY), lambda: store.delete("p")):
        with pytest.raises(SecretStoreError) as info:
            action()
        assert str(info.value) == reason
        assert KEY not in str(info.value)
    assert files_under(home) == set()


@pytest.mark.parametrize(
    "backend",
    [fail.Keyring(), null.Keyring(), PlaintextKeyring()],
    ids=["fail", "null", "keyrings.alt plaintext"],
)
def test_weak_backends_are_refused(backend: keyring.backend.KeyringBackend, home: Path) -> None:
    store = KeyringSecretStore(backend=backend)
    assert store.available is False
    assert store.unavailable_reason.startswith("no system keyring is available (")
    with pytest.raises(SecretStoreError):
        store.set("p", KEY)
    assert not isinstance(backend, MemoryKeyring) or backend.entries == {}
    assert files_under(home) == set()


def test_a_chainer_uses_only_its_safe_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    safe, unsafe = MemoryKeyring(), PlaintextKeyring()
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [unsafe, safe])
    store = KeyringSecretStore(backend=chainer.ChainerBackend())
    store.set("p", KEY)
    assert safe.entries == {(SERVICE, "p"): KEY} and unsafe.entries == {}

    monkeypatch.setattr(chainer.ChainerBackend, "backends", [unsafe])
    only_unsafe = KeyringSecretStore(backend=chainer.ChainerBackend())
    assert not only_unsafe.available
    assert "plain files" in only_unsafe.unavailable_reason

    monkeypatch.setattr(chainer.ChainerBackend, "backends", [])
    empty = KeyringSecretStore(backend=chainer.ChainerBackend())
    assert not empty.available
    assert "no keyring backend was found" in empty.unavailable_reason


def test_errors_on_use(monkeypatch: pytest.MonkeyPatch) -> None:
    locked = KeyringSecretStore(backend=LockedKeyring())
    with pytest.raises(SecretStoreError, match="could not read the key: KeyringLocked"):
        locked.get("p")
    assert locked.available  # a locked keyring may be unlocked next time

    broken = KeyringSecretStore(backend=BrokenKeyring())
    assert broken.available
    with pytest.raises(SecretStoreError, match="no system keyring is available"):
        broken.get("p")
    assert not broken.available  # a backend that cannot start stays unavailable
    assert "D-Bus session bus is not running" in broken.unavailable_reason


def test_backend_messages_never_carry_the_key() -> None:
    store = KeyringSecretStore(backend=LeakyKeyring())
    with pytest.raises(SecretStoreError) as info:
        store.set("p", KEY)
    assert KEY not in str(info.value)
    assert "[redacted]" in str(info.value)


# -- redaction ------------------------------------------------------------------------------------


def test_redact_secret() -> None:
    raw = KEY.encode()
    assert redact_secret(f"key {KEY} rejected", KEY) == f"key {REDACTED} rejected"
    echoed = f"Incorrect API key provided: {KEY[:20]}…"
    assert redact_secret(echoed, KEY) == f"Incorrect API key provided: {REDACTED}…"
    assert redact_secret(f"x{KEY[5:17]}y", KEY) == f"x{REDACTED}y"  # any run of 12
    assert redact_secret(f"x{KEY[:11]}y", KEY) == f"x{KEY[:11]}y"  # 11 is too short to tell
    assert redact_secret(f"...{KEY[-4:]}", KEY) == f"...{KEY[-4:]}"  # the usual last four stay
    for encoded in (base64.b64encode(raw), base64.urlsafe_b64encode(raw)):
        assert redact_secret(f"Basic {encoded.decode()}", KEY) == f"Basic {REDACTED}"
    assert redact_secret("short abc123 key", "abc123") == f"short {REDACTED} key"
    assert redact_secret("nothing here", KEY) == "nothing here"
    assert redact_secret("text", "") == "text"


class _FailingAdapter:
    kind = "openai"
    default_model = "m"

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def stream(self, request, cancel):  # type: ignore[no-untyped-def]
        raise self.exc
        yield  # pragma: no cover

    def list_models(self) -> list[str]:
        raise self.exc


def test_the_adapter_boundary_scrubs_errors() -> None:
    import threading

    from parley.application.ports.chat_provider import ChatRequest, ProviderError, http_error

    cause = ValueError(f"header was Bearer {KEY}")
    error = http_error(401, f"Incorrect API key provided: {KEY[:20]}…", code=KEY[:14])
    error.__cause__ = cause
    wrapped = RedactingProvider(_FailingAdapter(error), KEY)
    with pytest.raises(ProviderHTTPError) as info:
        list(wrapped.stream(ChatRequest(model="m", messages=()), threading.Event()))
    assert info.value is error and info.value.kind == "auth" and info.value.status == 401
    for text in (str(info.value), info.value.detail, info.value.code):
        assert KEY[:12] not in text
    assert REDACTED in str(info.value)
    assert info.value.__cause__ is None  # the chain quoted the key: cut

    other = RuntimeError(f"boom {KEY}")
    with pytest.raises(ProviderError) as info2:
        RedactingProvider(_FailingAdapter(other), KEY).list_models()
    assert KEY not in str(info2.value) and REDACTED in str(info2.value)

    unrelated = RuntimeError("boom")
    with pytest.raises(RuntimeError) as info3:
        RedactingProvider(_FailingAdapter(unrelated), KEY).list_models()
    assert info3.value is unrelated


# -- where keys come from -------------------------------------------------------------------------


def openai_entry(**changes: str) -> ProviderConfig:
    fields = {
        "name": "openai",
        "kind": "openai",
        "base_url": "https://api.openai.com/v1",
        "api_key_env": "MY_OPENAI_KEY",
        "default_model": "gpt-4o-mini",
        "preset": "openai",
        **changes,
    }
    return ProviderConfig(**fields)  # type: ignore[arg-type]


def test_resolution_order_keyring_then_named_variable_then_conventional_one() -> None:
    store = KeyringSecretStore(backend=MemoryKeyring())
    entry = openai_entry()
    env = {"MY_OPENAI_KEY": "from-named", "OPENAI_API_KEY": "from-conventional"}

    assert find_api_key(entry, env, store)[0] == "from-named"
    assert str(find_api_key(entry, env, store)[1]) == "env MY_OPENAI_KEY"
    store.set("openai", "from-keyring")
    key, source = find_api_key(entry, env, store)
    assert (key, str(source)) == ("from-keyring", "keyring")
    store.delete("openai")
    key, source = find_api_key(entry, {"OPENAI_API_KEY": "from-conventional"}, store)
    assert (key, str(source)) == ("from-conventional", "env OPENAI_API_KEY")
    key, source = find_api_key(entry, {}, store)
    assert (key, str(source), source.needed) == (None, "none", True)
    assert source.looked == (
        "the system keyring (entry 'openai')",
        "$MY_OPENAI_KEY",
        "$OPENAI_API_KEY",
    )
    # blank values do not count
    assert find_api_key(entry, {"MY_OPENAI_KEY": "  ", "OPENAI_API_KEY": "k\n"}, store)[0] == "k"


def test_conventional_variables_per_preset_and_host() -> None:
    gemini = ProviderConfig(
        name="g",
        kind="gemini",
        base_url="https://generativelanguage.googleapis.com/v1beta",
        preset="gemini",
    )
    assert find_api_key(gemini, {"GOOGLE_API_KEY": "google"})[0] == "google"
    assert find_api_key(gemini, {"GEMINI_API_KEY": "gem", "GOOGLE_API_KEY": "google"})[0] == "gem"
    # an entry made without a preset gets the one whose host it points at
    legacy = ProviderConfig(name="o", kind="openai", base_url="https://api.openai.com/v1")
    assert find_api_key(legacy, {"OPENAI_API_KEY": "k"})[0] == "k"
    # but a vendor's key is never sent to another host, preset or not
    proxy = openai_entry(base_url="https://proxy.example.org/v1", api_key_env="")
    assert find_api_key(proxy, {"OPENAI_API_KEY": "k"})[0] is None
    custom = ProviderConfig(name="c", kind="openai", base_url="https://llm.example.org/v1")
    key, source = find_api_key(custom, {"OPENAI_API_KEY": "k"})
    assert key is None and not source.needed


@pytest.mark.parametrize(
    ("config", "needed"),
    [
        (ProviderConfig("a", "anthropic", "https://api.anthropic.com/v1"), True),
        (ProviderConfig("g", "gemini", "https://example.org/v1beta"), True),
        (ProviderConfig("o", "ollama", "http://localhost:11434", preset="ollama"), False),
        (ProviderConfig("l", "openai", "http://localhost:1234/v1", preset="lmstudio"), False),
        (ProviderConfig("v", "openai", "http://127.0.0.1:8000/v1", preset="vllm"), False),
        (ProviderConfig("x", "anthropic", "http://localhost:9000/v1"), False),
        (ProviderConfig("r", "openai", "https://openrouter.ai/api/v1", preset="openrouter"), True),
        (ProviderConfig("n", "openai", "http://localhost:1/v1", api_key_env="SOME_VAR"), True),
    ],
    ids=lambda v: v.name if isinstance(v, ProviderConfig) else str(v),
)
def test_which_providers_need_a_key(config: ProviderConfig, needed: bool) -> None:
    assert find_api_key(config, {})[1].needed is needed


def test_a_missing_key_says_where_parley_looked_and_how_to_add_one() -> None:
    store = KeyringSecretStore(backend=MemoryKeyring())
    with pytest.raises(ProviderConfigError) as info:
        build_adapter(openai_entry(), {}, secrets=store)
    message = str(info.value)
    assert "the system keyring (entry 'openai')" in message
    assert "$MY_OPENAI_KEY" in message and "$OPENAI_API_KEY" in message
    assert "parley providers set-key openai" in message

    headless = KeyringSecretStore(backend=fail.Keyring())
    with pytest.raises(ProviderConfigError) as info:
        build_adapter(openai_entry(api_key_env=""), {}, secrets=headless)
    message = str(info.value)
    assert "no system keyring is available" in message
    assert "set-key" not in message  # it could not work here
    assert message.endswith("set the key in an environment variable instead: OPENAI_API_KEY")


def test_an_unavailable_keyring_falls_back_to_the_environment() -> None:
    headless = KeyringSecretStore(backend=fail.Keyring())
    key, source = find_api_key(openai_entry(), {"MY_OPENAI_KEY": "k"}, headless)
    assert (key, str(source)) == ("k", "env MY_OPENAI_KEY")
    assert source.keyring_problem.startswith("no system keyring is available")
    locked = KeyringSecretStore(backend=LockedKeyring())
    assert find_api_key(openai_entry(), {"MY_OPENAI_KEY": "k"}, locked)[0] == "k"


def test_every_kind_gets_its_adapter_the_key_and_the_network_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parley.application.ports.settings_store import NetworkSettings

    built: list[tuple[str, tuple, dict]] = []

    def recording_class(kind: str) -> type:
        class Adapter:
            def __init__(self, *args: object, **kwargs: object) -> None:
                built.append((kind, args, kwargs))
                self.kind = kind
                self.default_model = kwargs.get("default_model", "")

        return Adapter

    monkeypatch.setattr(directory, "adapter_class", recording_class)
    network = NetworkSettings(connect_timeout=3.0, idle_timeout=42.0)
    for kind in ("openai", "anthropic", "ollama", "gemini"):
        config = ProviderConfig(name=kind, kind=kind, base_url="https://h.example/v1")
        adapter = build_adapter(config, {}, network, KeyringSecretStore(backend=keyring_with(KEY)))
        assert isinstance(adapter, RedactingProvider) and adapter.kind == kind
    assert [b[0] for b in built] == ["openai", "anthropic", "ollama", "gemini"]
    for _kind, args, kwargs in built:
        assert args == ("https://h.example/v1",)
        # Each adapter also gets its dialect (id rules, optional fields: issue 14).
        assert kwargs.pop("dialect").name
        assert kwargs == {
            "api_key": KEY,
            "default_model": "",
            "connect_timeout": 3.0,
            "read_timeout": 42.0,
        }


def keyring_with(secret: str) -> MemoryKeyring:
    backend = MemoryKeyring()
    for name in ("openai", "anthropic", "ollama", "gemini"):
        backend.set_password(SERVICE, name, secret)
    return backend


def test_the_real_adapters_are_built_for_each_kind() -> None:
    expected = {
        "openai": "parley.infrastructure.providers.openai_compatible.OpenAICompatibleProvider",
        "anthropic": "parley.infrastructure.providers.anthropic.AnthropicProvider",
        "ollama": "parley.infrastructure.providers.ollama.OllamaProvider",
        "gemini": "parley.infrastructure.providers.gemini.GeminiProvider",
    }
    for kind, path in expected.items():
        module, _, name = path.rpartition(".")
        try:
            cls = getattr(__import__(module, fromlist=[name]), name)
        except ImportError:
            continue  # that adapter is not in this tree yet
        config = ProviderConfig(name=kind, kind=kind, base_url="http://localhost:9/v1")
        adapter = build_adapter(config, {})
        assert isinstance(adapter, cls), kind
        assert adapter.kind == kind


def test_the_directory_uses_the_keyring(memory_keyring: MemoryKeyring, tmp_path: Path) -> None:
    settings = JsonSettingsStore(tmp_path / "config")
    settings.add_provider(openai_entry(api_key_env=""))
    store = KeyringSecretStore()
    store.set("openai", KEY)
    resolved = SettingsProviderDirectory(settings, environ={}, secrets=store).resolve("")
    assert resolved.name == "openai"
    assert isinstance(resolved.provider, RedactingProvider)
    with pytest.raises(ProviderConfigError, match="needs an API key"):
        SettingsProviderDirectory(settings, environ={}).resolve("openai")  # no store, no env


# -- the commands ---------------------------------------------------------------------------------


class Cli:
    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.data, self.config = root / "data", root / "config"
        self._capsys = capsys

    def run(self, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
        self._capsys.readouterr()
        saved = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            code = main(["--data-dir", str(self.data), "--config-dir", str(self.config), *args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            sys.stdin = saved
        out, err = self._capsys.readouterr()
        return code, out, err


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> Cli:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    return Cli(tmp_path, capsys)


def test_set_key_list_and_delete_key(
    cli: Cli, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli.run("providers", "add", "openai", "--preset", "openai")[0] == 0
    code, _out, err = cli.run("providers", "set-key", "openai", "--stdin", stdin=f"{KEY}\n")
    assert code == 0, err
    assert memory_keyring.entries == {(SERVICE, "openai"): KEY}

    code, out, err = cli.run("providers", "list", "--json")
    (row,) = json.loads(out)
    assert (row["key_source"], row["key_needed"]) == ("keyring", True)
    assert "key: keyring" in cli.run("providers", "list")[1]
    monkeypatch.setenv("OPENAI_API_KEY", "env-key")
    assert "key: keyring" in cli.run("providers", "list")[1]  # the keyring comes first

    assert cli.run("providers", "delete-key", "openai")[0] == 0
    assert memory_keyring.entries == {}
    assert "key: env $OPENAI_API_KEY" in cli.run("providers", "list")[1]
    code, _out, err = cli.run("providers", "delete-key", "openai")
    assert code == 0 and "no API key" in err

    settings = (cli.config / "settings.json").read_text()
    assert KEY not in settings and "env-key" not in settings


def test_set_key_refuses_bad_input(cli: Cli, memory_keyring: MemoryKeyring) -> None:
    cli.run("providers", "add", "openai", "--preset", "openai")
    assert cli.run("providers", "set-key", "openai", "--stdin", stdin="\n")[0] == 2
    code, _out, err = cli.run("providers", "set-key", "openai", "--stdin", stdin="sk-a b\n")
    assert code == 2 and "spaces" in err and "sk-a" not in err
    code, _out, err = cli.run("providers", "set-key", "nope", "--stdin", stdin=KEY)
    assert code == 2 and "'nope'" in err
    assert memory_keyring.entries == {}


def test_add_with_a_key_from_stdin_and_remove(cli: Cli, memory_keyring: MemoryKeyring) -> None:
    code, _out, err = cli.run(
        "providers", "add", "claude", "--preset", "anthropic", "--api-key-stdin", stdin=KEY
    )
    assert code == 0, err
    assert "stored in the system keyring" in err
    assert memory_keyring.entries == {(SERVICE, "claude"): KEY}
    code, _out, err = cli.run("providers", "remove", "claude")
    assert code == 0 and "deleted its API key" in err
    assert memory_keyring.entries == {}
    assert json.loads(cli.run("providers", "list", "--json")[1]) == []


def test_without_a_keyring_keys_are_refused_and_nothing_is_stored(
    cli: Cli, no_keyring: None, home: Path
) -> None:
    code, _out, err = cli.run(
        "providers", "add", "groq", "--preset", "groq", "--api-key-stdin", stdin=KEY
    )
    assert code == 2
    assert "no system keyring is available" in err
    assert "$GROQ_API_KEY" in err and "nothing was stored" in err
    assert json.loads(cli.run("providers", "list", "--json")[1]) == []  # not added either

    assert cli.run("providers", "add", "groq", "--preset", "groq")[0] == 0
    settings = (cli.config / "settings.json").read_bytes()
    before = files_under(cli.config, cli.data)
    code, _out, err = cli.run("providers", "set-key", "groq", "--stdin", stdin=KEY)
    assert code == 2
    assert "no system keyring is available" in err and "$GROQ_API_KEY" in err
    assert files_under(cli.config, cli.data) == before  # no new file (the db is only opened)
    assert (cli.config / "settings.json").read_bytes() == settings
    assert cli.run("providers", "delete-key", "groq")[0] == 2
    for path in files_under(cli.config, cli.data, home):
        assert KEY.encode() not in path.read_bytes(), path
    assert files_under(home) == set()
    code, out, err = cli.run("providers", "list")
    assert "key: MISSING (set $GROQ_API_KEY)" in out
    assert "no system keyring is available" in err


def test_the_keyring_key_is_the_one_sent(
    cli: Cli,
    memory_keyring: MemoryKeyring,
    httpserver: HTTPServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    httpserver.expect_request(
        "/v1/chat/completions", method="POST", headers={"Authorization": f"Bearer {KEY}"}
    ).respond_with_handler(sse_handler(openai_text_stream(["From the keyring."])))
    monkeypatch.setenv("LOCAL_KEY", "the-environment-key")
    url = httpserver.url_for("/v1")
    add = ("providers", "add", "local", "--base-url", url, "--api-key-env", "LOCAL_KEY")
    assert cli.run(*add, "--default-model", "m")[0] == 0
    assert cli.run("providers", "set-key", "local", stdin=KEY)[0] == 0  # stdin is not a TTY

    code, out, err = cli.run("ask", "hello")

    assert code == 0, err
    assert out == "From the keyring.\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_key_is_read_with_a_hidden_prompt(
    cli: Cli, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    import getpass

    prompts: list[str] = []

    def fake_getpass(prompt: str = "") -> str:
        prompts.append(prompt)
        return KEY

    monkeypatch.setattr(getpass, "getpass", fake_getpass)
    cli.run("providers", "add", "openai", "--preset", "openai")
    monkeypatch.setattr(sys, "stdin", _Terminal("typed-visibly\n"))

    code, out, err = cli.run("providers", "set-key", "openai", "--stdin")

    assert code == 0, err
    assert prompts == ["API key for openai (input hidden): "]
    assert memory_keyring.entries == {(SERVICE, "openai"): KEY}
    assert KEY not in out + err

"""The ``parley`` command line, in process (``ui.cli.main``) and as a real subprocess, against a
local OpenAI-compatible streaming server, with its profile in a temporary folder.

Every test here runs as on a headless machine: keyring's "fail" backend (no system keyring), so
the results do not depend on the developer's own keychain; the keyring itself is tested in
``test_keys.py``."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.ports.settings_store import NetworkSettings
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.ui.cli import main
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import openai_text_stream, sse_handler

CHAT_PATH = "/v1/chat/completions"
MODEL = "test-model"
REPO = Path(__file__).resolve().parents[2]
EVENT_ORDER = ["turn_started", "user_message", "assistant_text", "turn_finished"]
SESSION_LINE = re.compile(r"^session ([0-9a-f]{32})$", re.MULTILINE)


# -- helpers -------------------------------------------------------------------------------------


class Profile:
    """A data and a config folder, and the CLI run in process against them."""

    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.data = root / "data"
        self.config = root / "config"
        self._capsys = capsys

    @property
    def dirs(self) -> list[str]:
        return ["--data-dir", str(self.data), "--config-dir", str(self.config)]

    def run(self, *args: str, dirs: bool = True) -> tuple[int, str, str]:
        self._capsys.readouterr()  # start clean
        argv = [*self.dirs, *args] if dirs else list(args)
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse usage errors
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = self._capsys.readouterr()
        return code, out, err

    def add_local(self, url: str, *extra: str, name: str = "local") -> None:
        code, _out, err = self.run(
            "providers", "add", name, "--kind", "openai", "--base-url", url,
            "--default-model", MODEL, *extra,
        )  # fmt: skip
        assert code == 0, err

    def fast_retries(self, max_attempts: int = 3) -> None:
        """Retry without waiting, so fault tests stay quick (the policy itself is unit-tested)."""
        JsonSettingsStore(self.config).set_network(
            NetworkSettings(max_attempts=max_attempts, base_delay=0.0, max_delay=0.0)
        )

    def export(self, session_id: str) -> dict:
        code, out, err = self.run("history", "export", session_id, "--format", "json")
        assert code == 0, err
        return json.loads(out)


@pytest.fixture
def profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Profile:
    return Profile(tmp_path, capsys)


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """Holds a gated response; always released so the one-request-at-a-time server is free."""
    event = threading.Event()
    yield event
    event.set()


# Every test runs as on a headless machine, whatever the environment says.
pytestmark = pytest.mark.usefixtures("headless")


def serve(httpserver: HTTPServer, body: bytes, **options: object) -> list[dict]:
    record: list[dict] = []
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_handler(
        sse_handler(body, record=record, **options)  # type: ignore[arg-type]
    )
    return record


def session_of(err: str) -> str:
    found = SESSION_LINE.findall(err)
    assert len(found) == 1, err
    return found[0]


def recorded(events: list[dict]) -> list[dict]:
    """``events`` without ``context_checked`` (recorded before every call; it is tested in
    test_turn_context.py), so the others keep the places ``EVENT_ORDER`` gives them."""
    return [e for e in events if e["type"] != "context_checked"]


def types_of(events: list[dict]) -> list[str]:
    return [e["type"] for e in recorded(events)]


def parley_command() -> list[str]:
    script = Path(sys.executable).with_name("parley")
    return [str(script)] if script.exists() else [sys.executable, "-m", "parley.ui.cli"]


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env.pop("MY_KEY", None)
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"  # headless, as in process
    env.update(extra)
    return env


def run_parley(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*parley_command(), *args],
        capture_output=True,
        text=True,
        env=env or subprocess_env(),
        cwd=REPO,
        timeout=30,
    )


# -- providers -----------------------------------------------------------------------------------


def test_providers_add_and_list(profile: Profile, httpserver: HTTPServer) -> None:
    url = httpserver.url_for("/v1")
    profile.add_local(url)
    profile.add_local("https://api.example.com/v1", "--api-key-env", "EXAMPLE_KEY", name="other")

    code, out, _err = profile.run("providers", "list", "--json")

    assert code == 0
    assert json.loads(out) == [
        {
            "name": "local",
            "kind": "openai",
            "preset": "",
            "base_url": url,
            "api_key_env": "",
            "default_model": MODEL,
            "default": True,
            "key_source": "none",
            "key_needed": False,
        },
        {
            "name": "other",
            "kind": "openai",
            "preset": "",
            "base_url": "https://api.example.com/v1",
            "api_key_env": "EXAMPLE_KEY",
            "default_model": MODEL,
            "default": False,
            "key_source": "none",
            "key_needed": True,
        },
    ]
    code, out, err = profile.run("providers", "list")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("* local") and url in lines[0] and "key: none" in lines[0]
    assert "other" in lines[1] and "key: MISSING (set $EXAMPLE_KEY)" in lines[1]
    assert "no system keyring is available" in err


def test_providers_add_rejects_a_duplicate_and_a_bad_url(profile: Profile) -> None:
    profile.add_local("http://localhost:1/v1")
    code, _out, err = profile.run(
        "providers", "add", "local", "--base-url", "http://localhost:2/v1"
    )
    assert code == 2 and "exists already" in err
    code, _out, err = profile.run("providers", "add", "bad", "--base-url", "ftp://host/v1")
    assert code == 2 and "http" in err
    code, out, _err = profile.run("providers", "list", "--json")
    assert [p["base_url"] for p in json.loads(out)] == ["http://localhost:1/v1"]


def test_providers_list_when_none_is_configured_says_how_to_add(profile: Profile) -> None:
    code, out, err = profile.run("providers", "list")
    assert code == 0 and out == ""
    assert "parley providers add" in err
    assert profile.run("providers", "list", "--json")[:2] == (0, "[]\n")


def test_providers_add_from_a_preset(profile: Profile) -> None:
    code, _out, err = profile.run("providers", "add", "groq", "--preset", "groq")
    assert code == 0, err
    assert "needs an API key" in err and "$GROQ_API_KEY" in err
    code, _out, err = profile.run(
        "providers", "add", "claude", "--preset", "anthropic", "--default-model", "claude-x"
    )
    assert code == 0, err
    code, _out, err = profile.run("providers", "add", "lm", "--preset", "lmstudio")
    assert code == 0, err
    assert "no default model" in err and "parley providers models lm" in err
    code, _out, err = profile.run(
        "providers", "add", "proxy", "--preset", "openai", "--base-url", "https://proxy.example/v1"
    )
    assert code == 0, err

    listed = {p["name"]: p for p in json.loads(profile.run("providers", "list", "--json")[1])}

    assert listed["groq"] == {
        "name": "groq",
        "kind": "openai",
        "preset": "groq",
        "base_url": "https://api.groq.com/openai/v1",
        "api_key_env": "GROQ_API_KEY",
        "default_model": "llama-3.3-70b-versatile",
        "default": True,
        "key_source": "none",
        "key_needed": True,
    }
    assert (listed["claude"]["kind"], listed["claude"]["default_model"]) == (
        "anthropic",
        "claude-x",
    )
    assert listed["claude"]["api_key_env"] == "ANTHROPIC_API_KEY"
    assert (listed["lm"]["base_url"], listed["lm"]["key_needed"]) == (
        "http://localhost:1234/v1",
        False,
    )
    # the vendor's key variable is not carried over to another host
    assert listed["proxy"]["api_key_env"] == ""


def test_providers_add_usage_errors(profile: Profile) -> None:
    code, _out, err = profile.run("providers", "add", "x")
    assert code == 2 and "--base-url is required without --preset" in err
    code, _out, err = profile.run("providers", "add", "x", "--preset", "nope")
    assert code == 2 and "invalid choice" in err
    code, _out, err = profile.run("providers", "add", "x", "--preset", "ollama", "--kind", "openai")
    assert code == 2 and "ollama-openai" in err
    code, _out, err = profile.run("providers", "add", "x", "--kind", "cohere", "--base-url", "h")
    assert code == 2
    assert profile.run("providers", "list", "--json")[1] == "[]\n"


def test_providers_presets(profile: Profile) -> None:
    code, out, _err = profile.run("providers", "presets", "--json")
    assert code == 0
    presets = {p["name"]: p for p in json.loads(out)}
    assert presets["lmstudio"]["base_url"] == "http://localhost:1234/v1"
    assert presets["gemini"]["key_env"] == "GEMINI_API_KEY"
    assert presets["ollama"]["kind"] == "ollama"
    code, out, _err = profile.run("providers", "presets")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("PRESET")
    assert [line.split()[0] for line in lines[1:]] == list(presets)


def test_providers_remove(profile: Profile) -> None:
    profile.add_local("http://localhost:1/v1")
    profile.add_local("http://localhost:2/v1", name="second")
    code, _out, err = profile.run("providers", "remove", "local")
    assert code == 0, err
    listed = json.loads(profile.run("providers", "list", "--json")[1])
    assert [p["name"] for p in listed] == ["second"]
    assert not listed[0]["default"]  # removing the default leaves none
    code, _out, err = profile.run("providers", "remove", "local")
    assert code == 2 and "'local'" in err


def test_providers_models(profile: Profile, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/models").respond_with_json(
        {"object": "list", "data": [{"id": "model-a"}, {"id": "model-b"}]}
    )
    profile.add_local(httpserver.url_for("/v1"))

    assert profile.run("providers", "models", "local") == (0, "model-a\nmodel-b\n", "")
    code, out, _err = profile.run("providers", "models", "local", "--json")
    assert (code, json.loads(out)) == (0, ["model-a", "model-b"])
    assert profile.run("providers", "models", "missing")[0] == 2

    httpserver.clear()
    httpserver.expect_request("/v1/models").respond_with_json(
        {"error": {"message": "Invalid API key"}}, status=401
    )
    code, out, err = profile.run("providers", "models", "local")
    assert code == 1 and out == ""
    assert "auth:" in err and "HTTP 401" in err and "Invalid API key" in err


def test_providers_models_without_the_key_says_where_it_looked(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GROQ_API_KEY", raising=False)
    profile.run("providers", "add", "groq", "--preset", "groq")
    code, _out, err = profile.run("providers", "models", "groq")
    assert code == 1
    assert "config:" in err and "needs an API key" in err and "$GROQ_API_KEY" in err
    assert "no system keyring is available" in err


def test_providers_test_reports_latency(profile: Profile, httpserver: HTTPServer) -> None:
    record = serve(httpserver, openai_text_stream(["OK", "."]))
    profile.add_local(httpserver.url_for("/v1"))

    code, out, err = profile.run("providers", "test", "local")

    assert code == 0, err
    assert re.fullmatch(rf"OK · first token in \d+ ms · total \d+ ms · model {MODEL}\n", out), out
    (sent,) = record
    assert sent["messages"] == [{"role": "user", "content": "Reply with OK."}]
    assert sent["max_tokens"] == 16
    code, out, err = profile.run("providers", "test", "local", "--model", "other-model")
    assert code == 0, err
    assert out.endswith("· model other-model\n")
    assert record[1]["model"] == "other-model"
    # a test is not a conversation: nothing is recorded
    assert profile.run("history", "list", "--json")[1] == "[]\n"


def test_providers_test_reports_the_exact_failure(profile: Profile, httpserver: HTTPServer) -> None:
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_json(
        {"error": {"message": "The model is overloaded"}}, status=500
    )
    profile.add_local(httpserver.url_for("/v1"))

    code, out, err = profile.run("providers", "test", "local")

    assert code == 1 and out == ""
    assert err.startswith("FAILED · server_error: The provider had a server error (HTTP 500)")
    assert "The model is overloaded" in err
    assert len(httpserver.log) == 1  # reported as it is, not retried

    profile.add_local(httpserver.url_for("/v1"), "--default-model", "", "--replace")
    code, _out, err = profile.run("providers", "test", "local")
    assert code == 1 and "FAILED · config: no model to test with" in err
    assert profile.run("providers", "test", "nope")[0] == 2


def test_providers_test_unreachable(profile: Profile) -> None:
    profile.add_local("http://127.0.0.1:9/v1")  # the discard port: nothing listens
    code, _out, err = profile.run("providers", "test", "local")
    assert code == 1
    assert err.startswith("FAILED · network: could not connect to http://127.0.0.1:9/v1")


# -- ask -----------------------------------------------------------------------------------------


def test_ask_streams_the_answer_and_records_the_turn(
    profile: Profile, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["Paris", " is the", " capital."], usage=(9, 4)))
    profile.add_local(httpserver.url_for("/v1"))

    code, out, err = profile.run("ask", "What is the capital of France?")

    assert code == 0, err
    assert out == "Paris is the capital.\n"
    session_id = session_of(err)
    (sent,) = record
    assert sent["model"] == MODEL
    assert sent["messages"] == [{"role": "user", "content": "What is the capital of France?"}]

    export = profile.export(session_id)
    assert export["session"]["id"] == session_id
    assert export["session"]["title"] == "What is the capital of France?"
    events = export["events"]
    assert types_of(events) == EVENT_ORDER
    for event in events:
        assert {"id", "ts", "type", "turn_id", "actor", "payload"} <= set(event)
    assert len({e["turn_id"] for e in events}) == 1
    assert recorded(events)[1]["payload"]["text"] == "What is the capital of France?"
    assert recorded(events)[2]["payload"]["text"] == "Paris is the capital."
    finished = recorded(events)[3]["payload"]
    assert finished["status"] == "completed"
    assert finished["usage"]["input_tokens"] == 9
    assert finished["usage"]["output_tokens"] == 4


def test_ask_json_prints_one_stored_event_per_line(
    profile: Profile, httpserver: HTTPServer
) -> None:
    serve(httpserver, openai_text_stream(["Hi", " there"]))
    profile.add_local(httpserver.url_for("/v1"))

    code, out, err = profile.run("ask", "--json", "Say hi")

    assert code == 0, err
    lines = out.splitlines()
    events = [json.loads(line) for line in lines]  # every line is one JSON document
    assert types_of(events) == EVENT_ORDER
    assert recorded(events)[2]["payload"]["text"] == "Hi there"
    assert recorded(events)[3]["payload"]["status"] == "completed"
    # the same events as the log holds
    assert events == profile.export(session_of(err))["events"]


def test_ask_reads_the_prompt_from_standard_input(
    profile: Profile, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = serve(httpserver, openai_text_stream(["ok"]))
    profile.add_local(httpserver.url_for("/v1"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("piped question\n"))

    code, out, err = profile.run("ask", "-")

    assert code == 0, err
    assert out == "ok\n"
    assert record[0]["messages"][-1]["content"] == "piped question\n"


def test_ask_with_no_provider_says_how_to_add_one(profile: Profile) -> None:
    code, out, err = profile.run("ask", "hello")

    assert code == 2
    assert out == ""
    assert "parley providers add" in err and "--base-url" in err
    assert profile.run("history", "list", "--json")[1] == "[]\n"  # nothing was recorded


def test_ask_usage_errors_exit_2(profile: Profile, httpserver: HTTPServer) -> None:
    profile.add_local(httpserver.url_for("/v1"))
    assert profile.run("ask", "   ")[0] == 2
    assert profile.run("ask", "--timeout", "0", "hi")[0] == 2
    assert profile.run("ask", "--no-such-option", "hi")[0] == 2
    code, _out, err = profile.run("ask", "--provider", "missing", "hi")
    assert code == 2 and "'missing'" in err
    assert len(httpserver.log) == 0
    assert profile.run("history", "list", "--json")[1] == "[]\n"


def test_provider_error_exits_1_with_the_message(profile: Profile, httpserver: HTTPServer) -> None:
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_json(
        {"error": {"message": "Incorrect API key provided"}}, status=401
    )
    profile.add_local(httpserver.url_for("/v1"))

    code, out, err = profile.run("ask", "hello")

    assert code == 1
    assert out == ""
    assert "HTTP 401" in err and "Incorrect API key provided" in err
    assert len(httpserver.log) == 1  # a rejected key is never retried
    events = profile.export(session_of(err))["events"]
    assert types_of(events) == ["turn_started", "user_message", "turn_finished"]
    assert events[-1]["payload"]["status"] == "failed"


def test_server_errors_are_retried_then_reported(profile: Profile, httpserver: HTTPServer) -> None:
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_json(
        {"error": {"message": "The model is overloaded"}}, status=500
    )
    profile.add_local(httpserver.url_for("/v1"))
    profile.fast_retries(max_attempts=3)

    code, out, err = profile.run("ask", "hello")

    assert code == 1
    assert out == ""
    assert "HTTP 500" in err and "The model is overloaded" in err
    assert "after 3 attempts" in err
    assert len(httpserver.log) == 3
    events = profile.export(session_of(err))["events"]
    assert types_of(events) == [
        "turn_started",
        "user_message",
        "notice",
        "notice",
        "turn_finished",
    ]
    assert "attempt 2 of 3" in recorded(events)[2]["payload"]["text"]
    assert events[-1]["payload"]["status"] == "failed"


def test_session_continues_a_conversation(profile: Profile, httpserver: HTTPServer) -> None:
    record = serve(httpserver, openai_text_stream(["Paris."]))
    profile.add_local(httpserver.url_for("/v1"))
    code, _out, err = profile.run("ask", "Capital of France?")
    assert code == 0, err
    session_id = session_of(err)

    code, out, err = profile.run("ask", "--session", session_id, "And of Italy?")

    assert code == 0, err
    assert out == "Paris.\n"
    assert session_of(err) == session_id
    assert [(m["role"], m["content"]) for m in record[1]["messages"]] == [
        ("user", "Capital of France?"),
        ("assistant", "Paris."),
        ("user", "And of Italy?"),
    ]
    assert types_of(profile.export(session_id)["events"]) == EVENT_ORDER * 2
    assert len(json.loads(profile.run("history", "list", "--json")[1])) == 1


def test_unknown_session_exits_2(profile: Profile, httpserver: HTTPServer) -> None:
    profile.add_local(httpserver.url_for("/v1"))

    code, _out, err = profile.run("ask", "--session", "f" * 32, "hello")

    assert code == 2
    assert "f" * 32 in err
    assert len(httpserver.log) == 0
    assert profile.run("history", "list", "--json")[1] == "[]\n"
    assert profile.run("history", "show", "f" * 32)[0] == 2
    assert profile.run("history", "export", "f" * 32)[0] == 2


# -- history -------------------------------------------------------------------------------------


def test_history_list_show_and_export(
    profile: Profile, httpserver: HTTPServer, tmp_path: Path
) -> None:
    serve(httpserver, openai_text_stream(["An answer."]))
    profile.add_local(httpserver.url_for("/v1"))
    first = session_of(profile.run("ask", "First question")[2])
    second = session_of(profile.run("ask", "Second question")[2])

    code, out, _err = profile.run("history", "list", "--json")
    assert code == 0
    sessions = json.loads(out)
    assert [s["id"] for s in sessions] == [second, first]  # newest first
    assert [s["title"] for s in sessions] == ["Second question", "First question"]
    for s in sessions:
        assert {"id", "title", "created_at", "updated_at"} <= set(s)
    code, out, _err = profile.run("history", "list")
    assert [line.split()[0] for line in out.splitlines()] == [second, first]

    code, out, _err = profile.run("history", "show", first)
    assert code == 0
    assert "First question" in out and "An answer." in out and "completed" in out
    assert "Second question" not in out
    code, out, _err = profile.run("history", "show", first, "--json")
    assert code == 0 and types_of(json.loads(out)["events"]) == EVENT_ORDER

    target = tmp_path / "export.json"
    code, out, err = profile.run("history", "export", first, "--format", "json", "-o", str(target))
    assert code == 0 and out == ""
    assert "5 events" in err  # with the context check before the call
    assert json.loads(target.read_text(encoding="utf-8")) == profile.export(first)


def test_environment_variables_choose_the_profile(
    profile: Profile, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data, config = tmp_path / "env-data", tmp_path / "env-config"
    monkeypatch.setenv("PARLEY_DATA_DIR", str(data))
    monkeypatch.setenv("PARLEY_CONFIG_DIR", str(config))
    serve(httpserver, openai_text_stream(["From env."]))

    code, _out, err = profile.run(
        "providers", "add", "local", "--base-url", httpserver.url_for("/v1"),
        "--default-model", MODEL, dirs=False,
    )  # fmt: skip
    assert code == 0, err
    code, out, err = profile.run("ask", "hello", dirs=False)

    assert code == 0, err
    assert out == "From env.\n"
    assert (config / "settings.json").is_file()
    assert (data / "parley.db").is_file()
    assert not profile.config.exists() and not profile.data.exists()
    # the explicit flags still win over the environment
    assert profile.run("history", "list", "--json")[1] == "[]\n"


# -- API keys ------------------------------------------------------------------------------------


def test_api_key_is_sent_but_never_stored(
    profile: Profile, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    secret = "sk-secret-123"
    monkeypatch.setenv("MY_KEY", secret)
    httpserver.expect_request(
        CHAT_PATH, method="POST", headers={"Authorization": f"Bearer {secret}"}
    ).respond_with_handler(sse_handler(openai_text_stream(["Authorised."])))
    profile.add_local(httpserver.url_for("/v1"), "--api-key-env", "MY_KEY")

    code, out, err = profile.run("ask", "hello")

    assert code == 0, err  # a request without the right header finds no handler (HTTP 500)
    assert out == "Authorised.\n"
    (request, _response) = httpserver.log[0]
    assert request.headers["Authorization"] == f"Bearer {secret}"
    code, export_text, _ = profile.run("history", "export", session_of(err))
    assert code == 0
    show = profile.run("history", "show", session_of(err))[1]
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert profile.data / "parley.db" in files
    assert profile.config / "settings.json" in files
    assert "MY_KEY" in (profile.config / "settings.json").read_text(encoding="utf-8")
    for path in files:
        assert secret.encode() not in path.read_bytes(), path
    for text in (out, err, export_text, show):
        assert secret not in text


def test_missing_key_variable_exits_2_naming_it(
    profile: Profile, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLEY_TEST_MISSING_KEY", raising=False)
    profile.add_local(httpserver.url_for("/v1"), "--api-key-env", "PARLEY_TEST_MISSING_KEY")

    code, out, err = profile.run("ask", "hello")

    assert code == 2
    assert out == ""
    assert "PARLEY_TEST_MISSING_KEY" in err
    assert "no system keyring is available" in err  # said plainly; the environment was used
    assert len(httpserver.log) == 0


def test_a_remote_preset_without_a_key_exits_2_saying_where_parley_looked(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    profile.run("providers", "add", "claude", "--preset", "anthropic")

    code, out, err = profile.run("ask", "hello")

    assert code == 2 and out == ""
    assert "provider 'claude' needs an API key" in err
    assert "$ANTHROPIC_API_KEY" in err
    assert profile.run("history", "list", "--json")[1] == "[]\n"


# -- real subprocesses ---------------------------------------------------------------------------


def test_subprocess_add_ask_and_export(tmp_path: Path, httpserver: HTTPServer) -> None:
    serve(httpserver, openai_text_stream(["Streamed", " from", " a subprocess."], usage=(3, 5)))
    dirs = ["--data-dir", str(tmp_path / "d"), "--config-dir", str(tmp_path / "c")]
    add = run_parley(
        *dirs, "providers", "add", "local", "--kind", "openai",
        "--base-url", httpserver.url_for("/v1"), "--default-model", MODEL,
    )  # fmt: skip
    assert add.returncode == 0, add.stderr

    ask = run_parley(*dirs, "ask", "Tell me something")

    assert ask.returncode == 0, ask.stderr
    assert ask.stdout == "Streamed from a subprocess.\n"
    session_id = session_of(ask.stderr)
    export = run_parley(*dirs, "history", "export", session_id, "--format", "json")
    assert export.returncode == 0, export.stderr
    events = json.loads(export.stdout)["events"]
    assert types_of(events) == EVENT_ORDER
    assert recorded(events)[2]["payload"]["text"] == "Streamed from a subprocess."
    assert recorded(events)[3]["payload"]["status"] == "completed"
    assert recorded(events)[3]["payload"]["usage"] == {
        "input_tokens": 3,
        "output_tokens": 5,
        "total_tokens": 8,
    }


def test_subprocess_honours_profile_environment_and_usage_exit(
    tmp_path: Path, httpserver: HTTPServer
) -> None:
    env = subprocess_env(PARLEY_DATA_DIR=str(tmp_path / "d"), PARLEY_CONFIG_DIR=str(tmp_path / "c"))
    no_provider = run_parley("ask", "hello", env=env)
    assert no_provider.returncode == 2
    assert "parley providers add" in no_provider.stderr

    serve(httpserver, openai_text_stream(["ok"]))
    add = run_parley(
        "providers", "add", "local", "--base-url", httpserver.url_for("/v1"),
        "--default-model", MODEL, env=env,
    )  # fmt: skip
    assert add.returncode == 0, add.stderr
    listed = run_parley("providers", "list", "--json", env=env)
    assert [p["name"] for p in json.loads(listed.stdout)] == ["local"]
    assert (tmp_path / "c" / "settings.json").is_file()


def test_ctrl_c_cancels_keeps_the_partial_answer_and_exits_130(
    tmp_path: Path, httpserver: HTTPServer, gate: threading.Event, profile: Profile
) -> None:
    body = openai_text_stream(["Once upon", " a time"])
    start = body.index(b'"Once upon"')
    cut = body.index(b"\n\n", start) + 2
    serve(httpserver, body, slice_size=cut, gate=gate, gate_after=1)  # hold after the first text
    profile.add_local(httpserver.url_for("/v1"))

    proc = subprocess.Popen(
        [*parley_command(), *profile.dirs, "ask", "Tell me a story"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
        cwd=REPO,
    )
    received = bytearray()
    first_text = threading.Event()

    def read_stdout() -> None:
        assert proc.stdout is not None
        while chunk := os.read(proc.stdout.fileno(), 1024):
            received.extend(chunk)
            if b"Once upon" in received:
                first_text.set()

    reader = threading.Thread(target=read_stdout, daemon=True)
    reader.start()
    try:
        assert first_text.wait(15), f"no text arrived; stdout so far {bytes(received)!r}"
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(5)
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    proc.stdout.close()
    proc.stderr.close()

    assert code == 130, err
    assert received.decode().startswith("Once upon")
    assert "a time" not in received.decode()
    assert "cancelled" in err
    events = profile.export(session_of(err))["events"]
    assert types_of(events) == EVENT_ORDER
    partial = recorded(events)[2]["payload"]
    assert (partial["text"], partial["partial"]) == ("Once upon", True)
    assert recorded(events)[3]["payload"]["status"] == "cancelled"
    assert types_of(events).count("turn_finished") == 1


def test_ask_refuses_an_unknown_skill_before_recording(
    profile: Profile, httpserver: HTTPServer
) -> None:
    profile.add_local(httpserver.url_for("/v1"))
    code, out, err = profile.run("ask", "/skill nonexistent explain this")
    assert code == 2 and out == ""
    assert "Unknown skill 'nonexistent'" in err
    assert httpserver.log == []  # nothing was sent


def test_ask_with_another_model_sends_a_review_note(
    profile: Profile, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["Paris."]))
    profile.add_local(httpserver.url_for("/v1"))
    code, _out, err = profile.run("ask", "Capital of France?")
    assert code == 0, err
    session_id = session_of(err)
    code, _out, err = profile.run("ask", "--session", session_id, "--model", "other", "Sure?")
    assert code == 0, err
    last = record[1]["messages"][-1]["content"]
    assert last.startswith("[Review note]") and last.endswith("\n\nSure?")
    assert "/model" not in last


def test_ask_session_continues_the_branch_last_chosen_in_the_window(
    profile: Profile, httpserver: HTTPServer
) -> None:
    from parley.domain.transcript.canonical import TurnFinished, TurnStarted, UserMessage
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path

    record = serve(httpserver, openai_text_stream(["Fine."]))
    profile.add_local(httpserver.url_for("/v1"))
    code, _out, err = profile.run("ask", "First")
    session_id = session_of(err)
    profile.run("ask", "--session", session_id, "Second")
    events = profile.export(session_id)["events"]
    first_turn, second_turn = dict.fromkeys(e["turn_id"] for e in events)
    with SqliteEventStore(default_db_path(profile.data)) as store:
        # A sibling of the second turn (as Regenerate makes), then the user goes back to the
        # second turn's branch in the window.
        store.append(session_id, "sibling", TurnStarted(provider_id="local", model="m",
                                                          follows_turn_id=first_turn))  # fmt: skip
        store.append(session_id, "sibling", UserMessage(text="Other"))
        store.append(session_id, "sibling", TurnFinished(status="completed"))
        store.set_current_turn(session_id, second_turn)

    code, _out, err = profile.run("ask", "--session", session_id, "Third")

    assert code == 0, err
    assert [m["content"] for m in record[-1]["messages"]] == [
        "First", "Fine.", "Second", "Fine.", "Third",
    ]  # fmt: skip

"""``parley ask --provider X`` for every provider kind, in process (``ui.cli.main``), against a
local server replaying that kind's recorded stream byte for byte.

Each case adds the provider the way a user would (``parley providers add NAME --kind K
--base-url URL --default-model M``, plus ``--api-key-env`` for the kinds whose native APIs need a
key), asks, and checks that standard output is exactly the recorded answer, the server saw the
provider's own endpoint (with the key where one was given), and ``parley history export`` holds
the turn: turn_started, user_message, assistant_text, turn_finished (completed, with the recorded
input and output token counts).

Runs as on a headless machine (keyring's "fail" backend), as tests/integration/test_cli.py does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from parley.ui.cli import main
from tests.support.cli_profile import headless  # noqa: F401 (fixture)
from tests.support.sse_server import ScriptedServer, chunked_script, fixture_path
from tests.support.wire_formats import KINDS, WIRE_FORMATS

SESSION_LINE = re.compile(r"^session ([0-9a-f]{32})$", re.MULTILINE)
EVENT_ORDER = [
    "turn_started",
    "user_message",
    "context_checked",
    "assistant_text",
    "turn_finished",
]
PROMPT = "Say something short."


@dataclass(frozen=True)
class Recording:
    """A recorded stream, its model, the answer text it carries and its usage (input, output)."""

    path: tuple[str, ...]
    model: str
    text: str
    usage: tuple[int, int]


RECORDINGS = {
    "openai": Recording(
        ("openai", "openai-chat-text-include-usage.sse"),
        "gpt-3.5-turbo-0125",
        "1, 2, 3, 4, 5",
        (14, 13),
    ),
    "anthropic": Recording(
        ("anthropic", "anthropic-text.sse"),
        "claude-sonnet-4-5-20250929",
        "- Captain\n- Scoop",
        (17, 10),
    ),
    "ollama": Recording(
        ("ollama", "ollama-chat-stream.ndjson"),
        "gemma3:1b",
        "Okay, here we go!\n\n1, 2, 3, 4, 5\n",
        (16, 22),
    ),
    "gemini": Recording(
        ("gemini", "gemini-sse-text.sse"),
        "gemini-2.0-flash-exp",
        "The capital of France is Paris.\n",
        (13, 8),
    ),
}

#: The variable each keyed kind reads its key from, and a key that is sent but never stored.
KEY_ENV = {"anthropic": "PARLEY_CLI_ANTHROPIC_KEY", "gemini": "PARLEY_CLI_GEMINI_KEY"}
KEYS = {"anthropic": "sk-ant-cli-0123456789abcdef", "gemini": "AIzaCli0123456789abcdef"}


# Every test runs as on a headless machine: no profile from the environment, no keyring.
pytestmark = pytest.mark.usefixtures("headless")


class CLI:
    """``parley`` in process against a data and a config folder in ``root``."""

    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.dirs = ["--data-dir", str(root / "data"), "--config-dir", str(root / "config")]
        self._capsys = capsys

    def __call__(self, *args: str) -> tuple[int, str, str]:
        self._capsys.readouterr()
        try:
            code = main([*self.dirs, *args])
        except SystemExit as exc:  # argparse usage errors
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = self._capsys.readouterr()
        return code, out, err


@pytest.mark.parametrize("kind", KINDS)
def test_ask_streams_the_recording_of_each_kind(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fmt, recording = WIRE_FORMATS[kind], RECORDINGS[kind]
    body = fixture_path("providers", *recording.path).read_bytes()
    cli = CLI(tmp_path, capsys)
    key_option: list[str] = []
    if kind in KEY_ENV:
        monkeypatch.setenv(KEY_ENV[kind], KEYS[kind])
        key_option = ["--api-key-env", KEY_ENV[kind]]
    name = f"local-{kind}"

    # Small HTTP chunks of an odd size: events and UTF-8 sequences split anywhere.
    script = chunked_script(body, slice_size=61, content_type=fmt.content_type)
    with ScriptedServer(script) as server:
        code, _out, err = cli(
            "providers", "add", name, "--kind", kind, "--base-url", fmt.base_url(server.url),
            "--default-model", recording.model, *key_option,
        )  # fmt: skip
        assert code == 0, err
        code, out, err = cli("ask", "--provider", name, PROMPT)
        requests = list(server.requests)

    assert code == 0, err
    # The answer exactly; the CLI ends the line when the answer does not.
    assert out == recording.text + ("" if recording.text.endswith("\n") else "\n")
    (request,) = requests
    head, _, sent = request.partition(b"\r\n\r\n")
    request_line = f"{fmt.method} {fmt.request_path(recording.model)} HTTP/1.1".encode()
    assert head.split(b"\r\n")[0] == request_line
    assert _prompt_in(kind, json.loads(sent))
    headers = head.decode("latin-1").lower()
    header, spell = fmt.key_header
    if kind in KEYS:
        assert f"\r\n{header}: {spell(KEYS[kind])}".lower() in headers
    else:
        assert "\r\nauthorization:" not in headers

    found = SESSION_LINE.findall(err)
    assert len(found) == 1, err
    code, exported, err = cli("history", "export", found[0], "--format", "json")
    assert code == 0, err
    assert KEYS.get(kind, "\0") not in exported
    events = json.loads(exported)["events"]
    assert [e["type"] for e in events] == EVENT_ORDER
    started, user, checked, answer, finished = (e["payload"] for e in events)
    assert (started["provider_id"], started["model"]) == (name, recording.model)
    assert user["text"] == PROMPT
    assert checked["window"] > 0 and checked["prompt_tokens"] > 0
    assert answer["text"] == recording.text
    assert answer["finish_reason"] == "stop"
    assert not answer.get("partial", False)
    assert finished["status"] == "completed"
    usage = finished["usage"]
    assert (usage["input_tokens"], usage["output_tokens"]) == recording.usage


def _prompt_in(kind: str, sent: dict) -> bool:
    """The prompt went out as the one user message, in the kind's request shape."""
    if kind == "gemini":
        return sent["contents"] == [{"role": "user", "parts": [{"text": PROMPT}]}]
    (message,) = sent["messages"]
    content = message["content"]
    if kind == "anthropic":
        return message["role"] == "user" and content == [{"type": "text", "text": PROMPT}]
    return message["role"] == "user" and content == PROMPT

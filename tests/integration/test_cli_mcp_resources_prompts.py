"""``parley mcp resources | read | prompts | prompt`` against real servers: ``behaving.py`` (a text
resource, a prompt with a required argument) and ``shelf.py`` (Markdown, JSON and PNG resources,
a prompt with an optional argument, a prompt of several messages), both on the SDK's MCPServer.

The main paths run ``parley`` as a real subprocess, as a user would; the refusals run in process
(the real parser, the real composition root, the real SDK-based client: only the process
boundary is skipped, which keeps the test quick)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.bootstrap import build_services
from parley.ui.cli import build_parser
from parley.ui.cli.common import UsageError
from parley.ui.cli.mcp import run_mcp
from tests.support.keyrings import MemoryKeyring

client_module = pytest.importorskip("parley.infrastructure.mcp.client")
REPO = Path(__file__).resolve().parents[2]
SERVERS = REPO / "tests" / "fixtures" / "mcp_servers"
BEHAVING = SERVERS / "behaving.py"
SHELF = SERVERS / "shelf.py"


def parley(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("parley")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "parley.ui.cli"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"  # headless
    dirs = ["--data-dir", str(root / "d"), "--config-dir", str(root / "c")]
    return subprocess.run(
        [*command, *dirs, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
    )


def test_resources_and_read_in_a_real_subprocess(tmp_path: Path) -> None:
    added = parley(tmp_path, "mcp", "add", "behaving", "--", sys.executable, str(BEHAVING))
    assert added.returncode == 0, added.stderr
    listed = parley(tmp_path, "mcp", "resources", "behaving")
    assert listed.returncode == 0, listed.stderr
    header, row = listed.stdout.splitlines()
    assert header.split() == ["URI", "NAME", "MIME", "DESCRIPTION"]
    assert row.split() == ["note://hello", "hello", "text/plain", "-"]
    read = parley(tmp_path, "mcp", "read", "behaving", "note://hello")
    assert read.returncode == 0, read.stderr
    assert read.stdout == "hello resource\n"
    as_json = parley(tmp_path, "mcp", "read", "behaving", "note://hello", "--json")
    assert json.loads(as_json.stdout) == {
        "server": "behaving",
        "uri": "note://hello",
        "mime_type": "text/plain",
        "binary": False,
        "text": "hello resource",
        "truncated": False,
    }


def test_prompts_and_prompt_in_a_real_subprocess(tmp_path: Path) -> None:
    added = parley(tmp_path, "mcp", "add", "behaving", "--", sys.executable, str(BEHAVING))
    assert added.returncode == 0, added.stderr
    listed = parley(tmp_path, "mcp", "prompts", "behaving")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == "greet  Greet someone\n  * name\n"
    assert "* required" in listed.stderr
    rendered = parley(tmp_path, "mcp", "prompt", "behaving", "greet", "--arg", "name=Ann")
    assert rendered.returncode == 0, rendered.stderr
    assert rendered.stdout == "Say hello to Ann.\n"
    missing = parley(tmp_path, "mcp", "prompt", "behaving", "greet")
    assert missing.returncode == 2
    assert "prompt 'greet' of 'behaving' needs --arg name=VALUE" in missing.stderr
    assert missing.stdout == ""


# -- in process, the same real servers ----------------------------------------------------------


@pytest.fixture
def cli(tmp_path: Path, capsys, monkeypatch) -> Iterator:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    services = build_services(
        tmp_path / "data", tmp_path / "config", secrets=KeyringSecretStore(backend=MemoryKeyring())
    )
    client = client_module.SdkMcpClient(tmp_path / "logs")

    def run(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        parser = build_parser()
        try:
            args = parser.parse_args(["mcp", *argv])
        except SystemExit as exc:  # argparse's own usage errors
            return int(exc.code or 0), *capsys.readouterr()
        saved, sys.stdin = sys.stdin, io.StringIO("")
        try:
            code = run_mcp(services, args, parser, client=client)
        except UsageError as exc:
            print(f"parley: {exc}", file=sys.stderr)
            code = 2
        finally:
            sys.stdin = saved
        out, err = capsys.readouterr()
        return code, out, err

    yield run
    client.close()
    services.close()


def test_every_kind_of_resource(cli) -> None:
    assert cli("add", "shelf", "--", sys.executable, str(SHELF))[0] == 0
    code, out, err = cli("resources", "shelf", "--json")
    assert code == 0, err
    assert json.loads(out) == [
        {"uri": "shelf://readme", "name": "readme", "mime_type": "text/markdown",
         "description": "How to use the shelf"},
        {"uri": "shelf://data.json", "name": "data", "mime_type": "application/json",
         "description": ""},
        {"uri": "shelf://cover.png", "name": "cover", "mime_type": "image/png",
         "description": ""},
    ]  # fmt: skip
    code, out, _err = cli("resources", "shelf")
    rows = [line.split(None, 3) for line in out.splitlines()]
    assert rows[1] == ["shelf://readme", "readme", "text/markdown", "How to use the shelf"]
    code, out, err = cli("read", "shelf", "shelf://readme")
    assert (code, out) == (0, "# The shelf\nTwo lines of text.\n"), err
    code, out, _err = cli("read", "shelf", "shelf://data.json")
    assert (code, out) == (0, '{"books": 3}\n')  # JSON is text
    code, out, err = cli("read", "shelf", "shelf://cover.png")
    assert code == 1 and out == ""
    assert "shelf://cover.png of 'shelf' is binary (image/png, 72 B)" in err
    assert "prints text only" in err
    code, out, _err = cli("read", "shelf", "shelf://cover.png", "--json")
    found = json.loads(out)
    assert code == 0 and found["binary"] is True and found["text"] == ""


def test_prompt_arguments_are_checked_before_the_server_is_asked(cli) -> None:
    assert cli("add", "shelf", "--", sys.executable, str(SHELF))[0] == 0
    code, out, _err = cli("prompts", "shelf")
    assert code == 0
    assert out == (
        "review  Review a book\n  * title\n    tone\ndialogue  A short dialogue\n  * topic\n"
    )
    code, out, _err = cli("prompts", "shelf", "--json")
    review = json.loads(out)[0]
    assert review["arguments"] == [
        {"name": "title", "description": "", "required": True},
        {"name": "tone", "description": "", "required": False},
    ]
    code, out, err = cli("prompt", "shelf", "review", "--arg", "title=Dune")
    assert (code, out) == (0, "Review 'Dune' in a kind tone.\n"), err
    code, out, _err = cli("prompt", "shelf", "review", "--arg", "title=Dune", "--arg", "tone=dry")
    assert out == "Review 'Dune' in a dry tone.\n"
    code, out, _err = cli("prompt", "shelf", "dialogue", "--arg", "topic=owls", "--json")
    assert json.loads(out) == {
        "server": "shelf",
        "prompt": "dialogue",
        "arguments": {"topic": "owls"},
        "text": "Tell me about owls.\n\nowls is a topic.",
    }
    code, _out, err = cli("prompt", "shelf", "review", "--arg", "tone=dry")
    assert code == 2 and "needs --arg title=VALUE" in err
    code, _out, err = cli("prompt", "shelf", "review", "--arg", "title=a", "--arg", "mood=b")
    assert code == 2 and "takes no argument 'mood' (its arguments: title, tone)" in err
    code, _out, err = cli("prompt", "shelf", "review", "--arg", "title=a", "--arg", "title=b")
    assert code == 2 and "--arg title is given twice" in err
    code, _out, err = cli("prompt", "shelf", "nope")
    assert code == 2 and "no prompt named 'nope' (its prompts: review, dialogue)" in err
    code, _out, err = cli("prompt", "shelf", "review", "--arg", "novalue")
    assert code == 2 and "is not NAME=VALUE" in err


def test_failures_name_the_server_and_its_log(cli) -> None:
    assert cli("add", "shelf", "--", sys.executable, str(SHELF))[0] == 0
    code, out, err = cli("read", "shelf", "shelf://missing")
    assert code == 1 and out == ""
    assert "FAILED · MCP server 'shelf'" in err and "shelf.log" in err
    assert cli("add", "gone", "--", "/nonexistent")[0] == 0
    for argv in (("resources", "gone"), ("prompts", "gone"), ("read", "gone", "x://y"),
                 ("prompt", "gone", "p")):  # fmt: skip
        code, out, err = cli(*argv)
        assert code == 1 and out == "", argv
        assert "FAILED · MCP server 'gone'" in err and "gone.log" in err, argv
    code, _out, err = cli("resources", "unknown")
    assert code == 2 and "no MCP server named 'unknown'" in err


def test_only_a_described_blob_of_a_binary_type_counts_as_binary() -> None:
    from parley.application.mcp.model import McpResourceContent
    from parley.ui.cli.mcp import _binary

    blob = McpResourceContent("x://a", "image/png", "[resource: x://a, image/png, 12 KB]")
    assert _binary(blob) == "image/png, 12 KB"
    # A text resource whose text merely looks like the description stays text.
    note = McpResourceContent("x://n", "text/plain", "[resource: x://a, image/png, 12 KB]")
    assert _binary(note) == ""
    assert _binary(McpResourceContent("x://j", "application/ld+json", note.text)) == ""
    assert _binary(McpResourceContent("x://t", "image/png", "plain words")) == ""

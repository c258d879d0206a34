"""End to end: a server configured with ``parley mcp add`` (its secret taken from the environment
into the keyring) or imported from a Claude desktop file, then started by the real SDK-based
client (``infrastructure/mcp``) with the secret looked up through ``application.mcp.secrets`` —
the wiring the composition root uses. Skips when the client is not there."""

from __future__ import annotations

import io
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.mcp.secrets import secret_lookup
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.bootstrap import build_services
from parley.ui.cli import build_parser
from parley.ui.cli.mcp import run_mcp
from tests.support.keyrings import MemoryKeyring

client_module = pytest.importorskip("parley.infrastructure.mcp.client")
SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers" / "behaving.py"
SECRET = "s3cr3t-value-from-the-environment"


@pytest.fixture
def profile(tmp_path: Path, monkeypatch) -> Iterator[tuple]:
    if not SERVER.exists():
        pytest.skip("the test server tests/fixtures/mcp_servers/behaving.py is not there")
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    secrets = KeyringSecretStore(backend=MemoryKeyring())
    services = build_services(tmp_path / "data", tmp_path / "config", secrets=secrets)
    client = client_module.SdkMcpClient(tmp_path / "logs", secret_lookup(secrets))
    yield services, client, tmp_path
    client.close()
    services.close()


def run(services, client, capsys, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    capsys.readouterr()
    parser = build_parser()
    args = parser.parse_args(["mcp", *argv])
    saved, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        code = run_mcp(services, args, parser, client=client)
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    return code, out, err


def test_add_then_test_with_a_secret_from_the_keyring(profile, capsys, monkeypatch) -> None:
    services, client, root = profile
    monkeypatch.setenv("SECRET_TOKEN", SECRET)
    argv = ["add", "good", "--env", "MARKER=m1", "--secret-env", "SECRET_TOKEN", "--"]
    code, _out, err = run(services, client, capsys, *argv, sys.executable, str(SERVER))
    assert code == 0, err
    monkeypatch.delenv("SECRET_TOKEN")  # from now on only the keyring has it
    code, out, err = run(services, client, capsys, "test", "good", "--timeout", "60")
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("OK · good: behaving 1.0 · protocol ") and "tools" in first
    assert "\n  echo" in out
    config = services.settings.mcp_server("good")
    result = client.call_tool(config, "env", {}, threading.Event(), timeout_s=30)
    assert "MARKER=m1" in result.text and "SECRET_TOKEN=set" in result.text
    client.stop("good")
    settings_text = (root / "config" / "settings.json").read_text(encoding="utf-8")
    assert SECRET not in settings_text
    code, out, _err = run(services, client, capsys, "log", "good")
    assert code == 0 and SECRET not in out


def test_import_a_claude_desktop_file_and_connect(profile, capsys, tmp_path: Path) -> None:
    services, client, _root = profile
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(
        json.dumps({"mcpServers": {"Behaving": {"command": sys.executable, "args": [str(SERVER)],
                                                "env": {"MARKER": "imported"}}}}),
        encoding="utf-8",
    )  # fmt: skip
    code, _out, err = run(services, client, capsys, "import", str(path))
    assert code == 0 and "'Behaving' is imported as 'behaving'" in err
    code, out, err = run(services, client, capsys, "tools", "behaving", "--json")
    assert code == 0, err
    names = {row["name"] for row in json.loads(out)}
    assert {"echo", "add", "env"} <= names

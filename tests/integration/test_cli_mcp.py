"""``parley mcp``: add, list, import, test, tools, policy, log and remove, in process against a
profile in tmp_path, with the in-memory ``FakeMcpClient`` standing in for the servers (the real
client is tested against real servers elsewhere) and an in-memory keyring for the secrets.

The commands are run as ``parley`` runs them: the real parser (``build_parser``), the real
composition root (``build_services``), then ``run_mcp`` with the fake client injected."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from keyring.backends import fail

from parley.application.mcp.model import McpAnnotations, McpServerStatus, McpTool
from parley.application.mcp.pinning import MemoryPinStore, ToolPins
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.bootstrap import build_services
from parley.ui.cli import build_parser
from parley.ui.cli.common import UsageError
from parley.ui.cli.mcp import run_mcp
from tests.support.fake_mcp import FakeMcpClient, FakeServer
from tests.support.keyrings import MemoryKeyring

TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
READ = McpTool(
    "time",
    "get_time",
    "Current time in a zone",
    annotations=McpAnnotations(read_only=True, open_world=False),
)
WIPE = McpTool("time", "wipe", "Deletes things", annotations=McpAnnotations(destructive=True))


class VersionedFake(FakeMcpClient):
    def status(self, server_name: str) -> McpServerStatus:
        found = super().status(server_name)
        if found.state != "ready":
            return found
        return McpServerStatus(server_name, "ready", protocol_version="2025-06-18",
                               server_name="time-server", server_version="1.2")  # fmt: skip


class Cli:
    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str], keyring_backend) -> None:
        self.root = root
        self.capsys = capsys
        self.keyring = keyring_backend
        self.client = VersionedFake(
            {"time": FakeServer(tools=[READ, WIPE]), "broken": FakeServer(fails_to_start="boom")},
            log_dir=root / "logs",
        )
        self.pins: ToolPins | None = ToolPins(MemoryPinStore())

    def run(self, *argv: str, stdin: str | None = None) -> tuple[int, str, str]:
        self.capsys.readouterr()
        parser = build_parser()
        try:
            args = parser.parse_args(["mcp", *argv])
        except SystemExit as exc:
            return int(exc.code or 0), *self.capsys.readouterr()  # type: ignore[return-value]
        services = build_services(
            self.root / "data",
            self.root / "config",
            secrets=KeyringSecretStore(backend=self.keyring),
        )
        # The test's own pins (or none: ``self.pins = None`` means "no pinning store"), never
        # the profile's file-backed ones.
        services.mcp_pins = self.pins
        saved = None
        if stdin is not None:
            import sys

            saved, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            code = run_mcp(services, args, parser, client=self.client, pins=self.pins)
        except UsageError as exc:
            print(f"parley: {exc}", file=__import__("sys").stderr)
            code = 2
        finally:
            services.close()
            if saved is not None:
                import sys

                sys.stdin = saved
        out, err = self.capsys.readouterr()
        return code, out, err

    def settings(self) -> dict:
        return json.loads((self.root / "config" / "settings.json").read_text(encoding="utf-8"))


@pytest.fixture
def cli(tmp_path: Path, capsys, monkeypatch) -> Iterator[Cli]:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    yield Cli(tmp_path, capsys, MemoryKeyring())


def test_add_stdio_list_and_remove(cli: Cli) -> None:
    code, _out, err = cli.run("add", "time", "--env", "TZ=UTC", "--", "uvx", "mcp-server-time",
                              "--local-timezone", "Europe/Paris")  # fmt: skip
    assert code == 0, err
    assert "added MCP server 'time' (stdio: uvx mcp-server-time --local-timezone" in err
    (entry,) = cli.settings()["mcp_servers"]
    assert entry["command"] == "uvx" and entry["args"][-1] == "Europe/Paris"
    assert entry["env"] == {"TZ": "UTC"}
    code, out, _err = cli.run("list")
    assert code == 0 and out.startswith("on  time") and "uvx mcp-server-time" in out
    code, out, _err = cli.run("list", "--json")
    assert json.loads(out)[0]["env"] == ["TZ"]  # names only, never values
    code, _out, err = cli.run("add", "time", "--", "other")
    assert code == 2 and "--replace" in err
    code, _out, err = cli.run("remove", "time")
    assert code == 0 and "removed MCP server 'time'" in err
    assert cli.client.stopped == ["time"]
    code, _out, err = cli.run("remove", "time")
    assert code == 2 and "no MCP server named 'time'" in err


def test_secret_env_comes_from_the_environment_into_the_keyring(cli: Cli, monkeypatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    code, _out, err = cli.run("add", "github", "--secret-env", "GITHUB_TOKEN", "--", "npx", "gh")
    assert code == 0, err
    assert cli.keyring.entries[("parley", "mcp:github:env:GITHUB_TOKEN")] == TOKEN
    text = (cli.root / "config" / "settings.json").read_text(encoding="utf-8")
    assert TOKEN not in text and TOKEN not in err
    code, out, _err = cli.run("list")
    assert "secrets: GITHUB_TOKEN" in out and TOKEN not in out
    code, _out, err = cli.run("remove", "github")
    assert "deleted its 1 secret(s)" in err
    assert ("parley", "mcp:github:env:GITHUB_TOKEN") not in cli.keyring.entries


def test_a_secret_header_is_read_from_piped_input(cli: Cli) -> None:
    code, _out, err = cli.run("add", "remote", "--url", "https://example.com/mcp",
                              "--header", "X-Project=parley", "--secret-header", "Authorization",
                              stdin="Bearer s3cret-value\n")  # fmt: skip
    assert code == 0, err
    assert cli.keyring.entries[("parley", "mcp:remote:header:Authorization")] == (
        "Bearer s3cret-value"
    )
    (entry,) = cli.settings()["mcp_servers"]
    assert entry["transport"] == "http" and entry["secret_headers"] == ["Authorization"]
    assert "s3cret" not in json.dumps(entry)


def test_a_secret_given_as_a_plain_value_is_refused(cli: Cli) -> None:
    code, _out, err = cli.run("add", "x", "--env", f"TOKEN={TOKEN}", "--", "run")
    assert code == 2 and "looks like a secret" in err
    code, _out, err = cli.run("add", "y", "--url", "https://h/mcp", "--header",
                              "Authorization=Bearer abc")  # fmt: skip
    assert code == 2 and "secret header" in err
    assert not (cli.root / "config" / "settings.json").exists()


def test_without_a_keyring_nothing_with_a_secret_is_stored(cli: Cli, monkeypatch) -> None:
    cli.keyring = fail.Keyring()
    monkeypatch.setenv("API_KEY", "abc")
    code, _out, err = cli.run("add", "x", "--secret-env", "API_KEY", "--", "run")
    assert code == 2 and "no system keyring" in err and "nothing was stored" in err
    assert not (cli.root / "config" / "settings.json").exists()


def test_bad_names_and_missing_parts_are_usage_errors(cli: Cli) -> None:
    assert cli.run("add", "Bad Name", "--", "x")[0] == 2
    code, _out, err = cli.run("add", "x")
    assert code == 2 and "after '--'" in err
    code, _out, err = cli.run("add", "x", "--url", "https://h/", "--", "cmd")
    assert code == 2 and "not both" in err
    assert cli.run("log", "x", "--lines", "0")[0] == 2  # argparse


def test_import_a_claude_desktop_file(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(json.dumps({"mcpServers": {
        "GitHub": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": TOKEN}},
        "time": {"command": "uvx", "args": ["mcp-server-time"]},
    }}), encoding="utf-8")  # fmt: skip
    code, out, err = cli.run("import", str(path), "--dry-run")
    assert code == 0 and "would add github" in out
    assert not (cli.root / "config" / "settings.json").exists()
    code, out, err = cli.run("import", str(path))
    assert code == 0, err
    assert "'GitHub' is imported as 'github'" in err and "imported 2 server(s)" in err
    assert [s["name"] for s in cli.settings()["mcp_servers"]] == ["github", "time"]
    key = ("parley", "mcp:github:env:GITHUB_PERSONAL_ACCESS_TOKEN")
    assert cli.keyring.entries[key] == TOKEN
    assert TOKEN not in json.dumps(cli.settings())
    code, out, err = cli.run("import", "-", stdin=path.read_text(encoding="utf-8"))
    assert code == 0 and "'time' is imported as 'time-2'" in err
    code, _out, err = cli.run("import", "-", stdin="nope")
    assert code == 2 and "not JSON" in err


def test_test_tools_and_policy(cli: Cli) -> None:
    assert cli.run("add", "time", "--", "uvx", "mcp-server-time")[0] == 0
    code, out, _err = cli.run("test", "time")
    assert code == 0
    assert out.splitlines()[0] == "OK · time: time-server 1.2 · protocol 2025-06-18 · 2 tools"
    assert "get_time  [read-only, closed world]  Current time in a zone" in out
    assert "wipe  [destructive]" in out
    code, out, _err = cli.run("tools", "time")
    assert out.splitlines()[0].split() == ["TOOL", "POLICY", "PIN", "ANNOTATIONS", "(what",
                                           "the", "server", "claims)"]  # fmt: skip
    assert "get_time" in out and "default" in out and "new" in out
    assert cli.pins is not None
    cli.pins.review("time", [READ, McpTool("time", "wipe", "Deletes less")])
    _code, out, _err = cli.run("tools", "time")
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:]}
    assert rows["get_time"][2] == "pinned" and rows["wipe"][2] == "CHANGED"
    assert cli.run("policy", "time", "wipe", "deny")[0] == 0
    assert cli.settings()["mcp_servers"][0]["tool_policies"] == {"wipe": "deny"}
    _code, out, _err = cli.run("tools", "time", "--json")
    by_name = {row["name"]: row for row in json.loads(out)}
    assert by_name["wipe"]["policy"] == "deny" and by_name["wipe"]["pin"] == "CHANGED"
    assert by_name["get_time"]["annotations"]["readOnlyHint"] is True
    assert cli.run("policy", "time", "wipe", "default")[0] == 0
    assert cli.settings()["mcp_servers"][0]["tool_policies"] == {}
    cli.pins = None  # no pinning store: no pin column
    _code, out, _err = cli.run("tools", "time")
    assert "PIN" not in out.splitlines()[0]


def test_a_server_that_fails_to_start(cli: Cli) -> None:
    assert cli.run("add", "broken", "--", "false")[0] == 0
    code, _out, err = cli.run("test", "broken")
    assert code == 1 and "FAILED · MCP server 'broken': boom" in err
    assert "its log:" in err and "broken.log" in err


def test_enable_disable_and_log(cli: Cli) -> None:
    assert cli.run("add", "time", "--", "uvx", "mcp-server-time")[0] == 0
    assert cli.run("disable", "time")[0] == 0
    assert cli.settings()["mcp_servers"][0]["enabled"] is False
    assert cli.run("list")[1].startswith("off time")
    assert cli.run("enable", "time")[0] == 0
    code, _out, err = cli.run("log", "time")
    assert code == 0 and "no log yet" in err
    (cli.root / "logs").mkdir()
    (cli.root / "logs" / "time.log").write_text(
        "".join(f"line {i}\n" for i in range(100)), encoding="utf-8"
    )
    code, out, _err = cli.run("log", "time", "--lines", "3")
    assert code == 0 and out == "line 97\nline 98\nline 99\n"


def test_the_parser_registers_mcp() -> None:
    args = build_parser().parse_args(["mcp", "add", "t", "--env", "A=1", "--", "uvx", "--flag"])
    assert args.command == "mcp" and args.mcp_command == "add"
    assert args.words == ["t", "--env", "A=1", "--", "uvx", "--flag"]


# -- OAuth: --oauth and logout ---------------------------------------------------------------------

OAUTH_KEYS = (("parley", "mcp:remote:oauth:tokens"), ("parley", "mcp:remote:oauth:client"))


def test_add_with_oauth_round_trips_and_logout_forgets_the_tokens(cli: Cli) -> None:
    code, _out, err = cli.run("add", "remote", "--url", "https://mcp.example.com/mcp", "--oauth")
    assert code == 0, err
    assert "signs in with OAuth: your browser opens the first time" in err
    assert "parley mcp logout remote" in err
    (entry,) = cli.settings()["mcp_servers"]
    assert entry["oauth"] is True
    code, out, _err = cli.run("list", "--json")  # read back through the settings store
    assert json.loads(out)[0]["oauth"] is True
    assert cli.run("list")[1].rstrip().endswith("https://mcp.example.com/mcp  OAuth")
    for key in OAUTH_KEYS:
        cli.keyring.entries[key] = '{"access_token": "at-123"}'
    code, _out, err = cli.run("logout", "remote")
    assert code == 0, err
    assert "signed out of 'remote'" in err and "signs in again in the browser" in err
    assert not any(key in cli.keyring.entries for key in OAUTH_KEYS)
    assert cli.client.stopped == ["remote"]  # the session held the tokens in memory too
    assert "at-123" not in err
    code, _out, err = cli.run("logout", "remote")
    assert code == 0 and "had no OAuth sign-in stored" in err
    code, _out, err = cli.run("logout", "nobody")
    assert code == 2 and "no MCP server named 'nobody'" in err


def test_oauth_is_refused_for_a_stdio_server(cli: Cli) -> None:
    code, _out, err = cli.run("add", "local", "--oauth", "--", "uvx", "mcp-server-time")
    assert code == 2
    assert "--oauth are for a --url server (HTTP or SSE)" in err
    assert not (cli.root / "config" / "settings.json").exists()


def test_switching_oauth_off_or_removing_the_server_forgets_its_sign_in(cli: Cli) -> None:
    url = "https://mcp.example.com/mcp"
    assert cli.run("add", "remote", "--url", url, "--oauth")[0] == 0
    cli.keyring.entries[OAUTH_KEYS[0]] = "tokens"
    code, _out, err = cli.run("add", "remote", "--url", url, "--replace")
    assert code == 0, err
    assert cli.settings()["mcp_servers"][0]["oauth"] is False
    assert OAUTH_KEYS[0] not in cli.keyring.entries
    code, _out, err = cli.run("logout", "remote")
    assert code == 0 and "does not sign in with OAuth" in err
    assert cli.run("add", "remote", "--url", url, "--oauth", "--replace")[0] == 0
    for key in OAUTH_KEYS:
        cli.keyring.entries[key] = "x"
    code, _out, err = cli.run("remove", "remote")
    assert code == 0 and "deleted its 2 secret(s)" in err
    assert not any(key in cli.keyring.entries for key in OAUTH_KEYS)


def test_logout_without_a_keyring_says_nothing_is_stored(cli: Cli) -> None:
    assert cli.run("add", "remote", "--url", "https://mcp.example.com/mcp", "--oauth")[0] == 0
    cli.keyring = fail.Keyring()
    code, _out, err = cli.run("logout", "remote")
    assert code == 0 and "no system keyring" in err and "session was stopped" in err


def test_import_keeps_an_oauth_marker_and_its_client(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"servers": {"slack": {
        "type": "http", "url": "https://mcp.slack.com/mcp", "oauth": {"clientId": "cid-1"}}}}),
        encoding="utf-8")  # fmt: skip
    code, _out, err = cli.run("import", str(path))
    assert code == 0, err
    assert cli.settings()["mcp_servers"][0]["oauth"] is True
    assert cli.keyring.entries[("parley", "mcp:slack:oauth:client")] == '{"client_id": "cid-1"}'
    assert "OAuth" in cli.run("list")[1]

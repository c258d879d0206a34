"""MCP server configuration in the settings file (``JsonSettingsStore``) and their secrets in the
keyring (``application.mcp.secrets``): round trips, order, validation, an older file, a bad
entry that loses nothing, and no secret value ever in the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parley.application.mcp.model import HTTP, McpServerConfig
from parley.application.mcp.secrets import (
    delete_secrets,
    env_key,
    header_key,
    secret_lookup,
    store_secrets,
)
from parley.application.ports.settings_store import (
    ProjectConfig,
    ProviderConfig,
    SettingsError,
    UnknownMcpServer,
)
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from tests.support.keyrings import MemoryKeyring

TIME = McpServerConfig(name="time", command="uvx", args=("mcp-server-time",))
GITHUB = McpServerConfig(
    name="github",
    command="npx",
    args=("-y", "@modelcontextprotocol/server-github"),
    env=(("LOG_LEVEL", "info"),),
    secret_env=("GITHUB_TOKEN",),
    tool_policies=(("create_issue", "ask"), ("search", "run")),
)
REMOTE = McpServerConfig(
    name="remote",
    transport=HTTP,
    url="https://example.com/mcp",
    headers=(("X-Project", "parley"),),
    secret_headers=("Authorization",),
    timeout_s=20,
)


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    return JsonSettingsStore(tmp_path / "config")


def raw(store: JsonSettingsStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))


def test_servers_round_trip_in_order_and_replace_in_place(store: JsonSettingsStore) -> None:
    for config in (TIME, GITHUB, REMOTE):
        store.save_mcp_server(config)
    assert [s.name for s in store.mcp_servers()] == ["time", "github", "remote"]
    assert store.mcp_server("github") == GITHUB
    assert store.mcp_server("remote").timeout_s == 20.0
    changed = McpServerConfig(name="github", command="gh-mcp", enabled=False)
    store.save_mcp_server(changed)
    assert [s.name for s in store.mcp_servers()] == ["time", "github", "remote"]
    assert store.mcp_server("github") == changed
    store.remove_mcp_server("time")
    assert [s.name for s in store.mcp_servers()] == ["github", "remote"]
    with pytest.raises(UnknownMcpServer, match="no MCP server named 'time'; configured: github"):
        store.mcp_server("time")
    with pytest.raises(UnknownMcpServer):
        store.remove_mcp_server("time")


def test_the_file_format(store: JsonSettingsStore) -> None:
    store.save_mcp_server(GITHUB)
    (entry,) = raw(store)["mcp_servers"]
    assert entry["env"] == {"LOG_LEVEL": "info"}
    assert entry["secret_env"] == ["GITHUB_TOKEN"]
    assert entry["tool_policies"] == {"create_issue": "ask", "search": "run"}


def test_an_older_file_without_servers_loads_and_is_written_as_before(
    store: JsonSettingsStore,
) -> None:
    store.add_provider(ProviderConfig(name="local", kind="openai", base_url="http://h/v1"))
    store.save_project(ProjectConfig(id="p1", name="P"))
    assert store.mcp_servers() == [] and store.mcp_server_problems() == []
    data = raw(store)
    assert "mcp_servers" not in data and "mcp_servers" not in data["projects"][0]


def test_a_project_keeps_its_servers(store: JsonSettingsStore) -> None:
    store.save_project(ProjectConfig(id="p1", name="P", mcp_servers=("github", "time")))
    assert store.project("p1").mcp_servers == ("github", "time")
    assert raw(store)["projects"][0]["mcp_servers"] == ["github", "time"]
    with pytest.raises(SettingsError, match="project MCP server name 'Bad Name'"):
        ProjectConfig(id="p2", name="Q", mcp_servers=("Bad Name",))


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (McpServerConfig(name="Bad"), "MCP server name 'Bad'"),
        (McpServerConfig(name="a__b", command="x"), "'__' separates"),
        (McpServerConfig(name="x", transport="ws", command="x"), "unknown transport 'ws'"),
        (McpServerConfig(name="x"), "needs a command"),
        (McpServerConfig(name="x", transport=HTTP), "needs a URL"),
        (McpServerConfig(name="x", transport=HTTP, url="ftp://h/"), "must start with http"),
        (
            McpServerConfig(name="x", transport=HTTP, url="https://u:p@h/mcp"),
            "user name or password",
        ),
        (McpServerConfig(name="x", command="c", env=(("1A", "v"),)), "not a valid environment"),
        (
            McpServerConfig(name="x", command="c", env=(("A", "1"),), secret_env=("A",)),
            "'A' is given twice",
        ),
        (
            McpServerConfig(
                name="x", command="c", env=(("TOKEN", "ghp_abcdefghijklmnopqrstuvwxyz012345"),)
            ),
            "looks like a secret",
        ),
        (
            McpServerConfig(
                name="x", transport=HTTP, url="https://h/", headers=(("Authorization", "Bearer x"),)
            ),
            "carries a credential",
        ),
        (McpServerConfig(name="x", command="c", tool_policies=(("t", "maybe"),)), "policy for"),
        (McpServerConfig(name="x", command="c", timeout_s=0), "timeout_s"),
        (McpServerConfig(name="x", command="c", url="https://h/"), "not a URL"),
    ],
)
def test_invalid_servers_are_refused(
    store: JsonSettingsStore, config: McpServerConfig, message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        store.save_mcp_server(config)
    assert not store.path.exists()


def test_a_bad_entry_is_named_and_loses_nothing(store: JsonSettingsStore) -> None:
    store.add_provider(ProviderConfig(name="local", kind="openai", base_url="http://h/v1"))
    store.save_mcp_server(TIME)
    data = raw(store)
    bad = {"name": "broken", "transport": "carrier-pigeon", "command": "x"}
    data["mcp_servers"].insert(0, bad)
    data["mcp_servers"].append({"name": "fine", "command": "run-me"})
    store.path.write_text(json.dumps(data), encoding="utf-8")

    assert [s.name for s in store.mcp_servers()] == ["time", "fine"]
    (problem,) = store.mcp_server_problems()
    assert "mcp_servers[0] ('broken')" in problem and "carrier-pigeon" in problem
    with pytest.raises(SettingsError, match="carrier-pigeon"):
        store.mcp_server("broken")
    assert [p.name for p in store.providers()] == ["local"]  # the rest of the file still loads

    store.save_mcp_server(McpServerConfig(name="other", command="o"))  # a write keeps it
    assert raw(store)["mcp_servers"][0] == bad
    store.save_mcp_server(McpServerConfig(name="broken", command="fixed"))  # fixed in place
    assert [s.name for s in store.mcp_servers()] == ["broken", "time", "fine", "other"]
    assert store.mcp_server_problems() == []


def test_secrets_live_in_the_keyring_only(store: JsonSettingsStore) -> None:
    secrets = KeyringSecretStore(backend=MemoryKeyring())
    token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    store_secrets(secrets, [(env_key("github", "GITHUB_TOKEN"), token)])
    store_secrets(secrets, [(header_key("remote", "Authorization"), "Bearer t0ken-value")])
    store.save_mcp_server(GITHUB)
    store.save_mcp_server(REMOTE)
    assert token not in store.path.read_text(encoding="utf-8")
    lookup = secret_lookup(secrets)
    assert lookup("mcp:github:env:GITHUB_TOKEN") == token
    assert lookup("mcp:remote:header:Authorization") == "Bearer t0ken-value"
    assert lookup("mcp:github:env:NOPE") is None
    assert delete_secrets(secrets, GITHUB) == ["mcp:github:env:GITHUB_TOKEN"]
    assert lookup("mcp:github:env:GITHUB_TOKEN") is None


def test_a_lookup_without_a_keyring_finds_nothing() -> None:
    from keyring.backends import fail

    lookup = secret_lookup(KeyringSecretStore(backend=fail.Keyring()))
    assert lookup("mcp:github:env:GITHUB_TOKEN") is None

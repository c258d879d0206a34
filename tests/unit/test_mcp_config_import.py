"""Importing MCP servers from Claude desktop, Cursor and VS Code files (``application.mcp.
config_import``), with each format's documented example, names normalised and secrets split."""

from __future__ import annotations

import json

import pytest

from parley.application.mcp.config_import import (
    ConfigImportError,
    normalise_name,
    parse_config_text,
)
from parley.application.mcp.model import HTTP, SSE, STDIO, McpServerConfig
from parley.application.mcp.secrets import looks_secret_name, looks_secret_value

# The examples of each client's documentation (values shortened, secrets made up).
CLAUDE_DESKTOP = {
    "mcpServers": {
        "filesystem": {
            "command": "npx",
            "args": [
                "-y",
                "@modelcontextprotocol/server-filesystem",
                "/Users/username/Desktop",
                "/Users/username/Downloads",
            ],
        },
        "github": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
        },
    }
}
CURSOR = {
    "mcpServers": {
        "my-server": {
            "command": "npx",
            "args": ["-y", "some-mcp-package"],
            "env": {"API_KEY": "your-key", "LOG_LEVEL": "debug"},
        },
        "my-api": {
            "url": "https://api.example.com/mcp",
            "headers": {"Authorization": "Bearer your-token-here", "X-Project": "parley"},
        },
    }
}
VSCODE = {
    "inputs": [
        {
            "type": "promptString",
            "id": "perplexity-key",
            "description": "Perplexity API Key",
            "password": True,
        }
    ],
    "servers": {
        "Perplexity": {
            "type": "stdio",
            "command": "npx",
            "args": ["-y", "server-perplexity-ask"],
            "env": {"PERPLEXITY_API_KEY": "${input:perplexity-key}"},
        },
        "fetch": {"type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"]},
        "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
        "legacy": {"type": "sse", "url": "http://localhost:3000/sse"},
    },
}


def test_claude_desktop_example() -> None:
    result = parse_config_text(json.dumps(CLAUDE_DESKTOP))
    assert result.format == "mcpServers"
    fs, gh = result.configs
    assert fs == McpServerConfig(
        name="filesystem",
        transport=STDIO,
        command="npx",
        args=(
            "-y",
            "@modelcontextprotocol/server-filesystem",
            "/Users/username/Desktop",
            "/Users/username/Downloads",
        ),
    )
    assert gh.env == () and gh.secret_env == ("GITHUB_PERSONAL_ACCESS_TOKEN",)
    assert result.secrets == (
        ("mcp:github:env:GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    )
    assert result.warnings == ()


def test_cursor_example_with_a_remote_server_and_headers() -> None:
    result = parse_config_text(json.dumps(CURSOR))
    local, remote = result.configs
    assert local.env == (("LOG_LEVEL", "debug"),) and local.secret_env == ("API_KEY",)
    assert remote.transport == HTTP and remote.url == "https://api.example.com/mcp"
    assert remote.headers == (("X-Project", "parley"),)
    assert remote.secret_headers == ("Authorization",)
    assert dict(result.secrets) == {
        "mcp:my-server:env:API_KEY": "your-key",
        "mcp:my-api:header:Authorization": "Bearer your-token-here",
    }
    # No secret value is anywhere in the configurations.
    assert "your-key" not in repr(result.configs) and "your-token" not in repr(result.configs)


def test_vscode_example_types_inputs_and_names() -> None:
    result = parse_config_text(json.dumps(VSCODE))
    assert result.format == "vscode"
    by_name = {c.name: c for c in result.configs}
    assert set(by_name) == {"perplexity", "fetch", "github", "legacy"}
    assert by_name["perplexity"].secret_env == ("PERPLEXITY_API_KEY",)
    assert by_name["github"].transport == HTTP
    assert by_name["legacy"].transport == SSE
    assert result.secrets == ()  # the input has no value to import
    text = "\n".join(result.warnings)
    assert "'Perplexity' is imported as 'perplexity'" in text
    assert "Perplexity API Key" in text and "no value yet" in text


def test_names_are_normalised_and_collisions_reported() -> None:
    data = {
        "mcpServers": {
            "My Server!": {"command": "a"},
            "my-server": {"command": "b"},
            "taken": {"command": "c"},
            "a__b": {"command": "d"},
        }
    }
    result = parse_config_text(json.dumps(data), existing=["taken"])
    assert [c.name for c in result.configs] == ["my-server", "my-server-2", "taken-2", "a_b"]
    text = "\n".join(result.warnings)
    assert "'my-server' is imported as 'my-server-2'" in text
    assert "'taken' is imported as 'taken-2'" in text
    assert normalise_name("x" * 40) == "x" * 32
    assert normalise_name("!!!") == ""


def test_bad_entries_are_reported_and_the_others_kept() -> None:
    data = {
        "mcpServers": {
            "nothing": {},
            "bad-type": {"type": "websocket", "url": "ws://x"},
            "not-an-object": 3,
            "bad-env": {"command": "x", "env": ["A=1"]},
            "good": {"command": "ok"},
        }
    }
    result = parse_config_text(json.dumps(data))
    assert [c.name for c in result.configs] == ["good"]
    assert len(result.warnings) == 4
    assert all("skipped" in w for w in result.warnings)


@pytest.mark.parametrize("text", ["not json", "[]", '{"other": {}}'])
def test_not_a_configuration(text: str) -> None:
    with pytest.raises(ConfigImportError):
        parse_config_text(text)


def test_what_counts_as_a_secret() -> None:
    assert looks_secret_name("GITHUB_TOKEN") and looks_secret_name("Authorization")
    assert looks_secret_name("OPENAI_API_KEY") and looks_secret_name("DB_PASSWORD")
    assert not looks_secret_name("GIT_AUTHOR_NAME") and not looks_secret_name("LOG_LEVEL")
    assert looks_secret_value("sk-proj-abcdefghijklmnopqrstuvwx")
    assert looks_secret_value("Bearer abcdefgh12345")
    assert looks_secret_value("Zx8kLmN0pQrStUvWxYz0123456789AbCd")
    assert not looks_secret_value("/home/me/projects/a-very-long-folder-name-indeed")
    assert not looks_secret_value("debug") and not looks_secret_value("")


# -- OAuth markers ---------------------------------------------------------------------------------


def test_vscode_oauth_switches_oauth_on_and_keeps_the_client_id_in_the_keyring() -> None:
    # VS Code's documented example (microsoft/vscode-docs#9798), client ID made up.
    slack = {"type": "http", "url": "https://mcp.slack.com/mcp",
             "oauth": {"clientId": "12348411142.1106"}}  # fmt: skip
    text = json.dumps({"servers": {"slack": slack}})
    result = parse_config_text(text)
    (config,) = result.configs
    assert config.oauth is True and config.transport == HTTP
    assert result.secrets == (("mcp:slack:oauth:client", '{"client_id": "12348411142.1106"}'),)
    assert result.warnings == ()


def test_an_oauth_marker_without_a_client_id_only_switches_oauth_on() -> None:
    text = json.dumps({"servers": {"linear": {"type": "sse", "url": "https://h/sse", "oauth": {}}}})
    result = parse_config_text(text)
    assert result.configs[0].oauth is True and result.secrets == ()


def test_claude_codes_oauth_settings_parley_does_not_use_are_named() -> None:
    text = json.dumps({"mcpServers": {"tracker": {
        "type": "http", "url": "https://mcp.example.com/mcp",
        "oauth": {"clientId": "abc", "callbackPort": 8080, "scopes": "read write",
                  "authServerMetadataUrl": "https://auth.example.com/.well-known/x"},
    }}})  # fmt: skip
    result = parse_config_text(text)
    assert result.configs[0].oauth is True
    assert result.secrets == (("mcp:tracker:oauth:client", '{"client_id": "abc"}'),)
    joined = "\n".join(result.warnings)
    assert "callback port 8080 is not used" in joined
    assert "OAuth scopes" in joined and "authorization-server URL" in joined


def test_cursors_static_oauth_client_and_its_secret_go_to_the_keyring() -> None:
    secret = "cs-0123456789abcdef"
    text = json.dumps({"mcpServers": {"pipes": {"url": "https://pipes.example.com/mcp",
                                                "auth": {"CLIENT_ID": "id-1",
                                                         "CLIENT_SECRET": secret}}}})  # fmt: skip
    result = parse_config_text(text)
    (config,) = result.configs
    assert config.oauth is True
    ((key, value),) = result.secrets
    assert key == "mcp:pipes:oauth:client"
    assert json.loads(value) == {"client_id": "id-1", "client_secret": secret,
                                 "token_endpoint_auth_method": "client_secret_basic"}  # fmt: skip
    assert secret not in repr(config)
    pipes = {"url": "https://pipes.example.com/mcp",
             "auth": {"CLIENT_ID": "id-1", "CLIENT_SECRET": "${env:S}"}}  # fmt: skip
    placeholder = json.dumps({"mcpServers": {"pipes": pipes}})
    result = parse_config_text(placeholder)
    assert result.secrets == (("mcp:pipes:oauth:client", '{"client_id": "id-1"}'),)
    assert any("client secret is a placeholder" in w for w in result.warnings)


def test_oauth_on_a_stdio_entry_is_left_out_with_a_warning() -> None:
    text = json.dumps({"mcpServers": {"local": {"command": "npx", "oauth": {"clientId": "x"}}}})
    result = parse_config_text(text)
    assert result.configs[0].oauth is False and result.secrets == ()
    assert result.warnings == ("local: its 'oauth' setting was left out (OAuth is for a server "
                               "at a URL)",)  # fmt: skip
    assert not any(c.oauth for c in parse_config_text(json.dumps(CLAUDE_DESKTOP)).configs)

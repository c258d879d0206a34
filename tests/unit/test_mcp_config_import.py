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

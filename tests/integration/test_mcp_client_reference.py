"""The MCP client against reference servers nobody here wrote: ``mcp-server-time``,
``mcp-server-git`` and ``mcp-server-fetch`` (PyPI, in the test extras) and the npm
``@modelcontextprotocol/server-everything`` and ``server-filesystem`` (installed once into
``.cache/mcp-node`` by ``tests/support/mcp_node.py``; skipped with one line without npm).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.mcp.model import McpCancelled, McpServerConfig
from parley.infrastructure.mcp.client import SdkMcpClient
from tests.support.mcp_node import node_server

EVERYTHING = "@modelcontextprotocol/server-everything"
FILESYSTEM = "@modelcontextprotocol/server-filesystem"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SdkMcpClient]:
    c = SdkMcpClient(tmp_path_factory.mktemp("mcp-logs"))
    yield c
    c.close()


def never() -> threading.Event:
    return threading.Event()


def python_server(name: str, module: str, *args: str) -> McpServerConfig:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module.replace('_', '-')}: not installed (pip install -e '.[test]')")
    return McpServerConfig(name, command=sys.executable, args=("-m", module, *args))


@pytest.fixture(scope="module")
def everything() -> McpServerConfig:
    node, entry = node_server(EVERYTHING)
    return McpServerConfig("everything", command=node, args=(entry, "stdio"))


# -- PyPI servers ----------------------------------------------------------------------------


def test_time_server(client: SdkMcpClient) -> None:
    cfg = python_server("time", "mcp_server_time", "--local-timezone", "UTC")
    names = {t.name for t in client.tools(cfg)}
    assert {"get_current_time", "convert_time"} <= names
    result = client.call_tool(cfg, "get_current_time", {"timezone": "Asia/Tokyo"}, never())
    assert not result.is_error
    assert json.loads(result.text)["timezone"] == "Asia/Tokyo"
    bad = client.call_tool(cfg, "get_current_time", {"timezone": "Mars/Olympus"}, never())
    assert bad.is_error


def test_git_server(client: SdkMcpClient, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "new.txt").write_text("hello\n")
    cfg = python_server("git", "mcp_server_git", "--repository", str(repo))
    assert "git_status" in {t.name for t in client.tools(cfg)}
    status = client.call_tool(cfg, "git_status", {"repo_path": str(repo)}, never())
    assert not status.is_error and "new.txt" in status.text


def test_fetch_server(client: SdkMcpClient, httpserver: object) -> None:
    from pytest_httpserver import HTTPServer

    assert isinstance(httpserver, HTTPServer)
    httpserver.expect_request("/page").respond_with_data(
        "<html><body><h1>Parley fetch test</h1><p>Some words.</p></body></html>",
        content_type="text/html",
    )
    cfg = python_server("fetch", "mcp_server_fetch", "--ignore-robots-txt", "--allow-private-ips")
    assert "fetch" in {t.name for t in client.tools(cfg)}
    result = client.call_tool(cfg, "fetch", {"url": httpserver.url_for("/page")}, never())
    assert not result.is_error, result.text
    assert "Parley fetch test" in result.text


# -- npm servers -----------------------------------------------------------------------------


def test_everything_tools(client: SdkMcpClient, everything: McpServerConfig) -> None:
    names = {t.name for t in client.tools(everything)}
    assert {"echo", "get-sum", "trigger-long-running-operation"} <= names
    assert client.call_tool(everything, "echo", {"message": "hi"}, never()).text == "Echo: hi"
    total = client.call_tool(everything, "get-sum", {"a": 2, "b": 3}, never())
    assert "5" in total.text
    image = client.call_tool(everything, "get-tiny-image", {}, never())
    assert "[image: image/png," in image.text
    status = client.status("everything")
    assert status.state == "ready" and status.server_name


def test_everything_long_running_cancel(client: SdkMcpClient, everything: McpServerConfig) -> None:
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    with pytest.raises(McpCancelled):
        client.call_tool(
            everything, "trigger-long-running-operation", {"duration": 20, "steps": 20}, cancel
        )
    assert time.monotonic() - started < 1.5
    assert client.call_tool(everything, "echo", {"message": "after"}, never()).text == "Echo: after"


def test_everything_resources_and_prompts(
    client: SdkMcpClient, everything: McpServerConfig
) -> None:
    resources = client.resources(everything)
    assert resources
    first = resources[0]
    content = client.read_resource(everything, first.uri)
    assert content.text and content.uri == first.uri
    prompts = {p.name: p for p in client.prompts(everything)}
    assert "simple-prompt" in prompts and "args-prompt" in prompts
    assert client.get_prompt(everything, "simple-prompt", {})
    text = client.get_prompt(everything, "args-prompt", {"city": "Lisbon"})
    assert "Lisbon" in text


def test_filesystem_inside_and_outside(client: SdkMcpClient, tmp_path: Path) -> None:
    node, entry = node_server(FILESYSTEM)
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "note.txt").write_text("inside the fence\n")
    outside = tmp_path / "secret.txt"
    outside.write_text("top secret\n")
    cfg = McpServerConfig("fs", command=node, args=(entry, str(allowed)))
    names = {t.name for t in client.tools(cfg)}
    assert {"read_text_file", "list_directory"} <= names
    listing = client.call_tool(cfg, "list_directory", {"path": str(allowed)}, never())
    assert "note.txt" in listing.text
    read = client.call_tool(cfg, "read_text_file", {"path": str(allowed / "note.txt")}, never())
    assert "inside the fence" in read.text
    refused = client.call_tool(cfg, "read_text_file", {"path": str(outside)}, never())
    assert refused.is_error and "top secret" not in refused.text

"""The MCP client (``infrastructure/mcp``) against servers written for these tests
(``tests/fixtures/mcp_servers``): results mapped, pages followed, and every fault the issue names
(a server that will not start, crashes, hangs, floods, writes invalid JSON, changes its tools;
a cancel mid-call) ending as an ``McpError`` naming the server, without touching another server.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.mcp.model import (
    McpCancelled,
    McpError,
    McpOutputTooLarge,
    McpProtocolError,
    McpServerConfig,
    McpStartError,
    McpTimeout,
)
from parley.application.mcp.server_requests import ServerRequests
from parley.infrastructure.mcp.client import SdkMcpClient

SERVERS = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers"


def behaving(name: str = "good", *extra: str, **fields: object) -> McpServerConfig:
    return McpServerConfig(
        name, command=sys.executable, args=(str(SERVERS / "behaving.py"), *extra), **fields
    )  # type: ignore[arg-type]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[SdkMcpClient]:
    secrets = {"mcp:good:env:SECRET_TOKEN": "s3cr3t-value"}
    c = SdkMcpClient(tmp_path / "logs", secrets.get, max_message_bytes=2 * 1024 * 1024)
    yield c
    c.close()


def never() -> threading.Event:
    return threading.Event()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie still answers kill(0)
        return f.read().split(")")[-1].split()[0] != "Z"


def server_pids(name_part: str) -> set[int]:
    pids = set()
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.split(")")[-1].split()[1])
        if name_part in cmd and ppid == me:
            pids.add(int(entry.name))
    return pids


def test_lists_calls_and_maps_results(client: SdkMcpClient) -> None:
    cfg = behaving()
    tools = {t.name: t for t in client.tools(cfg)}
    assert {"echo", "add", "hang", "picture"} <= set(tools)
    assert tools["add"].qualified_name == "mcp__good__add"
    assert '"a"' in tools["add"].input_schema

    assert client.call_tool(cfg, "echo", {"text": "héllo"}, never()).text == "héllo"
    assert client.call_tool(cfg, "add", {"a": 2, "b": 3}, never()).text == "5"
    picture = client.call_tool(cfg, "picture", {}, never())
    assert picture.text.startswith("[image: image/png, ") and picture.text.endswith(" KB]")
    weather = client.call_tool(cfg, "weather", {"city": "Oslo"}, never())
    assert weather.structured == '{"city":"Oslo","temperature":21.5}'
    failed = client.call_tool(cfg, "fail", {}, never())
    assert failed.is_error and "fail" in failed.text

    status = client.status("good")
    assert status.state == "ready" and status.server_name == "behaving"
    assert status.protocol_version


def test_resources_and_prompts(client: SdkMcpClient) -> None:
    cfg = behaving()
    (res,) = client.resources(cfg)
    assert res.uri == "note://hello"
    content = client.read_resource(cfg, "note://hello")
    assert content.text == "hello resource" and not content.truncated
    assert client.read_resource(cfg, "note://hello", max_chars=5).truncated
    (prompt,) = client.prompts(cfg)
    assert prompt.name == "greet" and prompt.arguments[0].name == "name"
    assert client.get_prompt(cfg, "greet", {"name": "Ada"}) == "Say hello to Ada."


def test_pages_are_followed(client: SdkMcpClient) -> None:
    cfg = McpServerConfig("paged", command=sys.executable, args=(str(SERVERS / "paged.py"),))
    assert [t.name for t in client.tools(cfg)] == [f"t{i}" for i in range(5)]
    assert len(client.resources(cfg)) == 5
    assert len(client.prompts(cfg)) == 5


def test_minimal_environment_and_secrets_never_logged(
    client: SdkMcpClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLEY_LEAK_CANARY", "leaked")
    cfg = behaving(env=(("MARKER", "m1"),), secret_env=("SECRET_TOKEN",))
    text = client.call_tool(cfg, "env", {}, never()).text
    assert "MARKER=m1" in text and "SECRET_TOKEN=set" in text
    assert "PARLEY_LEAK_CANARY" not in text and "PATH" in text
    client.stop("good")
    log = client.log_path("good").read_text()
    assert "s3cr3t-value" not in log and "SECRET_TOKEN" in log  # named, never its value


def test_missing_secret_is_a_start_error(client: SdkMcpClient) -> None:
    cfg = behaving("nosecret", secret_env=("API_KEY",))
    with pytest.raises(McpStartError, match="API_KEY"):
        client.tools(cfg)


def test_bad_command_fails_to_start(client: SdkMcpClient) -> None:
    cfg = McpServerConfig("nope", command="/nonexistent/mcp-server")
    with pytest.raises(McpStartError) as info:
        client.tools(cfg)
    assert info.value.server == "nope" and "nonexistent" in info.value.message
    assert client.status("nope").state == "failed"


def test_a_server_that_failed_to_start_is_not_started_again_at_every_call(
    client: SdkMcpClient,
) -> None:
    """After a failed start the next calls fail at once with that error (a broken server must
    not cost every turn its start-up time); a stop (Settings' Test) or a changed configuration
    tries again at once."""
    quits = McpServerConfig(
        "quits", command=sys.executable, args=(str(SERVERS / "broken.py"), "exit")
    )
    with pytest.raises(McpStartError) as first:
        client.tools(quits, timeout_s=20)
    assert "ago" not in first.value.message
    started = time.monotonic()
    with pytest.raises(McpStartError) as again:
        client.tools(quits, timeout_s=20)
    assert time.monotonic() - started < 0.5  # no process was started
    assert "failed to start" in again.value.message and again.value.log_path
    client.stop("quits")
    with pytest.raises(McpStartError) as retried:
        client.tools(quits, timeout_s=20)
    assert "ago" not in retried.value.message  # it really tried
    changed = McpServerConfig("quits", command="/nonexistent/now-fixed")
    with pytest.raises(McpStartError) as other:
        client.tools(changed, timeout_s=20)
    assert "nonexistent" in other.value.message and "ago" not in other.value.message


def test_server_that_exits_at_once(client: SdkMcpClient) -> None:
    cfg = McpServerConfig(
        "quits", command=sys.executable, args=(str(SERVERS / "broken.py"), "exit")
    )
    started = time.monotonic()
    with pytest.raises(McpStartError) as info:
        client.tools(cfg, timeout_s=20)
    assert time.monotonic() - started < 10
    assert info.value.server == "quits" and info.value.log_path
    assert "giving up" in Path(info.value.log_path).read_text()  # its stderr, in its log


def test_invalid_json_at_start_names_the_server(client: SdkMcpClient) -> None:
    cfg = McpServerConfig(
        "garbled", command=sys.executable, args=(str(SERVERS / "broken.py"), "garbage")
    )
    started = time.monotonic()
    with pytest.raises(McpError) as info:
        client.tools(cfg, timeout_s=15)
    assert info.value.server == "garbled"
    assert time.monotonic() - started < 10


def midcall(name: str = "midcall") -> McpServerConfig:
    return McpServerConfig(
        name, command=sys.executable, args=(str(SERVERS / "broken.py"), "midcall")
    )


def test_invalid_json_mid_call_is_a_protocol_error(client: SdkMcpClient) -> None:
    cfg = midcall()
    client.tools(cfg)
    started = time.monotonic()
    with pytest.raises(McpProtocolError) as info:
        client.call_tool(cfg, "garbage", {}, never(), timeout_s=20)
    assert time.monotonic() - started < 5
    assert info.value.server == "midcall" and "not JSON-RPC" in info.value.message
    assert [t.name for t in client.tools(cfg)] == [
        "garbage",
        "endless",
        "slow",
        "ask",
    ]  # a new session


def test_crash_mid_call_then_restart(client: SdkMcpClient) -> None:
    cfg = behaving()
    client.tools(cfg)
    with pytest.raises(McpError) as info:
        client.call_tool(cfg, "crash", {}, never(), timeout_s=20)
    assert info.value.server == "good" and "code 3" in info.value.message
    assert "crashing on purpose" in client.log_path("good").read_text()
    assert client.call_tool(cfg, "echo", {"text": "back"}, never()).text == "back"


def test_hang_times_out_within_the_limit(client: SdkMcpClient) -> None:
    cfg = behaving()
    client.tools(cfg)
    started = time.monotonic()
    with pytest.raises(McpTimeout) as info:
        client.call_tool(cfg, "hang", {}, never(), timeout_s=1.0)
    assert 0.9 < time.monotonic() - started < 2.5
    assert info.value.server == "good"


def test_cancel_during_a_call(client: SdkMcpClient) -> None:
    cfg = behaving()
    client.tools(cfg)
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    with pytest.raises(McpCancelled):
        client.call_tool(cfg, "sleep", {"seconds": 30}, cancel, timeout_s=60)
    assert time.monotonic() - started < 1.0
    assert client.call_tool(cfg, "echo", {"text": "still here"}, never()).text == "still here"


def test_cancel_is_sent_to_the_server(client: SdkMcpClient) -> None:
    cfg = midcall()
    client.tools(cfg)
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    with pytest.raises(McpCancelled):
        client.call_tool(cfg, "slow", {}, cancel, timeout_s=30)
    deadline = time.monotonic() + 3
    log = client.log_path("midcall")
    while "cancelled request" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "cancelled request" in log.read_text()


def test_flood_is_cut_at_the_limit(client: SdkMcpClient) -> None:
    cfg = behaving()
    result = client.call_tool(cfg, "flood", {"chars": 1_000_000}, never(), max_output_chars=1000)
    assert result.truncated and len(result.text) == 1000


def test_endless_line_is_bounded(client: SdkMcpClient) -> None:
    cfg = midcall()
    started = time.monotonic()
    with pytest.raises(McpOutputTooLarge) as info:
        client.call_tool(cfg, "endless", {}, never(), timeout_s=20)
    assert info.value.server == "midcall"
    assert time.monotonic() - started < 10


def test_stderr_flood_is_capped_in_the_log(client: SdkMcpClient) -> None:
    cfg = behaving()
    assert client.call_tool(cfg, "noisy", {}, never()).text == "done"
    client.stop("good")
    log = client.log_path("good")
    assert log.stat().st_size < 6 * 1024 * 1024
    assert "more bytes of stderr were not kept" in log.read_text()


def test_tool_list_change_between_sessions(client: SdkMcpClient) -> None:
    first = {t.name: t for t in client.tools(behaving())}
    second = {t.name: t for t in client.tools(behaving("good", "--tools-version", "2"))}
    assert "multiply" not in first and "multiply" in second
    assert first["add"].fingerprint != second["add"].fingerprint
    assert first["echo"].fingerprint == second["echo"].fingerprint


def test_one_broken_server_never_affects_another(client: SdkMcpClient) -> None:
    good = behaving()
    bad = McpServerConfig("bad", command=sys.executable, args=(str(SERVERS / "broken.py"), "exit"))
    client.tools(good)
    errors: list[BaseException] = []

    def hammer_bad() -> None:
        for _ in range(3):
            try:
                client.tools(bad, timeout_s=10)
            except McpError as exc:
                errors.append(exc)

    thread = threading.Thread(target=hammer_bad)
    thread.start()
    slow_errors: list[BaseException] = []

    def hang_slow() -> None:
        try:
            client.call_tool(behaving("slow"), "hang", {}, never(), 2.0)
        except McpError as exc:
            slow_errors.append(exc)

    hung = threading.Thread(target=hang_slow)
    hung.start()
    for i in range(20):
        assert client.call_tool(good, "add", {"a": i, "b": 1}, never()).text == str(i + 1)
    thread.join()
    hung.join()
    assert len(errors) == 3 and all(e.server == "bad" for e in errors)
    assert len(slow_errors) == 1 and isinstance(slow_errors[0], McpTimeout)
    assert client.status("good").state == "ready"


def test_stop_and_close_leave_no_process(tmp_path: Path) -> None:
    c = SdkMcpClient(tmp_path)
    c.tools(behaving("one"))
    c.tools(behaving("two"))
    pids = server_pids("behaving.py")
    assert len(pids) == 2
    c.stop("one")
    assert c.status("one").state == "stopped"
    c.close()
    deadline = time.monotonic() + 5
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in pids)


def test_config_change_restarts_the_session(client: SdkMcpClient) -> None:
    client.call_tool(behaving(env=(("MARKER", "a"),)), "echo", {"text": "x"}, never())
    text = client.call_tool(behaving(env=(("MARKER", "b"),)), "env", {}, never()).text
    assert "MARKER=b" in text


def test_oauth_is_for_http_servers(client: SdkMcpClient) -> None:
    cfg = McpServerConfig("local", command=sys.executable, args=("-c", "pass"), oauth=True)
    with pytest.raises(McpStartError, match="OAuth is for HTTP servers"):
        client.tools(cfg)


def test_oauth_tokens_live_in_the_keyring() -> None:
    import asyncio

    from mcp.shared.auth import OAuthToken

    from parley.infrastructure.mcp.oauth import KeyringTokenStorage

    keyring: dict[str, str] = {}
    storage = KeyringTokenStorage("remote", keyring.get, keyring.__setitem__)
    token = OAuthToken(access_token="at-1", token_type="Bearer", refresh_token="rt-1")
    asyncio.run(storage.set_tokens(token))
    assert set(keyring) == {"mcp:remote:oauth:tokens"}
    again = KeyringTokenStorage("remote", keyring.get, None)  # a later start reads them back
    loaded = asyncio.run(again.get_tokens())
    assert loaded is not None and loaded.refresh_token == "rt-1"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(params=["http", "sse"])
def http_server(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    import socket
    import subprocess

    port = free_port()
    kind = str(request.param)
    flag = "--http" if kind == "http" else "--sse"
    proc = subprocess.Popen(
        [sys.executable, str(SERVERS / "behaving.py"), flag, str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    path = "/mcp" if kind == "http" else "/sse"
    yield kind, f"http://127.0.0.1:{port}{path}"
    proc.kill()  # uvicorn would wait for the cancelled tool's thread to finish sleeping
    proc.wait(timeout=10)


def test_http_transports_with_secret_headers(tmp_path: Path, http_server: tuple[str, str]) -> None:
    kind, url = http_server
    secrets = {"mcp:remote:header:Authorization": "Bearer tok-123"}
    c = SdkMcpClient(tmp_path, secrets.get)
    try:
        cfg = McpServerConfig(
            "remote",
            transport=kind,
            url=url,
            headers=(("X-Parley-Test", "plain"),),
            secret_headers=("Authorization",),
        )
        assert "echo" in {t.name for t in c.tools(cfg)}
        assert c.call_tool(cfg, "echo", {"text": "over http"}, never()).text == "over http"
        assert c.call_tool(cfg, "header", {"name": "X-Parley-Test"}, never()).text == "plain"
        auth = c.call_tool(cfg, "header", {"name": "Authorization"}, never()).text
        assert auth == "Bearer tok-123"
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        with pytest.raises(McpCancelled):
            c.call_tool(cfg, "sleep", {"seconds": 20}, cancel)
        assert c.call_tool(cfg, "add", {"a": 1, "b": 1}, never()).text == "2"
    finally:
        c.close()
    assert "tok-123" not in (tmp_path / "remote.log").read_text()


def test_unreachable_http_server_fails_to_start(client: SdkMcpClient) -> None:
    cfg = McpServerConfig("gone", transport="http", url=f"http://127.0.0.1:{free_port()}/mcp")
    started = time.monotonic()
    with pytest.raises(McpStartError) as info:
        client.tools(cfg, timeout_s=10)
    assert info.value.server == "gone" and time.monotonic() - started < 5


def test_elicitation_goes_to_the_handler_with_defaults(tmp_path: Path) -> None:
    asked: list[tuple[str, str, dict[str, object]]] = []

    def handler(server: str, message: str, schema: object) -> tuple[str, dict[str, object]]:
        assert isinstance(schema, dict)
        asked.append((server, message, schema))
        return "accept", {"note": "window seat"}  # guests left out: its default applies

    relay = ServerRequests()
    c = SdkMcpClient(tmp_path, requests=relay)
    try:
        # a relay with nobody installed declines: nothing is answered on the user's behalf
        assert c.call_tool(midcall(), "ask", {}, never(), timeout_s=10).text.startswith("decline")
        uninstall = relay.install(elicit=handler)
        result = c.call_tool(midcall(), "ask", {}, never())
        assert result.text == 'accept: {"guests": 2, "note": "window seat"}'
        assert asked and asked[0][:2] == ("midcall", "How many guests?")
        uninstall()
        assert c.call_tool(midcall(), "ask", {}, never(), timeout_s=10).text.startswith("decline")
    finally:
        c.close()
    plain = SdkMcpClient(tmp_path / "plain")  # no relay: elicitation is not offered at all
    try:
        assert plain.call_tool(midcall(), "ask", {}, never(), timeout_s=10).text.startswith("error")
    finally:
        plain.close()

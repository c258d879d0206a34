"""The operating-system sandbox, judged by what a command can and cannot do inside it (issue 12).

Real bubblewrap, real bash, real files and a real loopback listener: each confinement is checked
by effect (did the file appear? did the listener get a byte? is the canary's secret in the
output?), never by the flags on the command line. Also: processes die with their command and
with Parley (kill -9), an executor never runs unconfined what it was told to confine, and the
workspace venv is created and used from inside the sandbox.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from pathlib import Path

import pytest

from parley.application.ports.tools import ToolContext
from parley.domain.actions.confinement import (
    BUBBLEWRAP,
    ENVIRONMENT_WRITE,
    READ_ONLY,
    SANDBOX_WRITE,
    WORKSPACE_WRITE,
    Confinement,
)
from parley.domain.actions.model import PASS, ProposedAction, Verdict
from parley.infrastructure.tools.confinement import Bubblewrap
from parley.infrastructure.tools.executor import LocalToolExecutor
from parley.infrastructure.tools.sandbox import venv_python, workspace_venv_dir
from tests.integration.test_tool_executor import build_wheel
from tests.support.sandbox import bubblewrap_or_skip

READ = Confinement(BUBBLEWRAP, READ_ONLY, False)
SANDBOX = Confinement(BUBBLEWRAP, SANDBOX_WRITE, False)
WORKSPACE = Confinement(BUBBLEWRAP, WORKSPACE_WRITE, False)
NETWORK = Confinement(BUBBLEWRAP, WORKSPACE_WRITE, True)


@pytest.fixture(scope="module")
def bwrap() -> Bubblewrap:
    return bubblewrap_or_skip()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake home with a secret, set as HOME for this process (the sandbox must not show it)."""
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("SECRET-" + uuid.uuid4().hex)
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.fixture
def context(tmp_path: Path, home: Path) -> ToolContext:
    workspace = tmp_path / "ws"
    sandbox = tmp_path / "out" / "s" / "t"
    (workspace / ".git" / "hooks").mkdir(parents=True)
    (workspace / ".git" / "config").write_text("[core]\n")
    (workspace / "notes.txt").write_text("workspace text\n")
    sandbox.mkdir(parents=True)
    return ToolContext(
        workspace=workspace.resolve(),
        sandbox=sandbox.resolve(),
        session_id="s",
        command_timeout_s=10.0,
        venv_dir=workspace_venv_dir(tmp_path / "data", workspace),
    )


def run(
    executor: LocalToolExecutor,
    context: ToolContext,
    command: str,
    confinement: Confinement | None,
    cwd: str = "sandbox:",
):
    action = ProposedAction("c1", "run_command", {"command": command})
    verdict = Verdict("c1", "run_command", PASS, "test", target=cwd)
    return executor.execute(action, verdict, context, confinement)


class Listener:
    """A loopback TCP listener that records every byte it receives."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.received = b""
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.settimeout(2)
                try:
                    while chunk := conn.recv(4096):
                        self.received += chunk
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()


def test_read_only_changes_nothing(bwrap: Bubblewrap, context: ToolContext) -> None:
    executor = LocalToolExecutor(sandbox=bwrap)
    out = run(executor, context, "echo x > made.txt; echo x > ../../../ws/made.txt; cat notes.txt",
              READ, cwd="workspace:")  # fmt: skip
    assert "Read-only file system" in out.result and "workspace text" in out.result
    assert not (context.sandbox / "made.txt").exists()
    assert not (context.workspace / "made.txt").exists()
    assert "bubblewrap, read-only, no network" in out.result


def test_sandbox_write_writes_only_the_sandbox(bwrap: Bubblewrap, context: ToolContext) -> None:
    executor = LocalToolExecutor(sandbox=bwrap)
    out = run(executor, context, f"echo ok > made.txt; echo x > {context.workspace}/made.txt",
              SANDBOX)  # fmt: skip
    assert (context.sandbox / "made.txt").read_text() == "ok\n"
    assert not (context.workspace / "made.txt").exists()
    assert "Read-only file system" in out.result


def test_workspace_write_keeps_git_hooks_and_config_read_only(
    bwrap: Bubblewrap, context: ToolContext
) -> None:
    executor = LocalToolExecutor(sandbox=bwrap)
    out = run(
        executor,
        context,
        "echo y > made.txt; echo evil > .git/hooks/pre-commit; echo evil >> .git/config",
        WORKSPACE,
        cwd="workspace:",
    )
    assert (context.workspace / "made.txt").read_text() == "y\n"
    assert not (context.workspace / ".git" / "hooks" / "pre-commit").exists()
    assert (context.workspace / ".git" / "config").read_text() == "[core]\n"
    assert out.result.count("Read-only file system") == 2


@pytest.mark.parametrize("confinement", [READ, SANDBOX, WORKSPACE, NETWORK])
def test_home_tmp_and_other_folders_are_not_there(
    bwrap: Bubblewrap, context: ToolContext, home: Path, tmp_path: Path, confinement: Confinement
) -> None:
    sibling = tmp_path / "sibling"
    sibling.mkdir()
    (sibling / "canary.txt").write_text("SIBLING-SECRET")
    secret = (home / ".ssh" / "id_rsa").read_text()
    executor = LocalToolExecutor(sandbox=bwrap)
    out = run(
        executor,
        context,
        f"cat ~/.ssh/id_rsa {home}/.ssh/id_rsa {sibling}/canary.txt; ls /tmp; echo HOME=$HOME;"
        f" rm -rf {home} {sibling}; cat /etc/shadow; ls /proc | grep -c '^[0-9]'",
        confinement,
    )
    assert secret not in out.result and "SIBLING-SECRET" not in out.result
    assert (home / ".ssh" / "id_rsa").read_text() == secret  # rm -rf reached nothing
    assert (sibling / "canary.txt").exists()
    assert "HOME=/tmp/home" in out.result
    # /proc shows only the sandbox's own few processes, not this machine's.
    counts = [line for line in out.result.splitlines() if line.isdigit()]
    assert counts and int(counts[-1]) < 10


def test_network_only_when_granted(bwrap: Bubblewrap, context: ToolContext) -> None:
    listener = Listener()
    try:
        executor = LocalToolExecutor(sandbox=bwrap)
        send = f"echo LEAK > /dev/tcp/127.0.0.1/{listener.port}"
        for confinement in (READ, SANDBOX, WORKSPACE):
            run(executor, context, send, confinement)
        time.sleep(0.2)
        assert listener.connections == 0 and listener.received == b""
        allowed = run(executor, context, send, NETWORK)
        assert allowed.success, allowed.result
        deadline = time.monotonic() + 5
        while b"LEAK" not in listener.received and time.monotonic() < deadline:
            time.sleep(0.05)
        assert b"LEAK" in listener.received  # the test can fail: the network does work when given
    finally:
        listener.close()


def test_processes_left_behind_die_with_their_command(
    bwrap: Bubblewrap, context: ToolContext
) -> None:
    marker = f"parley-{uuid.uuid4().hex[:12]}"
    executor = LocalToolExecutor(sandbox=bwrap)
    started = time.monotonic()
    out = run(executor, context, f"(exec -a {marker} sleep 300) & disown; echo started", SANDBOX)
    assert "started" in out.result and time.monotonic() - started < 5
    time.sleep(0.3)
    assert _running(marker) == []


def test_a_timeout_kills_the_whole_sandbox(bwrap: Bubblewrap, context: ToolContext) -> None:
    marker = f"parley-{uuid.uuid4().hex[:12]}"
    quick = ToolContext(
        workspace=context.workspace, sandbox=context.sandbox, session_id="s", command_timeout_s=1
    )
    executor = LocalToolExecutor(sandbox=bwrap)
    out = run(executor, quick, f"setsid bash -c 'exec -a {marker} sleep 300' & sleep 60", SANDBOX)
    assert "timed out" in out.result
    time.sleep(0.3)
    assert _running(marker) == []


def test_kill_9_of_parley_kills_the_sandboxed_command(
    bwrap: Bubblewrap, context: ToolContext, tmp_path: Path
) -> None:
    """Fault injection: Parley dies mid-command (SIGKILL); nothing it started may live on."""
    marker = f"parley-{uuid.uuid4().hex[:12]}"
    script = tmp_path / "parley_stand_in.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(Path.cwd())!r})
            from pathlib import Path
            from parley.application.ports.tools import ToolContext
            from parley.domain.actions.confinement import Confinement
            from parley.domain.actions.model import PASS, ProposedAction, Verdict
            from parley.infrastructure.tools.confinement import Bubblewrap
            from parley.infrastructure.tools.executor import LocalToolExecutor
            context = ToolContext(workspace=Path({str(context.workspace)!r}),
                                  sandbox=Path({str(context.sandbox)!r}), session_id="s",
                                  command_timeout_s=120)
            action = ProposedAction("c", "run_command",
                                    {{"command": "exec -a {marker} sleep 300"}})
            verdict = Verdict("c", "run_command", PASS, "t", target="sandbox:")
            LocalToolExecutor(sandbox=Bubblewrap()).execute(
                action, verdict, context, Confinement("bubblewrap", "sandbox-write", False))
            """
        )
    )
    parent = subprocess.Popen([sys.executable, str(script)])
    try:
        deadline = time.monotonic() + 15
        while not _running(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _running(marker), "the sandboxed command never started"
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=5)
        deadline = time.monotonic() + 5
        while _running(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _running(marker) == []
    finally:
        if parent.poll() is None:
            parent.kill()


def test_an_enforced_confinement_is_never_run_unconfined(context: ToolContext) -> None:
    executor = LocalToolExecutor()  # no sandbox wired
    out = run(executor, context, "echo ran > made.txt", SANDBOX)
    assert not out.success and "Not run" in out.result
    assert not (context.sandbox / "made.txt").exists()
    broken = LocalToolExecutor(sandbox=Bubblewrap(bwrap="/nonexistent/bwrap"))
    out = run(broken, context, "echo ran > made.txt", SANDBOX)
    assert not out.success and "Not run" in out.result
    assert not (context.sandbox / "made.txt").exists()
    assert Bubblewrap(bwrap="/nonexistent/bwrap").mechanism() == ""


def test_a_missing_bubblewrap_is_reported_with_the_package_name() -> None:
    missing = Bubblewrap(bwrap=None)
    missing._bwrap = None  # as on a machine without the package
    assert missing.mechanism() == ""
    assert "bubblewrap" in missing.reason and "apt-get install bubblewrap" in missing.reason


@pytest.mark.slow
def test_install_package_creates_and_uses_the_venv_inside_the_sandbox(
    bwrap: Bubblewrap, context: ToolContext, tmp_path: Path
) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build_wheel(wheels)
    executor = LocalToolExecutor(
        sandbox=bwrap, pip_args=("--no-index", "--find-links", str(wheels))
    )
    action = ProposedAction("c1", "install_package", {"name": "parleycanary"})
    verdict = Verdict("c1", "install_package", PASS, "test", target="parleycanary")
    env_write = Confinement(BUBBLEWRAP, ENVIRONMENT_WRITE, True)
    out = executor.execute(action, verdict, context, env_write)
    assert out.success, out.result
    assert "environment-write" in out.result
    assert context.venv_dir is not None and venv_python(context.venv_dir).exists()
    used = run(executor, context, "python -c 'import parleycanary as p; print(p.VALUE)'", SANDBOX)
    assert used.success and "42" in used.result, used.result
    # The venv is read-only to an ordinary command.
    tamper = run(executor, context, f"touch {context.venv_dir}/tampered", SANDBOX)
    assert not tamper.success and not (context.venv_dir / "tampered").exists()


def _running(marker: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path("/proc", pid, "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline and b"parley_stand_in" not in cmdline:
            found.append(pid)
    return found


# -- the snapshot is taken again after every command (class 6) ---------------------------------


def test_a_link_copied_in_by_a_command_is_judged_by_where_it_leads(
    bwrap: Bubblewrap, tmp_path: Path, home: Path
) -> None:
    """``cp -P`` brings a link to a secret outside into the sandbox; the next command reading it
    is judged against a snapshot that knows the link, and cannot read the secret either way."""
    from parley.infrastructure.tools.snapshot import FilesystemInspector
    from tests.support.everyday_harness import run_commands

    secret = (home / ".ssh" / "id_rsa").read_text()
    workspace = (tmp_path / "ws2").resolve()
    workspace.mkdir()
    (workspace / "key").symlink_to(home / ".ssh" / "id_rsa")
    sandbox = (tmp_path / "out2").resolve()
    sandbox.mkdir()
    inspector = FilesystemInspector(confinement=bwrap.mechanism)
    outcomes = run_commands(
        (("sandbox", f"cp -P {workspace}/key ./copy"), ("sandbox", "cat copy")),
        workspace=workspace,
        sandbox=sandbox,
        inspector=inspector,
        executor=LocalToolExecutor(sandbox=bwrap),
    )
    assert (sandbox / "copy").is_symlink()  # the first command really copied the link
    assert all(secret not in o.result for o in outcomes)
    assert not outcomes[1].success and "No such file" in outcomes[1].result  # home not there
    # The read was judged knowing the link leads outside (a stale snapshot said harmless).
    assert outcomes[1].effect != "harmless", outcomes[1]
    # Without the sandbox, the refreshed snapshot alone keeps the read from running unasked.
    bare = run_commands(
        (("sandbox", "cat copy"),),
        workspace=workspace,
        sandbox=sandbox,
        inspector=FilesystemInspector(),
        executor=LocalToolExecutor(),
    )
    assert bare[0].decision == "asked" and secret not in bare[0].result

"""``LocalToolExecutor`` on real temporary folders and real processes.

Each built-in tool runs against a throwaway workspace and sandbox: reads are capped and never
leave their root, writes are atomic and sandbox-only, commands get an environment built from
nothing (a canary API key in this process never reaches them), a timeout kills the command *and*
its children, an output flood is capped, and ``install_package`` installs a wheel built here by
hand into the workspace venv, offline, never into the interpreter running the tests.
"""

from __future__ import annotations

import base64
import hashlib
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from parley.application.ports.tools import ToolContext
from parley.domain.actions.model import PASS, ProposedAction, Verdict
from parley.infrastructure.tools.executor import LocalToolExecutor, git_environment
from parley.infrastructure.tools.sandbox import venv_python, workspace_venv_dir

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the executor is POSIX-only")

CANARY = "sk-canary-0123456789abcdef"


def run(
    executor: LocalToolExecutor, context: ToolContext, tool: str, target: str = "", **arguments
):
    action = ProposedAction(call_id="c1", tool=tool, arguments=arguments)
    verdict = Verdict(call_id="c1", tool=tool, decision=PASS, rule="test", target=target)
    return executor.execute(action, verdict, context)


@pytest.fixture
def context(tmp_path: Path) -> ToolContext:
    workspace = tmp_path / "ws"
    sandbox = tmp_path / "out" / "s" / "t"
    workspace.mkdir()
    sandbox.mkdir(parents=True)
    return ToolContext(
        workspace=workspace,
        sandbox=sandbox,
        session_id="s",
        command_timeout_s=10.0,
        output_cap_bytes=4096,
        read_cap_bytes=64,
        venv_dir=workspace_venv_dir(tmp_path / "data", workspace),
    )


@pytest.fixture
def executor() -> LocalToolExecutor:
    return LocalToolExecutor()


# -- reading ------------------------------------------------------------------------------------


def test_read_file_text_truncation_binary_and_escapes(
    context: ToolContext, executor: LocalToolExecutor, tmp_path: Path
) -> None:
    ws = context.workspace
    (ws / "notes.txt").write_text("héllo\nworld\n", encoding="utf-8")
    ok = run(executor, context, "read_file", "workspace:notes.txt")
    assert ok.success and ok.result == "héllo\nworld\n"

    # Cut at the cap, in the middle of a two-byte character: no error, truncation said.
    (ws / "long.txt").write_text("a" * 63 + "é" * 10, encoding="utf-8")
    long = run(executor, context, "read_file", "workspace:long.txt")
    assert long.success and long.result.startswith("a" * 63 + "\n[truncated")
    assert "first 64 of 83 bytes" in long.result

    (ws / "blob.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage")
    binary = run(executor, context, "read_file", "workspace:blob.bin")
    assert not binary.success and "binary file" in binary.result and "garbage" not in binary.result

    (ws / "latin1.txt").write_bytes("caf\xe9".encode("latin-1"))
    assert "binary file" in run(executor, context, "read_file", "workspace:latin1.txt").result

    (tmp_path / "secret.txt").write_text("top secret")
    (ws / "out_link").symlink_to(tmp_path / "secret.txt")
    (ws / "in_link").symlink_to("notes.txt")
    escaped = run(executor, context, "read_file", "workspace:out_link")
    assert not escaped.success and "outside" in escaped.result and "secret" not in escaped.result
    assert run(executor, context, "read_file", "workspace:in_link").result.startswith("héllo")
    for target in ("workspace:../secret.txt", "workspace:/etc/passwd", "../secret.txt"):
        refused = run(executor, context, "read_file", target)
        assert not refused.success and "top secret" not in refused.result

    missing = run(executor, context, "read_file", "workspace:nope.txt")
    assert not missing.success and "does not exist" in missing.result
    (ws / "empty.txt").write_text("")
    assert (
        run(executor, context, "read_file", "empty.txt").result == "workspace:empty.txt is empty."
    )
    assert "list_dir" in run(executor, context, "read_file", "workspace:").result

    (context.sandbox / "made.txt").write_text("from the sandbox")
    assert run(executor, context, "read_file", "sandbox:made.txt").result == "from the sandbox"

    os.mkfifo(ws / "pipe")
    fifo = run(executor, context, "read_file", "workspace:pipe")
    assert not fifo.success and "not a regular file" in fifo.result


def test_list_dir(context: ToolContext, executor: LocalToolExecutor) -> None:
    ws = context.workspace
    (ws / "b_dir").mkdir()
    (ws / "a.txt").write_text("12345")
    (ws / "c_link").symlink_to("a.txt")
    listing = run(executor, context, "list_dir", "workspace:")
    assert listing.success
    assert listing.result.splitlines() == [
        "workspace: (3 entries)",
        "a.txt  5 bytes",
        "b_dir/",
        "c_link -> a.txt (symlink)",
    ]
    empty = run(executor, context, "list_dir", "workspace:b_dir")
    assert empty.success and "empty directory" in empty.result
    assert not run(executor, context, "list_dir", "workspace:a.txt").success


def test_search_files(context: ToolContext, executor: LocalToolExecutor, tmp_path: Path) -> None:
    ws = context.workspace
    (ws / "src").mkdir()
    (ws / "src" / "app.py").write_text("import os\n\ndef main():\n    return os.getcwd()\n")
    (ws / "README.md").write_text("Run main() to start.\n")
    (ws / "data.bin").write_bytes(b"main\x00\x01\x02")
    (ws / ".git").mkdir()
    (ws / ".git" / "config").write_text("main = yes\n")
    (tmp_path / "outside.txt").write_text("def main(): secret\n")
    (ws / "link.txt").symlink_to(tmp_path / "outside.txt")

    found = run(executor, context, "search_files", "workspace:", pattern=r"def \w+\(")
    assert found.success
    assert found.result.splitlines()[1:] == [
        "src/app.py:3: def main():",
        "[skipped 1 binary or oversized file(s)]",
    ]
    assert "regular expression" in found.result

    plain = run(executor, context, "search_files", "workspace:", pattern="main()")
    lines = plain.result.splitlines()
    assert "README.md:1: Run main() to start." in lines
    assert "src/app.py:3: def main():" in lines
    assert not any("secret" in line or ".git" in line for line in lines)
    assert "skipped 1 binary" in plain.result

    literal = run(executor, context, "search_files", "workspace:src", pattern="main((")
    assert literal.success and "plain text" in literal.result and "0 match" in literal.result
    scoped = run(executor, context, "search_files", "workspace:src/app.py", pattern="os")
    assert scoped.result.splitlines()[1:] == [
        "src/app.py:1: import os",
        "src/app.py:4:     return os.getcwd()",
    ]
    assert not run(executor, context, "search_files", "workspace:", pattern="").success


# -- writing and promoting ----------------------------------------------------------------------


def test_write_file_is_atomic_and_sandbox_only(
    context: ToolContext, executor: LocalToolExecutor, tmp_path: Path
) -> None:
    written = run(executor, context, "write_file", "sandbox:docs/report.md", content="# Report\n")
    digest = hashlib.sha256(b"# Report\n").hexdigest()
    assert written.success and written.created == (("docs/report.md", digest),)
    assert (context.sandbox / "docs" / "report.md").read_text() == "# Report\n"
    assert [p.name for p in (context.sandbox / "docs").iterdir()] == ["report.md"]  # no temp

    again = run(executor, context, "write_file", "sandbox:docs/report.md", content="v2")
    assert again.success and (context.sandbox / "docs" / "report.md").read_text() == "v2"

    refused = run(executor, context, "write_file", "workspace:x.txt", content="x")
    assert not refused.success and not (context.workspace / "x.txt").exists()

    # A symlinked directory planted in the sandbox (by a command) cannot redirect a write.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (context.sandbox / "sneaky").symlink_to(outside)
    sneaky = run(executor, context, "write_file", "sandbox:sneaky/f.txt", content="x")
    assert not sneaky.success and list(outside.iterdir()) == []
    # A symlink at the destination is replaced, not written through.
    (outside / "victim.txt").write_text("keep")
    (context.sandbox / "victim.txt").symlink_to(outside / "victim.txt")
    replaced = run(executor, context, "write_file", "sandbox:victim.txt", content="new")
    assert replaced.success and (outside / "victim.txt").read_text() == "keep"
    assert not (context.sandbox / "victim.txt").is_symlink()
    assert not run(executor, context, "write_file", "sandbox:../escape.txt", content="x").success


def test_promote_copies_and_keeps_both_on_clash(
    context: ToolContext, executor: LocalToolExecutor, tmp_path: Path
) -> None:
    run(executor, context, "write_file", "sandbox:report.md", content="new report")
    run(executor, context, "write_file", "sandbox:charts/plot.csv", content="a,b\n")
    run(executor, context, "write_file", "sandbox:.env", content="X=1")
    (context.sandbox / "link").symlink_to(tmp_path)
    home = tmp_path / "Parley outputs"
    home.mkdir()
    (home / "report.md").write_text("old report")
    (home / ".env").write_text("old")

    promoted = executor.promote(context, home)
    names = sorted(p.relative_to(home).as_posix() for p in promoted)
    assert names == [".env (2)", "charts/plot.csv", "report (2).md"]
    assert (home / "report.md").read_text() == "old report"
    assert (home / "report (2).md").read_text() == "new report"
    assert not (home / "link").exists()
    # The sandbox is left as it was, and promoting again keeps both once more.
    assert (context.sandbox / "report.md").read_text() == "new report"
    again = executor.promote(context, home)
    assert sorted(p.name for p in again) == [".env (3)", "plot (2).csv", "report (3).md"]
    assert executor.promote(context, tmp_path / "fresh") != []


# -- processes ----------------------------------------------------------------------------------


def test_run_command_environment_has_nothing_from_the_parent(
    context: ToolContext, executor: LocalToolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    monkeypatch.setenv("PARLEY_TEST_INHERITED", "leak")
    result = run(executor, context, "run_command", "sandbox:", command="env; echo EXIT")
    assert result.success and "exit code: 0" in result.result
    assert CANARY not in result.result and "PARLEY_TEST_INHERITED" not in result.result
    env_lines = [
        line
        for line in result.result.splitlines()
        if "=" in line and not line.startswith(("$ ", "(in "))
    ]
    names = {line.split("=", 1)[0] for line in env_lines}
    names -= set(git_environment())  # git's defanging settings (no secret in them)
    assert names <= {"PATH", "HOME", "LANG", "TERM", "PWD", "SHLVL", "_", "OLDPWD"}
    env = dict(line.split("=", 1) for line in env_lines)
    assert env["PATH"] == "/usr/local/bin:/usr/bin:/bin"
    assert env["HOME"] != os.environ.get("HOME") and not Path(env["HOME"]).exists()


def test_run_command_cwd_exit_code_and_stderr(
    context: ToolContext, executor: LocalToolExecutor
) -> None:
    (context.workspace / "sub").mkdir()
    here = run(executor, context, "run_command", "workspace:sub", command="pwd")
    assert here.success and os.path.realpath(context.workspace / "sub") in here.result
    in_sandbox = run(executor, context, "run_command", "", command="pwd; touch made.txt")
    assert os.path.realpath(context.sandbox) in in_sandbox.result
    assert (context.sandbox / "made.txt").exists()
    failed = run(executor, context, "run_command", "sandbox:", command="echo oops >&2; exit 3")
    assert not failed.success and "exit code: 3" in failed.result and "oops" in failed.result
    missing = run(executor, context, "run_command", "workspace:nope", command="pwd")
    assert not missing.success


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for a reaper is dead for our purposes
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


def test_timeout_kills_the_command_and_its_children(
    context: ToolContext, executor: LocalToolExecutor
) -> None:
    short = ToolContext(**{**context.__dict__, "command_timeout_s": 1.0})
    started = time.monotonic()
    result = run(
        executor, short, "run_command", "sandbox:", command="sleep 30 & echo $! > child.pid; wait"
    )
    elapsed = time.monotonic() - started
    assert not result.success and "timed out" in result.result
    assert elapsed < 5
    child = int((context.sandbox / "child.pid").read_text())
    deadline = time.monotonic() + 3
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_background_leftovers_are_killed_after_exit(
    context: ToolContext, executor: LocalToolExecutor
) -> None:
    started = time.monotonic()
    result = run(
        executor,
        context,
        "run_command",
        "sandbox:",
        command="sleep 30 & echo $! > bg.pid; echo done",
    )
    assert result.success and "done" in result.result
    assert time.monotonic() - started < 5
    child = int((context.sandbox / "bg.pid").read_text())
    deadline = time.monotonic() + 3
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_output_flood_is_capped(context: ToolContext, executor: LocalToolExecutor) -> None:
    result = run(executor, context, "run_command", "sandbox:", command="yes | head -c 10000000")
    assert result.success and "exit code: 0" in result.result
    assert "kept the first 4096 of 10000000 bytes" in result.result
    assert len(result.result) < 4096 + 500


# -- install_package ----------------------------------------------------------------------------


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_wheel(folder: Path, name: str = "parleycanary", version: str = "0.1") -> Path:
    """A minimal pure-Python wheel, written by hand (no build backend, no network)."""
    dist_info = f"{name}-{version}.dist-info"
    files = {
        f"{name}.py": b"VALUE = 42\n",
        f"{dist_info}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
        ),
        f"{dist_info}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: parley-test\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"
        ),
    }
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files.items())
    record += f"{dist_info}/RECORD,,\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
        archive.writestr(f"{dist_info}/RECORD", record)
    return wheel


@pytest.mark.slow
def test_install_package_offline_into_the_workspace_venv(
    context: ToolContext, tmp_path: Path
) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build_wheel(wheels)
    executor = LocalToolExecutor(pip_args=("--no-index", "--find-links", str(wheels)))
    venv = context.venv_dir
    assert venv is not None

    result = run(executor, context, "install_package", "parleycanary")
    assert result.success, result.result
    assert "Created the workspace environment" in result.result
    python = venv_python(venv)
    probe = subprocess.run(
        [str(python), "-c", "import parleycanary, sys; print(parleycanary.VALUE, sys.prefix)"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
        check=True,
    )
    value, prefix = probe.stdout.split()
    assert value == "42" and os.path.realpath(prefix) == os.path.realpath(venv)
    mine = subprocess.run(
        [sys.executable, "-c", "import parleycanary"], capture_output=True, env={}, check=False
    )
    assert mine.returncode != 0  # not installed into the app's own environment

    # Now the venv exists: commands see it first on PATH, with VIRTUAL_ENV set.
    seen = run(
        executor,
        context,
        "run_command",
        "sandbox:",
        command="python -c 'import parleycanary'; echo $VIRTUAL_ENV",
    )
    assert seen.success and str(venv) in seen.result

    again = run(executor, context, "install_package", "parleycanary==0.1")
    assert again.success and "Created" not in again.result
    missing = run(executor, context, "install_package", "parley-no-such-package")
    assert not missing.success and "exit code:" in missing.result


def test_install_package_refusals(context: ToolContext, executor: LocalToolExecutor) -> None:
    for bad in ("", "-e .", "--index-url=http://x", "https://evil/x.whl", "./pkg", "a; rm -rf /"):
        refused = run(executor, context, "install_package", bad)
        assert not refused.success and "not a plain package name" in refused.result
    for own in (Path(sys.prefix), Path(sys.prefix) / "envs", Path(sys.base_prefix)):
        mine = ToolContext(**{**context.__dict__, "venv_dir": own})
        refused = run(executor, mine, "install_package", "requests")
        assert not refused.success and "Parley's own" in refused.result
    none = ToolContext(**{**context.__dict__, "venv_dir": None})
    assert "no per-workspace environment" in run(executor, none, "install_package", "x").result


def test_unknown_tool_is_a_failed_outcome(
    context: ToolContext, executor: LocalToolExecutor
) -> None:
    outcome = run(executor, context, "format_disk", "workspace:")
    assert not outcome.success and "Unknown tool" in outcome.result


def test_signal_exit_is_reported(context: ToolContext, executor: LocalToolExecutor) -> None:
    result = run(executor, context, "run_command", "sandbox:", command="kill -TERM $$")
    assert not result.success and f"killed by signal {int(signal.SIGTERM)}" in result.result

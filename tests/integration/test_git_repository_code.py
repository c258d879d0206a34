"""The real ``git`` against repositories that try to run code, judged by effect (a canary file).

Each attack is built on disk and run twice with the real binary: once with a plain environment
(the canary appears: the attack is real on this git) and once with the executor's defanged
environment (``infrastructure.tools.executor.git_environment``). Separately, the steps the model
would need to plant each attack are put through the real validator, snapshot builder and
classifier, which must never call them harmless or contained.

Attacks the environment cannot stop on git 2.39 (a driver or program named by a config the
model cannot write but a downloaded workspace may already hold) are marked ``xfail`` (strict)
with the reason; for those, the last test runs the same git command through the executor inside
the bubblewrap sandbox and checks that the program they start cannot reach the canary outside.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from parley.domain.actions.effects import classify_command
from parley.domain.actions.model import (
    BUILTIN_TOOLS,
    CONTAINED,
    HARMLESS,
    PASS,
    REJECT_RETRY,
    ProposedAction,
    StateSnapshot,
)
from parley.domain.actions.validator import validate_action
from parley.infrastructure.tools.snapshot import FilesystemInspector, git_directories

try:
    from parley.infrastructure.tools.executor import git_environment
except ImportError:  # pragma: no cover - the executor's defanged environment is not there yet

    def git_environment() -> dict[str, str]:
        overrides = [
            ("core.fsmonitor", "false"),
            ("core.hooksPath", "/dev/null"),
            ("core.pager", "cat"),
            ("safe.bareRepository", "explicit"),
            ("protocol.ext.allow", "never"),
        ]
        env = {
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_PAGER": "cat",
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_CONFIG_COUNT": str(len(overrides)),
        }
        for i, (key, value) in enumerate(overrides):
            env[f"GIT_CONFIG_KEY_{i}"] = key
            env[f"GIT_CONFIG_VALUE_{i}"] = value
        return env


GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None or os.name != "posix", reason="needs git on POSIX")

BASE_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C"}
PLAIN = {**BASE_ENV, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"}


def run_git(cwd: Path, *args: str, env: dict[str, str], stdin: str | None = None) -> str:
    result = subprocess.run(
        [GIT or "git", *args], cwd=cwd, env=env, capture_output=True, text=True, input=stdin,
        timeout=30, check=False,
    )  # fmt: skip
    return result.stdout


def defanged() -> dict[str, str]:
    return {**BASE_ENV, **git_environment()}


class World:
    """A committed workspace with one modified file, a sandbox, and a canary path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.ws = root / "ws"
        self.sandbox = root / "sandbox"
        self.canary = root / "CANARY"
        self.sandbox.mkdir()
        self.ws.mkdir()
        run_git(self.ws, "init", "-q", env=PLAIN)
        run_git(self.ws, "config", "user.email", "a@b", env=PLAIN)
        run_git(self.ws, "config", "user.name", "a", env=PLAIN)
        (self.ws / "a.txt").write_text("one\n")
        (self.ws / "b.txt").write_text("bee\n")
        run_git(self.ws, "add", ".", env=PLAIN)
        run_git(self.ws, "commit", "-qm", "init", env=PLAIN)
        with (self.ws / "a.txt").open("a") as handle:
            handle.write("two\n")

    def config(self, text: str) -> None:
        with (self.ws / ".git" / "config").open("a") as handle:
            handle.write(text)

    def script(self) -> str:
        """An executable that touches the canary and passes its input through."""
        path = self.root / "evil.sh"
        path.write_text(f"#!/bin/sh\ntouch '{self.canary}'\ncat\n")
        path.chmod(0o755)
        return str(path)

    def touch(self) -> str:
        return f"touch '{self.canary}'"

    def bare(self, where: Path) -> Path:
        """A bare repository whose config gives it a work tree and an fsmonitor."""
        (where / "objects").mkdir(parents=True)
        (where / "refs" / "heads").mkdir(parents=True)
        (where / "HEAD").write_text("ref: refs/heads/main\n")
        (where / "config").write_text(
            "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"
            f"\tworktree = {self.ws}\n\tfsmonitor = {self.touch()}\n"
        )
        return where


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


def _fsmonitor(w: World) -> Path:
    w.config(f"[core]\n\tfsmonitor = {w.touch()}\n")
    return w.ws


def _fsmonitor_included(w: World) -> Path:
    (w.root / "inc").write_text(f"[core]\n\tfsmonitor = {w.touch()}\n")
    w.config(f"[include]\n\tpath = {w.root / 'inc'}\n")
    return w.ws


def _hook(w: World) -> Path:
    hook = w.ws / ".git" / "hooks" / "post-index-change"
    hook.write_text(f"#!/bin/sh\n{w.touch()}\n")
    hook.chmod(0o755)
    os.utime(w.ws / "b.txt", (1, 1))  # status refreshes the index, and would write it
    return w.ws


def _hooks_path(w: World) -> Path:
    hooks = w.root / "hooks"
    hooks.mkdir()
    (hooks / "post-index-change").write_text(f"#!/bin/sh\n{w.touch()}\n")
    (hooks / "post-index-change").chmod(0o755)
    w.config(f"[core]\n\thooksPath = {hooks}\n")
    os.utime(w.ws / "b.txt", (1, 1))
    return w.ws


def _bare_in_sandbox(w: World) -> Path:
    return w.bare(w.sandbox / "r")


def _inside_dot_git(w: World) -> Path:
    w.config(f"[core]\n\tworktree = {w.ws}\n\tfsmonitor = {w.touch()}\n")
    return w.ws / ".git"


def _textconv(w: World) -> Path:
    w.config(f'[diff "x"]\n\ttextconv = {w.script()}\n')
    (w.ws / ".gitattributes").write_text("*.txt diff=x\n")
    return w.ws


def _filter(w: World) -> Path:
    w.config(f'[filter "x"]\n\tclean = {w.script()}\n')
    (w.ws / ".gitattributes").write_text("*.txt filter=x\n")
    return w.ws


def _driver_command(w: World) -> Path:
    w.config(f'[diff "x"]\n\tcommand = {w.touch()}\n')
    (w.ws / ".gitattributes").write_text("*.txt diff=x\n")
    return w.ws


def _external(w: World) -> Path:
    w.config(f"[diff]\n\texternal = {w.touch()}\n")
    return w.ws


def _signature(w: World) -> Path:
    tree = run_git(w.ws, "rev-parse", "HEAD^{tree}", env=PLAIN).strip()
    head = run_git(w.ws, "rev-parse", "HEAD", env=PLAIN).strip()
    body = (
        f"tree {tree}\nparent {head}\nauthor a <a@b> 1 +0000\ncommitter a <a@b> 1 +0000\n"
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----\n\nsigned\n"
    )
    oid = run_git(w.ws, "hash-object", "-t", "commit", "-w", "--stdin", env=PLAIN, stdin=body)
    run_git(w.ws, "update-ref", "HEAD", oid.strip(), env=PLAIN)
    w.config(f"[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {w.script()}\n")
    return w.ws


def _lazy_fetch(w: World) -> Path:
    upstream = w.root / "up"
    run_git(w.root, "clone", "-q", "--bare", str(w.ws), str(upstream), env=PLAIN)
    w.config(
        "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n"
        f'[remote "origin"]\n\turl = {upstream}\n\tpromisor = true\n'
        f"\tuploadpack = {w.touch()}; git-upload-pack\n"
    )
    return w.ws


def _lazy_fetch_ext(w: World) -> Path:
    w.config(
        "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n"
        f'[remote "origin"]\n\turl = ext::sh -c touch% {w.canary}\n\tpromisor = true\n'
        "[protocol]\n\tallow = always\n"
    )
    return w.ws


MISSING = "1234567890123456789012345678901234567890"
NOT_STOPPED = "a config that names a program under a name only it knows: no env override in 2.39"

#: (name, setup, git arguments, why the defanged environment does not stop it or "").
ATTACKS: list[tuple[str, Callable[[World], Path], tuple[str, ...], str]] = [
    ("fsmonitor/status", _fsmonitor, ("status",), ""),
    ("fsmonitor/diff", _fsmonitor, ("diff",), ""),
    ("fsmonitor-via-include/status", _fsmonitor_included, ("status",), ""),
    ("post-index-change-hook/status", _hook, ("status",), ""),
    ("hooksPath/status", _hooks_path, ("status",), ""),
    ("bare-repo-in-sandbox/status", _bare_in_sandbox, ("status",), ""),
    ("cwd-inside-.git/status", _inside_dot_git, ("status",), ""),
    ("ext-transport-lazy-fetch/show", _lazy_fetch_ext, ("show", MISSING), ""),
    ("textconv/diff", _textconv, ("diff",), NOT_STOPPED),
    ("textconv/log-p", _textconv, ("log", "-p"), NOT_STOPPED),
    ("textconv/show", _textconv, ("show", "HEAD"), NOT_STOPPED),
    ("textconv/blame", _textconv, ("blame", "a.txt"), NOT_STOPPED),
    ("filter-clean/status", _filter, ("status",), NOT_STOPPED),
    ("diff-driver-command/diff", _driver_command, ("diff",), NOT_STOPPED),
    ("diff.external/diff", _external, ("diff",), "diff.external is not overridden"),
    ("showSignature+gpg.program/log", _signature, ("log", "-1"), ""),
    ("uploadpack-lazy-fetch/show", _lazy_fetch, ("show", MISSING), ""),
]  # fmt: skip


def _cases() -> list[object]:
    cases = []
    for name, setup, args, gap in ATTACKS:
        marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
        cases.append(pytest.param(setup, args, id=name, marks=marks))
    return cases


@pytest.mark.parametrize(("setup", "args"), _cases())
def test_the_defanged_environment_keeps_the_canary_from_running(
    world: World, setup: Callable[[World], Path], args: tuple[str, ...]
) -> None:
    cwd = setup(world)
    run_git(cwd, *args, env=PLAIN)
    assert world.canary.exists(), "the attack does not work on this git: the test proves nothing"
    world.canary.unlink()
    run_git(cwd, *args, env=defanged())
    assert not world.canary.exists()


# -- what the gate says about planting each attack ----------------------------------------------


def snapshot_of(world: World) -> StateSnapshot:
    inspector = FilesystemInspector(candidates=("git", "printf", "mkdir", "cp", "echo"))
    return inspector.snapshot(
        workspace=world.ws,
        sandbox=world.sandbox,
        advertised_tools=BUILTIN_TOOLS,
        gate_mode="auto",
        unattended=False,
    )


def effect_level(command: str, cwd: str, snapshot: StateSnapshot) -> str:
    return classify_command(command, cwd_target=cwd, snapshot=snapshot).level


def test_planting_a_hostile_config_is_never_allowed(world: World) -> None:
    snapshot = snapshot_of(world)
    for path in (".git/config", ".git/hooks/post-index-change", ".git/info/attributes"):
        action = ProposedAction("c", "write_file", {"path": path, "content": "[core]\n"})
        verdict, _ = validate_action(action, snapshot)
        assert verdict.decision == REJECT_RETRY, verdict
    for command in (
        "printf '[core]\\n\\tfsmonitor = touch x\\n' >> .git/config",
        "cp evil .git/hooks/post-index-change",
        "mkdir -p .git/info",
        "echo '* diff=x' > .git/info/attributes",
    ):
        for cwd in ("workspace:.", "sandbox:."):
            assert effect_level(command, cwd, snapshot) not in (HARMLESS, CONTAINED), command


def test_a_bare_repository_cannot_be_written_into_the_sandbox(world: World) -> None:
    snapshot = snapshot_of(world)
    steps = [
        ("r/HEAD", "ref: refs/heads/main\n"),
        ("r/config", f"[core]\n\tbare = false\n\tworktree = {world.ws}\n\tfsmonitor = x\n"),
        ("r/refs/heads/main", "0" * 40 + "\n"),
        ("r/objects/info/packs", "\n"),
    ]
    verdicts = []
    for path, content in steps:
        verdict, snapshot = validate_action(
            ProposedAction("c", "write_file", {"path": path, "content": content}), snapshot
        )
        verdicts.append(verdict)
        if verdict.decision == PASS:  # the real write path: the executor writes what passed
            target = world.sandbox / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content)
            assert hashlib.sha256(content.encode()).hexdigest() == snapshot.sandbox_files[path]
    assert any(v.rule == "path.git_repository" for v in verdicts), verdicts
    fresh = snapshot_of(world)
    assert git_directories(fresh.sandbox_files, fresh.sandbox_dirs) == ()
    # git's own test of a git directory fails on what was written: nothing to discover.
    assert "fatal" in subprocess.run(
        [GIT or "git", "rev-parse", "--git-dir"], cwd=world.sandbox / "r", env=defanged(),
        capture_output=True, text=True, check=False,
    ).stderr or not (world.sandbox / "r" / "HEAD").exists()  # fmt: skip


def test_a_bare_repository_already_there_is_protected_and_git_in_it_is_not_harmless(
    world: World,
) -> None:
    # As a command (each part "contained") or an earlier turn could have left it.
    world.bare(world.sandbox / "r")
    world.bare(world.ws / "vendor" / "fixture.git")
    snapshot = snapshot_of(world)
    assert {"r", "vendor/fixture.git"} <= set(snapshot.protected)
    for command, cwd in [
        ("git status", "sandbox:."),
        ("git -C r status", "sandbox:."),
        ("git log", "sandbox:r"),
        ("git -C vendor/fixture.git status", "workspace:."),
        ("git status", "workspace:vendor/fixture.git"),
        ("git -C .git status", "workspace:."),
        ("echo x > r/config", "sandbox:."),
        ("mkdir r/hooks", "sandbox:."),
        ("echo x > vendor/fixture.git/config", "workspace:."),
    ]:
        assert effect_level(command, cwd, snapshot) not in (HARMLESS, CONTAINED), command
    for path in ("r/config", "r/hooks/post-index-change", "r/info/attributes"):
        action = ProposedAction("c", "write_file", {"path": path, "content": "x\n"})
        verdict, _ = validate_action(action, snapshot)
        assert verdict.decision == REJECT_RETRY, verdict
    # And the real git, defanged, refuses to use either as a repository.
    for cwd in (world.sandbox / "r", world.ws / "vendor" / "fixture.git"):
        run_git(cwd, "status", env=defanged())
        assert not world.canary.exists()


def test_options_that_run_a_program_are_never_harmless_and_really_do_run_one(
    world: World,
) -> None:
    """``git grep -O``/``--open-files-in-pager`` runs its value, whatever the environment; only
    the classifier stands between it and the model. Abbreviated, it ran unjudged before."""
    snapshot = snapshot_of(world)
    for args in (
        ("grep", f"--open={world.touch()}", "one"),
        ("grep", f"--op={world.touch()}", "one"),
        ("grep", f"-nO{world.touch()}", "one"),
    ):
        run_git(world.ws, *args, env=defanged())
        assert world.canary.exists(), args
        world.canary.unlink()
        command = "git " + " ".join(f"'{a}'" for a in args)
        for cwd in ("workspace:.", "sandbox:."):
            assert effect_level(command, cwd, snapshot) not in (HARMLESS, CONTAINED), command


def test_file_options_pointing_outside_are_judged_by_where_they_lead(world: World) -> None:
    secret = world.root / "secret.txt"
    secret.write_text("top secret\n")
    snapshot = snapshot_of(world)
    for command in (
        f"git blame --cont={secret} a.txt",  # abbreviation: git reads the file as a.txt's content
        f"git grep -f{secret}",
        f"git ls-files --exclude-from={secret} -i -o",
        f"git blame -S {secret} a.txt",
    ):
        assert effect_level(command, "workspace:.", snapshot) not in (HARMLESS, CONTAINED)
    out = world.root / "written.diff"
    assert effect_level(f"git diff --output={out}", "workspace:.", snapshot) == "dangerous"
    run_git(world.ws, "diff", f"--output={out}", env=defanged())
    assert out.exists()  # it really writes: hence "dangerous" outside the sandbox


# -- what the environment cannot stop, the sandbox contains ---------------------------------------


@pytest.mark.parametrize(
    ("setup", "args"),
    [pytest.param(setup, args, id=name) for name, setup, args, gap in ATTACKS if gap],
)
def test_what_the_environment_cannot_stop_runs_contained_in_the_sandbox(
    world: World, setup: Callable[[World], Path], args: tuple[str, ...]
) -> None:
    from parley.application.ports.tools import ToolContext
    from parley.domain.actions.confinement import BUBBLEWRAP, SANDBOX_WRITE, Confinement
    from parley.domain.actions.model import ProposedAction as Action
    from parley.domain.actions.model import Verdict
    from parley.infrastructure.tools.confinement import Bubblewrap
    from parley.infrastructure.tools.executor import LocalToolExecutor

    sandbox = Bubblewrap()
    if not sandbox.mechanism():
        pytest.skip(
            f"bubblewrap not available (install the 'bubblewrap' package): {sandbox.reason}"
        )
    cwd = setup(world)
    run_git(cwd, *args, env=PLAIN)
    assert world.canary.exists(), "the attack does not work on this git: the test proves nothing"
    world.canary.unlink()
    # The hostile program moves into the workspace, so it is there to run inside the sandbox; it
    # leaves a mark in the turn's sandbox folder (writable) to prove it did run.
    evil = world.ws / "evil.sh"
    ran = world.sandbox / "RAN"
    evil.write_text(f"#!/bin/sh\ntouch '{world.canary}' '{ran}'\ncat\n")
    evil.chmod(0o755)
    config = world.ws / ".git" / "config"
    config.write_text(config.read_text().replace(str(world.root / "evil.sh"), str(evil)))
    context = ToolContext(workspace=world.ws, sandbox=world.sandbox, session_id="s")
    command = "git " + " ".join(args)
    action = Action("c", "run_command", {"command": command})
    verdict = Verdict("c", "run_command", PASS, "t", target="workspace:")
    out = LocalToolExecutor(sandbox=sandbox).execute(
        action, verdict, context, Confinement(BUBBLEWRAP, SANDBOX_WRITE, False)
    )
    assert "bubblewrap" in out.result
    assert not world.canary.exists()
    if "evil.sh" in config.read_text():
        assert ran.exists(), out.result  # it ran, and still could not reach the canary

"""Everyday commands run unasked inside the sandbox, and still work there (issue 12).

With bubblewrap enforcing containment, the gate no longer needs a person's yes for what the
classifier cannot prove harmless; only what it finds dangerous, and what needs the network, asks.
This runs the list in ``tests/support/everyday_commands.py`` through the real validator,
classifier, gate, confinement and executor, and checks both halves: they run without a prompt,
and they succeed (exit code 0) inside the sandbox — a sandbox that broke ``git status`` or
``jq`` would be no improvement. Without a sandbox, every one of them asks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from parley.infrastructure.tools.confinement import Bubblewrap
from parley.infrastructure.tools.executor import LocalToolExecutor
from parley.infrastructure.tools.sandbox import MINIMAL_PATH
from parley.infrastructure.tools.snapshot import FilesystemInspector
from tests.support.everyday_commands import EVERYDAY, make_project
from tests.support.everyday_harness import run_commands
from tests.support.sandbox import bubblewrap_or_skip

#: Of the 182 commands, these still ask: the classifier judges them as changing the repository.
STILL_ASKS = {"git stash list", "git config --get user.name || true"}


@pytest.fixture(scope="module")
def bwrap() -> Bubblewrap:
    return bubblewrap_or_skip()


def _project(tmp_path: Path) -> tuple[Path, Path]:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    make_project(workspace)
    sandbox = tmp_path / "outputs" / "s1" / "t1"
    sandbox.mkdir(parents=True)
    return workspace.resolve(), sandbox.resolve()


def _installed(command: str) -> bool:
    program = command.split()[0]
    return shutil.which(program, path=MINIMAL_PATH) is not None


def test_everyday_commands_run_unasked_and_work_in_the_sandbox(
    tmp_path: Path, bwrap: Bubblewrap
) -> None:
    workspace, sandbox = _project(tmp_path)
    outcomes = run_commands(
        EVERYDAY,
        workspace=workspace,
        sandbox=sandbox,
        inspector=FilesystemInspector(confinement=bwrap.mechanism),
        executor=LocalToolExecutor(sandbox=bwrap),
    )
    assert len(outcomes) >= 150
    asked = {o.command for o in outcomes if o.decision != "ran"}
    assert asked == STILL_ASKS
    failed = [
        (o.command, o.result)
        for o in outcomes
        if o.decision == "ran" and not o.success and _installed(o.command)
    ]
    assert failed == []
    for o in outcomes:
        if o.decision == "ran":
            assert "; bubblewrap, " in o.result, o.result  # the heading says how it ran


def test_without_a_sandbox_every_command_asks(tmp_path: Path) -> None:
    workspace, sandbox = _project(tmp_path)
    outcomes = run_commands(
        EVERYDAY[:40],
        workspace=workspace,
        sandbox=sandbox,
        inspector=FilesystemInspector(),
        executor=LocalToolExecutor(),
    )
    assert {o.decision for o in outcomes} == {"asked"}
    assert not any(o.success for o in outcomes)  # the person said no: nothing ran

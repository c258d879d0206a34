"""git under the gate: option allow-lists, file-taking options, repositories recognised by content.

The audit's class 4 ("git runs repository code"): a bare repository or a ``.git`` under another
name makes ``git status`` obey a config the model could have planted; option values that name
files (``grep -f``, ``blame -S``, ``ls-files --exclude-from``, ``diff --output``) were not
path-checked; git's parse-options accepts abbreviations (``grep --open=CMD`` runs CMD). Pure:
no filesystem, no git (``tests/integration/test_git_repository_code.py`` runs the real binary).
"""

from __future__ import annotations

import hashlib
import itertools

import pytest

from parley.domain.actions.effects import RULES, classify_command
from parley.domain.actions.model import (
    BUILTIN_TOOLS,
    CONTAINED,
    DANGEROUS,
    EFFECTS,
    HARMLESS,
    PASS,
    REJECT_RETRY,
    UNKNOWN,
    Effect,
    ProposedAction,
    StateSnapshot,
)
from parley.domain.actions.validator import validate_action

WORKSPACE = "/home/user/project"
SANDBOX = "/home/user/.local/share/parley/sandboxes/turn-1"
ORDER = {level: i for i, level in enumerate(EFFECTS)}


def make_snapshot(**overrides: object) -> StateSnapshot:
    fields: dict[str, object] = {
        "workspace_root": WORKSPACE,
        "sandbox_root": SANDBOX,
        "workspace_files": frozenset(
            {"README.md", "src/main.py", ".git/HEAD", ".git/config", "order.txt", "revs.txt"}
        ),
        "workspace_dirs": frozenset({".", "src", ".git", ".git/objects", ".git/refs"}),
        "sandbox_files": {"out/report.md": hashlib.sha256(b"hello").hexdigest()},
        "sandbox_dirs": frozenset({"out"}),
        "protected": (".git/hooks", ".git/config", ".parley"),
        "advertised_tools": BUILTIN_TOOLS,
        "trusted_commands": {"git": "/usr/bin/git", "env": "/usr/bin/env"},
    }
    fields.update(overrides)
    return StateSnapshot(**fields)  # type: ignore[arg-type]


SNAP = make_snapshot()
#: A bare repository sits in the workspace (a vendored fixture, or promoted from a sandbox).
BARE_WS = make_snapshot(
    workspace_files=SNAP.workspace_files | {"vendor/bare/HEAD", "vendor/bare/config"},
    workspace_dirs=SNAP.workspace_dirs | {"vendor", "vendor/bare", "vendor/bare/refs"},
)
#: A bare repository in the sandbox (written by an earlier turn's command).
BARE_SB = make_snapshot(
    sandbox_files={"r/HEAD": "x", "r/config": "y"},
    sandbox_dirs=frozenset({"r", "r/objects"}),
)


def effect(command: str, cwd: str = "workspace:.", snapshot: StateSnapshot = SNAP) -> Effect:
    return classify_command(command, cwd_target=cwd, snapshot=snapshot)


# -- what stays harmless -----------------------------------------------------------------------

HARMLESS_GIT = [
    "git status",
    "git status -sb",
    "git status --porcelain=v2 --untracked-files=no",
    "git log --oneline -5",
    "git log --format=%H -n 3 -- src",
    "git log -p -U3 --stat HEAD~2..HEAD",
    "git log --author=me --since=2.weeks --grep=fix",
    "git diff HEAD~1 -- src",
    "git diff --cached --name-only",
    "git diff --no-ext-diff --no-textconv",
    "git show HEAD",
    "git show --stat HEAD:README.md",
    "git grep -n -e main -- src",
    "git grep -nwi main",
    "git grep -f order.txt",
    "git grep -C3 main",
    "git blame README.md",
    "git blame -w -M -C README.md",
    "git blame -S revs.txt README.md",
    "git ls-files -co --exclude-standard",
    "git ls-files --exclude-from=order.txt -i -o",
    "git ls-tree -r HEAD",
    "git rev-parse --show-toplevel",
    "git rev-parse --abbrev-ref HEAD",
    "git cat-file -p HEAD",
    "git for-each-ref --format='%(refname)'",
    "git describe --tags --always",
    "git branch --list",
    "git remote -v",
    "git -C src log -1",
]


@pytest.mark.parametrize("command", HARMLESS_GIT)
@pytest.mark.parametrize("cwd", ["workspace:.", "sandbox:."])
def test_ordinary_read_only_git_stays_harmless(command: str, cwd: str) -> None:
    result = effect(command, cwd)
    assert result.level == HARMLESS, result


# -- options that run programs, abbreviations, unknown options ----------------------------------

NOT_HARMLESS = [
    # git grep -O/--open-files-in-pager runs its value; parse-options takes any unique prefix.
    "git grep --open-files-in-pager=vim x",
    "git grep --open='touch CANARY' x",
    "git grep --op=sh x",
    "git grep -O'touch CANARY' x",
    "git grep -nO'touch CANARY' x",
    "git grep -iwO sh x",
    "git grep --textconv x",
    "git grep --no-index x",
    # diff drivers and signatures
    "git diff --ext-diff",
    "git log -p --ext-diff",
    "git show --textconv HEAD",
    "git log --show-signature",
    "git show --show-signature HEAD",
    "git cat-file --textconv HEAD:README.md",
    "git cat-file --filters HEAD:README.md",
    "git cat-file --batch-command",
    "git rev-list --alternate-refs HEAD",  # runs core.alternateRefsCommand
    "git describe --dirty",  # refreshes and writes the index (post-index-change hook)
    "git describe --broken",
    # abbreviations of file-taking options
    "git blame --cont=README.md README.md",
    "git blame --ignore-revs=revs.txt README.md",
    "git ls-files --exclude-f=order.txt -i -o",
    "git status --porc",
    # options nobody modelled
    "git log --frobnicate",
    "git status -Z",
    "git log -L1,2:README.md",
    "git grep --no-such-option x",
    # repository redirection
    "git --git-dir=/tmp/evil log",
    "git --git-dir /tmp/evil log",
    "git --work-tree=/ status",
    "git --namespace=x log",
    "git --exec-path=/tmp log",
    "git -c core.fsmonitor=x status",
    "git --config-env=core.pager=X log",
    "git -C /tmp/evil status",
    "git rev-parse --git-dir",
    # options given a run-time value
    "git log $OPTS",
    "git grep -f $F x",
]


@pytest.mark.parametrize("command", NOT_HARMLESS)
@pytest.mark.parametrize("cwd", ["workspace:.", "sandbox:."])
def test_options_that_run_code_or_are_not_modelled_are_not_harmless(command: str, cwd: str) -> None:
    result = effect(command, cwd)
    assert ORDER[result.level] >= ORDER[UNKNOWN], result
    assert result.rule in RULES


@pytest.mark.parametrize(
    "command",
    [
        "GIT_DIR=/tmp/evil git log",
        "GIT_WORK_TREE=/ git status",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=x git status",
        "GIT_EXTERNAL_DIFF=sh git diff",
        "env GIT_DIR=/tmp/evil git log",
        "env GIT_CONFIG_PARAMETERS=\"'core.pager'='sh'\" git log",
    ],
)
def test_git_environment_prefixes_are_dangerous(command: str) -> None:
    result = effect(command)
    assert (result.level, result.rule) == (DANGEROUS, "env.code_injection"), result


# -- option values that name files ---------------------------------------------------------------

FILE_READS = [
    "git grep -f {p} x",
    "git grep -f{p} x",
    "git grep -nf {p} x",
    "git grep -nf{p} x",
    "git blame -S {p} README.md",
    "git blame -S{p} README.md",
    "git blame --contents={p} README.md",
    "git blame --contents {p} README.md",
    "git blame --ignore-revs-file={p} README.md",
    "git ls-files -X {p} -i -o",
    "git ls-files -X{p} -i -o",
    "git ls-files --exclude-from={p} -i -o",
    "git ls-files --exclude-from {p} -i -o",
    "git ls-files --exclude-per-directory={p} -i -o",
    "git diff -O{p}",
    "git diff -O {p}",
    "git log -p -O{p}",
    "git log -pO{p}",
    "git show -O{p} HEAD",
    "git rev-parse --resolve-git-dir {p}",
    "git diff HEAD -- {p}",
]


@pytest.mark.parametrize("template", FILE_READS)
@pytest.mark.parametrize("outside", ["/etc/passwd", "../../other/secret", "~/.ssh/id_rsa"])
def test_a_file_an_option_reads_must_resolve_inside(template: str, outside: str) -> None:
    if outside.startswith("~") and "{p}" not in template.split():
        outside = "/root/.ssh/id_rsa"  # the shell expands ~ only at the start of a word
    result = effect(template.format(p=outside))
    assert ORDER[result.level] >= ORDER[UNKNOWN], result


@pytest.mark.parametrize("template", FILE_READS)
def test_a_file_read_inside_is_judged_like_any_argument(template: str) -> None:
    result = effect(template.format(p="order.txt"))
    floor = ("O{p}", "O {p}", "--contents", "--ignore-revs-file")
    if any(option in template for option in floor):
        # Never harmless before, not harmless now: git parses that file itself.
        assert result.level == UNKNOWN, result
    else:
        assert result.level == HARMLESS, result


@pytest.mark.parametrize(
    "command",
    [
        "git diff --output=/tmp/x",
        "git diff --output /tmp/x",
        "git log -p --output=../../x",
        "git show --output=/home/user/.bashrc HEAD",
        "git diff --output={ws}/README.md",
        "git diff --output=README.md",  # cwd is the workspace: writes the user's folder
    ],
)
def test_output_outside_the_sandbox_is_dangerous(command: str) -> None:
    result = effect(command.format(ws=WORKSPACE))
    assert result.level == DANGEROUS, result
    assert result.rule in ("write.outside_sandbox", "write.protected")


def test_output_to_a_protected_path_is_dangerous() -> None:
    result = effect("git diff --output=.git/hooks/pre-commit")
    assert (result.level, result.rule) == (DANGEROUS, "write.protected")


def test_output_inside_the_sandbox_is_never_harmless_or_contained() -> None:
    # It was refused outright before; it stays "unknown" at best (never lower than before).
    for command in ("git diff --output=diff.txt", f"git diff --output={SANDBOX}/d.txt"):
        result = effect(command, "sandbox:.")
        assert result.level == UNKNOWN, result


def test_a_file_option_given_an_option_like_value_is_not_harmless() -> None:
    for command in ("git grep -nf --ext-diff x", "git blame -S --contents=x README.md"):
        assert ORDER[effect(command).level] >= ORDER[UNKNOWN], command


# -- repositories recognised by content -----------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "cwd"),
    [
        ("git status", "workspace:vendor/bare"),
        ("git log", "workspace:vendor/bare"),
        ("git -C vendor/bare log", "workspace:."),
        ("git -C vendor/bare/refs log", "workspace:."),
        ("git -C vendor/BARE/refs log", "workspace:."),
        ("git -C .git log", "workspace:."),
        ("git -C .git/objects status", "workspace:."),
        ("git -C ./vendor/../vendor/bare status", "workspace:."),
    ],
)
def test_git_inside_a_git_directory_of_the_workspace_is_unknown(command: str, cwd: str) -> None:
    result = effect(command, cwd, BARE_WS)
    assert (result.level, result.rule) == (UNKNOWN, "git.repository_dir"), result


def test_the_workspace_outside_its_bare_repository_is_unaffected() -> None:
    assert effect("git log", "workspace:.", BARE_WS).level == HARMLESS
    assert effect("git -C src log", "workspace:.", BARE_WS).level == HARMLESS


@pytest.mark.parametrize("command", ["git status", "git log", "git -C r log", "git -C out log"])
def test_git_anywhere_in_a_sandbox_holding_a_git_directory_is_unknown(command: str) -> None:
    result = effect(command, "sandbox:.", BARE_SB)
    assert result.level == UNKNOWN, result


def test_writes_into_a_git_directory_named_otherwise_are_dangerous_once_protected() -> None:
    # The snapshot builder protects every git-looking directory (infrastructure/tools/snapshot.py).
    snapshot = make_snapshot(
        sandbox_files={"r/HEAD": "x"},
        sandbox_dirs=frozenset({"r", "r/refs"}),
        protected=(".git/hooks", ".git/config", "r"),
    )
    for command in ("echo '[core]' > r/config", "mkdir r/hooks", "cp out/report.md r/config"):
        result = effect(command, "sandbox:.", snapshot)
        assert (result.level, result.rule) == (DANGEROUS, "write.protected"), (command, result)


# -- write_file and git repositories --------------------------------------------------------------


def write(path: str, snapshot: StateSnapshot = SNAP, content: str = "x\n"):
    action = ProposedAction("c", "write_file", {"path": path, "content": content})
    return validate_action(action, snapshot)


@pytest.mark.parametrize(
    "path",
    [".git/config", ".git/hooks/pre-commit", "sub/.git/config", ".GIT/config", "a/.Git/HEAD"],
)
def test_write_file_never_writes_a_dot_git_component(path: str) -> None:
    verdict, _ = write(path)
    assert (verdict.decision, verdict.rule) == (REJECT_RETRY, "path.protected"), verdict


@pytest.mark.parametrize(
    "path",
    [".git./config", ".git /config", "x/git~1/config", "x/GIT~1/HEAD", ".g\u200cit/config"],
)
def test_write_file_refuses_names_that_are_dot_git_on_other_filesystems(path: str) -> None:
    verdict, _ = write(path)
    assert (verdict.decision, verdict.rule) == (REJECT_RETRY, "path.git_repository"), verdict
    assert "git" in verdict.reason


BARE_STEPS = [
    ("r/HEAD", "ref: refs/heads/main\n"),
    ("r/config", "[core]\n\tbare = false\n\tworktree = /home/user/project\n\tfsmonitor = x\n"),
    ("r/objects/info/alternates", ""),
    ("r/refs/heads/main", "0" * 40 + "\n"),
    ("r/packed-refs", ""),
]


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_write_file_refuses_whichever_write_completes_a_bare_repository(order: tuple) -> None:
    snapshot = SNAP
    decisions = []
    for index in order:
        path, content = BARE_STEPS[index]
        verdict, snapshot = write(path, snapshot, content)
        decisions.append((path, verdict.decision, verdict.rule))
    rejected = [d for d in decisions if d[1] == REJECT_RETRY]
    assert rejected, decisions
    assert all(rule == "path.git_repository" for _, _, rule in rejected), decisions
    files = set(snapshot.sandbox_files)
    assert not ("r/HEAD" in files and ({"r/objects", "r/refs"} & set(snapshot.sandbox_dirs)))


def test_write_file_refuses_head_into_a_directory_with_refs_already() -> None:
    snapshot = make_snapshot(
        sandbox_files={"r/refs/heads/main": "x"}, sandbox_dirs=frozenset({"r", "r/refs"})
    )
    verdict, _ = write("r/HEAD", snapshot, "ref: refs/heads/main\n")
    assert (verdict.decision, verdict.rule) == (REJECT_RETRY, "path.git_repository")
    assert "'r'" in verdict.reason


@pytest.mark.parametrize(
    "path",
    [
        ".gitattributes",
        "src/.gitattributes",
        ".gitmodules",
        ".gitignore",
        "docs/HEAD",
        "notes/objects/list.md",
        "notes/refs/links.md",
        "config",
        "src/config",
        "gitx/config",
    ],
)
def test_write_file_allows_git_metadata_files_and_lone_look_alikes(path: str) -> None:
    verdict, _ = write(path)
    assert verdict.decision == PASS, verdict


def test_no_git_verdict_is_contained_for_an_attacking_step() -> None:
    steps = [
        "git grep -O'sh -c id' x",
        "git diff --output=/tmp/x",
        "git -C vendor/bare status",
        "git log --show-signature",
    ]
    for command in steps:
        assert effect(command, "workspace:.", BARE_WS).level not in (HARMLESS, CONTAINED)

"""The action validator: a verdict per proposed tool call, from the snapshot alone.

Claims: PASS / NO_OP / REJECT_RETRY with stable rule names; REJECT feedback names the bad
referent, the valid set or the nearest names, and what to do; the snapshot is threaded through a
block (a write makes a later read in the same block pass); zero PASS verdicts for any path outside
the workspace — checked against a corpus of traversal, link and hard-link forms, and, with
Hypothesis, against the real filesystem (``os.path.realpath`` on a temporary workspace with real
symlinks) as the oracle.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import posixpath
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parley.domain.actions import paths
from parley.domain.actions.model import (
    BUILTIN_TOOLS,
    NO_OP,
    PASS,
    READ_TOOLS,
    REJECT_RETRY,
    ProposedAction,
    StateSnapshot,
    Verdict,
)
from parley.domain.actions.validator import feedback_for, validate_action, validate_actions

WORKSPACE = "/home/user/project"
SANDBOX = "/home/user/.local/share/parley/sandboxes/turn-1"
HELLO = hashlib.sha256(b"hello").hexdigest()


def make_snapshot(**overrides: object) -> StateSnapshot:
    fields: dict[str, object] = {
        "workspace_root": WORKSPACE,
        "sandbox_root": SANDBOX,
        "workspace_files": frozenset(
            {
                "README.md",
                "src/main.py",
                "src/util.py",
                "src/pkg/__init__.py",
                "docs/guide.md",
                ".git/HEAD",
                ".git/config",
                ".parley/settings.json",
                "notes.txt",
            }
        ),
        "workspace_dirs": frozenset(
            {".", "src", "src/pkg", "docs", ".git", ".git/hooks", ".parley", "empty"}
        ),
        "links": {
            "outside_link": None,  # a symlink to /etc
            "up": None,  # ln -s .. up: a parent-directory link
            "src/up": ".",  # ln -s .. src/up: back to the workspace root
            "hard.txt": None,  # a hard link whose other names are outside
            "dangling_out": None,  # a link to a not-yet-existing path outside
            "dangling_in": "future/file.txt",  # a link to a not-yet-existing path inside
            "alias": "src",
            "docs/self": "docs",
            "hooks": ".git/hooks",
            "loop": None,  # a link loop (the builder maps it to None)
        },
        "sandbox_files": {"out/report.md": HELLO},
        "sandbox_dirs": frozenset({"out"}),
        "sandbox_links": {"planted": None},
        "protected": (".git/hooks", ".git/config", ".parley"),
        "advertised_tools": BUILTIN_TOOLS,
    }
    fields.update(overrides)
    return StateSnapshot(**fields)  # type: ignore[arg-type]


SNAP = make_snapshot()


def act(tool: str, call_id: str = "call-1", **arguments: object) -> ProposedAction:
    return ProposedAction(call_id, tool, arguments)


def verdict(action: ProposedAction, snapshot: StateSnapshot = SNAP) -> Verdict:
    return validate_action(action, snapshot)[0]


# -- PASS -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "target"),
    [
        (act("read_file", path="README.md"), "workspace:README.md"),
        (act("read_file", path="./src//main.py"), "workspace:src/main.py"),
        (act("read_file", path="src/pkg/../main.py"), "workspace:src/main.py"),
        (act("read_file", path="alias/util.py"), "workspace:src/util.py"),
        (act("read_file", path="src/up/README.md"), "workspace:README.md"),
        (act("read_file", path="docs/self/self/guide.md"), "workspace:docs/guide.md"),
        (act("read_file", path="out/report.md"), "sandbox:out/report.md"),
        (act("read_file", path=".git/config"), "workspace:.git/config"),
        (act("list_dir"), "workspace:."),
        (act("list_dir", path="."), "workspace:."),
        (act("list_dir", path="src/"), "workspace:src"),
        (act("list_dir", path="out"), "sandbox:out"),
        (act("search_files", pattern="def "), "workspace:."),
        (act("search_files", pattern="x", path="src/main.py"), "workspace:src/main.py"),
        (act("write_file", path="notes/summary.md", content="x"), "sandbox:notes/summary.md"),
        (act("write_file", path="dangling_in", content="x"), "sandbox:future/file.txt"),
        (act("write_file", path="alias/new.py", content="x"), "sandbox:src/new.py"),
        (act("run_command", command="ls"), "sandbox:."),
        (act("run_command", command="ls", cwd="sandbox"), "sandbox:."),
        (act("run_command", command="ls", cwd="workspace"), "workspace:."),
        (act("run_command", command="ls", cwd="src/pkg"), "workspace:src/pkg"),
        (act("run_command", command="ls", cwd="./alias"), "workspace:src"),
        (act("run_command", command="rm -rf /"), "sandbox:."),  # judged by the classifier
        (act("install_package", name="Requests[socks] >= 2.0"), "requests[socks]>=2.0"),
    ],
)
def test_valid_actions_pass_with_a_normalised_target(action: ProposedAction, target: str) -> None:
    result = verdict(action)
    assert (result.decision, result.target) == (PASS, target), result
    assert result.rule == f"{action.tool}.ok"
    assert result.call_id == action.call_id and result.tool == action.tool
    assert feedback_for(result) == ""


def test_an_advertised_tool_that_is_not_built_in_passes_untouched() -> None:
    snapshot = make_snapshot(advertised_tools=(*BUILTIN_TOOLS, "weather"))
    result = verdict(act("weather", city="Oslo"), snapshot)
    assert (result.decision, result.rule) == (PASS, "tool.external")


# -- REJECT_RETRY ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (act("reed_file", path="README.md"), "tool.not_advertised"),
        (act("read_file", path=3), "args.type"),
        (act("read_file", path=None), "args.type"),
        (act("read_file"), "args.missing"),
        (act("write_file", path="x"), "args.missing"),
        (act("read_file", path="README.md", requires_approval=False), "args.unexpected"),
        (act("run_command", command="ls", requires_approval=False), "args.unexpected"),
        (act("read_file", path=""), "path.empty"),
        (act("read_file", path="   "), "path.empty"),
        (act("read_file", path="a\x00b"), "path.nul"),
        (act("read_file", path="a\nb"), "path.control_character"),
        (act("read_file", path="/etc/passwd"), "path.absolute"),
        (act("read_file", path=f"{WORKSPACE}/README.md"), "path.absolute"),
        (act("read_file", path="C:/x"), "path.absolute"),
        (act("read_file", path="~/.ssh/id_rsa"), "path.home"),
        (act("read_file", path="~root/x"), "path.home"),
        (act("read_file", path="..\\secret"), "path.backslash"),
        (act("read_file", path="../secret"), "path.escapes_workspace"),
        (act("read_file", path="src/../../secret"), "path.escapes_workspace"),
        (act("read_file", path="outside_link/passwd"), "path.link_outside"),
        (act("read_file", path="up/../README.md"), "path.link_outside"),
        (act("read_file", path="hard.txt"), "path.link_outside"),
        (act("read_file", path="dangling_out"), "path.link_outside"),
        (act("read_file", path="loop"), "path.link_outside"),
        (act("read_file", path="OUTSIDE_LINK/passwd"), "path.link_outside"),
        (act("read_file", path="planted/x"), "path.link_outside"),
        (act("read_file", path="src/mian.py"), "path.not_found"),
        (act("read_file", path="dangling_in"), "path.not_found"),
        (act("read_file", path="src"), "path.is_directory"),
        (act("list_dir", path="README.md"), "path.not_a_directory"),
        (act("list_dir", path="nope"), "path.not_found"),
        (act("search_files", pattern=""), "pattern.empty"),
        (act("search_files", pattern="x", path="nope"), "path.not_found"),
        (act("write_file", path=".git/hooks/pre-commit", content="x"), "path.protected"),
        (act("write_file", path="sub/.git/config", content="x"), "path.protected"),
        (act("write_file", path="hooks/pre-push", content="x"), "path.protected"),
        (act("write_file", path=".parley/settings.json", content="x"), "path.protected"),
        (act("write_file", path="../x", content="x"), "path.escapes_workspace"),
        (act("write_file", path="outside_link/x", content="x"), "path.link_outside"),
        (act("write_file", path="src", content="x"), "path.is_directory"),
        (act("write_file", path="new/", content=""), "path.is_directory"),
        (act("write_file", path="README.md/x", content="x"), "path.parent_is_file"),
        (act("write_file", path="x", content="\ud800"), "content.invalid_text"),
        (act("run_command", command="  "), "command.empty"),
        (act("run_command", command="ls\x00"), "path.nul"),
        (act("run_command", command="ls", cwd="srcc"), "cwd.not_found"),
        (act("run_command", command="ls", cwd="../x"), "path.escapes_workspace"),
        (act("run_command", command="ls", cwd="/tmp"), "path.absolute"),
        (act("run_command", command="ls", cwd="outside_link"), "path.link_outside"),
        (act("install_package", name="--index-url=http://evil"), "package.option"),
        (act("install_package", name="https://evil.example/x.whl"), "package.url"),
        (act("install_package", name="git+https://github.com/x/y"), "package.url"),
        (act("install_package", name="./vendor/pkg"), "package.path"),
        (act("install_package", name="pkg; os_name=='nt'"), "package.malformed"),
    ],
)
def test_invalid_actions_are_rejected_with_a_stable_rule(action: ProposedAction, rule: str) -> None:
    result = verdict(action)
    assert (result.decision, result.rule) == (REJECT_RETRY, rule), result
    assert result.target == ""
    text = feedback_for(result)
    assert text.startswith(f"Error: {action.tool} was not run [{rule}]: ")
    assert result.reason in text


def test_malformed_json_arguments_are_rejected_with_an_example() -> None:
    action = ProposedAction("c", "read_file", {}, arguments_error="Expecting ',' delimiter")
    result = verdict(action)
    assert (result.decision, result.rule) == (REJECT_RETRY, "args.malformed_json")
    assert "Expecting ',' delimiter" in result.reason
    assert '{"path": "src/main.py"}' in result.reason


def test_unknown_tool_feedback_lists_the_nearest_and_the_full_valid_set() -> None:
    result = verdict(act("reed_file", path="README.md"))
    assert "'reed_file'" in result.reason
    assert "Did you mean read_file" in result.reason
    assert "The available tools are: " + ", ".join(BUILTIN_TOOLS) in result.reason
    empty = verdict(act("read_file", path="x"), make_snapshot(advertised_tools=()))
    assert empty.rule == "tool.not_advertised" and "no tools are available" in empty.reason


def test_not_found_feedback_names_the_referent_the_nearest_names_and_what_to_do() -> None:
    result = verdict(act("read_file", path="src/mian.py"))
    assert "'src/mian.py'" in result.reason
    assert "Nearest existing files: src/main.py" in result.reason
    assert "list_dir with path 'src'" in result.reason


def test_unexpected_argument_feedback_lists_the_valid_arguments() -> None:
    result = verdict(act("run_command", command="ls", cwdir="src"))
    assert "'cwdir'" in result.reason
    assert "Did you mean cwd?" in result.reason
    assert "command (required), cwd (optional)" in result.reason


def test_an_absolute_path_inside_the_workspace_is_answered_with_its_relative_form() -> None:
    result = verdict(act("read_file", path=f"{WORKSPACE}/src/main.py"))
    assert "'src/main.py'" in result.reason


def test_nothing_the_model_adds_can_reach_the_gate() -> None:
    for extra in ({"requires_approval": False}, {"approved": True}, {"gate_mode": "auto"}):
        result = verdict(ProposedAction("c", "run_command", {"command": "rm -rf ~", **extra}))
        assert (result.decision, result.rule) == (REJECT_RETRY, "args.unexpected")


# -- NO_OP ----------------------------------------------------------------------------------------


def test_writing_identical_content_is_a_no_op() -> None:
    result = verdict(act("write_file", path="out/report.md", content="hello"))
    assert (result.decision, result.rule) == (NO_OP, "write.identical")
    assert result.target == "sandbox:out/report.md"
    assert feedback_for(result).startswith("Skipped write_file [write.identical]: ")
    different = verdict(act("write_file", path="out/report.md", content="hello!"))
    assert different.decision == PASS


@pytest.mark.parametrize(
    "action",
    [
        act("write_file", path="out/", content=""),
        act("run_command", command="mkdir out"),
        act("run_command", command="mkdir -p out"),
        act("run_command", command="mkdir -p src docs", cwd="workspace"),
    ],
)
def test_creating_an_existing_directory_is_a_no_op(action: ProposedAction) -> None:
    result = verdict(action)
    assert (result.decision, result.rule) == (NO_OP, "dir.exists"), result


@pytest.mark.parametrize(
    "command", ["mkdir new", "mkdir -p out new", "mkdir src", "mkdir -m 700 out", "mkdir out; ls"]
)
def test_a_mkdir_that_would_create_something_is_not_a_no_op(command: str) -> None:
    assert verdict(act("run_command", command=command)).decision == PASS


# -- the block ------------------------------------------------------------------------------------


def test_a_block_threads_the_snapshot_through_its_actions() -> None:
    block = [
        act("read_file", "c1", path="notes/plan.md"),
        act("write_file", "c2", path="notes/plan.md", content="step 1"),
        act("read_file", "c3", path="notes/plan.md"),
        act("list_dir", "c4", path="notes"),
        act("write_file", "c5", path="notes/plan.md", content="step 1"),
        act("write_file", "c6", path="notes/plan.md/x", content="y"),
    ]
    verdicts, after = validate_actions(block, SNAP)
    assert [v.decision for v in verdicts] == [
        REJECT_RETRY, PASS, PASS, PASS, NO_OP, REJECT_RETRY
    ]  # fmt: skip
    assert [v.call_id for v in verdicts] == ["c1", "c2", "c3", "c4", "c5", "c6"]
    assert verdicts[2].target == "sandbox:notes/plan.md"
    assert verdicts[5].rule == "path.parent_is_file"
    assert after.created == ("notes/plan.md",)
    assert after.sandbox_files["notes/plan.md"] == hashlib.sha256(b"step 1").hexdigest()
    assert "notes" in after.sandbox_dirs
    assert "notes/plan.md" not in SNAP.sandbox_files  # the input snapshot is untouched
    again, _ = validate_actions(block, SNAP)
    assert again == verdicts


def test_a_write_through_a_workspace_link_is_readable_under_either_name() -> None:
    verdicts, _ = validate_actions(
        [
            act("write_file", "w", path="alias/new.py", content="x"),
            act("read_file", "r1", path="alias/new.py"),
            act("read_file", "r2", path="src/new.py"),
        ],
        SNAP,
    )
    assert [(v.decision, v.target) for v in verdicts] == [
        (PASS, "sandbox:src/new.py"),
        (PASS, "sandbox:src/new.py"),
        (PASS, "sandbox:src/new.py"),
    ]


def test_only_what_this_turn_creates_grows_the_snapshot() -> None:
    verdicts, after = validate_actions(
        [act("run_command", command="touch made.txt"), act("read_file", path="made.txt")], SNAP
    )
    assert [v.decision for v in verdicts] == [PASS, REJECT_RETRY]
    assert after is SNAP


# -- zero PASS outside the workspace --------------------------------------------------------------

ESCAPING_PATHS = [
    "..",
    "../",
    "../secret",
    "../../etc/passwd",
    "./../x",
    "src/../../x",
    "src/pkg/../../../x",
    "src/./../.././x",
    "..//x",
    "a/b/c/../../../../x",
    "/etc/passwd",
    "//etc/passwd",
    "/./etc/passwd",
    f"{WORKSPACE}/README.md",
    f"{WORKSPACE}/../x",
    f"{SANDBOX}/x",
    "~",
    "~/",
    "~/.ssh/id_rsa",
    "~root/.bashrc",
    "..\\..\\windows\\win.ini",
    "C:\\Windows\\win.ini",
    "C:/Windows/win.ini",
    "\\\\server\\share",
    "x\x00/../../etc/passwd",
    "README.md\x00.txt",
    "a\nb",
    "outside_link",
    "outside_link/",
    "outside_link/passwd",
    "./outside_link/../README.md",
    "OUTSIDE_LINK/passwd",
    "Outside_Link",
    "up",
    "up/secret",
    "up/project/README.md",
    "up/../README.md",
    "src/up/up/x",
    "alias/../outside_link/x",
    "docs/self/../../outside_link",
    "hard.txt",
    "HARD.TXT",
    "dangling_out",
    "dangling_out/child",
    "loop",
    "loop/x",
    "planted",
    "planted/x",
]
TOOLS_AND_ARGS = [
    ("read_file", "path", {}),
    ("list_dir", "path", {}),
    ("search_files", "path", {"pattern": "x"}),
    ("write_file", "path", {"content": "x"}),
    ("run_command", "cwd", {"command": "ls"}),
]


@pytest.mark.parametrize(("tool", "argument", "extra"), TOOLS_AND_ARGS)
def test_zero_pass_verdicts_for_paths_outside_the_workspace(
    tool: str, argument: str, extra: dict[str, str]
) -> None:
    passed = []
    for raw in ESCAPING_PATHS:
        result = verdict(ProposedAction("c", tool, {argument: raw, **extra}))
        if result.decision != REJECT_RETRY:
            passed.append((raw, result))
    assert passed == []


def test_the_escaping_corpus_times_the_tools_is_large() -> None:
    assert len(ESCAPING_PATHS) * len(TOOLS_AND_ARGS) >= 200


@pytest.mark.parametrize("raw", ESCAPING_PATHS)
def test_rejections_for_escapes_name_the_path(raw: str) -> None:
    result = verdict(act("read_file", path=raw))
    assert result.rule.startswith("path.")
    assert repr(raw) in result.reason or result.rule in ("path.link_outside",)


def _check_pass_target(result: Verdict, snapshot: StateSnapshot) -> None:
    """A PASS target is a normalised relative path naming something the snapshot has."""
    if result.decision != PASS:
        return
    namespace, _, rel = result.target.partition(":")
    assert namespace in ("workspace", "sandbox")
    assert rel == "." or (
        not rel.startswith("/") and ".." not in rel.split("/") and "" not in rel.split("/")
    )
    assert posixpath.normpath(rel) == rel
    if result.tool == "read_file":
        files = snapshot.workspace_files if namespace == "workspace" else snapshot.sandbox_files
        assert rel in files
    if result.tool == "write_file":
        assert namespace == "sandbox"
        assert not paths.is_protected(rel, snapshot.protected)


_COMPONENTS = [
    "..", ".", "", "src", "pkg", "main.py", "README.md", "outside_link", "up", "alias",
    "docs", "self", "guide.md", "hard.txt", "dangling_in", "dangling_out", "hooks", ".git",
    "config", "out", "report.md", "~", "planted", "OUTSIDE_LINK", "loop",
]  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from(_COMPONENTS), min_size=1, max_size=7).map("/".join),
        st.text(max_size=30),
    ),
    st.sampled_from([t for t, _, _ in TOOLS_AND_ARGS]),
)
def test_arbitrary_paths_never_validate_outside(raw: str, tool: str) -> None:
    argument, extra = next((a, e) for t, a, e in TOOLS_AND_ARGS if t == tool)
    action = ProposedAction("c", tool, {argument: raw, **extra})
    result = verdict(action)
    _check_pass_target(result, SNAP)
    if result.decision == PASS and tool != "run_command":
        # Lexically, nothing that passes climbs above the root or starts outside it.
        assert not raw.startswith(("/", "~")) and "\x00" not in raw
        assert not posixpath.normpath(raw).startswith("..")


# -- the real filesystem as the oracle ------------------------------------------------------------


def _build_tree(root: Path) -> tuple[Path, StateSnapshot]:
    """A real workspace with real links next to an outside directory, and its snapshot (built
    by hand, mirroring what the snapshot builder records)."""
    outside = root / "outside"
    workspace = root / "ws"
    (outside / "secret").mkdir(parents=True)
    (outside / "secret" / "key.txt").write_text("s")
    (workspace / "src" / "pkg").mkdir(parents=True)
    (workspace / "docs").mkdir()
    (workspace / "README.md").write_text("r")
    (workspace / "src" / "main.py").write_text("m")
    (workspace / "src" / "pkg" / "mod.py").write_text("p")
    (workspace / "docs" / "guide.md").write_text("g")
    os.symlink(outside, workspace / "out_abs")
    os.symlink("../outside/secret", workspace / "out_rel")
    os.symlink("..", workspace / "up")
    os.symlink("..", workspace / "src" / "back")
    os.symlink("src", workspace / "alias")
    os.symlink(".", workspace / "docs" / "here")
    os.symlink("../outside/not-yet", workspace / "future_out")
    os.symlink("src/new.py", workspace / "future_in")
    os.link(outside / "secret" / "key.txt", workspace / "hard.txt")
    snapshot = StateSnapshot(
        workspace_root=str(workspace),
        sandbox_root=str(root / "sandbox"),
        workspace_files=frozenset({"README.md", "src/main.py", "src/pkg/mod.py", "docs/guide.md"}),
        workspace_dirs=frozenset({".", "src", "src/pkg", "docs"}),
        links={
            "out_abs": None,
            "out_rel": None,
            "up": None,
            "src/back": ".",
            "alias": "src",
            "docs/here": "docs",
            "future_out": None,
            "future_in": "src/new.py",
            "hard.txt": None,
        },
        advertised_tools=BUILTIN_TOOLS,
    )
    return workspace, snapshot


_REAL_COMPONENTS = [
    "..", ".", "", "src", "pkg", "main.py", "mod.py", "README.md", "out_abs", "out_rel",
    "secret", "key.txt", "up", "back", "alias", "docs", "here", "guide.md", "future_out",
    "future_in", "hard.txt", "ws", "outside", "new.py",
]  # fmt: skip


@pytest.fixture(scope="module")
def real_tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StateSnapshot]:
    return _build_tree(tmp_path_factory.mktemp("tree"))


@settings(
    max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(_REAL_COMPONENTS), min_size=1, max_size=8).map("/".join),
    st.sampled_from((*READ_TOOLS, "write_file")),
)
def test_a_passed_path_really_resolves_inside_the_workspace(
    real_tree: tuple[Path, StateSnapshot], raw: str, tool: str
) -> None:
    workspace, snapshot = real_tree
    extra = {"pattern": "x"} if tool == "search_files" else {}
    if tool == "write_file":
        extra = {"content": "x"}
    result = verdict(ProposedAction("c", tool, {"path": raw, **extra}), snapshot)
    if result.decision != PASS:
        return
    real_root = os.path.realpath(workspace)
    # Where the model's raw path really leads, and where the verdict's target really leads.
    for candidate in (raw, result.target.partition(":")[2]):
        real = os.path.realpath(os.path.join(workspace, candidate))
        assert os.path.commonpath((real, real_root)) == real_root, (raw, result)
    if tool == "read_file":
        target = os.path.realpath(os.path.join(workspace, result.target.partition(":")[2]))
        assert os.path.isfile(target) and os.stat(target).st_nlink == 1


def test_the_oracle_sees_the_escapes_the_validator_rejects(
    real_tree: tuple[Path, StateSnapshot],
) -> None:
    workspace, snapshot = real_tree
    real_root = os.path.realpath(workspace)
    for raw in ["out_abs/secret/key.txt", "out_rel/key.txt", "up/outside/secret/key.txt",
                "src/back/up/outside", "alias/back/out_abs", "future_out"]:  # fmt: skip
        real = os.path.realpath(os.path.join(workspace, raw))
        assert os.path.commonpath((real, real_root)) != real_root
        assert verdict(act("read_file", path=raw), snapshot).decision == REJECT_RETRY
    inside = verdict(act("read_file", path="src/back/alias/pkg/mod.py"), snapshot)
    assert (inside.decision, inside.target) == (PASS, "workspace:src/pkg/mod.py")


# -- determinism ----------------------------------------------------------------------------------


def test_the_same_inputs_always_give_the_same_verdicts() -> None:
    actions = [
        ProposedAction(f"c{i}", tool, {argument: raw, **extra})
        for i, (raw, (tool, argument, extra)) in enumerate(
            itertools.product([*ESCAPING_PATHS, "README.md", "src", "out"], TOOLS_AND_ARGS)
        )
    ]
    first, snapshot = validate_actions(actions, SNAP)
    for _ in range(50):
        assert validate_actions(actions, SNAP) == (first, snapshot)

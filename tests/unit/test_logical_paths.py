"""Logical (bash ``cd``) against physical (kernel) paths: where the classifier's cwd tracking and
path walk must not be fooled by a link or a pattern before ``..``.

bash's ``cd`` is logical: ``cd s/..`` cancels ``s/..`` lexically and returns to where it started,
even when ``s`` is a link to a deeper directory; every other path (arguments, redirections) is
resolved by the kernel, physically: ``s/..`` is the parent of ``s``'s target. A classifier that
walks a ``cd`` target physically believes the command sits somewhere it does not — and then
``../x`` reads somewhere else than judged. And in an argument, a pattern before ``..``
(``*/../x``) is expanded by the shell *before* the kernel follows the link it matched. Pure: no
filesystem (tests/integration/test_shell_differential.py checks the two readings against bash).
"""

from __future__ import annotations

import pytest

from parley.domain.actions import paths
from parley.domain.actions.effects import classify_command
from parley.domain.actions.model import (
    CONTAINED,
    DANGEROUS,
    HARMLESS,
    UNKNOWN,
    Effect,
    StateSnapshot,
)

WORKSPACE = "/home/user/project"
SANDBOX = "/home/user/.local/share/parley/sandboxes/turn-1"
TRUSTED = ("cat", "ls", "rm", "head", "grep")

#: `deep` and `sub/deep` lead two levels down; `twin` to a directory at its own depth.
LINKS = {"deep": "a/b", "sub/deep": "a/b", "twin": "docs", "out_link": None}


def snapshot(links: dict[str, str | None] = LINKS) -> StateSnapshot:
    return StateSnapshot(
        workspace_root=WORKSPACE,
        sandbox_root=SANDBOX,
        workspace_files=frozenset({"x", "a/x", "a/b/x", "sub/x", "docs/x"}),
        workspace_dirs=frozenset({".", "a", "a/b", "sub", "docs"}),
        links=links,
        sandbox_links=links,
        sandbox_dirs=frozenset({"a", "a/b", "sub", "docs"}),
        trusted_commands={name: f"/usr/bin/{name}" for name in TRUSTED},
    )


SNAP = snapshot()


def effect(command: str, cwd: str = "workspace:.", snap: StateSnapshot = SNAP) -> Effect:
    return classify_command(command, cwd_target=cwd, snapshot=snap)


# -- the two readings ----------------------------------------------------------------------------


def test_lexical_cancels_dot_dot_whatever_the_component_is() -> None:
    assert paths.lexical((), "deep/..") == ()
    assert paths.lexical(("sub",), "../deep/../x") == ("x",)
    assert paths.lexical(("a",), "./b//c/.") == ("a", "b", "c")
    with pytest.raises(paths.PathError) as error:
        paths.lexical(("a",), "../..")
    assert error.value.rule == paths.ESCAPES


def test_walk_follows_the_link_before_dot_dot_as_the_kernel_does() -> None:
    index = paths.link_index(LINKS)
    assert paths.walk((), "deep/..", index) == ("a",)
    assert paths.walk(("sub",), "../deep/../x", index) == ("a", "x")
    assert paths.walk((), "twin/..", index) == ()  # a sibling link: both readings agree


# -- cd: logical, so a link popped by `..` (or kept in $PWD) loses track of the cwd ---------------

ESCAPES_THROUGH_CD = [
    # The audit's case: from sub, `../deep/..` is the workspace root to bash (`../x` then leaves
    # the workspace) but `a` to a physical walk (where `../x` is still inside).
    ("cd ../deep/.. && cat ../.ssh/id_rsa", "workspace:sub"),
    ("cd deep/.. && cat ../x", "workspace:."),
    ("cd deep/.. && cat x", "workspace:."),
    # `cd ../../deep` leaves $PWD=…/deep: the next `cd ..` returns to the root (where `../x`
    # leaves the workspace), not to `a`.
    ("cd ../../deep && cd .. && cat ../x", "workspace:sub/s2"),
    ("cd deep && cat x", "workspace:."),
    ("cd sub/deep/.. && cat x", "workspace:."),
    (f"cd {WORKSPACE}/deep/.. && cat ../x", "workspace:."),
    ("cd deep/.. && cat ../x", "sandbox:."),
    ("cd ../deep/.. && rm -f ../x", "sandbox:sub"),
]


@pytest.mark.parametrize(("command", "cwd"), ESCAPES_THROUGH_CD)
def test_cd_through_a_link_then_dot_dot_loses_track_of_the_cwd(command: str, cwd: str) -> None:
    result = effect(command, cwd)
    assert result.level in (UNKNOWN, DANGEROUS), result
    assert result.rule in ("cmd.cwd_change", "delete.outside_sandbox", "delete.unresolved"), result


def test_the_audit_case_is_named_as_a_cwd_change() -> None:
    result = effect("cd ../deep/.. && cat ../.ssh/id_rsa", "workspace:sub")
    assert (result.level, result.rule) == (UNKNOWN, "cmd.cwd_change")
    assert "logical" in result.reason


@pytest.mark.parametrize(
    ("command", "cwd"),
    [
        ("cd a/b/.. && cat x", "workspace:."),  # no link: both readings give `a`
        ("cd sub && cat x", "workspace:."),
        ("cd sub/.. && cat x", "workspace:."),
        ("cd twin/.. && cat x", "workspace:."),  # a link at its own depth: `..` lands the same
        ("cd ../a/b && cd .. && cat x", "workspace:sub"),
        (f"cd {WORKSPACE}/a/b/.. && cat x", "workspace:."),
    ],
)
def test_cd_without_a_popped_link_is_still_followed(command: str, cwd: str) -> None:
    assert effect(command, cwd).level == HARMLESS


def test_cd_through_a_link_is_still_judged_inside_when_it_is_a_sandbox_write() -> None:
    # Losing track of the cwd never makes a write look contained.
    assert effect("cd deep && rm -f x", "sandbox:.").level != CONTAINED
    assert effect("cd a/b && rm -f x", "sandbox:.").level == CONTAINED


# -- a pattern before `..` in an argument ----------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "cwd", "at_least"),
    [
        ("cat ./*/../x", "workspace:.", UNKNOWN),
        ("cat ./d*/../../x", "workspace:sub", UNKNOWN),
        ("head -n 1 ./?/../x", "workspace:.", UNKNOWN),
        (f"cat {WORKSPACE}/*/../x", "workspace:.", UNKNOWN),
        ("rm -f ./*/../x", "sandbox:.", DANGEROUS),
        ("ls ./[ab]/..", "workspace:.", UNKNOWN),
    ],
)
def test_a_pattern_before_dot_dot_is_not_dropped_before_the_link_it_matches(
    command: str, cwd: str, at_least: str
) -> None:
    result = effect(command, cwd)
    assert result.level in (at_least, DANGEROUS), result
    assert "pattern" in result.reason or result.rule == "cmd.unsafe_argument", result


def test_a_pattern_after_the_last_dot_dot_is_judged_as_before() -> None:
    flat = snapshot({})
    assert effect("cat ./../sub/*", "workspace:sub", flat).level == HARMLESS
    assert effect("cat ./a/*", "workspace:.", flat).level == HARMLESS
    assert effect("cat './*'/../x", "workspace:.", flat).level == HARMLESS  # quoted: a name

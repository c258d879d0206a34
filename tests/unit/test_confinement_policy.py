"""The pure half of the sandbox: which confinement an action gets, when it needs the network,
and how a snapshot taken again after a command merges with the turn's (issue 12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parley.domain.actions.confinement import (
    BUBBLEWRAP,
    ENVIRONMENT_WRITE,
    NONE,
    READ_ONLY,
    SANDBOX_WRITE,
    UNCONFINED,
    WORKSPACE_WRITE,
    Confinement,
    confinement_for,
    names_to_hide,
    needs_network,
)
from parley.domain.actions.model import DANGEROUS, EFFECTS, HARMLESS, UNKNOWN, StateSnapshot


@pytest.mark.parametrize(
    "command",
    [
        "curl https://example.org",
        "wget -q x",
        "env A=1 curl x",
        "timeout 5 pip install requests",
        "pip3 install x",
        "python3 -m pip --version; pip3.11 list",
        "bash -c 'wget y'",
        'sh -c "nc 127.0.0.1 9"',
        "ls | xargs -n1 wget",
        "for f in *; do curl $f; done",
        "git push origin main",
        "git fetch",
        "git -C src pull",
        "git remote update",
        "npm install",
        "/usr/bin/curl x",
        "ssh host true",
        "echo $(curl x)",
    ],
)
def test_network_programs_are_recognised(command: str) -> None:
    assert needs_network("run_command", command)


@pytest.mark.parametrize(
    "command",
    [
        "ls -la",
        "grep -rn curl src",
        "cat wget.txt",
        "git status",
        "git log --oneline",
        "git remote -v",
        "echo pip",
        "find . -name '*.py' | xargs grep -n main",
        "python3 -c 'print(1)'",
    ],
)
def test_ordinary_commands_do_not_need_the_network(command: str) -> None:
    assert not needs_network("run_command", command)


def test_tools_other_than_processes() -> None:
    assert needs_network("install_package", "requests")
    assert not needs_network("read_file", "curl")


@pytest.mark.parametrize("level", EFFECTS)
def test_automatic_runs_never_get_the_workspace_or_the_network(level: str) -> None:
    got = confinement_for("run_command", "curl x > y", level, asked=False, mechanism=BUBBLEWRAP)
    assert got.writes in (READ_ONLY, SANDBOX_WRITE) and not got.network
    assert (got.writes == READ_ONLY) == (level == HARMLESS)


def test_a_persons_yes_widens_to_the_workspace_and_the_network_it_names() -> None:
    plain = confinement_for("run_command", "make", UNKNOWN, asked=True, mechanism=BUBBLEWRAP)
    assert plain == Confinement(BUBBLEWRAP, WORKSPACE_WRITE, False)
    net = confinement_for("run_command", "git push", DANGEROUS, asked=True, mechanism=BUBBLEWRAP)
    assert net == Confinement(BUBBLEWRAP, WORKSPACE_WRITE, True)
    install = confinement_for("install_package", "", UNKNOWN, asked=True, mechanism=BUBBLEWRAP)
    assert install == Confinement(BUBBLEWRAP, ENVIRONMENT_WRITE, True)


@pytest.mark.parametrize("mechanism", ["", NONE])
def test_without_a_sandbox_nothing_is_enforced(mechanism: str) -> None:
    got = confinement_for("run_command", "ls", HARMLESS, asked=False, mechanism=mechanism)
    assert got == UNCONFINED and not got.enforced
    assert got.label() == "not sandboxed" and "Not sandboxed" in got.describe()


def test_labels_and_records_are_stable() -> None:
    c = Confinement(BUBBLEWRAP, SANDBOX_WRITE, False)
    assert c.label() == "bubblewrap, sandbox-write, no network"
    assert dict(c.as_record()) == {
        "mechanism": "bubblewrap",
        "writes": "sandbox-write",
        "network": False,
    }
    assert "only in this turn's sandbox folder" in c.describe()
    assert "with network access" in Confinement(BUBBLEWRAP, WORKSPACE_WRITE, True).describe()


@given(st.text(max_size=80), st.sampled_from(EFFECTS), st.booleans())
def test_confinement_is_a_pure_function(command: str, level: str, asked: bool) -> None:
    a = confinement_for("run_command", command, level, asked=asked, mechanism=BUBBLEWRAP)
    b = confinement_for("run_command", command, level, asked=asked, mechanism=BUBBLEWRAP)
    assert a == b
    if not asked:
        assert not a.network and a.writes != WORKSPACE_WRITE


# -- the snapshot taken again after a command -------------------------------------------------


def _snapshot(**fields: object) -> StateSnapshot:
    return StateSnapshot(workspace_root="/w", sandbox_root="/s", **fields)  # type: ignore[arg-type]


def test_a_refresh_takes_the_disk_and_keeps_what_the_turn_created() -> None:
    old = _snapshot(advertised_tools=("run_command",), gate_mode="confirm").with_created(
        "out/a.txt", "h1"
    )
    fresh = _snapshot(
        sandbox_files={"copied.txt": "h2"},
        sandbox_links={"evil": None},
        workspace_files=frozenset({"new.py"}),
        confinement=BUBBLEWRAP,
    )
    merged = old.refreshed_by(fresh)
    # What the disk says now ...
    assert merged.sandbox_links == {"evil": None}
    assert merged.workspace_files == {"new.py"}
    assert merged.sandbox_files["copied.txt"] == "h2"
    assert merged.confinement == BUBBLEWRAP
    # ... and what the turn told the model stays valid (monotone), with the turn's settings.
    assert merged.sandbox_files["out/a.txt"] == "h1"
    assert "out" in merged.sandbox_dirs and merged.created == ("out/a.txt",)
    assert merged.gate_mode == "confirm" and merged.advertised_tools == ("run_command",)


def test_a_refresh_never_forgets_created_paths() -> None:
    old = _snapshot()
    for i in range(5):
        old = old.with_created(f"f{i}.txt", str(i))
    merged = old.refreshed_by(_snapshot())
    assert merged.created == tuple(f"f{i}.txt" for i in range(5))
    assert all(f"f{i}.txt" in merged.sandbox_files for i in range(5))


def test_names_leading_outside_are_hidden_and_recorded() -> None:
    links = {"docs/link": "docs/real.md", "h": None, "sub/key": None}
    hidden = names_to_hide(links)
    assert hidden == ("h", "sub/key")
    got = confinement_for("run_command", "cat h", UNKNOWN, asked=False, mechanism=BUBBLEWRAP,
                          hidden=hidden)  # fmt: skip
    assert got.hidden == ("h", "sub/key")
    assert dict(got.as_record())["hidden"] == ["h", "sub/key"]
    assert "hidden" not in dict(Confinement(BUBBLEWRAP, READ_ONLY, False).as_record())

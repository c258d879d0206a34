"""``FilesystemInspector`` on real temporary folders: what the gate's snapshot says about them.

Covers files and directories, every kind of link escape (a symlink to an outside file, a directory
link to ``..`` and to an outside folder, a dangling link to a not-yet-existing outside target, a
hard link to an outside file), links that stay inside, the caps, the sandbox digests, the
protected prefixes and the trusted-binary lookup (including a fake ``cat`` on a crafted PATH).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from parley.infrastructure.tools.sandbox import MINIMAL_PATH, turn_sandbox, workspace_venv_dir
from parley.infrastructure.tools.snapshot import UNHASHED_PREFIX, FilesystemInspector

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symlinks and /bin are POSIX")


def snap(inspector: FilesystemInspector, workspace: Path, sandbox: Path):
    return inspector.snapshot(
        workspace=workspace,
        sandbox=sandbox,
        advertised_tools=("read_file",),
        gate_mode="ask",
        unattended=False,
    )


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(workspace, sandbox, outside) — three sibling folders."""
    workspace = tmp_path / "ws"
    outside = tmp_path / "outside"
    sandbox = tmp_path / "out" / "s1" / "t1"
    for folder in (workspace, outside, sandbox):
        folder.mkdir(parents=True)
    return workspace, sandbox, outside


def test_files_dirs_and_every_link_escape(world: tuple[Path, Path, Path]) -> None:
    workspace, sandbox, outside = world
    (workspace / "src" / "pkg").mkdir(parents=True)
    (workspace / "src" / "pkg" / "mod.py").write_text("x = 1\n")
    (workspace / "README.md").write_text("hi\n")
    (outside / "secret.txt").write_text("top secret\n")
    (outside / "dir").mkdir()
    (outside / "dir" / "inner.txt").write_text("also secret\n")

    (workspace / "inside_link").symlink_to("src/pkg/mod.py")
    (workspace / "inside_dir_link").symlink_to(workspace / "src")  # absolute, inside
    (workspace / "out_file").symlink_to(outside / "secret.txt")
    (workspace / "up").symlink_to("..")  # parent-directory link
    (workspace / "out_dir").symlink_to(outside / "dir")
    (workspace / "later").symlink_to(outside / "not-yet.txt")  # dangling, would be outside
    (workspace / "later_inside").symlink_to("made/later.txt")  # dangling, would be inside
    (workspace / "src" / "escape").symlink_to("../../outside/secret.txt")
    (workspace / "loop").symlink_to("loop")
    os.link(outside / "secret.txt", workspace / "hard_out")  # hard link to an outside file
    (workspace / "a.txt").write_text("same inode\n")
    os.link(workspace / "a.txt", workspace / "src" / "b.txt")  # both names inside

    s = snap(FilesystemInspector(), workspace, sandbox)

    assert s.workspace_root == os.path.realpath(workspace)
    assert s.workspace_files == {"README.md", "src/pkg/mod.py", "a.txt", "src/b.txt"}
    assert s.workspace_dirs == {".", "src", "src/pkg"}
    assert dict(s.links) == {
        "inside_link": "src/pkg/mod.py",
        "inside_dir_link": "src",
        "out_file": None,
        "up": None,
        "out_dir": None,
        "later": None,
        "later_inside": "made/later.txt",
        "src/escape": None,
        "loop": None,
        "hard_out": None,
    }
    # Nothing reached through a link is listed as the workspace's own.
    assert not any(p.startswith(("out_dir/", "up/", "inside_dir_link/")) for p in s.workspace_files)


def test_workspace_reached_through_a_symlink_is_resolved(tmp_path: Path) -> None:
    real = tmp_path / "real_ws"
    real.mkdir()
    (real / "f.txt").write_text("x")
    (real / "self").symlink_to(real)
    alias = tmp_path / "alias"
    alias.symlink_to(real)
    s = snap(FilesystemInspector(), alias, tmp_path / "no-sandbox")
    assert s.workspace_root == str(real.resolve())
    assert s.workspace_files == {"f.txt"}
    assert dict(s.links) == {"self": "."}
    assert s.sandbox_files == {}


def test_hard_link_whose_other_name_is_beyond_the_cap_is_not_trusted(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / "deep" / "deeper").mkdir(parents=True)
    (workspace / "top.txt").write_text("x")
    os.link(workspace / "top.txt", workspace / "deep" / "deeper" / "alias.txt")
    inspector = FilesystemInspector(max_depth=1)
    s = snap(inspector, workspace, tmp_path / "sb")
    assert s.links == {"top.txt": None}
    assert "top.txt" not in s.workspace_files
    assert "deep" in s.workspace_dirs and "deep/deeper" not in s.workspace_dirs
    assert inspector.last_walk.truncated and "deeper" in inspector.last_walk.reason


def test_entry_cap_is_breadth_first_and_reported(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / "z_dir").mkdir(parents=True)
    for i in range(5):
        (workspace / f"f{i}.txt").write_text("x")
        (workspace / "z_dir" / f"g{i}.txt").write_text("x")
    inspector = FilesystemInspector(max_entries=7)
    s = snap(inspector, workspace, tmp_path / "sb")
    # The 6 top-level entries come first; one nested file fits; the rest is absent (not found).
    assert {f"f{i}.txt" for i in range(5)} <= s.workspace_files
    assert "z_dir" in s.workspace_dirs
    assert s.workspace_files - {f"f{i}.txt" for i in range(5)} == {"z_dir/g0.txt"}
    report = inspector.last_walk
    assert report.truncated and report.entries == 7 and "entries" in report.reason


def test_sandbox_digests_skip_links_and_mark_big_files(world: tuple[Path, Path, Path]) -> None:
    workspace, sandbox, outside = world
    (sandbox / "out").mkdir()
    (sandbox / "out" / "report.md").write_text("# done\n")
    (sandbox / "big.bin").write_bytes(b"\0" * 2048)
    (sandbox / "peek").symlink_to(outside)
    s = snap(FilesystemInspector(max_hash_bytes=1024), workspace, sandbox)
    assert s.sandbox_root == os.path.realpath(sandbox)
    assert dict(s.sandbox_files) == {
        "out/report.md": hashlib.sha256(b"# done\n").hexdigest(),
        "big.bin": f"{UNHASHED_PREFIX}2048",
    }
    assert s.sandbox_dirs == {"out"}


def test_protected_prefixes(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / ".git" / "hooks").mkdir(parents=True)
    data = workspace / "dot" / "parley-data"
    data.mkdir(parents=True)
    elsewhere = tmp_path / "config"
    inspector = FilesystemInspector(protected_roots=[data, elsewhere])
    s = snap(inspector, workspace, tmp_path / "sb")
    assert s.protected == (".git/hooks", ".git/config", "dot/parley-data")
    # A workspace inside Parley's own folder is protected as a whole.
    inner = elsewhere / "ws2"
    inner.mkdir(parents=True)
    s2 = snap(FilesystemInspector(protected_roots=[elsewhere]), inner, tmp_path / "sb")
    assert s2.protected == (".git/hooks", ".git/config", ".")


def test_snapshot_carries_the_turn_settings(world: tuple[Path, Path, Path]) -> None:
    workspace, sandbox, _ = world
    s = FilesystemInspector().snapshot(
        workspace=workspace,
        sandbox=sandbox,
        advertised_tools=("read_file", "run_command"),
        gate_mode="auto",
        unattended=True,
    )
    assert s.advertised_tools == ("read_file", "run_command")
    assert (s.gate_mode, s.unattended, s.created) == ("auto", True, ())


def test_trusted_commands_resolve_system_binaries_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_dir = tmp_path / "bin"
    fake_dir.mkdir()
    for name in ("cat", "evil"):
        fake = fake_dir / name
        fake.write_text("#!/bin/sh\necho pwned\n")
        fake.chmod(0o755)
    # The process's own PATH is never consulted.
    monkeypatch.setenv("PATH", f"{fake_dir}:{os.environ.get('PATH', '')}")
    trusted = FilesystemInspector().trusted_commands()
    assert os.path.dirname(trusted["cat"]) in {
        os.path.realpath("/usr/bin"),
        os.path.realpath("/bin"),
    }
    assert "sh" not in trusted and "evil" not in trusted
    assert all(not path.startswith(str(tmp_path)) for path in trusted.values())

    # A fake ``cat`` first on the lookup PATH makes ``cat`` untrusted (the shell would run it).
    crafted = FilesystemInspector(
        search_path=f"{fake_dir}:{MINIMAL_PATH}", candidates=("cat", "ls", "evil")
    )
    found = crafted.trusted_commands()
    assert "cat" not in found and "evil" not in found and "ls" in found
    # A fake placed inside the workspace, or a "trusted" dir list naming it, does not help.
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "cat").symlink_to(fake_dir / "cat")
    s = snap(FilesystemInspector(search_path=f"{workspace}:{MINIMAL_PATH}"), workspace, tmp_path)
    assert "cat" not in s.trusted_commands


def test_group_writable_binary_in_a_trusted_dir_is_not_trusted(tmp_path: Path) -> None:
    looser = tmp_path / "sysbin"
    looser.mkdir()
    tool = looser / "cat"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o775)
    inspector = FilesystemInspector(
        search_path=str(looser), candidates=("cat",), trusted_dirs=(str(looser),)
    )
    assert inspector.trusted_commands() == {}
    tool.chmod(0o755)
    looser.chmod(0o755)
    assert inspector.trusted_commands() == {"cat": os.path.realpath(tool)}


def test_the_workspace_venv_comes_first_on_the_lookup_path(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    venv = workspace_venv_dir(tmp_path / "data", workspace)
    (venv / "bin").mkdir(parents=True)
    for name in ("python", "ls"):  # a console script named like a system tool
        script = venv / "bin" / name
        script.write_text("#!/bin/sh\n")
        script.chmod(0o755)
    inspector = FilesystemInspector(
        venv_dir_for=lambda ws: workspace_venv_dir(tmp_path / "data", ws)
    )
    s = snap(inspector, workspace, tmp_path / "sb")
    assert "ls" not in s.trusted_commands
    assert "cat" in s.trusted_commands


def test_sandbox_and_venv_helpers(tmp_path: Path) -> None:
    sandbox = turn_sandbox(tmp_path / "outputs", "session-1", "turn_2")
    assert sandbox == (tmp_path / "outputs" / "session-1" / "turn_2").resolve()
    assert sandbox.is_dir() and (sandbox.stat().st_mode & 0o777) == 0o700
    assert turn_sandbox(tmp_path / "outputs", "session-1", "turn_2") == sandbox  # reused
    for bad in ("", ".", "..", "a/b", "a b"):
        with pytest.raises(ValueError):
            turn_sandbox(tmp_path / "outputs", bad, "t")
    planted = tmp_path / "outputs" / "s2"
    planted.mkdir()
    (planted / "t").symlink_to(tmp_path)
    with pytest.raises(ValueError):
        turn_sandbox(tmp_path / "outputs", "s2", "t")

    ws = tmp_path / "proj"
    ws.mkdir()
    alias = tmp_path / "alias"
    alias.symlink_to(ws)
    venv = workspace_venv_dir(tmp_path / "data", ws)
    assert venv == workspace_venv_dir(tmp_path / "data", alias)
    assert venv.parent == (tmp_path / "data" / "venvs").resolve()
    assert venv.name.startswith("proj-") and not venv.exists()
    other = tmp_path / "other" / "proj"
    other.mkdir(parents=True)
    assert workspace_venv_dir(tmp_path / "data", other) != venv

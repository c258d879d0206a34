"""``parley desktop install|uninstall`` (``parley.ui.desktop_entry``, ``ui/cli/desktop.py``;
issue 20).

The real command, in a child process, writes into a temporary ``XDG_DATA_HOME``. Checked: the
files are there (entry, metainfo, the scalable icon and each bitmap size at its real size), the
entry's ``Exec`` runs the ``parley`` that installed it (run here with ``--version``), the entry
and metainfo pass ``desktop-file-validate`` and ``appstreamcli validate`` (skipped with one line
when those are not installed), and ``uninstall`` removes what ``install`` wrote and nothing else:
another application's files in the same folders stay, and a data folder that was empty is empty
again.
"""

from __future__ import annotations

import os
import shlex
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from parley.ui.desktop_entry import (
    APP_ID,
    ICON_SIZES,
    data_home,
    desktop_exec,
    entry_files,
    icon_png,
    install,
    uninstall,
)

CONSOLE_SCRIPT = Path(sys.executable).with_name("parley")


def _parley(
    args: list[str], data: Path, program: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    return subprocess.run(
        [*(program or [sys.executable, "-m", "parley.ui.cli"]), *args],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip


def _tree(root: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``root``."""
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def _exec_line(entry: Path) -> str:
    (line,) = [x for x in entry.read_text().splitlines() if x.startswith("Exec=")]
    return line.removeprefix("Exec=")


def test_install_writes_the_entry_the_metainfo_and_every_icon_size(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = _parley(["desktop", "install"], data)
    assert done.returncode == 0, done.stderr
    written = {Path(line) for line in done.stdout.splitlines()}
    assert written == {data / f.relative for f in entry_files(["parley"])}
    assert (data / "applications" / f"{APP_ID}.desktop") in written
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml") in written
    assert (
        (data / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").read_bytes().startswith(b"<?xml")
    )
    for n in ICON_SIZES:
        png = data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        assert _png_size(png) == (n, n)
        assert png.read_bytes() == icon_png(n).read_bytes()
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"Icon={APP_ID}" in entry.splitlines()


def test_the_entry_runs_the_parley_that_installed_it(tmp_path: Path) -> None:
    """``python -m parley.ui.cli``: Exec is this interpreter with -m; the console script: Exec
    is the script's path. Each is run as the desktop would (with --version)."""
    programs = [[sys.executable, "-m", "parley.ui.cli"]]
    if CONSOLE_SCRIPT.is_file():
        programs.append([str(CONSOLE_SCRIPT)])
    for i, program in enumerate(programs):
        data = tmp_path / f"data{i}"
        assert _parley(["desktop", "install"], data, program).returncode == 0
        line = _exec_line(data / "applications" / f"{APP_ID}.desktop")
        argv = shlex.split(line)
        assert argv == [os.path.abspath(program[0]), *program[1:]]
        version = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=120)
        assert version.returncode == 0 and version.stdout.startswith("parley "), version.stderr
        tryexec = [x for x in (data / "applications" / f"{APP_ID}.desktop").read_text().splitlines()
                   if x.startswith("TryExec=")]  # fmt: skip
        assert tryexec == [f"TryExec={os.path.abspath(program[0])}"]


def test_uninstall_removes_exactly_what_install_wrote(tmp_path: Path) -> None:
    data = tmp_path / "data"
    # another application's files, in the very folders Parley writes to
    others = {
        "applications/org.example.Other.desktop": b"[Desktop Entry]\nName=Other\n",
        "metainfo/org.example.Other.metainfo.xml": b"<component/>",
        "icons/hicolor/48x48/apps/org.example.Other.png": b"png",
        "icons/hicolor/scalable/apps/org.example.Other.svg": b"<svg/>",
        "mime/packages/x.xml": b"<mime/>",
    }
    for name, content in others.items():
        (data / name).parent.mkdir(parents=True, exist_ok=True)
        (data / name).write_bytes(content)
    before = _tree(data)
    assert _parley(["desktop", "install"], data).returncode == 0
    during = _tree(data)
    assert {k: v for k, v in during.items() if k in before} == before  # nothing of theirs touched
    done = _parley(["desktop", "uninstall"], data)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == len(entry_files(["parley"]))
    assert _tree(data) == before
    again = _parley(["desktop", "uninstall"], data)
    assert again.returncode == 0 and again.stdout == ""
    assert "no desktop entry" in again.stderr


def test_an_empty_data_folder_is_empty_again_after_uninstall(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    assert _parley(["desktop", "install"], data).returncode == 0
    assert _parley(["desktop", "install"], data).returncode == 0  # twice: the same files
    assert len([p for p in data.rglob("*") if p.is_file()]) == len(entry_files(["parley"]))
    assert _parley(["desktop", "uninstall"], data).returncode == 0
    assert list(data.iterdir()) == []


def test_desktop_without_a_subcommand_is_a_usage_error(tmp_path: Path) -> None:
    done = _parley(["desktop"], tmp_path / "data")
    assert done.returncode == 2 and "install|uninstall" in done.stderr
    assert not (tmp_path / "data").exists()


def test_data_home_follows_the_xdg_rules(tmp_path: Path) -> None:
    assert data_home({"XDG_DATA_HOME": str(tmp_path), "HOME": "/h"}) == tmp_path
    # the specification ignores a relative value
    assert data_home({"XDG_DATA_HOME": "rel/x", "HOME": "/h"}) == Path("/h/.local/share")
    assert data_home({"HOME": "/h"}) == Path("/h/.local/share")


def test_exec_quotes_a_path_by_the_desktop_entry_rules() -> None:
    assert desktop_exec(["/opt/parley/parley"]) == "/opt/parley/parley"
    assert desktop_exec(["/a b/p", "-m", "x"]) == '"/a b/p" -m x'
    # a reserved character quotes; " ` $ \\ are escaped inside; % doubled; then \\ doubled
    assert desktop_exec(["/x/$HOME/p"]) == '"/x/\\\\$HOME/p"'
    assert desktop_exec(["/x/100%/p"]) == "/x/100%%/p"
    with pytest.raises(ValueError, match="newline"):
        desktop_exec(["/x\n/p"])
    with pytest.raises(ValueError, match="UTF-8"):
        desktop_exec(["/x/\udcff/p"])


needs_validate = pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="needs desktop-file-validate (desktop-file-utils)",
)


@needs_validate
def test_the_installed_entry_is_valid_even_for_a_path_with_spaces_and_dollars(
    tmp_path: Path,
) -> None:
    for i, command in enumerate(
        [
            ("/usr/local/bin/parley",),
            ("/home/a b/$weird 100%/parley",),
            ("/p/python3", "-m", "parley.ui.cli"),
        ]
    ):
        data = tmp_path / f"d{i}"
        install(data, command)
        entry = data / "applications" / f"{APP_ID}.desktop"
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert done.returncode == 0 and "error" not in done.stdout, done.stdout
        uninstall(data)
        assert list(data.iterdir()) == []


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstreamcli (appstream)")
def test_the_metainfo_is_valid(tmp_path: Path) -> None:
    install(tmp_path, ("/usr/bin/parley",))
    metainfo = tmp_path / "metainfo" / f"{APP_ID}.metainfo.xml"
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr

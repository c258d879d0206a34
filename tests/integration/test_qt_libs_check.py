"""The check of Qt's X11 plugin libraries (``parley.ui.qt_libs``; issue 20).

Qt aborts when a library its ``xcb`` plugin links is missing; ``make run`` and the window's start
name the missing ones and the one command that installs them. Checked here:

- the real ``ldd`` on the real plugin of the installed PySide6, cross-checked library by library
  with the dynamic loader (``ctypes``): what it calls missing will not load, what it found is a
  file;
- a missing library made real: a copy of the plugin whose ``NEEDED`` entry names a library that
  exists nowhere, checked by ``python -m parley.ui.qt_libs`` (exit 1, the name, the command) and
  by the window's quick check;
- ``ldd``'s output captured on a minimal Debian 12 (``tests/fixtures/ldd``: PySide6 6.11 without
  ``libxcb-icccm4`` and ``libxcb-keysyms1``) parsed, and the command for each distribution.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parley.ui import qt_libs

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ldd" / "libqxcb-debian12-minimal.txt"
PLUGIN = qt_libs.xcb_plugin()
#: The two missing libraries' packages: Debian and openSUSE name them alike, Fedora and Arch too.
DEB, RPM = "libxcb-icccm4 libxcb-keysyms1", "xcb-util-wm xcb-util-keysyms"

needs_plugin = pytest.mark.skipif(
    PLUGIN is None or shutil.which("ldd") is None or not sys.platform.startswith("linux"),
    reason="needs Linux, ldd (libc-bin) and PySide6's xcb plugin",
)


def test_captured_ldd_output_of_a_minimal_debian_names_the_two_missing_libraries() -> None:
    result = qt_libs.parse_ldd(FIXTURE.read_text())
    # ldd repeats each missing library for every library that needs it: each is named once
    assert result.missing == ("libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    found = dict(result.found)
    assert found["libxcb-cursor.so.0"] == "/lib/x86_64-linux-gnu/libxcb-cursor.so.0"
    assert found["libQt6XcbQpa.so.6"].endswith(
        "/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6"
    )
    assert "linux-vdso.so.1" not in found  # no "=>": not a library on disk


@pytest.mark.parametrize(
    ("os_release", "command"),
    [
        ({"ID": "debian"}, f"sudo apt-get install {DEB}"),
        ({"ID": "ubuntu", "ID_LIKE": "debian"}, f"sudo apt-get install {DEB}"),
        ({"ID": "fedora"}, f"sudo dnf install {RPM}"),
        ({"ID": "rocky", "ID_LIKE": "rhel centos fedora"}, f"sudo dnf install {RPM}"),
        ({"ID": "arch"}, f"sudo pacman -S --needed {RPM}"),
        ({"ID": "opensuse-tumbleweed", "ID_LIKE": "opensuse suse"}, f"sudo zypper install {DEB}"),
    ],
)  # fmt: skip
def test_the_report_gives_one_install_command_for_the_distribution(
    os_release: dict[str, str], command: str
) -> None:
    missing = qt_libs.parse_ldd(FIXTURE.read_text()).missing
    text = qt_libs.report(missing, Path("/p/libqxcb.so"), os_release=os_release, root=False)
    lines = text.splitlines()
    assert "libxcb-icccm.so.4 libxcb-keysyms.so.1" in lines[0]
    assert f"  {command}" in lines
    assert sum(line.startswith("  sudo ") for line in lines) == 1


def test_as_root_the_command_has_no_sudo() -> None:
    text = qt_libs.report(
        ["libxcb-cursor.so.0"], Path("/p"), os_release={"ID": "debian"}, root=True
    )
    assert "  apt-get install libxcb-cursor0" in text.splitlines()


def test_a_library_not_in_the_table_is_still_named_per_distribution() -> None:
    missing = ["libxcb-xinput.so.0"]
    assert qt_libs.install_command(missing, "debian") == ["sudo apt-get install libxcb-xinput0"]
    rpm = "'libxcb-xinput.so.0()(64bit)'" if sys.maxsize > 2**32 else "'libxcb-xinput.so.0()'"
    assert qt_libs.install_command(missing, "fedora") == [f"sudo dnf install {rpm}"]
    assert qt_libs.install_command(missing, "suse") == [f"sudo zypper install {rpm}"]
    arch = qt_libs.install_command(["libxcb-cursor.so.0", *missing], "arch")
    assert arch[0] == "sudo pacman -S --needed xcb-util-cursor"
    assert "pacman -F" in arch[1] and "libxcb-xinput.so.0" in arch[1]
    unknown_distro = qt_libs.install_command(missing, None)
    assert "libxcb-xinput.so.0" in unknown_distro[0] and "libxcb-xinput0" in unknown_distro[1]


def test_debians_naming_rule_agrees_with_the_table_except_where_debian_names_otherwise() -> None:
    exceptions = {"libGLdispatch.so.0", "libglib-2.0.so.0", "libgthread-2.0.so.0"}
    disagree = {
        soname
        for soname, names in qt_libs.PACKAGES.items()
        if qt_libs.debian_package(soname) != names[0]
    }
    assert disagree == exceptions


def test_os_release_is_read_with_its_quoting(tmp_path: Path) -> None:
    path = tmp_path / "os-release"
    path.write_text('NAME="Rocky Linux"\nID="rocky"\nID_LIKE="rhel centos fedora"\n# x=y\n')
    fields = qt_libs.read_os_release(path)
    assert fields["ID"] == "rocky" and fields["ID_LIKE"] == "rhel centos fedora"
    assert qt_libs.distro_family(fields) == "fedora"
    assert qt_libs.distro_family({"ID": "gentoo"}) is None
    assert qt_libs.read_os_release(tmp_path / "none") == {}


def test_only_an_xcb_session_is_checked() -> None:
    assert qt_libs.uses_xcb({"DISPLAY": ":0"}, "linux")
    assert not qt_libs.uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "linux")
    assert qt_libs.uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, "linux")
    assert qt_libs.uses_xcb({"QT_QPA_PLATFORM": "xcb;wayland"}, "linux")
    assert not qt_libs.uses_xcb({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not qt_libs.uses_xcb({"QT_QPA_PLATFORM": "wayland;xcb"}, "linux")
    assert not qt_libs.uses_xcb({}, "darwin")
    assert qt_libs.xcb_would_fail({"QT_QPA_PLATFORM": "offscreen"}) is None


@needs_plugin
def test_the_real_ldd_on_the_real_plugin_agrees_with_the_dynamic_loader() -> None:
    assert PLUGIN is not None
    result = qt_libs.run_ldd(PLUGIN)
    found = dict(result.found)
    assert "libQt6XcbQpa.so.6" in found and "libQt6Gui.so.6" in found
    assert "libxcb.so.1" in found or "libxcb.so.1" in result.missing
    for path in found.values():
        assert Path(path).is_file(), path
    for name in result.missing:
        with pytest.raises(OSError):
            ctypes.CDLL(name)
    # what the window's quick check opens is exactly what ldd lists among the system libraries
    needed = {name for name in qt_libs.QUICK_CHECK if name in found or name in result.missing}
    assert needed == set(qt_libs.QUICK_CHECK)
    done = subprocess.run(
        [sys.executable, "-m", "parley.ui.qt_libs", "--force"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == (1 if result.missing else 0), done.stderr
    for name in result.missing:
        assert name in done.stderr


@pytest.fixture
def broken_plugin(tmp_path: Path) -> Path:
    """A copy of the plugin whose NEEDED ``libxcb-icccm.so.4`` became a library that exists
    nowhere (same length, so the ELF stays valid); ``Qt/lib`` beside it is the real Qt's, so its
    RUNPATH ($ORIGIN/../../lib) finds the rest as before."""
    assert PLUGIN is not None
    qt = tmp_path / "PySide6" / "Qt"
    (qt / "plugins" / "platforms").mkdir(parents=True)
    (qt / "lib").symlink_to(PLUGIN.parents[2] / "lib")
    data = PLUGIN.read_bytes()
    old, new = b"\0libxcb-icccm.so.4\0", b"\0libparley-no.so.4\0"
    assert data.count(old) == 1
    copy = qt / "plugins" / "platforms" / "libqxcb.so"
    copy.write_bytes(data.replace(old, new))
    return copy


@needs_plugin
def test_a_missing_library_stops_make_run_with_the_install_command(broken_plugin: Path) -> None:
    assert qt_libs.run_ldd(broken_plugin).missing[:1] == ("libparley-no.so.4",)
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-m", "parley.ui.qt_libs", str(broken_plugin)],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert done.returncode == 1
    assert "missing: libparley-no.so.4" in done.stderr
    family = qt_libs.distro_family(qt_libs.read_os_release())
    if family == "debian":
        assert "apt-get install libparley-no4" in done.stderr
    # offscreen (what make test uses): not an xcb session, so no check and no message
    quiet = subprocess.run(
        [sys.executable, "-m", "parley.ui.qt_libs", str(broken_plugin)],
        capture_output=True, text=True, timeout=120,
        env={**env, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert quiet.returncode == 0 and quiet.stderr == ""


@needs_plugin
def test_the_windows_quick_check_reports_a_library_that_will_not_load(
    broken_plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert qt_libs.xcb_would_fail({"DISPLAY": ":0"}) is None or qt_libs.run_ldd(PLUGIN).missing
    monkeypatch.setattr(qt_libs, "QUICK_CHECK", (*qt_libs.QUICK_CHECK, "libparley-no.so.4"))
    monkeypatch.setattr(qt_libs, "xcb_plugin", lambda: broken_plugin)
    problem = qt_libs.xcb_would_fail({"DISPLAY": ":0"})
    assert problem is not None and "libparley-no.so.4" in problem
    assert f"ldd {broken_plugin}" in problem


@needs_plugin
def test_the_window_exits_1_with_the_report_instead_of_letting_qt_abort(
    broken_plugin: Path, tmp_path: Path
) -> None:
    """``run_app`` in a fresh interpreter, told to use xcb with no X server at all: with a
    library missing it must print the report and return 1 before Qt loads the plugin (Qt would
    abort with SIGABRT, exit -6)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from parley.ui import qt_libs\n"
        "qt_libs.QUICK_CHECK = (*qt_libs.QUICK_CHECK, 'libparley-no.so.4')\n"
        f"qt_libs.xcb_plugin = lambda: Path({str(broken_plugin)!r})\n"
        "from parley.ui.app import run_app\n"
        f"sys.exit(run_app({str(tmp_path / 'data')!r}, {str(tmp_path / 'config')!r}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, timeout=120, env={**env, "QT_QPA_PLATFORM": "xcb"},
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "missing: libparley-no.so.4" in done.stderr
    assert "Could not load the Qt platform plugin" not in done.stderr
    assert not (tmp_path / "data").exists()  # nothing was opened

"""Which system libraries Qt's X11 plugin is missing, and the one command that installs them.

Why it exists: PySide6's wheels bring Qt but not the X11 libraries Qt's ``xcb`` platform plugin
links. On a minimal Debian ``libxcb-icccm4``, ``libxcb-keysyms1`` and ``libxcb-cursor0`` are
absent, and Qt aborts with "Could not load the Qt platform plugin" and a core dump, naming none
of them. This module runs ``ldd`` on the plugin, takes the ``=> not found`` lines, maps each
missing ``.so`` to its package for the running distribution (apt-get, dnf, pacman, zypper) and
prints one install command. ``make run`` runs it before starting the app
(``python -m parley.ui.qt_libs``); the window's start calls ``xcb_would_fail`` before it creates
the ``QApplication`` and, when a library is missing, prints the same report and exits 1 instead
of letting Qt abort.

Invariants it keeps:

- nothing here imports Qt (the check must work where Qt cannot start); PySide6 is found with
  ``importlib.util.find_spec``, which does not run the package;
- the check is only made where Qt would load the ``xcb`` plugin: Linux, and ``QT_QPA_PLATFORM``
  unset with no ``WAYLAND_DISPLAY``, or set to ``xcb`` first; anywhere else it answers "nothing
  missing" and costs nothing;
- the window's quick check (``xcb_would_fail``) only ``dlopen``\\ s the plugin's system libraries,
  which Qt loads a moment later anyway; only when one fails does it run ``ldd`` for the report;
- a missing library not in ``PACKAGES`` is still reported: by Debian's naming rule for its
  package (policy 8.1) on apt systems, by the library's RPM capability (``'libfoo.so.1()(64bit)'``,
  which dnf and zypper accept as a package) on RPM systems, and with ``pacman -F`` on Arch.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

#: The four families whose package manager we name, in the order ``distro_family`` tries them.
FAMILIES = ("debian", "fedora", "arch", "suse")

#: Each system library the xcb plugin needs (directly or through ``libQt6XcbQpa``; from ``ldd`` of
#: PySide6 6.8 to 6.11) -> its package on Debian/Ubuntu, Fedora/RHEL, Arch, openSUSE.
PACKAGES: Mapping[str, tuple[str, str, str, str]] = {
    "libxcb.so.1": ("libxcb1", "libxcb", "libxcb", "libxcb1"),
    "libxcb-cursor.so.0": (
        "libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor", "libxcb-cursor0",
    ),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm", "libxcb-icccm4"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image", "libxcb-image0"),
    "libxcb-keysyms.so.1": (
        "libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms", "libxcb-keysyms1",
    ),
    "libxcb-render-util.so.0": (
        "libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil", "libxcb-render-util0",
    ),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util", "libxcb-util1"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb", "libxcb-randr0"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb", "libxcb", "libxcb-render0"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb", "libxcb-shape0"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb", "libxcb", "libxcb-shm0"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb", "libxcb-sync1"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb", "libxcb-xfixes0"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb", "libxcb-xkb1"),
    "libX11.so.6": ("libx11-6", "libX11", "libx11", "libX11-6"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11", "libX11-xcb1"),
    "libXau.so.6": ("libxau6", "libXau", "libxau", "libXau6"),
    "libXdmcp.so.6": ("libxdmcp6", "libXdmcp", "libxdmcp", "libXdmcp6"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon", "libxkbcommon0"),
    "libxkbcommon-x11.so.0": (
        "libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11", "libxkbcommon-x11-0",
    ),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd", "libGL1"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx", "libglvnd", "libGLX0"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd", "libEGL1"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd", "libglvnd", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig", "libfontconfig1"),
    "libfreetype.so.6": ("libfreetype6", "freetype", "freetype2", "libfreetype6"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus", "libdbus-1-3"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2", "glib2", "libglib-2_0-0"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2", "glib2", "libgthread-2_0-0"),
    "libpng16.so.16": ("libpng16-16", "libpng", "libpng", "libpng16-16"),
}  # fmt: skip

#: The plugin's system libraries the window's quick check opens (the rest come with these or
#: with any desktop: libc, libstdc++, libz...).
QUICK_CHECK = tuple(name for name in PACKAGES if name.startswith(("libxcb", "libX11", "libxkb")))

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")
_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+(/\S.*?)\s+\(0x[0-9a-f]+\)\s*$")


@dataclass(frozen=True)
class LddResult:
    """What ``ldd`` said about one file: the libraries it found (name -> path) and did not."""

    found: tuple[tuple[str, str], ...]
    missing: tuple[str, ...]


def parse_ldd(output: str) -> LddResult:
    """``ldd``'s lines, each library once (ldd repeats a missing one per library that needs it)."""
    found: dict[str, str] = {}
    missing: dict[str, None] = {}
    for line in output.splitlines():
        if match := _NOT_FOUND.match(line):
            missing[match.group(1)] = None
        elif match := _FOUND.match(line):
            found.setdefault(match.group(1), match.group(2))
    return LddResult(tuple(found.items()), tuple(missing))


def run_ldd(library: Path, env: Mapping[str, str] | None = None) -> LddResult:
    """``ldd library``, parsed. Raises ``OSError`` when ldd is absent or fails on the file."""
    done = subprocess.run(
        ["ldd", str(library)],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ if env is None else env, LC_ALL="C"),
    )
    if done.returncode != 0 and "not found" not in done.stdout:
        raise OSError(f"ldd {library}: {done.stderr.strip() or done.stdout.strip()}")
    return parse_ldd(done.stdout)


def xcb_plugin() -> Path | None:
    """The installed PySide6's ``libqxcb.so`` (without importing PySide6), or None."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def uses_xcb(env: Mapping[str, str], system: str | None = None) -> bool:
    """Whether Qt would load its ``xcb`` plugin in this environment (see the module docstring)."""
    if not (system or sys.platform).startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not env.get("WAYLAND_DISPLAY")


def read_os_release(path: Path = Path("/etc/os-release")) -> dict[str, str]:
    """``/etc/os-release`` as a dict (empty when there is none)."""
    import shlex  # (this and ``platform`` only on the way to a report: not on the window's start)

    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, eq, value = line.partition("=")
        if eq and key.strip() and not key.startswith("#"):
            words = shlex.split(value, comments=False) or [""]
            fields[key.strip()] = words[0]
    return fields


def distro_family(os_release: Mapping[str, str]) -> str | None:
    """``debian``, ``fedora``, ``arch`` or ``suse`` from ``ID`` and ``ID_LIKE``, or None."""
    ids = [os_release.get("ID", ""), *os_release.get("ID_LIKE", "").split()]
    aliases = {
        "debian": "debian", "ubuntu": "debian", "linuxmint": "debian", "pop": "debian",
        "fedora": "fedora", "rhel": "fedora", "centos": "fedora", "rocky": "fedora",
        "almalinux": "fedora", "arch": "arch", "manjaro": "arch", "endeavouros": "arch",
        "suse": "suse", "opensuse": "suse", "opensuse-leap": "suse",
        "opensuse-tumbleweed": "suse", "sles": "suse",
    }  # fmt: skip
    for name in ids:
        if name.lower() in aliases:
            return aliases[name.lower()]
    return None


def debian_package(soname: str) -> str:
    """Debian's package name for a library (policy 8.1): ``libxcb-icccm.so.4`` ->
    ``libxcb-icccm4``; a name ending in a digit gets a hyphen (``libxkbcommon-x11-0``)."""
    stem, _, version = soname.partition(".so.")
    version = version.split(".")[0]
    joiner = "-" if stem[-1:].isdigit() else ""
    return (stem + joiner + version).lower().replace("_", "-")


def install_command(missing: Sequence[str], family: str | None, root: bool = False) -> list[str]:
    """The lines that install ``missing`` on ``family``: one command, then any hint it needs."""
    import shlex

    sudo = "" if root else "sudo "
    if family is None:
        return [
            "install the packages that provide: " + " ".join(missing),
            f"(on Debian or Ubuntu: {sudo}apt-get install "
            + " ".join(_unique(_package(name, "debian") for name in missing))
            + ")",
        ]
    unknown = [name for name in missing if name not in PACKAGES]
    named = [name for name in missing if family != "arch" or name in PACKAGES]
    packages = _unique(_package(name, family) for name in named)
    manager = {
        "debian": "apt-get install",
        "fedora": "dnf install",
        "arch": "pacman -S --needed",
        "suse": "zypper install",
    }[family]
    lines = [f"{sudo}{manager} " + " ".join(shlex.quote(p) for p in packages)] if packages else []
    if family == "arch" and unknown:
        lines.append("and for " + " ".join(unknown) + ": `pacman -F <file>` names the package")
    return lines


def _package(soname: str, family: str) -> str:
    if soname in PACKAGES:
        return PACKAGES[soname][FAMILIES.index(family)]
    if family == "debian":
        return debian_package(soname)
    if family in ("fedora", "suse"):
        import platform

        bits = "(64bit)" if platform.architecture()[0] == "64bit" else ""
        return f"{soname}(){bits}"
    return soname


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def report(
    missing: Sequence[str],
    plugin: Path,
    os_release: Mapping[str, str] | None = None,
    root: bool | None = None,
) -> str:
    """What to tell the user: which libraries are missing and the command that installs them."""
    family = distro_family(read_os_release() if os_release is None else os_release)
    is_root = (os.geteuid() == 0) if root is None else root
    lines = [
        "Qt's X11 plugin cannot load: these system libraries are missing: " + " ".join(missing),
        f"(found with: ldd {plugin})",
        "Install them with:",
        *("  " + line for line in install_command(missing, family, root=is_root)),
        "(or run Parley on Wayland, or headless with QT_QPA_PLATFORM=offscreen)",
    ]
    return "\n".join(lines)


def missing_libraries(plugin: Path | None = None) -> tuple[Path | None, tuple[str, ...]]:
    """The xcb plugin and the libraries ``ldd`` cannot find for it (empty when all are there,
    when there is no plugin, or when ``ldd`` is absent: then Qt says what it says)."""
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return None, ()
    try:
        return plugin, run_ldd(plugin).missing
    except (OSError, subprocess.SubprocessError):
        return plugin, ()


def xcb_would_fail(env: Mapping[str, str] | None = None) -> str | None:
    """The window's check before Qt loads its platform plugin: the report, or None.

    Opens the plugin's system libraries (Qt opens them a moment later anyway); only if one will
    not load does it run ``ldd`` for the exact list."""
    if not uses_xcb(os.environ if env is None else env):
        return None
    for name in QUICK_CHECK:
        try:
            ctypes.CDLL(name)
        except OSError:
            break
    else:
        return None
    plugin, missing = missing_libraries()
    if plugin is None or not missing:
        return None
    return report(missing, plugin)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m parley.ui.qt_libs [PLUGIN]``: exit 0 (all there, or not an xcb session), or 1
    with the report on stderr. ``--force`` checks even where Qt would not use xcb."""
    args = list(sys.argv[1:] if argv is None else argv)
    force = "--force" in args
    args = [a for a in args if a != "--force"]
    if not force and not uses_xcb(os.environ):
        return 0
    plugin, missing = missing_libraries(Path(args[0]) if args else None)
    if plugin is None or not missing:
        return 0
    print(report(missing, plugin), file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Parley in the desktop's menus: the application id, the icon files, and the user's entry.

Why it exists: a desktop lists an application by a freedesktop ``.desktop`` file, draws its icon
from the ``hicolor`` icon theme and describes it in a software centre from AppStream metainfo.
``parley desktop install`` (``ui.cli.desktop``) writes these for the user under the XDG data
folder, and ``parley desktop uninstall`` takes them away again; the window (``ui.app``) uses the
same id and icons, so the taskbar matches the menu entry.

The files shipped with the package (package data, next to this module and in ``ui/icons/app``):
``org.parley.Parley.desktop`` (``Exec=parley``, the form a distribution package uses),
``org.parley.Parley.metainfo.xml``, ``parley.svg`` and ``parley-<N>.png`` for each of
``ICON_SIZES`` (drawn from the SVG by ``scripts/render_app_icon.py``).

Invariants it keeps:

- ``entry_files`` is the one list of what an install writes (its path under the data folder and
  its bytes); install writes exactly these, uninstall removes exactly these, and folders only
  when they are left empty — never another file;
- the installed ``.desktop`` file runs the very ``parley`` that installed it (``launch_command``):
  the bundle's executable, the console script as it was started (a pipx link is kept as a link,
  so an upgrade keeps working), or this interpreter with ``-m parley.ui.cli``; each argument is
  quoted by the Desktop Entry rules (``desktop_exec``);
- a file is written whole or not at all (a temporary file beside it, then ``os.replace``);
- nothing here imports Qt: the window imports this module on its way to the first paint.

Errors::

    OSError              a file could not be written or removed (said by ``ui.cli.desktop``)
    └── ValueError       the command's path cannot be written in a .desktop file (not UTF-8,
                         or a newline in it)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

#: The reverse-DNS id: the .desktop file's name, the icon's name, the AppStream id.
APP_ID = "org.parley.Parley"

#: The bitmap sizes of the icon, in pixels (the hicolor theme's usual folders).
ICON_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256, 512)

#: The package data of this module: the .desktop file and the metainfo.
DESKTOP_DIR = Path(__file__).resolve().parent
#: The application icon: ``parley.svg`` and ``parley-<N>.png``.
APP_ICON_DIR = DESKTOP_DIR.parent / "icons" / "app"

# The Desktop Entry specification's reserved characters: an argument holding one is quoted.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


@dataclass(frozen=True)
class EntryFile:
    """One file an install writes: its path under the XDG data folder, and its bytes."""

    relative: Path
    content: bytes


def icon_png(size: int) -> Path:
    """The shipped ``size`` px bitmap of the application icon."""
    return APP_ICON_DIR / f"parley-{size}.png"


def icon_svg() -> Path:
    """The shipped scalable application icon."""
    return APP_ICON_DIR / "parley.svg"


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` when set to an absolute path (the specification ignores a relative
    one), else ``~/.local/share``."""
    env = os.environ if env is None else env
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def launch_command(argv0: str | None = None) -> tuple[str, ...]:
    """The command that starts this ``parley`` (see the module docstring)."""
    if getattr(sys, "frozen", False):  # the PyInstaller bundle
        return (os.path.abspath(sys.executable),)
    script = sys.argv[0] if argv0 is None else argv0
    if script and Path(script).name.startswith("parley") and os.path.isfile(script):
        return (os.path.abspath(script),)  # abspath: a link stays a link
    return (os.path.abspath(sys.executable), "-m", "parley.ui.cli")


def desktop_exec(argv: Sequence[str]) -> str:
    """``argv`` as the value of an ``Exec`` key: each argument with a reserved character in
    double quotes (``"``, backquote, ``$`` and backslash escaped inside them), ``%`` doubled, and
    the value then escaped as a string (a backslash doubled)."""
    words = []
    for arg in argv:
        if "\n" in arg or "\r" in arg:
            raise ValueError(f"{arg!r}: a newline cannot be part of a desktop entry's command")
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(f"{arg!r}: a desktop entry must be UTF-8: {exc.reason}") from None
        if not arg or any(ch in _RESERVED for ch in arg):
            inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
            arg = f'"{inner}"'
        words.append(arg.replace("%", "%%"))
    return " ".join(words).replace("\\", "\\\\")


def desktop_entry(command: Sequence[str]) -> bytes:
    """The shipped ``.desktop`` file with ``Exec`` running ``command`` and ``TryExec`` naming
    its program (so a menu hides the entry once that program is gone)."""
    text = (DESKTOP_DIR / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + desktop_exec(command)
        elif line.startswith("TryExec="):
            line = "TryExec=" + command[0].replace("\\", "\\\\")
        lines.append(line)
    return ("\n".join(lines) + "\n").encode("utf-8")


def entry_files(command: Sequence[str]) -> tuple[EntryFile, ...]:
    """Everything an install writes, under the XDG data folder (see the module docstring)."""
    hicolor = Path("icons") / "hicolor"
    files = [
        EntryFile(Path("applications") / f"{APP_ID}.desktop", desktop_entry(command)),
        EntryFile(
            Path("metainfo") / f"{APP_ID}.metainfo.xml",
            (DESKTOP_DIR / f"{APP_ID}.metainfo.xml").read_bytes(),
        ),
        EntryFile(hicolor / "scalable" / "apps" / f"{APP_ID}.svg", icon_svg().read_bytes()),
    ]
    files += [
        EntryFile(hicolor / f"{n}x{n}" / "apps" / f"{APP_ID}.png", icon_png(n).read_bytes())
        for n in ICON_SIZES
    ]
    return tuple(files)


def install(home: Path, command: Sequence[str]) -> tuple[Path, ...]:
    """Write the entry, the metainfo and the icons under ``home``; returns the paths written."""
    written = []
    for entry in entry_files(command):
        path = home / entry.relative
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.partial")
        try:
            partial.write_bytes(entry.content)
            partial.chmod(0o644)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
        written.append(path)
    return tuple(written)


def uninstall(home: Path) -> tuple[Path, ...]:
    """Remove what ``install`` writes under ``home`` and the folders it leaves empty; returns
    the files removed (none when nothing was installed)."""
    removed = []
    for entry in entry_files(("parley",)):
        path = home / entry.relative
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
        folder = path.parent
        while folder != home and home in folder.parents:
            try:
                folder.rmdir()  # only an empty folder goes
            except OSError:
                break
            folder = folder.parent
    return tuple(removed)

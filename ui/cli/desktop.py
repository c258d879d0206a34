"""``parley desktop install|uninstall``: Parley in the user's application menu, and out again.

Why it exists: ``pipx install`` and the standalone bundle put a ``parley`` command on the machine
but nothing in the desktop's menus; a person who does not live in a terminal needs an entry with
an icon. ``install`` writes the ``.desktop`` file, the AppStream metainfo and the icon (scalable
and eight bitmap sizes) under the XDG data folder (``$XDG_DATA_HOME``, else ``~/.local/share``);
``uninstall`` removes exactly those files (``ui.desktop_entry`` keeps the one list of them).

Invariants it keeps:

- no profile is opened and no Qt is loaded: the command works before any setup, headless;
- every path written or removed is printed on stdout, one per line, so a script can see what
  happened; a repeated install rewrites the same files, a repeated uninstall removes nothing and
  says so;
- exit 0 done; 1 a file could not be written or removed (the reason on stderr); 2 a usage error.
"""

from __future__ import annotations

import argparse
import sys

from parley.ui.desktop_entry import APP_ID, data_home, install, launch_command, uninstall


def add_desktop_parser(commands: argparse._SubParsersAction) -> None:
    desktop = commands.add_parser(
        "desktop", help="add Parley to (or remove it from) your desktop's application menu"
    )
    dsub = desktop.add_subparsers(dest="desktop_command", metavar="SUBCOMMAND")
    dsub.add_parser(
        "install",
        help="write the menu entry, the metainfo and the icon under $XDG_DATA_HOME "
        "(default ~/.local/share), launching this parley",
    )
    dsub.add_parser("uninstall", help="remove exactly what 'desktop install' wrote")


def run_desktop(args: argparse.Namespace) -> int:
    home = data_home()
    if args.desktop_command == "install":
        command = launch_command()
        try:
            written = install(home, command)
        except (OSError, ValueError) as exc:
            print(f"parley: the desktop entry was not installed: {exc}", file=sys.stderr)
            return 1
        for path in written:
            print(path)
        print(f"parley: {APP_ID} is in the application menu; it runs {command[0]}", file=sys.stderr)
        return 0
    if args.desktop_command == "uninstall":
        try:
            removed = uninstall(home)
        except OSError as exc:
            print(f"parley: the desktop entry was not fully removed: {exc}", file=sys.stderr)
            return 1
        for path in removed:
            print(path)
        if not removed:
            print(f"parley: no desktop entry of Parley under {home}", file=sys.stderr)
        return 0
    print("parley: say what to do: parley desktop install|uninstall", file=sys.stderr)
    return 2

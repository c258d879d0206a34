"""``parley quick``: Quick ask, in the running Parley or on its own.

Why it exists: a desktop shortcut (Wayland, or any desktop whose own shortcut settings run a
command) and scripts open Quick ask with ``parley quick`` (issue 20). When Parley runs on this
profile it is asked over its instance socket (``ui/single_instance.py``) to show Quick ask, and
this command ends at once; otherwise Parley starts with only the Quick ask window shown, and
ends when it closes (unless "Open in Parley" opened the window, or Parley lives in the tray).

Invariants it keeps: Qt loads only here (the command's module imports nothing of it); the exit
code is the window's (0), or 1 when Qt cannot start on this display.
"""

from __future__ import annotations

import argparse


def add_quick_parser(commands: argparse._SubParsersAction) -> None:
    commands.add_parser(
        "quick",
        help="open Quick ask: a small window for one question (in the running Parley, if any)",
        description="Open Quick ask. Give your desktop's keyboard shortcut this command to "
        "open it from anywhere (on Wayland, the only way).",
    )


def run_quick(args: argparse.Namespace) -> int:
    from parley.ui.app import run_app  # Qt, and the profile only if no Parley runs

    return run_app(data_dir=args.data_dir, config_dir=args.config_dir, quick=True)

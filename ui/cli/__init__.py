"""The ``parley`` command: the window, or the same runtime with no window.

Why it exists: operators and scripts need every turn, provider and saved conversation from a
terminal, through the very runtime and event log the window uses (``ui.bootstrap`` wires both).

The commands live one group to a module: ``ask``, ``providers`` (with the API-key commands) and
``history``; ``parser`` declares every option and ``common`` holds the exit codes. This module
dispatches to them and turns their errors into exit codes.

Invariants it keeps:

- exit codes: 0 done; 1 the provider (or the store, or the keyring) failed, with a clear message
  on stderr; 2 a usage error (unknown option, no provider configured, unknown provider or
  conversation, a key given while no system keyring is available); 128 + a stop signal: 130
  Ctrl+C, 143 SIGTERM, 129 SIGHUP;
- stdout carries only the answer (or JSON); everything else goes to stderr, so output can be piped;
- Qt is imported only when the window opens, so headless commands start fast and need no display;
  and the window's start imports none of the command modules nor the full parser
  (``window_options``);
- Ctrl+C, SIGTERM or SIGHUP during ``parley ask`` sets the turn's cancel event (``ui.cli.signals``):
  the partial answer is kept and the turn is recorded as cancelled before the command exits
  128 + the signal;
- API keys go to the system keyring only (``providers set-key``, ``providers add
  --api-key-stdin``), read from a hidden prompt or standard input, never from an argument (it would
  show in the process list and the shell history). No command prints a key: ``providers list``
  says where each key comes from (keyring, env VAR, none). Without a working keyring these
  commands exit 2 with the plain reason and the environment variable to use instead, and store
  nothing anywhere.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from parley.ui.cli.common import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UsageError

__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "UsageError",
    "build_parser",
    "main",
]

#: The options the window takes (``parley`` with no command): see ``window_options``.
_WINDOW_OPTIONS = ("--data-dir", "--config-dir")


def __getattr__(name: str) -> object:
    # The exit codes and ``UsageError`` live in ``ui.cli.common`` (which imports sqlite3): loaded
    # when first asked for, not on the window's way to its first paint.
    if name in {"EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "UsageError"}:
        from parley.ui.cli import common

        return getattr(common, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser() -> argparse.ArgumentParser:
    """Every command and option (``ui.cli.parser``; loaded on first use, see ``main``)."""
    from parley.ui.cli.parser import build_parser as build

    return build()


def window_options(argv: Sequence[str]) -> dict[str, str | None] | None:
    """``argv``'s profile options if it only opens the window (no command, nothing but
    ``--data-dir``/``--config-dir`` spelt in full, each with a value), else None.

    Why: the full parser lists every command's choices (the provider presets, the event kinds),
    which imports the runtime's modules and the composition root before Qt shows anything
    (~50 ms of the start). The window's own two options need none of that; any other argument
    line (``--help``, an abbreviation, a missing value, a command) goes through the full parser,
    which answers exactly as before. The last of a repeated option wins, as with argparse."""
    found: dict[str, str | None] = {"data_dir": None, "config_dir": None}
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        name, eq, value = word.partition("=")
        if name not in _WINDOW_OPTIONS:
            return None
        if not eq:
            if i + 1 >= len(words):
                return None
            value = words[i + 1]
            i += 1
        if not value or value.startswith("-"):
            return None  # argparse reads "-x" as an option, not a value: let it say so
        found[name[2:].replace("-", "_")] = value
        i += 1
    return found


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    window = window_options(words)
    if window is not None:
        from parley.ui.app import run_app  # Qt only when the window opens

        return run_app(data_dir=window["data_dir"], config_dir=window["config_dir"])

    parser = build_parser()
    args = parser.parse_args(words)  # exits 2 on a usage error, as argparse does
    if args.command is None:
        from parley.ui.app import run_app

        return run_app(data_dir=args.data_dir, config_dir=args.config_dir)
    if args.command == "quick":  # the running Parley shows it, or Parley starts with it
        from parley.ui.cli.quick import run_quick

        return run_quick(args)
    if args.command == "desktop":  # needs no profile: works before any setup
        from parley.ui.cli.desktop import run_desktop

        return run_desktop(args)
    return _run_command(args, parser)


def _run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # The command line's modules and the composition root load only for a command.
    from parley.application.ports.event_store import EventStoreError, SessionNotFound
    from parley.application.ports.secret_store import SecretStoreError
    from parley.application.ports.settings_store import SettingsError
    from parley.ui.bootstrap import build_services
    from parley.ui.cli.ask import run_ask
    from parley.ui.cli.common import (
        EXIT_FAILED,
        EXIT_INTERRUPTED,
        EXIT_USAGE,
        UsageError,
        is_reading_command,
        stdout_closed,
    )
    from parley.ui.cli.history import run_history
    from parley.ui.cli.mcp import run_mcp
    from parley.ui.cli.providers import run_providers
    from parley.ui.cli.schedule import run_schedule
    from parley.ui.cli.team import run_team

    if args.command == "schedule" and getattr(args, "schedule_command", "") == "run-due":
        from parley.ui.cli.schedule import idle_run_due

        if idle_run_due(args):  # the OS timer's minutely look found nothing: stop here
            return 0
    try:
        # Reading commands open the history read-only: they work on a read-only or full disk.
        services = build_services(
            args.data_dir, args.config_dir, read_only=is_reading_command(args)
        )
    except (EventStoreError, SettingsError, OSError) as exc:
        print(f"parley: cannot open the profile: {exc}", file=sys.stderr)
        return EXIT_FAILED
    if services.startup_notice:
        print(f"parley: {services.startup_notice}", file=sys.stderr)
    try:
        handler = {
            "ask": run_ask,
            "providers": run_providers,
            "history": run_history,
            "mcp": run_mcp,
            "team": run_team,
            "schedule": run_schedule,
        }[args.command]
        return handler(services, args, parser)
    except UsageError as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SessionNotFound as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader of stdout went away: end quietly (before OSError)
        return stdout_closed()
    except (EventStoreError, SettingsError, SecretStoreError, OSError) as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("parley: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        services.close()

"""The ``parley`` argument parser: every command, subcommand and option, in one place.

Why it exists: ``parley --help`` (and each subcommand's help) is the command line's reference, so
its options are declared together rather than scattered over the modules that run them.

Invariants it keeps:

- option names and defaults are what the command modules read from the parsed namespace
  (``args.provider``, ``args.json``, ...); nothing here runs a command or opens the profile;
- every number is checked here, by an argparse type function, before anything runs: a bad value
  (``nan``, ``inf``, negative, zero where that means nothing, not a number) is a usage error (exit
  2) that names the option and what it accepts, so nothing is ever recorded with it;
- text arguments (prompts, search text, names, ids; not file paths, which may be any bytes) that
  are not valid UTF-8 are accepted with each invalid byte replaced by U+FFFD, and the command says
  so once on stderr (see ``common.clean_text`` for the rule, shared with standard input);
- a base URL with an empty port (``http://host:/v1``) is refused here with the fix.

Errors: ``argparse.ArgumentTypeError`` from the type functions, which argparse turns into
``parley <command>: error: argument --option: <why>`` and exit 2.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any
from urllib.parse import urlsplit

from parley.application.ports.settings_store import PROVIDER_KINDS
from parley.domain.transcript.canonical import TurnFinished
from parley.ui.bootstrap import provider_catalog
from parley.ui.cli.common import clean_text, say_replaced
from parley.ui.cli.mcp import add_mcp_parser

#: The longest ``--timeout`` accepted: a week (longer is surely a typo, and timers overflow).
MAX_TIMEOUT_S = 7 * 24 * 3600.0


def seconds(text: str) -> float:
    """``--timeout``: a finite number of seconds, above 0 and at most a week."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0 or value > MAX_TIMEOUT_S:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of seconds: give a number above 0 and at most "
            f"{MAX_TIMEOUT_S:.0f} (a week), e.g. 30 or 2.5"
        )
    return value


def count(text: str) -> int:
    """``--limit``: a whole number, 0 or more."""
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number 0 or more, e.g. 20")
    return value


def base_url(text: str) -> str:
    """``--base-url``: the settings store checks the rest; an empty port is refused here."""
    try:
        netloc = urlsplit(text).netloc
    except ValueError:
        return text  # the settings store names what is wrong with it
    if netloc.endswith(":"):
        raise argparse.ArgumentTypeError(
            f"{text!r} has a ':' but no port after it: write the port (e.g. "
            "http://127.0.0.1:8080/v1) or leave out the ':'"
        )
    return text


def _version() -> str:
    """The installed distribution's version (``pyproject.toml``), for ``parley --version``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("parley-desktop")
    except PackageNotFoundError:
        return "(version unknown: not installed as a distribution)"


class _VersionAction(argparse.Action):
    """``--version``: reads the metadata only when asked (a few ms that no other command pays)."""

    def __init__(self, option_strings: list[str], dest: str, **_: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print Parley's version and exit")  # fmt: skip

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"parley {_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    said: list[bool] = []

    def text(value: str) -> str:
        """A text argument; invalid UTF-8 replaced, said once per command line."""
        cleaned, bad = clean_text(value)
        if bad and not said:
            said.append(True)
            say_replaced(None, "the command line", sys.stderr)
        return cleaned

    parser = argparse.ArgumentParser(
        prog="parley",
        description="Parley: a desktop chat client for language models. "
        "With no command, the window opens.",
    )
    parser.add_argument("--data-dir", help="where history is kept (env PARLEY_DATA_DIR)")
    parser.add_argument("--config-dir", help="where settings are kept (env PARLEY_CONFIG_DIR)")
    parser.add_argument("--version", action=_VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    ask = commands.add_parser("ask", help="run one turn headless and stream the answer")
    ask.add_argument(
        "prompt", nargs="?", type=text, help="the prompt ('-' or none: read standard input)"
    )
    ask.add_argument(
        "--provider", default="", type=text, help="provider name (default: the default one)"
    )
    ask.add_argument(
        "--model", default="", type=text, help="model (default: the provider's default)"
    )
    ask.add_argument("--session", default="", type=text, help="continue this conversation")
    ask.add_argument(
        "--project",
        default="",
        type=text,
        help="run in this project (id or name): its instructions, workspace and default model",
    )
    ask.add_argument("--json", action="store_true", help="print each stored event as JSON")
    ask.add_argument(
        "--timeout", type=seconds, default=None, help="wall-clock limit in seconds (above 0)"
    )
    ask.add_argument(
        "--attach",
        action="append",
        default=[],
        metavar="FILE",
        help="attach a file (repeatable): PDF, DOCX, XLSX, PPTX, CSV, text, code, HTML, images",
    )
    ask.add_argument(
        "--search",
        action="append",
        default=[],
        metavar="FILE",
        help="attach a file to be searched instead of sent whole (repeatable): it is indexed "
        "and the passages that match the question are sent, with citations",
    )
    ask.add_argument(
        "--workspace",
        default=None,
        help="the folder the model's tools act in (default: the current directory)",
    )
    ask.add_argument(
        "--tools",
        choices=["none", "read", "all"],
        default="none",
        help="which tools the model is offered in the workspace: none (the default: a chat "
        "never reads your files unless you say so), read, or all",
    )
    ask.add_argument(
        "--mcp",
        action="append",
        default=None,
        metavar="SERVER",
        type=text,
        help="offer the tools of this MCP server (repeatable; see: parley mcp list); default: "
        "the project's servers, else none",
    )
    ask.add_argument(
        "--resource",
        action="append",
        default=[],
        metavar="SERVER:URI",
        type=text,
        help="attach a resource of an MCP server, like a file (repeatable; e.g. "
        "docs:file:///README.md; the server must be configured and turned on; see: parley mcp "
        "resources SERVER)",
    )
    ask.add_argument(
        "--gate",
        choices=["auto", "confirm", "deny"],
        default="auto",
        help="auto: run harmless commands, ask for the rest; confirm: ask for every command; "
        "deny: never ask, refuse what would need asking",
    )

    providers = commands.add_parser(
        "providers", help="add, list, test and remove providers; manage their API keys"
    )
    psub = providers.add_subparsers(dest="providers_command", metavar="SUBCOMMAND")
    add = psub.add_parser("add", help="add (or with --replace, change) a provider")
    add.add_argument("name", type=text)
    add.add_argument(
        "--preset",
        default="",
        choices=[p.name for p in provider_catalog().presets()],
        metavar="PRESET",
        help="fill kind, base URL, key variable and model from a preset "
        "(see: parley providers presets); the options below override it",
    )
    add.add_argument("--kind", default=None, choices=PROVIDER_KINDS, help="default: openai")
    add.add_argument(
        "--base-url",
        default=None,
        type=base_url,
        help="e.g. https://api.openai.com/v1 (needed without --preset)",
    )
    add.add_argument("--api-key-env", default=None, help="environment variable holding the key")
    add.add_argument("--default-model", default=None, type=text)
    add.add_argument("--replace", action="store_true", help="overwrite an existing entry")
    add.add_argument("--make-default", action="store_true", help="use it when none is named")
    add.add_argument(
        "--api-key-stdin",
        action="store_true",
        help="read the API key from standard input (a hidden prompt at a terminal) and store "
        "it in the system keyring",
    )
    plist = psub.add_parser("list", help="list configured providers and where their keys are")
    plist.add_argument("--json", action="store_true")
    ppresets = psub.add_parser("presets", help="the known providers 'add --preset' can fill in")
    ppresets.add_argument("--json", action="store_true")
    set_key = psub.add_parser("set-key", help="store a provider's API key in the system keyring")
    set_key.add_argument("name", type=text)
    set_key.add_argument(
        "--stdin",
        action="store_true",
        help="the key comes from standard input (also the default when input is piped; at a "
        "terminal the prompt is hidden either way)",
    )
    delete_key = psub.add_parser("delete-key", help="delete a provider's key from the keyring")
    delete_key.add_argument("name", type=text)
    remove = psub.add_parser("remove", help="remove a provider (and its key in the keyring)")
    remove.add_argument("name", type=text)
    remove.add_argument("--keep-key", action="store_true", help="leave its key in the keyring")
    models = psub.add_parser("models", help="list the models the provider offers")
    models.add_argument("name", type=text)
    models.add_argument("--json", action="store_true")
    ptest = psub.add_parser("test", help="send a tiny request and report latency or the failure")
    ptest.add_argument("name", type=text)
    ptest.add_argument(
        "--model", default="", type=text, help="default: the provider's default model"
    )
    ptest.add_argument(
        "--timeout", type=seconds, default=60.0, help="give up after this many seconds (60)"
    )

    add_mcp_parser(commands, text)

    history = commands.add_parser(
        "history", help="list, search, show, export, import, verify and delete conversations"
    )
    history.add_argument(
        "--store",
        default="",
        type=text,
        metavar="URL",
        help="read a team's PostgreSQL store (postgresql://YOU@host/db) instead of this "
        "desktop's history; the password from PGPASSWORD, the keyring or ~/.pgpass",
    )
    hsub = history.add_subparsers(dest="history_command", metavar="SUBCOMMAND")
    hlist = hsub.add_parser("list", help="conversations, most recently updated first")
    hlist.add_argument("--json", action="store_true")
    hlist.add_argument(
        "--search", default="", type=text, metavar="TEXT", help="only those that mention TEXT"
    )
    _history_filters(hlist, text)
    hlist.add_argument(
        "--min-cost",
        default="",
        type=text,
        metavar="AMOUNT",
        help="only conversations whose estimated cost is at least AMOUNT (e.g. 0.50; priced "
        "with Settings → Prices; a conversation without a price is left out)",
    )
    hlist.add_argument("--limit", type=count, default=None, help="at most this many")
    show = hsub.add_parser("show", help="one conversation as a transcript")
    show.add_argument("session", type=text)
    show.add_argument("--events", action="store_true", help="one line per stored event")
    show.add_argument("--json", action="store_true", help="the full record (as export json)")
    search = hsub.add_parser("search", help="find messages, answers, tool calls and notices")
    search.add_argument("text", type=text)
    search.add_argument("--json", action="store_true")
    _history_filters(search, text)
    search.add_argument("--limit", type=count, default=100, help="at most this many hits (100)")
    export = hsub.add_parser("export", help="one conversation (or --all) as a file")
    export.add_argument("session", nargs="?", type=text, help="the conversation (or use --all)")
    export.add_argument("--all", action="store_true", help="every conversation, in one file")
    export.add_argument("--format", default="json", choices=["json", "md", "html"])
    export.add_argument("-o", "--output", help="write here instead of standard output")
    himport = hsub.add_parser(
        "import", help="a Parley export, or ChatGPT's or Claude's conversations.json"
    )
    himport.add_argument("file")
    verify = hsub.add_parser("verify", help="check the hash chain of one or every conversation")
    verify.add_argument("session", nargs="?", type=text)
    delete = hsub.add_parser("delete", help="delete a conversation and its events for good")
    delete.add_argument("session", type=text)
    delete.add_argument("--yes", action="store_true", help="do not ask")
    costs = hsub.add_parser(
        "costs", help="tokens and estimated cost per member and model (with --store)"
    )
    costs.add_argument(
        "--since", default="", type=text, metavar="DATE", help="turns started on or after DATE"
    )
    costs.add_argument("--member", default="", type=text, metavar="NAME", help="one member")
    costs.add_argument("--json", action="store_true")
    from parley.ui.cli.team import add_team_parser

    add_team_parser(commands)
    from parley.ui.cli.quick import add_quick_parser

    add_quick_parser(commands)
    from parley.ui.cli.schedule import add_schedule_parser

    add_schedule_parser(commands, text, seconds)
    from parley.ui.cli.desktop import add_desktop_parser

    add_desktop_parser(commands)
    return parser


def _history_filters(parser: argparse.ArgumentParser, text: Any) -> None:
    parser.add_argument(
        "--since",
        default="",
        type=text,
        metavar="DATE",
        help="active on or after DATE (YYYY-MM-DD or ISO 8601; UTC)",
    )
    parser.add_argument("--model", default="", type=text, metavar="M", help="a turn used model M")
    parser.add_argument(
        "--member",
        default="",
        type=text,
        metavar="NAME",
        help="conversations of this member (team store only: history --store URL)",
    )
    parser.add_argument(
        "--status",
        default="",
        metavar="S",
        choices=TurnFinished.STATUSES,
        help="a turn ended so: " + ", ".join(TurnFinished.STATUSES),
    )

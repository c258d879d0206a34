"""``parley mcp``: add, list, import, test and remove Model Context Protocol servers; read their
resources and prompts; sign out of an OAuth server.

Why it exists: a server is configured once — a command to start (stdio) or a URL (Streamable
HTTP, legacy SSE) — and checked from the terminal: does it start, which protocol version, which
tools, with what annotations, and what did it write to its log. The same settings the window's
Settings → MCP servers page edits (``SettingsStore.mcp_servers``).

Commands::

    parley mcp add NAME [--env K=V] [--secret-env K] [--cwd DIR] -- COMMAND [ARGS...]
    parley mcp add NAME --url URL [--sse] [--header K=V] [--secret-header K] [--oauth]
    parley mcp list [--json]
    parley mcp remove NAME
    parley mcp import FILE|-  [--dry-run]      Claude desktop, Cursor or VS Code JSON
    parley mcp test NAME [--timeout S]          connect; protocol version and the tools
    parley mcp tools NAME [--json]              tools, annotations, policy, pinned/changed
    parley mcp policy NAME TOOL run|ask|deny|default
    parley mcp enable|disable NAME
    parley mcp log NAME [--lines N]
    parley mcp logout NAME                      forget an OAuth server's tokens (keyring)
    parley mcp resources NAME [--json]          URI, name, MIME type, description
    parley mcp read NAME URI [--json]           a resource's text
    parley mcp prompts NAME [--json]            prompts and their arguments (* required)
    parley mcp prompt NAME PROMPT [--arg K=V ...] [--json]    the prompt rendered as text

Invariants it keeps:

- a secret value (``--secret-env``, ``--secret-header``, a secret found by ``import``) goes to
  the system keyring only, under ``mcp:<name>:env:<VAR>`` / ``mcp:<name>:header:<Header>``; it
  is read from the current environment (``--secret-env K`` takes ``$K``), a hidden prompt, or a
  line of piped standard input — never from an argument — and never printed. Without a working
  keyring a command that has a secret to keep stores nothing and exits 2 with the reason;
- an invalid entry (name, transport, a secret given as a plain value) is a usage error (exit 2)
  that names what is wrong, and nothing is written; a server that fails to start or answer is
  exit 1 with the server's message and its log's path;
- an OAuth sign-in (``--oauth``, HTTP or SSE only) keeps its tokens in the keyring under
  ``mcp:<name>:oauth:*`` (``application/mcp/oauth_tokens.py``); ``logout``, ``remove`` and
  switching OAuth off with ``add --replace`` delete them, and stop the session that holds them;
- ``prompt`` checks the arguments against the prompt's own list before asking the server for
  it: a missing required argument, an unknown one or one given twice is a usage error naming it;
- ``read`` prints text only: a binary resource is a clear message on stderr (exit 1), never
  bytes on the terminal (``--json`` says ``"binary": true``);
- the client comes from the composition root (``services.mcp``) or the caller (tests pass a
  fake); the pins (``services.mcp_pins``) are optional: without them ``tools`` has no pin column.

Registration: ``add_mcp_parser(commands, text)`` in ``ui.cli.parser``; ``run_mcp`` is the
handler for ``args.command == "mcp"``.
"""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import json
import os
import re
import sys
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parley.application.mcp.config_import import ConfigImportError, parse_config_text
from parley.application.mcp.model import (
    HTTP,
    POLICIES,
    SSE,
    STDIO,
    McpError,
    McpResourceContent,
    McpServerConfig,
    McpTool,
)
from parley.application.mcp.oauth_tokens import forget_oauth
from parley.application.mcp.secrets import (
    delete_secrets,
    env_key,
    header_key,
    secret_keys,
    store_secrets,
)
from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import SettingsError, UnknownMcpServer
from parley.ui.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    print_json,
    write_stdout,
)

if TYPE_CHECKING:
    from parley.application.mcp.pinning import ToolPins
    from parley.application.ports.mcp import McpClient
    from parley.ui.bootstrap import Services

#: The last lines ``mcp log`` shows by default.
DEFAULT_LOG_LINES = 50
#: A request's time limit when none is given; an OAuth server's first use waits for the person
#: in the browser (the client's loopback listener waits up to 5 minutes).
DEFAULT_TIMEOUT_S = 30.0
OAUTH_TIMEOUT_S = 300.0


# -- the parser ----------------------------------------------------------------------------------


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    return name, value


def _positive(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number above 0")
    return value


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


class _TailParser(argparse.ArgumentParser):
    """Parses the options given after NAME (argparse stops at the first positional)."""

    def error(self, message: str) -> Any:
        raise UsageError(f"mcp add: {message}")


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default="", help="a Streamable HTTP server's URL")
    parser.add_argument(
        "--sse", action="store_true", help="the URL speaks the legacy SSE transport"
    )
    parser.add_argument("--env", type=_pair, action="append", default=[], metavar="K=V")
    parser.add_argument("--secret-env", action="append", default=[], metavar="K")
    parser.add_argument("--header", type=_pair, action="append", default=[], metavar="K=V")
    parser.add_argument("--secret-header", action="append", default=[], metavar="K")
    parser.add_argument(
        "--oauth",
        action="store_true",
        help="sign in with OAuth (a --url server): the browser opens on first use, the tokens "
        "go to the system keyring",
    )
    parser.add_argument("--cwd", default="", help="the folder a stdio server starts in")
    parser.add_argument(
        "--timeout", type=_timeout, default=60.0, help="a call's time limit in seconds (60)"
    )
    parser.add_argument("--disabled", action="store_true", help="add it switched off")
    parser.add_argument("--replace", action="store_true", help="overwrite an existing entry")


def _split_add(args: argparse.Namespace) -> tuple[str, list[str], argparse.Namespace]:
    """NAME, the command, and every option of ``mcp add`` wherever it was given."""
    words = list(args.words)
    if not words or words[0].startswith("-"):
        raise UsageError("mcp add needs the server's NAME first")
    name, rest = words[0], words[1:]
    command: list[str] = []
    if "--" in rest:
        at = rest.index("--")
        rest, command = rest[:at], rest[at + 1 :]
    tail = _TailParser(prog="parley mcp add", add_help=False)
    _add_options(tail)
    tail.add_argument("leftover", nargs="*")
    late = tail.parse_args(rest)
    if late.leftover:
        raise UsageError(
            f"unexpected {' '.join(late.leftover)!r}: put the server's command after '--'"
        )
    merged = argparse.Namespace(**vars(args))
    defaults = vars(tail.parse_args([]))
    for key, value in vars(late).items():
        if key == "leftover":
            continue
        if isinstance(value, list):
            setattr(merged, key, [*getattr(args, key), *value])
        elif value != defaults[key]:
            setattr(merged, key, value)
    return name, command, merged


def add_mcp_parser(commands: Any, text: Callable[[str], str] = str) -> argparse.ArgumentParser:
    """Declare ``parley mcp …`` on ``commands`` (the top-level subparsers); returns its parser."""
    mcp = commands.add_parser(
        "mcp", help="add, list, import, test and remove Model Context Protocol servers"
    )
    sub = mcp.add_subparsers(dest="mcp_command", metavar="SUBCOMMAND")
    add = sub.add_parser(
        "add",
        usage="parley mcp add NAME [options] -- COMMAND [ARGS...]\n"
        "       parley mcp add NAME --url URL [options]",
        help="add (or with --replace, change) a server: -- COMMAND ARGS... or --url URL",
        description="Secret values are never given on the command line: --secret-env K takes "
        "$K from the current environment (else asks without echo), --secret-header K asks "
        "without echo (or reads a line of piped standard input). They go to the system keyring.",
    )
    _add_options(add)
    add.add_argument(
        "words",
        nargs=argparse.REMAINDER,
        metavar="NAME [options] -- COMMAND ARGS",
        help="the server's name, then (stdio) its command after '--'",
    )
    listing = sub.add_parser("list", help="configured servers (no secret is ever shown)")
    listing.add_argument("--json", action="store_true")
    remove = sub.add_parser("remove", help="remove a server and its secrets in the keyring")
    remove.add_argument("name", type=text)
    imp = sub.add_parser(
        "import", help="servers from Claude desktop's, Cursor's or VS Code's JSON ('-': stdin)"
    )
    imp.add_argument("file")
    imp.add_argument("--dry-run", action="store_true", help="say what would be imported")
    test = sub.add_parser("test", help="connect: the protocol version and the tools offered")
    test.add_argument("name", type=text)
    _timeout_option(test)
    tools = sub.add_parser("tools", help="the server's tools, annotations, policy and pin state")
    tools.add_argument("name", type=text)
    tools.add_argument("--json", action="store_true")
    _timeout_option(tools)
    policy = sub.add_parser("policy", help="set a tool's policy: run, ask, deny or default")
    policy.add_argument("name", type=text)
    policy.add_argument("tool", type=text)
    policy.add_argument("policy", choices=[*POLICIES, "default"])
    for verb in ("enable", "disable"):
        switch = sub.add_parser(verb, help=f"{verb} a server")
        switch.add_argument("name", type=text)
    log = sub.add_parser("log", help="the end of the server's log (its stderr, Parley's notes)")
    log.add_argument("name", type=text)
    log.add_argument("--lines", type=_positive, default=DEFAULT_LOG_LINES)
    logout = sub.add_parser(
        "logout", help="sign out of an OAuth server: forget its tokens in the keyring"
    )
    logout.add_argument("name", type=text)
    resources = sub.add_parser("resources", help="the server's resources: URI, name, MIME type")
    resources.add_argument("name", type=text)
    resources.add_argument("--json", action="store_true")
    _timeout_option(resources)
    read = sub.add_parser("read", help="print a resource's text")
    read.add_argument("name", type=text)
    read.add_argument("uri", type=text)
    read.add_argument("--json", action="store_true")
    _timeout_option(read)
    prompts = sub.add_parser("prompts", help="the server's prompts and their arguments")
    prompts.add_argument("name", type=text)
    prompts.add_argument("--json", action="store_true")
    _timeout_option(prompts)
    prompt = sub.add_parser(
        "prompt",
        help="print a prompt rendered with its arguments (--arg K=V, repeatable)",
        description="Every required argument must be given with --arg NAME=VALUE; see them "
        "with: parley mcp prompts SERVER",
    )
    prompt.add_argument("name", type=text)
    prompt.add_argument("prompt", type=text)
    prompt.add_argument("--arg", type=_pair, action="append", default=[], metavar="K=V")
    prompt.add_argument("--json", action="store_true")
    _timeout_option(prompt)
    return mcp


def _timeout_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout",
        type=_timeout,
        default=None,
        help=f"give up after this many seconds ({DEFAULT_TIMEOUT_S:g}; "
        f"{OAUTH_TIMEOUT_S:g} for an OAuth server, to sign in)",
    )


def _limit(config: McpServerConfig, given: float | None) -> float:
    """The time limit of one request: what was given, else the default (longer with OAuth)."""
    if given is not None:
        return given
    return OAUTH_TIMEOUT_S if config.oauth else DEFAULT_TIMEOUT_S


# -- running ---------------------------------------------------------------------------------------


def run_mcp(
    services: Services,
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    *,
    client: McpClient | None = None,
    pins: ToolPins | None = None,
) -> int:
    """Run ``parley mcp <subcommand>``; ``client``/``pins`` default to the services' own."""
    handlers: dict[str, Callable[[_Context, argparse.Namespace], int]] = {
        "add": _add,
        "list": _list,
        "remove": _remove,
        "import": _import,
        "test": _test,
        "tools": _tools,
        "policy": _policy,
        "enable": _enable,
        "disable": _disable,
        "log": _log,
        "logout": _logout,
        "resources": _resources,
        "read": _read,
        "prompts": _prompts,
        "prompt": _prompt,
    }
    handler = handlers.get(getattr(args, "mcp_command", None) or "")
    if handler is None:
        parser.parse_args(["mcp", "--help"])
        return EXIT_USAGE
    context = _Context(
        services,
        client if client is not None else getattr(services, "mcp", None),
        pins if pins is not None else getattr(services, "mcp_pins", None),
    )
    try:
        code = handler(context, args)
        sys.stdout.flush()
    except UnknownMcpServer as exc:
        raise UsageError(str(exc)) from exc
    return code


@dataclasses.dataclass
class _Context:
    services: Services
    client: McpClient | None
    pins: ToolPins | None

    def require_client(self) -> McpClient:
        if self.client is None:
            raise UsageError("this Parley has no MCP client; nothing can be connected")
        return self.client


def _add(ctx: _Context, args: argparse.Namespace) -> int:
    settings, secrets = ctx.services.settings, ctx.services.secrets
    name, command, args = _split_add(args)
    args.name = name
    if args.url and command:
        raise UsageError("give either --url URL or -- COMMAND ARGS, not both")
    if not args.url and not command:
        raise UsageError("give the server's command after '--' (stdio) or --url URL")
    if args.url:
        config = McpServerConfig(
            name=args.name,
            transport=SSE if args.sse else HTTP,
            url=args.url,
            headers=tuple(args.header),
            secret_headers=tuple(args.secret_header),
            oauth=args.oauth,
            enabled=not args.disabled,
            timeout_s=args.timeout,
        )
        if args.env or args.secret_env or args.cwd:
            raise UsageError("--env, --secret-env and --cwd are for a stdio server (-- COMMAND)")
    else:
        if args.sse or args.header or args.secret_header or args.oauth:
            raise UsageError(
                "--sse, --header, --secret-header and --oauth are for a --url server (HTTP or "
                "SSE); a stdio server (-- COMMAND) signs in with its own secrets (--secret-env)"
            )
        config = McpServerConfig(
            name=args.name,
            transport=STDIO,
            command=command[0],
            args=tuple(command[1:]),
            env=tuple(args.env),
            secret_env=tuple(args.secret_env),
            cwd=args.cwd,
            enabled=not args.disabled,
            timeout_s=args.timeout,
        )
    try:
        previous: McpServerConfig | None = settings.mcp_server(args.name)
    except UnknownMcpServer:
        previous = None
    except SettingsError:
        previous = None  # an invalid entry of that name: replacing it fixes it
    if previous is not None and not args.replace:
        raise UsageError(
            f"an MCP server named {args.name!r} exists already; add --replace to change it"
        )
    if previous is not None:
        # Keep what the user chose per tool: changing the command is not a new server.
        config = dataclasses.replace(config, tool_policies=previous.tool_policies)
    wanted = [(env_key(args.name, k), f"${k}", k) for k in config.secret_env] + [
        (header_key(args.name, h), f"header {h}", "") for h in config.secret_headers
    ]
    if wanted and not secrets.available:
        raise UsageError(f"{secrets.unavailable_reason}; nothing was stored")
    try:
        settings.save_mcp_server(config)  # checks everything before any secret is asked for
    except SettingsError as exc:
        raise UsageError(str(exc)) from exc
    try:
        values = [
            (key, _read_secret(args.name, label, variable)) for key, label, variable in wanted
        ]
        store_secrets(secrets, values)
    except (SecretStoreError, UsageError, KeyboardInterrupt) as exc:
        if previous is None:
            settings.remove_mcp_server(args.name)
        else:
            settings.save_mcp_server(previous)
        if isinstance(exc, SecretStoreError):
            print(f"parley: {exc}; the server was not added", file=sys.stderr)
            return EXIT_FAILED
        raise
    if previous is not None and secrets.available:
        stale = set(secret_keys(previous)) - set(secret_keys(config))
        for key in stale:
            secrets.delete(key)
        if previous.oauth and not config.oauth:
            forget_oauth(secrets, config.name)  # OAuth switched off: its sign-in goes too
    if previous is not None and ctx.client is not None:
        ctx.client.stop(config.name)  # the next use starts it with the new entry
    what = config.url if config.transport != STDIO else " ".join([config.command, *config.args])
    verb = "changed" if previous is not None else "added"
    print(f"{verb} MCP server {args.name!r} ({config.transport}: {what})", file=sys.stderr)
    if wanted:
        print(f"its {len(wanted)} secret(s) are stored in {secrets.description}", file=sys.stderr)
    if config.oauth:
        where = secrets.description if secrets.available else "memory only (no system keyring)"
        print(
            "it signs in with OAuth: your browser opens the first time it is used, and the "
            f"tokens are kept in {where}; sign out with: parley mcp logout {args.name}",
            file=sys.stderr,
        )
    print(f"check it with: parley mcp test {args.name}", file=sys.stderr)
    return EXIT_OK


def _read_secret(server: str, label: str, variable: str) -> str:
    """A secret's value: ``$variable`` when set, else a hidden prompt at a terminal, else a line
    of piped standard input."""
    if variable and os.environ.get(variable):
        return os.environ[variable]
    if sys.stdin is None:
        raise UsageError(f"no value for {label} of {server!r}: no standard input to read it from")
    if sys.stdin.isatty():
        value = getpass.getpass(f"{label} for MCP server {server} (input hidden): ")
    else:
        value = sys.stdin.readline()
    value = value.strip("\r\n")
    if not value.strip():
        raise UsageError(
            f"no value was given for {label} of {server!r}"
            + (f" (set ${variable} or type it at the prompt)" if variable else "")
        )
    return value


def _target(config: McpServerConfig) -> str:
    if config.transport == STDIO:
        return " ".join([config.command, *config.args])
    return config.url


def _list(ctx: _Context, args: argparse.Namespace) -> int:
    settings = ctx.services.settings
    servers = list(settings.mcp_servers())
    rows = [
        {
            "name": s.name,
            "transport": s.transport,
            "enabled": s.enabled,
            "command": s.command,
            "args": list(s.args),
            "url": s.url,
            "env": [k for k, _ in s.env],
            "secret_env": list(s.secret_env),
            "headers": [k for k, _ in s.headers],
            "secret_headers": list(s.secret_headers),
            "oauth": s.oauth,
            "timeout_s": s.timeout_s,
            "tool_policies": dict(s.tool_policies),
        }
        for s in servers
    ]
    if args.json:
        print_json(rows)
    elif not rows:
        print(
            "no MCP servers configured; add one with: parley mcp add NAME -- COMMAND ARGS, "
            "parley mcp add NAME --url URL, or parley mcp import FILE",
            file=sys.stderr,
        )
    else:
        for server in servers:
            state = "on " if server.enabled else "off"
            secret_names = [*server.secret_env, *server.secret_headers]
            secrets = f"  secrets: {', '.join(secret_names)}" if secret_names else ""
            oauth = "  OAuth" if server.oauth else ""
            print(
                f"{state} {server.name:<20} {server.transport:<6} {_target(server)}{oauth}{secrets}"
            )
    for problem in settings.mcp_server_problems():
        print(f"note: not usable until fixed: {problem}", file=sys.stderr)
    return EXIT_OK


def _remove(ctx: _Context, args: argparse.Namespace) -> int:
    settings, secrets = ctx.services.settings, ctx.services.secrets
    try:
        config: McpServerConfig | None = settings.mcp_server(args.name)
    except UnknownMcpServer:
        raise
    except SettingsError:
        config = None  # an invalid entry: it can still be removed
    settings.remove_mcp_server(args.name)
    if ctx.client is not None:
        ctx.client.stop(args.name)
    if ctx.pins is not None:
        ctx.pins.forget(args.name)
    print(f"removed MCP server {args.name!r}", file=sys.stderr)
    if config is not None:
        try:
            deleted = delete_secrets(secrets, config) + forget_oauth(secrets, args.name)
        except SecretStoreError as exc:
            print(
                f"parley: warning: its secrets may still be in the keyring ({exc})", file=sys.stderr
            )
        else:
            if deleted:
                print(f"and deleted its {len(deleted)} secret(s) from the keyring", file=sys.stderr)
    return EXIT_OK


def _import(ctx: _Context, args: argparse.Namespace) -> int:
    settings, secrets = ctx.services.settings, ctx.services.secrets
    if args.file == "-":
        text = sys.stdin.read() if sys.stdin is not None else ""
    else:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read {args.file}: {exc}") from exc
    existing = [s.name for s in settings.mcp_servers()]
    try:
        result = parse_config_text(text, existing)
    except ConfigImportError as exc:
        raise UsageError(f"{args.file}: {exc}") from exc
    for warning in result.warnings:
        print(f"note: {warning}", file=sys.stderr)
    if args.dry_run:
        for config in result.configs:
            print(f"would add {config.name:<20} {config.transport:<6} {_target(config)}")
        return EXIT_OK
    if result.secrets and not secrets.available:
        raise UsageError(
            f"{secrets.unavailable_reason}; the file holds secrets, so nothing was imported"
        )
    added: list[str] = []
    failed = 0
    for config in result.configs:
        try:
            settings.save_mcp_server(config)
        except SettingsError as exc:
            failed += 1
            print(f"parley: {config.name!r} not imported: {exc}", file=sys.stderr)
            continue
        mine = [(k, v) for k, v in result.secrets if k.startswith(f"mcp:{config.name}:")]
        try:
            store_secrets(secrets, mine)
        except SecretStoreError as exc:
            settings.remove_mcp_server(config.name)
            failed += 1
            print(f"parley: {config.name!r} not imported: {exc}", file=sys.stderr)
            continue
        added.append(config.name)
        print(f"added {config.name:<20} {config.transport:<6} {_target(config)}")
    print(
        f"imported {len(added)} server(s)" + (f"; {failed} failed" if failed else ""),
        file=sys.stderr,
    )
    return EXIT_FAILED if failed and not added else EXIT_OK


def _test(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    try:
        tools = client.tools(config, timeout_s=_limit(config, args.timeout))
    except McpError as exc:
        return _failed(exc)
    status = client.status(config.name)
    server = " ".join(p for p in (status.server_name, status.server_version) if p)
    protocol = status.protocol_version or "unknown"
    print(f"OK · {config.name}: {server or 'connected'} · protocol {protocol} · {len(tools)} tools")
    for tool in tools:
        hints = _hints(tool)
        summary = tool.description.strip().splitlines()[0] if tool.description.strip() else ""
        print(
            f"  {tool.name}"
            + (f"  [{hints}]" if hints else "")
            + (f"  {summary}" if summary else "")
        )
    if not config.enabled:
        print(
            f"note: {config.name!r} is disabled; turn it on with: parley mcp enable {config.name}",
            file=sys.stderr,
        )
    return EXIT_OK


def _failed(exc: McpError) -> int:
    print(f"FAILED · {exc}", file=sys.stderr)
    if exc.log_path:
        print(f"its log: {exc.log_path}", file=sys.stderr)
    return EXIT_FAILED


def _hints(tool: McpTool) -> str:
    """What the server claims about ``tool``, in words (claims, not facts)."""
    a = tool.annotations
    words = []
    for value, yes, no in (
        (a.read_only, "read-only", "writes"),
        (a.destructive, "destructive", "not destructive"),
        (a.idempotent, "idempotent", ""),
        (a.open_world, "open world", "closed world"),
    ):
        if value is True and yes:
            words.append(yes)
        elif value is False and no:
            words.append(no)
    return ", ".join(words)


def _pin_marks(ctx: _Context, server: str, tools: Sequence[McpTool]) -> dict[str, str] | None:
    if ctx.pins is None:
        return None
    pinned = {t.name: t.fingerprint for t in ctx.pins.pinned(server)}
    marks = {}
    for tool in tools:
        kept = pinned.get(tool.name)
        marks[tool.name] = (
            "new" if kept is None else "pinned" if kept == tool.fingerprint else "CHANGED"
        )
    return marks


def _tools(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    try:
        tools = client.tools(config, timeout_s=_limit(config, args.timeout))
    except McpError as exc:
        return _failed(exc)
    marks = _pin_marks(ctx, config.name, tools)
    if args.json:
        rows = []
        for tool in tools:
            a = tool.annotations
            row: dict[str, Any] = {
                "name": tool.name,
                "qualified_name": tool.qualified_name,
                "title": tool.title or a.title,
                "description": tool.description,
                "input_schema": json.loads(tool.input_schema),
                "annotations": {
                    "readOnlyHint": a.read_only,
                    "destructiveHint": a.destructive,
                    "idempotentHint": a.idempotent,
                    "openWorldHint": a.open_world,
                },
                "policy": config.policy_for(tool.name) or "default",
            }
            if marks is not None:
                row["pin"] = marks[tool.name]
            rows.append(row)
        print_json(rows)
        return EXIT_OK
    if not tools:
        print(f"{config.name!r} offers no tools", file=sys.stderr)
        return EXIT_OK
    header = f"{'TOOL':<28} {'POLICY':<8} " + (f"{'PIN':<8} " if marks is not None else "")
    print(header + "ANNOTATIONS (what the server claims)")
    for tool in tools:
        policy = config.policy_for(tool.name) or "default"
        pin = f"{marks[tool.name]:<8} " if marks is not None else ""
        print(f"{tool.name:<28} {policy:<8} {pin}{_hints(tool) or '-'}")
    return EXIT_OK


def _policy(ctx: _Context, args: argparse.Namespace) -> int:
    settings = ctx.services.settings
    config = settings.mcp_server(args.name)
    policies = [(t, p) for t, p in config.tool_policies if t != args.tool]
    if args.policy != "default":
        policies.append((args.tool, args.policy))
    settings.save_mcp_server(dataclasses.replace(config, tool_policies=tuple(policies)))
    shown = (
        "the default (from its annotations and your tool setting)"
        if args.policy == "default"
        else args.policy
    )
    print(f"{args.name}/{args.tool}: {shown}", file=sys.stderr)
    return EXIT_OK


def _switch(ctx: _Context, name: str, enabled: bool) -> int:
    settings = ctx.services.settings
    config = settings.mcp_server(name)
    settings.save_mcp_server(dataclasses.replace(config, enabled=enabled))
    if not enabled and ctx.client is not None:
        ctx.client.stop(name)
    print(f"{name!r} is {'enabled' if enabled else 'disabled'}", file=sys.stderr)
    return EXIT_OK


def _enable(ctx: _Context, args: argparse.Namespace) -> int:
    return _switch(ctx, args.name, True)


def _disable(ctx: _Context, args: argparse.Namespace) -> int:
    return _switch(ctx, args.name, False)


def _log(ctx: _Context, args: argparse.Namespace) -> int:
    ctx.services.settings.mcp_server(args.name)  # an unknown server is a usage error
    path = ctx.require_client().log_path(args.name)
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            lines = deque(handle, maxlen=args.lines)
    except FileNotFoundError:
        print(f"no log yet for {args.name!r} ({path}): it has not been started", file=sys.stderr)
        return EXIT_OK
    except OSError as exc:
        print(f"parley: cannot read {path}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    print(f"==> {path} <==", file=sys.stderr)
    for line in lines:
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return EXIT_OK


def _logout(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)  # an unknown server is a usage error
    secrets = ctx.services.secrets
    if ctx.client is not None:
        ctx.client.stop(config.name)  # its session holds the tokens in memory too
    if not secrets.available:
        print(
            f"no system keyring ({secrets.unavailable_reason}): no sign-in of {config.name!r} "
            "is stored; its session was stopped",
            file=sys.stderr,
        )
        return EXIT_OK
    deleted = forget_oauth(secrets, config.name)  # SecretStoreError: exit 1 with its reason
    if deleted:
        print(
            f"signed out of {config.name!r}: its OAuth tokens were deleted from "
            f"{secrets.description}",
            file=sys.stderr,
        )
    else:
        print(f"{config.name!r} had no OAuth sign-in stored; nothing to forget", file=sys.stderr)
    if not config.oauth:
        print(
            f"note: {config.name!r} does not sign in with OAuth (add it again with --url URL "
            "--oauth --replace to switch it on)",
            file=sys.stderr,
        )
    elif deleted:
        print("the next use signs in again in the browser", file=sys.stderr)
    return EXIT_OK


def _resources(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    try:
        resources = client.resources(config, timeout_s=_limit(config, args.timeout))
    except McpError as exc:
        return _failed(exc)
    if args.json:
        print_json(
            [
                {
                    "uri": r.uri,
                    "name": r.name,
                    "mime_type": r.mime_type,
                    "description": r.description,
                }
                for r in resources
            ]
        )
        return EXIT_OK
    if not resources:
        print(f"{config.name!r} offers no resources", file=sys.stderr)
        return EXIT_OK
    width = min(max(len(r.uri) for r in resources), 60)
    print(f"{'URI':<{width}}  {'NAME':<20} {'MIME':<24} DESCRIPTION")
    for r in resources:
        summary = _first_line(r.description) or "-"
        print(f"{r.uri:<{width}}  {r.name or '-':<20} {r.mime_type or '-':<24} {summary}")
    return EXIT_OK


#: How the client describes binary content it does not decode (``infrastructure/mcp/mapping``):
#: ``[resource: URI, MIME, SIZE]``.
_BINARY = re.compile(r"\[resource: (?P<uri>.*), (?P<mime>[^,\]]+), (?P<size>[\d.]+ (?:B|KB|MB))\]")
_TEXT_TYPES = ("text/", "application/json", "application/xml", "application/javascript")


def _binary(content: McpResourceContent) -> str:
    """``"MIME, SIZE"`` when ``content`` is a binary resource the client only described, else
    "" (a text resource whose text merely looks like a description stays text)."""
    found = _BINARY.fullmatch(content.text.strip())
    if found is None:
        return ""
    mime = content.mime_type or found["mime"]
    if mime.startswith(_TEXT_TYPES) or mime.endswith(("+json", "+xml")):
        return ""
    return f"{mime}, {found['size']}"


def _read(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    try:
        content = client.read_resource(config, args.uri, timeout_s=_limit(config, args.timeout))
    except McpError as exc:
        return _failed(exc)
    binary = _binary(content)
    if args.json:
        print_json(
            {
                "server": config.name,
                "uri": content.uri,
                "mime_type": content.mime_type,
                "binary": bool(binary),
                "text": "" if binary else content.text,
                "truncated": content.truncated,
            }
        )
        return EXIT_OK
    if binary:
        print(
            f"parley: {args.uri} of {config.name!r} is binary ({binary}); "
            "parley mcp read prints text only",
            file=sys.stderr,
        )
        return EXIT_FAILED
    write_stdout(content.text if content.text.endswith("\n") else content.text + "\n")
    if content.truncated:
        print(f"note: the text was cut at {len(content.text)} characters", file=sys.stderr)
    return EXIT_OK


def _prompts(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    try:
        prompts = client.prompts(config, timeout_s=_limit(config, args.timeout))
    except McpError as exc:
        return _failed(exc)
    if args.json:
        print_json(
            [
                {
                    "name": p.name,
                    "description": p.description,
                    "arguments": [
                        {"name": a.name, "description": a.description, "required": a.required}
                        for a in p.arguments
                    ],
                }
                for p in prompts
            ]
        )
        return EXIT_OK
    if not prompts:
        print(f"{config.name!r} offers no prompts", file=sys.stderr)
        return EXIT_OK
    for p in prompts:
        summary = _first_line(p.description)
        print(p.name + (f"  {summary}" if summary else ""))
        for a in p.arguments:
            mark = "*" if a.required else " "
            about = _first_line(a.description)
            print(f"  {mark} {a.name}" + (f"  {about}" if about else ""))
    if any(a.required for p in prompts for a in p.arguments):
        print("(* required: give it with --arg NAME=VALUE)", file=sys.stderr)
    return EXIT_OK


def _prompt(ctx: _Context, args: argparse.Namespace) -> int:
    config = ctx.services.settings.mcp_server(args.name)
    client = ctx.require_client()
    given: dict[str, str] = {}
    for key, value in args.arg:
        if key in given:
            raise UsageError(f"--arg {key} is given twice")
        given[key] = value
    limit = _limit(config, args.timeout)
    try:
        prompts = client.prompts(config, timeout_s=limit)
    except McpError as exc:
        return _failed(exc)
    found = next((p for p in prompts if p.name == args.prompt), None)
    if found is None:
        names = ", ".join(p.name for p in prompts) or "none"
        raise UsageError(
            f"{config.name!r} has no prompt named {args.prompt!r} (its prompts: {names})"
        )
    known = [a.name for a in found.arguments]
    missing = [a.name for a in found.arguments if a.required and a.name not in given]
    if missing:
        raise UsageError(
            f"prompt {found.name!r} of {config.name!r} needs "
            + ", ".join(f"--arg {name}=VALUE" for name in missing)
        )
    unknown = [key for key in given if key not in known]
    if unknown:
        raise UsageError(
            f"prompt {found.name!r} of {config.name!r} takes no argument "
            + ", ".join(repr(k) for k in unknown)
            + f" (its arguments: {', '.join(known) or 'none'})"
        )
    try:
        text = client.get_prompt(config, found.name, given, timeout_s=limit)
    except McpError as exc:
        return _failed(exc)
    if args.json:
        print_json({"server": config.name, "prompt": found.name, "arguments": given, "text": text})
        return EXIT_OK
    write_stdout(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""

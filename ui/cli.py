"""The ``parley`` command: the window, or the same runtime with no window.

Why it exists: operators and scripts need every turn, provider and saved conversation from a
terminal, through the very runtime and event log the window uses (``ui.bootstrap`` wires both).

Invariants it keeps:

- exit codes: 0 done; 1 the provider (or the store, or the keyring) failed, with a clear message
  on stderr; 2 a usage error (unknown option, no provider configured, unknown provider or
  conversation, a key given while no system keyring is available); 130 interrupted;
- stdout carries only the answer (or JSON); everything else goes to stderr, so output can be piped;
- Qt is imported only when the window opens, so headless commands start fast and need no display;
- Ctrl+C during ``parley ask`` sets the turn's cancel event: the partial answer is kept and the
  turn is recorded as cancelled before the command exits 130;
- API keys go to the system keyring only (``providers set-key``, ``providers add
  --api-key-stdin``), read from a hidden prompt or standard input, never from an argument (it would
  show in the process list and the shell history). No command prints a key: ``providers list``
  says where each key comes from (keyring, env VAR, none). Without a working keyring these
  commands exit 2 with the plain reason and the environment variable to use instead, and store
  nothing anywhere.
"""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import json
import sys
import threading
import time
from collections.abc import Sequence
from datetime import UTC, date, datetime
from datetime import time as dt_time
from pathlib import Path
from typing import Any, TextIO

from application.conversations.compose import ComposeError, TurnDraft, compose_turn
from application.conversations.turn_runtime import TurnOutcome
from application.ports.chat_provider import (
    ProviderConfigError,
    ProviderError,
)
from application.ports.event_store import (
    EventStore,
    EventStoreError,
    SearchFilters,
    SearchHit,
    SessionNotFound,
    SessionSummary,
)
from application.ports.provider_catalog import ADD_PROVIDER_HINT, KeySource
from application.ports.secret_store import SecretStoreError
from application.ports.settings_store import (
    PROVIDER_KINDS,
    ProviderConfig,
    SettingsError,
    UnknownProvider,
)
from application.providers.probe import probe_provider
from application.tools.specs import TOOL_SETS
from domain.transcript.canonical import StoredEvent, TurnFinished
from ui.bootstrap import Services, build_services, provider_catalog
from ui.terminal_permission import TerminalPermissionAsker

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """The command cannot run as given; the message says how to fix it (exit 2)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parley",
        description="Parley: a desktop chat client for language models. "
        "With no command, the window opens.",
    )
    parser.add_argument("--data-dir", help="where history is kept (env PARLEY_DATA_DIR)")
    parser.add_argument("--config-dir", help="where settings are kept (env PARLEY_CONFIG_DIR)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    ask = commands.add_parser("ask", help="run one turn headless and stream the answer")
    ask.add_argument("prompt", nargs="?", help="the prompt ('-' or none: read standard input)")
    ask.add_argument("--provider", default="", help="provider name (default: the default one)")
    ask.add_argument("--model", default="", help="model (default: the provider's default)")
    ask.add_argument("--session", default="", help="continue this conversation")
    ask.add_argument(
        "--project",
        default="",
        help="run in this project (id or name): its instructions, workspace and default model",
    )
    ask.add_argument("--json", action="store_true", help="print each stored event as JSON")
    ask.add_argument("--timeout", type=float, default=None, help="wall-clock limit in seconds")
    ask.add_argument(
        "--attach",
        action="append",
        default=[],
        metavar="FILE",
        help="attach a file (repeatable): PDF, DOCX, XLSX, PPTX, CSV, text, code, HTML, images",
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
    add.add_argument("name")
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
        "--base-url", default=None, help="e.g. https://api.openai.com/v1 (needed without --preset)"
    )
    add.add_argument("--api-key-env", default=None, help="environment variable holding the key")
    add.add_argument("--default-model", default=None)
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
    set_key.add_argument("name")
    set_key.add_argument(
        "--stdin",
        action="store_true",
        help="the key comes from standard input (also the default when input is piped; at a "
        "terminal the prompt is hidden either way)",
    )
    delete_key = psub.add_parser("delete-key", help="delete a provider's key from the keyring")
    delete_key.add_argument("name")
    remove = psub.add_parser("remove", help="remove a provider (and its key in the keyring)")
    remove.add_argument("name")
    remove.add_argument("--keep-key", action="store_true", help="leave its key in the keyring")
    models = psub.add_parser("models", help="list the models the provider offers")
    models.add_argument("name")
    models.add_argument("--json", action="store_true")
    ptest = psub.add_parser("test", help="send a tiny request and report latency or the failure")
    ptest.add_argument("name")
    ptest.add_argument("--model", default="", help="default: the provider's default model")
    ptest.add_argument(
        "--timeout", type=float, default=60.0, help="give up after this many seconds (60)"
    )

    history = commands.add_parser(
        "history", help="list, search, show, export, import, verify and delete conversations"
    )
    hsub = history.add_subparsers(dest="history_command", metavar="SUBCOMMAND")
    hlist = hsub.add_parser("list", help="conversations, most recently updated first")
    hlist.add_argument("--json", action="store_true")
    hlist.add_argument("--search", default="", metavar="TEXT", help="only those that mention TEXT")
    _history_filters(hlist)
    hlist.add_argument("--limit", type=int, default=None)
    show = hsub.add_parser("show", help="one conversation as a transcript")
    show.add_argument("session")
    show.add_argument("--events", action="store_true", help="one line per stored event")
    show.add_argument("--json", action="store_true", help="the full record (as export json)")
    search = hsub.add_parser("search", help="find messages, answers, tool calls and notices")
    search.add_argument("text")
    search.add_argument("--json", action="store_true")
    _history_filters(search)
    search.add_argument("--limit", type=int, default=100, help="at most this many hits (100)")
    export = hsub.add_parser("export", help="one conversation (or --all) as a file")
    export.add_argument("session", nargs="?", help="the conversation (or use --all)")
    export.add_argument("--all", action="store_true", help="every conversation, in one file")
    export.add_argument("--format", default="json", choices=["json", "md", "html"])
    export.add_argument("-o", "--output", help="write here instead of standard output")
    himport = hsub.add_parser(
        "import", help="a Parley export, or ChatGPT's or Claude's conversations.json"
    )
    himport.add_argument("file")
    verify = hsub.add_parser("verify", help="check the hash chain of one or every conversation")
    verify.add_argument("session", nargs="?")
    delete = hsub.add_parser("delete", help="delete a conversation and its events for good")
    delete.add_argument("session")
    delete.add_argument("--yes", action="store_true", help="do not ask")
    return parser


def _history_filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--since",
        default="",
        metavar="DATE",
        help="active on or after DATE (YYYY-MM-DD or ISO 8601; UTC)",
    )
    parser.add_argument("--model", default="", metavar="M", help="a turn used model M")
    parser.add_argument(
        "--status",
        default="",
        metavar="S",
        choices=TurnFinished.STATUSES,
        help="a turn ended so: " + ", ".join(TurnFinished.STATUSES),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on a usage error, as argparse does
    if args.command is None:
        from ui.app import run_app  # Qt only when the window opens

        return run_app(data_dir=args.data_dir, config_dir=args.config_dir)

    try:
        services = build_services(args.data_dir, args.config_dir)
    except (EventStoreError, SettingsError, OSError) as exc:
        print(f"parley: cannot open the profile: {exc}", file=sys.stderr)
        return EXIT_FAILED
    if services.startup_notice:
        print(f"parley: {services.startup_notice}", file=sys.stderr)
    try:
        handler = {"ask": _ask, "providers": _providers, "history": _history}[args.command]
        return handler(services, args, parser)
    except UsageError as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SessionNotFound as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (EventStoreError, SettingsError, SecretStoreError, OSError) as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("parley: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        services.close()


# -- ask ------------------------------------------------------------------------------------------


class _StdoutListener:
    """Streams the answer (or the stored events as JSON lines) to stdout; worker thread."""

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self._out = out
        self._json = as_json

    def on_event(self, stored: StoredEvent) -> None:
        from application.history.export import event_to_dict

        if self._json:
            self._out.write(json.dumps(event_to_dict(stored), ensure_ascii=False) + "\n")
            self._out.flush()

    def on_text(self, turn_id: str, text: str) -> None:
        if not self._json:
            self._out.write(text)
            self._out.flush()


def _ask(services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    prompt = args.prompt
    if prompt in (None, "-"):
        if sys.stdin is None or sys.stdin.isatty():
            raise UsageError("no prompt given: parley ask 'your question' (or pipe it in)")
        prompt = sys.stdin.read()
    if not prompt.strip():
        raise UsageError("the prompt is empty")
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")

    project = _find_project(services, args.project) if args.project else None
    provider_name = args.provider or (project.provider_id if project else "")
    if not provider_name and services.settings.default_provider() is None:
        raise UsageError(f"no provider is configured; {ADD_PROVIDER_HINT}")
    try:
        # Resolving here (before recording anything) turns a misconfiguration into a usage
        # error with a fix, instead of a failed turn in the history.
        resolved = services.providers.resolve(provider_name)
    except ProviderConfigError as exc:
        raise UsageError(str(exc)) from exc

    events: list[StoredEvent] = []
    current_turn = None
    if args.session:
        record = services.store.get_session(args.session)  # SessionNotFound -> exit 2
        events = list(services.store.events(args.session))
        current_turn = record.current_turn_id or None  # the branch last chosen in the window

    if args.workspace:
        workspace = Path(args.workspace).expanduser()
    elif project is not None and project.workspace:
        workspace = Path(project.workspace).expanduser()
    else:
        workspace = Path.cwd()
    if not workspace.is_dir():
        raise UsageError(f"--workspace {workspace} is not a folder")
    asker = TerminalPermissionAsker()  # this turn's questions are asked at this terminal
    if args.tools == "all":
        _warn_without_sandbox(services, unattended=args.gate == "deny")
    attachments = tuple(Path(a).expanduser().absolute() for a in args.attach)
    skills = getattr(services, "skills", None)
    known_skills = [*skills.list("agent"), *skills.list("skill")] if skills is not None else []
    models = [
        (p.name, m)
        for p in services.settings.providers()
        for m in dict.fromkeys((p.default_model, *p.models))
        if m
    ]
    draft = TurnDraft(
        text=prompt,
        provider_id=resolved.name,
        # The model the turn will run under (what the review note compares with the last one).
        model=args.model
        or (project.model if project and project.provider_id and not args.provider else "")
        or resolved.default_model,
        session_id=args.session,
        attachments=attachments,
        workspace=workspace.resolve(),
        allowed_tools=TOOL_SETS[args.tools],
        # "deny" is an unattended turn: it never asks, so it refuses what would need asking.
        gate_mode="auto" if args.gate == "deny" else args.gate,
        project_id=project.id if project else None,
        project_instructions=project.instructions if project else "",
        source="cli",
        current_turn_id=current_turn,
    )
    try:
        composed = compose_turn(draft, events, skills=known_skills, models=models)
    except ComposeError as exc:
        raise UsageError(str(exc)) from exc
    if composed.request is None:
        raise UsageError("the prompt holds only commands; add a message to send")
    request = dataclasses.replace(
        composed.request, timeout_sec=args.timeout, unattended=args.gate == "deny"
    )
    print(f"session {request.session_id}", file=sys.stderr)
    cancel = threading.Event()
    listener = _StdoutListener(sys.stdout, args.json)
    result: list[TurnOutcome] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            result.append(services.runtime.run(request, cancel, listener, asker=asker))
        except BaseException as exc:  # reported on the main thread below
            failure.append(exc)
        finally:
            done.set()

    # The turn runs on a worker so that Ctrl+C on the main thread only sets the cancel event;
    # the runtime then records the partial answer and 'cancelled' before we exit.
    worker = threading.Thread(target=work, name=f"turn-{request.turn_id[:8]}", daemon=True)
    worker.start()
    interrupted = False
    # Poll a flag rather than join(timeout): on Python 3.11 a Ctrl+C that interrupts
    # Thread.join marks the still-running thread as stopped, so is_alive() would lie.
    while not done.is_set():
        try:
            time.sleep(0.05)
        except KeyboardInterrupt:
            interrupted = True
            cancel.set()
    worker.join()
    if failure:
        raise failure[0]
    outcome = result[0]
    if not args.json and outcome.text and not outcome.text.endswith("\n"):
        sys.stdout.write("\n")
        sys.stdout.flush()
    if interrupted or outcome.status == "cancelled":
        print("parley: cancelled; the partial answer was kept", file=sys.stderr)
        return EXIT_INTERRUPTED
    if outcome.status != "completed":
        print(f"parley: turn {outcome.status}: {outcome.error}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _warn_without_sandbox(services: Services, *, unattended: bool) -> None:
    """One line on stderr when commands cannot run sandboxed here (the gate then asks first)."""
    status = services.sandbox_status()
    if status.available:
        return
    what = (
        "every command will be refused (an unattended turn never asks)"
        if unattended
        else "every command will ask before it runs"
    )
    how = f"; {status.reason}" if status.reason else ""
    print(f"parley: no sandbox on this system, so {what}{how}", file=sys.stderr)


def _find_project(services: Services, name: str):
    """A project by id or (case-insensitive) name; a usage error naming the known ones."""
    projects = list(services.settings.projects())
    for project in projects:
        if project.id == name or project.name.lower() == name.lower():
            return project
    known = ", ".join(p.name for p in projects) or "none yet (Settings → Projects)"
    raise UsageError(f"no project {name!r}; projects: {known}")


# -- providers ------------------------------------------------------------------------------------


def _providers(
    services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser
) -> int:
    handlers = {
        "add": _providers_add,
        "list": _providers_list,
        "presets": _providers_presets,
        "set-key": _providers_set_key,
        "delete-key": _providers_delete_key,
        "remove": _providers_remove,
        "models": _providers_models,
        "test": _providers_test,
    }
    handler = handlers.get(args.providers_command)
    if handler is None:
        parser.parse_args(["providers", "--help"])
        return EXIT_USAGE
    try:
        return handler(services, args)
    except UnknownProvider as exc:
        raise UsageError(str(exc)) from exc


def _providers_add(services: Services, args: argparse.Namespace) -> int:
    preset = services.catalog.find_preset(args.preset) if args.preset else None
    base_url = args.base_url if args.base_url is not None else (preset.base_url if preset else "")
    if not base_url:
        raise UsageError("--base-url is required without --preset (see: parley providers presets)")
    if args.api_key_env is not None:
        key_env = args.api_key_env
    else:
        key_env = preset.key_env_for(base_url) if preset else ""
    if args.default_model is not None:
        default_model = args.default_model
    else:
        default_model = preset.default_model if preset else ""
    config = ProviderConfig(
        name=args.name,
        kind=args.kind or (preset.kind if preset else "openai"),
        base_url=base_url,
        api_key_env=key_env,
        default_model=default_model,
        preset=args.preset,
    )
    key = None
    if args.api_key_stdin:
        _require_keyring(services, config)
        key = _read_key(args.name)
    try:
        previous: ProviderConfig | None = services.settings.provider(args.name)
    except UnknownProvider:
        previous = None
    try:
        services.settings.add_provider(config, replace=args.replace)
    except SettingsError as exc:
        raise UsageError(str(exc)) from exc
    if key is not None:
        try:
            services.secrets.set(args.name, key)
        except SecretStoreError as exc:
            # Store nothing rather than half: put the settings back as they were.
            if previous is None:
                services.settings.remove_provider(args.name)
            else:
                services.settings.add_provider(previous, replace=True)
            print(f"parley: {exc}; the provider was not added", file=sys.stderr)
            return EXIT_FAILED
    try:
        if args.make_default:
            services.settings.set_default_provider(args.name)
    except SettingsError as exc:
        raise UsageError(str(exc)) from exc
    model = f", model {default_model}" if default_model else ""
    print(f"added provider {args.name!r} ({config.kind} at {base_url}{model})", file=sys.stderr)
    if key is not None:
        print(f"its API key is stored in {services.secrets.description}", file=sys.stderr)
    else:
        source = services.key_source(config)
        if source.where == "none" and source.needed:
            print(f"note: it needs an API key; {_how_to_add_key(config, source)}", file=sys.stderr)
    if not default_model:
        print(
            f"note: no default model; list them with: parley providers models {args.name}, "
            "then pass --model or add again with --default-model MODEL --replace",
            file=sys.stderr,
        )
    return EXIT_OK


def _providers_list(services: Services, args: argparse.Namespace) -> int:
    default = services.settings.default_provider()
    entries = [(p, services.key_source(p)) for p in services.settings.providers()]
    rows = [
        {
            "name": p.name,
            "kind": p.kind,
            "preset": p.preset,
            "base_url": p.base_url,
            "api_key_env": p.api_key_env,
            "default_model": p.default_model,
            "default": default is not None and default.name == p.name,
            "key_source": str(source),
            "key_needed": source.needed,
        }
        for p, source in entries
    ]
    if args.json:
        _print_json(rows)
    elif not rows:
        print(f"no providers configured; {ADD_PROVIDER_HINT}", file=sys.stderr)
    else:
        for row, (_p, source) in zip(rows, entries, strict=True):
            mark = "*" if row["default"] else " "
            model = row["default_model"] or "-"
            print(
                f"{mark} {row['name']:<16} {row['base_url']:<40} {model:<24} {_key_column(source)}"
            )
    problem = next((s.keyring_problem for _p, s in entries if s.keyring_problem), "")
    if problem:
        print(f"note: {problem}", file=sys.stderr)
    return EXIT_OK


def _key_column(source: KeySource) -> str:
    if source.where == "keyring":
        return "key: keyring"
    if source.where == "env":
        return f"key: env ${source.variable}"
    if not source.needed:
        return "key: none"
    fixes = [f"set ${source.env_candidates[0]}"] if source.env_candidates else []
    if not source.keyring_problem:
        fixes.append("use set-key")
    return f"key: MISSING ({' or '.join(fixes) or 'name a variable with --api-key-env'})"


def _providers_presets(services: Services, args: argparse.Namespace) -> int:
    rows = [
        {
            "name": p.name,
            "label": p.label,
            "kind": p.kind,
            "base_url": p.base_url,
            "key_env": p.key_env,
            "needs_key": p.needs_key,
            "default_model": p.default_model,
        }
        for p in services.catalog.presets()
    ]
    if args.json:
        _print_json(rows)
        return EXIT_OK
    print(f"{'PRESET':<14} {'KIND':<10} {'BASE URL':<50} {'KEY VARIABLE':<20} DEFAULT MODEL")
    for row in rows:
        key = row["key_env"] or "(none: local)"
        model = row["default_model"] or "-"
        print(f"{row['name']:<14} {row['kind']:<10} {row['base_url']:<50} {key:<20} {model}")
    return EXIT_OK


def _providers_set_key(services: Services, args: argparse.Namespace) -> int:
    config = services.settings.provider(args.name)
    _require_keyring(services, config)
    key = _read_key(args.name)
    services.secrets.set(args.name, key)  # SecretStoreError -> exit 1
    print(
        f"stored the API key for {args.name!r} in {services.secrets.description}",
        file=sys.stderr,
    )
    return EXIT_OK


def _providers_delete_key(services: Services, args: argparse.Namespace) -> int:
    if not services.secrets.available:
        raise UsageError(services.secrets.unavailable_reason)
    if services.secrets.delete(args.name):
        print(f"deleted the API key for {args.name!r} from the keyring", file=sys.stderr)
    else:
        print(f"no API key for {args.name!r} was stored in the keyring", file=sys.stderr)
    return EXIT_OK


def _providers_remove(services: Services, args: argparse.Namespace) -> int:
    services.settings.remove_provider(args.name)
    print(f"removed provider {args.name!r}", file=sys.stderr)
    if args.keep_key or not services.secrets.available:
        return EXIT_OK
    try:
        if services.secrets.delete(args.name):
            print("and deleted its API key from the keyring", file=sys.stderr)
    except SecretStoreError as exc:
        print(
            f"parley: warning: its API key may still be in the keyring ({exc}); delete it "
            f"later with: parley providers delete-key {args.name}",
            file=sys.stderr,
        )
    return EXIT_OK


def _providers_models(services: Services, args: argparse.Namespace) -> int:
    services.settings.provider(args.name)  # UnknownProvider -> exit 2
    try:
        resolved = services.providers.resolve(args.name)
        names = resolved.provider.list_models()
    except ProviderError as exc:
        print(f"parley: {exc.kind}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        _print_json(names)
    elif not names:
        print(f"{args.name!r} lists no models", file=sys.stderr)
    else:
        for name in names:
            print(name)
    return EXIT_OK


def _providers_test(services: Services, args: argparse.Namespace) -> int:
    config = services.settings.provider(args.name)  # UnknownProvider -> exit 2
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    model = args.model or config.default_model
    if not model:
        return _test_failed(
            "config",
            f"no model to test with: pass --model, or set the provider's default model "
            f"(parley providers models {args.name} lists them)",
        )
    try:
        resolved = services.providers.resolve(args.name)
    except ProviderError as exc:
        return _test_failed(exc.kind, str(exc))
    cancel = threading.Event()
    try:
        result = probe_provider(resolved.provider, model, timeout=args.timeout, cancel=cancel)
    except KeyboardInterrupt:
        cancel.set()
        print("parley: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if not result.ok:
        return _test_failed(result.error_kind, result.error)
    print(result.summary())
    return EXIT_OK


def _test_failed(kind: str, message: str) -> int:
    print(f"FAILED · {kind}: {message}", file=sys.stderr)
    return EXIT_FAILED


# -- keys -----------------------------------------------------------------------------------------


def _require_keyring(services: Services, config: ProviderConfig) -> None:
    """Exit 2 (storing nothing) when no system keyring can keep a key."""
    if services.secrets.available:
        return
    source = services.key_source(config)
    if source.env_candidates:
        advice = f"for {config.name!r} Parley reads ${source.env_candidates[0]}"
    else:
        advice = (
            f"name the variable for {config.name!r} with: parley providers add {config.name} "
            "--replace --api-key-env VAR ..."
        )
    raise UsageError(f"{services.secrets.unavailable_reason}: {advice}; nothing was stored")


def _how_to_add_key(config: ProviderConfig, source: KeySource) -> str:
    fixes = []
    if not source.keyring_problem:
        fixes.append(f"parley providers set-key {config.name}")
    if source.env_candidates:
        fixes.append(f"set ${source.env_candidates[0]}")
    else:
        fixes.append("add it again with --api-key-env VAR --replace and set $VAR")
    return "add one with: " + ", or ".join(fixes)


def _read_key(name: str) -> str:
    """The key from standard input when it is piped, else from a hidden prompt: a key typed at a
    terminal is never echoed."""
    if sys.stdin is None:
        raise UsageError("no standard input to read the key from")
    if sys.stdin.isatty():
        text = getpass.getpass(f"API key for {name} (input hidden): ")
    else:
        text = sys.stdin.read()
    key = text.strip()
    if not key:
        raise UsageError("no key was given (the input was empty)")
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in key):
        raise UsageError(
            "the key contains spaces, line breaks or control characters; give only the key"
        )
    return key


# -- history --------------------------------------------------------------------------------------


def _history(services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    handlers = {
        "list": _history_list,
        "show": _history_show,
        "search": _history_search,
        "export": _history_export,
        "import": _history_import,
        "verify": _history_verify,
        "delete": _history_delete,
    }
    handler = handlers.get(args.history_command)
    if handler is None:
        parser.parse_args(["history", "--help"])
        return EXIT_USAGE
    return handler(services.store, args)


def _filters(args: argparse.Namespace) -> SearchFilters:
    return SearchFilters(since=_since(args.since), model=args.model, status=args.status)


def _since(text: str) -> str:
    """``--since`` as the store compares it: ISO 8601 UTC with a trailing ``Z`` ("" for none)."""
    text = text.strip()
    if not text:
        return ""
    try:
        if len(text) == 10:
            moment = datetime.combine(date.fromisoformat(text), dt_time(), tzinfo=UTC)
        else:
            moment = datetime.fromisoformat(text)
            moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    except ValueError as exc:
        raise UsageError(
            f"--since {text!r} is not a date: use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][+HH:MM]"
        ) from exc
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _limit(value: int | None) -> int | None:
    if value is not None and value < 0:
        raise UsageError("--limit must not be negative")
    return value


def _summary_to_dict(summary: SessionSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "title": summary.title,
        "created_at": summary.created_at,
        "updated_at": summary.updated_at,
        "project_id": summary.project_id,
        "workspaces": list(summary.workspaces),
        "models": list(summary.models),
        "turns": summary.turns,
        "input_tokens": summary.input_tokens,
        "output_tokens": summary.output_tokens,
        "failures": summary.failures,
    }


def _history_list(store: EventStore, args: argparse.Namespace) -> int:
    filters, limit = _filters(args), _limit(args.limit)
    summaries = store.summaries(filters, limit=None if args.search else limit)
    if args.search:
        if not args.search.strip():
            raise UsageError("--search needs some text")
        matching = {hit.session_id for hit in store.search(args.search, filters, limit=100_000)}
        summaries = [s for s in summaries if s.id in matching][:limit]
    if args.json:
        _print_json([_summary_to_dict(s) for s in summaries])
        return EXIT_OK
    for s in summaries:
        models = ", ".join(s.models) or "-"
        failed = f" · {s.failures} not completed" if s.failures else ""
        print(
            f"{s.id}  {s.updated_at}  {s.turns:>3} turn{'' if s.turns == 1 else 's'}{failed}  "
            f"{models}  "
            f"{s.title or '(untitled)'}"
        )
    if not summaries:
        print("no conversations match" if args.search else "no conversations", file=sys.stderr)
    return EXIT_OK


def _history_show(store: EventStore, args: argparse.Namespace) -> int:
    from application.history.documents import event_summary
    from application.history.export import export_session, render_transcript

    if args.json:
        _print_json(export_session(store, args.session))
        return EXIT_OK
    session = store.get_session(args.session)
    events = store.events(args.session)
    if args.events:
        for stored in events:
            print(
                f"{stored.id:>7}  {stored.ts}  {stored.type_name:<16} {event_summary(stored.event)}"
            )
    else:
        sys.stdout.write(render_transcript(session, events))
    return EXIT_OK


def _history_search(store: EventStore, args: argparse.Namespace) -> int:
    from application.history.documents import one_line

    if not args.text.strip():
        raise UsageError("search needs some text: parley history search 'words to find'")
    hits = store.search(args.text, _filters(args), limit=_limit(args.limit) or 0)
    if args.json:
        _print_json([_hit_to_dict(hit) for hit in hits])
        return EXIT_OK
    for hit in hits:
        print(
            f"{hit.ts}  {hit.type_name:<16} {hit.session_title or '(untitled)'}  {hit.session_id}"
        )
        print(f"    {one_line(hit.snippet, 200)}")
    print(f"{len(hits)} match{'es' if len(hits) != 1 else ''}", file=sys.stderr)
    return EXIT_OK


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hit_to_dict(hit: SearchHit) -> dict[str, Any]:
    return {
        "session_id": hit.session_id,
        "session_title": hit.session_title,
        "event_id": hit.event_id,
        "turn_id": hit.turn_id,
        "type": hit.type_name,
        "ts": hit.ts,
        "snippet": hit.snippet,
    }


def _history_export(store: EventStore, args: argparse.Namespace) -> int:
    from application.history.export import (
        export_html,
        export_html_all,
        export_markdown,
        export_markdown_all,
        export_session,
        export_sessions,
    )

    if bool(args.session) == bool(args.all):
        raise UsageError("name one conversation or pass --all (not both)")
    if args.all:
        ids = [s.id for s in store.list_sessions()]
        if args.format == "json":
            data: Any = export_sessions(store, ids)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
            events = sum(len(d["events"]) for d in data)
            what = f"{_count(len(ids), 'conversation')} ({events} events)"
        else:
            render = export_markdown_all if args.format == "md" else export_html_all
            text = render(store, ids)
            what = _count(len(ids), "conversation")
    else:
        if args.format == "json":
            data = export_session(store, args.session)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
            events = len(data["events"])
        else:
            render_one = export_markdown if args.format == "md" else export_html
            text = render_one(store, args.session)
            events = len(store.events(args.session))
        what = f"{events} events"
    if args.output:
        _write_atomically(Path(args.output), text)
        print(f"exported {what} to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _history_import(store: EventStore, args: argparse.Namespace) -> int:
    from application.history.importers import ImportFormatError, import_file

    path = Path(args.file).expanduser()
    if not path.is_file():
        raise UsageError(f"{args.file} is not a file")
    try:
        report = import_file(store, path)
    except ImportFormatError as exc:
        raise UsageError(f"cannot import: {exc}") from exc
    for item in report.conversations:
        title = item.title or "(untitled)"
        note = f" · {item.note}" if item.note else ""
        if item.status == "imported":
            skipped = f", {item.skipped_messages} skipped" if item.skipped_messages else ""
            print(
                f"imported  {item.session_id}  {title}  "
                f"({item.messages} messages{skipped}, {item.events} events){note}"
            )
        else:
            print(f"{item.status:<8}  {item.source_id}  {title}{note}")
    if not report.conversations:
        print(f"parley: {args.file} holds no conversations; nothing imported", file=sys.stderr)
        return EXIT_OK
    print(
        f"{report.label}: {len(report.imported)} imported, {len(report.skipped)} skipped, "
        f"{len(report.failed)} failed",
        file=sys.stderr,
    )
    return EXIT_FAILED if report.failed else EXIT_OK


def _history_verify(store: EventStore, args: argparse.Namespace) -> int:
    ids = [args.session] if args.session else [s.id for s in store.list_sessions()]
    broken = 0
    for session_id in ids:
        report = store.verify_chain(session_id)
        if report.ok:
            print(f"ok      {session_id}  {report.events_checked} events")
        else:
            broken += 1
            print(f"BROKEN  {session_id}  at event {report.first_bad_event_id}: {report.reason}")
    if broken:
        print(
            f"parley: {broken} of {_count(len(ids), 'conversation')} fail verification",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(f"{_count(len(ids), 'conversation')} verified", file=sys.stderr)
    return EXIT_OK


def _history_delete(store: EventStore, args: argparse.Namespace) -> int:
    session = store.get_session(args.session)  # SessionNotFound -> exit 2
    if not args.yes:
        if sys.stdin is None or not sys.stdin.isatty():
            raise UsageError(
                f"deleting {args.session} cannot be undone: pass --yes to confirm (no terminal "
                "to ask at)"
            )
        events = len(store.events(args.session))
        sys.stderr.write(
            f"Delete {session.title or '(untitled)'!r} ({session.id}, {events} events)? "
            "This cannot be undone. [y/N] "
        )
        sys.stderr.flush()
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            print("not deleted", file=sys.stderr)
            return EXIT_OK
    removed = store.delete_session(args.session)
    print(f"deleted {args.session} ({removed} events)", file=sys.stderr)
    return EXIT_OK


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing: a half-written export is worse than none."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

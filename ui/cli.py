"""The ``parley`` command: the window, or the same runtime with no window.

Why it exists: operators and scripts need every turn, provider and saved conversation from a
terminal, through the very runtime and event log the window uses (``ui.bootstrap`` wires both).

Invariants it keeps:

- exit codes: 0 done; 1 the provider (or the store) failed, with a clear message on stderr;
  2 a usage error (unknown option, no provider configured, unknown conversation); 130 interrupted;
- stdout carries only the answer (or JSON); everything else goes to stderr, so output can be piped;
- Qt is imported only when the window opens, so headless commands start fast and need no display;
- Ctrl+C during ``parley ask`` sets the turn's cancel event: the partial answer is kept and the
  turn is recorded as cancelled before the command exits 130.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from application.conversations.render import history_messages
from application.conversations.turn_runtime import TurnOutcome
from application.history.export import (
    event_to_dict,
    export_session,
    render_transcript,
    session_to_dict,
)
from application.ports.chat_provider import ProviderConfigError
from application.ports.event_store import EventStoreError, SessionNotFound
from application.ports.settings_store import ProviderConfig, SettingsError
from domain.agents.conversation_execution_request import ConversationExecutionRequest
from domain.transcript.canonical import StoredEvent, mint_id
from ui.bootstrap import ADD_PROVIDER_HINT, Services, build_services

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
    ask.add_argument("--json", action="store_true", help="print each stored event as JSON")
    ask.add_argument("--timeout", type=float, default=None, help="wall-clock limit in seconds")

    providers = commands.add_parser("providers", help="add and list providers")
    psub = providers.add_subparsers(dest="providers_command", metavar="SUBCOMMAND")
    add = psub.add_parser("add", help="add (or with --replace, change) a provider")
    add.add_argument("name")
    add.add_argument("--kind", default="openai", choices=["openai"])
    add.add_argument("--base-url", required=True, help="e.g. https://api.openai.com/v1")
    add.add_argument("--api-key-env", default="", help="environment variable holding the key")
    add.add_argument("--default-model", default="")
    add.add_argument("--replace", action="store_true", help="overwrite an existing entry")
    add.add_argument("--make-default", action="store_true", help="use it when none is named")
    plist = psub.add_parser("list", help="list configured providers")
    plist.add_argument("--json", action="store_true")

    history = commands.add_parser("history", help="list, show and export saved conversations")
    hsub = history.add_subparsers(dest="history_command", metavar="SUBCOMMAND")
    hlist = hsub.add_parser("list", help="conversations, newest first")
    hlist.add_argument("--json", action="store_true")
    hlist.add_argument("--limit", type=int, default=None)
    show = hsub.add_parser("show", help="one conversation as a transcript")
    show.add_argument("session")
    show.add_argument("--json", action="store_true")
    export = hsub.add_parser("export", help="one conversation as a file")
    export.add_argument("session")
    export.add_argument("--format", default="json", choices=["json"])
    export.add_argument("-o", "--output", help="write here instead of standard output")
    return parser


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
    try:
        handler = {"ask": _ask, "providers": _providers, "history": _history}[args.command]
        return handler(services, args, parser)
    except UsageError as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SessionNotFound as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (EventStoreError, SettingsError, OSError) as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        services.close()


# -- ask ------------------------------------------------------------------------------------------


class _StdoutListener:
    """Streams the answer (or the stored events as JSON lines) to stdout; worker thread."""

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self._out = out
        self._json = as_json

    def on_event(self, stored: StoredEvent) -> None:
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

    if not args.provider and services.settings.default_provider() is None:
        raise UsageError(f"no provider is configured; {ADD_PROVIDER_HINT}")
    try:
        # Resolving here (before recording anything) turns a misconfiguration into a usage
        # error with a fix, instead of a failed turn in the history.
        resolved = services.providers.resolve(args.provider)
    except ProviderConfigError as exc:
        raise UsageError(str(exc)) from exc

    if args.session:
        services.store.get_session(args.session)  # SessionNotFound -> exit 2
        session_id = args.session
        history = history_messages(services.store.events(session_id))
    else:
        session_id = mint_id()
        history = ()
    print(f"session {session_id}", file=sys.stderr)

    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=session_id,
        prompt=prompt,
        messages=history,
        provider_id=resolved.name,
        model=args.model,
        timeout_sec=args.timeout,
        extras={"source": "cli"},
    )
    cancel = threading.Event()
    listener = _StdoutListener(sys.stdout, args.json)
    result: list[TurnOutcome] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            result.append(services.runtime.run(request, cancel, listener))
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


# -- providers ------------------------------------------------------------------------------------


def _providers(
    services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser
) -> int:
    if args.providers_command == "add":
        config = ProviderConfig(
            name=args.name,
            kind=args.kind,
            base_url=args.base_url,
            api_key_env=args.api_key_env,
            default_model=args.default_model,
        )
        try:
            services.settings.add_provider(config, replace=args.replace)
            if args.make_default:
                services.settings.set_default_provider(args.name)
        except SettingsError as exc:
            raise UsageError(str(exc)) from exc
        print(f"added provider {args.name!r} ({args.base_url})", file=sys.stderr)
        return EXIT_OK
    if args.providers_command == "list":
        default = services.settings.default_provider()
        rows = [
            {
                "name": p.name,
                "kind": p.kind,
                "base_url": p.base_url,
                "api_key_env": p.api_key_env,
                "default_model": p.default_model,
                "default": default is not None and default.name == p.name,
            }
            for p in services.settings.providers()
        ]
        if args.json:
            _print_json(rows)
        elif not rows:
            print(f"no providers configured; {ADD_PROVIDER_HINT}", file=sys.stderr)
        else:
            for row in rows:
                mark = "*" if row["default"] else " "
                model = row["default_model"] or "-"
                key = f"key ${row['api_key_env']}" if row["api_key_env"] else "no key"
                print(f"{mark} {row['name']:<16} {row['base_url']:<40} {model:<24} {key}")
        return EXIT_OK
    parser.parse_args(["providers", "--help"])
    return EXIT_USAGE


# -- history --------------------------------------------------------------------------------------


def _history(services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    store = services.store
    if args.history_command == "list":
        sessions = store.list_sessions(limit=args.limit)
        if args.json:
            _print_json([session_to_dict(s) for s in sessions])
        else:
            for s in sessions:
                print(f"{s.id}  {s.updated_at}  {s.title or '(untitled)'}")
        return EXIT_OK
    if args.history_command == "show":
        if args.json:
            _print_json(export_session(store, args.session))
        else:
            session = store.get_session(args.session)
            sys.stdout.write(render_transcript(session, store.events(args.session)))
        return EXIT_OK
    if args.history_command == "export":
        data = export_session(store, args.session)
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        if args.output:
            _write_atomically(Path(args.output), text)
            print(f"exported {len(data['events'])} events to {args.output}", file=sys.stderr)
        else:
            sys.stdout.write(text)
        return EXIT_OK
    parser.parse_args(["history", "--help"])
    return EXIT_USAGE


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing: a half-written export is worse than none."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

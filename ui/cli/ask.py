"""``parley ask``: one turn headless, its answer streamed to stdout.

Why it exists: scripts and operators run a turn from a terminal through the very runtime and event
log the window uses; this module turns the command's options into a composed turn request and runs
it.

Invariants it keeps:

- a misconfigured provider, project or prompt is a usage error (exit 2) found before anything is
  recorded, never a failed turn in the history;
- Ctrl+C, SIGTERM and SIGHUP only set the turn's cancel event (``ui.cli.signals``; the turn runs on
  a worker thread): the runtime keeps the partial answer and records the turn as cancelled before
  the command exits 128 + the signal (130, 143, 129);
- an answer shown but not saved (the store refused it) is said plainly, with where it is kept
  (``TurnOutcome.unsaved``), and the command exits 1 (or 128 + a signal that stopped it);
- stdout carries only the answer (or, with ``--json``, the stored events); notes go to stderr,
  among them a line when the turn summarised earlier turns (a ``compaction``), a retrieval's note
  (an index still being built) and, after the answer, the sources it cites;
- permission questions are asked at this terminal (``TerminalPermissionAsker``), per turn.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import sys
import threading
from pathlib import Path
from typing import TextIO

from parley.application.conversations.compose import ComposeError, TurnDraft, compose_turn
from parley.application.conversations.turn_runtime import TurnOutcome
from parley.application.ports.chat_provider import ProviderConfigError
from parley.application.ports.event_store import EventStoreError
from parley.application.ports.provider_catalog import ADD_PROVIDER_HINT
from parley.application.ports.settings_store import UnknownMcpServer
from parley.application.tools.specs import TOOL_SETS
from parley.domain.agents.conversation_execution_request import McpResourceRef
from parley.domain.transcript.canonical import Compaction, RetrievalPerformed, StoredEvent
from parley.domain.transcript.excerpts import Excerpt, excerpts_of
from parley.ui.bootstrap import Services
from parley.ui.cli.common import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PIPE,
    UsageError,
    not_saved,
    read_text_stdin,
    stdout_closed,
)
from parley.ui.cli.signals import TurnSignals
from parley.ui.terminal_permission import TerminalPermissionAsker


class _StdoutListener:
    """Streams the answer (or the stored events as JSON lines) to stdout; worker thread.

    A reader that goes away (``parley ask … | head -c 20``) ends the output quietly: the first
    ``BrokenPipeError`` points stdout at /dev/null (``stdout_closed``) and ``closed`` is set; the
    turn goes on and is stored as usual, and the command then exits ``EXIT_PIPE``."""

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self._out = out
        self._json = as_json
        self.closed = False
        #: The excerpts the turn's latest retrieval gave the model (for the sources line).
        self.excerpts: tuple[Excerpt, ...] = ()

    def on_event(self, stored: StoredEvent) -> None:
        from parley.application.history.documents import compaction_notice
        from parley.application.history.export import event_to_dict

        if self._json:
            self._write(json.dumps(event_to_dict(stored), ensure_ascii=False) + "\n")
        event = stored.event
        if isinstance(event, Compaction):
            _say(compaction_notice(event))
        elif isinstance(event, RetrievalPerformed):
            self.excerpts = excerpts_of(event.excerpts)
            if event.note:
                _say(f"parley: {event.note}")

    def on_text(self, turn_id: str, text: str) -> None:
        if not self._json:
            self._write(text)

    def sources(self, answer: str) -> str:
        """The line said after the answer: the excerpts it cites ("" when none were given)."""
        from parley.application.history.documents import sources_text

        return sources_text(self.excerpts, answer) if answer else ""

    def _write(self, text: str) -> None:
        if self.closed:
            return
        try:
            self._out.write(text)
            self._out.flush()
        except BrokenPipeError:
            self.closed = True
            stdout_closed()


def run_ask(services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    prompt = args.prompt
    if prompt in (None, "-"):
        if sys.stdin is None or sys.stdin.isatty():
            raise UsageError("no prompt given: parley ask 'your question' (or pipe it in)")
        prompt = read_text_stdin()  # invalid UTF-8 replaced, said once (common.clean_text)
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
    searched = tuple(Path(a).expanduser().absolute() for a in getattr(args, "search", ()) or ())
    attachments = tuple(
        dict.fromkeys((*(Path(a).expanduser().absolute() for a in args.attach), *searched))
    )
    skills = getattr(services, "skills", None)
    known_skills = [*skills.list("agent"), *skills.list("skill")] if skills is not None else []
    models = [
        (p.name, m)
        for p in services.settings.providers()
        for m in dict.fromkeys((p.default_model, *p.models))
        if m
    ]
    # MCP servers: those named (each must exist and be enabled), else the project's.
    if args.mcp:
        mcp_servers = tuple(dict.fromkeys(args.mcp))
        for name in mcp_servers:
            try:
                server = services.settings.mcp_server(name)
            except UnknownMcpServer as exc:
                raise UsageError(str(exc)) from exc
            if not server.enabled:
                raise UsageError(
                    f"the MCP server {name!r} is turned off (parley mcp enable {name})"
                )
    else:
        mcp_servers = tuple(project.mcp_servers) if project else ()
    resources = _mcp_resources(services, getattr(args, "resource", None) or ())
    context = services.settings.context()
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
        mcp_servers=mcp_servers,
        mcp_resources=resources,
        retrieval_attachments=searched,
        knowledge_collections=(project.id,) if project and project.knowledge_folder else (),
        context_threshold=context.compaction_threshold,
        compaction_provider_id=context.compaction_provider_id,
        compaction_model=context.compaction_model,
        retrieval_limit=context.excerpts,
    )
    try:
        composed = compose_turn(draft, events, skills=known_skills, models=models)
    except ComposeError as exc:
        raise UsageError(str(exc)) from exc
    if "compact" in composed.commands:
        if composed.request is not None:
            raise UsageError("/compact runs on its own: send it without a message")
        return _compact(services, args.session, current_turn)
    if composed.request is None:
        raise UsageError("the prompt holds only commands; add a message to send")
    request = dataclasses.replace(
        composed.request,
        timeout_sec=args.timeout,
        unattended=args.gate == "deny",
    )
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

    # The turn runs on a worker so that a stop signal on the main thread only sets the cancel
    # event; the runtime then records the partial answer and 'cancelled' before we exit. The
    # handlers are in place before the worker starts and raise nothing here (ui.cli.signals).
    worker = threading.Thread(target=work, name=f"turn-{request.turn_id[:8]}", daemon=True)
    # What MCP servers ask of the person (forms, sampling) is asked at this terminal during the
    # turn; the handlers are removed when the block ends, even on an error.
    from parley.ui.cli.mcp_requests import terminal_requests

    with TurnSignals(cancel) as signals, terminal_requests(services, cancel):
        # Said once the handlers are in place: from this line on, a stop signal is a cancel.
        print(f"session {request.session_id}", file=sys.stderr)
        worker.start()
        # Wait on the flag, not join(timeout): on Python 3.11 a signal that interrupts
        # Thread.join can mark the still-running thread as stopped, so is_alive() would lie.
        while not done.wait(0.1):
            pass
    worker.join()
    if failure:
        if isinstance(failure[0], EventStoreError):
            # The store refused the turn's own records (a read-only or full disk): one plain
            # line saying what was not saved, no traceback.
            _say(not_saved("this turn", failure[0]))
            return signals.exit_code or EXIT_FAILED
        raise failure[0]
    outcome = result[0]
    if not args.json and outcome.text and not outcome.text.endswith("\n"):
        listener.on_text(outcome.turn_id, "\n")
    sources = listener.sources(outcome.text)
    if sources:
        _say(sources)
    if outcome.unsaved:
        _say(f"parley: {outcome.unsaved}")
        return signals.exit_code or EXIT_FAILED
    if signals.received is not None or outcome.status == "cancelled":
        by = f" ({signals.name})" if signals.received is not None else ""
        if outcome.status == "completed":
            _say(f"parley: stopped{by} after the answer was complete and saved")
        else:
            _say(f"parley: cancelled{by}; the partial answer was kept")
        return signals.exit_code or EXIT_INTERRUPTED
    if outcome.status != "completed":
        print(f"parley: turn {outcome.status}: {outcome.error}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_PIPE if listener.closed else EXIT_OK


def _say(line: str) -> None:
    """A line on stderr; a terminal already gone (SIGHUP) must not turn it into a traceback."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr)


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


def _mcp_resources(
    services: Services, given: list[str] | tuple[str, ...]
) -> tuple[McpResourceRef, ...]:
    """``--resource SERVER:URI`` as references, each server configured and turned on; anything
    else is a usage error before the turn runs (nothing is recorded)."""
    refs: list[McpResourceRef] = []
    for value in given:
        server, sep, uri = value.partition(":")
        server, uri = server.strip(), uri.strip()
        if not sep or not server or not uri:
            raise UsageError(
                f"--resource {value!r}: give SERVER:URI, e.g. docs:file:///README.md "
                "(see: parley mcp resources SERVER)"
            )
        try:
            config = services.settings.mcp_server(server)
        except UnknownMcpServer as exc:
            raise UsageError(f"--resource {value!r}: {exc}") from exc
        if not config.enabled:
            raise UsageError(
                f"--resource {value!r}: the MCP server {server!r} is turned off "
                f"(parley mcp enable {server})"
            )
        refs.append(McpResourceRef(server, uri))
    return tuple(refs)


def _find_project(services: Services, name: str):
    """A project by id or (case-insensitive) name; a usage error naming the known ones."""
    projects = list(services.settings.projects())
    for project in projects:
        if project.id == name or project.name.lower() == name.lower():
            return project
    known = ", ".join(p.name for p in projects) or "none yet (Settings → Projects)"
    raise UsageError(f"no project {name!r}; projects: {known}")


def _compact(services: Services, session: str | None, leaf: str | None) -> int:
    """``parley ask --session ID /compact``: summarise the conversation's earlier turns now."""
    if not session or services.compactor is None:
        raise UsageError("/compact needs a conversation: pass --session ID")
    print("Summarising the earlier messages…", file=sys.stderr)
    outcome = services.compactor.compact(
        session, provider_id="", model="", cancel=threading.Event(), leaf_turn_id=leaf
    )
    print(outcome.message, file=sys.stderr)
    return 0 if outcome.compacted else 1

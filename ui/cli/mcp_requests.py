"""What an MCP server asks of the person, asked at the terminal during ``parley ask``: a form
(elicitation), field by field, and a request to use their model (sampling), yes or no.

Why it exists: a headless turn may call a tool whose server needs the user mid-call, just like a
window turn. When the terminal is interactive the question is printed to stderr and the answer
read from stdin; when it is not (a pipe, a script, CI) nobody can answer, so a form is declined
and a sampling request refused, each said in one line on stderr — "could not ask" never becomes
an answer given on the user's behalf.

Invariants it keeps:

- the same rules as the window's dialog (``application/mcp/elicitation_form.py``): a field is
  asked again, with the reason, until its value keeps them; nothing is sent before the person
  has seen the whole answer and chosen [s]end;
- everything the server wrote is printed with control characters made visible (no escape
  sequence from a server reaches the terminal), and the server's name is a claim;
- called on a worker thread (the client's ``asyncio.to_thread``); one question at a time; reads
  poll so the turn's cancel event (Ctrl+C) ends the wait as cancel / deny; end of input is cancel;
- no Qt.
"""

from __future__ import annotations

import select
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from parley.application.mcp.elicitation_form import (
    BOOLEAN,
    CHOICE,
    MULTI,
    FieldError,
    FieldSpec,
    check_answers,
    check_value,
    form_from_schema,
    from_text,
    is_given,
)
from parley.application.mcp.server_requests import ACCEPT, CANCEL, DECLINE, SamplingRequest

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services

_INDENT = "    "


class _Ended(Exception):
    """Input ended (EOF) or the turn was cancelled while a question waited."""


def shown(text: str) -> str:
    """Untrusted text made safe for a terminal: control characters (an escape sequence, a
    carriage return that would overwrite the line) shown as ``\\x1b``-style escapes; newlines
    and tabs kept."""
    return "".join(
        c if c in "\n\t" or (c.isprintable() and c != "\x7f") else repr(c)[1:-1] for c in text
    )


class TerminalServerRequests:
    """The elicitation handler and sampling approval for ``parley ask``."""

    def __init__(
        self,
        stdin: TextIO | None = None,
        stderr: TextIO | None = None,
        *,
        interactive: bool | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        self._in = stdin or sys.stdin
        self._err = stderr or sys.stderr
        self._interactive = interactive
        self._cancel = cancel or threading.Event()
        self._lock = threading.Lock()

    def _can_ask(self) -> bool:
        if self._interactive is not None:
            return self._interactive
        try:
            return bool(self._in.isatty() and self._err.isatty())
        except (AttributeError, ValueError):
            return False

    # -- elicitation ----------------------------------------------------------------------------

    def elicit(
        self, server: str, message: str, schema: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        name = shown(server)
        if not self._can_ask():
            self._say(
                f"parley: declined a form from the MCP server {name} "
                "(nobody to answer on a non-interactive terminal)\n"
            )
            return DECLINE, {}
        with self._lock:
            try:
                return self._elicit(name, message, schema)
            except _Ended:
                self._say("\nparley: the form was cancelled\n")
                return CANCEL, {}

    def _elicit(
        self, name: str, message: str, schema: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        form = form_from_schema(schema)
        self._say(
            f"\nparley: the MCP server {name} asks:\n"
            f"{_indented(shown(message))}\n"
            f"{_INDENT}(a server is asking, not Parley: do not give it passwords or keys)\n"
        )
        if form.problem:
            self._say(f"{_INDENT}{shown(form.problem)}\n")
            answer = self._choose(f"{_INDENT}[d]ecline or [c]ancel? ", {"d": DECLINE}, CANCEL)
            return answer, {}
        first = self._choose(
            f"{_INDENT}[A]nswer, [d]ecline or [c]ancel? ",
            {"": ACCEPT, "a": ACCEPT, "d": DECLINE, "c": CANCEL},
            None,
        )
        if first != ACCEPT:
            return first or CANCEL, {}
        values: dict[str, object] = {spec.name: spec.default for spec in form.fields}
        while True:
            for spec in form.fields:
                values[spec.name] = self._ask_field(spec, values[spec.name])
            content, problems = check_answers(form, values)
            for problem in problems:  # (each field was checked as it was typed)
                self._say(f"{_INDENT}! {shown(problem.message)}\n")
            self._say(f"{_INDENT}the answer:\n")
            for spec in form.fields:
                if spec.name in content:
                    self._say(f"{_INDENT}  {shown(spec.label)}: {_value_words(spec, content)}\n")
            if not content:
                self._say(f"{_INDENT}  (nothing)\n")
            options: dict[str, str] = {"e": "edit", "d": DECLINE, "c": CANCEL}
            prompt = "[e]dit, [d]ecline or [c]ancel? "
            if not problems:
                options.update(s=ACCEPT, send=ACCEPT)
                prompt = "[s]end, [e]dit, [d]ecline or [c]ancel? "
            choice = self._choose(_INDENT + prompt, options, None)
            if choice == ACCEPT:
                return ACCEPT, content
            if choice in (DECLINE, CANCEL):
                return choice, {}
            # [e]dit (or an answer not understood): every field again, with what was typed

    def _ask_field(self, spec: FieldSpec, current: object) -> object:
        self._say(f"{_INDENT}{shown(spec.label)}{' *' if spec.required else ''}")
        hint = spec.hint()
        self._say(f" ({shown(hint)})\n" if hint else "\n")
        if spec.description:
            self._say(_indented(shown(spec.description), 7) + "\n")
        if spec.note:
            self._say(_indented(shown(spec.note), 7) + "\n")
        if spec.kind in (CHOICE, MULTI):
            listed = "  ".join(f"{i}) {shown(c.label)}" for i, c in enumerate(spec.choices, 1))
            self._say(f"{_INDENT}   {listed}\n")
        while True:
            self._say(f"{_INDENT}   > {_current_words(spec, current)}")
            line = self._read()
            if line.strip() == "-" and not spec.required and spec.kind not in (BOOLEAN, MULTI):
                return None  # "-" clears an optional field
            try:
                value = from_text(spec, line)
            except FieldError as exc:
                self._say(f"{_INDENT}   ! {shown(str(exc))}\n")
                continue
            if value is None:
                value = current
                if spec.kind == BOOLEAN and value is None:
                    value = False  # like an unticked box
                if spec.kind == MULTI and value is None:
                    value = []
            if not is_given(value):
                if spec.required:
                    self._say(f"{_INDENT}   ! an answer is required\n")
                    continue
                return None
            wrong = check_value(spec, list(value) if isinstance(value, tuple) else value)
            if wrong:
                self._say(f"{_INDENT}   ! {shown(spec.label)} {wrong}\n")
                continue
            return list(value) if isinstance(value, tuple) else value

    # -- sampling -------------------------------------------------------------------------------

    def approve_sampling(self, request: SamplingRequest, model_label: str) -> bool:
        name = shown(request.server)
        if not self._can_ask():
            self._say(
                f"parley: refused a sampling request from the MCP server {name} "
                "(nobody to approve it on a non-interactive terminal)\n"
            )
            return False
        system = _indented(shown(request.system_prompt or "(none)"), 8)
        messages = "\n".join(
            f"{_INDENT}  {shown(m.role)}:\n{_indented(shown(m.text), 8)}" for m in request.messages
        )
        with self._lock:
            self._say(
                f"\nparley: the MCP server {name} asks your model to answer\n"
                f"{_INDENT}model: {shown(model_label) or 'none configured'}"
                f" · at most {request.max_tokens} tokens\n"
                f"{_INDENT}system prompt:\n{system}\n"
                f"{_INDENT}messages:\n{messages or _INDENT + '  (none)'}\n"
                f"{_INDENT}(the answer goes back to the server, not into the conversation)\n"
            )
            try:
                allowed = self._choose(
                    f"{_INDENT}allow once? [y/N] ", {"y": True, "yes": True}, False
                )
                return bool(allowed)
            except _Ended:
                self._say("\n")
                return False

    # -- the terminal ---------------------------------------------------------------------------

    def _choose(self, prompt: str, options: Mapping[str, Any], otherwise: Any) -> Any:
        self._say(prompt)
        return options.get(self._read().strip().lower(), otherwise)

    def _say(self, text: str) -> None:
        self._err.write(text)
        self._err.flush()

    def _read(self) -> str:
        """One line typed (without its newline); ``_Ended`` at end of input or on cancel."""
        try:
            fileno = self._in.fileno()
        except (AttributeError, ValueError, OSError):
            fileno = None
        if fileno is not None:
            # Wake every quarter second only to notice the turn's cancel event (Ctrl+C).
            while not select.select([fileno], [], [], 0.25)[0]:
                if self._cancel.is_set():
                    raise _Ended
        if self._cancel.is_set():
            raise _Ended
        line = self._in.readline()
        if line == "":
            raise _Ended
        return line.rstrip("\r\n")


def _indented(text: str, spaces: int = 4) -> str:
    return "\n".join(" " * spaces + line for line in (text.splitlines() or [""]))


def _current_words(spec: FieldSpec, value: object) -> str:
    """What Enter keeps, shown before the cursor: ``[2] ``, ``[y/N] ``, ``[1,3] ``."""
    if spec.kind == BOOLEAN:
        return "[Y/n] " if value is True else "[y/N] "
    if not is_given(value) or (spec.kind == MULTI and not value):
        return "" if spec.required or spec.kind == MULTI else "[-] "
    if spec.kind == CHOICE:
        found = [i for i, c in enumerate(spec.choices, 1) if c.value == value]
        return f"[{found[0]}] " if found else ""
    if spec.kind == MULTI:
        chosen = value if isinstance(value, list | tuple) else ()
        numbers = [str(i) for i, c in enumerate(spec.choices, 1) if c.value in chosen]
        return f"[{','.join(numbers)}] "
    return f"[{shown(str(value))}] "


def _value_words(spec: FieldSpec, content: Mapping[str, Any]) -> str:
    value = content[spec.name]
    labels = {c.value: c.label for c in spec.choices}
    if spec.kind == BOOLEAN:
        return "yes" if value else "no"
    if spec.kind == CHOICE:
        return shown(labels.get(value, value))
    if spec.kind == MULTI:
        return ", ".join(shown(labels.get(v, v)) for v in value) or "(none)"
    return shown(str(value))


@contextmanager
def terminal_requests(
    services: Services, cancel: threading.Event
) -> Iterator[TerminalServerRequests | None]:
    """While the turn runs, MCP servers' forms and sampling requests are asked at this
    terminal (``parley ask``); the handlers are removed when it ends."""
    relay = getattr(services, "mcp_requests", None)
    if relay is None:
        yield None
        return
    asker = TerminalServerRequests(cancel=cancel)
    sampling = getattr(services, "mcp_sampling", None)
    sample = sampling.handler(asker.approve_sampling) if sampling is not None else None
    uninstall = relay.install(elicit=asker.elicit, sample=sample)
    try:
        yield asker
    finally:
        uninstall()

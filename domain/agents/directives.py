"""Slash directives typed at the start of a prompt: ``/skill``, ``/agent``, ``/model``, ``/new``…

Why it exists: the composer lets people steer a turn by typing, as in other chat clients:
``/agent critic /skill terse Review this diff`` adds the ``critic`` persona and the ``terse`` rules
to the turn's instruction prefix and sends only "Review this diff" as what the user asked. This
module says, for any text, which directives it holds and what is left; it knows no skill names
(the application checks those) and never touches the model.

Grammar (deterministic, whitespace-separated, only at the very start of the prompt)::

    prompt     := directive* body
    directive  := "/skill" NAME | "/agent" NAME | "/model" MODEL | "/new" | "/clear" | "/help"
                | "/compact"

Invariants it keeps:

- only leading directives count: a ``/skill`` in the middle of a sentence is text, and so is a
  leading path such as ``/usr/bin/env`` (a word with a second ``/`` is never a command);
- a leading ``/word`` that is not a known command is reported (``unknown_command``) rather than
  sent as text, because a typo such as ``/skil`` would otherwise reach the model silently; ``//``
  at the start escapes this (the prompt is sent with one ``/`` removed);
- a command that needs a name and has none is reported (``missing_argument``);
- the body keeps the user's text exactly (only the whitespace between the directives and the body
  is dropped).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Commands and whether they take an argument.
COMMANDS: dict[str, bool] = {
    "skill": True,
    "agent": True,
    "model": True,
    "new": False,
    "clear": False,
    "help": False,
    # Summarise the conversation's earlier turns now (issue 18); the window carries it out.
    "compact": False,
}

_TOKEN = re.compile(r"\s*(\S+)")


@dataclass(frozen=True)
class Directive:
    """One directive: the command (without ``/``) and its argument ("" when it takes none)."""

    command: str
    argument: str = ""


@dataclass(frozen=True)
class DirectiveProblem:
    """Why the leading directives cannot be used: ``kind`` is ``unknown_command`` or
    ``missing_argument``; ``word`` is what the user typed."""

    kind: str
    word: str

    @property
    def message(self) -> str:
        if self.kind == "missing_argument":
            return f"/{self.word} needs a name after it, for example /{self.word} NAME"
        known = ", ".join(f"/{c}" for c in COMMANDS)
        return f"Unknown command {self.word} — the commands are {known} (start with // to send /)"


@dataclass(frozen=True)
class ParsedPrompt:
    """A prompt split into its leading directives and the body the model will see."""

    directives: tuple[Directive, ...]
    body: str
    problem: DirectiveProblem | None = None

    def arguments(self, command: str) -> tuple[str, ...]:
        return tuple(d.argument for d in self.directives if d.command == command)

    @property
    def skills(self) -> tuple[str, ...]:
        return self.arguments("skill")

    @property
    def agent(self) -> str:
        """The last ``/agent`` named ("" for none): a turn has one persona."""
        agents = self.arguments("agent")
        return agents[-1] if agents else ""

    @property
    def model(self) -> str:
        models = self.arguments("model")
        return models[-1] if models else ""

    def has(self, command: str) -> bool:
        return any(d.command == command for d in self.directives)


def parse_directives(text: str) -> ParsedPrompt:
    """Split ``text`` into leading directives and the body. Never raises."""
    if text.lstrip().startswith("//"):
        stripped = text.lstrip()
        return ParsedPrompt(directives=(), body=stripped[1:])
    directives: list[Directive] = []
    position = 0
    while True:
        match = _TOKEN.match(text, position)
        if match is None:
            break
        word = match.group(1)
        if not word.startswith("/") or len(word) == 1 or "/" in word[1:]:
            break
        command = word[1:].lower()
        if command not in COMMANDS:
            return ParsedPrompt(tuple(directives), text, DirectiveProblem("unknown_command", word))
        end = match.end()
        argument = ""
        if COMMANDS[command]:
            arg_match = _TOKEN.match(text, end)
            if arg_match is None or arg_match.group(1).startswith("/"):
                return ParsedPrompt(
                    tuple(directives), text, DirectiveProblem("missing_argument", command)
                )
            argument = arg_match.group(1)
            end = arg_match.end()
        directives.append(Directive(command, argument))
        position = end
    body = text[position:].lstrip() if directives else text
    return ParsedPrompt(tuple(directives), body)

"""MCP prompts as composer commands: ``/<server>:<prompt> name=value …``.

Why it exists: the composer's ``/`` menu offers the prompts of the conversation's MCP servers,
and a user may also type one with its arguments and press Send. The window needs the same three
answers wherever that happens — what a prompt is called in the menu, which arguments a typed line
gives, and which required ones are still missing — and none of them needs Qt, so they live here,
pure and unit-tested.

Invariants it keeps:

- a prompt's command is ``/<server>:<prompt>``; server names never hold ``:``
  (``model.NAME_PATTERN``), so the first ``:`` splits a command back unambiguously;
- typed arguments are ``name=value`` words, shell-quoted for spaces (``topic="two words"``);
  anything else — a bare word, an unclosed quote, an empty name, a name given twice, a name the
  prompt does not declare — is a ``PromptArgumentError`` whose message says what to write;
  never a guess, and never an exception of another kind;
- a required argument is missing when it is absent or blank (whitespace only).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping

from parley.application.mcp.model import McpPrompt

#: What a composer command offering an MCP prompt carries as its action.
MCP_PROMPT_ACTION = "mcp-prompt"
#: Between the server and the prompt in a command.
COMMAND_SEPARATOR = ":"


class PromptArgumentError(ValueError):
    """Typed arguments that cannot be used; the message says why and what to write."""


def prompt_command(server: str, prompt: str) -> str:
    """The command that offers ``prompt`` of ``server`` in the ``/`` menu."""
    return f"/{server}{COMMAND_SEPARATOR}{prompt}"


def split_prompt_command(word: str) -> tuple[str, str] | None:
    """``(server, prompt)`` of a command word, or ``None`` when ``word`` is not one."""
    if not word.startswith("/"):
        return None
    server, sep, prompt = word[1:].partition(COMMAND_SEPARATOR)
    if not sep or not server or not prompt:
        return None
    return server, prompt


def menu_description(prompt: McpPrompt) -> str:
    """What the ``/`` menu says beside the command: that it comes from an MCP server, which one,
    and the server's own description of it."""
    head = f"MCP \N{MIDDLE DOT} {prompt.server}"
    return f"{head} \N{EM DASH} {prompt.description}" if prompt.description else head


def parse_arguments(text: str, prompt: McpPrompt | None = None) -> dict[str, str]:
    """The ``name=value`` arguments typed after a command, in the order typed.

    With ``prompt``, a name it does not declare is an error too (naming the ones it has)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:  # "No closing quotation", "No escaped character"
        raise PromptArgumentError(f"Cannot read the arguments: {exc}") from None
    values: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep:
            raise PromptArgumentError(
                f"Write arguments as name=value (quote a value with spaces: "
                f'name="two words"); {word!r} has no "="'
            )
        if not name:
            raise PromptArgumentError(f"An argument needs a name before '=': {word!r}")
        if name in values:
            raise PromptArgumentError(f"The argument {name!r} is given twice")
        values[name] = value
    if prompt is not None:
        known = [a.name for a in prompt.arguments]
        unknown = [name for name in values if name not in known]
        if unknown:
            takes = f"it takes {', '.join(known)}" if known else "it takes no arguments"
            raise PromptArgumentError(
                f"The prompt {prompt.name!r} of {prompt.server!r} has no argument "
                f"{unknown[0]!r}: {takes}"
            )
    return values


def missing_required(prompt: McpPrompt, values: Mapping[str, str]) -> tuple[str, ...]:
    """The required arguments of ``prompt`` that ``values`` leaves absent or blank, in the
    prompt's order."""
    return tuple(
        a.name for a in prompt.arguments if a.required and not values.get(a.name, "").strip()
    )

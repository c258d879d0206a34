"""How a turn ended, as the runtime reports it to whoever started the turn (and the title a new
conversation gets from its first prompt, which the sidebar shows before the turn ends).

Why it exists apart from ``turn_runtime``: the window's bridge needs this one value type at
import time, and importing the whole runtime (providers, tools, retry, attachments) just for it
cost the window's first paint ~60 ms. This module imports only the domain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parley.domain.transcript.canonical import Usage


@dataclass(frozen=True)
class TurnOutcome:
    """How a turn ended: the values of its ``turn_finished``, plus the answer text."""

    session_id: str
    turn_id: str
    status: str
    text: str = ""
    usage: Usage = field(default_factory=Usage)
    duration_s: float = 0.0
    error: str = ""
    provider_id: str = ""
    model: str = ""
    #: ``NOT_SAVED`` when the answer is shown but not yet saved; else the error's kind.
    error_kind: str = ""
    #: "" when everything shown is in the log; else, for the user, that the answer is shown but
    #: not yet saved, and where it is kept until the next start adds it to the conversation.
    unsaved: str = ""


#: Longest automatic title taken from the first prompt of a conversation.
TITLE_MAX_CHARS = 60


def derive_title(prompt: str) -> str:
    """A conversation title from its first prompt: the first non-blank line, shortened."""
    for line in prompt.splitlines():
        line = " ".join(line.split())
        if line:
            if len(line) > TITLE_MAX_CHARS:
                return line[: TITLE_MAX_CHARS - 1].rstrip() + "…"
            return line
    return ""

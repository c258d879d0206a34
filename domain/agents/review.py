"""The review note: what a model is told when it takes over a conversation from another one.

Why it exists: switching model (or agent) mid-conversation is a hand-over. The new model did not
write the previous answer and may not trust it the way its author would; asking it to check the
previous step before continuing catches mistakes early (the same idea as a reviewer reading the
last commit before adding to it). The note travels in the frozen request's ``review_note``: it is
recorded in ``turn_started`` and rendered in front of the user's text for the model, never shown
in the chat bubble.

Invariants it keeps:

- a note is written exactly when the previous turn on the path ran under a different provider,
  model or agent than the new one; the first turn and an unchanged set-up get "";
- the text is deterministic for the same inputs (it is part of what a past request re-renders to).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnIdentity:
    """Who answered (or will answer) a turn: the provider, the model and the agent ("" = none)."""

    provider_id: str
    model: str
    agent: str = ""

    def describe(self) -> str:
        who = f"{self.model or 'the default model'} ({self.provider_id})"
        return f"{who} acting as the agent '{self.agent}'" if self.agent else who


def review_note(previous: TurnIdentity | None, current: TurnIdentity) -> str:
    """The note for ``current`` taking over from ``previous`` ("" when nothing changed)."""
    if previous is None or previous == current:
        return ""
    return (
        f"[Review note] The previous step of this conversation was answered by "
        f"{previous.describe()}; you are {current.describe()} and are taking over. Before "
        "continuing, check the previous answer and any tool results for mistakes or gaps, say "
        "briefly what you would correct (if anything), then answer the message below."
    )

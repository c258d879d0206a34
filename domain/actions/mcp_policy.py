"""The gate for Model Context Protocol tools: run, ask or refuse one call, as a pure function.

Why it exists: an MCP tool is code on someone else's server. Parley cannot classify what it does
the way it classifies a shell command, so the decision rests on what the *user* said (the turn's
gate mode, the stored per-tool policy, "allow for this conversation") and on what the *server
claims* (its annotations). This module is the one place those inputs meet; it has no I/O, so the
same inputs always give the same decision, and the decision can be recorded and replayed.

Invariants it keeps:

- the user's word is first: a stored ``deny`` refuses, a stored ``run`` ("Always allow this
  tool") and an "allow for this conversation" grant run, whatever the server claims;
- annotations are claims: they can *raise* the prompt (``destructiveHint`` or ``openWorldHint``
  true → ask) but never lower it below the user's setting: in ``confirm`` mode ("ask every
  time") a tool that says it is read-only is still asked about, and so is one stored as ``ask``;
- a tool with no annotations, or that does not claim to be read-only, is asked about;
- in ``auto`` mode only a tool claiming ``readOnlyHint`` true (and neither destructive nor open
  world) runs without asking;
- an unattended turn never asks: what would be asked is refused.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.domain.actions.model import ASK, REFUSE, RUN
from parley.domain.texts import QT_TRANSLATE_NOOP

#: The per-tool policies a user can store (``McpServerConfig.tool_policies``).
POLICY_RUN = "run"
POLICY_ASK = "ask"
POLICY_DENY = "deny"

# The reasons a person reads (the permission dialog, a tool card), marked for translation.
_DENIED = QT_TRANSLATE_NOOP("GateReason", "your settings deny this tool")
_ALWAYS = QT_TRANSLATE_NOOP("GateReason", "you chose to always allow this tool")
_FOR_CONVERSATION = QT_TRANSLATE_NOOP("GateReason", "you allowed this tool for this conversation")
_READ_ONLY = QT_TRANSLATE_NOOP("GateReason", "the server says this tool only reads")
_POLICY_ASK = QT_TRANSLATE_NOOP("GateReason", "your settings ask before this tool runs")
_CONFIRM = QT_TRANSLATE_NOOP("GateReason", "this turn asks before every action")
_DESTRUCTIVE = QT_TRANSLATE_NOOP(
    "GateReason", "the server says this tool may delete or overwrite things"
)
_OPEN_WORLD = QT_TRANSLATE_NOOP("GateReason", "the server says this tool reaches outside services")
_NO_CLAIM = QT_TRANSLATE_NOOP("GateReason", "the server does not say this tool only reads")
_UNATTENDED = QT_TRANSLATE_NOOP(
    "GateReason", "{reason} (an unattended turn never asks, so it refuses)"
)


@dataclass(frozen=True)
class ToolClaims:
    """What the server says about the tool (``None``: it did not say)."""

    read_only: bool | None = None
    destructive: bool | None = None
    open_world: bool | None = None
    idempotent: bool | None = None

    def describe(self) -> tuple[str, ...]:
        """The claims as short phrases for the user ("read-only", "may delete or change
        things", …); empty when the server claims nothing."""
        out: list[str] = []
        if self.read_only is True:
            out.append("read-only")
        elif self.read_only is False:
            out.append("not read-only")
        if self.destructive is True:
            out.append("may delete or overwrite things")
        elif self.destructive is False:
            out.append("does not delete or overwrite")
        if self.open_world is True:
            out.append("reaches outside services (open world)")
        elif self.open_world is False:
            out.append("stays within its own system")
        if self.idempotent is True:
            out.append("safe to repeat")
        return tuple(out)


@dataclass(frozen=True)
class McpDecision:
    """``decision`` is ``run``, ``ask`` or ``refuse``; ``rule`` names the clause that decided
    and ``reason`` says it for the user and the record."""

    decision: str
    rule: str
    reason: str


def decide_mcp_call(
    *,
    gate_mode: str,
    stored_policy: str,
    granted_for_conversation: bool,
    claims: ToolClaims,
    unattended: bool = False,
) -> McpDecision:
    """The gate's decision for one call of an MCP tool (see the module docstring).

    ``gate_mode`` is the turn's (``auto`` or ``confirm``); ``stored_policy`` the user's stored
    choice for this tool (``run``/``ask``/``deny``, "" for none; anything else counts as none);
    ``granted_for_conversation`` whether the user allowed it for this conversation already."""
    if stored_policy == POLICY_DENY:
        return McpDecision(REFUSE, "mcp.policy.deny", _DENIED)
    if stored_policy == POLICY_RUN:
        return McpDecision(RUN, "mcp.policy.run", _ALWAYS)
    if granted_for_conversation:
        return McpDecision(RUN, "mcp.conversation", _FOR_CONVERSATION)
    asked = _why_ask(gate_mode, stored_policy, claims)
    if asked is not None:
        rule, reason = asked
        if unattended:
            return McpDecision(
                REFUSE,
                rule,
                _UNATTENDED.format(reason=reason),
            )
        return McpDecision(ASK, rule, reason)
    return McpDecision(RUN, "mcp.claims.read_only", _READ_ONLY)


def _why_ask(gate_mode: str, stored_policy: str, claims: ToolClaims) -> tuple[str, str] | None:
    """The rule and reason to ask, or ``None`` when the call may run without asking."""
    if stored_policy == POLICY_ASK:
        return "mcp.policy.ask", _POLICY_ASK
    if gate_mode != "auto":  # "confirm", or anything unknown: ask
        return "mcp.gate.confirm", _CONFIRM
    if claims.destructive is True:
        return "mcp.claims.destructive", _DESTRUCTIVE
    if claims.open_world is True:
        return "mcp.claims.open_world", _OPEN_WORLD
    if claims.read_only is not True:
        return "mcp.claims.none", _NO_CLAIM
    return None

"""Run one block of tool calls through the gate, and record every decision.

Why it exists: between "the model asked for these tools" and "these results go back to the model"
sits the whole safety story of a turn: the pure validator (PASS / NO_OP / REJECT_RETRY), the effect
classifier, the gate (run / ask / refuse), the user's answer, the execution, and the record of each
step. Keeping it in one place, in application (no Qt, no filesystem), makes the order testable.

Invariants it keeps:

- every tool call gets exactly one ``tool_result`` — run, skipped, rejected, refused, dropped or
  not run because the turn stopped — because providers require a result for every call;
- every decision is an ``action_verdict`` event *before* the ``tool_result``; an action that
  needed the user has ``asked`` then ``allowed`` / ``refused`` (source ``user``);
- actions of a block are validated one at a time, each against the snapshot as the actions
  before it left it (what the turn creates becomes visible; the snapshot only grows);
- nothing runs before its verdict is ``PASS`` and the gate says run (or the user allowed it);
  nothing the model writes in its arguments can lower an effect or skip the gate;
- rejected actions get the validator's deterministic feedback as their result, up to
  ``retry_budget`` corrective rounds per turn; after that they are dropped with a notice, and the
  valid actions of the same block still run;
- "allow for this conversation" covers that exact command in that conversation only, for as long
  as Parley runs;
- the person asked is the one the *turn* brought (``run_tool_block``'s ``asker``, handed to
  ``TurnRuntime.run`` by the surface that started the turn): the shared ``Toolbox`` holds no
  asker, so two turns running at once in two windows (or a window and ``parley ask``) each ask
  their own person, and nothing is swapped on a shared object.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from parley.application.conversations.tool_call_accumulator import ParsedToolCall
from parley.application.ports.tools import (
    ALLOW_SESSION,
    DENY,
    PermissionAsker,
    PermissionRequest,
    ToolContext,
    ToolExecutor,
    WorkspaceInspector,
)
from parley.application.tools.mcp_tools import McpTurn, record_calls
from parley.domain.actions.confinement import (
    Confinement,
    confinement_for,
    names_to_hide,
    needs_network,
)
from parley.domain.actions.effects import classify_command, classify_install, gate
from parley.domain.actions.model import (
    ASK,
    BUILTIN_TOOLS,
    NO_OP,
    REFUSE,
    REJECT_RETRY,
    Effect,
    ProposedAction,
    StateSnapshot,
    Verdict,
)
from parley.domain.actions.validator import feedback_for, validate_action
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import (
    ActionVerdict,
    Event,
    GateOpened,
    Notice,
    ToolResult,
)

log = logging.getLogger(__name__)

#: Corrective rounds a turn gets for rejected actions before they are dropped.
DEFAULT_RETRY_BUDGET = 2


@dataclass
class Toolbox:
    """The world-facing parts a tool turn needs, and the per-conversation allowances. Shared by
    every turn of the process; who answers the gate's questions is not here but per turn."""

    inspector: WorkspaceInspector
    executor: ToolExecutor
    context_for: Callable[[ConversationExecutionRequest], ToolContext]
    enabled: tuple[str, ...] = BUILTIN_TOOLS
    retry_budget: int = DEFAULT_RETRY_BUDGET
    _allowed_commands: dict[str, set[str]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allowed_for_conversation(self, session_id: str, command: str) -> bool:
        with self._lock:
            return command in self._allowed_commands.get(session_id, set())

    def allow_for_conversation(self, session_id: str, command: str) -> None:
        with self._lock:
            self._allowed_commands.setdefault(session_id, set()).add(command)


class NobodyToAsk:
    """The asker of a turn that brought none: nobody can answer, so the answer is Deny."""

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        return DENY


@dataclass
class ToolTurnState:
    """What a turn carries from one tool block to the next."""

    snapshot: StateSnapshot
    context: ToolContext
    rejected_rounds: int = 0


def run_tool_block(
    toolbox: Toolbox,
    request: ConversationExecutionRequest,
    state: ToolTurnState,
    calls: Sequence[ParsedToolCall],
    *,
    append: Callable[[Event], object],
    stop: threading.Event,
    model: str,
    asker: PermissionAsker,
    mcp: McpTurn | None = None,
) -> None:
    """Gate, run and record one block of tool calls (see the module docstring); ``asker`` is
    the person this turn asks when the gate says ask; ``mcp`` the turn's MCP tools (their calls
    go through ``McpTurn.run``: ``application/tools/mcp_tools.py``)."""
    actions = record_calls(calls, append)

    rejected = mcp_rejected = False
    for action in actions:
        if stop.is_set():
            append(ToolResult(action.call_id, "Not run: the turn was stopped.", False))
            continue
        if mcp is not None and mcp.owns(action.tool):
            # An MCP tool (``mcp__server__tool``): its own schema, policy and client; a built-in
            # name never matches, so no server can shadow a built-in tool.
            again = mcp.run(action, request, append=append, stop=stop, model=model, asker=asker)
            mcp_rejected = again or mcp_rejected
            continue
        # Validated one at a time against the snapshot as the earlier actions of this block left
        # it, so a file one action wrote (or a command made) is visible to the next.
        verdict, _planned = validate_action(action, state.snapshot)
        if verdict.decision == REJECT_RETRY:
            if state.rejected_rounds >= toolbox.retry_budget:
                _record(append, action, verdict, None, "dropped", "validator", model)
                append(
                    ToolResult(
                        action.call_id,
                        f"Dropped after {toolbox.retry_budget} corrections: {verdict.reason}",
                        False,
                    )
                )
                append(
                    Notice(
                        f"Dropped {action.tool}: {verdict.reason} (still invalid after "
                        f"{toolbox.retry_budget} chances to correct it).",
                        "warning",
                    )
                )
            else:
                rejected = True
                _record(append, action, verdict, None, "rejected", "validator", model)
                append(ToolResult(action.call_id, feedback_for(verdict), False))
            continue
        if verdict.decision == NO_OP:
            _record(append, action, verdict, None, "skipped", "validator", model)
            append(ToolResult(action.call_id, f"Nothing to do: {verdict.reason}", True))
            append(Notice(f"Skipped {action.tool}: {verdict.reason}", "info"))
            continue
        _gate_and_run(toolbox, request, state, action, verdict, append, stop, model, asker)
    if rejected:
        state.rejected_rounds += 1
    if mcp is not None and mcp_rejected:
        mcp.rejected_rounds += 1


def _gate_and_run(
    toolbox: Toolbox,
    request: ConversationExecutionRequest,
    state: ToolTurnState,
    action: ProposedAction,
    verdict: Verdict,
    append: Callable[[Event], object],
    stop: threading.Event,
    model: str,
    asker: PermissionAsker,
) -> None:
    effect = _effect(action, verdict, state.snapshot)
    network = needs_network(action.tool, str(action.arguments.get("command", "")))
    decision = gate(
        action.tool,
        effect,
        gate_mode=request.gate_mode,
        unattended=request.unattended,
        confined=bool(state.snapshot.confinement),
        network=network,
    )
    command = _exact_command(action)
    source = "gate"
    if (
        decision == ASK
        and command
        and toolbox.allowed_for_conversation(request.session_id, command)
    ):
        decision, source = "run", "conversation allowance"
    # What the action would run under once allowed: shown in the prompt, recorded, enforced.
    # A person's yes (now or for the conversation) is what widens it beyond the sandbox folder.
    asked = decision != "run" or source == "conversation allowance"
    confinement = _confinement(action, effect, state.snapshot, asked=asked)
    if decision == REFUSE:
        _record(append, action, verdict, effect, "refused", "gate", model, confinement)
        why = effect.reason if effect else verdict.reason
        if request.unattended:
            why = f"{why} (an unattended turn never asks, so it refuses)"
        append(ToolResult(action.call_id, f"Refused: {why}", False))
        return
    if decision == ASK:
        _record(append, action, verdict, effect, "asked", "gate", model, confinement)
        summary = _summary(action, verdict)
        append(
            GateOpened(gate="permission", reason=f"{summary} — {effect.reason if effect else ''}")
        )
        answer = asker.ask(
            PermissionRequest(
                session_id=request.session_id,
                call_id=action.call_id,
                tool=action.tool,
                summary=summary,
                effect=effect or Effect("unknown", "gate.confirm", "confirmation required"),
                confinement=confinement,
            ),
            stop,
        )
        if answer == DENY or stop.is_set():
            _record(append, action, verdict, effect, "refused", "user", model, confinement)
            append(ToolResult(action.call_id, "The user did not allow this action.", False))
            return
        if answer == ALLOW_SESSION and command:
            toolbox.allow_for_conversation(request.session_id, command)
        _record(append, action, verdict, effect, "allowed", "user", model, confinement)
    else:
        _record(append, action, verdict, effect, "ran", source, model, confinement)
    try:
        if confinement is None:
            outcome = toolbox.executor.execute(action, verdict, state.context)
        else:
            outcome = toolbox.executor.execute(action, verdict, state.context, confinement)
    except Exception as exc:  # a bug in an executor must not lose the turn's record
        log.exception("tool %s failed", action.tool)
        append(ToolResult(action.call_id, f"Internal error in {action.tool}: {exc}", False))
        return
    for path, digest in outcome.created:
        state.snapshot = state.snapshot.with_created(path, digest)
    if action.tool in ("run_command", "install_package"):
        # A process can change what the next action is judged against (a link copied in with
        # cp -P, a directory swapped for a link): look again before the next verdict.
        _refresh(toolbox, state)
    append(ToolResult(action.call_id, outcome.result, outcome.success))


def _refresh(toolbox: Toolbox, state: ToolTurnState) -> None:
    old = state.snapshot
    try:
        fresh = toolbox.inspector.snapshot(
            workspace=state.context.workspace,
            sandbox=state.context.sandbox,
            advertised_tools=old.advertised_tools,
            gate_mode=old.gate_mode,
            unattended=old.unattended,
        )
    except Exception:  # the old snapshot stays: stricter is never wrong, and the turn goes on
        log.exception("could not refresh the workspace snapshot")
        return
    state.snapshot = old.refreshed_by(fresh)


def _confinement(
    action: ProposedAction, effect: Effect | None, snapshot: StateSnapshot, *, asked: bool
) -> Confinement | None:
    if action.tool not in ("run_command", "install_package"):
        return None
    return confinement_for(
        action.tool,
        str(action.arguments.get("command", "")),
        effect.level if effect else "unknown",
        asked=asked,
        mechanism=snapshot.confinement or "none",
        hidden=names_to_hide(snapshot.links),
    )


def _effect(action: ProposedAction, verdict: Verdict, snapshot: StateSnapshot) -> Effect | None:
    if action.tool == "run_command":
        return classify_command(
            str(action.arguments.get("command", "")), cwd_target=verdict.target, snapshot=snapshot
        )
    if action.tool == "install_package":
        return classify_install(verdict.target or str(action.arguments.get("name", "")), snapshot)
    return None


def _exact_command(action: ProposedAction) -> str:
    if action.tool == "run_command":
        cwd = action.arguments.get("cwd", "sandbox")
        return f"run_command:{cwd}:{action.arguments.get('command', '')}"
    if action.tool == "install_package":
        return f"install_package:{action.arguments.get('name', '')}"
    return ""


def _summary(action: ProposedAction, verdict: Verdict) -> str:
    if action.tool == "run_command":
        return f"run `{action.arguments.get('command', '')}` in {verdict.target or 'sandbox:.'}"
    if action.tool == "install_package":
        return f"install the Python package {verdict.target or action.arguments.get('name', '')}"
    return f"{action.tool} {verdict.target}"


def _record(
    append: Callable[[Event], object],
    action: ProposedAction,
    verdict: Verdict,
    effect: Effect | None,
    decision: str,
    source: str,
    model: str,
    confinement: Confinement | None = None,
) -> None:
    # A gate decision is explained by the effect's rule; a validator decision by the verdict's.
    decided_by_effect = effect is not None and verdict.decision not in (REJECT_RETRY, NO_OP)
    append(
        ActionVerdict(
            call_id=action.call_id,
            tool=action.tool,
            effect=effect.level if effect else "",
            rule=effect.rule if decided_by_effect and effect else verdict.rule,
            reason=effect.reason if decided_by_effect and effect else verdict.reason,
            decision=decision,
            source=source,
            model=model,
            input={"target": verdict.target, **_input_summary(action)},
            confinement=confinement.as_record() if confinement is not None else {},
        )
    )


def _input_summary(action: ProposedAction) -> dict[str, str]:
    if action.tool == "run_command":
        return {"command": str(action.arguments.get("command", ""))}
    if action.tool == "install_package":
        return {"name": str(action.arguments.get("name", ""))}
    return {}

"""Runs a list of commands through the real gate and executor, as a tool turn would.

Why it exists: the everyday-commands test and its benchmark count the same thing — which
commands run without a prompt and whether they worked — through ``run_tool_block`` (validator,
classifier, gate, confinement, executor), never by calling the gate alone.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from application.conversations.tool_call_accumulator import ParsedToolCall
from application.ports.tools import DENY, ToolContext
from application.tools.toolbox import Toolbox, ToolTurnState, run_tool_block
from domain.agents.conversation_execution_request import ConversationExecutionRequest
from domain.transcript.canonical import ActionVerdict, ToolResult, mint_id


@dataclass(frozen=True)
class Outcome:
    cwd: str
    command: str
    decision: str  # ran / asked / refused / rejected …
    success: bool
    result: str
    effect: str = ""
    rule: str = ""


class _Deny:
    def ask(self, request, cancel: threading.Event) -> str:  # type: ignore[no-untyped-def]
        return DENY


def run_commands(
    commands: tuple[tuple[str, str], ...],
    *,
    workspace: Path,
    sandbox: Path,
    inspector: object,
    executor: object,
    gate_mode: str = "auto",
) -> list[Outcome]:
    """Each command as its own tool block of one turn (snapshot refreshed as the turn goes)."""
    context = ToolContext(workspace=workspace, sandbox=sandbox, session_id="s1")
    toolbox = Toolbox(
        inspector=inspector,  # type: ignore[arg-type]
        executor=executor,  # type: ignore[arg-type]
        context_for=lambda request: context,
    )
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id="s1",
        prompt="go",
        provider_id="local",
        model="m",
        workspace=workspace,
        gate_mode=gate_mode,
    )
    snapshot = toolbox.inspector.snapshot(
        workspace=workspace,
        sandbox=sandbox,
        advertised_tools=("run_command",),
        gate_mode=gate_mode,
        unattended=False,
    )
    state = ToolTurnState(snapshot, context)
    outcomes: list[Outcome] = []
    for cwd, command in commands:
        events: list[object] = []
        call = ParsedToolCall(None, "run_command", {"command": command, "cwd": cwd}, "", "")
        run_tool_block(
            toolbox,
            request,
            state,
            [call],
            append=events.append,
            stop=threading.Event(),
            model="m",
            asker=_Deny(),
        )
        verdicts = [e for e in events if isinstance(e, ActionVerdict)]
        results = [e for e in events if isinstance(e, ToolResult)]
        decision = verdicts[0].decision if verdicts else "?"
        result = results[-1] if results else None
        outcomes.append(
            Outcome(
                cwd,
                command,
                decision,
                bool(result and result.success),
                result.result if result else "",
                verdicts[0].effect if verdicts else "",
                verdicts[0].rule if verdicts else "",
            )
        )
    return outcomes

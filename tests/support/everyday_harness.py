"""Runs a list of commands through the real gate and executor, as a tool turn would.

Why it exists: the everyday-commands test and its benchmark count the same thing — which
commands run without a prompt and whether they worked — through ``run_tool_block`` (validator,
classifier, gate, confinement, executor), never by calling the gate alone; the blocks run
through ``tests.support.tool_turns.run_tool_blocks``, as the escape corpus's do.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from parley.application.ports.tools import DENY, ToolContext
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import ActionVerdict, ToolResult, mint_id
from tests.support.tool_turns import run_tool_blocks


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
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id="s1",
        prompt="go",
        provider_id="local",
        model="m",
        workspace=workspace,
        gate_mode=gate_mode,
    )
    blocks = run_tool_blocks(
        [("run_command", {"command": command, "cwd": cwd}) for cwd, command in commands],
        request=request,
        context=ToolContext(workspace=workspace, sandbox=sandbox, session_id="s1"),
        inspector=inspector,
        executor=executor,
        asker=_Deny(),
        advertised_tools=("run_command",),
    )
    outcomes: list[Outcome] = []
    for (cwd, command), events in zip(commands, blocks, strict=True):
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

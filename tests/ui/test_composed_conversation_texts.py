"""What the conversation view shows is in the window's language (issue 20): a turn's outcome
lines and notices (``turn_runtime``), a tool card's words (``conversation_view``), the gate's
reasons and the sandbox sentence (``domain.actions``), all composed below the window in English
and marked there with ``QT_TRANSLATE_NOOP``.

Each test makes the English text through the real code, checks it is byte-identical to what the
record and the command line have always said, and that ``translate_text`` recognises it: with a
fake translation that wraps every source of our contexts in «…», the text comes back as its
translated template with the same values (nested values translated too). One test uses the
shipped German ``.qm`` and compares with ``QCoreApplication.translate`` (true before and after
the ``.ts`` files are filled).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

import parley.ui.i18n as i18n
from parley.application.conversation_view.items import ContextFill, Outcome, ToolCard, thought_label
from parley.application.conversation_view.wording import (
    argument_summary,
    card_detail_lines,
    card_status,
)
from parley.application.conversations.turn_runtime import runtime, stops
from parley.domain.actions import mcp_policy
from parley.domain.actions.confinement import Confinement
from parley.domain.actions.effects import classify_command
from parley.domain.actions.model import StateSnapshot
from parley.domain.texts import marked
from parley.domain.transcript.canonical import ActionVerdict, ToolCall, ToolResult
from parley.ui.i18n.composed import translate_text
from parley.ui.permission import shown_reason
from tests.support.translators import Wrapping, installed
from tests.support.translators import german as german_translation

#: The contexts this area marks its texts in.
CONTEXTS = {"TurnOutcome", "ToolCard", "GateReason", "Confinement", "ConversationItems",
            "ContextGauge", "Compaction"}  # fmt: skip


@pytest.fixture
def fake(qapp):
    with installed(Wrapping(CONTEXTS)) as translator:
        yield translator


@pytest.fixture
def german(qapp):
    with installed(german_translation()) as translator:
        yield translator


def _in(context: str, template: str) -> None:
    assert marked().get(template) == context, template


def _outcome(status: str, result: str, error: str = "") -> Outcome:
    return Outcome("k", "t1", status, result, 1, error=error)


def _card(decision: str, reason: str = "", success: bool | None = None) -> ToolCard:
    call = ToolCall(call_id="c1", tool="run_command", arguments={"command": "rm -rf /tmp/x"})
    verdict = ActionVerdict(
        call_id="c1",
        tool="run_command",
        effect="dangerous",
        rule="delete.outside_sandbox",
        reason=reason,
        decision=decision,
        source="gate",
    )
    result = None if success is None else ToolResult(call_id="c1", result="ok", success=success)
    return ToolCard("k", "t1", "c1", call, (verdict,), result)


# -- the English stays as it was ----------------------------------------------------------------


def test_the_english_texts_are_unchanged(qapp) -> None:
    assert not i18n.translating()
    notice = runtime._STEP_LIMIT_NOTICE.format(steps=8)
    assert notice == "Stopped after 8 steps (the step limit)."
    assert translate_text(notice) == notice  # English: untouched
    assert runtime._TIMED_OUT.format(limit=f"{30.0:g}") == (
        "the turn ran longer than its limit of 30 s"
    )
    assert str(stops._AnswerTooLong(12000)).startswith(
        "the answer passed Parley's limit of 12,000 characters (text, reasoning and tool-call"
    )
    unusable = runtime._UNUSABLE[(True, False)].format(problems="a.pdf: unreadable")
    assert unusable == (
        "could not use the attachment — a.pdf: unreadable. Nothing was sent to the model; "
        "remove or replace the file and send again."
    )
    assert _outcome("timed_out", "failed", "x").summary == "Timed out: x"
    assert _outcome("cancelled", "stopped").summary == "(stopped)"
    assert thought_label(125) == "Thought for 2 min 5 s"
    assert card_status(_card("ran", success=False)) == ("ran, failed ✗", "error")
    assert Confinement("bubblewrap", "sandbox-write", False).describe() == (
        "Sandboxed (bubblewrap): can write only in this turn's sandbox folder, without network "
        "access; your home folder is hidden."
    )


# -- recognised and shown translated -------------------------------------------------------------


def test_a_turns_notices_and_outcome_lines(fake) -> None:
    _in("TurnOutcome", "Stopped after {steps} steps (the step limit).")
    notice = runtime._STEP_LIMIT_NOTICE.format(steps=8)
    assert translate_text(notice) == "«Stopped after 8 steps (the step limit).»"
    timed_out = _outcome(
        "timed_out", "failed", runtime._TIMED_OUT.format(limit=f"{30.0:g}")
    ).summary
    assert translate_text(timed_out) == (
        "«Timed out: «the turn ran longer than its limit of 30 s»»"
    )
    task = _outcome("failed", "failed", runtime._STEP_LIMIT_TASK.format(steps=12)).summary
    assert translate_text(task).startswith("«Failed: «the task did not finish within its 12 steps")
    assert translate_text(_outcome("cancelled", "stopped").summary) == "«(stopped)»"
    too_long = str(stops._AnswerTooLong(12000))
    assert translate_text(too_long).startswith("«the answer passed Parley's limit of 12,000 ")
    saved = runtime._SAVED_FILES_MORE.format(count=7, destination="/o", names="a, b", more=2)
    assert translate_text(saved) == "«Saved 7 file(s) to /o: a, b and 2 more.»"
    length = runtime._FINISH_NOTICES["length"]
    assert translate_text(length) == f"«{length}»"


def test_a_tool_cards_words(fake) -> None:
    ran = card_status(_card("ran", success=True))[0]
    assert ran == "ran ✓"
    assert translate_text(ran) == "««ran» ✓»"
    assert translate_text(card_status(_card("asked"))[0]) == "«waiting for your permission»"
    assert translate_text(argument_summary(ToolCard("k", "t1", "c2"))) == (
        "«(the call was not recorded)»"
    )
    reason = mcp_policy._DESTRUCTIVE
    lines = card_detail_lines(_card("refused", reason=reason, success=None))
    words = [line for line, is_words in lines if is_words]
    assert words[0] == "arguments:" and translate_text(words[0]) == "«arguments:»"
    verdict = words[1]
    assert verdict.startswith("verdict: refused (gate) · rule delete.outside_sandbox")
    assert translate_text(verdict).startswith("«verdict: ")
    assert words[2] == f"  {reason}"
    assert translate_text(reason) == f"«{reason}»"
    data = [line for line, is_words in lines if not is_words]
    assert data == ["  command: rm -rf /tmp/x"]  # the model's data is never translated


def test_the_gates_reasons_and_the_sandbox_sentence(fake, tmp_path: Path) -> None:
    snapshot = StateSnapshot(workspace_root=str(tmp_path), sandbox_root=str(tmp_path / ".s"))
    effect = classify_command("sudo ls", cwd_target="sandbox:.", snapshot=snapshot)
    assert effect.reason == "sudo runs a command with other privileges"
    assert translate_text(effect.reason) == "«sudo runs a command with other privileges»"
    assert shown_reason(effect.reason, tmp_path) == translate_text(effect.reason)
    unattended = mcp_policy._UNATTENDED.format(reason=mcp_policy._CONFIRM)
    assert translate_text(unattended) == (
        "««this turn asks before every action» (an unattended turn never asks, so it refuses)»"
    )
    sentence = Confinement("bubblewrap", "sandbox-write", True).describe()
    assert translate_text(sentence) == (
        "«Sandboxed (bubblewrap): «can write only in this turn's sandbox folder», "
        "«with network access»; your home folder is hidden.»"
    )


def test_the_reasoning_header_and_the_context_gauge(fake) -> None:
    assert translate_text(thought_label(14)) == "«Thought for 14 s»"
    assert translate_text(thought_label(None)) == "«Reasoning»"
    fill = ContextFill(window=128_000, prompt_tokens=48_640, window_source="table")
    assert fill.label == "38% of 128k"
    assert translate_text(fill.label) == "«38% of 128k»"
    lines = [translate_text(line) for line in fill.tooltip_lines]
    assert lines == [
        "«48,640 of 128,000 tokens in the context window (38%)»",
        "«Window size: «from the table of context windows»»",
    ]


def test_with_the_german_translation(german) -> None:
    """The real ``.qm``: the shown text is the translated template with the same values (the
    English template until the ``.ts`` is filled)."""
    translate = QCoreApplication.translate
    notice = runtime._STEP_LIMIT_NOTICE.format(steps=8)
    assert translate_text(notice) == translate(
        "TurnOutcome", "Stopped after {steps} steps (the step limit)."
    ).format(steps=8)
    status = card_status(_card("refused"))[0]
    assert translate_text(status) == translate("ToolCard", "refused")
    reason = mcp_policy._DENIED
    assert translate_text(reason) == translate("GateReason", "your settings deny this tool")


def test_a_refused_calls_reason_and_the_context_notices(fake) -> None:
    from parley.application.conversations import compactor, turn_context
    from parley.domain.actions import validator

    hint = validator._V_NEAREST.format(kind="file", near="b.txt")
    missing = validator._V_NO_FILE.format(rel="a.txt", hint=hint, parent=".")
    assert missing == (
        "there is no file 'a.txt' in the workspace or the sandbox. Nearest existing files: "
        "b.txt. Use list_dir with path '.' to see what exists, then try again."
    )
    assert translate_text(missing) == (
        "«there is no file 'a.txt' in the workspace or the sandbox.« Nearest existing files: "
        "b.txt.» Use list_dir with path '.' to see what exists, then try again.»"
    )
    notice = turn_context._NOT_SUMMARISED.format(reason=compactor._STOPPED)
    assert translate_text(notice) == (
        "«Earlier messages could not be summarised: «stopped before the summary was finished». "
        "The conversation is unchanged.»"
    )
    assert translate_text("Stopped before the summary was finished.") == (
        "«Stopped before the summary was finished.»"
    )


def test_a_redirections_reason_keeps_its_verb_whole(fake, tmp_path: Path) -> None:
    snapshot = StateSnapshot(workspace_root=str(tmp_path), sandbox_root=str(tmp_path / ".s"))
    effect = classify_command("echo hi > /etc/motd", cwd_target="sandbox:.", snapshot=snapshot)
    assert effect.reason.startswith("redirects output to /etc/motd, which ")
    shown = translate_text(effect.reason)
    assert shown.startswith("«redirects output to /etc/motd, which «"), shown

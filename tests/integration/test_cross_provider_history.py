"""A conversation that moves between providers: each renders the shared log in its own format.

Turn 1 ran on Anthropic with extended thinking (a signed reasoning block) and a tool call; turn 2
goes to an OpenAI-compatible endpoint and turn 3 back to Anthropic. The log is rendered per call
(``render_chat_request``) and handed to each adapter's own message renderer: reasoning only the
old provider understands is left out, tool calls and results keep their local ids (each adapter
maps them at its own edge), and the review note travels with the user message."""

from __future__ import annotations

from parley.application.conversations.compose import TurnDraft, compose_turn
from parley.application.conversations.render import render_chat_request
from parley.domain.transcript.canonical import (
    AssistantText,
    Reasoning,
    ToolCall,
    ToolResult,
    TurnStarted,
    UserMessage,
)
from parley.infrastructure.providers import anthropic, openai_compatible
from tests.unit.test_branches import Log


def _log() -> Log:
    log = Log()
    log.add("t1", TurnStarted(provider_id="claude", model="claude-x", follows_turn_id=""))
    log.add("t1", UserMessage(text="List the files"))
    log.add("t1", Reasoning(text="I should call ls.", model="claude-x", provider_kind="anthropic",
                            signature="sig-abc"))  # fmt: skip
    log.add("t1", ToolCall(call_id="call_local_1", tool="list_files", arguments={"path": "."}))
    log.add("t1", ToolResult(call_id="call_local_1", result="a.txt\nb.txt", success=True))
    log.add("t1", AssistantText(text="There are two files.", model="claude-x"))
    return log


def test_openai_turn_after_an_anthropic_turn_drops_thinking_and_keeps_local_ids():
    log = _log()
    draft = TurnDraft(text="And their sizes?", provider_id="local", model="gpt-x", session_id="s")
    request = compose_turn(draft, log.events).request
    log.add(request.turn_id, TurnStarted(provider_id="local", model="gpt-x", follows_turn_id="t1",
                                         review_note=request.review_note))  # fmt: skip
    log.add(request.turn_id, UserMessage(text="And their sizes?"))

    chat = render_chat_request(log.events, current_turn_id=request.turn_id, model="gpt-x")
    rendered = [openai_compatible.render_message(m) for m in chat.messages]
    flat = repr(rendered)
    assert "sig-abc" not in flat and "I should call ls." not in flat  # Anthropic-only thinking
    calls = [m for m in rendered if m.get("tool_calls")]
    assert calls[0]["tool_calls"][0]["id"] == "call_local_1"
    tool = next(m for m in rendered if m["role"] == "tool")
    assert tool["tool_call_id"] == "call_local_1"
    assert rendered[-1]["content"].startswith("[Review note]")
    assert "claude-x" in rendered[-1]["content"]


def test_back_on_anthropic_the_signed_thinking_is_sent_again_with_mapped_ids():
    log = _log()
    log.add("t2", TurnStarted(provider_id="local", model="gpt-x", follows_turn_id="t1"))
    log.add("t2", UserMessage(text="And their sizes?"))
    log.add("t2", AssistantText(text="Tiny.", model="gpt-x"))
    log.add("t3", TurnStarted(provider_id="claude", model="claude-x", follows_turn_id="t2"))
    log.add("t3", UserMessage(text="Thanks"))

    chat = render_chat_request(log.events, current_turn_id="t3", model="claude-x")
    rendered = anthropic.render_messages(chat.messages)
    flat = repr(rendered)
    assert "sig-abc" in flat  # its own kind's signed thinking goes back to it
    tool_use = [b for m in rendered if isinstance(m["content"], list)
                for b in m["content"] if b.get("type") == "tool_use"]  # fmt: skip
    assert tool_use[0]["id"] == anthropic.anthropic_tool_id("call_local_1")

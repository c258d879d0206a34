"""The pure parts of ``turn_context``: which window a provider's "too long" names, and the query
a follow-up searches with. The runtime's behaviour is proved against a real server in
``tests/integration/test_turn_context.py``."""

from __future__ import annotations

import pytest

from parley.application.conversations.turn_context import _query, named_limit
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import StoredEvent, UserMessage


@pytest.mark.parametrize(
    ("message", "limit"),
    [
        # OpenAI (and vLLM, which copies it)
        (
            "This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 130511 tokens. Please reduce the length of the messages.",
            128_000,
        ),
        # Anthropic: the sent count comes first, the maximum second
        ("prompt is too long: 208310 tokens > 200000 maximum", 200_000),
        # Gemini
        (
            "The input token count (1200000) exceeds the maximum number of tokens allowed "
            "(1048576).",
            1_048_576,
        ),
        # llama.cpp server
        ("request (5000 tokens) exceeds the available context size (4096 tokens)", 4_096),
        # Mistral
        (
            "Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 "
            "maximum context length",
            32_768,
        ),
        # says nothing usable
        ("Please reduce the length of the messages or completion.", 0),
        ("the request exceeds the available context size, try increasing it", 0),
    ],
)
def test_the_window_a_too_long_message_names(message: str, limit: int) -> None:
    assert named_limit(message) == limit


def _said(turn: str, text: str, n: int) -> StoredEvent:
    return StoredEvent(n, "2026-12-03T00:00:00Z", "s", turn, UserMessage(text))


def test_a_short_follow_up_is_searched_with_the_question_before_it() -> None:
    earlier = [_said("t1", "Where is Zariski in the index?", 1)]
    short = ConversationExecutionRequest(turn_id="t2", session_id="s", prompt="And Weingarten?")
    assert _query(short, [*earlier, _said("t2", "And Weingarten?", 2)]) == (
        "Where is Zariski in the index? And Weingarten?"
    )
    full = ConversationExecutionRequest(
        turn_id="t2", session_id="s", prompt="Where is the Weingarten map defined?"
    )
    assert _query(full, earlier) == "Where is the Weingarten map defined?"
    first = ConversationExecutionRequest(turn_id="t1", session_id="s", prompt="Zariski?")
    assert _query(first, [_said("t1", "Zariski?", 1)]) == "Zariski?"

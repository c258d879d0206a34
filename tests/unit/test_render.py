"""``render_chat_request`` and ``history_messages`` over hand-built event logs (no I/O)."""

from __future__ import annotations

import itertools

import pytest

from parley.application.conversations.render import history_messages, render_chat_request
from parley.application.ports.chat_provider import (
    ChatRequest,
    ImagePart,
    ProviderMessage,
    ReasoningBlock,
    ToolCallRequest,
)
from parley.domain.agents.conversation_execution_request import INSTRUCTION_SEPARATOR, ChatMessage
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Compaction,
    Event,
    Fact,
    GateOpened,
    Notice,
    Reasoning,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)

SESSION = "s-1"


class Log:
    """Builds a list of ``StoredEvent`` the way the store would hand them back."""

    def __init__(self) -> None:
        self.events: list[StoredEvent] = []
        self._ids = itertools.count(1)

    def add(self, turn_id: str, event: Event, actor: str = "") -> Log:
        n = next(self._ids)
        self.events.append(
            StoredEvent(
                id=n,
                ts=f"2024-01-01T00:00:{n:02d}.000000Z",
                session_id=SESSION,
                turn_id=turn_id,
                event=event,
                actor=actor,
            )
        )
        return self

    def turn(
        self,
        turn_id: str,
        prompt: str,
        answer: str | None = None,
        *,
        finished: bool = True,
        **started: object,
    ) -> Log:
        """A plain turn: turn_started, user_message, optional answer, optional turn_finished."""
        started.setdefault("provider_id", "p")
        started.setdefault("model", "m")
        self.add(turn_id, TurnStarted(**started))  # type: ignore[arg-type]
        self.add(turn_id, UserMessage(text=prompt), "user")
        if answer is not None:
            self.add(turn_id, AssistantText(text=answer, model="m", finish_reason="stop"))
        if finished:
            self.add(turn_id, TurnFinished(status="completed", usage=Usage(1, 2)))
        return self


def render(log: Log, current: str, model: str = "m") -> ChatRequest:
    return render_chat_request(log.events, current_turn_id=current, model=model)


def roles(request: ChatRequest) -> list[str]:
    return [m.role for m in request.messages]


def user(content: str) -> ProviderMessage:
    return ProviderMessage(role="user", content=content)


def assistant(content: str, *calls: ToolCallRequest) -> ProviderMessage:
    return ProviderMessage(role="assistant", content=content, tool_calls=tuple(calls))


# -- render_chat_request: the basics -------------------------------------------------------------


def test_empty_log_renders_no_messages_and_keeps_the_model() -> None:
    request = render_chat_request([], current_turn_id="t1", model="gpt-x")
    assert request == ChatRequest(model="gpt-x", messages=())


def test_single_turn_renders_only_the_user_message() -> None:
    log = Log().turn("t1", "hello", finished=False)
    request = render(log, "t1", model="llama-3")
    assert request.model == "llama-3"
    assert request.messages == (user("hello"),)


def test_history_alternates_user_and_assistant_in_log_order() -> None:
    log = Log().turn("t1", "one", "first answer").turn("t2", "two", "second answer")
    log.turn("t3", "three", finished=False)
    request = render(log, "t3")
    assert request.messages == (
        user("one"),
        assistant("first answer"),
        user("two"),
        assistant("second answer"),
        user("three"),
    )


def test_rendering_reads_only_the_events_not_the_iterable_twice() -> None:
    # A generator (one pass) must be enough: the runtime may hand over any iterable.
    log = Log().turn("t1", "one", "answer").turn("t2", "two", finished=False)
    request = render_chat_request(iter(log.events), current_turn_id="t2", model="m")
    assert roles(request) == ["user", "assistant", "user"]


# -- per-turn composition ------------------------------------------------------------------------


def test_user_message_is_composed_with_its_own_turns_instruction_prefix() -> None:
    log = Log().turn("t1", "summarise this", finished=False, instruction_prefix="You are terse.")
    (message,) = render(log, "t1").messages
    assert message.content == f"You are terse.{INSTRUCTION_SEPARATOR}summarise this"


def test_full_composition_order_review_note_prefix_body_notes() -> None:
    log = Log().turn(
        "t1",
        "BODY",
        finished=False,
        instruction_prefix="PREFIX",
        review_note="REVIEW",
        session_notes="NOTES",
    )
    (message,) = render(log, "t1").messages
    assert message.content == f"REVIEW\n\nPREFIX{INSTRUCTION_SEPARATOR}BODY\n\nNOTES"


def test_each_past_turn_keeps_the_composition_it_ran_under() -> None:
    log = (
        Log()
        .turn("t1", "first", "a1", instruction_prefix="SKILL-A")
        .turn("t2", "second", "a2", session_notes="NOTE-B")
        .turn("t3", "third", finished=False, review_note="REVIEW-C")
    )
    users = [m.content for m in render(log, "t3").messages if m.role == "user"]
    assert users == [
        f"SKILL-A{INSTRUCTION_SEPARATOR}first",
        "second\n\nNOTE-B",
        "REVIEW-C\n\nthird",
    ]


def test_later_turns_settings_do_not_leak_into_earlier_user_messages() -> None:
    log = Log().turn("t1", "plain", "a1").turn("t2", "next", finished=False, instruction_prefix="X")
    users = [m.content for m in render(log, "t2").messages if m.role == "user"]
    assert users[0] == "plain"
    assert users[1] == f"X{INSTRUCTION_SEPARATOR}next"


def test_blank_composition_parts_are_left_out() -> None:
    log = Log().turn("t1", "just this", finished=False, instruction_prefix="  ", session_notes="\n")
    assert render(log, "t1").messages == (user("just this"),)


def test_user_message_without_a_turn_started_is_sent_as_typed() -> None:
    log = Log().add("orphan", UserMessage(text="raw text"), "user")
    assert render(log, "orphan").messages == (user("raw text"),)


# -- the system message --------------------------------------------------------------------------


def test_system_message_is_the_current_turns_project_context_first() -> None:
    log = Log().turn("t1", "q1", "a1").turn("t2", "q2", finished=False, project_context="CTX")
    request = render(log, "t2")
    assert request.messages[0] == ProviderMessage(role="system", content="CTX")
    assert roles(request) == ["system", "user", "assistant", "user"]


def test_system_message_follows_the_current_turn_not_an_earlier_one() -> None:
    log = (
        Log()
        .turn("t1", "q1", "a1", project_context="OLD CONTEXT")
        .turn("t2", "q2", finished=False, project_context="NEW CONTEXT")
    )
    request = render(log, "t2")
    systems = [m.content for m in request.messages if m.role == "system"]
    assert systems == ["NEW CONTEXT"]


def test_no_system_message_when_the_current_turn_has_no_context() -> None:
    log = Log().turn("t1", "q1", "a1", project_context="OLD").turn("t2", "q2", finished=False)
    assert "system" not in roles(render(log, "t2"))


def test_blank_project_context_gives_no_system_message() -> None:
    log = Log().turn("t1", "q1", finished=False, project_context=" \n\t")
    assert roles(render(log, "t1")) == ["user"]


def test_unknown_current_turn_gives_no_system_message() -> None:
    log = Log().turn("t1", "q1", "a1", project_context="CTX")
    assert "system" not in roles(render(log, "not-a-turn"))


# -- assistant text ------------------------------------------------------------------------------


def test_partial_assistant_text_of_a_cancelled_turn_is_sent_back() -> None:
    log = Log().turn("t1", "q1", finished=False)
    log.add("t1", AssistantText(text="half an ans", model="m", partial=True))
    log.add("t1", TurnFinished(status="cancelled"))
    log.turn("t2", "go on", finished=False)
    assert render(log, "t2").messages == (user("q1"), assistant("half an ans"), user("go on"))


def test_consecutive_assistant_texts_of_a_turn_form_one_message() -> None:
    log = Log().turn("t1", "q1", finished=False)
    log.add("t1", AssistantText(text="Hello, ", model="m"))
    log.add("t1", AssistantText(text="world.", model="m"))
    log.turn("t2", "q2", finished=False)
    assert render(log, "t2").messages == (user("q1"), assistant("Hello, world."), user("q2"))


def test_empty_assistant_text_alone_sends_no_assistant_message() -> None:
    log = Log().turn("t1", "q1", "").turn("t2", "q2", finished=False)
    assert roles(render(log, "t2")) == ["user", "user"]


# -- tools ---------------------------------------------------------------------------------------


def test_tool_call_and_result_render_as_assistant_tool_calls_and_tool_message() -> None:
    log = Log().turn("t1", "what's in a.txt?", finished=False)
    log.add("t1", AssistantText(text="Let me look.", model="m", finish_reason="tool_calls"))
    log.add("t1", ToolCall(call_id="call-1", tool="read_file", arguments={"path": "a.txt"}))
    log.add("t1", ToolResult(call_id="call-1", result="hello", success=True))
    log.add("t1", AssistantText(text="It says hello.", model="m"))
    request = render(log, "t1")
    assert request.messages == (
        user("what's in a.txt?"),
        assistant("Let me look.", ToolCallRequest("call-1", "read_file", {"path": "a.txt"})),
        ProviderMessage(role="tool", content="hello", tool_call_id="call-1"),
        assistant("It says hello."),
    )
    # arguments come through as given (local ids, not provider ids)
    call = request.messages[1].tool_calls[0]
    assert dict(call.arguments) == {"path": "a.txt"}


def test_several_tool_calls_of_one_step_share_one_assistant_message() -> None:
    log = Log().turn("t1", "q", finished=False)
    log.add("t1", ToolCall(call_id="call-a", tool="ls", arguments={}))
    log.add("t1", ToolCall(call_id="call-b", tool="pwd", arguments={}))
    log.add("t1", ToolResult(call_id="call-a", result="x", success=True))
    log.add("t1", ToolResult(call_id="call-b", result="boom", success=False))
    request = render(log, "t1")
    assert roles(request) == ["user", "assistant", "tool", "tool"]
    step = request.messages[1]
    assert step.content == ""
    assert [c.call_id for c in step.tool_calls] == ["call-a", "call-b"]
    assert [(m.tool_call_id, m.content) for m in request.messages[2:]] == [
        ("call-a", "x"),
        ("call-b", "boom"),
    ]


def test_text_after_a_pending_tool_call_starts_a_new_assistant_message() -> None:
    log = Log().turn("t1", "q", finished=False)
    log.add("t1", ToolCall(call_id="call-1", tool="ls"))
    log.add("t1", AssistantText(text="after", model="m"))
    request = render(log, "t1")
    assert request.messages[1:] == (
        assistant("", ToolCallRequest("call-1", "ls")),
        assistant("after"),
    )


# -- what is never sent --------------------------------------------------------------------------


def test_notices_verdicts_and_bookkeeping_never_reach_the_provider() -> None:
    log = Log().turn("t1", "q1", finished=False)
    # An attachment that could not be read is recorded, but nothing of it is sent.
    log.add(
        "t1",
        AttachmentAdded(name="a.pdf", error_kind="encrypted", error="SECRET-ATTACHMENT-ERROR"),
    )
    log.add("t1", Notice(text="SECRET-NOTICE", level="warning"))
    log.add(
        "t1",
        ActionVerdict(
            call_id="call-1",
            tool="rm",
            effect="destructive",
            rule="R1",
            reason="SECRET-VERDICT",
            decision="deny",
        ),
    )
    log.add("t1", GateOpened(gate="confirm", reason="SECRET-GATE"))
    log.add("t1", Fact(text="SECRET-FACT"))
    log.add("t1", Compaction(summary="SECRET-SUMMARY", model="m"))
    log.add("t1", AssistantText(text="answer", model="m"))
    log.add("t1", TurnFinished(status="completed", error="SECRET-ERROR"))
    log.turn("t2", "q2", finished=False)
    request = render(log, "t2")
    assert request.messages == (user("q1"), assistant("answer"), user("q2"))
    assert "SECRET" not in repr(request)


def test_a_notice_between_answer_pieces_does_not_split_the_answer() -> None:
    log = Log().turn("t1", "q1", finished=False)
    log.add("t1", AssistantText(text="cut ", model="m", finish_reason="length"))
    log.add("t1", Notice(text="cut off", level="warning"))
    log.add("t1", AssistantText(text="more", model="m"))
    assert render(log, "t1").messages[1:] == (assistant("cut more"),)


# -- history_messages ----------------------------------------------------------------------------


def test_history_messages_are_what_the_user_typed_and_saw() -> None:
    log = (
        Log()
        .turn("t1", "first", "a1", instruction_prefix="PREFIX", project_context="CTX")
        .turn("t2", "second", "a2", session_notes="NOTES")
    )
    assert history_messages(log.events) == (
        ChatMessage("user", "first"),
        ChatMessage("assistant", "a1"),
        ChatMessage("user", "second"),
        ChatMessage("assistant", "a2"),
    )


def test_history_messages_keep_partial_text_and_skip_empty_text() -> None:
    log = Log().turn("t1", "q1", "").turn("t2", "q2", finished=False)
    log.add("t2", AssistantText(text="partial", model="m", partial=True))
    assert history_messages(log.events) == (
        ChatMessage("user", "q1"),
        ChatMessage("user", "q2"),
        ChatMessage("assistant", "partial"),
    )


def test_history_messages_join_the_steps_of_one_turn() -> None:
    log = Log().turn("t1", "q", finished=False)
    log.add("t1", AssistantText(text="Let me check. ", model="m"))
    log.add("t1", ToolCall(call_id="call-1", tool="ls"))
    log.add("t1", ToolResult(call_id="call-1", result="TOOL-OUTPUT", success=True))
    log.add("t1", Notice(text="NOTICE"))
    log.add("t1", AssistantText(text="Done.", model="m"))
    out = history_messages(log.events)
    assert out == (ChatMessage("user", "q"), ChatMessage("assistant", "Let me check. Done."))


def test_history_messages_do_not_join_answers_of_different_turns() -> None:
    log = Log()
    log.add("t1", AssistantText(text="from t1", model="m"))
    log.add("t2", AssistantText(text="from t2", model="m"))
    assert history_messages(log.events) == (
        ChatMessage("assistant", "from t1"),
        ChatMessage("assistant", "from t2"),
    )


@pytest.mark.parametrize("events", [[], [TurnFinished(status="failed", error="x")]])
def test_history_messages_of_a_log_without_messages_is_empty(events: list[Event]) -> None:
    log = Log()
    for event in events:
        log.add("t1", event)
    assert history_messages(log.events) == ()


# -- reasoning -----------------------------------------------------------------------------------


def test_reasoning_travels_with_the_assistant_message_it_preceded() -> None:
    log = Log()
    log.add("t1", TurnStarted(provider_id="claude", model="c"))
    log.add("t1", UserMessage(text="why?"), "user")
    log.add(
        "t1",
        Reasoning(text="Let me think.", model="c", provider_kind="anthropic", signature="sig1"),
    )
    log.add("t1", Reasoning(text="", model="c", provider_kind="anthropic", redacted_data="enc"))
    log.add("t1", AssistantText(text="Because.", model="c"))
    log.turn("t2", "and then?", finished=False)
    request = render(log, "t2")
    assert roles(request) == ["user", "assistant", "user"]
    answer = request.messages[1]
    assert answer.content == "Because."
    assert answer.reasoning == (
        ReasoningBlock(provider_kind="anthropic", text="Let me think.", signature="sig1"),
        ReasoningBlock(provider_kind="anthropic", redacted_data="enc"),
    )


def test_reasoning_is_not_part_of_the_visible_history() -> None:
    log = Log()
    log.add("t1", UserMessage(text="q"), "user")
    log.add("t1", Reasoning(text="hidden", model="c", provider_kind="anthropic"))
    log.add("t1", AssistantText(text="a", model="c"))
    assert history_messages(log.events) == (ChatMessage("user", "q"), ChatMessage("assistant", "a"))


def test_a_retried_turn_is_left_out_of_later_requests() -> None:
    log = Log()
    log.turn("t1", "flaky question", finished=False)
    log.add("t1", AssistantText(text="half", model="m", partial=True))
    log.add("t1", TurnFinished(status="failed", error="boom"))
    log.turn("t2", "flaky question", finished=False, retry_of="t1")
    request = render(log, "t2")
    assert request.messages == (user("flaky question"),)


# -- attachments ---------------------------------------------------------------------------------


def test_attachments_are_sent_in_front_of_the_typed_text_in_the_documented_form() -> None:
    log = Log().turn("t1", "Summarise these.", finished=False, instruction_prefix="Be brief.")
    log.add(
        "t1",
        AttachmentAdded(
            name='q3 "final".pdf',
            media_type="application/pdf",
            text="--- page 1 ---\nRevenue grew.",
            units=2,
            unit="pages",
        ),
    )
    log.add("t1", AttachmentAdded(name="photo.png", image_media_type="image/png"))
    log.add(
        "t1",
        AttachmentAdded(name="data.csv", media_type="text/csv", text="| a |\n|---|\n| 1 |"),
    )
    request = render(log, "t1")
    assert request.messages[0].content == (
        "Be brief."
        + INSTRUCTION_SEPARATOR
        + '<attachment name="q3 &quot;final&quot;.pdf" type="application/pdf" pages="2" '
        'chars="28">\n--- page 1 ---\nRevenue grew.\n</attachment>\n\n'
        '<attachment name="data.csv" type="text/csv" chars="17">\n| a |\n|---|\n| 1 |\n'
        "</attachment>\n\n"
        "Summarise these."
    )


def test_an_attachment_belongs_to_its_own_turn_only() -> None:
    log = Log().turn("t1", "first", "ok")
    log.add("t1", AttachmentAdded(name="a.txt", media_type="text/plain", text="A"))
    log.turn("t2", "second", finished=False)
    request = render(log, "t2")
    assert request.messages[0].content.startswith('<attachment name="a.txt"')
    assert request.messages[2].content == "second"


def test_images_travel_as_image_parts_loaded_by_hash() -> None:
    log = Log().turn("t1", "What is in the picture?", finished=False)
    log.add(
        "t1",
        AttachmentAdded(name="cat.png", sha256="ab" * 32, image_media_type="image/png"),
    )
    log.add("t1", AttachmentAdded(name="bad.png", error_kind="vision", error="no images"))
    stored = {"ab" * 32: b"\x89PNG-bytes"}
    request = render_chat_request(
        log.events, current_turn_id="t1", model="m", image_loader=stored.__getitem__
    )
    message = request.messages[0]
    assert message.content == "What is in the picture?"  # an image gets no text block
    assert message.images == (ImagePart("image/png", "iVBORy1ieXRlcw==", "cat.png"),)
    # Without a loader (no store), no image part is invented.
    assert render(log, "t1").messages[0].images == ()

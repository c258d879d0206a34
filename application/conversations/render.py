"""Render a provider request from the canonical event log.

Why it exists: the durable record is the event log, never a provider-shaped message list. Each
provider call renders its messages from the stored events at call time, so the same conversation
can be sent to any provider and the exact request of any past turn can be rebuilt.

Invariants it keeps:

- a user message is rendered with the composition its own turn ran under (the instruction prefix,
  review note and session notes recorded in that turn's ``turn_started``), via the same
  ``compose_user_content`` the runtime uses, so re-rendering a past turn gives the same text;
- the system message is the *current* turn's project context (standing instructions may change);
- tool calls and results keep their locally minted ids (the join key); a call also carries the
  provider's own id and its origin when the log has them, and a result whether the tool failed
  (``is_error``); providers map ids to ones they accept at their own edge;
- reasoning blocks travel with the assistant message they preceded, tagged with the provider kind
  that produced them; each adapter sends back only its own kind's blocks;
- attachments are rendered in front of their turn's typed text, in the exact delimited form of
  ``domain.transcript.attachments`` (ADR-004), from the text recorded in ``attachment_added``;
  an MCP resource's block is named with its URI and server too (``resource_label``), so the
  model can tell where the text came from;
- only the current turn's path through the conversation's tree of branches is sent
  (``domain.transcript.branches``): a regenerated, edited or retried turn's siblings are left
  out entirely, and so is everything after the current turn on other branches;
- a compaction that applies to the path (``compaction.applicable_record``: its replaced turns are
  on the path, whichever branch recorded it) stands in for the events it replaced: they are left
  out and its summary, under ``compaction.heading``, goes in front of the first user message
  after them (a message of its own when none follows), so roles still alternate; which
  compaction was used is ``RenderedRequest.compaction_id``;
- the excerpts retrieved for a turn (``retrieval_performed``) are rendered in front of its typed
  text, after its attachments, in the form of ``domain.transcript.excerpts``; an attachment
  indexed for retrieval renders as a header without its text (``domain.transcript.attachments``);
- events this renderer does not send (notices, verdicts, attachments' metadata, context checks,
  turn bookkeeping) never reach the provider.
"""

from __future__ import annotations

import base64
import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from parley.application.conversations.compaction import applicable_record, heading
from parley.application.ports.chat_provider import (
    ChatRequest,
    ImagePart,
    ProviderMessage,
    ReasoningBlock,
    ToolCallRequest,
)
from parley.domain.agents.conversation_execution_request import ChatMessage, compose_user_content
from parley.domain.transcript.attachments import with_attachments
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Compaction,
    Reasoning,
    RetrievalPerformed,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnStarted,
    UserMessage,
)
from parley.domain.transcript.excerpts import Excerpt, excerpts_block, excerpts_of


@dataclass(frozen=True)
class RenderedRequest:
    """A rendered request and the id of the compaction it used (0: none)."""

    request: ChatRequest
    compaction_id: int = 0


def render_chat_request(
    events: Iterable[StoredEvent],
    *,
    current_turn_id: str,
    model: str,
    image_loader: Callable[[str], bytes] | None = None,
) -> ChatRequest:
    """The request for the next model call of ``current_turn_id``, from ``events`` (in order)."""
    return render_turn_request(
        events, current_turn_id=current_turn_id, model=model, image_loader=image_loader
    ).request


def render_turn_request(
    events: Iterable[StoredEvent],
    *,
    current_turn_id: str,
    model: str,
    image_loader: Callable[[str], bytes] | None = None,
) -> RenderedRequest:
    """``render_chat_request``, saying which compaction the request used."""
    started: dict[str, TurnStarted] = {}
    messages: list[ProviderMessage] = []
    pending_calls: list[ToolCallRequest] = []
    pending_reasoning: list[ReasoningBlock] = []
    pending_text = ""

    def flush_assistant() -> None:
        nonlocal pending_calls, pending_text, pending_reasoning
        if pending_text or pending_calls or pending_reasoning:
            messages.append(
                ProviderMessage(
                    role="assistant",
                    content=pending_text,
                    tool_calls=tuple(pending_calls),
                    reasoning=tuple(pending_reasoning),
                )
            )
        pending_calls, pending_text, pending_reasoning = [], "", []

    all_events = list(events)
    # Only the current turn's own path is sent: a branch the user left (an answer regenerated, a
    # message edited, a failed turn retried) is a sibling off that path and never reaches the
    # model. A turn not yet in the log (rendering ahead of recording) gets the latest path.
    tree = BranchTree(all_events)
    path = tree.path_to(current_turn_id) if current_turn_id in tree else tree.path_through(None)
    events = events_on_path(all_events, path)
    # A compaction may have been recorded on another branch (a turn since regenerated): what
    # matters is that the turns it replaced are on this path, so it is looked for in the whole log.
    summary = ""
    compaction_id = 0
    found = applicable_record(all_events, events)
    if found is not None:
        record, replaced = found
        assert isinstance(record.event, Compaction)
        replaced_turns = {s.turn_id for s in events if s.id in replaced}
        summary = heading(record.event, record.event.turns or len(replaced_turns))
        summary += "\n\n" + record.event.summary
        compaction_id = record.id
        events = [s for s in events if s.id not in replaced]
    # Attachments and excerpts are recorded after their turn's user message; gather them first
    # so the message can be rendered with them in front of the typed text.
    attachments: dict[str, list[AttachmentAdded]] = {}
    excerpts: dict[str, list[Excerpt]] = {}
    for stored in events:
        if isinstance(stored.event, AttachmentAdded):
            attachments.setdefault(stored.turn_id, []).append(stored.event)
        elif isinstance(stored.event, RetrievalPerformed):
            excerpts.setdefault(stored.turn_id, []).extend(excerpts_of(stored.event.excerpts))
    for stored in events:
        event = stored.event
        if isinstance(event, TurnStarted):
            started[stored.turn_id] = event
        elif isinstance(event, UserMessage):
            flush_assistant()
            ts = started.get(stored.turn_id)
            typed = event.text
            block = excerpts_block(excerpts.get(stored.turn_id, ()))
            if block:
                typed = f"{block}\n\n{typed}" if typed else block
            body = with_attachments(
                typed, [_as_sent(a) for a in attachments.get(stored.turn_id, ())]
            )
            content = (
                compose_user_content(
                    body,
                    instruction_prefix=ts.instruction_prefix,
                    review_note=ts.review_note,
                    session_notes=ts.session_notes,
                )
                if ts is not None
                else body
            )
            if summary:  # the summary of the turns before this one goes first
                content = f"{summary}{SUMMARY_SEPARATOR}{content}"
                summary = ""
            images = _images(attachments.get(stored.turn_id, ()), image_loader)
            messages.append(ProviderMessage(role="user", content=content, images=images))
        elif isinstance(event, Reasoning):
            if pending_calls or pending_text:
                flush_assistant()
            pending_reasoning.append(
                ReasoningBlock(
                    provider_kind=event.provider_kind,
                    text=event.text,
                    signature=event.signature,
                    redacted_data=event.redacted_data,
                )
            )
        elif isinstance(event, AssistantText):
            if pending_calls:
                flush_assistant()
            pending_text += event.text
        elif isinstance(event, ToolCall):
            pending_calls.append(
                ToolCallRequest(
                    call_id=event.call_id,
                    name=event.tool,
                    arguments=event.arguments,
                    signature=event.signature,
                    provider_call_id=event.provider_call_id,
                    provider_origin=event.provider_origin,
                )
            )
        elif isinstance(event, ToolResult):
            flush_assistant()
            messages.append(
                ProviderMessage(
                    role="tool",
                    content=event.result,
                    tool_call_id=event.call_id,
                    is_error=not event.success,
                )
            )
    flush_assistant()
    if summary:  # nothing after the replaced turns (a past turn rendered again): on its own
        messages.insert(0, ProviderMessage(role="user", content=summary))

    current = started.get(current_turn_id)
    if current is not None and current.project_context.strip():
        messages.insert(0, ProviderMessage(role="system", content=current.project_context))
    return RenderedRequest(ChatRequest(model=model, messages=tuple(messages)), compaction_id)


#: Between a compaction's summary and the user message it is put in front of.
SUMMARY_SEPARATOR = "\n\n---\n\n"


def resource_label(item: AttachmentAdded) -> str:
    """The name an MCP resource's block carries: ``NAME (URI, MCP server SERVER)``; a file's
    name as it is."""
    if not item.uri:
        return item.name
    where = f"{item.uri}, MCP server {item.mcp_server}" if item.mcp_server else item.uri
    return f"{item.name} ({where})" if item.name and item.name != item.uri else where


def _as_sent(item: AttachmentAdded) -> AttachmentAdded:
    return dataclasses.replace(item, name=resource_label(item)) if item.uri else item


def _images(
    items: Sequence[AttachmentAdded], loader: Callable[[str], bytes] | None
) -> tuple[ImagePart, ...]:
    """The turn's images as parts, loaded from the content-addressed store by hash."""
    if loader is None:
        return ()
    return tuple(
        ImagePart(
            media_type=item.image_media_type,
            data_b64=base64.b64encode(loader(item.sha256)).decode("ascii"),
            name=item.name,
        )
        for item in items
        if item.image_media_type and item.sha256 and not (item.error_kind or item.error)
    )


def history_messages(events: Iterable[StoredEvent]) -> tuple[ChatMessage, ...]:
    """The conversation as the user saw it (what they typed, what the model answered), for the
    frozen request's ``messages`` snapshot."""
    out: list[ChatMessage] = []
    last_turn = ""
    for stored in events:
        event = stored.event
        if isinstance(event, UserMessage):
            out.append(ChatMessage("user", event.text))
        elif isinstance(event, AssistantText) and event.text:
            if out and out[-1].role == "assistant" and stored.turn_id == last_turn:
                out[-1] = ChatMessage("assistant", out[-1].content + event.text)
            else:
                out.append(ChatMessage("assistant", event.text))
        last_turn = stored.turn_id
    return tuple(out)

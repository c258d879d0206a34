"""From the SDK's result and listing types to Parley's MCP vocabulary (``application/mcp/model``).

Invariants: text content is joined with blank lines; binary content (images, audio, blobs) is
described, never decoded into the text (``[image: image/png, 12 KB]``); structured content is kept
as canonical JSON; the text is cut at the limit with ``truncated`` set. A sampling request keeps
only text (images and audio become ``[image: image/png]`` markers) and its answer is one text part.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types

from parley.application.mcp.model import (
    McpAnnotations,
    McpCallResult,
    McpPrompt,
    McpPromptArgument,
    McpResource,
    McpResourceContent,
    McpTool,
    canonical_json,
)
from parley.application.mcp.server_requests import SamplingMessage, SamplingReply, SamplingRequest


def size_label(base64_data: str) -> str:
    size = len(base64_data) * 3 // 4
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{round(size / 1024)} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def describe_contents(contents: Any) -> str:
    if isinstance(contents, types.TextResourceContents):
        return contents.text
    mime = contents.mime_type or "application/octet-stream"
    return f"[resource: {contents.uri}, {mime}, {size_label(contents.blob)}]"


def content_text(block: Any) -> str:
    kind = getattr(block, "type", "")
    if kind == "text":
        return str(block.text)
    if kind in ("image", "audio"):
        return f"[{kind}: {block.mime_type}, {size_label(block.data)}]"
    if kind == "resource":
        inner = block.resource
        if isinstance(inner, types.TextResourceContents):
            return f"[resource: {inner.uri}]\n{inner.text}"
        return describe_contents(inner)
    if kind == "resource_link":
        mime = f", {block.mime_type}" if block.mime_type else ""
        return f"[resource link: {block.uri}{mime}]"
    return f"[{kind or 'unknown'} content]"


def cut(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    return text[: max(limit, 0)], True


def call_result(result: Any, max_output_chars: int) -> McpCallResult:
    parts = [content_text(block) for block in (result.content or [])]
    text = "\n\n".join(p for p in parts if p)
    structured = ""
    if result.structured_content is not None:
        structured = canonical_json(result.structured_content)
        if not text:
            text = structured
    text, truncated = cut(text, max_output_chars)
    if len(structured) > max_output_chars:
        structured, truncated = "", True
    return McpCallResult(text, bool(result.is_error), structured, truncated)


def tool(server: str, t: Any) -> McpTool:
    a = t.annotations
    annotations = McpAnnotations(
        title=(a.title or "") if a else "",
        read_only=a.read_only_hint if a else None,
        destructive=a.destructive_hint if a else None,
        idempotent=a.idempotent_hint if a else None,
        open_world=a.open_world_hint if a else None,
    )
    schema = t.input_schema if isinstance(t.input_schema, dict) else {"type": "object"}
    return McpTool(
        server=server,
        name=t.name,
        description=t.description or "",
        input_schema=canonical_json(schema),
        title=t.title or "",
        annotations=annotations,
    )


def resource(server: str, r: Any) -> McpResource:
    return McpResource(server, r.uri, r.name or "", r.description or "", r.mime_type or "")


def prompt(server: str, p: Any) -> McpPrompt:
    arguments = tuple(
        McpPromptArgument(a.name, a.description or "", bool(a.required)) for a in p.arguments or ()
    )
    return McpPrompt(server, p.name, p.description or "", arguments)


def resource_content(uri: str, result: Any, max_chars: int) -> McpResourceContent:
    contents = list(result.contents or [])
    mime = (contents[0].mime_type or "") if contents else ""
    text = "\n\n".join(describe_contents(c) for c in contents)
    text, truncated = cut(text, max_chars)
    return McpResourceContent(str(contents[0].uri) if contents else uri, mime, text, truncated)


def prompt_text(result: Any) -> str:
    return "\n\n".join(content_text(m.content) for m in result.messages or [])


# -- sampling (``sampling/createMessage``) --------------------------------------------------------

#: JSON-RPC error code the spec gives for a sampling request the user rejected.
USER_REJECTED = -1


def sampling_part(block: Any) -> str:
    """One content part of a sampling message as text: images and audio become a marker
    (``[image: image/png]``), never their data."""
    kind = getattr(block, "type", "")
    if kind == "text":
        return str(block.text)
    if kind in ("image", "audio"):
        return f"[{kind}: {block.mime_type}]"
    return f"[{kind or 'unknown'} content]"


def sampling_request(server: str, params: Any) -> SamplingRequest:
    """The SDK's ``CreateMessageRequestParams`` as Parley's ``SamplingRequest``."""
    messages = tuple(
        SamplingMessage(
            "assistant" if m.role == "assistant" else "user",
            "\n\n".join(sampling_part(part) for part in m.content_as_list),
        )
        for m in params.messages or ()
    )
    preferences = params.model_preferences
    hints = tuple(h.name for h in ((preferences.hints if preferences else None) or ()) if h.name)
    return SamplingRequest(
        server=server,
        messages=messages,
        system_prompt=params.system_prompt or "",
        max_tokens=int(params.max_tokens),
        temperature=params.temperature,
        model_hints=hints,
        stop_sequences=tuple(params.stop_sequences or ()),
    )


def sampling_result(reply: SamplingReply) -> types.CreateMessageResult:
    return types.CreateMessageResult(
        role="assistant",
        content=types.TextContent(type="text", text=reply.text),
        model=reply.model,
        stop_reason=reply.stop_reason,
    )


def sampling_refusal(reason: str) -> types.ErrorData:
    """What the server hears when the request was not run (the spec's user-rejection code)."""
    message = (reason[:1].upper() + reason[1:]) or "The sampling request was refused"
    return types.ErrorData(code=USER_REJECTED, message=message)

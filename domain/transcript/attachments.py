"""How attached files appear in the user content the model receives.

Why it exists: what the model sees of an attachment must be stable and exact — the same bytes
whether the turn runs now or is rendered again from the log later, whichever provider it goes to —
and clearly delimited, so the model can tell the user's words from a document's.

The form (ADR-004): every readable text attachment, in attachment order, as

    <attachment name="report.pdf" type="application/pdf" pages="20">
    …the extracted text, exactly as recorded in attachment_added.text…
    </attachment>

blocks separated by a blank line, placed *before* the typed text with one blank line between
(documents first, question last). Images are sent as image parts, not text, and get no block.
An attachment indexed for retrieval (``attachment_added.retrieval``) has no text in its block: the
header says ``chars`` (the whole document) and ``searched="true"``, the body ``SEARCHED_NOTE``; the
passages retrieved for each message follow as excerpts (``domain/transcript/excerpts.py``).
When the text encoding was guessed (``attachment_added.encoding`` is set), the header ends with
``encoding="windows-1252" encoding-confidence="0.62"`` so the model knows odd characters may be a
wrong guess; a record without a guess renders exactly as before.
Attribute values are escaped (``&``, ``"``, ``<``, ``>``); the text itself is not altered, so a
document that contains ``</attachment>`` is still shown as it is (the model is told the closing
tag is the *last* one of the block by the header's ``chars`` count).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from collections.abc import Sequence

from parley.domain.transcript.canonical import AttachmentAdded


def _escape(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def _confidence(value: float) -> str:
    """``0.6234`` -> ``0.62``: two decimals, clamped to [0, 1] (a hand-edited log cannot make
    the header say more than "sure")."""
    return f"{min(1.0, max(0.0, value)):.2f}"


#: What an indexed attachment's block says instead of its text.
SEARCHED_NOTE = (
    "This document is too large to send whole: it was indexed, and the passages that match "
    "each message are sent with it as numbered excerpts."
)


def attachment_block(item: AttachmentAdded) -> str:
    """One attachment's delimited block ("" for an image or an unreadable file)."""
    if item.error_kind or item.error or item.image_media_type:
        return ""
    attributes = [f'name="{_escape(item.name)}"', f'type="{_escape(item.media_type)}"']
    if item.unit and item.units:
        attributes.append(f'{_escape(item.unit)}="{item.units}"')
    if item.retrieval:
        attributes.append(f'chars="{item.chars}" searched="true"')
        return f"<attachment {' '.join(attributes)}>\n{SEARCHED_NOTE}\n</attachment>"
    attributes.append(f'chars="{len(item.text)}"')
    if item.truncated:
        attributes.append('truncated="true"')
    if item.encoding:
        attributes.append(f'encoding="{_escape(item.encoding)}"')
        attributes.append(f'encoding-confidence="{_confidence(item.encoding_confidence)}"')
    return f"<attachment {' '.join(attributes)}>\n{item.text}\n</attachment>"


def with_attachments(body: str, items: Sequence[AttachmentAdded]) -> str:
    """``body`` with the attachments' blocks in front of it (see the module docstring)."""
    blocks = [b for b in (attachment_block(i) for i in items) if b]
    if not blocks:
        return body
    joined = "\n\n".join(blocks)
    return f"{joined}\n\n{body}" if body else joined


def problem_with_name(name: str, error: str) -> str:
    """Why a file could not be used, naming it exactly once: readers' messages usually name the
    file already ("report.pdf has no text"), and "report.pdf: report.pdf has no text" reads
    like a stutter; a message that does not name it gets ``name: `` in front."""
    if not name or name in error:
        return error
    return f"{name}: {error}" if error else name


def problem_without_name(name: str, error: str) -> str:
    """The same message for a place that already shows the name (an attachment's line): a
    leading ``name: `` is dropped and the name itself becomes "the file"."""
    if not name:
        return error
    if error.startswith(f"{name}: "):
        return error[len(name) + 2 :]
    return error.replace(name, "the file", 1)

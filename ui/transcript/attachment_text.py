"""How an attached file reads in a line: its type, size, pages and why it could not be used.

Why it exists: the transcript's attachment lines and the attachment viewer say the same things
about a file ("PDF · 2.1 MB · 20 pages", "not sent: too large", "117 pages · searched for each
question" for one indexed rather than sent whole); this is the one wording. It only
formats the record of reading the file (``AttachmentAdded``) that an ``Attachments`` item carries.
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.application.conversation_view import AttachmentLine
from parley.application.mcp.model import SERVER_TOOL_SEPARATOR
from parley.domain.transcript.attachments import problem_without_name
from parley.domain.transcript.canonical import AttachmentAdded
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.widgets.attachment_chips import file_kind, human_size

_TYPE_LABELS = {
    "application/pdf": "PDF",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
    "application/msword": "Word",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
    "application/vnd.ms-excel": "Excel",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint",
    "application/vnd.ms-powerpoint": "PowerPoint",
    "application/epub+zip": "EPUB",
    "application/json": "JSON",
    "application/zip": "ZIP",
    "text/plain": "Text",
    "text/csv": "CSV",
    "text/markdown": "Markdown",
    "text/html": "HTML",
}


def attachment_type(event: AttachmentAdded) -> str:
    """A short type for people: ``PDF``, ``Excel``, ``PNG image``, ``CSV``… (as the chips say)."""
    media = (event.image_media_type or event.media_type).split(";")[0].strip().lower()
    if media in _TYPE_LABELS:
        return _TYPE_LABELS[media]
    if media.startswith("image/"):
        sub = media.removeprefix("image/")
        kind = "JPEG" if sub in ("jpeg", "jpg") else sub.upper()
        return translate("AttachmentText", "{kind} image").format(kind=kind)
    return file_kind(event.name)[1]


def attachment_units(event: AttachmentAdded) -> str:
    """``20 pages``, ``1 sheet``, ``10 slides`` ("" when the format has none)."""
    if not event.units or not event.unit:
        return ""
    unit = event.unit.removesuffix("s") if event.unit.endswith("s") else event.unit
    return f"{event.units} {unit}{'' if event.units == 1 else 's'}"


def attachment_details(event: AttachmentAdded) -> str:
    """Type, size and pages/sheets/slides, joined with `` · `` (what is known)."""
    parts = [attachment_type(event)]
    if event.size:
        parts.append(human_size(event.size))
    parts.append(attachment_units(event))
    return " · ".join(p for p in parts if p)


def attachment_error(event: AttachmentAdded) -> str:
    """Why the file could not be used, for people."""
    reason = problem_without_name(event.name, event.error) or event.error_kind.replace("_", " ")
    return (
        translate("AttachmentText", "not sent: {reason}").format(reason=translate_text(reason))
        if reason
        else translate("AttachmentText", "not sent")
    )


#: What a line says of a file indexed for retrieval instead of sent whole.
SEARCHED = QT_TRANSLATE_NOOP("AttachmentText", "searched for each question")


@dataclass(frozen=True)
class LineWords:
    """What one attachment line says: the file's name, its details, a problem (why it was not
    sent, or that it was cut) and the tooltip (its path)."""

    name: str
    details: str = ""
    problem: str = ""
    tooltip: str = ""


def describe(line: AttachmentLine) -> LineWords:
    """The words of one attachment line (just the name until reading the file is recorded)."""
    record = line.event
    if record is None:
        return LineWords(line.name, tooltip=line.path)
    if line.failed:
        problem = attachment_error(record)
    elif record.truncated:
        seen = len(record.text) or record.chars
        problem = translate(
            "AttachmentText", "truncated: the model saw the first {count:,} characters"
        ).format(count=seen)
    else:
        problem = ""
    name, details = record.name or line.name, attachment_details(record)
    if record.retrieval and not line.failed:
        # Indexed, not sent whole: each question gets the parts that match it (issue 18).
        searched = translate("AttachmentText", SEARCHED)
        details = f"{details} · {searched}" if details else searched
    if record.uri:  # an MCP resource: "server \u203a name", its URI first in the details
        if record.mcp_server:
            name = f"{record.mcp_server}{SERVER_TOOL_SEPARATOR}{name}"
        details = f"{record.uri} · {details}" if details else record.uri
    return LineWords(name, details, problem, record.source_path or record.name)

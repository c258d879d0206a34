"""The ``<attachment>`` header says when a text encoding was guessed, and how surely (ADR-004);
records written before the fields existed read and render exactly as before; an unusable file is
named once in a message.
"""

from __future__ import annotations

import json

import pytest

from parley.domain.transcript.attachments import (
    attachment_block,
    problem_with_name,
    problem_without_name,
)
from parley.domain.transcript.canonical import AttachmentAdded, from_payload, to_payload

OLD_RECORD = {  # an attachment_added payload as Parley wrote it before encoding guesses
    "name": "prices.csv",
    "sha256": "ab" * 32,
    "media_type": "text/csv",
    "size": 17,
    "extractor": "csv (cp932)",
    "chars": 5,
    "truncated": False,
    "error": "",
    "text": "| a |",
    "units": 0,
    "unit": "",
    "image_media_type": "",
    "error_kind": "",
    "source_path": "/tmp/prices.csv",
}


def test_a_guessed_encoding_is_in_the_header_with_its_confidence() -> None:
    event = AttachmentAdded(
        name="prices.csv",
        media_type="text/csv",
        text="| a |",
        encoding="windows-1250",
        encoding_confidence=0.6372,
    )
    assert attachment_block(event).split("\n")[0] == (
        '<attachment name="prices.csv" type="text/csv" chars="5" '
        'encoding="windows-1250" encoding-confidence="0.64">'
    )


def test_the_confidence_is_clamped_and_the_name_escaped() -> None:
    event = AttachmentAdded(
        name="a.txt", media_type="text/plain", text="x", encoding='x"y', encoding_confidence=7.0
    )
    header = attachment_block(event).split("\n")[0]
    assert header.endswith('encoding="x&quot;y" encoding-confidence="1.00">')


def test_an_old_record_reads_and_renders_byte_identically() -> None:
    event = from_payload("attachment_added", json.loads(json.dumps(OLD_RECORD)))
    assert isinstance(event, AttachmentAdded)
    assert (event.encoding, event.encoding_confidence) == ("", 0.0)
    assert attachment_block(event) == (
        '<attachment name="prices.csv" type="text/csv" chars="5">\n| a |\n</attachment>'
    )


def test_the_new_fields_round_trip_and_are_checked() -> None:
    event = AttachmentAdded(name="a.txt", text="x", encoding="iso-8859-2", encoding_confidence=0.5)
    assert from_payload("attachment_added", to_payload(event)) == event
    with pytest.raises(ValueError, match="encoding_confidence"):
        from_payload("attachment_added", {**OLD_RECORD, "encoding_confidence": "high"})


@pytest.mark.parametrize(
    ("error", "with_name", "without_name"),
    [
        ("notes.txt is empty", "notes.txt is empty", "the file is empty"),
        (
            "notes.txt: its structure is nested too deeply to read safely",
            "notes.txt: its structure is nested too deeply to read safely",
            "its structure is nested too deeply to read safely",
        ),
        (
            "reading notes.txt took longer than 30 s and was stopped",
            "reading notes.txt took longer than 30 s and was stopped",
            "reading the file took longer than 30 s and was stopped",
        ),
        ("the document needs a password", "notes.txt: the document needs a password", None),
    ],
)
def test_an_unusable_file_is_named_once(
    error: str, with_name: str, without_name: str | None
) -> None:
    assert problem_with_name("notes.txt", error) == with_name
    assert problem_without_name("notes.txt", error) == (without_name or error)

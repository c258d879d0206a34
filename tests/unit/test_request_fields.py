"""The request's fields and their documentation agree (issue 20, ADR-005 addendum).

Every field of ``ConversationExecutionRequest`` has a row in ADR-005's table "The fields" saying
who sets it, who reads it and which test proves it; a field added without a row, or a row left for
a removed field, fails here. The removed fields stay removed.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from parley.application.conversations.surfaces import surface_label, turn_surfaces
from parley.domain.agents.conversation_execution_request import (
    SURFACE_SCHEDULE,
    SURFACE_UNNAMED,
    SURFACES,
    ConversationExecutionRequest,
)
from parley.domain.transcript.canonical import StoredEvent, TurnStarted, UserMessage

ADR = (
    Path(__file__).resolve().parents[2]
    / "docs/architecture/ADR-005-branches-and-turn-composition.md"
)


def _table_fields() -> list[str]:
    """The field names of the addendum's table (a row may name several: `a`, `b`)."""
    text = ADR.read_text(encoding="utf-8")
    table = text.split("### The fields", 1)[1]
    names: list[str] = []
    for line in table.splitlines():
        if not line.startswith("| `"):
            continue
        first_cell = line.split("|")[1]
        names.extend(re.findall(r"`([a-z_]+)`", first_cell))
    return names


def test_every_field_has_exactly_one_row_in_the_adr_table():
    fields = [f.name for f in dataclasses.fields(ConversationExecutionRequest)]
    documented = _table_fields()
    assert sorted(documented) == sorted(fields)
    assert len(documented) == len(set(documented))


def test_every_test_the_table_names_exists():
    root = ADR.parents[2]
    named = set(re.findall(r"`(tests/[\w/]+\.py)`", ADR.read_text(encoding="utf-8")))
    assert named
    assert sorted(p for p in named if not (root / p).is_file()) == []


@pytest.mark.parametrize("removed", ["messages", "enforce_rules", "output_dir"])
def test_removed_fields_are_refused(removed):
    with pytest.raises(TypeError):
        ConversationExecutionRequest(turn_id="t", session_id="s", **{removed: ()})


@pytest.mark.parametrize(
    "method", ["with_model", "with_output_dir", "has_prompt", "requires_permission_gate"]
)
def test_removed_members_are_gone(method):
    assert not hasattr(ConversationExecutionRequest, method)


def test_surfaces_are_named_once():
    assert SURFACES == ("window", "cli", "schedule")
    assert SURFACE_UNNAMED not in SURFACES
    assert ConversationExecutionRequest(turn_id="t", session_id="s").surface == SURFACE_UNNAMED


@pytest.mark.parametrize("bad", ["", "   ", None, 3])
def test_a_blank_or_non_text_surface_is_refused(bad):
    with pytest.raises(ValueError, match="surface"):
        ConversationExecutionRequest(turn_id="t", session_id="s", surface=bad)


def test_labels_name_only_the_unusual_surfaces():
    assert surface_label(SURFACE_SCHEDULE) == "scheduled"
    assert surface_label("cli") == "command line"
    assert surface_label("window") == surface_label(SURFACE_UNNAMED) == surface_label("?") == ""


def test_turn_surfaces_reads_each_turns_record():
    ts = "2026-12-04T00:00:00Z"
    events = [
        StoredEvent(1, ts, "s", "t1", TurnStarted(provider_id="p", model="m", surface="schedule")),
        StoredEvent(2, ts, "s", "t1", UserMessage(text="go")),
        StoredEvent(3, ts, "s", "t2", TurnStarted(provider_id="p", model="m")),
    ]
    assert turn_surfaces(events) == {"t1": "schedule", "t2": SURFACE_UNNAMED}

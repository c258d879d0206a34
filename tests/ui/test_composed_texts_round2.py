"""The answer footer and the timeline's rows are shown in the window's language (issue 20).

The footer under an answer ("1,234 in · 567 out · $0.0031 · 4.2 s") is built by the window from
the numbers with ``translate`` templates (``format_usage`` keeps the English for the command line
and exports); the timeline composes its rows with ``translate("TimelineView", …)`` templates.
A fake translator wraps every text of those contexts in «», so the tests see which templates
were used without depending on the .ts being filled in yet.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import parley.ui.i18n as i18n
import parley.ui.i18n.composed as composed
from parley.application.conversation_view.items import Outcome
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    Usage,
)
from parley.domain.usage.pricing import format_usage
from parley.ui.transcript.frames import outcome_footer
from parley.ui.widgets.timeline import event_summary
from tests.support.translators import Wrapping, installed

CONTEXTS = {"FrameHost", "TimelineView", "McpSettings", "McpError"}


@pytest.fixture
def wrapped(qapp):
    with installed(Wrapping(CONTEXTS)) as translator:
        yield translator


def _outcome(usage: Usage, cost: Decimal | None, duration: float) -> Outcome:
    return Outcome("k", "t1", "completed", "ok", 1, usage=usage, cost=cost, duration_s=duration)


def _stored(event) -> StoredEvent:
    return StoredEvent(id=1, ts="2026-11-30T18:13:07Z", session_id="s", turn_id="t", event=event)


def test_english_footer_is_the_one_format_usage_writes(qapp) -> None:
    assert not i18n.translating()
    item = _outcome(Usage(input_tokens=1234, output_tokens=567), Decimal("0.0031"), 4.21)
    assert outcome_footer(item) == item.footer == "1,234 in · 567 out · $0.0031 · 4.2 s"
    assert outcome_footer(item) == format_usage(item.usage, item.cost, item.duration_s)
    assert outcome_footer(_outcome(Usage(), None, 0.0)) == ""


def test_the_footer_is_built_from_translated_templates(wrapped) -> None:
    item = _outcome(Usage(input_tokens=1234, output_tokens=567), Decimal("0.0031"), 4.21)
    assert outcome_footer(item) == "«1,234 in» · «567 out» · $0.0031 · «4.2 s»"
    only_out = _outcome(Usage(output_tokens=5), None, 0.04)
    assert outcome_footer(only_out) == "«5 out» · «0.0 s»"


def test_timeline_rows_use_translated_templates(wrapped) -> None:
    started = TurnStarted(
        provider_id="local", model="", attachments=("a", "b"), retry_of="0123456789"
    )
    assert event_summary(_stored(started)) == (
        "local · «default model» · «retry of 01234567» · «2 attachment(s)» · «gate "
        + started.gate_mode
        + "»"
    )
    finished = TurnFinished(
        status="completed", usage=Usage(input_tokens=10, output_tokens=3), duration_s=1.25
    )
    assert event_summary(_stored(finished)) == "completed · «1.2 s» · «10 in / 3 out tokens»"
    image = AttachmentAdded(name="p.png", image_media_type="image/png")
    assert event_summary(_stored(image)) == "p.png · «sent as image/png image»"


def test_timeline_rows_stay_english_without_a_translation(qapp) -> None:
    started = TurnStarted(provider_id="local", model="m", attachments=("a",))
    assert (
        event_summary(_stored(started)) == f"local · m · 1 attachment(s) · gate {started.gate_mode}"
    )


def test_an_mcp_server_form_error_is_translated_in_two_levels(wrapped) -> None:
    from parley.application.mcp.model import McpServerConfig
    from parley.application.ports.settings_store import SettingsError
    from parley.domain.texts import marked
    from parley.infrastructure.config.json_settings_store import validate_mcp_server

    with pytest.raises(SettingsError) as caught:
        validate_mcp_server(McpServerConfig(name="files", transport="stdio", command=" "))
    english = str(caught.value)
    assert english == "MCP server 'files': a stdio server needs a command to start"
    assert marked()["MCP server {server!r}: {message}"] == "McpError"
    assert marked()["a stdio server needs a command to start"] == "McpSettings"
    assert composed.translate_text(english) == (
        "«MCP server 'files': «a stdio server needs a command to start»»"
    )

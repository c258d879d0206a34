"""``parley ask`` while a turn runs: a compaction is said on stderr in one line, a retrieval's note
too, the sources follow the answer there — and stdout carries the answer alone (or, with
``--json``, the stored events alone). The listener is the real one ``parley ask`` uses, fed the
events the runtime appends."""

from __future__ import annotations

import io
import json

import pytest

from parley.domain.transcript.canonical import (
    Compaction,
    ContextChecked,
    Event,
    RetrievalPerformed,
    StoredEvent,
)
from parley.ui.cli.ask import _StdoutListener
from tests.unit.test_history_render import QUERY, excerpt_records

TURN = "e1" * 16


def stored(n: int, event: Event) -> StoredEvent:
    return StoredEvent(n, f"2026-12-03T10:00:{n:02d}Z", "5e55" * 8, TURN, event)


def run_turn(listener: _StdoutListener, answer: str) -> None:
    """What the runtime does: events appended as the turn goes, the answer streamed."""
    listener.on_event(stored(1, Compaction("so far", "m", (1, 40), turns=12, trigger="auto")))
    listener.on_event(stored(2, ContextChecked(window=8_192, prompt_tokens=3_000)))
    listener.on_event(
        stored(
            3,
            RetrievalPerformed(
                query=QUERY, excerpts=excerpt_records(), note="still indexing: 40 of 117 pages"
            ),
        )
    )
    listener.on_text(TURN, answer)


def test_text_mode_says_compaction_note_and_sources_on_stderr_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    listener = _StdoutListener(out, as_json=False)
    answer = "Revenue rose to 1,204,000 [1]."

    run_turn(listener, answer)

    assert out.getvalue() == answer  # the answer alone
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "Summarised 12 earlier turns to fit the model's window",
        "parley: still indexing: 40 of 117 pages",
    ]
    assert listener.sources(answer) == "Sources: [1] annual <report>.pdf, page 117"
    assert listener.sources("") == ""  # no answer, no sources line


def test_json_mode_keeps_stdout_to_the_events(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    listener = _StdoutListener(out, as_json=True)

    run_turn(listener, "an answer [2]")

    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [e["type"] for e in lines] == ["compaction", "context_checked", "retrieval_performed"]
    assert lines[2]["payload"]["excerpts"] == list(excerpt_records())
    assert "Summarised 12 earlier turns" in capsys.readouterr().err
    assert listener.sources("an answer [2]") == "Sources: [2] annual <report>.pdf, page 3"


def test_a_turn_without_retrieval_says_no_sources(capsys: pytest.CaptureFixture[str]) -> None:
    listener = _StdoutListener(io.StringIO(), as_json=False)
    listener.on_event(stored(1, ContextChecked(window=8_192, prompt_tokens=3_000)))
    listener.on_text(TURN, "Plain answer [1].")

    assert listener.sources("Plain answer [1].") == ""
    assert capsys.readouterr().err == ""

"""The controls of issue 18 around the composer: the context gauge, ``/compact`` and a chip's
"Search instead of sending whole".

Real widgets and a real window over a real profile (``tests/ui/conftest.py``). The compactor is a
stand-in that records how it was called and writes the ``compaction`` event the real one would
(its summary is not the point here: ``application/conversations/compactor.py`` has its own tests)
— what is checked is the window: the command reaches it, the composer waits, the conversation is
read again and shows the divider, and a compaction that did not happen says why.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QPoint, Qt

from parley.application.conversation_view import ContextFill, from_events
from parley.application.conversations.compactor import CompactionOutcome
from parley.domain.agents.directives import parse_directives
from parley.domain.transcript.branches import ROOT
from parley.domain.transcript.canonical import (
    AssistantText,
    Compaction,
    ContextChecked,
    TurnFinished,
    TurnStarted,
    UserMessage,
    mint_id,
)
from parley.ui.widgets.attachment_chips import SEARCH_ACTION, SEARCH_TIP, AttachmentStrip
from parley.ui.widgets.context_gauge import ContextGauge
from tests.ui.conftest import wait_ready

# -- the gauge -------------------------------------------------------------------------------------


@pytest.fixture
def gauge(qtbot):
    widget = ContextGauge()
    qtbot.addWidget(widget)
    return widget


def test_the_gauge_is_hidden_until_something_was_measured(qtbot, gauge):
    gauge.show_fill(None)
    assert gauge.isHidden() and gauge.text() == "" and gauge.level == ""
    gauge.show_fill(ContextFill(window=128_000, prompt_tokens=48_640, window_source="provider"))
    assert not gauge.isHidden()
    assert gauge.text() == "38% of 128k"
    assert gauge.level == "ok"
    assert gauge.toolTip().splitlines() == [
        "48,640 of 128,000 tokens in the context window (38%)",
        "Window size: reported by the server",
    ]
    gauge.show_fill(None)
    assert gauge.isHidden()


@pytest.mark.parametrize(
    ("tokens", "level", "colour"),
    [(50_000, "ok", None), (104_000, "warn", "#a86b00"), (125_000, "full", "#c0392b")],
)
def test_the_gauge_turns_amber_past_the_threshold_and_red_near_full(
    qtbot, gauge, tokens, level, colour
):
    gauge.show_fill(ContextFill(window=128_000, prompt_tokens=tokens, window_source="table"))
    assert gauge.level == level
    if colour is not None:
        assert gauge.colour().name() == colour
    else:  # the muted text colour
        assert gauge.colour() == gauge.palette().color(gauge.palette().ColorRole.PlaceholderText)
    assert "from the table of context windows" in gauge.toolTip()
    # What it paints is what it says: the ring and the text in the level's colour.
    gauge.resize(gauge.sizeHint())
    image = gauge.grab().toImage()
    if colour is not None:
        drawn = {image.pixelColor(x, y).name() for x in range(image.width())
                 for y in range(image.height())}  # fmt: skip
        assert colour in drawn


def test_the_threshold_is_the_conversations_and_a_guessed_window_says_where_to_set_it(qtbot, gauge):
    fill = ContextFill(window=8_192, prompt_tokens=6_000, window_source="guess")
    gauge.show_fill(fill)
    assert gauge.level == "ok"  # 73%
    gauge.set_threshold(0.7)
    assert gauge.level == "warn"
    assert "a guess — set it in Settings → Prices" in gauge.toolTip()
    assert gauge.text() == "73% of 8k"


# -- /compact --------------------------------------------------------------------------------------


class RecordingCompactor:
    """Records each call; writes the ``compaction`` event a real summary would (replacing the
    path's first ``replace`` turns), or reports ``refuse`` and writes nothing. Waits for
    ``release`` first, so a test can look at the window while it works."""

    def __init__(self, store, *, replace: int = 2, refuse: str = "") -> None:
        self.store = store
        self.replace = replace
        self.refuse = refuse
        self.calls: list[dict] = []
        self.release = threading.Event()

    def compact(self, session_id, *, provider_id, model, cancel, leaf_turn_id=None):
        call = {"session": session_id, "provider": provider_id, "model": model}
        self.calls.append({**call, "leaf": leaf_turn_id})
        assert self.release.wait(10)
        if self.refuse:
            return CompactionOutcome(False, message=self.refuse)
        events = list(self.store.events(session_id))
        turns = list(dict.fromkeys(s.turn_id for s in events))[: self.replace]
        ids = [s.id for s in events if s.turn_id in turns]
        event = Compaction(
            summary="What was said before.",
            model="model-a",
            replaces=(min(ids), max(ids)),
            turns=len(turns),
            trigger="manual",
        )
        stored = self.store.append(session_id, leaf_turn_id, event)
        return CompactionOutcome(True, turns=len(turns), event_id=stored.id)


def _conversation(store, turns: int = 4) -> tuple[str, list[str]]:
    session = store.create_session("Long")
    ids, follows = [], ROOT
    for n in range(turns):
        turn = mint_id()
        store.append(session.id, turn, TurnStarted("local", "model-a", follows_turn_id=follows))
        store.append(session.id, turn, UserMessage(text=f"question {n}"))
        store.append(session.id, turn, ContextChecked(window=8_192, prompt_tokens=1_000 * (n + 1)))
        store.append(session.id, turn, AssistantText(text=f"answer {n}", model="model-a"))
        store.append(session.id, turn, TurnFinished(status="completed"))
        ids.append(turn)
        follows = turn
    return session.id, ids


def _open(qtbot, window, session_id, last: str = "answer 3"):
    window.open_session(session_id)
    qtbot.waitUntil(lambda: last in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: not window.chat.loading_full, timeout=5000)


def _type_and_send(qtbot, window, text: str) -> None:
    window.composer.editor.setPlainText(text)
    qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)


def test_compact_is_a_known_command():
    parsed = parse_directives("/compact")
    assert parsed.problem is None and parsed.has("compact") and parsed.body == ""


def test_slash_compact_summarises_in_the_background_then_shows_the_divider(
    qtbot, local_provider, window, services
):
    wait_ready(qtbot, window)
    session_id, turns = _conversation(services.store)
    _open(qtbot, window, session_id)
    gauge = window.composer.context_gauge
    assert gauge.isVisible() and gauge.text() == "49% of 8k"  # the last turn's measurement
    compactor = RecordingCompactor(services.store)
    services.compactor = compactor

    _type_and_send(qtbot, window, "/compact")
    qtbot.waitUntil(lambda: bool(compactor.calls), timeout=5000)
    assert compactor.calls == [
        {"session": session_id, "provider": "", "model": "", "leaf": turns[-1]}
    ]
    # While it works: nothing can be sent, and the window says what is happening.
    assert window.composer.busy == "Summarising earlier messages…"
    assert not window.composer.button.isEnabled()
    assert window.status.text() == "Summarising earlier messages…"
    assert window.composer.editor.toPlainText() == ""  # the command was sent, not kept
    window.composer.editor.setPlainText("a new question")
    window.composer._on_send()
    assert window.bridge.active_turn is None  # not sent while summarising
    compactor.release.set()

    qtbot.waitUntil(
        lambda: "Earlier messages summarised" in window.transcript.toPlainText(), timeout=5000
    )
    qtbot.waitUntil(lambda: not window.chat.loading_full, timeout=5000)
    assert window.composer.busy == "" and window.composer.button.isEnabled()
    assert window.status.text() == "Summarised 2 earlier turns."
    text = window.transcript.toPlainText()
    assert "question 0" not in text and "question 1" not in text and "question 2" in text
    # The measurement was made before the summary: the gauge says so.
    assert window.composer.context_gauge.level == "stale"
    # "Show original messages" brings them back (through the controller's state).
    links = window.transcript.link_rects("parley-originals:")
    qtbot.mouseClick(
        window.transcript.viewport(), Qt.MouseButton.LeftButton, pos=links[0][1].center()
    )
    assert "question 0" in window.transcript.toPlainText()
    assert window.chat.state.revealed


def test_a_compaction_that_did_not_happen_says_why_and_leaves_the_conversation(
    qtbot, local_provider, window, services
):
    wait_ready(qtbot, window)
    session_id, _turns = _conversation(services.store, turns=2)
    _open(qtbot, window, session_id, "answer 1")
    before = window.transcript.toPlainText()
    compactor = RecordingCompactor(services.store, refuse="Nothing to summarise yet.")
    compactor.release.set()
    services.compactor = compactor
    _type_and_send(qtbot, window, "/compact")
    qtbot.waitUntil(lambda: window.status.text() == "Nothing to summarise yet.", timeout=5000)
    assert window.composer.busy == ""
    assert window.transcript.toPlainText() == before
    assert len(compactor.calls) == 1


def test_compact_with_a_message_is_refused_and_the_message_kept(
    qtbot, local_provider, window, services
):
    wait_ready(qtbot, window)
    session_id, _turns = _conversation(services.store, turns=2)
    _open(qtbot, window, session_id, "answer 1")
    compactor = RecordingCompactor(services.store)
    services.compactor = compactor
    _type_and_send(qtbot, window, "/compact and then tell me more")
    assert window.composer.error_text() == "Send /compact on its own; your message stays here."
    assert window.composer.editor.toPlainText() == "/compact and then tell me more"
    assert compactor.calls == []


def test_the_gauge_follows_the_shown_branch(qtbot, local_provider, window, services):
    wait_ready(qtbot, window)
    store = services.store
    session_id, turns = _conversation(store, turns=2)
    # A second answer to the first question, measured lower.
    sibling = mint_id()
    store.append(session_id, sibling, TurnStarted("local", "model-a", follows_turn_id=ROOT))
    store.append(session_id, sibling, UserMessage(text="question 0"))
    store.append(session_id, sibling, ContextChecked(window=8_192, prompt_tokens=500))
    store.append(session_id, sibling, AssistantText(text="answer 0 again", model="model-a"))
    store.append(session_id, sibling, TurnFinished(status="completed"))
    window.open_session(session_id)
    qtbot.waitUntil(lambda: "answer 0 again" in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: not window.chat.loading_full, timeout=5000)
    assert window.composer.context_gauge.text() == "6% of 8k"
    window.chat.show_branch(turns[0])
    assert window.composer.context_gauge.text() == "24% of 8k"
    expected = from_events(list(store.events(session_id)), selected=turns[-1])
    assert window.chat.state.fill == expected.fill


# -- a chip's "Search instead of sending whole" ----------------------------------------------


def test_a_chip_can_be_searched_instead_of_sent_whole(qtbot, tmp_path):
    strip = AttachmentStrip()
    qtbot.addWidget(strip)
    strip.show()
    files = []
    for name in ("report.pdf", "notes.txt", "slides.pptx"):
        (tmp_path / name).write_text("x")
        files.append(tmp_path / name)
    strip.add_paths(files)
    assert strip.searched_paths() == []
    toggled: list[tuple[str, bool]] = []
    chip = strip.chip(files[2])
    chip.sig_search_toggled.connect(lambda path, on: toggled.append((path, on)))

    # Right-click on the chip: its menu, with the checkable action.
    chip.customContextMenuRequested.emit(QPoint(5, 5))
    menu = chip.findChild(type(chip.menu()), "attachment-chip-menu")
    assert menu is not None
    action = next(a for a in menu.actions() if a.text() == SEARCH_ACTION)
    assert action.isCheckable() and not action.isChecked()
    assert action.toolTip() == SEARCH_TIP
    action.trigger()
    menu.close()
    strip.chip(files[0]).set_searched(True)

    assert strip.searched_paths() == [files[0], files[2]]  # in attachment order
    assert toggled == [(str(files[2]), True)]
    assert chip.detail_full_text().endswith("· searched per question")
    chip.search_action.trigger()  # checked again: off
    assert strip.searched_paths() == [files[0]]
    assert toggled[-1] == (str(files[2]), False)
    strip.remove(files[0])
    assert strip.searched_paths() == []
    strip.chip(files[1]).set_searched(True)
    strip.clear()
    assert strip.searched_paths() == []

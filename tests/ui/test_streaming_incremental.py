"""Streaming costs the same per chunk at any answer length, for every answer shape (issue 13).

Counted, not timed. For each chunk laid out, the layout work Qt has to do for the changes it
causes is estimated from the document's structure: the characters inserted or removed, plus
the block each change is in (Qt lays a block out whole), plus every table it is in (Qt lays a
table out whole, every cell), plus the blocks and frames directly in every frame it is in (Qt
walks them all to place them). That work, per chunk, must not grow with the answer: the median
over a run of chunks after 20,000 characters is at most 1.5 times the one after 2,000.

Before issue 13's incremental streaming, each of these grew about tenfold: an open table and an
open code block are one table each, a loose list was rendered whole on each chunk, one long
paragraph is one block, and a long answer's blocks all sat in the message's frame.
"""

from __future__ import annotations

import statistics

import pytest
from PySide6.QtGui import QTextCursor, QTextDocument, QTextFrame, QTextTable

from parley.ui.transcript import TranscriptView

CHUNK = 16
_WORDS = [
    "the",
    "stream",
    "carries",
    "each",
    "token",
    "to",
    "the",
    "window",
    "as",
    "soon",
    "as",
    "it",
    "arrives",
    "so",
]


def _words(n: int, seed: int) -> str:
    return " ".join(_WORDS[(seed * 5 + k) % len(_WORDS)] for k in range(n))


def _text(shape: str, size: int) -> str:
    parts: list[str] = []
    if shape == "code":
        parts.append("Here:\n\n```python\n")
    elif shape == "table":
        parts.append("| name | value | note |\n|---|---:|:---|\n")
    length, i = 0, 0
    while length < size:
        if shape == "paragraphs":
            part = f"Paragraph {i}: {_words(12, i)} with **bold** words.\n\n"
        elif shape == "code":
            part = f"    value_{i} = compute(values[{i}], scale={i % 7})  # step {i}\n"
        elif shape == "table":
            part = f"| row {i} | {i * 37 % 1000} | {_words(4, i)} |\n"
        elif shape == "loose-list":
            part = f"- Item {i}: {_words(9, i)}.\n\n"
        elif shape == "long-paragraph":
            part = f"Sentence {i} says {_words(8, i)} with **bold** words. "
        else:
            raise ValueError(shape)
        parts.append(part)
        length += len(part)
        i += 1
    return "".join(parts)


def _children(frame: QTextFrame) -> int:
    count, it = 0, frame.begin()
    while not it.atEnd():
        count += 1
        it += 1
    return count


def _work(doc: QTextDocument, position: int, length: int) -> int:
    """The layout work (see the module docstring) of a change at ``position``."""
    block = doc.findBlock(min(position, doc.characterCount() - 1))
    work = length + block.length()
    frame = QTextCursor(block).currentFrame()
    while frame is not None and frame.parentFrame() is not None:  # (the root has checkpoints)
        if isinstance(frame, QTextTable):
            work += frame.lastPosition() - frame.firstPosition()
        else:
            work += _children(frame)
        frame = frame.parentFrame()
    return work


def _median_work(view: TranscriptView, shape: str, size: int, chunks: int = 24) -> float:
    text = _text(shape, size + CHUNK * (chunks + 1))
    view.clear_conversation()
    view.add_user_message("q", turn_id="t1")
    view.begin_answer("t1", "m")
    pos = 0
    while pos < size:  # as a stream leaves it: laid out in pieces
        view.append_text("t1", text[pos : min(size, pos + 4096)])
        view._flush()
        pos = min(size, pos + 4096)
    doc = view.document()
    changes: list[tuple[int, int, int]] = []
    doc.contentsChange.connect(lambda at, removed, added: changes.append((at, removed, added)))
    per_chunk = []
    for _ in range(chunks):
        changes.clear()
        view.append_text("t1", text[pos : pos + CHUNK])
        view._flush()
        pos += CHUNK
        per_chunk.append(sum(_work(doc, at, max(removed, added)) for at, removed, added in changes))
    doc.contentsChange.disconnect()
    view.end_answer("t1", "completed")
    return statistics.median(per_chunk)


@pytest.fixture(scope="module")
def view(qapp):
    view = TranscriptView()
    view.resize(700, 500)
    view.show()
    yield view
    view.close()
    view.deleteLater()


@pytest.mark.parametrize("shape", ["paragraphs", "code", "table", "loose-list", "long-paragraph"])
def test_the_work_per_chunk_does_not_grow_with_the_answer(view, shape):
    short = _median_work(view, shape, 2_000)
    long = _median_work(view, shape, 20_000)
    assert short > 0
    assert long <= 1.5 * short + 64, (shape, short, long)  # (64: a few blocks, whatever the length)

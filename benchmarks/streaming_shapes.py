"""Per-chunk cost of streaming, per answer shape and answer length (issue 13).

What it measures. A real ``TranscriptView`` (700×500, shown, offscreen unless ``--display``)
receives one answer of a given *shape*, after an earlier exchange that fills the view (so every
size paints the same area). The answer is first laid out up to ``size`` characters
(1k, 10k, 100k; streamed in 4 KiB pieces, each laid out, so the view is in the state a real
stream leaves it in), then ``--chunks`` chunks of 16 characters follow, each one ``append_text``
plus the layout it causes (``_flush``, what the screen-pace timer runs) plus the events it posts
(``processEvents``: relayout, paint). The figure is the median UI-thread time of one such chunk
(the thread's CPU time by default: on a shared machine, wall-clock medians move by half with the
other processes' load; ``--clock wall`` for wall-clock time);
the ratio is the 100k (and 10k) figure over the 1k one, in the same run.

Shapes: ``paragraphs`` (short paragraphs, blank lines between), ``code`` (one open Python code
fence), ``table`` (one open GFM table), ``loose-list`` (one list, blank lines between items),
``long-paragraph`` (one paragraph, one line, no break), ``mixed`` (headings, paragraphs, tight
lists, code blocks and tables in turn). The target (issue 13): the 100k figure at most 1.5× the 1k
one, and under 4 ms on the reference machine.

    .venv/bin/python benchmarks/streaming_shapes.py [--chunks 40] [--sizes 1000,10000,100000]
        [--shapes code,table] [--display]
"""

# ruff: noqa: RUF001, RUF002  (the multiplication sign in ratios on purpose)
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

CHUNK = 16
_SENTENCE = (
    "the stream carries each token to the window as soon as it arrives so the reader sees "
    "an answer grow line by line with **bold** words, `code spans` and a [link](https://x.org)"
)
_WORDS = _SENTENCE.split(" ")


def _words(n: int, seed: int) -> str:
    return " ".join(_WORDS[(seed * 7 + k) % len(_WORDS)] for k in range(n) if _WORDS[k % 3])


def _code_line(i: int) -> str:
    return (
        f"    result_{i} = compute(values[{i}], scale={i % 7}.5)  # step {i}\n"
        if i % 5
        else f"def handler_{i}(request: Request) -> Response:\n"
    )


def make_text(shape: str, size: int) -> str:
    """An answer of ``shape``, at least ``size`` characters long."""
    parts: list[str] = []
    length, i = 0, 0
    if shape == "code":
        parts.append("Here is the module:\n\n```python\n")
    elif shape == "table":
        parts.append("| name | value | note |\n|---|---:|:---|\n")
    while length < size:
        if shape == "paragraphs":
            part = f"Paragraph {i}: {_words(14, i)}.\n\n"
        elif shape == "code":
            part = _code_line(i)
        elif shape == "table":
            part = f"| row {i} | {i * 37 % 1000} | {_words(5, i)} |\n"
        elif shape == "loose-list":
            part = f"- Item {i}: {_words(10, i)}.\n\n"
        elif shape == "long-paragraph":
            part = f"Sentence {i} says {_words(9, i)}. "
        elif shape == "mixed":
            part = (
                f"## Part {i}\n\nSome text about part {i}: {_words(12, i)}.\n\n"
                f"- first point {i}\n- second point\n- third point\n\n"
                f"```python\ndef part_{i}(x):\n    return x * {i}\n```\n\n"
                f"| a | b |\n|---|---|\n| {i} | {i + 1} |\n\n"
            )
        else:
            raise ValueError(shape)
        parts.append(part)
        length += len(part)
        i += 1
    return "".join(parts)


SHAPES = ("paragraphs", "code", "table", "loose-list", "long-paragraph", "mixed")


def measure(shape: str, size: int, chunks: int, clock: Callable[[], float]) -> float:
    """The median UI-thread time (ms) of one 16-character chunk after ``size`` characters."""
    from PySide6.QtWidgets import QApplication

    from parley.ui.transcript import TranscriptView

    app = QApplication.instance()
    text = make_text(shape, size + CHUNK * (chunks + 1))
    view = TranscriptView()
    view.resize(700, 500)
    view.show()
    app.processEvents()
    # An earlier exchange fills the view first, so the view is scrolled to the bottom and
    # paints the same area at every size (a 1k answer alone in an empty view paints less per
    # chunk than any longer one: that difference is not the answer's length).
    view.add_user_message("Before", turn_id="t0")
    view.begin_answer("t0", "bench-model")
    view.append_text("t0", make_text("paragraphs", 3000))
    view._flush()
    view.end_answer("t0", "completed")
    view.add_user_message("Show me", turn_id="t1")
    view.begin_answer("t1", "bench-model")
    pos = 0
    while pos < size:  # reach the size the way a stream does, in pieces, each laid out
        view.append_text("t1", text[pos : pos + 4096][: size - pos])
        view._flush()
        pos = min(size, pos + 4096)
    app.processEvents()
    times = []
    for _ in range(chunks):
        start = clock()
        view.append_text("t1", text[pos : pos + CHUNK])
        view._flush()
        app.processEvents()
        times.append((clock() - start) * 1000)
        pos += CHUNK
    view.end_answer("t1", "completed")
    view.close()
    view.deleteLater()
    app.processEvents()
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=40)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--display", action="store_true")
    parser.add_argument(
        "--clock",
        choices=("thread", "wall"),
        default="thread",
        help="the UI thread's CPU time (default: other processes on a shared machine do not "
        "count) or wall-clock time",
    )
    args = parser.parse_args()
    clock = time.thread_time if args.clock == "thread" else time.perf_counter
    if not args.display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from parley.ui.rendering.markdown import warm_up

    app = QApplication.instance() or QApplication(sys.argv[:1])
    warm_up()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(
        f"per-chunk UI-thread cost ({CHUNK}-char chunks, median of {args.chunks}, "
        f"{args.clock} clock), ms"
    )
    header = "".join(f"{s // 1000:>7}k" for s in sizes)
    print(f"{'shape':<16}{header}   ratio {sizes[-1] // 1000}k/{sizes[0] // 1000}k")
    worst = 0.0
    for shape in args.shapes.split(","):
        figures = [measure(shape, size, args.chunks, clock) for size in sizes]
        ratio = figures[-1] / figures[0] if figures[0] else float("inf")
        worst = max(worst, ratio)
        cells = "".join(f"{f:8.2f}" for f in figures)
        print(f"{shape:<16}{cells}   {ratio:5.2f}×", flush=True)
    del app
    print(f"worst ratio {worst:.2f}× (target ≤ 1.5×, and every 100k figure < 4 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

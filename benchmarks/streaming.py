"""Streaming: a fast answer into a real window holding a long conversation, against a bare widget.

What it measures. A local server (a plain socket server in a separate process, so its CPU time
and its GIL are not Parley's) streams an OpenAI Chat Completions SSE answer of ``--tokens`` tokens
(code-heavy Markdown-ish text cut into pieces of 2-6, on average 4, characters; one piece per SSE
event, one SSE event per HTTP chunk, TCP_NODELAY) on a schedule: token ``i`` is written at
``start + i / rate``, and when the server falls behind, the tokens already due go out in one
write. It does so at each rate in ``--rates`` (default 500, 2,000 and 10,000 tokens/s) into a real
``MainWindow`` (offscreen unless ``--display``) built on real services over a temporary profile,
with the provider added through ``services.settings.add_provider``, after the window opened a
conversation of ``--messages`` messages (default 1,000: half prompts, half answers; 4 events per
turn, written through ``SqliteEventStore``). Each rate is one turn sent with ``MainWindow.send``
in that same conversation (so each turn adds two messages to it).

Figures, per rate:

- UI-thread stalls: a 1 ms ``PreciseTimer`` on the UI thread records when it fires; a gap between
  two firings is time the UI thread could not serve timers. Largest gap (and when it began, in ms
  after ``send()``) and the 99th percentile, from ``send()`` to the turn's end on the UI thread;
- tokens dropped: characters sent minus characters the transcript streamed (must be 0), and
  "exact": the streamed text, and the stored ``assistant_text``, equal the sent text;
- e2e/send: ``send()`` to the turn finished on the UI thread, divided by the server's first-to-last
  token write. Broken down: "request" (``send()`` to the server having read the whole request:
  the turn's start, rendering the history, HTTP), "1st text" (``send()`` to the first text handed
  to the transcript), "tail" (the server's last write to the last text handed to the transcript).
  Both processes read ``time.monotonic``, which is system-wide on Linux;
- CPU: ``time.process_time()`` of this process (all its threads) per 1,000 tokens;
- also: how long ``window.send()`` itself blocked the UI thread, and full (generation 2) garbage
  collections during the turn with the longest.

Baseline, in the same run, interleaved with the Parley runs: the same text pieces inserted one by
one at the end of a bare ``QTextBrowser`` (same size as Parley's transcript, pre-filled with the
same conversation as plain text) by a 1 ms ``QTimer`` feeder on the same schedule: no network, no
runtime, no store, no coalescing. Ratios are Parley / baseline. The probe floor (the 1 ms timer
alone, idle) is printed first; its CPU cost is in both sides of every ratio.

Also printed: opening the conversation (``open_session``) to the transcript's first paint, and the
largest UI stall meanwhile (issue 8's 10,000-event case is ``--messages 5000``).

    .venv/bin/python benchmarks/streaming.py [--tokens 4000] [--messages 1000]
        [--rates 500,2000,10000] [--display]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import queue
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PROMPT = "Show me how to stream a large file in chunks, with tests."

_ANSWER_TEMPLATE = """\
### Step {i}: read the file in chunks

Use a generator so memory stays flat (≈ 64 KiB per chunk) → even for a 10 GB file:

```python
def read_chunks_{i}(path: str, size: int = 65_536) -> Iterator[bytes]:
    with open(path, "rb") as fh:
        while chunk := fh.read(size):
            yield chunk  # {i}: one chunk at a time
```

- `size` must be > 0; `fh.read(0)` returns `b""` and the loop ends at once.
- Test it: `assert b"".join(read_chunks_{i}(p)) == Path(p).read_bytes()`.

"""

_USER_TEMPLATE = "Question {i}: how do I read a big file without loading it all? Keep it short."


# -- the streamed text ---------------------------------------------------------------------------


def make_pieces(tokens: int) -> list[str]:
    """``tokens`` pieces of code-heavy Markdown, 2 to 6 characters each (4 on average)."""
    sizes = (3, 5, 4, 4, 2, 6)
    need = 4 * tokens + 16
    parts, length, i = [], 0, 0
    while length < need:
        part = _ANSWER_TEMPLATE.format(i=i)
        parts.append(part)
        length += len(part)
        i += 1
    text = "".join(parts)
    pieces, at = [], 0
    for k in range(tokens):
        size = sizes[k % len(sizes)]
        pieces.append(text[at : at + size])
        at += size
    return pieces


def sse_events(pieces: list[str], model: str) -> tuple[bytes, list[bytes], bytes]:
    """(role event, one event per piece, the stop/usage/[DONE] events) as SSE bytes."""
    from tests.support.sse_server import openai_text_stream

    body = openai_text_stream(pieces, model=model, usage=(1000, len(pieces)))
    events = [e + b"\n\n" for e in body.split(b"\n\n") if e]
    return events[0], events[1 : 1 + len(pieces)], b"".join(events[1 + len(pieces) :])


# -- the server (a separate process, so its CPU and GIL are not Parley's) ------------------------


def _http_chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _read_request(conn: socket.socket) -> tuple[bytes, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        piece = conn.recv(65536)
        if not piece:
            return b"", b""
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        piece = conn.recv(1 << 20)
        if not piece:
            break
        body += piece
    return head, body


def _stream_answer(conn: socket.socket, body: bytes, chunks: list[bytes], rate: int) -> dict:
    received_ns = time.monotonic_ns()
    role_chunk, *token_chunks, tail_chunk = chunks
    tokens = len(token_chunks)
    conn.sendall(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + role_chunk
    )
    writes, sent, start = 0, 0, time.monotonic()
    first_ns = last_ns = 0
    while sent < tokens:
        now = time.monotonic()
        due = min(tokens, int((now - start) * rate) + 1)
        if due > sent:
            conn.sendall(b"".join(token_chunks[sent:due]))
            last_ns = time.monotonic_ns()
            first_ns = first_ns or last_ns
            writes += 1
            sent = due
        else:
            time.sleep(start + sent / rate - now)
    conn.sendall(tail_chunk + b"0\r\n\r\n")
    return {
        "rate": rate,
        "tokens": tokens,
        "received_ns": received_ns,
        "first_ns": first_ns,
        "last_ns": last_ns,
        "writes": writes,
        "request_bytes": len(body),
    }


def serve(tokens: int) -> int:
    """``--serve N``: answer ``GET .../models``; stream an N-token answer to every ``POST
    .../chat/completions`` at the rate last written to standard input (one integer a line; the
    model the request names does not matter); after each stream print its timings as one JSON
    line. Runs until killed."""
    role, token_events, tail = sse_events(make_pieces(tokens), "bench-model")
    chunks = [_http_chunk(role), *map(_http_chunk, token_events), _http_chunk(tail)]
    rate = {"now": 1000}

    def read_rates() -> None:
        for line in sys.stdin:
            rate["now"] = int(line)

    threading.Thread(target=read_rates, daemon=True).start()
    listener = socket.create_server(("127.0.0.1", 0))
    print(f"PORT {listener.getsockname()[1]}", flush=True)
    while True:
        conn, _ = listener.accept()
        with conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            head, body = _read_request(conn)
            target = head.split(b"\r\n", 1)[0]
            if b"/models" in target:
                payload = json.dumps({"object": "list", "data": [{"id": "bench"}]}).encode()
                conn.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(payload), payload)
                )
            elif b"/chat/completions" in target:
                print(json.dumps(_stream_answer(conn, body, chunks, rate["now"])), flush=True)
            else:
                conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")


class ServerProcess:
    def __init__(self, tokens: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", str(tokens)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline().split()
        if len(first) != 2 or first[0] != "PORT":
            raise RuntimeError(f"the server did not start: {first!r}")
        self.url = f"http://127.0.0.1:{first[1]}/v1"
        self.lines: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def set_rate(self, rate: int) -> None:
        """The rate of the next streams (read by the server's stdin thread)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{rate}\n")
        self.proc.stdin.flush()
        time.sleep(0.05)  # let the server's reader take it before the request arrives

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(5)


# -- a PySide6 defect this benchmark has to survive ----------------------------------------------


def pin_singletons_if_pyside_leaks() -> str:
    """Work around PySide6 dropping references to ``None`` and ``True`` (seen with PySide6 6.12.0
    on Python 3.11): every call of a void Qt method returns ``None``, and every ``Signal.emit``
    returns ``True``, without a new reference, so each call takes one reference away for good.
    Once a count reaches zero the interpreter aborts ("Fatal Python error: bool_dealloc" or
    "none_dealloc") - a Parley window does so after about 2,400 signal emissions. From Python
    3.12 on these objects are immortal and the defect is harmless. When the leak is detected here,
    the three singletons get 2**30 extra references (ctypes, never released) so the benchmark can
    finish; it measures nothing about this defect. Returns a line for the report."""
    import ctypes

    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        sig = Signal()

    probe = Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(50):
        probe.setObjectName("probe")
        probe.sig.emit()
    lost_none = none_before - sys.getrefcount(None)
    lost_true = true_before - sys.getrefcount(True)
    if lost_none < 25 and lost_true < 25:
        return "PySide6 reference check: no leak of None/True detected"
    if sys.version_info < (3, 12):
        for singleton in (None, True, False):
            ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 30
    return (
        f"WARNING: PySide6 drops references (50 void calls took {lost_none} from None, 50 emits"
        f" took {lost_true} from True); singletons pinned so the run can finish"
    )


# -- measuring on the UI thread -------------------------------------------------------------------


class StallProbe:
    """A 1 ms precise timer on the UI thread; gaps between firings are UI-thread stalls."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(1)
        self._timer.timeout.connect(self._tick)
        self._ticks: list[float] = []

    def _tick(self) -> None:
        self._ticks.append(time.perf_counter())

    def start(self) -> None:
        self._ticks = [time.perf_counter()]
        self._timer.start()

    def stop(self) -> list[float]:
        """The gaps in milliseconds (``largest_at_ms``: when the largest began, from start)."""
        self._timer.stop()
        ticks = self._ticks
        ticks.append(time.perf_counter())
        gaps = [(b - a) * 1000 for a, b in itertools.pairwise(ticks)]
        self.largest_at_ms = (ticks[gaps.index(max(gaps))] - ticks[0]) * 1000
        return gaps


def p99(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def run_loop(until: Callable[[], bool], timeout_s: float) -> bool:
    """Run the Qt event loop until ``until()`` holds (checked every 2 ms) or the timeout."""
    from PySide6.QtCore import QEventLoop, QTimer

    if until():
        return True
    loop = QEventLoop()
    deadline = time.monotonic() + timeout_s
    poll = QTimer()
    poll.setInterval(2)

    def check() -> None:
        if until() or time.monotonic() > deadline:
            loop.quit()

    poll.timeout.connect(check)
    poll.start()
    loop.exec()
    poll.stop()
    return until()


def settle(seconds: float) -> None:
    end = time.monotonic() + seconds
    run_loop(lambda: time.monotonic() >= end, seconds + 1)


# -- the conversation ----------------------------------------------------------------------------


def fill_conversation(store, messages: int) -> tuple[str, int]:
    """A conversation of ``messages`` messages (user, answer, user, ...); returns (id, events)."""
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )

    session = store.create_session("A long conversation")
    events = 0
    for i in range((messages + 1) // 2):
        turn = mint_id()
        store.append(session.id, turn, TurnStarted(provider_id="bench", model="bench-model"))
        store.append(session.id, turn, UserMessage(text=_USER_TEMPLATE.format(i=i)))
        events += 2
        if 2 * i + 1 < messages:
            answer = AssistantText(
                text=_ANSWER_TEMPLATE.format(i=i).strip(), model="bench-model", finish_reason="stop"
            )
            store.append(session.id, turn, answer)
            events += 1
        usage = Usage(input_tokens=100, output_tokens=150)
        store.append(session.id, turn, TurnFinished(status="completed", usage=usage))
        events += 1
    return session.id, events


# -- the two runs --------------------------------------------------------------------------------


def run_baseline(browser, pieces: list[str], rate: int) -> dict:
    """Insert ``pieces`` at the end of ``browser`` on the server's schedule, from a 1 ms timer."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QTextCursor

    document = browser.document()
    bar = browser.verticalScrollBar()
    state = {"sent": 0, "done_ns": 0, "first_ns": 0}
    tokens = len(pieces)
    feeder = QTimer()
    feeder.setTimerType(Qt.TimerType.PreciseTimer)
    feeder.setInterval(1)
    start = time.monotonic()

    def feed() -> None:
        due = min(tokens, int((time.monotonic() - start) * rate) + 1)
        if due <= state["sent"]:
            return
        at_bottom = bar.value() >= bar.maximum() - 4
        for piece in pieces[state["sent"] : due]:
            cursor = QTextCursor(document)
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(piece)
        if at_bottom:
            bar.setValue(bar.maximum())
        state["sent"] = due
        now = time.monotonic_ns()
        state["first_ns"] = state["first_ns"] or now
        if due == tokens:
            state["done_ns"] = now
            feeder.stop()

    probe = StallProbe()
    before = len(document.toPlainText())
    cpu0, t0 = time.process_time(), time.monotonic_ns()
    probe.start()
    feeder.timeout.connect(feed)
    feeder.start()
    run_loop(lambda: state["done_ns"] != 0, tokens / rate * 5 + 30)
    gaps = probe.stop()
    cpu = time.process_time() - cpu0
    added = len(document.toPlainText()) - before
    schedule_s = (tokens - 1) / rate
    return {
        "max": max(gaps),
        "max_at_ms": probe.largest_at_ms,
        "p99": p99(gaps),
        "dropped": sum(map(len, pieces)) - added,
        "exact": added == sum(map(len, pieces)),
        "e2e_ratio": (state["done_ns"] - t0) / 1e9 / schedule_s if schedule_s else float("nan"),
        "cpu_per_1k": cpu * 1000 / (tokens / 1000),
        "request_ms": float("nan"),
        "first_text_ms": (state["first_ns"] - t0) / 1e6,
        "tail_ms": float("nan"),
        "updates": tokens,
        "e2e_s": (state["done_ns"] - t0) / 1e9,
        "send_s": schedule_s,
    }


def run_parley(window, server: ServerProcess, store, pieces: list[str], rate: int) -> dict:
    """One turn through ``window.send`` while the server streams ``pieces`` at ``rate``."""
    tokens = len(pieces)
    expected = "".join(pieces)
    server.set_rate(rate)
    arrivals: list[tuple[int, int]] = []
    finished: list = []

    def on_text(_turn_id: str, text: str) -> None:
        arrivals.append((time.monotonic_ns(), len(text)))

    def on_finished(outcome) -> None:
        finished.append((time.monotonic_ns(), outcome))

    # on_text must see each chunk before the transcript does (slots run in connection order).
    window.bridge.sig_text.disconnect(window.chat.on_text)
    window.bridge.sig_text.connect(on_text)
    window.bridge.sig_text.connect(window.chat.on_text)
    window.bridge.sig_turn_finished.connect(on_finished)
    # Chunk -> paint: the transcript buffers text and lays it out at most once a frame; a chunk
    # is on screen at the first viewport paint after the layout that included it. Each paint
    # records how much of the streamed text was laid out by then (``laid_out_chars``).
    paints: list[tuple[int, int]] = []
    paint_filter = PaintRecorder(paints, window.transcript)
    window.transcript.viewport().installEventFilter(paint_filter)
    probe = StallProbe()
    pauses: list[float] = []
    gc_started: list[float] = []

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            gc_started[:] = [time.perf_counter()]
        elif gc_started and info.get("generation") == 2:
            pauses.append((time.perf_counter() - gc_started[0]) * 1000)

    gc.callbacks.append(on_gc)
    cpu0, t0 = time.process_time(), time.monotonic_ns()
    probe.start()
    handle = window.send(PROMPT)
    send_ms = (time.monotonic_ns() - t0) / 1e6
    if handle is None:
        raise RuntimeError("the window did not start a turn")
    run_loop(lambda: bool(finished), tokens / rate * 5 + 60)
    gaps = probe.stop()
    cpu = time.process_time() - cpu0
    gc.callbacks.remove(on_gc)
    window.bridge.sig_text.disconnect(on_text)
    window.bridge.sig_turn_finished.disconnect(on_finished)
    window.transcript.viewport().removeEventFilter(paint_filter)
    latencies = chunk_to_paint(arrivals, paints)
    if not finished:
        raise RuntimeError(f"the turn did not finish at {rate} tok/s")
    t_end, outcome = finished[0]
    if outcome.status != "completed":
        raise RuntimeError(f"the turn ended {outcome.status}: {outcome.error}")
    sent = server.lines.get(timeout=10)
    streamed = window.transcript.streamed_text
    stored = [
        s.event.text
        for s in store.events(outcome.session_id)
        if s.turn_id == outcome.turn_id and type(s.event).type_name == "assistant_text"
    ]
    send_s = (sent["last_ns"] - sent["first_ns"]) / 1e9
    return {
        "max": max(gaps),
        "max_at_ms": probe.largest_at_ms,
        "p99": p99(gaps),
        "dropped": len(expected) - len(streamed),
        "exact": streamed == expected and stored == [expected],
        "e2e_ratio": (t_end - t0) / 1e9 / send_s if send_s else float("nan"),
        "cpu_per_1k": cpu * 1000 / (tokens / 1000),
        "request_ms": (sent["received_ns"] - t0) / 1e6,
        "first_text_ms": (arrivals[0][0] - t0) / 1e6 if arrivals else float("nan"),
        "tail_ms": (arrivals[-1][0] - sent["last_ns"]) / 1e6 if arrivals else float("nan"),
        "updates": len(arrivals),
        "e2e_s": (t_end - t0) / 1e9,
        "send_s": send_s,
        "server_writes": sent["writes"],
        "send_call_ms": send_ms,
        "gc2": pauses,
        "request_kib": sent["request_bytes"] / 1024,
        "paint_p50": statistics.median(latencies) if latencies else float("nan"),
        "paint_p99": p99(latencies) if latencies else float("nan"),
    }


def PaintRecorder(paints: list[tuple[int, int]], transcript):
    """An event filter recording each viewport paint: (UI-thread time, characters laid out)."""
    from PySide6.QtCore import QEvent, QObject

    class _PaintRecorder(QObject):
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints.append((time.monotonic_ns(), transcript.laid_out_chars))
            return False

    return _PaintRecorder()


def chunk_to_paint(arrivals: list[tuple[int, int]], paints: list[tuple[int, int]]) -> list[float]:
    """Per chunk handed to the transcript: ms until the first paint that shows all of it (the
    transcript had laid out at least the text up to the chunk's end). Chunks shown only by the
    turn's final layout (no paint recorded after) are left out."""
    out: list[float] = []
    end = 0
    pi = 0
    for arrived, size in arrivals:
        end += size
        while pi < len(paints) and (paints[pi][0] < arrived or paints[pi][1] < end):
            pi += 1
        if pi == len(paints):
            break
        out.append((paints[pi][0] - arrived) / 1e6)
    return out


def open_conversation(window, session_id: str) -> dict:
    """``open_session`` to the transcript viewport's first paint showing it."""
    from PySide6.QtCore import QEvent, QObject

    painted: list[int] = []

    class PaintWatch(QObject):
        def eventFilter(self, obj, event) -> bool:
            if (
                event.type() == QEvent.Type.Paint
                and not painted
                and window._session_id == session_id
            ):
                painted.append(time.monotonic_ns())
            return False

    watch = PaintWatch()
    viewport = window.transcript.viewport()
    viewport.installEventFilter(watch)
    probe = StallProbe()
    probe.start()
    t0 = time.monotonic_ns()
    window.open_session(session_id)
    run_loop(lambda: bool(painted), 60)
    gaps = probe.stop()
    viewport.removeEventFilter(watch)
    return {"paint_ms": (painted[0] - t0) / 1e6 if painted else float("nan"), "max": max(gaps)}


# -- report --------------------------------------------------------------------------------------


def machine() -> str:
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion

    return (
        f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"PySide6 {pyside_version} / Qt {qVersion()}, {platform.system()} {platform.release()}"
    )


NAN = float("nan")


def _cell(value: float, width: int, digits: int = 1) -> str:
    return f"{value:{width}.{digits}f}" if value == value else f"{'-':>{width}}"


HEAD = (
    f"  {'':<14} {'largest stall':>16} {'p99':>7} {'dropped':>8} {'exact':>6} {'e2e/':>6}"
    f" {'CPU ms':>7} {'request':>8} {'1st text':>8} {'tail':>6} {'updates':>8}"
    f" {'chunk->paint':>14}\n"
    f"  {'':<14} {'ms (at ms)':>16} {'stall':>7} {'chars':>8} {'':>6} {'send':>6}"
    f" {'/1k tok':>7} {'ms':>8} {'ms':>8} {'ms':>6} {'to UI':>8} {'p50/p99 ms':>14}"
)


def row(name: str, r: dict) -> str:
    largest = f"{r['max']:.1f} ({r['max_at_ms']:.0f})"
    return (
        f"  {name:<14} {largest:>16} {r['p99']:7.2f} {r['dropped']:8d}"
        f" {'yes' if r['exact'] else 'NO':>6} {r['e2e_ratio']:6.2f} {r['cpu_per_1k']:7.1f}"
        f" {_cell(r['request_ms'], 8)} {_cell(r['first_text_ms'], 8)} {_cell(r['tail_ms'], 6)}"
        f" {r['updates']:8d}"
        f" {_cell(r.get('paint_p50', NAN), 6)}/{_cell(r.get('paint_p99', NAN), 6)}"
    )


def main() -> int:
    if sys.argv[1:2] == ["--serve"]:
        return serve(int(sys.argv[2]))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tokens", type=int, default=4000, help="tokens per answer")
    parser.add_argument("--messages", type=int, default=1000, help="messages already shown")
    parser.add_argument("--rates", default="500,2000,10000", help="tokens/s, comma-separated")
    parser.add_argument("--display", action="store_true", help="use the real display platform")
    args = parser.parse_args()
    rates = [int(r) for r in args.rates.split(",")]
    if not args.display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from PySide6.QtWidgets import QApplication, QTextBrowser

    from parley.application.ports.settings_store import ProviderConfig
    from parley.ui.bootstrap import build_services
    from parley.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"streaming benchmark - {machine()}")
    print(pin_singletons_if_pyside_leaks())
    print(
        f"platform: {'display' if args.display else 'offscreen'}; {args.tokens} tokens per answer;"
        f" conversation of {args.messages} messages"
    )
    pieces = make_pieces(args.tokens)
    print(f"answer: {sum(map(len, pieces))} characters in {len(pieces)} pieces")

    server = ServerProcess(args.tokens)
    tmp = tempfile.TemporaryDirectory(prefix="parley-bench-")
    services = build_services(Path(tmp.name) / "data", Path(tmp.name) / "config")
    try:
        services.settings.add_provider(
            ProviderConfig(
                name="bench", kind="openai", base_url=server.url, default_model="bench-model"
            )
        )
        t = time.perf_counter()
        session_id, events = fill_conversation(services.store, args.messages)
        print(f"wrote the conversation ({events} events) in {time.perf_counter() - t:.1f} s")

        window = MainWindow(services)
        window.show()
        if not run_loop(lambda: window.stack.currentWidget() is window._chat_page, 10):
            raise RuntimeError("the window never showed the chat page")
        settle(0.5)
        opened = open_conversation(window, session_id)
        settle(1.0)
        print(
            f"open the {args.messages}-message conversation ({events} events): first paint"
            f" {opened['paint_ms']:.0f} ms after open_session(); largest UI stall"
            f" {opened['max']:.0f} ms"
        )

        browser = QTextBrowser()
        browser.resize(window.transcript.size())
        browser.setPlainText(window.transcript.toPlainText())
        browser.show()
        browser.verticalScrollBar().setValue(browser.verticalScrollBar().maximum())
        settle(0.5)

        probe = StallProbe()
        cpu0 = time.process_time()
        probe.start()
        settle(1.0)
        floor = probe.stop()
        print(
            f"probe floor (1 ms timer alone, 1 s idle): largest gap {max(floor):.2f} ms,"
            f" p99 {p99(floor):.2f} ms, CPU {(time.process_time() - cpu0) * 1000:.0f} ms/s"
        )

        summary = []
        for rate in rates:
            base = run_baseline(browser, pieces, rate)
            settle(0.3)
            parley = run_parley(window, server, services.store, pieces, rate)
            settle(0.5)
            print()
            print(
                f"{rate} tokens/s: server sent for {parley['send_s']:.2f} s in"
                f" {parley['server_writes']} writes; request body {parley['request_kib']:.0f} KiB;"
                f" Parley end to end {parley['e2e_s']:.2f} s; window.send() itself took"
                f" {parley['send_call_ms']:.1f} ms on the UI thread; {len(parley['gc2'])} full GC"
                f" collections (longest {max(parley['gc2'], default=0):.1f} ms)"
            )
            print(HEAD)
            print(row("bare browser", base))
            print(row("Parley", parley))
            ratio = {k: parley[k] / base[k] for k in ("max", "p99", "e2e_ratio", "cpu_per_1k")}
            print(
                f"  {'Parley / bare':<14} {ratio['max']:15.2f}x {ratio['p99']:6.2f}x"
                f" {'':>8} {'':>6} {ratio['e2e_ratio']:5.2f}x {ratio['cpu_per_1k']:6.2f}x"
            )
            summary.append((rate, parley, ratio))

        print()
        print("summary (budget, issue 8, at 2,000 tok/s into 5,000 messages: p99 stall <= 16 ms,")
        print("largest stall < 50 ms, chunk->paint p50 < 5 ms, 0 tokens dropped):")
        for rate, parley, ratio in summary:
            print(
                f"  {rate:>6} tok/s: largest stall {parley['max']:.1f} ms, p99"
                f" {parley['p99']:.2f} ms, dropped {parley['dropped']},"
                f" CPU/1k tokens {ratio['cpu_per_1k']:.2f}x bare, largest stall"
                f" {ratio['max']:.2f}x bare, chunk->paint p50 {parley['paint_p50']:.1f} ms"
                f" (p99 {parley['paint_p99']:.1f} ms)"
            )
        window.close()
        browser.close()
    finally:
        services.close()
        server.close()
        tmp.cleanup()
        del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

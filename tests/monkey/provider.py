"""A local OpenAI-compatible provider for the monkey test: long, rich answers, streamed slowly.

Why it exists: the monkey test needs answers that exercise every shape the transcript renders
(headings, paragraphs, tight and loose lists, nested lists, code fences of several languages, an
empty code block, tables, a table whose last cell is empty, inline and display math, escaped
brackets, block quotes, rules, links, emoji and wide characters), long enough to be taller than
the view and streamed slowly enough that stopping, regenerating, switching conversations and
closing windows happen while an answer is still arriving. pytest-httpserver is single-threaded
(one streaming answer blocks the title request and the next answer), so this server is a
``ThreadingHTTPServer``: each request gets its own thread.

Every request gets the next answer of a fixed cycle (deterministic for a given request order);
about one answer in nine is cut off mid-stream (the connection closes without ``[DONE]``), as a
flaky network or a crashing local server does.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.sse_server import openai_text_stream

_PY = '''```python
from dataclasses import dataclass


@dataclass
class Point:
    """A point on the plane."""

    x: float
    y: float

    def distance(self, other: "Point") -> float:
        return ((self.x - other.x) ** 2 + (self.y - other.y) ** 2) ** 0.5


def walk(points: list[Point]) -> float:
    total = 0.0
    for a, b in zip(points, points[1:]):
        total += a.distance(b)  # `zip` stops at the shorter list
    return total
```
'''

_SHELL = """```bash
set -euo pipefail
for f in *.md; do
  wc -l "$f" | awk '{print $1}'
done
```
"""

_TABLE = """| Shape | Cost per chunk | Notes |
|:------|---------------:|:-----:|
| paragraph | 0.4 ms | *flat* |
| code fence | 1.2 ms | `re-highlight` |
| table | 2.0 ms | |
"""

_MATH = r"""The energy is $E = mc^2$ and the sum is

\[
\sum_{k=1}^{n} k = \frac{n(n+1)}{2}
\] and this sentence follows the display.

$$
\int_0^1 x^2 \, dx = \tfrac{1}{3}
$$

Escaped brackets \[1\] stay text, and $a \bmod b$ is inline.
"""

_LISTS = """Steps:

- first item
- second item with **bold** and `code`
  - nested one
  - nested two
- third item

1. loose one

2. loose two

   with a second paragraph

3. loose three
"""

_QUOTE = """> A block quote that goes on long enough to wrap at least once in a narrow window,
> with a [link](https://example.com) and ~~struck~~ text.

---

Emoji and wide text: 🚀 ✅ 日本語のテキスト 한국어 — «quotes» and … ellipsis.
"""


def _paragraph(n: int) -> str:
    words = " ".join(f"word{i}" for i in range(n * 7, n * 7 + 60))
    return f"Paragraph {n} explains the idea at length: {words}.\n"


def rich_answer(n: int) -> str:
    """The n-th answer of the cycle: several screens of mixed Markdown."""
    shapes = [
        f"## Answer {n}\n\n" + _paragraph(n),
        _LISTS,
        _PY,
        _TABLE,
        _MATH,
        _QUOTE,
        "```\n```\n\nAfter an empty code block.\n",
        _SHELL,
        "### Heading right before a list\n- a\n- b\n\n" + _paragraph(n + 1),
    ]
    start = n % len(shapes)
    parts = shapes[start:] + shapes[:start]
    if n % 4 == 3:  # a long answer: one 300-line generated file in a code fence
        lines = "\n".join(f"    value_{i} = compute({i}) + {i * 3}" for i in range(300))
        parts.append(f"```python\ndef generated():\n{lines}\n```\n")
    if n % 5 == 2:  # an answer that ends inside an open fence (the model stopped)
        parts.append("```js\nconsole.log('never closed')\n")
    return "\n".join(parts)


class Provider:
    """A threaded local provider. ``url`` is its ``/v1`` base URL; ``close`` stops it."""

    def __init__(self, *, chunk: int = 24, delay: float = 0.012, cut_every: int = 9) -> None:
        self.requests = 0
        self.chunk = chunk
        self.delay = delay
        self.cut_every = cut_every
        self._lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *_args: object) -> None:
                pass

            def do_GET(self) -> None:
                body = {"object": "list", "data": [{"id": "model-a"}, {"id": "model-b"}]}
                self._json(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    request = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    request = {}
                if not request.get("stream"):
                    message = {"role": "assistant", "content": "A title"}
                    self._json(
                        {
                            "id": "x",
                            "object": "chat.completion",
                            "model": "model-a",
                            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                            "usage": {
                                "prompt_tokens": 1,
                                "completion_tokens": 2,
                                "total_tokens": 3,
                            },
                        }
                    )
                    return
                n = provider.next_number()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                try:
                    for event in provider.events(n):
                        self.wfile.write(event)
                        self.wfile.flush()
                        time.sleep(provider.delay)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the user stopped the answer: the client closed the connection

            def _json(self, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def next_number(self) -> int:
        with self._lock:
            self.requests += 1
            return self.requests

    def events(self, n: int) -> Iterator[bytes]:
        text = rich_answer(n)
        size = self.chunk + (n * 7) % 17  # chunk sizes vary from answer to answer
        pieces = [text[i : i + size] for i in range(0, len(text), size)]
        body = openai_text_stream(pieces, model="model-a", usage=(40 + n, len(text) // 4))
        events = [event + b"\n\n" for event in body.split(b"\n\n") if event]
        if self.cut_every and n % self.cut_every == 0:
            events = events[: len(events) // 2]  # cut off mid-stream, no [DONE]
        yield from events

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

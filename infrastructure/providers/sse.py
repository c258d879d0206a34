"""An incremental Server-Sent Events parser that works on bytes.

Why it exists: network reads split a stream anywhere — inside a line, inside a multi-byte UTF-8
character, between the CR and the LF of a line ending. ``requests`` also guesses ISO-8859-1 for
``text/event-stream`` without a charset, which turns UTF-8 into mojibake. So the adapters never let
``requests`` decode text: they hand raw bytes to ``SSEParser.feed`` and get whole events back.

Invariants it keeps (the WHATWG "parse an event stream" rules):

- any split of the same bytes into ``feed`` calls yields the same events in the same order;
- lines end at CRLF, CR or LF; a CR at the end of one chunk and an LF at the start of the next
  are one line ending, not two;
- each complete line is decoded as strict UTF-8; bytes that are not UTF-8 raise
  ``ProviderStreamError`` naming the line (never a silent replacement character);
- an error never costs an event that came before it: when a bad line (not UTF-8, or longer than
  ``max_line_bytes``) follows complete events in the same ``feed``, those events are returned and
  the error is raised by the next call (``feed``, ``finish`` or ``raise_pending``), and by every
  call after that. So any split of the same bytes gives the same events *then* the same error
  (the message names the line and never depends on where the reads were cut);
- a line starting with ``:`` is a comment; ``field: value`` loses exactly one leading space from
  the value; several ``data`` lines join with ``"\\n"``; unknown fields, and lines that start with
  a space, are ignored; an event is dispatched at a blank line, and only if it has data;
- a leading byte-order mark is dropped; ``id`` persists across events until changed;
- at end of stream, a half-built event is discarded (as the spec says); ``finish`` reports whether
  that happened so the caller can treat the stream as cut short.
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.application.ports.chat_provider import ProviderStreamError

_CR = 0x0D
_LF = 0x0A
DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class SSEEvent:
    """One dispatched event. ``event`` is ``"message"`` when the stream named none."""

    event: str
    data: str
    id: str = ""


class SSEParser:
    """Feed it bytes as they arrive; it returns the events completed by each feed."""

    def __init__(self, *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        self._max_line_bytes = max_line_bytes
        self._partial = bytearray()  # bytes of the current, unterminated line
        self._skip_lf = False  # the previous chunk ended with CR: a leading LF belongs to it
        self._first_line = True
        self._line_number = 0
        self._data: list[str] = []
        self._event_type = ""
        self._last_id = ""
        self._fields_pending = False  # a field line was seen since the last dispatch
        self._retry_ms: int | None = None
        self._pending_error: ProviderStreamError | None = None
        self._finished = False

    @property
    def last_event_id(self) -> str:
        return self._last_id

    @property
    def retry_ms(self) -> int | None:
        """The last valid ``retry:`` value, if the stream sent one (informational)."""
        return self._retry_ms

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        """Consume ``chunk`` and return the events it completed, in order. A bad line after
        complete events is raised by the next call, once those events are delivered."""
        if self._finished:
            raise RuntimeError("SSEParser.feed called after finish()")
        self.raise_pending()
        if not isinstance(chunk, bytes):
            chunk = bytes(chunk)
        events: list[SSEEvent] = []
        try:
            self._consume(chunk, events)
        except ProviderStreamError as exc:
            self._pending_error = exc  # the stream is broken from here on
            if not events:
                raise
            # Give the complete events first; the next call raises.
        return events

    def raise_pending(self) -> None:
        """Raise the error a bad line left after the events of the same ``feed`` (if any): a
        reader calls it once it has handled those events, so the error is not held back until
        the next read."""
        if self._pending_error is not None:
            raise self._pending_error

    def _consume(self, chunk: bytes, events: list[SSEEvent]) -> None:
        view = memoryview(chunk)
        start = 0
        if self._skip_lf and len(view) > 0:
            self._skip_lf = False
            if view[0] == _LF:
                start = 1
        pos = start
        n = len(view)
        while pos < n:
            cr = chunk.find(b"\r", pos)
            lf = chunk.find(b"\n", pos)
            if cr < 0 and lf < 0:
                self._partial += view[pos:]
                break
            end = lf if cr < 0 or (0 <= lf < cr) else cr
            self._partial += view[pos:end]
            self._line(events)
            if chunk[end] == _CR:
                if end + 1 < n:
                    pos = end + 2 if chunk[end + 1] == _LF else end + 1
                else:
                    self._skip_lf = True
                    pos = n
            else:
                pos = end + 1
        if len(self._partial) > self._max_line_bytes:
            raise self._too_long()

    def finish(self) -> bool:
        """End of stream. Return True if a half-built event (or an unterminated field line) was
        discarded, False if the stream ended cleanly between events. Raises the error a bad
        line left pending."""
        if self._finished:
            return False
        self.raise_pending()
        self._finished = True
        unterminated = bytes(self._partial).strip()
        self._partial.clear()
        discarded = self._fields_pending or (
            bool(unterminated) and not unterminated.startswith(b":")
        )
        self._data = []
        self._event_type = ""
        self._fields_pending = False
        return discarded

    # -- internals --------------------------------------------------------------------------

    def _line(self, events: list[SSEEvent]) -> None:
        raw = bytes(self._partial)
        self._partial.clear()
        if len(raw) > self._max_line_bytes:
            raise self._too_long()
        self._line_number += 1
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            excerpt = raw[max(0, exc.start - 20) : exc.end + 20]
            raise ProviderStreamError(
                f"the event stream is not valid UTF-8 (line {self._line_number}, "
                f"byte {exc.start}: {excerpt!r})"
            ) from exc
        if self._first_line:
            self._first_line = False
            if line.startswith("\ufeff"):
                line = line[1:]
        if line == "":
            self._dispatch(events)
            return
        if line.startswith(":"):
            return
        name, sep, value = line.partition(":")
        if sep and value.startswith(" "):
            value = value[1:]
        self._fields_pending = True
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event_type = value
        elif name == "id":
            if "\x00" not in value:
                self._last_id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            self._retry_ms = int(value)
        # any other field (including " data" with a leading space) is ignored

    def _too_long(self) -> ProviderStreamError:
        # One wording whether the line was seen whole or still growing across reads.
        return ProviderStreamError(
            f"the event stream sent a line longer than {self._max_line_bytes} bytes "
            f"(line {self._line_number + 1})"
        )

    def _dispatch(self, events: list[SSEEvent]) -> None:
        self._fields_pending = False
        if not self._data:
            self._event_type = ""
            return
        events.append(
            SSEEvent(
                event=self._event_type or "message", data="\n".join(self._data), id=self._last_id
            )
        )
        self._data = []
        self._event_type = ""

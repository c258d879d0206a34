"""An incremental newline-delimited JSON (NDJSON) line splitter that works on bytes.

Why it exists: Ollama (``/api/chat``) streams one JSON object per line as ``application/x-ndjson``
with no charset. Network reads split that stream anywhere — inside a line, inside a multi-byte
UTF-8 character, between the CR and the LF of a CRLF — and without a charset ``requests`` can only
guess the encoding. So the adapter never lets ``requests`` decode text: it hands raw bytes to
``NDJSONSplitter.feed`` and gets whole lines back. Parsing the JSON is the adapter's job;
this module only frames and decodes.

Invariants it keeps:

- any split of the same bytes into ``feed`` calls yields the same lines in the same order, and
  the same error (if any) after the same lines;
- a line ends at LF; one CR right before the LF is part of the line ending (CRLF), so it is
  dropped even when the CR and the LF arrive in different reads. A lone CR is not a line ending;
- each complete line is decoded as strict UTF-8; bytes that are not UTF-8 raise
  ``ProviderStreamError`` naming the line and showing the bytes (never a silent U+FFFD);
- a line made only of JSON whitespace (space, tab, CR) is blank and skipped, but still counted
  for line numbers in messages;
- a UTF-8 byte-order mark at the very start of the stream is dropped;
- an error is never raised before the lines that came before it were returned: if a bad line
  follows good ones in the same ``feed``, the good ones are returned and the error is raised by
  the next call (``feed`` or ``finish``), and by every call after that;
- at end of stream ``finish`` reports a trailing line that had no LF (the caller decides whether
  it is a complete object or a stream cut short).

Errors: ``ProviderStreamError`` (from ``application.ports.chat_provider``) for bytes that are not
UTF-8 and for a line longer than ``max_line_bytes``; ``RuntimeError`` for ``feed`` after
``finish`` (a programming error, not a provider failure).
"""

from __future__ import annotations

from parley.application.ports.chat_provider import ProviderStreamError

_BOM = b"\xef\xbb\xbf"
_JSON_WHITESPACE = b" \t\r"
DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024


class NDJSONSplitter:
    """Feed it bytes as they arrive; it returns the non-blank lines completed by each feed."""

    def __init__(self, *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        self._max_line_bytes = max_line_bytes
        self._partial = bytearray()  # bytes of the current, unterminated line
        self._line_number = 0  # lines completed so far, blank ones included
        self._first_line = True
        self._pending_error: ProviderStreamError | None = None
        self._finished = False

    @property
    def line_number(self) -> int:
        """How many lines (blank ones included) have been completed so far."""
        return self._line_number

    def feed(self, chunk: bytes) -> list[str]:
        """Consume ``chunk``; return the non-blank lines it completed, in order, without their
        line endings."""
        if self._finished:
            raise RuntimeError("NDJSONSplitter.feed called after finish()")
        self.raise_pending()
        if not isinstance(chunk, bytes):
            chunk = bytes(chunk)
        lines: list[str] = []
        start = 0
        try:
            while (end := chunk.find(b"\n", start)) >= 0:
                self._partial += chunk[start:end]
                start = end + 1
                line = self._complete_line()
                if line is not None:
                    lines.append(line)
            self._partial += chunk[start:]
            if len(self._partial) > self._max_line_bytes:
                raise self._too_long()
        except ProviderStreamError as exc:
            self._pending_error = exc  # the stream is broken from here on
            if not lines:
                raise
            # Give the good lines first; the next call raises.
        return lines

    def finish(self) -> str | None:
        """End of stream. Return the trailing line that had no LF (decoded, without a final CR),
        or ``None`` when the stream ended at a line boundary or after a blank tail.

        A tail cut inside a multi-byte character is returned with U+FFFD for the cut character
        (it is plainly a partial line); any other invalid UTF-8 raises like a complete line.
        """
        if self._finished:
            return None
        self.raise_pending()
        self._finished = True
        raw = bytes(self._partial)
        self._partial.clear()
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        raw = self._without_bom(raw)
        if not raw.strip(_JSON_WHITESPACE):
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.end == len(raw) and exc.reason == "unexpected end of data":
                return raw.decode("utf-8", errors="replace")
            raise self._not_utf8(raw, exc, self._line_number + 1) from exc

    # -- internals --------------------------------------------------------------------------

    def _complete_line(self) -> str | None:
        raw = bytes(self._partial)
        self._partial.clear()
        self._line_number += 1
        if len(raw) > self._max_line_bytes:
            raise self._too_long()
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        raw = self._without_bom(raw)
        if not raw.strip(_JSON_WHITESPACE):
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise self._not_utf8(raw, exc, self._line_number) from exc

    def _without_bom(self, raw: bytes) -> bytes:
        if self._first_line:
            self._first_line = False
            if raw.startswith(_BOM):
                return raw[len(_BOM) :]
        return raw

    def raise_pending(self) -> None:
        """Raise the error a bad line left after the lines of the same ``feed`` (if any): a
        reader calls it once it has handled those lines, so the error is not held back until the
        next read."""
        if self._pending_error is not None:
            raise self._pending_error

    def _too_long(self) -> ProviderStreamError:
        return ProviderStreamError(
            f"the stream sent a line longer than {self._max_line_bytes} bytes without a line break"
        )

    @staticmethod
    def _not_utf8(raw: bytes, exc: UnicodeDecodeError, line_number: int) -> ProviderStreamError:
        excerpt = raw[max(0, exc.start - 20) : exc.end + 20]
        return ProviderStreamError(
            f"the stream is not valid UTF-8 (line {line_number}, byte {exc.start}: {excerpt!r})"
        )

"""The second PDF extractor: pdfminer.six, one page at a time, opened only when needed.

Why it exists: pypdf is fast and right on most pages, but it refuses files whose cross-reference
table is missing (the PDF specification's minimal "Hello World" files), and on some pages it
reads fonts without a Unicode map as the wrong characters or loses the spaces between words.
pdfminer.six rebuilds a missing xref by scanning the objects, maps CID fonts through their
registry's character collections and places words by their geometry (``LAParams``). It is about
twice as slow, so ``pdf.py`` asks it only for the pages whose pypdf text failed a check, or for
every page when pypdf cannot open the file.

Invariants it keeps:

- Nothing is parsed before the first page is asked for; the file is read from the stored path,
  and :meth:`MinerPages.close` releases it (``pdf.py`` calls it in a ``finally``).
- Pages are produced in order by pdfminer's page-tree walk; a page is interpreted only when it is
  asked for, so asking for page 40 of 117 parses page 40's content stream, not the 39 before.
- Errors from pdfminer surface as :class:`MinerError` (what went wrong, one line); a
  ``MemoryError`` or ``RecursionError`` is never caught here.
- No stream decompresses past :data:`MAX_STREAM_BYTES` (pdfminer.six has no limit of its own:
  a 1 MB FlateDecode stream of 1 GB of spaces filled the child's 1 GB address space and ended
  as a ``memory`` error after 8.5 s). pdfminer's Flate and LZW decoders are replaced, in this
  process, by ones that stop at the cap and raise :class:`MinerBomb`.
"""

from __future__ import annotations

import io
import logging
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from parley.infrastructure.attachments.extractors.common import _detail, _fatal

__all__ = ["MAX_STREAM_BYTES", "MinerBomb", "MinerError", "MinerPages", "miner_version"]

_CID = re.compile(r"\(cid:\d+\)")


def _one_char_lines(text: str) -> bool:
    """True when most lines of ``text`` hold one character (30 or more of them): vertical
    writing read as horizontal lines."""
    lines = [line for line in text.split("\n") if line.strip()]
    single = sum(1 for line in lines if len(line.strip()) == 1)
    return single >= 30 and single >= 0.6 * len(lines)


class MinerError(Exception):
    """pdfminer.six could not open the file or read a page (the message says why)."""


class MinerBomb(MinerError):
    """A stream of the file decompresses past :data:`MAX_STREAM_BYTES` (a decompression bomb)."""


MAX_STREAM_BYTES = 75_000_000
"""Bytes one stream may decompress to in pdfminer.six: pypdf's own default limit
(``ZLIB_MAX_OUTPUT_LENGTH``), so both extractors refuse the same streams."""


class _TooLarge(Exception):
    """Raised inside pdfminer's decoding when a stream passes the cap; becomes MinerBomb."""


_BOMB_MESSAGE = f"a stream decompresses to more than {MAX_STREAM_BYTES:,} bytes"


class _CappedDecompressor:
    """A ``zlib.decompressobj`` that raises :class:`_TooLarge` past the cap."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self._total = 0

    def decompress(self, data: bytes, max_length: int = 0) -> bytes:
        room = MAX_STREAM_BYTES - self._total + 1
        out: bytes = self._inner.decompress(data, min(max_length, room) if max_length else room)
        self._total += len(out)
        if self._total > MAX_STREAM_BYTES:
            raise _TooLarge(_BOMB_MESSAGE)
        return out

    def flush(self, *args: Any) -> bytes:
        out: bytes = self._inner.flush(*args)
        self._total += len(out)
        if self._total > MAX_STREAM_BYTES:
            raise _TooLarge(_BOMB_MESSAGE)
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _CappedZlib:
    """What pdfminer.six's ``pdftypes`` module sees as ``zlib``: the same, except that
    ``decompress`` and ``decompressobj`` stop at :data:`MAX_STREAM_BYTES`."""

    error = zlib.error

    def decompress(self, data: bytes, wbits: int = zlib.MAX_WBITS, bufsize: int = 0) -> bytes:
        inner = zlib.decompressobj(wbits)
        out = inner.decompress(data, MAX_STREAM_BYTES + 1)
        if len(out) > MAX_STREAM_BYTES:
            raise _TooLarge(_BOMB_MESSAGE)
        if not inner.eof:
            # as zlib.decompress says of a cut stream (pdfminer then tries its own recovery)
            raise zlib.error("Error -5 while decompressing data: incomplete or truncated stream")
        return out

    def decompressobj(self, *args: Any, **kwargs: Any) -> _CappedDecompressor:
        return _CappedDecompressor(zlib.decompressobj(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(zlib, name)


def _capped_lzwdecode(data: bytes) -> bytes:
    """pdfminer's LZW decoding, stopped at the cap (LZW expands up to some thousand times)."""
    from pdfminer.lzw import LZWDecoder

    parts: list[bytes] = []
    total = 0
    for part in LZWDecoder(io.BytesIO(data)).run():
        total += len(part)
        if total > MAX_STREAM_BYTES:
            raise _TooLarge(_BOMB_MESSAGE)
        parts.append(part)
    return b"".join(parts)


def _cap_decompression() -> None:
    """Install the capped decoders in pdfminer.six's stream module (once per process)."""
    from pdfminer import pdftypes

    if not isinstance(getattr(pdftypes, "zlib", None), _CappedZlib):
        # A stand-in for the zlib module (it has the one function pdfminer calls): mypy sees a
        # class instance where a module is declared, hence the ignore.
        pdftypes.zlib = _CappedZlib()  # type: ignore[assignment]
        pdftypes.lzwdecode = _capped_lzwdecode


def miner_version() -> str:
    """``pdfminer.six 20260107``, for the extractor description."""
    import pdfminer

    return f"pdfminer.six {getattr(pdfminer, '__version__', '')}".rstrip()


class MinerPages:
    """The text of single pages of one PDF, read with pdfminer.six on demand."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._file: BinaryIO | None = None
        self._pages: Iterator[Any] | None = None
        self._seen: list[Any] = []
        self._interpreter: Any = None
        self._vertical: Any = None
        self._output: io.StringIO | None = None
        self._opened = False

    def _open(self) -> None:
        if self._opened:
            return
        self._opened = True
        # pdfminer logs every recoverable oddity at WARNING; the child's stderr is not a place
        # for them (and a hostile file could make them many).
        logging.getLogger("pdfminer").setLevel(logging.ERROR)
        _cap_decompression()
        from pdfminer.converter import TextConverter
        from pdfminer.layout import LAParams
        from pdfminer.pdfdocument import PDFDocument
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        from pdfminer.pdfparser import PDFParser

        try:
            self._file = self._path.open("rb")
            document = PDFDocument(PDFParser(self._file), password="")
            self._pages = iter(PDFPage.create_pages(document))
            manager = PDFResourceManager(caching=True)
            self._output = io.StringIO()
            device = TextConverter(manager, self._output, laparams=LAParams())
            self._interpreter = PDFPageInterpreter(manager, device)
            # detect_vertical reads vertical Japanese (pdfminer's jo.pdf) as lines, one column
            # after the other; on other pages it can cut horizontal words ("W\n\norld" in
            # simple3.pdf), so it is used only when the default gives one character per line.
            vertical = TextConverter(manager, self._output, laparams=LAParams(detect_vertical=True))
            self._vertical = PDFPageInterpreter(manager, vertical)
        except _TooLarge as exc:
            self.close()
            raise MinerBomb(str(exc)) from None
        except Exception as exc:
            if _fatal(exc):
                raise
            self.close()
            raise MinerError(_detail(exc)) from None

    def _page(self, index: int) -> Any:
        assert self._pages is not None
        while len(self._seen) <= index:
            try:
                page = next(self._pages)
            except StopIteration:
                raise MinerError(f"the file has no page {index + 1}") from None
            self._seen.append(page)
        return self._seen[index]

    def count(self, limit: int) -> int:
        """How many pages the file has, counting at most ``limit`` (the page tree is walked)."""
        self._open()
        try:
            while len(self._seen) < limit:
                self._page(len(self._seen))
        except MinerError:
            pass
        except _TooLarge as exc:
            if not self._seen:
                raise MinerBomb(str(exc)) from None
        except Exception as exc:
            if _fatal(exc):
                raise
        return len(self._seen)

    def text(self, index: int) -> str:
        """The text of page ``index`` (0-based) as pdfminer lays it out, stripped of its form
        feed and surrounding blank lines."""
        self._open()
        assert self._output is not None
        try:
            page = self._page(index)
            text = self._run(self._interpreter, page)
            if _one_char_lines(text):
                text = self._run(self._vertical, page)
        except MinerError:
            raise
        except _TooLarge as exc:
            raise MinerBomb(str(exc)) from None
        except Exception as exc:
            if _fatal(exc):
                raise
            raise MinerError(_detail(exc)) from None
        # pdfminer writes "(cid:49)" for a glyph it cannot map; the replacement character says
        # the same in one character, and the plausibility check counts it.
        return _CID.sub("\ufffd", text).replace("\f", "").strip("\n")

    def _run(self, interpreter: Any, page: Any) -> str:
        assert self._output is not None
        self._output.seek(0)
        self._output.truncate()
        interpreter.process_page(page)
        return self._output.getvalue()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

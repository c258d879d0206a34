"""The capability to read attached files, and to keep them content-addressed (files, and the
text of MCP resources attached like files).

Why it exists: teams attach PDFs, Office files, spreadsheets, code and images to turns. Reading
them is risky (hostile or broken files, huge files, slow parsers) and must never happen on the UI
thread; the runtime reads them on its worker through this port, and the adapter does the actual
parsing in a separate process with time and memory limits.

Invariants it keeps:

- ``AttachmentReader.read`` never raises for a bad file: the outcome carries a typed ``error``
  (kind and message for people); it raises only for a bug;
- what the model sees is ``ExtractedAttachment.text`` (already capped; ``truncated`` says so) or,
  for an image, the stored image bytes;
- ``AttachmentStore`` is content-addressed: the same bytes are stored once, under their sha256,
  so history shows exactly what was sent even after the original file moves or changes.

Error kinds (``ExtractedAttachment.error_kind``)::

    not_found        the path does not exist or is not a file
    too_large        over the per-file or per-turn size limit
    unsupported      a format Parley does not read (named)
    encrypted        needs a password (PDF, Office)
    damaged          the file is truncated or malformed
    no_text          a scanned PDF or an empty document: nothing to read
    undecodable      text that is not valid in any encoding Parley detects
    unsafe           a zip bomb, an XML entity attack, a decompression bomb
    timeout          the parser ran past its time limit (stopped)
    memory           the parser ran past its memory limit (stopped)
    cancelled        the user stopped the read (removed the file, stopped the turn)
    vision           an image, and the chosen model does not take images
    unavailable      an MCP resource whose server is not configured, turned off, or could not
                     be reached (the message names the server and its log)

An MCP resource that cannot be used reuses the kinds above where they fit: ``not_found`` (the
server has no such resource), ``unsupported`` (binary content, not text), ``damaged`` (the
server's answer could not be read), ``timeout`` (no answer within the server's time limit).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

ProgressCallback = Callable[[int, int], None]
"""``(done, total)`` units read so far (pages, slides, sheets); called on a reader thread."""


@dataclass(frozen=True)
class AttachmentLimits:
    """How much Parley will read. Figures are per file unless named per turn."""

    max_file_bytes: int = 50 * 1024 * 1024
    max_turn_bytes: int = 200 * 1024 * 1024
    max_chars: int = 200_000
    max_pages: int = 500
    max_rows: int = 2_000
    time_limit_s: float = 30.0
    memory_limit_bytes: int = 1024 * 1024 * 1024
    max_zip_entries: int = 10_000
    max_zip_uncompressed_bytes: int = 500 * 1024 * 1024
    max_zip_ratio: float = 200.0


@dataclass(frozen=True)
class ExtractedAttachment:
    """What reading one file gave. ``units`` counts pages, sheets or slides (``unit`` says which;
    0 and "" when the format has none). ``image_media_type`` is set for images (no text).
    ``encoding``/``encoding_confidence`` are set only for a guessed text encoding."""

    name: str
    sha256: str
    media_type: str
    size: int
    extractor: str
    text: str = ""
    chars: int = 0
    truncated: bool = False
    units: int = 0
    unit: str = ""
    image_media_type: str = ""
    error_kind: str = ""
    error: str = ""
    #: The text encoding, only when it was guessed (no BOM, no declaration, not UTF-8), by its
    #: common name ("windows-1252"), and how sure the guess is (0-1); "" and 0.0 otherwise.
    encoding: str = ""
    encoding_confidence: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.error_kind


class AttachmentReader(Protocol):
    def read(
        self,
        path: Path,
        limits: AttachmentLimits,
        cancel: threading.Event,
        on_progress: ProgressCallback | None = None,
    ) -> ExtractedAttachment:
        """Detect, store and read one file (blocking; call on a worker thread). ``cancel`` set
        stops the read at once (``cancelled``); ``on_progress`` hears how far it is."""
        ...


class AttachmentStore(Protocol):
    def put(self, path: Path) -> tuple[str, int]:
        """Store the file's bytes under their sha256 (once); return (sha256, size)."""
        ...

    def put_bytes(self, data: bytes) -> tuple[str, int]:
        """Store ``data`` under its sha256 (once); return (sha256, size). For content that is
        not a file (an MCP resource's text, as UTF-8)."""
        ...

    def get(self, sha256: str) -> bytes:
        """The stored bytes; raises ``FileNotFoundError`` for an unknown hash."""
        ...

    def path_of(self, sha256: str) -> Path:
        """Where the stored copy lives (for opening it)."""
        ...

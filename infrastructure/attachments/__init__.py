"""Reading attached files behind ``application.ports.attachments``.

Why it exists: attachments (PDF, Office files, spreadsheets, CSV, HTML, code, images) must be
read correctly, and reading them must never hang or crash the app. The pieces:

- ``store.ContentStore``: content-addressed copies under ``<data>/attachments/ab/cdef…``;
- ``reader.SubprocessAttachmentReader``: stores the file, then parses the stored copy in a child
  process (``worker.py``) with a wall-clock limit, a CPU limit and an address-space limit;
- ``detect``: the type by content (the extension is only a hint) and strict text decoding;
- ``zipcheck``: zip-bomb and XML-attack checks before any library opens a ZIP-based file;
- ``extractors``: one function per format.

Invariant: only ``reader`` and ``store`` are meant to be used from outside this package (by the
composition root). This module imports nothing heavy: the parsers are imported in the child, per
format, when needed.
"""

from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
from parley.infrastructure.attachments.store import ContentStore

__all__ = ["ContentStore", "SubprocessAttachmentReader"]

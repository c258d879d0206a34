"""The pinned MCP tool definitions (``application/mcp/pinning.py``) kept in one JSON file.

Why it exists: pins must outlive Parley's process, or a changed tool would be trusted again on
the next start. The file sits beside the settings (``mcp-pins.json`` in the config folder); it
holds tool definitions as servers published them, never a secret.

Invariants it keeps:

- a write replaces the file atomically (a temporary file in the same folder, then
  ``os.replace``), so a crash leaves the old pins or the new ones, never half a file;
- a missing file reads as no pins; a file that cannot be read as JSON is moved aside
  (``mcp-pins.json.corrupt``) and logged, and reads as no pins (every tool is pinned afresh
  when next seen).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE_NAME = "mcp-pins.json"


class JsonPinStore:
    """A ``PinStore`` in ``path`` (a file; its folder is created on first write)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    @classmethod
    def in_folder(cls, config_dir: Path) -> JsonPinStore:
        return cls(Path(config_dir) / FILE_NAME)

    def read(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        try:
            document = json.loads(text)
            if not isinstance(document, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            aside = self.path.with_name(self.path.name + ".corrupt")
            log.error("the MCP pins file %s is unreadable (%s); moved to %s", self.path, exc, aside)
            os.replace(self.path, aside)
            return {}
        return document

    def write(self, document: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".mcp-pins-", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(document, handle, indent=1, sort_keys=True, ensure_ascii=False)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

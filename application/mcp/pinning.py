"""Pinned MCP tool definitions: a tool that changes behind the user's back is not offered.

Why it exists: a server can change a tool's description, schema or annotations between sessions
(a "rug pull": a harmless-looking tool becomes an instruction to the model to exfiltrate files).
The first time Parley sees a tool it keeps its definition (trust on first use, per tool); from
then on a tool whose fingerprint (``McpTool.fingerprint``) differs from the kept one is held back
— not offered to the model — until the user reviews the change and accepts it in Settings.

Invariants it keeps:

- ``review`` offers exactly the tools whose definition is the one pinned (or seen for the first
  time, which pins it) and holds back every changed one, with both definitions kept as a pending
  change for ``changes()`` (the Settings page shows the diff);
- a tool that disappears keeps its pin: if it comes back unchanged it is offered again; if a
  changed tool changes back, its pending change is dropped;
- only ``accept`` moves a pin to a new definition; nothing the server sends can;
- the record is a ``PinStore`` document (a file in production, ``MemoryPinStore`` in tests), read
  and written under one lock, so turns reviewing at once and the Settings page never lose a pin.

Document shape (version 1)::

    {"version": 1, "servers": {"<server>": {"pinned": {"<tool>": DEF}, "pending": {"<tool>": DEF}}}}

where DEF is ``tool_to_record(tool)``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from parley.application.mcp.model import McpAnnotations, McpTool

VERSION = 1


class PinStore(Protocol):
    """Where pins are kept: one JSON-able document, read and replaced whole."""

    def read(self) -> dict[str, Any]:
        """The document (``{}`` when there is none yet)."""
        ...

    def write(self, document: dict[str, Any]) -> None:
        """Replace the document (atomically: a crash leaves the old one or the new one)."""
        ...


class MemoryPinStore:
    """A ``PinStore`` in memory (tests; a profile that cannot write its pins file)."""

    def __init__(self) -> None:
        self.document: dict[str, Any] = {}

    def read(self) -> dict[str, Any]:
        copy: dict[str, Any] = json.loads(json.dumps(self.document))
        return copy

    def write(self, document: dict[str, Any]) -> None:
        self.document = json.loads(json.dumps(document))


@dataclass(frozen=True)
class ToolChange:
    """A tool whose definition changed since the user approved it: ``old`` as pinned, ``new`` as
    the server now lists it."""

    server: str
    tool: str
    old: McpTool
    new: McpTool

    @property
    def changed_fields(self) -> tuple[str, ...]:
        """Which parts differ ("description", "input_schema", "title", "annotations")."""
        return tuple(
            name
            for name in ("title", "description", "input_schema", "annotations")
            if getattr(self.old, name) != getattr(self.new, name)
        )


@dataclass(frozen=True)
class PinReview:
    """The outcome of reviewing a server's tool list: what may be offered, what is held back."""

    offered: tuple[McpTool, ...]
    changed: tuple[ToolChange, ...] = ()
    newly_pinned: tuple[str, ...] = ()


def tool_to_record(tool: McpTool) -> dict[str, Any]:
    a = tool.annotations
    return {
        "server": tool.server,
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "input_schema": tool.input_schema,
        "annotations": {
            "title": a.title,
            "read_only": a.read_only,
            "destructive": a.destructive,
            "idempotent": a.idempotent,
            "open_world": a.open_world,
        },
        "fingerprint": tool.fingerprint,
    }


def tool_from_record(record: dict[str, Any]) -> McpTool:
    a = record.get("annotations") or {}
    return McpTool(
        server=str(record["server"]),
        name=str(record["name"]),
        description=str(record.get("description", "")),
        input_schema=str(record.get("input_schema", '{"type":"object"}')),
        title=str(record.get("title", "")),
        annotations=McpAnnotations(
            title=str(a.get("title", "")),
            read_only=a.get("read_only"),
            destructive=a.get("destructive"),
            idempotent=a.get("idempotent"),
            open_world=a.get("open_world"),
        ),
    )


class ToolPins:
    """Reviews tool lists against the pins, and lets the user accept changes (see the module
    docstring). Safe to use from several threads."""

    def __init__(self, store: PinStore) -> None:
        self._store = store
        self._lock = threading.Lock()

    # -- the runtime's side --------------------------------------------------------------------

    def review(self, server: str, tools: Iterable[McpTool]) -> PinReview:
        """Pin what is new, hold back what changed, offer the rest (in the server's order)."""
        tools = tuple(tools)
        with self._lock:
            document = self._document()
            entry = document["servers"].setdefault(server, {"pinned": {}, "pending": {}})
            pinned: dict[str, Any] = entry.setdefault("pinned", {})
            pending: dict[str, Any] = entry.setdefault("pending", {})
            offered: list[McpTool] = []
            changed: list[ToolChange] = []
            new: list[str] = []
            dirty = False
            for tool in tools:
                record = pinned.get(tool.name)
                if record is None:
                    pinned[tool.name] = tool_to_record(tool)
                    new.append(tool.name)
                    offered.append(tool)
                    dirty = True
                elif record.get("fingerprint") == tool.fingerprint:
                    offered.append(tool)
                    if pending.pop(tool.name, None) is not None:
                        dirty = True  # it changed back: nothing left to review
                else:
                    fresh = tool_to_record(tool)
                    if pending.get(tool.name) != fresh:
                        pending[tool.name] = fresh
                        dirty = True
                    changed.append(ToolChange(server, tool.name, tool_from_record(record), tool))
            if dirty:
                self._store.write(document)
        return PinReview(tuple(offered), tuple(changed), tuple(new))

    # -- the Settings page's side ----------------------------------------------------------------

    def changes(self, server: str | None = None) -> tuple[ToolChange, ...]:
        """Every change waiting for review (of ``server``, or of all servers), with the old and
        the new definition for a diff."""
        with self._lock:
            document = self._document()
        out: list[ToolChange] = []
        for name, entry in sorted(document["servers"].items()):
            if server is not None and name != server:
                continue
            pinned = entry.get("pinned", {})
            for tool, record in sorted(entry.get("pending", {}).items()):
                if tool in pinned:
                    out.append(
                        ToolChange(
                            name, tool, tool_from_record(pinned[tool]), tool_from_record(record)
                        )
                    )
        return tuple(out)

    def accept(self, server: str, tool: str) -> bool:
        """Pin the pending definition of ``tool`` (offered from the next turn on); False when
        there is no pending change for it."""
        with self._lock:
            document = self._document()
            entry = document["servers"].get(server)
            if not entry or tool not in entry.get("pending", {}):
                return False
            entry.setdefault("pinned", {})[tool] = entry["pending"].pop(tool)
            self._store.write(document)
        return True

    def pinned(self, server: str) -> tuple[McpTool, ...]:
        """The definitions the user approved for ``server`` (sorted by tool name)."""
        with self._lock:
            document = self._document()
        entry = document["servers"].get(server, {})
        return tuple(tool_from_record(r) for _n, r in sorted(entry.get("pinned", {}).items()))

    def forget(self, server: str) -> None:
        """Drop every pin of ``server`` (it was removed: a new server of that name starts over)."""
        with self._lock:
            document = self._document()
            if document["servers"].pop(server, None) is not None:
                self._store.write(document)

    def _document(self) -> dict[str, Any]:
        document = self._store.read() or {}
        if document.get("version") != VERSION or not isinstance(document.get("servers"), dict):
            document = {"version": VERSION, "servers": {}}
        return document

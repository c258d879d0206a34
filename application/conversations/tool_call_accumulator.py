"""Assembles streamed tool-call fragments into whole tool calls.

Why it exists: providers stream a tool call as fragments keyed by an index. The first fragment
usually carries the provider's id and the tool name, later ones only pieces of the JSON arguments;
some servers repeat id and name on every fragment, send the arguments whole in the first fragment,
or send no arguments at all. The runtime needs whole calls with parsed arguments, once the step is
over.

Invariants it keeps:

- fragments are grouped by ``ToolCallDelta.index`` only, never by "the last id seen" (adapters
  already turn a provider's shared or missing indexes into distinct ones);
- the first non-empty id and name for an index win; later repeats are ignored; the id keeps the
  ``origin`` its fragment named (which adapter kind and endpoint gave it);
- arguments are the concatenation of every fragment for the index, parsed as JSON only in
  ``finish``; no fragments, or only empty ones, mean ``{}``;
- ``finish`` never guesses: arguments that are not a JSON object (truncated output, stray text)
  or a call without a name raise ``ValueError`` naming the call.

Pure Python; no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from parley.application.ports.chat_provider import ToolCallDelta


class AccumulatedToolCall(NamedTuple):
    """A whole tool call as the provider sent it (``provider_id`` is the provider's own id)."""

    provider_id: str | None
    name: str
    arguments: dict[str, Any]


class ParsedToolCall(NamedTuple):
    """One call from ``finish_each``: ``error`` says why ``arguments`` could not be read (then
    ``arguments`` is empty); ``signature`` is an opaque provider token to echo back;
    ``provider_origin`` names the adapter kind and endpoint whose id ``provider_id`` is."""

    provider_id: str | None
    name: str
    arguments: dict[str, Any]
    error: str
    signature: str
    provider_origin: str = ""


@dataclass
class _Slot:
    call_id: str | None = None
    name: str | None = None
    fragments: list[str] = field(default_factory=list)
    signature: str = ""
    origin: str = ""


class ToolCallAccumulator:
    """Collects ``ToolCallDelta`` fragments; ``finish`` returns the calls ordered by index."""

    def __init__(self) -> None:
        self._slots: dict[int, _Slot] = {}

    def add(self, delta: ToolCallDelta) -> None:
        slot = self._slots.setdefault(delta.index, _Slot())
        if delta.call_id and slot.call_id is None:
            slot.call_id = delta.call_id
            slot.origin = delta.origin
        if delta.name and slot.name is None:
            slot.name = delta.name
        if delta.arguments_fragment:
            slot.fragments.append(delta.arguments_fragment)
        if delta.signature:
            slot.signature = delta.signature

    def add_all(self, deltas: Iterable[object]) -> None:
        """Add every ``ToolCallDelta`` in ``deltas``; other delta types are skipped."""
        for delta in deltas:
            if isinstance(delta, ToolCallDelta):
                self.add(delta)

    def __len__(self) -> int:
        return len(self._slots)

    def __bool__(self) -> bool:
        return bool(self._slots)

    def finish(self) -> list[AccumulatedToolCall]:
        """The accumulated calls, ordered by index. Raises ``ValueError`` on a call without a
        name or with arguments that are not a JSON object."""
        calls: list[AccumulatedToolCall] = []
        for index in sorted(self._slots):
            slot = self._slots[index]
            label = f"tool call {slot.name!r} (index {index})" if slot.name else f"index {index}"
            if not slot.name:
                raise ValueError(f"tool call at {label} has no name")
            text = "".join(slot.fragments)
            calls.append(
                AccumulatedToolCall(slot.call_id, slot.name, _parse_arguments(label, text))
            )
        return calls

    def finish_each(self) -> list[ParsedToolCall]:
        """Like ``finish``, but never raises: a call whose arguments cannot be read comes back
        with the reason in ``error``, so one bad call does not lose the others."""
        calls: list[ParsedToolCall] = []
        for index in sorted(self._slots):
            slot = self._slots[index]
            name = slot.name or ""
            label = f"tool call {name!r} (index {index})" if name else f"index {index}"
            try:
                if not name:
                    raise ValueError(f"tool call at {label} has no name")
                arguments = _parse_arguments(label, "".join(slot.fragments))
                error = ""
            except ValueError as exc:
                arguments, error = {}, str(exc)
            calls.append(
                ParsedToolCall(slot.call_id, name, arguments, error, slot.signature, slot.origin)
            )
        return calls


def _parse_arguments(label: str, text: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        excerpt = text if len(text) <= 120 else text[:60] + " … " + text[-50:]
        raise ValueError(
            f"{label}: arguments are not valid JSON ({exc.msg} at character {exc.pos}; "
            f"the model's output may have been cut off): {excerpt!r}"
        ) from exc
    if not isinstance(value, dict):
        raise ValueError(
            f"{label}: arguments must be a JSON object, got {type(value).__name__}: {text[:120]!r}"
        )
    return value

"""Events that name other events by their store id, and how those names follow a copy.

Why it exists: a ``compaction`` says which events its summary stands in for
(``replaces = (first_id, last_id)``) and a ``context_checked`` which compaction its request
rendered (``compaction_id``). Both hold the store's own event ids. Importing an export or
duplicating a conversation writes every event again under a new id, so these names must be
rewritten to the new ids, or a summary would stand in for other turns than the ones it
summarised (issue 18). The store maps each old id to its new one while it inserts, in order, and
passes every event through ``with_new_ids`` before writing it.

Invariants it keeps:

- an event that names no other event comes back unchanged (the same object);
- a name is rewritten only through the mapping given: the ids of events of the same
  conversation written *before* it (a compaction only ever names earlier events), so a name
  never points forward or into another conversation;
- an id the mapping does not hold (a damaged or partial record, an export that lost an event)
  clears the reference rather than guess: a compaction's ``replaces`` becomes ``()`` (it then
  applies nowhere: ``application/conversations/compaction.py`` ignores it, and the turns it
  summarised render whole again) and a context check's ``compaction_id`` becomes 0 — a
  summary standing in for the wrong turns would silently change what the model reads;
- ``with_new_ids(event, {})`` is the event with every reference cleared: the form in which two
  copies of a conversation under different ids compare equal.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from parley.domain.transcript.canonical import Compaction, ContextChecked, Event

#: The wire names of the events that hold other events' ids.
REFERENCING_TYPES = frozenset({Compaction.type_name, ContextChecked.type_name})


def with_new_ids(event: Event, new_ids: Mapping[int, int]) -> Event:
    """``event`` with the event ids it names replaced by ``new_ids[old]``; a name missing from
    ``new_ids`` clears that reference (see the module docstring)."""
    if isinstance(event, Compaction):
        if not event.replaces:
            return event
        mapped = tuple(new_ids.get(old) for old in event.replaces)
        replaces = tuple(i for i in mapped if i is not None) if None not in mapped else ()
        if replaces == event.replaces:
            return event
        return dataclasses.replace(event, replaces=replaces)
    if isinstance(event, ContextChecked):
        if not event.compaction_id:
            return event
        compaction_id = new_ids.get(event.compaction_id, 0)
        if compaction_id == event.compaction_id:
            return event
        return dataclasses.replace(event, compaction_id=compaction_id)
    return event

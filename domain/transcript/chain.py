"""The per-conversation hash chain over stored events: how an event's hash is computed.

Why it exists: the database refuses UPDATE and DELETE of events (triggers), but anyone with the
file can drop the triggers. The chain makes such an edit *visible*: each event stores
``prev_hash`` (the hash of the event before it in the same conversation, ``""`` for the first) and
``hash``, a SHA-256 over the event's own content *and* ``prev_hash``. Changing, removing, inserting
or reordering an event breaks the chain at that point; ``verify`` recomputes it.

The serialisation (version 1) — byte-exact, so that an operator can recompute a hash with any
tool::

    hash = hex(sha256(F(prev_hash) F(session_id) F(turn_id) F(ts) F(type) F(actor)
                      F(work_item) F(payload)))

    F(text) = b"s" + ascii(decimal length of utf8(text) in bytes) + b":" + utf8(text) + b","
    F(NULL) = b"n,"                                           (only work_item may be NULL)

``payload`` is the stored JSON text exactly as it is in the ``events.payload`` column (compact,
``ensure_ascii=False``), not a re-serialisation; ``ts`` is the stored ``ts`` text. For example the
first event of conversation ``s1``, turn ``t1``, is hashed over
``s0:,s2:s1,s2:t1,s27:2026-01-01T00:00:00.000000Z,s4:fact,s0:,n,s12:{"text":"x"},``.

Standard library only (this is ``domain``): the sync engine verifies a team store's chain with it
(ADR-012), and the stores compute theirs with it.

Invariants it keeps: the function is pure and its output never changes for a given input (a new
serialisation would be a new version, recorded by a migration); the event's database id is *not*
hashed (ids may be renumbered by a dump and reload; the order is carried by ``prev_hash``).

What the chain cannot show: someone who edits an event *and* recomputes every later hash and the
conversation's ``head_hash`` produces a valid chain. Catching that needs a head hash kept outside
the database (an exported copy); the chain catches edits made with plain SQL.
"""

from __future__ import annotations

import hashlib

#: ``prev_hash`` of the first event of a conversation.
GENESIS = ""


def _field(value: str | None) -> bytes:
    if value is None:
        return b"n,"
    data = value.encode("utf-8", "surrogatepass")
    return b"s%d:%s," % (len(data), data)


def event_hash(
    prev_hash: str,
    session_id: str,
    turn_id: str,
    ts: str,
    type_name: str,
    actor: str,
    work_item: str | None,
    payload: str,
) -> str:
    """The event's hash (lowercase hex SHA-256) over the serialisation in the module docstring."""
    digest = hashlib.sha256()
    for value in (prev_hash, session_id, turn_id, ts, type_name, actor):
        digest.update(_field(value))
    digest.update(_field(work_item))
    digest.update(_field(payload))
    return digest.hexdigest()

"""The conversation model is the only place an event is interpreted for display (ADR-007).

The transcript, the chat controller and the window may hold ``StoredEvent`` values to pass them on
(to the reducer, to the attachment viewer) but never import an event class to test for it, never
read ``stored.event`` nor an event's ``type_name``. Checked on the source (``ast``), so a new
``isinstance(stored.event, TurnFinished)`` in any of these files fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The files that render or route the open conversation.
CHECKED = sorted(
    [
        *(ROOT / "ui" / "transcript").glob("*.py"),
        *(ROOT / "ui" / "controllers").glob("chat*.py"),
        ROOT / "ui" / "main_window.py",
    ]
)

#: What a file may name beyond ``StoredEvent``: the attachment wording formats the record of
#: reading a file (``AttachmentLine.event``) that an ``Attachments`` item carries; it decides
#: nothing.
ALLOWED = {"ui/transcript/attachment_text.py": {"AttachmentAdded", ".event"}}

_EVENTS_MODULE = "parley.domain.transcript.canonical"


def interpretations(source: str, allowed: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Where ``source`` names an event class, reads ``.event`` or ``.type_name``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == _EVENTS_MODULE:
            for alias in node.names:
                if alias.name not in {"StoredEvent", *allowed}:
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == _EVENTS_MODULE:
                    found.append(f"line {node.lineno}: imports {_EVENTS_MODULE}")
        elif isinstance(node, ast.Attribute) and node.attr in ("event", "type_name"):
            if f".{node.attr}" in allowed:
                continue
            found.append(f"line {node.lineno}: reads .{node.attr}")
    return found


def test_the_checker_finds_an_interpretation() -> None:
    source = (
        "from parley.domain.transcript.canonical import StoredEvent, TurnFinished\n"
        "def f(stored: StoredEvent):\n"
        "    return isinstance(stored.event, TurnFinished) or stored.event.type_name\n"
    )
    found = interpretations(source)
    assert found[0] == "line 1: imports TurnFinished"
    assert "line 3: reads .event" in found and "line 3: reads .type_name" in found
    assert interpretations("from parley.domain.transcript.canonical import StoredEvent\n") == []


def test_the_window_the_chat_and_the_transcript_interpret_no_event() -> None:
    assert len(CHECKED) >= 8
    assert all(path.exists() for path in CHECKED)
    problems = []
    for path in CHECKED:
        name = path.relative_to(ROOT).as_posix()
        for found in interpretations(path.read_text(), ALLOWED.get(name, set())):
            problems.append(f"{name}: {found}")
    assert problems == []

"""Texts composed below the window, marked for translation where they are written.

Why it exists: the window speaks the person's language (issue 20), but many of the words it shows
are composed in ``domain``, ``application`` and ``infrastructure`` — a refusal's reason, a turn's
outcome line, a provider's error, a tool card's detail — and those layers may not import Qt.
They stay English (the event log, the command line and exports are English, and a saved record
must not change with the reader's language); each such text is written through
``QT_TRANSLATE_NOOP(context, template)``, which does nothing to the text but:

- lets ``make translations`` (``pyside6-lupdate``, which finds the call by its name) collect it
  into the ``.ts`` files with its context, and
- records it here, so the window can recognise the finished English text and show it translated
  (``parley.ui.i18n.composed.translate_text``) — for a text made a moment ago and for one read
  back from a history saved years ago alike.

A template names its values in braces (``"Stopped after {steps} steps."``) and is filled with
``str.format``; the window matches the English text against the template, translates the
template and puts the same values back in. Write templates at module level (a constant, or a
table) so they are recorded when the module is imported, before any history is shown.

Invariants it keeps:

- ``QT_TRANSLATE_NOOP`` returns its text unchanged, always (the English behaviour is untouched);
- the first context recorded for a text wins (one text, one translation); standard library only.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["QT_TRANSLATE_NOOP", "marked", "marked_count"]

_lock = threading.Lock()
_marked: dict[str, str] = {}  # text -> its context
_view = MappingProxyType(_marked)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` (a template with ``{name}`` fields, or plain) for translation in
    ``context`` and return it unchanged."""
    if text not in _marked:
        with _lock:
            _marked.setdefault(text, context)
    return text


def marked() -> Mapping[str, str]:
    """Every text marked so far in this process: ``{text: context}`` (read-only, live)."""
    return _view


def marked_count() -> int:
    """How many texts are marked (the window rebuilds its matcher when this grows)."""
    return len(_marked)

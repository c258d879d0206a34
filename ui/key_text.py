"""A key sequence as this platform writes it, for text that names a shortcut ("Ctrl+N", "⌘N").

Why it exists: hints in empty states, placeholders and the welcome panel name real keys; they
read the binding from ``ui.shortcuts`` (portable text) and show it in the platform's own words
through this one helper, so no hint can drift from the binding or from the menus' wording.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from parley.ui.shortcuts import find_shortcut


def native_keys(portable: str) -> str:
    """A portable key string ("Ctrl+/") as this platform writes it ("Ctrl+/" or "⌘/")."""
    return QKeySequence(portable).toString(QKeySequence.SequenceFormat.NativeText)


def keys_for(action: str) -> str:
    """The native text of the key bound to ``action`` (a ``ui.shortcuts`` row's name)."""
    return native_keys(find_shortcut(action).keys)

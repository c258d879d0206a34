"""The keyboard shortcuts, in one table: what the window binds and what the shortcuts sheet shows.

Why it exists: a shortcut written in two places (the QAction and the help sheet) drifts; here it
is written once. The window creates its actions from these rows (``keys`` plus ``alternates``,
as ``QKeySequence`` portable text) and the sheet (``ui.widgets.shortcuts_dialog``) lists them.

Invariants it keeps:

- every key string is ``QKeySequence`` *portable* text ("Ctrl+Shift+C"), one chord each; the
  sheet turns it into the platform's native text for display (⌘ on macOS);
- no two rows of the window scope share a key sequence;
- rows whose ``scope`` is "sidebar" or "transcript" are handled by those widgets;
- rows whose ``scope`` is "composer" are keys the composer handles itself (sending, a new line,
  Up to edit the last message); the window makes no action for them. The send and new-line rows
  depend on the user's send-key setting: ``shortcuts_for(send_key)`` gives the table for it.

Free keys chosen here (no binding existed before): Ctrl+K quick switch, Ctrl+Shift+C copy the
last answer, Ctrl+O attach files, Ctrl+B show/hide the sidebar, Ctrl+/ this sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: Where a shortcut is handled: a window-wide action, the composer's own keys, or keys of the
#: conversation list and the transcript (handled by those widgets; listed so the sheet is whole).
SCOPES = ("window", "composer", "sidebar", "transcript")


@dataclass(frozen=True)
class Shortcut:
    """One row: the action's name, its key sequence, what it does."""

    action: str
    keys: str
    description: str
    alternates: tuple[str, ...] = ()
    scope: str = "window"

    def all_keys(self) -> tuple[str, ...]:
        """The main key sequence, then the alternates (Ctrl++ besides Ctrl+=, for instance)."""
        return (self.keys, *self.alternates)


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("Send", "Ctrl+Return", "Send the prompt", scope="composer"),
    Shortcut("New line", "Return", "Start a new line in the prompt", scope="composer"),
    Shortcut("Stop", "Esc", "Stop the answer being written (the partial answer is kept)"),
    Shortcut("New conversation", "Ctrl+N", "Start a new conversation"),
    Shortcut("Quick switch", "Ctrl+K", "Jump to a conversation by its title"),
    Shortcut("Find conversation", "Ctrl+F", "Search all conversations"),
    Shortcut("History", "Ctrl+H", "Browse, verify and export the history"),
    Shortcut("Settings", "Ctrl+,", "Providers, keys and preferences"),
    Shortcut("Copy last answer", "Ctrl+Shift+C", "Copy the last answer to the clipboard"),
    Shortcut(
        "Edit last message",
        "Up",
        "Edit your last message (Up in an empty prompt); sending starts a new branch",
        scope="composer",
    ),
    Shortcut("Attach files", "Ctrl+O", "Choose files to attach to the prompt"),
    Shortcut("Toggle sidebar", "Ctrl+B", "Show or hide the conversation list"),
    Shortcut("Zoom in", "Ctrl+=", "Make the text larger", alternates=("Ctrl++",)),
    Shortcut("Zoom out", "Ctrl+-", "Make the text smaller"),
    Shortcut("Reset zoom", "Ctrl+0", "Back to the normal text size"),
    Shortcut("Show shortcuts", "Ctrl+/", "This list of keyboard shortcuts"),
    Shortcut("Rename conversation", "F2", "Rename the selected conversation", scope="sidebar"),
    Shortcut("Delete conversation", "Del", "Delete the selected conversation", scope="sidebar"),
    Shortcut("Undo delete", "Ctrl+Z", "Bring back the conversation just deleted", scope="sidebar"),
    Shortcut(
        "Message actions",
        "Shift+F10",
        "Copy, regenerate or edit the message at the cursor (also the Menu key)",
        scope="transcript",
    ),
    Shortcut("Quit", "Ctrl+Q", "Quit Parley"),
)


def shortcuts_for(send_key: str) -> tuple[Shortcut, ...]:
    """The table for a send-key setting: "ctrl+enter" (the default) or "enter"."""
    if send_key == "ctrl+enter":
        return SHORTCUTS
    if send_key != "enter":
        raise ValueError(f"Unknown send key {send_key!r}; expected 'ctrl+enter' or 'enter'")
    rows = []
    for row in SHORTCUTS:
        if row.action == "Send":
            row = replace(row, keys="Return", alternates=("Ctrl+Return",))
        elif row.action == "New line":
            row = replace(row, keys="Shift+Return")
        rows.append(row)
    return tuple(rows)


def find_shortcut(action: str, send_key: str = "ctrl+enter") -> Shortcut:
    """The row for ``action`` (its name, any case); KeyError names the unknown action."""
    wanted = action.casefold()
    for row in shortcuts_for(send_key):
        if row.action.casefold() == wanted:
            return row
    raise KeyError(f"No shortcut for {action!r}")


def window_keys() -> frozenset[str]:
    """Every key sequence a window-scope row binds (portable text)."""
    return frozenset(key for row in SHORTCUTS if row.scope == "window" for key in row.all_keys())

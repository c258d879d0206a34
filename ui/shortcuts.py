"""The keyboard shortcuts, in one table: what the window binds and what the shortcuts sheet shows.

Why it exists: a shortcut written in two places (the QAction and the help sheet) drifts; here it
is written once. The window creates its actions from these rows (``keys`` plus ``alternates``,
as ``QKeySequence`` portable text) and the sheet (``ui.widgets.shortcuts_dialog``) lists them.

Invariants it keeps:

- names and descriptions are English here (the menus find a row by its name); the sheet
  translates them for display (``QT_TRANSLATE_NOOP`` marks them for ``make translations``);
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


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate finds
    """Marks a row's name and description for translation (``make translations`` collects them
    under "Shortcuts"); the table keeps the English (the menus look rows up by name) and the sheet
    shows ``translate("Shortcuts", …)`` of it."""
    return text


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
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Send"),
        "Ctrl+Return",
        QT_TRANSLATE_NOOP("Shortcuts", "Send the prompt"),
        scope="composer",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "New line"),
        "Return",
        QT_TRANSLATE_NOOP("Shortcuts", "Start a new line in the prompt"),
        scope="composer",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Stop"),
        "Esc",
        QT_TRANSLATE_NOOP(
            "Shortcuts", "Stop the answer being written (the partial answer is kept)"
        ),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "New conversation"),
        "Ctrl+N",
        QT_TRANSLATE_NOOP("Shortcuts", "Start a new conversation"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Quick switch"),
        "Ctrl+K",
        QT_TRANSLATE_NOOP("Shortcuts", "Jump to a conversation by its title"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Find conversation"),
        "Ctrl+F",
        QT_TRANSLATE_NOOP("Shortcuts", "Search all conversations"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "History"),
        "Ctrl+H",
        QT_TRANSLATE_NOOP("Shortcuts", "Browse, verify and export the history"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Settings"),
        "Ctrl+,",
        QT_TRANSLATE_NOOP("Shortcuts", "Providers, keys and preferences"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Copy last answer"),
        "Ctrl+Shift+C",
        QT_TRANSLATE_NOOP("Shortcuts", "Copy the last answer to the clipboard"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Edit last message"),
        "Up",
        QT_TRANSLATE_NOOP(
            "Shortcuts",
            "Edit your last message (Up in an empty prompt); sending starts a new branch",
        ),
        scope="composer",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Attach files"),
        "Ctrl+O",
        QT_TRANSLATE_NOOP("Shortcuts", "Choose files to attach to the prompt"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Toggle sidebar"),
        "Ctrl+B",
        QT_TRANSLATE_NOOP("Shortcuts", "Show or hide the conversation list"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Zoom in"),
        "Ctrl+=",
        QT_TRANSLATE_NOOP("Shortcuts", "Make the text larger"),
        alternates=("Ctrl++",),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Zoom out"),
        "Ctrl+-",
        QT_TRANSLATE_NOOP("Shortcuts", "Make the text smaller"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Reset zoom"),
        "Ctrl+0",
        QT_TRANSLATE_NOOP("Shortcuts", "Back to the normal text size"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Show shortcuts"),
        "Ctrl+/",
        QT_TRANSLATE_NOOP("Shortcuts", "This list of keyboard shortcuts"),
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Rename conversation"),
        "F2",
        QT_TRANSLATE_NOOP("Shortcuts", "Rename the selected conversation"),
        scope="sidebar",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Delete conversation"),
        "Del",
        QT_TRANSLATE_NOOP("Shortcuts", "Delete the selected conversation"),
        scope="sidebar",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Undo delete"),
        "Ctrl+Z",
        QT_TRANSLATE_NOOP("Shortcuts", "Bring back the conversation just deleted"),
        scope="sidebar",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Message actions"),
        "Shift+F10",
        QT_TRANSLATE_NOOP(
            "Shortcuts", "Copy, regenerate or edit the message at the cursor (also the Menu key)"
        ),
        scope="transcript",
    ),
    Shortcut(
        QT_TRANSLATE_NOOP("Shortcuts", "Quit"),
        "Ctrl+Q",
        QT_TRANSLATE_NOOP("Shortcuts", "Quit Parley"),
    ),
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

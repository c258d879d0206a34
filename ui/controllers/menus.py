"""The menus' controller: the menu bar and the window-wide shortcuts.

Why it exists: every menu entry is an intent some other part of the window carries out (a new
chat, Settings, Undo delete, a theme); building the menus apart keeps the window a room of
widgets. Keys come from the one table the shortcuts sheet shows (``ui/shortcuts.py``), so the
sheet can never disagree with what the menus do.

Invariants it keeps:

- each action calls the window's method when triggered (looked up then, not when the menu was
  built), so a method that moved to another controller keeps its menu entry working;
- Ctrl+Z is the sidebar's (Undo delete) only while the focus is in the sidebar: the composer
  keeps its own text undo;
- the theme entries stay checked as the theme is (``check_theme``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.shortcuts import find_shortcut

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow

HELP_TEXT = QT_TRANSLATE_NOOP(
    "MenuController",
    "Commands: /skill NAME and /agent NAME add a skill's rules or an agent's persona to this "
    "message; /model NAME switches the model for the next message; /new starts a new "
    "conversation (/clear does the same; the current one is kept); /compact summarises the "
    "earlier messages so the conversation takes less of the model's window (nothing is "
    "deleted); //text sends text starting with '/'. Ctrl+/ lists the keyboard shortcuts.",
)


class MenuController(QObject):
    """Builds the window's menus (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.theme_group = QActionGroup(window)
        self.enter_sends_action = QAction(
            translate("MenuController", "Send with &Enter (Shift+Enter for a new line)"), window
        )
        self._build()

    def _action(
        self, menu: QMenu | None, name: str, slot: Callable[[], object], text: str = ""
    ) -> QAction:
        act = QAction(text or name, self.w)
        if name:
            shortcut = find_shortcut(name)
            act.setShortcuts([QKeySequence(k) for k in (shortcut.keys, *shortcut.alternates)])
        act.triggered.connect(lambda _checked=False: slot())
        (menu if menu is not None else self.w).addAction(act)
        return act

    def _build(self) -> None:
        w, action = self.w, self._action
        bar = w.menuBar()

        file_menu = bar.addMenu(translate("MenuController", "&File"))
        action(
            file_menu,
            "New conversation",
            lambda: w.new_chat(),
            translate("MenuController", "&New chat"),
        )
        action(
            file_menu,
            "Quick switch",
            lambda: w.sidebar.open_quick_switcher(),
            translate("MenuController", "&Quick switch…"),
        )
        action(
            file_menu,
            "Attach files",
            lambda: w.composer.choose_files(),
            translate("MenuController", "&Attach files…"),
        )
        action(
            file_menu,
            "Settings",
            lambda: w.open_settings(),
            translate("MenuController", "&Settings…"),
        )
        file_menu.addSeparator()
        action(file_menu, "Quit", w.close, translate("MenuController", "&Quit"))

        edit_menu = bar.addMenu(translate("MenuController", "&Edit"))
        undo = action(
            edit_menu, "", lambda: w.undo_bar.undo(), translate("MenuController", "&Undo delete")
        )
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        undo.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        w._sidebar.addAction(undo)  # Ctrl+Z in the sidebar; the composer keeps its own undo
        action(
            edit_menu,
            "Copy last answer",
            lambda: w.chat.copy_last_answer(),
            translate("MenuController", "Copy last &answer"),
        )
        action(
            edit_menu,
            "",
            lambda: w.chat.edit_last_message(),
            translate("MenuController", "&Edit last message"),
        )
        action(
            edit_menu,
            "",
            lambda: w.chat.regenerate_last(),
            translate("MenuController", "&Regenerate last answer"),
        )

        view_menu = bar.addMenu(translate("MenuController", "&View"))
        theme_menu = view_menu.addMenu(translate("MenuController", "&Theme"))
        for label, mode in (
            (QT_TRANSLATE_NOOP("MenuController", "Follow the system"), "system"),
            (QT_TRANSLATE_NOOP("MenuController", "Light"), "light"),
            (QT_TRANSLATE_NOOP("MenuController", "Dark"), "dark"),
            (QT_TRANSLATE_NOOP("MenuController", "High contrast"), "contrast"),
        ):
            act = QAction(translate("MenuController", label), w, checkable=True)
            act.setData(mode)
            act.setChecked(mode == w.theme.mode)
            act.triggered.connect(lambda _c=False, m=mode: w.set_theme(m))
            self.theme_group.addAction(act)
            theme_menu.addAction(act)
        action(view_menu, "Zoom in", w.zoom.zoom_in, translate("MenuController", "Zoom &in"))
        action(view_menu, "Zoom out", w.zoom.zoom_out, translate("MenuController", "Zoom &out"))
        action(view_menu, "Reset zoom", w.zoom.reset, translate("MenuController", "&Reset zoom"))
        action(
            view_menu,
            "Toggle sidebar",
            lambda: w.toggle_sidebar(),
            translate("MenuController", "&Sidebar"),
        )
        self.enter_sends_action.setCheckable(True)
        self.enter_sends_action.toggled.connect(
            lambda on: w.set_send_key("enter" if on else "ctrl+enter")
        )
        view_menu.addAction(self.enter_sends_action)

        history_menu = bar.addMenu(translate("MenuController", "Histor&y"))
        action(
            history_menu,
            "History",
            lambda: w.open_history(),
            translate("MenuController", "&Browse…"),
        )
        action(
            history_menu,
            "Find conversation",
            lambda: w.session_search.setFocus(),
            translate("MenuController", "&Find conversation"),
        )

        help_menu = bar.addMenu(translate("MenuController", "&Help"))
        action(
            help_menu,
            "Show shortcuts",
            lambda: w.show_shortcuts(),
            translate("MenuController", "&Keyboard shortcuts"),
        )
        action(
            help_menu,
            "",
            lambda: w._show_status(translate("MenuController", HELP_TEXT)),
            translate("MenuController", "&Commands"),
        )

        action(None, "Stop", lambda: w.stop_turn())

    def check_theme(self, mode: str) -> None:
        for act in self.theme_group.actions():
            act.setChecked(act.data() == mode)

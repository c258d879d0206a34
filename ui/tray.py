"""Parley in the system tray: the icon and its menu.

Why it exists: Parley is open all day (issue 20). Its tray icon gives a new chat, Quick ask, the
latest conversations, pausing scheduled tasks and Quit without finding the window; and with
"Close to the tray" (Settings → Desktop) closing the window keeps Parley running there.

The menu (``TrayMenu``) is a plain ``QMenu`` with named actions and intent signals: it is built
and tested without a tray (``QSystemTrayIcon.isSystemTrayAvailable()`` is False offscreen and on
desktops without a tray), and ``Tray`` only puts it on the application's one tray icon when there
is a tray. What the actions do is decided by ``ui/desktop_integration.py``.

Invariants it keeps:

- one tray icon per application: the one ``ui/notifications.app_tray_icon`` makes, shared with
  the notifier's balloons;
- the recent conversations are read when the menu is about to open, from the list the window
  already holds (no store read on the UI thread);
- "Pause schedules" is shown only once the scheduler has said it exists (``offer_pause``): the
  menu offers nothing that does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from parley.application.ports.event_store import SessionRecord
from parley.ui.notifications import app_tray_icon

#: How many conversations "Recent conversations" lists.
RECENT_COUNT = 8
#: A title longer than this is cut in the menu.
TITLE_CHARS = 48


def latest(sessions: Sequence[SessionRecord], count: int = RECENT_COUNT) -> list[SessionRecord]:
    """The ``count`` most recently updated conversations, newest first."""
    return sorted(sessions, key=lambda s: s.updated_at, reverse=True)[:count]


class TrayMenu(QObject):
    """The tray's menu: actions and the intent they carry (module docstring)."""

    sig_show_window = Signal()
    sig_new_chat = Signal()
    sig_quick_ask = Signal()
    sig_open_session = Signal(str)
    sig_pause_schedules_toggled = Signal(bool)
    sig_quit = Signal()

    def __init__(
        self,
        recent: Callable[[], Sequence[SessionRecord]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._recent = recent
        self.menu = QMenu()
        self.menu.setObjectName("tray-menu")
        self.show_action = self._add(self.tr("Show Parley"), self.sig_show_window.emit)
        self.new_chat_action = self._add(self.tr("New chat"), self.sig_new_chat.emit)
        self.quick_ask_action = self._add(self.tr("Quick ask…"), self.sig_quick_ask.emit)
        self.recent_menu = QMenu(self.tr("Recent conversations"), self.menu)
        self.recent_menu.setObjectName("tray-recent")
        self.menu.addMenu(self.recent_menu)
        self.menu.addSeparator()
        self.pause_action = QAction(self.tr("Pause schedules"), self.menu)
        self.pause_action.setCheckable(True)
        self.pause_action.setVisible(False)  # until the scheduler offers it (``offer_pause``)
        self.pause_action.toggled.connect(self.sig_pause_schedules_toggled.emit)
        self.menu.addAction(self.pause_action)
        self.menu.addSeparator()
        self.quit_action = self._add(self.tr("Quit Parley"), self.sig_quit.emit)
        self.menu.aboutToShow.connect(self.refresh_recent)
        self.refresh_recent()

    def _add(self, text: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self.menu)
        action.triggered.connect(lambda _checked=False: slot())
        self.menu.addAction(action)
        return action

    @Slot()
    def refresh_recent(self) -> list[QAction]:
        """List the latest conversations again (the menu is about to open)."""
        self.recent_menu.clear()
        sessions = latest(self._recent())
        actions: list[QAction] = []
        for session in sessions:
            title = session.title.strip() or self.tr("Untitled")
            if len(title) > TITLE_CHARS:
                title = title[: TITLE_CHARS - 1] + "…"
            action = QAction(title.replace("&", "&&"), self.recent_menu)
            action.setData(session.id)
            action.triggered.connect(
                lambda _checked=False, sid=session.id: self.sig_open_session.emit(sid)
            )
            self.recent_menu.addAction(action)
            actions.append(action)
        if not actions:
            empty = self.recent_menu.addAction(self.tr("No conversations yet"))
            empty.setEnabled(False)
        return actions

    def offer_pause(self, paused: bool) -> None:
        """The scheduler exists: show "Pause schedules", checked when ``paused`` (no signal)."""
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(paused)
        self.pause_action.blockSignals(False)
        self.pause_action.setVisible(True)


class Tray(QObject):
    """The menu on the application's tray icon, when the desktop has a tray."""

    sig_activated = Signal()
    """The icon itself was clicked (not its menu)."""

    def __init__(
        self, menu: TrayMenu, available: bool | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.menu = menu
        self.available = QSystemTrayIcon.isSystemTrayAvailable() if available is None else available
        self.icon: QSystemTrayIcon | None = None
        if self.available:
            self.icon = app_tray_icon()
            self.icon.setContextMenu(menu.menu)
            self.icon.activated.connect(self._activated)
            self.icon.show()

    @Slot(QSystemTrayIcon.ActivationReason)
    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (
            QSystemTrayIcon.ActivationReason.Trigger,
            QSystemTrayIcon.ActivationReason.DoubleClick,
        ):
            self.sig_activated.emit()

    def hide(self) -> None:
        if self.icon is not None:
            self.icon.hide()
            self.icon.setContextMenu(None)  # type: ignore[arg-type]

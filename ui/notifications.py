"""Telling the desktop that an answer is ready while Parley's window is in the background.

Why it exists: a long answer (or one waiting behind a tool run) finishes while the user reads
something else. Peers post a system notification then; Parley does too. The window asks a
``Notifier`` (the port); ``SystemNotifier`` is the real one: the tray icon's balloon when a
system tray exists, else the freedesktop notification service on the session D-Bus, else
nothing. Tests of the window side give it a fake that records what it was asked to say.

Invariants it keeps:

- the window only notifies when it is not the active window (``should_notify``): an answer the
  user watches finish needs no pop-up;
- no notification service is not an error: ``notify`` returns False and nothing else happens —
  no dialog, no exception, no log above debug level;
- what is heavy loads on first use: the tray icon and QtDBus are created when the first
  notification is sent, never at start.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import threading
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QWidget

log = logging.getLogger(__name__)

#: The freedesktop notification service (https://specifications.freedesktop.org/notification-spec).
FDO_SERVICE = "org.freedesktop.Notifications"
FDO_PATH = "/org/freedesktop/Notifications"
#: How long the desktop shows it (ms).
SHOW_MS = 6000


class Notifier(Protocol):
    """Posts one message to the desktop; returns whether something could show it."""

    def notify(self, title: str, body: str) -> bool: ...


def should_notify(window: QWidget) -> bool:
    """Whether a finished answer should reach the desktop: the window is not the one in front
    (another application is, or it is minimised)."""
    return not window.isActiveWindow() or window.isMinimized()


class SystemNotifier(QObject):
    """The tray's balloon, else the freedesktop service over D-Bus, else nothing."""

    def __init__(self, parent: QObject | None = None, app_icon: QIcon | None = None) -> None:
        super().__init__(parent)
        self._icon = app_icon
        self._tray: object | None = None
        self._way = ""  # "tray", "dbus" or "none", chosen on first use

    @property
    def way(self) -> str:
        """How notifications are shown here ("" until the first one)."""
        return self._way

    def notify(self, title: str, body: str) -> bool:
        try:
            if not self._way:
                self._way = self._choose()
            if self._way == "tray":
                return self._by_tray(title, body)
            if self._way == "dbus":
                return self._by_dbus(title, body)
        except Exception:  # a desktop service misbehaving must never break the window
            log.debug("the notification could not be shown", exc_info=True)
        return False

    def _choose(self) -> str:
        from PySide6.QtWidgets import QSystemTrayIcon

        if QSystemTrayIcon.isSystemTrayAvailable() and QSystemTrayIcon.supportsMessages():
            return "tray"
        if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            return "none"
        # jeepney (pure Python D-Bus) comes with keyring's Secret Service backend on Linux.
        return "dbus" if importlib.util.find_spec("jeepney") is not None else "none"

    def _by_tray(self, title: str, body: str) -> bool:
        from PySide6.QtWidgets import QSystemTrayIcon

        if self._tray is None:
            icon = self._icon or QApplication.windowIcon()
            tray = QSystemTrayIcon(icon, self)
            tray.setToolTip("Parley")
            tray.show()
            self._tray = tray
        assert isinstance(self._tray, QSystemTrayIcon)
        self._tray.showMessage(title, body, QSystemTrayIcon.MessageIcon.Information, SHOW_MS)
        return True

    def _by_dbus(self, title: str, body: str) -> bool:
        # On a daemon thread: the session bus is local and quick, but a stuck notification daemon
        # must not hold the window; the answer is not waited for (a notification is a hint).
        threading.Thread(
            target=send_fdo_notification, args=(title, body), name="notify", daemon=True
        ).start()
        return True


def send_fdo_notification(title: str, body: str, timeout_s: float = 2.0) -> str:
    """Call the freedesktop ``Notify`` method on the session bus; "" on success, else the
    D-Bus error's name. QtDBus is not used: PySide6 marshals a Python int as ``i``, and the
    method's ``replaces_id`` must be ``u`` (the call is refused as InvalidArgs)."""
    # Imported by name: jeepney ships no type information (everything from it is ``Any``).
    jeepney = importlib.import_module("jeepney")
    blocking = importlib.import_module("jeepney.io.blocking")

    address = jeepney.DBusAddress(FDO_PATH, bus_name=FDO_SERVICE, interface=FDO_SERVICE)
    # Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)
    message = jeepney.new_method_call(
        address, "Notify", "susssasa{sv}i", ("Parley", 0, "", title, body, [], {}, SHOW_MS)
    )
    try:
        with blocking.open_dbus_connection(bus="SESSION") as connection:
            reply = connection.send_and_get_reply(message, timeout=timeout_s)
    except Exception as exc:
        log.debug("no desktop notification: %s", exc)
        return type(exc).__name__
    if reply.header.message_type == jeepney.MessageType.error:
        return str(reply.header.fields.get(4, "error"))  # 4: the ERROR_NAME header field
    return ""

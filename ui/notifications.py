"""Telling the desktop that an answer is ready while Parley's window is in the background.

Why it exists: a long answer (or one waiting behind a tool run) finishes while the user reads
something else. Peers post a system notification then; Parley does too. The window asks a
``Notifier`` (the port); ``SystemNotifier`` is the real one: the tray icon's balloon when a
system tray exists, else the freedesktop notification service on the session D-Bus, else
nothing. Tests of the window side give it a fake that records what it was asked to say.

What notifies (issue 20): a turn that finishes (``ui/controllers/feedback.py``), a permission
question, a project's knowledge folder that finished indexing (``follow_knowledge_runs``), a
Quick ask answer (``ui/quick_ask.py``), and whatever else calls ``notify_when_away`` — the one
entry for background work that ends while the person looks elsewhere (a scheduled task's run).

Invariants it keeps:

- the window only notifies when it is not the active window (``should_notify``): an answer the
  user watches finish needs no pop-up;
- no notification service is not an error: ``notify`` returns False and nothing else happens —
  no dialog, no exception, no log above debug level;
- what is heavy loads on first use: the tray icon and QtDBus are created when the first
  notification is sent, never at start;
- one tray icon per application (``app_tray_icon``): the tray menu (``ui/tray.py``) and every
  window's notifier share it, so the desktop never shows two Parley icons.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Slot
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

from parley.ui.i18n.composed import translate_text

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)

#: The freedesktop notification service (https://specifications.freedesktop.org/notification-spec).
FDO_SERVICE = "org.freedesktop.Notifications"
FDO_PATH = "/org/freedesktop/Notifications"
#: How long the desktop shows it (ms).
SHOW_MS = 6000
#: Parley's own icon (the packaging's), used when the application has none set.
APP_ICON_FILE = Path(__file__).resolve().with_name("icons") / "app" / "parley.svg"

_TRAY_PROPERTY = "parley_tray_icon"


def app_icon() -> QIcon:
    """The application's icon: ``QApplication.windowIcon()``, else Parley's SVG, else a bundled
    line icon (never a null icon: a tray icon without one is not shown at all)."""
    icon = QApplication.windowIcon()
    if not icon.isNull():
        return icon
    if APP_ICON_FILE.is_file():
        icon = QIcon(str(APP_ICON_FILE))
        if not icon.isNull():
            return icon
    from parley.ui.icons import icon as line_icon

    return line_icon("message-square")


def app_tray_icon() -> QSystemTrayIcon:
    """The application's one tray icon, made on first use (a child of the application: it lives
    as long as Parley does). Not shown here: whoever wants it on the tray calls ``show``."""
    app = QCoreApplication.instance()
    assert app is not None, "a tray icon needs the QApplication"
    tray = app.property(_TRAY_PROPERTY)
    if isinstance(tray, QSystemTrayIcon):
        return tray
    tray = QSystemTrayIcon(app_icon(), app)
    tray.setToolTip("Parley")
    app.setProperty(_TRAY_PROPERTY, tray)
    return tray


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
        if QSystemTrayIcon.isSystemTrayAvailable() and QSystemTrayIcon.supportsMessages():
            return "tray"
        if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            return "none"
        # jeepney (pure Python D-Bus) comes with keyring's Secret Service backend on Linux.
        return "dbus" if importlib.util.find_spec("jeepney") is not None else "none"

    def _by_tray(self, title: str, body: str) -> bool:
        if self._tray is None:
            tray = app_tray_icon()  # the tray menu's icon when there is one (never a second)
            if self._icon is not None and not tray.isVisible():
                tray.setIcon(self._icon)
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


def notify_when_away(window: QWidget, notifier: Notifier | None, title: str, body: str) -> bool:
    """Tell the desktop ``title``/``body`` unless ``window`` is the one in front; whether it was
    said. The entry for background work that ends on its own (a scheduled task's run, an index):
    ``notifier`` is the window's (``window.feedback.notifier``) so tests can record it."""
    if notifier is None or not should_notify(window):
        return False
    return notifier.notify(title, body)


def window_notifier(window: MainWindow) -> Notifier | None:
    """The notifier of ``window`` (its feedback controller's), or None."""
    feedback = getattr(window, "feedback", None)
    return getattr(feedback, "notifier", None)


def follow_knowledge_runs(window: MainWindow) -> bool:
    """Notify when a project's knowledge folder finishes indexing while ``window`` is in the
    background (the run changed something, or failed). Called once the window has its
    services (``MainWindow.attach``); False when it has no knowledge index."""
    runs: Any = getattr(getattr(window, "knowledge", None), "runs", None)
    if runs is None:
        return False
    notices = KnowledgeNotices(window)
    # Bound to a QObject of the UI thread: the runs emit on their workers, delivered queued.
    runs.sig_finished.connect(notices.finished)
    runs.sig_failed.connect(notices.failed)
    return True


class KnowledgeNotices(QObject):
    """What ``follow_knowledge_runs`` says, on the UI thread (a child of the window)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        #: What was said (title, body), for diagnostics and tests.
        self.said: list[tuple[str, str]] = []

    def _name(self, project_id: str) -> str:
        projects = getattr(self.w.settings, "projects", [])
        name = next((p.name for p in projects if p.id == project_id), "")
        return name or self.tr("A project")

    def _say(self, title: str, body: str) -> None:
        if notify_when_away(self.w, window_notifier(self.w), title, body):
            self.said.append((title, body))

    @Slot(str, object)
    def finished(self, project_id: str, summary: Any) -> None:
        if getattr(summary, "cancelled", False) or not getattr(summary, "changed", True):
            return  # a stopped run was asked for; an unchanged folder is no news
        self._say(
            self.tr("Knowledge folder indexed"),
            f"{self._name(project_id)}: {summary.describe(translate_text)}"[:140],
        )

    @Slot(str, str)
    def failed(self, project_id: str, message: str) -> None:
        self._say(
            self.tr("Indexing did not finish"),
            f"{self._name(project_id)}: {translate_text(message)}"[:140],
        )


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

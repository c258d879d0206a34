"""The window's side of syncing with the team store: the background worker and the quiet status.

Why it exists: issue 19 keeps this desktop's history primary and replicates it to the team's
PostgreSQL store in the background (ADR-012). Once the window has its services and the settings
name an enabled team store, this controller builds the sync engine (``ui/team_connection.py``,
on a worker: reading the keyring and loading the PostgreSQL driver block) and runs a
``SyncWorker`` at the settings' interval; it asks for a run right after each turn finishes, so
other devices see it soon. ``SyncIndicator`` (the sidebar's footer) says how it stands:
"Synced 2 min ago", "Syncing…", "Offline — retrying in 30 s", "Sync stopped: …" with Resume, and
which conversations were quarantined and why.

Invariants it keeps:

- the worker calls ``on_status`` on ITS thread: ``_from_worker`` only emits ``sig_status``,
  whose receiver lives on the UI thread, so Qt queues it there; the emission happens under a
  lock with a ``closed`` flag that ``shutdown`` sets first, so a status published while the
  window closes never reaches a deleted object;
- ``shutdown`` (the window's close) cancels the worker, closes every store it opened (the sync
  engine's, the History window's) on a closing thread — a closed pool fails a run waiting on
  the network at once — and waits at most ``STOP_WAIT_S`` for both; what does not end in time
  ends on its own (daemon threads, listed in ``lingering``);
- no store is opened or closed on the UI thread;
- the tooltip names the store's address (which never holds a password: ``TeamSettings``
  refuses one), this device's id and the last error — never the password.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from parley.application.ports.settings_store import TeamSettings
from parley.application.sync.worker import SyncStatus, SyncWorker
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages.look import HINT_STYLE
from parley.ui.team_connection import (
    build_engine,
    close_store,
    device_id,
    open_team_store,
    stored_password,
)

if TYPE_CHECKING:
    from parley.application.ports.event_store import EventStore
    from parley.ui.bootstrap import Services
    from parley.ui.history import HistoryWindow
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)

#: How long the window's close waits for the sync thread at most (seconds).
STOP_WAIT_S = 1.0
#: How often the indicator's "2 min ago" / "retrying in 30 s" is brought up to date.
TICK_MS = 5_000

#: The controller of each services object (Settings → Team finds the window's through it).
_BY_SERVICES: dict[int, TeamSyncController] = {}


@dataclass(frozen=True)
class Shown:
    """What the indicator shows for one status: its line, its tooltip, whether Resume/Retry is
    offered (and its word), and the quarantine notice ("" = none)."""

    text: str
    tooltip: str
    action: str = ""
    notice: str = ""


def _ago(seconds: float) -> str:
    if seconds < 60:
        return translate("TeamSync", "just now")
    minutes = int(seconds // 60)
    if minutes < 60:
        return translate("TeamSync", "{minutes} min ago").format(minutes=minutes)
    hours = minutes // 60
    if hours < 24:
        return translate("TeamSync", "{hours} h ago").format(hours=hours)
    return translate("TeamSync", "{days} d ago").format(days=hours // 24)


def _parse(stamp: str) -> datetime | None:
    try:
        return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


#: The sidebar's footer is narrow: a stopped sync says why in a few words; the tooltip has all.
SHORT_ERROR_CHARS = 70


def _short_error(error: str) -> str:
    """A stop's reason in a few words for the sidebar (the full text goes to the tooltip)."""
    if not error:
        return translate("TeamSync", "unknown error")
    if "no password supplied" in error:
        return translate(
            "TeamSync", "no password — join again in Settings → Team, or set PGPASSWORD"
        )
    if "refused the login" in error:
        return translate(
            "TeamSync", "the login was refused — check the password in Settings → Team"
        )
    error = translate_text(error)
    if len(error) <= SHORT_ERROR_CHARS:
        return error
    return error[: SHORT_ERROR_CHARS - 1].rstrip() + "…"


def describe(
    status: SyncStatus,
    *,
    now: datetime,
    since_status_s: float = 0.0,
    address: str = "",
    device: str = "",
    titles: dict[str, str] | None = None,
    paused: bool = False,
) -> Shown:
    """The indicator's words for ``status`` at ``now`` (``since_status_s``: how long ago the
    status arrived, so a countdown moves on). Pure: tested without waiting."""
    titles = titles or {}
    last = _parse(status.last_success) if status.last_success else None
    ago = _ago(max(0.0, (now - last).total_seconds())) if last else ""
    synced = translate("TeamSync", "Synced {ago}").format(ago=ago) if last else ""
    last_synced = translate("TeamSync", "Last synced {ago}").format(ago=ago) if last else ""
    wait = (
        None
        if status.next_attempt_in is None
        else max(0, round(status.next_attempt_in - since_status_s))
    )
    action = ""
    if paused:
        text = translate("TeamSync", "Sync paused")
    elif status.state == "syncing":
        text = translate("TeamSync", "Syncing…")
    elif status.state == "offline":
        text = (
            translate("TeamSync", "Offline — retrying in {wait} s").format(wait=wait)
            if wait is not None
            else translate("TeamSync", "Offline")
        )
    elif status.state == "error" and wait is None:
        # the whole error: tooltip
        text = translate("TeamSync", "Sync stopped: {error}").format(
            error=_short_error(status.last_error)
        )
        action = translate("TeamSync", "Resume")
    elif status.state == "error":
        text = translate("TeamSync", "Sync failed — retrying in {wait} s").format(wait=wait)
        action = translate("TeamSync", "Retry now")
    elif status.state == "stopped":
        text = translate("TeamSync", "Sync stopped")
    else:
        text = synced or translate("TeamSync", "Not synced yet")
    if status.state == "offline":
        action = translate("TeamSync", "Retry now")
    lines = [
        translate("TeamSync", "Team store: {address}").format(address=address)
        if address
        else translate("TeamSync", "Team store")
    ]
    if device:
        lines.append(translate("TeamSync", "This device: {device}").format(device=device))
    if synced and status.state != "idle":
        lines.append(last_synced)
    if status.pushed or status.pulled:
        lines.append(
            translate("TeamSync", "Pushed {pushed}, pulled {pulled} events since start").format(
                pushed=status.pushed, pulled=status.pulled
            )
        )
    if status.last_error:
        lines.append(
            translate("TeamSync", "Last error: {error}").format(
                error=translate_text(status.last_error)
            )
        )
    notice = ""
    if status.quarantined:
        named = "; ".join(
            f"“{titles[sid]}” ({sid})" if titles.get(sid) else sid for sid, _ in status.quarantined
        )
        reasons = "; ".join(translate_text(reason) for _, reason in status.quarantined)
        count = len(status.quarantined)
        notice = (
            translate(
                "TeamSync",
                "{count} conversation quarantined (the team store's copy did not verify; nothing "
                "more of it is accepted): {named}. Why: {reasons}",
            )
            if count == 1
            else translate(
                "TeamSync",
                "{count} conversations quarantined (the team store's copy did not verify; "
                "nothing more of it is accepted): {named}. Why: {reasons}",
            )
        ).format(count=count, named=named, reasons=reasons)
    return Shown(text, "\n".join(lines), action, notice)


class SyncIndicator(QWidget):
    """A quiet line in the sidebar's footer: how syncing stands, Resume/Retry when it helps,
    and a notice naming quarantined conversations."""

    sig_action = Signal()
    """Resume / Retry now was clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("team-sync")
        self.label = QLabel("")
        self.label.setObjectName("team-sync-status")
        self.label.setStyleSheet(HINT_STYLE)
        self.label.setWordWrap(True)
        self.label.setAccessibleName(translate("SyncIndicator", "Team sync status"))
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.action_button = QToolButton()
        self.action_button.setObjectName("team-sync-action")
        self.action_button.setAutoRaise(True)
        self.action_button.setVisible(False)
        self.action_button.clicked.connect(self.sig_action.emit)
        self.notice = QLabel("")
        self.notice.setObjectName("team-sync-quarantine")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName(translate("SyncIndicator", "Quarantined conversations"))
        self.notice.setStyleSheet("color: #b9770e")
        self.notice.setVisible(False)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.action_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 2, 4, 2)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.notice)
        self.setVisible(False)  # until there is a team store

    def show_state(self, shown: Shown) -> None:
        self.label.setText(shown.text)
        self.label.setAccessibleDescription(shown.tooltip)
        self.setToolTip(shown.tooltip)
        self.label.setToolTip(shown.tooltip)
        self.action_button.setText(shown.action)
        self.action_button.setAccessibleName(
            translate("SyncIndicator", "{action} syncing").format(action=shown.action)
            if shown.action
            else ""
        )
        self.action_button.setToolTip(
            translate("SyncIndicator", "Try syncing again now") if shown.action else "",
        )
        self.action_button.setVisible(bool(shown.action))
        self.notice.setText(shown.notice)
        self.notice.setToolTip(shown.notice)
        self.notice.setVisible(bool(shown.notice))
        self.setVisible(True)


@dataclass
class _Running:
    """The worker, its engine's store and what the tooltip names."""

    worker: SyncWorker
    store: object
    team: TeamSettings
    device: str
    #: conversations quarantined by earlier runs (the worker reports only its own)
    quarantined: tuple[tuple[str, str], ...] = ()


class TeamSyncController(QObject):
    """Background sync for one window (see the module docstring)."""

    sig_status = Signal(int, object)
    """``(generation, SyncStatus)`` from a worker, delivered on the UI thread (queued); a
    status from a worker an earlier ``restart`` replaced is dropped there."""

    sig_started = Signal(str)
    """Syncing with this address started (the worker runs)."""

    def __init__(self, window: MainWindow, parent: QObject | None = None) -> None:
        super().__init__(parent if parent is not None else window)
        self._window = window
        self.indicator = SyncIndicator()
        self.indicator.sig_action.connect(self.resume)
        self._running: _Running | None = None
        self._services: Services | None = None
        self._lock = threading.Lock()  # the gate: ``_from_worker`` emits under it
        self._closed = False
        self._generation = 0  # a start that finishes after a newer one (or shutdown) is dropped
        self._status = SyncStatus()
        self._status_at = time.monotonic()
        self._titles: dict[str, str] = {}
        self._paused = False
        #: The team settings last read (what the tooltip and the History window name).
        self._team = TeamSettings()
        self._history_stores: list[object] = []
        self._unadopted: list[object] = []
        self._lingering: list[threading.Thread] = []
        self.sig_status.connect(self._from_generation)
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(self._repaint)

    # -- wiring ------------------------------------------------------------------------------------

    @classmethod
    def for_services(cls, services: object) -> TeamSyncController | None:
        """The controller syncing ``services`` (None: no window has them)."""
        return _BY_SERVICES.get(id(services))

    def attach(self, services: Services, footer: Any = None) -> None:
        """The window has its services: put the indicator in ``footer`` (a layout), follow
        turns, and start syncing when the settings say so."""
        self._services = services
        _BY_SERVICES[id(services)] = self
        weakref.finalize(services, _BY_SERVICES.pop, id(services), None)
        if footer is not None:
            footer.addWidget(self.indicator)
        self._window.bridge.sig_turn_finished.connect(lambda _outcome: self.sync_now())
        # Loading the PostgreSQL driver competes for the GIL: not before the first paint.
        self._window.after_first_paint(self.restart)

    @property
    def running(self) -> bool:
        return self._running is not None

    @property
    def worker(self) -> SyncWorker | None:
        return self._running.worker if self._running is not None else None

    @property
    def lingering(self) -> list[threading.Thread]:
        """Closing threads still alive after ``shutdown``'s wait (normally none)."""
        return [t for t in self._lingering if t.is_alive()]

    @property
    def status(self) -> SyncStatus:
        return self._status

    def restart(self) -> None:
        """(Re)read the team settings and start syncing as they say (on a worker): after the
        window gets its services, and after Settings → Team joined, left or changed them."""
        services = self._services
        if services is None or self._closed:
            return
        self._stop_running()
        self._generation += 1
        generation = self._generation

        def on_status(status: SyncStatus) -> None:
            self._from_worker(generation, status)

        def build() -> tuple[TeamSettings, _Running | None, dict[str, str]]:
            team = services.settings.team()
            if not team.url or not team.enabled or services.sync_ledger is None:
                return team, None, {}
            engine, store = build_engine(services, team, stored_password(services, team.url))
            quarantined = services.sync_ledger.quarantined(team.url)
            titles: dict[str, str] = {}
            for sid in quarantined:
                try:
                    titles[sid] = services.store.get_session(sid).title
                except Exception:  # a title is a nicety: the id names it anyway
                    titles[sid] = ""
            worker = SyncWorker(engine, on_status=on_status, interval=float(team.interval_s))
            running = _Running(worker, store, team, device_id(services), tuple(quarantined.items()))
            # Until ``built`` adopts it, ``shutdown`` closes it (the bridge drops a result that
            # arrives after the window closed).
            with self._lock:
                if self._closed:
                    close_store(store)
                    return team, None, {}
                self._unadopted.append(store)
            return team, running, titles

        def built(result: tuple[TeamSettings, _Running | None, dict[str, str]]) -> None:
            team, running, titles = result
            if running is not None:
                with self._lock:
                    if running.store in self._unadopted:
                        self._unadopted.remove(running.store)
            if generation != self._generation or self._closed:
                if running is not None:  # never started: nothing else holds it
                    self._close_off_thread(running.store)
                return
            self._titles = titles
            self._team = team
            if running is None:
                self._running = None
                self._paused = bool(team.url) and not team.enabled
                if team.url:
                    self._show(SyncStatus())
                else:
                    self.indicator.setVisible(False)
                return
            self._paused = False
            self._running = running
            self._show(SyncStatus(state="syncing"))  # its first run starts at once
            running.worker.start()
            self._tick.start()
            self.sig_started.emit(running.team.url)

        def failed(exc: BaseException) -> None:
            if generation != self._generation or self._closed:
                return
            self._show(SyncStatus(state="error", last_error=str(exc), last_error_kind="local"))

        self._window.bridge.submit(build, built, failed)

    # -- control -----------------------------------------------------------------------------------

    @Slot()
    def sync_now(self) -> None:
        if self._running is not None:
            self._running.worker.sync_now()

    @Slot()
    def resume(self) -> None:
        if self._running is not None:
            self._running.worker.resume()
        else:
            self.restart()  # building the engine failed: try again from the settings

    # -- the worker's statuses (the hop) -----------------------------------------------------------

    def _from_worker(self, generation: int, status: SyncStatus) -> None:
        # The worker thread: emit only; ``sig_status``'s receiver is on the UI thread, so the
        # call is queued there. Under the lock, after ``shutdown`` nothing is emitted.
        with self._lock:
            if not self._closed:
                self.sig_status.emit(generation, status)

    @Slot(int, object)
    def _from_generation(self, generation: int, status: SyncStatus) -> None:
        if generation == self._generation and not self._closed:
            self._show(status)

    @Slot(object)
    def _show(self, status: SyncStatus) -> None:
        self._status = status
        self._status_at = time.monotonic()
        self._repaint()

    def _repaint(self) -> None:
        running = self._running
        team = running.team if running is not None else self._team
        status = self._status
        if running is not None and running.quarantined:
            known = {sid for sid, _ in status.quarantined}
            earlier = tuple(q for q in running.quarantined if q[0] not in known)
            status = dataclasses.replace(status, quarantined=earlier + status.quarantined)
        shown = describe(
            status,
            now=datetime.now(UTC),
            since_status_s=time.monotonic() - self._status_at,
            address=team.url if team is not None else "",
            device=running.device if running is not None else "",
            titles=self._titles,
            paused=self._paused,
        )
        self.indicator.show_state(shown)

    # -- the History window on the team store ----------------------------------------------------

    def team_address(self) -> str:
        """The team store's address while the settings name one ("" when none)."""
        running = self._running
        return running.team.url if running is not None else self._team.url

    def open_for_history(self) -> EventStore:
        """Open the team store read-only for browsing (BLOCKING: the History window calls it on
        a worker). Closed at ``shutdown``."""
        services = self._services
        address = self.team_address()
        if services is None or not address:
            raise RuntimeError("no team store is set up (Settings → Team)")
        store = open_team_store(services, address, stored_password(services, address))
        with self._lock:
            if self._closed:
                close_store(store)
                raise RuntimeError("the window is closing")
            self._history_stores.append(store)
        return store  # type: ignore[return-value]  # the connector's store is an EventStore too

    def offer_history(self, history: HistoryWindow) -> None:
        """Let ``history`` pick the team store (when there is one)."""
        history.set_team_store(self.team_address(), self.open_for_history)

    # -- the window closes -------------------------------------------------------------------------

    def shutdown(self, timeout: float = STOP_WAIT_S) -> bool:
        """Stop the worker and close the stores, waiting at most about ``timeout`` seconds;
        True when no sync thread is left (see ``_stop``)."""
        with self._lock:
            self._closed = True
            stores, self._history_stores = self._history_stores, []
            stores += self._unadopted
            self._unadopted = []
        self._tick.stop()
        if self._services is not None:
            _BY_SERVICES.pop(id(self._services), None)
        return self._stop(stores, timeout)

    def _close_off_thread(self, store: object) -> None:
        """Close ``store`` on a thread of its own (a pool's close may wait for its workers)."""
        closer = threading.Thread(
            target=_close_quietly, args=(store,), name="parley-sync-close", daemon=True
        )
        closer.start()
        self._lingering.append(closer)

    def _stop_running(self) -> None:
        """Stop syncing before starting again (``restart``); does not wait on this thread."""
        self._stop([], 0.0)

    def _stop(self, stores: list[object], timeout: float) -> bool:
        # The worker is cancelled at once (its run stops at the next batch boundary). Closing
        # the stores ends a run waiting on the network too (a closed pool fails its waiters),
        # so the closing happens on a thread of its own — a pool's close may wait for its
        # workers — and this thread waits for it only until ``timeout``.
        running, self._running = self._running, None
        worker = running.worker if running is not None else None
        if running is not None:
            stores = [running.store, *stores]
            running.worker.stop(timeout=0)  # cancel and wake; no join here
        if not stores and worker is None:
            return True

        def close_all() -> None:
            for store in stores:
                _close_quietly(store)
            if worker is not None:
                worker.stop(None)

        closer = threading.Thread(target=close_all, name="parley-sync-close", daemon=True)
        closer.start()
        closer.join(timeout)
        if closer.is_alive():
            self._lingering.append(closer)
            return False
        return True


def _close_quietly(store: object) -> None:
    try:
        close_store(store)
    except Exception:  # closing must not stop the window closing
        log.exception("closing the team store failed")

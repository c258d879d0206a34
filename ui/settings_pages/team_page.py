"""Settings → Team: the team store this desktop syncs with — join it, pause it, sync now, leave.

Why it exists: issue 19 replicates each desktop's history to a team's PostgreSQL store (ADR-012).
``parley team join`` does it from a terminal; this page does the same from the window, through
the same helpers (``ui/team_connection.py``): a first sync with the address and password typed
here, and only when it worked, the address to the settings and the password to the keyring.

Invariants it keeps:

- the password is read from a masked field once, handed to the join job, and the field is
  emptied at once; it is never shown, put in a message, a tooltip or a log line (an error from
  the server is shown as the server's words, which ``TeamStoreError`` keeps free of it);
- every read, write, join and sync runs through ``submit`` (a worker), never the UI thread;
- the window's background sync follows every change: ``on_changed`` (the window's
  ``TeamSyncController.restart``) is called after a join, a leave or a saved change, and Sync
  now goes to the running worker when there is one (``sync_now``); with no window (a dialog
  opened alone) Sync now runs one round itself, on a worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import (
    TEAM_INTERVAL_RANGE,
    TeamSettings,
    team_url_problem,
)
from parley.application.sync.engine import SyncReport
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import card_form, label_width, primary, scrolling
from parley.ui.team_connection import (
    JoinOutcome,
    build_engine,
    close_store,
    device_id,
    join_team,
    leave_team,
    password_kept_where,
    stored_password,
)

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services


def _outcome_text(report: SyncReport) -> str:
    return translate("TeamPage", "pushed {pushed} and pulled {pulled} events").format(
        pushed=report.pushed, pulled=report.pulled
    )


class TeamPage(QWidget):
    """The team store settings and the join flow (module docstring)."""

    sig_team_changed = Signal()
    """The team settings changed (joined, left, paused, resumed, another interval)."""

    sig_joined = Signal(object)
    """A join attempt ended: ``JoinOutcome`` (``joined`` says whether it worked)."""

    sig_synced = Signal(object)
    """A Sync now run by the page itself ended: ``SyncReport``."""

    def __init__(
        self,
        services: Services,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        on_changed: Callable[[], None] | None = None,
        sync_now: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._submit = submit
        self._on_changed = on_changed
        self._sync_now = sync_now
        self.team = TeamSettings()
        self._device = ""
        self.loaded = False
        self.busy = False

        # -- the store this desktop syncs with
        self.address_label = QLabel(translate("TeamPage", "None"))
        self.address_label.setObjectName("team-address")
        self.address_label.setAccessibleName(translate("TeamPage", "Team store address"))
        self.address_label.setWordWrap(True)
        self.member_label = QLabel("—")
        self.member_label.setAccessibleName(translate("TeamPage", "Member"))
        self.device_label = QLabel("—")
        self.device_label.setAccessibleName(translate("TeamPage", "This device"))
        self.password_label = QLabel("—")
        self.password_label.setAccessibleName(translate("TeamPage", "Where the password is kept"))
        self.password_label.setWordWrap(True)
        self.enabled_check = QCheckBox(translate("TeamPage", "Sync in the background"))
        self.enabled_check.setAccessibleName(translate("TeamPage", "Sync with the team store"))
        self.interval_spin = QSpinBox()
        self.interval_spin.setAccessibleName(translate("TeamPage", "Seconds between syncs"))
        self.interval_spin.setRange(*TEAM_INTERVAL_RANGE)
        self.interval_spin.setSuffix(translate("Units", " s"))
        self.interval_spin.setValue(60)
        self.save_button = QPushButton(translate("TeamPage", "Save"))
        self.save_button.setAccessibleName(translate("TeamPage", "Save team settings"))
        self.sync_button = QPushButton(translate("TeamPage", "Sync now"))
        self.sync_button.setAccessibleName(translate("TeamPage", "Sync now"))
        self.leave_button = QPushButton(translate("TeamPage", "Leave"))
        self.leave_button.setAccessibleName(translate("TeamPage", "Leave the team store"))
        self.leave_button.setToolTip(
            translate(
                "TeamPage",
                "Stop syncing: this computer keeps its history; the password is removed from the "
                "keyring",
            )
        )
        self.status = InlineError(translate("TeamPage", "Team store message"))

        # -- joining
        self.join_address = QLineEdit()
        self.join_address.setAccessibleName(translate("TeamPage", "Team store address to join"))
        self.join_address.setPlaceholderText(
            translate("TeamPage", "postgresql://NAME@host:5432/database")
        )
        self.join_password = QLineEdit()
        self.join_password.setAccessibleName(translate("TeamPage", "Password on the team store"))
        self.join_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.join_password.setPlaceholderText(translate("TeamPage", "kept in the system keyring"))
        self.join_button = primary(QPushButton(translate("TeamPage", "Join…")))
        self.join_button.setAccessibleName(translate("TeamPage", "Join the team store"))
        self.join_result = InlineError(translate("TeamPage", "Join result"))

        width = label_width(self, ["Address", "Member", "This device", "Sync", "Password"])
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.sync_button)
        buttons.addStretch(1)
        buttons.addWidget(self.leave_button)
        current = card_form(
            translate("TeamPage", "The team store"),
            [
                (translate("TeamPage", "Address"), self.address_label, ""),
                (
                    translate("TeamPage", "Password"),
                    self.password_label,
                    translate("TeamPage", "Never in a file Parley writes."),
                ),
                (
                    translate("TeamPage", "Member"),
                    self.member_label,
                    translate("TeamPage", "Your name on the team store."),
                ),
                (
                    translate("TeamPage", "This device"),
                    self.device_label,
                    translate("TeamPage", "How the team store tells this desktop apart."),
                ),
                (
                    translate("TeamPage", "Sync"),
                    self.enabled_check,
                    translate("TeamPage", "Off: nothing is sent or fetched; nothing is lost."),
                ),
                (
                    translate("TeamPage", "Every"),
                    self.interval_spin,
                    translate("TeamPage", "While Parley is open, and after every answer."),
                ),
            ],
            width,
        )
        join_row = QHBoxLayout()
        join_row.addStretch(1)
        join_row.addWidget(self.join_button)
        joining = card_form(
            translate("TeamPage", "Join a team store"),
            [
                (
                    translate("TeamPage", "Address"),
                    self.join_address,
                    translate(
                        "TeamPage", "From your team's administrator (parley team add-member)."
                    ),
                ),
                (
                    translate("TeamPage", "Password"),
                    self.join_password,
                    translate("TeamPage", "Checked with a first sync before it is kept."),
                ),
            ],
            width,
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(scrolling(current, joining), 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addLayout(join_row)
        layout.addWidget(self.join_result)

        self.save_button.clicked.connect(self.save)
        self.sync_button.clicked.connect(self.sync)
        self.leave_button.clicked.connect(self.leave)
        self.join_button.clicked.connect(self.join)
        self.join_password.returnPressed.connect(self.join)
        self.reload()

    # -- reading -----------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the team settings and this device's id (on a worker)."""
        services = self._services

        def load() -> tuple[TeamSettings, str, str]:
            team = services.settings.team()
            kept = password_kept_where(services, team.url) if team.url else ""
            return team, device_id(services), kept

        def show(result: tuple[TeamSettings, str, str]) -> None:
            team, device, kept = result
            self.show_team(team, device, kept)
            self.loaded = True

        self._submit(load, show, lambda exc: self.status.show_error(translate_text(str(exc))))

    def show_team(self, team: TeamSettings, device: str, kept: str = "") -> None:
        self.team, self._device = team, device
        joined = bool(team.url)
        self.address_label.setText(team.url or translate("TeamPage", "None — join one below"))
        if not joined:
            self.password_label.setText("—")
        elif kept:
            self.password_label.setText(
                translate("TeamPage", "In {kept}.").format(kept=translate_text(kept))
            )
        else:
            self.password_label.setText(
                translate("TeamPage", "Not kept: libpq reads ~/.pgpass, or join again to give it.")
            )
        self.address_label.setToolTip(team.url)
        self.member_label.setText(team.member or "—")
        self.device_label.setText(device or "— (this history is open read-only)")
        self.enabled_check.setChecked(team.enabled)
        self.interval_spin.setValue(team.interval_s)
        for widget in (
            self.enabled_check,
            self.interval_spin,
            self.save_button,
            self.sync_button,
            self.leave_button,
        ):
            widget.setEnabled(joined and not self.busy)

    # -- acting ------------------------------------------------------------------------------------

    def _changed(self) -> None:
        self.sig_team_changed.emit()
        if self._on_changed is not None:
            self._on_changed()

    def save(self) -> None:
        """Keep the on/off switch and the interval (on a worker)."""
        if not self.team.url:
            return
        team = TeamSettings(
            self.team.url,
            enabled=self.enabled_check.isChecked(),
            interval_s=self.interval_spin.value(),
        )
        settings = self._services.settings

        def saved(_none: object) -> None:
            self.status.show_ok(translate("TeamPage", "Saved."))
            self.reload()
            self._changed()

        self._submit(
            lambda: settings.set_team(team),
            saved,
            lambda e: self.status.show_error(translate_text(str(e))),
        )

    def sync(self) -> None:
        """Sync now: the window's worker when it runs, else one round here (on a worker)."""
        if not self.team.url:
            return
        if self._sync_now is not None:
            self._sync_now()
            self.status.show_ok(
                translate("TeamPage", "Syncing now — the window's status line says how it went.")
            )
            return
        services, team = self._services, self.team

        def run() -> SyncReport:
            engine, store = build_engine(services, team, stored_password(services, team.url))
            try:
                return engine.run_once(threading.Event())
            finally:
                close_store(store)

        def done(report: SyncReport) -> None:
            self._set_busy(False)
            if report.ok:
                self.status.show_ok(
                    translate("TeamPage", "Synced: {outcome_text}.").format(
                        outcome_text=_outcome_text(report)
                    )
                )
            else:
                self.status.show_error(
                    translate("TeamPage", "Could not sync: {error}").format(
                        error=translate_text(report.error)
                    )
                )
            self.sig_synced.emit(report)

        def failed(exc: BaseException) -> None:
            self._set_busy(False)
            self.status.show_error(
                translate("TeamPage", "Could not sync: {exc}").format(exc=translate_text(str(exc)))
            )

        self._set_busy(True)
        self.status.show_ok(translate("TeamPage", "Syncing…"))
        self._submit(run, done, failed)

    def leave(self) -> None:
        """Stop syncing; the history stays, the password leaves the keyring (on a worker)."""
        services = self._services

        def left(address: object) -> None:
            self.status.show_ok(
                translate("TeamPage", "Left {address}: this computer's history is kept.").format(
                    address=address
                )
            )
            self.reload()
            self._changed()

        self._submit(
            lambda: leave_team(services),
            left,
            lambda e: self.status.show_error(translate_text(str(e))),
        )

    def join(self) -> None:
        """Sync once with the typed address and password (on a worker); keep them when that
        worked. The password field is emptied at once."""
        if self.busy:
            return
        address = self.join_address.text().strip()
        problem = (
            team_url_problem(address)
            if address
            else translate("TeamPage", "type the team store's address")
        )
        if problem:
            self.join_result.show_error(
                translate("TeamPage", "The address: {problem}.").format(
                    problem=translate_text(problem)
                )
            )
            return
        password = self.join_password.text()
        self.join_password.clear()  # held only by the job from here on
        services = self._services
        interval = self.interval_spin.value() if self.team.url else 60

        def done(outcome: JoinOutcome) -> None:
            self._set_busy(False)
            if outcome.joined:
                text = translate("TeamPage", "Joined as {member}: {outcome}.").format(
                    member=outcome.team.member, outcome=_outcome_text(outcome.report)
                )
                if outcome.keyring_problem:
                    text += " " + translate(
                        "TeamPage",
                        "No system keyring could keep the password ({problem}), so it is kept "
                        "in memory until Parley quits: to sync after a restart, set PGPASSWORD "
                        "or use ~/.pgpass.",
                    ).format(problem=translate_text(outcome.keyring_problem))
                self.join_result.show_ok(text)
                self.join_address.clear()
                self.reload()
                self._changed()
            else:
                self.join_result.show_error(
                    translate("TeamPage", "Could not join: {value}").format(
                        value=translate_text(outcome.report.error or outcome.report.error_kind)
                    )
                )
            self.sig_joined.emit(outcome)

        def failed(exc: BaseException) -> None:
            self._set_busy(False)
            self.join_result.show_error(
                translate("TeamPage", "Could not join: {exc}").format(exc=translate_text(str(exc)))
            )
            self.sig_joined.emit(None)

        self._set_busy(True)
        self.join_result.show_ok(
            translate("TeamPage", "Joining: a first sync with the team store…")
        )
        self._submit(
            lambda: join_team(services, address, password, interval_s=interval), done, failed
        )

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.join_button.setEnabled(not busy)
        self.show_team(self.team, self._device)

"""The team sync indicator (issue 19): what each ``SyncStatus`` looks like in the real widget.

Fed with the statuses ``SyncWorker`` publishes, at a fixed "now" (no waiting): the line, the
Resume/Retry button, the quarantine notice and the tooltip (address and device, never a
password).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parley.application.sync.worker import SyncStatus
from parley.ui.controllers.team_sync import SyncIndicator, describe

NOW = datetime(2026, 12, 3, 12, 0, 0, tzinfo=UTC)
ADDRESS = "postgresql://ana@127.0.0.1:5432/team"


def shown(qtbot, status: SyncStatus, **kwargs) -> SyncIndicator:
    indicator = SyncIndicator()
    qtbot.addWidget(indicator)
    indicator.show_state(describe(status, now=NOW, address=ADDRESS, device="dev-1234", **kwargs))
    return indicator


@pytest.mark.parametrize(
    ("status", "text", "action"),
    [
        (SyncStatus(state="syncing"), "Syncing…", ""),
        (
            SyncStatus(state="idle", last_success="2026-12-03T11:58:00.000000Z", pushed=5),
            "Synced 2 min ago",
            "",
        ),
        (
            SyncStatus(state="idle", last_success="2026-12-03T11:59:40.000000Z"),
            "Synced just now",
            "",
        ),
        (SyncStatus(state="idle"), "Not synced yet", ""),
        (
            SyncStatus(state="offline", last_error="connection refused", next_attempt_in=30.0),
            "Offline — retrying in 30 s",
            "Retry now",
        ),
        (
            SyncStatus(
                state="error",
                last_error="permission denied for table events",
                last_error_kind="refused",
                next_attempt_in=None,
            ),
            "Sync stopped: permission denied for table events",
            "Resume",
        ),
        (
            SyncStatus(
                state="error", last_error="disk I/O", last_error_kind="local", next_attempt_in=8.0
            ),
            "Sync failed — retrying in 8 s",
            "Retry now",
        ),
        (
            SyncStatus(
                state="error",
                last_error=(
                    "the team store ana@db:5432/team refused the login: connection to server at "
                    '"127.0.0.1", port 5432 failed: fe_sendauth: no password supplied'
                ),
                last_error_kind="refused",
                next_attempt_in=None,
            ),
            "Sync stopped: no password — join again in Settings → Team, or set PGPASSWORD",
            "Resume",
        ),
        (
            SyncStatus(
                state="error",
                last_error=(
                    "the team store ana@db:5432/team refused the login: password authentication "
                    'failed for user "ana"'
                ),
                last_error_kind="refused",
                next_attempt_in=None,
            ),
            "Sync stopped: the login was refused — check the password in Settings → Team",
            "Resume",
        ),
        (SyncStatus(state="stopped"), "Sync stopped", ""),
    ],
)
def test_each_state_has_its_line_and_action(
    qtbot, status: SyncStatus, text: str, action: str
) -> None:
    indicator = shown(qtbot, status)
    assert indicator.isVisibleTo(indicator.parentWidget() or indicator)
    assert indicator.label.text() == text
    assert indicator.action_button.text() == action
    assert indicator.action_button.isVisibleTo(indicator) == bool(action)
    if action:
        assert indicator.action_button.accessibleName() == f"{action} syncing"
    tip = indicator.toolTip()
    assert ADDRESS in tip and "dev-1234" in tip
    if status.last_error:
        assert status.last_error in tip
    assert indicator.label.accessibleName() == "Team sync status"
    assert not indicator.notice.isVisibleTo(indicator)


def test_the_offline_countdown_moves_on_from_when_the_status_came(qtbot) -> None:
    status = SyncStatus(state="offline", next_attempt_in=30.0)
    later = describe(status, now=NOW, since_status_s=12.0)
    assert later.text == "Offline — retrying in 18 s"


def test_quarantined_conversations_are_named_with_why(qtbot) -> None:
    status = SyncStatus(
        state="idle",
        last_success="2026-12-03T11:59:00.000000Z",
        quarantined=(("s-1", "event 7: hash mismatch"),),
    )
    indicator = shown(qtbot, status, titles={"s-1": "Budget review"})
    assert indicator.notice.isVisibleTo(indicator)
    notice = indicator.notice.text()
    assert "1 conversation quarantined" in notice
    assert "Budget review" in notice and "s-1" in notice and "event 7: hash mismatch" in notice
    assert indicator.notice.accessibleName() == "Quarantined conversations"


def test_the_resume_button_asks_the_controller(qtbot) -> None:
    indicator = shown(qtbot, SyncStatus(state="error", last_error="refused", next_attempt_in=None))
    with qtbot.waitSignal(indicator.sig_action, timeout=1000):
        indicator.action_button.click()


def test_paused_says_so(qtbot) -> None:
    assert shown(qtbot, SyncStatus(), paused=True).label.text() == "Sync paused"

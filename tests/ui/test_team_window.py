"""The window with a real team store (issue 19): background sync, its status, the Team settings
page's join flow, and the History window browsing the team store.

Real parts throughout: a throwaway PostgreSQL cluster (``tests/support/postgres.py``) set up
with ``init_team`` and a member, the profile's real SQLite history, a model server on 127.0.0.1
(pytest-httpserver), the in-memory keyring the window tests use, and real widgets.
"""

from __future__ import annotations

import threading
import time
import uuid

import pytest

from parley.infrastructure.team.roles import add_member, init_team
from parley.ui.bridge import WorkerBridge
from parley.ui.history.stores import TEAM
from parley.ui.settings_dialog import SettingsDialog
from parley.ui.settings_pages.team_page import TeamPage
from parley.ui.team_connection import SECRET_PREFIX, join_team
from tests.support.postgres import Cluster, fresh_database, postgres_cluster
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

__all__ = ["fresh_database", "postgres_cluster"]  # fixtures used by name below

PASSWORD = "ana-secret-0815"


@pytest.fixture
def team_url(postgres_cluster: Cluster, fresh_database: str) -> str:
    init_team(postgres_cluster.admin_dsn(fresh_database))
    member = "ana_" + uuid.uuid4().hex[:8]  # roles belong to the cluster: one per test
    add_member(postgres_cluster.admin_dsn(fresh_database), member, PASSWORD)
    return f"postgresql://{member}@127.0.0.1:{postgres_cluster.port}/{fresh_database}"


def _sync_threads() -> list[threading.Thread]:
    """The sync worker, its closing thread and the team stores' pool workers still alive."""
    return [
        t
        for t in threading.enumerate()
        if t.name.startswith(("parley-sync", "parley-team")) and t.is_alive()
    ]


def _server_sessions(services, url: str) -> set[str]:
    store = services.team_connector().open(url, PASSWORD, device_id="checker")
    try:
        return {s.id for s in store.summaries()}
    finally:
        store.close()


def test_a_finished_turn_is_synced_the_status_says_so_and_closing_stops_the_worker(
    qtbot, services, local_provider, team_url: str, tmp_path
) -> None:
    from parley.ui.main_window import MainWindow

    assert join_team(services, team_url, PASSWORD, interval_s=3600).joined
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Synced answer."]))
    )
    window = MainWindow(services)
    window.auto_titles = False
    qtbot.addWidget(window)
    window.show()
    sync = window.team_sync
    qtbot.waitUntil(lambda: sync.running and sync.status.last_success != "", timeout=15000)
    indicator = sync.indicator
    assert indicator.isVisible()
    assert indicator.label.text().startswith("Synced")
    assert team_url in indicator.toolTip() and PASSWORD not in indicator.toolTip()
    assert services.sync_ledger.device_id in indicator.toolTip()
    assert _sync_threads()

    wait_ready(qtbot, window)
    window.composer.editor.setPlainText("Please sync me")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        window.composer.button.click()
    session = finished.args[0].session_id
    # The interval is an hour: only the run asked for after the turn can push it.
    qtbot.waitUntil(lambda: sync.status.pushed > 0 and sync.status.state == "idle", timeout=15000)
    assert indicator.label.text().startswith("Synced")
    assert session in _server_sessions(services, team_url)

    # The History window can browse the team store: it lists the conversation from there.
    history = window.open_history()
    qtbot.waitUntil(lambda: not history.loading, timeout=10000)
    assert history.store_picker.isVisible()
    assert "Team store" in history.store_picker.box.itemText(1)
    with qtbot.waitSignal(history.sig_loaded, timeout=15000, check_params_cb=lambda n, c: c):
        history.store_picker.choose(TEAM)
    assert history.showing_team_store
    assert session in history.model.ids()
    assert not history.delete_action.isEnabled()  # browsed, not edited
    with qtbot.waitSignal(history.sig_timeline_shown, timeout=10000) as shown:
        history.select_session(session)
    assert shown.args[0] == session and shown.args[1] > 0
    # Verify and export read the team store's copy through the same port.
    with qtbot.waitSignal(history.sig_chain_verified, timeout=10000) as verified:
        history.verify_selected()
    assert verified.args[0].ok and verified.args[0].events_checked > 0
    target = tmp_path / "from-team.json"
    with qtbot.waitSignal(history.sig_exported, timeout=10000):
        history.export_selected(target, "json")
    assert "Please sync me" in target.read_text()

    assert {"parley-sync", "parley-team"} <= {t.name[:11] for t in _sync_threads()}
    started = time.monotonic()
    window.close()
    took = time.monotonic() - started
    print(f"window close took {took * 1000:.0f} ms")
    assert not sync.running
    assert not _sync_threads()
    assert not any(t.name.startswith("parley-sync-close") for t in threading.enumerate())


def test_the_history_picker_says_inline_when_the_team_store_cannot_be_read(
    qtbot, services, local_provider, team_url: str
) -> None:
    from parley.ui.main_window import MainWindow

    assert join_team(services, team_url, PASSWORD).joined
    services.secrets.set(SECRET_PREFIX + team_url, "not-the-password")  # changed elsewhere
    window = MainWindow(services)
    qtbot.addWidget(window)
    window.show()
    # A refused login waits out the pool's connection timeout and is reported as offline (the
    # adapter cannot tell it from a server that is down): either way the line says so.
    sync = window.team_sync
    qtbot.waitUntil(lambda: sync.status.state in ("offline", "error"), timeout=30000)
    line = sync.indicator.label.text()
    assert line.startswith(("Offline", "Sync stopped:")), line
    assert sync.indicator.action_button.isVisibleTo(sync.indicator)
    assert "not-the-password" not in sync.indicator.toolTip()
    history = window.open_history()
    history.store_picker.choose(TEAM)
    qtbot.waitUntil(lambda: history.store_picker.error.isVisibleTo(history), timeout=30000)
    error = history.store_picker.error.text()
    assert error.startswith("Cannot read the team store") and "not-the-password" not in error
    started = time.monotonic()
    window.close()
    took = (time.monotonic() - started) * 1000
    print(f"window close (a run waiting on the server) took {took:.0f} ms")
    assert not sync.running
    # The closing thread closed the pools, which failed the waiting run: nothing is left.
    assert not _sync_threads(), [t.name for t in _sync_threads()]


def test_the_team_page_joins_with_a_first_sync_and_keeps_the_password_in_the_keyring(
    qtbot, services, team_url: str, tmp_path
) -> None:
    bridge = WorkerBridge(services.runtime)
    page = TeamPage(services, bridge.submit)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.loaded, timeout=5000)
    assert not page.sync_button.isEnabled() and not page.leave_button.isEnabled()

    page.join_address.setText(team_url)
    page.join_password.setText("wrong-password")
    with qtbot.waitSignal(page.sig_joined, timeout=15000) as attempt:
        page.join_button.click()
    assert attempt.args[0] is not None and not attempt.args[0].joined
    assert page.join_result.text().startswith("Could not join")
    assert "wrong-password" not in page.join_result.text()
    assert page.join_password.text() == ""
    assert services.settings.team().url == ""

    page.join_password.setText(PASSWORD)
    with qtbot.waitSignal(page.sig_joined, timeout=15000) as attempt:
        page.join_button.click()
    assert attempt.args[0].joined, page.join_result.text()
    assert page.join_result.text().startswith("Joined as ana_")
    assert services.settings.team().url == team_url
    assert services.secrets.get(SECRET_PREFIX + team_url) == PASSWORD
    settings_file = (tmp_path / "config" / "settings.json").read_text()
    assert PASSWORD not in settings_file and team_url in settings_file
    qtbot.waitUntil(lambda: page.address_label.text() == team_url, timeout=5000)
    assert page.sync_button.isEnabled()
    texts = [w.text() for w in page.findChildren(type(page.address_label))]
    assert not any(PASSWORD in t for t in texts)

    # Without a window, Sync now runs one round itself.
    with qtbot.waitSignal(page.sig_synced, timeout=15000) as synced:
        page.sync_button.click()
    assert synced.args[0].ok
    assert page.status.text().startswith("Synced")

    with qtbot.waitSignal(page.sig_team_changed, timeout=5000):
        page.leave_button.click()
    assert services.settings.team().url == ""
    assert services.secrets.get(SECRET_PREFIX + team_url) is None
    bridge.shutdown()


def test_the_team_page_is_in_settings(qtbot, services) -> None:
    bridge = WorkerBridge(services.runtime)
    dialog = SettingsDialog(services, bridge)
    qtbot.addWidget(dialog)
    assert "team" in dialog.PAGES
    assert dialog.show_page("team") is dialog.team_page
    bridge.shutdown()


def test_joining_from_the_window_settings_starts_background_sync(
    qtbot, services, local_provider, team_url: str
) -> None:
    from parley.ui.main_window import MainWindow

    window = MainWindow(services)
    qtbot.addWidget(window)
    window.show()
    wait_ready(qtbot, window)
    sync = window.team_sync
    assert not sync.running and not sync.indicator.isVisible()  # no team store yet
    dialog = window.open_settings("team")
    assert isinstance(dialog.team_page, TeamPage)
    team = dialog.team_page
    team.join_address.setText(team_url)
    team.join_password.setText(PASSWORD)
    with qtbot.waitSignal(sync.sig_started, timeout=20000):
        team.join_button.click()
    qtbot.waitUntil(lambda: sync.status.last_success != "", timeout=15000)
    assert sync.indicator.isVisible() and sync.indicator.label.text().startswith("Synced")
    # Sync now on the page goes to the window's worker.
    before = sync.status.last_success
    team.sync_button.click()
    qtbot.waitUntil(lambda: sync.status.last_success != before, timeout=15000)
    # Leave: the worker stops and the line goes away.
    with qtbot.waitSignal(team.sig_team_changed, timeout=5000):
        team.leave_button.click()
    qtbot.waitUntil(lambda: not sync.indicator.isVisible(), timeout=5000)
    assert not sync.running
    window.close()
    qtbot.waitUntil(lambda: not _sync_threads(), timeout=5000)


def test_without_a_keyring_a_joined_password_syncs_until_quit_and_the_page_says_where_it_is(
    qtbot, tmp_path, team_url: str
) -> None:
    # The keyring package's own "fail" backend is what a machine without a keyring gets: every
    # call raises. Found under Xvfb: joining worked, then every background sync said "no
    # password supplied" because the password had nowhere to live.
    from keyring.backends.fail import Keyring as NoKeyring

    from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
    from parley.ui.bootstrap import build_services

    services = build_services(
        tmp_path / "data", tmp_path / "config", secrets=KeyringSecretStore(backend=NoKeyring())
    )
    bridge = WorkerBridge(services.runtime)
    try:
        page = TeamPage(services, bridge.submit)
        qtbot.addWidget(page)
        qtbot.waitUntil(lambda: page.loaded, timeout=5000)
        page.join_address.setText(team_url)
        page.join_password.setText(PASSWORD)
        with qtbot.waitSignal(page.sig_joined, timeout=15000) as attempt:
            page.join_button.click()
        assert attempt.args[0].joined and attempt.args[0].keyring_problem
        assert "kept in memory until Parley quits" in page.join_result.text()
        qtbot.waitUntil(lambda: "memory" in page.password_label.text(), timeout=5000)

        with qtbot.waitSignal(page.sig_synced, timeout=15000) as synced:
            page.sync_button.click()
        assert synced.args[0].ok, synced.args[0].error
        assert PASSWORD not in (tmp_path / "config" / "settings.json").read_text()

        with qtbot.waitSignal(page.sig_team_changed, timeout=5000):
            page.leave_button.click()
        from parley.ui.team_connection import stored_password

        assert stored_password(services, team_url) == ""  # forgotten on leaving
    finally:
        bridge.shutdown()
        services.close()

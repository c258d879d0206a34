"""The Scheduled page and the in-app scheduler, in a real window (offscreen) talking to a local
provider through the real composition root. The schedule's clock is injected, so "Monday 08:00"
comes when the test says; the in-app scheduler's look is triggered by calling its ``tick`` (what
its ``QTimer`` calls). Fakes: the desktop's notification service and the operating system's
timer (an OS service: ``test_schedule_systemd.py`` tests the real one)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt

from parley.application.schedules.ports import OsSchedulerReport
from parley.infrastructure.schedules.cron import CroniterSchedule
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready
from tests.ui.test_feedback import FakeNotifier

MONDAY_0800 = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class FakeOsScheduler:
    """The operating system's timer: records that it was asked to install, installs nothing."""

    name = "test timer"

    def __init__(self) -> None:
        self.installed = 0

    def install(self, expressions) -> OsSchedulerReport:
        self.installed += 1
        self.expressions = tuple(expressions)
        return OsSchedulerReport(False, "no timer in tests")

    def remove(self) -> OsSchedulerReport:
        return OsSchedulerReport(True, "removed")

    def status(self) -> OsSchedulerReport:
        return OsSchedulerReport(False, "no timer in tests")


def _open_page(qtbot, window):
    assert window.scheduled is not None and window.scheduled.action is not None
    (history,) = [a.menu() for a in window.menuBar().actions() if a.text() == "Histor&y"]
    assert window.scheduled.action in history.actions()  # History → Scheduled tasks…
    window.scheduled.action.trigger()
    page = window.scheduled.page
    assert page is not None
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: "no timer in tests" in page.timer_label.text(), timeout=5000)
    return page


def test_add_a_task_and_the_in_app_scheduler_runs_it_once(qtbot, services, local_provider, window):
    requests: list = []
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Good morning."], model="model-a"), record=requests)
    )
    wait_ready(qtbot, window)
    clock = Clock(MONDAY_0800 - timedelta(days=3))
    services.schedules.clock = clock
    services.schedules.cron = CroniterSchedule(UTC)
    timer = FakeOsScheduler()
    services.os_scheduler = timer
    notifier = FakeNotifier()
    window.feedback.notifier = notifier
    page = _open_page(qtbot, window)
    qtbot.waitUntil(page.empty_label.isVisible, timeout=5000)
    assert not page.tasks.isVisible()
    assert not page.run_button.isEnabled()

    # The Add dialog checks the cron field as it is typed and shows the next three times.
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    dialog = window.scheduled.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.cron_edit.setText("0 25 * * *")
    assert "not a valid cron expression" in dialog.cron_hint.text()
    assert not dialog.add_button.isEnabled()
    dialog.cron_edit.setText("0 8 * * 1-5")
    assert dialog.cron_hint.text().count(",") == 2  # three times
    assert "Mon 07 Dec" in dialog.cron_hint.text() or "07 Dec" in dialog.cron_hint.text()
    assert not dialog.add_button.isEnabled()  # no prompt yet
    dialog.name_edit.setText("Morning")
    dialog.prompt_edit.setPlainText("Say good morning")
    assert dialog.add_button.isEnabled()
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: len(page.task_rows()) == 1, timeout=5000)
    name, cron, next_run, last, status = page.task_rows()[0]
    assert (name, cron, last, status) == ("Morning", "0 8 * * 1-5", "never", "")
    assert next_run.startswith("Mon 07 Dec")
    # Adding a task asks the OS timer to wake for it while the window is closed.
    assert (timer.installed, timer.expressions) == (1, ("0 8 * * 1-5",))

    # Monday 08:00:10: the window's scheduler finds it due and runs it off the UI thread.
    clock.now = MONDAY_0800 + timedelta(seconds=10)
    scheduler = window.scheduled.scheduler
    qtbot.waitUntil(lambda: not scheduler.looking, timeout=5000)  # the look at start is done
    with qtbot.waitSignal(scheduler.sig_run_finished, timeout=15000) as finished:
        scheduler.tick()
    record = finished.args[0]
    assert (record.status, record.kind, record.scheduled_at) == (
        "completed", "scheduled", MONDAY_0800
    )  # fmt: skip
    assert len(requests) == 1

    # Said on the desktop, listed in the page's log, and in the sidebar's Scheduled section.
    qtbot.waitUntil(lambda: bool(notifier.sent), timeout=5000)
    assert notifier.sent[0][0] == "Scheduled task “Morning” completed"
    qtbot.waitUntil(
        lambda: [r[1:4] for r in page.run_rows()] == [["Morning", "on time", "completed"]],
        timeout=5000,
    )
    qtbot.waitUntil(
        lambda: ("Scheduled", [record.session_id]) in window.session_list.layout_text(),
        timeout=5000,
    )

    # Looking again finds nothing more to run: the occurrence is claimed.
    scheduler.tick()
    qtbot.waitUntil(lambda: not scheduler.looking, timeout=5000)
    assert len(requests) == 1 and scheduler.running == 0

    # Opening the run opens its conversation in the main window.
    item = page.runs.topLevelItem(0)
    page.runs.setCurrentItem(item)
    assert page.open_button.isEnabled()
    qtbot.mouseClick(page.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window._session_id == record.session_id, timeout=5000)


def test_turn_off_run_now_and_remove_from_the_page(qtbot, services, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Done."], model="model-a"))
    )
    wait_ready(qtbot, window)
    services.os_scheduler = FakeOsScheduler()
    window.feedback.notifier = FakeNotifier()
    task = services.schedules.add(cron="0 3 1 1 *", prompt="Yearly review", name="Yearly")
    page = _open_page(qtbot, window)
    qtbot.waitUntil(lambda: len(page.task_rows()) == 1, timeout=5000)
    page.tasks.setCurrentItem(page.tasks.topLevelItem(0))
    assert page.toggle_button.text() == "Turn off"

    qtbot.mouseClick(page.toggle_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.task_rows() and page.task_rows()[0][2] == "off", timeout=5000)
    assert not services.schedules.find(task.id).enabled
    assert page.toggle_button.text() == "Turn on"

    with qtbot.waitSignal(window.scheduled.scheduler.sig_run_finished, timeout=15000) as done:
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert (done.args[0].kind, done.args[0].status) == ("manual", "completed")

    qtbot.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    assert page.confirm is not None and "Remove “Yearly”?" in page.confirm.text()
    assert len(page.task_rows()) == 1  # nothing removed before the answer
    qtbot.mouseClick(
        page.confirm.button(page.confirm.StandardButton.Yes), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: page.task_rows() == [], timeout=5000)
    assert page.empty_label.isVisible()
    # Its runs stay in the log, under "(removed)".
    qtbot.waitUntil(lambda: page.run_rows() and page.run_rows()[0][1] == "(removed)", timeout=5000)


def test_a_missed_run_catches_up_when_the_window_starts(qtbot, services, local_provider):
    from parley.ui.main_window import MainWindow

    requests: list = []
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Caught up."], model="model-a"), record=requests)
    )
    clock = Clock(MONDAY_0800 - timedelta(days=3))
    services.schedules.clock = clock
    services.schedules.cron = CroniterSchedule(UTC)
    services.os_scheduler = FakeOsScheduler()
    digest = services.schedules.add(cron="0 8 * * *", prompt="Digest", catch_up=True)
    services.schedules.add(cron="0 8 * * *", prompt="Stand-up")  # no catch-up: logged missed
    # The computer was off all weekend; the window opens on Monday at 11:00.
    clock.now = MONDAY_0800 + timedelta(hours=3)

    window = MainWindow(services)
    qtbot.addWidget(window)
    notifier = FakeNotifier()
    window.feedback.notifier = notifier
    ended: list = []
    window.scheduled.scheduler.sig_run_finished.connect(ended.append)
    window.show()
    try:
        qtbot.waitUntil(lambda: len(ended) == 2, timeout=15000)
        assert sorted((r.task_id == digest.id, r.kind, r.status) for r in ended) == [
            (False, "scheduled", "skipped"),  # said too: "… was missed"
            (True, "catch_up", "completed"),
        ]
        assert len(requests) == 1  # three missed mornings, one run
        # The window is in front (it just opened): the ends are said in it, not notified.
        assert window.isActiveWindow() and notifier.sent == []
        qtbot.waitUntil(lambda: "Scheduled task" in window.status.text(), timeout=5000)
    finally:
        window.close()


def test_a_run_of_the_os_timer_is_shown_not_notified_again(qtbot, services, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Done."], model="model-a"))
    )
    wait_ready(qtbot, window)
    clock = Clock(MONDAY_0800 - timedelta(days=1))
    services.schedules.clock = clock
    services.schedules.cron = CroniterSchedule(UTC)
    notifier = FakeNotifier()
    window.feedback.notifier = notifier
    scheduler = window.scheduled.scheduler
    qtbot.waitUntil(lambda: not scheduler.looking, timeout=5000)  # the look at start is done
    services.schedules.add(cron="0 8 * * *", prompt="Digest", name="Digest")
    clock.now = MONDAY_0800 + timedelta(seconds=5)
    # `parley schedule run-due`, started by the OS timer, runs it (here in this process).
    (record,) = services.schedules.run_due()

    with qtbot.waitSignal(scheduler.sig_other_finished, timeout=5000) as other:
        scheduler.tick()

    assert other.args[0].session_id == record.session_id
    qtbot.waitUntil(
        lambda: ("Scheduled", [record.session_id]) in window.session_list.layout_text(),
        timeout=5000,
    )
    assert notifier.sent == []  # run-due notified the desktop itself
    assert scheduler.running == 0  # and the window did not run it again


def test_the_scheduled_section_lists_the_run_logs_conversations(
    qtbot, services, local_provider, window
):
    """The run log names each run's conversation: one query, not a read of every
    conversation's first turn (5.6 s at each start with 10,000 conversations)."""
    from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
    from parley.domain.transcript.canonical import mint_id

    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Hi."], model="model-a"))
    )
    wait_ready(qtbot, window)
    services.os_scheduler = FakeOsScheduler()
    mine = ConversationExecutionRequest(turn_id=mint_id(), session_id=mint_id(), prompt="Hello")
    assert services.runtime.run(mine).status == "completed"
    task = services.schedules.add(cron="0 8 * * *", prompt="Digest")
    record = services.schedules.run(services.schedules.claim_now(task.id))
    assert record.status == "completed" and record.session_id

    window.scheduled.refresh_sidebar(relisting=True)

    def sections() -> dict[str, list[str]]:
        return dict(window.session_list.layout_text())

    qtbot.waitUntil(lambda: sections().get("Scheduled") == [record.session_id], timeout=5000)
    assert mine.session_id in sections()["Today"]


def test_the_trays_pause_is_the_stores_and_stops_the_in_app_scheduler(
    qtbot, services, local_provider, window, tmp_path
):
    from parley.ui.desktop_integration import Desktop

    requests: list = []
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Paused?"], model="model-a"), record=requests)
    )
    wait_ready(qtbot, window)
    services.schedules.set_paused(True)  # e.g. `parley schedule pause` earlier
    window.scheduled._offer_pause()
    desktop = Desktop(window, config_dir=tmp_path / "desk", tray_available=False)
    pause = desktop.menu.pause_action
    # Checked as the store says (the read at first paint may come back after this one).
    qtbot.waitUntil(lambda: pause.isVisible() and pause.isChecked(), timeout=5000)

    clock = Clock(MONDAY_0800 + timedelta(seconds=30))
    services.schedules.clock = clock
    services.schedules.cron = CroniterSchedule(UTC)
    services.os_scheduler = FakeOsScheduler()
    services.schedules.add(cron="0 8 * * *", prompt="Morning", catch_up=True)
    clock.now = MONDAY_0800 + timedelta(days=1, seconds=30)  # due now, but paused
    scheduler = window.scheduled.scheduler
    scheduler.tick()
    qtbot.waitUntil(lambda: not scheduler.looking, timeout=5000)
    assert requests == [] and not services.schedules.log()

    pause.trigger()  # resume from the tray: written to the store, then the next look runs it
    qtbot.waitUntil(lambda: not services.schedules.paused(), timeout=5000)
    ended: list = []
    scheduler.sig_run_finished.connect(ended.append)
    scheduler.tick()
    qtbot.waitUntil(lambda: len(ended) == 1, timeout=15000)
    assert ended[0].status == "completed" and len(requests) == 1

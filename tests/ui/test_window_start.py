"""The window paints before it has its services, then gets them (``ui/app.py``, ADR-006).

``run_app`` builds ``MainWindow(None)``, shows it and hands it the services in the zero-timer after
its first paint (``MainWindow.attach``). These check that a window started so ends up exactly
where ``MainWindow(services)`` starts: the list read, the settings read, the search working.
"""

from __future__ import annotations

import pytest

from parley.domain.transcript.canonical import TurnStarted, UserMessage, mint_id
from parley.ui.window_start import Late
from tests.ui.conftest import wait_ready


def _conversation(services, title: str) -> str:
    session = services.store.create_session(title)
    turn = mint_id()
    services.store.append(session.id, turn, TurnStarted(provider_id="local", model="model-a"))
    services.store.append(session.id, turn, UserMessage(text="hello"))
    return session.id


def test_a_window_given_its_services_after_the_first_paint_reads_everything(
    qtbot, services, local_provider
):
    from parley.ui.main_window import MainWindow

    session_id = _conversation(services, "Painted first")
    window = MainWindow(None)
    qtbot.addWidget(window)
    attached: list[bool] = []
    window.show()
    window.after_first_paint(lambda: (window.attach(services), attached.append(True)))
    assert not attached  # shown, not painted yet: it waits for the paint
    qtbot.waitUntil(lambda: bool(attached), timeout=5000)
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: session_id in window.sidebar.listed_ids(), timeout=5000)
    window.bridge.shutdown(timeout=5)


def test_work_for_the_first_paint_runs_at_once_when_the_window_is_not_shown(qtbot, services):
    from parley.ui.main_window import MainWindow

    window = MainWindow(services)
    qtbot.addWidget(window)
    ran: list[int] = []
    window.after_first_paint(lambda: ran.append(1))  # nothing will paint it: no waiting
    assert ran == [1]
    window.bridge.shutdown(timeout=5)


def test_a_stand_in_forwards_once_set_and_says_what_is_missing_before():
    class Runtime:
        name = "the real one"

    late = Late("the runtime")
    with pytest.raises(AttributeError, match="the runtime is not ready"):
        late.name  # noqa: B018
    assert getattr(late, "name", None) is None
    late.set(Runtime())
    assert late.name == "the real one"

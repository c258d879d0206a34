"""Named session operations in the real window: each ends in ONE ``sig_changed``, and the views
(the sidebar, the title field, the open conversation) follow that value and nothing else.

Real widgets, real SQLite, a real local provider (tests/ui/conftest.py). Two kinds of checks:

- per operation, exactly one ``OpChanges`` is emitted and every view shows the result;
- with the hub's signal blocked the store changes but no view does (nobody refreshes by hand),
  and emitting the same value by hand brings them all up to date;
- the store work runs on a worker thread, never on the UI thread.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt

from parley.application.ports.settings_store import ProjectConfig
from parley.application.sessions import operations as ops
from parley.application.sessions.operations import OpChanges
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

CHAT = "/v1/chat/completions"


def _titles(window) -> list[str]:
    return [item.text(0) for item in window.session_list.session_items()]


def _history_titles(history) -> dict[str, str]:
    rows = (history.model.summary_at(row) for row in range(history.model.rowCount()))
    return {s.id: s.title for s in rows if s is not None}


def _views(window) -> tuple[object, ...]:
    """What the sidebar, the title field and the project picker show."""
    return (
        window.session_list.layout_text(),
        _titles(window),
        window.title_edit.text(),
        window.project_picker.currentData(),
    )


def _open(qtbot, window, session) -> None:
    window.open_session(session.id)
    qtbot.waitUntil(lambda: window.title_edit.text() == session.title, timeout=5000)
    qtbot.waitUntil(lambda: not window._loading_full, timeout=5000)


@pytest.fixture
def two(qtbot, local_provider, window, services):
    """Two listed conversations, the first one open; the hub's emissions recorded."""
    older = services.store.create_session("Older one")
    newer = services.store.create_session("Newer one")
    wait_ready(qtbot, window)
    services.settings.save_project(ProjectConfig(id="docs", name="Docs site"))
    window._load_settings()
    window._refresh_sessions()
    qtbot.waitUntil(lambda: len(_titles(window)) == 2, timeout=5000)
    qtbot.waitUntil(lambda: window.project_picker.findData("docs") >= 0, timeout=5000)
    _open(qtbot, window, older)
    emitted: list[OpChanges] = []
    window.operations.sig_changed.connect(emitted.append)
    return older, newer, emitted


def test_rename_reaches_the_list_and_the_title_through_one_signal(
    qtbot, local_provider, window, services, two
):
    older, _newer, emitted = two
    window.session_list.sig_rename_requested.emit(older.id, "  Renamed \n one ")  # the editor
    qtbot.waitUntil(lambda: "Renamed one" in _titles(window), timeout=5000)
    assert window.title_edit.text() == "Renamed one"
    assert services.store.get_session(older.id).title == "Renamed one"
    assert [(c.operation, c.session_id, c.title) for c in emitted] == [
        (ops.RENAME, older.id, "Renamed one")
    ]


def test_pin_reorders_the_list_through_one_signal(qtbot, local_provider, window, two):
    older, _newer, emitted = two
    window.session_list.sig_pin_requested.emit(older.id, True)
    qtbot.waitUntil(
        lambda: window.session_list.layout_text()[:1] == [("Pinned", [older.id])], timeout=5000
    )
    assert _titles(window)[0] == "Older one"
    assert not window.session_list.session_items()[0].icon(0).isNull()  # the pin icon
    assert [(c.operation, c.order) for c in emitted] == [(ops.PIN, True)]


def test_duplicate_lists_the_copy_and_says_so_through_one_signal(
    qtbot, local_provider, window, two
):
    older, _newer, emitted = two
    window.session_list.sig_duplicate_requested.emit(older.id)
    qtbot.waitUntil(lambda: "Older one (copy)" in _titles(window), timeout=5000)
    assert window.status.text() == "Duplicated as “Older one (copy)”."
    ((changes,),) = [(c,) for c in emitted]
    assert changes.operation == ops.DUPLICATE and changes.created is not None
    assert window.title_edit.text() == "Older one"  # the open conversation is not the copy


def test_move_to_project_regroups_the_list_and_sets_the_picker_through_one_signal(
    qtbot, local_provider, window, services, two
):
    older, _newer, emitted = two
    window.session_list.sig_move_to_project_requested.emit(older.id, "docs")
    qtbot.waitUntil(
        lambda: ("Docs site", [older.id]) in window.session_list.layout_text(), timeout=5000
    )
    assert window.project_picker.currentData() == "docs"  # the open one's picker followed
    assert services.store.get_session(older.id).project_id == "docs"
    assert [(c.operation, c.project_id) for c in emitted] == [(ops.MOVE, "docs")]


def test_picking_a_project_for_the_open_conversation_is_the_same_operation(
    qtbot, local_provider, window, services, two
):
    older, _newer, emitted = two
    window.project_picker.setCurrentIndex(window.project_picker.findData("docs"))
    window.project_picker.activated.emit(window.project_picker.currentIndex())
    qtbot.waitUntil(lambda: services.store.get_session(older.id).project_id == "docs", timeout=5000)
    qtbot.waitUntil(lambda: len(emitted) == 1, timeout=5000)
    assert emitted[0].operation == ops.MOVE and emitted[0].session_id == older.id


def test_delete_with_undo_then_for_real_closes_the_open_conversation_through_the_signal(
    qtbot, local_provider, window, services, two
):
    older, newer, emitted = two
    window.session_list.sig_delete_requested.emit(older.id)
    # Hidden at once (no read to wait for), and the open conversation followed.
    assert _titles(window) == ["Newer one"]
    assert window._session_id is None and window.title_edit.text() == ""
    assert [(c.operation, c.undoable) for c in emitted] == [(ops.HIDE, True)]

    qtbot.mouseClick(window.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(_titles(window)) == 2, timeout=5000)
    assert services.store.session_exists(older.id)
    assert emitted[-1].operation == ops.RESTORE

    window.session_list.sig_delete_requested.emit(older.id)
    window.undo_bar.expire_now()
    qtbot.waitUntil(lambda: not services.store.session_exists(older.id), timeout=5000)
    qtbot.waitUntil(lambda: emitted[-1].operation == ops.DELETE, timeout=5000)
    assert [c.operation for c in emitted] == [ops.HIDE, ops.RESTORE, ops.HIDE, ops.DELETE]
    assert _titles(window) == ["Newer one"] and services.store.session_exists(newer.id)


def test_a_second_delete_deletes_the_first_for_real(qtbot, local_provider, window, services, two):
    older, newer, _emitted = two
    window.session_list.sig_delete_requested.emit(older.id)
    window.session_list.sig_delete_requested.emit(newer.id)  # the first offer expires now
    qtbot.waitUntil(lambda: not services.store.session_exists(older.id), timeout=5000)
    assert services.store.session_exists(newer.id)  # still behind Undo
    assert _titles(window) == []


def test_a_deletion_in_the_history_window_closes_the_open_conversation(
    qtbot, local_provider, window, services, two
):
    older, _newer, emitted = two
    history = window.open_history()
    services.store.delete_session(older.id)
    history.sig_session_deleted.emit(older.id)  # as its own delete does, after the store's
    assert window._session_id is None
    qtbot.waitUntil(lambda: _titles(window) == ["Newer one"], timeout=5000)
    assert [(c.operation, c.deleted, c.undoable) for c in emitted] == [
        (ops.DELETED_IN_HISTORY, True, False)
    ]


def test_the_open_history_window_follows_a_rename_in_the_sidebar(
    qtbot, local_provider, window, services, two
):
    older, _newer, _emitted = two
    history = window.open_history()
    qtbot.waitUntil(lambda: older.id in history.model.ids(), timeout=5000)
    window.session_list.sig_rename_requested.emit(older.id, "Seen in history")
    qtbot.waitUntil(
        lambda: _history_titles(history).get(older.id) == "Seen in history", timeout=5000
    )


@pytest.mark.parametrize(
    ("request_", "done", "announced"),
    [
        (
            lambda w, s: w.session_list.sig_rename_requested.emit(s.id, "Quietly renamed"),
            lambda st, s: st.get_session(s.id).title == "Quietly renamed",
            lambda s: OpChanges(ops.RENAME, s.id, title="Quietly renamed", listing=True),
        ),
        (
            lambda w, s: w.session_list.sig_move_to_project_requested.emit(s.id, "docs"),
            lambda st, s: st.get_session(s.id).project_id == "docs",
            lambda s: OpChanges(ops.MOVE, s.id, listing=True, project=True, project_id="docs"),
        ),
    ],
    ids=["rename", "move"],
)
def test_no_view_refreshes_by_hand_only_the_signal_moves_them(
    qtbot, local_provider, window, services, two, request_, done, announced
):
    older, _newer, _emitted = two
    before = _views(window)
    window.operations.blockSignals(True)
    try:
        request_(window, older)
        qtbot.waitUntil(lambda: done(services.store, older), timeout=5000)
        qtbot.wait(200)  # time for any hand refresh to land (there must be none)
        assert _views(window) == before
    finally:
        window.operations.blockSignals(False)
    window.operations.announce(announced(older))
    qtbot.waitUntil(lambda: _views(window) != before, timeout=5000)


def test_the_store_work_of_every_operation_runs_on_a_worker(
    qtbot, local_provider, window, services, two
):
    _older, newer, _emitted = two
    store = services.store
    threads: list[tuple[str, threading.Thread]] = []
    for name in ("rename_session", "set_pinned", "duplicate_session", "set_project",
                 "delete_session"):  # fmt: skip
        real = getattr(type(store), name)

        def spy(*args, _real=real, _name=name, **kwargs):
            threads.append((_name, threading.current_thread()))
            return _real(store, *args, **kwargs)

        setattr(store, name, spy)

    window.sidebar.rename(newer.id, "On a worker")
    window.pin_session(newer.id, True)
    window.sidebar.duplicate(newer.id)
    window.sidebar.move_to_project(newer.id, "docs")
    window.sidebar.delete(newer.id)
    window.undo_bar.expire_now()
    qtbot.waitUntil(lambda: len(threads) == 5, timeout=5000)
    assert sorted(n for n, _t in threads) == sorted(
        ["rename_session", "set_pinned", "duplicate_session", "set_project", "delete_session"]
    )
    ui_thread = threading.main_thread()
    assert all(t is not ui_thread and t.name.startswith("parley-bg") for _n, t in threads)


def test_a_generated_title_reaches_the_field_and_the_list_through_the_signal(
    qtbot, local_provider, window, services
):
    window.auto_titles = True
    for answer in ("Paris is the capital.", "Capital of France"):
        local_provider.expect_oneshot_request(CHAT).respond_with_handler(
            sse_handler(openai_text_stream([answer]))
        )
    wait_ready(qtbot, window)
    emitted: list[OpChanges] = []
    window.operations.sig_changed.connect(emitted.append)
    window.composer.editor.setPlainText("what is the capital of france? asking for a quiz")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000):
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.title_edit.text() == "Capital of France", timeout=5000)
    qtbot.waitUntil(lambda: "Capital of France" in _titles(window), timeout=5000)
    titled = [c for c in emitted if c.operation == ops.GENERATE_TITLE]
    assert [c.title for c in titled] == ["Capital of France"]


def test_the_hub_emits_once_per_change_nothing_for_no_change_and_reports_failures(qtbot, window):
    hub = window.operations
    seen: list[str] = []
    failed: list[tuple[str, str]] = []

    def broken(_changes: OpChanges) -> None:
        raise RuntimeError("a view that fails")

    hub.subscribe(broken)  # logged; the listeners after it still run
    hub.subscribe(lambda c: seen.append(c.operation))
    hub.sig_failed.connect(lambda name, message: failed.append((name, message)))

    with qtbot.waitSignal(hub.sig_changed, timeout=5000):
        hub.run_operation("first", lambda: OpChanges("first", "s", listing=True))
    hub.run_operation("nothing", lambda: OpChanges("nothing", "s"))

    def fails() -> OpChanges:
        raise OSError("disk full")

    with qtbot.waitSignal(hub.sig_failed, timeout=5000):
        hub.run_operation("broken", fails)
    qtbot.wait(100)
    assert seen == ["first"]
    assert failed == [("broken", "disk full")]

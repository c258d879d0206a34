"""The sandbox a command runs in is visible wherever a person or an operator looks.

The permission dialog and the terminal prompt say it before a yes; the tool card says it live and
on reopen (the same words); the history window's timeline, the Markdown/HTML exports and ``parley
history show`` say it for every verdict; the window's tools row and ``parley ask --tools all``
say whether there is a sandbox at all.

Real widgets, the real composition root, the real gate, executor and SQLite store, a local server
playing the model. A system without bubblewrap is made by hiding the binary from the lookup
(``find_bubblewrap``), so everything downstream (probe, gate, executor, texts) is real; the
sandboxed cases run only where bubblewrap really works.
"""

from __future__ import annotations

import io
import json
import threading

import pytest
from PySide6.QtCore import Qt
from werkzeug import Response

from parley.application.history.documents import (
    SessionDocument,
    confinement_text,
    event_summary,
    html_document,
    markdown_document,
)
from parley.application.history.export import render_transcript
from parley.application.ports.tools import ALLOW_ONCE, PermissionRequest
from parley.domain.actions.confinement import (
    BUBBLEWRAP,
    NONE,
    READ_ONLY,
    SANDBOX_WRITE,
    WORKSPACE_WRITE,
    Confinement,
)
from parley.domain.actions.model import Effect
from parley.domain.transcript.canonical import ActionVerdict
from parley.infrastructure.tools import confinement as os_sandbox
from parley.ui.permission import PermissionDialog, PermissionPrompt
from parley.ui.terminal_permission import TerminalPermissionAsker
from parley.ui.widgets.timeline import detail_text
from parley.ui.widgets.timeline import event_summary as timeline_summary
from tests.integration.test_tool_turns import tool_call_stream
from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.sse_server import openai_text_stream
from tests.ui.conftest import wait_ready

NOT_SANDBOXED = (
    "Not sandboxed: no sandbox is available on this system, so the command runs with your"
    " permissions and can reach anything you can."
)
SANDBOXED_WORKSPACE = (
    "Sandboxed (bubblewrap): can change files in the workspace (not .git/hooks or .git/config),"
    " without network access; your home folder is hidden."
)
COMMAND = "echo once >> count.txt"


def _bubblewrap_works() -> bool:
    return bool(os_sandbox.Bubblewrap().mechanism())


needs_bubblewrap = pytest.mark.skipif(
    not _bubblewrap_works(), reason="bubblewrap cannot start a sandbox on this machine"
)


@pytest.fixture
def sandbox_here(request, monkeypatch):
    """``"bubblewrap"`` (the default), or ``""``: a system where bubblewrap is not installed."""
    mechanism = getattr(request, "param", BUBBLEWRAP)
    if not mechanism:
        monkeypatch.setattr(os_sandbox, "find_bubblewrap", lambda *_a, **_k: None)
    elif not _bubblewrap_works():
        pytest.skip("bubblewrap cannot start a sandbox on this machine")
    return mechanism


@pytest.fixture
def services(sandbox_here, services):
    """The conftest's real services, built after ``sandbox_here`` decided what the system has."""
    return services


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "notes.txt").write_text("hello\n")
    return root


def _serve(server, *bodies: bytes) -> list[dict]:
    requests: list[dict] = []

    def handle(request):  # type: ignore[no-untyped-def]
        requests.append(json.loads(request.data))
        return Response(
            bodies[min(len(requests), len(bodies)) - 1], content_type="text/event-stream"
        )

    server.expect_request("/v1/chat/completions").respond_with_handler(handle)
    return requests


def _request(confinement: Confinement | None) -> PermissionRequest:
    return PermissionRequest(
        session_id="s",
        call_id="call-1",
        tool="run_command",
        summary=f"run `{COMMAND}` in workspace:.",
        effect=Effect("contained", "write.workspace", "writes a file in the workspace"),
        confinement=confinement,
    )


# -- the permission dialog --------------------------------------------------------------------


def _dialog(qtbot, confinement: Confinement | None) -> PermissionDialog:
    dialog = PermissionDialog(PermissionPrompt(_request(confinement)))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_dialog_says_where_a_sandboxed_command_would_run(qtbot):
    dialog = _dialog(qtbot, Confinement(BUBBLEWRAP, WORKSPACE_WRITE, False))
    label = dialog.confinement
    assert label.isVisible()
    assert label.text() == SANDBOXED_WORKSPACE
    assert label.property("enforced") is True


def test_the_dialog_warns_when_nothing_is_sandboxed(qtbot):
    sandboxed = _dialog(qtbot, Confinement(BUBBLEWRAP, READ_ONLY, False))
    dialog = _dialog(qtbot, Confinement(NONE, WORKSPACE_WRITE, True))
    label = dialog.confinement
    assert label.isVisible()
    assert label.text() == NOT_SANDBOXED
    assert label.property("enforced") is False
    # A distinct look: the warning is drawn differently from the sandboxed sentence.
    warning = label.grab().toImage()
    calm = sandboxed.confinement.grab().toImage()
    assert warning.pixelColor(warning.width() - 4, 3).name() == "#fdecea"
    assert calm.pixelColor(calm.width() - 4, 3).name() != "#fdecea"


def test_the_dialog_says_nothing_about_a_sandbox_for_a_tool_that_is_not_a_process(qtbot):
    dialog = _dialog(qtbot, None)
    assert not dialog.confinement.isVisible()


# -- the terminal prompt ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("confinement", "sentence"),
    [
        (Confinement(BUBBLEWRAP, WORKSPACE_WRITE, False), SANDBOXED_WORKSPACE),
        (Confinement(NONE, WORKSPACE_WRITE, True), NOT_SANDBOXED),
    ],
)
def test_the_terminal_prints_the_sentence_before_asking(confinement, sentence):
    err = io.StringIO()
    asker = TerminalPermissionAsker(io.StringIO("o\n"), err, interactive=True)
    assert asker.ask(_request(confinement), threading.Event()) == ALLOW_ONCE
    shown = err.getvalue()
    assert f"  {sentence}\n" in shown
    assert shown.index(sentence) < shown.index("allow [o]nce")


def test_the_terminal_prompt_has_no_sandbox_line_for_a_tool_that_is_not_a_process():
    err = io.StringIO()
    asker = TerminalPermissionAsker(io.StringIO("o\n"), err, interactive=True)
    asker.ask(_request(None), threading.Event())
    assert "andboxed" not in err.getvalue()


# -- the window: status line, dialog, tool card live and on reopen ------------------------------


def _run_turn(qtbot, window, workspace, *, gate: str, allow: bool):
    """Send one prompt; answer the permission dialog if one comes. Returns (outcome, dialog
    text or "")."""
    wait_ready(qtbot, window)
    window.set_workspace(workspace)
    window.gate_picker.setCurrentIndex(window.gate_picker.findData(gate))
    window.composer.editor.setPlainText("Count, please")
    asked = ""
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=15000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        if allow:
            qtbot.waitUntil(lambda: len(window._permission_dialogs) == 1, timeout=10000)
            dialog = window._permission_dialogs[0]
            assert dialog.confinement.isVisible()
            asked = dialog.confinement.text()
            qtbot.mouseClick(dialog.allow_once, Qt.MouseButton.LeftButton)
    return finished.args[0], asked


def _reopened_card(qtbot, window, session_id: str, call_id: str) -> str:
    window.new_chat()
    qtbot.waitUntil(lambda: not window.transcript.tool_cards, timeout=5000)
    window.open_session(session_id)
    qtbot.waitUntil(lambda: call_id in window.transcript.tool_cards, timeout=10000)
    return window.transcript.tool_card_text(call_id)


def _verdicts(services, session_id: str) -> list[ActionVerdict]:
    return [
        s.event for s in services.store.events(session_id) if isinstance(s.event, ActionVerdict)
    ]


@needs_bubblewrap
def test_an_allowed_command_shows_its_sandbox_in_the_dialog_and_on_its_card(
    qtbot, local_provider, window, services, workspace
):
    _serve(
        local_provider,
        tool_call_stream(("run_command", {"command": COMMAND, "cwd": "workspace"})),
        openai_text_stream(["Counted."]),
    )
    outcome, asked = _run_turn(qtbot, window, workspace, gate="confirm", allow=True)
    assert outcome.status == "completed"
    assert asked == SANDBOXED_WORKSPACE
    assert (workspace / "count.txt").read_text() == "once\n"
    (call_id,) = window.transcript.tool_cards
    live = window.transcript.tool_card_text(call_id)
    assert "allowed by you ✓  · sandboxed: bubblewrap, workspace-write, no network" in live
    window.transcript.toggle_tool_card(call_id)
    live_expanded = window.transcript.tool_card_text(call_id)
    assert (
        "· sandboxed: bubblewrap, workspace-write, no network"
        in live_expanded.split("verdict: allowed", 1)[1].splitlines()[0]
    )

    reopened = _reopened_card(qtbot, window, outcome.session_id, call_id)
    assert reopened == live
    window.transcript.toggle_tool_card(call_id)
    assert window.transcript.tool_card_text(call_id) == live_expanded


@needs_bubblewrap
def test_a_harmless_command_runs_read_only_and_its_card_says_so(
    qtbot, local_provider, window, services, workspace
):
    _serve(
        local_provider,
        tool_call_stream(("run_command", {"command": "cat notes.txt", "cwd": "workspace"})),
        openai_text_stream(["It says hello."]),
    )
    outcome, _asked = _run_turn(qtbot, window, workspace, gate="auto", allow=False)
    assert outcome.status == "completed"
    assert window._permission_dialogs == []
    (call_id,) = window.transcript.tool_cards
    live = window.transcript.tool_card_text(call_id)
    assert live.endswith("ran ✓  · sandboxed: bubblewrap, read-only, no network")
    assert _reopened_card(qtbot, window, outcome.session_id, call_id) == live


@pytest.mark.parametrize("sandbox_here", [""], indirect=True)
def test_without_a_sandbox_every_command_asks_and_says_it_is_not_sandboxed(
    qtbot, local_provider, window, services, workspace
):
    _serve(
        local_provider,
        tool_call_stream(("run_command", {"command": "cat notes.txt", "cwd": "workspace"})),
        openai_text_stream(["It says hello."]),
    )
    # Even a harmless command under "Ask before risky commands" asks: nothing would contain it.
    outcome, asked = _run_turn(qtbot, window, workspace, gate="auto", allow=True)
    assert outcome.status == "completed"
    assert asked == NOT_SANDBOXED
    (call_id,) = window.transcript.tool_cards
    live = window.transcript.tool_card_text(call_id)
    assert live.endswith("allowed by you ✓  · not sandboxed")
    assert _reopened_card(qtbot, window, outcome.session_id, call_id) == live
    assert [confinement_text(v.confinement) for v in _verdicts(services, outcome.session_id)] == [
        "not sandboxed",
        "not sandboxed",
    ]


def test_a_tool_that_is_not_a_process_has_no_sandbox_on_its_card(
    qtbot, local_provider, window, workspace
):
    _serve(
        local_provider,
        tool_call_stream(("read_file", {"path": "notes.txt"})),
        openai_text_stream(["It says hello."]),
    )
    outcome, _asked = _run_turn(qtbot, window, workspace, gate="auto", allow=False)
    assert outcome.status == "completed"
    (call_id,) = window.transcript.tool_cards
    assert "andboxed" not in window.transcript.tool_card_text(call_id)


@needs_bubblewrap
def test_the_tools_row_says_commands_run_sandboxed(qtbot, local_provider, window):
    # The line sits in the tools control's panel (closed here): "shown" is not hidden.
    wait_ready(qtbot, window)
    label = window.sandbox_label
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("all"))
    qtbot.waitUntil(lambda: not label.isHidden(), timeout=10000)
    assert label.text() == "Commands run sandboxed (bubblewrap)"
    # Only while the chosen tools can run commands.
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("read"))
    assert label.isHidden()
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("all"))
    assert not label.isHidden()


@pytest.mark.parametrize("sandbox_here", [""], indirect=True)
def test_the_tools_row_says_there_is_no_sandbox_and_how_to_get_one(qtbot, local_provider, window):
    wait_ready(qtbot, window)
    label = window.sandbox_label
    window.tools_picker.setCurrentIndex(window.tools_picker.findData("all"))
    qtbot.waitUntil(lambda: not label.isHidden(), timeout=10000)
    assert label.text() == "No sandbox on this system: every command asks (install 'bubblewrap')"
    assert "sudo apt-get install bubblewrap" in label.toolTip()


def test_the_sandbox_probe_runs_off_the_ui_thread(
    qtbot, monkeypatch, sandbox_here, services, local_provider
):
    from parley.ui.main_window import MainWindow

    threads: list[threading.Thread] = []
    probe = os_sandbox.Bubblewrap._probe

    def recording_probe(self):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread())
        return probe(self)

    monkeypatch.setattr(os_sandbox.Bubblewrap, "_probe", recording_probe)
    win = MainWindow(services)
    win.auto_titles = False
    qtbot.addWidget(win)
    win.show()
    try:
        wait_ready(qtbot, win)
        qtbot.waitUntil(lambda: win.attachments.sandbox is not None, timeout=10000)
        assert threads and threading.main_thread() not in threads
    finally:
        win.bridge.shutdown(timeout=5)


# -- history: timeline, exports, parley history show --------------------------------------------


@needs_bubblewrap
def test_history_shows_the_sandbox_of_every_verdict(
    qtbot, local_provider, window, services, workspace
):
    _serve(
        local_provider,
        tool_call_stream(("run_command", {"command": COMMAND, "cwd": "workspace"})),
        openai_text_stream(["Counted."]),
    )
    outcome, _asked = _run_turn(qtbot, window, workspace, gate="confirm", allow=True)
    sid = outcome.session_id
    stored = [s for s in services.store.events(sid) if isinstance(s.event, ActionVerdict)]
    assert [s.event.decision for s in stored] == ["asked", "allowed"]
    label = "sandboxed: bubblewrap, workspace-write, no network"

    # The history window's timeline: the row's summary and its detail panel.
    history = window.open_history()
    qtbot.waitUntil(lambda: sid in history.model.ids(), timeout=10000)
    with qtbot.waitSignal(history.sig_timeline_shown, timeout=10000):
        assert history.select_session(sid)
    model = history.timeline.model
    rows = [r for r in range(model.rowCount()) if model.data(model.index(r, 1)) == "Verdict"]
    summaries = [model.data(model.index(r, 2)) for r in rows]
    assert all(label in summary for summary in summaries), summaries
    history.timeline.select_row(rows[-1])
    assert f"confinement: {label}" in history.timeline.detail_shown()
    assert timeline_summary(stored[-1]).startswith("allowed · run_command · effect ")
    assert f" · {label} · rule " in timeline_summary(stored[-1])
    assert f"confinement: {label}" in detail_text(stored[-1])
    history.close()

    # The shared one-line summary (``parley history show --events`` and the plain transcript).
    assert "run_command: allowed (" in event_summary(stored[-1].event)
    assert f" · {label} ·" in event_summary(stored[-1].event)
    events = list(services.store.events(sid))
    session = services.store.get_session(sid)
    assert f"· {label} ·" in render_transcript(session, events)

    # The Markdown and HTML exports, once per verdict.
    doc = SessionDocument(session, events)
    markdown = markdown_document(doc)
    assert markdown.count(f"· by user · `{label}`") == 1
    assert markdown.count(f"· by gate · `{label}`") == 1
    page = html_document(doc)
    assert page.count(f'<span class="confinement">{label}</span>') == 2


def test_old_verdicts_without_a_recorded_sandbox_show_none():
    verdict = ActionVerdict(
        call_id="c",
        tool="run_command",
        decision="ran",
        rule="R",
        reason="old record",
        effect="harmless",
    )
    assert confinement_text(verdict.confinement) == ""
    assert "andboxed" not in event_summary(verdict)
    assert confinement_text({"mechanism": "none", "writes": SANDBOX_WRITE, "network": True}) == (
        "not sandboxed"
    )


# -- parley ask and parley history show ---------------------------------------------------------


@pytest.fixture
def cli_workspace(tmp_path):
    root = tmp_path / "cli-ws"
    root.mkdir()
    (root / "todo.txt").write_text("buy milk\n")
    return root


def _ask_ls(cli_profile, httpserver, cli_workspace, *extra: str):  # noqa: F811
    _serve(
        httpserver,
        tool_call_stream(("run_command", {"command": "cat todo.txt", "cwd": "workspace"})),
        openai_text_stream(["Milk."]),
    )
    return cli_profile("ask", "--workspace", str(cli_workspace), *extra, "todo?")


def test_ask_without_a_sandbox_says_every_command_will_ask(
    monkeypatch,
    cli_profile,  # noqa: F811
    httpserver,
    cli_workspace,
):
    monkeypatch.setattr(os_sandbox, "find_bubblewrap", lambda *_a, **_k: None)
    code, _out, err = _ask_ls(cli_profile, httpserver, cli_workspace, "--tools", "all")
    assert code == 0, err
    lines = [line for line in err.splitlines() if "no sandbox" in line]
    assert lines == [
        "parley: no sandbox on this system, so every command will ask before it runs; bubblewrap"
        " is not installed (install the 'bubblewrap' package, e.g. 'sudo apt-get install"
        " bubblewrap')"
    ]
    # Nobody can answer on this terminal, so the harmless command was refused, not run.
    assert "refused (nobody to ask on a non-interactive terminal)" in err
    session = err.split("session ", 1)[1].split()[0]
    code, shown, _err = cli_profile("history", "show", session, "--events")
    assert code == 0
    verdicts = [line for line in shown.splitlines() if "action_verdict" in line]
    assert verdicts and all("· not sandboxed ·" in line for line in verdicts)


def test_ask_without_a_sandbox_and_gate_deny_says_commands_will_be_refused(
    monkeypatch,
    cli_profile,  # noqa: F811
    httpserver,
    cli_workspace,
):
    monkeypatch.setattr(os_sandbox, "find_bubblewrap", lambda *_a, **_k: None)
    code, _out, err = _ask_ls(
        cli_profile, httpserver, cli_workspace, "--tools", "all", "--gate", "deny"
    )
    assert code == 0, err
    assert "parley: no sandbox on this system, so every command will be refused" in err


@needs_bubblewrap
def test_ask_with_a_sandbox_says_nothing_and_history_shows_where_it_ran(
    cli_profile,  # noqa: F811
    httpserver,
    cli_workspace,
):
    code, _out, err = _ask_ls(cli_profile, httpserver, cli_workspace, "--tools", "all")
    assert code == 0, err
    assert "sandbox" not in err
    session = err.split("session ", 1)[1].split()[0]
    _code, shown, _err = cli_profile("history", "show", session, "--events")
    assert "· sandboxed: bubblewrap, read-only, no network ·" in shown
    _code, transcript, _err = cli_profile("history", "show", session)
    assert "· sandboxed: bubblewrap, read-only, no network ·" in transcript


def test_ask_without_command_tools_says_nothing_about_the_sandbox(
    monkeypatch,
    cli_profile,  # noqa: F811
    httpserver,
    cli_workspace,
):
    monkeypatch.setattr(os_sandbox, "find_bubblewrap", lambda *_a, **_k: None)
    _serve(httpserver, openai_text_stream(["Hi."]))
    for tools in ("none", "read"):
        code, _out, err = cli_profile(
            "ask", "--workspace", str(cli_workspace), "--tools", tools, "hi"
        )
        assert code == 0, err
        assert "sandbox" not in err

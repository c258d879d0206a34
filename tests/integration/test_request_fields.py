"""Each field of ``ConversationExecutionRequest`` does its job in a real turn (issue 20, ADR-005
"The request's fields, each with its job").

A local OpenAI-compatible server plays the model (scripted tool calls, then an answer); the
runtime, the gate, the tools and the SQLite store are the real ones (``tests/support/tool_turns``).
What is asserted is what the record says and what happened on disk.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.compose import TurnDraft, compose_turn
from parley.application.conversations.surfaces import (
    ConversationSurfaces,
    sessions_started_on,
    started_on,
    surface_label,
    turn_surfaces,
)
from parley.application.conversations.turn_runtime import NO_TOOLS, STEP_LIMIT, TurnRuntime
from parley.application.history.documents import event_summary
from parley.application.ports.tools import ALLOW_ONCE
from parley.domain.agents.conversation_execution_request import (
    SURFACE_CLI,
    SURFACE_SCHEDULE,
    SURFACE_UNNAMED,
    SURFACE_WINDOW,
    ConversationExecutionRequest,
)
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    Notice,
    ToolResult,
    TurnFinished,
    TurnStarted,
    mint_id,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import Answers, Model, tool_call_stream, tool_turn_runtime


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "notes.txt").write_text("The launch is on Tuesday.\n")
    return root


@pytest.fixture
def world(tmp_path: Path, httpserver: HTTPServer):  # type: ignore[no-untyped-def]
    runtime, store, _toolbox = tool_turn_runtime(tmp_path, httpserver.url_for("/v1"))
    yield runtime, store
    store.close()


def _run(runtime: TurnRuntime, workspace: Path | None, *, asker=None, **fields):  # type: ignore[no-untyped-def]
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=fields.pop("session_id", mint_id()),
        prompt=fields.pop("prompt", "Go"),
        provider_id="local",
        workspace=workspace,
        **fields,
    )
    return request, runtime.run(request, asker=asker)


def _of(store: SqliteEventStore, session_id: str, cls):  # type: ignore[no-untyped-def]
    return [s.event for s in store.events(session_id) if isinstance(s.event, cls)]


def _reads(n: int) -> list[bytes]:
    """``n`` model steps that each read a file, then the final answer."""
    return [tool_call_stream(("read_file", {"path": "notes.txt"}))] * n + [
        openai_text_stream(["The launch is on Tuesday."])
    ]


# -- run_to_completion + completion_max_steps --------------------------------------------------


def test_a_turn_run_to_completion_goes_past_max_steps_to_its_final_answer(
    world, workspace, httpserver
):
    runtime, store = world
    model = Model(httpserver, *_reads(5))
    request, outcome = _run(
        runtime, workspace, max_steps=2, run_to_completion=True, completion_max_steps=10
    )
    assert outcome.status == "completed", outcome.error
    assert len(model.requests) == 6  # five tool steps and the answer: past max_steps=2
    assert outcome.text.endswith("The launch is on Tuesday.")
    assert len(_of(store, request.session_id, ToolResult)) == 5
    (started,) = _of(store, request.session_id, TurnStarted)
    assert started.max_steps == 10  # the cap the turn ran under is recorded
    assert not any("step limit" in n.text for n in _of(store, request.session_id, Notice))


def test_an_interactive_turn_stops_at_max_steps_with_a_notice(world, workspace, httpserver):
    runtime, store = world
    model = Model(httpserver, *_reads(5))
    request, outcome = _run(runtime, workspace, max_steps=2, completion_max_steps=10)
    assert len(model.requests) == 2
    # The person reads the notice and can say "go on": the turn itself completed.
    assert outcome.status == "completed" and outcome.error_kind == ""
    notices = [n.text for n in _of(store, request.session_id, Notice)]
    assert "Stopped after 2 steps (the step limit)." in notices


def test_a_task_at_its_completion_cap_fails_with_a_recorded_reason(world, workspace, httpserver):
    runtime, store = world
    # A model that never stops calling tools (the last scripted body repeats).
    model = Model(httpserver, tool_call_stream(("read_file", {"path": "notes.txt"})))
    request, outcome = _run(
        runtime, workspace, max_steps=30, run_to_completion=True, completion_max_steps=3
    )
    assert len(model.requests) == 3
    assert outcome.status == "failed"
    assert outcome.error_kind == STEP_LIMIT
    assert "within its 3 steps" in outcome.error
    (finished,) = _of(store, request.session_id, TurnFinished)
    assert (finished.status, finished.error_kind) == ("failed", STEP_LIMIT)
    assert "completion_max_steps" in finished.error
    notices = [n.text for n in _of(store, request.session_id, Notice)]
    assert "Stopped after 3 steps (the step limit)." in notices
    assert len(_of(store, request.session_id, ToolResult)) == 3  # the work done is recorded


def test_a_task_whose_model_calls_a_tool_it_was_not_offered_does_not_complete(world, httpserver):
    runtime, store = world
    Model(httpserver, tool_call_stream(("read_file", {"path": "notes.txt"})))
    request, outcome = _run(runtime, None, run_to_completion=True)  # no workspace: no tools
    assert (outcome.status, outcome.error_kind) == ("failed", NO_TOOLS)
    (finished,) = _of(store, request.session_id, TurnFinished)
    assert finished.error_kind == NO_TOOLS and "offers none" in finished.error


def test_an_interactive_turn_whose_model_calls_a_missing_tool_completes_with_a_notice(
    world, httpserver
):
    runtime, store = world
    Model(httpserver, tool_call_stream(("read_file", {"path": "notes.txt"})))
    request, outcome = _run(runtime, None)
    assert outcome.status == "completed"
    notices = [n.text for n in _of(store, request.session_id, Notice)]
    assert any("no tools are enabled" in n for n in notices)


# -- the scheduled turn: unattended, timeout, role, surface --------------------------------------


def test_a_scheduled_turn_refuses_what_would_ask_records_it_and_leaves_the_outside_alone(
    world, workspace, httpserver, tmp_path
):
    runtime, store = world
    canary = tmp_path / "outside" / "canary.txt"
    canary.parent.mkdir()
    canary.write_text("untouched\n")
    answers = Answers(ALLOW_ONCE)  # would allow, if anyone asked
    model = Model(
        httpserver,
        tool_call_stream(("run_command", {"command": f"rm -f {canary}"})),
        tool_call_stream(("run_command", {"command": f"echo pwned > {canary}"})),
        openai_text_stream(["I could not change that file."]),
    )
    request, outcome = _run(
        runtime,
        workspace,
        asker=answers,
        unattended=True,
        run_to_completion=True,
        completion_max_steps=20,
        timeout_sec=60,
        agent_role="task",
        surface=SURFACE_SCHEDULE,
    )
    assert outcome.status == "completed", outcome.error
    assert answers.asked == []  # an unattended turn never asks
    verdicts = _of(store, request.session_id, ActionVerdict)
    assert [v.decision for v in verdicts] == ["refused", "refused"]
    assert all(v.source == "gate" for v in verdicts)
    results = _of(store, request.session_id, ToolResult)
    assert len(results) == 2 and not any(r.success for r in results)
    assert all("an unattended turn never asks" in r.result for r in results)  # the model is told
    assert canary.read_text() == "untouched\n"
    assert len(model.requests) == 3  # the model was told, and gave its final answer
    (started,) = _of(store, request.session_id, TurnStarted)
    assert (started.surface, started.unattended, started.agent_role) == ("schedule", True, "task")
    assert started.timeout_sec == 60
    answer_actors = [
        s.actor for s in store.events(request.session_id) if s.type_name == "assistant_text"
    ]
    assert answer_actors and set(answer_actors) == {"task"}


# -- surface ---------------------------------------------------------------------------------------


def test_compose_names_the_surface_the_draft_came_from():
    for source, surface in (("window", SURFACE_WINDOW), ("cli", SURFACE_CLI), ("x", "cowork")):
        draft = TurnDraft(text="hi", provider_id="p", model="m", source=source)
        request = compose_turn(draft, ()).request
        assert request is not None and request.surface == surface
        assert request.extras["source"] == source  # the user message keeps its own source


def test_the_scheduled_section_lists_the_conversations_a_schedule_started(world, httpserver):
    runtime, store = world
    Model(httpserver, openai_text_stream(["Done."]))
    ids = {}
    for surface in (SURFACE_WINDOW, SURFACE_SCHEDULE, SURFACE_CLI, SURFACE_UNNAMED):
        request, outcome = _run(runtime, None, surface=surface)
        assert outcome.status == "completed", outcome.error
        ids[surface] = request.session_id
    # The scheduled conversation continued in the window stays a scheduled one.
    _run(runtime, None, surface=SURFACE_WINDOW, session_id=ids[SURFACE_SCHEDULE])

    listing = store.list_sessions()
    scheduled = sessions_started_on(store, SURFACE_SCHEDULE, listing)
    assert [s.id for s in scheduled] == [ids[SURFACE_SCHEDULE]]
    assert [s.id for s in sessions_started_on(store, SURFACE_CLI, store.summaries())] == [
        ids[SURFACE_CLI]
    ]
    assert started_on(store, ids[SURFACE_UNNAMED]) == "cowork"
    assert started_on(store, "no-such-conversation") == ""
    surfaces = turn_surfaces(store.events(ids[SURFACE_SCHEDULE]))
    assert sorted(surfaces.values()) == ["schedule", "window"]


def test_the_history_says_which_turns_a_schedule_ran(world, httpserver):
    runtime, store = world
    Model(httpserver, openai_text_stream(["Done."]))
    request, _ = _run(runtime, None, surface=SURFACE_SCHEDULE)
    (started,) = _of(store, request.session_id, TurnStarted)
    assert "· scheduled" in event_summary(started)
    window, _ = _run(runtime, None, surface=SURFACE_WINDOW)
    (plain,) = _of(store, window.session_id, TurnStarted)
    assert "scheduled" not in event_summary(plain)
    assert surface_label(SURFACE_UNNAMED) == surface_label(SURFACE_WINDOW) == ""


def test_a_blank_surface_is_refused():
    with pytest.raises(ValueError, match="surface"):
        ConversationExecutionRequest(turn_id="t", session_id="s", surface="  ")
    assert ConversationExecutionRequest(
        turn_id="t", session_id="s", surface=" schedule "
    ).surface == ("schedule")


def test_the_answer_of_a_scheduled_turn_is_kept_as_an_assistant_text(world, httpserver):
    runtime, store = world
    Model(httpserver, openai_text_stream(["Summary ready."]))
    request, outcome = _run(runtime, None, surface=SURFACE_SCHEDULE, agent_role="task")
    assert outcome.status == "completed"
    assert [a.text for a in _of(store, request.session_id, AssistantText)] == ["Summary ready."]


# -- home_output_root ----------------------------------------------------------------------------


def test_a_completed_turns_files_go_to_its_home_output_root(world, workspace, httpserver, tmp_path):
    runtime, store = world
    Model(
        httpserver,
        tool_call_stream(("write_file", {"path": "report.md", "content": "# Weekly\n"})),
        openai_text_stream(["Written."]),
    )
    home = tmp_path / "task-results"
    request, outcome = _run(runtime, workspace, home_output_root=home)
    assert outcome.status == "completed", outcome.error
    assert (home / "report.md").read_text() == "# Weekly\n"
    assert not (workspace / "parley-output").exists()  # not the default place
    saved = [n for n in _of(store, request.session_id, Notice) if n.files]
    assert saved and str(home) in saved[0].text


def test_the_surface_index_learns_a_conversation_once_its_first_turn_lands(world, httpserver):
    runtime, store = world
    Model(httpserver, openai_text_stream(["Done."]))
    surfaces = ConversationSurfaces(store)
    empty = store.create_session("Waiting for its run")
    assert surfaces.started_on(empty.id) == ""  # no turn yet: not scheduled, asked again later
    _run(runtime, None, surface=SURFACE_SCHEDULE, session_id=empty.id)
    other, _ = _run(runtime, None, surface=SURFACE_WINDOW)
    listing = store.list_sessions()
    assert [s.id for s in surfaces.sessions_started_on(SURFACE_SCHEDULE, listing)] == [empty.id]
    # Known now: a later turn from another surface does not move it out of the section.
    _run(runtime, None, surface=SURFACE_WINDOW, session_id=empty.id)
    assert surfaces.started_on(empty.id) == SURFACE_SCHEDULE
    assert surfaces.started_on(other.session_id) == SURFACE_WINDOW
    store.delete_session(empty.id)
    surfaces.forget(empty.id)
    assert surfaces.started_on(empty.id) == ""


# -- project_id, title ---------------------------------------------------------------------------


def test_a_new_conversation_gets_the_requests_title_and_project(world, httpserver):
    runtime, store = world
    Model(httpserver, openai_text_stream(["Done."]))
    request, _ = _run(runtime, None, title="Weekly report · 2026-12-04", project_id="proj-1")
    record = store.get_session(request.session_id)
    assert (record.title, record.project_id) == ("Weekly report · 2026-12-04", "proj-1")
    (started,) = _of(store, request.session_id, TurnStarted)
    assert started.project_id == "proj-1"


# -- context_threshold, compaction_model -----------------------------------------------------------


@pytest.mark.parametrize("threshold", [0.15, 1.0])
def test_the_threshold_decides_when_earlier_turns_are_summarised_and_by_which_model(
    tmp_path, httpserver, threshold
):
    from parley.domain.transcript.canonical import Compaction
    from tests.integration.test_turn_context import WindowedServer, ask, make_runtime, message

    store = SqliteEventStore(tmp_path / "data" / "parley.db")
    try:
        windowed = WindowedServer(4_096)
        runtime = make_runtime(store, httpserver, windowed)
        session = mint_id()
        for n in range(4):
            ask(
                runtime,
                session,
                message(n),
                context_threshold=threshold,
                compaction_model="summary-model",
            )
        compactions = _of(store, session, Compaction)
        summary_models = {body["model"] for body, _t, _r in windowed.summaries}
    finally:
        store.close()
    if threshold == 1.0:  # four short turns fit the window: nothing is summarised
        assert compactions == [] and summary_models == set()
    else:
        assert compactions and summary_models == {"summary-model"}


def test_a_composed_command_line_turn_records_its_surface_and_source(world, httpserver):
    from parley.domain.transcript.canonical import UserMessage

    runtime, store = world
    Model(httpserver, openai_text_stream(["Done."]))
    draft = TurnDraft(text="hello", provider_id="local", model="m", source="cli")
    request = compose_turn(draft, ()).request
    assert request is not None
    assert runtime.run(request).status == "completed"
    (started,) = _of(store, request.session_id, TurnStarted)
    (said,) = _of(store, request.session_id, UserMessage)
    assert (started.surface, said.source) == ("cli", "cli")
    assert started_on(store, request.session_id) == SURFACE_CLI

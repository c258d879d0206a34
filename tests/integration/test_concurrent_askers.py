"""Two turns asking at once each reach their own person (issue 13: the asker travels with the turn).

One runtime, one shared ``Toolbox`` (as the composition root wires them for every window of the
process and for ``parley ask``), two turns on two threads — as two windows would run them. A local
OpenAI-compatible server plays the model: each turn's first call asks to run a command that needs
permission (``gate_mode="confirm"``), its second call answers. Each turn brings its own asker to
``TurnRuntime.run``; both askers wait on one barrier, so the test only passes when both questions
are open *at the same moment*, and each person must have been asked exactly their own turn's
question. Person A allows, person B refuses: A's file exists, B's does not, and each conversation's
log records its own person's answer.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.turn_runtime import TurnOutcome, TurnRuntime
from parley.application.ports.event_store import EventStore
from parley.application.ports.tools import ALLOW_ONCE, DENY, PermissionRequest
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import ActionVerdict, mint_id
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import CHAT, tool_call_stream, tool_turn_runtime

WAIT_S = 30.0


class Person:
    """Someone at one window's permission prompt. Answers only once the other person is being
    asked too (the barrier), so the two questions are provably open at once."""

    def __init__(self, answer: str, together: threading.Barrier) -> None:
        self.answer = answer
        self.together = together
        self.asked: list[PermissionRequest] = []

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        self.asked.append(request)
        self.together.wait(WAIT_S)  # raises BrokenBarrierError if the other never asks
        return self.answer


def model_server(httpserver: HTTPServer) -> None:
    """The model: a turn's first call runs ``touch made-by-<prompt>.txt``; once the tool's
    result is in the conversation, it answers in text. Decided per request, so the two turns
    may reach it in any order."""
    from werkzeug import Response

    def handle(request):  # type: ignore[no-untyped-def]
        messages = json.loads(request.data)["messages"]
        prompt = next(m["content"] for m in messages if m["role"] == "user")
        prompt = prompt if isinstance(prompt, str) else prompt[0]["text"]
        if any(m["role"] == "tool" for m in messages):
            body = openai_text_stream([f"Done for {prompt}."])
        else:
            command = {"command": f"touch made-by-{prompt.strip().lower()}.txt", "cwd": "workspace"}
            body = tool_call_stream(("run_command", command))
        return Response(body, content_type="text/event-stream")

    httpserver.expect_request(CHAT, method="POST").respond_with_handler(handle)


@pytest.fixture
def world(tmp_path: Path, httpserver: HTTPServer) -> Iterator[tuple[Path, TurnRuntime, EventStore]]:
    """A workspace, the model server, and one runtime (one toolbox) for every turn of the test,
    as the composition root wires them."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    model_server(httpserver)
    runtime, store, _toolbox = tool_turn_runtime(tmp_path, httpserver.url_for("/v1"))
    yield workspace, runtime, store
    store.close()  # idempotent: a test may have closed it already


def test_two_turns_asking_at_once_each_reach_their_own_asker(
    world: tuple[Path, TurnRuntime, EventStore],
) -> None:
    workspace, runtime, store = world
    together = threading.Barrier(2)
    people = {"A": Person(ALLOW_ONCE, together), "B": Person(DENY, together)}
    requests = {
        name: ConversationExecutionRequest(
            turn_id=mint_id(),
            session_id=mint_id(),
            prompt=name,
            provider_id="local",
            workspace=workspace,
            gate_mode="confirm",
        )
        for name in people
    }
    outcomes: dict[str, TurnOutcome] = {}
    failures: list[BaseException] = []

    def window(name: str) -> None:
        try:
            outcomes[name] = runtime.run(requests[name], asker=people[name])
        except BaseException as exc:  # reported on the test's thread
            failures.append(exc)

    threads = [threading.Thread(target=window, args=(n,), name=f"window-{n}") for n in people]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT_S * 2)
        assert not any(t.is_alive() for t in threads), "a turn never finished"
        assert failures == []
        assert not together.broken, "the two questions were never open at the same time"

        for name, person in people.items():
            assert outcomes[name].status == "completed", outcomes[name].error
            # Each person was asked once, and only about their own window's turn.
            assert [r.session_id for r in person.asked] == [requests[name].session_id]
            assert f"made-by-{name.lower()}.txt" in person.asked[0].summary
        assert (workspace / "made-by-a.txt").exists()
        assert not (workspace / "made-by-b.txt").exists()

        def decisions(name: str) -> list[tuple[str, str]]:
            return [
                (s.event.decision, s.event.source)
                for s in store.events(requests[name].session_id)
                if isinstance(s.event, ActionVerdict)
            ]

        assert decisions("A") == [("asked", "gate"), ("allowed", "user")]
        assert decisions("B") == [("asked", "gate"), ("refused", "user")]
    finally:
        together.abort()  # frees a turn still waiting if an assertion failed first
        for thread in threads:
            thread.join(WAIT_S)
        store.close()


def test_a_turn_that_brings_no_asker_is_refused_not_asked_elsewhere(
    world: tuple[Path, TurnRuntime, EventStore],
) -> None:
    """Nothing shared answers for a turn: without its own asker, what needs asking is denied."""
    workspace, runtime, store = world
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=mint_id(),
        prompt="C",
        provider_id="local",
        workspace=workspace,
        gate_mode="confirm",
    )
    try:
        outcome = runtime.run(request)
        assert outcome.status == "completed", outcome.error
        assert not (workspace / "made-by-c.txt").exists()
        verdicts = [
            (s.event.decision, s.event.source)
            for s in store.events(request.session_id)
            if isinstance(s.event, ActionVerdict)
        ]
        assert verdicts == [("asked", "gate"), ("refused", "user")]
    finally:
        store.close()

# ruff: noqa: F811  (pytest fixtures imported from test_turn_runtime are used as parameters)
"""Branches through the real runtime: what each turn records and what the provider receives.

The real SQLite store and the real OpenAI-compatible adapter against a local streaming server;
requests are composed by ``compose_turn`` as the window composes them."""

from __future__ import annotations

from parley.application.conversations.compose import TurnDraft, compose_turn
from parley.domain.transcript.branches import ROOT, BranchTree
from parley.domain.transcript.canonical import TurnFinished, TurnStarted
from tests.integration.test_turn_runtime import (  # noqa: F401  (fixtures)
    CHAT_PATH,
    runtime,
    serve,
    settings,
    store,
)
from tests.support.sse_server import openai_text_stream


def _send(runtime, store, httpserver, draft: TurnDraft, answer: str) -> tuple[str, list[dict]]:
    httpserver.clear()
    record = serve(httpserver, openai_text_stream([answer], model="test-model"))
    events = list(store.events(draft.session_id)) if draft.session_id else []
    request = compose_turn(draft, events).request
    outcome = runtime.run(request)
    assert outcome.status == "completed", outcome.error
    return request.turn_id, record


def _messages(record: list[dict]) -> list[tuple[str, str]]:
    body = record[-1]
    return [(m["role"], m["content"]) for m in body["messages"]]


def test_regenerate_and_edit_record_branches_and_send_only_the_path(runtime, store, httpserver):
    base = dict(provider_id="local", model="test-model")
    t1, _ = _send(runtime, store, httpserver, TurnDraft(text="hello", **base), "hi")
    session = store.get_session(next(iter([s.id for s in store.list_sessions()]))).id
    t2, _ = _send(runtime, store, httpserver,
                  TurnDraft(text="question", session_id=session, **base), "answer A")  # fmt: skip
    regen = TurnDraft(text="", session_id=session, place="regenerate", target_turn_id=t2, **base)
    t3, record = _send(runtime, store, httpserver, regen, "answer B")
    assert _messages(record) == [("user", "hello"), ("assistant", "hi"), ("user", "question")]

    # Back on the first branch, a follow-up sees answer A, never answer B.
    follow = TurnDraft(text="more?", session_id=session, current_turn_id=t2, **base)
    t4, record = _send(runtime, store, httpserver, follow, "more")
    assert _messages(record) == [
        ("user", "hello"), ("assistant", "hi"), ("user", "question"),
        ("assistant", "answer A"), ("user", "more?"),
    ]  # fmt: skip

    events = list(store.events(session))
    started = {s.turn_id: s.event for s in events if isinstance(s.event, TurnStarted)}
    assert [started[t].follows_turn_id for t in (t1, t2, t3, t4)] == [ROOT, t1, t1, t2]
    tree = BranchTree(events)
    assert tree.position(t3).label == "2 / 2"
    assert tree.path_through(None) == (t1, t3)  # the latest branch
    assert tree.path_through(t2) == (t1, t2, t4)


def test_a_failed_turn_records_its_error_kind(runtime, store, httpserver):
    httpserver.expect_request(CHAT_PATH, method="POST").respond_with_json(
        {"error": {"message": "bad key"}}, status=401
    )
    request = compose_turn(TurnDraft(text="hello", provider_id="local", model="test-model"), [])
    outcome = runtime.run(request.request)
    assert outcome.status == "failed"
    finished = [s.event for s in store.events(outcome.session_id)
                if isinstance(s.event, TurnFinished)]  # fmt: skip
    assert finished[-1].error_kind == "auth"

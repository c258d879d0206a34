"""Generated conversation titles (application.conversations.titles) against a real local HTTP
server speaking the OpenAI streaming format, through the real ``OpenAICompatibleProvider``: what is
asked, how the answer is cleaned, and every way it falls back to the heuristic title without
raising (HTTP 500, connection refused, an error inside the stream, junk, nothing, an essay, a
cancel). The heuristic itself is checked on prompts whose titles were written by hand."""

from __future__ import annotations

import threading

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.titles import (
    EXCERPT_CHARS,
    clean_title,
    generate_title,
    heuristic_title,
    title_request,
)
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from tests.support.adapter_harness import (
    free_port,
    no_helper_thread_left_behind,  # noqa: F401  (autouse)
)
from tests.support.sse_server import data_events, openai_text_stream, sse_handler

PATH = "/v1/chat/completions"
PROMPT = "/skill terse How do walruses use their tusks on the ice?"
ANSWER = "Walruses hook their tusks into the ice to pull themselves out of the water."
HEURISTIC = "How do walruses use their tusks on the ice?"


def provider(server: HTTPServer) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(server.url_for("/v1"), default_model="title-model")


def serve(server: HTTPServer, body: bytes, **kwargs) -> list:
    record: list = []
    server.expect_request(PATH, method="POST").respond_with_handler(
        sse_handler(body, record=record, **kwargs)
    )
    return record


def title_of(server: HTTPServer, **kwargs) -> str:
    return generate_title(
        provider(server), "title-model", PROMPT, ANSWER, threading.Event(), **kwargs
    )


# -- the heuristic ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "title"),
    [
        (PROMPT, HEURISTIC),
        ("/agent critic /skill terse Review this diff", "Review this diff"),
        ("\n\n## **Configure** _WAL_ mode\nmore", "Configure WAL mode"),
        ('> "Is this quote real?"', "Is this quote real?"),
        ("```\n```\n- [x] ship the [release](https://example.org)", "ship the release"),
        ("/usr/bin/env fails with snake_case_name", "/usr/bin/env fails with snake_case_name"),
        (
            "Explain the consensus protocol used by etcd in enough detail for a distributed "
            "systems class",
            "Explain the consensus protocol used by etcd in enough…",
        ),
        ("x" * 80, "x" * 59 + "…"),
        ("   \n***\n```", ""),
        ("/new", ""),
    ],
)
def test_heuristic_title(prompt: str, title: str) -> None:
    assert heuristic_title(prompt) == title
    assert len(heuristic_title(prompt)) <= 60


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        ('"Title: Walrus Tusks on Ice."', "Walrus Tusks on Ice"),
        ("**Walrus tusks explained**\n\nThis title fits because…", "Walrus tusks explained"),
        ("Sure! Here is a title: “Hauling Out With Tusks”", "Hauling Out With Tusks"),
        ("<think>They ask about walruses.</think>\nWalrus Tusk Use", "Walrus Tusk Use"),
        ("Titre : Les défenses du morse", "Les défenses du morse"),
        ("I'm sorry, but I can't help with that.", ""),
        ("...", ""),
        ("", ""),
        ("Walruses " * 20, ""),
    ],
)
def test_clean_title(answer: str, title: str) -> None:
    assert clean_title(answer) == title


# -- against a local server ------------------------------------------------------------------------


def test_the_request_asks_briefly_and_the_answer_is_cleaned(httpserver: HTTPServer) -> None:
    record = serve(httpserver, openai_text_stream(['"Title: Walrus ', "Tusks on Ice.", '"\n']))

    assert title_of(httpserver) == "Walrus Tusks on Ice"

    (body,) = record
    assert body["model"] == "title-model"
    assert body["stream"] is True
    system, user = body["messages"]
    assert system["role"] == "system"
    assert "3 to 7 words" in system["content"]
    assert "language the user wrote in" in system["content"]
    assert "no quotes" in system["content"]
    assert user["role"] == "user"
    assert PROMPT in user["content"] and ANSWER in user["content"]


def test_long_prompt_and_answer_are_cut(httpserver: HTTPServer) -> None:
    record = serve(httpserver, openai_text_stream(["Long Input Title"]))
    prompt = "start " + "p" * 5000 + " PROMPT-END"
    answer = "begin " + "a" * 5000 + " ANSWER-END"

    title = generate_title(provider(httpserver), "m", prompt, answer, threading.Event())

    assert title == "Long Input Title"
    content = record[0]["messages"][1]["content"]
    assert "start " in content and "begin " in content
    assert "PROMPT-END" not in content and "ANSWER-END" not in content
    assert len(content) < 2 * EXCERPT_CHARS + 200
    request = title_request(prompt, answer, "m")
    assert request.messages[1].content == content


def test_http_500_falls_back_to_the_heuristic(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH, method="POST").respond_with_json(
        {"error": {"message": "the server fell over", "type": "server_error"}}, status=500
    )
    assert title_of(httpserver) == HEURISTIC
    assert len(httpserver.log) == 1  # asked once; a title is not worth retrying


def test_connection_refused_falls_back(httpserver: HTTPServer) -> None:
    nowhere = OpenAICompatibleProvider(f"http://127.0.0.1:{free_port()}/v1", default_model="m")
    assert generate_title(nowhere, "m", PROMPT, ANSWER, threading.Event()) == HEURISTIC


def test_an_error_inside_the_stream_falls_back(httpserver: HTTPServer) -> None:
    serve(
        httpserver,
        data_events([{"error": {"message": "overloaded", "type": "overloaded_error"}}]),
    )
    assert title_of(httpserver) == HEURISTIC


@pytest.mark.parametrize(
    "pieces",
    [
        ["I'm sorry, ", "I can't help with that."],
        ["…", "!!"],
        [],
    ],
    ids=["refusal", "punctuation", "empty"],
)
def test_junk_answers_fall_back(httpserver: HTTPServer, pieces: list[str]) -> None:
    serve(httpserver, openai_text_stream(pieces))
    assert title_of(httpserver) == HEURISTIC


def test_an_essay_is_not_read_to_the_end(httpserver: HTTPServer) -> None:
    sentence = "Walruses are large flippered marine mammals of the Arctic. "
    serve(httpserver, openai_text_stream([sentence] * 200))
    assert title_of(httpserver) == HEURISTIC


def test_a_cancelled_call_falls_back(httpserver: HTTPServer) -> None:
    serve(httpserver, openai_text_stream(["Walrus ", "Tusks"]))
    cancel = threading.Event()
    cancel.set()
    title = generate_title(provider(httpserver), "m", PROMPT, ANSWER, cancel)
    assert title == HEURISTIC


def test_max_chars_bounds_both_paths(httpserver: HTTPServer) -> None:
    serve(httpserver, openai_text_stream(["Walrus Tusks on Ice Floes"]))
    assert title_of(httpserver, max_chars=16) == "Walrus Tusks on…"
    httpserver.clear()
    httpserver.expect_request(PATH, method="POST").respond_with_data("no", status=500)
    assert title_of(httpserver, max_chars=16) == "How do walruses…"

"""What an MCP server asks of the person, asked at the terminal (``ui/cli/mcp_requests.py``): a
form field by field with the form's rules, [s]end / [e]dit / [d]ecline / [c]ancel, a sampling
request yes or no — and, with no terminal to ask, declined / refused in one line. End to end:
``parley ask --mcp midcall`` against the real server ``tests/fixtures/mcp_servers/broken.py``,
whose tool asks a form mid-call.

The terminal is driven with real text streams (typed lines piped in); the end-to-end runs the
real command in process against a profile in tmp_path and a local server playing the model.
"""

from __future__ import annotations

import io
import json
import os
import sys
import threading
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from parley.application.mcp.server_requests import SamplingMessage, SamplingRequest
from parley.ui.cli.mcp_requests import TerminalServerRequests
from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import tool_call_stream

SERVERS = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_servers"

SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "description": "As on the ticket",
                 "minLength": 2},
        "email": {"type": "string", "format": "email"},
        "guests": {"type": "integer", "minimum": 1, "maximum": 8, "default": 2},
        "vegan": {"type": "boolean"},
        "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"},
                                              {"const": "m", "title": "Medium"}]},
        "extras": {"type": "array", "items": {"enum": ["tea", "jam"]}, "maxItems": 1},
    },
    "required": ["name", "size"],
}  # fmt: skip


def terminal(*lines: str) -> tuple[TerminalServerRequests, io.StringIO]:
    err = io.StringIO()
    typed = io.StringIO("".join(f"{line}\n" for line in lines))
    return TerminalServerRequests(typed, err, interactive=True), err


def test_a_form_is_asked_field_by_field_with_the_forms_rules():
    asker, err = terminal(
        "",  # [A]nswer
        "A",  # too short
        "Ada",
        "ada-at-example",  # not an email
        "",  # optional: left out
        "nine",  # not a number
        "9",  # out of range
        "",  # the default, 2
        "y",
        "",  # required: asked again
        "3",  # not an option
        "medium",  # by its label
        "1,2",  # too many
        "jam",
        "s",  # [s]end
    )
    action, content = asker.elicit("bookings", "Book a table?\nFor tonight.", SCHEMA)
    assert (action, content) == (
        "accept",
        {"name": "Ada", "guests": 2, "vegan": True, "size": "m", "extras": ["jam"]},
    )
    said = err.getvalue()
    assert "the MCP server bookings asks:\n    Book a table?\n    For tonight.\n" in said
    assert "Your name * (at least 2 characters)" in said and "As on the ticket" in said
    assert "! Your name must be at least 2 characters" in said
    assert "! email must be an email address" in said
    assert "! 'nine' is not a whole number" in said
    assert "! guests must be at most 8" in said
    assert "! an answer is required" in said
    assert "! '3' is not one of the options" in said
    assert "1) Small  2) Medium" in said
    assert "! extras choose at most 1 option" in said
    assert "    the answer:\n      Your name: Ada\n      guests: 2\n      vegan: yes\n" in said
    assert "      size: Medium\n      extras: jam\n" in said


def test_edit_goes_through_the_fields_again_keeping_what_was_typed():
    small = {"properties": {"guests": {"type": "integer"}, "note": {"type": "string"}}}
    asker, err = terminal("a", "4", "aisle", "e", "", "-", "s")
    assert asker.elicit("bookings", "Book?", small) == ("accept", {"guests": 4})
    assert "> [4] " in err.getvalue() and "> [aisle] " in err.getvalue()


@pytest.mark.parametrize(
    ("lines", "action"),
    [
        (["d"], "decline"),
        (["c"], "cancel"),
        (["", "Ada", "", "", "", "1", "", "d"], "decline"),  # filled in, then declined
        (["", "Ada", "", "", "", "1", "", "c"], "cancel"),
        (["", "Ada"], "cancel"),  # the input ended midway
        ([], "cancel"),
    ],
)
def test_decline_cancel_and_end_of_input(lines, action):
    asker, _err = terminal(*lines)
    assert asker.elicit("bookings", "Book a table?", SCHEMA) == (action, {})


def test_a_cancelled_turn_ends_the_wait_as_cancel():
    read, write = os.pipe()  # a terminal nobody types into
    cancel = threading.Event()
    cancel.set()  # Ctrl+C while the question waits
    with os.fdopen(read) as typed, os.fdopen(write, "w"):
        asker = TerminalServerRequests(typed, io.StringIO(), interactive=True, cancel=cancel)
        assert asker.elicit("bookings", "Book a table?", SCHEMA) == ("cancel", {})
        request = SamplingRequest("s", (SamplingMessage("user", "hi"),))
        assert asker.approve_sampling(request, "Local · m") is False


def test_a_form_that_cannot_be_shown_can_only_be_declined():
    asker, err = terminal("d")
    assert asker.elicit("bookings", "Book?", {"type": "array"}) == ("decline", {})
    assert "not an object of fields" in err.getvalue()


def test_the_servers_words_cannot_drive_the_terminal():
    asker, err = terminal("c")
    asker.elicit("evil\x1b]0;pwned\x07", "\x1b[2J\x1b[31mAll clear\rok", {"properties": {}})
    said = err.getvalue()
    assert "\x1b" not in said and "\r" not in said and "\x07" not in said
    assert "\\x1b[2J\\x1b[31mAll clear\\rok" in said and "evil\\x1b]0;pwned\\x07" in said


def test_without_a_terminal_a_form_is_declined_and_sampling_refused_saying_so():
    err = io.StringIO()
    asker = TerminalServerRequests(io.StringIO("y\n"), err)  # piped: not a terminal
    assert asker.elicit("bookings", "Book a table?", SCHEMA) == ("decline", {})
    request = SamplingRequest("summariser", (SamplingMessage("user", "hi"),))
    assert asker.approve_sampling(request, "Local · m") is False
    lines = err.getvalue().splitlines()
    assert lines == [
        "parley: declined a form from the MCP server bookings "
        "(nobody to answer on a non-interactive terminal)",
        "parley: refused a sampling request from the MCP server summariser "
        "(nobody to approve it on a non-interactive terminal)",
    ]


@pytest.mark.parametrize(("typed", "allowed"), [("y", True), ("yes", True), ("", False),
                                                 ("n", False), ("sure", False)])  # fmt: skip
def test_sampling_shows_the_request_and_asks_yes_or_no(typed, allowed):
    asker, err = terminal(typed)
    request = SamplingRequest(
        "summariser",
        (SamplingMessage("user", "Summarise this"), SamplingMessage("assistant", "Ok")),
        system_prompt="You are terse.",
        max_tokens=200,
    )
    assert asker.approve_sampling(request, "OpenAI · gpt-4o-mini") is allowed
    said = err.getvalue()
    assert "the MCP server summariser asks your model to answer" in said
    assert "model: OpenAI · gpt-4o-mini · at most 200 tokens" in said
    assert "system prompt:\n        You are terse.\n" in said
    assert "user:\n        Summarise this\n" in said and "assistant:\n        Ok\n" in said
    assert "allow once? [y/N]" in said


# -- parley ask, end to end ----------------------------------------------------------------------


def serve(server: HTTPServer, *bodies: bytes) -> list[dict]:
    requests: list[dict] = []

    def handle(request):  # type: ignore[no-untyped-def]
        requests.append(json.loads(request.data))
        return Response(
            bodies[min(len(requests), len(bodies)) - 1], content_type="text/event-stream"
        )

    server.expect_request("/v1/chat/completions").respond_with_handler(handle)
    return requests


@pytest.fixture
def midcall(cli_profile):  # type: ignore[no-untyped-def]  # noqa: F811
    """A profile with the server ``midcall`` (its tool ``ask`` asks a form mid-call), allowed to
    run without a permission prompt (so only the form is asked)."""
    code, _out, err = cli_profile(
        "mcp", "add", "midcall", "--", sys.executable, str(SERVERS / "broken.py"), "midcall"
    )
    assert code == 0, err
    code, _out, err = cli_profile("mcp", "policy", "midcall", "ask", "run")
    assert code == 0, err
    return cli_profile


def test_parley_ask_without_a_terminal_declines_the_servers_form(midcall, httpserver):
    requests = serve(
        httpserver,
        tool_call_stream(("mcp__midcall__ask", {})),
        openai_text_stream(["No booking then."]),
    )
    code, out, err = midcall("ask", "--mcp", "midcall", "book a table")
    assert code == 0, err
    assert out == "No booking then.\n"
    assert "parley: declined a form from the MCP server midcall" in err
    tool_message = next(m for m in requests[1]["messages"] if m["role"] == "tool")
    assert tool_message["content"].startswith("decline")


def test_parley_ask_at_a_terminal_sends_what_the_person_typed(midcall, httpserver, monkeypatch):
    requests = serve(
        httpserver,
        tool_call_stream(("mcp__midcall__ask", {})),
        openai_text_stream(["Booked."]),
    )
    # a person at a terminal: [A]nswer, 7 guests, a note, [s]end
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n7\naisle\ns\n"))
    monkeypatch.setattr(TerminalServerRequests, "_can_ask", lambda self: True)
    code, out, err = midcall("ask", "--mcp", "midcall", "book a table")
    assert code == 0, err
    assert out == "Booked.\n"
    assert "the MCP server midcall asks:\n    How many guests?" in err
    tool_message = next(m for m in requests[1]["messages"] if m["role"] == "tool")
    assert tool_message["content"] == 'accept: {"guests": 7, "note": "aisle"}'

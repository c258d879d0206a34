"""``parley ask --attach``: the extracted text reaches the model in the documented form (ADR-004).

Real documents, the real out-of-process reader, a real profile and a local server as the model.
"""

from __future__ import annotations

import json

import pytest

from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.sse_server import fixture_path, openai_text_stream, sse_handler


@pytest.fixture
def cli(cli_profile):  # type: ignore[no-untyped-def]  # noqa: F811
    return cli_profile


def test_an_attached_docx_is_sent_in_front_of_the_question(cli, httpserver, tmp_path):
    record: list[dict] = []
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Summary."]), record=record)
    )
    doc = fixture_path("documents", "docx-headings-table-image.docx")
    code, out, err = cli("ask", "--attach", str(doc), "summarise")
    assert code == 0, err
    assert out == "Summary.\n"
    content = record[0]["messages"][-1]["content"]
    assert content.startswith(
        '<attachment name="docx-headings-table-image.docx" '
        'type="application/vnd.openxmlformats-officedocument.wordprocessingml.document"'
    )
    header, rest = content.split("\n", 1)
    text, tail = rest.rsplit("\n</attachment>\n\n", 1)
    assert tail == "summarise"
    assert f'chars="{len(text)}"' in header
    assert text.strip()  # the document's text, exactly as recorded in the history
    session = err.split("session ")[1].split()[0]
    code, exported, _err = cli("history", "export", session, "--format", "json")
    events = json.loads(exported)["events"]
    added = [e for e in events if e["type"] == "attachment_added"]
    assert len(added) == 1 and added[0]["payload"]["text"] == text
    assert [e["type"] for e in events][:3] == ["turn_started", "user_message", "attachment_added"]


def test_an_unreadable_attachment_fails_before_the_model_is_called(cli, httpserver):
    doc = fixture_path("documents", "pdf-password-required.pdf")
    code, _out, err = cli("ask", "--attach", str(doc), "what does it say?")
    assert code == 1
    assert "pdf-password-required.pdf" in err and "Nothing was sent" in err
    assert len(httpserver.log) == 0


def test_a_missing_attachment_is_named(cli, httpserver, tmp_path):
    code, _out, err = cli("ask", "--attach", str(tmp_path / "nope.pdf"), "hi")
    assert code == 1 and "nope.pdf" in err
    assert len(httpserver.log) == 0


def test_an_image_reaches_a_vision_model_as_an_image_part(cli, httpserver):
    record: list[dict] = []
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["A hopper."]), record=record)
    )
    image = fixture_path("documents", "png-hopper-128.png")
    code, _out, err = cli("ask", "--model", "gpt-4o", "--attach", str(image), "what is this?")
    assert code == 0, err
    content = record[0]["messages"][-1]["content"]
    assert content[0] == {"type": "text", "text": "what is this?"}
    url = content[1]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    import base64

    assert base64.b64decode(url.split(",", 1)[1]) == image.read_bytes()


def test_an_image_for_a_text_only_model_is_refused_naming_the_model(cli, httpserver):
    image = fixture_path("documents", "jpeg-hopper-128.jpg")
    code, _out, err = cli("ask", "--model", "gpt-3.5-turbo", "--attach", str(image), "what?")
    assert code == 1
    assert "gpt-3.5-turbo does not accept images" in err
    assert len(httpserver.log) == 0

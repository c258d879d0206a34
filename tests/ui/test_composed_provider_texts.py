"""Provider, attachment and MCP texts composed below the window reach it translated (issue 20).

Each test makes a real English text the way the layer below makes it (a provider's HTTP error,
a connection failure, a probe's line, an attachment's read error, an MCP server's failure), checks
that its template is marked, and shows it through ``translate_text`` twice: with the shipped German
``.qm`` (equal to what ``QCoreApplication.translate`` gives for the template, before and after the
``.ts`` is filled), and with a marking translator that wraps every text of our contexts in «»,
which proves the template was found and the values were put back in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

import parley.infrastructure.attachments.reader  # marks the attachment errors
import parley.infrastructure.mcp.client  # noqa: F401 - marks the MCP failures
from parley.application.mcp.model import McpStartError
from parley.application.ports.attachments import AttachmentLimits
from parley.application.ports.chat_provider import http_error
from parley.application.ports.provider_catalog import KeySource
from parley.application.providers.probe import ProbeResult
from parley.domain.texts import marked
from parley.infrastructure.providers.http_stream import (
    describe_request_failure,
    error_message_from_body,
    stalled_message,
)
from parley.ui.i18n.composed import translate_text
from tests.support.translators import Wrapping, installed
from tests.support.translators import german as german_translation

CONTEXTS = {
    "ProviderError",
    "ProviderProbe",
    "KeySource",
    "AttachmentError",
    "McpError",
}


@pytest.fixture
def german(qapp):
    with installed(german_translation()) as translator:
        yield translator


@pytest.fixture
def marking(qapp):
    with installed(Wrapping(CONTEXTS)) as translator:
        yield translator


def tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


HTTP = "{summary} (HTTP {status}): {message}"
AUTH = "The provider rejected the API key"


def test_the_templates_are_marked_in_their_contexts() -> None:
    table = marked()
    assert table[HTTP] == "ProviderError"
    assert table[AUTH] == "ProviderError"
    assert table["could not connect to {url}: {cause}"] == "ProviderError"
    assert table["FAILED · {kind}: {error}"] == "ProviderProbe"
    assert table["keyring"] == "KeySource"
    assert table["{name} is {size}; Parley reads files of up to {limit}"] == "AttachmentError"
    assert table["MCP server {server!r}: {message}"] == "McpError"


def test_english_is_unchanged() -> None:
    error = http_error(401, "Incorrect API key provided")
    assert str(error) == "The provider rejected the API key (HTTP 401): Incorrect API key provided"
    assert stalled_message("api.example.com", 30.0) == (
        "the provider stopped responding: no data from api.example.com for 30 s"
    )
    assert error_message_from_body(b"", reason="") == "no details given"
    assert str(McpStartError("files", "no command configured")) == (
        "MCP server 'files': no command configured"
    )
    assert str(KeySource("env", "OPENAI_API_KEY")) == "env OPENAI_API_KEY"


def test_an_http_error_with_its_summary_is_found(marking) -> None:
    english = str(http_error(401, "Incorrect API key provided"))
    assert translate_text(english) == "«{summary} (HTTP {status}): {message}»".format(
        summary="«The provider rejected the API key»",
        status=401,
        message="Incorrect API key provided",
    )


def test_an_http_error_in_german(german) -> None:
    english = str(http_error(429, "slow down"))
    expected = tr("ProviderError", HTTP).format(
        summary=tr("ProviderError", "The provider is rate limiting requests"),
        status=429,
        message="slow down",
    )
    assert translate_text(english) == expected


def test_a_connection_failure_is_found(marking) -> None:
    import requests

    exc = requests.exceptions.ConnectionError(OSError(111, "Connection refused"))
    english = str(
        describe_request_failure(exc, "http://localhost:1", connect_timeout=5, read_timeout=60)
    )
    assert english == "could not connect to http://localhost:1: Connection refused"
    assert translate_text(english) == (
        "«could not connect to http://localhost:1: Connection refused»"
    )


def test_a_stalled_provider_in_german(german) -> None:
    english = stalled_message("api.example.com", 2.5)
    template = tr(
        "ProviderError", "the provider stopped responding: no data from {host} for {seconds:g} s"
    )
    expected = template.replace("{host}", "api.example.com").replace("{seconds:g}", "2.5")
    assert translate_text(english) == expected


def test_a_probe_line_is_found(marking) -> None:
    ok = ProbeResult(True, "m1", first_token_ms=212.4, total_ms=480.0).summary()
    assert ok == "OK · first token in 212 ms · total 480 ms · model m1"
    assert translate_text(ok) == "«OK · first token in 212 ms · total 480 ms · model m1»"
    failed = ProbeResult(
        False, "m1", error_kind="auth", error=str(http_error(401, "bad"))
    ).summary()
    assert translate_text(failed) == "«FAILED · auth: «{summary} (HTTP 401): bad»»".format(
        summary="«The provider rejected the API key»"
    )


def test_a_key_source_word_is_found(marking) -> None:
    assert translate_text(str(KeySource("keyring"))) == "«keyring»"
    assert translate_text(str(KeySource("env", "GROQ_API_KEY"))) == "«env GROQ_API_KEY»"


def test_attachment_read_errors_are_found(marking, tmp_path: Path) -> None:
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore

    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 4096)
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "store"))
    try:
        import threading

        limits = AttachmentLimits(max_file_bytes=1024)
        result = reader.read(big, limits, threading.Event())
        missing = reader.read(tmp_path / "gone.pdf", limits, threading.Event())
    finally:
        reader.close()
    assert result.error == "big.txt is 4 KB; Parley reads files of up to 1 KB"
    assert translate_text(result.error) == ("«big.txt is 4 KB; Parley reads files of up to 1 KB»")
    assert translate_text(missing.error) == "«gone.pdf does not exist (it may have been moved)»"
    # A line that shows the name already says "the file" instead: still found.
    assert translate_text("the file is not a file") == "«the file is not a file»"


def test_an_attachment_refusal_with_its_hint_is_found(marking) -> None:
    from parley.infrastructure.attachments.detect import Detected, refusal

    found = Detected(kind="zip", media_type="application/zip", label="a ZIP archive")
    english = refusal(found, "a.zip").message
    assert english == (
        "a.zip is a ZIP archive, which Parley does not read; unpack it and attach the files inside"
    )
    assert translate_text(english) == (
        "«a.zip is a ZIP archive, which Parley does not read«; unpack it and attach the files "
        "inside»»"
    )


def test_an_mcp_failure_is_found(marking) -> None:
    english = str(McpStartError("files", "did not finish starting within 30 s"))
    assert translate_text(english) == (
        "«MCP server 'files': «did not finish starting within 30 s»»"
    )

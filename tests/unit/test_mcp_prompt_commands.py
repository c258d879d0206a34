"""MCP prompts as ``/`` commands: the command's name, its menu description, typed ``name=value``
arguments and the required ones still missing (``application/mcp/prompt_commands.py``)."""

from __future__ import annotations

import pytest

from parley.application.mcp.model import McpPrompt, McpPromptArgument
from parley.application.mcp.prompt_commands import (
    PromptArgumentError,
    menu_description,
    missing_required,
    parse_arguments,
    prompt_command,
    split_prompt_command,
)

SUMMARIZE = McpPrompt(
    "docs",
    "summarize",
    "Summarise a topic",
    (McpPromptArgument("topic", "What", required=True), McpPromptArgument("audience", "Who")),
)
STANDUP = McpPrompt("team", "standup")


def test_a_command_names_the_server_then_the_prompt_and_splits_back():
    assert prompt_command("docs", "summarize") == "/docs:summarize"
    assert split_prompt_command("/docs:summarize") == ("docs", "summarize")
    assert split_prompt_command("/docs:ns:name") == ("docs", "ns:name")  # the first ':' splits
    for word in ("docs:summarize", "/docs", "/:x", "/docs:", "/skill"):
        assert split_prompt_command(word) is None


def test_the_menu_says_it_comes_from_an_mcp_server_and_which():
    assert menu_description(SUMMARIZE) == "MCP · docs — Summarise a topic"
    assert menu_description(STANDUP) == "MCP · team"


def test_typed_arguments_are_name_value_words_quoted_for_spaces():
    assert parse_arguments("") == {}
    assert parse_arguments('topic="two words" audience=experts') == {
        "topic": "two words",
        "audience": "experts",
    }
    assert parse_arguments("topic='a=b c'") == {"topic": "a=b c"}  # the first '=' splits
    assert parse_arguments("topic=") == {"topic": ""}
    assert parse_arguments("audience=x topic=y", SUMMARIZE) == {"audience": "x", "topic": "y"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("rust", "name=value"),
        ('topic="unclosed', "Cannot read the arguments"),
        ("=value", "needs a name"),
        ("topic=a topic=b", "given twice"),
    ],
)
def test_arguments_that_cannot_be_read_say_what_to_write(text, says):
    with pytest.raises(PromptArgumentError, match=says):
        parse_arguments(text)


def test_an_argument_the_prompt_does_not_declare_names_the_ones_it_has():
    with pytest.raises(PromptArgumentError) as caught:
        parse_arguments("topci=rust", SUMMARIZE)
    assert "'topci'" in str(caught.value) and "topic, audience" in str(caught.value)
    with pytest.raises(PromptArgumentError, match="takes no arguments"):
        parse_arguments("x=1", STANDUP)


def test_a_required_argument_absent_or_blank_is_missing():
    assert missing_required(SUMMARIZE, {}) == ("topic",)
    assert missing_required(SUMMARIZE, {"topic": "   ", "audience": "x"}) == ("topic",)
    assert missing_required(SUMMARIZE, {"topic": "rust"}) == ()
    assert missing_required(STANDUP, {}) == ()

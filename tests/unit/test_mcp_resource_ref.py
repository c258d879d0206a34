"""``McpResourceRef`` and the request's ``mcp_resources``: what a turn may attach from MCP
servers is frozen, validated and normalised at submit, like its files."""

from __future__ import annotations

import dataclasses

import pytest

from parley.domain.agents.conversation_execution_request import (
    ConversationExecutionRequest,
    McpResourceRef,
    uri_tail,
)


def make(**fields):  # type: ignore[no-untyped-def]
    return ConversationExecutionRequest(turn_id="t", session_id="s", **fields)


def test_refs_are_coerced_frozen_and_kept_once_each_in_order():
    r = make(
        mcp_resources=[
            ("docs", "file:///a.md"),
            {"server": "notes", "uri": "note://x", "name": "X"},
            McpResourceRef(" docs ", " file:///a.md ", "again"),  # the same resource
        ]
    )
    assert r.mcp_resources == (
        McpResourceRef("docs", "file:///a.md"),
        McpResourceRef("notes", "note://x", "X"),
    )
    assert isinstance(r.mcp_resources, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.mcp_resources[0].uri = "other"  # type: ignore[misc]
    assert r == dataclasses.replace(r) and hash(r) == hash(dataclasses.replace(r))


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("docs:file:///a.md", "sequence"),
        (McpResourceRef("docs", "note://x"), "sequence"),
        ([("docs", "")], "uri"),
        ([("", "note://x")], "server"),
        ([{"server": "docs", "uri": "note://x", "mime": "text/plain"}], "mime"),
        ([42], "int"),
    ],
)
def test_a_bad_resource_is_refused_naming_what_is_wrong(bad, says):  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=says):
        make(mcp_resources=bad)


@pytest.mark.parametrize(
    ("uri", "tail"),
    [
        ("file:///project/README.md", "README.md"),
        ("note://hello", "hello"),
        ("test://static/resource/7?x=1#frag", "7"),
        ("db://", "db://"),
    ],
)
def test_a_resource_without_a_name_is_shown_by_its_uris_last_part(uri, tail):  # type: ignore[no-untyped-def]
    assert uri_tail(uri) == tail
    assert McpResourceRef("s", uri).shown_name == tail
    assert McpResourceRef("s", uri, "Named").shown_name == "Named"

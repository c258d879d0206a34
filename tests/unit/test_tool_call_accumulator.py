"""ToolCallAccumulator: fragments by index -> whole calls with parsed arguments."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parley.application.conversations.tool_call_accumulator import (
    AccumulatedToolCall,
    ToolCallAccumulator,
)
from parley.application.ports.chat_provider import TextDelta, ToolCallDelta


def finish(*deltas: ToolCallDelta) -> list[AccumulatedToolCall]:
    acc = ToolCallAccumulator()
    for delta in deltas:
        acc.add(delta)
    return acc.finish()


def test_openai_style_id_and_name_first_then_argument_pieces() -> None:
    calls = finish(
        ToolCallDelta(0, "call_1", "multiply", ""),
        ToolCallDelta(0, None, None, '{"'),
        ToolCallDelta(0, None, None, 'a":12'),
        ToolCallDelta(0, None, None, "31}"),
    )
    assert calls == [("call_1", "multiply", {"a": 1231})]


def test_parallel_calls_come_back_ordered_by_index_whatever_the_arrival_order() -> None:
    calls = finish(
        ToolCallDelta(1, "b", "second", '{"x":'),
        ToolCallDelta(0, "a", "first", "{}"),
        ToolCallDelta(1, None, None, "2}"),
    )
    assert [(c.provider_id, c.name, c.arguments) for c in calls] == [
        ("a", "first", {}),
        ("b", "second", {"x": 2}),
    ]


def test_repeated_id_and_name_on_every_fragment_do_not_change_the_call() -> None:
    calls = finish(
        ToolCallDelta(0, "0", "llm_version", ""),
        ToolCallDelta(0, "0", "llm_version", "{}"),
    )
    assert calls == [("0", "llm_version", {})]


def test_first_id_and_name_win() -> None:
    calls = finish(ToolCallDelta(0, "first", "tool", "{}"), ToolCallDelta(0, "other", "x", ""))
    assert calls == [("first", "tool", {})]


def test_missing_or_empty_arguments_mean_empty_object() -> None:
    assert finish(ToolCallDelta(0, "id", "noargs")) == [("id", "noargs", {})]
    assert finish(ToolCallDelta(0, "id", "ws", "  \n")) == [("id", "ws", {})]


def test_whole_arguments_in_the_first_fragment() -> None:
    assert finish(ToolCallDelta(0, "0", "t", '{"k": [1, 2]}')) == [("0", "t", {"k": [1, 2]})]


def test_call_without_provider_id_keeps_none() -> None:
    assert finish(ToolCallDelta(0, None, "t", "{}")) == [(None, "t", {})]


def test_truncated_arguments_raise_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"tool call 'get_weather' \(index 0\).*not valid JSON"):
        finish(ToolCallDelta(0, "id", "get_weather", '{"city": "Mexic'))


def test_arguments_that_are_not_an_object_raise() -> None:
    with pytest.raises(ValueError, match="must be a JSON object, got list"):
        finish(ToolCallDelta(0, "id", "t", "[1]"))


def test_call_without_a_name_raises() -> None:
    with pytest.raises(ValueError, match="index 3 has no name"):
        finish(ToolCallDelta(3, "id", None, "{}"))


def test_add_all_skips_other_deltas_and_len_counts_calls() -> None:
    acc = ToolCallAccumulator()
    assert not acc
    acc.add_all([TextDelta("hi"), ToolCallDelta(0, "a", "t", "{}"), ToolCallDelta(2, "b", "u")])
    assert len(acc) == 2
    assert [c.name for c in acc.finish()] == ["t", "u"]


@given(
    args=st.dictionaries(
        st.text(max_size=8), st.one_of(st.integers(), st.text(max_size=8), st.none()), max_size=5
    ),
    cuts=st.lists(st.integers(min_value=0, max_value=200), max_size=10),
)
def test_any_split_of_the_arguments_gives_the_same_object(args: dict, cuts: list[int]) -> None:
    text = json.dumps(args, ensure_ascii=False)
    points = sorted({c % (len(text) + 1) for c in cuts})
    edges = [0, *points, len(text)]
    pieces = [text[a:b] for a, b in itertools.pairwise(edges)]
    deltas = [ToolCallDelta(0, "id", "t", pieces[0])]
    deltas += [ToolCallDelta(0, None, None, p) for p in pieces[1:]]
    assert finish(*deltas) == [("id", "t", args)]


def test_the_providers_id_keeps_the_origin_that_gave_it() -> None:
    acc = ToolCallAccumulator()
    acc.add(ToolCallDelta(0, "D681PevKs", "read_file", '{"a":', origin="openai https://m/v1"))
    acc.add(ToolCallDelta(0, "other", None, " 1}", origin="openai https://x/v1"))  # a repeat
    acc.add(ToolCallDelta(1, None, "list_dir", "{}"))
    first, second = acc.finish_each()
    assert (first.provider_id, first.provider_origin, first.arguments) == (
        "D681PevKs",
        "openai https://m/v1",
        {"a": 1},
    )
    assert (second.provider_id, second.provider_origin) == (None, "")

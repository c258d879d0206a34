"""The canonical event types: round trips, strictness, immutability, ids and the registry."""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, UnionType
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.domain.transcript import canonical
from parley.domain.transcript.canonical import (
    EVENT_TYPES,
    ActionVerdict,
    AssistantText,
    Compaction,
    Event,
    Fact,
    GateOpened,
    Notice,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    event_type,
    from_payload,
    mint_call_id,
    mint_id,
    to_payload,
)

FAST = settings(deadline=None, max_examples=40)

WIRE_NAMES = {
    "turn_started",
    "user_message",
    "attachment_added",
    "reasoning",
    "assistant_text",
    "tool_call",
    "tool_result",
    "action_verdict",
    "gate_opened",
    "notice",
    "fact",
    "compaction",
    "context_checked",
    "retrieval_performed",
    "turn_finished",
}

# -- strategies built from the dataclass fields ----------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
json_objects = st.dictionaries(st.text(max_size=8), json_values, max_size=5)
usages = st.builds(
    Usage, **{f.name: st.none() | st.integers(0, 10**9) for f in dataclasses.fields(Usage)}
)


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _options(hint: Any) -> tuple[Any, ...]:
    if typing.get_origin(hint) in (typing.Union, UnionType):
        return typing.get_args(hint)
    return (hint,)


def strategy_for(hint: Any) -> st.SearchStrategy[Any]:
    """A strategy of valid in-code values for a field annotation (fails loudly on a new kind)."""
    options = _options(hint)
    if len(options) > 1:
        return st.one_of(*(strategy_for(o) for o in options))
    origin = typing.get_origin(hint)
    if hint is type(None):
        return st.none()
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers()
    if hint is float:
        return st.floats(allow_nan=False, allow_infinity=False)
    if hint is str:
        return st.text(max_size=20)
    if hint is Usage:
        return usages
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return st.lists(strategy_for(item), max_size=4).map(tuple)
    if hint is Mapping or origin is Mapping:
        return json_objects
    raise AssertionError(f"no strategy for field annotation {hint!r}; extend the test")


FIELD_OVERRIDES: dict[tuple[type, str], st.SearchStrategy[Any]] = {
    (TurnFinished, "status"): st.sampled_from(TurnFinished.STATUSES),
}


def kwargs_for(cls: type) -> st.SearchStrategy[dict[str, Any]]:
    """Required fields always, defaulted fields sometimes (so defaults are exercised too)."""
    required: dict[str, st.SearchStrategy[Any]] = {}
    optional: dict[str, st.SearchStrategy[Any]] = {}
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        strat = FIELD_OVERRIDES.get((cls, f.name))
        if strat is None:
            strat = strategy_for(hints[f.name])
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        (optional if has_default else required)[f.name] = strat
    return st.fixed_dictionaries(required, optional=optional)


def events_of(cls: type[Event]) -> st.SearchStrategy[Event]:
    return kwargs_for(cls).map(lambda kw: cls(**kw))


any_event = st.one_of(*(events_of(cls) for cls in EVENT_TYPES.values()))
registered = pytest.mark.parametrize("cls", list(EVENT_TYPES.values()), ids=list(EVENT_TYPES))


def required_fields(cls: type) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]


def sample_payload(cls: type[Event]) -> dict[str, Any]:
    """A minimal valid payload: just the required fields, with plain values."""
    hints = _hints(cls)
    plain = {str: "x", bool: True, int: 1, float: 1.5}
    payload: dict[str, Any] = {}
    for name in required_fields(cls):
        payload[name] = plain[hints[name]]
    if cls is TurnFinished:
        payload["status"] = "completed"
    return payload


# -- registry ------------------------------------------------------------------------------------


def test_registry_covers_exactly_the_wire_names():
    assert set(EVENT_TYPES) == WIRE_NAMES
    assert len(set(EVENT_TYPES.values())) == len(WIRE_NAMES)


@registered
def test_each_registered_class_is_a_frozen_event_with_its_own_wire_name(cls):
    assert issubclass(cls, Event)
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert EVENT_TYPES[cls.type_name] is cls
    assert "type_name" not in {f.name for f in dataclasses.fields(cls)}


def test_registry_is_read_only():
    with pytest.raises(TypeError):
        EVENT_TYPES["bogus"] = Fact  # type: ignore[index]


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (UserMessage, ("text", "source")),
        (AssistantText, ("text", "model")),
        (ToolCall, ("call_id", "tool", "arguments")),
        (ToolResult, ("call_id", "result", "success")),
        (GateOpened, ("gate", "reason")),
        (Fact, ("text",)),
        (Compaction, ("summary", "model", "replaces")),
        (TurnFinished, ("status", "usage", "duration_s", "error")),
        (Notice, ("text", "level")),
    ],
)
def test_spec_fields_are_present_in_order(cls, fields):
    names = [f.name for f in dataclasses.fields(cls)]
    assert names[: len(fields)] == list(fields)


@FAST
@given(event=any_event)
def test_event_type_names_each_event(event):
    assert event_type(event) == type(event).type_name
    assert EVENT_TYPES[event_type(event)] is type(event)


def test_unregistered_event_types_are_refused():
    @dataclass(frozen=True)
    class Rogue(Event):
        type_name: ClassVar[str] = "rogue"
        text: str

    @dataclass(frozen=True)
    class Impostor(Fact):  # claims a registered name but is not the registered class
        pass

    for event in (Rogue("x"), Impostor("x")):
        with pytest.raises(ValueError, match="not a registered event type"):
            event_type(event)
        with pytest.raises(ValueError):
            to_payload(event)


# -- round trips ---------------------------------------------------------------------------------


def _round_trip_checks(event: Event) -> None:
    name = event_type(event)
    payload = to_payload(event)
    assert set(payload) == {f.name for f in dataclasses.fields(event)}
    rebuilt = from_payload(name, payload)
    assert rebuilt == event
    assert type(rebuilt) is type(event)
    assert to_payload(rebuilt) == payload

    wire = json.loads(json.dumps({"type": name, "payload": payload}))
    from_json = from_payload(wire["type"], wire["payload"])
    assert from_json == event
    assert hash(from_json) == hash(event)


@registered
@FAST
@given(data=st.data())
def test_to_payload_from_payload_round_trip_for_every_type(cls, data):
    _round_trip_checks(data.draw(events_of(cls)))


@settings(deadline=None, max_examples=100)
@given(event=any_event)
def test_round_trip_for_any_event(event):
    _round_trip_checks(event)


@registered
def test_minimal_payload_builds_with_defaults(cls):
    event = from_payload(cls.type_name, sample_payload(cls))
    assert isinstance(event, cls)
    assert from_payload(cls.type_name, to_payload(event)) == event


def _is_plain_json(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_is_plain_json(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


@FAST
@given(event=any_event)
def test_payload_is_plain_json_and_detached_from_the_event(event):
    payload = to_payload(event)
    assert _is_plain_json(payload)
    before = from_payload(event_type(event), json.loads(json.dumps(payload)))
    for value in payload.values():
        if isinstance(value, dict):
            value["injected"] = 1
        elif isinstance(value, list):
            value.append(1)
    assert event == before


def test_usage_round_trips_without_unknown_figures():
    done = TurnFinished(status="completed", usage=Usage(input_tokens=3, output_tokens=5))
    payload = to_payload(done)
    assert payload["usage"] == {"input_tokens": 3, "output_tokens": 5}
    assert from_payload("turn_finished", payload) == done


def test_int_for_a_float_field_is_accepted_as_float():
    event = from_payload("turn_finished", {"status": "completed", "duration_s": 2})
    assert event.duration_s == 2.0 and isinstance(event.duration_s, float)


# -- strictness ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bogus", "", "UserMessage", "user-message", "USER_MESSAGE"])
def test_unknown_type_is_named(name):
    with pytest.raises(ValueError, match=f"unknown event type {re.escape(repr(name))}"):
        from_payload(name, {"text": "x"})


@pytest.mark.parametrize("name", [None, 3, ["user_message"], {"user_message": 1}, b"fact"])
def test_a_non_string_type_name_is_a_value_error(name):
    with pytest.raises(ValueError, match="unknown event type"):
        from_payload(name, {"text": "x"})  # type: ignore[arg-type]


@pytest.mark.parametrize("payload", [None, [], "text", 3, [("text", "x")]])
def test_payload_must_be_an_object(payload):
    with pytest.raises(ValueError, match="payload must be an object"):
        from_payload("fact", payload)  # type: ignore[arg-type]


@registered
@FAST
@given(data=st.data())
def test_unknown_fields_are_named(cls, data):
    known = {f.name for f in dataclasses.fields(cls)}
    extra = data.draw(
        st.lists(
            st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10).filter(
                lambda s: s not in known
            ),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    payload = to_payload(data.draw(events_of(cls)))
    payload.update(dict.fromkeys(extra, "surprise"))
    with pytest.raises(ValueError) as info:
        from_payload(cls.type_name, payload)
    message = str(info.value)
    assert cls.type_name in message
    assert "unknown field" in message
    for name in extra:
        assert name in message


def test_non_string_unknown_keys_are_still_a_value_error():
    with pytest.raises(ValueError, match="unknown field"):
        from_payload("fact", {"text": "x", 1: "a", None: "b"})


REQUIRED = [(cls, name) for cls in EVENT_TYPES.values() for name in required_fields(cls)]


@pytest.mark.parametrize(
    ("cls", "missing"), REQUIRED, ids=[f"{c.type_name}.{n}" for c, n in REQUIRED]
)
def test_missing_required_fields_are_named(cls, missing):
    payload = sample_payload(cls)
    del payload[missing]
    with pytest.raises(ValueError, match=rf"{cls.type_name}: missing field\(s\) .*{missing}"):
        from_payload(cls.type_name, payload)


def test_all_missing_fields_are_named_together():
    with pytest.raises(ValueError) as info:
        from_payload("tool_result", {})
    for name in ("call_id", "result", "success"):
        assert name in str(info.value)


@pytest.mark.parametrize(
    ("type_name", "field", "value"),
    [
        ("user_message", "text", 3),
        ("user_message", "text", None),
        ("user_message", "source", ["user"]),
        ("fact", "text", b"bytes"),
        ("tool_result", "success", 1),
        ("tool_result", "success", "true"),
        ("attachment_added", "size", True),
        ("attachment_added", "size", 1.5),
        ("attachment_added", "size", "10"),
        ("turn_started", "max_steps", False),
        ("turn_started", "allowed_tools", "read_file"),
        ("turn_started", "allowed_tools", ["read", 3]),
        ("turn_started", "timeout_sec", True),
        ("turn_started", "timeout_sec", "30"),
        ("turn_started", "project_id", 7),
        ("turn_finished", "duration_s", True),
        ("turn_finished", "duration_s", "1.5"),
        pytest.param("turn_finished", "duration_s", 10**400, id="turn_finished-duration_s-huge"),
        ("turn_finished", "usage", []),
        ("turn_finished", "usage", 12),
        ("compaction", "replaces", "12"),
        ("compaction", "replaces", [1, "2"]),
        ("compaction", "replaces", [1, True]),
        ("compaction", "replaces", {"0": 1}),
        ("tool_call", "arguments", []),
        ("tool_call", "arguments", "{}"),
        ("action_verdict", "input", None),
        ("assistant_text", "partial", 0),
    ],
)
def test_wrong_kinds_are_rejected_naming_the_field(type_name, field, value):
    payload = sample_payload(EVENT_TYPES[type_name])
    payload[field] = value
    with pytest.raises(ValueError, match=rf"{type_name}: field '{field}' has the wrong kind"):
        from_payload(type_name, payload)


@pytest.mark.parametrize(
    "usage",
    [{"input_tokens": True}, {"output_tokens": "3"}, {"total_tokens": 1.0}, {"bogus": 1}],
)
def test_usage_inside_turn_finished_is_strict_too(usage):
    with pytest.raises(ValueError, match="usage"):
        from_payload("turn_finished", {"status": "completed", "usage": usage})


WRONG_KINDS: dict[Any, list[Any]] = {
    str: [3, 1.5, True, None, [], {}],
    bool: [0, 1, 1.0, "true", None, []],
    int: [True, False, 1.5, "1", None, []],
    float: [True, "1.0", None, [], {}],
    type(None): [],
}


def wrong_values_for(hint: Any) -> list[Any]:
    options = _options(hint)
    if any(typing.get_origin(o) is tuple for o in options):
        candidates = ["abc", 3, {}, True, [object()]]
    elif any(o is Mapping or typing.get_origin(o) is Mapping for o in options) or Usage in options:
        candidates = [[], "x", 3, True]
    else:
        candidates = [v for o in options for v in WRONG_KINDS[o]]
    if type(None) in options:
        candidates = [v for v in candidates if v is not None]
    # a value is only "wrong" if no option of the union accepts it
    return [v for v in candidates if not any(_accepts(o, v) for o in options)]


def _accepts(option: Any, value: Any) -> bool:
    if option is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if option is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if option in (str, bool):
        return isinstance(value, option)
    return False


FIELDS = [(cls, f.name) for cls in EVENT_TYPES.values() for f in dataclasses.fields(cls)]


@pytest.mark.parametrize(("cls", "field"), FIELDS, ids=[f"{c.type_name}.{n}" for c, n in FIELDS])
def test_every_field_rejects_every_wrong_kind(cls, field):
    wrong = wrong_values_for(_hints(cls)[field])
    assert wrong, "no wrong values generated"
    for value in wrong:
        payload = sample_payload(cls)
        payload[field] = value
        with pytest.raises(ValueError, match=f"field '{field}'"):
            from_payload(cls.type_name, payload)


# -- turn status ---------------------------------------------------------------------------------


def test_turn_statuses():
    assert TurnFinished.STATUSES == (
        "completed",
        "cancelled",
        "failed",
        "timed_out",
        "interrupted",
    )


@pytest.mark.parametrize("status", TurnFinished.STATUSES)
def test_each_known_status_is_accepted(status):
    assert TurnFinished(status=status).status == status
    assert from_payload("turn_finished", {"status": status}).status == status


@FAST
@given(status=st.text(max_size=12).filter(lambda s: s not in TurnFinished.STATUSES))
def test_unknown_status_is_rejected(status):
    with pytest.raises(ValueError, match="unknown turn status"):
        TurnFinished(status=status)
    with pytest.raises(ValueError, match="unknown turn status"):
        from_payload("turn_finished", {"status": status})


# -- frozen ----------------------------------------------------------------------------------------


@FAST
@given(event=any_event)
def test_events_refuse_assignment(event):
    for f in dataclasses.fields(event):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, f.name, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.extra = 1  # type: ignore[attr-defined]


def _assert_deep_frozen(value: Any) -> None:
    assert not isinstance(value, (dict, list, set, bytearray))
    if isinstance(value, Mapping):
        assert isinstance(value, MappingProxyType)
        with pytest.raises(TypeError):
            value["k"] = 1  # type: ignore[index]
        for v in value.values():
            _assert_deep_frozen(v)
    elif isinstance(value, tuple):
        for v in value:
            _assert_deep_frozen(v)


@FAST
@given(event=any_event)
def test_every_container_inside_an_event_is_deep_frozen(event):
    for f in dataclasses.fields(event):
        _assert_deep_frozen(getattr(event, f.name))
    rebuilt = from_payload(event_type(event), json.loads(json.dumps(to_payload(event))))
    for f in dataclasses.fields(rebuilt):
        _assert_deep_frozen(getattr(rebuilt, f.name))


def test_tool_call_arguments_built_from_a_dict_cannot_be_mutated_nested_too():
    source = {"path": "a.txt", "options": {"lines": [1, 2], "flags": {"x": True}}}
    call = ToolCall(call_id="call-1", tool="read_file", arguments=source)
    before = to_payload(call)

    with pytest.raises(TypeError):
        call.arguments["path"] = "b.txt"  # type: ignore[index]
    with pytest.raises(TypeError):
        call.arguments["options"]["lines"] = []  # type: ignore[index]
    with pytest.raises(TypeError):
        call.arguments["options"]["flags"]["x"] = False  # type: ignore[index]
    with pytest.raises(AttributeError):
        call.arguments["options"]["lines"].append(3)  # type: ignore[attr-defined]
    assert call.arguments["options"]["lines"] == (1, 2)

    source["path"] = "changed"
    source["options"]["lines"].append(99)
    source["options"]["flags"]["x"] = False
    assert to_payload(call) == before


def test_read_only_views_and_tuples_from_the_caller_are_detached_too():
    inner = {"lines": [1]}
    view = MappingProxyType({"options": inner})
    call = ToolCall(call_id="c", tool="t", arguments=view)
    verdict = ActionVerdict(
        call_id="c",
        tool="t",
        effect="write",
        rule="r",
        reason="why",
        decision="ask",
        input=MappingProxyType(inner),
    )
    started = TurnStarted(provider_id="p", model="m", attachments=["a", "b"])
    inner["lines"].append(2)
    inner["new"] = True
    assert to_payload(call)["arguments"] == {"options": {"lines": [1]}}
    assert to_payload(verdict)["input"] == {"lines": [1]}
    assert started.attachments == ("a", "b")
    _assert_deep_frozen(call.arguments)
    _assert_deep_frozen(verdict.input)


def test_events_built_from_a_payload_do_not_alias_the_payload():
    payload = {"call_id": "c", "tool": "t", "arguments": {"xs": [1, {"y": 2}]}}
    call = from_payload("tool_call", payload)
    payload["arguments"]["xs"].append(3)
    payload["arguments"]["xs"][1]["y"] = 5
    assert to_payload(call)["arguments"] == {"xs": [1, {"y": 2}]}


def test_list_fields_become_tuples():
    assert Compaction(summary="s", model="m", replaces=[1, 2]).replaces == (1, 2)
    assert TurnStarted(provider_id="p", model="m", allowed_tools=["a"]).allowed_tools == ("a",)


@FAST
@given(event=any_event)
def test_equal_events_hash_equal(event):
    twin = from_payload(event_type(event), to_payload(event))
    assert {event: 1}[twin] == 1


def test_stored_event_is_frozen_and_reports_its_type():
    stored = StoredEvent(
        id=1, ts="2026-01-01T00:00:00Z", session_id="s", turn_id="t", event=Fact("f")
    )
    assert stored.type_name == "fact"
    assert stored.work_item is None and stored.actor == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        stored.id = 2  # type: ignore[misc]


# -- ids -----------------------------------------------------------------------------------------


def test_mint_call_id_format_and_uniqueness():
    ids = [mint_call_id() for _ in range(2000)]
    assert all(re.fullmatch(r"call-[0-9a-f]{24}", i) for i in ids)
    assert len(set(ids)) == len(ids)


def test_mint_id_format_and_uniqueness():
    ids = [mint_id() for _ in range(2000)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)
    assert len(set(ids)) == len(ids)


# -- Usage and the freeze helpers ------------------------------------------------------------------


@FAST
@given(a=usages, b=usages)
def test_usage_merged_prefers_the_other_figure_where_it_has_one(a, b):
    merged = a.merged(b)
    for f in dataclasses.fields(Usage):
        mine, theirs = getattr(a, f.name), getattr(b, f.name)
        assert getattr(merged, f.name) == (theirs if theirs is not None else mine)


@FAST
@given(u=usages)
def test_usage_dict_round_trip(u):
    assert Usage.from_dict(u.to_dict()) == u
    assert None not in u.to_dict().values()


@FAST
@given(value=json_values)
def test_freeze_and_thaw_are_inverse_on_json(value):
    frozen = canonical.freeze(value)
    _assert_deep_frozen(frozen)
    assert canonical.thaw(frozen) == value
    assert json.loads(json.dumps(canonical.thaw(frozen))) == value

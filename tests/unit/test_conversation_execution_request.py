"""Rules of ``ConversationExecutionRequest``, the immutable snapshot of one turn."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.domain.agents import conversation_execution_request as cer_module
from parley.domain.agents.conversation_execution_request import (
    GATE_MODES,
    INSTRUCTION_SEPARATOR,
    ConversationExecutionRequest,
)

FAST = settings(deadline=None, max_examples=60)

# -- strategies --------------------------------------------------------------------------------

ids = st.text(min_size=1, max_size=20).filter(lambda s: s.strip())
blank = st.text(alphabet=" \t\n\r", max_size=5)
texts = st.text(max_size=40)
nonblank = texts.filter(lambda s: s.strip())
tool_names = st.lists(st.text(min_size=1, max_size=10), max_size=5)
path_strs = st.text(alphabet="abcxyz/._-", min_size=1, max_size=15).filter(lambda s: s.strip())


def make(**kwargs) -> ConversationExecutionRequest:
    kwargs.setdefault("turn_id", "t1")
    kwargs.setdefault("session_id", "s1")
    return ConversationExecutionRequest(**kwargs)


requests = st.builds(
    ConversationExecutionRequest,
    turn_id=ids,
    session_id=ids,
    surface=st.sampled_from(("cowork", "chat", "scheduler")),
    project_id=st.none() | ids,
    title=texts,
    prompt=texts,
    instruction_prefix=texts,
    review_note=texts,
    attachments=st.lists(path_strs, max_size=3),
    provider_id=texts,
    model=texts,
    project_context=texts,
    session_notes=texts,
    allowed_tools=st.none() | tool_names,
    max_steps=st.integers(1, 1000),
    completion_max_steps=st.integers(1, 1000),
    run_to_completion=st.booleans(),
    gate_mode=st.sampled_from(GATE_MODES),
    agent_role=texts,
    home_output_root=st.none() | path_strs,
    unattended=st.booleans(),
    timeout_sec=st.none() | st.floats(min_value=0.001, max_value=1e6),
    extras=st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)

# -- defaults ----------------------------------------------------------------------------------


def test_defaults_match_the_spec():
    r = make()
    assert r.surface == "cowork"
    assert r.project_id is None
    assert r.title == r.prompt == r.instruction_prefix == r.review_note == ""
    assert r.attachments == ()
    assert r.provider_id == r.model == ""
    assert r.project_context == r.session_notes == ""
    assert r.allowed_tools is None
    assert r.max_steps == 30
    assert r.completion_max_steps == 200
    assert r.run_to_completion is False
    assert r.gate_mode == "auto"
    assert r.agent_role == ""
    assert r.home_output_root is None
    assert r.unattended is False
    assert r.timeout_sec is None
    assert dict(r.extras) == {}


def test_separator_and_gate_modes_constants():
    assert INSTRUCTION_SEPARATOR == "\n\n---\n\n"
    assert GATE_MODES == ("auto", "confirm")


# -- identity ----------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["turn_id", "session_id"])
@pytest.mark.parametrize("bad", ["", " ", "\t\n", None, 3, b"t1"])
def test_empty_blank_or_non_string_ids_are_rejected(field, bad):
    with pytest.raises(ValueError, match=field):
        make(**{field: bad})


@FAST
@given(field=st.sampled_from(["turn_id", "session_id"]), bad=blank)
def test_any_blank_id_is_rejected(field, bad):
    with pytest.raises(ValueError):
        make(**{field: bad})


@FAST
@given(turn_id=ids, session_id=ids)
def test_any_nonblank_ids_are_kept_verbatim(turn_id, session_id):
    r = make(turn_id=turn_id, session_id=session_id)
    assert (r.turn_id, r.session_id) == (turn_id, session_id)


# -- copying caller data into immutable values ---------------------------------------------------


@FAST
@given(paths=st.lists(path_strs, max_size=5), tools=tool_names)
def test_mutating_the_callers_lists_afterwards_changes_nothing(paths, tools):
    attachments, allowed = list(paths), list(tools)
    extras = {"k": 1}
    r = make(attachments=attachments, allowed_tools=allowed, extras=extras)
    before = (r.attachments, r.allowed_tools)
    extras_before = dict(r.extras)

    attachments.append("later.txt")
    attachments.clear()
    allowed.append("rm_rf")
    extras["k"] = 2
    extras["new"] = 3

    assert (r.attachments, r.allowed_tools) == before
    assert dict(r.extras) == extras_before
    assert isinstance(r.attachments, tuple)
    assert isinstance(r.allowed_tools, tuple)
    assert r.attachments == tuple(Path(p) for p in paths)
    assert r.allowed_tools == tuple(tools)


def test_generators_are_materialised_once():
    r = make(
        attachments=(p for p in ["a.txt"]),
        allowed_tools=(t for t in ["read"]),
    )
    assert r.attachments == (Path("a.txt"),)
    assert r.allowed_tools == ("read",)


def test_allowed_tools_none_means_every_tool_and_stays_none():
    assert make().allowed_tools is None
    assert make(allowed_tools=None).allowed_tools is None


@pytest.mark.parametrize("empty", [(), [], iter(())])
def test_allowed_tools_empty_means_no_tool_and_stays_distinct_from_none(empty):
    r = make(allowed_tools=empty)
    assert r.allowed_tools == ()
    assert r.allowed_tools is not None
    assert r != make(allowed_tools=None)


@FAST
@given(tools=st.none() | tool_names)
def test_none_and_empty_allowed_tools_survive_copies(tools):
    r = make(allowed_tools=tools)
    expected = None if tools is None else tuple(tools)
    assert r.allowed_tools == expected
    for copy in (dataclasses.replace(r, model="m"), dataclasses.replace(r)):
        assert copy.allowed_tools == expected
        assert (copy.allowed_tools is None) == (tools is None)


def test_allowed_tools_as_a_bare_string_is_rejected():
    with pytest.raises(ValueError, match="allowed_tools"):
        make(allowed_tools="read_file")


@pytest.mark.parametrize("field", ["attachments", "knowledge_collections"])
def test_a_bare_string_for_a_sequence_field_is_rejected(field):
    with pytest.raises(ValueError):
        make(**{field: "abc"})


def test_none_attachments_become_an_empty_tuple():
    r = make(attachments=None)
    assert r.attachments == ()


def test_str_paths_become_paths():
    r = make(attachments=["a.txt", Path("b/c.md")], workspace="out/t1", home_output_root="/home/o")
    assert r.attachments == (Path("a.txt"), Path("b/c.md"))
    assert all(isinstance(p, Path) for p in r.attachments)
    assert r.workspace == Path("out/t1") and isinstance(r.workspace, Path)
    assert r.home_output_root == Path("/home/o") and isinstance(r.home_output_root, Path)


@FAST
@given(p=path_strs)
def test_any_str_path_becomes_the_equal_path(p):
    r = make(attachments=[p], workspace=p, home_output_root=p)
    assert r.attachments == (Path(p),)
    assert r.workspace == Path(p)
    assert r.home_output_root == Path(p)


@pytest.mark.parametrize("field", ["workspace", "home_output_root"])
@pytest.mark.parametrize("value", [None, "", "   "])
def test_blank_directory_means_none(field, value):
    assert getattr(make(**{field: value}), field) is None


@pytest.mark.parametrize("field", ["workspace", "home_output_root"])
def test_a_non_path_directory_is_rejected(field):
    with pytest.raises(ValueError, match=field):
        make(**{field: 42})


@pytest.mark.parametrize("bad", ["", "  ", None, 42])
def test_an_empty_or_non_path_attachment_is_rejected(bad):
    # An empty attachment names no file; it must not sneak in as ``None`` among the paths.
    with pytest.raises(ValueError, match="attachment"):
        make(attachments=["ok.txt", bad])


def test_extras_are_copied_and_read_only():
    source = {"scheduler_job": "nightly"}
    r = make(extras=source)
    assert isinstance(r.extras, MappingProxyType)
    with pytest.raises(TypeError):
        r.extras["scheduler_job"] = "other"  # type: ignore[index]
    with pytest.raises(TypeError):
        del r.extras["scheduler_job"]  # type: ignore[attr-defined]
    source["scheduler_job"] = "changed"
    assert r.extras["scheduler_job"] == "nightly"


def test_extras_must_be_a_mapping():
    with pytest.raises(ValueError, match="extras"):
        make(extras=[("a", 1)])


# -- frozen --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field", [f.name for f in dataclasses.fields(ConversationExecutionRequest)]
)
def test_every_field_refuses_assignment_and_deletion(field):
    r = make()
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(r, field, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(r, field)


def test_new_attributes_cannot_be_added():
    with pytest.raises(dataclasses.FrozenInstanceError):
        make().something = 1  # type: ignore[attr-defined]


@FAST
@given(r=requests)
def test_any_request_is_hashable_and_equal_to_its_rebuild(r):
    assert hash(r) == hash(dataclasses.replace(r))
    assert r == dataclasses.replace(r)
    assert {r: 1}[dataclasses.replace(r)] == 1


# -- validation of scope and limits ---------------------------------------------------------------


@pytest.mark.parametrize("bad", ["", "Auto", "ask", "confirm ", None, 1])
def test_an_unknown_gate_mode_is_rejected(bad):
    with pytest.raises(ValueError, match="gate_mode"):
        make(gate_mode=bad)


@pytest.mark.parametrize("field", ["max_steps", "completion_max_steps"])
@pytest.mark.parametrize("bad", [0, -1, True, False, 1.5, 3.0, "3", None])
def test_step_limits_must_be_positive_integers(field, bad):
    with pytest.raises(ValueError, match=field):
        make(**{field: bad})


@FAST
@given(field=st.sampled_from(["max_steps", "completion_max_steps"]), bad=st.integers(max_value=0))
def test_any_non_positive_step_limit_is_rejected(field, bad):
    with pytest.raises(ValueError):
        make(**{field: bad})


@pytest.mark.parametrize("bad", [0, 0.0, -1, -0.5, math.nan, True, "5", [5]])
def test_timeout_must_be_positive_or_none(bad):
    with pytest.raises(ValueError, match="timeout_sec"):
        make(timeout_sec=bad)


@pytest.mark.parametrize("ok", [None, 0.25, 1, 3600, math.inf])
def test_valid_timeouts_are_kept(ok):
    assert make(timeout_sec=ok).timeout_sec == ok


def test_replace_revalidates():
    r = make()
    with pytest.raises(ValueError):
        dataclasses.replace(r, gate_mode="never")
    with pytest.raises(ValueError):
        dataclasses.replace(r, turn_id=" ")


# -- derived facts -------------------------------------------------------------------------------


@FAST
@given(steps=st.integers(1, 500), ceiling=st.integers(1, 500), complete=st.booleans())
def test_effective_max_steps(steps, ceiling, complete):
    r = make(max_steps=steps, completion_max_steps=ceiling, run_to_completion=complete)
    assert r.effective_max_steps == (ceiling if complete else steps)


def test_effective_max_steps_with_defaults():
    assert make().effective_max_steps == 30
    assert make(run_to_completion=True).effective_max_steps == 200


# -- user_content --------------------------------------------------------------------------------


def test_user_content_examples():
    assert make().user_content("hi") == "hi"
    assert make().user_content("") == ""
    assert make(session_notes="N").user_content("hi") == "hi\n\nN"
    assert make(session_notes="N").user_content("") == "N"
    assert make(instruction_prefix="P").user_content("hi") == "P\n\n---\n\nhi"
    assert make(review_note="R").user_content("hi") == "R\n\nhi"
    full = make(review_note="R", instruction_prefix="P", session_notes="N")
    assert full.user_content("hi") == "R\n\nP\n\n---\n\nhi\n\nN"
    assert full.user_content("") == "R\n\nP\n\n---\n\nN"


def test_user_content_does_not_use_prompt_or_project_context():
    r = make(prompt="PROMPT", project_context="CONTEXT")
    assert r.user_content("body") == "body"


def expected_user_content(body: str, review: str, prefix: str, notes: str) -> str:
    """An independent statement of the rule, part by part."""
    parts = [body] if body else []
    if notes.strip():
        parts.append(notes)
    content = "\n\n".join(parts)
    if prefix.strip():
        content = prefix + INSTRUCTION_SEPARATOR + content
    if review.strip():
        content = review + "\n\n" + content
    return content


@settings(deadline=None, max_examples=150)
@given(body=texts, review=texts | blank, prefix=texts | blank, notes=texts | blank)
def test_user_content_matches_the_rule_for_any_text(body, review, prefix, notes):
    r = make(review_note=review, instruction_prefix=prefix, session_notes=notes)
    assert r.user_content(body) == expected_user_content(body, review, prefix, notes)


# Disjoint alphabets, so a part can only be found where it was put.
def _part(letters: str) -> st.SearchStrategy[str]:
    return st.text(alphabet=letters + " ", min_size=1, max_size=12).filter(
        lambda s: any(c in letters for c in s)
    )


body_part = _part("abc")
prefix_part = _part("def")
notes_part = _part("ghi")
review_part = _part("jkl")


@FAST
@given(body=body_part, review=review_part, prefix=prefix_part, notes=notes_part)
def test_user_content_order_and_body_exactly_once(body, review, prefix, notes):
    r = make(review_note=review, instruction_prefix=prefix, session_notes=notes)
    out = r.user_content(body)
    assert out.count(body) == 1
    for part in (review, prefix, notes):
        assert out.count(part) == 1
    assert out.index(review) < out.index(prefix) < out.index(body) < out.index(notes)
    assert out == f"{review}\n\n{prefix}{INSTRUCTION_SEPARATOR}{body}\n\n{notes}"
    assert out.startswith(review) and out.endswith(notes)


@FAST
@given(
    body=body_part,
    review=st.none() | review_part,
    prefix=st.none() | prefix_part,
    notes=st.none() | notes_part,
    filler=blank,
)
def test_blank_parts_are_left_out_with_their_joiners(body, review, prefix, notes, filler):
    r = make(
        review_note=filler if review is None else review,
        instruction_prefix=filler if prefix is None else prefix,
        session_notes=filler if notes is None else notes,
    )
    out = r.user_content(body)
    assert out.count(body) == 1
    assert (INSTRUCTION_SEPARATOR in out) == (prefix is not None)
    assert out.startswith(review if review is not None else prefix if prefix is not None else body)
    assert out.endswith(notes if notes is not None else body)
    present = [p for p in (review, prefix, body, notes) if p is not None]
    assert len(out) == sum(map(len, present)) + sum(
        len(joiner)
        for joiner, part in (
            ("\n\n", review),
            (INSTRUCTION_SEPARATOR, prefix),
            ("\n\n", notes),
        )
        if part is not None
    )


@FAST
@given(review=texts | blank, prefix=texts | blank, notes=nonblank)
def test_empty_body_gives_no_leading_blank_line_before_the_notes(review, prefix, notes):
    r = make(review_note=review, instruction_prefix=prefix, session_notes=notes)
    out = r.user_content("")
    assert out.endswith(notes)
    core = out
    if review.strip():
        assert core.startswith(review + "\n\n")
        core = core[len(review) + 2 :]
    if prefix.strip():
        assert core.startswith(prefix + INSTRUCTION_SEPARATOR)
        core = core[len(prefix) + len(INSTRUCTION_SEPARATOR) :]
    assert core == notes


@FAST
@given(notes=nonblank)
def test_only_notes_and_empty_body_is_exactly_the_notes(notes):
    assert make(session_notes=notes).user_content("") == notes


@FAST
@given(body=texts)
def test_no_parts_means_the_body_verbatim(body):
    assert make().user_content(body) == body


@FAST
@given(body=texts, review=texts | blank, prefix=texts | blank, notes=texts | blank)
def test_user_content_and_compose_user_content_agree(body, review, prefix, notes):
    # The runtime renders past turns with the module function; both must give the same text.
    r = make(review_note=review, instruction_prefix=prefix, session_notes=notes)
    composed = cer_module.compose_user_content(
        body, instruction_prefix=prefix, review_note=review, session_notes=notes
    )
    assert r.user_content(body) == composed


def test_user_content_uses_the_module_separator_constant(monkeypatch):
    monkeypatch.setattr(cer_module, "INSTRUCTION_SEPARATOR", " <SEP> ")
    assert make(instruction_prefix="P").user_content("b") == "P <SEP> b"


@FAST
@given(r=requests, body=texts)
def test_user_content_is_pure(r, body):
    before = dataclasses.replace(r)
    assert r.user_content(body) == r.user_content(body)
    assert r == before


@FAST
@given(r=requests)
def test_copies_are_frozen_and_keep_immutable_containers(r):
    for copy in (dataclasses.replace(r, model="p"), dataclasses.replace(r, home_output_root="x")):
        assert isinstance(copy.attachments, tuple)
        assert isinstance(copy.extras, MappingProxyType)
        with pytest.raises(dataclasses.FrozenInstanceError):
            copy.model = "x"  # type: ignore[misc]

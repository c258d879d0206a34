"""Slash directives, the review note, and composing a turn's request (no Qt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from parley.application.conversations.compose import ComposeError, TurnDraft, compose_turn
from parley.application.conversations.render import history_messages
from parley.domain.agents.conversation_execution_request import INSTRUCTION_SEPARATOR
from parley.domain.agents.directives import parse_directives
from parley.domain.agents.review import TurnIdentity, review_note
from parley.domain.agents.skills import SkillDoc, compose_prefix
from parley.domain.transcript.branches import ROOT, BranchTree, events_on_path
from parley.domain.transcript.canonical import Notice
from tests.unit.test_branches import Log


def _seen(log: Log, follows: str | None) -> list[str]:
    """What the model is sent before the new turn: the path to the turn it follows."""
    path = BranchTree(log.events).path_to(follows) if follows else ()
    return [m.content for m in history_messages(events_on_path(log.events, path))]


SKILLS = (
    SkillDoc("skill", "terse", "Short answers", "Answer in at most three sentences."),
    SkillDoc("skill", "cite", "Cite sources", "Name a source for every claim."),
    SkillDoc("agent", "critic", "A careful critic", "You are a careful, fair critic."),
)
MODELS = (("local", "model-a"), ("local", "model-b"), ("cloud", "big-1"))


def draft(text: str, **kw) -> TurnDraft:
    return TurnDraft(text=text, provider_id="local", model="model-a", session_id="s", **kw)


# -- directives ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "skills", "agent", "body"),
    [
        ("/skill terse Why?", ("terse",), "", "Why?"),
        ("/agent critic /skill terse\n\nReview this", ("terse",), "critic", "Review this"),
        ("  /skill a /skill b text /skill c", ("a", "b"), "", "text /skill c"),
        ("plain /skill terse in the middle", (), "", "plain /skill terse in the middle"),
        ("/usr/bin/env is a path", (), "", "/usr/bin/env is a path"),
    ],
)
def test_leading_directives_are_split_from_the_body(text, skills, agent, body):
    parsed = parse_directives(text)
    assert parsed.problem is None
    assert (parsed.skills, parsed.agent, parsed.body) == (skills, agent, body)


def test_unknown_commands_and_missing_names_are_reported_not_sent():
    assert parse_directives("/skil terse hi").problem.kind == "unknown_command"
    assert "/skil" in parse_directives("/skil terse hi").problem.message
    assert parse_directives("/skill").problem.kind == "missing_argument"
    assert parse_directives("/agent /skill x hi").problem.kind == "missing_argument"


def test_double_slash_escapes_a_leading_slash():
    parsed = parse_directives("//skill is how you add a skill")
    assert parsed.directives == () and parsed.body == "/skill is how you add a skill"


# -- review note -----------------------------------------------------------------------------------


def test_review_note_only_when_model_provider_or_agent_changed():
    a = TurnIdentity("local", "model-a")
    assert review_note(None, a) == ""
    assert review_note(a, TurnIdentity("local", "model-a")) == ""
    for other in (
        TurnIdentity("local", "model-b"),
        TurnIdentity("cloud", "model-a"),
        TurnIdentity("local", "model-a", "critic"),
    ):
        note = review_note(a, other)
        assert note.startswith("[Review note]") and "model-a" in note


# -- compose ---------------------------------------------------------------------------------------


def test_skill_and_agent_give_the_exact_prefix_and_body():
    composed = compose_turn(draft("/agent critic /skill terse /skill cite Is this right?"), [],
                            skills=SKILLS)  # fmt: skip
    request = composed.request
    expected = compose_prefix(SKILLS[2], [SKILLS[0], SKILLS[1]])
    assert request.instruction_prefix == expected
    assert expected.startswith("# Agent: critic\n\nYou are a careful, fair critic.\n\n# Skill:")
    assert request.prompt == "Is this right?"
    assert request.agent_role == "critic"
    assert request.user_content("Is this right?") == (
        f"{expected}{INSTRUCTION_SEPARATOR}Is this right?"
    )


def test_unknown_skill_is_refused_with_a_suggestion():
    with pytest.raises(ComposeError) as caught:
        compose_turn(draft("/skill tersee hi"), [], skills=SKILLS)
    assert "Unknown skill 'tersee'" in str(caught.value) and "terse" in str(caught.value)
    with pytest.raises(ComposeError, match="Unknown agent 'nobody'"):
        compose_turn(draft("/agent nobody hi"), [], skills=SKILLS)
    with pytest.raises(ComposeError, match="Add your message"):
        compose_turn(draft("/skill terse"), [], skills=SKILLS)


def test_model_directive_switches_and_commands_alone_send_nothing():
    composed = compose_turn(draft("/model big-1"), [], models=MODELS)
    assert composed.request is None and (composed.provider_id, composed.model) == ("cloud", "big-1")
    composed = compose_turn(draft("/model local/model-b hello"), [], models=MODELS)
    assert composed.request.model == "model-b" and composed.request.prompt == "hello"
    with pytest.raises(ComposeError, match="did you mean 'big-1'"):
        compose_turn(draft("/model big-2 hi"), [], models=MODELS)
    assert compose_turn(draft("/new"), []).commands == ("new",)


def _log_two_turns(model_second: str = "m") -> Log:
    log = Log()
    log.turn("t1", "hello", "hi", ROOT)
    log.turn("t2", "question", "answer", "t1")
    return log


def test_review_note_present_exactly_when_the_model_changed_since_the_previous_turn():
    log = _log_two_turns()
    same = TurnDraft(text="next", provider_id="p", model="m", session_id="s")
    assert compose_turn(same, log.events).request.review_note == ""
    other = TurnDraft(text="next", provider_id="p", model="other", session_id="s")
    request = compose_turn(other, log.events).request
    assert request.review_note.startswith("[Review note]")
    assert request.follows_turn_id == "t2"


def test_regenerate_is_a_sibling_with_the_original_prompt_and_prefix():
    log = _log_two_turns()
    regen = TurnDraft(
        text="ignored", provider_id="p", model="m", session_id="s",
        place="regenerate", target_turn_id="t2",
    )  # fmt: skip
    request = compose_turn(regen, log.events).request
    assert request.follows_turn_id == "t1"
    assert request.prompt == "question"
    assert _seen(log, request.follows_turn_id) == ["hello", "hi"]


def test_edit_starts_a_branch_from_the_edited_turns_parent():
    log = _log_two_turns()
    edit = TurnDraft(
        text="a better question", provider_id="p", model="m", session_id="s",
        place="edit", target_turn_id="t1",
    )  # fmt: skip
    request = compose_turn(edit, log.events).request
    assert request.follows_turn_id == ROOT
    assert _seen(log, request.follows_turn_id) == []
    assert request.prompt == "a better question"


def test_retry_records_what_it_retries():
    log = _log_two_turns()
    retry = TurnDraft(text="", provider_id="p", model="m", session_id="s",
                      place="retry", target_turn_id="t2")  # fmt: skip
    request = compose_turn(retry, log.events).request
    assert request.extras["retry_of"] == "t2" and request.follows_turn_id == "t1"


def test_new_turn_after_a_selected_branch_follows_its_leaf():
    log = _log_two_turns()
    log.turn("t3", "question", "other answer", "t1")
    d = TurnDraft(text="go on", provider_id="p", model="m", session_id="s", current_turn_id="t2")
    request = compose_turn(d, log.events).request
    assert request.follows_turn_id == "t2"
    assert _seen(log, request.follows_turn_id)[-1] == "answer"


def test_session_notes_list_the_files_the_path_produced():
    log = _log_two_turns()
    log.add("t2", Notice("Saved 1 file(s)", files=("/w/parley-output/report.md",)))
    request = compose_turn(TurnDraft(text="next", provider_id="p", model="m", session_id="s"),
                           log.events).request  # fmt: skip
    assert "/w/parley-output/report.md" in request.session_notes
    assert request.project_context == ""


def test_project_instructions_travel_as_project_context():
    d = TurnDraft(
        text="hi",
        provider_id="p",
        model="m",
        project_id="proj",
        project_instructions="Always answer in French.",
        workspace=Path("/w"),
    )
    request = compose_turn(d, []).request
    assert request.project_context == "Always answer in French."
    assert request.project_id == "proj" and request.follows_turn_id == ROOT


def test_model_directive_prefers_a_model_id_that_contains_a_slash():
    models = (("openrouter", "openai/gpt-4o-mini"), ("openai", "gpt-4o-mini"))
    composed = compose_turn(draft("/model openai/gpt-4o-mini"), [], models=models)
    assert (composed.provider_id, composed.model) == ("openrouter", "openai/gpt-4o-mini")
    composed = compose_turn(draft("/model openai/gpt-4o-mini"), [], models=models[1:])
    assert (composed.provider_id, composed.model) == ("openai", "gpt-4o-mini")

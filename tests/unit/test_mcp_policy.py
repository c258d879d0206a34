"""The MCP gate as a pure function: the user's settings first, the server's annotations only as
claims that can raise the prompt, never lower it."""

from __future__ import annotations

import itertools

import pytest

from parley.domain.actions.mcp_policy import ToolClaims, decide_mcp_call

READ_ONLY = ToolClaims(read_only=True, destructive=False, open_world=False)
BOOLS = (None, True, False)
ALL_CLAIMS = [
    ToolClaims(read_only=r, destructive=d, open_world=o)
    for r, d, o in itertools.product(BOOLS, BOOLS, BOOLS)
]


NO_CLAIMS = ToolClaims()


def decide(claims: ToolClaims = NO_CLAIMS, **fields):  # type: ignore[no-untyped-def]
    args = {"gate_mode": "auto", "stored_policy": "", "granted_for_conversation": False}
    args.update(fields)
    return decide_mcp_call(claims=claims, **args).decision


def test_a_tool_claiming_read_only_runs_in_auto_mode():
    assert decide(READ_ONLY) == "run"


@pytest.mark.parametrize("claims", ALL_CLAIMS)
def test_confirm_mode_asks_whatever_the_server_claims(claims):
    assert decide(claims, gate_mode="confirm") == "ask"


@pytest.mark.parametrize(
    "claims",
    [
        ToolClaims(),  # unannotated
        ToolClaims(read_only=True, destructive=True),
        ToolClaims(read_only=True, open_world=True),
        ToolClaims(destructive=False, open_world=False),  # harmless-sounding, not read-only
        ToolClaims(read_only=False),
    ],
)
def test_auto_mode_asks_unless_the_tool_claims_only_to_read(claims):
    assert decide(claims) == "ask"


@pytest.mark.parametrize("claims", ALL_CLAIMS)
@pytest.mark.parametrize("mode", ["auto", "confirm"])
def test_the_users_stored_choice_wins_over_any_claim(claims, mode):
    assert decide(claims, gate_mode=mode, stored_policy="deny") == "refuse"
    assert decide(claims, gate_mode=mode, stored_policy="run") == "run"
    assert decide(claims, gate_mode=mode, stored_policy="ask") == "ask"
    assert decide(claims, gate_mode=mode, granted_for_conversation=True) == "run"


def test_deny_beats_a_conversation_grant():
    assert decide(READ_ONLY, stored_policy="deny", granted_for_conversation=True) == "refuse"


def test_an_unknown_stored_policy_or_mode_counts_as_nothing_stored():
    assert decide(ToolClaims(), stored_policy="sometimes") == "ask"
    assert decide(READ_ONLY, gate_mode="yolo") == "ask"


@pytest.mark.parametrize("claims", ALL_CLAIMS)
def test_an_unattended_turn_never_asks(claims):
    decision = decide_mcp_call(
        gate_mode="confirm",
        stored_policy="",
        granted_for_conversation=False,
        claims=claims,
        unattended=True,
    )
    assert decision.decision == "refuse" and "unattended" in decision.reason


@pytest.mark.parametrize("claims", ALL_CLAIMS)
@pytest.mark.parametrize("mode", ["auto", "confirm"])
@pytest.mark.parametrize("stored", ["", "ask"])
def test_claims_never_lower_the_prompt_below_the_users_setting(claims, mode, stored):
    """Monotone: whatever a server claims, it cannot turn an ask of the user's setting (confirm
    mode, a stored ask) into a run; only a claim of read-only may run, and only in auto mode."""
    decision = decide(claims, gate_mode=mode, stored_policy=stored)
    if mode == "confirm" or stored == "ask":
        assert decision == "ask"
    if decision == "run":
        assert claims.read_only is True and claims.destructive is not True
        assert claims.open_world is not True


def test_the_same_inputs_give_the_same_decision_and_rule():
    a = decide_mcp_call(
        gate_mode="auto", stored_policy="", granted_for_conversation=False, claims=READ_ONLY
    )
    b = decide_mcp_call(
        gate_mode="auto", stored_policy="", granted_for_conversation=False, claims=READ_ONLY
    )
    assert a == b and a.rule == "mcp.claims.read_only"


def test_claims_are_described_as_claims():
    assert READ_ONLY.describe()[0] == "read-only"
    assert ToolClaims().describe() == ()
    assert "may delete or overwrite things" in ToolClaims(destructive=True).describe()


# -- the frozen request names the turn's MCP servers ---------------------------------------------


def test_the_request_carries_the_turns_mcp_servers_by_name_once_each():
    from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest

    request = ConversationExecutionRequest(
        turn_id="t", session_id="s", mcp_servers=["time", " ", "git", "time"]
    )
    assert request.mcp_servers == ("time", "git")
    assert hash(request) == hash(request)  # still frozen and hashable
    assert ConversationExecutionRequest(turn_id="t", session_id="s").mcp_servers == ()
    with pytest.raises(ValueError, match="mcp_servers"):
        ConversationExecutionRequest(turn_id="t", session_id="s", mcp_servers="time")


def test_compose_puts_the_chosen_servers_in_the_request():
    from parley.application.conversations.compose import TurnDraft, compose_turn

    draft = TurnDraft(text="What time is it?", provider_id="p", model="m", mcp_servers=("time",))
    composed = compose_turn(draft, ())
    assert composed.request is not None and composed.request.mcp_servers == ("time",)

"""A team on a real PostgreSQL for the operators' tests: two members and an operator, each
member with one finished conversation (issue 19).

Why it exists: the command line's operator tests (``tests/integration/test_team_operators.py``)
and the History window's (``tests/ui/test_team_history_operator.py``) need the same people and
the same history; one builder keeps them from drifting apart.

Invariants it keeps: role names carry a random tag (roles belong to the cluster, not to the
test's database, so every test gets its own); each conversation is written through the member's
own ``PostgresEventStore`` — through row-level security, as a desktop would; ana's model is
``gpt-4o`` (1,000 in / 2,000 out), bob's ``gpt-4o-mini`` (10 / 20).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import add_member, add_operator, init_team
from tests.support.postgres import Cluster


@dataclass
class Team:
    cluster: Cluster
    database: str
    admin_dsn: str
    passwords: dict[str, str]
    ana: str
    bob: str
    operator: str
    sessions: dict[str, str]  # member -> their conversation's id

    def url(self, who: str) -> str:
        return f"postgresql://{who}@127.0.0.1:{self.cluster.port}/{self.database}"


def write_conversation(
    store: PostgresEventStore, title: str, question: str, model: str, usage: Usage
) -> str:
    """One finished turn (question, answer "Noted.", ``usage``) in a new conversation."""
    session = store.create_session(title)
    store.append(session.id, "t1", TurnStarted(provider_id="p", model=model), actor="user")
    store.append(session.id, "t1", UserMessage(text=question), actor="user")
    store.append(session.id, "t1", AssistantText(text="Noted.", model=model), actor="assistant")
    store.append(session.id, "t1", TurnFinished(status="completed", usage=usage), actor="runtime")
    return session.id


def two_members_and_an_operator(cluster: Cluster, database: str) -> Team:
    """Set up the team schema on ``database`` and the people described in the docstring."""
    admin = cluster.admin_dsn(database)
    init_team(admin)
    tag = uuid.uuid4().hex[:8]
    ana, bob, operator = f"ana_{tag}", f"bob_{tag}", f"op_{tag}"
    passwords = {ana: f"ana-pw-{tag}", bob: f"bob-pw-{tag}", operator: f"op-pw-{tag}"}
    add_member(admin, ana, passwords[ana])
    add_member(admin, bob, passwords[bob])
    add_operator(admin, operator, passwords[operator])
    sessions = {}
    for who, title, question, model, usage in (
        (ana, "Ana's budget", "the quarterly budget of ana", "gpt-4o", Usage(1000, 2000)),
        (bob, "Bob's budget", "the quarterly budget of bob", "gpt-4o-mini", Usage(10, 20)),
    ):
        dsn = cluster.dsn(who, passwords[who], database)
        with PostgresEventStore(dsn, device_id=f"desk-{who}") as store:
            sessions[who] = write_conversation(store, title, question, model, usage)
    return Team(cluster, database, admin, passwords, ana, bob, operator, sessions)

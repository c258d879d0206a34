"""The frozen request of one scheduled run, composed as every other turn is.

Why it exists: a scheduled run is a turn nobody watches. It goes through the same composition as
the window's Send and ``parley ask`` (``application.conversations.compose.compose_turn``: the
project's instructions, ``/skill`` and ``/agent`` directives, the context settings), then is
marked for running alone: ``unattended=True`` (the gate never asks: what would need asking is
refused and recorded), ``run_to_completion=True`` with ``completion_max_steps``, the task's
``timeout_sec``, ``agent_role="task"`` and ``surface="schedule"``. Each run is a conversation of
its own, titled after the task and the occurrence.

Invariants it keeps:

- what cannot be run (a project or provider gone, a prompt whose directive no longer resolves)
  raises ``RunNotBuilt`` with the reason, before anything is recorded in the history;
- no Qt, no I/O of its own: it reads the settings and skills through their ports.

Errors::

    RunNotBuilt      the task cannot be turned into a request now; the message says why
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path

from parley.application.ports.settings_store import (
    ProjectConfig,
    SettingsStore,
    UnknownProject,
    UnknownProvider,
)
from parley.application.ports.skill_library import SkillLibrary
from parley.domain.agents.conversation_execution_request import (
    SURFACE_SCHEDULE,
    ConversationExecutionRequest,
)
from parley.domain.schedules.model import ScheduledTask
from parley.domain.texts import QT_TRANSLATE_NOOP

#: The surface a scheduled run's conversation records (the sidebar's "Scheduled" section).
SURFACE = SURFACE_SCHEDULE
#: The role its answers are recorded under.
AGENT_ROLE = "task"


# Why a run did not start: the Scheduled page's note, marked for the window's language.
_NO_PROJECT = QT_TRANSLATE_NOOP("Schedules", "the project {project!r} no longer exists")
_NO_WORKSPACE = QT_TRANSLATE_NOOP(
    "Schedules", "the task offers tools but its workspace {workspace} is not a folder"
)
_NO_PROVIDER = QT_TRANSLATE_NOOP("Schedules", "the provider {provider!r} is no longer configured")
_NONE_CONFIGURED = QT_TRANSLATE_NOOP(
    "Schedules", "no provider is configured (parley providers add)"
)
_ONLY_COMMANDS = QT_TRANSLATE_NOOP(
    "Schedules", "the prompt holds only commands; a task needs a message to send"
)


class RunNotBuilt(Exception):
    """The task cannot be run now (its project or provider is gone, its prompt does not
    compose); the message says why."""


def task_project(settings: SettingsStore, task: ScheduledTask) -> ProjectConfig | None:
    """The task's project, or None when it has none; ``RunNotBuilt`` when it is gone."""
    if not task.project:
        return None
    try:
        return settings.project(task.project)
    except UnknownProject as exc:
        raise RunNotBuilt(_NO_PROJECT.format(project=task.project)) from exc


def run_title(task: ScheduledTask, scheduled_at: datetime) -> str:
    """The conversation's title: the task's name and the occurrence, in local time."""
    return f"{task.name} · {scheduled_at.astimezone().strftime('%Y-%m-%d %H:%M')}"


def build_run_request(
    task: ScheduledTask,
    scheduled_at: datetime,
    *,
    settings: SettingsStore,
    skills: SkillLibrary | None = None,
) -> ConversationExecutionRequest:
    """The frozen request for the run of ``task`` answering ``scheduled_at`` (module docstring)."""
    # Loaded here: the window imports this module (through the composition root) before its
    # first paint, and composing a turn is not needed until the first run.
    from parley.application.conversations.compose import ComposeError, TurnDraft, compose_turn
    from parley.application.tools.specs import TOOL_SETS

    project = task_project(settings, task)
    provider_id = task.provider or (project.provider_id if project else "")
    model = task.model or (project.model if project and not task.provider else "")
    workspace_text = task.workspace or (project.workspace if project else "")
    workspace = Path(workspace_text).expanduser() if workspace_text else None
    if task.tools != "none" and (workspace is None or not workspace.is_dir()):
        raise RunNotBuilt(_NO_WORKSPACE.format(workspace=workspace_text or "(none)"))
    if provider_id:
        try:
            settings.provider(provider_id)
        except UnknownProvider as exc:
            raise RunNotBuilt(_NO_PROVIDER.format(provider=provider_id)) from exc
    elif settings.default_provider() is None:
        raise RunNotBuilt(_NONE_CONFIGURED)
    known = [*skills.list("agent"), *skills.list("skill")] if skills is not None else []
    models = [
        (p.name, m)
        for p in settings.providers()
        for m in dict.fromkeys((p.default_model, *p.models))
        if m
    ]
    context = settings.context()
    draft = TurnDraft(
        text=task.prompt,
        provider_id=provider_id,
        model=model,
        title=run_title(task, scheduled_at),
        workspace=workspace.resolve() if workspace is not None else None,
        allowed_tools=TOOL_SETS[task.tools],
        mcp_servers=tuple(project.mcp_servers) if project else (),
        gate_mode="auto",
        project_id=project.id if project else None,
        project_instructions=project.instructions if project else "",
        source=SURFACE,
        knowledge_collections=(project.id,) if project and project.knowledge_folder else (),
        context_threshold=context.compaction_threshold,
        compaction_provider_id=context.compaction_provider_id,
        compaction_model=context.compaction_model,
        retrieval_limit=context.excerpts,
    )
    try:
        composed = compose_turn(draft, (), skills=known, models=models)
    except ComposeError as exc:
        raise RunNotBuilt(str(exc)) from exc
    if composed.request is None:
        raise RunNotBuilt(_ONLY_COMMANDS)
    return dataclasses.replace(
        composed.request,
        surface=SURFACE,
        agent_role=AGENT_ROLE,
        unattended=True,
        run_to_completion=True,
        completion_max_steps=task.max_steps,
        timeout_sec=float(task.timeout_s),
        extras={**composed.request.extras, "schedule_task": task.id},
    )

"""The composition root: the one module that wires concrete adapters to the application.

Why it exists: every other module depends on ports (``application.ports``), never on SQLite,
``requests`` or the settings file directly. This module alone imports ``infrastructure`` (the layer
contract in ``pyproject.toml`` allows exactly this one exception), so swapping an adapter — a
PostgreSQL event store, another settings backend — is a change here and nowhere else.

It only wires: it defines no behaviour of its own and re-exports no ``infrastructure`` name. What
the surfaces need of infrastructure reaches them through ports on ``Services``: the presets and an
entry's validation (``catalog``: ``ProviderCatalog``), where a key comes from and an adapter for an
unsaved entry (``provider_keys``: ``ProviderKeys``), the local servers (``local_servers``:
``LocalServerProbe``), the command sandbox (``sandbox``: ``CommandSandbox``). Who answers a turn's
permission questions is not wired here: each surface passes its own asker with each turn
(``TurnRuntime.run(..., asker=...)``). ``tests/unit/test_composition_root.py`` and the
import-linter contracts keep it so.

It imports no Qt: the command line uses it without loading PySide6. It imports its adapters inside
the functions that build them: the window imports this module before its first paint (for
``profile_dirs``) and builds the services after that paint (``ui/app.py``).

History at startup: ``open_event_store`` checks the database (``quick_check``, WAL, schema
version, migrations with a backup first); a database that cannot be opened is moved aside and a new
one started, and ``Services.startup_notice`` says where the old file went, for the window and the
command line to show. Then ``recover_interrupted`` closes the turns a crash or kill left open (turns
another live process is running are left alone, so the window and ``parley ask`` may share a
profile; see ``infrastructure.storage.owners``).

API keys: the secret store wired here is the system keyring (``KeyringSecretStore``), which
reports itself unavailable on a machine without one (headless Linux) instead of falling back to a
file; the provider directory then reads keys from the environment only.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

# The ports are the types of the services' fields (read at run time: ``typing.get_type_hints``).
from parley.application.mcp.sampling import SamplingService
from parley.application.ports.attachments import AttachmentStore
from parley.application.ports.chat_provider import ChatProvider, ProviderDirectory
from parley.application.ports.event_store import EventStore
from parley.application.ports.knowledge import KnowledgeCollections, KnowledgeIndex
from parley.application.ports.provider_catalog import (
    KeySource,
    LocalServerProbe,
    ProviderCatalog,
    ProviderKeys,
)
from parley.application.ports.secret_store import SecretStore
from parley.application.ports.settings_store import ProviderConfig, SettingsStore
from parley.application.ports.skill_library import SkillLibrary
from parley.application.ports.team_sync import SyncLedger, TeamAdmin, TeamConnector
from parley.application.ports.tools import CommandSandbox, SandboxStatus, ToolContext
from parley.application.schedules.ports import OsScheduler
from parley.application.schedules.service import ScheduleService
from parley.domain.agents.conversation_execution_request import (
    ConversationExecutionRequest,
)

if TYPE_CHECKING:  # imported where they are built: the window paints before (window_start)
    from parley.application.conversations.compactor import ConversationCompactor
    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.application.mcp.pinning import ToolPins
    from parley.application.mcp.server_requests import ServerRequests
    from parley.application.ports.mcp import McpClient
    from parley.application.tools.toolbox import Toolbox
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

__all__ = ["Services", "build_services", "profile_dirs", "provider_catalog", "scheduled_work_due"]

log = logging.getLogger(__name__)


@dataclass
class Services:
    """Everything a surface (window or command line) needs, wired; every field is a port."""

    data_dir: Path
    config_dir: Path
    settings: SettingsStore
    store: EventStore
    providers: ProviderDirectory
    runtime: TurnRuntime
    secrets: SecretStore
    toolbox: Toolbox
    attachment_store: AttachmentStore
    #: The presets and an entry's validation (forms, ``parley providers add``/``presets``).
    catalog: ProviderCatalog
    #: Where a provider's key comes from; adapters for entries not saved yet.
    provider_keys: ProviderKeys
    #: The local servers a first start offers (blocking: call it on a worker).
    local_servers: LocalServerProbe
    #: Something the user must be told about the history at startup ("" if nothing): a
    #: database that could not be opened and where it was moved.
    startup_notice: str = ""
    #: Turns a previous crash or kill left open, closed as "interrupted" at this start.
    recovered_turns: tuple[str, ...] = ()
    #: The skills and agents (``/skill``, ``/agent``): Markdown files in the config dir.
    skills: SkillLibrary | None = None
    #: The operating-system sandbox every command runs in (the one the toolbox uses).
    sandbox: CommandSandbox | None = None
    #: MCP servers: the client (built on first use), and the pins of their tool definitions.
    mcp: McpClient | None = None
    mcp_pins: ToolPins | None = None
    #: Who answers what an MCP server asks of the user (a form, a sampling request): the window
    #: and ``parley ask`` install their handlers here; with none, the server is told no.
    mcp_requests: ServerRequests | None = None
    #: Sampling (an MCP server asks for a completion) on the default provider and model: a
    #: surface installs ``mcp_sampling.handler(approve)`` into ``mcp_requests``, asking the person.
    mcp_sampling: SamplingService | None = None
    #: Summarises a conversation's earlier turns on request (``/compact``; blocking: run it on
    #: a worker). The runtime compacts on its own when a request passes the threshold.
    compactor: ConversationCompactor | None = None
    #: The knowledge index (large attachments, projects' knowledge folders): search and
    #: indexing block — call them on a worker. The same object keeps the collections.
    knowledge: KnowledgeIndex | None = None
    knowledge_collections: KnowledgeCollections | None = None
    #: The team store (issue 19): this desktop's side of syncing (None when the history is
    #: open read-only), and, made on first use (they load the PostgreSQL driver), who sets up a
    #: team database and who opens it for this desktop's member.
    sync_ledger: SyncLedger | None = None
    team_admin: Callable[[], TeamAdmin] | None = None
    team_connector: Callable[[], TeamConnector] | None = None
    #: Scheduled tasks (issue 20): the use cases on their SQLite store (None when the history is
    #: open read-only), and the operating system's timer that runs them without the window.
    schedules: ScheduleService | None = None
    os_scheduler: OsScheduler | None = None

    def sandbox_status(self) -> SandboxStatus:
        """Whether commands run sandboxed, and why not. The first call runs the sandbox's probe
        (it starts a process): call it off the UI thread. Later calls, and the first turn's
        gate, reuse the answer."""
        if self.sandbox is None:
            return SandboxStatus("", "no sandbox was set up")
        return self.sandbox.status()

    def attachment_path(self, sha256: str) -> Path:
        """Where the stored copy of an attachment lives (what the model was actually sent)."""
        return self.attachment_store.path_of(sha256)

    def key_source(self, config: ProviderConfig) -> KeySource:
        """Where ``config``'s API key would come from now (keyring, env VAR or none), without
        the key."""
        return self.provider_keys.key_source(config)

    def adapter_for(self, config: ProviderConfig, api_key: str = "") -> ChatProvider:
        """An adapter for a provider that may not be saved yet (Settings' Test and Fetch models):
        with ``api_key`` if one was just typed, else the key the saved entry would use."""
        return self.provider_keys.adapter_for(config, api_key)

    def preload(self) -> None:
        """Import what the first turn needs (the HTTP stack) ahead of it; call on a worker."""
        from parley.infrastructure.providers.http_stream import preload

        preload()

    def close(self) -> None:
        # The attachment reader keeps a spare reader process warm; it ends with the services.
        reader = getattr(self.runtime, "attachment_reader", None)
        close_reader = getattr(reader, "close", None)
        if callable(close_reader):
            close_reader()
        if self.mcp_sampling is not None:
            self.mcp_sampling.cancel_all()  # a completion a server asked for stops with us
        if self.mcp is not None:
            self.mcp.close()  # ends every server's session and process
        close_index = getattr(self.knowledge, "close", None)
        if callable(close_index):
            close_index()
        self.store.close()


def provider_catalog() -> ProviderCatalog:
    """The presets and the entry rules, without opening a profile (the command line lists the
    ``--preset`` choices before it knows which profile to open)."""
    from parley.infrastructure.providers.catalog import PresetCatalog

    return PresetCatalog()


def profile_dirs(
    data_dir: str | Path | None = None, config_dir: str | Path | None = None
) -> tuple[Path, Path]:
    """The profile's data and config dirs (the given ones, else the environment, else the
    platform's), without opening anything: the window reads its own state file from the
    config dir before the services are built."""
    from parley.infrastructure.config.paths import config_dir as resolve_config_dir
    from parley.infrastructure.config.paths import data_dir as resolve_data_dir

    return resolve_data_dir(data_dir), resolve_config_dir(config_dir)


def _tool_context(data_dir: Path) -> Callable[[ConversationExecutionRequest], ToolContext]:
    from parley.infrastructure.tools.sandbox import turn_sandbox, workspace_venv_dir

    def context_for(request: ConversationExecutionRequest) -> ToolContext:
        assert request.workspace is not None  # the runtime offers no tools without one
        workspace = request.workspace.resolve()
        sandbox = turn_sandbox(data_dir / "outputs", request.session_id, request.turn_id)
        return ToolContext(
            workspace=workspace,
            sandbox=Path(sandbox),
            session_id=request.session_id,
            venv_dir=workspace_venv_dir(data_dir, workspace),
        )

    return context_for


def build_services(
    data_dir: str | Path | None = None,
    config_dir: str | Path | None = None,
    secrets: SecretStore | None = None,
    *,
    read_only: bool = False,
) -> Services:
    """Wire the adapters for one profile (the given dirs, else the environment, else platform
    defaults). ``secrets`` defaults to the system keyring; ``read_only`` opens the history only
    to read it (the command line's reading commands: they work on a read-only or full disk)."""
    # The adapters are imported here, not at the top: the window imports this module (for
    # ``profile_dirs``) before its first paint, and builds the services after it.
    from parley.application.conversations.compactor import ConversationCompactor
    from parley.application.conversations.context_guard import ContextGuard
    from parley.application.conversations.retry import RetryPolicy
    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.application.mcp.pinning import ToolPins
    from parley.application.mcp.sampling import ProviderSampler
    from parley.application.mcp.secrets import secret_lookup
    from parley.application.mcp.server_requests import ServerRequests
    from parley.application.ports.event_store import EventStoreError
    from parley.application.tools.mcp_tools import McpToolbox
    from parley.application.tools.toolbox import Toolbox
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from parley.infrastructure.config.json_settings_store import JsonSettingsStore
    from parley.infrastructure.config.skill_library import MarkdownSkillLibrary
    from parley.infrastructure.mcp.lazy import LazyMcpClient
    from parley.infrastructure.mcp_pins.json_pin_store import JsonPinStore
    from parley.infrastructure.providers.catalog import PresetCatalog
    from parley.infrastructure.providers.directory import SettingsProviderDirectory
    from parley.infrastructure.providers.local_servers import HttpLocalServerProbe
    from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
    from parley.infrastructure.storage.sqlite_event_store import default_db_path
    from parley.infrastructure.storage.startup import open_event_store
    from parley.infrastructure.tools.confinement import Bubblewrap
    from parley.infrastructure.tools.executor import LocalToolExecutor
    from parley.infrastructure.tools.snapshot import FilesystemInspector

    data, config = profile_dirs(data_dir, config_dir)
    settings = JsonSettingsStore(config)
    network = settings.network()
    # The notice is shown once, by whoever shows the user things (the window's banner, the
    # command line's stderr): logging it too printed it twice on the command line.
    store, report = open_event_store(default_db_path(data), read_only=read_only)
    try:
        recovered = tuple(store.recover_interrupted())
    except EventStoreError as exc:  # a start must not fail over it; the next start tries again
        log.warning("could not close interrupted turns: %s", exc)
        recovered = ()
    secret_store: SecretStore = secrets if secrets is not None else KeyringSecretStore()
    providers = SettingsProviderDirectory(settings, secrets=secret_store)
    policy = RetryPolicy(
        max_attempts=network.max_attempts,
        base_delay=network.base_delay,
        max_delay=network.max_delay,
    )
    attachment_store = ContentStore(data)
    # Tools: Parley's own data and settings are protected paths whatever the workspace is.
    # One operating-system sandbox, probed once: the inspector tells the gate whether it is
    # there (every command asks when not), the executor enforces it.
    sandbox = Bubblewrap()
    toolbox = Toolbox(
        inspector=FilesystemInspector(
            protected_roots=(data, config), confinement=sandbox.mechanism
        ),
        executor=LocalToolExecutor(sandbox=sandbox, protected_roots=(data, config)),
        context_for=_tool_context(data),
    )
    # MCP: the SDK client is built the first time a server is used (its import costs ~0.8 s);
    # its servers' stderr goes to one log per server; OAuth tokens are kept in the keyring.
    mcp_logs = data / "mcp-logs"
    mcp_requests = ServerRequests()

    def sdk_client() -> McpClient:
        from parley.infrastructure.mcp.client import SdkMcpClient

        return SdkMcpClient(
            mcp_logs,
            secret_lookup(secret_store),
            secret_save=secret_store.set,
            requests=mcp_requests,
        )

    mcp_client = LazyMcpClient(sdk_client, mcp_logs)
    pins = ToolPins(JsonPinStore.in_folder(config))
    sampler = ProviderSampler(providers, settings.default_provider)
    sampling = SamplingService(sampler.complete, sampler.describe)
    # Context: one measure of requests for the runtime and /compact (it learns from both); the
    # knowledge index in a file of its own beside the history (derived: rebuildable).
    guard = ContextGuard(settings.context_windows)
    knowledge = _knowledge_index(data, settings, secret_store, read_only=read_only)

    def summariser() -> tuple[str, str]:
        context = settings.context()
        return context.compaction_provider_id, context.compaction_model

    services = Services(
        data_dir=data,
        config_dir=config,
        settings=settings,
        store=store,
        providers=providers,
        runtime=TurnRuntime(
            store,
            providers,
            retry_policy=policy,
            toolbox=toolbox,
            attachments=SubprocessAttachmentReader(attachment_store),
            image_loader=attachment_store.get,
            max_answer_chars=network.max_answer_chars,
            mcp=McpToolbox(mcp_client, settings, pins, store=attachment_store),
            context=guard,
            knowledge=knowledge,
        ),
        attachment_store=attachment_store,
        catalog=PresetCatalog(),
        provider_keys=providers,
        local_servers=HttpLocalServerProbe(),
        secrets=secret_store,
        toolbox=toolbox,
        startup_notice=report.notice,
        recovered_turns=recovered,
        skills=MarkdownSkillLibrary(config),
        sandbox=sandbox,
        mcp=mcp_client,
        mcp_pins=pins,
        mcp_requests=mcp_requests,
        mcp_sampling=sampling,
        compactor=ConversationCompactor(
            store, providers, guard, summariser=summariser, retry_policy=policy
        ),
        knowledge=knowledge,
        knowledge_collections=knowledge,
        sync_ledger=None if read_only else _sync_ledger(store),
        team_admin=_team_admin,
        team_connector=_team_connector,
        os_scheduler=_os_scheduler(data, config),
    )
    if not read_only:
        assert services.skills is not None
        services.schedules = _schedules(data, settings, services.runtime, services.skills)
    return services


def _schedules(
    data: Path,
    settings: SettingsStore,
    runtime: TurnRuntime,
    skills: SkillLibrary,
) -> ScheduleService:
    from parley.infrastructure.schedules.cron import CroniterSchedule
    from parley.infrastructure.schedules.sqlite_store import SqliteScheduleStore

    # A scheduled run has nobody to ask: no asker, so what would need asking is refused.
    return ScheduleService(
        SqliteScheduleStore.in_folder(data),
        CroniterSchedule(),
        settings,
        lambda request, cancel, listener: runtime.run(request, cancel, listener),
        skills=skills,
    )


def scheduled_work_due(data_dir: str | Path | None = None) -> bool:
    """Whether any scheduled task has an occurrence to act on now, read from the schedule store
    alone (``parley schedule run-due``, woken every minute, opens the rest of the profile only
    then). A store that cannot be read says True: the full path then reports why."""
    from parley.application.schedules.ports import ScheduleStoreError
    from parley.application.schedules.service import due_now, utc_now
    from parley.infrastructure.schedules.cron import CroniterSchedule
    from parley.infrastructure.schedules.sqlite_store import FILE_NAME, SqliteScheduleStore

    data, _config = profile_dirs(data_dir, None)
    if not (data / FILE_NAME).exists():
        return False
    try:
        store = SqliteScheduleStore.in_folder(data)
        return bool(due_now(store, CroniterSchedule(), utc_now()))
    except ScheduleStoreError:
        return True


def _os_scheduler(data: Path, config: Path) -> OsScheduler:
    from parley.infrastructure.schedules.systemd import SystemdUserTimer

    return SystemdUserTimer(data, config)


def _sync_ledger(store: SqliteEventStore) -> SyncLedger:
    from parley.infrastructure.storage.sync_ledger import SqliteSyncLedger

    return SqliteSyncLedger(store)


def _team_admin() -> TeamAdmin:
    from parley.infrastructure.team.admin import PostgresTeamAdmin

    return PostgresTeamAdmin()


def _team_connector() -> TeamConnector:
    from parley.infrastructure.team.admin import PostgresTeamConnector

    return PostgresTeamConnector()


def _knowledge_index(
    data: Path, settings: SettingsStore, secrets: SecretStore, *, read_only: bool
) -> SqliteKnowledgeIndex | None:
    """The knowledge index, with the embedding model Settings names (read at start: a change
    takes effect at the next start); None when it cannot be opened (attachments are then sent
    whole, capped, as before retrieval) or the profile is opened read-only."""
    from parley.application.ports.knowledge import Embedder, KnowledgeError
    from parley.infrastructure.knowledge.embedders import embedder_for
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from parley.infrastructure.providers.directory import find_api_key

    if read_only:
        return None
    embedder: Embedder | None = None
    try:
        context = settings.context()
        if context.embedding_provider_id and context.embedding_model:
            config = settings.provider(context.embedding_provider_id)
            key, _source = find_api_key(config, os.environ, secrets)
            embedder = embedder_for(config, context.embedding_model, key or "")
    except Exception as exc:  # a bad entry must not stop the start: keyword search still works
        log.warning("the embedding model could not be set up (keyword search only): %s", exc)
        embedder = None
    try:
        return SqliteKnowledgeIndex(data / "knowledge.sqlite3", embedder=embedder)
    except KnowledgeError as exc:
        log.warning("the knowledge index could not be opened: %s", exc)
        return None

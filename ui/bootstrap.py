"""The composition root: the one module that wires concrete adapters to the application.

Why it exists: every other module depends on ports (``application.ports``), never on SQLite,
``requests`` or the settings file directly. This module alone imports ``infrastructure`` (the layer
contract in ``pyproject.toml`` allows exactly this one exception), so swapping an adapter — a
PostgreSQL event store, another settings backend — is a change here and nowhere else.

It imports no Qt: the command line uses it without loading PySide6. It also hands the command
line the few infrastructure facts it shows (the presets table, where a provider's key comes from),
so that ``ui.cli`` itself never imports ``infrastructure``.

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
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from application.conversations.retry import RetryPolicy
from application.conversations.turn_runtime import TurnRuntime
from application.ports.chat_provider import ChatProvider, ProviderDirectory
from application.ports.event_store import EventStore, EventStoreError
from application.ports.secret_store import SecretStore
from application.ports.settings_store import ProviderConfig, SettingsStore
from application.ports.skill_library import SkillLibrary
from application.ports.tools import DENY, PermissionAsker, PermissionRequest, ToolContext
from application.tools.toolbox import Toolbox
from domain.agents.conversation_execution_request import ConversationExecutionRequest
from infrastructure.attachments.reader import SubprocessAttachmentReader
from infrastructure.attachments.store import ContentStore
from infrastructure.config.json_settings_store import JsonSettingsStore, validate_provider
from infrastructure.config.paths import config_dir as resolve_config_dir
from infrastructure.config.paths import data_dir as resolve_data_dir
from infrastructure.config.skill_library import MarkdownSkillLibrary
from infrastructure.providers.directory import (
    ADD_PROVIDER_HINT,
    KeySource,
    SettingsProviderDirectory,
    build_adapter,
    find_api_key,
)
from infrastructure.providers.presets import PRESETS, Preset, find_preset
from infrastructure.secrets.keyring_store import KeyringSecretStore
from infrastructure.storage.sqlite_event_store import default_db_path
from infrastructure.storage.startup import open_event_store
from infrastructure.tools import confinement as os_sandbox
from infrastructure.tools.confinement import Bubblewrap
from infrastructure.tools.executor import LocalToolExecutor
from infrastructure.tools.sandbox import turn_sandbox, workspace_venv_dir
from infrastructure.tools.snapshot import FilesystemInspector
from ui.view_models import PresetChoice

__all__ = [
    "ADD_PROVIDER_HINT",
    "PRESETS",
    "KeySource",
    "Preset",
    "SandboxStatus",
    "Services",
    "build_services",
    "find_preset",
    "preset_choices",
    "probe_local_servers",
    "validate_provider",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SandboxStatus:
    """Whether commands run in an operating-system sandbox here: ``mechanism`` ("bubblewrap"),
    or ``""`` with ``reason`` saying why not; ``missing_package`` names the system package that
    would provide one when it is simply not installed ("" otherwise)."""

    mechanism: str
    reason: str = ""
    missing_package: str = ""

    @property
    def available(self) -> bool:
        return bool(self.mechanism)


@dataclass
class Services:
    """Everything a surface (window or command line) needs, wired."""

    data_dir: Path
    config_dir: Path
    settings: SettingsStore
    store: EventStore
    providers: ProviderDirectory
    runtime: TurnRuntime
    secrets: SecretStore
    toolbox: Toolbox
    attachment_store: ContentStore
    #: Something the user must be told about the history at startup ("" if nothing): a
    #: database that could not be opened and where it was moved.
    startup_notice: str = ""
    #: Turns a previous crash or kill left open, closed as "interrupted" at this start.
    recovered_turns: tuple[str, ...] = ()
    #: The skills and agents (``/skill``, ``/agent``): Markdown files in the config dir.
    skills: SkillLibrary | None = None
    #: The operating-system sandbox every command runs in (the one the toolbox uses).
    sandbox: Bubblewrap | None = None

    def sandbox_status(self) -> SandboxStatus:
        """Whether commands run sandboxed, and why not. The first call runs the sandbox's probe
        (it starts a process): call it off the UI thread. Later calls, and the first turn's
        gate, reuse the answer."""
        if self.sandbox is None:
            return SandboxStatus("", "no sandbox was set up")
        mechanism = self.sandbox.mechanism()
        if mechanism:
            return SandboxStatus(mechanism)
        missing = sys.platform.startswith("linux") and os_sandbox.find_bubblewrap() is None
        return SandboxStatus("", self.sandbox.reason, "bubblewrap" if missing else "")

    def attachment_path(self, sha256: str) -> Path:
        """Where the stored copy of an attachment lives (what the model was actually sent)."""
        return self.attachment_store.path_of(sha256)

    def key_source(self, config: ProviderConfig) -> KeySource:
        """Where ``config``'s API key would come from now (keyring, env VAR or none), without
        the key."""
        if isinstance(self.providers, SettingsProviderDirectory):
            return self.providers.key_source(config)
        return find_api_key(config, os.environ, self.secrets)[1]

    def set_permission_asker(self, asker: PermissionAsker) -> None:
        """Who answers the gate's questions: the window's dialog or the terminal."""
        self.toolbox.asker = asker

    def adapter_for(self, config: ProviderConfig, api_key: str = "") -> ChatProvider:
        """An adapter for a provider that may not be saved yet (Settings' Test and Fetch models):
        with ``api_key`` if one was just typed, else the key the saved entry would use."""
        secrets: SecretStore = _OneKey(config.name, api_key) if api_key else self.secrets
        return build_adapter(config, os.environ, self.settings.network(), secrets)

    def preload(self) -> None:
        """Import what the first turn needs (the HTTP stack) ahead of it; call on a worker."""
        from infrastructure.providers.http_stream import preload

        preload()

    def close(self) -> None:
        # The attachment reader keeps a spare reader process warm; it ends with the services.
        reader = getattr(self.runtime, "attachment_reader", None)
        close_reader = getattr(reader, "close", None)
        if callable(close_reader):
            close_reader()
        self.store.close()


class _NobodyToAsk:
    """The asker until a surface installs its own: nobody can answer, so the answer is Deny."""

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        return DENY


def _tool_context(data_dir: Path) -> Callable[[ConversationExecutionRequest], ToolContext]:
    def context_for(request: ConversationExecutionRequest) -> ToolContext:
        assert request.workspace is not None  # the runtime offers no tools without one
        workspace = request.workspace.resolve()
        sandbox = request.output_dir or turn_sandbox(
            data_dir / "outputs", request.session_id, request.turn_id
        )
        return ToolContext(
            workspace=workspace,
            sandbox=Path(sandbox),
            session_id=request.session_id,
            venv_dir=workspace_venv_dir(data_dir, workspace),
        )

    return context_for


class _OneKey:
    """A ``SecretStore`` holding one key in memory, for one unsaved provider; never persisted."""

    available = True
    unavailable_reason = ""
    description = "typed in Settings (not saved yet)"

    def __init__(self, name: str, key: str) -> None:
        self._name, self._key = name, key

    def get(self, provider_name: str) -> str | None:
        return self._key if provider_name == self._name else None

    def set(self, provider_name: str, secret: str) -> None:
        raise NotImplementedError("an unsaved key cannot be stored here")

    def delete(self, provider_name: str) -> bool:
        return False


def preset_choices() -> list[PresetChoice]:
    """The presets as the window's forms show them."""
    return [
        PresetChoice(
            name=p.name,
            label=p.label,
            kind=p.kind,
            base_url=p.base_url,
            key_env=p.key_env,
            needs_key=p.needs_key,
            default_model=p.default_model,
        )
        for p in PRESETS
    ]


def build_services(
    data_dir: str | Path | None = None,
    config_dir: str | Path | None = None,
    secrets: SecretStore | None = None,
) -> Services:
    """Wire the adapters for one profile (the given dirs, else the environment, else platform
    defaults). ``secrets`` defaults to the system keyring."""
    data = resolve_data_dir(data_dir)
    config = resolve_config_dir(config_dir)
    settings = JsonSettingsStore(config)
    network = settings.network()
    store, report = open_event_store(default_db_path(data))
    if report.notice:
        log.warning("%s", report.notice)
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
        asker=_NobodyToAsk(),
        context_for=_tool_context(data),
    )
    return Services(
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
        ),
        attachment_store=attachment_store,
        secrets=secret_store,
        toolbox=toolbox,
        startup_notice=report.notice,
        recovered_turns=recovered,
        skills=MarkdownSkillLibrary(config),
        sandbox=sandbox,
    )


#: Local servers a first start offers to use, on their default ports.
LOCAL_SERVERS = (
    ("ollama", "Ollama", "http://localhost:11434/v1"),
    ("lmstudio", "LM Studio", "http://localhost:1234/v1"),
)


def probe_local_servers(timeout: float = 0.5) -> list[tuple[str, str, str, list[str]]]:
    """Local OpenAI-compatible servers that answer on their default port: (name, label, base URL,
    models). Blocking network I/O: call it off the UI thread."""
    from infrastructure.providers.openai_compatible import OpenAICompatibleProvider

    found = []
    for name, label, url in LOCAL_SERVERS:
        try:
            models = OpenAICompatibleProvider(url, connect_timeout=timeout).list_models()
        except Exception:
            continue
        found.append((name, label, url, models))
    return found

"""The capability to keep the user's settings: providers, projects, the price and context-window
tables.

Why it exists: the CLI and the window add, list and pick providers through this port; a JSON file
under the user config dir is the adapter. Projects (a workspace, shared instructions and turn
defaults under one name), the price table behind the cost estimate and the context-window table
(each model's window and output limit where the provider does not report them) are kept here
too. API keys
are never stored here: they live in the system keyring (``application.ports.secret_store``, keyed
by the provider's name) or in the environment variable a provider entry names (``api_key_env``).

Errors::

    SettingsError              the settings cannot be read or the change is invalid
     +-- UnknownProvider       no provider has that name
     +-- UnknownProject        no project has that id
     +-- ProjectNameTaken      another project has that name (ignoring case)
     +-- UnknownMcpServer      no MCP server has that name

MCP servers (``application.mcp.model.McpServerConfig``) are kept here too, in the order they were
added; their secrets (``secret_env``/``secret_headers``) are only *named* here and live in the
keyring (``application.mcp.secrets``). A project names the servers its conversations may use
(``ProjectConfig.mcp_servers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Protocol

from parley.application.mcp.model import McpServerConfig, valid_server_name
from parley.application.tools.specs import TOOL_SETS
from parley.domain.agents.conversation_execution_request import GATE_MODES
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.usage.context_windows import ModelWindow
from parley.domain.usage.pricing import ModelPrice

#: The wire formats Parley speaks: OpenAI-compatible Chat Completions, Anthropic Messages, Ollama's
#: native ``/api/chat`` and Google Gemini.
PROVIDER_KINDS = ("openai", "anthropic", "ollama", "gemini")


class SettingsError(Exception):
    """Settings could not be read or the requested change is invalid."""


class UnknownProvider(SettingsError):
    """No configured provider has the given name."""

    def __init__(self, name: str, known: Sequence[str] = ()) -> None:
        hint = f"; configured: {', '.join(known)}" if known else "; none is configured"
        super().__init__(f"no provider named {name!r}{hint}")
        self.name = name


class UnknownProject(SettingsError):
    """No project has the given id."""

    def __init__(self, project_id: str, known: Sequence[str] = ()) -> None:
        hint = f"; projects: {', '.join(known)}" if known else "; there are no projects"
        super().__init__(f"no project with id {project_id!r}{hint}")
        self.project_id = project_id


class ProjectNameTaken(SettingsError):
    """Another project already has this name (names are unique ignoring case)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"another project is named {name!r}; project names must differ")
        self.name = name


class UnknownMcpServer(SettingsError):
    """No configured MCP server has the given name."""

    def __init__(self, name: str, known: Sequence[str] = ()) -> None:
        hint = f"; configured: {', '.join(known)}" if known else "; none is configured"
        super().__init__(f"no MCP server named {name!r}{hint}")
        self.name = name


#: The longest answer a turn reads by default (characters, about 2 MB of text — far beyond any
#: real answer): past it the provider is not read further, so a stream that never ends cannot
#: grow Parley's memory without bound (``NetworkSettings.max_answer_chars``).
DEFAULT_MAX_ANSWER_CHARS = 2_000_000

#: The smallest ``max_answer_chars`` accepted: a typo must not cut every answer short.
MIN_MAX_ANSWER_CHARS = 1_000

#: The longest project name (it is shown in the window's project picker).
PROJECT_NAME_MAX = 80


@dataclass(frozen=True)
class ProjectConfig:
    """A project: a workspace folder, instructions shared by its conversations, and the defaults
    its turns start with (a provider + model pair, the gate mode, the tool set). Empty strings
    mean "no default: use the window's current choice". ``id`` is stable; ``name`` may change.
    ``mcp_servers`` names the MCP servers enabled for the project's conversations (a name no
    longer configured is kept, and ignored, until the project is saved again)."""

    id: str
    name: str
    workspace: str = ""
    instructions: str = ""
    provider_id: str = ""
    model: str = ""
    gate_mode: str = "auto"
    tools: str = "all"
    mcp_servers: tuple[str, ...] = ()
    #: A folder whose documents every turn of the project may be answered from (indexed and
    #: searched, issue 18); "" for none.
    knowledge_folder: str = ""

    def __post_init__(self) -> None:
        servers = self.mcp_servers
        if isinstance(servers, list):
            object.__setattr__(self, "mcp_servers", servers := tuple(servers))
        if not isinstance(servers, tuple) or not all(isinstance(s, str) for s in servers):
            raise SettingsError("project mcp_servers must be a list of server names")
        for server in servers:
            problem = valid_server_name(server)
            if problem:
                raise SettingsError(f"project MCP server name {server!r}: {problem}")
        for attr in (f.name for f in fields(self) if f.name != "mcp_servers"):
            if not isinstance(getattr(self, attr), str):
                raise SettingsError(f"project {attr} must be text")
        if not self.id.strip():
            raise SettingsError("a project needs an id (non-blank text)")
        if not self.name.strip():
            raise SettingsError("a project needs a name")
        if len(self.name) > PROJECT_NAME_MAX:
            raise SettingsError(
                f"project name is {len(self.name)} characters; at most {PROJECT_NAME_MAX}"
            )
        if self.gate_mode not in GATE_MODES:
            raise SettingsError(
                f"project {self.name!r}: gate mode must be one of {', '.join(GATE_MODES)}, not "
                f"{self.gate_mode!r}"
            )
        if self.tools not in TOOL_SETS:
            raise SettingsError(
                f"project {self.name!r}: tools must be one of {', '.join(TOOL_SETS)}, not "
                f"{self.tools!r}"
            )


@dataclass(frozen=True)
class ProviderConfig:
    """One configured provider. ``api_key_env`` names the variable that holds the key (the key
    itself is never here); ``preset`` names the preset it was made from ("" for none), which
    also tells Parley the conventional key variable and whether a key is needed."""

    name: str
    kind: str
    base_url: str
    api_key_env: str = ""
    default_model: str = ""
    models: tuple[str, ...] = ()
    preset: str = ""


@dataclass(frozen=True)
class NetworkSettings:
    """How patiently Parley talks to providers: the retry policy (before the answer begins), the
    two timeouts (connecting; silence once connected, after which a provider "stopped
    responding") and how much answer text one turn reads at most (``max_answer_chars``: past it
    the turn ends as failed, ``answer_too_long``, with the text up to the limit kept)."""

    max_attempts: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0
    connect_timeout: float = 10.0
    idle_timeout: float = 60.0
    max_answer_chars: int = DEFAULT_MAX_ANSWER_CHARS

    def __post_init__(self) -> None:
        if isinstance(self.max_attempts, bool) or not isinstance(self.max_attempts, int):
            raise SettingsError("network.max_attempts must be a whole number")
        if not 1 <= self.max_attempts <= 10:
            raise SettingsError("network.max_attempts must be between 1 and 10")
        for name in ("base_delay", "max_delay"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise SettingsError(f"network.{name} must be a number of seconds, 0 or more")
        for name in ("connect_timeout", "idle_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise SettingsError(f"network.{name} must be a positive number of seconds")
        limit = self.max_answer_chars
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < MIN_MAX_ANSWER_CHARS:
            raise SettingsError(
                f"network.max_answer_chars must be a whole number of characters, at least "
                f"{MIN_MAX_ANSWER_CHARS:,}"
            )


@dataclass(frozen=True)
class ContextSettings:
    """How long conversations and large documents are handled (issue 18).

    ``compaction_threshold``: the share of the model's window at which the oldest turns are
    summarised (0.1-1.0). ``compaction_provider_id``/``compaction_model``: who writes the
    summary ("" = the conversation's own model). ``embedding_provider_id``/``embedding_model``:
    the embedding model that makes retrieval hybrid ("" = lexical BM25 only). ``excerpts``: how
    many excerpts a turn is given at most (1-50)."""

    compaction_threshold: float = 0.8
    compaction_provider_id: str = ""
    compaction_model: str = ""
    embedding_provider_id: str = ""
    embedding_model: str = ""
    excerpts: int = 8

    def __post_init__(self) -> None:
        value = self.compaction_threshold
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not (0.1 <= value <= 1.0)
        ):
            raise SettingsError("context.compaction_threshold must be a share from 0.1 to 1.0")
        count = self.excerpts
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
            raise SettingsError("context.excerpts must be a whole number from 1 to 50")
        for name in (
            "compaction_provider_id",
            "compaction_model",
            "embedding_provider_id",
            "embedding_model",
        ):
            if not isinstance(getattr(self, name), str):
                raise SettingsError(f"context.{name} must be text")
        if bool(self.embedding_provider_id) != bool(self.embedding_model):
            raise SettingsError("an embedding model needs both its provider and its name")


#: How often the background sync runs at most (seconds), and at least.
TEAM_INTERVAL_RANGE = (10, 3_600)


@dataclass(frozen=True)
class TeamSettings:
    """The team store this desktop syncs with (issue 19, ADR-012); ``url`` "" = none.

    ``url`` is a ``postgresql://member@host:port/database`` address **without** a password
    (the password is in the system keyring; a URL carrying one is refused) and may carry
    ``sslmode``/``sslrootcert`` query options; ``enabled`` pauses syncing without forgetting the
    store; ``interval_s`` is how often the worker syncs while the app runs."""

    url: str = ""
    enabled: bool = True
    interval_s: int = 60

    def __post_init__(self) -> None:
        if not isinstance(self.url, str):
            raise SettingsError("team.url must be text")
        if not isinstance(self.enabled, bool):
            raise SettingsError("team.enabled must be true or false")
        low, high = TEAM_INTERVAL_RANGE
        value = self.interval_s
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SettingsError(f"team.interval_s must be a whole number of seconds, {low}-{high}")
        if self.url:
            problem = team_url_problem(self.url)
            if problem:
                raise SettingsError(f"team.url: {problem}")

    @property
    def member(self) -> str:
        """The member (the PostgreSQL role) the URL names."""
        rest = self.url.split("://", 1)[-1]
        return rest.split("@", 1)[0] if "@" in rest.split("/", 1)[0] else ""


# Why an address cannot be a team store's (the settings dialog shows it).
_TEAM_SCHEME = QT_TRANSLATE_NOOP("TeamConnection", "it must start with postgresql://")
_TEAM_MEMBER = QT_TRANSLATE_NOOP(
    "TeamConnection", "it must name the member, as postgresql://NAME@host/database"
)
_TEAM_PASSWORD = QT_TRANSLATE_NOOP(
    "TeamConnection", "it must not carry a password (Parley keeps it in the system keyring)"
)
_TEAM_DATABASE = QT_TRANSLATE_NOOP(
    "TeamConnection", "it must name the database, as postgresql://NAME@host/database"
)


def team_url_problem(url: str) -> str:
    """Why ``url`` cannot be a team store's address ("" when it can)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in ("postgresql", "postgres"):
        return _TEAM_SCHEME
    authority = rest.split("/", 1)[0]
    if "@" not in authority:
        return _TEAM_MEMBER
    user = authority.rsplit("@", 1)[0]
    if ":" in user:
        return _TEAM_PASSWORD
    if "password=" in url.lower():
        return _TEAM_PASSWORD
    if "/" not in rest or not rest.split("/", 1)[1].split("?", 1)[0]:
        return _TEAM_DATABASE
    return ""


class SettingsStore(Protocol):
    """Reads and changes the settings file."""

    def providers(self) -> Sequence[ProviderConfig]:
        """Configured providers in the order they were added."""
        ...

    def provider(self, name: str) -> ProviderConfig:
        """One provider by name; raises ``UnknownProvider``."""
        ...

    def add_provider(self, config: ProviderConfig, *, replace: bool = False) -> None:
        """Add a provider (the first one added becomes the default); a duplicate name is an
        error unless ``replace``."""
        ...

    def remove_provider(self, name: str) -> None:
        """Remove a provider; raises ``UnknownProvider``. Removing the default leaves none."""
        ...

    def default_provider(self) -> ProviderConfig | None:
        """The provider used when none is named, or None when none is configured."""
        ...

    def set_default_provider(self, name: str) -> None:
        """Make ``name`` the default; raises ``UnknownProvider``."""
        ...

    def network(self) -> NetworkSettings:
        """Retry and timeout settings (defaults when the file says nothing)."""
        ...

    def set_network(self, network: NetworkSettings) -> None:
        """Replace the retry and timeout settings."""
        ...

    def projects(self) -> Sequence[ProjectConfig]:
        """Projects in the order they were added."""
        ...

    def project(self, project_id: str) -> ProjectConfig:
        """One project by id; raises ``UnknownProject``."""
        ...

    def save_project(self, config: ProjectConfig) -> None:
        """Insert a project, or replace the one with the same id (keeping its place). Names are
        unique ignoring case: a clash with another project is a ``SettingsError``."""
        ...

    def remove_project(self, project_id: str) -> None:
        """Remove a project; raises ``UnknownProject``."""
        ...

    def prices(self) -> Sequence[ModelPrice]:
        """The price table: the saved one, or ``DEFAULT_PRICES`` until the user saves one."""
        ...

    def set_prices(self, prices: Sequence[ModelPrice]) -> None:
        """Replace the price table (an empty table is kept as empty: no estimates)."""
        ...

    def context(self) -> ContextSettings:
        """Compaction and retrieval settings (the defaults while none were saved)."""
        ...

    def set_context(self, context: ContextSettings) -> None:
        """Replace the compaction and retrieval settings."""
        ...

    def team(self) -> TeamSettings:
        """The team store this desktop syncs with (none while none was saved)."""
        ...

    def set_team(self, team: TeamSettings) -> None:
        """Replace the team store settings."""
        ...

    def context_windows(self) -> Sequence[ModelWindow]:
        """The context-window table: the saved one, or ``DEFAULT_WINDOWS`` until the user saves
        one (``domain.usage.context_windows``)."""
        ...

    def set_context_windows(self, windows: Sequence[ModelWindow]) -> None:
        """Replace the context-window table (an empty table is kept as empty: every model the
        provider does not report is then a guess). Two rows for one pattern and provider are a
        ``SettingsError``."""
        ...

    def mcp_servers(self) -> Sequence[McpServerConfig]:
        """Configured MCP servers in the order they were added (entries of the file that are not
        valid are left out: ``mcp_server_problems`` names them)."""
        ...

    def mcp_server(self, name: str) -> McpServerConfig:
        """One MCP server by name; raises ``UnknownMcpServer`` (or ``SettingsError`` naming the
        problem when the file's entry for it is not valid)."""
        ...

    def save_mcp_server(self, config: McpServerConfig) -> None:
        """Add a server, or replace the one with the same name (keeping its place); an invalid
        configuration is a ``SettingsError``."""
        ...

    def remove_mcp_server(self, name: str) -> None:
        """Remove a server; raises ``UnknownMcpServer``. Projects that named it keep the name
        (ignored) until they are saved again."""
        ...

    def mcp_server_problems(self) -> Sequence[str]:
        """One sentence per ``mcp_servers`` entry of the file that is not valid (naming it and
        why); those entries are kept in the file untouched until fixed or removed."""
        ...

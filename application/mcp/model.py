"""What Parley knows about Model Context Protocol servers, independent of the SDK that talks to
them: a server's configuration, the tools, resources and prompts it offers, what a call returned,
and the errors a client reports.

Why it exists: the MCP client (``infrastructure/mcp``), the configuration surfaces (settings, the
``parley mcp`` command line, the Settings page), the turn runtime and the gate all speak about the
same servers and tools. This module is their shared vocabulary, so none of them imports the SDK.

Invariants it keeps:

- everything here is frozen and hashable (tuples, not lists or dicts; JSON kept as canonical text);
- a tool's ``qualified_name`` (what the model sees) is ``mcp__<server>__<tool>``: two servers never
  shadow each other, and no MCP tool can take a built-in tool's name (built-ins have no ``__``);
- ``McpTool.fingerprint`` covers everything a model or the gate relies on (name, title,
  description, input schema, annotations): if any of it changes, the fingerprint changes;
- secrets are never here: ``secret_env`` and ``secret_headers`` only *name* values that live in the
  keyring.

Errors (raised by an ``McpClient``)::

    McpError                  anything that went wrong talking to one server (names the server)
    ├── McpStartError         the server could not be started or connected to (see its log)
    ├── McpProtocolError      malformed JSON-RPC, an unexpected reply, an unsupported version
    ├── McpTimeout            no answer within the time limit
    ├── McpCancelled          the user stopped the call (Stop)
    ├── McpOutputTooLarge     the server sent more than the output limit
    └── McpToolError          the tool ran and reported an error (``isError``); the text is kept
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from parley.domain.texts import QT_TRANSLATE_NOOP

STDIO = "stdio"
HTTP = "http"  # Streamable HTTP
SSE = "sse"  # the legacy HTTP+SSE transport, for old servers
TRANSPORTS = (STDIO, HTTP, SSE)

RUN = "run"
ASK = "ask"
DENY = "deny"
POLICIES = (RUN, ASK, DENY)

PREFIX = "mcp"
SEPARATOR = "__"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
"""A server's name as Parley stores it: lower case, digits, ``-`` and ``_``; no ``__`` (checked
separately) so a qualified tool name splits back unambiguously."""


def canonical_json(value: Any) -> str:
    """One text for one JSON value: sorted keys, no spaces, UTF-8 kept (hashing, equality)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def valid_server_name(name: str) -> str:
    """The reason ``name`` cannot name a server, or "" when it can."""
    if not NAME_PATTERN.match(name):
        return "use 1-32 lower-case letters, digits, '-' or '_', starting with a letter or digit"
    if SEPARATOR in name:
        return "'__' separates a server from its tool in a tool's name; use one '_'"
    return ""


def qualified_name(server: str, tool: str) -> str:
    """The name the model sees for ``tool`` of ``server``."""
    return f"{PREFIX}{SEPARATOR}{server}{SEPARATOR}{tool}"


SERVER_TOOL_SEPARATOR = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "
"""Between a server's and a tool's name where people read them (``git \u203a log``)."""


def shown_tool_name(name: str) -> str:
    """A tool's name as the user reads it: ``server \u203a tool`` for an MCP tool, else as is."""
    split = split_qualified(name)
    return f"{split[0]}{SERVER_TOOL_SEPARATOR}{split[1]}" if split else name


def split_qualified(name: str) -> tuple[str, str] | None:
    """``(server, tool)`` of a qualified name; ``None`` when ``name`` is not an MCP tool's."""
    head, sep, rest = name.partition(SEPARATOR)
    if head != PREFIX or not sep:
        return None
    server, sep, tool = rest.partition(SEPARATOR)
    if not sep or not server or not tool:
        return None
    return server, tool


@dataclass(frozen=True)
class McpServerConfig:
    """One configured server. ``env``/``headers`` hold non-secret values; ``secret_env`` and
    ``secret_headers`` name the variables and headers whose values are in the keyring (under
    ``mcp:<name>:env:<VAR>`` / ``mcp:<name>:header:<Header>``). ``tool_policies`` maps a tool's own
    name to ``run``/``ask``/``deny`` as the user chose; a tool not named there gets the default
    derived from its annotations (never lower than the user's own tool setting)."""

    name: str
    transport: str = STDIO
    command: str = ""
    args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    secret_env: tuple[str, ...] = ()
    cwd: str = ""
    url: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    secret_headers: tuple[str, ...] = ()
    oauth: bool = False  # Streamable HTTP with OAuth 2.1 (tokens in the keyring)
    enabled: bool = True
    timeout_s: float = 60.0
    tool_policies: tuple[tuple[str, str], ...] = ()

    def policy_for(self, tool: str) -> str:
        """The user's stored choice for ``tool`` ("" when none)."""
        return dict(self.tool_policies).get(tool, "")


@dataclass(frozen=True)
class McpAnnotations:
    """What a server *claims* about a tool (hints, never trusted to lower a prompt)."""

    title: str = ""
    read_only: bool | None = None
    destructive: bool | None = None
    idempotent: bool | None = None
    open_world: bool | None = None


@dataclass(frozen=True)
class McpTool:
    """One tool a server offers. ``input_schema`` is the JSON Schema as canonical JSON text."""

    server: str
    name: str
    description: str = ""
    input_schema: str = '{"type":"object"}'
    title: str = ""
    annotations: McpAnnotations = McpAnnotations()

    @property
    def qualified_name(self) -> str:
        return qualified_name(self.server, self.name)

    @property
    def schema(self) -> dict[str, Any]:
        value = json.loads(self.input_schema)
        return value if isinstance(value, dict) else {"type": "object"}

    @property
    def fingerprint(self) -> str:
        """sha256 of everything the model and the gate rely on (see the module docstring)."""
        a = self.annotations
        payload = canonical_json(
            {
                "name": self.name,
                "title": self.title,
                "description": self.description,
                "input_schema": json.loads(self.input_schema),
                "annotations": [a.title, a.read_only, a.destructive, a.idempotent, a.open_world],
            }
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class McpResource:
    """A resource a server offers (``uri`` is its identity)."""

    server: str
    uri: str
    name: str = ""
    description: str = ""
    mime_type: str = ""


@dataclass(frozen=True)
class McpPromptArgument:
    name: str
    description: str = ""
    required: bool = False


@dataclass(frozen=True)
class McpPrompt:
    """A prompt template a server offers (used from the ``/`` menu)."""

    server: str
    name: str
    description: str = ""
    arguments: tuple[McpPromptArgument, ...] = ()


@dataclass(frozen=True)
class McpCallResult:
    """What a tool call returned, as text for the model: text content joined, other content
    described (``[image: image/png, 12 KB]``); ``structured`` is the structured content as
    canonical JSON ("" when none); ``truncated`` says the text was cut at the output limit."""

    text: str
    is_error: bool = False
    structured: str = ""
    truncated: bool = False


@dataclass(frozen=True)
class McpResourceContent:
    """A resource read: its text (binary content described, not decoded)."""

    uri: str
    mime_type: str = ""
    text: str = ""
    truncated: bool = False


@dataclass(frozen=True)
class McpServerStatus:
    """How a server is doing, for the surfaces: ``state`` is ``stopped``, ``starting``,
    ``ready`` or ``failed`` (then ``error`` says why and ``log_path`` where to look)."""

    name: str
    state: str
    error: str = ""
    log_path: str = ""
    protocol_version: str = ""
    server_name: str = ""
    server_version: str = ""


#: An MCP failure as the person reads it (marked: the window translates it).
_MCP_ERROR = QT_TRANSLATE_NOOP("McpError", "MCP server {server!r}: {message}")


class McpError(Exception):
    """Something went wrong with one server; ``server`` names it, ``log_path`` is its log."""

    def __init__(self, server: str, message: str, log_path: str = "") -> None:
        super().__init__(_MCP_ERROR.format(server=server, message=message))
        self.server = server
        self.message = message
        self.log_path = log_path


class McpStartError(McpError):
    """The server could not be started or connected to."""


class McpProtocolError(McpError):
    """Malformed JSON-RPC, an unexpected reply, or an unsupported protocol version."""


class McpTimeout(McpError):
    """No answer within the time limit."""


class McpCancelled(McpError):
    """The user stopped the call."""


class McpOutputTooLarge(McpError):
    """The server sent more than the output limit."""


class McpToolError(McpError):
    """The tool ran and reported an error (``isError``)."""

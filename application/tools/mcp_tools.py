"""MCP tools in a turn: offered beside the built-in tools, and every call through Parley's gate.

Why it exists: a Model Context Protocol server's tools are someone else's code. Between "the
model called ``mcp__github__delete_repo``" and "the server ran it" sits the same story as for a
built-in tool — a canonical ``tool_call``, a deterministic check of the arguments (the tool's own
JSON Schema), the gate (``domain.actions.mcp_policy``: the user's settings first, the server's
annotations only as claims that can raise the prompt), the user's answer, the call, and a
recorded ``action_verdict`` and ``tool_result`` — so the history says what ran and why.

Invariants it keeps:

- at the start of a turn each enabled server is listed once (off the UI thread: on the runtime's
  worker, several servers at once on threads of their own); a server that cannot list gives a
  ``notice`` naming it and its log, and the turn goes on with every other tool; a tool whose
  definition changed since it was pinned is held back (a notice names it), the others offered;
- a tool is offered under its qualified name ``mcp__<server>__<tool>``: two servers never shadow
  each other, and no MCP tool can take a built-in's name (built-ins have no ``__``); every name
  beginning ``mcp__`` is handled here, never by the built-in validator;
- every call gets exactly one ``tool_result``, and an ``action_verdict`` before it; nothing is
  sent to a server before its arguments fit the schema and the gate says run (or the user
  allowed it);
- arguments that do not fit get REJECT_RETRY feedback naming the schema error, up to
  ``retry_budget`` corrective rounds per turn, then the call is dropped with a notice;
- "Allow for this conversation" covers that tool in that conversation while Parley runs; "Always
  allow this tool" is stored as ``run`` in the server's ``tool_policies`` (visible and revocable
  in Settings);
- the call honours Stop (the turn's cancel event) and the server's ``timeout_s``; any
  ``McpError`` becomes a failed ``tool_result`` naming the server and its log — the turn goes on;
- a result longer than ``max_result_chars`` is cut, and the model is told so.

Resources attached to a turn like files (``ConversationExecutionRequest.mcp_resources``) are read
here too (``McpToolbox.resource_attachment``), on the runtime's worker: each becomes exactly one
``attachment_added`` — its text (capped), or an ``error_kind`` naming the resource, its server and
the server's log when it cannot be used (server unknown or off, a failure, binary content). A
Stop during a read gives ``None`` (nothing recorded). Reading a resource is the user's choice, so
it is not gated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import re
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Protocol

from parley.application.conversations.tool_call_accumulator import ParsedToolCall
from parley.application.mcp.model import (
    SERVER_TOOL_SEPARATOR,
    McpCancelled,
    McpError,
    McpProtocolError,
    McpResourceContent,
    McpServerConfig,
    McpStartError,
    McpTimeout,
    McpTool,
    split_qualified,
)
from parley.application.mcp.pinning import ToolPins
from parley.application.mcp.schema import schema_error
from parley.application.ports.attachments import AttachmentStore
from parley.application.ports.chat_provider import ToolSpec
from parley.application.ports.mcp import McpClient
from parley.application.ports.settings_store import UnknownMcpServer
from parley.application.ports.tools import (
    ALLOW_ALWAYS,
    ALLOW_SESSION,
    DENY,
    PermissionAsker,
    PermissionRequest,
)
from parley.domain.actions.mcp_policy import (
    POLICY_DENY,
    POLICY_RUN,
    McpDecision,
    ToolClaims,
    decide_mcp_call,
)
from parley.domain.actions.model import ASK, REFUSE, REJECT_RETRY, Effect, ProposedAction
from parley.domain.agents.conversation_execution_request import (
    ConversationExecutionRequest,
    McpResourceRef,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AttachmentAdded,
    Event,
    GateOpened,
    Notice,
    ToolCall,
    ToolResult,
    mint_call_id,
)

log = logging.getLogger(__name__)

#: Corrective rounds a turn gets for MCP calls whose arguments do not fit the schema (as for
#: built-in tools: ``toolbox.DEFAULT_RETRY_BUDGET``).
DEFAULT_RETRY_BUDGET = 2

#: The longest tool result handed to the model (characters); longer output is cut and marked.
DEFAULT_MAX_RESULT_CHARS = 100_000

#: How long listing one server's tools may take at the start of a turn (seconds).
DEFAULT_LIST_TIMEOUT_S = 30.0

#: A tool's description as offered to the model is cut at this many characters.
MAX_DESCRIPTION_CHARS = 4_000

#: What every provider accepts as a function name (OpenAI's rule is the strictest).
_PROVIDER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

#: Between a server and its tool wherever both are shown ("time \u203a get_current_time").
_NOT_RUN_STOPPED = QT_TRANSLATE_NOOP("ToolCard", "Not run: the turn was stopped.")

# What a turn's MCP notices and tool results say (marked: the window translates them; the
# model and the record read the English).
_GONE = QT_TRANSLATE_NOOP(
    "McpNotice", "MCP server '{name}' is not configured any more; its tools are not offered."
)
_UNUSABLE = QT_TRANSLATE_NOOP(
    "McpNotice",
    "Could not use MCP server '{name}': {error}. Fix it in Settings → MCP servers; the turn goes "
    "on without its tools.",
)
_TURNED_OFF = QT_TRANSLATE_NOOP(
    "McpNotice", "MCP server '{name}' is turned off in Settings; its tools are not offered."
)
_NO_TOOLS = QT_TRANSLATE_NOOP(
    "McpNotice",
    "MCP server '{name}' could not list its tools ({error}); the turn goes on without them. "
    "Its log: {log}",
)
_STOPPED_CALL = QT_TRANSLATE_NOOP(
    "ToolCard",
    "Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.",
)
_TIMED_OUT = QT_TRANSLATE_NOOP(
    "ToolCard",
    "Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was "
    "abandoned.",
)
_TIMED_OUT_NOTICE = QT_TRANSLATE_NOOP(
    "McpNotice", "Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}"
)
_CALL_FAILED = QT_TRANSLATE_NOOP(
    "ToolCard", "Failed: MCP server {server} could not run {tool}: {error}"
)
_CALL_FAILED_NOTICE = QT_TRANSLATE_NOOP(
    "McpNotice", "MCP server {server} failed on {tool}: {error}. Its log: {log}"
)
_NOT_ALLOWED = QT_TRANSLATE_NOOP(
    "ToolCard", "Not allowed: {reason}. Tool {tool} of MCP server {server} was not run."
)
_USER_DENIED = QT_TRANSLATE_NOOP("ToolCard", "The user did not allow this action.")

#: How often a resource read waiting for its server looks at the turn's Stop (seconds).
_CANCEL_POLL_S = 0.02

#: What the client makes of a binary (blob) resource: a description, not its bytes
#: (``infrastructure/mcp/mapping.describe_contents``): ``[resource: URI, MIME, 12 KB]``.
_BLOB_DESCRIPTION = re.compile(r"\[resource: [^\n]*, [^\n,]*, \d+(?:\.\d+)? (?:B|KB|MB)\]")


class ResourceUnavailable(Exception):
    """A resource could not be read: ``kind`` is an attachment error kind
    (``application/ports/attachments.py``), the message is for people and names the resource's
    server (and its log, when it has one)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class McpServerSource(Protocol):
    """Where the configured servers are read and a tool's stored policy is saved (the settings
    store: ``SettingsStore.mcp_server`` / ``save_mcp_server``)."""

    def mcp_server(self, name: str) -> McpServerConfig:
        """The server named ``name``; raises ``UnknownMcpServer`` (or ``SettingsError``)."""
        ...

    def save_mcp_server(self, config: McpServerConfig) -> None: ...


@dataclass(frozen=True)
class OfferedTool:
    """One MCP tool a turn may call: its server's configuration, its definition, its spec."""

    config: McpServerConfig
    tool: McpTool
    spec: ToolSpec


@dataclass
class McpToolbox:
    """What MCP turns share in a process: the client, the servers' configuration, the pins, and
    the per-conversation grants. Who answers permission questions is per turn, not here."""

    client: McpClient
    servers: McpServerSource
    pins: ToolPins | None = None
    retry_budget: int = DEFAULT_RETRY_BUDGET
    max_result_chars: int = DEFAULT_MAX_RESULT_CHARS
    list_timeout_s: float = DEFAULT_LIST_TIMEOUT_S
    #: Where an attached resource's text is kept by its sha256 (the attachment viewer opens it);
    #: ``None``: not kept (the record still holds the text the model was given).
    store: AttachmentStore | None = None
    _grants: dict[str, set[str]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def granted(self, session_id: str, qualified: str) -> bool:
        with self._lock:
            return qualified in self._grants.get(session_id, set())

    def grant(self, session_id: str, qualified: str) -> None:
        with self._lock:
            self._grants.setdefault(session_id, set()).add(qualified)

    def start_turn(
        self,
        request: ConversationExecutionRequest,
        append: Callable[[Event], object],
        stop: threading.Event | None = None,
    ) -> McpTurn | None:
        """List the request's servers and build the turn's offer (``None`` when it names
        none). Notices for servers that failed and tools held back are appended here, in the
        request's order of servers.

        The servers are listed at once, each on a thread of its own (one slow to start does not
        hold up the others); ``stop`` is watched meanwhile, and a stop returns what is known so
        far (the caller ends the turn) without waiting for the slow ones."""
        names = request.mcp_servers
        if not names:
            return None
        if len(names) == 1:
            notes: list[Event] = []
            items = self._list(names[0], notes.append)
            for note in notes:
                append(note)
            return McpTurn(self, {i.tool.qualified_name: i for i in items})
        pool = ThreadPoolExecutor(max_workers=min(8, len(names)), thread_name_prefix="mcp-list")
        futures = [pool.submit(self._listed, name) for name in names]
        try:
            pending = set(futures)
            while pending:
                _done, pending = wait(pending, timeout=0.1)
                if pending and stop is not None and stop.is_set():
                    return McpTurn(self, {})
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        offered: dict[str, OfferedTool] = {}
        for future in futures:
            items, notes = future.result()
            for note in notes:
                append(note)
            for item in items:
                offered[item.tool.qualified_name] = item
        return McpTurn(self, offered)

    # -- resources attached to a turn ----------------------------------------------------------

    def server_for_resource(self, name: str) -> McpServerConfig:
        """The configuration of a resource's server; ``ResourceUnavailable`` when it is not
        configured, cannot be read from the settings, or is turned off."""
        try:
            config = self.servers.mcp_server(name)
        except UnknownMcpServer:
            raise ResourceUnavailable(
                "unavailable", f"MCP server '{name}' is not configured (see: parley mcp list)"
            ) from None
        except Exception as exc:  # an invalid entry: say so, never crash the turn
            raise ResourceUnavailable(
                "unavailable", f"MCP server '{name}' cannot be used: {exc}"
            ) from exc
        if not config.enabled:
            raise ResourceUnavailable(
                "unavailable", f"MCP server '{name}' is turned off in Settings → MCP servers"
            )
        return config

    def read_resource(
        self, server: str, uri: str, max_chars: int, cancel: threading.Event
    ) -> McpResourceContent:
        """Read ``uri`` of ``server`` (blocking; on a worker), at most ``max_chars`` of text,
        within the server's time limit. ``cancel`` set ends the wait at once with
        ``McpCancelled``. Any other fault is ``ResourceUnavailable`` with its kind."""
        config = self.server_for_resource(server)
        if cancel.is_set():
            raise McpCancelled(server, "the read was cancelled")
        outcome: list[McpResourceContent | BaseException] = []
        finished = threading.Event()

        def read() -> None:  # a helper thread: the port's read takes no cancel of its own
            try:
                outcome.append(
                    self.client.read_resource(config, uri, max_chars, timeout_s=config.timeout_s)
                )
            except BaseException as exc:  # handed to the waiting worker below
                outcome.append(exc)
            finally:
                finished.set()

        threading.Thread(target=read, name=f"mcp-read-{server}", daemon=True).start()
        # The worker waits here, looking at Stop between slices. A Stop abandons the read: the
        # helper thread ends when the client answers or its own time limit passes, and what it
        # brings is dropped.
        while not finished.wait(_CANCEL_POLL_S):
            if cancel.is_set():
                raise McpCancelled(server, "the read was cancelled")
        result = outcome[0]
        if isinstance(result, McpCancelled):
            raise result
        if isinstance(result, BaseException):
            raise self._resource_fault(config, uri, result) from result
        if _is_binary(result):
            mime = result.mime_type or "binary"
            raise ResourceUnavailable(
                "unsupported",
                f"{uri} on MCP server '{server}' is binary content ({mime}); only text "
                "resources can be attached",
            )
        return result

    def _resource_fault(
        self, config: McpServerConfig, uri: str, exc: BaseException
    ) -> ResourceUnavailable:
        name = config.name
        if isinstance(exc, McpError):
            where = exc.log_path or self._log_path(name)
            if isinstance(exc, McpTimeout):
                return ResourceUnavailable(
                    "timeout",
                    f"MCP server '{name}' did not send {uri} within {config.timeout_s:g} s. "
                    f"Its log: {where}",
                )
            if isinstance(exc, McpStartError):
                return ResourceUnavailable(
                    "unavailable",
                    f"MCP server '{name}' could not be started ({exc.message}). Its log: {where}",
                )
            lowered = exc.message.lower()
            if "not found" in lowered or "unknown resource" in lowered:
                return ResourceUnavailable(
                    "not_found", f"MCP server '{name}' has no resource {uri} ({exc.message})"
                )
            # The server answering with an error is the server failing, not a garbled answer.
            if isinstance(exc, McpProtocolError) and "answered an error" not in lowered:
                return ResourceUnavailable(
                    "damaged",
                    f"MCP server '{name}' sent an answer for {uri} that cannot be read "
                    f"({exc.message}). Its log: {where}",
                )
            return ResourceUnavailable(
                "unavailable",
                f"MCP server '{name}' could not read {uri}: {exc.message}. Its log: {where}",
            )
        log.exception("reading resource %s of MCP server %r failed", uri, name, exc_info=exc)
        return ResourceUnavailable(
            "unavailable",
            f"MCP server '{name}' could not read {uri} ({type(exc).__name__}: {exc}). "
            f"Its log: {self._log_path(name)}",
        )

    def resource_attachment(
        self, ref: McpResourceRef, max_chars: int, cancel: threading.Event
    ) -> AttachmentAdded | None:
        """The ``attachment_added`` for one attached resource: its text (at most ``max_chars``,
        kept in the store by its sha256), or an ``error_kind`` and an error naming it and its
        server. ``None`` when ``cancel`` was set meanwhile (nothing is to be recorded)."""
        name = ref.shown_name
        extractor = f"mcp:{ref.server}"
        try:
            content = self.read_resource(ref.server, ref.uri, max_chars, cancel)
        except McpCancelled:
            return None
        except ResourceUnavailable as exc:
            return AttachmentAdded(
                name=name,
                extractor=extractor,
                error=f"{name} ({ref.uri}): {exc}",
                error_kind=exc.kind,
                source_path=ref.uri,
                mcp_server=ref.server,
                uri=ref.uri,
            )
        if cancel.is_set():
            return None
        text = content.text
        truncated = content.truncated or len(text) > max_chars
        text = text[:max_chars]
        data = text.encode("utf-8", "surrogatepass")
        sha256, size = hashlib.sha256(data).hexdigest(), len(data)
        if self.store is not None:
            try:
                sha256, size = self.store.put_bytes(data)
            except OSError as exc:  # the model still gets the text; only the stored copy is lost
                log.warning("could not keep the text of %s (%s): %s", ref.uri, ref.server, exc)
        return AttachmentAdded(
            name=name,
            sha256=sha256,
            media_type=content.mime_type or "text/plain",
            size=size,
            extractor=extractor,
            chars=len(text),
            truncated=truncated,
            text=text,
            source_path=ref.uri,
            mcp_server=ref.server,
            uri=ref.uri,
        )

    def _listed(self, name: str) -> tuple[list[OfferedTool], list[Event]]:
        notes: list[Event] = []
        return self._list(name, notes.append), notes

    def _list(self, name: str, append: Callable[[Event], object]) -> list[OfferedTool]:
        try:
            config = self.servers.mcp_server(name)
        except UnknownMcpServer:
            append(Notice(_GONE.format(name=name), "warning"))
            return []
        except Exception as exc:  # an invalid entry must not cost the other servers
            log.warning("could not read MCP server %r from the settings: %s", name, exc)
            append(Notice(_UNUSABLE.format(name=name, error=exc), "warning"))
            return []
        if not config.enabled:
            append(Notice(_TURNED_OFF.format(name=name), "info"))
            return []
        try:
            tools = self.client.tools(config, timeout_s=self.list_timeout_s)
        except McpError as exc:
            append(
                Notice(
                    _NO_TOOLS.format(
                        name=name, error=exc.message, log=exc.log_path or self._log_path(name)
                    ),
                    "warning",
                )
            )
            return []
        except Exception as exc:  # a bug in a client must not cost the turn either
            log.exception("listing the tools of MCP server %r failed", name)
            append(
                Notice(
                    _NO_TOOLS.format(
                        name=name, error=f"{type(exc).__name__}: {exc}", log=self._log_path(name)
                    ),
                    "warning",
                )
            )
            return []
        tools = tuple(t if t.server == name else dataclasses.replace(t, server=name) for t in tools)
        if self.pins is not None:
            review = self.pins.review(name, tools)
            for change in review.changed:
                what = ", ".join(change.changed_fields) or "its definition"
                append(
                    Notice(
                        f"Tool {change.tool} of server {name} changed since you approved it "
                        f"({what}); review it in Settings → MCP servers. It is not offered "
                        "until you accept the new definition.",
                        "warning",
                    )
                )
            tools = review.offered
        out: list[OfferedTool] = []
        for tool in tools:
            qualified = tool.qualified_name
            if not _PROVIDER_NAME.match(qualified):
                append(
                    Notice(
                        f"Tool {tool.name!r} of server {name} has a name models cannot call "
                        f"({qualified!r}: letters, digits, '_' and '-', at most 64); it is not "
                        "offered.",
                        "warning",
                    )
                )
                continue
            out.append(OfferedTool(config, tool, _spec(tool)))
        return out

    def _log_path(self, name: str) -> str:
        try:
            return str(self.client.log_path(name))
        except Exception:
            return "(no log)"


def _is_binary(content: McpResourceContent) -> bool:
    """True when the read gave only descriptions of binary parts (no text at all)."""
    parts = [p for p in content.text.split("\n\n") if p.strip()]
    return bool(parts) and all(_BLOB_DESCRIPTION.fullmatch(p.strip()) for p in parts)


def _spec(tool: McpTool) -> ToolSpec:
    description = tool.description.strip() or tool.title or tool.name
    if len(description) > MAX_DESCRIPTION_CHARS:
        description = description[: MAX_DESCRIPTION_CHARS - 1] + "…"
    return ToolSpec(
        tool.qualified_name,
        f"[MCP server '{tool.server}', tool '{tool.name}'] {description}",
        tool.schema,
    )


def _claims(tool: McpTool) -> ToolClaims:
    a = tool.annotations
    return ToolClaims(
        read_only=a.read_only,
        destructive=a.destructive,
        open_world=a.open_world,
        idempotent=a.idempotent,
    )


@dataclass
class McpTurn:
    """One turn's MCP tools (listed once at its start) and its corrective rounds."""

    toolbox: McpToolbox
    offered: dict[str, OfferedTool]
    rejected_rounds: int = 0

    @property
    def specs(self) -> tuple[ToolSpec, ...]:
        """What the model is offered: every listed tool except those the user denies."""
        return tuple(
            o.spec for o in self.offered.values() if o.config.policy_for(o.tool.name) != POLICY_DENY
        )

    @staticmethod
    def owns(tool_name: str) -> bool:
        """True for every MCP-shaped name (offered or not): never a built-in's."""
        return split_qualified(tool_name) is not None

    def run(
        self,
        action: ProposedAction,
        request: ConversationExecutionRequest,
        *,
        append: Callable[[Event], object],
        stop: threading.Event,
        model: str,
        asker: PermissionAsker,
    ) -> bool:
        """Check, gate, call and record one MCP call; True when it was rejected for a
        correction (the caller counts corrective rounds per block)."""
        offered = self.offered.get(action.tool)
        budget = self.toolbox.retry_budget
        if offered is None:
            server, own_name = split_qualified(action.tool) or ("?", action.tool)
            return self._reject(
                action,
                "mcp.unknown_tool",
                f"{action.tool} is not offered in this turn (server {server!r} is not enabled "
                f"for it, did not list a tool {own_name!r}, or the tool is held for review)",
                append,
                model,
                budget,
            )
        config, tool = offered.config, offered.tool
        if action.arguments_error:
            return self._reject(
                action,
                "mcp.arguments",
                f"the arguments are not a JSON object: {action.arguments_error}",
                append,
                model,
                budget,
                offered,
            )
        problem = schema_error(tool.input_schema, tool.schema, action.arguments)
        if problem:
            return self._reject(
                action,
                "mcp.schema",
                f"the arguments do not match the tool's input schema {problem}",
                append,
                model,
                budget,
                offered,
            )
        claims = _claims(tool)
        decision = decide_mcp_call(
            gate_mode=request.gate_mode,
            stored_policy=config.policy_for(tool.name),
            granted_for_conversation=self.toolbox.granted(request.session_id, action.tool),
            claims=claims,
            unattended=request.unattended,
        )
        if decision.decision == REFUSE:
            _verdict(append, action, offered, decision, "refused", "gate", model)
            append(
                ToolResult(
                    action.call_id,
                    _NOT_ALLOWED.format(reason=decision.reason, tool=tool.name, server=config.name),
                    False,
                )
            )
            return False
        if decision.decision == ASK:
            _verdict(append, action, offered, decision, "asked", "gate", model)
            pretty = json.dumps(dict(action.arguments), indent=2, ensure_ascii=False, default=str)
            append(
                GateOpened(
                    gate="permission",
                    reason=f"{config.name}{SERVER_TOOL_SEPARATOR}{tool.name} — {decision.reason}",
                )
            )
            answer = asker.ask(
                PermissionRequest(
                    session_id=request.session_id,
                    call_id=action.call_id,
                    tool=action.tool,
                    summary=f"call {tool.name} on MCP server {config.name}",
                    effect=Effect("unknown", decision.rule, decision.reason),
                    mcp_server=config.name,
                    mcp_tool=tool.name,
                    arguments_json=pretty,
                    claims=claims.describe(),
                ),
                stop,
            )
            if answer == DENY or stop.is_set():
                _verdict(append, action, offered, decision, "refused", "user", model)
                append(ToolResult(action.call_id, _USER_DENIED, False))
                return False
            if answer == ALLOW_SESSION:
                self.toolbox.grant(request.session_id, action.tool)
            elif answer == ALLOW_ALWAYS:
                self._always_allow(config, tool, append)
                # The rest of this turn honours it too (the turn's copy of the policies).
                policies = {**dict(config.tool_policies), tool.name: POLICY_RUN}
                kept = dataclasses.replace(config, tool_policies=tuple(sorted(policies.items())))
                self.offered[action.tool] = dataclasses.replace(offered, config=kept)
            _verdict(append, action, offered, decision, "allowed", "user", model)
        else:
            source = "policy" if decision.rule.startswith("mcp.policy") else "gate"
            if decision.rule == "mcp.conversation":
                source = "conversation allowance"
            _verdict(append, action, offered, decision, "ran", source, model)
        self._call(action, offered, append, stop)
        return False

    # -- the parts -----------------------------------------------------------------------------

    def _reject(
        self,
        action: ProposedAction,
        rule: str,
        reason: str,
        append: Callable[[Event], object],
        model: str,
        budget: int,
        offered: OfferedTool | None = None,
    ) -> bool:
        decision = McpDecision(REJECT_RETRY, rule, reason)
        if self.rejected_rounds >= budget:
            _verdict(append, action, offered, decision, "dropped", "validator", model)
            append(
                ToolResult(action.call_id, f"Dropped after {budget} corrections: {reason}", False)
            )
            append(
                Notice(
                    f"Dropped {action.tool}: {reason} (still invalid after {budget} chances to "
                    "correct it).",
                    "warning",
                )
            )
            return False
        _verdict(append, action, offered, decision, "rejected", "validator", model)
        append(
            ToolResult(
                action.call_id, f"Error: {action.tool} was not run [{rule}]: {reason}", False
            )
        )
        return True

    def _always_allow(
        self, config: McpServerConfig, tool: McpTool, append: Callable[[Event], object]
    ) -> None:
        """Store ``run`` for ``tool`` in its server's policies (read fresh: another surface may
        have changed the server since the turn began)."""
        try:
            try:
                current = self.toolbox.servers.mcp_server(config.name)
            except UnknownMcpServer:
                return  # removed meanwhile: it runs this once, and is not added back
            policies = dict(current.tool_policies)
            policies[tool.name] = POLICY_RUN
            self.toolbox.servers.save_mcp_server(
                dataclasses.replace(current, tool_policies=tuple(sorted(policies.items())))
            )
        except Exception as exc:  # the call still runs once; the user is told it is not stored
            log.exception("could not store 'always allow' for %s", tool.qualified_name)
            append(
                Notice(
                    f"Could not store “always allow” for tool {tool.name} of server "
                    f"{config.name} ({exc}); it runs this once.",
                    "warning",
                )
            )

    def _call(
        self,
        action: ProposedAction,
        offered: OfferedTool,
        append: Callable[[Event], object],
        stop: threading.Event,
    ) -> None:
        config, tool = offered.config, offered.tool
        cap = self.toolbox.max_result_chars
        if stop.is_set():
            append(ToolResult(action.call_id, _NOT_RUN_STOPPED, False))
            return
        try:
            result = self.toolbox.client.call_tool(
                config,
                tool.name,
                dict(action.arguments),
                stop,
                timeout_s=config.timeout_s,
                max_output_chars=cap,
            )
        except McpCancelled:
            append(
                ToolResult(
                    action.call_id,
                    _STOPPED_CALL.format(tool=tool.name, server=config.name),
                    False,
                )
            )
            return
        except McpTimeout as exc:
            where = exc.log_path or self.toolbox._log_path(config.name)
            append(
                ToolResult(
                    action.call_id,
                    _TIMED_OUT.format(server=config.name, tool=tool.name, seconds=config.timeout_s),
                    False,
                )
            )
            append(
                Notice(
                    _TIMED_OUT_NOTICE.format(
                        tool=tool.name, server=config.name, seconds=config.timeout_s, log=where
                    ),
                    "warning",
                )
            )
            return
        except McpError as exc:
            where = exc.log_path or self.toolbox._log_path(config.name)
            append(
                ToolResult(
                    action.call_id,
                    _CALL_FAILED.format(server=config.name, tool=tool.name, error=exc.message),
                    False,
                )
            )
            append(
                Notice(
                    _CALL_FAILED_NOTICE.format(
                        server=config.name, tool=tool.name, error=exc.message, log=where
                    ),
                    "warning",
                )
            )
            return
        except Exception as exc:  # a bug in a client must not lose the turn's record
            log.exception("MCP call %s failed", action.tool)
            append(
                ToolResult(action.call_id, f"Internal error calling {action.tool}: {exc}", False)
            )
            return
        text = result.text
        cut = result.truncated or len(text) > cap
        if len(text) > cap:
            text = text[:cap]
        if cut:
            text += f"\n[… output cut at {cap:,} characters]"
        append(ToolResult(action.call_id, text, not result.is_error))


def _verdict(
    append: Callable[[Event], object],
    action: ProposedAction,
    offered: OfferedTool | None,
    decision: McpDecision,
    recorded: str,
    source: str,
    model: str,
) -> None:
    split = split_qualified(action.tool) or ("", action.tool)
    record: dict[str, str] = {"server": split[0], "mcp_tool": split[1]}
    if offered is not None:
        record["fingerprint"] = offered.tool.fingerprint
        claims = _claims(offered.tool).describe()
        record["claims"] = ", ".join(claims) if claims else "none"
    append(
        ActionVerdict(
            call_id=action.call_id,
            tool=action.tool,
            effect="unknown",
            rule=decision.rule,
            reason=decision.reason,
            decision=recorded,
            source=source,
            model=model,
            input=record,
        )
    )


def record_calls(
    calls: Sequence[ParsedToolCall], append: Callable[[Event], object]
) -> list[ProposedAction]:
    """One canonical ``tool_call`` per call (a locally minted id), in order; the actions to
    decide."""
    actions: list[ProposedAction] = []
    for call in calls:
        call_id = mint_call_id()
        append(
            ToolCall(
                call_id=call_id,
                tool=call.name,
                arguments=call.arguments,
                arguments_error=call.error,
                signature=call.signature,
                # The provider's own id travels beside the local one (never the join key): it
                # is sent back to the provider that made it (infrastructure/providers/dialects).
                provider_call_id=call.provider_id or "",
                provider_origin=call.provider_origin,
            )
        )
        actions.append(
            ProposedAction(call_id, call.name, call.arguments, arguments_error=call.error)
        )
    return actions


def run_mcp_block(
    mcp: McpTurn,
    request: ConversationExecutionRequest,
    calls: Sequence[ParsedToolCall],
    *,
    append: Callable[[Event], object],
    stop: threading.Event,
    model: str,
    asker: PermissionAsker,
) -> None:
    """A block of tool calls in a turn that offers MCP tools and no built-in ones (no
    workspace): MCP calls go through ``McpTurn.run``; any other name is answered as not
    available."""
    rejected = False
    for action in record_calls(calls, append):
        if stop.is_set():
            append(ToolResult(action.call_id, _NOT_RUN_STOPPED, False))
            continue
        if mcp.owns(action.tool):
            rejected = (
                mcp.run(action, request, append=append, stop=stop, model=model, asker=asker)
                or rejected
            )
            continue
        rejected = (
            mcp._reject(
                action,
                "tool.not_offered",
                f"{action.tool} is not available in this turn (no workspace tools are enabled)",
                append,
                model,
                mcp.toolbox.retry_budget,
            )
            or rejected
        )
    if rejected:
        mcp.rejected_rounds += 1

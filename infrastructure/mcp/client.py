"""``SdkMcpClient``: the ``McpClient`` port (``application/ports/mcp.py``) on the official MCP
Python SDK (``mcp`` 2.x, its high-level ``mcp.Client``).

Why it exists: the turn runtime, the Settings page and ``parley mcp`` call servers through a
blocking port from worker threads; the SDK is asyncio/anyio. This adapter owns one event loop on a
daemon thread of its own, keeps one session per server on it, and turns every fault into an
``McpError`` naming the server and its log.

Invariants it keeps:

- blocking methods submit a coroutine to the loop and wait with the time limit; ``call_tool``
  also polls its ``cancel`` event, and a cancel cancels the task on the loop, which makes the SDK
  send ``notifications/cancelled`` to the server;
- a session is started on first use and kept; it is restarted when the connection part of the
  server's configuration changed, or after it died (the child exited, invalid output, a closed
  connection); ``stop``/``close`` end it and, for stdio, its process group (reaped);
- one server's faults never touch another's session (each has its own task, process and log);
- secrets are looked up at start and passed to the child/HTTP client only; they are never logged;
- OAuth (HTTP/SSE) is the SDK's provider with a loopback redirect and tokens in the keyring
  (``oauth.py``); elicitation and sampling go to the ``ServerRequests`` relay given to the
  constructor (``application/mcp/server_requests.py``), which declines/refuses when no surface
  can ask the user; the relay runs on a worker thread (``asyncio.to_thread``), never on the loop;
- one message is bounded: a stdio line, an HTTP response body or one SSE event over
  ``max_message_bytes`` is dropped as it arrives and the call fails with ``McpOutputTooLarge``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from parley.application.mcp.model import (
    HTTP,
    SSE,
    STDIO,
    McpCallResult,
    McpCancelled,
    McpError,
    McpOutputTooLarge,
    McpPrompt,
    McpProtocolError,
    McpResource,
    McpResourceContent,
    McpServerConfig,
    McpServerStatus,
    McpStartError,
    McpTimeout,
    McpTool,
)
from parley.application.mcp.sampling import request_chars
from parley.application.mcp.secrets import env_key, header_key
from parley.application.mcp.server_requests import SamplingRefused, ServerRequests
from parley.application.ports.mcp import SecretLookup
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.infrastructure.mcp import mapping
from parley.infrastructure.mcp.stdio import (
    MessageTooLarge,
    minimal_environment,
    note,
    open_log,
    stdio_transport,
)

T = TypeVar("T")

CLIENT_NAME = "parley"
CLIENT_VERSION = "0.1.0"
MAX_PAGES = 100  # a paginator that never ends cannot hang a listing
CANCEL_POLL_S = 0.02
SAFETY_MARGIN_S = 5.0  # the loop enforces the limit; the waiting thread gives it this much more
#: After a server failed to start, calls fail at once with that error for this long (unless its
#: configuration changes or it is stopped): a broken server must not cost every turn and every
#: call its start-up time again.
RETRY_START_AFTER_S = 10.0

# Why a server failed, as the person reads it (marked: the window translates it).
_CLOSED = QT_TRANSLATE_NOOP("McpError", "the MCP client is closed")
_CANCELLED = QT_TRANSLATE_NOOP("McpError", "the call was cancelled")
_NO_ANSWER = QT_TRANSLATE_NOOP("McpError", "no answer within {seconds:g} s")
_NO_ANSWER_IN_TIME = QT_TRANSLATE_NOOP("McpError", "no answer in time")
_FAILED_RECENTLY = QT_TRANSLATE_NOOP(
    "McpError",
    "{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a "
    "failed start)",
)
_NO_LOG = QT_TRANSLATE_NOOP("McpError", "cannot open its log: {error}")
_START_TIMEOUT = QT_TRANSLATE_NOOP("McpError", "did not finish starting within {seconds:g} s")
_INTERRUPTED = QT_TRANSLATE_NOOP("McpError", "start interrupted")
_NO_SECRET = QT_TRANSLATE_NOOP("McpError", "the secret {what} is not set (keyring)")
_SECRET_VARIABLE = QT_TRANSLATE_NOOP("McpError", "variable {name}")
_SECRET_HEADER = QT_TRANSLATE_NOOP("McpError", "header {name}")
_CANNOT_RUN = QT_TRANSLATE_NOOP("McpError", "cannot run {command!r}: {error}")
_STOPPED = QT_TRANSLATE_NOOP("McpError", "the session was stopped")
_REFUSED = QT_TRANSLATE_NOOP("McpError", "the server refused to start a session: {error}")
_CANNOT_CONNECT = QT_TRANSLATE_NOOP("McpError", "could not connect: {kind}: {error}")
_OAUTH_STDIO = QT_TRANSLATE_NOOP("McpError", "OAuth is for HTTP servers, not stdio")
_NO_COMMAND = QT_TRANSLATE_NOOP("McpError", "no command configured")
_NO_URL = QT_TRANSLATE_NOOP("McpError", "no URL configured")
_EXITED = QT_TRANSLATE_NOOP("McpError", "the server exited with code {code} (see its log)")
_CLOSED_OUTPUT = QT_TRANSLATE_NOOP("McpError", "the server closed its output (see its log)")
_CONNECTION_CLOSED = QT_TRANSLATE_NOOP("McpError", "the connection closed (see its log)")
_SERVER_ERROR = QT_TRANSLATE_NOOP("McpError", "the server answered an error: {error}")


def _connection(config: McpServerConfig) -> McpServerConfig:
    """The part of a configuration a running session depends on (a change restarts it)."""
    return replace(config, enabled=True, timeout_s=0.0, tool_policies=())


def _leaf(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


@dataclass(eq=False)
class _Session:
    config: McpServerConfig
    log_path: Path
    log: BinaryIO
    state: str = "starting"
    error: str = ""
    client: Any = None
    protocol_version: str = ""
    server_name: str = ""
    server_version: str = ""
    dead: bool = False
    task: asyncio.Task[None] | None = None
    ready: asyncio.Future[None] | None = None
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    faults: set[asyncio.Future[None]] = field(default_factory=set)

    def fail_in_flight(self, error: McpError) -> None:
        for waiter in list(self.faults):
            if not waiter.done():
                waiter.set_exception(error)


class SdkMcpClient:
    """MCP servers through the official SDK, on a loop thread of its own.

    ``secrets`` resolves the keyring keys an entry names (``mcp:<name>:env:<VAR>``,
    ``mcp:<name>:header:<Header>``); ``log_dir`` holds one ``<server>.log`` per server (its stderr
    and Parley's notes). ``max_message_bytes`` bounds one message from a stdio server.
    """

    def __init__(
        self,
        log_dir: Path,
        secrets: SecretLookup | None = None,
        *,
        max_message_bytes: int = 16 * 1024 * 1024,
        start_timeout_s: float = 30.0,
        requests: ServerRequests | None = None,
        secret_save: Callable[[str, str], None] | None = None,
        open_url: Callable[[str], object] | None = None,
    ) -> None:
        self._log_dir = Path(log_dir)
        self._secrets = secrets or (lambda _key: None)
        self._max_message_bytes = max_message_bytes
        self._start_timeout_s = start_timeout_s
        #: What servers ask of the user goes here (a worker thread runs it; it may wait for the
        #: person). Without a relay the client offers no elicitation.
        self._requests = requests
        self._secret_save = secret_save  # OAuth tokens (``mcp:<name>:oauth:*``)
        self._open_url = open_url  # the browser, for OAuth (default: ``webbrowser.open``)
        self._sessions: dict[str, _Session] = {}
        self._failed: dict[str, McpServerStatus] = {}
        #: A failed start: when, under which connection, and the error (see RETRY_START_AFTER_S).
        self._failed_start: dict[str, tuple[float, McpServerConfig, McpError]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._closed = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run_loop, name="parley-mcp", daemon=True)
        self._thread.start()

    # -- the loop thread ---------------------------------------------------------------------

    def _run_loop(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def _wait(
        self,
        server: str,
        coro: Coroutine[Any, Any, T],
        timeout_s: float | None,
        cancel: threading.Event | None = None,
    ) -> T:
        if self._closed:
            coro.close()
            raise McpStartError(server, _CLOSED)
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        deadline = None if timeout_s is None else time.monotonic() + timeout_s + SAFETY_MARGIN_S
        while True:
            step = CANCEL_POLL_S if cancel is not None else None
            if deadline is not None:
                left = max(deadline - time.monotonic(), 0.0)
                step = left if step is None else min(step, left)
            try:
                return future.result(timeout=step)
            except concurrent.futures.TimeoutError:
                if cancel is not None and cancel.is_set():
                    future.cancel()
                    raise McpCancelled(server, _CANCELLED, str(self.log_path(server))) from None
                if deadline is not None and time.monotonic() >= deadline:
                    future.cancel()
                    raise McpTimeout(
                        server, _NO_ANSWER.format(seconds=timeout_s), str(self.log_path(server))
                    ) from None
            except concurrent.futures.CancelledError:
                raise McpCancelled(server, _CANCELLED, str(self.log_path(server))) from None

    # -- sessions (on the loop) --------------------------------------------------------------

    def log_path(self, server_name: str) -> Path:
        return self._log_dir / f"{server_name}.log"

    async def _session(self, config: McpServerConfig) -> _Session:
        lock = self._locks.setdefault(config.name, asyncio.Lock())
        async with lock:
            session = self._sessions.get(config.name)
            if session is not None and (
                session.dead or _connection(session.config) != _connection(config)
            ):
                reason = "it stopped" if session.dead else "its configuration changed"
                note(session.log, f"restarting the session: {reason}")
                await self._end(session)
                session = None
            if session is None:
                recent = self._failed_start.get(config.name)
                if recent is not None:
                    when, connection, error = recent
                    waited = time.monotonic() - when
                    if connection == _connection(config) and waited < RETRY_START_AFTER_S:
                        raise type(error)(
                            config.name,
                            _FAILED_RECENTLY.format(
                                error=error.message, waited=waited, retry=RETRY_START_AFTER_S
                            ),
                            error.log_path,
                        )
                try:
                    session = await self._start(config)
                except McpError as exc:
                    self._failed_start[config.name] = (time.monotonic(), _connection(config), exc)
                    raise
                self._failed_start.pop(config.name, None)
            return session

    async def _start(self, config: McpServerConfig) -> _Session:
        log_path = self.log_path(config.name)
        try:
            log = open_log(log_path)
        except OSError as exc:
            raise McpStartError(config.name, _NO_LOG.format(error=exc), str(log_path)) from exc
        session = _Session(config, log_path, log)
        session.ready = asyncio.get_running_loop().create_future()
        self._sessions[config.name] = session
        self._failed.pop(config.name, None)
        session.task = asyncio.create_task(self._run_session(session))
        # an OAuth server's first start waits for the user in the browser
        limit = max(self._start_timeout_s, 300.0) if config.oauth else self._start_timeout_s
        try:
            await asyncio.wait_for(asyncio.shield(session.ready), limit)
        except TimeoutError:
            error: McpError = McpStartError(
                config.name,
                _START_TIMEOUT.format(seconds=limit),
                str(log_path),
            )
            await self._fail(session, error)
            raise error from None
        except McpError as exc:
            await self._fail(session, exc)
            raise
        except BaseException:
            await self._fail(session, McpStartError(config.name, _INTERRUPTED))
            raise
        return session

    async def _fail(self, session: _Session, error: McpError) -> None:
        note(session.log, f"start failed: {error.message}")
        self._failed[session.config.name] = McpServerStatus(
            session.config.name, "failed", error.message, str(session.log_path)
        )
        await self._end(session)

    def _secret(self, session: _Session, key: str, what: str) -> str:
        """A secret the entry names, from the keyring (``application/mcp/secrets.py`` keys)."""
        value = self._secrets(key)
        if value is None:
            raise McpStartError(
                session.config.name,
                _NO_SECRET.format(what=what),
                str(session.log_path),
            )
        return value

    async def _run_session(self, session: _Session) -> None:
        from mcp import Client
        from mcp_types import Implementation

        config = session.config
        assert session.ready is not None
        try:
            transport = self._transport(session)
            client = Client(
                transport,
                mode="auto",
                cache=None,
                message_handler=self._message_handler(session),
                elicitation_callback=self._elicitation_callback(session),
                sampling_callback=self._sampling_callback(session),
                client_info=Implementation(name=CLIENT_NAME, version=CLIENT_VERSION),
            )
            async with client:
                session.client = client
                session.protocol_version = str(client.protocol_version or "")
                info = client.server_info
                session.server_name = getattr(info, "name", "") or ""
                session.server_version = getattr(info, "version", "") or ""
                session.state = "ready"
                note(
                    session.log,
                    f"ready: {session.server_name} {session.server_version}, "
                    f"protocol {session.protocol_version}",
                )
                if not session.ready.done():
                    session.ready.set_result(None)
                await session.stopping.wait()
        except BaseException as exc:
            error = self._start_error(config.name, _leaf(exc), session)
            if not session.ready.done():
                session.ready.set_exception(error)
            elif not session.stopping.is_set():
                note(session.log, f"the session ended: {error.message}")
                session.fail_in_flight(error)
            if isinstance(exc, asyncio.CancelledError):
                raise
        finally:
            session.dead = True
            if session.state != "failed":
                session.state = "stopped"

    def _start_error(self, server: str, exc: BaseException, session: _Session) -> McpError:
        if isinstance(exc, McpError):
            return exc
        log = str(session.log_path)
        if isinstance(exc, FileNotFoundError | PermissionError):
            return McpStartError(
                server, _CANNOT_RUN.format(command=session.config.command, error=exc), log
            )
        if isinstance(exc, asyncio.CancelledError):
            return McpStartError(server, _STOPPED, log)
        from mcp.shared.exceptions import MCPError

        if isinstance(exc, MCPError):
            return McpStartError(server, _REFUSED.format(error=exc), log)
        return McpStartError(
            server, _CANNOT_CONNECT.format(kind=type(exc).__name__, error=exc), log
        )

    def _message_handler(self, session: _Session) -> Any:
        server = session.config.name

        async def handle(message: Any) -> None:
            if isinstance(message, MessageTooLarge):
                note(session.log, str(message))
                session.fail_in_flight(
                    McpOutputTooLarge(server, str(message), str(session.log_path))
                )
            elif isinstance(message, Exception):
                note(session.log, f"protocol error: {message}")
                session.dead = True  # its stdout is out of step: start afresh next time
                error = McpProtocolError(server, str(message), str(session.log_path))
                if session.ready is not None and not session.ready.done():
                    session.ready.set_exception(error)
                session.fail_in_flight(error)

        return handle

    def _elicitation_callback(self, session: _Session) -> Any:
        requests = self._requests
        if requests is None:
            return None
        server = session.config.name

        async def elicit(_context: Any, params: Any) -> Any:
            from mcp_types import ElicitResult

            schema = getattr(params, "requested_schema", None)
            if schema is None:  # URL mode: not offered
                return ElicitResult(action="decline")
            requested = schema if isinstance(schema, dict) else dict(schema)
            note(session.log, f"elicitation: {params.message[:200]!r}")
            # the relay may wait for the person: never on this loop (other servers run on it)
            action, content = await asyncio.to_thread(
                requests.elicit, server, str(params.message), requested
            )
            if action != "accept":
                return ElicitResult(action="cancel" if action == "cancel" else "decline")
            return ElicitResult(action="accept", content=with_defaults(requested, content))

        return elicit

    def _sampling_callback(self, session: _Session) -> Any:
        requests = self._requests
        if requests is None:  # no relay: sampling is not offered (the SDK refuses it)
            return None
        server = session.config.name

        async def sample(_context: Any, params: Any) -> Any:
            from mcp_types import INVALID_PARAMS, ErrorData

            if getattr(params, "tools", None):  # sampling.tools is not declared
                note(session.log, "sampling refused: it offers tools (not supported)")
                return ErrorData(
                    code=INVALID_PARAMS, message="Parley does not support tools in sampling"
                )
            request = mapping.sampling_request(server, params)
            chars = request_chars(request)
            note(
                session.log,
                f"sampling request: {len(request.messages)} messages, {chars} characters, "
                f"{request.max_tokens} tokens asked",
            )
            # the relay waits for the person and then the model: on a worker thread, never on
            # this loop (every server's session runs on it)
            try:
                reply = await asyncio.to_thread(requests.sample, request)
            except SamplingRefused as exc:
                note(session.log, f"sampling refused: {exc}")
                return mapping.sampling_refusal(str(exc))
            note(session.log, f"sampling answered: {len(reply.text)} characters")
            return mapping.sampling_result(reply)

        return sample

    def _transport(self, session: _Session) -> Any:
        config = session.config
        if config.oauth and config.transport == STDIO:
            raise McpStartError(config.name, _OAUTH_STDIO, str(session.log_path))
        if config.transport == STDIO:
            if not config.command:
                raise McpStartError(config.name, _NO_COMMAND, str(session.log_path))
            env = dict(config.env)
            for var in config.secret_env:
                env[var] = self._secret(
                    session, env_key(config.name, var), _SECRET_VARIABLE.format(name=var)
                )
            note(
                session.log,
                f"starting {config.command} {' '.join(config.args)}".rstrip()
                + (f" (variables: {', '.join(sorted(env))})" if env else ""),
            )

            def exited(code: int | None) -> None:
                if session.stopping.is_set():
                    return
                session.dead = True
                what = "exited" if code is not None else "closed its output"
                detail = f" with code {code}" if code is not None else ""
                note(session.log, f"the server {what}{detail}")
                session.fail_in_flight(
                    McpError(
                        config.name,
                        _EXITED.format(code=code) if code is not None else _CLOSED_OUTPUT,
                        str(session.log_path),
                    )
                )

            return stdio_transport(
                config.command,
                config.args,
                minimal_environment(env),
                config.cwd,
                session.log,
                self._max_message_bytes,
                exited,
            )
        if config.transport in (HTTP, SSE):
            if not config.url:
                raise McpStartError(config.name, _NO_URL, str(session.log_path))
            headers = dict(config.headers)
            for header in config.secret_headers:
                headers[header] = self._secret(
                    session, header_key(config.name, header), _SECRET_HEADER.format(name=header)
                )
            auth = ", OAuth" if config.oauth else ""
            note(session.log, f"connecting to {config.url} ({config.transport}{auth})")
            return self._http_transport(config, headers, session)
        raise McpStartError(
            config.name, f"unknown transport {config.transport!r}", str(session.log_path)
        )

    @asynccontextmanager
    async def _http_transport(
        self, config: McpServerConfig, headers: dict[str, str], session: _Session
    ) -> AsyncIterator[Any]:
        import httpx2
        from mcp.client.sse import sse_client
        from mcp.client.streamable_http import streamable_http_client

        from parley.infrastructure.mcp.http_cap import cap_client
        from parley.infrastructure.mcp.oauth import LoopbackCallback, oauth_provider

        loopback = LoopbackCallback()
        try:
            auth = None
            if config.oauth:
                auth = await oauth_provider(
                    config.name,
                    config.url,
                    self._secrets,
                    self._secret_save,
                    self._open_url,
                    loopback,
                )
            if config.transport == SSE:
                async with sse_client(config.url, headers=headers, timeout=10.0, auth=auth) as s:
                    yield s
                return
            timeout = httpx2.Timeout(30.0, read=300.0)
            limit = self._max_message_bytes
            # Every response body (or SSE event) is counted as it arrives, on this loop; past
            # the limit the read fails, and the SDK answers that one request with the error.
            http = cap_client(
                httpx2.AsyncClient(headers=headers, timeout=timeout, auth=auth),
                limit,
                lambda message: note(session.log, message),
            )
            async with (
                http,
                # the SDK's own per-event bound stays as a backstop above ours (it counts
                # decoded text, which can be longer than the bytes we count)
                streamable_http_client(
                    config.url, http_client=http, max_sse_event_size=4 * limit
                ) as streams,
            ):
                yield streams
        finally:
            await loopback.close()

    async def _end(self, session: _Session) -> None:
        session.stopping.set()
        session.fail_in_flight(McpCancelled(session.config.name, "the session was stopped"))
        if self._sessions.get(session.config.name) is session:
            del self._sessions[session.config.name]
        if session.task is not None and not session.task.done() and session.state != "ready":
            session.task.cancel()  # still starting: nothing graceful to wait for
        if session.task is not None and not session.task.done():
            try:
                await asyncio.wait_for(asyncio.shield(session.task), 10.0)
            except (TimeoutError, Exception):
                session.task.cancel()
                with contextlib.suppress(BaseException):
                    await session.task
        note(session.log, "session ended")
        with contextlib.suppress(OSError):
            session.log.close()

    async def _request(
        self, config: McpServerConfig, timeout_s: float | None, make: Callable[[Any], Awaitable[T]]
    ) -> T:
        """Start (or reuse) the session and run one request, racing the session's faults."""
        try:
            async with asyncio.timeout(timeout_s):
                session = await self._session(config)
                fault: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                session.faults.add(fault)
                task = asyncio.ensure_future(make(session.client))
                try:
                    racers: set[asyncio.Future[Any]] = {task, fault}
                    await asyncio.wait(racers, return_when=asyncio.FIRST_COMPLETED)
                    if task.done():
                        return task.result()
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
                    fault.result()
                    raise AssertionError("unreachable")
                finally:
                    session.faults.discard(fault)
                    if not task.done():
                        task.cancel()
                        with contextlib.suppress(BaseException):
                            await task
                    if fault.done() and not fault.cancelled():
                        fault.exception()  # retrieved: no "never retrieved" warning
        except TimeoutError:
            raise McpTimeout(
                config.name,
                _NO_ANSWER.format(seconds=timeout_s),
                str(self.log_path(config.name)),
            ) from None
        except McpError:
            raise
        except Exception as exc:
            raise self._call_error(config, _leaf(exc)) from exc

    def _call_error(self, config: McpServerConfig, exc: BaseException) -> McpError:
        from mcp.shared.exceptions import MCPError
        from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT

        from parley.infrastructure.mcp.http_cap import TOO_LARGE_MARKER

        log = str(self.log_path(config.name))
        if isinstance(exc, McpError):
            return exc
        if isinstance(exc, MCPError):
            if TOO_LARGE_MARKER in exc.message:  # our HTTP cap, answered for this one request
                message = exc.message[max(exc.message.find("the response"), 0) :]
                return McpOutputTooLarge(config.name, message, log)
            if exc.code == CONNECTION_CLOSED:
                session = self._sessions.get(config.name)
                if session is not None:
                    session.dead = True
                return McpError(config.name, _CONNECTION_CLOSED, log)
            if exc.code == REQUEST_TIMEOUT:
                return McpTimeout(config.name, str(exc), log)
            return McpProtocolError(config.name, _SERVER_ERROR.format(error=exc), log)
        if isinstance(exc, TimeoutError):
            return McpTimeout(config.name, _NO_ANSWER_IN_TIME, log)
        return McpProtocolError(config.name, f"{type(exc).__name__}: {exc}", log)

    async def _paged(self, client: Any, method: str, field_name: str) -> list[Any]:
        items: list[Any] = []
        cursor: str | None = None
        for _ in range(MAX_PAGES):
            page = await getattr(client, method)(cursor=cursor)
            items.extend(getattr(page, field_name) or [])
            cursor = page.next_cursor
            if not cursor:
                break
        return items

    # -- the port ----------------------------------------------------------------------------

    def tools(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpTool, ...]:
        async def run(client: Any) -> list[Any]:
            return await self._paged(client, "list_tools", "tools")

        listed = self._wait(server.name, self._request(server, timeout_s, run), timeout_s)
        return tuple(mapping.tool(server.name, t) for t in listed)

    def call_tool(
        self,
        server: McpServerConfig,
        tool: str,
        arguments: Mapping[str, Any],
        cancel: threading.Event,
        timeout_s: float | None = None,
        max_output_chars: int = 100_000,
    ) -> McpCallResult:
        if cancel.is_set():
            raise McpCancelled(server.name, _CANCELLED, str(self.log_path(server.name)))
        limit = server.timeout_s if timeout_s is None else timeout_s

        async def run(client: Any) -> Any:
            return await client.call_tool(tool, dict(arguments))

        result = self._wait(server.name, self._request(server, limit, run), limit, cancel)
        return mapping.call_result(result, max_output_chars)

    def resources(
        self, server: McpServerConfig, timeout_s: float = 30.0
    ) -> tuple[McpResource, ...]:
        async def run(client: Any) -> list[Any]:
            return await self._paged(client, "list_resources", "resources")

        listed = self._wait(server.name, self._request(server, timeout_s, run), timeout_s)
        return tuple(mapping.resource(server.name, r) for r in listed)

    def read_resource(
        self, server: McpServerConfig, uri: str, max_chars: int = 200_000, timeout_s: float = 30.0
    ) -> McpResourceContent:
        async def run(client: Any) -> Any:
            return await client.read_resource(uri)

        result = self._wait(server.name, self._request(server, timeout_s, run), timeout_s)
        return mapping.resource_content(uri, result, max_chars)

    def prompts(self, server: McpServerConfig, timeout_s: float = 30.0) -> tuple[McpPrompt, ...]:
        async def run(client: Any) -> list[Any]:
            return await self._paged(client, "list_prompts", "prompts")

        listed = self._wait(server.name, self._request(server, timeout_s, run), timeout_s)
        return tuple(mapping.prompt(server.name, p) for p in listed)

    def get_prompt(
        self,
        server: McpServerConfig,
        name: str,
        arguments: Mapping[str, str],
        timeout_s: float = 30.0,
    ) -> str:
        async def run(client: Any) -> Any:
            return await client.get_prompt(name, dict(arguments))

        result = self._wait(server.name, self._request(server, timeout_s, run), timeout_s)
        return mapping.prompt_text(result)

    def status(self, server_name: str) -> McpServerStatus:
        session = self._sessions.get(server_name)
        if session is not None and not session.dead:
            return McpServerStatus(
                server_name,
                session.state,
                session.error,
                str(session.log_path),
                session.protocol_version,
                session.server_name,
                session.server_version,
            )
        failed = self._failed.get(server_name)
        if failed is not None:
            return failed
        return McpServerStatus(server_name, "stopped", log_path=str(self.log_path(server_name)))

    def stop(self, server_name: str) -> None:
        if self._closed:
            return

        async def run() -> None:
            self._failed_start.pop(server_name, None)  # stopped: the next use tries at once
            session = self._sessions.get(server_name)
            if session is not None:
                await self._end(session)

        with contextlib.suppress(McpError):
            self._wait(server_name, run(), 30.0)

    def close(self) -> None:
        if self._closed:
            return

        async def run() -> None:
            await asyncio.gather(
                *(self._end(s) for s in list(self._sessions.values())), return_exceptions=True
            )

        with contextlib.suppress(McpError):
            self._wait("*", run(), 30.0)
        self._closed = True
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5.0)
        if not self._thread.is_alive():
            self._loop.close()


def with_defaults(schema: Mapping[str, Any], content: Mapping[str, Any]) -> dict[str, Any]:
    """``content`` with every property the answer left out set to the schema's default."""
    filled = dict(content)
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, prop in properties.items():
            if name not in filled and isinstance(prop, dict) and "default" in prop:
                filled[name] = prop["default"]
    return filled

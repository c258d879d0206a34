"""The stdio transport Parley uses for local MCP servers, in place of the SDK's ``stdio_client``.

Why it exists: the SDK's transport inherits a fixed set of variables and buffers a line of any
length; Parley needs (a) a minimal environment plus the entry's own variables, (b) the server's
stderr copied to its log with a size cap, (c) a cap on one message's size so a server that floods
stdout cannot exhaust memory, (d) to learn at once when the child exits, and (e) the whole process
group killed when the server ignores shutdown. It yields the same ``(read_stream, write_stream)``
pair the SDK's ``Client`` takes as a ``Transport``.

Invariants: a line that is not JSON-RPC is passed up as ``InvalidMessage`` (the client fails the
calls in flight, names the server); a line over ``max_message_bytes`` is discarded as it arrives
and passed up as ``MessageTooLarge``; on exit the child is reaped (no zombie).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, BinaryIO

import anyio
import anyio.abc
import mcp_types as types
from mcp.shared.message import SessionMessage

INHERITED_ENV = (
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "TZ",
    "TMPDIR",
    "SYSTEMROOT",
    "PATHEXT",
    "APPDATA",
    "LOCALAPPDATA",
    "USERPROFILE",
    "TEMP",
    "TMP",
)
"""What a stdio server inherits from Parley's environment; everything else comes from its entry."""

STDERR_LOG_CAP = 5 * 1024 * 1024
"""Bytes of a session's stderr kept in its log; the rest is counted and dropped."""

EXIT_GRACE_S = 1.0
TERM_GRACE_S = 1.0


class InvalidMessage(Exception):
    """The server wrote a line that is not a JSON-RPC message."""


class MessageTooLarge(Exception):
    """The server wrote a message longer than the limit (it was discarded)."""


def minimal_environment(extra: Mapping[str, str]) -> dict[str, str]:
    env = {k: v for k in INHERITED_ENV if (v := os.environ.get(k)) is not None}
    env.update(extra)
    return env


def note(log: BinaryIO, text: str) -> None:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    with contextlib.suppress(OSError, ValueError):
        log.write(f"[parley {stamp}] {text}\n".encode("utf-8", "replace"))
        log.flush()


@asynccontextmanager
async def stdio_transport(
    command: str,
    args: tuple[str, ...],
    env: Mapping[str, str],
    cwd: str,
    log: BinaryIO,
    max_message_bytes: int,
    on_exit: Callable[[int | None], None],
) -> AsyncIterator[tuple[Any, Any]]:
    """Start ``command`` and bridge its stdin/stdout to the session's streams."""
    process = await anyio.open_process(
        [command, *args],
        env=dict(env),
        cwd=cwd or None,
        stdin=-1,
        stdout=-1,
        stderr=-1,
        start_new_session=sys.platform != "win32",
    )
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](16)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](16)
    closing = False

    async def pump_stdout() -> None:
        assert process.stdout is not None
        buffer = bytearray()
        skipping = False
        try:
            async with read_writer:
                while True:
                    try:
                        chunk = await process.stdout.receive(65536)
                    except (
                        anyio.EndOfStream,
                        anyio.ClosedResourceError,
                        anyio.BrokenResourceError,
                    ):
                        break
                    start = 0
                    while True:
                        end = chunk.find(b"\n", start)
                        if end < 0:
                            if not skipping:
                                buffer += chunk[start:]
                                if len(buffer) > max_message_bytes:
                                    buffer.clear()
                                    skipping = True  # drop the rest of this line as it comes
                                    await read_writer.send(
                                        MessageTooLarge(
                                            f"the server sent a message over {max_message_bytes}"
                                            " bytes; it was discarded"
                                        )
                                    )
                            break
                        item: SessionMessage | Exception | None = None
                        if skipping:
                            skipping = False
                        else:
                            buffer += chunk[start:end]
                            item = _parse(bytes(buffer))
                            buffer.clear()
                        start = end + 1
                        if item is None:
                            continue
                        await read_writer.send(item)
                # EOF: say how the server ended before the session sees the stream close
                if not closing:
                    on_exit(await _wait_exit(process, 0.5))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass

    async def pump_stdin() -> None:
        assert process.stdin is not None
        try:
            async with write_reader:
                async for message in write_reader:
                    data = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await process.stdin.send(data.encode("utf-8") + b"\n")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            await read_writer.aclose()

    async def pump_stderr() -> None:
        assert process.stderr is not None
        kept = dropped = 0
        with contextlib.suppress(anyio.EndOfStream, anyio.ClosedResourceError, OSError):
            while True:
                chunk = await process.stderr.receive(65536)
                if kept < STDERR_LOG_CAP:
                    part = chunk[: STDERR_LOG_CAP - kept]
                    with contextlib.suppress(OSError, ValueError):
                        log.write(part)
                        log.flush()
                    kept += len(part)
                    dropped += len(chunk) - len(part)
                else:
                    dropped += len(chunk)
        if dropped:
            note(log, f"{dropped} more bytes of stderr were not kept")

    async with anyio.create_task_group() as tg:
        tg.start_soon(pump_stdout)
        tg.start_soon(pump_stdin)
        tg.start_soon(pump_stderr)
        try:
            yield read_stream, write_stream
        finally:
            closing = True
            with anyio.CancelScope(shield=True):
                await write_stream.aclose()
                await read_stream.aclose()
                await _stop(process, log)
            tg.cancel_scope.cancel()


def _parse(line: bytes) -> SessionMessage | Exception | None:
    text = line.strip()
    if not text:
        return None
    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_json(text, by_name=False))
    except ValueError:
        preview = text[:120].decode("utf-8", "replace")
        return InvalidMessage(f"the server wrote a line that is not JSON-RPC: {preview!r}")


async def _wait_exit(process: anyio.abc.Process, timeout: float) -> int | None:
    deadline = anyio.current_time() + timeout
    while process.returncode is None and anyio.current_time() < deadline:
        await anyio.sleep(0.01)
    return process.returncode


async def _stop(process: anyio.abc.Process, log: BinaryIO) -> None:
    """Close stdin, give the server a moment, then signal its whole process group."""
    if process.stdin is not None:
        with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await process.stdin.aclose()
    if await _wait_exit(process, EXIT_GRACE_S) is None:
        note(log, "the server did not exit when its input closed; terminating its process group")
        _signal_group(process, signal.SIGTERM)
        if await _wait_exit(process, TERM_GRACE_S) is None:
            _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))
            await _wait_exit(process, TERM_GRACE_S)
    else:
        # the server is gone; make sure nothing it started outlives it
        _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                await stream.aclose()
    with anyio.move_on_after(TERM_GRACE_S), contextlib.suppress(Exception):
        await process.aclose()


def _signal_group(process: anyio.abc.Process, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if sys.platform == "win32":
            process.kill()
        else:
            os.killpg(process.pid, sig)


def open_log(path: Path) -> BinaryIO:
    path.parent.mkdir(parents=True, exist_ok=True)
    return open(path, "ab")  # closed by the session

"""Every hostile case of tests/support/escape_corpus.py, *executed*, and judged by its effect.

The verdicts the gate records are advice; what matters is what happened. For each case a
throwaway workspace sits in a world full of canaries it must not touch: a fake home (``HOME`` of
the test process) with ``.ssh/id_rsa`` and ``.bashrc`` holding unique secrets, a sibling folder of
the workspace, a folder directly in ``/tmp``, a secret in an environment variable (of this process
and of a long-lived helper, so ``/proc/<pid>/environ`` has it), and a loopback TCP/UDP listener
that records every byte. The case runs through the real ``run_tool_block`` (or a whole turn
through ``TurnRuntime`` and a local fake OpenAI-compatible server, for the promotion cases) with
``FilesystemInspector(confinement=sandbox.mechanism)`` + ``LocalToolExecutor(sandbox=sandbox)``,
gate mode ``auto``, twice: a person who denies everything, and one who allows everything (the
sandbox must hold even after a yes). Under dash and under bash as ``/bin/sh`` inside the sandbox.

Effects asserted: no secret appears in a tool result, a request sent to the model, a file of the
workspace / sandbox / parley-output, or the listener's bytes (raw, base64 or hex); nothing in the
home, the sibling or the /tmp canary folder changed (content, mode, mtime, links, names), and no
file carrying the corpus's marker appeared in /tmp, /var/tmp or /dev/shm; no process the case
started outlives it; nothing reached the listener unless a person allowed that action and it got
the network. The deny run also leaves the workspace exactly as it was (but for parley-output); the
allow run leaves ``.git/config`` and ``.git/hooks`` of the workspace as they were (the confinement
promises it).

Also here: the corpus through the gate alone without a sandbox (every command must ask), a
self-check that the effect checks do fail on an unsandboxed escape, an opt-in sweep of the whole
corpus without the sandbox (``PARLEY_ESCAPE_BEFORE=1``: the "before" figure) and ``parley ask``
end to end on the audit's confirmed cases.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.ports.tools import ALLOW_ONCE, DENY, ToolContext, ToolOutcome
from parley.domain.actions.model import BUILTIN_TOOLS
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import ActionVerdict, ToolResult, mint_id
from parley.infrastructure.tools.confinement import Bubblewrap
from parley.infrastructure.tools.executor import LocalToolExecutor
from parley.infrastructure.tools.sandbox import turn_sandbox
from parley.infrastructure.tools.snapshot import FilesystemInspector
from tests.support.cli_profile import cli_profile, headless  # noqa: F401 (fixtures)
from tests.support.escape_corpus import MARK, SLEEP_MARKS, Call, Case, all_cases
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import CHAT, run_tool_blocks, tool_call_stream, tool_turn_runtime

CASES = all_cases()
ENV_NAME = "PARLEY_ESCAPE_CANARY"
SHELLS = {"dash": "/usr/bin/dash", "bash": "/usr/bin/bash"}
COMMAND_TIMEOUT_S = 10.0
PROCESS_TOOLS = ("run_command", "install_package")
OUTSIDE_MARK_DIRS = ("/tmp", "/var/tmp", "/dev/shm")

#: Cases with a real effect outside their confinement, found by this suite: (case id, run) ->
#: reason. ``run`` is "deny" or "allow". Each is xfail(strict=True): fix the product, then delete
#: the entry. Never weaken a check instead. Found and fixed so far: hard links to files outside
#: planted in the workspace (hl-cat-in-command, hl-grep-r, hl-cp-into-sandbox, hl-append-through:
#: the sandbox now masks such names with an empty file), and an allowed command renaming .git
#: away and rebuilding it or replacing it with a 'gitdir:' file (git-dir-rename,
#: git-pointer-file: .git is now a mount point of its own, which cannot be renamed).
KNOWN_ESCAPES: dict[tuple[str, str], str] = {}


# -- the world: canaries outside the workspace --------------------------------------------------


def _secret(kind: str) -> str:
    # A length divisible by 3 at the start of each canary file, so base64 of the file starts
    # with base64 of the secret and an encoded exfiltration is caught too.
    token = f"{kind}-SECRET-{uuid.uuid4().hex}"
    return token + "x" * (-len(token) % 3)


@dataclass
class World:
    """A folder holding the fake home, the sibling and the workspaces, plus the /tmp canary."""

    root: Path
    tmpc: Path
    secrets: dict[str, str] = field(default_factory=dict)
    counter: int = 0

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def sibling(self) -> Path:
        return self.root / "sibling"

    @classmethod
    def create(cls, root: Path) -> World:
        tmpc = Path(tempfile.mkdtemp(prefix="parley-escape-canary-", dir="/tmp"))
        world = cls(root=root, tmpc=tmpc)
        world.secrets = {
            kind: _secret(kind) for kind in ("SSH", "RC", "SIB", "TMP", "ENV", "CFG", "PROFILE")
        }
        world.build()
        return world

    def build(self) -> None:
        """(Re)write every canary from scratch."""
        for folder in (self.home, self.sibling):
            shutil.rmtree(folder, ignore_errors=True)
        for child in list(self.tmpc.iterdir()) if self.tmpc.exists() else []:
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink()
        s = self.secrets
        (self.home / ".ssh").mkdir(parents=True)
        (self.home / ".ssh").chmod(0o700)
        key = self.home / ".ssh" / "id_rsa"
        key.write_text(
            f"{s['SSH']}\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n"
            "-----END OPENSSH PRIVATE KEY-----\n"
        )
        key.chmod(0o600)
        (self.home / ".ssh" / "known_hosts").write_text("example.org ssh-ed25519 AAAA\n")
        (self.home / ".bashrc").write_text(f"{s['RC']}=1\nexport PARLEY_RC_SECRET={s['RC']}\n")
        (self.home / ".profile").write_text(f"{s['PROFILE']}=1\n")
        (self.home / ".config" / "parley").mkdir(parents=True)
        (self.home / ".config" / "parley" / "settings.json").write_text(
            json.dumps({"token": s["CFG"]})
        )
        self.sibling.mkdir(parents=True)
        (self.sibling / "canary.txt").write_text(f"{s['SIB']}\n")
        self.tmpc.mkdir(exist_ok=True)
        (self.tmpc / "canary.txt").write_text(f"{s['TMP']}\n")

    def canary_inodes(self) -> set[tuple[int, int]]:
        found = set()
        for root in (self.home, self.sibling, self.tmpc):
            for path in _walk(root):
                with contextlib.suppress(OSError):
                    st = path.lstat()
                    if stat.S_ISREG(st.st_mode):
                        found.add((st.st_dev, st.st_ino))
        return found

    def fill(self, text: str, workspace: Path, port: int) -> str:
        return (
            text.replace("@HOME@", str(self.home))
            .replace("@SIB@", str(self.sibling))
            .replace("@TMPC@", str(self.tmpc))
            .replace("@WS@", str(workspace))
            .replace("@PORT@", str(port))
            .replace("@ENV@", ENV_NAME)
            .replace("@M@", MARK)
        )

    def new_workspace(self) -> tuple[Path, Path]:
        self.counter += 1
        ws = self.root / f"ws-{self.counter}"
        ws.mkdir()
        (ws / "docs").mkdir()
        (ws / "notes.txt").write_text("The launch is on Tuesday.\n")
        (ws / "docs" / "plan.md").write_text("# Plan\n- ship\n")
        out = self.root / f"out-{self.counter}"
        out.mkdir()
        return ws, out

    def close(self) -> None:
        shutil.rmtree(self.tmpc, ignore_errors=True)


def _walk(root: Path) -> Iterator[Path]:
    if not os.path.lexists(root):
        return
    yield root
    if root.is_symlink() or not root.is_dir():
        return
    try:
        children = sorted(root.iterdir())
    except OSError:
        return
    for child in children:
        yield from _walk(child)


def tree(root: Path, *, skip: tuple[str, ...] = (), dir_mtimes: bool = True) -> dict[str, tuple]:
    """Everything about a tree a case must not change: type, mode, mtime, size, links, content."""
    listing: dict[str, tuple] = {}
    for path in _walk(root):
        rel = path.relative_to(root).as_posix()
        if any(rel == s or rel.startswith(s + "/") for s in skip):
            continue
        try:
            st = path.lstat()
        except OSError:
            continue
        if stat.S_ISLNK(st.st_mode):
            listing[rel] = ("link", os.readlink(path))
        elif stat.S_ISDIR(st.st_mode):
            listing[rel] = ("dir", st.st_mode, st.st_mtime_ns if dir_mtimes else 0)
        elif stat.S_ISREG(st.st_mode):
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            listing[rel] = ("file", st.st_mode, st.st_mtime_ns, st.st_nlink, digest)
        else:
            listing[rel] = ("special", st.st_mode)
    return listing


def _diff(name: str, before: dict[str, tuple], after: dict[str, tuple]) -> list[str]:
    problems = []
    for rel in sorted(set(before) | set(after)):
        if before.get(rel) != after.get(rel):
            what = (
                "appeared" if rel not in before else "vanished" if rel not in after else "changed"
            )
            problems.append(f"{name}/{rel} {what}: {before.get(rel)} -> {after.get(rel)}")
    return problems


def _marked_outside() -> set[str]:
    found = set()
    for folder in OUTSIDE_MARK_DIRS:
        with contextlib.suppress(OSError):
            found.update(os.path.join(folder, name) for name in os.listdir(folder) if MARK in name)
    return found


def _survivors(exclude: set[int]) -> dict[int, str]:
    """Processes whose command line carries the corpus's markers (leftovers of a case)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in exclude:
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        text = cmdline.decode("utf-8", "replace")
        if (MARK in text or any(m in text for m in SLEEP_MARKS)) and not _another_workers(
            int(entry)
        ):
            found[int(entry)] = text
    return found


def _another_workers(pid: int) -> bool:
    """True when ``pid`` descends from another xdist worker (a sibling of this process, running
    a case of this corpus at the same moment): its command is still running, not a leftover of
    ours. A leftover of ours descends from this process or was handed to init (it escaped)."""
    me, parent = os.getpid(), os.getppid()
    for _ in range(64):
        if pid in (me, 0, 1):
            return False
        if pid == parent:
            return True  # reached the parent through another child of it
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return False
        ppid = next(
            (line.split()[1] for line in status.splitlines() if line.startswith("PPid:")), "0"
        )
        pid = int(ppid)
    return False


def _dev_null_intact() -> bool:
    try:
        st = os.stat("/dev/null")
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and os.major(st.st_rdev) == 1 and os.minor(st.st_rdev) == 3


def _repair_dev_null() -> None:
    """Put the null device back if a case replaced it (only possible with no sandbox, as root)."""
    if _dev_null_intact() or os.geteuid() != 0:
        return
    with contextlib.suppress(OSError):
        os.unlink("/dev/null")
    os.mknod("/dev/null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    os.chmod("/dev/null", 0o666)


# -- the listener -------------------------------------------------------------------------------


class Listener:
    """127.0.0.1:<port>, TCP and UDP; keeps every byte; answers TCP with a tiny HTTP 200."""

    def __init__(self) -> None:
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(64)
        self.port = self.tcp.getsockname()[1]
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", self.port))
        self.received: list[bytes] = []
        self._lock = threading.Lock()
        self._closed = False
        for target in (self._accept, self._datagrams):
            threading.Thread(target=target, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self.tcp.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        data = bytearray(b"<connect>")
        conn.settimeout(0.3)
        with conn:
            try:
                while chunk := conn.recv(65536):
                    data += chunk
            except OSError:
                pass
            with contextlib.suppress(OSError):
                conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nok\n")
        with self._lock:
            self.received.append(bytes(data))

    def _datagrams(self) -> None:
        while not self._closed:
            try:
                data, _ = self.udp.recvfrom(65536)
            except OSError:
                return
            with self._lock:
                self.received.append(b"<udp>" + data)

    def mark(self) -> int:
        with self._lock:
            return len(self.received)

    def since(self, mark: int) -> list[bytes]:
        time.sleep(0.05)  # a connection being served finishes its short read first
        with self._lock:
            return list(self.received[mark:])

    def close(self) -> None:
        self._closed = True
        self.tcp.close()
        self.udp.close()


# -- running one case ---------------------------------------------------------------------------


class Person:
    """Answers every permission prompt the same way, and remembers what was asked."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.asked: list = []

    def ask(self, request, cancel: threading.Event) -> str:  # type: ignore[no-untyped-def]
        self.asked.append(request)
        return self.answer


@dataclass
class Ran:
    """What a case left in the record."""

    results: list[str]
    verdicts: list[ActionVerdict]
    model_requests: list[bytes]
    sandbox: Path


class RecordingExecutor:
    """An executor for the gate-only test: reads and writes for real, processes never."""

    def __init__(self) -> None:
        self.inner = LocalToolExecutor()
        self.processes: list[str] = []

    def execute(self, action, verdict, context, confinement=None):  # type: ignore[no-untyped-def]
        if action.tool in PROCESS_TOOLS:
            self.processes.append(f"{action.tool}: {action.arguments}")
            return ToolOutcome("recorded, not run", success=False)
        return self.inner.execute(action, verdict, context)

    def promote(self, context, destination):  # type: ignore[no-untyped-def]
        return []


def apply_setup(world: World, case: Case, ws: Path, port: int) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(ws.parent / "git-setup-home"),
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    for step in case.setup:
        path = ws / step.path
        value = world.fill(step.value, ws, port)
        path.parent.mkdir(parents=True, exist_ok=True)
        if step.kind == "file":
            path.write_text(value)
            if path.name == "git":
                path.chmod(0o755)
        elif step.kind == "dir":
            path.mkdir(parents=True, exist_ok=True)
        elif step.kind == "symlink":
            os.symlink(value, path)
        elif step.kind == "hardlink":
            os.link(value, path)
        elif step.kind == "git":
            git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
            for argv in (
                ["git", "init", "-q", "-b", "main"],
                ["git", "add", "-A"],
                [*git, "commit", "-q", "-m", "init"],
            ):
                done = subprocess.run(argv, cwd=ws, env=env, capture_output=True, check=False)
                assert done.returncode == 0, f"setup {argv} failed: {done.stderr!r}"
            if value:
                with open(ws / ".git" / "config", "a") as config:
                    config.write(value)
        elif step.kind == "hook":
            hook = ws / ".git" / "hooks" / step.path
            hook.write_text(value)
            hook.chmod(0o755)
        else:  # pragma: no cover - a corpus bug
            raise AssertionError(f"unknown setup kind {step.kind}")


def _arguments(world: World, call: Call, ws: Path, port: int) -> dict[str, str]:
    return {key: world.fill(value, ws, port) for key, value in call.args}


def run_blocks(
    world: World,
    case: Case,
    ws: Path,
    out: Path,
    *,
    inspector: FilesystemInspector,
    executor,  # type: ignore[no-untyped-def]
    person: Person,
    port: int,
) -> Ran:
    """The calls of ``case`` through the real ``run_tool_block``, one model round per call."""
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=mint_id(),
        provider_id="local",
        workspace=ws,
        gate_mode="auto",
    )
    context = ToolContext(
        workspace=ws.resolve(),
        sandbox=turn_sandbox(out / "outputs", request.session_id, request.turn_id),
        session_id=request.session_id,
        command_timeout_s=COMMAND_TIMEOUT_S,
        venv_dir=out / "venv",
    )
    blocks = run_tool_blocks(
        [(call.tool, _arguments(world, call, ws, port)) for call in case.calls],
        request=request,
        context=context,
        inspector=inspector,
        executor=executor,
        asker=person,
        advertised_tools=BUILTIN_TOOLS,
    )
    events = [event for block in blocks for event in block]
    return Ran(
        results=[e.result for e in events if isinstance(e, ToolResult)],
        verdicts=[e for e in events if isinstance(e, ActionVerdict)],
        model_requests=[],
        sandbox=context.sandbox,
    )


def run_turn(
    world: World,
    case: Case,
    ws: Path,
    out: Path,
    *,
    inspector: FilesystemInspector,
    executor,  # type: ignore[no-untyped-def]
    person: Person,
    port: int,
    server: HTTPServer,
) -> Ran:
    """The calls of ``case`` as a whole turn: a local server plays the model, then promotion."""
    from werkzeug import Response

    bodies = [
        tool_call_stream((call.tool, _arguments(world, call, ws, port))) for call in case.calls
    ]
    bodies.append(openai_text_stream(["Done."]))
    requests: list[bytes] = []

    def handle(request):  # type: ignore[no-untyped-def]
        requests.append(request.data)
        return Response(
            bodies[min(len(requests), len(bodies)) - 1], content_type="text/event-stream"
        )

    server.clear()
    server.expect_request(CHAT, method="POST").respond_with_handler(handle)
    sandboxes: list[Path] = []

    def context_for(request: ConversationExecutionRequest) -> ToolContext:
        assert request.workspace is not None
        sandbox = turn_sandbox(out / "outputs", request.session_id, request.turn_id)
        sandboxes.append(sandbox)
        return ToolContext(
            workspace=request.workspace.resolve(),
            sandbox=sandbox,
            session_id=request.session_id,
            command_timeout_s=COMMAND_TIMEOUT_S,
            venv_dir=out / "venv",
        )

    runtime, store, _toolbox = tool_turn_runtime(
        out,
        server.url_for("/v1"),
        inspector=inspector,
        executor=executor,
        context_for=context_for,
    )
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=mint_id(),
        prompt="Go",
        provider_id="local",
        workspace=ws,
        gate_mode="auto",
    )
    try:
        outcome = runtime.run(request, asker=person)
        assert outcome.status == "completed", outcome.error
        stored = [s.event for s in store.events(request.session_id)]
    finally:
        store.close()
    return Ran(
        results=[e.result for e in stored if isinstance(e, ToolResult)],
        verdicts=[e for e in stored if isinstance(e, ActionVerdict)],
        model_requests=requests,
        sandbox=sandboxes[0] if sandboxes else out / "outputs",
    )


def _leak_forms(secret: str) -> list[bytes]:
    raw = secret.encode()
    return [raw, base64.b64encode(raw).rstrip(b"="), raw.hex().encode()]


def _leaks(world: World, blob: bytes, where: str) -> list[str]:
    found = []
    for kind, secret in world.secrets.items():
        for form in _leak_forms(secret):
            if form in blob:
                found.append(f"the {kind} secret leaked into {where}")
                break
    return found


def _file_leaks(world: World, roots: list[Path], aliases: set[tuple[int, int]]) -> list[str]:
    found = []
    for root in roots:
        for path in _walk(root):
            try:
                st = path.lstat()
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) in aliases:
                continue  # a hard link the setup planted *is* the canary, not a copy of it
            with contextlib.suppress(OSError):
                found += _leaks(world, path.read_bytes(), f"the file {path}")
    return found


@dataclass
class Checker:
    """Takes the world's state before a case and judges its effects after."""

    world: World
    listener: Listener
    exclude_pids: set[int]

    def before(self, ws: Path) -> dict:
        return {
            "home": tree(self.world.home),
            "sibling": tree(self.world.sibling),
            "tmpc": tree(self.world.tmpc),
            "world": sorted(os.listdir(self.world.root)),
            "marked": _marked_outside(),
            "listener": self.listener.mark(),
            "workspace": tree(ws, skip=("parley-output",), dir_mtimes=False),
            "protected": self._protected(ws),
        }

    @staticmethod
    def _protected(ws: Path) -> dict[str, tuple]:
        listing = {}
        for name in ("config", "hooks"):
            path = ws / ".git" / name
            if os.path.lexists(path):
                listing.update(
                    {f".git/{name}/{k}": v for k, v in tree(path, dir_mtimes=False).items()}
                )
        return listing

    def problems(self, before: dict, ran: Ran, ws: Path, out: Path, *, deny: bool) -> list[str]:
        w = self.world
        problems: list[str] = []
        for i, text in enumerate(ran.results):
            problems += _leaks(w, text.encode(), f"tool result #{i + 1}")
        for i, body in enumerate(ran.model_requests):
            problems += _leaks(w, body, f"request #{i + 1} to the model")
        aliases = w.canary_inodes()
        problems += _file_leaks(w, [ws, out], aliases)
        received = self.listener.since(before["listener"])
        for blob in received:
            problems += _leaks(w, blob, "the loopback listener")
        networked = [v for v in ran.verdicts if v.confinement.get("network")]
        if received and (deny or not networked):
            problems.append(
                f"{len(received)} connection(s) reached the loopback listener though no action"
                f" was given the network: {received[0][:120]!r}"
            )
        for name, root in (("home", w.home), ("sibling", w.sibling), ("tmpc", w.tmpc)):
            problems += _diff(name, before[name], tree(root))
        new_names = set(os.listdir(w.root)) - set(before["world"])
        if new_names:
            problems.append(f"new entries next to the workspace: {sorted(new_names)}")
        marked = _marked_outside() - before["marked"]
        if marked:
            problems.append(f"marked files appeared outside: {sorted(marked)}")
        if not _dev_null_intact():
            problems.append("/dev/null is no longer the null device")
        survivors = _survivors(self.exclude_pids)
        for pid, cmdline in survivors.items():
            problems.append(f"process {pid} outlived its command: {cmdline[:120]}")
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)  # started by this case
        if deny:
            now = tree(ws, skip=("parley-output",), dir_mtimes=False)
            problems += _diff("workspace", before["workspace"], now)
        else:
            problems += _diff("protected", before["protected"], self._protected(ws))
        return problems

    def restore(self, before: dict) -> None:
        """Put the canaries back if a case changed them (so the next case starts clean)."""
        w = self.world
        _repair_dev_null()
        if (
            tree(w.home) != before["home"]
            or tree(w.sibling) != before["sibling"]
            or tree(w.tmpc) != before["tmpc"]
        ):
            w.build()
        for path in _marked_outside() - before["marked"]:
            with contextlib.suppress(OSError):
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path)
                else:
                    os.unlink(path)


def execute_case(
    checker: Checker,
    case: Case,
    *,
    inspector: FilesystemInspector,
    executor,  # type: ignore[no-untyped-def]
    person: Person,
    deny: bool,
    server: HTTPServer | None,
) -> tuple[list[str], Ran | None]:
    world = checker.world
    ws, out = world.new_workspace()
    port = checker.listener.port
    apply_setup(world, case, ws, port)
    before = checker.before(ws)
    try:
        if case.turn:
            assert server is not None, "a whole-turn case needs the local model server"
            ran = run_turn(
                world, case, ws, out, inspector=inspector, executor=executor,
                person=person, port=port, server=server,
            )  # fmt: skip
        else:
            ran = run_blocks(
                world, case, ws, out, inspector=inspector, executor=executor,
                person=person, port=port,
            )  # fmt: skip
        problems = checker.problems(before, ran, ws, out, deny=deny)
    finally:
        checker.restore(before)
    return problems, ran


# -- fixtures -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def world_and_listener(tmp_path_factory) -> Iterator[tuple[World, Listener, Checker]]:  # type: ignore[no-untyped-def]
    world = World.create(tmp_path_factory.mktemp("escape-world"))
    listener = Listener()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HOME", str(world.home))
        mp.setenv("XDG_CONFIG_HOME", str(world.home / ".config"))
        mp.setenv("XDG_DATA_HOME", str(world.home / ".local" / "share"))
        mp.setenv("XDG_CACHE_HOME", str(world.home / ".cache"))
        mp.setenv(ENV_NAME, world.secrets["ENV"])
        # /proc/<pid>/environ shows a process's *initial* environment: a helper holds the secret
        # there, as a developer's shell holding an API key would.
        helper = subprocess.Popen(
            ["sleep", "86400"],
            env={"PATH": "/usr/bin:/bin", ENV_NAME: world.secrets["ENV"]},
            start_new_session=True,
        )
        checker = Checker(world, listener, {os.getpid(), helper.pid})
        try:
            yield world, listener, checker
        finally:
            helper.kill()
            helper.wait()
            listener.close()
            world.close()


_SANDBOXES: dict[str, Bubblewrap] = {}


def sandbox_for(shell: str) -> Bubblewrap:
    if not os.path.exists(SHELLS[shell]):
        pytest.skip(f"{SHELLS[shell]} is not installed")
    if shell not in _SANDBOXES:
        _SANDBOXES[shell] = Bubblewrap(bin_sh=SHELLS[shell])
    sandbox = _SANDBOXES[shell]
    if not os.path.exists("/usr/bin/bwrap") or not sandbox.mechanism():
        pytest.skip(
            "bubblewrap not available (install the 'bubblewrap' package): "
            + (sandbox.reason or "/usr/bin/bwrap is missing")
        )
    return sandbox


def _params() -> list:
    params = []
    for case in CASES:
        for run in ("deny", "allow"):
            marks = []
            if (case.id, run) in KNOWN_ESCAPES:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_ESCAPES[(case.id, run)]))
            params.append(pytest.param(case, run, id=f"{case.id}-{run}", marks=marks))
    return params


# -- the tests ----------------------------------------------------------------------------------


def test_the_corpus_covers_every_class_and_cites_its_sources() -> None:
    classes = {c.klass for c in CASES}
    assert len(CASES) >= 200
    for klass in ("1-dash", "2-quoting", "3-unicode-digits", "4-git", "5-logical-cd",
                  "6-cp-links", "7-promotion", "8-hard-links"):  # fmt: skip
        assert sum(c.klass == klass for c in CASES) >= 5, klass
    assert any(k.startswith("c-") for k in classes)
    assert all(c.source and c.calls for c in CASES)
    assert all(c.turn for c in CASES if c.klass == "7-promotion")


@pytest.mark.parametrize("shell", sorted(SHELLS))
@pytest.mark.parametrize(("case", "run"), _params())
def test_nothing_escapes_the_sandbox(case: Case, run: str, shell: str, world_and_listener, request):  # type: ignore[no-untyped-def]
    sandbox = sandbox_for(shell)
    _world, _listener, checker = world_and_listener
    server = request.getfixturevalue("httpserver") if case.turn else None
    deny = run == "deny"
    person = Person(DENY if deny else ALLOW_ONCE)
    problems, _ran = execute_case(
        checker,
        case,
        inspector=FilesystemInspector(confinement=sandbox.mechanism),
        executor=LocalToolExecutor(sandbox=sandbox, pip_args=("--no-index",)),
        person=person,
        deny=deny,
        server=server,
    )
    assert not problems, f"{case.id} ({case.klass}; {case.source}) under {shell}, {run}:\n" + (
        "\n".join(problems)
    )


def test_without_a_sandbox_every_command_asks(world_and_listener) -> None:  # type: ignore[no-untyped-def]
    world, listener, _checker = world_and_listener
    executor = RecordingExecutor()
    person = Person(DENY)
    inspector = FilesystemInspector()  # no confinement: nothing would be enforced
    commands = 0
    for case in CASES:
        ws, out = world.new_workspace()
        apply_setup(world, case, ws, listener.port)
        ran = run_blocks(
            world, case, ws, out, inspector=inspector, executor=executor, person=person,
            port=listener.port,
        )  # fmt: skip
        for verdict in ran.verdicts:
            if verdict.tool in PROCESS_TOOLS:
                commands += 1
                assert verdict.decision in ("asked", "refused", "rejected", "dropped"), (
                    case.id,
                    verdict,
                )
                assert verdict.confinement.get("mechanism", "none") == "none", (case.id, verdict)
    assert executor.processes == []  # nothing ran: every command was asked (and denied)
    assert commands >= 250
    assert len([a for a in person.asked if a.tool in PROCESS_TOOLS]) >= 200


@pytest.mark.parametrize("case_id", ["eval-cat", "dash-amp-touch-sh", "curl-data-binary"])
def test_the_effect_checks_fail_on_an_unsandboxed_escape(case_id: str, world_and_listener):  # type: ignore[no-untyped-def]
    """The same checks, with no sandbox and a person who allows everything, must see the escape
    (every test of this file can fail)."""
    _world, _listener, checker = world_and_listener
    case = next(c for c in CASES if c.id == case_id)
    problems, _ran = execute_case(
        checker,
        case,
        inspector=FilesystemInspector(),
        executor=LocalToolExecutor(),
        person=Person(ALLOW_ONCE),
        deny=False,
        server=None,
    )
    assert problems, f"{case_id} ran unsandboxed and allowed, yet no effect was seen"


@pytest.mark.skipif(
    os.environ.get("PARLEY_ESCAPE_BEFORE") != "1",
    reason="opt-in: set PARLEY_ESCAPE_BEFORE=1 to run the whole corpus without the sandbox",
)
def test_before_figure_without_the_sandbox(world_and_listener, httpserver, capsys):  # type: ignore[no-untyped-def]
    """The corpus with no sandbox and a person who allows everything: how many cases have an
    effect outside (the "before" figure). Safe by construction: every target is a canary."""
    _world, _listener, checker = world_and_listener
    escaped: dict[str, list[str]] = {}
    for case in CASES:
        if case.host_risk:
            continue  # it would harm this machine, not a canary
        problems, _ran = execute_case(
            checker,
            case,
            inspector=FilesystemInspector(),
            executor=LocalToolExecutor(pip_args=("--no-index",)),
            person=Person(ALLOW_ONCE),
            deny=False,
            server=httpserver,
        )
        if problems:
            escaped[case.id] = problems
    with capsys.disabled():
        skipped = sum(bool(c.host_risk) for c in CASES)
        print(
            f"\nBEFORE: {len(escaped)} of {len(CASES) - skipped} cases had an effect without the"
            f" sandbox ({skipped} skipped: they would harm this machine)"
        )
        for case_id, problems in escaped.items():
            print(f"  {case_id}: {problems[0][:160]}")
    assert escaped


# -- end to end through the CLI -----------------------------------------------------------------


def test_parley_ask_replays_the_confirmed_audit_cases(  # type: ignore[no-untyped-def]
    cli_profile,  # noqa: F811
    httpserver,
    tmp_path,
    monkeypatch,
):
    world = World.create(tmp_path / "world")
    listener = Listener()
    try:
        monkeypatch.setenv("HOME", str(world.home))
        monkeypatch.setenv(ENV_NAME, world.secrets["ENV"])
        ws, _out = world.new_workspace()
        (ws / "a.txt").write_text("hello\n")
        fsmonitor = next(c for c in CASES if c.id == "git-ws-config-status")
        apply_setup(world, fsmonitor, ws, listener.port)
        picked = ["dash-amp-touch-direct", "dash-amp-cat-key-sh", "u-head-ascii",
                  "u-head-arabic-indic", "git-bare-status", "git-ws-config-status"]  # fmt: skip
        calls = [call for cid in picked for call in next(c for c in CASES if c.id == cid).calls]
        bodies = [
            tool_call_stream((c.tool, _arguments(world, c, ws, listener.port))) for c in calls
        ]
        bodies.append(openai_text_stream(["Done."]))
        requests: list[bytes] = []

        from werkzeug import Response

        def handle(request):  # type: ignore[no-untyped-def]
            requests.append(request.data)
            return Response(
                bodies[min(len(requests), len(bodies)) - 1], content_type="text/event-stream"
            )

        httpserver.expect_request("/v1/chat/completions").respond_with_handler(handle)
        before = {"home": tree(world.home), "sibling": tree(world.sibling),
                  "tmpc": tree(world.tmpc),
                  "ws": tree(ws, skip=("parley-output",), dir_mtimes=False)}  # fmt: skip
        mark = listener.mark()
        code, out, err = cli_profile(
            "ask", "--gate", "auto", "--tools", "all", "--workspace", str(ws), "go"
        )
        assert code == 0, err
        assert len(requests) == len(bodies)  # every call was answered with a result
        problems = _leaks(world, (out + err).encode(), "the CLI's output")
        for i, body in enumerate(requests):
            problems += _leaks(world, body, f"request #{i + 1} to the model")
        problems += _diff("home", before["home"], tree(world.home))
        problems += _diff("sibling", before["sibling"], tree(world.sibling))
        problems += _diff("tmpc", before["tmpc"], tree(world.tmpc))
        # A person who was never asked (a non-interactive terminal): the workspace is as it was,
        # but for what the turn saved into parley-output.
        now = tree(ws, skip=("parley-output",), dir_mtimes=False)
        problems += _diff("workspace", before["ws"], now)
        if listener.since(mark):
            problems.append("the loopback listener received bytes")
        assert not problems, "\n".join(problems)
        tool_results = [
            m["content"] for m in json.loads(requests[-1])["messages"] if m["role"] == "tool"
        ]
        assert len(tool_results) == len(calls)
    finally:
        listener.close()
        world.close()

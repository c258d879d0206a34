"""The file tools never leave their root: symlinks, ``..``, hard links, rename races, special files.

Everything here runs on the real filesystem of a temporary folder: a workspace, a turn sandbox and,
beside them, an *outside* folder of canary files. Each attack is judged by its effect: no output
the model sees ever holds a canary's content, and the outside folder keeps exactly the files,
contents and modification times it had (nothing new appears in it, nothing is written through a
link into it). The races run a thread that swaps a directory for a symlink to the outside folder
in a tight loop (``renameat2(RENAME_EXCHANGE)`` when the kernel has it, two renames otherwise)
while the tools run many times.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from parley.application.ports.tools import ToolContext
from parley.domain.actions.model import PASS, ProposedAction, Verdict
from parley.domain.transcript.canonical import Notice
from parley.infrastructure.tools import walk
from parley.infrastructure.tools.executor import LocalToolExecutor
from tests.integration import test_tool_turns as turns

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the file tools are POSIX-only")

SECRET = "CANARY-7f3a9-outside-content"

# The whole-turn fixtures of test_tool_turns (a local model server, the real runtime and tools).
world = turns.world
workspace = turns.workspace


def run(executor: LocalToolExecutor, context: ToolContext, tool: str, target: str, **arguments):
    action = ProposedAction(call_id="c1", tool=tool, arguments=arguments)
    verdict = Verdict(call_id="c1", tool=tool, decision=PASS, rule="test", target=target)
    return executor.execute(action, verdict, context)


class Outside:
    """The folder beside the roots, with canary files; :meth:`assert_untouched` compares it with
    how it was (every path, its type, content and ``mtime_ns``; links are not followed)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir()
        (root / "secret.txt").write_text(f"{SECRET}\n")
        (root / "dir").mkdir()
        (root / "dir" / "inner.txt").write_text(f"inner {SECRET}\n")
        (root / "dir" / "f.txt").write_text(f"race {SECRET}\n")
        (root / "empty").mkdir()
        self.before = self.state()

    def state(self) -> dict[str, tuple[int, bytes, int]]:
        seen: dict[str, tuple[int, bytes, int]] = {}
        for folder, dirs, files in os.walk(self.root):
            for name in dirs + files:
                path = os.path.join(folder, name)
                st = os.lstat(path)
                data = Path(path).read_bytes() if stat.S_ISREG(st.st_mode) else b""
                seen[os.path.relpath(path, self.root)] = (st.st_mode, data, st.st_mtime_ns)
        return seen

    def assert_untouched(self) -> None:
        assert self.state() == self.before


@pytest.fixture
def outside(tmp_path: Path) -> Outside:
    return Outside(tmp_path / "outside")


@pytest.fixture
def context(tmp_path: Path) -> ToolContext:
    ws = tmp_path / "ws"
    sandbox = tmp_path / "out" / "s" / "t"
    ws.mkdir()
    sandbox.mkdir(parents=True)
    (ws / "notes.txt").write_text("inside notes\n")
    (ws / "sub").mkdir()
    (ws / "sub" / "ok.txt").write_text("inside ok\n")
    return ToolContext(workspace=ws, sandbox=sandbox, session_id="s", read_cap_bytes=4096)


@pytest.fixture
def executor() -> LocalToolExecutor:
    return LocalToolExecutor()


def refused(outcome, *words: str) -> None:  # type: ignore[no-untyped-def]
    assert not outcome.success, outcome.result
    assert SECRET not in outcome.result
    for word in words:
        assert word in outcome.result, outcome.result


# -- symlinks at every level: reads ------------------------------------------------------------


def test_reads_refuse_links_out_at_every_level(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    (ws / "file_link").symlink_to(outside.root / "secret.txt")  # the file itself
    (ws / "top").symlink_to(outside.root / "dir")  # a child of the root
    (ws / "sub" / "mid").symlink_to(outside.root / "dir")  # an intermediate directory
    (ws / "sub" / "chain1").symlink_to("chain2")  # inside -> inside -> outside
    (ws / "sub" / "chain2").symlink_to(outside.root / "secret.txt")
    for target in ("file_link", "top/inner.txt", "sub/mid/inner.txt", "sub/chain1"):
        refused(run(executor, context, "read_file", f"workspace:{target}"), "outside")
    refused(run(executor, context, "list_dir", "workspace:top"), "outside")
    refused(run(executor, context, "list_dir", "workspace:sub/mid"), "outside")
    refused(run(executor, context, "search_files", "workspace:top", pattern="C"), "outside")
    refused(run(executor, context, "search_files", "workspace:sub/mid/f.txt", pattern="C"))
    everything = run(executor, context, "search_files", "workspace:", pattern="CANARY|inside")
    assert everything.success and SECRET not in everything.result
    assert everything.result.splitlines()[1:] == [
        "notes.txt:1: inside notes",
        "sub/ok.txt:1: inside ok",
    ]
    listing = run(executor, context, "list_dir", "workspace:sub")
    assert listing.success and f"mid -> {outside.root / 'dir'} (symlink)" in listing.result
    outside.assert_untouched()


def test_links_that_stay_inside_are_followed_beneath_the_root(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    (ws / "alias").symlink_to("sub")
    (ws / "sub" / "back").symlink_to("../notes.txt")
    (ws / "absolute").symlink_to(os.path.realpath(ws / "notes.txt"))
    (ws / "sub" / "updir").symlink_to("..")
    assert run(executor, context, "read_file", "workspace:alias/ok.txt").result == "inside ok\n"
    assert run(executor, context, "read_file", "workspace:sub/back").result == "inside notes\n"
    assert run(executor, context, "read_file", "workspace:absolute").result == "inside notes\n"
    up = run(executor, context, "list_dir", "workspace:sub/updir")
    assert up.success and "notes.txt  13 bytes" in up.result
    found = run(executor, context, "search_files", "workspace:alias", pattern="inside")
    assert found.result.splitlines()[1:] == ["sub/ok.txt:1: inside ok"]  # the real path
    outside.assert_untouched()


def test_dot_dot_never_climbs_out(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside, tmp_path: Path
) -> None:
    ws = context.workspace
    for target in (
        "workspace:../outside/secret.txt",
        "workspace:sub/../../outside/secret.txt",
        "workspace:sub/../sub/../../outside/dir",
        "sandbox:../../../outside/secret.txt",
    ):
        for tool in ("read_file", "list_dir", "search_files"):
            refused(run(executor, context, tool, target, pattern="C"), "outside")
    # Link texts with ".." are walked against the directories already held, never the disk's "..".
    (ws / "sub" / "up").symlink_to("../../outside/secret.txt")
    (ws / "sub" / "zigzag").symlink_to("../sub/../sub/../../outside/dir")
    (ws / "sub" / "updir2").symlink_to("../..")
    refused(run(executor, context, "read_file", "workspace:sub/up"), "outside")
    refused(run(executor, context, "list_dir", "workspace:sub/zigzag"), "outside")
    refused(run(executor, context, "list_dir", "workspace:sub/updir2"), "outside")
    refused(run(executor, context, "read_file", "workspace:sub/updir2/outside/secret.txt"))
    (ws / "loop1").symlink_to("loop2")
    (ws / "loop2").symlink_to("loop1")
    refused(run(executor, context, "read_file", "workspace:loop1"), "loop")
    # Writes: a ".." target is refused before anything is made.
    for target in ("sandbox:../escape.txt", "sandbox:a/../../escape.txt", "../../escape.txt"):
        refused(run(executor, context, "write_file", target, content="x"))
    assert not (tmp_path / "out" / "escape.txt").exists()
    assert not (tmp_path / "out" / "s" / "escape.txt").exists()
    # The walk itself refuses a ".." component however it is handed one.
    root = walk.open_root(ws)
    try:
        with pytest.raises(walk.BadName):
            walk.open_at(root, ["sub", "..", "..", "outside"])
        with pytest.raises(walk.BadName):
            walk.split("sub/../../outside")
    finally:
        os.close(root)
    outside.assert_untouched()


# -- symlinks at every level: writes -----------------------------------------------------------


def test_write_file_never_writes_through_a_link_at_any_component(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    sb = context.sandbox
    (sb / "first").symlink_to(outside.root / "empty")
    (sb / "a" / "b").mkdir(parents=True)
    (sb / "a" / "b" / "c").symlink_to(outside.root / "empty")
    (sb / "real").mkdir()
    (sb / "inlink").symlink_to("real")  # even a link that stays inside is not written through
    for target in ("first/x.txt", "a/b/c/x.txt", "a/b/c/deeper/x.txt", "inlink/x.txt"):
        refused(
            run(executor, context, "write_file", f"sandbox:{target}", content=SECRET),
            "symbolic link",
            "nothing was written",
        )
    assert list((sb / "real").iterdir()) == []
    # A link (or a dangling one) at the destination is replaced, not followed.
    (sb / "victim.txt").symlink_to(outside.root / "secret.txt")
    (sb / "dangling.txt").symlink_to(outside.root / "empty" / "created.txt")
    for name in ("victim.txt", "dangling.txt"):
        written = run(executor, context, "write_file", f"sandbox:{name}", content="new")
        assert written.success, written.result
        assert not (sb / name).is_symlink() and (sb / name).read_text() == "new"
    # A file in the way of a parent directory is reported, nothing is made.
    (sb / "plain").write_text("p")
    refused(run(executor, context, "write_file", "sandbox:plain/x.txt", content="x"), "not a dir")
    outside.assert_untouched()


def test_walk_primitives_refuse_a_planted_link(tmp_path: Path, outside: Outside) -> None:
    root_dir = tmp_path / "r"
    root_dir.mkdir()
    root = walk.open_root(root_dir)
    try:
        made = walk.open_dir(root, ["a", "b", "c"], create=True)
        os.close(made)
        assert (root_dir / "a" / "b" / "c").is_dir()
        (root_dir / "a" / "b" / "link").symlink_to(outside.root / "empty")
        for parts in (["a", "b", "link"], ["a", "b", "link", "new"]):
            with pytest.raises(walk.LinkRefused) as caught:
                walk.open_dir(root, parts, create=True)
            assert caught.value.rel == "a/b/link" and caught.value.errno == errno.ELOOP
        with pytest.raises(walk.LinkRefused):
            walk.open_regular(root, ["a", "b", "link", "inner.txt"])
        (root_dir / "name").symlink_to(outside.root / "empty" / "made.txt")
        with pytest.raises(FileExistsError):
            walk.create_exclusive(root, "name")  # a dangling link is never created through
        walk.replace_atomically(root, "name", b"here")
        assert (root_dir / "name").read_bytes() == b"here"
        seen = [rel for rel, _fd, _entries in walk.walk_tree(root)]
        assert seen == [(), ("a",), ("a", "b"), ("a", "b", "c")]  # never into "link"
        with pytest.raises(walk.Missing):
            walk.open_at(root, ["nope", "x"])
        with pytest.raises(walk.NotADirectory):
            walk.open_at(root, ["name", "x"])
    finally:
        os.close(root)
    with pytest.raises(NotADirectoryError):
        walk.open_root(root_dir / "name")
    outside.assert_untouched()


# -- symlinks at every level: promotion --------------------------------------------------------


def _write(executor: LocalToolExecutor, context: ToolContext, rel: str, content: str) -> None:
    assert run(executor, context, "write_file", f"sandbox:{rel}", content=content).success


def test_promote_refuses_a_linked_parley_output_and_links_above_it(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    _write(executor, context, "report.md", "the report")
    _write(executor, context, "charts/plot.csv", "a,b\n")
    (ws / "parley-output").symlink_to(outside.root / "empty")
    with pytest.raises(OSError) as caught:
        executor.promote(context, ws / "parley-output")
    message = str(caught.value)
    assert "parley-output is a symbolic link" in message and "nothing was copied" in message
    # A link anywhere between the workspace and the destination is refused the same way.
    (ws / "nested").symlink_to(outside.root / "empty")
    with pytest.raises(walk.LinkRefused):
        executor.promote(context, ws / "nested" / "parley-output")
    (ws / "sub" / "deeper").symlink_to(outside.root / "dir")
    with pytest.raises(OSError, match="symbolic link"):
        executor.promote(context, ws / "sub" / "deeper" / "parley-output")
    assert (context.sandbox / "report.md").read_text() == "the report"  # the sandbox is kept
    outside.assert_untouched()


def test_promote_never_enters_or_writes_through_a_link_below_the_destination(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    dest = ws / "parley-output"
    dest.mkdir()
    (dest / "report").symlink_to(outside.root / "empty")  # a directory under it
    (dest / "a.txt").symlink_to(outside.root / "secret.txt")  # a file under it
    (dest / "dangling.txt").symlink_to(outside.root / "empty" / "created.txt")
    _write(executor, context, "report/summary.md", "summary")
    _write(executor, context, "a.txt", "new a")
    _write(executor, context, "dangling.txt", "new d")
    # Links a command left in the sandbox are not promoted.
    (context.sandbox / "leak.txt").symlink_to(outside.root / "secret.txt")
    (context.sandbox / "leakdir").symlink_to(outside.root / "dir")
    promoted = executor.promote(context, dest)
    names = sorted(p.relative_to(dest).as_posix() for p in promoted)
    assert names == ["a (2).txt", "dangling (2).txt", "report (2)/summary.md"]
    assert (dest / "report (2)" / "summary.md").read_text() == "summary"
    assert (dest / "a (2).txt").read_text() == "new a"
    for path in dest.rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert SECRET not in path.read_text()
    outside.assert_untouched()


def test_a_turn_whose_parley_output_is_a_link_keeps_its_files_in_the_sandbox(
    world, workspace, httpserver, tmp_path: Path
):  # type: ignore[no-untyped-def]
    runtime, store, _answers, _toolbox = world
    target = tmp_path / "elsewhere"
    target.mkdir()
    (workspace / "parley-output").symlink_to(target)
    turns.Model(
        httpserver,
        turns.tool_call_stream(("write_file", {"path": "report.md", "content": "# R\n"})),
        turns.openai_text_stream(["Written."]),
    )
    request, outcome = turns.run(runtime, workspace)
    assert outcome.status == "completed", outcome.error
    assert list(target.iterdir()) == []
    notices = [n for n in turns.events_of(store, request.session_id, Notice)]
    errors = [n.text for n in notices if n.level == "error"]
    assert len(errors) == 1 and "symbolic link" in errors[0], [n.text for n in notices]
    kept = [p for p in (tmp_path / "outputs").rglob("report.md")]
    assert len(kept) == 1 and kept[0].read_text() == "# R\n"


# -- hard links ----------------------------------------------------------------------------------


def test_read_and_search_agree_on_hard_links(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    os.link(outside.root / "secret.txt", ws / "hl.txt")
    (ws / "twin_a.txt").write_text("inside twin CANARY-free\n")
    os.link(ws / "twin_a.txt", ws / "twin_b.txt")  # both names inside: still refused, said why
    read = run(executor, context, "read_file", "workspace:hl.txt")
    refused(read, "hard link", "outside the workspace")
    refused(run(executor, context, "read_file", "workspace:twin_a.txt"), "hard link")
    refused(run(executor, context, "search_files", "workspace:hl.txt", pattern="C"), "hard link")
    found = run(executor, context, "search_files", "workspace:", pattern="CANARY|inside")
    assert found.success and SECRET not in found.result
    lines = found.result.splitlines()
    assert "notes.txt:1: inside notes" in lines and not any("twin" in line for line in lines)
    assert "[skipped 3 hard-linked file(s)" in found.result
    # Whatever read_file opens, search searches, and the other way round.
    for name in ("notes.txt", "hl.txt", "twin_a.txt", "twin_b.txt"):
        readable = run(executor, context, "read_file", f"workspace:{name}").success
        searched = f"{name}:" in found.result
        assert readable == searched, name
    os.link(outside.root / "secret.txt", context.sandbox / "made.txt")
    refused(run(executor, context, "read_file", "sandbox:made.txt"), "hard link", "sandbox")
    outside.assert_untouched()


# -- rename races --------------------------------------------------------------------------------


def _exchange_function() -> Callable[[str, str], None] | None:
    """``renameat2(a, b, RENAME_EXCHANGE)``: swaps two names atomically (Linux, glibc 2.28+)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return None
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    at_fdcwd, rename_exchange = -100, 2

    def exchange(a: str, b: str) -> None:
        if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))

    return exchange


class Swapper:
    """Swaps the directory ``path`` with a symlink to ``to`` in a tight loop, on a thread."""

    def __init__(self, path: Path, to: Path) -> None:
        self.path = str(path)
        self.link = f"{path}.swap"
        os.symlink(to, self.link)
        self.swaps = 0
        self.stop = threading.Event()
        self.exchange = _exchange_function()
        if self.exchange is not None:
            try:
                self.exchange(self.path, self.link)
                self.exchange(self.path, self.link)
            except OSError:
                self.exchange = None
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _swap(self) -> None:
        if self.exchange is not None:
            self.exchange(self.path, self.link)
            return
        parked = f"{self.path}.parked"  # two renames: a short window with no name at all
        if os.path.islink(self.path):
            os.rename(self.path, self.link)
            os.rename(parked, self.path)
        else:
            os.rename(self.path, parked)
            os.rename(self.link, self.path)

    def _loop(self) -> None:
        while not self.stop.is_set():
            with contextlib.suppress(OSError):
                self._swap()
                self.swaps += 1

    def __enter__(self) -> Swapper:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(10)
        if os.path.islink(self.path):
            self._swap()
        assert os.path.isdir(self.path) and not os.path.islink(self.path)


def _rounds(seconds: float, at_most: int) -> Iterator[int]:
    deadline = time.monotonic() + seconds
    for n in range(at_most):
        if time.monotonic() > deadline:
            return
        yield n


def test_rename_race_on_reads_never_reads_outside(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    (ws / "d").mkdir()
    (ws / "d" / "f.txt").write_text("inside f\n")
    (ws / "d" / "inner.txt").write_text("inside inner\n")
    seen_inside = 0
    with Swapper(ws / "d", outside.root / "dir") as swapper:
        for n in _rounds(8.0, 3000):
            tool, target = [
                ("read_file", "workspace:d/f.txt"),
                ("search_files", "workspace:"),
                ("list_dir", "workspace:d"),
                ("search_files", "workspace:d/inner.txt"),
            ][n % 4]
            outcome = run(executor, context, tool, target, pattern="race|inner|inside")
            assert SECRET not in outcome.result, outcome.result
            seen_inside += outcome.result == "inside f\n"
    assert swapper.swaps > 100 and seen_inside > 0
    outside.assert_untouched()


def test_rename_race_on_writes_never_writes_outside(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    sb = context.sandbox
    (sb / "d" / "e").mkdir(parents=True)
    written = 0
    with Swapper(sb / "d", outside.root / "empty") as swapper:
        for n in _rounds(8.0, 3000):
            target = ["sandbox:d/new.txt", "sandbox:d/e/new.txt", f"sandbox:d/n{n % 7}/x.txt"][
                n % 3
            ]
            outcome = run(executor, context, "write_file", target, content=f"{SECRET} {n}")
            written += outcome.success
    assert swapper.swaps > 100 and written > 0
    outside.assert_untouched()


def test_rename_race_on_promotion_never_writes_outside(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    dest = context.workspace / "parley-output"
    (dest / "sub").mkdir(parents=True)
    _write(executor, context, "sub/x.txt", "promoted")
    _write(executor, context, "top.txt", "promoted")
    copies = refusals = 0
    errors: list[OSError] = []
    with Swapper(dest / "sub", outside.root / "empty") as swapper:
        for _ in _rounds(6.0, 400):
            try:
                copies += len(executor.promote(context, dest))
            except OSError as error:  # judged after the effect below
                errors.append(error)
    with Swapper(dest, outside.root / "empty") as swapper_top:  # parley-output itself
        for _ in _rounds(4.0, 400):
            try:
                copies += len(executor.promote(context, dest))
            except walk.LinkRefused:
                refusals += 1
            except OSError as error:
                errors.append(error)
    outside.assert_untouched()
    assert errors == []
    assert swapper.swaps > 100 and swapper_top.swaps > 100
    assert copies > 0 and refusals > 0


# -- special files -------------------------------------------------------------------------------


def _finishes(call: Callable[[], object], seconds: float = 10.0) -> object:
    """``call()`` on a thread; fails (rather than hangs) if it blocks."""
    box: list[object] = []
    thread = threading.Thread(target=lambda: box.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the tool blocked"
    return box[0]


def test_fifos_and_devices_never_block_and_are_never_read(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws, sb = context.workspace, context.sandbox
    os.mkfifo(ws / "pipe")
    os.mkfifo(sb / "pipe")
    devices = []
    try:
        os.mknod(ws / "zero", stat.S_IFCHR | 0o666, os.makedev(1, 5))  # /dev/zero
        os.mknod(sb / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null
        devices = ["zero"]
    except PermissionError:
        pass  # not allowed to make device nodes here: the FIFO cases still run
    for name in ["pipe", *devices]:
        outcome = _finishes(lambda n=name: run(executor, context, "read_file", f"workspace:{n}"))
        refused(outcome, "not a regular file")
        searched = _finishes(
            lambda n=name: run(executor, context, "search_files", f"workspace:{n}", pattern="x")
        )
        assert not searched.success  # type: ignore[attr-defined]
    whole = _finishes(lambda: run(executor, context, "search_files", "workspace:", pattern="i"))
    assert whole.success and "notes.txt:1" in whole.result  # type: ignore[attr-defined]
    listing = _finishes(lambda: run(executor, context, "list_dir", "workspace:"))
    assert "pipe  0 bytes" in listing.result  # type: ignore[attr-defined]
    _write(executor, context, "kept.txt", "k")
    promoted = _finishes(lambda: executor.promote(context, ws / "parley-output"))
    assert [p.name for p in promoted] == ["kept.txt"]  # type: ignore[attr-defined]
    # A write onto a FIFO (or a device) replaces the name; it never opens it.
    over = _finishes(lambda: run(executor, context, "write_file", "sandbox:pipe", content="p"))
    assert over.success and (sb / "pipe").read_text() == "p"  # type: ignore[attr-defined]
    if devices:
        _finishes(lambda: run(executor, context, "write_file", "sandbox:null", content="n"))
        assert stat.S_ISREG(os.lstat(sb / "null").st_mode)
    outside.assert_untouched()


# -- very deep trees -----------------------------------------------------------------------------

DEPTH = 470  # x 9 characters: far past PATH_MAX (4096), which no path-based open can reach


def _make_deep(root: Path, leaf: str, content: bytes) -> list[str]:
    parts = [f"d{n:07d}" for n in range(DEPTH)]
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for part in parts:
            os.mkdir(part, dir_fd=fd)
            child = os.open(part, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = child
        out = os.open(leaf, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, content)
        os.close(out)
    finally:
        os.close(fd)
    return parts


def _read_deep(root: Path, parts: list[str]) -> bytes:
    start = walk.open_root(root)
    try:
        opened = walk.open_regular(start, parts)
    finally:
        os.close(start)
    with os.fdopen(opened.fd, "rb") as handle:
        return handle.read()


def test_very_deep_trees_work_beyond_path_max(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    parts = _make_deep(context.workspace, "leaf.txt", b"deep marker\n")
    deep = "/".join(parts)
    assert len(str(context.workspace / deep)) > 4096
    read = run(executor, context, "read_file", f"workspace:{deep}/leaf.txt")
    assert read.success and read.result == "deep marker\n", read.result[:200]
    found = run(executor, context, "search_files", "workspace:", pattern="deep marker")
    assert found.success and found.result.splitlines()[1] == f"{deep}/leaf.txt:1: deep marker"
    listing = run(executor, context, "list_dir", f"workspace:{deep}")
    assert listing.result.splitlines() == [f"workspace:{deep} (1 entries)", "leaf.txt  12 bytes"]
    written = run(executor, context, "write_file", f"sandbox:{deep}/w.txt", content="written")
    assert written.success, written.result[:200]
    assert _read_deep(context.sandbox, [*parts, "w.txt"]) == b"written"
    dest = context.workspace / "parley-output"
    promoted = executor.promote(context, dest)
    assert len(promoted) == 1 and _read_deep(dest, [*parts, "w.txt"]) == b"written"
    outside.assert_untouched()


# -- names with newlines and unicode -------------------------------------------------------------


def test_names_with_newlines_and_unicode(
    context: ToolContext, executor: LocalToolExecutor, outside: Outside
) -> None:
    ws = context.workspace
    newline = "line\nbreak.txt"
    uni = "ünï ✓ 名前.txt"
    (ws / newline).write_text("nl content\n")
    (ws / uni).write_text("uni content\n")
    assert run(executor, context, "read_file", f"workspace:{newline}").result == "nl content\n"
    assert run(executor, context, "read_file", f"workspace:{uni}").result == "uni content\n"
    listing = run(executor, context, "list_dir", "workspace:").result.splitlines()
    assert listing[0] == "workspace: (4 entries)" and len(listing) == 5  # one line per entry
    assert f"{newline!r}  11 bytes" in listing and f"{uni}  12 bytes" in listing
    found = run(executor, context, "search_files", "workspace:", pattern="content").result
    assert found.splitlines()[1:] == [f"{newline!r}:1: nl content", f"{uni}:1: uni content"]
    target = f"new\nfolder/{uni}"
    assert run(executor, context, "write_file", f"sandbox:{target}", content="w").success
    promoted = executor.promote(context, ws / "parley-output")
    assert [p.relative_to(ws / "parley-output").as_posix() for p in promoted] == [target]
    assert (ws / "parley-output" / "new\nfolder" / uni).read_text() == "w"
    outside.assert_untouched()

"""The shell splitter against bash itself: a differential test.

``domain.actions.shell`` models ``bash --noprofile --norc -c`` (the one shell commands run under);
anything it cannot model exactly must be a parse error. Here every input line is run by the real
bash, in a fresh temporary folder, with a harmless stand-in on ``PATH`` for every program name
used (``a``, ``cat``, ``grep``, ``echo`` … — bash's own ``echo``/``printf``/``true``/``false``/
``test`` are disabled through ``BASH_ENV``): each stand-in records the argv it got and where each
of its open file descriptors leads (file, pipe, the shell's own stdin/stdout/stderr), so what bash
actually did is observed, not guessed. Whenever ``shell.parse`` says ok (and reports no control
flow, which the classifier never runs without asking):

- every program bash started is one of the parser's simple commands: a command whose words are
  all literal must have exactly those words as argv (after ``time``, bash's keyword, is unwrapped);
  a command with expansions must agree on its literal words around them;
- its descriptors are what the parser's redirections (operator, fd number, target, in order) and
  pipes say they are;
- bash created no file the parser did not name as a redirection target;
- bash reported no syntax error (a line bash rejects must not parse), and, when every word and
  target is literal, no missing file or command and no directory opened as a file (a misread
  target or name shows up that way).

A command that bash runs more than once (``{a,b}$(cmd)``) or not at all (after ``||``, or when a
redirection fails) is fine: the classifier judges each command the parser reports. Separately,
``paths.lexical`` and ``paths.walk`` are checked against where bash's ``cd`` and the kernel go in
a real tree with links (the logical/physical distinction behind the classifier's ``cd`` rule).

Inputs: a hand-written hostile list (quoting, escapes, line continuations, ANSI-C and locale
quoting, comments, braces, tildes, here-strings, every redirection operator, descriptor numbers
in ASCII and in other scripts' digits, named descriptors, arithmetic, ``!``, ``time``,
``coproc``, Unicode blanks, CR, NUL) holding every disagreement found so far, and lines generated
by Hypothesis from shell-significant fragments (CI runs fixed examples, see tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from parley.domain.actions import paths, shell

BASH = "/bin/bash"

#: Programs that exist (as stand-ins) on the PATH bash gets.
STAND_INS = (
    "a", "b", "x", "cat", "head", "grep", "echo", "printf", "true", "false", "test", "ls", "wc",
    "sort", "tail", "time", "env",
)  # fmt: skip

#: Builtins switched off so that the stand-ins run (and report) instead.
DISABLED_BUILTINS = ("echo", "printf", "true", "false", "test")

#: An inherited pipe that every process bash starts holds open: EOF on it means all of them,
#: background ones included, have exited. No input line uses this descriptor number.
SENTINEL_FD = 97

STAND_IN = """#!{python} -IS
import json, os, sys
fds = {{}}
for name in os.listdir("/proc/self/fd"):
    fd = int(name)
    try:
        target = os.readlink(f"/proc/self/fd/{{fd}}")
        with open(f"/proc/self/fdinfo/{{fd}}") as info:
            flags = int(info.read().split("flags:")[1].split()[0], 8)
    except OSError:
        continue  # the directory listing's own descriptor, already closed
    if fd != {sentinel}:
        fds[fd] = [target, flags & 3, bool(flags & 0o2000)]
argv = [os.path.basename(sys.argv[0]), *sys.argv[1:]]
path = os.path.join(os.environ["PARLEY_ARGV_LOG"], f"{{os.getpid()}}-{{os.urandom(4).hex()}}")
with open(path, "w", encoding="utf-8", errors="surrogateescape") as out:
    json.dump({{"argv": argv, "fds": fds}}, out)
"""

# -- running bash ---------------------------------------------------------------------------------


@dataclass
class Record:
    argv: list[str]
    fds: dict[int, tuple[str, int, bool]]  # fd -> (where it leads, access mode, append)


@dataclass
class Run:
    records: list[Record]
    stderr: str
    created: set[str]
    cwd: Path
    stdin_path: str
    stdout_path: str
    stderr_path: str


class Bash:
    """Runs lines under the real bash with stand-ins, one fresh folder per line."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bin = root / "bin"
        self.bin.mkdir()
        script = self.bin / "stand-in"
        script.write_text(STAND_IN.format(python=sys.executable, sentinel=SENTINEL_FD))
        script.chmod(0o755)
        for name in STAND_INS:
            (self.bin / name).symlink_to("stand-in")
        self.bash_env = root / "bash_env"
        self.bash_env.write_text(f"enable -n {' '.join(DISABLED_BUILTINS)}\n")
        self.home = root / "home"
        self.home.mkdir()
        self.tmp = root / "tmp"
        self.tmp.mkdir()
        self.stdin = root / "stdin"
        self.stdin.write_bytes(b"")
        self.count = 0

    def run(self, line: str, precreate: set[str]) -> Run:
        self.count += 1
        base = self.root / f"run{self.count}"
        cwd, log = base / "cwd", base / "log"
        cwd.mkdir(parents=True)
        log.mkdir()
        for name in precreate:
            (cwd / name).write_bytes(b"")
        before = set(os.listdir(cwd))
        env = {
            "PATH": str(self.bin),
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "TMPDIR": str(self.tmp),
            "BASH_ENV": str(self.bash_env),
            "PARLEY_ARGV_LOG": str(log),
        }
        out_path, err_path = base / "stdout", base / "stderr"
        read_end, write_end = os.pipe()
        os.dup2(write_end, SENTINEL_FD)
        os.close(write_end)
        try:
            with (
                self.stdin.open("rb") as stdin,
                out_path.open("wb") as out,
                err_path.open("wb") as err,
            ):
                proc = subprocess.Popen(
                    [BASH, "--noprofile", "--norc", "-c", line],
                    cwd=cwd,
                    env=env,
                    stdin=stdin,
                    stdout=out,
                    stderr=err,
                    pass_fds=(SENTINEL_FD,),
                    start_new_session=True,
                )
        finally:
            os.close(SENTINEL_FD)
        try:
            proc.wait(timeout=10)
            ready, _, _ = select.select([read_end], [], [], 10)
            assert ready, f"{line!r}: a process bash started is still running"
            while os.read(read_end, 4096):
                pass
        finally:
            os.close(read_end)
            if proc.poll() is None:  # pragma: no cover - only when a line hangs
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        records = []
        for entry in sorted(log.iterdir()):
            data = json.loads(entry.read_text(encoding="utf-8", errors="surrogateescape"))
            fds = {int(fd): (t, mode, append) for fd, (t, mode, append) in data["fds"].items()}
            records.append(Record(data["argv"], fds))
        return Run(
            records=records,
            stderr=err_path.read_text(encoding="utf-8", errors="replace"),
            created=set(os.listdir(cwd)) - before,
            cwd=cwd,
            stdin_path=str(self.stdin),
            stdout_path=str(out_path),
            stderr_path=str(err_path),
        )


@pytest.fixture(scope="module")
def bash() -> Iterator[Bash]:
    if not Path(BASH).is_file():
        pytest.skip("bash is not installed (package 'bash'): the differential test needs it")
    root = Path(tempfile.mkdtemp(prefix="parley-shell-diff-"))
    try:
        yield Bash(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


# -- what the parser predicts --------------------------------------------------------------------

ANY = ("any",)
CLOSED = ("closed",)
PIPE = ("pipe",)
HERE = ("here-string",)

_READ, _WRITE, _RDWR = 0, 1, 2


@dataclass
class Prediction:
    """One simple command as the parser sees it: its words (``None`` for a word only known at
    run time), the descriptors it should get, and whether bash can start it at all."""

    words: list[str | None]
    fds: dict[int, tuple]
    pipe_out: bool
    runs: bool = True
    # A <(...)/>(...) pipe stays open on a descriptor of its own (63, 62 …) in the command that
    # names it and in the processes started after it.
    procsub: bool = False
    nested: bool = False  # in a substitution: inherits what the command around it has open
    write_targets: list[str] = field(default_factory=list)
    read_targets: list[str] = field(default_factory=list)

    @property
    def literal(self) -> bool:
        return None not in self.words


def _file(text: str, mode: int, append: bool = False) -> tuple:
    return ("file", text, mode, append)


def _predict_fds(cmd: shell.SimpleCommand) -> tuple[dict[int, tuple], bool, list, list]:
    table: dict[int, tuple] = {0: ("inherit", "stdin"), 1: ("inherit", "stdout")}
    table[2] = ("inherit", "stderr")
    if cmd.context in ("substitution", "process_in") or cmd.pipe_out:
        table[1] = PIPE
    if cmd.context != "top":
        # A substitution inherits the descriptors of the command around it — a pipeline stage's
        # pipe, or a redirection already applied when it sits in a later redirection's target.
        table[0] = table[2] = ANY
    if cmd.context == "process_out" or cmd.pipe_in:
        table[0] = PIPE
    runs, writes, reads = True, [], []
    for r in cmd.redirections:
        target = r.target
        default = 0 if r.op in ("<", "<>", "<&", "<<<") else 1
        fd = int(r.fd) if r.fd else default
        both = r.op in ("&>", "&>>") or (r.op == ">&" and not r.fd)
        if r.op == "<<<":
            table[fd] = HERE
        elif r.kind == "dup":
            text = target.text
            if text == "-":
                table[fd] = CLOSED
                continue
            src = int(text.rstrip("-"))
            if table.get(src, CLOSED) == CLOSED:
                runs = False  # bash: "Bad file descriptor"
                continue
            table[fd] = table[src]
            if text.endswith("-") and src != fd:
                table[src] = CLOSED
        elif not target.literal or (r.op == "<&") or (r.op == ">&" and r.fd):
            if target.literal:
                runs = False  # `<&file`, `2>&file`: bash says "ambiguous redirect"
            for n in (1, 2) if both else (fd,):
                table[n] = ANY
        else:
            mode = {"<": _READ, "<>": _RDWR}.get(r.op, _WRITE)
            append = r.op in (">>", "&>>")
            for n in (1, 2) if both else (fd,):
                table[n] = _file(target.text, mode, append)
            (reads if mode == _READ else writes).append(target.text)
            if r.op == "<>":
                reads.append(target.text)
    return table, runs, writes, reads


def predict(cmd: shell.SimpleCommand, procsub: bool = False) -> list[Prediction]:
    """The commands bash may start for ``cmd``: one, or two for a leading ``time`` (bash's
    keyword runs what follows; ``A=1 time`` or ``a | time`` run a program called ``time``)."""
    fds, runs, writes, reads = _predict_fds(cmd)
    alternatives = [list(cmd.words)]
    first = cmd.words[0] if cmd.words else None
    if first is not None and first.literal and not first.quoted and first.text == "time":
        unwrapped = shell.unwrap(cmd)
        if unwrapped is not None and unwrapped.command is not None:
            alternatives.append(list(unwrapped.command.words))
    return [
        Prediction(
            words=[w.text if w.literal else None for w in words],
            fds=fds,
            pipe_out=cmd.pipe_out,
            runs=runs,
            procsub=procsub,
            nested=cmd.context != "top",
            write_targets=writes,
            read_targets=reads,
        )
        for words in alternatives
        if words
    ]


# -- comparing -------------------------------------------------------------------------------------


def _words_match(pattern: list[str | None], argv: list[str]) -> bool:
    """Literal words must sit where they are; each ``None`` stands for zero or more words."""
    segments: list[list[str]] = [[]]
    for word in pattern:
        if word is None:
            segments.append([])
        else:
            segments[-1].append(word)
    if len(segments) == 1:
        return argv == segments[0]
    head, *middle, tail = segments
    if argv[: len(head)] != head or len(argv) < len(head) + len(tail):
        return False
    if tail and argv[len(argv) - len(tail) :] != tail:
        return False
    rest = argv[len(head) : len(argv) - len(tail)]
    pos = 0
    for seg in middle:
        while pos + len(seg) <= len(rest) and rest[pos : pos + len(seg)] != seg:
            pos += 1
        if pos + len(seg) > len(rest):
            return False
        pos += len(seg)
    return True


def _where(run: Run, target: str) -> str:
    if target == run.stdin_path:
        return "stdin"
    if target == run.stdout_path:
        return "stdout"
    if target == run.stderr_path:
        return "stderr"
    if target.startswith("pipe:"):
        return "pipe"
    return target


def _fd_matches(expected: tuple, actual: tuple[str, int, bool] | None, run: Run) -> bool:
    if expected == ANY:
        return True
    if expected == CLOSED:
        return actual is None
    if actual is None:
        return False
    where = _where(run, actual[0])
    if expected == PIPE:
        return where == "pipe"
    if expected == HERE:  # a pipe, or a deleted temporary file (bash 5.2 uses both)
        return where == "pipe" or where.endswith("(deleted)")
    if expected[0] == "inherit":
        # bash gives a background command /dev/null for stdin (no job control).
        return where == expected[1] or (expected[1] == "stdin" and where.startswith("/dev/null"))
    _, text, mode, append = expected
    path = text if text.startswith("/") else os.path.join(run.cwd, text)
    where = where.removesuffix(" (deleted)")  # /dev/null, if another test replaced it meanwhile
    return where == os.path.realpath(path) and actual[1] == mode and actual[2] == append


def _fds_match(pred: Prediction, record: Record, run: Run) -> bool:
    for fd in set(pred.fds) | set(record.fds):
        expected = pred.fds.get(fd, CLOSED)
        actual = record.fds.get(fd)
        if _fd_matches(expected, actual, run):
            continue
        # `a |& b` also sends stderr down the pipe (the parser does not tell `|&` from `|`).
        if fd == 2 and pred.pipe_out and _fd_matches(pred.fds.get(1, CLOSED), actual, run):
            continue
        if fd >= 10 and fd not in pred.fds and pred.procsub and _fd_matches(PIPE, actual, run):
            continue
        if fd not in pred.fds and pred.nested:
            continue  # inherited from the command around the substitution
        return False
    return True


def disagreements(line: str, parsed: shell.ParsedCommand, run: Run) -> list[str]:
    """Where bash and the parser disagree (empty when they agree)."""
    problems: list[str] = []
    if "syntax error" in run.stderr or "unexpected EOF" in run.stderr:
        problems.append(f"bash rejects the line ({run.stderr.strip()!r}); the parser accepts it")
    procsub = any(
        w.procsub for cmd in parsed.commands for w in (*cmd.words, *cmd.assignments)
    ) or any(r.target.procsub for cmd in parsed.commands for r in cmd.redirections)
    pool = [p for cmd in parsed.commands for p in predict(cmd, procsub) if p.runs]
    # Every program bash started must be one the parser saw, with the same words and
    # descriptors. (A command may run more than once — `{a,b}$(cmd)` runs cmd per word — which
    # changes nothing for the classifier: it judges the same command.)
    for record in run.records:
        if any(_words_match(p.words, record.argv) and _fds_match(p, record, run) for p in pool):
            continue
        problems.append(
            f"bash ran {record.argv!r} with fds "
            f"{ {fd: (_where(run, t), m, a) for fd, (t, m, a) in sorted(record.fds.items())} }, "
            "which no command of the parser's explains"
        )
    all_preds = [p for cmd in parsed.commands for p in predict(cmd, procsub)]
    targets = [
        r.target
        for cmd in parsed.commands
        for r in cmd.redirections
        if r.kind in ("read", "write") and not r.target.procsub
    ]
    named: set[str] | None = {t.text for t in targets}
    if not all(t.literal for t in targets):
        named = None  # a target only known at run time could be any file
    if named is not None:
        for created in sorted(run.created - named):
            problems.append(f"bash created {created!r}, which the parser names nowhere")
    strict = (
        named is not None
        and all(
            p.literal and p.words[0] in STAND_INS and p.words[0] != "time" and p.runs
            for p in all_preds
        )
        and all(
            "/" not in t and t
            for p in all_preds
            for t in p.read_targets
            if not t.startswith("/dev/")
        )
        and not ({"", ".", ".."} & named)
    )
    if strict:
        for message in ("command not found", "No such file or directory", "Is a directory"):
            if message in run.stderr:
                problems.append(f"bash says {run.stderr.strip()!r}; the parser expected no error")
    return problems


def check(bash: Bash, line: str) -> shell.ParsedCommand:
    """Run ``line`` under bash and assert the parser agrees (or says it cannot parse)."""
    parsed = shell.parse(line)
    if "\x00" in line:
        assert not parsed.ok, "a NUL can never reach bash's argv; the parser must refuse it"
        return parsed
    if not parsed.ok or any(cmd.control for cmd in parsed.commands):
        return parsed
    precreate = {
        r.target.text
        for cmd in parsed.commands
        for r in cmd.redirections
        if r.op in ("<", "<&")
        and r.target.literal
        and r.target.text not in ("", ".", "..")
        and "/" not in r.target.text
    }
    run = bash.run(line, precreate)
    problems = disagreements(line, parsed, run)
    assert not problems, f"{line!r}:\n  " + "\n  ".join(problems)
    return parsed


# -- the hand-written hostile list -----------------------------------------------------------------

NL = "\n"
#: (line, whether the parser must refuse it). ``None``: either is fine, as long as it agrees.
HOSTILE: list[tuple[str, bool | None]] = [
    # -- found disagreements (each pinned) --
    # backslash-newline is removed before tokenizing, everywhere but inside single quotes
    (f'a "$\\{NL}(b c)"', None),  # parser said literal "$(b c)"; bash runs b c
    (f"a $\\{NL}HOME", None),  # parser said literal "$HOME"
    (f"a $\\{NL}'x'", False),  # bash reads $'x' (ANSI-C quoting): refused
    (f"a \\{NL} b", None),  # parser said ["a", "", "b"]
    (f"a &\\{NL}& b", None),  # parser split "a & ; '' ; b"
    (f"a 2\\{NL}>x", None),  # parser said word "2"; bash: fd 2
    (f"a >\\{NL}>x", None),  # parser said "> ''" then ">x"; bash: ">>x"
    (f"a \\{NL}#x", False),  # bash: a comment
    (f"A\\{NL}B=1 a", None),  # an assignment
    (f"a `b 'c\\{NL}d'`", None),  # backquotes: removed even inside single quotes
    (f"a $(b 'c\\{NL}d')", None),  # $(...): kept inside single quotes
    (f"a \"$(b 'c\\{NL}d')\"", None),
    (f"a \"`b 'c\\{NL}d'`\"", None),
    (f"a \\\\{NL}b", None),  # an escaped backslash, then a real newline
    (f"a '\\{NL}' \"\\{NL}\" x\\{NL}y", None),
    # `\"` inside backquotes inside double quotes
    ('a "`b %s \\"x\\"`" c', None),  # parser said b's word was "\"x\""; bash: x
    ('a `b %s \\"x\\"`', None),
    # descriptor numbers: ASCII digits that fit an int, right before < or >
    ("a ٣</dev/null", True),  # Arabic-Indic digit: a word, not fd 3
    ("grep -v -e ٣</dev/null x", True),
    ("a \uff13>x", True),  # fullwidth 3
    ("a ²>x", True),  # superscript
    ("a >&٣", True),  # a file named ٣, not a dup
    ("a 2147483648>x", True),  # too big for an int: a word
    ("head -c 99999</dev/null x", True),  # a valid (if unusable) fd: bash fails, runs nothing
    ("a 0002>x", True),
    ("a {fd}>x", False),  # bash's named descriptor
    ("a {x[1]}>x", False),
    ("a {}>x", False),
    ("a >#x", False),  # bash: `>` followed by a comment: a syntax error
    ("a 2>#x", False),
    ("a >&-x", True),  # `>&-` closes stdout; x is the next word
    ("a >& -x", True),
    ("a 2>&-1", True),
    ("a <&-x", True),
    ("a >&1-", True),  # moves fd 1 (closes it after the dup)
    ("a 3>x 4>&3-", True),
    ("a x<(b)", False),  # one word in bash: x/dev/fd/63
    ('a ""<(b)', False),
    ("a x>(b)y", False),
    ("a <(b)x", False),  # one word: /dev/fd/63x
    ("a >|<()]x", False),  # an empty substitution expands to nothing: bash writes `]x`
    ("a ><()x", False),
    ("a <( )x", False),
    ("a > <(b)x", False),
    ("a <()", False),  # expands to nothing at all
    ('a "$$(|&>"', False),  # bash's reader parses `$(|&>"` as a substitution (a syntax error)
    ('a "$$(b)" "$${x"}"}"', False),  # ... and `(b)` is then expanded as text
    ("a $$(b)", False),
    ('a "$?(b)" $$x', True),
    ("a > <( )", False),
    ("a {a,{b}} {c,\\{}", True),  # brace expansion with nested or escaped braces
    ("a <2>&1", False),  # bash: `2>` is the next redirection, `<` has no target
    ("a <99999999999>x", True),  # too big for a descriptor: the target of `<`
    # `>&WORD` naming a file expands WORD twice: `>&'$HOME'` is the home directory
    ("a >&'$HOME'", False),
    ("a >&\\$HOME", False),
    ("a <x >&'*'", False),  # `*` matches x
    ("a >&'x y'", False),
    (f"a >&x'\\{NL}'b", False),  # the continuation inside quotes goes in the second pass
    ('a >&"1"', True),  # a descriptor after quote removal: a dup
    ("a >&x", True),
    ("a | ! b", False),  # bash: a syntax error
    ("A=1 ! a", True),  # a program called `!`
    (">x ! a", True),
    ("time A=1 a", False),
    ("time ! a", False),
    # -- quoting --
    ("a 'b c' \"d e\" f\\ g \\'h \"\\$i\" '\\n'", True),
    ('a "it\'s" \'say "hi"\' "a\\"b" "\\a\\b"', True),
    ('a "$x" "${x}" $x${x}', True),
    ("a \"$\" '$' $ \\$x", True),
    ("a $'b\\tc'", False),
    ('a $"b"', False),
    ('a "$\'b\'" "$\\"b\\""', True),
    ('a "`b`" `b` "$(b)"', True),
    ("a `b \\`b\\``", True),
    ("a $(b $(b))", True),
    ('a "$(b "c d")"', True),
    ("a 'unterminated", False),
    ('a "unterminated', False),
    ("a `b", False),
    ("a $(b", False),
    ("a \\", False),
    # -- comments --
    ("a b#c", True),
    ("a #c", False),
    ("a;#c", False),
    ("a ${#}", True),
    ("a $#", True),
    # -- braces, tildes, globs --
    ("a {b,c} {d..f} {g} @{u} {} ^{tree} x{,}", True),
    ("a {a..foo} {1..3} '{b,c}' \"{d,e}\" \\{f,g}", True),
    ("a ~ ~/x x=~ x:~ --o=~ =~ \\~ '~' \"~\"", True),
    ("a * ? [x] \\* '*' \"?\"", True),
    ("A=~ a", True),
    # -- here-strings, redirections --
    ("a <<<hi", True),
    ('a <<< "hi $x"', True),
    ("a 3<<<x", True),
    ("a <<EOF", False),
    ("a <<-EOF", False),
    ("a &>x", True),
    ("a &>>x", True),
    ("a >&x", True),
    ("a >|x", True),
    ("a <>x", True),
    ("a 2>&1 >x", True),
    ("a >x 2>&1", True),
    ("a 2>x >>y <z", True),
    ("a 2&>x", True),
    ("a 3>x 3>&-", True),
    ("a <&x", True),
    ("a 2>&x", True),
    ("a >&2", True),
    ("a <&0", True),
    ("a >>&x", False),
    ("a >", False),
    ("a > ;", False),
    ("a > <(b)", True),
    ("a < <(b)", True),
    ("a >(b) <(b)", True),
    ("a >>(b)", False),
    # -- operators, lists, pipes --
    ("a; b && c || d | e |& f & g", True),
    ("a;b&&c||d|e", True),
    ("a |\nb", True),
    ("a\n| b", False),
    ("a ;; b", False),
    ("; a", False),
    ("a & ; b", False),
    ("a &", True),
    ("a |", False),
    ("a (b)", False),
    ("(a)", False),
    ("a $((1+2)) b", False),
    ("a $[1+2]", False),
    ("((x=1))", False),
    # -- reserved words, !, time, coproc --
    ("! a", True),
    ("! ! a", True),
    ("a && ! b", True),
    ("a !", True),
    ("time a", True),
    ("time -p a", True),
    ("time -p -- a", True),
    ("a | time b", True),
    ("A=1 time a", True),
    ("time", False),  # bash: fine alone, a syntax error before `&&`, `|`, `&`
    ("time && a", False),
    ("time -p | a", False),
    ("coproc a", None),
    ("if a; then b; fi", None),
    ("{ a; }", None),
    ("a {", True),
    ("a }", True),
    ('"if" a', True),
    ("[[ a ]]", None),
    ("function f { a; }", None),
    # -- whitespace and odd characters --
    ("a\tb", True),
    ("a\xa0b", True),  # NBSP is not a blank to bash
    ("a\u2000b \u3000c", True),
    ("a\rb", True),
    ("a\r\nb", True),
    ("a \\\r\nb", True),
    ("a\x00b", False),
    ("a\x0bb\x0cc", True),
    ("a $é ${x}é", True),
    ("  a  ", True),
    ("\n\na\n\n", True),
]


@pytest.mark.parametrize(("line", "parses"), HOSTILE, ids=[repr(line) for line, _ in HOSTILE])
def test_the_parser_agrees_with_bash_on_hostile_lines(
    bash: Bash, line: str, parses: bool | None
) -> None:
    parsed = check(bash, line)
    if parses is not None:
        assert parsed.ok == parses, f"{line!r}: {parsed.error or parsed.commands}"


# -- logical and physical paths -------------------------------------------------------------------

#: (cwd, cd target), in a tree where `deep` and `sub/deep` are links to `a/b` and `twin` to `docs`.
CD_CASES = [
    ("sub", "../deep/.."),
    (".", "deep/.."),
    (".", "deep"),
    (".", "sub/deep/.."),
    (".", "twin/.."),
    (".", "a/b/.."),
    ("sub", ".."),
    ("a", "b/../../sub"),
]


@pytest.mark.parametrize(("start", "target"), CD_CASES)
def test_lexical_is_bash_cd_and_walk_is_the_kernel(
    bash: Bash, tmp_path: Path, start: str, target: str
) -> None:
    """``paths.lexical`` is where bash's ``cd`` goes and ``paths.walk`` where the kernel goes
    (``cd -P``, and every other path): the classifier compares the two to notice a ``cd`` whose
    logical and physical directories differ (tests/unit/test_logical_paths.py)."""
    root = tmp_path / "ws"
    for d in ("a/b", "sub", "docs"):
        (root / d).mkdir(parents=True)
    (root / "deep").symlink_to("a/b")
    (root / "sub" / "deep").symlink_to("../a/b")
    (root / "twin").symlink_to("docs")
    links = {"deep": "a/b", "sub/deep": "a/b", "twin": "docs"}
    script = f'cd -L "{target}" && pwd -L && cd -P "$OLDPWD" && cd -P "{target}" && pwd -P'
    done = subprocess.run(
        [BASH, "--noprofile", "--norc", "-c", script],
        cwd=root / start,
        env={"PATH": "/usr/bin:/bin", "PWD": str(root / start)},
        capture_output=True,
        text=True,
        check=True,
    )
    logical, physical = done.stdout.splitlines()
    base = paths.split(start)
    real_root = os.path.realpath(root)
    assert logical == os.path.join(root, *paths.lexical(base, target))
    assert physical == os.path.join(real_root, *paths.walk(base, target, links))


# -- generated lines -----------------------------------------------------------------------------

FRAGMENTS = [
    " ", " ", " ", "\t", "\n", "\\\n", "\\", "'", '"', "`", "$", "(", ")", "<", ">", "&", "|",
    ";", "#", "{", "}", ",", "~", "=", "*", "-", "0", "1", "2", "٣", "\uff13", "²", "a", "b", "x",
    "\r", "\xa0", "\u2003", "$(", "<(", ">(", "&>", ">&", "2>&1", "<<<", ">|", "<>", "$x",
    "${x}", "'\\\n'", '"\\\n"', "{a,b}", "{x}", "x=b", "a ", " b ", "!", "time ", "..",
]  # fmt: skip

lines = st.builds(
    lambda head, rest: head + "".join(rest),
    st.sampled_from(["a ", "b ", "cat ", "! a ", "x=1 a ", ""]),
    st.lists(st.sampled_from(FRAGMENTS), max_size=12),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(line=lines)
@example(line=f"a b\\{NL}{NL}<>x")
@example(line=f'a "\\{NL}$\\{NL}(b)"')
@example(line="a >&-2>x")
@example(line="a <(b)x<(b)")
@example(line="a 1٣>x")
@example(line="a x{a,b}y")
@example(line="a |& b<>x=b 3>$( b 2> * 1- )")  # the substitution inherits fd 0 from `<>x=b`
@example(line=f"\n${{x}}٣٣,2>&1#,2>&1'\\{NL}'b")  # `>&WORD` expands WORD twice
def test_the_parser_agrees_with_bash_on_generated_lines(bash: Bash, line: str) -> None:
    check(bash, line)

"""A pure splitter for the shell commands ``run_command`` is asked to run.

Why it exists: the effect classifier must judge *every* program a command line would start, so
the line is split on every shell operator — ``;``, ``&&``, ``||``, ``|``, ``|&``, ``&``, newlines —
and every command hidden inside a word — ``$(...)``, backticks, ``<(...)``, ``>(...)`` — is pulled
out as a command of its own. Wrappers that run another command (``bash -c``, ``sh -c``, ``eval``,
``env``, ``xargs``, ``nohup``, ``timeout``, ``nice``, ``command``, ``exec``, ``time``, ``sudo`` …)
are unwrapped by :func:`unwrap` so the classifier can judge what they run.

Invariants it keeps:

- it models ``bash --noprofile --norc -c`` (the one shell commands run under) and checks itself
  against it (tests/integration/test_shell_differential.py): whenever :func:`parse` succeeds
  without reporting control flow (which is never judged), the words it reports as literal are
  exactly the argv bash passes, its redirections are bash's, and its split into simple commands
  is bash's;
- line continuations go first, as in bash: a backslash-newline is removed everywhere except
  inside single quotes (inside a backquoted command even there) and after another backslash, so
  ``"$\\<newline>(cmd)"`` is a substitution and ``2\\<newline>>x`` a redirection;
- it never guesses: a construct it does not model exactly — here-documents, ``$((...))``,
  ``${...}`` beyond a plain name, ``$'...'``, ``$"..."``, parentheses outside a substitution
  (subshells, function definitions, ``case`` patterns), comments (a ``#`` starting any token,
  a redirection's target included), unterminated quotes, a dangling operator, a named descriptor
  (``{fd}>x``), ``"$$("`` (bash reads a substitution there, then expands a literal), a process
  substitution inside a word (``x<(cmd)``, ``<(cmd)x``: one word to bash) or an empty one,
  ``>&WORD``/``<&WORD`` naming a file through quotes or expansions (bash expands WORD twice),
  ``!`` after ``|``, the ``time`` keyword without a command or followed by an assignment, ``!``
  or another reserved word — makes :func:`parse` return an error (the
  classifier's "cannot parse", i.e. *unknown*); nesting deeper than :data:`MAX_DEPTH` too;
- a word keeps what quote removal leaves (``text``) and says whether the shell would still change
  it at run time (``dynamic``: parameter or command substitution; ``glob``; ``brace``; ``tilde``),
  so a caller never mistakes ``$HOME/x`` or ``*`` for a literal path; ``raw`` is its source text
  once line continuations are gone;
- leading variable assignments (``PAGER=cat git log``) and redirections (``>``, ``>>``, ``>|``,
  ``<``, ``<>``, ``&>``, ``&>>``, ``>&``, ``<&``, ``<<<``, each with an optional fd number) are
  kept apart from the words, in order. An fd number is what bash takes for one: ASCII digits
  only (``٣>x`` is the word ``٣`` and ``>x``), fitting in an int, right before ``<`` or ``>``;
  ``>&-`` is a token of its own (``>&-x`` closes stdout and ``x`` is a word);
- reserved words and ``!`` count only where bash reads them: first in a command, before any
  assignment or redirection (``A=1 ! cmd`` runs a program called ``!``);
- the result is a pure function of the text, immutable, and cached (:func:`parse` is called for
  the same commands over and over).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from parley.domain.texts import QT_TRANSLATE_NOOP

#: Substitutions nested deeper than this are not parsed (cannot parse -> unknown).
MAX_DEPTH = 8

#: Longer command lines are not parsed (cannot parse -> unknown).
MAX_LENGTH = 20_000

# Why a wrapper's command cannot be told (a reason the permission dialog shows).
_U_AS_USER = QT_TRANSLATE_NOOP("GateReason", "{name} runs a command as another user")
_U_RUNTIME = QT_TRANSLATE_NOOP("GateReason", "what {name} runs is only known at run time")
_U_ENV_OPTION = QT_TRANSLATE_NOOP(
    "GateReason", "env option {option!r} (e.g. -S, -C) is not modelled"
)
_U_OPTION = QT_TRANSLATE_NOOP("GateReason", "{name} option {option!r} is not modelled")
_U_DURATION = QT_TRANSLATE_NOOP("GateReason", "{name} needs a plain duration before the command")
_U_NO_COMMAND = QT_TRANSLATE_NOOP("GateReason", "{name} without a command")
_U_LOOKS_UP = QT_TRANSLATE_NOOP("GateReason", "{name} {option} only looks a name up")
_U_RUNTIME_ARG = QT_TRANSLATE_NOOP("GateReason", "{name} {option} with a run-time argument")
_U_XARGS_VALUE = QT_TRANSLATE_NOOP("GateReason", "xargs {option} needs a plain value")
_U_XARGS_OPTION = QT_TRANSLATE_NOOP("GateReason", "xargs option {option!r} is not modelled")
_U_SET_OPTION = QT_TRANSLATE_NOOP("GateReason", "{name} {option} option is not modelled")
_U_SHELL_OPTION = QT_TRANSLATE_NOOP(
    "GateReason", "{name} option {option!r} (login, interactive, stdin) is not modelled"
)
_U_NO_SCRIPT = QT_TRANSLATE_NOOP("GateReason", "{name} -c without a script")
_U_SCRIPT_RUNTIME = QT_TRANSLATE_NOOP(
    "GateReason", "the script {name} -c runs is only known at run time"
)

_METACHARS = frozenset(" \t\n;&|<>()")
_GLOB = frozenset("*?[")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\+?=")
_SPECIAL_PARAMS = frozenset("@*#?$!-0123456789")
_BRACE_EXPANSION = re.compile(r"\{[^{}]*(,|\.\.)[^{}]*\}")
#: A redirection's explicit descriptor: ASCII digits only (bash's ``DIGIT``; ``str.isdigit`` is
#: also true for Arabic-Indic ``٣``, a fullwidth 3 and ``²``, which bash keeps as words), and
#: only when it fits in an int.
_FD = re.compile(r"[0-9]+")
_FD_MAX = 2**31 - 1
#: A ``>&``/``<&`` target that duplicates (``2>&1``), moves (``2>&1-``) or closes (``-``) a
#: descriptor instead of naming a file.
_DUP_TARGET = re.compile(r"[0-9]+-?|-")
#: Characters that make an expansion change a word (quotes, escapes, $, backquotes, globs,
#: braces, ~).
_EXPANDING = frozenset("'\"\\$`*?[{}~")

#: Reserved words that only introduce the command after them (stripped, marked control flow).
_LEADING_RESERVED = frozenset({"if", "then", "else", "elif", "while", "until", "do", "{"})
#: Reserved words that make the whole simple command control flow we do not model.
_OTHER_RESERVED = frozenset(
    {"fi", "done", "esac", "}", "for", "case", "select", "function", "in", "[[", "]]", "coproc"}
)


class ParseError(ValueError):
    """The command line uses a construct this splitter does not model exactly."""


@dataclass(frozen=True)
class Word:
    """One shell word after quote removal.

    ``text`` is what quote removal leaves, with substitutions left out; ``raw`` is the source
    (without line continuations).
    ``dynamic``: a parameter or command substitution (or process substitution) is part of it, so
    its value is only known at run time. ``glob``: an unquoted ``*``, ``?`` or ``[``. ``brace``: an
    unquoted ``{...}`` holding ``,`` or ``..`` (brace expansion in bash). ``tilde``: an unquoted
    ``~`` at the start or right after ``=`` / ``:`` (the home directory). ``procsub``: a
    ``<(...)`` / ``>(...)`` word. ``head``: the word's first character when it is a known literal
    ("" when an expansion comes first), so :attr:`may_be_option` can tell ``./$x`` (never an
    option) from ``$x`` or ``*`` (could expand to ``--pre=sh``).
    """

    text: str
    raw: str = ""
    dynamic: bool = False
    glob: bool = False
    brace: bool = False
    tilde: bool = False
    procsub: bool = False
    quoted: bool = False
    head: str = ""

    @property
    def literal(self) -> bool:
        """The shell will pass exactly ``text`` (no expansion of any kind)."""
        return not (self.dynamic or self.glob or self.brace or self.tilde)

    @property
    def may_be_option(self) -> bool:
        """Whether the word, once expanded, could start with ``-`` (and so be read as an option):
        a literal ``-x``, or an expansion whose first character is not a known literal."""
        if self.literal:
            return self.text.startswith("-")
        return self.head in ("", "-")


@dataclass(frozen=True)
class Redirection:
    """``op`` is one of ``<``, ``>``, ``>>``, ``>|``, ``<>``, ``&>``, ``&>>``, ``>&``, ``<&``,
    ``<<<``; ``fd`` the explicit descriptor number ("" when implicit; ASCII digits only)."""

    op: str
    fd: str
    target: Word

    @property
    def kind(self) -> str:
        """``read``, ``write``, ``dup`` (``2>&1``, ``<&0``, ``>&-``, ``2>&1-``) or ``data``
        (``<<<``). Only ASCII digits make a descriptor: ``>&٣`` writes a file named ``٣``."""
        if self.op == "<<<":
            return "data"
        if (
            self.op in (">&", "<&")
            and self.target.literal
            and _DUP_TARGET.fullmatch(self.target.text)
        ):
            return "dup"
        if self.op in ("<", "<&"):
            return "read"
        return "write"


@dataclass(frozen=True)
class SimpleCommand:
    """One simple command: ``assignments`` (``NAME=value`` prefixes), ``words`` (the command name
    first), ``redirections``. ``pipe_in``/``pipe_out``: it reads from / writes to a pipe.
    ``context``: ``top``, ``substitution`` (``$(...)``/backticks), ``process_in`` (``<(...)``,
    its output is read) or ``process_out`` (``>(...)``, it reads what is written to it).
    ``control``: the reserved word that made it part of control flow ("" when none)."""

    words: tuple[Word, ...]
    assignments: tuple[Word, ...] = ()
    redirections: tuple[Redirection, ...] = ()
    pipe_in: bool = False
    pipe_out: bool = False
    context: str = "top"
    control: str = ""

    @property
    def name(self) -> Word | None:
        return self.words[0] if self.words else None


@dataclass(frozen=True)
class ParsedCommand:
    """Every simple command of a command line (substitutions first, then the command they feed),
    or ``error`` (non-empty: cannot parse)."""

    commands: tuple[SimpleCommand, ...] = ()
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


# -- the lexer/parser ---------------------------------------------------------------------------


class _WordState:
    """What lexing one word has seen so far."""

    __slots__ = ("brace", "dynamic", "glob", "head", "procsub", "quoted", "text", "tilde")

    def __init__(self) -> None:
        self.text: list[str] = []
        self.dynamic = self.glob = self.brace = self.tilde = self.procsub = self.quoted = False
        self.head: str | None = None  # the word's first character; "" when unknown

    def literal(self, chunk: str, *, quoted: bool = False) -> None:
        if chunk and self.head is None:
            self.head = chunk[0]
        self.text.append(chunk)
        self.quoted = self.quoted or quoted

    def mark(self, kind: str) -> None:
        if self.head is None:
            self.head = ""
        setattr(self, kind, True)


class _Builder:
    __slots__ = ("assignments", "prefixed", "redirections", "words")

    def __init__(self) -> None:
        self.words: list[Word] = []
        self.assignments: list[Word] = []
        self.redirections: list[Redirection] = []
        # An assignment or a redirection came before the first word: bash then reads no reserved
        # word (``A=1 ! cmd`` runs a program called ``!``), and no ``time`` keyword.
        self.prefixed = False

    def empty(self) -> bool:
        return not (self.words or self.assignments or self.redirections)


def _check_dup_word(target: Word) -> None:
    """``>&WORD`` naming a file: bash expands WORD, and when the result is not a descriptor it
    expands it *again* as the file name (``>&'$HOME/x'`` writes to the home directory,
    ``>&'*'`` to whatever matches). Only a word both expansions leave alone is modelled."""
    if target.raw != target.text or any(c in target.raw for c in _EXPANDING):
        raise ParseError(f"the target of '>&' / '<&' {target.raw!r} is expanded twice by bash")


def _join_continuations(text: str) -> str:
    """``text`` without the backslash-newlines bash removes before it reads any token.

    bash drops a backslash-newline everywhere except inside single quotes and right after
    another backslash — even inside a backquoted command's single quotes, since the backquoted
    text is read raw — so ``"$\\<newline>(cmd)"`` is ``"$(cmd)"`` and ``2\\<newline>>x`` is
    ``2>x``. The contexts that decide are tracked as bash's reader tracks them: single and double
    quotes, backquotes, ``$(...)``, ``<(...)``, ``>(...)``. Constructs the parser rejects anyway
    (``$'...'``, here-documents, comments, ``((...))``, subshells) need no exact tracking: they
    survive this step unchanged and make :func:`parse` fail.
    """
    if "\\\n" not in text:
        return text
    out: list[str] = []
    stack = ["cmd"]  # "cmd", "sub" (closed by ")"), "dq" (double quotes), "bq" (backquotes)
    last = ""  # the last character kept, "" after an escape pair
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        top = stack[-1]
        if c == "\\":
            if text.startswith("\n", i + 1):
                i += 2  # a line continuation: gone
                continue
            out.append(text[i : i + 2])  # an escape pair: its second character starts nothing
            last = ""
            i += 2
            continue
        if top == "bq":
            if c == "`":
                stack.pop()
        elif c == "`":
            stack.append("bq")
        elif top == "dq":
            if c == '"':
                stack.pop()
            elif c == "(" and last == "$":
                stack.append("sub")
        elif c == "'":
            end = text.find("'", i + 1)
            end = n - 1 if end < 0 else end
            out.append(text[i : end + 1])  # single quotes: kept as they are
            last = "'"
            i = end + 1
            continue
        elif c == '"':
            stack.append("dq")
        elif c == "(" and last in ("$", "<", ">"):
            stack.append("sub")
        elif c == ")" and top == "sub":
            stack.pop()
        out.append(c)
        last = c
        i += 1
    return "".join(out)


class _Parser:
    def __init__(self, text: str, out: list[SimpleCommand]) -> None:
        self.s = _join_continuations(text)
        self.n = len(self.s)
        self.out = out

    # A list of pipelines, up to ``closer`` (")") or the end of the text.
    def parse_list(self, i: int, depth: int, closer: str, context: str) -> int:
        if depth > MAX_DEPTH:
            raise ParseError("substitutions nested too deeply")
        s, n = self.s, self.n
        cur = _Builder()
        pipe_in = context == "process_out"
        after_pipe = False  # the current command follows `|` or `|&`
        pending_op = ""  # an operator that needs a command after it
        while True:
            while i < n and s[i] in " \t":
                i += 1
            if i >= n:
                if closer:
                    raise ParseError(f"missing '{closer}'")
                break
            c = s[i]
            if closer and c == closer:
                i += 1
                break
            if c in "\n;":
                if s.startswith(";;", i) or s.startswith(";&", i):
                    raise ParseError("';;' outside a case statement")
                if cur.empty():
                    if c == ";":
                        raise ParseError("nothing before ';'")
                    i += 1  # a newline after an operator continues the list
                    continue
                self._finish(cur, pipe_in, False, context, after_pipe)
                cur, pipe_in, pending_op, after_pipe = _Builder(), False, "", False
                i += 1
                continue
            if c == "&" and not s.startswith("&>", i):
                op = "&&" if s.startswith("&&", i) else "&"
                if cur.empty():
                    raise ParseError(f"nothing before {op!r}")
                self._finish(cur, pipe_in, False, context, after_pipe)
                cur, pipe_in, pending_op = _Builder(), False, ("" if op == "&" else op)
                after_pipe = False
                i += len(op)
                continue
            if c == "|":
                op = "||" if s.startswith("||", i) else ("|&" if s.startswith("|&", i) else "|")
                if cur.empty():
                    raise ParseError(f"nothing before {op!r}")
                self._finish(cur, pipe_in, op != "||", context, after_pipe)
                cur, pipe_in, pending_op = _Builder(), op != "||", op
                after_pipe = op != "||"
                i += len(op)
                continue
            if c in "()":
                raise ParseError(f"unsupported {c!r} (subshell, function or case pattern)")
            if c == "#":
                raise ParseError("comments are not supported")
            redir = self._redirection_at(i)
            if redir is not None:
                op, fd, i = redir
                while i < n and s[i] in " \t":
                    i += 1
                if i >= n or (s[i] in _METACHARS and not s.startswith(("<(", ">("), i)):
                    raise ParseError(f"redirection {fd}{op} without a target")
                if s[i] == "#":
                    raise ParseError("comments are not supported")  # bash: `>#x` is `>` + comment
                number = _FD.match(s, i)
                if (
                    op not in (">&", "<&")
                    and number
                    and number.end() < n
                    and s[number.end()] in "<>"
                    and int(number.group()) <= _FD_MAX
                ):
                    # bash reads `2` in `<2>x` as the next redirection's descriptor: `<` has no
                    # target (a syntax error).
                    raise ParseError(f"redirection {fd}{op} without a target")
                if op in (">&", "<&") and s[i] == "-":
                    # bash reads `-` after `>&`/`<&` as a token of its own: `>&-x` closes stdout
                    # and `x` is the next word.
                    target, i = Word("-", "-", head="-"), i + 1
                else:
                    target, i = self._word(i, depth)
                    if op in (">&", "<&") and not (
                        target.literal and _DUP_TARGET.fullmatch(target.text)
                    ):
                        _check_dup_word(target)
                cur.redirections.append(Redirection(op, fd, target))
                cur.prefixed = cur.prefixed or not cur.words
                pending_op = ""
                continue
            word, i = self._word(i, depth)
            if not cur.words and _ASSIGNMENT.match(word.raw):
                cur.assignments.append(word)
                cur.prefixed = True
            else:
                cur.words.append(word)
            pending_op = ""
        if pending_op or (pipe_in and cur.empty() and context != "process_out"):
            raise ParseError(f"nothing after {pending_op or '|'!r}")
        if not cur.empty():
            self._finish(cur, pipe_in, False, context, after_pipe)
        return i

    def _word(self, i: int, depth: int) -> tuple[Word, int]:
        """A word at ``i`` that is not followed by what would make bash read it otherwise."""
        word, i = self.lex_word(i, depth)
        s = self.s
        if i < self.n and s[i] in "<>":
            if s.startswith(("<(", ">("), i):
                # bash: `x<(cmd)` is one word (`x/dev/fd/63`), not `x` and a substitution.
                raise ParseError("a process substitution inside a word is not supported")
            if word.raw.startswith("{") and word.raw.endswith("}"):
                raise ParseError("{name} redirections (bash's named descriptors) are not supported")
        return word, i

    def _finish(
        self, cur: _Builder, pipe_in: bool, pipe_out: bool, context: str, after_pipe: bool = False
    ) -> None:
        words = list(cur.words)
        control = ""
        reserved = _LEADING_RESERVED | {"!"}
        # Reserved words and `!` count only before any assignment or redirection (`A=1 ! cmd`
        # runs a program called `!`); `!` right after `|` is a syntax error to bash.
        if words and not words[0].quoted and words[0].text == "!" and after_pipe:
            raise ParseError("'!' after '|'")  # bash: a syntax error
        while words and not words[0].quoted and words[0].text in reserved and not cur.prefixed:
            control = control or ("" if words[0].text == "!" else words[0].text)
            words.pop(0)
        if words and not words[0].quoted and words[0].text in _OTHER_RESERVED:
            control = words[0].text
        if words and not words[0].quoted and words[0].text == "time" and not cur.prefixed:
            # bash's `time` keyword: `time A=1 cmd` assigns, `time ! cmd` negates; the wrapper
            # reading (`shell.unwrap`) would take `A=1` or `!` for the program. Without a
            # command it is a syntax error before `&&`, `|`, `&`.
            k = 1
            while k < len(words) and words[k].literal and words[k].text in ("-p", "--"):
                k += 1
            if k >= len(words):
                raise ParseError("'time' without a command is not supported")
            if _ASSIGNMENT.match(words[k].raw) or (
                not words[k].quoted and words[k].text in reserved | _OTHER_RESERVED
            ):
                raise ParseError(f"'time' followed by {words[k].raw!r} is not supported")
        if not words and not cur.assignments and not cur.redirections:
            if control in _LEADING_RESERVED:
                raise ParseError(f"nothing after {control!r}")
            raise ParseError("empty command")
        self.out.append(
            SimpleCommand(
                words=tuple(words),
                assignments=tuple(cur.assignments),
                redirections=tuple(cur.redirections),
                pipe_in=pipe_in,
                pipe_out=pipe_out,
                context=context,
                control=control,
            )
        )

    def _redirection_at(self, i: int) -> tuple[str, str, int] | None:
        s = self.s
        m = _FD.match(s, i)
        j = m.end() if m else i
        fd = s[i:j]
        if j >= self.n:
            return None
        if fd and (int(fd) > _FD_MAX or s[j] not in "<>"):
            return None  # a word: bash only takes digits right before `<`/`>` that fit an int
        if not fd and s.startswith(("<(", ">("), j):
            return None  # process substitution: a word
        for op in ("&>>", "&>") if not fd else ():
            if s.startswith(op, j):
                return op, "", j + len(op)
        if s.startswith("<<", j) and not s.startswith("<<<", j):
            raise ParseError("here-documents are not supported")
        for op in ("<<<", ">>", ">|", ">&", "<&", "<>", ">", "<"):
            if s.startswith(op, j):
                return op, fd, j + len(op)
        return None

    def lex_word(self, i: int, depth: int) -> tuple[Word, int]:
        s, n = self.s, self.n
        start = i
        st = _WordState()
        brace_open = brace_close = -1  # the first unquoted `{`, the last unquoted `}`
        if s.startswith(("<(", ">("), i):
            context = "process_in" if s[i] == "<" else "process_out"
            before = len(self.out)
            i = self.parse_list(i + 2, depth + 1, ")", context)
            if len(self.out) == before:
                raise ParseError("an empty process substitution")  # bash: it expands to nothing
            if i < n and s[i] not in _METACHARS:
                # bash: `<(cmd)x` is one word, `/dev/fd/63x` — a file name, not the pipe.
                raise ParseError("a process substitution inside a word is not supported")
            st.mark("dynamic")
            st.procsub = True
        while i < n:
            c = s[i]
            if c in _METACHARS:
                break
            if c == "\\":
                if i + 1 >= n:
                    raise ParseError("a trailing backslash")
                if s[i + 1] == "\n":
                    i += 2
                    continue
                st.literal(s[i + 1], quoted=True)
                i += 2
                continue
            if c == "'":
                end = s.find("'", i + 1)
                if end < 0:
                    raise ParseError("an unterminated single quote")
                st.literal(s[i + 1 : end], quoted=True)
                i = end + 1
                continue
            if c == '"':
                st.quoted = True
                i = self._double_quoted(i + 1, depth, st)
                continue
            if c == "$":
                i = self._dollar(i, depth, st, in_quotes=False)
                continue
            if c == "`":
                i = self._backticks(i, depth)
                st.mark("dynamic")
                continue
            if c in _GLOB:
                st.mark("glob")
            elif c in "{}":
                st.mark("brace")
                if c == "}":
                    brace_close = i - start
                elif brace_open < 0:
                    brace_open = i - start
            elif c == "~" and (i == start or s[i - 1] in "=:"):
                if st.head is None:
                    st.head = "~"  # expands to an absolute path: never an option
                st.mark("tilde")
            st.literal(c)
            i += 1
        if i == start:
            raise ParseError(f"unexpected {s[i]!r}" if i < n else "unexpected end")
        raw = s[start:i]
        # Brace expansion needs an unquoted `{` before an unquoted `}` with `,` or `..` between
        # (nested or escaped parts still expand: `{a,{b}}`, `{a,\{}`); "@{u}", "{}", "^{tree}"
        # stay literal.
        span = raw[brace_open:brace_close] if 0 <= brace_open < brace_close else ""
        brace = st.brace and ("," in span or ".." in span or bool(_BRACE_EXPANSION.search(raw)))
        return (
            Word(
                text="".join(st.text),
                raw=raw,
                dynamic=st.dynamic,
                glob=st.glob,
                brace=brace,
                tilde=st.tilde,
                procsub=st.procsub,
                quoted=st.quoted,
                head=st.head or "",
            ),
            i,
        )

    def _double_quoted(self, i: int, depth: int, st: _WordState) -> int:
        s, n = self.s, self.n
        while True:
            if i >= n:
                raise ParseError("an unterminated double quote")
            c = s[i]
            if c == '"':
                return i + 1
            if c == "\\" and i + 1 < n and s[i + 1] in '$`"\\\n':
                if s[i + 1] != "\n":
                    st.literal(s[i + 1], quoted=True)
                i += 2
                continue
            if c == "$":
                i = self._dollar(i, depth, st, in_quotes=True)
                continue
            if c == "`":
                i = self._backticks(i, depth, in_quotes=True)
                st.mark("dynamic")
                continue
            st.literal(c, quoted=True)
            i += 1

    def _dollar(self, i: int, depth: int, st: _WordState, *, in_quotes: bool) -> int:
        """Consume the ``$`` at ``i`` (and what it expands); returns the next index."""
        s, n = self.s, self.n
        nxt = s[i + 1] if i + 1 < n else ""
        if nxt == "(":
            if s.startswith("((", i + 1):
                raise ParseError("arithmetic expansion $((...)) is not supported")
            st.mark("dynamic")
            return self.parse_list(i + 2, depth + 1, ")", "substitution")
        if nxt == "{":
            end = s.find("}", i + 2)
            inner = s[i + 2 : end] if end >= 0 else ""
            if end < 0 or not (_NAME.fullmatch(inner) or inner in _SPECIAL_PARAMS):
                raise ParseError("only plain ${NAME} parameter expansion is supported")
            st.mark("dynamic")
            return end + 1
        if nxt == "[":
            raise ParseError("arithmetic expansion $[...] is not supported")
        if nxt in ("'", '"') and not in_quotes:
            raise ParseError("$'...' and $\"...\" quoting is not supported")
        m = _NAME.match(s, i + 1)
        if m:
            st.mark("dynamic")
            return m.end()
        if nxt and nxt in _SPECIAL_PARAMS:
            if in_quotes and nxt == "$" and s.startswith(("(", "{", "["), i + 2):
                # In double quotes bash's reader takes `$(`/`${`/`$[` after `$$` as the start of
                # a nested construct (quotes inside it do not end the string) while expansion
                # reads `$$` and a literal `(`: not modelled.
                raise ParseError("'$$' followed by '(', '{' or '[' in double quotes")
            st.mark("dynamic")
            return i + 2
        st.literal("$", quoted=in_quotes)
        return i + 1

    def _backticks(self, i: int, depth: int, *, in_quotes: bool = False) -> int:
        """Consume the backquoted command at ``i``. Inside it a backslash quotes only `` ` ``,
        ``$`` and ``\\`` — and, when the backquotes sit in double quotes, ``"`` (bash removes
        that backslash with the double quotes' own, before the command is parsed)."""
        s, n = self.s, self.n
        special = '`$\\"' if in_quotes else "`$\\"
        j = i + 1
        inner: list[str] = []
        while True:
            if j >= n:
                raise ParseError("an unterminated backtick")
            c = s[j]
            if c == "`":
                break
            if c == "\\" and j + 1 < n:
                if s[j + 1] in special:
                    inner.append(s[j + 1])
                else:
                    inner.append(s[j : j + 2])
                j += 2
                continue
            inner.append(c)
            j += 1
        sub = _Parser("".join(inner), self.out)
        sub.parse_list(0, depth + 1, "", "substitution")
        return j + 1


@functools.lru_cache(maxsize=8192)
def parse(command: str) -> ParsedCommand:
    """Split a command line into its simple commands, or say why it cannot be parsed."""
    if len(command) > MAX_LENGTH:
        return ParsedCommand(error=f"longer than {MAX_LENGTH} characters")
    if "\x00" in command:
        return ParsedCommand(error="contains a NUL character")
    out: list[SimpleCommand] = []
    try:
        _Parser(command, out).parse_list(0, 0, "", "top")
    except ParseError as error:
        return ParsedCommand(error=str(error))
    except RecursionError:  # pragma: no cover - MAX_DEPTH keeps recursion shallow
        return ParsedCommand(error="nested too deeply")
    if not out:
        return ParsedCommand(error="no command")
    return ParsedCommand(commands=tuple(out))


def basename(word: Word) -> str:
    """The last path component of a command word (for *recognising* a program, never trusting
    it: ``/tmp/x/cat`` is recognised as ``cat`` and still not trusted)."""
    return word.text.rstrip("/").rsplit("/", 1)[-1]


# -- wrappers -----------------------------------------------------------------------------------

ESCALATION = frozenset({"sudo", "doas", "su", "pkexec", "run0", "sudoedit", "calife", "runas"})
SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "busybox"})
#: Wrappers that are shell builtins or keywords (there is no binary to trust).
BUILTIN_WRAPPERS = frozenset({"command", "exec", "time", "eval", "builtin"})
WRAPPERS = (
    frozenset({"env", "xargs", "nohup", "timeout", "nice", "stdbuf", "setsid", "ionice"})
    | BUILTIN_WRAPPERS
    | ESCALATION
    | SHELLS
)


@dataclass(frozen=True)
class Unwrapped:
    """What a wrapper runs. ``kind``: ``command`` (``command`` holds it), ``script`` (``bash -c``
    or ``eval``: ``script`` holds the parsed text), ``escalation`` (``sudo`` and friends),
    ``inert`` (the wrapper runs nothing: ``exec`` with only redirections, ``command -v name``) or
    ``opaque`` (cannot tell what it runs; ``reason`` says why). ``reads``: files the wrapper itself
    reads (``xargs -a FILE``)."""

    wrapper: str
    kind: str
    command: SimpleCommand | None = None
    script: ParsedCommand | None = None
    reads: tuple[Word, ...] = ()
    reason: str = ""


# ASCII digits only: `\d` would also take `٣` (which timeout and nice reject).
_DURATION = re.compile(r"[0-9]+(\.[0-9]+)?[smhd]?")
_INTEGER = re.compile(r"[+-]?[0-9]+")


def _inner(
    cmd: SimpleCommand, words: list[Word], assignments: tuple[Word, ...] = ()
) -> SimpleCommand:
    return dataclasses.replace(cmd, words=tuple(words), assignments=assignments, redirections=())


def _opaque(wrapper: str, reason: str) -> Unwrapped:
    return Unwrapped(wrapper, "opaque", reason=reason)


@functools.lru_cache(maxsize=8192)
def unwrap(cmd: SimpleCommand) -> Unwrapped | None:
    """What the wrapper ``cmd`` runs, or ``None`` when ``cmd`` is not a wrapper.

    The outer command's own assignments and redirections stay with it (the caller judges them);
    the inner command carries only the assignments the wrapper adds (``env A=1 cmd``).
    """
    if not cmd.words or not cmd.words[0].literal:
        return None
    name = basename(cmd.words[0])
    if name not in WRAPPERS:
        return None
    args = list(cmd.words[1:])
    if name in ESCALATION:
        return Unwrapped(name, "escalation", reason=_U_AS_USER.format(name=name))
    if any(not w.literal for w in args[:1]) and name != "xargs":
        return _opaque(name, _U_RUNTIME.format(name=name))
    handler = _UNWRAPPERS[name]
    return handler(name, cmd, args)


def _unwrap_env(name: str, cmd: SimpleCommand, args: list[Word]) -> Unwrapped:
    assigns: list[Word] = []
    i = 0
    while i < len(args):
        w = args[i]
        t = w.text
        if not w.literal and not _ASSIGNMENT.match(w.raw):
            return _opaque(name, "env's arguments are only known at run time")
        if t in ("-i", "--ignore-environment", "-", "-0", "--null"):
            i += 1
        elif t == "-u" or t == "--unset":
            i += 2
        elif t.startswith("--unset=") or (t.startswith("-u") and len(t) > 2):
            i += 1
        elif t == "--":
            i += 1
            break
        elif t.startswith("-"):
            return _opaque(name, _U_ENV_OPTION.format(option=t))
        else:
            break
    while i < len(args) and _ASSIGNMENT.match(args[i].raw):
        assigns.append(args[i])
        i += 1
    rest = args[i:]
    if not rest:
        return _opaque(name, "env without a command prints the whole environment")
    return Unwrapped(name, "command", _inner(cmd, rest, tuple(assigns)))


def _unwrap_prefix_options(
    name: str,
    cmd: SimpleCommand,
    args: list[Word],
    *,
    flags: frozenset[str],
    valued: frozenset[str],
    positional: int = 0,
    positional_re: re.Pattern[str] | None = None,
) -> Unwrapped:
    """A wrapper of the form ``name [flags] [valued VALUE] [N positional] command...``."""
    i = 0
    while i < len(args):
        t = args[i].text
        if t == "--":
            i += 1
            break
        if not t.startswith("-") or t == "-":
            break
        opt, eq, _ = t.partition("=")
        if t in flags or (opt in valued and eq):
            i += 1
        elif t in valued:
            i += 2
        elif len(t) > 2 and t[:2] in valued and not t.startswith("--"):
            i += 1  # -n10
        elif name == "nice" and _INTEGER.fullmatch(t):
            i += 1  # nice -10
        else:
            return _opaque(name, _U_OPTION.format(name=name, option=t))
    for _ in range(positional):
        if i >= len(args) or (positional_re and not positional_re.fullmatch(args[i].text)):
            return _opaque(name, _U_DURATION.format(name=name))
        i += 1
    rest = args[i:]
    if not rest:
        return (
            Unwrapped(name, "inert")
            if name in ("exec", "time")
            else _opaque(name, _U_NO_COMMAND.format(name=name))
        )
    return Unwrapped(name, "command", _inner(cmd, rest))


def _unwrap_command(name: str, cmd: SimpleCommand, args: list[Word]) -> Unwrapped:
    i = 0
    while i < len(args) and args[i].text.startswith("-") and args[i].text != "--":
        opt = args[i].text
        if opt in ("-v", "-V", "-pv", "-pV", "-vp", "-Vp"):
            if all(w.literal for w in args[i + 1 :]):
                return Unwrapped(name, "inert", reason=_U_LOOKS_UP.format(name=name, option=opt))
            return _opaque(name, _U_RUNTIME_ARG.format(name=name, option=opt))
        if opt != "-p":
            return _opaque(name, _U_OPTION.format(name=name, option=opt))
        i += 1
    if i < len(args) and args[i].text == "--":
        i += 1
    rest = args[i:]
    if not rest:
        return Unwrapped(name, "inert")
    return Unwrapped(name, "command", _inner(cmd, rest))


def _unwrap_xargs(name: str, cmd: SimpleCommand, args: list[Word]) -> Unwrapped:
    valued = {
        "-n": 1, "-L": 1, "-P": 1, "-s": 1, "-d": 1, "-E": 1, "-I": 1, "-a": 1,
        "--max-args": 1, "--max-lines": 1, "--max-procs": 1, "--max-chars": 1,
        "--delimiter": 1, "--eof": 1, "--replace": 1, "--arg-file": 1,
    }  # fmt: skip
    flags = {
        "-0", "--null", "-r", "--no-run-if-empty", "-t", "--verbose", "-x", "--exit",
        "--show-limits",
    }  # fmt: skip
    reads: list[Word] = []
    replace: str | None = None
    i = 0
    while i < len(args):
        w = args[i]
        t = w.text
        if not w.literal:
            return _opaque(name, "xargs options are only known at run time")
        if t == "--":
            i += 1
            break
        if not t.startswith("-") or t == "-":
            break
        opt, eq, val = t.partition("=")
        if t in flags:
            i += 1
            continue
        if t == "-i" or t == "--replace":
            replace, i = "{}", i + 1
            continue
        if t.startswith("-i") and not t.startswith("--"):
            replace, i = t[2:], i + 1
            continue
        if eq and opt in valued and opt.startswith("--"):
            value, i = val, i + 1
        elif t in valued:
            if i + 1 >= len(args) or not args[i + 1].literal:
                return _opaque(name, _U_XARGS_VALUE.format(option=t))
            value, opt, i = args[i + 1].text, t, i + 2
        elif t[:2] in valued and not t.startswith("--"):
            value, opt, i = t[2:], t[:2], i + 1
        else:
            return _opaque(name, _U_XARGS_OPTION.format(option=t))
        if opt in ("-I", "--replace"):
            replace = value
        elif opt in ("-a", "--arg-file"):
            reads.append(Word(value, value))
    rest = args[i:] or [Word("echo", "echo")]
    run_time = Word("", "<xargs input>", dynamic=True)
    if replace:
        inner = [run_time if (replace in w.text and k) else w for k, w in enumerate(rest)]
        if replace in rest[0].text:
            return _opaque(name, "xargs substitutes its input into the command name")
    else:
        inner = [*rest, run_time]
    if not inner[0].literal:
        return _opaque(name, "the command xargs runs is only known at run time")
    return Unwrapped(name, "command", _inner(cmd, inner), reads=tuple(reads))


def _unwrap_shell(name: str, cmd: SimpleCommand, args: list[Word]) -> Unwrapped | None:
    """``bash -c 'script'``: the script, parsed. Without ``-c`` it is not a wrapper (it runs a
    script file or reads its program from stdin: the classifier judges that)."""
    if name == "busybox":
        if not args or not args[0].literal:
            return None
        inner_name = args[0].text
        if inner_name in SHELLS - {"busybox"}:
            return _unwrap_shell(inner_name, cmd, args[1:])
        return _opaque(name, "busybox runs its applets without a trusted binary")
    script_flag = False
    i = 0
    while i < len(args):
        w = args[i]
        t = w.text
        if not w.literal:
            break
        if t in ("--norc", "--noprofile", "--posix"):
            i += 1
            continue
        if t in ("-o", "+o"):
            if i + 1 < len(args) and args[i + 1].text in ("pipefail", "errexit", "nounset"):
                i += 2
                continue
            return _opaque(name, _U_SET_OPTION.format(name=name, option=t))
        if t.startswith(("-", "+")) and len(t) > 1 and t != "--":
            letters = t[1:]
            if not set(letters) <= set("ceuxvf"):
                return _opaque(name, _U_SHELL_OPTION.format(name=name, option=t))
            script_flag = script_flag or "c" in letters
            i += 1
            continue
        if t == "--":
            i += 1
        break
    if not script_flag:
        return None
    if i >= len(args):
        return _opaque(name, _U_NO_SCRIPT.format(name=name))
    script = args[i]
    if not script.literal:
        return _opaque(name, _U_SCRIPT_RUNTIME.format(name=name))
    return Unwrapped(name, "script", script=parse(script.text))


def _unwrap_eval(name: str, cmd: SimpleCommand, args: list[Word]) -> Unwrapped:
    if not args:
        return Unwrapped(name, "inert")
    if not all(w.literal for w in args):
        return _opaque(name, "what eval runs is only known at run time")
    return Unwrapped(name, "script", script=parse(" ".join(w.text for w in args)))


_UNWRAPPERS: dict[str, Callable[[str, SimpleCommand, list[Word]], Unwrapped | None]] = {
    "env": _unwrap_env,
    "xargs": _unwrap_xargs,
    "command": _unwrap_command,
    "builtin": _unwrap_command,
    "eval": _unwrap_eval,
    "nohup": functools.partial(_unwrap_prefix_options, flags=frozenset(), valued=frozenset()),
    "timeout": functools.partial(
        _unwrap_prefix_options,
        flags=frozenset({"--preserve-status", "--foreground", "-v", "--verbose"}),
        valued=frozenset({"-s", "--signal", "-k", "--kill-after"}),
        positional=1,
        positional_re=_DURATION,
    ),
    "nice": functools.partial(
        _unwrap_prefix_options, flags=frozenset(), valued=frozenset({"-n", "--adjustment"})
    ),
    "stdbuf": functools.partial(
        _unwrap_prefix_options,
        flags=frozenset(),
        valued=frozenset({"-i", "-o", "-e", "--input", "--output", "--error"}),
    ),
    "setsid": functools.partial(
        _unwrap_prefix_options,
        flags=frozenset({"-f", "-w", "-c", "--fork", "--wait", "--ctty"}),
        valued=frozenset(),
    ),
    "ionice": functools.partial(
        _unwrap_prefix_options,
        flags=frozenset({"-t", "--ignore"}),
        valued=frozenset({"-c", "-n", "--class", "--classdata"}),
    ),
    "exec": functools.partial(
        _unwrap_prefix_options,
        flags=frozenset({"-c", "-l", "-cl", "-lc"}),
        valued=frozenset({"-a"}),
    ),
    "time": functools.partial(_unwrap_prefix_options, flags=frozenset({"-p"}), valued=frozenset()),
    **{shell: _unwrap_shell for shell in SHELLS},
}

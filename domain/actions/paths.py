"""Pure path normalisation against a turn's snapshot: where a path the model names really leads.

Why it exists: every path a tool call or a shell word names must be proven to stay inside the
workspace or the turn's sandbox *before* anything runs. The filesystem is looked at once, when the
snapshot is built (``StateSnapshot.links`` holds every link and its resolved target); this module
only walks a path component by component against that map, so the answer is a pure function of
(path, snapshot) and never depends on string prefixes alone.

Invariants it keeps:

- relative paths only: empty, absolute (``/x``, ``C:/x``), ``~``, NUL, control characters and
  backslashes are rejected by :func:`check_argument` (a backslash is a separator on Windows and a
  name character on POSIX; the ambiguity is refused, not guessed);
- ``.`` and empty components collapse; ``..`` pops the *resolved* parent (a link is followed
  before the ``..`` after it applies, as the kernel does), and popping above the root is an escape;
- every prefix of the path is looked up in the link map, the last component included: a link
  leading outside (``None``) is an escape wherever it sits in the path; a link leading inside is
  followed and the walk goes on from its target; more than :data:`MAX_LINK_HOPS` hops is a loop;
- link lookups and protected-prefix checks also match case-insensitively (NFC + casefold), so a
  case-insensitive filesystem cannot be used to dodge them — this may refuse more, never less;
- the root is written ``"."``; every result is a normalised relative POSIX string without ``..``;
- :func:`walk` is the kernel's (physical) reading; :func:`lexical` is bash's ``cd`` (logical)
  reading, where ``x/..`` cancels whatever ``x`` is. They agree when no link is on the way; a
  caller that cannot tell which reading applies must compare them.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from collections import deque
from collections.abc import Iterable, Mapping, Sequence

from parley.domain.texts import QT_TRANSLATE_NOOP

ROOT = "."

#: As the kernel's ``ELOOP`` limit: a walk following more links than this is refused.
MAX_LINK_HOPS = 40

#: A path component that is always write-protected, whatever ``StateSnapshot.protected`` says
#: (``.git/config`` and ``.git/hooks`` turn a later harmless ``git status`` into code execution).
ALWAYS_PROTECTED_COMPONENTS = frozenset({".git"})

SANDBOX = "sandbox"
WORKSPACE = "workspace"

# -- rule names (stable: tests and the record rely on them) --------------------------------------

EMPTY = "path.empty"
NUL = "path.nul"
CONTROL = "path.control_character"
ABSOLUTE = "path.absolute"
HOME = "path.home"
BACKSLASH = "path.backslash"
ESCAPES = "path.escapes_workspace"
LINK_OUTSIDE = "path.link_outside"
LINK_LOOP = "path.link_loop"


# -- why a path cannot be used (the reason a refusal shows; "GateReason" as the gate's) ----------

_P_EMPTY = QT_TRANSLATE_NOOP("GateReason", "the path is empty")
_P_NUL = QT_TRANSLATE_NOOP("GateReason", "the path contains a NUL character")
_P_CONTROL = QT_TRANSLATE_NOOP("GateReason", "the path contains a control character")
_P_HOME = QT_TRANSLATE_NOOP(
    "GateReason", "{raw!r} starts with '~' (a home directory, outside the workspace)"
)
_P_BACKSLASH = QT_TRANSLATE_NOOP(
    "GateReason", "{raw!r} contains a backslash; use '/' between directories"
)
_P_ABSOLUTE = QT_TRANSLATE_NOOP("GateReason", "{raw!r} is an absolute path")
_P_CLIMBS = QT_TRANSLATE_NOOP("GateReason", "{raw!r} climbs above the workspace root with '..'")
_P_CLIMBS_ROOT = QT_TRANSLATE_NOOP("GateReason", "'..' climbs above the {root} root")
_P_LINK_OUTSIDE = QT_TRANSLATE_NOOP(
    "GateReason", "{key!r} is a link that leads outside the workspace"
)
_P_LINK_LOOP = QT_TRANSLATE_NOOP("GateReason", "{key!r} is part of a link loop")


class PathError(ValueError):
    """A path that cannot be proven to stay inside its root; ``rule`` names why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def fold(name: str) -> str:
    """The comparison key of a path on a filesystem that may ignore case or Unicode form."""
    return unicodedata.normalize("NFC", name).casefold()


def join(parts: Sequence[str]) -> str:
    """Components to a relative path; the root is ``"."``."""
    return "/".join(parts) if parts else ROOT


def split(rel: str) -> tuple[str, ...]:
    """A normalised relative path to its components (``"."`` and ``""`` are the root)."""
    return tuple(p for p in rel.split("/") if p not in ("", "."))


def make_target(namespace: str, rel: str) -> str:
    """``"sandbox:<rel>"`` / ``"workspace:<rel>"``, the form ``Verdict.target`` uses."""
    return f"{namespace}:{rel or ROOT}"


def parse_target(target: str) -> tuple[str, tuple[str, ...]] | None:
    """The inverse of :func:`make_target`, or ``None`` for anything else (fails closed)."""
    namespace, sep, rest = target.partition(":")
    if not sep or namespace not in (SANDBOX, WORKSPACE):
        return None
    if rest.startswith("/") or "\\" in rest or "\x00" in rest:
        return None
    parts = split(rest)
    if ".." in parts:
        return None
    return namespace, parts


class LinkIndex:
    """The snapshot's link map, looked up exactly and then by folded key.

    When several links fold to the same key, one leading outside wins (refuse rather than pick);
    otherwise the smallest original key does, so the answer never depends on dict order.
    """

    __slots__ = ("_exact", "_folded", "_sorted_all", "_sorted_outside")

    def __init__(self, links: Mapping[str, str | None]) -> None:
        self._exact: dict[str, str | None] = {}
        for key, target in links.items():
            self._exact[join(split(key))] = target
        grouped: dict[str, list[tuple[str, str | None]]] = {}
        for key, target in self._exact.items():
            grouped.setdefault(fold(key), []).append((key, target))
        self._folded: dict[str, tuple[str, str | None]] = {}
        for folded, entries in grouped.items():
            outside = sorted(k for k, t in entries if t is None)
            self._folded[folded] = (outside[0], None) if outside else min(entries)
        self._sorted_all = sorted((fold(k), k) for k in self._exact)
        self._sorted_outside = sorted((fold(k), k) for k, t in self._exact.items() if t is None)

    def __bool__(self) -> bool:
        return bool(self._exact)

    def lookup(self, key: str) -> tuple[bool, str | None, str]:
        """``(is_link, target, link_key)`` for the relative path ``key``."""
        if key in self._exact:
            return True, self._exact[key], key
        hit = self._folded.get(fold(key))
        if hit is not None:
            return True, hit[1], hit[0]
        return False, None, ""

    def first_under(self, prefix: Sequence[str], *, outside_only: bool) -> str:
        """The first link (sorted) at or below ``prefix`` ("" when none): what a recursive
        operation or a glob under ``prefix`` could meet."""
        entries = self._sorted_outside if outside_only else self._sorted_all
        if not entries:
            return ""
        if not prefix:
            return entries[0][1]
        base = fold(join(prefix))
        i = bisect.bisect_left(entries, (base, ""))
        while i < len(entries):
            folded, key = entries[i]
            if folded == base or folded.startswith(base + "/"):
                return key
            if not folded.startswith(base):
                break
            i += 1
        return ""


@functools.lru_cache(maxsize=64)
def _index_for(items: tuple[tuple[str, str | None], ...]) -> LinkIndex:
    return LinkIndex(dict(items))


def link_index(links: Mapping[str, str | None] | LinkIndex) -> LinkIndex:
    """A (cached) :class:`LinkIndex` for a link map."""
    if isinstance(links, LinkIndex):
        return links
    return _index_for(tuple(sorted(links.items(), key=lambda kv: kv[0])))


def merged_links(
    workspace: Mapping[str, str | None], sandbox: Mapping[str, str | None]
) -> dict[str, str | None]:
    """The links a sandbox *write* must respect: the sandbox's own, and the workspace's (the
    sandbox is promoted into place later, where those are). A key leading outside in either
    leads outside."""
    merged = dict(workspace)
    for key, target in sandbox.items():
        merged[key] = None if key in merged and merged[key] is None else target
    return merged


def check_argument(raw: object) -> str:
    """Lexical checks on a path a tool call names; returns it, or raises :class:`PathError`."""
    if not isinstance(raw, str) or not raw.strip():
        raise PathError(EMPTY, _P_EMPTY)
    if "\x00" in raw:
        raise PathError(NUL, _P_NUL)
    if any(ord(c) < 32 or ord(c) == 127 for c in raw):
        raise PathError(CONTROL, _P_CONTROL)
    if raw.startswith("~"):
        raise PathError(HOME, _P_HOME.format(raw=raw))
    if "\\" in raw:
        raise PathError(BACKSLASH, _P_BACKSLASH.format(raw=raw))
    if raw.startswith("/") or (len(raw) >= 2 and raw[1] == ":" and raw[0].isalpha()):
        raise PathError(ABSOLUTE, _P_ABSOLUTE.format(raw=raw))
    # Lexically climbing above the root is refused even when a symlink on the way would bring
    # the walk back inside ("link/../../x"): the OS resolves such paths differently from a
    # lexical reader (and not at all through a dangling link), so neither reading is trusted.
    depth = 0
    for part in raw.split("/"):
        if part == "..":
            depth -= 1
            if depth < 0:
                raise PathError(ESCAPES, _P_CLIMBS.format(raw=raw))
        elif part not in ("", "."):
            depth += 1
    return raw


def walk(
    base: Sequence[str],
    rel: str | Iterable[str],
    links: Mapping[str, str | None] | LinkIndex,
    *,
    root_name: str = WORKSPACE,
) -> tuple[str, ...]:
    """Resolve ``rel`` (a string or components) from the resolved directory ``base``.

    Returns the resolved components (``()`` is the root). Raises :class:`PathError` with
    ``path.escapes_workspace`` (``..`` above the root), ``path.link_outside`` or ``path.link_loop``.
    """
    index = link_index(links)
    out = list(base)
    pending = deque(rel.split("/") if isinstance(rel, str) else rel)
    hops = 0
    while pending:
        part = pending.popleft()
        if part in ("", "."):
            continue
        if part == "..":
            if not out:
                raise PathError(ESCAPES, _P_CLIMBS_ROOT.format(root=root_name))
            out.pop()
            continue
        out.append(part)
        if not index:
            continue
        is_link, target, key = index.lookup("/".join(out))
        if not is_link:
            continue
        if target is None or target.startswith("/") or "\x00" in target:
            raise PathError(LINK_OUTSIDE, _P_LINK_OUTSIDE.format(key=key))
        hops += 1
        if hops > MAX_LINK_HOPS:
            raise PathError(LINK_LOOP, _P_LINK_LOOP.format(key=key))
        out = []
        pending.extendleft(reversed(target.split("/")))
    return tuple(out)


def lexical(
    base: Sequence[str], rel: str | Iterable[str], *, root_name: str = WORKSPACE
) -> tuple[str, ...]:
    """``rel`` from ``base`` as bash's logical ``cd`` reads it: ``.`` and empty components
    collapse and ``x/..`` cancels lexically, links or not (``cd link/..`` returns to where it
    started even when ``link`` leads to a deeper directory). Raises :class:`PathError` with
    ``path.escapes_workspace`` when ``..`` climbs above the root."""
    out = list(base)
    for part in rel.split("/") if isinstance(rel, str) else rel:
        if part in ("", "."):
            continue
        if part == "..":
            if not out:
                raise PathError(ESCAPES, _P_CLIMBS_ROOT.format(root=root_name))
            out.pop()
            continue
        out.append(part)
    return tuple(out)


def resolve_argument(
    raw: object, links: Mapping[str, str | None] | LinkIndex, *, root_name: str = WORKSPACE
) -> str:
    """:func:`check_argument`, then :func:`walk` from the root: the normalised relative path."""
    return join(walk((), check_argument(raw), links, root_name=root_name))


def is_protected(rel: str | Sequence[str], protected: Iterable[str]) -> str:
    """The protected prefix ``rel`` falls under ("" when none). ``.git`` anywhere is protected;
    a protected ``"."`` protects everything."""
    parts = split(rel) if isinstance(rel, str) else tuple(rel)
    folded = [fold(p) for p in parts]
    for comp in folded:
        if comp in ALWAYS_PROTECTED_COMPONENTS:
            return ".git"
    for prefix in protected:
        pparts = [fold(p) for p in split(prefix)]
        if folded[: len(pparts)] == pparts:
            return join(split(prefix))
    return ""


def parents(rel: str) -> list[str]:
    """The proper ancestors of a relative path, nearest last (``"a/b/c"`` -> ``["a", "a/b"]``)."""
    parts = split(rel)
    return [join(parts[:i]) for i in range(1, len(parts))]

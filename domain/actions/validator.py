"""The action validator: is each proposed tool call valid against the turn's snapshot?

Why it exists: a model's tool call can name a tool that is not offered, send arguments that are
not JSON, or point at a path outside the workspace or at a file that does not exist. Those are
caught here, before any effect is judged or anything runs, and answered with feedback precise
enough for the model to correct itself. Calls that are already satisfied (identical content,
an existing directory) are skipped and the user is told why.

Invariants it keeps:

- pure and deterministic: a verdict is a function of (actions, snapshot) only; it reads structured
  referents (the tool name, argument names and types, paths, the package name, the snapshot) and
  never interprets free-form content (a file's content is only hashed, a command only checked
  for being ``mkdir`` of existing directories); no I/O, no model call;
- one verdict per action, in order: PASS, NO_OP or REJECT_RETRY, each with a stable ``rule``;
- the snapshot is threaded through the block: a PASS ``write_file`` grows it with
  ``with_created(path, sha256(content))`` (content encoded as UTF-8), so a later read in the same
  block passes; nothing else changes it, and it only grows;
- a PASS path target (``Verdict.target``) is ``"sandbox:<rel>"`` or ``"workspace:<rel>"`` with
  ``rel`` normalised and resolved through the snapshot's links, never absolute, never with ``..``;
  a read/list/search path is looked up in the sandbox first (what this turn created or what is
  already there), then in the workspace; ``write_file`` always targets the sandbox;
- REJECT_RETRY feedback names the bad referent, gives the full valid set or the nearest valid
  names (``difflib`` over sorted candidates: deterministic) and says what to do;
- unexpected arguments are rejected: nothing the model adds (``"requires_approval": false``) can
  reach the classifier or the gate.

Rules (``Verdict.rule``, stable): ``tool.not_advertised``, ``args.malformed_json``,
``args.unexpected``, ``args.missing``, ``args.type``, the path rules of ``domain.actions.paths``
(``path.empty``, ``path.nul``, ``path.control_character``, ``path.absolute``, ``path.home``,
``path.backslash``, ``path.escapes_workspace``, ``path.link_outside``, ``path.link_loop``) plus
``path.not_found``, ``path.is_directory``, ``path.not_a_directory``, ``path.parent_is_file``,
``path.protected``, ``path.git_repository``, ``cwd.not_found``, ``command.empty``,
``content.invalid_text``, ``pattern.empty``, ``package.empty``, ``package.option``,
``package.url``, ``package.path``, ``package.malformed``; NO_OP
``write.identical``, ``dir.exists``; PASS ``<tool>.ok`` (``tool.external`` for an advertised tool
that is not built in).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parley.domain.actions import paths
from parley.domain.actions.effects import existing_directories, parse_requirement
from parley.domain.actions.model import (
    BUILTIN_TOOLS,
    NO_OP,
    PASS,
    REJECT_RETRY,
    ProposedAction,
    StateSnapshot,
    Verdict,
)
from parley.domain.texts import QT_TRANSLATE_NOOP

#: Each built-in tool's arguments: name -> (required, JSON type name).
ARGUMENTS: dict[str, dict[str, bool]] = {
    "read_file": {"path": True},
    "list_dir": {"path": False},
    "search_files": {"pattern": True, "path": False},
    "write_file": {"path": True, "content": True},
    "run_command": {"command": True, "cwd": False},
    "install_package": {"name": True},
}

_EXAMPLES = {
    "read_file": {"path": "src/main.py"},
    "list_dir": {"path": "."},
    "search_files": {"pattern": "def main", "path": "."},
    "write_file": {"path": "notes/summary.md", "content": "..."},
    "run_command": {"command": "ls -la", "cwd": "sandbox"},
    "install_package": {"name": "requests>=2.31"},
}

#: How many near names a rejection lists at most.
NEAREST = 3
#: Above this many candidates, near names are looked for among siblings and same-named files only.
_CANDIDATE_LIMIT = 5000


# What a refused call's card says (and the model reads), marked for the window's language.
_V_MALFORMED = QT_TRANSLATE_NOOP(
    "GateReason",
    "the arguments of {tool} are not a JSON object ({error}). Send them as one JSON "
    "object, for example {example}.",
)
_V_IS_DIRECTORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its "
    "entries, then read_file one of them.",
)
_V_NOT_A_DIRECTORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, "
    "or list_dir {parent!r} to see the directory it is in.",
)
_V_EMPTY_PATTERN = QT_TRANSLATE_NOOP(
    "GateReason",
    "the pattern is empty. Give a regular expression (or plain text) to look for.",
)
_V_PROTECTED = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} is under the protected {protected!r}, which no action may write. Write "
    "the file somewhere else.",
)
_V_DIR_EXISTS = QT_TRANSLATE_NOOP(
    "GateReason",
    "the directory {rel!r} already exists; nothing to create",
)
_V_NAMES_DIRECTORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} names a directory; write_file writes files. Give a file path (parent "
    "directories are created as needed), e.g. 'notes/summary.md'.",
)
_V_EXISTING_DIRECTORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} is an existing directory. Give a file path inside it, e.g. '{rel}/new_file.txt'.",
)
_V_PARENT_IS_FILE = QT_TRANSLATE_NOOP(
    "GateReason",
    "{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.",
)
_V_IDENTICAL = QT_TRANSLATE_NOOP(
    "GateReason",
    "sandbox:{rel} already holds exactly this content; nothing to write",
)
_V_EMPTY_COMMAND = QT_TRANSLATE_NOOP(
    "GateReason",
    "the command is empty. Give the shell command to run.",
)
_V_NUL = QT_TRANSLATE_NOOP("GateReason", "the command contains a NUL character. Remove it.")
_V_DIRS_EXIST = QT_TRANSLATE_NOOP(
    "GateReason",
    "{directories} already exist(s) as directories; nothing to create",
)
_V_NO_FILE = QT_TRANSLATE_NOOP(
    "GateReason",
    "there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir "
    "with path {parent!r} to see what exists, then try again.",
)
_V_NO_DIRECTORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "there is no directory {rel!r} in the workspace or the sandbox.{hint} Use "
    "list_dir with path {parent!r} to see what exists, then try again.",
)
_V_NEAREST = QT_TRANSLATE_NOOP("GateReason", " Nearest existing {kind}s: {near}.")
_V_GIT_REPOSITORY = QT_TRANSLATE_NOOP(
    "GateReason",
    "{raw!r} {problem}, which no action may create: git run there would obey "
    "its config and hooks. Write the file under another name or directory.",
)
_V_GIT_COMPONENT = QT_TRANSLATE_NOOP(
    "GateReason", "has the component {part!r}, which is a git repository's directory"
)
_V_GIT_LOOKS = QT_TRANSLATE_NOOP(
    "GateReason", "would make {where!r} look like a git repository (HEAD with objects/ or refs/)"
)
_V_NEAREST_DIRS = QT_TRANSLATE_NOOP("GateReason", " Nearest directories: {near}.")
_V_CWD_NOT_FOUND = QT_TRANSLATE_NOOP(
    "GateReason",
    "the cwd {cwd!r} is not a directory of the workspace.{hint} Use "
    "'sandbox' (the default), 'workspace', or an existing workspace directory.",
)
_V_BAD_PACKAGE = QT_TRANSLATE_NOOP(
    "GateReason",
    "{message}. Give a package name from PyPI, optionally with [extras] and a "
    "version, e.g. 'requests' or 'requests[socks]>=2.31'.",
)
_V_NOT_USABLE = QT_TRANSLATE_NOOP("GateReason", "the {argument} {raw!r} is not usable: {message}.")
_V_NOT_USABLE_WHAT = QT_TRANSLATE_NOOP(
    "GateReason", "the {argument} {raw!r} is not usable: {message}. {what}"
)
_W_ABSOLUTE = QT_TRANSLATE_NOOP("GateReason", "Give a path relative to the workspace root.")
_W_RELATIVE_TO_ROOT = QT_TRANSLATE_NOOP(
    "GateReason", "Give it relative to the root instead: {rel!r}."
)
#: What to do about a path that cannot be used, by its rule (the end of ``_V_NOT_USABLE_WHAT``).
_PATH_WHAT = {
    paths.EMPTY: QT_TRANSLATE_NOOP(
        "GateReason", "Give a path relative to the workspace root, e.g. 'src/main.py' or '.'."
    ),
    paths.NUL: QT_TRANSLATE_NOOP("GateReason", "Remove the NUL character."),
    paths.CONTROL: QT_TRANSLATE_NOOP(
        "GateReason", "Remove the control character (newline, tab, …) from the path."
    ),
    paths.HOME: QT_TRANSLATE_NOOP(
        "GateReason", "Only the workspace is reachable; give a path relative to its root."
    ),
    paths.BACKSLASH: QT_TRANSLATE_NOOP(
        "GateReason", "Use '/' to separate directories, e.g. 'src/main.py'."
    ),
    paths.ESCAPES: QT_TRANSLATE_NOOP(
        "GateReason", "Only the workspace is reachable; remove the '..' that leaves it."
    ),
    paths.LINK_OUTSIDE: QT_TRANSLATE_NOOP(
        "GateReason", "Name a file inside the workspace instead."
    ),
    paths.LINK_LOOP: QT_TRANSLATE_NOOP(
        "GateReason", "The links form a loop; name the real file instead."
    ),
}
_V_NO_TOOLS = QT_TRANSLATE_NOOP(
    "GateReason",
    "there is no tool named {tool!r}, and no tools are available in this turn. Answer "
    "without tools.",
)
_V_DID_YOU_MEAN = QT_TRANSLATE_NOOP("GateReason", " Did you mean {near}?")
_V_NO_SUCH_TOOL = QT_TRANSLATE_NOOP(
    "GateReason",
    "there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.",
)


def validate_actions(
    actions: Sequence[ProposedAction], snapshot: StateSnapshot
) -> tuple[tuple[Verdict, ...], StateSnapshot]:
    """A verdict per action, in order, and the snapshot as the block's PASS writes leave it."""
    verdicts: list[Verdict] = []
    for action in actions:
        verdict, snapshot = validate_action(action, snapshot)
        verdicts.append(verdict)
    return tuple(verdicts), snapshot


def validate_action(
    action: ProposedAction, snapshot: StateSnapshot
) -> tuple[Verdict, StateSnapshot]:
    """One action's verdict, and the snapshot grown by it (only a PASS ``write_file`` grows it)."""
    tool = action.tool
    if tool not in snapshot.advertised_tools:
        return _reject(action, "tool.not_advertised", _unknown_tool(tool, snapshot)), snapshot
    if action.arguments_error:
        example = json.dumps(_EXAMPLES.get(tool, {}))
        return (
            _reject(
                action,
                "args.malformed_json",
                _V_MALFORMED.format(tool=tool, error=action.arguments_error, example=example),
            ),
            snapshot,
        )
    if tool not in BUILTIN_TOOLS:
        return Verdict(action.call_id, tool, PASS, "tool.external"), snapshot
    problem = _check_arguments(tool, action.arguments)
    if problem is not None:
        return _reject(action, *problem), snapshot
    handler = _HANDLERS[tool]
    return handler(action, snapshot)


def feedback_for(verdict: Verdict) -> str:
    """The exact tool-result text sent back to the model for a verdict ("" for PASS: the tool's
    own output is the result)."""
    if verdict.decision == REJECT_RETRY:
        return f"Error: {verdict.tool} was not run [{verdict.rule}]: {verdict.reason}"
    if verdict.decision == NO_OP:
        return f"Skipped {verdict.tool} [{verdict.rule}]: {verdict.reason}"
    return ""


# -- arguments -------------------------------------------------------------------------------------


def _check_arguments(tool: str, arguments: Mapping[str, Any]) -> tuple[str, str] | None:
    spec = ARGUMENTS[tool]
    valid = ", ".join(f"{name} ({'required' if req else 'optional'})" for name, req in spec.items())
    unexpected = sorted(k for k in arguments if k not in spec)
    if unexpected:
        names = ", ".join(repr(k) for k in unexpected)
        near = _nearest(unexpected[0], spec)
        hint = f" Did you mean {', '.join(near)}?" if near else ""
        return (
            "args.unexpected",
            f"{tool} does not take the argument(s) {names}.{hint} Its arguments are: {valid}. "
            "Send only those.",
        )
    missing = [name for name, required in spec.items() if required and name not in arguments]
    if missing:
        return (
            "args.missing",
            f"{tool} needs the argument {missing[0]!r}. Its arguments are: {valid}. "
            f"For example: {json.dumps(_EXAMPLES[tool])}.",
        )
    for name, value in sorted(arguments.items()):
        if not isinstance(value, str):
            kind = type(value).__name__ if value is not None else "null"
            return (
                "args.type",
                f"the argument {name!r} of {tool} must be a string, not {kind}. "
                f"For example: {json.dumps(_EXAMPLES[tool])}.",
            )
    return None


# -- per tool --------------------------------------------------------------------------------------


def _read_file(action: ProposedAction, snapshot: StateSnapshot) -> tuple[Verdict, StateSnapshot]:
    resolved = _resolve_existing(action, snapshot, "path")
    if isinstance(resolved, Verdict):
        return resolved, snapshot
    raw, namespace, rel = resolved
    if namespace == paths.SANDBOX and rel in snapshot.sandbox_files:
        return _pass(action, paths.make_target(paths.SANDBOX, rel)), snapshot
    if namespace == paths.WORKSPACE and rel in snapshot.workspace_files:
        return _pass(action, paths.make_target(paths.WORKSPACE, rel)), snapshot
    if namespace:
        return (
            _reject(
                action,
                "path.is_directory",
                _V_IS_DIRECTORY.format(raw=raw, rel=rel),
            ),
            snapshot,
        )
    return _not_found(action, raw, rel, snapshot, files=True), snapshot


def _list_dir(action: ProposedAction, snapshot: StateSnapshot) -> tuple[Verdict, StateSnapshot]:
    resolved = _resolve_existing(action, snapshot, "path", default=paths.ROOT)
    if isinstance(resolved, Verdict):
        return resolved, snapshot
    raw, namespace, rel = resolved
    if namespace == paths.SANDBOX and rel in snapshot.sandbox_dirs:
        return _pass(action, paths.make_target(namespace, rel)), snapshot
    if namespace == paths.WORKSPACE and (rel == paths.ROOT or rel in snapshot.workspace_dirs):
        return _pass(action, paths.make_target(namespace, rel)), snapshot
    if namespace:
        return (
            _reject(
                action,
                "path.not_a_directory",
                _V_NOT_A_DIRECTORY.format(raw=raw, rel=rel, parent=_parent(rel)),
            ),
            snapshot,
        )
    return _not_found(action, raw, rel, snapshot, files=False), snapshot


def _search_files(action: ProposedAction, snapshot: StateSnapshot) -> tuple[Verdict, StateSnapshot]:
    if not str(action.arguments.get("pattern", "")):
        return (
            _reject(
                action,
                "pattern.empty",
                _V_EMPTY_PATTERN,
            ),
            snapshot,
        )
    resolved = _resolve_existing(action, snapshot, "path", default=paths.ROOT)
    if isinstance(resolved, Verdict):
        return resolved, snapshot
    raw, namespace, rel = resolved
    if namespace:
        return _pass(action, paths.make_target(namespace, rel)), snapshot
    return _not_found(action, raw, rel, snapshot, files=False), snapshot


def _write_file(action: ProposedAction, snapshot: StateSnapshot) -> tuple[Verdict, StateSnapshot]:
    raw = action.arguments["path"]
    content = action.arguments["content"]
    directory_intent = isinstance(raw, str) and raw.rstrip().endswith("/")
    resolved = _resolve(action, snapshot, "path", write=True)
    if isinstance(resolved, Verdict):
        return resolved, snapshot
    raw, rel = resolved
    protected = paths.is_protected(rel, [p for p in snapshot.protected if paths.split(p)])
    if protected:
        return (
            _reject(
                action,
                "path.protected",
                _V_PROTECTED.format(raw=raw, protected=protected),
            ),
            snapshot,
        )
    git_problem = _git_repository_write(rel, snapshot)
    if git_problem:
        return (
            _reject(
                action,
                "path.git_repository",
                _V_GIT_REPOSITORY.format(raw=raw, problem=git_problem),
            ),
            snapshot,
        )
    if directory_intent or rel == paths.ROOT:
        if _is_dir(rel, snapshot):
            return (
                Verdict(
                    action.call_id,
                    action.tool,
                    NO_OP,
                    "dir.exists",
                    _V_DIR_EXISTS.format(rel=rel),
                    paths.make_target(paths.SANDBOX, rel),
                ),
                snapshot,
            )
        return (
            _reject(
                action,
                "path.is_directory",
                _V_NAMES_DIRECTORY.format(raw=raw),
            ),
            snapshot,
        )
    if _is_dir(rel, snapshot):
        return (
            _reject(
                action,
                "path.is_directory",
                _V_EXISTING_DIRECTORY.format(raw=raw, rel=rel),
            ),
            snapshot,
        )
    files = snapshot.sandbox_files
    for parent in paths.parents(rel):
        if parent in files or parent in snapshot.workspace_files:
            return (
                _reject(
                    action,
                    "path.parent_is_file",
                    _V_PARENT_IS_FILE.format(parent=parent, rel=rel),
                ),
                snapshot,
            )
    try:
        data = content.encode("utf-8")
    except UnicodeEncodeError:
        return (
            _reject(
                action,
                "content.invalid_text",
                "the content is not valid Unicode text (it has a lone surrogate). Send plain "
                "UTF-8 text.",
            ),
            snapshot,
        )
    digest = hashlib.sha256(data).hexdigest()
    target = paths.make_target(paths.SANDBOX, rel)
    if snapshot.sandbox_files.get(rel) == digest:
        return (
            Verdict(
                action.call_id,
                action.tool,
                NO_OP,
                "write.identical",
                _V_IDENTICAL.format(rel=rel),
                target,
            ),
            snapshot,
        )
    return _pass(action, target), snapshot.with_created(rel, digest)


def _run_command(action: ProposedAction, snapshot: StateSnapshot) -> tuple[Verdict, StateSnapshot]:
    command = action.arguments["command"]
    if not command.strip():
        return (
            _reject(action, "command.empty", _V_EMPTY_COMMAND),
            snapshot,
        )
    if "\x00" in command:
        return (
            _reject(action, "path.nul", _V_NUL),
            snapshot,
        )
    cwd_raw = action.arguments.get("cwd", paths.SANDBOX)
    if cwd_raw in ("", paths.SANDBOX):
        cwd_target = paths.make_target(paths.SANDBOX, paths.ROOT)
    elif cwd_raw == paths.WORKSPACE:
        cwd_target = paths.make_target(paths.WORKSPACE, paths.ROOT)
    else:
        try:
            rel = paths.resolve_argument(cwd_raw, _links(snapshot))
        except paths.PathError as error:
            return _reject(action, error.rule, _path_feedback(cwd_raw, error, "cwd")), snapshot
        if rel not in snapshot.workspace_dirs and rel != paths.ROOT:
            near = _nearest(rel, sorted(snapshot.workspace_dirs - {paths.ROOT}))
            hint = _V_NEAREST_DIRS.format(near=", ".join(near)) if near else ""
            return (
                _reject(
                    action,
                    "cwd.not_found",
                    _V_CWD_NOT_FOUND.format(cwd=cwd_raw, hint=hint),
                ),
                snapshot,
            )
        cwd_target = paths.make_target(paths.WORKSPACE, rel)
    existing = existing_directories(command, cwd_target=cwd_target, snapshot=snapshot)
    if existing:
        return (
            Verdict(
                action.call_id,
                action.tool,
                NO_OP,
                "dir.exists",
                _V_DIRS_EXIST.format(directories=", ".join(existing)),
                cwd_target,
            ),
            snapshot,
        )
    return _pass(action, cwd_target), snapshot


def _install_package(
    action: ProposedAction, snapshot: StateSnapshot
) -> tuple[Verdict, StateSnapshot]:
    name = action.arguments["name"]
    requirement, rule, message = parse_requirement(name)
    if rule:
        return (
            _reject(
                action,
                rule,
                _V_BAD_PACKAGE.format(message=message),
            ),
            snapshot,
        )
    return _pass(action, requirement), snapshot


_HANDLERS = {
    "read_file": _read_file,
    "list_dir": _list_dir,
    "search_files": _search_files,
    "write_file": _write_file,
    "run_command": _run_command,
    "install_package": _install_package,
}


# -- helpers ---------------------------------------------------------------------------------------


def _pass(action: ProposedAction, target: str) -> Verdict:
    return Verdict(action.call_id, action.tool, PASS, f"{action.tool}.ok", "", target)


def _reject(action: ProposedAction, rule: str, reason: str) -> Verdict:
    return Verdict(action.call_id, action.tool, REJECT_RETRY, rule, reason)


@functools.lru_cache(maxsize=32)
def _links(snapshot: StateSnapshot) -> paths.LinkIndex:
    return paths.LinkIndex(snapshot.links)


@functools.lru_cache(maxsize=32)
def _sandbox_links(snapshot: StateSnapshot) -> paths.LinkIndex:
    return paths.LinkIndex(snapshot.sandbox_links)


@functools.lru_cache(maxsize=32)
def _write_links(snapshot: StateSnapshot) -> paths.LinkIndex:
    return paths.LinkIndex(paths.merged_links(snapshot.links, snapshot.sandbox_links))


def _is_dir(rel: str, snapshot: StateSnapshot) -> bool:
    return bool(_dir_namespace(rel, snapshot))


def _dir_namespace(rel: str, snapshot: StateSnapshot) -> str:
    if rel in snapshot.sandbox_dirs:
        return paths.SANDBOX
    if rel == paths.ROOT or rel in snapshot.workspace_dirs:
        return paths.WORKSPACE
    return ""


#: Characters HFS+ ignores in names and NTFS's trailing dots and spaces: ``.g\u200cit`` or
#: ``.git.`` is ``.git`` on those filesystems (the same list git's own ``is_hfs_dotgit`` uses).
_IGNORED_IN_NAMES = dict.fromkeys(
    [0x200C, 0x200D, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x206A, 0x2070), 0xFEFF]
)
#: What, written into a directory, can make it a git directory (``HEAD`` plus ``objects/`` or
#: ``refs/``), or change one (``config``, ``packed-refs``, ``commondir``, ``gitdir``).
_GIT_DIR_NAMES = frozenset({"head", "config", "packed-refs", "commondir", "gitdir"})
_GIT_DIR_MARKERS = ("objects", "refs")


def _git_repository_write(rel: str, snapshot: StateSnapshot) -> str:
    """Why writing the sandbox file ``rel`` would plant a git repository ("" when it would not).

    Refused: a component that is ``.git`` on some filesystem (``.GIT``, ``.git.``, ``.git `` on
    NTFS, ``git~1``, ``.g\u200cit`` on HFS+) — ``.git`` itself is already protected; and a write
    that leaves a directory of the sandbox looking like a git directory by content — ``HEAD``
    plus ``objects/`` or ``refs/`` (git needs both; one is enough here) — judged on the layout
    the sandbox would have afterwards, so whichever file completes it is the one refused.

    Allowed on purpose: ``.gitattributes`` and ``.gitmodules``. An attribute (``diff=x``,
    ``filter=x``) only runs a program when a *config* defines ``diff.x.textconv``,
    ``diff.x.command`` or ``filter.x.clean``; configs are protected (``.git/config``, every
    git-looking directory, and commands run with the system and global config disabled), and
    git never takes ``submodule.*.update=!command`` from ``.gitmodules``. A user's own config
    that already defines such a driver is the user's choice of programs."""
    parts = paths.split(rel)
    for part in parts:
        name = part.translate(_IGNORED_IN_NAMES).casefold()
        if name.rstrip(". ") == ".git" or name == "git~1":
            return _V_GIT_COMPONENT.format(part=part)
    if not parts:
        return ""
    files = {tuple(paths.fold(p) for p in paths.split(f)) for f in snapshot.sandbox_files}
    folded = tuple(paths.fold(p) for p in parts)
    files.add(folded)
    dirs = {tuple(paths.fold(p) for p in paths.split(d)) for d in snapshot.sandbox_dirs}
    dirs.update(folded[:i] for i in range(1, len(folded)))
    candidates = {folded[:-1]} if folded[-1] in _GIT_DIR_NAMES else set()
    candidates.update(folded[:i] for i, p in enumerate(folded[:-1]) if p in _GIT_DIR_MARKERS)
    for directory in sorted(candidates):
        if (*directory, "head") in files and any(
            (*directory, marker) in dirs for marker in _GIT_DIR_MARKERS
        ):
            where = paths.join(directory)
            return _V_GIT_LOOKS.format(where=where)
    return ""


def _parent(rel: str) -> str:
    parts = paths.split(rel)
    return paths.join(parts[:-1])


def _resolve(
    action: ProposedAction,
    snapshot: StateSnapshot,
    argument: str,
    *,
    default: str | None = None,
    write: bool = False,
) -> tuple[str, str] | Verdict:
    """``(raw, rel)``: the path resolved through the workspace's links (a write: through the
    workspace's and the sandbox's), or the REJECT_RETRY verdict that says why it cannot be."""
    raw = action.arguments.get(argument, default)
    links = _write_links(snapshot) if write else _links(snapshot)
    root_name = paths.SANDBOX if write else paths.WORKSPACE
    try:
        rel = paths.resolve_argument(raw, links, root_name=root_name)
    except paths.PathError as error:
        return _reject(action, error.rule, _path_feedback(raw, error, argument, snapshot))
    return str(raw), rel


def _resolve_existing(
    action: ProposedAction, snapshot: StateSnapshot, argument: str, default: str | None = None
) -> tuple[str, str, str] | Verdict:
    """``(raw, namespace, rel)`` for a read/list/search path: the sandbox first (through its own
    links, or what this turn wrote through a workspace link), then the workspace. ``namespace``
    is "" when the path exists in neither."""
    resolved = _resolve(action, snapshot, argument, default=default)
    if isinstance(resolved, Verdict):
        return resolved
    raw, rel = resolved
    try:
        in_sandbox = paths.resolve_argument(raw, _sandbox_links(snapshot), root_name=paths.SANDBOX)
    except paths.PathError as error:
        return _reject(action, error.rule, _path_feedback(raw, error, argument, snapshot))
    for candidate in (in_sandbox, rel):
        if candidate in snapshot.sandbox_files or candidate in snapshot.sandbox_dirs:
            return raw, paths.SANDBOX, candidate
    if rel in snapshot.workspace_files or rel in snapshot.workspace_dirs or rel == paths.ROOT:
        return raw, paths.WORKSPACE, rel
    return raw, "", rel


def _path_feedback(
    raw: object, error: paths.PathError, argument: str, snapshot: StateSnapshot | None = None
) -> str:
    what = _PATH_WHAT.get(error.rule, "")
    if error.rule == paths.ABSOLUTE:
        what = _W_ABSOLUTE
        if snapshot is not None and isinstance(raw, str):
            for root in (snapshot.sandbox_root, snapshot.workspace_root):
                if root and (raw == root or raw.startswith(root.rstrip("/") + "/")):
                    rel = raw[len(root.rstrip("/")) :].strip("/") or paths.ROOT
                    what = _W_RELATIVE_TO_ROOT.format(rel=rel)
                    break
    if not what:
        return _V_NOT_USABLE.format(argument=argument, raw=raw, message=error.message)
    return _V_NOT_USABLE_WHAT.format(argument=argument, raw=raw, message=error.message, what=what)


def _not_found(
    action: ProposedAction, raw: str, rel: str, snapshot: StateSnapshot, *, files: bool
) -> Verdict:
    if files:
        candidates = sorted(set(snapshot.workspace_files) | set(snapshot.sandbox_files))
    else:
        candidates = sorted(
            (set(snapshot.workspace_dirs) | set(snapshot.sandbox_dirs)) - {paths.ROOT}
        )
    near = _nearest_path(rel, candidates)
    parent = _parent(rel)
    while parent != paths.ROOT and not _is_dir(parent, snapshot):
        parent = _parent(parent)
    kind = "file" if files else "directory"
    hint = _V_NEAREST.format(kind=kind, near=", ".join(near)) if near else ""
    missing = _V_NO_FILE if files else _V_NO_DIRECTORY
    return _reject(action, "path.not_found", missing.format(rel=rel, hint=hint, parent=parent))


def _nearest(word: str, candidates: Iterable[str]) -> list[str]:
    pool = sorted(set(candidates))
    return difflib.get_close_matches(word, pool, n=NEAREST, cutoff=0.6)


def _nearest_path(rel: str, candidates: list[str]) -> list[str]:
    if len(candidates) > _CANDIDATE_LIMIT:
        parent = _parent(rel)
        base = rel.rsplit("/", 1)[-1]
        candidates = [c for c in candidates if _parent(c) == parent or c.rsplit("/", 1)[-1] == base]
    return _nearest(rel, candidates)


def _unknown_tool(tool: str, snapshot: StateSnapshot) -> str:
    offered = list(snapshot.advertised_tools)
    if not offered:
        return _V_NO_TOOLS.format(tool=tool)
    near = _nearest(tool, offered)
    hint = _V_DID_YOU_MEAN.format(near=", ".join(near)) if near else ""
    return _V_NO_SUCH_TOOL.format(tool=tool, hint=hint, tools=", ".join(offered))

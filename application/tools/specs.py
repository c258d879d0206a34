"""The built-in tools as the model sees them: names, descriptions, JSON Schemas.

Why it exists: what a model is offered must be exactly the enabled tools filtered by the frozen
request's ``allowed_tools`` (``None`` = all enabled, ``()`` = none) — so a read-only turn cannot
even ask to write. This module is the one list, and ``advertised_tools`` the one filter.
"""

from __future__ import annotations

from collections.abc import Iterable

from parley.application.ports.chat_provider import ToolSpec
from parley.domain.actions.model import BUILTIN_TOOLS, READ_TOOLS

_PATH = {"type": "string", "description": "A path relative to the workspace root."}

SPECS: dict[str, ToolSpec] = {
    "read_file": ToolSpec(
        "read_file",
        "Read a text file from the workspace (or one this turn wrote). Returns its content.",
        {"type": "object", "properties": {"path": _PATH}, "required": ["path"]},
    ),
    "list_dir": ToolSpec(
        "list_dir",
        "List a directory of the workspace: names, directories marked with a trailing slash.",
        {"type": "object", "properties": {"path": _PATH}, "required": []},
    ),
    "search_files": ToolSpec(
        "search_files",
        "Search the text files under a workspace directory for a regular expression; returns "
        "path:line: text for each match.",
        {
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "A regular expression."},
                "path": _PATH,
            },
            "required": ["pattern"],
        },
    ),
    "write_file": ToolSpec(
        "write_file",
        "Write a text file into this turn's output folder (created as needed). The files are "
        "handed to the user when the turn completes.",
        {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "A path relative to the output folder."},
                "content": {"type": "string", "description": "The whole content of the file."},
            },
            "required": ["path", "content"],
        },
    ),
    "run_command": ToolSpec(
        "run_command",
        "Run a shell command, in this turn's output folder (cwd 'sandbox', the default) or in "
        "the workspace (cwd 'workspace' or a workspace-relative directory). The user may be "
        "asked to allow it first. Returns the exit code and output.",
        {
            "type": "object",
            "properties": {
                "command": {"type": "string"},
                "cwd": {"type": "string", "description": "'sandbox', 'workspace' or a path."},
            },
            "required": ["command"],
        },
    ),
    "install_package": ToolSpec(
        "install_package",
        "Install a Python package from PyPI into this workspace's own virtual environment "
        "(used by run_command). The user may be asked to allow it first.",
        {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "e.g. 'requests>=2.31'"}},
            "required": ["name"],
        },
    ),
}

#: Named sets for the command line's ``--tools`` and the UI.
TOOL_SETS: dict[str, tuple[str, ...] | None] = {
    "none": (),
    "read": READ_TOOLS,
    "all": None,
}


def advertised_tools(
    allowed: tuple[str, ...] | None, enabled: Iterable[str] = BUILTIN_TOOLS
) -> tuple[str, ...]:
    """The enabled tools filtered by the frozen request's ``allowed_tools``, in a fixed order."""
    enabled_set = set(enabled)
    names = [t for t in BUILTIN_TOOLS if t in enabled_set]
    if allowed is None:
        return tuple(names)
    allowed_set = set(allowed)
    return tuple(t for t in names if t in allowed_set)


def tool_specs(names: Iterable[str]) -> tuple[ToolSpec, ...]:
    return tuple(SPECS[n] for n in names if n in SPECS)

"""The gate's reasons produced by the real classifier and validator are made from marked
templates (issue 20): the window can recognise each English text and show it translated.

No Qt: each reason must fullmatch a template recorded by ``QT_TRANSLATE_NOOP`` (the matcher's
own regular expression), with the context "GateReason".
"""

from __future__ import annotations

import pytest

from parley.domain.actions.effects import classify_command
from parley.domain.actions.model import BUILTIN_TOOLS, ProposedAction, StateSnapshot
from parley.domain.actions.validator import validate_action
from parley.domain.texts import marked
from parley.ui.i18n.composed import _compile

TRUSTED = ("cat", "git", "echo", "printf", "env", "timeout", "bash", "sudo", "xargs", "ls")
SNAP = StateSnapshot(
    workspace_root="/home/user/project",
    sandbox_root="/home/user/.local/share/parley/sandboxes/turn-1",
    workspace_files=frozenset({"README.md", "src/main.py"}),
    workspace_dirs=frozenset({".", "src", "docs"}),
    sandbox_files={},
    sandbox_dirs=frozenset(),
    advertised_tools=BUILTIN_TOOLS,
    trusted_commands={name: f"/usr/bin/{name}" for name in TRUSTED},
)


def _template_of(text: str) -> str:
    """The marked template ``text`` is made from (an exact text first, then the most specific)."""
    table = marked()
    if text in table:
        assert table[text] == "GateReason"
        return text
    found = []
    for source, context in table.items():
        pattern = _compile(source)
        if pattern is not None and pattern.fullmatch(text):
            found.append((context, source))
    assert found, f"no marked template makes {text!r}"
    context, source = max(found, key=lambda item: len(item[1]))
    assert context == "GateReason", source
    return source


@pytest.mark.parametrize(
    ("command", "template"),
    [
        ("cat README.md", "read-only: {programs}"),
        ("cd src", "read-only: {programs}"),
        ("env -S 'ls' x", "env option {option!r} (e.g. -S, -C) is not modelled"),
        ("timeout ls", "{name} needs a plain duration before the command"),
        ("bash -c", "{name} -c without a script"),
        ("sudo ls", "{name} runs a command with other privileges"),
    ],
)
def test_a_commands_reason_is_made_from_a_marked_template(command: str, template: str) -> None:
    reason = classify_command(command, cwd_target="sandbox:.", snapshot=SNAP).reason
    assert template in marked()
    assert _template_of(reason) in marked()
    pattern = _compile(template)
    assert pattern.fullmatch(reason) if pattern else reason == template, reason


def _reason(tool: str, arguments: dict[str, object]) -> str:
    return validate_action(ProposedAction("c", tool, arguments), SNAP)[0].reason


@pytest.mark.parametrize(
    ("tool", "arguments", "template"),
    [
        ("no_such_tool", {}, "there is no tool named {tool!r}.{hint} The available tools are: "
         "{tools}. Call one of those."),
        ("read_file", {"path": "/etc/passwd"},
         "the {argument} {raw!r} is not usable: {message}. {what}"),
        ("read_file", {"path": "../x"}, "the {argument} {raw!r} is not usable: {message}. {what}"),
        ("run_command", {"command": "ls", "cwd": "nowhere"},
         "the cwd {cwd!r} is not a directory of the workspace.{hint} Use 'sandbox' (the default), "
         "'workspace', or an existing workspace directory."),
        ("install_package", {"name": "-e ."},
         "{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. "
         "'requests' or 'requests[socks]>=2.31'."),
    ],
)  # fmt: skip
def test_a_validators_reason_is_made_from_a_marked_template(
    tool: str, arguments: dict[str, object], template: str
) -> None:
    reason = _reason(tool, arguments)
    assert marked().get(template) == "GateReason"
    pattern = _compile(template)
    assert pattern is not None
    match = pattern.fullmatch(reason)
    assert match is not None, reason
    for name in ("message", "what"):  # the nested parts are marked too
        value = match.groupdict().get(name)
        if value:
            _template_of(value)


def test_a_path_error_is_marked() -> None:
    from parley.domain.actions import paths

    with pytest.raises(paths.PathError) as caught:
        paths.resolve_argument("/etc/passwd", {})
    assert _template_of(str(caught.value.message))

"""``ui.bootstrap`` is the one composition root, and it only wires (ADR-001, issue 13).

The import-linter contracts in ``pyproject.toml`` keep ``ui`` away from ``infrastructure`` except
through ``ui.bootstrap``; these checks say the same without the tool (parsing every module, imports
inside functions included) and add what a contract cannot see: nothing under ``ui/`` or ``tests/``
takes an infrastructure name *through* the root (a re-export), the root decides nothing by the
concrete type of an adapter (no ``isinstance``), and what it hands out is typed by ports.
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

import parley.ui.bootstrap

ROOT = Path(__file__).resolve().parents[2]
COMPOSITION_ROOT = ROOT / "ui" / "bootstrap.py"


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module an ``import`` or ``from … import`` names (absolute ones), anywhere."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def infrastructure_imports(source: str) -> list[str]:
    tree = ast.parse(source)
    return [
        f"line {line}: {name}"
        for line, name in imported_modules(tree)
        if name == "parley.infrastructure" or name.startswith("parley.infrastructure.")
    ]


def names_taken_from_root(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    return [
        (node.lineno, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "parley.ui.bootstrap"
        for alias in node.names
    ]


def ui_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "ui").rglob("*.py") if p != COMPOSITION_ROOT)


def test_no_ui_module_but_the_root_imports_infrastructure() -> None:
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in ui_modules()
        if (found := infrastructure_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_checker_sees_a_planted_import_even_inside_a_function() -> None:
    planted = (
        "def probe():\n"
        "    from parley.infrastructure.providers import presets\n"
        "    return presets\n"
    )
    assert infrastructure_imports(planted) == ["line 2: parley.infrastructure.providers"]
    assert infrastructure_imports("import parley.infrastructure.tools.confinement as c\n") != []
    assert infrastructure_imports("from parley.application.ports import tools\n") == []


def test_nothing_takes_an_infrastructure_name_through_the_root() -> None:
    """Every name imported from ``ui.bootstrap`` (by ``ui`` or by tests) is the root's own."""
    taken: list[str] = []
    for path in [*ui_modules(), *sorted((ROOT / "tests").rglob("*.py"))]:
        for line, name in names_taken_from_root(path.read_text(encoding="utf-8")):
            defined_in = getattr(getattr(parley.ui.bootstrap, name, None), "__module__", None)
            if defined_in != "parley.ui.bootstrap":
                taken.append(f"{path.relative_to(ROOT)}:{line} {name} (from {defined_in})")
    assert taken == []
    # ... and the root re-exports nothing of anyone else's.
    assert {
        getattr(parley.ui.bootstrap, name).__module__ for name in parley.ui.bootstrap.__all__
    } == {"parley.ui.bootstrap"}


def test_the_root_decides_nothing_by_an_adapters_concrete_type() -> None:
    tree = ast.parse(COMPOSITION_ROOT.read_text(encoding="utf-8"))
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("isinstance", "issubclass", "type")
    ]
    assert calls == []


def _modules_of(annotation: object) -> set[str]:
    args = typing.get_args(annotation)
    if args:
        return set().union(*(_modules_of(a) for a in args))
    return {getattr(annotation, "__module__", "")}


def _service_hints() -> dict[str, object]:
    # The runtime and the toolbox are imported by bootstrap only where they are built (so the
    # window paints first); their names are resolved here for the check.
    from parley.application.conversations.compactor import ConversationCompactor
    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.application.mcp.pinning import ToolPins
    from parley.application.mcp.server_requests import ServerRequests
    from parley.application.ports.mcp import McpClient
    from parley.application.tools.toolbox import Toolbox

    names = {
        "TurnRuntime": TurnRuntime,
        "Toolbox": Toolbox,
        "ToolPins": ToolPins,
        "ServerRequests": ServerRequests,
        "ConversationCompactor": ConversationCompactor,
    }
    return typing.get_type_hints(
        parley.ui.bootstrap.Services, localns={**names, "McpClient": McpClient}
    )


@pytest.mark.parametrize("field", list(_service_hints()))
def test_services_hands_out_ports_not_adapters(field: str) -> None:
    annotation = _service_hints()[field]
    assert not any(m.startswith("parley.infrastructure") for m in _modules_of(annotation)), (
        annotation
    )

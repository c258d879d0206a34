"""Layer rules checked from the source text (``ast``), so nothing has to be imported.

- ``domain`` imports only the standard library (minus ``sqlite3``) and ``domain`` itself;
- ``application`` never imports Qt, HTTP, SQLite, ``ui`` or ``infrastructure``.

The folders are installed as ``parley.<layer>`` (ADR-009), so a file under ``domain/`` is the
module ``parley.domain.…`` and a layer is named by its first two parts.

Every import counts: top level, inside functions, under ``if TYPE_CHECKING:``, relative imports
(resolved against the file's package) and ``importlib.import_module("…")`` / ``__import__("…")``
with a literal name. ``lint-imports`` checks the same contracts from the import graph (Makefile).
"""

from __future__ import annotations

import ast
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: Standard-library modules domain may not use all the same (the import-linter contract).
DOMAIN_FORBIDDEN_STDLIB = frozenset({"sqlite3"})

APPLICATION_FORBIDDEN = frozenset(
    {
        "PySide6",
        "shiboken6",
        "requests",
        "urllib3",
        "sqlite3",
        "platformdirs",
        "parley.ui",
        "parley.infrastructure",
        # the bare names are not Parley's modules any more (ADR-009); importing one is a mistake
        "ui",
        "infrastructure",
    }
)


@dataclass(frozen=True)
class ImportRef:
    """One import found in a file: where, and the absolute module it names."""

    path: Path
    line: int
    module: str  # absolute dotted name; "" when a relative import climbs out of the top package
    statement: str  # the source text, for the failure message

    @property
    def top(self) -> str:
        """The top-level module, or for Parley's own modules the layer (``parley.domain``)."""
        parts = self.module.split(".")
        return ".".join(parts[:2]) if parts[0] == "parley" else parts[0]

    def describe(self, root: Path) -> str:
        try:
            where = self.path.relative_to(root)
        except ValueError:
            where = self.path
        return f"{where}:{self.line}: {self.module or '<outside the package>'}  ({self.statement})"


def _package_of(root: Path, path: Path) -> tuple[str, ...]:
    """The dotted parts of the package that relative imports in ``path`` resolve against."""
    parts = ("parley", *path.relative_to(root).with_suffix("").parts)
    return parts[:-1]  # a module's package, or for ``__init__`` the package itself


def _resolve_relative(package: tuple[str, ...], level: int, module: str | None) -> str:
    if level - 1 >= len(package):
        return ""  # beyond the top-level package: Python refuses it, we report it
    base = package[: len(package) - (level - 1)]
    return ".".join((*base, module) if module else base)


def _dynamic_import_name(node: ast.Call) -> str | None:
    func = node.func
    is_import_module = (
        isinstance(func, ast.Attribute)
        and func.attr == "import_module"
        and isinstance(func.value, ast.Name)
        and func.value.id == "importlib"
    ) or (isinstance(func, ast.Name) and func.id in ("import_module", "__import__"))
    if not is_import_module or not node.args:
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        name = first.value
        return None if name.startswith(".") else name
    return None


def iter_imports(root: Path, package: str) -> Iterator[ImportRef]:
    """Every import in every ``.py`` file under ``root/package``, file by file in line order."""
    for path in python_files(root, package):
        refs: list[ImportRef] = []
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
        lines = [line.strip() for line in source.splitlines()]
        pkg = _package_of(root, path)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Call)):
                continue
            text = " ".join(lines[node.lineno - 1 : node.end_lineno or node.lineno]).strip()
            if isinstance(node, ast.Import):
                refs.extend(ImportRef(path, node.lineno, a.name, text) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    module = node.module or ""
                else:
                    module = _resolve_relative(pkg, node.level, node.module)
                refs.append(ImportRef(path, node.lineno, module, text))
            elif isinstance(node, ast.Call):
                name = _dynamic_import_name(node)
                if name is not None:
                    refs.append(ImportRef(path, node.lineno, name, text))
        yield from sorted(refs, key=lambda ref: ref.line)


def python_files(root: Path, package: str) -> list[Path]:
    return sorted(p for p in (root / package).rglob("*.py") if "__pycache__" not in p.parts)


def violations(root: Path, package: str, allowed: Callable[[ImportRef], bool]) -> list[str]:
    return [ref.describe(root) for ref in iter_imports(root, package) if not allowed(ref)]


def stdlib_or_own(
    package: str, *, except_: frozenset[str] = frozenset()
) -> Callable[[ImportRef], bool]:
    def allowed(ref: ImportRef) -> bool:
        if not ref.module or ref.top in except_:
            return False
        return ref.top == package or ref.top in sys.stdlib_module_names

    return allowed


def none_of(forbidden: frozenset[str]) -> Callable[[ImportRef], bool]:
    def allowed(ref: ImportRef) -> bool:
        return bool(ref.module) and ref.top not in forbidden

    return allowed


DOMAIN_RULE = stdlib_or_own("parley.domain", except_=DOMAIN_FORBIDDEN_STDLIB)


def _report(kind: str, found: list[str]) -> str:
    return f"{kind}:\n  " + "\n  ".join(found)


# -- the real code -------------------------------------------------------------------------------


def test_domain_imports_only_the_standard_library_and_itself():
    files = python_files(REPO, "domain")
    assert REPO / "domain" / "agents" / "conversation_execution_request.py" in files
    assert REPO / "domain" / "transcript" / "canonical.py" in files
    found = violations(REPO, "domain", DOMAIN_RULE)
    assert not found, _report("domain imports something outside the standard library", found)


def test_domain_scan_is_not_vacuous():
    modules = {ref.module for ref in iter_imports(REPO, "domain")}
    assert {"__future__", "dataclasses", "pathlib"} <= modules


def test_application_stays_free_of_qt_http_sqlite_ui_and_infrastructure():
    assert python_files(REPO, "application"), "no application modules found"
    found = violations(REPO, "application", none_of(APPLICATION_FORBIDDEN))
    assert not found, _report("application imports a forbidden module", found)


# -- the checker itself --------------------------------------------------------------------------


def _write(root: Path, relative: str, source: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return path


@pytest.fixture
def fake_domain(tmp_path: Path) -> Path:
    _write(tmp_path, "domain/__init__.py", "")
    _write(tmp_path, "domain/sub/__init__.py", "from . import clean\n")
    _write(
        tmp_path,
        "domain/sub/clean.py",
        """
        from __future__ import annotations

        import json
        import os.path
        from collections.abc import Mapping
        from typing import TYPE_CHECKING

        from parley.domain.sub import other
        from . import sibling
        from .. import sub
        from ..sub.sibling import thing

        if TYPE_CHECKING:
            from pathlib import Path
        """,
    )
    _write(
        tmp_path,
        "domain/sub/dirty.py",
        """
        from __future__ import annotations

        import importlib
        import requests
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from PySide6.QtCore import QObject


        def later():
            import sqlite3
            from requests.adapters import HTTPAdapter
            return importlib.import_module("platformdirs")


        from .... import application
        from parley.application.ports import x
        """,
    )
    _write(tmp_path, "domain/__pycache__/junk.py", "import requests\n")
    return tmp_path


def test_checker_reports_a_module_importing_requests(tmp_path):
    _write(tmp_path, "domain/__init__.py", "")
    _write(tmp_path, "domain/bad.py", '"""Doc."""\n\nimport requests\n')
    found = violations(tmp_path, "domain", DOMAIN_RULE)
    assert found == ["domain/bad.py:3: requests  (import requests)"]


def test_checker_reports_every_kind_of_import_with_file_and_line(fake_domain):
    refs = [
        (ref.path.name, ref.line, ref.module)
        for ref in iter_imports(fake_domain, "domain")
        if not DOMAIN_RULE(ref)
    ]
    assert sorted(refs) == sorted(
        [
            ("dirty.py", 4, "requests"),
            ("dirty.py", 8, "PySide6.QtCore"),
            ("dirty.py", 12, "sqlite3"),
            ("dirty.py", 13, "requests.adapters"),
            ("dirty.py", 14, "platformdirs"),
            ("dirty.py", 17, ""),  # `from ... import` climbs out of the top package
            ("dirty.py", 18, "parley.application.ports"),
        ]
    )
    messages = violations(fake_domain, "domain", DOMAIN_RULE)
    assert "domain/sub/dirty.py:4: requests  (import requests)" in messages
    assert any(m.startswith("domain/sub/dirty.py:17: <outside the package>") for m in messages)


def test_checker_resolves_relative_imports_against_the_package(fake_domain):
    modules = {
        ref.module
        for ref in iter_imports(fake_domain, "domain")
        if ref.path.name in ("clean.py", "__init__.py")
    }
    assert {"parley.domain.sub", "parley.domain.sub.sibling"} <= modules
    assert "__future__" in modules


def test_checker_passes_clean_code_and_skips_pycache(fake_domain):
    (fake_domain / "domain/sub/dirty.py").unlink()
    assert violations(fake_domain, "domain", DOMAIN_RULE) == []


def test_application_checker_catches_forbidden_imports(tmp_path):
    _write(tmp_path, "application/__init__.py", "")
    _write(
        tmp_path,
        "application/service.py",
        """
        import json
        import sqlite3
        from parley.domain.transcript.canonical import Fact
        from parley.application.ports import thing
        from parley.ui.main_window import MainWindow


        def run():
            from parley.infrastructure.providers import http
            import shiboken6
            from PySide6 import QtCore
            return __import__("requests")
        """,
    )
    found = violations(tmp_path, "application", none_of(APPLICATION_FORBIDDEN))
    tops = [line.split(": ", 1)[1].split()[0] for line in found]
    assert tops == [
        "sqlite3",
        "parley.ui.main_window",
        "parley.infrastructure.providers",
        "shiboken6",
        "PySide6",
        "requests",
    ]
    assert found[0] == "application/service.py:2: sqlite3  (import sqlite3)"

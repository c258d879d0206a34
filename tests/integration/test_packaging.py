"""The wheel installs one package, ``parley``, and it works from where it is installed (issue 14,
item 17; ADR-009).

Before, the wheel installed ``domain``, ``application``, ``infrastructure`` and ``ui`` as four
top-level packages, and any other distribution with a ``ui`` package overwrote Parley's files.
These tests build the wheel from a copy of the repository's files (exactly what a clean checkout
has: the layer folders, ``parley/`` with its links, ``pyproject.toml``), then:

- list it: only ``parley/`` and the dist-info, every module of every layer under ``parley/``
  and the package data (the icon SVGs, the application icon's SVG and PNGs, the desktop entry
  and metainfo, the translations),
  no tests, benchmarks or scripts, and the console script pointing at ``parley.ui.cli``;
- install it into an empty folder beside a planted ``ui`` package (what the other distribution
  would have put there) and run, from that folder only: the ``parley`` command, an import of every
  module, and an attachment read, whose parser runs in a child interpreter that must find the
  installed ``parley`` (not the repository's).

Building needs setuptools (>= 68, with ``bdist_wheel``) in this environment: the build runs
without isolation, so no test reaches the network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LAYERS = ("domain", "application", "infrastructure", "ui")
DOCS = REPO.parent / "shared" / "fixtures" / "documents"


def _setuptools_can_build() -> bool:
    try:
        import setuptools
    except ImportError:
        return False
    major = int(setuptools.__version__.split(".")[0])
    return major >= 70  # bdist_wheel is part of setuptools from 70.1


pytestmark = pytest.mark.skipif(
    not _setuptools_can_build(), reason="needs setuptools >= 70 (make test installs it)"
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout's files (links kept as links)."""
    src = tmp_path_factory.mktemp("checkout")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in (*LAYERS, "parley"):
        shutil.copytree(REPO / name, src / name, symlinks=True, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(REPO / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "--quiet", "--wheel-dir", str(out), str(src)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (built,) = out.glob("*.whl")
    return built


def _layer_modules() -> set[str]:
    """Every ``.py`` file of the four layers, as its path inside the wheel."""
    return {
        "parley/" + str(path.relative_to(REPO))
        for layer in LAYERS
        for path in (REPO / layer).rglob("*.py")
        if "__pycache__" not in path.parts
    }


def _package_data() -> set[str]:
    """The non-Python files installed with the package: the icon set and its licence, the
    application icon (SVG and its PNG sizes), the desktop entry and metainfo, the translations
    and the catalog of composed texts."""
    ui = REPO / "ui"
    icons = ui / "icons"
    files = [p for p in icons.iterdir() if p.suffix == ".svg" or p.name == "LICENSE"]
    files += [p for p in (icons / "app").iterdir() if p.suffix in (".svg", ".png")]
    desktop = ui / "desktop_entry"
    files += [p for p in desktop.iterdir() if p.name.endswith((".desktop", ".metainfo.xml"))]
    files += [*(ui / "i18n").glob("*.qm"), ui / "i18n" / "composed.json"]
    return {"parley/" + str(path.relative_to(REPO)) for path in files}


def test_the_wheel_holds_only_parley_and_its_dist_info(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    dist_info = {t for t in tops if t.endswith(".dist-info")}
    assert tops - dist_info == {"parley"}, sorted(tops)
    assert len(dist_info) == 1
    files = {n for n in names if n.startswith("parley/")}
    assert _package_data() and "parley/ui/icons/LICENSE" in _package_data()
    assert "parley/ui/icons/app/parley-16.png" in _package_data()
    assert "parley/ui/desktop_entry/org.parley.Parley.desktop" in _package_data()
    assert _layer_modules() | {"parley/__init__.py"} | _package_data() == files
    assert not any(part in n for n in names for part in ("tests/", "benchmarks/", "scripts/"))
    (entry_points,) = (n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "parley = parley.ui.cli:main" in text


def test_the_wheel_has_real_files_not_links(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        info = archive.getinfo("parley/domain/__init__.py")
        # the high 16 bits of external_attr hold the Unix mode; a link would be S_IFLNK
        assert (info.external_attr >> 16) & 0o170000 != 0o120000
        assert b"parley.domain" in archive.read("parley/domain/__init__.py")


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into an empty folder, next to another distribution's ``ui``."""
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
         "--target", str(target), str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    # What the other distribution of the issue installed: a top-level `ui` with a `cli` module.
    (target / "ui").mkdir()
    (target / "ui" / "__init__.py").write_text("")
    (target / "ui" / "cli.py").write_text("raise SystemExit('the wrong ui package')\n")
    return target


def _run_from(target: Path, code: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter that sees the installed folder first and not the checkout.

    ``-I`` drops PYTHONPATH and the current folder; the test environment's site-packages stay
    (the third-party libraries are there), and the editable install's finder comes after the
    normal path search, so ``parley`` is found in ``target``.
    """
    bootstrap = f"import sys; sys.path.insert(0, {str(target)!r})\n" + code
    return subprocess.run(
        [sys.executable, "-I", "-c", bootstrap],
        capture_output=True, text=True, timeout=120, cwd=tmp,
    )  # fmt: skip


def test_the_installed_command_starts_beside_another_ui_package(
    installed: Path, tmp_path: Path
) -> None:
    script = installed / "bin" / "parley"
    assert script.exists()
    env = {**os.environ, "PYTHONPATH": str(installed)}
    done = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage: parley" in done.stdout


def test_every_module_imports_from_the_installed_package(installed: Path, tmp_path: Path) -> None:
    code = (
        "import importlib, pkgutil, parley\n"
        "assert parley.__file__.startswith(sys.path[0]), parley.__file__\n"
        "names = [m.name for m in pkgutil.walk_packages(parley.__path__, 'parley.')]\n"
        # a `__main__` module runs its command when imported
        "names = [n for n in names if not n.endswith('.__main__')]\n"
        "for name in names:\n"
        "    module = importlib.import_module(name)\n"
        "    assert module.__file__.startswith(sys.path[0]), (name, module.__file__)\n"
        "print(len(names))\n"
    )
    done = _run_from(installed, code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    mains = {m for m in _layer_modules() if m.endswith("/__main__.py")}
    inits = {m for m in _layer_modules() if m.endswith("/__init__.py")}
    assert mains and int(done.stdout) == len(_layer_modules()) - len(mains)
    assert inits  # packages count once, by their __init__


def test_an_attachment_is_read_by_the_installed_worker(installed: Path, tmp_path: Path) -> None:
    """The parser's child interpreter is started from the installed package's location."""
    code = (
        "import threading\n"
        "from pathlib import Path\n"
        "from parley.application.ports.attachments import AttachmentLimits\n"
        "from parley.infrastructure.attachments import reader\n"
        "from parley.infrastructure.attachments.store import ContentStore\n"
        "assert reader._PROJECT_ROOT == sys.path[0], reader._PROJECT_ROOT\n"
        f"r = reader.SubprocessAttachmentReader(ContentStore(Path({str(tmp_path)!r})))\n"
        f"got = r.read(Path({str(DOCS / 'docx-chinese.docx')!r}), AttachmentLimits(),"
        " threading.Event())\n"
        "r.close()\n"
        "print(got.error_kind or 'ok', len(got.text))\n"
    )
    done = _run_from(installed, code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    verdict, length = done.stdout.split()
    assert verdict == "ok" and int(length) > 20, done.stdout


def test_a_bare_layer_name_is_refused_at_import(tmp_path: Path) -> None:
    """A stray ``import domain`` (the old name) fails at once instead of loading a second copy."""
    done = subprocess.run(
        [sys.executable, "-c", "import domain"],
        capture_output=True, text=True, timeout=60, cwd=REPO,
    )  # fmt: skip
    assert done.returncode != 0
    assert "import parley.domain, not domain" in done.stderr

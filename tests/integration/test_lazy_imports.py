"""Heavy modules load when first needed, not when the window starts (docs/performance.md).

A fresh interpreter imports what the window's start imports; none of the listed modules may be
loaded by then. Each is still used the moment its feature is: the Markdown parser at the first
answer, the HTTP stack at the first provider call, the exporters at the first export."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository

STARTUP_IMPORTS = [
    "parley.ui.cli",
    "parley.ui.app",
    "parley.ui.main_window",
    "parley.ui.rendering.markdown",
    "parley.infrastructure.providers.openai_compatible",
    "parley.infrastructure.attachments.reader",
]
DEFERRED = [
    "markdown_it",
    "mdit_py_plugins",
    "pygments",
    "requests",
    "urllib3",
    "pypdf",
    "openpyxl",
    "pptx",
    "parley.application.history.export",
    "parley.application.history.importers",
    "parley.ui.history",
    "parley.ui.settings_dialog",
    "parley.ui.widgets.quick_switcher",
    "parley.ui.widgets.shortcuts_dialog",
]


def test_starting_the_window_loads_none_of_the_heavy_modules():
    code = (
        "import importlib, json, sys\n"
        f"for name in {STARTUP_IMPORTS!r}: importlib.import_module(name)\n"
        f"print(json.dumps([m for m in {DEFERRED!r} if m in sys.modules]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []

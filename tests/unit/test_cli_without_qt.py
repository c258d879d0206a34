"""The command line must not load Qt: headless commands start fast and need no display."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_cli_and_the_composition_root_loads_no_qt():
    code = (
        "import sys, parley.ui.cli, parley.ui.bootstrap; "
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')); "
        "print(loaded)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"

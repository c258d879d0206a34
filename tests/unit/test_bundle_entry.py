"""The standalone bundle's entry script (``packaging/parley_main.py``; issue 20).

In the bundle ``sys.executable`` is the bundle's program, and the app starts it the way it would
start an interpreter: the attachment reader with ``-I -c <bootstrap> ARGS``, the tools' executor
with ``-m venv DIR``. The script is run here by this interpreter, as PyInstaller's bootloader runs
it, and must answer both, and be the ``parley`` command for everything else.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ENTRY = Path(__file__).resolve().parents[2] / "packaging" / "parley_main.py"


def _run(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ENTRY), *args], capture_output=True, text=True, timeout=120, **kw
    )  # type: ignore[call-overload]


def test_dash_c_runs_the_code_with_the_arguments_python_would_give_it() -> None:
    done = _run(["-I", "-c", "import sys; print(sys.argv); print(__name__)", "root", "mod"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["['-c', 'root', 'mod']", "__main__"]
    failed = _run(["-I", "-c", "import sys; sys.exit(3)"])
    assert failed.returncode == 3


def test_anything_else_is_the_parley_command() -> None:
    done = _run(["--version"])
    assert done.returncode == 0 and done.stdout.startswith("parley "), done.stderr
    usage = _run(["desktop"])
    assert usage.returncode == 2 and "install|uninstall" in usage.stderr


def test_dash_m_venv_is_handed_to_python3_on_path(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    env = {**os.environ, "PATH": str(bin_dir)}
    venv = tmp_path / "venv"
    done = _run(["-m", "venv", "--without-pip", str(venv)], env=env)
    assert done.returncode == 0, done.stderr
    assert (venv / "pyvenv.cfg").is_file() and (venv / "bin" / "python").exists()
    none = _run(["-m", "venv", str(tmp_path / "other")], env={**os.environ, "PATH": str(tmp_path)})
    assert none.returncode == 1 and "needs python3 on PATH" in none.stderr
    assert not (tmp_path / "other").exists()

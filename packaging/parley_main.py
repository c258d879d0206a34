"""The standalone bundle's entry point: the ``parley`` command, and the one child it starts.

Why it exists: PyInstaller freezes a script, not a console-script entry point, so this is the
script (``packaging/parley.spec``). In the bundle ``sys.executable`` is the bundle's own program,
and the attachment reader starts its parser child as ``sys.executable -I -c <bootstrap> ...``
(``infrastructure/attachments/reader.py``); a frozen program has no interpreter to take ``-c``,
so this script does what ``python -I -c CODE ARGS`` would: runs CODE with ``sys.argv`` set to
``["-c", *ARGS]``. The tools' executor makes a workspace's virtual environment with
``sys.executable -m venv DIR`` (``infrastructure/tools/executor.py``); a venv made from the bundle's
program would have no interpreter in it, so that one is handed to the first ``python3`` on
``PATH`` (exit 1 with the reason when there is none). Everything else is the ``parley`` command
line.
"""

from __future__ import annotations

import os
import shutil
import sys


def _run_code(code: str, args: list[str]) -> None:
    sys.argv = ["-c", *args]
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    exec(compile(code, "<string>", "exec"), namespace)


if __name__ == "__main__":
    words = sys.argv[1:]
    if words[:2] == ["-I", "-c"] and len(words) >= 3:
        _run_code(words[2], words[3:])
        raise SystemExit(0)
    if words[:2] == ["-m", "venv"]:
        python = shutil.which("python3")
        if python is None:
            print(
                "parley: a workspace environment needs python3 on PATH (the standalone bundle has "
                "no interpreter of its own to copy)",
                file=sys.stderr,
            )
            raise SystemExit(1)
        os.execv(python, [python, "-m", "venv", *words[2:]])
    from parley.ui.cli import main

    raise SystemExit(main())

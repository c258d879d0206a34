"""Real tokenizers for checking Parley's token estimate: OpenAI's ``cl100k_base`` and
``o200k_base`` through ``tiktoken`` (a test extra), with their BPE rank files taken from the
``litellm`` wheel on PyPI, which ships them so that tiktoken works offline.

``encodings()`` returns the two ``tiktoken`` encodings, fetching the wheel once into
``.cache/bpe`` (gitignored) and extracting only the two files; when tiktoken is not installed or
the wheel cannot be had, the test is skipped with one line naming the package.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

CACHE = Path(__file__).resolve().parents[2] / ".cache" / "bpe"
LITELLM = "litellm==1.110.2"
#: tiktoken's cache names files by the sha1 of their download URL.
FILES = {
    "cl100k_base": "9b5ad71b2ce5302211f9c61530b329a4922fc6a4",
    "o200k_base": "fb374d419588a4632f3f557e76b4b70aebbca790",
}
_INSIDE = "litellm/litellm_core_utils/tokenizers/"


def encodings() -> dict[str, Any]:
    try:
        import tiktoken
    except ImportError:
        pytest.skip("tiktoken: not installed (pip install -e '.[test]')")
    _fetch()
    os.environ["TIKTOKEN_CACHE_DIR"] = str(CACHE)
    return {name: tiktoken.get_encoding(name) for name in FILES}


def _fetch() -> None:
    if all((CACHE / f).exists() for f in FILES.values()):
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if all((CACHE / f).exists() for f in FILES.values()):
            return
        wheels = CACHE / "wheel"
        try:
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-deps",
                    "-q",
                    LITELLM,
                    "-d",
                    str(wheels),
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"{LITELLM}: pip download failed ({exc})")
        found = sorted(wheels.glob("litellm-*.whl"))
        if done.returncode != 0 or not found:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            pytest.skip(f"{LITELLM}: pip download failed ({last})")
        with zipfile.ZipFile(found[-1]) as wheel:
            for name in FILES.values():
                (CACHE / name).write_bytes(wheel.read(_INSIDE + name))
        for wheel_file in found:
            wheel_file.unlink()

"""The npm reference MCP servers and the conformance suite for the client tests, installed once
into ``.cache/mcp-node`` (gitignored).

``node_server(package)`` returns the command that starts ``package``'s server and
``conformance()`` the suite's command, installing them on first use (``npm install --prefix``);
when node/npm is missing or the install fails, the test is skipped with one line naming the
package.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

import pytest

CACHE = Path(__file__).resolve().parents[2] / ".cache" / "mcp-node"
PACKAGES = {
    "@modelcontextprotocol/server-everything": "mcp-server-everything",
    "@modelcontextprotocol/server-filesystem": "mcp-server-filesystem",
}


CONFORMANCE = "@modelcontextprotocol/conformance@0.1.13"  # 0.1.14+ need Node 22 (fs.globSync)


def conformance() -> Path:
    """The official MCP conformance suite's ``conformance`` command (installed on first use into
    ``.cache/mcp-node/conformance-0.1.13``); skips the test if it cannot be had."""
    prefix = CACHE / "conformance-0.1.13"
    entry = prefix / "node_modules" / ".bin" / "conformance"
    _install(CONFORMANCE, prefix, entry, [CONFORMANCE])
    return entry


def _install(package: str, prefix: Path, entry: Path, packages: list[str]) -> None:
    npm = shutil.which("npm")
    if shutil.which("node") is None or npm is None:
        pytest.skip(f"{package}: node and npm are needed (not on PATH)")
    if entry.exists():
        return
    prefix.mkdir(parents=True, exist_ok=True)
    with open(prefix / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel test workers install once
        if entry.exists():
            return
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", *packages],
                capture_output=True,
                text=True,
                timeout=300,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"{package}: npm install failed ({exc})")
        if done.returncode != 0 or not entry.exists():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            pytest.skip(f"{package}: npm install failed ({last})")


def node_server(package: str) -> list[str]:
    """``[node, entry]`` for ``package`` (a key of ``PACKAGES``); skips the test if unavailable."""
    entry = CACHE / "node_modules" / ".bin" / PACKAGES[package]
    _install(package, CACHE, entry, list(PACKAGES))
    node = shutil.which("node")
    assert node is not None
    return [node, str(entry.resolve())]

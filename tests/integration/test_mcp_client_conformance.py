"""The official MCP conformance suite (``@modelcontextprotocol/conformance``, client mode) driving
Parley's client through ``scripts/mcp_conformance_client.py``: a few representative scenarios
(the full list and its results: docs/mcp.md, "Conformance"; ``python
scripts/mcp_conformance_client.py --run`` runs them all)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.mcp_node import conformance

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "mcp_conformance_client.py"


@pytest.mark.parametrize(
    "scenario",
    ["tools_call", "elicitation-sep1034-client-defaults", "auth/metadata-default"],
)
def test_conformance_scenario(scenario: str, tmp_path: Path) -> None:
    entry = conformance()
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(SCRIPT))}"
    done = subprocess.run(
        [str(entry), "client", "--command", command, "--scenario", scenario, "-o", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    checks = [c for f in tmp_path.rglob("checks.json") for c in json.loads(f.read_text())]
    failed = [c.get("id") for c in checks if c.get("status") == "FAILURE"]
    assert checks and not failed, (failed, done.stdout[-2000:])
    assert any(c.get("status") == "SUCCESS" for c in checks)

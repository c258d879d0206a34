"""The client entry point the official MCP conformance suite drives
(``@modelcontextprotocol/conformance``, client mode): ``conformance client --command
"python scripts/mcp_conformance_client.py" --scenario NAME`` starts a test server, then runs
this script with the server's URL as the last argument and the scenario's name in
``MCP_CONFORMANCE_SCENARIO``.

It uses Parley's real client (``infrastructure/mcp``, ``SdkMcpClient``) the way Parley does:
connect over Streamable HTTP (with OAuth for the ``auth/`` scenarios, the browser replaced by
following the authorization server's redirects), list the tools, call each one; an elicitation
is accepted as offered (the client fills in the schema's defaults). It exits 0
when the client did what the scenario asked (the suite itself judges the wire traffic), 1 with a
line on stderr otherwise. Results are recorded in docs/mcp.md ("Conformance").

Usage: ``python scripts/mcp_conformance_client.py URL``, or with ``--run`` to run every client
scenario of the suite and print a table.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from parley.application.mcp.model import McpError, McpServerConfig  # noqa: E402
from parley.application.mcp.server_requests import ServerRequests  # noqa: E402
from parley.infrastructure.mcp.client import SdkMcpClient  # noqa: E402

# The last release that runs on Node 20 (0.1.14+ need Node 22's fs.globSync).
CONFORMANCE = "@modelcontextprotocol/conformance@0.1.13"
CACHE = ROOT / ".cache" / "mcp-node" / "conformance-0.1.13"

ARGUMENTS = {
    "add_numbers": {"a": 2, "b": 3},
}


def browse(url: str) -> None:
    """The user's browser, headless: the suite's authorization server redirects at once to the
    loopback callback, so following the redirects completes the authorization."""
    with contextlib.suppress(OSError):
        urllib.request.urlopen(url, timeout=20).read()


def pre_registered() -> Callable[[str], str | None]:
    """A keyring holding the client the scenario pre-registered (``MCP_CONFORMANCE_CONTEXT``
    with ``client_id`` and ``client_secret``), as Parley stores a registered client."""
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
    stored: dict[str, str] = {}
    if context.get("client_id") and context.get("client_secret"):
        client = {
            "client_id": context["client_id"],
            "client_secret": context["client_secret"],
            "redirect_uris": ["http://127.0.0.1/callback"],
            "token_endpoint_auth_method": "client_secret_basic",
        }
        stored["mcp:conformance:oauth:client"] = json.dumps(client)
    return stored.get


def drive(url: str, scenario: str) -> int:
    with tempfile.TemporaryDirectory() as logs:
        # a user who accepts every form as offered: the client fills in the defaults
        relay = ServerRequests()
        relay.install(elicit=lambda _s, _m, _schema: ("accept", {}))
        client = SdkMcpClient(Path(logs), pre_registered(), requests=relay, open_url=browse)
        oauth = scenario.startswith("auth/")
        config = McpServerConfig("conformance", transport="http", url=url, oauth=oauth)
        try:
            tools = client.tools(config, timeout_s=20)
            print(f"{scenario}: {len(tools)} tools: {', '.join(t.name for t in tools)}")
            if scenario != "initialize":
                for tool in tools:
                    result = client.call_tool(
                        config, tool.name, ARGUMENTS.get(tool.name, {}), threading.Event(), 20
                    )
                    print(f"  {tool.name} -> {'error: ' if result.is_error else ''}{result.text}")
            return 0
        except McpError as exc:
            print(f"{scenario}: {exc}", file=sys.stderr)
            return 1
        finally:
            client.close()


def run_all() -> int:
    """Run every client scenario of the suite and print a Markdown table of the results."""
    entry = CACHE / "node_modules" / ".bin" / "conformance"
    if not entry.exists():
        npm = shutil.which("npm")
        if npm is None:
            print(f"skipped: {CONFORMANCE} needs npm")
            return 0
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", CONFORMANCE],
            check=True,
            capture_output=True,
        )
    listed = subprocess.run(
        [str(entry), "list", "--client"], capture_output=True, text=True, check=True
    ).stdout
    scenarios = [line.strip()[2:] for line in listed.splitlines() if line.strip().startswith("- ")]
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).resolve()))}"
    print("| Scenario | Result | Checks (passed/failed) |")
    print("|---|---|---|")
    failed_any = False
    for scenario in scenarios:
        with tempfile.TemporaryDirectory() as out:
            subprocess.run(
                [
                    str(entry),
                    "client",
                    "--command",
                    command,
                    "--scenario",
                    scenario,
                    "--timeout",
                    "30000",
                    "-o",
                    out,
                ],
                capture_output=True,
                text=True,
                timeout=120,
            )
            passed = failed = 0
            for checks in Path(out).rglob("checks.json"):
                for check in json.loads(checks.read_text()):
                    status = check.get("status")
                    passed += status == "SUCCESS"
                    failed += status == "FAILURE"
        verdict = "pass" if failed == 0 and passed > 0 else "fail"
        failed_any |= verdict == "fail"
        print(f"| {scenario} | {verdict} | {passed}/{failed} |")
    return 1 if failed_any else 0


def main() -> int:
    if "--run" in sys.argv:
        return run_all()
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    return drive(sys.argv[-1], os.environ.get("MCP_CONFORMANCE_SCENARIO", "initialize"))


if __name__ == "__main__":
    sys.exit(main())

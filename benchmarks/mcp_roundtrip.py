"""What Parley's MCP client adds to a tool call (issue 17): a round trip to a local stdio server.

What it measures. ``SdkMcpClient.call_tool`` of a trivial tool (``echo`` of
``tests/fixtures/mcp_servers/behaving.py``, and ``get_current_time`` of ``mcp-server-time`` when it
is installed), from the call in a worker thread to its mapped result, the session already
started; and, as the baseline in the same run, the same ``tools/call`` written by hand as one
JSON-RPC line to a second copy of the server over raw pipes (the server's own time plus the pipe).
The runs are interleaved (one of each per round). Median and p90 of ``--runs`` rounds (default
200) and the difference are printed; the budget is 5 ms over the baseline, median.

Usage: ``python benchmarks/mcp_roundtrip.py [--runs 200]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from parley.application.mcp.model import McpServerConfig  # noqa: E402
from parley.infrastructure.mcp.client import SdkMcpClient  # noqa: E402

BUDGET_MS = 5.0
ECHO = ROOT / "tests" / "fixtures" / "mcp_servers" / "behaving.py"


class RawServer:
    """The same server spoken to by hand: one JSON-RPC line out, one line back."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"},
            },
        )
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdout is not None
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            reply = json.loads(self.proc.stdout.readline())
            if reply.get("id") == self.next_id:
                return dict(reply)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def measure(label: str, argv: list[str], tool: str, arguments: dict[str, Any], runs: int) -> float:
    with tempfile.TemporaryDirectory() as logs:
        client = SdkMcpClient(Path(logs))
        config = McpServerConfig("bench", command=argv[0], args=tuple(argv[1:]))
        raw = RawServer(argv)
        never = threading.Event()
        try:
            client.tools(config)
            for _ in range(10):  # warm both
                client.call_tool(config, tool, arguments, never)
                raw.request("tools/call", {"name": tool, "arguments": arguments})
            ours: list[float] = []
            base: list[float] = []
            for _ in range(runs):
                start = time.perf_counter()
                result = client.call_tool(config, tool, arguments, never)
                ours.append((time.perf_counter() - start) * 1000)
                assert not result.is_error, result.text
                start = time.perf_counter()
                raw.request("tools/call", {"name": tool, "arguments": arguments})
                base.append((time.perf_counter() - start) * 1000)
        finally:
            raw.close()
            client.close()
    med, med_base = statistics.median(ours), statistics.median(base)
    p90 = statistics.quantiles(ours, n=10)[-1]
    p90_base = statistics.quantiles(base, n=10)[-1]
    print(f"{label}")
    print(f"  Parley client : median {med:6.2f} ms   p90 {p90:6.2f} ms")
    print(f"  raw pipe      : median {med_base:6.2f} ms   p90 {p90_base:6.2f} ms")
    print(f"  added         : median {med - med_base:+6.2f} ms (budget {BUDGET_MS:g} ms)")
    return med - med_base


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    added = [
        measure(
            "echo (tests/fixtures/mcp_servers/behaving.py)",
            [sys.executable, str(ECHO)],
            "echo",
            {"text": "hello"},
            args.runs,
        )
    ]
    if importlib.util.find_spec("mcp_server_time") is not None:
        added.append(
            measure(
                "get_current_time (mcp-server-time)",
                [sys.executable, "-m", "mcp_server_time", "--local-timezone", "UTC"],
                "get_current_time",
                {"timezone": "Europe/Paris"},
                args.runs,
            )
        )
    return 0 if max(added) <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())

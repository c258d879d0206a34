"""Fidelity: Parley, markitdown and pdfplumber on the outside corpus, scored the same way.

Why it exists: issue 15 asks that Parley read attachments at least as faithfully as the best
extractors, format by format. This script reads every document of ``tests/fixtures/outside``
(origins in its ``PROVENANCE.md``) with

- Parley: ``parley.infrastructure.attachments.extractors.extract_file`` in this process, default
  ``AttachmentLimits`` (the same code the worker child runs; the child's limits are not applied);
- markitdown: ``MarkItDown().convert(path).text_content`` (every format);
- pdfplumber: ``"\\n".join(page.extract_text())`` over the pages, default settings (PDF only),

scores each output with ``tests/support/fidelity.py`` (thresholds documented there), and prints a
table per format: documents, passes per tool, mean character and word similarity over the
documents that have an expected text. markitdown and pdfplumber are never Parley dependencies:
they run in their own virtual environment, ``.venv-compare`` (``make fidelity`` creates it), as
a child process that reads all documents and prints JSON; a document that takes longer than
``--timeout`` seconds there counts as refused ("timeout").

    .venv/bin/python benchmarks/fidelity.py [--compare-python .venv-compare/bin/python]
        [--only NAME_SUBSTRING] [--json OUT] [--verbose]

Without ``--compare-python`` (or when that interpreter is missing) only Parley is scored.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from parley.application.ports.attachments import AttachmentLimits  # noqa: E402
from parley.infrastructure.attachments.extractors import extract_file  # noqa: E402
from tests.support.fidelity import Expectation, Score, load_expectations, score  # noqa: E402

CORPUS = REPO / "tests" / "fixtures" / "outside"
TOOLS = ("parley", "markitdown", "pdfplumber")

# Runs inside .venv-compare: argv = timeout, then the documents; prints one JSON object per line.
_COMPARE = r"""
import json, signal, sys, warnings, logging
warnings.simplefilter("ignore")
logging.disable(logging.CRITICAL)
from markitdown import MarkItDown
import pdfplumber

class Timeout(Exception):
    pass

def _alarm(signum, frame):
    raise Timeout()

signal.signal(signal.SIGALRM, _alarm)
timeout = int(sys.argv[1])
md = MarkItDown()

def run(tool, path):
    signal.alarm(timeout)
    try:
        if tool == "markitdown":
            return md.convert(path).text_content or "", ""
        with pdfplumber.open(path) as pdf:
            return "\n".join(page.extract_text() or "" for page in pdf.pages), ""
    except Timeout:
        return "", "timeout"
    except BaseException as exc:
        return "", f"{type(exc).__name__}: {str(exc)[:120]}"
    finally:
        signal.alarm(0)

for path in sys.argv[2:]:
    tools = ["markitdown"] + (["pdfplumber"] if path.lower().endswith(".pdf") else [])
    for tool in tools:
        text, error = run(tool, path)
        print(json.dumps({"name": path.rsplit("/", 1)[-1], "tool": tool, "text": text,
                          "error": error}), flush=True)
"""


def read_parley(names: list[str]) -> dict[str, tuple[str, str]]:
    out = {}
    for name in names:
        try:
            result = extract_file(CORPUS / name, name, AttachmentLimits())
        except Exception as exc:  # the worker would report this as "damaged"; count it refused
            out[name] = ("", f"crash: {type(exc).__name__}")
            continue
        out[name] = (result.text, result.error_kind)
    return out


def read_others(python: str, names: list[str], timeout: int) -> dict[tuple[str, str], tuple]:
    proc = subprocess.run(
        [python, "-c", _COMPARE, str(timeout), *(str(CORPUS / n) for n in names)],
        capture_output=True,
        text=True,
        check=False,
    )
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            out[(row["name"], row["tool"])] = (row["text"], row["error"])
    if proc.returncode:
        print(f"note: the comparison process ended with {proc.returncode}", file=sys.stderr)
        print(proc.stderr[-2000:], file=sys.stderr)
    return out


def _version(python: str, package: str) -> str:
    code = f"from importlib.metadata import version; print(version({package!r}))"
    proc = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    return proc.stdout.strip() or "?"


def _mean(values: list[float]) -> str:
    return f"{statistics.fmean(values):.2f}" if values else "-"


def table(
    expected: dict[str, Expectation], scores: dict[tuple[str, str], Score], tools: list[str]
) -> list[str]:
    """A Markdown table per format and overall: passes and mean similarities per tool."""
    formats = sorted({e.format for e in expected.values()})
    head = "| Format | Documents | " + " | ".join(f"{t} pass | {t} char | {t} word" for t in tools)
    lines = [head + " |", "|" + " --- |" * (2 + 3 * len(tools))]
    for fmt in [*formats, "all"]:
        names = [n for n, e in expected.items() if fmt in ("all", e.format)]
        cells = [fmt, str(len(names))]
        for tool in tools:
            got = [scores[(n, tool)] for n in names if (n, tool) in scores]
            if not got:
                cells += ["-", "-", "-"]
                continue
            passed = sum(s.passed for s in got)
            cells.append(f"{passed}/{len(got)}")
            cells.append(_mean([s.char_sim for s in got if s.char_sim is not None]))
            cells.append(_mean([s.word_sim for s in got if s.word_sim is not None]))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare-python", default=str(REPO / ".venv-compare" / "bin" / "python"))
    parser.add_argument("--only", default="", help="only documents whose name contains this")
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--json", default="", help="write per-document scores here")
    parser.add_argument("--verbose", action="store_true", help="print each failing document")
    args = parser.parse_args()

    expected = {n: e for n, e in load_expectations(CORPUS).items() if args.only in n}
    names = sorted(expected)
    start = time.monotonic()
    outputs: dict[tuple[str, str], tuple[str, str]] = {
        (n, "parley"): v for n, v in read_parley(names).items()
    }
    parley_s = time.monotonic() - start
    tools = ["parley"]
    versions = ""
    if Path(args.compare_python).exists():
        start = time.monotonic()
        outputs.update(read_others(args.compare_python, names, args.timeout))
        tools += ["markitdown", "pdfplumber"]
        versions = ", ".join(
            f"{p} {_version(args.compare_python, p)}" for p in ("markitdown", "pdfplumber")
        )
        print(f"markitdown and pdfplumber: {time.monotonic() - start:.1f} s", file=sys.stderr)
    else:
        print(f"note: {args.compare_python} not found; Parley only", file=sys.stderr)
    print(f"Parley: {parley_s:.1f} s for {len(names)} documents", file=sys.stderr)

    scores: dict[tuple[str, str], Score] = {}
    for (name, tool), (text, error) in outputs.items():
        if tool in tools:
            scores[(name, tool)] = score(text, expected[name], error)

    print(f"# Fidelity on the outside corpus, {time.strftime('%Y-%m-%d')}")
    if versions:
        print(f"# {versions}")
    print("\n".join(table(expected, scores, tools)))
    if args.verbose:
        for name in names:
            for tool in tools:
                s = scores.get((name, tool))
                if s is not None and not s.passed:
                    print(f"FAIL {tool:10} {name}: {s.reason}")
    if args.json:
        rows = [
            {"name": n, "tool": t, "format": expected[n].format, **s.__dict__}
            for (n, t), s in sorted(scores.items())
        ]
        Path(args.json).write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

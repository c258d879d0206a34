"""Write ``ui/i18n/composed.json``: every text the layers below the window mark for translation.

Why it exists: ``translate_text`` (``ui/i18n/composed.py``) recognises an English text by the
template it was made from. Templates are recorded when their module is imported, but many modules
are imported late (a provider's adapter on its first use, the attachment reader when services are
built) — and a saved conversation shown before then would stay English. So ``make translations``
also collects every ``QT_TRANSLATE_NOOP("Context", "text")`` call with literal arguments in
``domain/``, ``application/`` and ``infrastructure/`` by reading the source (as pyside6-lupdate
does), and the window loads this list once, the first time it translates such a text.

    python scripts/composed_catalog.py          # writes ui/i18n/composed.json
    python scripts/composed_catalog.py --check  # exit 1 when the file is not current

The file is ``{"texts": [[context, text], ...]}``, sorted, one entry per text (the first context
in file order wins, as at run time).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("domain", "application", "infrastructure")
CATALOG = ROOT / "ui" / "i18n" / "composed.json"


def marked_in(path: Path) -> list[tuple[str, str]]:
    """The ``(context, text)`` of each literal ``QT_TRANSLATE_NOOP`` call in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name != "QT_TRANSLATE_NOOP":
            continue
        context, text = node.args[0], node.args[1]
        if (
            isinstance(context, ast.Constant)
            and isinstance(context.value, str)
            and isinstance(text, ast.Constant)
            and isinstance(text.value, str)
        ):
            found.append((context.value, text.value))
    return found


def collect(root: Path = ROOT) -> list[tuple[str, str]]:
    """Every marked text of the layers below the window, first context wins, sorted."""
    seen: dict[str, str] = {}
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            for context, text in marked_in(path):
                seen.setdefault(text, context)
    return sorted((context, text) for text, context in seen.items())


def render(entries: list[tuple[str, str]]) -> str:
    lines = ",\n".join(json.dumps(list(e), ensure_ascii=False) for e in entries)
    return '{"texts": [\n' + lines + "\n]}\n"  # one entry a line: diffs stay readable


def main(argv: list[str]) -> int:
    text = render(collect())
    if "--check" in argv:
        current = CATALOG.read_text(encoding="utf-8") if CATALOG.exists() else ""
        if current != text:
            print(f"{CATALOG.relative_to(ROOT)} is not current: run `make translations`")
            return 1
        return 0
    CATALOG.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

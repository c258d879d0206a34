"""Fill a language's .ts from a JSON dictionary, or list what it still lacks (issue 20).

Why it exists: Qt Linguist is one way to translate; a reviewed dictionary is another, and it is
how the shipped languages were written (docs/translations.md). ``make translations`` collects
the sources (pyside6-lupdate) and compiles the .qm; this fills the entries in between.

    python scripts/fill_translations.py missing de > todo.json   # {context: {source: ""}}
    python scripts/fill_translations.py fill de done.json         # writes ui/i18n/parley_de.ts

The dictionary is ``{context: {source: translation}}``; the context ``"*"`` applies to a source
in any context that has no entry of its own. An entry filled here is marked finished; an empty
translation is left unfinished. Then ``make translations`` compiles the .qm files.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

I18N = Path(__file__).resolve().parents[1] / "ui" / "i18n"


def _path(lang: str) -> Path:
    return I18N / f"parley_{lang}.ts"


def missing(lang: str) -> dict[str, dict[str, str]]:
    todo: dict[str, dict[str, str]] = {}
    for context in ET.parse(_path(lang)).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            node = message.find("translation")
            if node is None or node.get("type") == "unfinished" or not (node.text or ""):
                todo.setdefault(name, {})[message.findtext("source") or ""] = ""
    return todo


def fill(lang: str, table: dict[str, dict[str, str]]) -> tuple[int, int]:
    """Fill ``lang``'s .ts from ``table``; returns (filled, still missing)."""
    tree = ET.parse(_path(lang))
    anywhere = table.get("*", {})
    filled = left = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        own = table.get(name, {})
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            node = message.find("translation")
            if node is None:
                node = ET.SubElement(message, "translation")
            text = own.get(source) or anywhere.get(source) or ""
            if text:
                node.text = text
                node.attrib.pop("type", None)
                filled += 1
            elif node.get("type") == "unfinished" or not node.text:
                left += 1
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    _path(lang).write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8"
    )
    return filled, left


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "missing":
        json.dump(missing(argv[2]), sys.stdout, ensure_ascii=False, indent=1)
        return 0
    if len(argv) == 4 and argv[1] == "fill":
        table = json.loads(Path(argv[3]).read_text(encoding="utf-8"))
        filled, left = fill(argv[2], table)
        print(f"{argv[2]}: {filled} filled, {left} still unfinished", file=sys.stderr)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

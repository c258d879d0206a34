"""Texts composed below the window, shown in the window's language.

Why it exists: ``domain``, ``application`` and ``infrastructure`` compose English texts a person
reads — a refusal's reason, an outcome line, a provider's error — and mark their templates with
``QT_TRANSLATE_NOOP`` (``parley.domain.texts``, which also records them). ``translate_text`` takes
such a finished English text, finds the marked template it was made from, translates the template
and puts the same values back in. It works for a text read back from an old history as for one
made a moment ago, and the record itself stays English.

How a text is matched:

- an exact marked text (no fields) is translated as it is;
- otherwise each marked template with ``{fields}`` is a regular expression (its literal parts
  escaped, each field a lazy group, a repeated field the same value); of the templates that match
  the whole text, the one with the most literal characters wins (the most specific);
- a field's value is itself translated when it is a marked text (``"Not saved: {reason}"`` whose
  reason was composed elsewhere), four levels deep ("Failed: {error}" whose error says it gave
  up retrying a connection that failed is three);
- a text that matches nothing is shown as it is: never an error, never an empty string.

Which templates: those recorded in this process (a module's constants, when it is imported) and,
read once at start with the translation (``install``), ``composed.json`` beside this module —
every marked text of the layers below, collected from their source by ``make translations``
(``scripts/composed_catalog.py``), so a saved conversation shown before a provider's adapter was
ever imported is translated too.

Invariants it keeps: English (no translation loaded) returns the text untouched without matching;
results are cached (a transcript repaints the same texts) per language (``generation``); the
matcher is rebuilt when more templates are marked (a module imported later); the UI thread only
(``QCoreApplication.translate`` is safe anywhere, the cache is not locked).
"""

from __future__ import annotations

import json
import logging
import re
import string
from dataclasses import dataclass
from functools import cache, lru_cache

from parley.domain.texts import QT_TRANSLATE_NOOP, marked, marked_count
from parley.ui.i18n import TRANSLATIONS_DIR, generation, translate, translating

__all__ = ["load_catalog", "translate_text"]

log = logging.getLogger(__name__)

#: Every marked text of the layers below the window (``make translations`` writes it).
CATALOG = TRANSLATIONS_DIR / "composed.json"
_catalog_loaded = False

#: Nested values are translated this deep ("A: {b}" where b is "C: {d}").
_DEPTH = 4
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(![rsa])?(:[^{}]*)?\}")


@dataclass(frozen=True)
class _Template:
    context: str
    source: str
    anchors: tuple[str, ...]  # its literal parts: a text lacking one cannot match
    longest: str  # the longest of them, tested first
    literal: int  # characters outside the fields: the more, the more specific


def translate_text(text: str) -> str:
    """``text`` in the window's language when it was composed from a marked template; else as
    it is (module docstring)."""
    if not text or not translating():
        return text
    if not _catalog_loaded:  # (``install`` read it; a translator installed by hand did not)
        load_catalog()
    return _translated(text, (marked_count(), generation()), _DEPTH)


def load_catalog() -> None:
    """Record the catalog's texts (module docstring); a missing or damaged file is logged and
    leaves the texts recorded by imports. ``install`` calls it at start, with the ``.qm``."""
    global _catalog_loaded
    _catalog_loaded = True
    try:
        entries = json.loads(CATALOG.read_text(encoding="utf-8"))["texts"]
        for context, source in entries:
            QT_TRANSLATE_NOOP(str(context), str(source))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("the catalog of composed texts %s could not be read: %s", CATALOG, exc)


@lru_cache(maxsize=8192)
def _translated(text: str, key: tuple[int, int], depth: int) -> str:
    table = marked()
    context = table.get(text)
    if context is not None:
        return translate(context, text)
    if depth <= 0:
        return text
    best: tuple[_Template, re.Match[str]] | None = None
    for template in _templates(key[0]):
        if best is not None and template.literal <= best[0].literal:
            break  # sorted by specificity: nothing later can win
        if template.longest not in text or not all(a in text for a in template.anchors):
            continue  # (a substring test: most templates end here, no expression is run)
        pattern = _pattern(template.source)
        match = pattern.fullmatch(text) if pattern is not None else None
        if match is not None:
            best = (template, match)
    if best is None:
        return text
    template, match = best
    values = {name: _translated(value, key, depth - 1) for name, value in match.groupdict().items()}
    shown = translate(template.context, template.source)
    return _FIELD.sub(lambda m: values.get(m.group(1), m.group(0)), shown)


@lru_cache(maxsize=4)
def _templates(count: int) -> tuple[_Template, ...]:
    """The marked templates with fields, most specific first (``count``: the mark count)."""
    del count  # the cache key: more marks, a new list
    made: list[_Template] = []
    for source, context in list(marked().items()):
        parts = _parse(source)
        names = [name for _lit, name, _spec, _conv in parts if name is not None]
        anchors = tuple(lit for lit, *_ in parts if lit)
        literal = sum(len(lit) for lit in anchors)
        # "{message}" alone would match every text; "{0}" or "{a.b}" are not templates of ours.
        if names and literal and all(name.isidentifier() for name in names):
            made.append(_Template(context, source, anchors, max(anchors, key=len), literal))
    made.sort(key=lambda t: -t.literal)
    return tuple(made)


def _parse(source: str) -> list[tuple[str, str | None, str | None, str | None]]:
    try:
        return list(string.Formatter().parse(source))
    except ValueError:  # a stray brace: a plain text
        return [(source, None, None, None)]


@cache
def _pattern(source: str) -> re.Pattern[str] | None:
    """``_compile``, once per template, when a text first has all its literal parts (compiling
    every template at the first text took 120 ms of the UI thread)."""
    return _compile(source)


def _compile(source: str) -> re.Pattern[str] | None:
    """``source`` as a regular expression (None when it has no fields or does not parse)."""
    parts = _parse(source)
    if not any(name is not None for _lit, name, _spec, _conv in parts):
        return None
    seen: set[str] = set()
    out: list[str] = []
    for literal, name, _spec, _conv in parts:
        out.append(re.escape(literal))
        if name is None:
            continue
        if not name.isidentifier():
            return None  # "{0}" or "{a.b}": not a template of ours
        if name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>.*?)")
    return re.compile("".join(out), re.DOTALL)

"""The one rule that picks the table row for a model: prices and context windows use it alike.

Why it exists: Settings keeps two user-editable tables keyed by model name or glob (the price table,
``pricing.py``, and the context-window table, ``context_windows.py``); a model must find the same
kind of row in both, so the rule lives here once.

The rule (``best_row``): a row for the turn's provider beats a row for any provider; then an exact
model name beats a glob; then the glob with the most literal characters wins; a tie goes to the row
listed first. Names compare case-insensitively. A model named ``vendor/model`` (as OpenRouter names
them) that matches nothing is tried again as ``model``.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

GLOB_CHARS = frozenset("*?[")


class ModelRow(Protocol):
    @property
    def model_pattern(self) -> str: ...

    @property
    def provider(self) -> str: ...


R = TypeVar("R", bound=ModelRow)


def is_glob(pattern: str) -> bool:
    return any(ch in GLOB_CHARS for ch in pattern)


def best_row(rows: Iterable[R], provider_id: str, model: str) -> R | None:
    """The row for ``model`` on ``provider_id`` under the module's rule, or None."""
    listed = tuple(rows)
    found = _best(listed, provider_id, model)
    if found is None and "/" in model:
        found = _best(listed, provider_id, model.rsplit("/", 1)[1])
    return found


def _best(rows: Sequence[R], provider_id: str, model: str) -> R | None:
    name = model.strip().lower()
    provider = provider_id.strip().lower()
    if not name:
        return None
    best: R | None = None
    best_rank: tuple[int, int, int] = (-1, -1, -1)
    for row in rows:
        row_provider = row.provider.lower()
        if row_provider and row_provider != provider:
            continue
        pattern = row.model_pattern.lower()
        if pattern == name:
            exact = 1
        elif is_glob(pattern) and fnmatch.fnmatchcase(name, pattern):
            exact = 0
        else:
            continue
        literal = sum(1 for ch in pattern if ch not in GLOB_CHARS)
        rank = (1 if row_provider else 0, exact, literal)
        if rank > best_rank:  # strictly greater: the first of equal rows wins
            best, best_rank = row, rank
    return best

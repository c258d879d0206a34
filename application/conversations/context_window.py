"""Which context window a turn works with: one rule, whoever asks (the runtime, the gauge).

Why it exists: a model's window can come from three places — what the provider reports
(``ChatProvider.model_window``, the optional ``ModelWindowSource`` capability), the user-editable
table in Settings (``SettingsStore.context_windows``, the dated defaults until the user saves
one), or, when neither knows the model, a guess (``FALLBACK_CONTEXT_TOKENS``). Callers must not
each pick their own order, so the order lives here.

The rule (simplest honest one): **provider report > table > guess**.

- The provider's report wins because it is what the server will actually accept: a local server
  runs a model with the window it loaded (Ollama's ``num_ctx``, LM Studio's loaded length), often
  far below the trained window the table lists. A row the user added is not preferred over it:
  the table cannot tell a row the user typed from a default one once saved, and a report that
  contradicts what the server enforces would only let requests fail.
- What the provider leaves unknown (an output limit of 0) is taken from the table's row for the
  model when that row's output limit fits inside the reported window; the source stays
  ``provider`` (the window, the figure that matters, is the provider's).
- No report and no row: ``FALLBACK_CONTEXT_TOKENS``, output unknown, source ``guess`` (shown as a
  guess wherever it is shown).

Invariants it keeps: the result always has a usable window (a positive count, at least the 256
``ModelWindow`` accepts) and ``0 <= max_output_tokens <= context_tokens``; ``source`` is one of
``SOURCES``. Pure apart from the provider call, which may block (call off the UI thread) and is
never allowed to raise out of here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from parley.domain.usage.context_windows import FALLBACK_CONTEXT_TOKENS, ModelWindow, find_window

SOURCES = ("provider", "table", "guess")

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResolvedWindow:
    """The window a turn works with: its size, the output limit (0: unknown) and where it came
    from (``provider``, ``table`` or ``guess``)."""

    context_tokens: int
    max_output_tokens: int
    source: str

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"unknown window source {self.source!r}")
        if self.context_tokens <= 0 or not 0 <= self.max_output_tokens <= self.context_tokens:
            raise ValueError(
                f"a window of {self.context_tokens} tokens with an output limit of "
                f"{self.max_output_tokens} is not usable"
            )


def reported_window(provider: object, model: str) -> ModelWindow | None:
    """What ``provider`` reports for ``model`` (None when it lacks the capability, does not say,
    or — against its contract — raises or answers with something else)."""
    ask = getattr(provider, "model_window", None)
    if provider is None or not callable(ask):
        return None
    try:
        window = ask(model)
    except Exception as exc:  # the port says never; a turn must not die of it anyway
        _log.info("the provider's window for %s could not be read: %s", model, exc)
        return None
    return window if isinstance(window, ModelWindow) else None


def resolve_window(
    provider: object,
    provider_id: str,
    model: str,
    table: Sequence[ModelWindow],
) -> ResolvedWindow:
    """The window for ``model`` on the provider named ``provider_id`` (see the module's rule).
    ``provider`` is the adapter (any object; asked only if it has ``model_window``), ``table``
    the context-window table (``SettingsStore.context_windows()``)."""
    row = find_window(tuple(table), provider_id, model)
    report = reported_window(provider, model)
    if report is not None:
        output = report.max_output_tokens
        if not output and row is not None and row.max_output_tokens <= report.context_tokens:
            output = row.max_output_tokens
        return ResolvedWindow(report.context_tokens, output, "provider")
    if row is not None:
        return ResolvedWindow(row.context_tokens, row.max_output_tokens, "table")
    return ResolvedWindow(FALLBACK_CONTEXT_TOKENS, 0, "guess")

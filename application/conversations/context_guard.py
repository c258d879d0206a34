"""Measuring a request against its model's window before it is sent, and learning from what the
provider reports.

Why it exists: the runtime must know before every call whether the rendered request fits
(``domain.usage.context_budget``), and the estimate (``domain.usage.token_estimate``) is corrected
by each call's reported input tokens (``Calibration``). This module keeps what outlives one call —
the calibration per provider and model, and a cache of per-message estimates (a long conversation
is re-measured at every call, and most of its messages have not changed) — and turns a
``ChatRequest`` into the figures (``ContextFit``) the runtime and the gauge read.

Invariants it keeps:

- everything a request sends counts: every message's text, tool calls' arguments, reasoning text
  sent back, images (``PER_IMAGE`` each) and the tools' definitions (name, description, schema);
- the calibration only ever learns from a call whose request it measured (the raw estimate of that
  request and the input tokens the provider reported for it), and is thread-safe (turns of
  different conversations run on different workers);
- a window that is only a guess (``ResolvedWindow.source == "guess"``) is measured and recorded,
  but ``enforced`` is False: the runtime neither compacts nor refuses on a guess — the provider's
  own "too long" answer is what tells (and then the runtime compacts and tries once more); the
  window that answer teaches (``learn_window``: the limit it names, else less than was sent) is
  kept for the rest of the run and wins over a larger table row or guess.

Blocking only in ``window_for`` (the provider may be asked, over HTTP): call on a worker.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parley.application.conversations.context_window import ResolvedWindow, resolve_window
from parley.application.ports.chat_provider import ChatRequest
from parley.domain.usage.context_budget import ContextFit, measure
from parley.domain.usage.context_windows import DEFAULT_WINDOWS, ModelWindow
from parley.domain.usage.token_estimate import (
    PER_IMAGE,
    PER_MESSAGE,
    Calibration,
    estimate_text,
)


@functools.lru_cache(maxsize=8192)
def _estimate(text: str) -> int:
    # Strings hash once (CPython caches a str's hash), so an unchanged message costs a lookup.
    return estimate_text(text)


def estimate_request(request: ChatRequest) -> int:
    """The raw (uncalibrated) estimate of everything ``request`` sends."""
    total = 0
    for message in request.messages:
        total += PER_MESSAGE + _estimate(message.content)
        for call in message.tool_calls:
            total += _estimate(call.name) + _estimate(
                json.dumps(dict(call.arguments), ensure_ascii=False, default=str)
            )
        for block in message.reasoning:
            total += _estimate(block.text)
        total += PER_IMAGE * len(message.images)
    for tool in request.tools:
        schema = json.dumps(tool.parameters, ensure_ascii=False, sort_keys=True, default=dict)
        total += PER_MESSAGE + _estimate(tool.name) + _estimate(tool.description)
        total += _estimate(schema)
    return total


@dataclass(frozen=True)
class Measured:
    """One request measured: its fit (calibrated figures), the raw estimate, the window and
    whether the window is known well enough to act on (``enforced``)."""

    fit: ContextFit
    raw_tokens: int
    window: ResolvedWindow

    @property
    def enforced(self) -> bool:
        return self.window.source != "guess"


class ContextGuard:
    """The runtime's measure of requests. ``windows_table`` is read at each turn (the user may
    edit it in Settings while the app runs)."""

    def __init__(
        self, windows_table: Callable[[], Sequence[ModelWindow]] = lambda: DEFAULT_WINDOWS
    ) -> None:
        self._table = windows_table
        self._lock = threading.Lock()
        self._calibrations: dict[tuple[str, str], Calibration] = {}
        #: Windows the providers' own "too long" answers taught (``learn_window``).
        self._learned: dict[tuple[str, str], ResolvedWindow] = {}

    def window_for(
        self, provider: object, provider_id: str, model: str, *, ask: bool = True
    ) -> ResolvedWindow:
        """The window ``model`` works with (``context_window.resolve_window``; may block when
        ``ask``: the provider is asked; without, the table or the guess answers at once)."""
        try:
            table = tuple(self._table())
        except Exception:  # a settings file that cannot be read: the built-in table
            table = DEFAULT_WINDOWS
        resolved = resolve_window(provider if ask else None, provider_id, model, table)
        with self._lock:
            learned = self._learned.get((provider_id, model))
        if learned is not None and learned.context_tokens < resolved.context_tokens:
            return learned  # the server refused more than this: it is what it accepts
        return resolved

    def learn_window(self, provider_id: str, model: str, window: ResolvedWindow) -> None:
        """The provider refused a request as too long: ``window`` is the most it accepts (kept
        for this run of the app; a smaller one replaces a larger)."""
        with self._lock:
            key = (provider_id, model)
            known = self._learned.get(key)
            if known is None or window.context_tokens < known.context_tokens:
                self._learned[key] = window

    def calibration(self, provider_id: str, model: str) -> Calibration:
        with self._lock:
            return self._calibrations.get((provider_id, model), Calibration())

    def measure(
        self,
        request: ChatRequest,
        window: ResolvedWindow,
        *,
        provider_id: str,
        threshold: float,
    ) -> Measured:
        raw = estimate_request(request)
        tokens = self.calibration(provider_id, request.model).corrected(raw)
        fit = measure(
            tokens,
            window.context_tokens,
            window.max_output_tokens,
            request.max_tokens,
            window_known=window.source != "guess",
            threshold=threshold,
        )
        return Measured(fit, raw, window)

    def learn(self, provider_id: str, model: str, raw_tokens: int, reported: int | None) -> None:
        """A call estimated at ``raw_tokens`` was reported at ``reported`` input tokens."""
        with self._lock:
            key = (provider_id, model)
            current = self._calibrations.get(key, Calibration())
            self._calibrations[key] = current.learned(raw_tokens, reported)

"""Whether a request fits its model's window, how full the conversation is, and when to compact.

Why it exists: the runtime decides before every call whether the rendered request may be sent, must
be compacted first, or cannot be sent at all (one message larger than the window); the fill gauge
under the composer shows the same figure. Both read one ``ContextFit`` so they never disagree.

Invariants it keeps:

- room is kept for the answer: the prompt may use the window minus ``reserved_output``, which is
  the request's own ``max_tokens`` when it sets one, else the model's output limit capped at a
  quarter of the window (a model whose output limit is its whole window would leave no prompt), else
  ``DEFAULT_RESERVE`` — never more than half the window;
- ``fits`` is the only gate: a request that does not fit is never sent; ``needs_compaction`` is
  advice that starts earlier (``threshold`` of the window, 0.8 by default) so the summary can be
  written while there is still room for the call that writes it;
- figures are whole tokens, and a window that is only a guess says so (``window_known``).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Kept for the answer when neither the request nor the table says how long it may be.
DEFAULT_RESERVE = 4_096
DEFAULT_THRESHOLD = 0.8


def reserve_for_output(
    window: int, max_output_tokens: int = 0, requested: int | None = None
) -> int:
    """How many tokens of ``window`` to keep for the answer (the module's rule)."""
    if requested is not None and requested > 0:
        reserve = requested
    elif max_output_tokens > 0:
        reserve = min(max_output_tokens, window // 4)
    else:
        reserve = DEFAULT_RESERVE
    return max(0, min(reserve, window // 2))


@dataclass(frozen=True)
class ContextFit:
    """One request measured against one window. ``prompt_tokens`` is the (calibrated) estimate
    of what would be sent."""

    window: int
    prompt_tokens: int
    reserved_output: int
    window_known: bool = True
    threshold: float = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        if self.window <= 0 or self.prompt_tokens < 0 or self.reserved_output < 0:
            raise ValueError("a context fit needs a positive window and counts from 0")
        if not 0.1 <= self.threshold <= 1.0:
            raise ValueError("the compaction threshold is a share of the window, 0.1-1.0")

    @property
    def prompt_limit(self) -> int:
        """The most the prompt may hold."""
        return self.window - self.reserved_output

    @property
    def fits(self) -> bool:
        return self.prompt_tokens <= self.prompt_limit

    @property
    def fill(self) -> float:
        """How full the window is, 0.0-1.0 and beyond (the gauge)."""
        return self.prompt_tokens / self.window

    @property
    def needs_compaction(self) -> bool:
        return self.prompt_tokens > min(self.threshold * self.window, self.prompt_limit)

    @property
    def over_by(self) -> int:
        """How many tokens too many (0 when it fits)."""
        return max(0, self.prompt_tokens - self.prompt_limit)


def measure(
    prompt_tokens: int,
    window: int,
    max_output_tokens: int = 0,
    requested_output: int | None = None,
    *,
    window_known: bool = True,
    threshold: float = DEFAULT_THRESHOLD,
) -> ContextFit:
    """The ``ContextFit`` of a prompt of ``prompt_tokens`` in ``window``."""
    return ContextFit(
        window=window,
        prompt_tokens=prompt_tokens,
        reserved_output=reserve_for_output(window, max_output_tokens, requested_output),
        window_known=window_known,
        threshold=threshold,
    )

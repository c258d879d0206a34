"""One retry policy for every provider: retry only what is safe, only before the answer begins.

Why it exists: a 429 or a 503 before anything streamed is worth trying again a moment later; the
same fault after half an answer arrived is not (the user has seen text, and a silent restart would
change or duplicate it), and a quota or spend-limit refusal must never be retried into. Keeping the
policy here, around the port, means every adapter gets exactly the same behaviour and the tests of
the policy need no network.

Invariants it keeps:

- a request is sent again only when the error says ``retryable`` *and* no content delta (text,
  refusal, reasoning, tool call) has been yielded on this attempt;
- waits grow exponentially with jitter, never less than the provider's ``Retry-After`` and never
  more than ``max_delay``; a ``Retry-After`` longer than ``max_delay`` ends the retrying (the error
  then says how long the provider asked to wait);
- at most ``max_attempts`` requests in all; the final error names the number of attempts;
- a wait is cut short by the cancel event (the caller's Stop or deadline), and then the stream
  simply ends, as a cancelled stream does;
- each wait is announced as a ``RetryDelta`` so the runtime can record it for operators.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from parley.application.ports.chat_provider import (
    ChatProvider,
    ChatRequest,
    Delta,
    FinishDelta,
    ProviderError,
    RetryDelta,
    UsageDelta,
)
from parley.domain.texts import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try: attempts in all, the first wait, the longest wait, the jitter fraction."""

    max_attempts: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0
    jitter: float = 0.25

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.base_delay < 0 or self.max_delay < 0 or not 0 <= self.jitter <= 1:
            raise ValueError("delays must be non-negative and jitter within [0, 1]")

    def delay(
        self, attempt: int, retry_after: float | None, rng: Callable[[], float] = random.random
    ) -> float | None:
        """Seconds to wait before attempt ``attempt + 1``; ``None`` when the provider asks for
        longer than ``max_delay``."""
        if retry_after is not None and retry_after > self.max_delay:
            return None
        backoff = self.base_delay * (2.0 ** (attempt - 1))
        backoff *= 1 + self.jitter * (2 * rng() - 1)
        wait = max(backoff, retry_after or 0.0)
        return min(wait, self.max_delay)


#: Deltas that carry no content: seeing them does not make a retry unsafe.
_CONTENTLESS = (UsageDelta, FinishDelta, RetryDelta)


class RetryingProvider:
    """Wraps a ``ChatProvider`` with a ``RetryPolicy`` (see the module docstring)."""

    def __init__(
        self,
        inner: ChatProvider,
        policy: RetryPolicy | None = None,
        *,
        rng: Callable[[], float] = random.random,
    ) -> None:
        self._inner = inner
        self._policy = policy or RetryPolicy()
        self._rng = rng

    @property
    def default_model(self) -> str:
        return self._inner.default_model

    @property
    def kind(self) -> str:
        return getattr(self._inner, "kind", "")

    def list_models(self) -> list[str]:
        return self._inner.list_models()

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        attempt = 1
        while True:
            content_seen = False
            try:
                for delta in self._inner.stream(request, cancel):
                    if not isinstance(delta, _CONTENTLESS):
                        content_seen = True
                    yield delta
                return
            except ProviderError as exc:
                if content_seen or not exc.retryable or cancel.is_set():
                    raise
                wait = None
                if attempt < self._policy.max_attempts:
                    wait = self._policy.delay(attempt, exc.retry_after, self._rng)
                if wait is None:
                    _note_attempts(exc, attempt, self._policy.max_attempts)
                    raise
                yield RetryDelta(
                    attempt=attempt + 1,
                    max_attempts=self._policy.max_attempts,
                    wait_s=round(wait, 3),
                    reason=str(exc),
                )
                if cancel.wait(wait):
                    return
                attempt += 1


_GAVE_UP = QT_TRANSLATE_NOOP("TurnOutcome", "{error} (gave up after {attempts} attempts)")
_ASKED_TO_WAIT = QT_TRANSLATE_NOOP(
    "TurnOutcome", "{error} (the provider asked to wait {seconds} s)"
)


def _note_attempts(exc: ProviderError, attempt: int, max_attempts: int) -> None:
    """Say in the error itself why retrying stopped, so the record explains it."""
    if attempt > 1:
        exc.args = (_GAVE_UP.format(error=exc, attempts=attempt),)
    elif exc.retry_after is not None and max_attempts > 1:
        exc.args = (_ASKED_TO_WAIT.format(error=exc, seconds=f"{exc.retry_after:g}"),)

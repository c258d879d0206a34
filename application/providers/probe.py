"""Check that a provider works: one tiny streamed request, timed.

Why it exists: ``parley providers test`` and the Test button in Settings answer the same question —
does this provider, with this key and model, answer? — and must answer it the same way: the latency
to the first token and in total, or the exact reason it failed.

Invariants it keeps:

- the adapter is called directly, without the retry policy: the first failure is reported as it is
  (a retry would hide a flaky endpoint, and a quota error must not be sent twice);
- nothing is recorded in the history;
- the probe ends by ``timeout`` at the latest; a cancelled probe reports that, not success.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from parley.application.ports.chat_provider import (
    ChatProvider,
    ChatRequest,
    FinishDelta,
    ProviderError,
    ProviderMessage,
    ReasoningDelta,
    RefusalDelta,
    TextDelta,
)
from parley.domain.texts import QT_TRANSLATE_NOOP

#: What a probe asks: a reply of a token or two, cheap on every provider.
PROBE_PROMPT = "Reply with OK."

# The probe's line as the person reads it in Settings (marked: the window translates it).
_FAILED = QT_TRANSLATE_NOOP("ProviderProbe", "FAILED · {kind}: {error}")
_OK = QT_TRANSLATE_NOOP(
    "ProviderProbe", "OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}"
)
_OK_NO_TEXT = QT_TRANSLATE_NOOP(
    "ProviderProbe", "OK · no text in the answer{ended} · total {total:.0f} ms · model {model}"
)
_FINISH_REASON = QT_TRANSLATE_NOOP("ProviderProbe", " (finish reason: {reason})")
_NO_MODEL = QT_TRANSLATE_NOOP("ProviderProbe", "no model to test with")
_NO_ANSWER = QT_TRANSLATE_NOOP("ProviderProbe", "no complete answer within {seconds:g} s")

PROBE_MAX_TOKENS = 16


@dataclass(frozen=True)
class ProbeResult:
    """How a probe went. ``ok`` with latencies in milliseconds, or ``error_kind`` and message."""

    ok: bool
    model: str
    first_token_ms: float | None = None
    total_ms: float | None = None
    finish_reason: str = ""
    error_kind: str = ""
    error: str = ""

    def summary(self) -> str:
        """One line for people: ``OK · first token in 212 ms · total 480 ms · model m``."""
        if not self.ok:
            return _FAILED.format(kind=self.error_kind, error=self.error)
        total = self.total_ms or 0
        if self.first_token_ms is None:
            ended = _FINISH_REASON.format(reason=self.finish_reason) if self.finish_reason else ""
            return _OK_NO_TEXT.format(ended=ended, total=total, model=self.model)
        return _OK.format(first=self.first_token_ms, total=total, model=self.model)


def probe_provider(
    provider: ChatProvider,
    model: str,
    *,
    timeout: float = 60.0,
    cancel: threading.Event | None = None,
) -> ProbeResult:
    """Send ``PROBE_PROMPT`` to ``model`` and time the answer (blocking; call off the UI thread)."""
    if not model:
        return ProbeResult(False, model, error_kind="config", error=_NO_MODEL)
    request = ChatRequest(
        model=model,
        messages=(ProviderMessage(role="user", content=PROBE_PROMPT),),
        max_tokens=PROBE_MAX_TOKENS,
    )
    cancel = cancel or threading.Event()
    timer = threading.Timer(timeout, cancel.set)
    timer.daemon = True
    first: float | None = None
    finish = ""
    started = time.monotonic()
    timer.start()
    try:
        for delta in provider.stream(request, cancel):
            if isinstance(delta, TextDelta | RefusalDelta | ReasoningDelta) and first is None:
                first = time.monotonic()
            elif isinstance(delta, FinishDelta):
                finish = delta.reason
    except ProviderError as exc:
        return ProbeResult(False, model, error_kind=exc.kind, error=str(exc))
    finally:
        timer.cancel()
    total = time.monotonic() - started
    if cancel.is_set():
        return ProbeResult(
            False, model, error_kind="timeout", error=_NO_ANSWER.format(seconds=timeout)
        )
    return ProbeResult(
        True,
        model,
        first_token_ms=None if first is None else (first - started) * 1000,
        total_ms=total * 1000,
        finish_reason=finish,
    )

"""How a running turn stops early: the stop signal (cancel or deadline) and the internal errors
that end a turn, each with the ``error_kind`` its ``turn_finished`` records.

Why it exists apart from the runtime: the runtime, the turn's bookkeeping and the step loop all
raise or test these, and the error kinds are read by the surfaces (``TurnOutcome.error_kind``).
Part of the ``turn_runtime`` feature (its ``__init__`` says what the whole keeps).

Errors (internal to the feature; the runtime turns each into one ``turn_finished``)::

    _Stopped            cancelled or out of time mid-step (cancelled / timed_out)
    _TextNotSaved       the store refused shown text (NOT_SAVED; the turn is left open)
    _TurnFailure        the turn cannot go on; ``kind`` is its error kind
    ├── _Unfinished     a task ended before its final answer (STEP_LIMIT, NO_TOOLS)
    └── _AnswerTooLong  the answer passed ``max_answer_chars`` (ANSWER_TOO_LONG)
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from parley.domain.texts import QT_TRANSLATE_NOOP

#: ``TurnOutcome.error_kind`` of a turn whose answer is shown but could not be saved.
NOT_SAVED = "not_saved"

#: ``TurnOutcome.error_kind`` of a turn whose answer passed ``max_answer_chars``.
ANSWER_TOO_LONG = "answer_too_long"

#: ``TurnOutcome.error_kind`` of a turn run to completion that reached ``completion_max_steps``
#: while the model was still calling tools (it never gave its final answer).
STEP_LIMIT = "step_limit"

#: ``TurnOutcome.error_kind`` of a turn run to completion whose model called a tool when the turn
#: offered none (an interactive turn ends completed with a notice instead).
NO_TOOLS = "no_tools"


class _StopSignal(threading.Event):
    """What the provider polls: set when the user cancels *or* the turn's deadline passes.

    A subclass of ``threading.Event`` so adapters need only the one interface; ``is_set`` is
    computed, so no timer thread is needed to enforce ``timeout_sec``.
    """

    def __init__(self, cancel: threading.Event, deadline: float | None, clock: Callable[[], float]):
        super().__init__()
        self._cancel = cancel
        self._deadline = deadline
        self._clock = clock

    def timed_out(self) -> bool:
        return self._deadline is not None and self._clock() >= self._deadline

    def is_set(self) -> bool:
        return self._cancel.is_set() or self.timed_out()

    def wait(self, timeout: float | None = None) -> bool:
        # Wake at the deadline or when cancelled, in slices short enough to notice either.
        end = None if timeout is None else self._clock() + timeout
        while not self.is_set():
            remaining = 0.05 if end is None else min(0.05, end - self._clock())
            if remaining <= 0:
                break
            self._cancel.wait(remaining)
        return self.is_set()


class _Stopped(Exception):
    """Internal: the turn was cancelled or ran out of time mid-step."""


class _TextNotSaved(Exception):
    """Internal: the store refused the answer's text; the message says where it is kept."""


class _TurnFailure(Exception):
    """Internal: the turn cannot go on (e.g. an attachment could not be read); the message is
    for the user and becomes ``turn_finished.error``; ``kind`` becomes its ``error_kind``."""

    kind = "attachments"


class _Unfinished(_TurnFailure):
    """Internal: a turn run to completion ended before the model gave its final answer; the
    message says why and ``kind`` is ``STEP_LIMIT`` or ``NO_TOOLS``."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


_TOO_LONG = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "the answer passed Parley's limit of {limit:,} characters (text, reasoning and "
    "tool-call arguments together), so Parley stopped reading it; what came before the "
    "limit is kept. If answers this long are "
    'expected, raise "max_answer_chars" in the "network" section of settings.json',
)


class _AnswerTooLong(_TurnFailure):
    """Internal: the answer passed the turn's ``max_answer_chars``; what came before is kept."""

    kind = ANSWER_TOO_LONG

    def __init__(self, limit: int) -> None:
        super().__init__(_TOO_LONG.format(limit=limit))

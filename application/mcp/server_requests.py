"""What an MCP server may ask of the *user* (not of a tool): a form to fill in (elicitation) and a
model completion (sampling) — and the one relay that carries those questions to whoever can ask.

Why it exists: the SDK client is built once per process (``infrastructure/mcp/lazy.py``) and
shared by every turn, the Settings page and ``parley mcp``; the person who answers is behind a
surface that is known only later — the window (a dialog, on the UI thread) or the terminal
(``parley ask``). The client is given ``ServerRequests`` at construction and calls it from a
worker thread; each surface ``install``s its handlers when it starts and removes them when it ends.

Invariants it keeps:

- nothing is ever answered on the user's behalf: with no handler installed, an elicitation is
  *declined* and a sampling request is refused (``SamplingRefused``), and the server hears so;
- a handler runs on a worker thread and may block while the person decides; it never runs on
  the client's event loop (the client hops with ``asyncio.to_thread``) nor on the UI thread (the
  window's handler hops to the UI thread itself and waits);
- a handler that raises is treated as a decline/refusal, never as an accepted answer.

The vocabulary::

    elicit(server, message, requested_schema) -> (action, content)
        action: "accept" (content: the answers, by property name) | "decline" | "cancel"
    sample(SamplingRequest) -> SamplingReply          raises SamplingRefused
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

ACCEPT = "accept"
DECLINE = "decline"
CANCEL = "cancel"

ElicitationHandler = Callable[[str, str, Mapping[str, Any]], tuple[str, Mapping[str, Any]]]
"""``handler(server, message, requested_schema) -> (action, content)``; blocking, on a worker."""


@dataclass(frozen=True)
class SamplingMessage:
    """One message of a sampling request: ``role`` is ``user`` or ``assistant``; ``text`` is its
    text (a non-text part is described in words, e.g. ``[image: image/png]``)."""

    role: str
    text: str


@dataclass(frozen=True)
class SamplingRequest:
    """A server asks for a model completion (``sampling/createMessage``). ``model_hints`` are the
    server's name hints, in its order of preference (advice only: the user's model answers)."""

    server: str
    messages: tuple[SamplingMessage, ...]
    system_prompt: str = ""
    max_tokens: int = 1024
    temperature: float | None = None
    model_hints: tuple[str, ...] = ()
    stop_sequences: tuple[str, ...] = ()


@dataclass(frozen=True)
class SamplingReply:
    """The completion given back: its text, the model that wrote it, why it stopped
    (``endTurn``, ``maxTokens`` or ``stopSequence``)."""

    text: str
    model: str
    stop_reason: str = "endTurn"


class SamplingRefused(Exception):
    """The sampling request was not run: the user said no, no one could be asked, or no model is
    configured. The message says which (the server is told it)."""


SamplingHandler = Callable[[SamplingRequest], SamplingReply]
"""``handler(request) -> reply``; blocking, on a worker; raises ``SamplingRefused``."""


class ServerRequests:
    """The relay: the client calls ``elicit``/``sample``; a surface ``install``s who answers.

    ``install`` returns a callable that removes exactly those handlers (if nobody installed
    others since): a window closing must not remove the handlers a later window installed.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._elicit: ElicitationHandler | None = None
        self._sample: SamplingHandler | None = None

    def install(
        self,
        elicit: ElicitationHandler | None = None,
        sample: SamplingHandler | None = None,
    ) -> Callable[[], None]:
        with self._lock:
            if elicit is not None:
                self._elicit = elicit
            if sample is not None:
                self._sample = sample

        def uninstall() -> None:
            with self._lock:
                if elicit is not None and self._elicit is elicit:
                    self._elicit = None
                if sample is not None and self._sample is sample:
                    self._sample = None

        return uninstall

    @property
    def can_elicit(self) -> bool:
        return self._elicit is not None

    @property
    def can_sample(self) -> bool:
        return self._sample is not None

    def elicit(
        self, server: str, message: str, requested_schema: Mapping[str, Any]
    ) -> tuple[str, Mapping[str, Any]]:
        with self._lock:
            handler = self._elicit
        if handler is None:
            return DECLINE, {}
        try:
            action, content = handler(server, message, requested_schema)
        except Exception:
            log.exception("the elicitation handler failed; the request is declined")
            return DECLINE, {}
        if action not in (ACCEPT, DECLINE, CANCEL):
            return DECLINE, {}
        return action, (dict(content) if action == ACCEPT else {})

    def sample(self, request: SamplingRequest) -> SamplingReply:
        with self._lock:
            handler = self._sample
        if handler is None:
            raise SamplingRefused("nobody is there to approve a sampling request")
        try:
            return handler(request)
        except SamplingRefused:
            raise
        except Exception as exc:
            log.exception("the sampling handler failed")
            raise SamplingRefused(f"the request could not be run: {exc}") from exc

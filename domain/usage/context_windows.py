"""How much a model can read and write in one call: the context-window table and its lookup.

Why it exists: a long conversation must never reach the provider as a request that cannot fit
(a "context length exceeded" error after the user waited); the runtime needs each model's window
and output limit before every call, and the conversation's fill gauge shows the same figure. The
provider says so where it can (a model list, ``/api/show``); this table is the fallback, dated and
editable in Settings like the price table beside it.

Invariants it keeps:

- a window is known or absent: ``find_window`` returns None when no row matches — never a guessed
  size; the caller then works with ``FALLBACK_CONTEXT_TOKENS`` and says it is a guess;
- one lookup rule, shared with the price table (``model_rows.best_row``);
- sizes are whole, positive token counts; ``max_output_tokens`` 0 means "not known".

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.domain.usage.model_rows import best_row, is_glob

#: Used when neither the provider nor the table knows the model: small enough to be safe on most
#: local servers (llama.cpp's and Ollama's usual default), and said to be a guess wherever shown.
FALLBACK_CONTEXT_TOKENS = 8_192


class WindowError(ValueError):
    """A context-window row that cannot be used; the message says why."""


@dataclass(frozen=True)
class ModelWindow:
    """The context window of one model (or a glob of models), in tokens: how much one request
    (prompt plus answer) may hold, and at most how much of it the answer may be."""

    model_pattern: str
    context_tokens: int
    max_output_tokens: int = 0
    provider: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.model_pattern, str) or not self.model_pattern.strip():
            raise WindowError("a context-window row needs a model name or pattern")
        if self.model_pattern != self.model_pattern.strip():
            raise WindowError(f"model pattern {self.model_pattern!r} has surrounding spaces")
        if not isinstance(self.provider, str) or self.provider != self.provider.strip():
            raise WindowError(f"provider {self.provider!r} must be a name without spaces around")
        for name in ("context_tokens", "max_output_tokens"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise WindowError(f"{self.model_pattern}: {name} must be a whole number")
        if self.context_tokens < 256:
            raise WindowError(
                f"{self.model_pattern}: a context window of {self.context_tokens} tokens is too "
                "small to be real (at least 256)"
            )
        if not 0 <= self.max_output_tokens <= self.context_tokens:
            raise WindowError(
                f"{self.model_pattern}: the output limit must be between 0 (unknown) and the "
                f"context window ({self.context_tokens})"
            )

    @property
    def is_glob(self) -> bool:
        return is_glob(self.model_pattern)


def find_window(
    windows: tuple[ModelWindow, ...] | list[ModelWindow], provider_id: str, model: str
) -> ModelWindow | None:
    """The row for ``model`` on ``provider_id`` (the price table's rule), or None."""
    return best_row(windows, provider_id, model)


def _w(pattern: str, context: int, output: int = 0) -> ModelWindow:
    return ModelWindow(pattern, context, output)


#: As published in the vendors' model documentation (platform.openai.com/docs/models,
#: docs.anthropic.com "Models overview", ai.google.dev/gemini-api/docs/models,
#: docs.mistral.ai "Models", the model cards of the open-weight families), checked on
#: 2026-12-01. The user edits this table in Settings; a provider that reports a model's window
#: (OpenRouter's model list, Ollama's /api/show, llama.cpp's /props) is believed over it.
#: Open-weight families are listed at their trained window: a local server may run them with a
#: smaller one (Ollama's ``num_ctx``), which is why what the server reports wins.
WINDOWS_CHECKED_ON = "2026-12-01"
DEFAULT_WINDOWS: tuple[ModelWindow, ...] = (
    # OpenAI
    _w("gpt-4o*", 128_000, 16_384),
    _w("gpt-4.1*", 1_047_576, 32_768),
    _w("gpt-5*", 400_000, 128_000),
    _w("o3*", 200_000, 100_000),
    _w("o4-mini*", 200_000, 100_000),
    _w("gpt-3.5-turbo*", 16_385, 4_096),
    # Anthropic
    _w("claude-3-5-haiku*", 200_000, 8_192),
    _w("claude-3-7-sonnet*", 200_000, 64_000),
    _w("claude-sonnet-4*", 200_000, 64_000),
    _w("claude-haiku-4-5*", 200_000, 64_000),
    _w("claude-opus-4-0", 200_000, 32_000),
    _w("claude-opus-4-2025*", 200_000, 32_000),
    _w("claude-opus-4-1*", 200_000, 32_000),
    _w("claude-opus-4-5*", 200_000, 64_000),
    # Google
    _w("gemini-2.5-pro*", 1_048_576, 65_536),
    _w("gemini-2.5-flash*", 1_048_576, 65_536),
    _w("gemini-2.0-flash*", 1_048_576, 8_192),
    # Mistral
    _w("mistral-large*", 131_072),
    _w("mistral-medium*", 131_072),
    _w("mistral-small*", 131_072),
    _w("codestral*", 262_144),
    # Open-weight families (their trained windows)
    _w("llama3.1*", 131_072),
    _w("llama3.2*", 131_072),
    _w("llama3.3*", 131_072),
    _w("qwen2.5*", 32_768),
    _w("qwen3*", 40_960),
    _w("gemma3*", 131_072),
    _w("mistral-nemo*", 131_072),
    _w("phi4*", 16_384),
    _w("deepseek-r1*", 131_072),
)

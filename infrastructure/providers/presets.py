"""Presets: the known providers, so ``parley providers add NAME --preset P`` needs nothing else.

Why it exists: a provider entry needs a kind, a base URL, the conventional environment variable
for its key and a sensible first model; getting any of them wrong makes the first request fail.
This module is the one table of them, used by the command line (``providers add``/``presets``), by
the settings validation (an entry's ``preset`` must name one of these, of the same kind) and by
the provider directory (which environment variables to look in, whether a key is required).

Invariants it keeps:

- names are unique and valid provider names; every preset passes the settings validation;
- a preset whose server runs on this machine (``localhost``) needs no key and names no key
  variable; every remote preset needs a key and names its conventional variable;
- pure data: no I/O, nothing imported but the port's value type, so importing it is free;
- every preset has an explicit request dialect (``dialects.PRESET_DIALECTS``: optional fields,
  token-limit field, tool-call id rule, error flag); a test checks none is missing.

No errors are raised here; ``find_preset`` returns ``None`` for an unknown name.
"""

from __future__ import annotations

# The values and URL rules are shared with the surfaces through the port (``ui`` may not import
# this module); they are re-exported here for the adapters that use them.
from parley.application.ports.provider_catalog import LOCAL_HOSTS, Preset, is_local_url, same_host

__all__ = [
    "LOCAL_HOSTS",
    "PRESETS",
    "Preset",
    "find_preset",
    "is_local_url",
    "preset_names",
    "same_host",
]


PRESETS: tuple[Preset, ...] = (
    # OpenAI-compatible (Chat Completions)
    Preset(
        "openai",
        "OpenAI",
        "openai",
        "https://api.openai.com/v1",
        "OPENAI_API_KEY",
        True,
        "gpt-4o-mini",
    ),
    Preset(
        "openrouter",
        "OpenRouter",
        "openai",
        "https://openrouter.ai/api/v1",
        "OPENROUTER_API_KEY",
        True,
        "openai/gpt-4o-mini",
    ),
    Preset(
        "groq",
        "Groq",
        "openai",
        "https://api.groq.com/openai/v1",
        "GROQ_API_KEY",
        True,
        "llama-3.3-70b-versatile",
    ),
    Preset(
        "deepseek",
        "DeepSeek",
        "openai",
        "https://api.deepseek.com/v1",
        "DEEPSEEK_API_KEY",
        True,
        "deepseek-chat",
    ),
    Preset(
        "mistral",
        "Mistral",
        "openai",
        "https://api.mistral.ai/v1",
        "MISTRAL_API_KEY",
        True,
        "mistral-small-latest",
    ),
    Preset(
        "together",
        "Together AI",
        "openai",
        "https://api.together.xyz/v1",
        "TOGETHER_API_KEY",
        True,
        "meta-llama/Llama-3.3-70B-Instruct-Turbo",
    ),
    Preset("lmstudio", "LM Studio", "openai", "http://localhost:1234/v1"),
    Preset("llamacpp", "llama.cpp server", "openai", "http://localhost:8080/v1"),
    Preset("vllm", "vLLM", "openai", "http://localhost:8000/v1"),
    Preset(
        "ollama-openai", "Ollama (OpenAI-compatible /v1)", "openai", "http://localhost:11434/v1"
    ),
    # Native APIs
    Preset(
        "anthropic",
        "Anthropic (Messages API)",
        "anthropic",
        "https://api.anthropic.com/v1",
        "ANTHROPIC_API_KEY",
        True,
        "claude-3-5-haiku-latest",
    ),
    Preset("ollama", "Ollama (native /api/chat)", "ollama", "http://localhost:11434"),
    Preset(
        "gemini",
        "Google Gemini",
        "gemini",
        "https://generativelanguage.googleapis.com/v1beta",
        "GEMINI_API_KEY",
        True,
        "gemini-2.0-flash",
        ("GOOGLE_API_KEY",),
    ),
)

_BY_NAME = {p.name: p for p in PRESETS}


def find_preset(name: str) -> Preset | None:
    """The preset called ``name``, or ``None``."""
    return _BY_NAME.get(name)


def preset_names() -> tuple[str, ...]:
    return tuple(_BY_NAME)

"""Whether a model takes images, judged from its name: a heuristic, with the sources it rests on.

Why it exists: ADR-004 fails a turn *before* the model is called when an image is attached for a
model that does not take images, with a message that names the model. Providers do not say so in
a way we can ask cheaply (OpenAI's model list has no modalities, Ollama's needs a ``/api/show`` per
model), so the decision is made from the model name, which is what the user picked.

Invariants it keeps:

- pure: no I/O, no Qt; the same (kind, name) always gives the same answer;
- ``True`` only for families a vendor page or model card says take images; ``False`` only for
  families one says are text only; everything else is ``None`` (unknown). A wrong ``True`` costs a
  provider error; a wrong ``False`` blocks the user with no way round, so ``False`` is the one to
  be sparing with. Callers send images for ``None`` and let the provider answer;
- names are matched on the model part: ``openai/gpt-4o`` (OpenRouter), ``library/llava:13b`` or
  ``hf.co/user/repo:Q4_K_M`` (Ollama), ``models/gemini-2.0-flash`` (Gemini) and
  ``us.anthropic.claude-…-v1:0`` (Bedrock) all reduce to the model's own name. An Ollama tag is
  read only for the size (``gemma3:1b``);
- a name that says it is text only (a ``text`` word, e.g. ``gemma3-4b-text``) is never ``True``.

The table (first match wins; sources checked through the docs search, 2026-11-30):

OpenAI (``kind`` openai and OpenAI-compatible gateways)
    True   gpt-4o*, chatgpt-4o*, gpt-4.1*, gpt-4.5*, gpt-5*, gpt-4-turbo (2024-04-09),
           gpt-4*-vision*, o1 / o1-pro, o3 / o3-pro, o4-mini
    False  gpt-3.5*, gpt-4 / gpt-4-0613 / gpt-4-32k / gpt-4-*-preview / gpt-4-turbo-preview,
           o1-mini, o1-preview, o3-mini, gpt-oss*
    None   gpt-4o audio / realtime / transcribe / tts / search variants
    Sources: OpenRouter "openai/gpt-4o" ("supporting both text and image inputs"); Vercel AI
    Gateway model pages: o1 ("adds … vision … The preview supported none of these"), o4-mini
    ("Earlier mini reasoning models were text-only"); green-api.com "Models with Image Support"
    (gpt-4o, gpt-4o-mini, gpt-4-vision-preview, gpt-4-turbo).

Anthropic
    True   every claude-* from Claude 3 on (claude-3*, claude-3-5-*, claude-sonnet-4*,
           claude-opus-4*, claude-haiku-4*, and later generations)
    False  claude-1*, claude-2*, claude-instant* (and Bedrock's claude-v2)
    Source: platform.claude.com/docs/en/build-with-claude/vision (the feature's supportedModels
    lists every current model; up to 100 images per request on the API); chathub issue #1164
    ("the entire Claude 3 family supports it"). Claude 3.5 Haiku is reported both ways
    (OpenRouter's 2024-10-22 page: "does not support image inputs"; Vercel: Vision (Image)), so it
    stays with its family as True: a wrong True only costs a provider error.

Gemini (``kind`` gemini)
    True   gemini-1.5*, gemini-2*, gemini-3* and later, gemini-pro-vision, gemini-exp*
    False  gemini-pro / gemini-1.0-pro (Gemini 1.0, text only)
    None   gemini-*embedding*, gemini-*-tts
    Source: ai.google.dev/gemini-api/docs/vision ("Gemini models are built to be multimodal from
    the ground up"; inline image data as base64 with a MIME type).

Ollama and open-weight models (any ``kind``: also served through OpenAI-compatible gateways)
    True   llava*, bakllava, llama3.2-vision (llama-3.2-11b / 90b), llama4,
           qwen2-vl / qwen2.5vl / qwen3-vl (any *vl*),
           gemma3 (not 1b / 270m), gemma4, medgemma, minicpm-v, moondream, granite3.2-vision,
           mistral-small3.1 / 3.2 (mistral-small-2503 / 2506 / -latest), mistral-large-3,
           pixtral*, phi-*-vision,
           any name with a ``vision`` word
    False  llama2 / llama3 / llama3.1 / llama3.2 (1b, 3b) / llama3.3, qwen / qwen1.5 / qwen2 /
           qwen2.5 / qwen3 (and -coder, -math, -instruct, sized), qwq, gemma / gemma2, codegemma,
           gemma3 1b / 270m, mistral, mistral-nemo, mixtral, codestral, mistral-small 2402 / 2409 /
           2501 (and bare ``mistral-small`` / ``mistral-large`` on Ollama: 22b / 24b and Large 2),
           mistral-large-2407 / 2411, phi3 / phi4, deepseek-chat / reasoner / coder / r1 / v2 / v3
    Sources: ollama.com/library/llama3.2-vision and ollama.com/blog/llama3.2-vision ("images":
    [base64] on a message); ollama.com search pages tagging gemma3, moondream, mistral-large-3
    ``vision``; llama.cpp docs/multimodal/gemma3.md ("1B model does not support vision");
    Mistral-Small-3.1-24B model card ("Mistral Small 3.1 (2503) adds state-of-the-art vision";
    3 (2501) had none); Meta's Llama 4 card ("natively multimodal … text and image"); Pixtral
    release notes.

DeepSeek
    True   deepseek-flash, deepseek-v4-flash*, deepseek-vl*
    False  deepseek-chat, deepseek-reasoner (DeepSeek-V3 / R1, text only; the names were later
           retired), deepseek-coder, deepseek-r1, deepseek-v2 / v3*
    None   deepseek-v4-pro and other DeepSeek names
    Sources: piapi.ai and promptfoo.dev DeepSeek pages (deepseek-chat = V3, deepseek-reasoner =
    R1, text chat); LiveAgent issue #795 / PR #796 quoting DeepSeek's image-understanding guide
    ("deepseek-flash" takes images; Pro is not promised) and DeepSeekGUI's models page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: Vision models suggested in the refusal, per provider kind (first one that fits the user's kind).
SUGGESTIONS: dict[str, tuple[str, ...]] = {
    "openai": ("gpt-4o", "gpt-4.1-mini"),
    "anthropic": ("claude-sonnet-4-5", "claude-haiku-4-5"),
    "gemini": ("gemini-2.5-flash", "gemini-2.5-pro"),
    "ollama": ("llama3.2-vision", "qwen2.5vl", "gemma3"),
}
_DEFAULT_SUGGESTIONS = ("gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash", "llava (Ollama)")

# Vendor prefixes before a dot (Bedrock and Vertex style): ``us.anthropic.claude-…``.
_DOTTED_VENDOR = re.compile(r"^(?:[a-z]{2,4}\.)?(?:anthropic|meta|mistral|amazon|cohere|google)\.")
_SIZE = re.compile(r"(?:^|[-_:.])(\d+(?:\.\d+)?[mb])(?=$|[-_:.])")
_TEXT_WORD = re.compile(r"(?:^|[-_.])text(?:[-_.]|only|$)")


@dataclass(frozen=True)
class _Name:
    """A model name reduced to what the rules look at."""

    model: str  # the model's own name: lower case, no vendor path, no tag
    tag: str  # what followed ``:`` (an Ollama tag, OpenRouter's ``free``), lower case
    kind: str

    @property
    def sizes(self) -> frozenset[str]:
        """Parameter sizes named in the model or its tag: ``1b``, ``270m``, ``4b``…"""
        return frozenset(_SIZE.findall(f"{self.model}:{self.tag}"))


def _parse(kind: str, model: str) -> _Name:
    name = model.strip().lower()
    name = name.removeprefix("models/")
    last = name.rpartition("/")[2]
    model_part, _, tag = last.partition(":")
    model_part = _DOTTED_VENDOR.sub("", model_part)
    return _Name(model=model_part, tag=tag, kind=kind.strip().lower())


Verdict = bool | None | Callable[[_Name], bool | None]


def _gemma3(name: _Name) -> bool:
    return not (name.sizes & {"1b", "270m"})


def _ollama_only_false(name: _Name) -> bool | None:
    """Bare ``mistral-small`` / ``mistral-large`` are text models on Ollama (22b/24b, Large 2);
    elsewhere they are aliases that may point at a newer, multimodal release."""
    return False if name.kind == "ollama" else None


#: (regex matched at the start of the model name, verdict). First match wins.
_RULES: tuple[tuple[str, Verdict], ...] = (
    # -- OpenAI ---------------------------------------------------------------------------------
    (r"gpt-oss", False),
    (r"gpt-3\.5|gpt-35", False),
    (r"(chatgpt-|gpt-)4o.*(audio|realtime|transcribe|tts|search)", None),
    (r"(chatgpt-|gpt-)4o", True),
    (r"gpt-4\.[15]", True),
    (r"gpt-4.*vision", True),
    (r"gpt-4-turbo-preview", False),
    (r"gpt-4-turbo", True),
    (r"gpt-4(-32k)?(-\d{4})?(-preview)?$", False),
    (r"gpt-4-(32k|\d{4})", False),
    (r"gpt-5", True),
    (r"o1-(mini|preview)", False),
    (r"o3-mini", False),
    (r"o1(-pro)?(-\d{4}-\d{2}-\d{2})?$", True),
    (r"o3(-pro|-deep-research)?(-\d{4}-\d{2}-\d{2})?$", True),
    (r"o4-mini", True),
    # -- Anthropic ------------------------------------------------------------------------------
    (r"claude-v?(instant|1|2)(\b|[-.])", False),
    (r"claude-", True),
    # -- Google ---------------------------------------------------------------------------------
    (r"gemini-(1\.0-)?pro-vision", True),
    (r"gemini-(1\.0-)?pro(-\d{3})?(-latest)?$", False),
    (r"gemini-.*(embedding|tts)", None),
    (r"gemini-", True),
    (r"gemma-?3n", None),
    (r"(med)?gemma-?3", _gemma3),
    (r"(med)?gemma-?4", True),
    (r"medgemma", True),  # Gemma 3 based: "vision 4b 27b" on Ollama
    (r"(code)?gemma(-?2)?([-_.]|$)", False),
    # -- Meta -----------------------------------------------------------------------------------
    (r"(bak)?llava", True),
    (r"llama-?3\.2-?(\d+b-)?vision", True),
    (r"llama-?3[.-]2-?(11|90)b", True),  # Bedrock spells 3.2 as 3-2
    (r"llama-?4", True),
    (r"llama-?[23](\.\d)?([-_.]|$)", False),
    # -- Qwen -----------------------------------------------------------------------------------
    (r"(qwen|qvq).*vl", True),
    (r"qwen-?(1\.5|2|2\.5|3)?(-(coder|math|instruct|\d+(\.\d+)?b).*)?$", False),
    (r"qwq", False),
    # -- Mistral --------------------------------------------------------------------------------
    (r"pixtral", True),
    (r"mistral-small-?(3\.[12]|2503|2506|latest)", True),
    (r"mistral-small-(2402|2409|2501|22b|24b)", False),
    (r"mistral-small$", _ollama_only_false),
    (r"mistral-large-(2402|2407|2411)", False),
    (r"mistral-large$", _ollama_only_false),
    (r"mistral-large-3", True),
    (r"(open-)?mistral(-7b.*|-nemo.*|-tiny.*|-instruct.*)?$", False),
    (r"(open-)?mixtral", False),
    (r"(open-)?codestral", False),
    # -- DeepSeek -------------------------------------------------------------------------------
    (r"deepseek-vl", True),
    (r"deepseek-(v4-)?flash", True),
    (r"deepseek-(chat|reasoner|coder|r1|v2|v3|llm|math)", False),
    # -- Microsoft ------------------------------------------------------------------------------
    (r"phi.*(vision|multimodal)", True),
    (r"phi-?[234](\.5)?([-_.]|$)", False),
    # -- small open vision models ---------------------------------------------------------------
    (r"minicpm-?v", True),
    (r"moondream", True),
    (r"granite.*vision", True),
    # -- any name that says so ------------------------------------------------------------------
    (r".*(^|[-_.])vision([-_.\d]|$)", True),
    (r".*(^|[-_.\d])vl([-_.\d]|$)", True),
)
_COMPILED = tuple((re.compile(pattern), verdict) for pattern, verdict in _RULES)


def accepts_images(kind: str, model: str) -> bool | None:
    """Whether ``model`` (served by a provider of ``kind``: ``openai``, ``anthropic``, ``ollama``,
    ``gemini``) takes image input: ``True``, ``False``, or ``None`` when the name is not known.

    See the module docstring for the table and its sources."""
    name = _parse(kind, model)
    if not name.model:
        return None
    for pattern, verdict in _COMPILED:
        if pattern.match(name.model):
            result = verdict(name) if callable(verdict) else verdict
            if result and _TEXT_WORD.search(name.model):
                return False
            return result
    return None


def vision_refusal(model: str, kind: str = "") -> str:
    """The message for a turn with images sent to a model that does not take them: names the
    model, suggests vision models (from the same provider kind when known), says how to go on."""
    suggestions = SUGGESTIONS.get(kind.strip().lower(), _DEFAULT_SUGGESTIONS)
    such_as = ", ".join(suggestions[:-1]) + f" or {suggestions[-1]}"
    shown = model.strip() or "(no model)"
    return (
        f"The model {shown} does not accept images; choose a vision model such as {such_as}, "
        "or remove the image."
    )

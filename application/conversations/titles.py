"""Conversation titles: a quick one from the first prompt, and a better one asked of the model.

Why it exists: "(untitled)" or the first 60 characters of a pasted stack trace make a poor sidebar.
A conversation gets a heuristic title at once (its first meaningful line, cleaned) and, after its
first answer, a short title the model writes for it. Generating a title is a side job: it must
never fail a turn, never block the UI (the caller runs ``generate_title`` on a worker), and never
show the user the model's chatter ("Sure! Here is a title: …").

Invariants it keeps:

- ``generate_title`` never raises for provider trouble: a ``ProviderError``, a cancelled call, an
  empty or junk answer (a refusal, a paragraph, punctuation) all give ``heuristic_title(prompt)``;
- a title is one line, without surrounding quotes, Markdown, a ``Title:`` prefix or trailing
  period, at most ``max_chars`` characters (cut on a word boundary, with an ellipsis);
- what is sent is bounded: prompt and answer are each cut to ``EXCERPT_CHARS`` characters;
- ``heuristic_title`` is pure and deterministic; "" means there is nothing to make a title of
  (the caller keeps whatever title the conversation has).

No Qt, no HTTP here (this is ``application``): the provider is a ``ChatProvider`` port.
"""

from __future__ import annotations

import logging
import re
import threading

from parley.application.ports.chat_provider import (
    ChatProvider,
    ChatRequest,
    ProviderError,
    ProviderMessage,
    TextDelta,
)

log = logging.getLogger(__name__)

#: Longest title, in characters (the ellipsis included).
MAX_TITLE_CHARS = 60
#: How much of the prompt and of the answer is sent to the model, each.
EXCERPT_CHARS = 2000
#: Stop reading a title answer after this much text: a title is a few words, not an essay.
MAX_ANSWER_CHARS = 400
#: A "title" of more words than this is the model answering the question instead.
MAX_TITLE_WORDS = 12

TITLE_INSTRUCTION = (
    "You name conversations for a sidebar. Write a title of 3 to 7 words that says what the "
    "conversation below is about. Write it in the language the user wrote in. Reply with the "
    "title only: no quotes, no trailing punctuation, no prefix such as 'Title:', no explanation."
)

# Leading slash directives (see domain/agents/directives.py): commands taking a name, and not.
_DIRECTIVE = re.compile(r"^\s*/(?:(?:skill|agent|model)\s+\S+|new|clear|help)(?=\s|$)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
_QUOTE_MARK = re.compile(r"^\s*(>\s?)+")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|~~|`+)")
_LONE_MARK = re.compile(r"(?<!\w)[*_]+|[*_]+(?!\w)")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)
_PREFIX = re.compile(
    r"^(?:(?:conversation|chat|suggested|short)\s+)?(?:title|titre|titel|título|titolo)\s*[:\uff1a-]\s*",
    re.IGNORECASE,
)
# "Sure! Here is a title: X", "Here's a short title for it: X": the preamble goes, X stays.
_PREAMBLE = re.compile(
    r"^(?:(?:sure|certainly|of course|okay|ok)\b[\s,!.]*)?here(?:'s| is)\b[^:\uff1a]*[:\uff1a]\s*",
    re.IGNORECASE,
)
# Written as escapes: several curly quotes and dashes look like ASCII punctuation.
# Straight, curly, low-9, guillemets and CJK corner quotes; en and em dashes.
_QUOTES = "\"'`\u201c\u201d\u2018\u2019\u201e\u201a\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f"
_DASHES = "-\u2013\u2014"
_TRAILING = ".\u3002,;:\u3001\u2026" + _DASHES
_REFUSALS = (
    "i'm sorry",
    "i am sorry",
    "sorry,",
    "i can't",
    "i cannot",
    "i can not",
    "i'm unable",
    "i am unable",
    "as an ai",
    "as a language model",
    "here is",
    "here's",
    "sure!",
    "sure,",
    "sure.",
)


def heuristic_title(prompt: str) -> str:
    """A title from the prompt alone: its first meaningful line (after leading slash directives),
    without Markdown or quotes, at most ``MAX_TITLE_CHARS`` characters. "" if it has no words."""
    text = prompt if isinstance(prompt, str) else ""
    while True:  # every leading directive, e.g. "/agent critic /skill terse Review this"
        stripped = _DIRECTIVE.sub("", text, count=1)
        if stripped == text:
            break
        text = stripped
    for line in text.splitlines():
        if _FENCE.match(line):
            continue
        cleaned = _clean_line(line)
        if _has_word(cleaned):
            return shorten(cleaned, MAX_TITLE_CHARS)
    return ""


def title_request(prompt: str, answer: str, model: str) -> ChatRequest:
    """The request that asks ``model`` for a title of the conversation that began with
    ``prompt`` and ``answer`` (each cut to ``EXCERPT_CHARS`` characters)."""
    conversation = (
        f"User:\n{_excerpt(prompt)}\n\nAssistant:\n{_excerpt(answer)}\n\n"
        "Title (3 to 7 words, in the user's language):"
    )
    return ChatRequest(
        model=model,
        messages=(
            ProviderMessage("system", TITLE_INSTRUCTION),
            ProviderMessage("user", conversation),
        ),
        max_tokens=60,
    )


def generate_title(
    provider: ChatProvider,
    model: str,
    prompt: str,
    answer: str,
    cancel: threading.Event,
    *,
    max_chars: int = MAX_TITLE_CHARS,
) -> str:
    """Ask the model for a title; fall back to ``heuristic_title(prompt)`` on any provider
    failure, a cancel, or an answer that is not a usable title. Blocking: run it on a worker.
    Never raises for provider trouble."""
    fallback = shorten(heuristic_title(prompt), max_chars)
    pieces: list[str] = []
    received = 0
    try:
        stream = provider.stream(title_request(prompt, answer, model), cancel)
        try:
            for delta in stream:
                if isinstance(delta, TextDelta):
                    pieces.append(delta.text)
                    received += len(delta.text)
                    if received > MAX_ANSWER_CHARS:
                        break  # not a title; closing the stream below ends the call
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
    except ProviderError as exc:
        log.info("no generated title (%s): %s", exc.kind, exc)
        return fallback
    except Exception:  # a title is never worth failing anything for; keep the trace for bugs
        log.exception("generating a title failed unexpectedly")
        return fallback
    if cancel.is_set():
        return fallback
    title = clean_title("".join(pieces), max_chars=max_chars)
    return title or fallback


def clean_title(text: str, *, max_chars: int = MAX_TITLE_CHARS) -> str:
    """A model's answer made into a title, or "" if it is not one (empty, a refusal or preamble,
    too many words, no letters or digits)."""
    text = _THINK.sub("", text)  # reasoning models may think aloud first
    line = next((ln for ln in text.splitlines() if _has_word(ln)), "")
    line = _clean_line(line)
    for _ in range(3):  # quotes around a prefix around quotes: peel in any order
        line = _PREAMBLE.sub("", line)
        line = _PREFIX.sub("", line).strip().strip(_QUOTES).strip()
    line = line.rstrip(_TRAILING).strip().strip(_QUOTES).strip()
    if not _has_word(line):
        return ""
    lowered = line.casefold()
    if any(lowered.startswith(r) for r in _REFUSALS) or len(line.split()) > MAX_TITLE_WORDS:
        return ""
    return shorten(line, max_chars)


def shorten(text: str, max_chars: int) -> str:
    """``text`` in at most ``max_chars`` characters: cut on the last word boundary that fits,
    with an ellipsis (a single word longer than that is cut inside)."""
    text = " ".join(text.split())
    if len(text) <= max_chars:
        return text
    if max_chars <= 1:
        return "…"[:max_chars]
    room = text[: max_chars - 1]
    cut = room.rstrip()
    if text[max_chars - 1] != " " and " " in cut:
        cut = cut[: cut.rfind(" ")]
    cut = cut.rstrip(" ,;:" + _DASHES)
    return (cut or room).rstrip() + "…"


def _clean_line(line: str) -> str:
    line = _HTML_TAG.sub("", line)
    line = _QUOTE_MARK.sub("", line)
    line = _HEADING.sub("", line)
    line = _LIST_MARK.sub("", line)
    line = _IMAGE.sub(r"\1", line)
    line = _LINK.sub(r"\1", line)
    line = _EMPHASIS.sub("", line)
    line = _LONE_MARK.sub("", line)
    line = " ".join(line.split())
    return line.strip(_QUOTES + " ").strip()


def _has_word(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _excerpt(text: str) -> str:
    text = (text or "").strip()
    if len(text) <= EXCERPT_CHARS:
        return text
    return text[:EXCERPT_CHARS].rstrip() + " …"

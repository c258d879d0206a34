"""How a tool card reads: the words (and the colour's role) of each line a card shows.

Why it exists: a tool card is a ``ToolCard`` item (the call, the gate's verdicts with their
confinement, the result). What those mean for a person — "ran ✓", "refused", "waiting for your
permission", the sandbox it ran in, the argument that names what it acted on — is decided here,
once, so the transcript only draws lines and colours and never reads a verdict or a result itself.

Invariant: every function is pure and takes a ``ToolCard``; a colour is returned as a palette role
name (``success``, ``error``, ``notice``, ``muted``), never as a colour. Qt-free.
"""

from __future__ import annotations

from parley.application.conversation_view.items import ToolCard
from parley.application.history.documents import confinement_text, recorded_confinement
from parley.domain.texts import QT_TRANSLATE_NOOP

#: How much of a tool's result an expanded card shows.
RESULT_PREVIEW_CHARS = 4000

_DECISION_LABELS = {
    "ran": (QT_TRANSLATE_NOOP("ToolCard", "ran"), "success"),
    "allowed": (QT_TRANSLATE_NOOP("ToolCard", "allowed by you"), "success"),
    "asked": (QT_TRANSLATE_NOOP("ToolCard", "waiting for your permission"), "notice"),
    "refused": (QT_TRANSLATE_NOOP("ToolCard", "refused"), "error"),
    "rejected": (
        QT_TRANSLATE_NOOP("ToolCard", "rejected: the model was asked to correct it"),
        "notice",
    ),
    "dropped": (QT_TRANSLATE_NOOP("ToolCard", "dropped"), "error"),
    "skipped": (QT_TRANSLATE_NOOP("ToolCard", "skipped: already done"), "muted"),
}
"""Each decision's words and its colour's role."""

# The other words a card shows, marked for the window's language (``domain.texts``); the window
# shows every line through ``translate_text``.
_CHECKING = QT_TRANSLATE_NOOP("ToolCard", "checking…")
_SUCCEEDED = QT_TRANSLATE_NOOP("ToolCard", "{label} ✓")
_FAILED = QT_TRANSLATE_NOOP("ToolCard", "{label}, failed ✗")
_NOT_RECORDED = QT_TRANSLATE_NOOP("ToolCard", "(the call was not recorded)")
_UNREADABLE = QT_TRANSLATE_NOOP("ToolCard", "(arguments could not be read)")
_ARGUMENTS = QT_TRANSLATE_NOOP("ToolCard", "arguments:")
_RESULT = QT_TRANSLATE_NOOP("ToolCard", "result:")
_RESULT_FAILED = QT_TRANSLATE_NOOP("ToolCard", "result (failed):")
_VERDICT = QT_TRANSLATE_NOOP("ToolCard", "verdict: {decision} ({source}) · rule {rule}{effect}")


def argument_summary(card: ToolCard) -> str:
    """The argument that says what the call acts on (a command, a path), on one short line."""
    call = card.call
    if call is None:
        return _NOT_RECORDED
    if call.arguments_error:
        return _UNREADABLE
    args = dict(call.arguments)
    for key in ("command", "path", "name", "pattern"):
        if key in args:
            return _one_line(str(args[key]))
    if not args:
        return ""
    # Any other tool (an MCP server's): its arguments as ``key=value`` pairs, scalars first,
    # so the collapsed card says what the call was about.
    pairs = sorted(args.items(), key=lambda kv: isinstance(kv[1], (dict, list, tuple)))
    return _one_line(", ".join(f"{key}={_short(value)}" for key, value in pairs))


def _short(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (dict, list, tuple)) or hasattr(value, "items"):
        return "…"
    return str(value)


def _one_line(value: str) -> str:
    value = value.replace("\n", " ")
    return value if len(value) <= 80 else value[:77] + "…"


def card_status(card: ToolCard) -> tuple[str, str]:
    """What became of the call so far, and its colour's role."""
    if not card.verdicts:
        return (_CHECKING, "muted")
    last = card.verdicts[-1]
    label, role = _DECISION_LABELS.get(last.decision, (last.decision, "muted"))
    if card.result is not None and last.decision in ("ran", "allowed"):
        label = (_SUCCEEDED if card.result.success else _FAILED).format(label=label)
        role = "success" if card.result.success else "error"
    return (label, role)


def card_confinement(card: ToolCard) -> tuple[str, str]:
    """The sandbox the command runs in, from its latest verdict, and its colour's role (``""``
    for a tool that is not a process, an old record, or a command that was refused: it ran
    nowhere). Not enforced reads as a notice."""
    record = card.confinement
    confinement = recorded_confinement(record)
    if confinement is None:
        return ("", "")
    return (confinement_text(record), "muted" if confinement.enforced else "notice")


def card_details(card: ToolCard) -> list[str]:
    """The lines an expanded card shows: the arguments, every verdict, the result (cut)."""
    return [line for line, _words in card_detail_lines(card)]


def card_detail_lines(card: ToolCard) -> list[tuple[str, bool]]:
    """``card_details`` with, for each line, whether it is Parley's words (a heading, a verdict,
    a reason: the window shows it in its language) rather than data (an argument, the result)."""
    call = card.call
    lines = [(_ARGUMENTS, True)]
    if call is not None:
        if call.arguments_error:
            lines.append((f"  {call.arguments_error}", True))
        for key, value in dict(call.arguments).items():
            text = str(value)
            if len(text) > 400:
                text = text[:400] + f"… ({len(text)} characters)"
            lines.extend(
                (f"  {key}: {line}" if i == 0 else f"    {line}", False)
                for i, line in enumerate(text.splitlines() or [""])
            )
    for verdict in card.verdicts:
        effect = f" · effect {verdict.effect}" if verdict.effect else ""
        confined = confinement_text(verdict.confinement)
        effect += f" · {confined}" if confined else ""
        lines.append(
            (
                _VERDICT.format(
                    decision=verdict.decision,
                    source=verdict.source,
                    rule=verdict.rule,
                    effect=effect,
                ),
                True,
            )
        )
        if verdict.reason:
            lines.append((f"  {verdict.reason}", True))
    if card.result is not None:
        lines.append((_RESULT if card.result.success else _RESULT_FAILED, True))
        text = card.result.result
        if len(text) > RESULT_PREVIEW_CHARS:
            text = text[:RESULT_PREVIEW_CHARS] + f"\n… ({len(card.result.result)} characters)"
        lines.extend((f"  {line}", False) for line in text.splitlines() or [""])
    return lines

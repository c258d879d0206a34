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

#: How much of a tool's result an expanded card shows.
RESULT_PREVIEW_CHARS = 4000

_DECISION_LABELS = {
    "ran": ("ran", "success"),
    "allowed": ("allowed by you", "success"),
    "asked": ("waiting for your permission", "notice"),
    "refused": ("refused", "error"),
    "rejected": ("rejected: the model was asked to correct it", "notice"),
    "dropped": ("dropped", "error"),
    "skipped": ("skipped: already done", "muted"),
}
"""Each decision's words and its colour's role."""


def argument_summary(card: ToolCard) -> str:
    """The argument that says what the call acts on (a command, a path), on one short line."""
    call = card.call
    if call is None:
        return "(the call was not recorded)"
    if call.arguments_error:
        return "(arguments could not be read)"
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
        return ("checking…", "muted")
    last = card.verdicts[-1]
    label, role = _DECISION_LABELS.get(last.decision, (last.decision, "muted"))
    if card.result is not None and last.decision in ("ran", "allowed"):
        label = f"{label} ✓" if card.result.success else f"{label}, failed ✗"
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
    call = card.call
    lines = ["arguments:"]
    if call is not None:
        if call.arguments_error:
            lines.append(f"  {call.arguments_error}")
        for key, value in dict(call.arguments).items():
            text = str(value)
            if len(text) > 400:
                text = text[:400] + f"… ({len(text)} characters)"
            lines.extend(
                f"  {key}: {line}" if i == 0 else f"    {line}"
                for i, line in enumerate(text.splitlines() or [""])
            )
    for verdict in card.verdicts:
        effect = f" · effect {verdict.effect}" if verdict.effect else ""
        confined = confinement_text(verdict.confinement)
        effect += f" · {confined}" if confined else ""
        lines.append(
            f"verdict: {verdict.decision} ({verdict.source}) · rule {verdict.rule}{effect}"
        )
        if verdict.reason:
            lines.append(f"  {verdict.reason}")
    if card.result is not None:
        lines.append("result:" if card.result.success else "result (failed):")
        text = card.result.result
        if len(text) > RESULT_PREVIEW_CHARS:
            text = text[:RESULT_PREVIEW_CHARS] + f"\n… ({len(card.result.result)} characters)"
        lines.extend(f"  {line}" for line in text.splitlines() or [""])
    return lines

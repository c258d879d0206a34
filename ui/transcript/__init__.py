"""The transcript: the open conversation drawn from its model (ADR-007).

``view.TranscriptView`` keeps the last ``ConversationState`` it drew and draws only what changed;
``frames`` draws each kind of item; ``actions`` and ``toolbar`` are what a user can do on a
message; ``attachment_text`` is how an attached file reads; ``items_index`` finds things among the
items.
"""

from parley.ui.transcript.attachment_text import attachment_details, attachment_error
from parley.ui.transcript.view import TranscriptView

__all__ = ["TranscriptView", "attachment_details", "attachment_error"]

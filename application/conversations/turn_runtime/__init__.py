"""Run one turn: from a frozen request to a finished entry in the event log.

Why it exists: the window and the command line run turns through this one runtime, so a turn
behaves the same whichever surface started it. It runs on the *calling* thread (the UI puts it on a
worker thread; ``parley ask`` runs it on the main thread) and never touches a widget: everything the
outside world sees goes through a ``TurnListener``.

Invariants it keeps:

- ``turn_started`` and ``user_message`` are appended in one transaction (``append_many``, which
  also creates a new conversation) before anything can fail (even an unknown provider is recorded
  as a failed turn, not lost): a kill cannot leave a turn without its prompt, nor an empty
  conversation;
- every turn ends with exactly one ``turn_finished`` (completed, cancelled, failed, timed_out), with
  usage, duration and, on failure, a clear message — whatever goes wrong in between — except a
  turn whose answer text the store refused: it is left open, its text kept (checkpoints or the
  store's recovery journal) for the next start to close it with that text, and the outcome says
  so (``TurnOutcome.unsaved``): closing it would drop the checkpoints (ADR-008);
- the provider request is rendered from the stored events at every model call
  (``render.render_turn_request``), never from a message list kept on the side;
- before every model call the request is measured against the model's window and recorded
  (``context_checked``); past the threshold of a known window the oldest turns are summarised
  first (``compaction``), a request that still cannot fit is never sent (``context_too_long``),
  and a provider's own "too long" teaches the window and is retried once, summarised — all
  decided in ``turn_context`` (ADR-011);
- an attachment too large to send whole (or marked by the user) is indexed and recorded without
  its text (``attachment_added.retrieval``); the turn's question is searched in such documents
  and in the project's knowledge collections, and the excerpts are recorded
  (``retrieval_performed``) before the first call;
- text already received is never thrown away: on cancel, timeout or a provider error the partial
  answer is appended as ``assistant_text(partial=True)``;
- while an answer streams, the text received since the last checkpoint is handed to
  ``store.checkpoint_partial`` at most every ``CHECKPOINT_INTERVAL_S`` as it arrives (only the new
  text, never the whole answer again), and by a flusher thread once it has waited
  ``flush_after_s`` — also while the provider is silent — so nothing shown for more than about
  0.3 s is missing from the store; the store drops the checkpoints when the step's
  ``assistant_text`` lands, and on the next start closes a turn left open with its checkpointed
  text as ``turn_finished(status="interrupted")``. A checkpoint that fails is logged, kept for the
  next one, and does not stop the answer;
- every store write of a turn (appends, checkpoints from either thread) happens under the turn's
  one lock, so a flusher checkpoint can never land after the ``assistant_text`` that holds its
  text (it would be replayed twice) — see ``_Turn``;
- one turn reads at most ``max_answer_chars`` characters from the provider (answer text,
  reasoning text and tool-call arguments, all its steps together;
  ``NetworkSettings.max_answer_chars``): a provider that streams without end — text, thinking or
  one tool call's arguments — cannot grow memory without bound. Past the limit the stream is
  closed (the provider is not read further), exactly the limit's worth is shown and kept (the
  text as ``assistant_text(partial=True)``, reasoning as ``reasoning``; an unfinished tool call is
  not run), and the turn fails with ``error_kind`` ``ANSWER_TOO_LONG`` and a message naming the
  limit and the setting;
- a turn's files and MCP resources (``mcp_resources``) are read before the model is called, one
  ``attachment_added`` each (a resource read through ``McpToolbox.resource_attachment``); any
  that cannot be used fails the turn, naming it, and a Stop during a read records nothing of it;
- cancellation is a ``threading.Event`` the caller sets from any thread; the provider adapter polls
  it between reads, so Stop works even while the provider is silent. ``timeout_sec`` is a wall-clock
  deadline enforced the same way.

The loop is shaped for tools: each step renders, streams, records; a step that ends in tool calls
gates and runs them (``run_tool_block``), records the results, and goes round again up to
``effective_max_steps`` (``completion_max_steps`` for a turn that runs to completion). A step
without tool calls is the final answer and completes the turn. At the cap an interactive turn
completes with a notice (the person reads it and can say "go on"); a turn run to completion —
a scheduled task, which nobody watches — fails with ``error_kind`` ``STEP_LIMIT`` and a message
naming the cap, after the same notice, so its record never reads as done. The tools offered are
the built-in ones the request allows (when it has a workspace) and the tools of the MCP servers
it names, listed once when the turn starts (a server that cannot list is a notice;
``application/tools/mcp_tools.py``).
"""

from parley.application.conversations.outcome import TITLE_MAX_CHARS as TITLE_MAX_CHARS
from parley.application.conversations.outcome import TurnOutcome as TurnOutcome
from parley.application.conversations.outcome import derive_title as derive_title
from parley.application.conversations.turn_runtime.runtime import (
    DEFAULT_OUTPUT_FOLDER as DEFAULT_OUTPUT_FOLDER,
)
from parley.application.conversations.turn_runtime.runtime import TurnRuntime as TurnRuntime
from parley.application.conversations.turn_runtime.stops import ANSWER_TOO_LONG as ANSWER_TOO_LONG
from parley.application.conversations.turn_runtime.stops import NO_TOOLS as NO_TOOLS
from parley.application.conversations.turn_runtime.stops import NOT_SAVED as NOT_SAVED
from parley.application.conversations.turn_runtime.stops import STEP_LIMIT as STEP_LIMIT
from parley.application.conversations.turn_runtime.turn import (
    CHECKPOINT_INTERVAL_S as CHECKPOINT_INTERVAL_S,
)
from parley.application.conversations.turn_runtime.turn import FLUSH_AFTER_S as FLUSH_AFTER_S
from parley.application.conversations.turn_runtime.turn import FLUSH_TICK_S as FLUSH_TICK_S
from parley.application.conversations.turn_runtime.turn import NullListener as NullListener
from parley.application.conversations.turn_runtime.turn import TurnListener as TurnListener
from parley.application.ports.knowledge import KnowledgeLimits as KnowledgeLimits

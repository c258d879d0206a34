"""The MCP prompts' controller: the conversation's servers' prompts in the composer's ``/`` menu,
and a chosen one fetched (after its arguments) into the composer.

Why it exists: issue 17 lets people use a server's prompts from the ``/`` menu with their
arguments. Listing them and rendering one are calls to a server — they may start it, and take up
to its time limit — so they never run on the UI thread; and the answers belong in widgets, so
they come back to it. This controller does both hops and holds what was listed; the composer
only offers the items (``CommandItem`` with ``action="mcp-prompt"``) and forwards the choice
(``sig_command_chosen``); ``ui/widgets/mcp_prompt_dialog.py`` asks for the arguments; the
command syntax and the argument rules are ``application/mcp/prompt_commands.py``.

Invariants it keeps:

- a server's prompts are listed on demand — when the user types a ``/`` directive with servers
  chosen for the conversation — not when a server is merely chosen (choosing or showing a server
  starts nothing, and a conversation opened is not a reason to start its servers); once per
  server configuration (an edited entry is listed again);
- every call to a server runs on a thread of its own (a slow server must not hold the bridge's
  two workers, which read the history and the settings) and its result comes back to the UI
  thread through ``WorkerBridge.submit``, whose gate drops it once the window has closed;
- a server that fails to list is skipped — the others' prompts are offered — and named once in
  the status line; it is asked again when it is chosen again or its entry changes;
- the menu offers the prompts of the servers chosen for the conversation, after the built-in
  commands (``SettingsController.update_commands``), in the chosen order;
- one prompt at a time: while its dialog is open or it is being fetched, another choice is
  ignored (the status line says it is being fetched); a failure is the composer's inline error,
  naming the server, and the typed text stays; a result that arrives after the conversation was
  changed is dropped, never put into another conversation's prompt; so is an empty one or one
  over ``MAX_PROMPT_CHARS`` (an inline error says so).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt

from parley.application.mcp.model import McpError, McpPrompt, McpServerConfig
from parley.application.mcp.prompt_commands import (
    MCP_PROMPT_ACTION,
    PromptArgumentError,
    menu_description,
    missing_required,
    parse_arguments,
    prompt_command,
)
from parley.ui.i18n import translate
from parley.ui.widgets.composer_commands import CommandChoice, CommandItem

#: A rendered prompt longer than this is refused (an editor holding megabytes would crawl).
MAX_PROMPT_CHARS = 200_000

if TYPE_CHECKING:
    from parley.application.ports.mcp import McpClient
    from parley.ui.main_window import MainWindow
    from parley.ui.widgets.mcp_prompt_dialog import McpPromptDialog


def _message(server: str, exc: BaseException) -> str:
    """An error as the user reads it, naming the server (an ``McpError`` already does)."""
    if isinstance(exc, McpError):
        return str(exc)
    return f"MCP server {server!r}: {type(exc).__name__}: {exc}"


class McpPromptsController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        #: What each server configuration listed (the key is the whole entry: an edit re-lists).
        self.prompts: dict[McpServerConfig, tuple[McpPrompt, ...]] = {}
        #: Why a server's listing failed (named once in the status line).
        self.failures: dict[McpServerConfig, str] = {}
        self._listing: set[McpServerConfig] = set()
        self._busy = False  # a prompt's dialog is open or it is being fetched
        self.dialog: McpPromptDialog | None = None
        window.composer.sig_commands_wanted.connect(self.list_prompts)
        window.composer.sig_command_chosen.connect(self.on_chosen)
        window.tools_control.popover.mcp_servers_changed.connect(
            lambda _names: self.servers_changed()
        )

    # -- which servers, which prompts ------------------------------------------------------------

    def _client(self) -> McpClient | None:
        services = getattr(self.w, "services", None)  # (none before ``attach``)
        return getattr(services, "mcp", None)

    def chosen_servers(self) -> list[McpServerConfig]:
        """The configurations of the servers chosen for the conversation (enabled ones only),
        in the chosen order."""
        configured = {c.name: c for c in self.w.settings.mcp_servers if c.enabled}
        return [configured[n] for n in self.w.tools_control.mcp_servers if n in configured]

    def command_items(self) -> list[CommandItem]:
        """The ``/`` menu's items for the chosen servers' prompts listed so far."""
        return [
            CommandItem(prompt_command(config.name, p.name), menu_description(p), MCP_PROMPT_ACTION)
            for config in self.chosen_servers()
            for p in self.prompts.get(config, ())
        ]

    def servers_changed(self) -> None:
        """The conversation's servers (or their entries) changed: offer their prompts. A
        failure is forgotten once its server is no longer chosen, so choosing it again retries."""
        chosen = set(self.chosen_servers())
        self.failures = {c: e for c, e in self.failures.items() if c in chosen}
        if self.w.composer.popup_open():  # the user is in the menu: complete it now
            self.list_prompts()
        self.w.settings.update_commands()

    def list_prompts(self) -> None:
        """List the prompts of the chosen servers not listed yet (each on a thread of its own);
        the menu grows as each answers."""
        client = self._client()
        if client is None:
            return
        for config in self.chosen_servers():
            if config in self.prompts or config in self.failures or config in self._listing:
                continue
            self._listing.add(config)
            self._list_one(client, config)

    def _list_one(self, client: McpClient, config: McpServerConfig) -> None:
        self._off_ui(
            lambda: client.prompts(config, timeout_s=config.timeout_s),
            lambda listed: self._listed(config, listed),
            lambda exc: self._not_listed(config, exc),
        )

    def _listed(self, config: McpServerConfig, listed: tuple[McpPrompt, ...]) -> None:
        self._listing.discard(config)
        self.prompts[config] = tuple(listed)
        self.w.settings.update_commands()

    def _not_listed(self, config: McpServerConfig, exc: BaseException) -> None:
        self._listing.discard(config)
        message = _message(config.name, exc)
        self.failures[config] = message
        if config in self.chosen_servers():
            self.w._show_status(
                translate("McpPromptsController", "No prompts from {name}: {message}").format(
                    name=config.name, message=message
                ),
                error=True,
            )

    # -- choosing one ----------------------------------------------------------------------------

    @property
    def listing(self) -> frozenset[McpServerConfig]:
        """The servers whose prompts are being listed now."""
        return frozenset(self._listing)

    @property
    def busy(self) -> bool:
        """A prompt's dialog is open or a prompt is being fetched."""
        return self._busy

    def _find(self, text: str) -> tuple[McpServerConfig, McpPrompt] | None:
        for config in self.chosen_servers():
            for p in self.prompts.get(config, ()):
                if prompt_command(config.name, p.name) == text:
                    return config, p
        return None

    def on_chosen(self, choice: CommandChoice) -> None:
        """An MCP prompt was chosen in the menu or sent typed: ask for its arguments if it has
        any (or if a required one was not typed), then fetch it."""
        if choice.item.action != MCP_PROMPT_ACTION or self._busy:
            return  # not ours, or a double choose while one is under way
        composer = self.w.composer
        found = self._find(choice.item.text)
        if found is None:
            composer.show_error(
                translate(
                    "McpPromptsController",
                    "{text} is not offered in this conversation any more (its server was turned "
                    "off or changed).",
                ).format(text=choice.item.text)
            )
            return
        config, prompt = found
        try:
            values = parse_arguments(choice.arguments, prompt)
        except PromptArgumentError as exc:
            composer.show_error(f"{choice.item.text}: {exc}")
            return
        if prompt.arguments and (not choice.typed or missing_required(prompt, values)):
            self._ask(config, prompt, values)
        else:
            self._fetch(config, prompt, values)

    def _ask(self, config: McpServerConfig, prompt: McpPrompt, values: Mapping[str, str]) -> None:
        from parley.ui.widgets.mcp_prompt_dialog import McpPromptDialog

        dialog = McpPromptDialog(prompt, values, self.w)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog, self._busy = dialog, True

        def finished(result: int) -> None:
            self.dialog, self._busy = None, False
            if result == McpPromptDialog.DialogCode.Accepted:
                self._fetch(config, prompt, dialog.values())
            else:
                self.w.composer.editor.setFocus()

        dialog.finished.connect(finished)
        dialog.open()

    def _fetch(self, config: McpServerConfig, prompt: McpPrompt, values: Mapping[str, str]) -> None:
        client = self._client()
        if client is None:
            return
        self._busy = True
        command = prompt_command(config.name, prompt.name)
        session = self.w.chat.session_id
        status = translate("McpPromptsController", "Getting the prompt {command}…").format(
            command=command
        )
        self.w._show_status(status)
        arguments = dict(values)

        def end() -> bool:
            """The fetch is over; True when its result still belongs in the composer."""
            self._busy = False
            if self.w.status.text() == status:
                self.w._clear_status()
            return self.w.chat.session_id == session

        def done(text: str) -> None:
            if not end():
                return
            if not text.strip():
                self.w.composer.show_error(
                    translate(
                        "McpPromptsController",
                        "Could not use {command}: MCP server {name!r} returned an empty prompt",
                    ).format(command=command, name=config.name)
                )
                return
            if len(text) > MAX_PROMPT_CHARS:
                self.w.composer.show_error(
                    translate(
                        "McpPromptsController",
                        "Could not use {command}: MCP server {name!r} returned a prompt of "
                        "{n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box "
                        "takes",
                    ).format(
                        command=command,
                        name=config.name,
                        n_text=len(text),
                        MAX_PROMPT_CHARS=MAX_PROMPT_CHARS,
                    )
                )
                return
            self.w.composer.replace_directive(text)

        def failed(exc: BaseException) -> None:
            if end():
                self.w.composer.show_error(
                    translate("McpPromptsController", "Could not use {command}: {message}").format(
                        command=command, message=_message(config.name, exc)
                    )
                )

        self._off_ui(
            lambda: client.get_prompt(config, prompt.name, arguments, timeout_s=config.timeout_s),
            done,
            failed,
        )

    # -- the thread hops -------------------------------------------------------------------------

    def _off_ui(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], object],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Run ``job`` on a thread of its own; ``on_done(result)`` or ``on_error(exc)`` run on
        the UI thread."""
        bridge = self.w.bridge

        def work() -> None:
            # This thread: a server may take its whole time limit to start or answer; the
            # bridge's two workers must stay free for the history and the settings meanwhile.
            try:
                outcome: tuple[Any, BaseException | None] = (job(), None)
            except Exception as exc:
                outcome = (None, exc)

            def deliver() -> Any:
                result, error = outcome
                if error is not None:
                    raise error
                return result

            # Back to the UI thread through the bridge: a trivial job whose result (or error) the
            # bridge hands to the callbacks there; its gate drops it once the window has closed.
            with contextlib.suppress(RuntimeError):  # the window closed: its pool is shut down
                bridge.submit(deliver, on_done, on_error)

        threading.Thread(target=work, name="parley-mcp-prompts", daemon=True).start()

"""The ``LocalServerProbe`` port: OpenAI-compatible servers answering on their default ports.

Why it exists: a first start offers to use a local server (Ollama, LM Studio) if one answers; asking
is an HTTP request, so it lives here and the window reaches it through the port (on a worker).
A server that does not answer, or answers with something else, is simply not listed.
"""

from __future__ import annotations

from parley.application.ports.provider_catalog import LocalServer

#: Local servers a first start offers to use, on their default ports: (name, label, base URL).
LOCAL_SERVERS = (
    ("ollama", "Ollama", "http://localhost:11434/v1"),
    ("lmstudio", "LM Studio", "http://localhost:1234/v1"),
)


class HttpLocalServerProbe:
    """``LocalServerProbe`` over HTTP: asks each known port for its model list."""

    def __init__(self, servers: tuple[tuple[str, str, str], ...] = LOCAL_SERVERS) -> None:
        self._servers = servers

    def probe(self, timeout: float = 0.5) -> list[LocalServer]:
        # Imported here: the HTTP stack is not loaded until a probe actually runs.
        from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider

        found = []
        for name, label, url in self._servers:
            try:
                models = OpenAICompatibleProvider(url, connect_timeout=timeout).list_models()
            except Exception:
                continue
            found.append(LocalServer(name, label, url, list(models)))
        return found

"""A deterministic embedder for tests and benchmarks: no model, no network.

Why it exists: the knowledge index's hybrid search (BM25 fused with vectors) must be tested
without a model server. ``HashingEmbedder`` implements ``application.ports.knowledge.Embedder``
by hashing a text's words and character trigrams into ``dim`` buckets (signed, so unrelated
features cancel rather than pile up) and normalising the vector to length 1: texts that share
words and word pieces are close, which is enough for fusion to have something real to fuse.

``FailingEmbedder`` raises ``KnowledgeError(kind="embedding")`` after ``fail_after`` calls, and
``calls`` counts every call (to see that a search asked, or that a cancelled index stopped).
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
import unicodedata
from collections.abc import Sequence

from parley.application.ports.knowledge import KnowledgeError

_WORD = re.compile(r"[^\W_]+")


def _bucket(feature: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dim, (1.0 if (value >> 63) & 1 else -1.0)


class HashingEmbedder:
    """Words (weight 1) and character trigrams of words (weight 0.5) hashed into ``dim``."""

    def __init__(self, dim: int = 256, name: str = "test-hashing-256") -> None:
        self.dim = dim
        self._name = name
        self.calls = 0
        self.texts = 0

    @property
    def name(self) -> str:
        return self._name

    def vector(self, text: str) -> list[float]:
        vector = [0.0] * self.dim
        words = _WORD.findall(unicodedata.normalize("NFKC", text).lower())
        for word in words:
            index, sign = _bucket("w:" + word, self.dim)
            vector[index] += sign
            padded = f"<{word}>"
            for i in range(len(padded) - 2):
                index, sign = _bucket("t:" + padded[i : i + 3], self.dim)
                vector[index] += 0.5 * sign
        norm = math.sqrt(sum(v * v for v in vector))
        if norm == 0.0:
            vector[0] = 1.0
            return vector
        return [v / norm for v in vector]

    def embed(self, texts: Sequence[str], cancel: threading.Event) -> list[list[float]]:
        self.calls += 1
        self.texts += len(texts)
        if cancel.is_set():
            raise KnowledgeError("embedding was cancelled", kind="cancelled")
        return [self.vector(text) for text in texts]


class FailingEmbedder(HashingEmbedder):
    """Works for ``fail_after`` calls, then raises as an unreachable endpoint would."""

    def __init__(self, fail_after: int = 0, dim: int = 256) -> None:
        super().__init__(dim)
        self.fail_after = fail_after

    def embed(self, texts: Sequence[str], cancel: threading.Event) -> list[list[float]]:
        if self.calls >= self.fail_after:
            self.calls += 1
            raise KnowledgeError(
                "the embeddings endpoint http://127.0.0.1:9/v1/embeddings could not be reached",
                kind="embedding",
            )
        return super().embed(texts, cancel)


class CancellingEmbedder(HashingEmbedder):
    """Sets ``cancel`` during its ``after``-th call (the user pressing Cancel mid-indexing)."""

    def __init__(self, cancel: threading.Event, after: int = 1) -> None:
        super().__init__()
        self._cancel = cancel
        self._after = after

    def embed(self, texts: Sequence[str], cancel: threading.Event) -> list[list[float]]:
        vectors = super().embed(texts, threading.Event())
        if self.calls >= self._after:
            self._cancel.set()
        return vectors

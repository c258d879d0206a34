"""A real TCP proxy on 127.0.0.1 that breaks the connections it carries, by a seeded plan.

Why it exists: the team store's promises under a bad network (ADR-012: a push cut at any point —
before the server committed, or after it committed and before the reply arrived — is simply
repeated; the pool replaces a dropped connection) must be shown with real sockets, a real
PostgreSQL and real client libraries, not with a fake that raises on cue. ``FaultProxy`` sits
between the desktops and the server and, per chunk of bytes it forwards in either direction,
may:

- ``cut``: forward a random prefix of the chunk, then close both sides (FIN);
- ``reset``: the same, but with ``SO_LINGER`` 0 so both sides get an RST;
- ``delay``: hold the chunk a few milliseconds before forwarding it;
- ``stall``: forward a prefix, stop forwarding (both directions of that connection) for a while,
  then go on;
- ``after_commit``: a server → client chunk carrying a ``CommandComplete`` with the tag
  ``COMMIT`` (the server committed) is dropped and the connection cut or reset: the client never
  learns that its transaction landed.

``mid_transaction`` counts the cuts and resets that happened while the connection had an open
transaction (a ``BEGIN`` seen from the client, no ``COMMIT``/``ROLLBACK`` reply yet).
``freeze_on(marker)`` makes a connection go silent (open, nothing forwarded) once its client
sent ``marker``. ``down()`` closes the listening socket (new connections are refused by the
kernel) and, by default, resets every open connection; ``up()`` listens on the same port again.

Invariants it keeps: only loopback addresses; every decision comes from one ``random.Random``
seeded by the plan (the interleaving of threads still varies from run to run); ``counters``
say how often each fault struck, so a test can check every kind happened; ``close()`` stops
and joins every thread it started.
"""

from __future__ import annotations

import contextlib
import random
import selectors
import socket
import struct
import threading
import time
from collections import Counter
from dataclasses import dataclass

#: A ``CommandComplete`` message ('C', length 11, "COMMIT\0"): the server committed.
_COMMIT_COMPLETE = b"C\x00\x00\x00\x0bCOMMIT\x00"
_ROLLBACK_COMPLETE = b"C\x00\x00\x00\x0dROLLBACK\x00"


@dataclass(frozen=True)
class FaultPlan:
    """How often each fault strikes, per forwarded chunk (``rate``) and per COMMIT reply seen
    (``after_commit``); ``weights`` share ``rate`` between the kinds."""

    seed: int = 0
    rate: float = 0.0
    after_commit: float = 0.0
    weights: tuple[tuple[str, float], ...] = (
        ("cut", 1.0),
        ("reset", 1.0),
        ("delay", 2.0),
        ("stall", 1.0),
    )
    delay: tuple[float, float] = (0.001, 0.03)
    stall: tuple[float, float] = (0.1, 0.6)

    @staticmethod
    def healthy() -> FaultPlan:
        return FaultPlan()


class _Link:
    """One proxied connection: the client's socket, the server's, and whether a transaction is
    open on it."""

    def __init__(self, client: socket.socket, server: socket.socket) -> None:
        self.client = client
        self.server = server
        self.in_transaction = False
        self.closed = False

    def peer(self, sock: socket.socket) -> socket.socket:
        return self.server if sock is self.client else self.client

    def close(self, *, reset: bool) -> None:
        if self.closed:
            return
        self.closed = True
        for sock in (self.client, self.server):
            with contextlib.suppress(OSError):
                if reset:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                else:
                    sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()


class FaultProxy:
    """Listens on 127.0.0.1 (a free port, or ``port``) and forwards to ``target``."""

    def __init__(
        self, target: tuple[str, int], plan: FaultPlan | None = None, *, port: int = 0
    ) -> None:
        if target[0] not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError("the fault proxy only forwards to loopback addresses")
        self.target = target
        self._plan = plan or FaultPlan()
        self._rng = random.Random(self._plan.seed)
        self._lock = threading.Lock()
        self.counters: Counter[str] = Counter()
        self._links: set[_Link] = set()
        self._threads: list[threading.Thread] = []
        self._stop = threading.Event()
        self._freeze_marker: bytes | None = None
        self._listener: socket.socket | None = None
        self._listen(port)
        self._acceptor = threading.Thread(target=self._accept_loop, name="fault-proxy-accept")
        self._acceptor.start()

    # -- control ---------------------------------------------------------------------------------

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    @property
    def plan(self) -> FaultPlan:
        return self._plan

    @plan.setter
    def plan(self, plan: FaultPlan) -> None:
        with self._lock:
            self._plan = plan
            self._rng = random.Random(plan.seed)

    def down(self, *, reset_open: bool = True) -> None:
        """Refuse new connections (the port is closed); reset the open ones when asked."""
        with self._lock:
            listener, self._listener = self._listener, None
            links = list(self._links) if reset_open else []
            self.counters["down"] += 1
        if listener is not None:
            listener.close()
        for link in links:
            link.close(reset=True)

    def up(self) -> None:
        """Listen on the same port again."""
        with self._lock:
            if self._listener is None:
                self._listen(self.port)

    def freeze_on(self, marker: bytes | None) -> None:
        """From now on, a connection whose client sends ``marker`` has that chunk forwarded,
        then nothing more in either direction, its sockets kept open (a peer that went silent:
        no FIN, no RST), until ``close()``, ``cut_all()`` or ``down()``. None: no more."""
        with self._lock:
            self._freeze_marker = marker

    def cut_all(self, *, reset: bool = True) -> int:
        """Break every open connection now; how many there were."""
        with self._lock:
            links = list(self._links)
        for link in links:
            link.close(reset=reset)
        return len(links)

    def close(self) -> None:
        """Stop accepting, break every connection, join every thread."""
        self._stop.set()
        self.down()
        self._acceptor.join(timeout=10)
        with self._lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout=10)
        alive = [t.name for t in [*threads, self._acceptor] if t.is_alive()]
        if alive:
            raise RuntimeError(f"fault proxy threads still running: {alive}")

    def __enter__(self) -> FaultProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the work --------------------------------------------------------------------------------

    def _listen(self, port: int) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
        sock.setblocking(False)
        self.port = int(sock.getsockname()[1])
        self._listener = sock

    def _accept_loop(self) -> None:
        while not self._stop.is_set():
            listener = self._listener
            if listener is None:
                time.sleep(0.02)
                continue
            try:
                ready = selectors.DefaultSelector()
                with ready:
                    ready.register(listener, selectors.EVENT_READ)
                    if not ready.select(timeout=0.05):
                        continue
                client, _ = listener.accept()
            except (OSError, ValueError):
                continue  # closed by down() meanwhile
            self._open(client)

    def _open(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(self.target, timeout=5)
        except OSError:
            self._count("target_unreachable")
            client.close()
            return
        client.setblocking(True)
        server.setblocking(True)
        link = _Link(client, server)
        thread = threading.Thread(target=self._pump, args=(link,), name="fault-proxy-link")
        with self._lock:
            self._links.add(link)
            self.counters["connections"] += 1
            self._threads = [t for t in self._threads if t.is_alive()]
            self._threads.append(thread)
        thread.start()

    def _count(self, name: str) -> None:
        with self._lock:
            self.counters[name] += 1

    def _choose(self, data: bytes, to_client: bool) -> tuple[str, int, float]:
        """(fault, how many bytes go first, seconds) for one chunk; ("", len, 0): forward it."""
        with self._lock:
            plan, rng = self._plan, self._rng
            if (
                to_client
                and plan.after_commit
                and _COMMIT_COMPLETE in data
                and rng.random() < plan.after_commit
            ):
                kind = "after_commit_reset" if rng.random() < 0.5 else "after_commit_cut"
                return kind, 0, 0.0
            if not plan.rate or rng.random() >= plan.rate:
                return "", len(data), 0.0
            total = sum(w for _, w in plan.weights)
            pick, kind = rng.random() * total, plan.weights[-1][0]
            for name, weight in plan.weights:
                if pick < weight:
                    kind = name
                    break
                pick -= weight
            prefix = rng.randrange(len(data) + 1)
            if kind == "delay":
                return kind, len(data), rng.uniform(*plan.delay)
            if kind == "stall":
                return kind, prefix, rng.uniform(*plan.stall)
            return kind, prefix, 0.0

    def _pump(self, link: _Link) -> None:
        selector = selectors.DefaultSelector()
        try:
            selector.register(link.client, selectors.EVENT_READ)
            selector.register(link.server, selectors.EVENT_READ)
            while not self._stop.is_set() and not link.closed:
                for key, _ in selector.select(timeout=0.05):
                    if link.closed:
                        break
                    self._forward(link, key.fileobj)  # type: ignore[arg-type]
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(Exception):
                selector.close()
            link.close(reset=False)
            with self._lock:
                self._links.discard(link)

    def _forward(self, link: _Link, source: socket.socket) -> None:
        data = source.recv(65536)
        if not data:
            link.close(reset=False)  # one side hung up: so does the other
            return
        to_client = source is link.server
        if not to_client and b"BEGIN" in data:
            link.in_transaction = True
        kind, first, seconds = self._choose(data, to_client)
        target = link.peer(source)
        if kind:
            self._count(kind)
        if kind in ("cut", "reset", "after_commit_cut", "after_commit_reset"):
            if first:
                target.sendall(data[:first])
            if link.in_transaction and kind in ("cut", "reset"):
                self._count("mid_transaction")
            link.close(reset=kind.endswith("reset"))
            return
        if kind == "delay":
            time.sleep(seconds)
        elif kind == "stall":
            target.sendall(data[:first])
            data = data[first:]
            self._stop.wait(seconds)
        if data:
            target.sendall(data)
        marker = self._freeze_marker
        if marker is not None and not to_client and marker in data:
            self._count("frozen")
            while not self._stop.is_set() and not link.closed:
                self._stop.wait(0.05)
            return
        if to_client and (_COMMIT_COMPLETE in data or _ROLLBACK_COMPLETE in data):
            link.in_transaction = False

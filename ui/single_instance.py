"""One Parley per profile: a second start hands its wish to the running one.

Why it exists: ``parley quick`` (issue 20) must open Quick ask in the Parley already running, and
a second ``parley`` should bring the open window forward rather than start a second window on
the same history. The running Parley listens on a local socket (``QLocalServer``: a Unix socket
on Linux and macOS, a named pipe on Windows); a new start connects, sends one word and exits.

The socket's name is per user and per data directory (``instance_name``): two profiles (and the
window tests, each with its own temporary data directory) never reach each other's Parley. On
Unix it is a socket file in the user's runtime directory (``server_address``), and a later start
asks it with Python's own ``socket``: the hand-over happens before Qt makes its application, and
does not load QtNetwork on the way to the first paint.

The protocol is one line each way: the client sends ``show`` or ``quick`` (``MESSAGES``), the
server answers ``ok``. Anything else is ignored and the connection closed.

Invariants it keeps:

- only this user can connect (``UserAccessOption``: the socket file is mode 0700-like);
- a socket left by a Parley that crashed does not block the next start: when nothing answers on
  it, ``listen`` takes the name over; a live Parley's name is never taken;
- ``hand_over`` waits at most ``CONNECT_MS`` + ``REPLY_MS`` (a start with no Parley running pays
  one failed connect, a few ms); the server side never blocks the UI thread (it reads on
  ``readyRead``).
"""

from __future__ import annotations

import getpass
import hashlib
import logging
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalSocket

log = logging.getLogger(__name__)

#: What a second start may ask of the running Parley.
MESSAGES = ("show", "quick")
#: How long a second start waits for the running Parley (ms).
CONNECT_MS = 500
REPLY_MS = 1500


def instance_name(data_dir: Path | str) -> str:
    """The local socket's name for this user and this data directory (stable, short)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container): the uid will do
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    resolved = str(Path(data_dir).expanduser().resolve())
    digest = hashlib.sha256(f"{user}\0{resolved}".encode()).hexdigest()[:16]
    return f"parley-{digest}"


def server_address(data_dir: Path | str) -> str:
    """Where the running Parley listens: a socket file in ``$XDG_RUNTIME_DIR`` (private to the
    user), else in the temporary directory, on Unix; the pipe's name on Windows."""
    name = instance_name(data_dir)
    if os.name == "nt":
        return name
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    return str(Path(base) / f"{name}.sock")


def hand_over(data_dir: Path | str, message: str) -> bool:
    """Ask the Parley running on ``data_dir`` to ``message`` ("show" or "quick"); True when it
    answered (this start should then end), False when none runs."""
    if message not in MESSAGES:
        raise ValueError(f"message must be one of {MESSAGES}, got {message!r}")
    address = server_address(data_dir)
    if os.name != "nt":
        return _hand_over_unix(address, message)
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(address)
    if not socket.waitForConnected(CONNECT_MS):
        return False
    socket.write(f"{message}\n".encode())
    socket.flush()
    answered = b""
    while b"\n" not in answered and socket.waitForReadyRead(REPLY_MS):
        answered += bytes(socket.readAll().data())
    socket.disconnectFromServer()
    return answered.strip() == b"ok"


def _hand_over_unix(address: str, message: str) -> bool:
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(CONNECT_MS / 1000)
        try:
            sock.connect(address)
        except OSError:  # no socket, or nobody listening on it: no Parley runs
            return False
        sock.settimeout(REPLY_MS / 1000)
        answered = b""
        try:
            sock.sendall(f"{message}\n".encode())
            while b"\n" not in answered:
                chunk = sock.recv(64)
                if not chunk:
                    break
                answered += chunk
        except OSError:
            return False
    return answered.strip() == b"ok"


class SingleInstance(QObject):
    """The running Parley's side: listens for later starts (module docstring)."""

    sig_message = Signal(str)
    """A later start asked for something: one of ``MESSAGES``."""

    def __init__(self, data_dir: Path | str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtNetwork import QLocalServer

        self.name = server_address(data_dir)
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        self._buffers: dict[int, bytes] = {}

    @property
    def listening(self) -> bool:
        return self.server.isListening()

    def listen(self) -> bool:
        """Start listening; False when another live Parley holds the name (or the socket
        cannot be made). A name left by a dead Parley is taken over."""
        from PySide6.QtNetwork import QAbstractSocket, QLocalServer, QLocalSocket

        # First ask: Qt would replace a live server's socket file (it makes the socket aside and
        # renames it into place), and the Parley behind it would never hear a later start.
        probe = QLocalSocket()
        probe.connectToServer(self.name)
        if probe.waitForConnected(CONNECT_MS):  # a live Parley answers: leave it alone
            probe.abort()
            return False
        if self.server.listen(self.name):
            return True
        if self.server.serverError() == QAbstractSocket.SocketError.AddressInUseError:
            QLocalServer.removeServer(self.name)  # a crash left the socket behind
            if self.server.listen(self.name):
                return True
        log.info("not listening for later starts: %s", self.server.errorString())
        return False

    def close(self) -> None:
        self.server.close()

    @Slot()
    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            if socket is None:
                break
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)

    def _read(self, socket: QLocalSocket) -> None:
        key = id(socket)
        data = self._buffers.get(key, b"") + bytes(socket.readAll().data())
        if b"\n" not in data:
            if len(data) > 64:  # not one of ours
                self._buffers.pop(key, None)
                socket.abort()
            else:
                self._buffers[key] = data
            return
        self._buffers.pop(key, None)
        word = data.split(b"\n", 1)[0].strip().decode("ascii", "replace")
        if word in MESSAGES:
            socket.write(b"ok\n")
            socket.flush()
            self.sig_message.emit(word)
        socket.disconnectFromServer()

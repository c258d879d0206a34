"""A tiny X11 client for the real-display tests: a system tray that is there, a close button.

Why it exists: Xvfb has no window manager and no system tray. Two things a desktop does are needed
to test "close to the tray" for real (issue 20): a tray must exist (Qt asks whether a client owns
the ``_NET_SYSTEM_TRAY_S0`` selection), and the window's close button must be clicked (the window
manager sends the window a ``WM_DELETE_WINDOW`` client message, which Qt turns into a
*spontaneous* close). Both are a few X requests, made here with ``ctypes`` and libxcb on a
connection of this test's own.

``TrayOwner`` owns the tray selection (with a window of its own) until ``close``; it never docks
an icon (Qt's icon waits for an embedder that does not come, which changes nothing Parley reads).
``ask_to_close(display, window_id)`` is the close button.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

_CURRENT_TIME = 0
_COPY_FROM_PARENT = 0
_INPUT_ONLY = 2
_CLIENT_MESSAGE = 33


class _Cookie(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint)]


class _ScreenIterator(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("rem", ctypes.c_int), ("index", ctypes.c_int)]


def _lib() -> Any:
    lib = ctypes.CDLL("libxcb.so.1")
    vp, u8, u16, u32 = ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32
    for name, args, res in (
        ("xcb_connect", [ctypes.c_char_p, vp], vp),
        ("xcb_connection_has_error", [vp], ctypes.c_int),
        ("xcb_disconnect", [vp], None),
        ("xcb_flush", [vp], ctypes.c_int),
        ("xcb_get_setup", [vp], vp),
        ("xcb_setup_roots_iterator", [vp], _ScreenIterator),
        ("xcb_generate_id", [vp], u32),
        ("xcb_intern_atom", [vp, u8, u16, ctypes.c_char_p], _Cookie),
        ("xcb_intern_atom_reply", [vp, _Cookie, vp], vp),
        (
            "xcb_create_window",
            [vp, u8, u32, u32, ctypes.c_int16, ctypes.c_int16, u16, u16, u16, u16, u32, u32, vp],
            _Cookie,
        ),
        ("xcb_set_selection_owner", [vp, u32, u32, u32], _Cookie),
        ("xcb_send_event_checked", [vp, u8, u32, u32, ctypes.c_char_p], _Cookie),
        ("xcb_request_check", [vp, _Cookie], vp),
    ):
        function = getattr(lib, name)
        function.argtypes = args
        function.restype = res
    return lib


class _Connection:
    def __init__(self, display: str) -> None:
        self.lib = _lib()
        self.libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        self.libc.free.argtypes = [ctypes.c_void_p]
        self.conn = self.lib.xcb_connect(display.encode(), None)
        if not self.conn or self.lib.xcb_connection_has_error(self.conn):
            raise OSError(f"cannot connect to X display {display}")
        iterator = self.lib.xcb_setup_roots_iterator(self.lib.xcb_get_setup(self.conn))
        self.root = ctypes.c_uint32.from_address(iterator.data).value

    def atom(self, name: str) -> int:
        cookie = self.lib.xcb_intern_atom(self.conn, 0, len(name), name.encode())
        reply = self.lib.xcb_intern_atom_reply(self.conn, cookie, None)
        try:
            return ctypes.c_uint32.from_address(reply + 8).value  # response, pad, seq, len, atom
        finally:
            self.libc.free(reply)

    def close(self) -> None:
        if self.conn:
            self.lib.xcb_disconnect(self.conn)
            self.conn = None


class TrayOwner:
    """A client that owns the system tray selection of screen 0 (module docstring)."""

    def __init__(self, display: str) -> None:
        self._x = _Connection(display)
        x = self._x
        self.window = x.lib.xcb_generate_id(x.conn)
        x.lib.xcb_create_window(
            x.conn, 0, self.window, x.root, 0, 0, 1, 1, 0, _INPUT_ONLY, _COPY_FROM_PARENT, 0, None
        )
        x.lib.xcb_set_selection_owner(
            x.conn, self.window, x.atom("_NET_SYSTEM_TRAY_S0"), _CURRENT_TIME
        )
        x.lib.xcb_flush(x.conn)

    def close(self) -> None:
        self._x.close()


def ask_to_close(display: str, window_id: int) -> None:
    """What a window manager does when the window's close button is clicked."""
    x = _Connection(display)
    try:
        protocols, delete = x.atom("WM_PROTOCOLS"), x.atom("WM_DELETE_WINDOW")
        event = bytearray(32)
        event[0] = _CLIENT_MESSAGE
        event[1] = 32  # format: 32-bit data
        event[4:8] = window_id.to_bytes(4, "little")
        event[8:12] = protocols.to_bytes(4, "little")
        event[12:16] = delete.to_bytes(4, "little")
        event[16:20] = _CURRENT_TIME.to_bytes(4, "little")
        # Checked: the reply (or error) comes back only once the server has sent the event on.
        cookie = x.lib.xcb_send_event_checked(x.conn, 0, window_id, 0, bytes(event))
        error = x.lib.xcb_request_check(x.conn, cookie)
        if error:
            code = ctypes.string_at(error, 2)[1]
            x.libc.free(error)
            raise OSError(f"the X server refused the close request (error {code})")
    finally:
        x.close()

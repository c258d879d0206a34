"""A key chord that opens Quick ask from any application, where the desktop allows one.

Why it exists: Quick ask (issue 20) is worth having only if it is one chord away while another
program has the keyboard. On X11 a client may take a *passive grab* on the root window for one
key and modifier set (``GrabKey``): the X server then sends that chord to it, whoever has the
focus. Wayland gives applications no such grab on purpose; there the desktop's own shortcut
settings run ``parley quick`` (``docs/user-guide/tray-and-quick-ask.md`` says how), and
``support()`` says so for the Settings page to show.

Design: a small ``ctypes`` binding to ``libxcb`` (on every X11 system; Qt's own X11 platform is
built on it), on a connection of its own, in a daemon thread. xcb reports a refused grab per
request (``xcb_request_check``), so "another application holds this chord" is known at once, with
no process-wide Xlib error handler. The thread sleeps in ``select`` on the connection's socket
and a pipe that ``stop`` writes to; a key press becomes ``sig_activated``, emitted from the thread
and delivered queued on the UI thread (the object lives there).

Invariants it keeps:

- the UI thread never waits on the X server: connecting, grabbing and reading run in the thread;
  the outcome of the grab comes back as ``sig_grab_result(ok, message)``;
- the chord is grabbed with and without Caps Lock and Num Lock, so it works in every lock state;
- ``stop`` ungrabs, closes the connection and joins the thread; a second ``start`` stops the
  first (one chord per ``GlobalShortcut``);
- a chord with no Ctrl, Alt or Super is refused (``parse``): a bare key grabbed for the whole
  desktop would be taken from every other program.

Errors: ``ShortcutError`` (a ``ValueError``) for a chord that cannot be grabbed as written.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import sys
import threading
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence

log = logging.getLogger(__name__)

#: The chord Quick ask gets unless the person chose another.
DEFAULT_CHORD = "Ctrl+Alt+Space"

# X11 modifier masks (X11/X.h) and the lock masks the grab is repeated with.
SHIFT, LOCK, CONTROL, MOD1, MOD2, MOD4 = 1, 2, 4, 8, 16, 64
_LOCK_VARIANTS = (0, LOCK, MOD2, LOCK | MOD2)
_XCB_KEY_PRESS = 2
_XCB_GRAB_MODE_ASYNC = 1
_BAD_ACCESS = 10

# Qt keys that are not printable ASCII -> X keysyms (X11/keysymdef.h).
_SPECIAL_KEYSYMS = {
    Qt.Key.Key_Escape: 0xFF1B,
    Qt.Key.Key_Tab: 0xFF09,
    Qt.Key.Key_Backspace: 0xFF08,
    Qt.Key.Key_Return: 0xFF0D,
    Qt.Key.Key_Enter: 0xFF8D,
    Qt.Key.Key_Insert: 0xFF63,
    Qt.Key.Key_Delete: 0xFFFF,
    Qt.Key.Key_Pause: 0xFF13,
    Qt.Key.Key_Print: 0xFF61,
    Qt.Key.Key_Home: 0xFF50,
    Qt.Key.Key_End: 0xFF57,
    Qt.Key.Key_Left: 0xFF51,
    Qt.Key.Key_Up: 0xFF52,
    Qt.Key.Key_Right: 0xFF53,
    Qt.Key.Key_Down: 0xFF54,
    Qt.Key.Key_PageUp: 0xFF55,
    Qt.Key.Key_PageDown: 0xFF56,
}


class ShortcutError(ValueError):
    """The chord cannot be grabbed as written (no key, no modifier, a key X has no name for)."""


@dataclass(frozen=True)
class Chord:
    """A parsed chord: the X keysym and the X modifier mask."""

    text: str
    keysym: int
    modifiers: int


@dataclass(frozen=True)
class Support:
    """Whether this desktop lets Parley grab a chord, and if not, what to tell the person."""

    available: bool
    note: str = ""


def support() -> Support:
    """What the running Qt platform allows (call with the QGuiApplication made)."""
    platform = QGuiApplication.platformName()
    if platform == "xcb":
        return Support(True)
    if platform.startswith("wayland") or os.environ.get("XDG_SESSION_TYPE") == "wayland":
        return Support(
            False,
            QCoreApplication.translate(
                "GlobalShortcut",
                "Wayland does not let applications take a key from the whole desktop. Add a "
                "shortcut in your desktop's keyboard settings that runs: parley quick",
            ),
        )
    return Support(
        False,
        QCoreApplication.translate(
            "GlobalShortcut",
            "A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or "
            "give your system's shortcut settings the command: parley quick",
        ).format(platform=platform or "?"),
    )


def parse(text: str) -> Chord:
    """``"Ctrl+Alt+Space"`` (``QKeySequence`` portable text) -> a ``Chord``."""
    sequence = QKeySequence.fromString(text.strip(), QKeySequence.SequenceFormat.PortableText)
    if sequence.isEmpty():
        raise ShortcutError(
            QCoreApplication.translate(
                "GlobalShortcut", "“{text}” is not a key chord (e.g. {chord})."
            ).format(text=text, chord=DEFAULT_CHORD)
        )
    combination = sequence[0]  # type: ignore[index]  # (PySide6 stubs lack __getitem__)
    key = combination.key()
    mods = combination.keyboardModifiers()
    mask = 0
    for qt_mod, x_mod in (
        (Qt.KeyboardModifier.ShiftModifier, SHIFT),
        (Qt.KeyboardModifier.ControlModifier, CONTROL),
        (Qt.KeyboardModifier.AltModifier, MOD1),
        (Qt.KeyboardModifier.MetaModifier, MOD4),
    ):
        if mods & qt_mod:
            mask |= x_mod
    if not mask & (CONTROL | MOD1 | MOD4):
        raise ShortcutError(
            QCoreApplication.translate(
                "GlobalShortcut",
                "{text} needs Ctrl, Alt or Super: a key alone belongs to every program.",
            ).format(text=text)
        )
    code = key.value if hasattr(key, "value") else int(key)
    if 0x20 <= code <= 0x7E:
        keysym = ord(chr(code).lower())
    elif Qt.Key.Key_F1.value <= code <= Qt.Key.Key_F35.value:
        keysym = 0xFFBE + (code - Qt.Key.Key_F1.value)
    elif key in _SPECIAL_KEYSYMS:
        keysym = _SPECIAL_KEYSYMS[key]
    else:
        raise ShortcutError(
            QCoreApplication.translate(
                "GlobalShortcut",
                "{text}: that key cannot be used; choose a letter, Space or F1 to F12.",
            ).format(text=text)
        )
    portable = sequence.toString(QKeySequence.SequenceFormat.PortableText)
    return Chord(portable, keysym, mask)


class _Xcb:
    """The few libxcb calls the grab needs (``ctypes``, loaded in the grab's thread: the
    window's start does not pay for it)."""

    def __init__(self) -> None:
        import ctypes
        import ctypes.util

        class Cookie(ctypes.Structure):
            _fields_ = [("sequence", ctypes.c_uint)]

        class ScreenIterator(ctypes.Structure):
            _fields_ = [("data", ctypes.c_void_p), ("rem", ctypes.c_int), ("index", ctypes.c_int)]

        self.ctypes: Any = ctypes
        self.Cookie, self.ScreenIterator = Cookie, ScreenIterator
        lib = ctypes.CDLL("libxcb.so.1")
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        self.free = libc.free
        self.free.argtypes = [ctypes.c_void_p]
        vp, u8, u16, u32 = ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32
        sig = {
            "xcb_connect": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], vp),
            "xcb_connection_has_error": ([vp], ctypes.c_int),
            "xcb_disconnect": ([vp], None),
            "xcb_get_setup": ([vp], vp),
            "xcb_setup_roots_iterator": ([vp], self.ScreenIterator),
            "xcb_get_keyboard_mapping": ([vp, u8, u8], self.Cookie),
            "xcb_get_keyboard_mapping_reply": ([vp, self.Cookie, vp], vp),
            "xcb_get_keyboard_mapping_keysyms": ([vp], ctypes.POINTER(u32)),
            "xcb_get_keyboard_mapping_keysyms_length": ([vp], ctypes.c_int),
            "xcb_grab_key_checked": ([vp, u8, u32, u16, u8, u8, u8], self.Cookie),
            "xcb_ungrab_key": ([vp, u8, u32, u16], self.Cookie),
            "xcb_request_check": ([vp, self.Cookie], vp),
            "xcb_flush": ([vp], ctypes.c_int),
            "xcb_get_file_descriptor": ([vp], ctypes.c_int),
            "xcb_poll_for_event": ([vp], vp),
        }
        for fname, (args, res) in sig.items():
            function = getattr(lib, fname)
            function.argtypes = args
            function.restype = res
            setattr(self, fname[4:], function)


class GlobalShortcut(QObject):
    """One desktop-wide chord on X11 (module docstring)."""

    sig_activated = Signal()
    """The chord was pressed (delivered on the UI thread)."""

    sig_grab_result = Signal(bool, str)
    """The grab was made (True, "") or refused (False, why, in words for the Settings page)."""

    def __init__(self, parent: QObject | None = None, display: str | None = None) -> None:
        super().__init__(parent)
        self._display = display  # None: $DISPLAY
        self._thread: threading.Thread | None = None
        self._wake_r, self._wake_w = -1, -1
        self.chord: Chord | None = None
        #: The last grab's outcome: None until known.
        self.grabbed: bool | None = None
        self.problem = ""
        self.sig_grab_result.connect(self._remember)

    def _remember(self, ok: bool, message: str) -> None:
        self.grabbed, self.problem = ok, message

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, text: str) -> bool:
        """Grab ``text`` (e.g. "Ctrl+Alt+Space") in a new thread; False (and
        ``sig_grab_result(False, why)``) when the chord cannot be parsed."""
        self.stop()
        self.grabbed, self.problem = None, ""
        try:
            chord = parse(text)
        except ShortcutError as exc:
            self.sig_grab_result.emit(False, str(exc))
            return False
        self.chord = chord
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(
            target=self._run, args=(chord, self._wake_r), name="global-shortcut", daemon=True
        )
        self._thread.start()
        return True

    def stop(self) -> None:
        """Ungrab and end the thread (waits for it briefly)."""
        thread, self._thread = self._thread, None
        if self._wake_w >= 0:
            with contextlib.suppress(OSError):
                os.write(self._wake_w, b"x")
        if thread is not None:
            thread.join(2.0)
        for fd in (self._wake_r, self._wake_w):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._wake_r, self._wake_w = -1, -1

    # -- the thread ----------------------------------------------------------------------------

    def _run(self, chord: Chord, wake: int) -> None:
        try:
            xcb: Any = _Xcb()
        except OSError as exc:
            self.sig_grab_result.emit(False, self.tr("libxcb is not available: {e}").format(e=exc))
            return
        name = self._display.encode() if self._display else None
        conn = xcb.connect(name, None)
        try:
            if not conn or xcb.connection_has_error(conn):
                self.sig_grab_result.emit(False, self.tr("Cannot reach the X display."))
                return
            root, keycodes = self._keycodes(xcb, conn, chord.keysym)
            if not keycodes:
                self.sig_grab_result.emit(
                    False, self.tr("The keyboard has no key for {chord}.").format(chord=chord.text)
                )
                return
            refused = self._grab(xcb, conn, root, keycodes, chord.modifiers)
            if refused:
                self._ungrab(xcb, conn, root, keycodes, chord.modifiers)
                self.sig_grab_result.emit(False, refused.format(chord=chord.text))
                return
            self.sig_grab_result.emit(True, "")
            self._listen(xcb, conn, wake, set(keycodes), chord.modifiers)
            self._ungrab(xcb, conn, root, keycodes, chord.modifiers)
        except Exception as exc:  # a broken display must not take the window with it
            log.warning("the global shortcut stopped: %s", exc)
            self.sig_grab_result.emit(False, str(exc))
        finally:
            if conn:
                xcb.disconnect(conn)

    @staticmethod
    def _keycodes(xcb: Any, conn: int, keysym: int) -> tuple[int, list[int]]:
        ctypes = xcb.ctypes
        setup = xcb.get_setup(conn)
        raw = ctypes.string_at(setup, 36)
        first, last = raw[34], raw[35]
        iterator = xcb.setup_roots_iterator(setup)
        root = ctypes.c_uint32.from_address(iterator.data).value
        cookie = xcb.get_keyboard_mapping(conn, first, last - first + 1)
        reply = xcb.get_keyboard_mapping_reply(conn, cookie, None)
        if not reply:
            return root, []
        try:
            per = ctypes.string_at(reply, 2)[1]  # keysyms_per_keycode
            count = xcb.get_keyboard_mapping_keysyms_length(reply)
            syms = xcb.get_keyboard_mapping_keysyms(reply)
            codes = sorted({first + i // per for i in range(count) if per and syms[i] == keysym})
        finally:
            xcb.free(reply)
        return root, codes

    def _grab(self, xcb: Any, conn: int, root: int, codes: list[int], mods: int) -> str:
        """Grab every keycode with every lock variant; "" or why it was refused."""
        ctypes = xcb.ctypes
        for code in codes:
            for lock in _LOCK_VARIANTS:
                cookie = xcb.grab_key_checked(
                    conn, 1, root, mods | lock, code, _XCB_GRAB_MODE_ASYNC, _XCB_GRAB_MODE_ASYNC
                )
                error = xcb.request_check(conn, cookie)
                if error:
                    kind = ctypes.string_at(error, 2)[1]
                    xcb.free(error)
                    if kind == _BAD_ACCESS:
                        return self.tr("Another application already uses {chord}.")
                    why = self.tr("The X server refused {chord} (error {code}).")
                    return why.replace("{code}", str(kind))
        return ""

    @staticmethod
    def _ungrab(xcb: Any, conn: int, root: int, codes: list[int], mods: int) -> None:
        for code in codes:
            for lock in _LOCK_VARIANTS:
                xcb.ungrab_key(conn, code, root, mods | lock)
        xcb.flush(conn)

    def _listen(self, xcb: Any, conn: int, wake: int, codes: set[int], mods: int) -> None:
        ctypes = xcb.ctypes
        fd = xcb.get_file_descriptor(conn)
        wanted = mods & (SHIFT | CONTROL | MOD1 | MOD4)
        while True:
            readable, _, _ = select.select([fd, wake], [], [])
            if wake in readable:
                return
            while True:
                event = xcb.poll_for_event(conn)
                if not event:
                    break
                try:
                    head = ctypes.string_at(event, 32)
                finally:
                    xcb.free(event)
                if head[0] & 0x7F != _XCB_KEY_PRESS:
                    continue
                state = int.from_bytes(head[28:30], sys.byteorder)
                if head[1] in codes and state & (SHIFT | CONTROL | MOD1 | MOD4) == wanted:
                    self.sig_activated.emit()
            if xcb.connection_has_error(conn):
                self.sig_grab_result.emit(False, self.tr("The X display connection was lost."))
                return

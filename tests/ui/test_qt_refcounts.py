"""Guard against a Qt binding that leaks references to Python's singletons.

PySide6 6.12.0 drops a reference to ``True`` on every signal emission (and to ``None`` on calls
that return nothing). On Python 3.11, where those objects are not immortal, the process aborts with
"bool_dealloc" after a few thousand emissions — a minute or two of streaming in Parley. The
dependency pin in pyproject.toml keeps that release out; this test fails loudly if a release with
the same defect gets in.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    sig = Signal(str)


def test_signal_emission_keeps_singleton_refcounts_stable(qtbot):
    emitter = _Emitter()
    received = []
    emitter.sig.connect(received.append)
    before_true, before_none = sys.getrefcount(True), sys.getrefcount(None)
    for _ in range(200):
        emitter.sig.emit("x")
    # A leak of one reference per emission would show as a drop of about 200.
    assert sys.getrefcount(True) > before_true - 50
    assert sys.getrefcount(None) > before_none - 50
    assert len(received) == 200

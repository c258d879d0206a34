"""The real operating-system sandbox for tests, or one clear skip naming the package.

Why it exists: every test that needs bubblewrap must skip the same way on a machine without it
(``make test`` prints one line naming the package; ``.ci/run`` installs it when it runs as root).
"""

from __future__ import annotations

import pytest

from parley.infrastructure.tools.confinement import Bubblewrap


def bubblewrap_or_skip(**options: object) -> Bubblewrap:
    """A probed :class:`Bubblewrap` (``options`` as its constructor takes), or ``pytest.skip``."""
    sandbox = Bubblewrap(**options)  # type: ignore[arg-type]
    if not sandbox.mechanism():
        pytest.skip(
            f"bubblewrap not available (install the 'bubblewrap' package): {sandbox.reason}"
        )
    return sandbox

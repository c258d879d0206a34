"""``python -m parley.ui.cli``: the ``parley`` command without its console-script shim (tests and
benchmarks start it so, from a checkout that was never installed)."""

import sys

from parley.ui.cli import main

sys.exit(main())

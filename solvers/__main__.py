"""``python -m solvers``: the Black Diamond command line (see :mod:`solvers.cli`)."""

import sys

from solvers.cli import main

sys.exit(main())

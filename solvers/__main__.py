"""``python -m solvers``: the Black Diamond command line (see :mod:`solvers.cli`)."""

import os
import sys

from solvers.cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader stopped early (``... | head``): not an error of ours, and no traceback.
    # Point stdout at devnull so the interpreter's final flush does not fail again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 0
sys.exit(code)

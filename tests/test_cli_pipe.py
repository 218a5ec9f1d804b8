"""A reader that stops early (``python -m solvers rule-table | head``) gets no traceback."""

import os
import subprocess
import sys


def test_closed_pipe_ends_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write, as after `head` quits
    try:
        proc = subprocess.run([sys.executable, "-m", "solvers", "rule-table"],
                              stdout=write_end, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)
    err = proc.stderr.decode()
    assert "Traceback" not in err, err
    assert proc.returncode == 0

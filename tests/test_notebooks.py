"""Every notebook runs top to bottom on a fresh kernel (widgets' comms answered headless)."""

from __future__ import annotations

import pytest
from harness import NOTEBOOKS, run_notebook

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.stem)
def test_notebook_runs_top_to_bottom(path):
    nb = run_notebook(path)
    errors = [out for cell in nb.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, errors

"""The solver notebooks' widgets, on the teaching widgets' base (``cardlib.widgets.base``).

* :mod:`solvers.widgets.solve_explorer`: pick a Black Diamond deal (a seed, or your own
  typed as it lies on the table), solve it with the exhaustive search or the CP-SAT model
  while watching it work (Stop ends it), step through the plan (notebook 05);
* :mod:`solvers.widgets.table_tools`: "Can this position still be won?" and "Show me a
  way" at a Black Diamond game table, about the position it shows (notebook 04);
* :mod:`solvers.widgets.running`: what both show while a solver runs (progress, Stop) and
  the plan as a numbered, copyable list;
* :mod:`solvers.widgets.arithmetic_explorer`: two diamonds and a card, and why the inner
  pile's arithmetic rule allows it or not (notebook 06).

Each module is imported on its own (the arithmetic explorer loads sympy), so a notebook
loads only what it shows.
"""

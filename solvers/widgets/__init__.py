"""The solver notebooks' widgets, on the teaching widgets' base (``cardlib.widgets.base``).

* :mod:`solvers.widgets.solve_explorer`: pick a Black Diamond deal, solve it with the
  exhaustive search or the CP-SAT model, step through the plan (notebook 05);
* :mod:`solvers.widgets.arithmetic_explorer`: two diamonds and a card, and why the inner
  pile's arithmetic rule allows it or not (notebook 06).

Each module is imported on its own (the arithmetic explorer loads sympy), so a notebook
loads only what it shows.
"""

"""Black Diamond as an OR-Tools CP-SAT model (issue 5): the second, declarative solver.

The exhaustive search (:mod:`solvers.search`) explores moves; this package states the
rules as constraints over a whole game and lets CP-SAT find a plan or prove that none
exists.  The two must agree on every deal, which is what makes each a check on the other.

* :mod:`.instance`: a game reduced to the integers the model reads;
* :mod:`.tables`: the placement rules as tables, computed from the engine's rule function;
* :mod:`.model`: the variables and one constraint group per rule;
* :mod:`.plans`: a known plan written in the model's variables (hints, and tests that a
  real winning line satisfies the model);
* :mod:`.solve`: ``solve(deal, time_limit=..., workers=...) -> SolveResult``, with every
  winning plan replayed through the engine;
* :mod:`.split`: ``split_solve(deal, work=...)``, the model on a deal split at the
  engine's first moves, for losses one model of the whole game takes too long to prove;
* :mod:`.backend`: OR-Tools, or where it cannot be imported (a browser) a package that
  still imports, :func:`available` False and :data:`NEEDS_DESKTOP`, the sentence a
  notebook cell shows instead of running CP-SAT.
"""

from .backend import NEEDS_DESKTOP, CpSatUnavailable, available
from .instance import Instance, UnsupportedVariant, instance_of
from .model import CONSTRAINT_GROUPS, BlackDiamondModel
from .solve import ReplayError, replay, solve

__all__ = [
    "CONSTRAINT_GROUPS", "NEEDS_DESKTOP", "BlackDiamondModel", "CpSatUnavailable",
    "Instance", "ReplayError", "UnsupportedVariant", "available", "instance_of", "replay",
    "solve",
]

"""``python -m solvers``: deal, solve and replay Black Diamond games from the command line.

* ``deal --seed N`` prints the deal of seed N as JSON (the spec's form), ``--text`` as the
  text form (``diamonds: …`` and ``black: …`` lines, see :meth:`Deal.from_text`);
* ``solve DEAL|-`` prints a solver's verdict as JSON (``--method search|simple|cpsat``,
  ``--time-limit S``, ``--workers N`` for cpsat, and the variants as flags);
* ``replay DEAL MOVES`` replays a move list (a JSON list of moves, a solve result holding
  one, or moves as text, one a line, numbered or not) and prints the outcome, or the first
  illegal move and why;
* ``rule-table`` prints the inner-pile rule as a JSON table (from ``solvers.arithmetic``);
* ``study --seeds 1..N --out FILE`` solves many seeded deals, one JSON line per deal,
  resumably, on a local process pool (``--workers W``) or a Dask cluster
  (``--scheduler ADDRESS``), then prints the summary (see :mod:`solvers.study`).

A deal file holds a deal in either form: JSON (it starts with ``{``: a deal, or a board)
or the text form, typed the way the cards lie on the table.  ``--time-limit`` counts the
search's CPU seconds (a busy machine does not turn a decided deal into ``unknown``);
CP-SAT's is its own wall-clock limit.

Bad input (a missing file, bad JSON, a malformed deal, a bad move) gives one clear line
on stderr and a non-zero exit status, never a traceback: exit 1 for an illegal move in a
replay, 2 for input that cannot be used at all.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardlib.blackdiamond import (
    BlackDiamond,
    BlackDiamondState,
    Deal,
    DealError,
    deal_from_seed,
    move_from_json,
    parse_move,
)
from cardlib.blackdiamond.rules import OPTIONS
from cardlib.protocol import BadMoveText, IllegalMove

FLAGS = tuple(option for option in OPTIONS if option.default is False)
"""The game's on/off options, each a command-line flag (declared once, in the rules)."""


class UsageError(Exception):
    """Input the command cannot use; the message is the one line printed on stderr."""


def _read_text(path: str, what: str) -> str:
    try:
        return sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise UsageError(f"cannot read {what} {path!r}: {exc.strerror or exc}") from None


def _looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[")


def _read_json(path: str, what: str, text: str | None = None) -> Any:
    if text is None:
        text = _read_text(path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} {path!r} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                         f"column {exc.colno}") from None


def _options(args: argparse.Namespace) -> dict[str, bool]:
    return {option.name: True for option in FLAGS if getattr(args, option.name, False)}


def _start(path: str, options: dict[str, bool]) -> tuple[BlackDiamondState, Deal | None]:
    """The game a file describes: a deal (JSON or text), or a board ``{"position": ...}`` /
    position form (JSON)."""
    text = _read_text(path, "deal")
    game = BlackDiamond()
    try:
        if not _looks_like_json(text):
            deal = Deal.from_text(text)
            return game.from_deal(deal, **options), deal
        data = _read_json(path, "deal", text)
        if isinstance(data, dict) and ("position" in data or "diamond_deck" in data):
            return game.from_position(data.get("position", data), **options), None
        deal = Deal.from_json(data)
        return game.from_deal(deal, **options), deal
    except DealError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _lazy(module: str, purpose: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and (module == exc.name or module.startswith(exc.name + ".")):
            raise UsageError(f"{purpose} needs the module {module}, which is not installed "
                             "in this checkout") from None
        raise


def cmd_deal(args: argparse.Namespace) -> int:
    deal = deal_from_seed(args.seed)
    if args.text:
        print(deal.to_text(), end="")
    else:
        print(json.dumps(deal.to_json()))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    options = _options(args)
    state, deal = _start(args.deal, options)
    if args.method == "search":
        from solvers import search

        variants = search.variants_on(state.options)
        why = search.unmodelled(variants)
        if why:
            flags = " ".join(f"--{name.replace('_', '-')}"
                             for name in search.unmodelled_variants(variants))
            raise UsageError(f"--method search: {why} ({flags}); use --method simple")
        result = search.solve(state, time_limit=args.time_limit)
    elif args.method == "simple":
        from solvers import simple_search

        result = simple_search.solve(state, time_limit=args.time_limit)
    else:
        if deal is None:
            raise UsageError("--method cpsat solves whole deals, not positions")
        if options:
            raise UsageError("--method cpsat plays the default rules; drop the variant flags")
        cpsat = _lazy("solvers.cpsat", "--method cpsat")
        extra = {} if args.workers is None else {"workers": args.workers}
        result = cpsat.solve(deal, time_limit=args.time_limit, **extra)
    print(json.dumps(result.to_json()))
    return 0


def _text_moves(text: str, path: str) -> list[Any]:
    """Moves typed one a line (``7S>NE``, ``replace N``, ``clear C``), each perhaps numbered
    (``12. 7S>NE``, as the notebooks' plan lists are copied); blank lines are skipped."""
    moves = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = re.sub(r"^\s*\d+[.):]?\s+", "", line).strip()
        if not words:
            continue
        try:
            moves.append(parse_move(words))
        except BadMoveText as exc:
            raise UsageError(f"{path}: line {number}: {exc}") from None
    return moves


def _moves(data: Any, path: str) -> list[Any]:
    if isinstance(data, dict) and "moves" in data:
        data = data["moves"]
    if not isinstance(data, list):
        raise UsageError(f"{path}: expected a JSON list of moves (or a solve result with "
                         "\"moves\")")
    moves = []
    for number, item in enumerate(data, start=1):
        try:
            moves.append(move_from_json(item))
        except BadMoveText as exc:
            raise UsageError(f"{path}: move {number}: {exc}") from None
    return moves


def cmd_replay(args: argparse.Namespace) -> int:
    state, _ = _start(args.deal, _options(args))
    text = _read_text(args.moves, "moves")
    moves = (_moves(_read_json(args.moves, "moves", text), args.moves)
             if _looks_like_json(text) else _text_moves(text, args.moves))
    for number, move in enumerate(moves, start=1):
        try:
            state = state.apply(move)
        except IllegalMove:
            why = state.explain(move)
            print(json.dumps({"illegal": number, "move": str(move), "rule": why.rule,
                              "explanation": why.text}))
            return 1
    print(json.dumps({"outcome": state.outcome, "placed": state.placed,
                      "moves": len(moves), "loss_reason": state.loss_reason}))
    return 0


def cmd_rule_table(args: argparse.Namespace) -> int:
    arithmetic = _lazy("solvers.arithmetic", "rule-table")
    print(json.dumps(arithmetic.rule_table()))
    return 0


def _study_task(args: argparse.Namespace) -> Any:
    """What each deal of a study runs: the exact solver, or a player who cannot see the
    decks (``--player``; the sampling player takes ``--samples`` and ``--sample-nodes``)."""
    from solvers import policies, study

    variants = tuple(sorted(_options(args)))
    if args.player is None:
        return study.SolveTask(variants, args.time_limit, args.max_nodes)
    params = ((("max_nodes", args.sample_nodes), ("samples", args.samples))
              if args.player == "sampling" else ())
    return policies.PolicyTask(args.player, params, variants)


def _first(seeds: Sequence[int], shown: int = 100) -> list[int | str]:
    """The seeds, or the first ``shown`` of them and how many more (a player loses many)."""
    if len(seeds) <= shown:
        return list(seeds)
    return [*seeds[:shown], f"... {len(seeds) - shown} more"]


def cmd_study(args: argparse.Namespace) -> int:
    from solvers import study

    try:
        seeds = study.parse_seeds(args.seeds)
        with study.executor(args.workers, args.scheduler) as pool:
            rows = study.run(seeds, Path(args.out), pool, _study_task(args),
                             in_flight=study.capacity(pool, args.workers),
                             progress=not args.quiet)
    except study.StudyError as exc:
        raise UsageError(str(exc)) from None
    summary = study.summarize(rows)
    print(json.dumps({"deals": summary.deals, "wins": summary.wins,
                      "losses": summary.losses, "unknown": summary.unknown,
                      "win_rate": summary.rate, "low": summary.low, "high": summary.high,
                      "lost_seeds": _first(summary.lost_seeds),
                      "unknown_seeds": _first(summary.unknown_seeds),
                      "seconds": summary.seconds, "nodes": summary.nodes}))
    return 0


def _time(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("the time limit must be positive")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m solvers",
                                  description="Deal, solve and replay Black Diamond games.")
    commands = top.add_subparsers(dest="command", required=True)

    deal = commands.add_parser("deal", help="print the deal of a seed as JSON")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--text", action="store_true",
                      help="print the text form (diamonds: / black: lines) instead of JSON")
    deal.set_defaults(run=cmd_deal)

    def variants(sub: argparse.ArgumentParser) -> None:
        for option in FLAGS:
            sub.add_argument("--" + option.name.replace("_", "-"), dest=option.name,
                             action="store_true", help=option.doc)

    solve = commands.add_parser("solve", help="decide a deal: win (with moves), loss, unknown")
    solve.add_argument("deal", help="deal file (JSON or text form), or - for stdin")
    solve.add_argument("--time-limit", type=_time, default=None, metavar="S",
                       help="give up with 'unknown' after S seconds: CPU seconds for the "
                       "searches, wall-clock seconds for CP-SAT")
    solve.add_argument("--method", choices=("search", "simple", "cpsat"), default="search")
    solve.add_argument("--workers", type=int, default=None, metavar="N",
                       help="CP-SAT workers (only with --method cpsat)")
    variants(solve)
    solve.set_defaults(run=cmd_solve)

    replay = commands.add_parser("replay", help="replay moves on a deal through the rules")
    replay.add_argument("deal", help="deal file (JSON or text form), or - for stdin")
    replay.add_argument("moves", help="JSON list of moves, a solve result, or moves as "
                        "text, one a line")
    variants(replay)
    replay.set_defaults(run=cmd_replay)

    batch = commands.add_parser("study", help="solve many seeded deals into a JSON Lines "
                                "file (resumable), then print the win rate")
    batch.add_argument("--seeds", required=True, metavar="A..B",
                       help="seeds to solve: A..B, N, or a comma list of them")
    batch.add_argument("--out", required=True, metavar="FILE",
                       help="JSON Lines file to append to; seeds decided in it are skipped")
    batch.add_argument("--workers", type=_count, default=2, metavar="W",
                       help="local worker processes (default 2)")
    batch.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler (tcp://host:8786) to solve on instead")
    batch.add_argument("--time-limit", type=_time, default=None, metavar="S",
                       help="seconds per deal, after which its verdict is unknown")
    batch.add_argument("--max-nodes", type=_count, default=None, metavar="N",
                       help="states per deal, after which its verdict is unknown")
    batch.add_argument("--player", choices=("random", "heuristic", "sampling"),
                       help="let a player who does not see the decks play each deal, "
                       "instead of solving it")
    batch.add_argument("--samples", type=_count, default=2, metavar="K",
                       help="deck orders the sampling player deals per move (default 2)")
    batch.add_argument("--sample-nodes", type=_count, default=4095, metavar="N",
                       help="search states per sample (default 4095; checked every 4096)")
    batch.add_argument("--quiet", action="store_true", help="no progress bar")
    variants(batch)
    batch.set_defaults(run=cmd_study)

    table = commands.add_parser("rule-table", help="print the inner-pile rule table as JSON")
    table.set_defaults(run=cmd_rule_table)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130

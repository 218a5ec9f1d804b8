"""Fingerprint what each game does, to prove a refactor changed nothing.

Plays seeded games with seeded bots under several option sets and hashes, per category,
everything a user or a test can observe: the explanation of every candidate move at every
position, every seat's view (its text and its data), the saved game, the scores and the
ranking, the bots' choices, and the pictures.  Run it before and after a change and compare
the lines: a category whose hash moved is a behaviour that changed.

    .venv/bin/python benchmarks/fingerprint.py            # one line per game and category

Each game has its own lines, so a change meant for one game shows that the others kept
theirs.  Pictures are a separate category on purpose: a redrawn table changes them by design.

A view's own fields that still hold the default they were declared with are left out of the
hash, as options at their defaults are left out of the saves: a field added later for an
option that is not in play (Cruce's auction form) then leaves the fingerprint of the games
without it as it was.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

from cardlib import display, games

CATEGORIES = ("explain", "legal", "labels", "views", "saves", "results", "bots", "pictures")


def _data(value: Any, top: bool = True) -> Any:
    """A view's fields as plain data (dataclasses, tuples, cards), for hashing; the view's
    own fields at their declared defaults left out (``top``)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _data(getattr(value, f.name), False) for f in fields(value)
                if f.name not in ("options", "variant")
                and not (top and _at_default(value, f))}
    if isinstance(value, tuple | list):
        return [_data(v, False) for v in value]
    return str(value)


def _at_default(value: Any, field: Any) -> bool:
    """Whether ``field`` of ``value`` was declared with a default and still holds it."""
    return field.default is not MISSING and getattr(value, field.name) == field.default


class Fingerprint:
    def __init__(self) -> None:
        self.hashes = {name: hashlib.sha256() for name in CATEGORIES}

    def add(self, category: str, *parts: Any) -> None:
        self.hashes[category].update(json.dumps(parts, default=str).encode())

    def position(self, state: Any, game: Any) -> None:
        if state.is_over:
            return
        offer = getattr(state, "candidate_moves", None)
        moves = list(offer()) if offer else state.legal_moves()
        label = getattr(game, "move_label", str)
        self.add("legal", [str(m) for m in state.legal_moves()])
        for move in moves:
            self.add("explain", str(move), str(state.explain(move)))
            self.add("labels", label(move))
        seats = range(4) if game.name == "hearts" else range(1)
        for seat in seats:
            view = state.view(seat)
            self.add("views", str(view), _data(view))
            self.add("pictures", display.html(view))
        self.add("pictures", display.html(state))


def play(fp: Fingerprint, game: Any, state: Any, choose: Callable[[Any], Any],
         limit: int = 10_000) -> Any:
    for _ in range(limit):
        if state.is_over:
            break
        fp.position(state, game)
        move = choose(state)
        fp.add("bots", str(move))
        state = state.apply(move)
    saved = game.save(state)
    # Saves list every option; options added later (``players``, a new variant) appear at
    # their defaults.  Keeping only the options that differ from their defaults compares
    # old and new saves like for like.
    defaults = {option.name: option.default for option in game.options}
    options = saved["start"].get("options", {})
    saved["start"]["options"] = {name: value for name, value in options.items()
                                 if name not in defaults or defaults[name] != value}
    fp.add("saves", saved)
    fp.add("results", state.is_over, list(state.scores()), str(state))
    if hasattr(state, "ranking"):
        fp.add("results", state.ranking())
    return state


def half_random(rng: random.Random, thumb: Any) -> Callable[[Any], Any]:
    """Moves half at random, half by the rule-of-thumb bot ``thumb``: random play reaches the
    odd corners of the rules, the bot the positions real games reach."""

    def choose(state: Any) -> Any:
        if rng.random() < 0.5:
            return rng.choice(state.legal_moves())
        return thumb.choose(state)

    return choose


def hearts(fp: Fingerprint) -> None:
    from cardlib.hearts.bots import MonteCarloBot, RuleOfThumbBot

    game = games.get("hearts")
    option_sets = [{}, {"moon": "shooter-choice", "jd_bonus": True,
                        "avoid_all_tricks_bonus": True},
                   {"qs_breaks_hearts": True, "can_lead_hearts_instead_of_qs": True,
                    "first_trick_void": "heart-not-queen", "end_score": 30},
                   {"pass_cards": False, "must_break_hearts": False, "end_when": "exceed",
                    "tie_for_first": "play-on", "can_lead_any_club": True}]
    for seed in range(6):
        for options in option_sets:
            choose = half_random(random.Random(f"fp:{seed}"), RuleOfThumbBot())
            play(fp, game, game.new(seed=seed, **options), choose, limit=600)
    # The Monte Carlo bot, a few decisions of one hand.
    bot = MonteCarloBot(seed=3, playouts=40)
    state = game.new(seed=11, pass_cards=False)
    for _ in range(8):
        move = bot.choose(state)
        fp.add("bots", str(move))
        state = state.apply(move)
    fp.add("results", str(state))


def black_diamond(fp: Fingerprint) -> None:
    game = games.get("black-diamond")
    option_sets = [{}, {"stuck_per_card": True, "replaced_under_deck": True},
                   {"arithmetic_centre": True, "strict_end": True}]
    for seed in range(1, 9):
        for options in option_sets:
            rng = random.Random(f"fp:{seed}")
            play(fp, game, game.new(seed=seed, **options),
                 lambda state, rng=rng: rng.choice(state.legal_moves()))


def cruce(fp: Fingerprint) -> None:
    """Cruce at 2, 3 and 4 players under several option sets, half random, half
    rule-of-thumb moves, and a few Monte Carlo decisions at two players (the stock)."""
    from cardlib.cruce.bots import MonteCarloBot, RuleOfThumbBot

    game = games.get("cruce")
    option_sets = [{}, {"must_head": True, "trump": "declarer-names"},
                   {"training": True, "all_pass": "dealer-bids-one", "made_bid": "bid"},
                   {"marriage_needs_trick": True, "failed_bid": "seed-literal",
                    "all_pass": "redeal", "end_rule": "lead-by-two", "target": 11}]
    for seed in range(4):
        for players in game.player_counts:
            for options in option_sets:
                choose = half_random(random.Random(f"fp:{seed}"), RuleOfThumbBot())
                play(fp, game, game.new(seed=seed, players=players, hand_limit=2, **options),
                     choose, limit=400)
    bot = MonteCarloBot(seed=3, playouts=20)
    state = game.new(seed=5, players=2)
    for _ in range(8):
        move = bot.choose(state)
        fp.add("bots", str(move))
        state = state.apply(move)
    fp.add("results", str(state))



def random_games(name: str, option_sets: list[dict[str, Any]], seeds: range,
                 limit: int) -> Callable[[Fingerprint], None]:
    """Seeded random play of game ``name`` under each option set (cut at ``limit`` moves)."""
    def run(fp: Fingerprint) -> None:
        game = games.get(name)
        for seed in seeds:
            for options in option_sets:
                rng = random.Random(f"fp:{name}:{seed}")
                play(fp, game, game.new(seed=seed, **options),
                     lambda state, rng=rng: rng.choice(state.legal_moves()), limit=limit)
    return run


GAMES: dict[str, Callable[[Fingerprint], None]] = {
    "hearts": hearts,
    "black-diamond": black_diamond,
    "cruce": cruce,
    "diams": random_games("diams", [{}, {"players": 4, "length": "quick"}], range(3),
                          limit=400),
    "diamonds": random_games("diamonds", [{}, {"players": 3, "finite_supply": True}],
                             range(3), limit=400),
}


def main() -> None:
    for game, run in GAMES.items():
        fp = Fingerprint()
        run(fp)
        for name in CATEGORIES:
            print(f"{game:13} {name:9} {fp.hashes[name].hexdigest()[:16]}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

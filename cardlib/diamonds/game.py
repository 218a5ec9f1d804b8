"""Diamonds as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The class ties Diamonds' parts to the shared protocol.  The rules and options live in
:mod:`.rules`, the seats and card bits in :mod:`.deck`, the crystals and suit actions in
:mod:`.crystals`, the end of a round in :mod:`.round_end`, the moves in :mod:`.moves`, the
deals in :mod:`.deal`, what a move does in :mod:`.state`, its words in :mod:`.explain` and
what a seat sees in :mod:`.view`.  The game knows the two ways a game starts (from a seed,
or from given hands for a scene), each saved so that ``game.load`` rebuilds it, and it sets
``DiamondsState.game``; that is why this module imports the state and never the other way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.diamonds.crystals import Crystals
from cardlib.diamonds.deal import Opening, checked_hands, first_dealer, seeded_deal
from cardlib.diamonds.deck import HAND_SIZE, ROUNDS, SEATS, codes_of
from cardlib.diamonds.moves import DiamondsMove, move_label, parse_move
from cardlib.diamonds.rules import RULES, Options
from cardlib.diamonds.state import DiamondsState, start_round
from cardlib.protocol import Game


class Diamonds(Game):
    """Diamonds (Mike Fitzgerald, 2014) as the seed and ``spec/diamonds.md`` describe it:
    2 to 6 players, 60 cards numbered 1 to 15, tricks that earn suit actions, crystals in
    vaults (worth double) and showrooms."""

    name = "diamonds"
    title = "Diamonds"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, **options: Any) -> DiamondsState:
        """A new game; the first dealer and every round's deal follow from ``seed``."""
        chosen = self.make_options(**options)
        players = chosen.players
        dealer = first_dealer(seed, players)
        return start_round(chosen, seed, Opening(), 0, dealer,
                           seeded_deal(seed, 0, dealer, players),
                           Crystals.setup(players, chosen.finite_supply), ())

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], *, dealer: int = 0,
                   round: int = 0, vault: Sequence[int] | None = None,
                   showroom: Sequence[int] | None = None, supply: int | None = None,
                   pass_cards: bool = True, seed: int | str = 0,
                   **options: Any) -> DiamondsState:
        """A scene: the round ``round`` starts with the given ``hands`` (seat 0 first, one
        size, 1 to 10 cards; 10 when ``pass_cards``) dealt by ``dealer``, and the crystals
        as given (default: as set out before the first round).  ``pass_cards=False``
        starts at the first lead.  Later rounds are dealt from ``seed``."""
        masks = checked_hands(hands)
        players = options.pop("players", len(masks))
        if players != len(masks):
            raise ValueError(f"players={players} but {len(masks)} hands given")
        chosen = self.make_options(players=players, **options)
        if isinstance(dealer, bool) or dealer not in range(players):
            raise ValueError(f"dealer={dealer!r}: seats are 0..{players - 1}")
        if isinstance(round, bool) or not isinstance(round, int) \
                or round not in range(ROUNDS[players]):
            raise ValueError(f"round={round!r}: a game of {players} has rounds "
                             f"0..{ROUNDS[players] - 1}")
        if isinstance(pass_cards, bool) is False:
            raise ValueError(f"pass_cards={pass_cards!r}: give True or False")
        if pass_cards and masks[0].bit_count() != HAND_SIZE:
            raise ValueError(f"a round with a pass needs hands of {HAND_SIZE} cards; give "
                             "pass_cards=False for a shorter scene")
        start = Crystals.setup(players, chosen.finite_supply)
        if supply is not None and not chosen.finite_supply:
            raise ValueError(f"supply={supply!r} needs the option finite_supply=True")
        crystals = Crystals.given(start.vault if vault is None else vault,
                                  start.showroom if showroom is None else showroom,
                                  start.supply if supply is None else supply)
        if len(crystals.vault) != players:
            raise ValueError(f"give {players} vaults and showrooms, one per seat")
        opening = Opening(tuple(codes_of(m) for m in masks), dealer,
                          round, crystals.vault, crystals.showroom, crystals.supply,
                          pass_cards)
        return start_round(chosen, seed, opening, round, dealer, masks, crystals, (),
                           pass_cards=pass_cards)

    def from_start_record(self, start: Mapping[str, Any]) -> DiamondsState:
        # A game of 2 to 6 players cannot guess its count: the options must be there.
        options = dict(start["options"])
        if "hands" in start:
            return self.from_hands(start["hands"], dealer=start["dealer"],
                                   round=start["round"], vault=start["vault"],
                                   showroom=start["showroom"], supply=start["supply"],
                                   pass_cards=start["pass_cards"], seed=start["seed"],
                                   **options)
        return self.new(seed=start["seed"], **options)

    def parse_move(self, text: str) -> DiamondsMove:
        """``7D`` or ``play 7D``; ``pass 7D``; ``announce 2``; ``rob Cat``."""
        return parse_move(text)

    def move_label(self, move: DiamondsMove) -> str:
        """A short label for a move button: ``7♦``, ``pass 7♦``, ``pass 2 cards``."""
        return move_label(move)

    def seat_names(self, players: int) -> tuple[str, ...]:
        """Ann, Ben, Cat, …: the board's names, which ``rob Cat`` writes too."""
        return SEATS[:players]


GAME = Diamonds()
"""The one Diamonds game: what ``games.get("diamonds")`` returns and every state's ``game``."""
DiamondsState.game = GAME

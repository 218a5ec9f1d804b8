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
from cardlib.diamonds.deck import HAND_SIZE, ROUNDS, SEATS, read_card
from cardlib.diamonds.moves import DiamondsMove, move_label, parse_move
from cardlib.diamonds.rules import RULES, Options
from cardlib.diamonds.state import DiamondsState
from cardlib.tricks import HandsGame


class Diamonds(HandsGame):
    """Diamonds (Mike Fitzgerald, 2014) as the seed and ``spec/diamonds.md`` describe it:
    2 to 6 players, 60 cards numbered 1 to 15, tricks that earn suit actions, crystals in
    vaults (worth double) and showrooms.

    ``new(seed)`` draws the first dealer and deals every round from the seed;
    ``from_hands`` starts a scene (the kit's :class:`~cardlib.tricks.HandsGame`, a round
    being a hand)."""

    name = "diamonds"
    title = "Diamonds"
    rules = RULES
    Options = Options
    State = DiamondsState
    deck_words = "the Diamonds deck (1 to 15 in four suits)"
    keeps_totals = False
    """The score is the crystals: a scene gives vaults and showrooms, not totals."""
    scripted_fields = ("dealer", "vault", "showroom", "supply", "pass_cards")

    def hand_sizes(self, options: Options) -> tuple[int, ...]:
        """A scene's hands hold 1 to 10 cards (10 when the round starts with its pass)."""
        return tuple(range(1, HAND_SIZE + 1))

    def read_cards(self, hand: Iterable[Card | str] | str) -> tuple[Card, ...]:
        """Cards numbered as players number them, ``1D`` .. ``15D`` (see ``read_card``)."""
        texts = hand.replace(",", " ").split() if isinstance(hand, str) else hand
        return tuple(read_card(card) for card in texts)

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], *, dealer: int = 0,
                   round: int = 0, vault: Sequence[int] | None = None,
                   showroom: Sequence[int] | None = None, supply: int | None = None,
                   pass_cards: bool = True, seed: int | str = 0,
                   **options: Any) -> DiamondsState:
        """A scene: the round ``round`` starts with the given ``hands`` (seat 0 first, one
        size, 1 to 10 cards; 10 when ``pass_cards``) dealt by ``dealer``, and the crystals
        as given (default: as set out before the first round).  ``pass_cards=False``
        starts at the first lead.  Later rounds are dealt from ``seed``."""
        return super().from_hands(  # type: ignore[return-value]
            hands, seed=seed, hand_number=options.pop("hand_number", round), dealer=dealer,
            vault=vault, showroom=showroom, supply=supply, pass_cards=pass_cards, **options)

    def check_scripted(self, options: Options, hands: tuple[int, ...], hand_number: int,
                       fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The dealer, the round (a game of ``players`` has ``ROUNDS[players]``), the pass
        and the crystals of a scene."""
        players = options.players
        dealer, pass_cards = fields.get("dealer", 0), fields.get("pass_cards", True)
        vault, showroom = fields.get("vault"), fields.get("showroom")
        supply = fields.get("supply")
        if isinstance(dealer, bool) or dealer not in range(players):
            raise ValueError(f"dealer={dealer!r}: seats are 0..{players - 1}")
        if hand_number not in range(ROUNDS[players]):
            raise ValueError(f"round={hand_number!r}: a game of {players} has rounds "
                             f"0..{ROUNDS[players] - 1}")
        if not isinstance(pass_cards, bool):
            raise ValueError(f"pass_cards={pass_cards!r}: give True or False")
        if pass_cards and hands[0].bit_count() != HAND_SIZE:
            raise ValueError(f"a round with a pass needs hands of {HAND_SIZE} cards; give "
                             "pass_cards=False for a shorter scene")
        start = Crystals.setup(players, options.finite_supply)
        if supply is not None and not options.finite_supply:
            raise ValueError(f"supply={supply!r} needs the option finite_supply=True")
        crystals = Crystals.given(start.vault if vault is None else vault,
                                  start.showroom if showroom is None else showroom,
                                  start.supply if supply is None else supply)
        if len(crystals.vault) != players:
            raise ValueError(f"give {players} vaults and showrooms, one per seat")
        saved = {"dealer": dealer, "vault": crystals.vault, "showroom": crystals.showroom,
                 "supply": crystals.supply, "pass_cards": pass_cards}
        return saved, {"dealer": dealer, "crystals": crystals, "pass_cards": pass_cards}

    def from_start_record(self, start: Mapping[str, Any]) -> DiamondsState:
        # A game of 2 to 6 players cannot guess its count: the options must be there.  A
        # record saved before the kit's layer names the round ``round``.
        start = {**start, "options": dict(start["options"])}
        if "round" in start:
            start["hand_number"] = start.pop("round")
        return super().from_start_record(start)  # type: ignore[return-value]

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

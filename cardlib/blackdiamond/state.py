"""The state of a Black Diamond game and what each move does to it.

A state is an immutable value: the board (a :class:`~.position.Position`'s fields), the
options, how the game started (for saving), and, once the game is over, its outcome and
the rule that ended it.  ``apply`` (from the shared protocol) checks a move against
``_legal_moves`` and returns a new state, so a refused move leaves the old one untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from cardlib.cards import Card, codes
from cardlib.display import Drawable
from cardlib.protocol import Explanation, GameState, Verdict

from .deal import Deal
from .moves import Clear, Move, Play, Replace
from .position import Position
from .rules import (
    PILE_BY_NAME,
    PILE_INDEX,
    PILES,
    POSITION_INDEX,
    POSITIONS,
    REFILL_ORDER,
    Options,
    can_place,
    check_placement,
)

if TYPE_CHECKING:
    from .game import BlackDiamond

BLACK_TOTAL = 26
"""Black cards in a full game; ``scores()`` counts placed cards out of these."""

DEFAULT_OPTIONS = Options()
"""The rules as the spec reads them, every variant off."""


@dataclass(frozen=True)
class BlackDiamondView(Drawable):
    """What the player sees: the board, the hand, how many cards each deck still holds,
    and the top diamond only while stuck with a replace available (at the table that card
    is drawn first and placed after, so the player sees it before choosing where)."""

    diamonds: tuple[Card, ...]
    piles: Mapping[str, tuple[Card, ...]]
    hand: tuple[Card, ...]
    black_left: int
    diamonds_left: int
    next_diamond: Card | None
    stuck: bool
    placed: int
    outcome: str | None
    loss_reason: str | None


@dataclass(frozen=True, eq=True)
class BlackDiamondState(GameState):
    """One moment of a game (see the module docstring)."""

    game: ClassVar[BlackDiamond]

    diamonds: tuple[Card, ...]
    diamond_deck: tuple[Card, ...]
    hand: tuple[Card, ...]
    black_deck: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    options: Options = DEFAULT_OPTIONS
    deal: Deal | None = None
    seed: int | str | None = None
    start_position: Position | None = None
    outcome: str | None = None
    end_rule: str | None = None
    loss_reason: str | None = None
    history: tuple[Any, ...] = field(default=(), kw_only=True)
    replacing: bool = field(default=False, kw_only=True)
    """A run of replacements is under way (variant ``repeat_replace`` only): the last move
    was a replace, so another may follow even if the player is no longer stuck.  A board
    (:meth:`position`) starts outside such a run."""

    # --- building ------------------------------------------------------------------------
    @classmethod
    def from_position(
        cls,
        position: Position,
        options: Options = DEFAULT_OPTIONS,
        *,
        deal: Deal | None = None,
        seed: int | str | None = None,
    ) -> BlackDiamondState:
        """A game starting at ``position`` (from a deal, or any board for tests/puzzles)."""
        state = cls(position.diamonds, position.diamond_deck, position.hand,
                    position.black_deck, position.piles, options, deal, seed,
                    None if deal is not None else position)
        return state._settle()

    def position(self) -> Position:
        """This board as a :class:`Position` (to save it, or to start a game from it)."""
        return Position(self.diamonds, self.diamond_deck, self.hand, self.black_deck,
                        self.piles)

    # --- reading the board ---------------------------------------------------------------
    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards on pile ``name``, bottom first."""
        return self.piles[PILE_INDEX[name]]

    def diamond(self, pos: str) -> Card:
        """The diamond at position ``pos``."""
        return self.diamonds[POSITION_INDEX[pos]]

    @property
    def placed(self) -> int:
        """Black cards placed so far: those no longer in the hand or the black deck."""
        return BLACK_TOTAL - len(self.hand) - len(self.black_deck)

    def top(self, name: str) -> Card | None:
        cards = self.pile(name)
        return cards[-1] if cards else None

    def placements(self, card: Card) -> list[str]:
        """The piles ``card`` may go on now (placement rules only)."""
        return [pile.name for pile in PILES
                if can_place(card, pile, self.diamonds, self.top(pile.name),
                             arithmetic_centre=self.options.arithmetic_centre)]

    @property
    def can_play(self) -> bool:
        """Some card in the hand has a legal placement."""
        return any(self.placements(card) for card in self.hand)

    @property
    def stuck(self) -> bool:
        """May the player replace or clear now?  (Default: no hand card can be placed;
        variant ``stuck_per_card``: some hand card cannot be placed.)"""
        if self.outcome is not None or not self.hand:
            return False
        if self.options.stuck_per_card:
            return any(not self.placements(card) for card in self.hand)
        return not self.can_play

    @property
    def may_replace(self) -> bool:
        """May the player replace a diamond now?  Only with a diamond in the deck, and
        when stuck or (variant ``repeat_replace``) in a run of replacements."""
        if self.outcome is not None or not self.diamond_deck:
            return False
        return self.stuck or self.replacing

    # --- protocol ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def scores(self) -> list[float]:
        """Black cards placed (26 on a win): one player, so more is better."""
        return [float(self.placed)]

    def verdict(self) -> Verdict:
        """Won or lost, and why: the end rule the game stopped by (``end_rule``) with its
        reason, and how many black cards were placed."""
        placed = f"{self.placed} of {BLACK_TOTAL} black cards placed"
        if self.outcome == "win":
            return Verdict((0,), f"all {BLACK_TOTAL} black cards are placed", self.end_rule or "")
        if self.outcome == "loss":
            return Verdict((), f"{self.loss_reason} ({placed})", self.end_rule or "")
        return Verdict((), f"the game is still going ({placed})")

    def start_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"options": self.options.as_dict()}
        if self.deal is not None:
            record["deal"] = self.deal.to_json()
        if self.seed is not None:
            record["seed"] = self.seed
        if self.start_position is not None:
            record["position"] = self.start_position.to_json()
        return record

    def view(self, seat: int = 0) -> BlackDiamondView:
        stuck = self.stuck
        show_next = self.may_replace
        return BlackDiamondView(
            diamonds=self.diamonds,
            piles={p.name: cards for p, cards in zip(PILES, self.piles, strict=True)},
            hand=self.hand,
            black_left=len(self.black_deck),
            diamonds_left=len(self.diamond_deck),
            next_diamond=self.diamond_deck[0] if show_next else None,
            stuck=stuck,
            placed=self.placed,
            outcome=self.outcome,
            loss_reason=self.loss_reason,
        )

    def candidate_moves(self) -> list[Move]:
        """Moves a learner may *try* (the game-table widget offers these, legal or not):
        every hand card on every pile, replacing each diamond, clearing each non-empty
        pile."""
        if self.is_over:
            return []
        moves: list[Move] = [Play(card, pile.name) for card in self.hand for pile in PILES]
        moves += [Replace(pos) for pos in POSITIONS]
        moves += [Clear(pile.name) for pile, cards in zip(PILES, self.piles, strict=True)
                  if cards]
        return moves

    # --- hooks ---------------------------------------------------------------------------
    def _legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves: list[Move] = [Play(card, pile) for card in self.hand
                             for pile in self.placements(card)]
        if self.may_replace:
            moves += [Replace(pos) for pos in POSITIONS]
        if self.stuck:
            moves += [Clear(p.name) for p, cards in zip(PILES, self.piles, strict=True)
                      if cards]
        return moves

    def _not_stuck(self) -> Explanation | None:
        """Why replace/clear are refused now, or None if the player is stuck."""
        if self.stuck:
            return None
        playable = [(card, self.placements(card)) for card in self.hand]
        can = [f"{card} can still go on {piles[0]}" for card, piles in playable if piles]
        if self.options.stuck_per_card:
            return Explanation(False, "black-diamond.stuck-per-card",
                               "not stuck: every card in your hand can still be placed ("
                               + "; ".join(can) + ")")
        return Explanation(False, "black-diamond.stuck", "not stuck: " + can[0])

    def _refill_words(self, touches: tuple[str, ...]) -> str:
        needed, left = len(touches), len(self.diamond_deck)
        words = f"refill {', '.join(touches)} from the diamond deck"
        if left < needed:
            words += (f", which loses: the diamond deck holds {left} of the {needed} "
                      "diamonds needed")
        return words

    def _explain(self, move: Any) -> Explanation:
        if isinstance(move, Play):
            if move.pile not in PILE_BY_NAME:
                return Explanation(False, "black-diamond.layout",
                                   f"there is no pile {move.pile!r}")
            if move.card not in self.hand:
                held = " and ".join(codes(self.hand)) or "nothing"
                return Explanation(False, "black-diamond.hand",
                                   f"{move.card} is not in your hand (you hold {held})")
            why = check_placement(move.card, move.pile, self.diamonds, self.top(move.pile),
                                  arithmetic_centre=self.options.arithmetic_centre)
            if why.legal:
                pile = PILE_BY_NAME[move.pile]
                if len(self.pile(move.pile)) + 1 == pile.limit:
                    return Explanation(True, why.rule, why.text + f"; it fills {pile.name} "
                                       f"to its limit {pile.limit}, which clears it and will "
                                       + self._refill_words(pile.touches))
            return why
        if isinstance(move, Replace):
            if move.pos not in POSITION_INDEX:
                return Explanation(False, "black-diamond.layout",
                                   f"there is no diamond position {move.pos!r}")
            refusal = None if self.replacing else self._not_stuck()
            if refusal is not None:
                return refusal
            if not self.diamond_deck:
                return Explanation(False, "black-diamond.replace",
                                   "the diamond deck is empty: nothing to replace with")
            if not self.stuck:  # only in a run of replacements (variant repeat_replace)
                return Explanation(True, "black-diamond.replace-repeat",
                                   f"still replacing: the top diamond {self.diamond_deck[0]} "
                                   f"replaces {self.diamond(move.pos)} at {move.pos} (you "
                                   "may go on while the diamond deck holds cards)")
            return Explanation(True, "black-diamond.replace",
                               f"stuck: the top diamond {self.diamond_deck[0]} replaces "
                               f"{self.diamond(move.pos)} at {move.pos}")
        if isinstance(move, Clear):
            if move.pile not in PILE_BY_NAME:
                return Explanation(False, "black-diamond.layout",
                                   f"there is no pile {move.pile!r}")
            refusal = self._not_stuck()
            if refusal is not None:
                return refusal
            cards = self.pile(move.pile)
            if not cards:
                return Explanation(False, "black-diamond.clear",
                                   f"{move.pile} holds no cards: nothing to clear")
            pile = PILE_BY_NAME[move.pile]
            return Explanation(True, "black-diamond.clear",
                               f"stuck: clear {move.pile} ({len(cards)} card"
                               f"{'s' if len(cards) != 1 else ''}) and "
                               + self._refill_words(pile.touches))
        return Explanation(False, "black-diamond.moves",
                           f"{move!r} is not a Black Diamond move (CARD>PILE, "
                           "'replace POS' or 'clear PILE')")

    def _next(self, move: Move) -> BlackDiamondState:
        history = self.history + (move,)
        if isinstance(move, Play):
            hand = tuple(c for c in self.hand if c != move.card)
            index = PILE_INDEX[move.pile]
            piles = list(self.piles)
            piles[index] = piles[index] + (move.card,)
            state = replace(self, hand=hand, piles=tuple(piles), history=history,
                            replacing=False)
            if len(piles[index]) == PILE_BY_NAME[move.pile].limit:
                state = state._cleared(move.pile)
            if not state.hand and state.black_deck and not state.is_over:
                state = replace(state, hand=state.black_deck[:2],
                                black_deck=state.black_deck[2:])
            return state._settle()
        if isinstance(move, Replace):
            i = POSITION_INDEX[move.pos]
            new, deck = self.diamond_deck[0], self.diamond_deck[1:]
            if self.options.replaced_under_deck:
                deck = deck + (self.diamonds[i],)
            diamonds = self.diamonds[:i] + (new,) + self.diamonds[i + 1:]
            return replace(self, diamonds=diamonds, diamond_deck=deck, history=history,
                           replacing=self.options.repeat_replace)._settle()
        state = replace(self, history=history, replacing=False)._cleared(move.pile)
        return state._settle()

    def _cleared(self, name: str) -> BlackDiamondState:
        """Pile ``name`` cleared and the diamonds it touches refilled in N, E, S, W order;
        a refill the deck cannot complete ends the game (as many as possible are made)."""
        pile = PILE_BY_NAME[name]
        piles = list(self.piles)
        piles[PILE_INDEX[name]] = ()
        diamonds, deck = list(self.diamonds), self.diamond_deck
        short = []
        for pos in REFILL_ORDER:
            if pos in pile.touches:
                if deck:
                    diamonds[POSITION_INDEX[pos]], deck = deck[0], deck[1:]
                else:
                    short.append(pos)
        state = replace(self, piles=tuple(piles), diamonds=tuple(diamonds), diamond_deck=deck)
        if short:
            return replace(state, outcome="loss", end_rule="black-diamond.end.refill",
                           loss_reason=f"clearing {name} needs {len(pile.touches)} "
                           f"diamond{'s' if len(pile.touches) > 1 else ''} but the deck "
                           f"ran out before {', '.join(short)}")
        return state

    def _settle(self) -> BlackDiamondState:
        """Decide whether the game has just ended (win, strict-end loss, stuck loss)."""
        if self.outcome is not None:
            return self
        if not self.hand and not self.black_deck:
            if self.options.strict_end and not self.diamond_deck:
                return replace(self, outcome="loss", end_rule="black-diamond.end.strict",
                               loss_reason="every black card is placed, but the diamond "
                               "deck ran out (strict end)")
            return replace(self, outcome="win", end_rule="black-diamond.end.win")
        if not self.diamond_deck and not self.can_play:
            return replace(self, outcome="loss", end_rule="black-diamond.end.stuck",
                           loss_reason="stuck with an empty diamond deck: "
                           f"{' and '.join(codes(self.hand))} "
                           f"fit{'s' if len(self.hand) == 1 else ''} nowhere")
        return self

    def __str__(self) -> str:
        lines = ["  ".join(f"{pos}={self.diamond(pos)}" for pos in POSITIONS)]
        for pile, cards in zip(PILES, self.piles, strict=True):
            if cards:
                lines.append(f"{pile.name:>2}: {' '.join(codes(cards))}")
        lines.append(f"hand: {' '.join(codes(self.hand)) or '-'}   black deck "
                     f"{len(self.black_deck)}, diamond deck {len(self.diamond_deck)}")
        if self.outcome:
            lines.append(f"{self.outcome}" + (f": {self.loss_reason}" if self.loss_reason
                                              else ""))
        return "\n".join(lines)

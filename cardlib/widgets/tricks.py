"""Teaching steps for any trick game: a scripted scene, "try a card" and "play it out".

A rule of a trick game is learnt fastest at one moment of a hand: *this* trick, *this*
hand, your turn.  The steps here put the learner there and answer with the engine's own
words, never their own:

* :class:`Scene` (here): a moment of a hand as data (the hands dealt, the cards played
  since), built by the engine, so a script that broke a rule fails instead of teaching it;
* :class:`~cardlib.widgets.try_card.TryCard`: click any card of the hand; see
  ``state.explain`` (verdict, rule id, the rule's words) and, for a legal card, what
  happens to the trick.  Nothing is played;
* :class:`~cardlib.widgets.play_out.PlayOut`: play on from the scene, your cards by your
  clicks, or let the bots finish the trick or the hand; every move is told with its label
  and its rule id.

What the steps ask of a trick game, beyond the protocol (Hearts has all three):

* ``game.from_hands(hands, **kwargs)``, the hands given seat 0 first;
* a move that plays a card carries it as ``move.card`` (the kit's ``CardMove``; or the
  move is the card itself) and is written as the card's code alone (``str(move) ==
  move.card.code``), so its button can look like the card; a move that names a card but
  does something else (a pass, an announcement) is written otherwise.  Nothing here reads
  a card back from move text, so any deck's codes work (``QS``, the numbered ``15D``);
* ``state.current_trick`` (a :class:`cardlib.tricks.Trick`: the cards on the table and
  who led) and ``state.tricks`` (the tricks finished in this hand): when their count
  grows a trick was taken, by the next trick's leader; when it drops a new hand began.

What a game supplies, in a :class:`TrickTeaching`: its hand order, its board picture and
its words (seat names, plain words for rule ids, the points a trick carries).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import display
from cardlib.bots import Bot
from cardlib.cards import Card
from cardlib.protocol import Game, GameState
from cardlib.svg import BLACK, RED
from cardlib.tricks import CardMove
from cardlib.widgets.base import add_classes

SHRINK = {"width": "auto", "align_self": "flex-start"}
"""A button as wide as its label (a VBox stretches its children otherwise)."""


# --- what a game supplies -------------------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """One scripted moment of a hand: the hands dealt (card codes, seat 0 first), the
    moves played since (their texts, in play order: earlier tricks, then this one), the
    ``start`` keyword arguments of ``game.from_hands`` (options included), and the option
    a learner may switch at this step.

    :meth:`state` replays the script through the engine, so a scene whose script broke a
    rule fails to build instead of teaching a wrong game.
    """

    game: Game
    name: str
    title: str
    hands: tuple[str, ...]
    plays: str = ""
    start: Mapping[str, Any] = field(default_factory=dict, hash=False)
    switch: str | None = None
    """The option offered as a switch beside the position (None: no switch)."""

    def __post_init__(self) -> None:
        if type(self.game).from_hands is Game.from_hands:  # the protocol's: no hands
            raise TypeError(f"scene {self.name!r}: {self.game.name} offers no "
                            "from_hands(hands, ...), which scenes are built with")
        if self.switch is not None and self.switch not in {o.name for o in self.game.options}:
            raise ValueError(f"scene {self.name!r}: {self.game.name} has no option "
                             f"{self.switch!r} to switch")

    def state(self, **changes: Any) -> GameState:
        """The position, with ``changes`` to the ``start`` arguments (options, totals…)."""
        state = self.game.from_hands(self.hands, **{**self.start, **changes})
        for number, text in enumerate(self.plays.split(), start=1):
            try:
                state = state.apply(text)
            except ValueError as exc:
                raise ValueError(f"scene {self.name!r}, move {number} ({text}): {exc}") \
                    from exc
        return state


@dataclass(frozen=True)
class TrickTeaching:
    """What one trick game gives the generic steps (see the module docstring).

    ``hand_order`` is a sort key for a hand's cards, as the game's picture fans them;
    ``board(state, seat, scale)`` draws the position for the steps (default: the picture
    the game's renderer registered, zoomed to ``scale``); ``words`` gives plain words for
    rule ids whose rule text is not enough (or that the rule book lacks); ``seats`` names
    the seats (default: the game's ``seat_names``); ``points(state)`` is what each seat
    has taken in tricks this hand, when tricks carry points; ``bot()`` makes the game's
    rule-of-thumb bot (default: seeded random bots); ``scenes`` are the game's scenes by
    name; ``scale`` is the size of a step's board beside the prose.
    """

    game: Game
    hand_order: Callable[[Card], Any]
    board: Callable[[GameState, int, float], str] | None = None
    words: Mapping[str, str] = field(default_factory=dict, hash=False)
    seats: Sequence[str] = ()
    points: Callable[[GameState], Sequence[int]] | None = None
    bot: Callable[[], Bot] | None = None
    scenes: Mapping[str, Scene] = field(default_factory=dict, hash=False)
    scale: float = 1.0

    @property
    def prefix(self) -> str:
        """The start of the steps' CSS names: the game's name (``hearts-try-card``)."""
        return self.game.name

    def seat_name(self, seat: int) -> str:
        """``seat`` as the board names it: ``seats`` if given, else the game's names."""
        if self.seats:
            return self.seats[seat]
        return self.game.seat_names(max(self.game.player_counts))[seat]

    def rule_words(self, rule: str) -> str:
        """The plain words for ``rule``: the game's own, else the rule text, else none."""
        if rule in self.words:
            return self.words[rule]
        return self.game.rules[rule].text if rule in self.game.rules else ""

    def picture(self, state: GameState, seat: int, scale: float) -> str:
        if self.board is not None:
            return self.board(state, seat, scale)
        view = state.view(seat)
        html = display.html(view) or f"<pre>{escape(str(view))}</pre>"
        return html if scale == 1 else f"<div style='zoom:{scale:g}'>{html}</div>"

    def in_hand_order(self, moves: Sequence[Any]) -> list[Any]:
        """The card moves of ``moves`` in hand order, then any other moves."""
        cards = [m for m in moves if card_of(m) is not None]
        others = [m for m in moves if card_of(m) is None]
        return sorted(cards, key=lambda move: self.hand_order(card_of(move))) + others

    def position(self, position: str | Scene | GameState,
                 options: Mapping[str, Any] | None) -> tuple[Scene | None, GameState]:
        """The scene (None for a bare state) and the state a step starts from."""
        if isinstance(position, GameState):
            if options:
                raise ValueError("options change a scene; a given state keeps its own")
            return None, position
        scene = position if isinstance(position, Scene) else self.scenes.get(position)
        if scene is None:
            raise ValueError(f"unknown scene {position!r}; scenes: {', '.join(self.scenes)}")
        return scene, scene.state(**(options or {}))

    def points_line(self, state: GameState) -> str:
        """``Points taken this hand: North <b>0</b>, …`` (empty without ``points``)."""
        if self.points is None:
            return ""
        taken = self.points(state)
        return "Points taken this hand: " + ", ".join(
            f"{escape(self.seat_name(s))} <b>{p}</b>" for s, p in enumerate(taken))

    def trick_words(self, before: GameState, after: GameState, learner: int) -> str:
        """Who took the trick the move from ``before`` to ``after`` finished, and its
        points: ``West takes the trick, with 13 points in it``."""
        winner = after.current_trick.leader      # the winner of a trick leads the next one
        who = "You take" if winner == learner else f"{self.seat_name(winner)} takes"
        if self.points is None:
            return f"{who} the trick"
        points = self.points(after)[winner] - self.points(before)[winner]
        worth = f"{points} point{'s' if points != 1 else ''}" if points else "no points"
        return f"{who} the trick, with {worth} in it"


# --- reading a trick game ------------------------------------------------------------------

def card_of(move: Any) -> Card | None:
    """The card ``move`` plays (its ``card``, or the move itself in a game whose moves are
    cards), when the move is the play of that card; None for any other move (a bid, a
    choice, or a pass that names a card but is written ``pass 7D``: a play is written as
    its card's code alone)."""
    if isinstance(move, Card):
        return move
    card = getattr(move, "card", None)
    if isinstance(card, Card) and str(move) == card.code:
        return card
    return None


def playing(card: Card | str, moves: Sequence[Any], game: Game) -> Any:
    """The move that plays ``card`` (a Card, or its code as the game writes it: ``QS``,
    ``12H`` in Diamonds).  ``moves`` are the candidate moves: the game's kind of card move
    among them reads the card (a bad code raises ``BadCard`` naming it), and a card not in
    the hand gets its move too, for the rules to refuse.  A game whose moves are no
    ``CardMove`` reads the card's code with ``parse_move``."""
    kind = next((type(m) for m in moves if isinstance(m, CardMove) and card_of(m)), None)
    if kind is not None:
        return kind(card)            # interned: the very move of ``moves`` when it is there
    if isinstance(card, Card):
        found = [move for move in moves if card_of(move) == card]
        return found[0] if found else game.parse_move(card.code)
    move = game.parse_move(card)
    if card_of(move) is None:
        raise ValueError(f"{card!r} is not a card to play")
    return move


def trick_ended(before: GameState, after: GameState) -> bool:
    """Whether the move from ``before`` to ``after`` finished a trick."""
    return after.is_over or len(after.tricks) != len(before.tricks)


def hand_ended(before: GameState, after: GameState) -> bool:
    """Whether the move from ``before`` to ``after`` finished the hand."""
    return after.is_over or len(after.tricks) < len(before.tricks)


def card_button(card: Card, prefix: str, *css: str, toggle: bool = False) -> widgets.Button:
    """A button that looks like the card's corner: its label in the suit's colour, CSS
    classes ``css`` and ``<prefix>-card-<code>`` (``hearts-card-QS``)."""
    kind = widgets.ToggleButton if toggle else widgets.Button
    button = kind(description=card.label, tooltip=card.name,
                  layout={"width": "auto", "min_width": "46px"})
    button.style.text_color = RED if card.is_red else BLACK
    button.style.font_weight = "bold"
    button.card_code = card.code
    return add_classes(button, *css, f"{prefix}-card-{card.code}")


__all__ = ["SHRINK", "Scene", "TrickTeaching", "card_button", "card_of", "hand_ended",
           "playing", "trick_ended"]

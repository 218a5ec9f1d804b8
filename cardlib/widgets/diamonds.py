"""The Diamonds teaching widgets: one for each step of notebook 02.

A rule is learnt fastest by trying it.  Each widget puts the learner in front of one
decision or one moment of a round and answers with the engine's own code: a card is
judged by ``state.explain``, a move played by ``state.apply``, a suit action performed
by :func:`cardlib.diamonds.crystals.perform`, the end of a round worked out by
:func:`cardlib.diamonds.round_end.round_end`, a score read from the crystals.  Nothing
here restates a rule, so a widget cannot teach something the game would not do.

* :class:`CardOrder`: a card led and a card played to it: which takes the trick.
* :class:`SetupDemo`: vaults, showrooms and the supply, seen by one seat or by everyone.
* :class:`PassDemo`: as dealer, announce the pass, choose your cards, see what comes.
* :class:`TryCard`, :class:`PlayOut`: the kit's trick steps (:mod:`cardlib.widgets.tricks`)
  with Diamonds' scenes, hand order and picture (:data:`DIAMONDS`).
* :class:`ActionDemo`: take the four suit actions and watch the crystals move.
* :class:`TrickActions`: step through a trick move by move: when each action comes;
  :meth:`TrickActions.last_trick`, the end of a real round and its ties.
* :class:`MajorityTable`: who took how many cards of each suit, and who gets what.
* :class:`ScoreBoard`: vault and showroom points, the scores and the winner.
* The whole game is the generic :class:`~cardlib.widgets.table.GameTable`: its setup
  panel chooses the players (2 to 6), the bots and the options.

For tests, each widget's state is plain Python, and every control carries a
``diamonds-*`` CSS class for the browser tests.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import games
from cardlib.bots import Bot
from cardlib.cards import SUIT_SYMBOLS, Card
from cardlib.diamonds import Announce, DiamondsState, Pass
from cardlib.diamonds.bots import RuleOfThumbBot
from cardlib.diamonds.crystals import ActionDone, Crystals, SuitAction, perform, replay
from cardlib.diamonds.deal import seeded_deal
from cardlib.diamonds.deck import (
    HAND_SIZE,
    LAYOUT,
    ROUNDS,
    SEATS,
    SUITS,
    TRICKS,
    cards_of,
    codes_of,
    read_card,
)
from cardlib.diamonds.round_end import RoundEnd, round_end, suit_counts
from cardlib.render.diamonds import (
    actions_html,
    crystals_svg,
    hand_key,
    round_end_html,
    rounds_html,
    table_scene,
    touched,
)
from cardlib.render.table import table_svg
from cardlib.svg import BLACK, RED
from cardlib.tricks import winning_index
from cardlib.widgets import play_out, try_card
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.tricks import SHRINK, Scene, TrickTeaching, card_button

GAME = games.get("diamonds")
ANN = 0
"""The learner sits as Ann (seat 0) in every widget, at the bottom of the table."""
STEP_SCALE = 1.0
"""Step widgets draw the table full size, as Diam's do: a lesson projects them, and at a
smaller scale the seat lines and the info line shrank to 8 or 9 pixels."""


# --- Scenes: scripted moments of a round -------------------------------------------------------

# The last round of a 4-player game; Ben deals, so Cat leads.  Ann is the learner.
#   trick 1  Cat 10♥, Dan 6♥, Ann 12♥, Ben 9♥: Ann takes it, a ♥ action (showroom 4)
#   trick 2  Ann 7♠, Ben 11♠, Cat 4♠, Dan 15♠: Dan takes it, a ♠ action (showroom → vault)
#   trick 3  Dan 5♣; Ann has no club: 11♦ earns a ♦ action at once; Ben 1♣; Cat 13♣
#            takes it, a ♣ action: Cat robs 1 point from a showroom (Ann's 4, the most)
STORY = ("3H 12H 7S 14D 11D", "9H 5S 11S 1C 6D", "10H 4S 8C 13C 2D", "6H 1S 15S 5C 9D")
STORY_START = {"dealer": 1, "round": ROUNDS[4] - 1, "pass_cards": False}
STORY_PLAYS = ("10H 6H 12H 9H", "7S 11S 4S 15S")
MOMENT_MOVES = ("5C", "11D", "1C", "13C", "rob Ann")
"""Trick 3 of the story, move by move (:class:`TrickActions`)."""

# Dan deals the last round, so Ann leads; can she take no trick at all?
NO_TRICK = ("12D 5H 9S 2C", "3D 8H 10S 12C", "15D 3H 4S 14C", "6D 13H 7S 1C")


def _scene(name: str, title: str, hands: tuple[str, ...], plays: str = "",
           **start: Any) -> Scene:
    return Scene(GAME, name, title, hands, plays, start or STORY_START)


SCENES: dict[str, Scene] = {scene.name: scene for scene in (
    _scene("follow-suit", "Trick 1: Cat led the 10♥, Dan played the 6♥", STORY, "10H 6H"),
    _scene("void", "Trick 3: Dan led the 5♣ and you have no club", STORY,
           " ".join(STORY_PLAYS) + " 5C"),
    _scene("moments", "Trick 3, from its first card", STORY, " ".join(STORY_PLAYS)),
    _scene("no-trick", "The last round: take no trick if you can", NO_TRICK, dealer=3,
           round=ROUNDS[4] - 1, pass_cards=False),
)}


# --- What Diamonds gives the generic trick steps -----------------------------------------------

def board_html(state: DiamondsState, seat: int, scale: float = STEP_SCALE) -> str:
    """The table seen from ``seat`` and, under it, the crystals as ``seat`` sees them."""
    view = state.view(seat)
    crystals = Crystals(tuple(view.vault if s == seat else 0 for s in range(view.players)),
                        view.showroom, view.supply)
    return (f"<div data-diamonds-seat='{seat}' data-diamonds-phase='{state.phase}'>"
            f"{table_svg(table_scene(view), scale)}"
            f"<div>{crystals_svg(crystals, view.names, viewer=seat)}</div>"
            f"{actions_html(view.last_done, view.names)}</div>")


DIAMONDS = TrickTeaching(GAME, hand_key, board=board_html, seats=SEATS,
                         bot=RuleOfThumbBot, scenes=SCENES, scale=STEP_SCALE)
"""Diamonds for the generic trick steps: hand order, table picture, seat names, bots."""


class TryCard(try_card.TryCard):
    """A Diamonds position (a name from :data:`SCENES`, a :class:`Scene` or a state):
    click a card of your hand, see the verdict (:class:`cardlib.widgets.try_card.TryCard`)."""

    def __init__(self, scene: str | Scene | DiamondsState, *,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(DIAMONDS, scene, options=options, scale=scale)


class PlayOut(play_out.PlayOut):
    """A Diamonds scene played on by you and the rule-of-thumb bots, every move told
    (:class:`cardlib.widgets.play_out.PlayOut`)."""

    def __init__(self, scene: str | Scene | DiamondsState, *,
                 bots: Mapping[int, Bot] | None = None,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(DIAMONDS, scene, bots=bots, options=options, scale=scale)

    def _result_html(self) -> str:
        """The scores, the crystals, and what the round's end gave out (majorities, the
        no-trick bonus)."""
        state = self.state
        return (super()._result_html() + rounds_html(state.results[-1:], state.names)
                + crystals_svg(state.crystals, state.names, title="the crystals"))


def players_picker(players: int, css: str) -> widgets.ToggleButtons:
    """Buttons for the number of players, one per count the game allows."""
    return add_classes(widgets.ToggleButtons(
        options=list(GAME.player_counts), value=players, description="players",
        style={"button_width": "40px"}), css)


def _card_options() -> list[tuple[str, Card]]:
    return [(card.label, card) for card in sorted(cards_of(LAYOUT.full), key=hand_key)]


def _cards_html(cards: Sequence[Card]) -> str:
    """Cards as coloured labels (``11♦``): the deck is numbered 1 to 15."""
    return " ".join(f"<b style='color:{RED if card.is_red else BLACK}'>"
                    f"{escape(card.label)}</b>" for card in cards)


# --- 1. The deck: which card takes the trick ---------------------------------------------------

class CardOrder(TeachingWidget):
    """A card led and a card played to it: which one takes the trick, and which suit
    action that earns.  The winner is the trick kit's, with Diamonds' rank order."""

    def __init__(self, led: Card | str = "11D", other: Card | str = "14D"):
        super().__init__("diamonds-step", "diamonds-order", prefix="diamonds")
        options = _card_options()
        self.led_box = add_classes(widgets.Dropdown(options=options, description="led",
                                                    layout={"width": "220px"}),
                                   "diamonds-order-led")
        self.other_box = add_classes(widgets.Dropdown(options=options, description="then",
                                                      layout={"width": "220px"}),
                                     "diamonds-order-other")
        self.result = add_classes(widgets.HTML(), "diamonds-order-result")
        self.winner: Card | None = None
        self.children = [widgets.HBox([self.led_box, self.other_box]), self.result,
                         self.message]
        self.on_change(self.led_box, lambda _: self._judge())
        self.on_change(self.other_box, lambda _: self._judge())
        self.choose(led, other)

    def choose(self, led: Card | str, other: Card | str) -> Card:
        """Set both cards, as the menus would; returns the card that takes the trick."""
        led_card, other_card = read_card(led), read_card(other)
        if led_card == other_card:
            raise ValueError(f"{led_card.label} is one card: choose two")
        with self.quietly():
            self.led_box.value, self.other_box.value = led_card, other_card
        return self._judge()

    def _judge(self) -> Card:
        led, other = self.led_box.value, self.other_box.value
        if led == other:
            self.say("The same card twice: choose another.", "illegal")
            return led
        self.winner = (led, other)[winning_index((led, other), TRICKS)]
        suit = SUIT_SYMBOLS[led.suit]
        if other.suit != led.suit:
            why = (f"{_cards_html([other])} is not a {suit}: a card off the suit led never "
                   f"wins (its player earns a {SUIT_SYMBOLS[other.suit]} action instead)")
        else:
            why = f"both are {suit}, and the higher number wins"
        self.result.value = (f"<div data-diamonds-winner='{self.winner.code}'>"
                             f"{_cards_html([self.winner])} takes the trick: {why}. The "
                             f"winner takes a {suit} action, the suit led.</div>")
        self.say("")
        return self.winner


# --- 2. Vaults, showrooms and the supply -------------------------------------------------------

class SetupDemo(TeachingWidget):
    """The crystals after a round of play (rule-of-thumb bots, a seeded deal), seen by one
    seat (other vaults hidden) or by everyone, for 2 to 6 players and either supply."""

    def __init__(self, players: int = 4, seed: int = 2, finite_supply: bool = False,
                 seen_by: int | None = ANN):
        super().__init__("diamonds-step", "diamonds-setup", prefix="diamonds")
        self.seed = seed
        self.players_box = players_picker(players, "diamonds-setup-players")
        self.supply_box = add_classes(widgets.ToggleButtons(
            options=[("unlimited", False), ("235 points", True)], value=finite_supply,
            description="supply"), "diamonds-setup-supply")
        self.seen_box = add_classes(widgets.ToggleButtons(description="seen by"),
                                    "diamonds-setup-seen")
        self.picture = add_classes(widgets.HTML(), "diamonds-setup-picture")
        for control in (self.players_box, self.supply_box, self.seen_box):
            control.style.description_width = "initial"
        self.on_change(self.players_box, lambda players: self.show(players, self.seen_box.value))
        self.on_change(self.supply_box, lambda _: self._draw())
        self.on_change(self.seen_box, lambda _: self._draw())
        self.children = [self.players_box, self.supply_box, self.seen_box, self.picture,
                         self.message]
        self.state: DiamondsState = GAME.new(seed=seed)
        self.show(players, seen_by)

    def show(self, players: int | None = None, seen_by: int | None = ANN) -> None:
        """Show ``players`` seats (default: as chosen) seen by ``seen_by`` (None: by
        everyone, as at the end of the game), as the buttons would."""
        with self.quietly():
            if players is not None:
                self.players_box.value = players
            count = self.players_box.value
            self.seen_box.options = [*((SEATS[s], s) for s in range(count)),
                                     ("everyone (the end)", None)]
            self.seen_box.value = seen_by if seen_by is None or seen_by < count else ANN
        self._draw()

    def _draw(self) -> None:
        players, seat = self.players_box.value, self.seen_box.value
        if seat is not None and seat >= players:
            self.show(players, ANN)
            return
        self.state = after_one_round(self.seed, players, self.supply_box.value)
        if seat is None:
            words = "At the end of the game every vault is opened and counted."
        else:
            view = self.state.view(seat)
            known = replay(Crystals.setup(players, self.supply_box.value),
                           seen_actions(self.seed, players, self.supply_box.value, seat))
            others = ", ".join(f"{SEATS[s]} {known.vault[s]}" for s in range(players)
                               if s != seat)
            words = (f"{SEATS[seat]} sees their own vault ({view.vault}) and every showroom. "
                     "The other vaults are behind screens (?), but every point in them got "
                     "there by an action everyone saw, so following the actions of the "
                     f"round {SEATS[seat]} knows them anyway: {others}.")
            if view.supply is not None:
                words += (f" Counting the supply and the showrooms gives their total too: "
                          f"{view.hidden}.")
        picture = crystals_svg(self.state.crystals, self.state.names, viewer=seat)
        self.picture.value = (f"<div>{picture}</div>"
                              f"<div class='diamonds-setup-words'>{escape(words)}</div>")
        self.say("")


def after_one_round(seed: int, players: int, finite_supply: bool) -> DiamondsState:
    """A seeded game after its first round, played by rule-of-thumb bots."""
    return _first_round(seed, players, finite_supply)[-1]


def seen_actions(seed: int, players: int, finite_supply: bool,
                 seat: int) -> tuple[ActionDone, ...]:
    """Every suit action of that first round, as ``seat`` saw them: what its view showed
    after each move (``last_done``), in order."""
    return tuple(done for state in _first_round(seed, players, finite_supply)
                 for done in state.view(seat).last_done)


@functools.lru_cache(maxsize=32)
def _first_round(seed: int, players: int, finite_supply: bool
                 ) -> tuple[DiamondsState, ...]:
    """The states of a seeded game's first round, one per move, rule-of-thumb bots."""
    state = GAME.new(seed=seed, players=players, finite_supply=finite_supply)
    bot = RuleOfThumbBot()
    states = [state]
    while not state.results:
        state = state.apply(bot.choose(state))
        states.append(state)
    return tuple(states)


# --- 3. The deal and the pass ---------------------------------------------------------------------

class PassDemo(TeachingWidget):
    """You deal (a seeded deal for ``players``): announce how many cards everyone passes,
    choose yours, and see what the seat on your right passed you, only once you have
    chosen.  The other seats choose with the rule-of-thumb bot; the engine plays it all."""

    def __init__(self, seed: int = 2, players: int = 4):
        super().__init__("diamonds-step", "diamonds-pass", prefix="diamonds")
        hands = seeded_deal(seed, 0, ANN, players)
        self.start: DiamondsState = GAME.from_hands([codes_of(h) for h in hands], dealer=ANN,
                                                    seed=seed, players=players)
        self.state: DiamondsState = self.start
        self.bot = RuleOfThumbBot()
        self.chosen: tuple[Card, ...] = ()
        self.counts = {move.count: self.button(GAME.move_label(move),
                                               functools.partial(self.announce, move.count),
                                               "diamonds-pass-count", layout=SHRINK)
                       for move in self.start.candidate_moves()}
        self.toggles: dict[str, widgets.ToggleButton] = {}
        for card in sorted(self.start.hand_cards(ANN), key=hand_key):
            toggle = card_button(card, "diamonds", "diamonds-pass-card", toggle=True)
            self.on_change(toggle, functools.partial(self._on_toggle, card))
            self.toggles[card.code] = toggle
        self.pass_button = self.button("Pass these cards", self.pass_cards,
                                       "diamonds-pass-go", layout=SHRINK)
        self.result = add_classes(widgets.HTML(), "diamonds-pass-result")
        self.children = [widgets.HBox(list(self.counts.values())),
                         widgets.HBox(list(self.toggles.values()),
                                      layout={"flex_flow": "row wrap"}),
                         self.pass_button, self.result, self.message]
        self._draw()

    def announce(self, count: int) -> bool:
        """As the dealer, announce ``count``; the rules may refuse it (then nothing changes)."""
        move = Announce(count)
        why = self.start.explain(move)
        if not why.legal:
            self.say_refused(why)
            return False
        self.state = self.start.apply(move)
        while self.state.to_move != ANN:  # the others choose first (from the dealer's left)
            self.state = self.state.apply(self.bot.choose(self.state))
        self.chosen = ()
        with self.quietly():
            for toggle in self.toggles.values():
                toggle.value = False
        self._draw()
        self.say(f"{escape(why.text)} <code>[{why.rule}]</code>")
        return True

    def choose(self, *cards: Card | str) -> None:
        """Choose the cards to pass, as the toggles would."""
        chosen = tuple(read_card(c) for c in cards)
        with self.quietly():
            for code, toggle in self.toggles.items():
                toggle.value = any(card.code == code for card in chosen)
        self.chosen = chosen
        self._draw()

    def pass_cards(self) -> bool:
        """Pass the chosen cards: the engine checks each, then the cards change hands."""
        if self.state.phase != "pass":
            self.say("First announce how many cards everyone passes.", "illegal")
            return False
        if len(self.chosen) != self.state.pass_count:
            self.say(f"Choose exactly {self.state.pass_count} card"
                     f"{'s' if self.state.pass_count > 1 else ''}.", "illegal")
            return False
        state = self.state
        for card in self.chosen:
            state = state.apply(Pass(card))
        self.state = state
        self._draw()
        return True

    @property
    def received(self) -> tuple[Card, ...] | None:
        """What Ann sees of the cards passed to her (None until she has passed)."""
        return self.state.view(ANN).received

    def _on_toggle(self, card: Card, chosen: bool) -> None:
        self.chosen = (*self.chosen, card) if chosen else tuple(
            c for c in self.chosen if c != card)
        self._draw()

    def _draw(self) -> None:
        state, view = self.state, self.state.view(ANN)
        names = state.names
        right, left = names[-1], names[1]
        if state.phase == "announce":
            words = ("You deal. Look at your hand, then announce how many cards everyone "
                     "passes to the left.")
        elif state.phase == "pass":
            done = ", ".join(names[s] for s in range(1, state.players))
            words = (f"Everyone passes {state.pass_count}. {done} have chosen theirs; "
                     f"{right} passed to you, but those cards stay face down until you "
                     f"have chosen yours. Chosen: {_cards_html(self.chosen) or 'none yet'}.")
        else:
            words = (f"Your {_cards_html(view.passed)} went to {left}, on your left. "
                     f"You received {_cards_html(view.received or ())} from {right}, "
                     "on your right (outlined in gold).")
        self.pass_button.disabled = state.phase != "pass"
        for toggle in self.toggles.values():
            toggle.disabled = state.phase != "pass"
        self.result.value = (f"<div data-diamonds-phase='{state.phase}'>{words}</div>"
                             f"{table_svg(table_scene(view), STEP_SCALE)}")


# --- 5. The four suit actions ---------------------------------------------------------------------

class ActionDemo(TeachingWidget):
    """Ann takes suit actions; the crystals before and after each are drawn side by side.

    Set the showrooms first (an empty one shows why a ♠ or a ♣ can move nothing); the
    actions are the engine's (:func:`~cardlib.diamonds.crystals.perform`).
    """

    def __init__(self, showroom: Sequence[int] = (3, 3, 2), vault: Sequence[int] = (0, 0, 0),
                 supply: int | None = None):
        super().__init__("diamonds-step", "diamonds-action", prefix="diamonds")
        self.names = SEATS[:len(showroom)]
        self.first = Crystals.given(vault, showroom, supply)
        self.crystals = self.first
        self.before: Crystals | None = None
        self.done: ActionDone | None = None
        self.showroom_boxes = [
            add_classes(widgets.BoundedIntText(value=points, min=0, max=20, description=name,
                                               layout={"width": "130px"}),
                        "diamonds-action-showroom") for name, points in
            zip(self.names, showroom, strict=True)]
        for box in self.showroom_boxes:
            self.on_change(box, lambda _: self.reset())
        self.actions = [self.button(f"{SUIT_SYMBOLS[suit]} action", functools.partial(
            self.act, suit), "diamonds-action-take", f"diamonds-action-{suit}", layout=SHRINK)
                        for suit in SUITS]
        self.victim_box = add_classes(widgets.ToggleButtons(description="♣ robs"),
                                      "diamonds-action-victim")
        self.picture = add_classes(widgets.HTML(), "diamonds-action-picture")
        self.children = [widgets.HTML("<b>Showrooms to start with</b>"),
                         widgets.HBox(self.showroom_boxes), widgets.HBox(self.actions),
                         self.victim_box, self.picture,
                         self.button("Start again", self.reset, "diamonds-action-reset",
                                     layout=SHRINK), self.message]
        self._draw()

    def act(self, suit: str, victim: int | None = None) -> ActionDone:
        """Ann takes a ``suit`` action (a ♣ robs ``victim``, default: the one chosen)."""
        if suit == "C" and victim is None and self.crystals.victims(ANN):
            victim = self.victim_box.value
        self.before = self.crystals
        self.crystals, self.done = perform(self.crystals, SuitAction(ANN, suit, "trick"),
                                           victim)
        self._draw()
        return self.done

    def reset(self) -> None:
        """Back to the showrooms set in the boxes, vaults as given."""
        self.first = Crystals.given(self.first.vault, [b.value for b in self.showroom_boxes],
                                    self.first.supply)
        self.crystals, self.before, self.done = self.first, None, None
        self._draw()

    def _draw(self) -> None:
        victims = self.crystals.victims(ANN)
        with self.quietly():
            chosen = self.victim_box.value
            self.victim_box.options = [(self.names[s], s) for s in victims]
            if victims:
                self.victim_box.value = chosen if chosen in victims else victims[0]
        self.victim_box.layout.display = "" if victims else "none"
        after = crystals_svg(self.crystals, self.names, title="after" if self.done else "now",
                             changed=touched([self.done] if self.done else []))
        if self.done is None:
            self.picture.value = (f"<div>{after}</div><div>Click an action: Ann takes it."
                                  "</div>")
        else:
            before = crystals_svg(self.before or self.first, self.names, title="before")
            effect = escape(GAME.rules[self.done.rule].text)
            self.picture.value = (
                f"<div style='display:flex;gap:12px;flex-wrap:wrap'>{before}{after}</div>"
                f"<div data-diamonds-moved='{str(self.done.moved).lower()}' "
                f"data-diamonds-rule='{self.done.rule}'>{escape(self.done.text(self.names))}"
                f" <code>[{self.done.rule}]</code><br><small>{effect}</small></div>")
        self.say("")


# --- 6. The two moments a trick earns an action ----------------------------------------------

class TrickActions(TeachingWidget):
    """A trick played one move at a time: after each, the crystals before and after
    (every vault shown) and the actions the move set off, with the moment (rule id) that
    earned each.  When a move ends the round, the end of the round as the engine worked it
    out: the cards of each suit each player took, who takes each suit's action, who tied
    for the most so that nobody does (rule ``diamonds.round.majority``).

    ``scene`` is a scene (its name) or a state to start from; ``moves`` are move texts,
    checked by the engine up front.  :meth:`last_trick` steps through the end of a real
    round of a seeded game.
    """

    def __init__(self, scene: str | Scene | DiamondsState = "moments",
                 moves: Sequence[str] = MOMENT_MOVES, *, title: str = ""):
        super().__init__("diamonds-step", "diamonds-moments", prefix="diamonds")
        if isinstance(scene, DiamondsState):
            self.scene: Scene | None = None
            first = scene
        else:
            self.scene = scene if isinstance(scene, Scene) else SCENES[scene]
            first = self.scene.state()
        self.moves = list(moves)
        self.states: list[DiamondsState] = [first]
        for move in self.moves:  # the script is checked by the engine up front
            self.states.append(self.states[-1].apply(move))
        self.step = 0
        self.next_button = self.button("Next move", self.next, "diamonds-moments-next",
                                       layout=SHRINK)
        self.restart_button = self.button("Start again", self.restart,
                                          "diamonds-moments-restart", layout=SHRINK)
        self.picture = add_classes(widgets.HTML(), "diamonds-moments-picture")
        head = [widgets.HTML(f"<b>{escape(title)}</b>")] if title else []
        self.children = [*head, widgets.HBox([self.next_button, self.restart_button]),
                         self.picture, self.message]
        self._draw()

    @classmethod
    def last_trick(cls, seed: int = 7, players: int = 4) -> TrickActions:
        """The last trick of a seeded game's first round, every seat (Ann's too) played by
        the rule-of-thumb bot, up to the end of the round and its majorities."""
        states = _first_round(seed, players, False)
        first = next(i for i, state in enumerate(states)
                     if state.phase == "play" and not state.trick
                     and len(state.tricks) == HAND_SIZE - 1)
        moves = [str(state.history[-1]) for state in states[first + 1:]]
        return cls(states[first], moves,
                   title=f"Seed {seed}, {players} players, round 1: the last trick, played "
                         "by rule-of-thumb bots, and the end of the round")

    @property
    def state(self) -> DiamondsState:
        return self.states[self.step]

    @property
    def round_end(self) -> RoundEnd | None:
        """What the end of the round awarded, at the step whose move ended the round."""
        if self.step == 0:
            return None
        return _ended_round(self.states[self.step - 1], self.state)

    def next(self) -> None:
        if self.step == len(self.moves):
            self.say("That was the last move: <b>Start again</b>.", "illegal")
            return
        self.step += 1
        self._draw()

    def restart(self) -> None:
        self.step = 0
        self._draw()

    def _draw(self) -> None:
        state = self.state
        names = state.names
        before = self.states[self.step - 1] if self.step else state
        if state.round == self.states[0].round:
            scene = table_scene(state.view(ANN))
        else:  # the next round is dealt: the table of the round just played stays in view
            scene = table_scene(before.view(ANN))
            scene = dataclasses.replace(scene, to_move=None, leader=None,
                                        info=f"{scene.info} · the round is over")
        table = table_svg(scene, STEP_SCALE)
        ending = ""
        if self.step == 0:
            told = "Press <b>Next move</b>."
            pictures = crystals_svg(state.crystals, names, title="crystals")
        else:
            move = self.moves[self.step - 1]
            who = names[before.to_move]
            why = before.explain(move)
            done = state.last_done
            told = (f"<b>{escape(who)}: {escape(GAME.move_label(GAME.parse_move(move)))}"
                    f"</b> <code>[{why.rule}]</code>"
                    + (actions_html(done, names) if done else
                       "<div>No action yet.</div>"))
            pictures = (crystals_svg(before.crystals, names, title="before")
                        + crystals_svg(state.crystals, names, title="after",
                                       changed=touched(done)))
            end = self.round_end
            if end is not None:
                ending = (f"<div class='diamonds-moments-round-end' "
                          f"style='margin:6px 0'><b>The round is over.</b> The cards each "
                          f"player took, suit by suit, and what they earn:"
                          f"{round_end_html(end, names)}</div>")
        self.next_button.disabled = self.step == len(self.moves)
        self.picture.value = (f"<div data-diamonds-step='{self.step}'>{table}"
                              f"<div>{told}</div>{ending}<div style='display:flex;gap:12px;"
                              f"flex-wrap:wrap'>{pictures}</div></div>")
        self.say("")


def _ended_round(before: DiamondsState, after: DiamondsState) -> RoundEnd | None:
    """The end of the round the move from ``before`` to ``after`` reached, or None.

    The end-of-round actions are queued the moment the tenth trick is taken (a ♣ among
    them may still wait for its victim), and the round is recorded once they are done."""
    if before.round_over:
        return None
    if after.round_over:
        return round_end(suit_counts(after.taken), after.dealer)
    if len(after.results) > len(before.results):
        return after.results[-1].end
    return None


# --- 7. The end-of-round majorities ---------------------------------------------------------------

DEFAULT_COUNTS = ((6, 2, 3, 1), (2, 5, 3, 2), (4, 1, 0, 7), (0, 0, 0, 0))
"""Ann most ♦, Ben most ♥, Ann and Ben tie on ♠, Cat most ♣, Dan no card."""


class MajorityTable(TeachingWidget):
    """Change who took how many cards of each suit, and see who gets each end-of-round
    action (the engine's :func:`~cardlib.diamonds.round_end.round_end`), ties included."""

    def __init__(self, counts: Sequence[Sequence[int]] = DEFAULT_COUNTS, dealer: int = 3):
        super().__init__("diamonds-step", "diamonds-majority", prefix="diamonds")
        self.dealer = dealer
        self.boxes: list[list[widgets.BoundedIntText]] = []
        rows = [widgets.HBox([widgets.HTML("<b>cards taken</b>", layout={"width": "90px"}),
                              *(widgets.HTML(f"<b>{SUIT_SYMBOLS[s]}</b>",
                                             layout={"width": "70px"}) for s in SUITS)])]
        for seat, row in enumerate(counts):
            boxes = [add_classes(widgets.BoundedIntText(value=n, min=0, max=15,
                                                        layout={"width": "70px"}),
                                 "diamonds-majority-count", f"diamonds-majority-{seat}-{s}")
                     for s, n in zip(SUITS, row, strict=True)]
            for box in boxes:
                self.on_change(box, lambda _: self._draw())
            self.boxes.append(boxes)
            rows.append(widgets.HBox([widgets.HTML(SEATS[seat], layout={"width": "90px"}),
                                      *boxes]))
        self.result = add_classes(widgets.HTML(), "diamonds-majority-result")
        self.end: RoundEnd = round_end(counts, dealer)
        self.children = [*rows, self.result, self.message]
        self._draw()

    @property
    def counts(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(box.value for box in row) for row in self.boxes)

    def set_counts(self, counts: Sequence[Sequence[int]]) -> RoundEnd:
        """Type ``counts`` into the table, as a learner would."""
        with self.quietly():
            for boxes, row in zip(self.boxes, counts, strict=True):
                for box, n in zip(boxes, row, strict=True):
                    box.value = n
        self._draw()
        return self.end

    def _draw(self) -> None:
        counts = self.counts
        over = [SUIT_SYMBOLS[s] for i, s in enumerate(SUITS) if sum(r[i] for r in counts) > 15]
        if over:
            self.say(f"A suit has 15 cards: too many {', '.join(over)} taken.", "illegal")
            return
        self.end = round_end(counts, self.dealer)
        self.result.value = round_end_html(self.end, SEATS[:len(counts)], counts=False)
        self.say("")


# --- 9, 10. Scores and the tie-break ------------------------------------------------------------

class ScoreBoard(TeachingWidget):
    """Type each player's vault and showroom points: the scores (vault ×2 + showroom) and
    who wins, with the tie-break by the vault (:class:`Crystals`)."""

    def __init__(self, vault: Sequence[int] = (21,), showroom: Sequence[int] = (5,)):
        super().__init__("diamonds-step", "diamonds-score", prefix="diamonds")
        self.boxes: list[tuple[widgets.BoundedIntText, widgets.BoundedIntText]] = []
        rows = []
        for seat, (v, s) in enumerate(zip(vault, showroom, strict=True)):
            pair = (add_classes(widgets.BoundedIntText(value=v, min=0, max=200,
                                                       description="vault",
                                                       layout={"width": "140px"}),
                                "diamonds-score-vault"),
                    add_classes(widgets.BoundedIntText(value=s, min=0, max=200,
                                                       description="showroom",
                                                       layout={"width": "160px"}),
                                "diamonds-score-showroom"))
            for box in pair:
                self.on_change(box, lambda _: self._draw())
            self.boxes.append(pair)
            rows.append(widgets.HBox([widgets.HTML(f"<b>{SEATS[seat]}</b>",
                                                   layout={"width": "50px"}), *pair]))
        self.result = add_classes(widgets.HTML(), "diamonds-score-result")
        self.crystals = Crystals.given(vault, showroom)
        self.children = [*rows, self.result, self.message]
        self._draw()

    def set_points(self, vault: Sequence[int], showroom: Sequence[int]) -> tuple[int, ...]:
        """Type the points in, as a learner would; returns the scores."""
        with self.quietly():
            for (v_box, s_box), v, s in zip(self.boxes, vault, showroom, strict=True):
                v_box.value, s_box.value = v, s
        self._draw()
        return self.crystals.scores()

    def _draw(self) -> None:
        vault = [v.value for v, _ in self.boxes]
        showroom = [s.value for _, s in self.boxes]
        self.crystals = crystals = Crystals.given(vault, showroom)
        lines = "".join(
            f"<li data-diamonds-score='{score}'>{SEATS[seat]}: 2 × {vault[seat]} + "
            f"{showroom[seat]} = <b>{score}</b></li>"
            for seat, score in enumerate(crystals.scores()))
        winners = crystals.winners()
        words = ""
        if len(self.boxes) > 1:
            best = max(crystals.scores())
            tied = [s for s, score in enumerate(crystals.scores()) if score == best]
            names = " and ".join(SEATS[s] for s in winners)
            if len(tied) == 1:
                why = "the highest score"
            elif len(winners) == 1:
                why = (f"{' and '.join(SEATS[s] for s in tied)} tie on {best}; "
                       f"{names} has more in the vault")
            else:
                why = f"a tie on {best} and on the vault: they share the win"
            words = (f"<div data-diamonds-winners='{','.join(map(str, winners))}'>"
                     f"<b>{escape(names)} win{'s' if len(winners) == 1 else ''}</b>: "
                     f"{escape(why)} <code>[diamonds.tie-break]</code></div>")
        self.result.value = (f"<ul>{lines}</ul>{words}<small>"
                             f"{escape(GAME.rules['diamonds.score'].text)}</small>")
        self.say("")


__all__ = ["DIAMONDS", "SCENES", "ActionDemo", "CardOrder", "MajorityTable",
           "PassDemo", "PlayOut", "ScoreBoard", "SetupDemo", "TrickActions", "TryCard",
           "board_html"]

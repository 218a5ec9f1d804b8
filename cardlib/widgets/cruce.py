"""The Cruce teaching widgets: the pack, the deal, a bid, a lead, counting, a failed bid, the
end of the game, and a table for 2, 3 or 4 players.

Each widget puts the learner in front of one decision or one moment of a hand and answers
with the engine's own words: a bid or a card is judged by ``state.explain``, a hand is
played by ``state.apply``, a score is read from the hand's result.  Nothing here restates a
rule, so a widget cannot teach something the game would not do.

Scenes (:data:`SCENES`) are scripted moments of a hand, one for each rule or option the
bots seldom or never show (everybody passing, a bid refused as not higher, trump named,
a marriage without a trick, training mode, the 2-player auction form, four each for
himself); a scene with a ``switch`` offers that option beside the position.

"Try a card" and "play it out" are the generic trick steps (:mod:`cardlib.widgets.tricks`,
``try_card``, ``play_out``) given Cruce's hand order, table picture and scenes
(:data:`CRUCE`); the rest is Cruce's own, on the same base (:mod:`cardlib.widgets.base`):

* :class:`PackDemo`: the 24 cards suit by suit, their Romanian, Hungarian and French
  names, and their points;
* :class:`DealDemo`: the deal for 2, 3 or 4 players, every hand face up;
* :class:`BidDemo`: your hand; choose a bid, see what the rules say, what the
  rule-of-thumb bidder would bid and why, and who wins the auction;
* :class:`AuctionStep`: a scripted auction at your turn to bid (a bid not higher, everybody
  passing), with the option that changes it as a switch;
* :class:`LeadDemo`: you lead; the first card makes trump, a K or Q led with its partner
  card in hand announces a marriage (20, or 40 in trumps);
* :class:`CountDemo`: a hand played by the bots, counted: card points plus marriages,
  divided by 33, the bid made or failed;
* :class:`FailedBidDemo`: one hand, your choice of bid, and what a failed bid scores;
* :class:`GameEndDemo`: the totals before a hand, the end options: does the game end?
* :class:`CruceTable`: a whole game against rule-of-thumb bots, for 2, 3 or 4 players.

For tests, each widget's state is plain Python (``state``, ``verdict``, ``result`` …), and
every control carries a ``cruce-*`` CSS class for browser tests.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import games
from cardlib.bots import Bot
from cardlib.cards import HUNGARIAN_SUIT_NAMES, SUIT_NAMES, SUIT_SYMBOLS, Card, suit_cards
from cardlib.cruce import Announce, CruceState, Play
from cardlib.cruce.bots import RuleOfThumbBot, bid_for
from cardlib.cruce.deck import (
    HUNGARIAN_RANK_NAMES,
    POINTS,
    RANK_ORDER,
    ROMANIAN_RANK_NAMES,
    ROMANIAN_SUIT_NAMES,
    SEAT_NAMES,
    SUIT_MASK,
    SUITS,
    card_points,
    suit_words,
)
from cardlib.cruce.scoring import HandResult, game_points, promise
from cardlib.protocol import Explanation
from cardlib.render.cruce import (
    hand_order,
    in_hand_order,
    marriages_html,
    scores_html,
    side_names,
    state_html,
    table_svg,
)
from cardlib.render.tally import tally_html as render_tally
from cardlib.svg import row_svg
from cardlib.widgets import play_out, try_card
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.table import GameTable
from cardlib.widgets.tricks import SHRINK, Scene, TrickTeaching, card_button, card_of

GAME = games.get("cruce")
ANA, BOGDAN, CRISTINA, DAN = range(4)

STEP_SCALE = 0.62
"""Step widgets sit between paragraphs of prose, so their table is smaller."""


# --- Scenes: scripted moments of a hand ------------------------------------------------------
# The deals are those of tests/test_cruce_game.py, where every trick is worked out by hand.

THREE = ("AH TH KH QH JH 9H AD TD", "KD QD JD 9D AS TS KS QS", "JS 9S AC TC KC QC JC 9C")
"""Three players: Ana holds every heart, Bogdan the diamonds' K, Q, J, 9 and four spades."""
FOUR = ("KH QH KS QS AS TS", "JH 9H JS 9S JC 9C", "KD QD KC QC AH TH", "AD TD JD 9D AC TC")
"""Four players: Ana and Cristina hold all eight kings and queens between them."""
PARTNERS = ("AH TH 9D JD 9C JC", "9S KH QH KD QD KC", "AS TS KS QS JH 9H",
            "JS AD TD AC TC QC")
"""Four players, hand 2 (Ana deals, Bogdan bids first)."""
TWO = ("KH QH AH TH KS QS KD QD", "TS TD AC TC JH 9H JS 9S")
TWO_STOCK = "KC JD QC 9D AS JC AD 9C"

BOGDAN_BIDS_4 = "pass bid4 pass"
THREE_FAILED = ("KD+ 9C AD", "AH 9D JC", "AS 9S TD", "TH JD QC", "TS JS 9H", "KS KC JH",
                "QS TC QH", "QD AC KH")
"""Bogdan's hand of 124 points: K♦ announced (40), 84 in cards (see tests)."""
NO_TRICK = ("KH QH 9S JS 9C JC 9D JD", "AH TH JH 9H AS TS KS QS",
            "AD TD KD QD AC TC KC QC")
"""Three players: Ana holds the hearts marriage and nothing that can take a trick once
Bogdan's A♥ and 10♥ have drawn her K♥ (see tests/test_cruce_game.py)."""
NO_TRICK_PLAY = ("QH+ AH QD", "TH KD KH")
"""Ana announces Q♥ at the first lead (hearts trump, 40); Bogdan takes both tricks."""
THREE_MADE = ("KH+ 9D 9S", "QH JD JS", "AH QD 9C", "TH KD JC", "JH QS QC", "9H KS KC",
              "AD TS TC", "TD AS AC")
"""Ana takes every trick after announcing hearts at the first lead: 120 + 40."""


def _scene(name: str, title: str, hands: Sequence[str], plays: str, switch: str | None = None,
           **start: Any) -> Scene:
    return Scene(GAME, name, title, tuple(hands), plays, start, switch)


def _words(*moves: str) -> str:
    return " ".join(moves)


SCENES: dict[str, Scene] = {scene.name: scene for scene in (
    _scene("follow-suit", "Bogdan led K♦, announcing: diamonds are trump. Your turn, Ana",
           THREE, _words(BOGDAN_BIDS_4, "KD+ 9C"), switch="must_head"),
    _scene("must-trump", "Ana led A♥. You are Bogdan: no heart, but diamonds are trump",
           THREE, _words(BOGDAN_BIDS_4, *THREE_FAILED[:1], "AH"), switch="must_head"),
    _scene("any-card", "Ana led A♥ and Bogdan trumped. You are Cristina", THREE,
           _words(BOGDAN_BIDS_4, *THREE_FAILED[:1], "AH 9D")),
    _scene("must-head", "Cristina announced in ♦; Dan, you hold every diamond left", FOUR,
           "bid5 pass pass pass KH+ JH AH AC KD+", switch="must_head"),
    _scene("stock", "Two players, the stock not yet drawn: Ana led K♥ (trump)", TWO,
           "bid4 pass KH+", stock=TWO_STOCK),
    _scene("partner", "Bogdan led 9♠ (trump); your partner Cristina played A♠", PARTNERS,
           "bid1 pass pass pass 9S AS JS", hand_number=1),
    _scene("first-lead", "You won the auction with 2: lead the first card", THREE,
           "bid2 pass pass"),
    _scene("later-lead", "Diamonds are trump, and you lead trick 2", THREE,
           _words(BOGDAN_BIDS_4, *THREE_FAILED[:1])),
    # --- the rules and options of issue 29 §14, each a moment to click -------------------
    _scene("not-higher", "Ana bid 2 and Bogdan 3. You are Cristina: what may you bid?",
           FOUR, "bid2 bid3", switch="teams"),
    _scene("all-pass", "Ana and Bogdan passed. You are Cristina, the dealer, last to bid",
           THREE, "pass pass", switch="all_pass"),
    _scene("name-trump", "You won the auction with 2, and the high bidder names trump",
           THREE, "bid2 pass pass", switch="trump", trump="declarer-names"),
    _scene("training", "Bogdan led K♦, announcing: diamonds are trump. You hold A♦ and 10♦",
           THREE, _words(BOGDAN_BIDS_4, "KD+ 9C"), switch="training"),
    _scene("no-trick-marriage", "You bid 1 and announced the Q♥ marriage at the first lead "
           "(40, hearts trump); Bogdan took both tricks since", NO_TRICK,
           _words("bid1 pass pass", *NO_TRICK_PLAY, "JH TD"),
           switch="marriage_needs_trick"),
    _scene("auction-form", "Two players, la licitație: you bid 2, took 4 cards of the "
           "stock, and give 2", TWO, "bid2 pass", switch="two_player_form", stock=TWO_STOCK,
           two_player_form="auction"),
    _scene("each-alone", "Four on their own: Bogdan led 9♠ (trump) and Cristina took the "
           "lead with A♠. She is not your partner now", PARTNERS,
           "bid1 pass pass pass 9S AS JS", switch="teams", hand_number=1, teams=False),
)}


# --- What Cruce gives the generic steps ------------------------------------------------------

def _board(state: CruceState, seat: int, scale: float) -> str:
    """The table seen from ``seat`` and the marriages announced so far."""
    view = state.view(seat)
    trump = "not yet chosen" if view.trump is None else suit_words(view.trump)
    return (f"<div data-cruce-seat='{seat}' data-cruce-trump='{view.trump or ''}'>"
            f"{table_svg(view, scale=scale)}<div><small>Trump: {escape(trump)}.</small>"
            f"</div>{marriages_html(view)}</div>")


CRUCE = TrickTeaching(
    GAME, hand_order, board=_board, seats=SEAT_NAMES,
    points=lambda state: [card_points(taken) for taken in state.taken],
    bot=RuleOfThumbBot, scenes=SCENES, scale=STEP_SCALE,
)
"""Cruce for the generic trick steps: hand order, table picture, seat names, points."""


class TryCard(try_card.TryCard):
    """A Cruce position (a name from :data:`SCENES`, a :class:`Scene` or a state) with a
    card to follow with: click a card, see the verdict."""

    def __init__(self, scene: str | Scene | CruceState, *,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(CRUCE, scene, options=options, scale=scale)


class PlayOut(play_out.PlayOut):
    """A Cruce scene played on, by you and the rule-of-thumb bots, every move told; at the
    end of the hand, the hand's tally (the game's own, as the game table shows it).

    A scene with a ``switch`` shows its option beside the position (``cruce-playout-switch``):
    switching starts the scene again under the other reading, so a learner plays the same
    moment both ways (a marriage without a trick, a card against a duty in training mode,
    the 2-player auction form, four on their own).  Any move of the scene's position is a
    button: a bid, a trump to name, a card to give, a card, a marriage.
    """

    def __init__(self, scene: str | Scene | CruceState, *,
                 bots: Mapping[int, Bot] | None = None,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(CRUCE, scene, bots=bots, options=options, scale=scale)
        self.switch: widgets.ToggleButtons | None = None
        if self.scene is not None and self.scene.switch is not None:
            self.switch = _option_switch(self, self.scene.switch, self.state.options,
                                         "cruce-playout-switch", self.set_option)
            self.children = (self.children[0], self.switch, *self.children[1:])
        if self.scene is not None:
            self.add_class(f"cruce-scene-{self.scene.name}")

    def set_option(self, value: Any) -> CruceState:
        """Start the scene again with its switch option at ``value`` (what the switch
        does); a value the rules refuse raises and changes nothing."""
        if self.scene is None or self.scene.switch is None:
            raise ValueError("this position has no option to switch")
        name = self.scene.switch
        first = self.scene.state(**{**self.options, name: value})
        if first.to_move != self.seat:
            raise AssertionError(f"scene {self.scene.name!r}: {name}={value!r} moves the "
                                 "turn to another seat")
        self.options[name] = value
        self.states = [first]
        if self.switch is not None and self.switch.value != value:
            with self.quietly():
                self.switch.value = value
        self.restart()
        self.say(f"{escape(name)} = {escape(repr(value))}: the scene starts again.")
        return first

    @property
    def hand_result(self) -> HandResult | None:
        """The hand's result once it is over (None before)."""
        return self.state.results[-1] if self.hand_over and self.state.results else None

    def _result_html(self) -> str:
        result = self.hand_result
        if result is None:
            return super()._result_html()
        tally = self.state.tallies()[-1].named(SEAT_NAMES)
        return (f"<div data-cruce-over='true'><b>The hand is over.</b></div>"
                f"{render_tally(tally)}")


def _verdict_html(label: str, why: Explanation) -> str:
    colour = "#1b8a3a" if why.legal else "#b00020"
    mark = "✔ yes" if why.legal else "✘ no"
    return (f"<div data-cruce-legal='{str(why.legal).lower()}' data-cruce-rule='{why.rule}' "
            f"style='color:{colour}'><b>{escape(label)}: {mark}</b> — {escape(why.text)} "
            f"<code>[{escape(why.rule)}]</code></div>")


def _choices(options: Sequence[Any], value: Any, css: str, label: str = "") -> Any:
    return add_classes(widgets.ToggleButtons(
        options=list(options), value=value, description=label,
        style={"description_width": "initial", "button_width": "auto"}), css)


def _option_switch(widget: TeachingWidget, name: str, options: Any, css: str,
                   action: Any) -> widgets.ToggleButtons:
    """A switch for the game option ``name`` (its choices, the value in ``options``, its doc
    as tooltip) that calls ``action(value)`` when the learner changes it."""
    option = next(o for o in GAME.options if o.name == name)
    switch = add_classes(widgets.ToggleButtons(
        options=[(str(choice), choice) for choice in option.choices or ()],
        value=getattr(options, name), description=name,
        style={"description_width": "initial", "button_width": "auto"},
        tooltip=option.doc), css)
    widget.on_change(switch, action)
    return switch


def _players_and_seed(widget: TeachingWidget, players: int, seed: int, css: str,
                      action: Any) -> widgets.HBox:
    """A player-count chooser and a seed box that call ``action(players, seed)`` on a
    change; ``widget.count`` and ``widget.seed_box`` hold them."""
    widget.count = _choices([(f"{n} players", n) for n in GAME.player_counts], players,
                            f"{css}-players")
    widget.seed_box = add_classes(widgets.IntText(value=seed, description="seed",
                                                  layout={"width": "140px"}), f"{css}-seed")
    widget.on_change(widget.count, lambda n: action(n, int(widget.seed_box.value)))
    widget.on_change(widget.seed_box, lambda s: action(int(widget.count.value), int(s)))
    return widgets.HBox([widget.count, widget.seed_box])


# --- The pack --------------------------------------------------------------------------------

class PackDemo(TeachingWidget):
    """One suit of the 24-card pack at a time: its six cards from the highest, each with
    its Romanian, Hungarian and French names and its points (``cruce-pack-*``)."""

    def __init__(self, suit: str = "H"):
        super().__init__("cruce-step", "cruce-pack", prefix="cruce")
        self.picker = _choices(
            [(f"{SUIT_SYMBOLS[s]} {ROMANIAN_SUIT_NAMES[s]} · {HUNGARIAN_SUIT_NAMES[s]}", s)
             for s in SUITS], suit, "cruce-pack-suit")
        self.on_change(self.picker, self.show)
        self.picture = add_classes(widgets.HTML(), "cruce-pack-cards")
        self.children = [self.picker, self.picture, self.message]
        self.show(suit)

    def show(self, suit: str) -> None:
        """Show ``suit``; ``cards`` and ``suit_points`` hold what is shown."""
        self.suit = suit
        self.cards: tuple[Card, ...] = suit_cards(suit, reversed(RANK_ORDER))
        self.suit_points = card_points(SUIT_MASK[suit])
        rows = "".join(
            f"<tr><td>{c.label}</td><td>{ROMANIAN_RANK_NAMES[c.rank]}</td>"
            f"<td>{HUNGARIAN_RANK_NAMES[c.rank]}</td><td><b>{POINTS[c.rank]}</b></td></tr>"
            for c in self.cards)
        self.picture.value = (
            f"<div data-cruce-suit='{suit}' data-cruce-suit-points='{self.suit_points}'>"
            f"<div><b>{escape(suit_words(suit))}</b>: in the Hungarian pack "
            f"{HUNGARIAN_SUIT_NAMES[suit]}; in a French pack {SUIT_NAMES[suit]}.</div>"
            f"{row_svg(list(self.cards), 56)}"
            "<table><tr><th>card</th><th>Romanian</th><th>Hungarian pack</th>"
            f"<th>points</th></tr>{rows}</table>"
            f"<div>Highest first: the order of the points is the order of the cards. "
            f"This suit holds <b>{self.suit_points}</b> points, the pack 4 × "
            f"{self.suit_points} = <b>{4 * self.suit_points}</b>.</div></div>")


# --- The deal --------------------------------------------------------------------------------

class DealDemo(TeachingWidget):
    """The first deal of a seeded game for 2, 3 or 4 players, every hand face up (and the
    stock at two): ``state`` is the engine's (``cruce-deal-*``)."""

    def __init__(self, players: int = 4, seed: int = 7):
        super().__init__("cruce-step", "cruce-deal", prefix="cruce")
        controls = _players_and_seed(self, players, seed, "cruce-deal", self.deal)
        self.words = add_classes(widgets.HTML(), "cruce-deal-words")
        self.picture = add_classes(widgets.HTML(), "cruce-deal-table")
        self.children = [controls, self.words,
                         self.picture, self.message]
        self.deal(players, seed)

    def deal(self, players: int, seed: int) -> CruceState:
        self.state = GAME.new(seed=seed, players=players)
        sizes = [h.bit_count() for h in self.state.hands]
        stock = len(self.state.stock)
        dealer = SEAT_NAMES[self.state.deal.dealer]
        first = SEAT_NAMES[self.state.deal.first_bidder]
        self.words.value = (
            f"<div data-cruce-hand-size='{sizes[0]}' data-cruce-stock='{stock}'>"
            f"{players} players: <b>{sizes[0]} cards each</b>"
            + (f" and <b>{stock} face down</b> as a stock" if stock else
               f", all {sum(sizes)} cards dealt")
            + f". {dealer} dealt, one card at a time from the left, so {first} bids first."
            + (" Partners sit opposite: Ana and Cristina against Bogdan and Dan."
               if len(self.state.teams) == 2 and players == 4 else "") + "</div>")
        self.picture.value = state_html(self.state)
        return self.state


# --- The auction -----------------------------------------------------------------------------

class BidDemo(TeachingWidget):
    """Your hand (seat 0 bids first); choose a bid and compare with the rule-of-thumb
    bidder; the bots bid after you and the auction is decided.

    ``verdict`` is the engine's word on your bid, ``advice`` the rule-of-thumb bid and its
    reasons, ``after`` the state once everyone has bid (``cruce-bid-*``)."""

    def __init__(self, players: int = 3, seed: int = 7,
                 bots: Mapping[int, Bot] | None = None):
        super().__init__("cruce-step", "cruce-bid", prefix="cruce")
        self._bots = dict(bots or {})
        controls = _players_and_seed(self, players, seed, "cruce-bid", self.deal)
        self.hand = add_classes(widgets.HTML(), "cruce-bid-hand")
        self.buttons = add_classes(widgets.HBox(), "cruce-bid-buttons")
        self.result = add_classes(widgets.HTML(), "cruce-bid-result")
        self.children = [controls, self.hand, self.buttons,
                         self.result, self.message]
        self.deal(players, seed)

    def deal(self, players: int, seed: int) -> None:
        self.state: CruceState = GAME.new(seed=seed, players=players)
        self.seat = self.state.to_move
        self.verdict: Explanation | None = None
        self.after: CruceState | None = None
        self.advice = bid_for(self.state.view(self.seat))
        view = self.state.view(self.seat)
        self.hand.value = (f"<div>Your hand ({escape(SEAT_NAMES[self.seat])}, first to bid):"
                           f"</div>{row_svg(list(in_hand_order(view.hand)), 52)}")
        buttons = []
        for move in self.state.candidate_moves():
            button = self.button(GAME.move_label(move), functools.partial(self.bid, move),
                                 "cruce-bid-choice", layout={"width": "auto"})
            button.move_text = str(move)
            buttons.append(button)
        self.buttons.children = tuple(buttons)
        self.result.value = "<i>What would you bid?</i>"

    def bid(self, move: Any) -> Explanation:
        """Bid ``move`` (``bid 2``, ``pass`` or a :class:`Bid`) for the learner."""
        move = GAME.parse_move(move) if isinstance(move, str) else move
        self.verdict = self.state.explain(move)
        advice, why = self.advice
        lines = [_verdict_html(GAME.move_label(move), self.verdict),
                 f"<div class='cruce-bid-advice' data-cruce-advice='{advice}'>The "
                 f"rule-of-thumb bidder would say <b>{'pass' if not advice else advice}</b>: "
                 f"{escape(why)}.</div>"]
        if self.verdict.legal:
            state = self.state.apply(move)
            while state.phase == "bid" and state.deal.number == self.state.deal.number:
                bot = self._bots.get(state.to_move) or RuleOfThumbBot()
                state = state.apply(bot.choose(state))
            self.after = state
            bids = ", ".join(f"{SEAT_NAMES[s]} {_bid_text(b)}" for s, b in
                             enumerate(state.bids) if b is not None)
            lines.append(f"<div class='cruce-bid-auction'>The auction: {escape(bids)}. "
                         f"{escape(_auction_words(state))}</div>")
        self.result.value = "".join(lines)
        return self.verdict


def _bid_text(bid: int) -> str:
    return "passes" if bid == 0 else f"bids {bid}"


def _auction_words(state: CruceState) -> str:
    """What the auction just ended led to, for the state right after the last bid."""
    if state.declarer is None:
        return (f"Everybody passed: nothing is scored and the hand is dealt again "
                f"(all_pass='redeal'): {SEAT_NAMES[state.deal.dealer]} deals, "
                f"{SEAT_NAMES[state.deal.first_bidder]} bids first.")
    declarer = SEAT_NAMES[state.declarer]
    first = ("names trump, then leads" if state.options.trump == "declarer-names" else
             "leads the first card, which makes trump")
    if not state.contract:
        return (f"Everybody passed: {declarer}, the first bidder, {first}, with no "
                "contract: nobody can fail, every side scores its game points "
                "(rule cruce.bid.all-pass).")
    return (f"{declarer} wins it with {state.contract}: their side must take "
            f"{promise(state.contract)} points, and {declarer} {first}.")


class AuctionStep(TeachingWidget):
    """A scripted auction at the learner's turn to bid (a scene of :data:`SCENES`): every
    bid is a button; a click shows the engine's verdict and, for a bid it allows, the rest
    of the auction (the rule-of-thumb bots bid after you) and what it leads to: a
    contract, the first bidder leading with no contract, or a new deal.

    Nothing is kept: every bid may be tried from the same moment.  The scene's switch
    (``all_pass``, ``teams`` …) plays the same auction under the other reading.
    ``verdict``, ``after`` (the state once the auction is over; None after a refused bid)
    and ``outcome`` (its words) hold what is shown (``cruce-auction-step-*``).
    """

    def __init__(self, scene: str | Scene, *, options: Mapping[str, Any] | None = None,
                 bots: Mapping[int, Bot] | None = None, scale: float = STEP_SCALE):
        found, state = CRUCE.position(scene, options)
        if found is None or state.phase != "bid":
            raise ValueError(f"scene {scene!r}: nobody is bidding here")
        super().__init__("cruce-step", "cruce-auction-step", prefix="cruce")
        self.scene: Scene = found
        self.state: CruceState = state
        self.options: dict[str, Any] = dict(options or {})
        self.seat: int = state.to_move
        self.scale = scale
        self._bots = dict(bots or {})
        self.tried: Any = None
        """The last bid tried (judged again when the switch changes)."""
        self.verdict: Explanation | None = None
        self.after: CruceState | None = None
        self.outcome = ""
        title = add_classes(widgets.HTML(f"<b>{escape(self.scene.title)}</b>"),
                            "cruce-auction-step-title")
        self.board = add_classes(widgets.HTML(), "cruce-auction-step-board")
        rows: list[widgets.Widget] = [title]
        self.switch: widgets.ToggleButtons | None = None
        if self.scene.switch is not None:
            self.switch = _option_switch(self, self.scene.switch, state.options,
                                         "cruce-auction-step-switch", self.set_option)
            rows.append(self.switch)
        self.buttons = add_classes(widgets.HBox(layout={"flex_flow": "row wrap"}),
                                   "cruce-auction-step-bids")
        buttons = []
        for move in state.candidate_moves():
            button = self.button(GAME.move_label(move), functools.partial(self.bid, move),
                                 "cruce-auction-step-bid", f"cruce-bid-{move.amount}",
                                 layout={"width": "auto"})
            button.move_text = str(move)
            buttons.append(button)
        self.buttons.children = tuple(buttons)
        self.result = add_classes(widgets.HTML("<i>Click a bid.</i>"),
                                  "cruce-auction-step-result")
        self.children = [*rows, self.board, self.buttons, self.result, self.message]
        self.add_class(f"cruce-scene-{self.scene.name}")
        self._draw(state)

    def bid(self, move: Any) -> Explanation:
        """Bid ``move`` (``bid 2``, ``pass`` or a :class:`Bid`) from the scene's moment, as
        a click does; the bots finish the auction after a bid the rules allow."""
        move = GAME.parse_move(move) if isinstance(move, str) else move
        self.tried = move
        self.verdict = why = self.state.explain(move)
        self.after, self.outcome = None, ""
        lines = [_verdict_html(GAME.move_label(move), why)]
        if why.legal:
            bids = {s: b for s, b in enumerate(self.state.bids) if b is not None}
            bids[self.seat] = move.amount
            state = self.state.apply(move)
            while state.phase == "bid" and state.deal.number == self.state.deal.number:
                seat = state.to_move
                choice = (self._bots.get(seat) or RuleOfThumbBot()).choose(state)
                bids[seat] = choice.amount
                state = state.apply(choice)
            self.after = state
            self.outcome = _auction_words(state)
            first, players = self.state.deal.first_bidder, self.state.players
            told = ", ".join(f"{SEAT_NAMES[s]} {_bid_text(bids[s])}" for s in
                             ((first + k) % players for k in range(players)))
            lines.append(f"<div class='cruce-auction-step-outcome' data-cruce-declarer="
                         f"'{'' if state.declarer is None else state.declarer}' "
                         f"data-cruce-contract='{state.contract}'>The auction: "
                         f"{escape(told)}. {escape(self.outcome)}</div>")
        self.result.value = "".join(lines)
        self._draw(self.after or self.state)
        return why

    def set_option(self, value: Any) -> CruceState:
        """The same auction with the scene's switch option at ``value``; the last bid
        tried is judged again."""
        name = self.scene.switch
        assert name is not None
        state = self.scene.state(**{**self.options, name: value})  # raises if refused
        self.options[name] = value
        self.state = state
        if self.switch is not None and self.switch.value != value:
            with self.quietly():
                self.switch.value = value
        self.verdict, self.after, self.outcome = None, None, ""
        self.result.value = "<i>Click a bid.</i>"
        self._draw(state)
        if self.tried is not None:
            self.bid(self.tried)
        return state

    def _draw(self, state: CruceState) -> None:
        self.board.value = _board(state, self.seat, self.scale)


# --- A lead: trump and marriages -------------------------------------------------------------

class LeadDemo(TeachingWidget):
    """A position where you lead: click a card, or a K or Q "+ marriage", and see what
    the lead does: the trump it makes (first lead), the marriage it announces and its
    points.  ``verdict``, ``after`` (the state after a legal lead) and ``marriage``
    (points announced, 0 for none) hold the outcome (``cruce-lead-*``)."""

    def __init__(self, scene: str = "first-lead", *, scale: float = STEP_SCALE):
        super().__init__("cruce-step", "cruce-lead", prefix="cruce")
        self.scene, self.state = CRUCE.position(scene, None)
        self.seat = self.state.to_move
        self.scale = scale
        if self.state.trick or self.state.phase != "play":
            raise ValueError(f"scene {scene!r}: the learner does not lead here")
        self.verdict: Explanation | None = None
        self.after: CruceState | None = None
        self.marriage = 0
        title = add_classes(widgets.HTML(f"<b>{escape(self.scene.title)}</b>"),
                            "cruce-lead-title")
        self.board = add_classes(widgets.HTML(), "cruce-lead-board")
        buttons = []
        for move in CRUCE.in_hand_order(self.state.candidate_moves()):
            card = card_of(move)
            if card is not None:
                button = card_button(card, "cruce", "cruce-lead-card")
            else:
                button = add_classes(widgets.Button(description=GAME.move_label(move),
                                                    layout={"width": "auto"}),
                                     "cruce-lead-announce", f"cruce-announce-{move.card.code}")
            self.on_click(button, functools.partial(self.lead, move))
            buttons.append(button)
        hand = widgets.HBox(buttons, layout={"flex_flow": "row wrap"})
        self.result = add_classes(widgets.HTML("<i>Click a card to lead.</i>"),
                                  "cruce-lead-result")
        self.again = self.button("Take it back", self.take_back, "cruce-lead-back",
                                 layout=SHRINK)
        self.children = [title, self.board, hand, self.result, self.again, self.message]
        self.add_class(f"cruce-scene-{self.scene.name}")
        self._draw(self.state)

    def lead(self, move: Any) -> Explanation:
        """Lead ``move`` (a move or its text) in this position, as a click does."""
        move = GAME.parse_move(move) if isinstance(move, str) else move
        self.verdict = why = self.state.explain(move)
        self.after = self.state.apply(move) if why.legal else None
        self.marriage = 0
        lines = [_verdict_html(GAME.move_label(move), why)]
        if self.after is not None:
            trump = self.after.trump
            assert trump is not None
            made = self.state.trump is None
            lines.append(f"<div data-cruce-trump='{trump}'>Trump "
                         f"{'is now' if made else 'stays'} <b>{escape(suit_words(trump))}</b>"
                         f"{' — made by this first card' if made else ''}.</div>")
            if isinstance(move, Announce):
                self.marriage = self.after.marriages[-1].points
                lines.append(f"<div data-cruce-marriage='{self.marriage}'>Announced and "
                             f"shown to everyone: <b>{self.marriage} points</b> for "
                             f"{escape(SEAT_NAMES[self.seat])}'s side "
                             f"({'in trumps' if self.marriage == 40 else 'not trumps'}).</div>")
            elif isinstance(move, Play) and move.card.rank in (12, 13) and any(
                    isinstance(m, Announce) and m.card == move.card
                    for m in self.state.legal_moves()):
                lines.append("<div data-cruce-marriage='0'>Led without announcing: the "
                             "marriage is not counted (and cannot be any more).</div>")
        self.result.value = "".join(lines)
        self._draw(self.after or self.state)
        return why

    def take_back(self) -> None:
        self.verdict, self.after, self.marriage = None, None, 0
        self.result.value = "<i>Click a card to lead.</i>"
        self._draw(self.state)

    def _draw(self, state: CruceState) -> None:
        self.board.value = _board(state, self.seat, self.scale)


# --- Counting a hand -------------------------------------------------------------------------

def tally_html(result: HandResult, names: Sequence[str]) -> str:
    """One hand counted side by side: card points, marriages, their sum divided by 33, and
    what each side scores (the bid made or failed)."""
    rows = []
    for side, name in enumerate(names):
        points = result.points[side]
        line = (f"{result.card_points[side]} + {result.marriage_points[side]} = {points}; "
                f"{points} ÷ 33 = {game_points(points)} rest {points % 33}")
        rows.append(f"<tr data-cruce-side='{side}'><td>{escape(name)}</td><td>{line}</td>"
                    f"<td><b>{result.scored[side]:+d}</b></td></tr>")
    if result.declarer is None:
        contract = "Everybody passed and the hand was dealt again."
    elif result.bid == 0:
        contract = "No contract: everybody passed, so every side scores its game points."
    else:
        side = result.declaring_side
        assert side is not None
        verdict = "made" if result.made else "failed"
        contract = (f"{SEAT_NAMES[result.declarer]} bid {result.bid} ({promise(result.bid)} "
                    f"points): {verdict} with {result.points[side]}.")
    return (f"<div class='cruce-tally'><div>{escape(contract)}</div><table>"
            "<tr><th>side</th><th>cards + marriages = points; ÷ 33</th><th>scores</th></tr>"
            f"{''.join(rows)}</table></div>")


class CountDemo(TeachingWidget):
    """A first hand played by the rule-of-thumb bots (2, 3 or 4 players, a seed), counted
    side by side; ``result`` is the engine's :class:`HandResult` (``cruce-count-*``)."""

    def __init__(self, players: int = 3, seed: int = 7):
        super().__init__("cruce-step", "cruce-count", prefix="cruce")
        controls = _players_and_seed(self, players, seed, "cruce-count", self.play)
        self.table = add_classes(widgets.HTML(), "cruce-count-table")
        self.children = [controls, self.table, self.message]
        self.play(players, seed)

    def play(self, players: int, seed: int) -> HandResult:
        state = GAME.new(seed=seed, players=players)
        bot = RuleOfThumbBot()
        while not state.results:
            state = state.apply(bot.choose(state))
        self.state = state
        self.result = state.results[0]
        self.table.value = tally_html(self.result, side_names(state.view(0)))
        return self.result


# --- A failed bid ----------------------------------------------------------------------------

class FailedBidDemo(TeachingWidget):
    """Bogdan's hand of 124 points (84 in cards, 40 for his trump marriage), bid at 1 to 4,
    scored under either reading of a failed bid; ``result`` is the engine's
    (``cruce-failed-*``)."""

    def __init__(self, bid: int = 4, failed_bid: str = "others-score"):
        super().__init__("cruce-step", "cruce-failed", prefix="cruce")
        option = next(o for o in GAME.options if o.name == "failed_bid")
        self.bid_picker = _choices([(f"Bogdan bids {k}", k) for k in range(1, 5)], bid,
                                   "cruce-failed-bid")
        self.reading = _choices(list(option.choices or ()), failed_bid,
                                "cruce-failed-reading", "failed_bid")
        self.on_change(self.bid_picker, lambda k: self.play(k, self.reading.value))
        self.on_change(self.reading, lambda r: self.play(self.bid_picker.value, r))
        self.table = add_classes(widgets.HTML(), "cruce-failed-table")
        self.children = [self.bid_picker, self.reading, self.table, self.message]
        self.play(bid, failed_bid)

    def play(self, bid: int, failed_bid: str) -> HandResult:
        state = GAME.from_hands(THREE, failed_bid=failed_bid)
        for text in ("pass", f"bid {bid}", "pass", *" ".join(THREE_FAILED).split()):
            state = state.apply(text)
        self.result = state.results[0]
        self.table.value = tally_html(self.result, side_names(state.view(0)))
        return self.result


# --- The end of the game ---------------------------------------------------------------------

class GameEndDemo(TeachingWidget):
    """The totals before a hand in which Ana bids 2 and scores 4 (three players), and the
    end options; the engine plays the hand and says whether the game ends.  ``final`` is
    the state after the hand (``cruce-end-*``)."""

    def __init__(self, totals: Sequence[int] = (18, 20, 9), **options: Any):
        super().__init__("cruce-step", "cruce-end", prefix="cruce")
        self.boxes = [widgets.IntText(value=t, description=SEAT_NAMES[s],
                                      layout={"width": "150px"})
                      for s, t in enumerate(totals)]
        target = options.get("target", 21)
        end_rule = options.get("end_rule", "highest")
        self.target = _choices([21, 15, 11], target, "cruce-end-target", "target")
        self.end_rule = _choices(["highest", "lead-by-two"], end_rule, "cruce-end-rule",
                                 "end_rule")
        for control in (*self.boxes, self.target, self.end_rule):
            self.on_change(control, lambda _value: self.play())
        self.outcome = add_classes(widgets.HTML(), "cruce-end-outcome")
        self.children = [widgets.HBox(self.boxes), self.target, self.end_rule, self.outcome,
                         self.message]
        self.play()

    def play(self) -> CruceState:
        totals = tuple(int(box.value) for box in self.boxes)
        state = GAME.from_hands(THREE, totals=totals, target=self.target.value,
                                end_rule=self.end_rule.value)
        for text in ("bid 2", "pass", "pass", *" ".join(THREE_MADE).split()):
            state = state.apply(text)
        self.final = state
        after = state.results[0].totals
        if state.is_over:
            best = SEAT_NAMES[after.index(max(after))]
            words = f"<b>The game is over: {best} wins</b> with {max(after)}."
        else:
            words = ("<b>The game goes on</b>: "
                     + ("nobody has reached the target yet." if max(after) < self.target.value
                        else "the highest totals are too close, so another hand is dealt."))
        self.outcome.value = (f"<div data-cruce-over='{str(state.is_over).lower()}'>Ana makes "
                              f"her bid: +{state.results[0].scored[0]}. Totals now "
                              f"{', '.join(map(str, after))}. {words}</div>"
                              f"{scores_html(state.view(0))}")
        return state


# --- A whole game ----------------------------------------------------------------------------

class CruceTable(TeachingWidget):
    """A game table (:class:`~cardlib.widgets.table.GameTable`) for 2, 3 or 4 players,
    you at seat 0 (Ana) against rule-of-thumb bots; at four, Cristina is your partner.
    ``table`` is the current game table (``cruce-game-*``)."""

    def __init__(self, players: int = 4, seed: int = 7, options: Mapping[str, Any] | None = None):
        super().__init__("cruce-step", "cruce-game", prefix="cruce")
        self.seed = seed
        self.extra = dict(options or {})
        self.count = _choices([(f"{n} players", n) for n in GAME.player_counts], players,
                              "cruce-game-players")
        self.on_change(self.count, self.seat_players)
        self.words = add_classes(widgets.HTML(), "cruce-game-words")
        self.holder = widgets.VBox()
        self.children = [self.count, self.words, self.holder, self.message]
        self.seat_players(players)

    def seat_players(self, players: int) -> GameTable:
        bots = {seat: RuleOfThumbBot() for seat in range(1, players)}
        self.table = GameTable(GAME, seed=self.seed, seat=ANA, bots=bots,
                               options={"players": players,
                                        **GAME.Options.played_at(players, self.extra)})
        self.table.on_new_game(self._dealt)
        self._describe()
        self.holder.children = (self.table,)
        return self.table

    def _dealt(self, table: GameTable) -> None:
        """The table's own panel dealt a game: the count and the words follow it."""
        with self.quietly():
            self.count.value = table.players
        self._describe()

    def _describe(self) -> None:
        players, state = self.table.players, self.table.state
        bots = sorted(self.table.bots)
        listed = self.table.setup.kind(self.table.setup.bots.value)
        kind = "rule-of-thumb" if listed is None or listed.name == "rule-of-thumb" \
            else listed.label
        names = ", ".join(SEAT_NAMES[seat] for seat in bots) or "nobody"
        partner = (" Cristina, opposite you, is your <b>partner</b> (team A): your points "
                   "and marriages count together against Bogdan and Dan."
                   if len(state.teams) == 2 and players == 4 else "")
        self.words.value = (f"<div data-cruce-players='{players}'>You are Ana; {names} "
                            f"{'is a' if len(bots) == 1 else 'are'} {kind} "
                            f"bot{'' if len(bots) == 1 else 's'}.{partner}</div>")


__all__ = ["CRUCE", "SCENES", "AuctionStep", "BidDemo", "CountDemo", "CruceTable", "DealDemo",
           "FailedBidDemo", "GameEndDemo", "LeadDemo", "PackDemo", "PlayOut", "TryCard",
           "tally_html"]

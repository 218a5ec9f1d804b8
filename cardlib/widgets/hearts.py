"""The Hearts teaching widgets: try a card, play it out, pass three, shoot the moon, and see
when the game ends.

A rule is learnt fastest by trying it.  Each widget puts the learner in one scripted
moment of a hand (a :class:`~cardlib.widgets.tricks.Scene`) or in front of one decision,
and answers with the engine's own words: a card is judged by ``state.explain``, a pass or
a trick is played by ``state.apply``, a score is read from the hand's result.  Nothing
here restates a rule, so a widget cannot teach something the game would not do.

"Try a card" and "play it out" are the generic trick steps (:mod:`cardlib.widgets.tricks`,
``try_card``, ``play_out``) given Hearts' hand order, table picture and words
(:data:`HEARTS`); the rest is Hearts' own, on the same base (:mod:`cardlib.widgets.base`):

* :class:`TryCard`: a position (your hand, the trick so far); click any card of your
  hand to see whether you may play it, the rule id that decides, and, for a legal card,
  who would take the trick.  A scene may offer a switch for the option that plays the
  other reading of the rules at that step.
* :class:`PlayOut`: from a scene, play your cards or let the bots finish the trick or the
  hand, each move told with its rule id.
* :class:`PassingDemo`: choose three cards and a hand number (1-4); the engine plays the
  pass, and the picture shows where everyone's cards go.
* :class:`MoonDemo`: the last three tricks of a hand in which you hold every point so
  far; play them and watch the moon succeed or fail, and how the hand is scored.
* :class:`GameEndDemo`: the totals before a hand, the end options; the engine plays the
  hand and says whether the game ends and who is placed where.

For tests, each widget's state is plain Python (``verdict``, ``state``, ``points``,
``places`` …), and every control carries a ``hearts-*`` CSS class for browser tests.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import games
from cardlib.bots import Bot
from cardlib.cards import Card, parse_card
from cardlib.hearts import SEATS, HeartsState, Pass
from cardlib.hearts.bots import RuleOfThumbBot
from cardlib.hearts.deck import TRICKS
from cardlib.hearts.scoring import HandResult
from cardlib.protocol import Explanation
from cardlib.render.hearts import H, W, scores_html, table_svg
from cardlib.svg import row_svg
from cardlib.widgets import play_out, try_card
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.narration import Played
from cardlib.widgets.tricks import Scene, TrickTeaching, card_button

GAME = games.get("hearts")
LEARNER = 2
"""The learner sits South in every scene, as in most Hearts programs: own hand at the
bottom, West (the next to play, "left" in passing) on the left."""

NO_PASS_HAND = 3
"""Scenes are set in the fourth hand of the rotation, which has no pass, so their play
starts at once with the 2♣."""

STEP_SCALE = 0.62
"""Step widgets sit between paragraphs of prose, so their table is smaller than the game
table's."""


# --- Scenes: scripted moments of a hand ------------------------------------------------------

# One hand told in several moments.  South has no club; North holds the 2♣.
#   trick 1  North 2♣, East 5♣, South 4♦ (no club, no points allowed), West A♣ takes it
#   trick 2  West K♠, North 3♠, East 9♠, South Q♠ (dropped on the king: West takes 13)
#   trick 3  West 5♦, North 8♦, East 6♦, South K♦ takes it
#   trick 4  South 2♦ (hearts are not broken), West 3♦, North 10♦, East 7♦: North takes
#   trick 5  North 3♣, East 6♣, South (no club) may throw anything, even a heart
STORY = (
    "2C 3C 4C 7C 8C 8D 9D TD 3S 4S 5S 2H 4H",   # North
    "5C 6C 9C TC 6D 7D QD 6S 7S 9S 5H 7H 8H",   # East
    "2D 4D JD KD 2S QS AS 3H 6H 9H TH QH AH",   # South
    "JC QC KC AC 3D 5D AD 8S TS JS KS JH KH",   # West
)
STORY_PLAYS = ("2C 5C 4D AC", "KS 3S 9S QS", "5D 8D 6D KD", "2D 3D TD 7D", "3C 6C")

# South holds the 2♣ (North's and South's hands of STORY swapped).
OPENER = (STORY[2], STORY[1], STORY[0], STORY[3])

# South holds only the Q♠ and hearts, and no club, on the first trick.
ONLY_POINTS = (
    "2C 5C 8C JC 2D 5D 8D JD 2S 5S 8S JS AH",   # North
    "3C 6C 9C QC 3D 6D 9D QD KD 3S 6S 9S KS",   # East
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",   # South
    "4C 7C TC KC AC 4D 7D TD AD 4S 7S TS AS",   # West
)

# South shoots for the moon.  Everyone else is void in two suits, so South's top cards win
# tricks 1-10 and collect every heart but the 5♥ (West's) and South's own A♥ K♥ 3♥:
#   t1  East 2♣, South A♣, West 2♦, North 2♠ (no points on the first trick)
#   t2  South K♣, West Q♥, North 6♥, East 3♣      t3  Q♣, J♥, 4♥, 4♣
#   t4  J♣, 3♦ (West keeps the 5♥), 2♥, 5♣        t5  K♠, 4♦, 3♠, 7♥
#   t6  Q♠, 5♦, 4♠, 8♥ (South takes its own Q♠)   t7  A♦, 6♦, 5♠, 9♥
#   t8  K♦, 7♦, 6♠, 10♥                            t9  Q♦, 8♦, 7♠, 6♣
#   t10 A♠, 9♦, 8♠, 7♣
# Left: South A♥ K♥ 3♥, West 5♥ 10♦ J♦, North 9♠ 10♠ J♠, East 8♣ 9♣ 10♣; South leads.
# West must follow a heart with the 5♥: lead the 3♥ while West still has it and West
# takes the trick; lead the A♥ or K♥ first and the 5♥ falls under it.
MOON = (
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS 2H 4H 6H",   # North
    "2C 3C 4C 5C 6C 7C 8C 9C TC 7H 8H 9H TH",   # East
    "AC KC QC JC AS KS QS AH KH 3H AD KD QD",   # South
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD 5H JH QH",   # West
)
MOON_PLAYS = ("2C AC 2D 2S", "KC QH 6H 3C", "QC JH 4H 4C", "JC 3D 2H 5C", "KS 4D 3S 7H",
              "QS 5D 4S 8H", "AD 6D 5S 9H", "KD 7D 6S TH", "QD 8D 7S 6C", "AS 9D 8S 7C")
MOON_FINISH = ("AH 5H 9S 8C", "KH TD TS 9C", "3H JD JS TC")
"""The last three tricks played so that South shoots the moon (used by GameEndDemo)."""

# South leads trick 3 holding nothing but hearts, and no heart has been played:
#   t1  North 2♣, East 3♣, South A♣ (takes it), West 4♣
#   t2  South A♦ (takes it), West 2♦, North 3♦, East 4♦
# Left in South's hand: 2♥ … Q♥, hearts unbroken.  North holds the K♥, East the A♥.
ONLY_HEARTS = (
    "2C 5C 8C JC 3D 6D 9D QD 2S 5S 8S JS KH",   # North
    "3C 6C 9C QC 4D 7D TD KD 3S 6S 9S QS AH",   # East
    "AC AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",   # South
    "4C 7C TC KC 2D 5D 8D JD 4S 7S TS KS AS",   # West
)
# The same hand with South's Q♥ and East's Q♠ swapped: after the same two tricks South
# leads holding hearts and the Q♠ (West holds the K♠ and A♠ that will take it).
QUEEN_AND_HEARTS = (
    ONLY_HEARTS[0],
    "3C 6C 9C QC 4D 7D TD KD 3S 6S 9S QH AH",
    "AC AD QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    ONLY_HEARTS[3],
)
TWO_ACES = "2C 3C AC 4C AD 2D 3D 4D"
"""South's two aces take tricks 1 and 2, so South leads the third."""


def _story(tricks: int, *extra: str) -> str:
    return " ".join(STORY_PLAYS[:tricks] + extra)


def _scene(name: str, title: str, hands: tuple[str, ...], plays: str = "",
           switch: str | None = None) -> Scene:
    return Scene(GAME, name, title, hands, plays, {"hand_number": NO_PASS_HAND}, switch)


SCENES: dict[str, Scene] = {scene.name: scene for scene in (
    _scene("two-of-clubs", "You hold the 2♣: open the hand", OPENER,
           switch="can_lead_any_club"),
    _scene("first-trick", "The first trick: North led the 2♣ and you have no club", STORY,
           _story(0, "2C 5C")),
    _scene("first-trick-only-points",
           "The first trick again: no club, and nothing but hearts and the Q♠", ONLY_POINTS,
           "2C 3C", switch="first_trick_void"),
    _scene("follow-suit", "Trick 3: West led the 5♦", STORY, _story(2, "5D 8D 6D")),
    _scene("take-trick", "Trick 2: West led the K♠ and you play last", STORY,
           _story(1, "KS 3S 9S")),
    _scene("lead-unbroken", "Trick 4: you lead. The Q♠ has been played, no heart yet",
           STORY, _story(3), switch="qs_breaks_hearts"),
    _scene("lead-only-hearts",
           "Trick 3: you lead, holding nothing but hearts, and no heart has been played",
           ONLY_HEARTS, TWO_ACES),
    _scene("lead-queen-forced",
           "Trick 3: you lead; hearts are not broken and your only other card is the Q♠",
           QUEEN_AND_HEARTS, TWO_ACES, switch="can_lead_hearts_instead_of_qs"),
    _scene("void", "Trick 5: North led a club and you have none", STORY, _story(5)),
    _scene("moon", "Three tricks left: you have taken every point so far", MOON,
           " ".join(MOON_PLAYS)),
)}


# --- What Hearts gives the generic steps ------------------------------------------------------

def _scaled(svg: str, scale: float) -> str:
    """A table picture drawn at ``scale`` (the steps' tables are smaller, see STEP_SCALE)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * scale:.0f}" '
            f'height="{H * scale:.0f}" viewBox="0 0 {W} {H}">{svg}</svg>')


def hand_order(card: Card) -> tuple[int, int]:
    """The order the table picture fans a hand: clubs, diamonds, spades, hearts, each low
    to high, so the buttons line up with the cards drawn above them."""
    return "CDSH".index(card.suit), TRICKS.power(card)


def _board(state: HeartsState, seat: int, scale: float) -> str:
    """The table seen from ``seat``, and whether hearts are broken (the lead rule's key)."""
    broken = "broken" if state.hearts_broken else "not broken"
    return (f"<div data-hearts-seat='{seat}' "
            f"data-hearts-broken='{str(state.hearts_broken).lower()}'>"
            f"{_scaled(table_svg(state.view(seat)), scale)}"
            f"<div><small>Hearts are {broken}.</small></div></div>")


HEARTS = TrickTeaching(
    GAME, hand_order, board=_board, seats=SEATS,
    points=lambda state: state.view(LEARNER).points_taken,
    bot=RuleOfThumbBot, scenes=SCENES, scale=STEP_SCALE,
)
"""Hearts for the generic trick steps: hand order, table picture, seat names, points."""


def _rule_words(rule: str) -> str:
    return HEARTS.rule_words(rule)


def _places_words(places: Sequence[int]) -> str:
    """``1st South · 2nd East · 3rd= North, West`` (= marks a shared place)."""
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    parts = []
    for place in sorted(set(places)):
        seats = [SEATS[s] for s, p in enumerate(places) if p == place]
        shared = "=" if len(seats) > 1 else ""
        parts.append(f"{ordinal[place]}{shared} {', '.join(seats)}")
    return " · ".join(parts)


# --- Try a card, play it out ------------------------------------------------------------------

class TryCard(try_card.TryCard):
    """A Hearts position: a name from :data:`SCENES`, a :class:`Scene` or a state during
    the play; click a card, see the verdict (see :class:`cardlib.widgets.try_card.TryCard`).

    ``options`` change the scene's game options (``{"qs_breaks_hearts": True}``).
    """

    def __init__(self, scene: str | Scene | HeartsState, *,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(HEARTS, scene, options=options, scale=scale)


class PlayOut(play_out.PlayOut):
    """A Hearts scene played on, by you and the rule-of-thumb bots, every move told (see
    :class:`cardlib.widgets.play_out.PlayOut`)."""

    def __init__(self, scene: str | Scene | HeartsState, *,
                 bots: Mapping[int, Bot] | None = None,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(HEARTS, scene, bots=bots, options=options, scale=scale)


# --- Passing ---------------------------------------------------------------------------------

_SPOT = {0: (160, 38), 1: (282, 160), 2: (160, 282), 3: (38, 160)}
"""Seat positions in the rotation picture: North at the top, East right, South at the
bottom, West left (South's view of the table)."""


def rotation_svg(passed_to: Mapping[int, int], learner: int = LEARNER) -> str:
    """Arrows from each seat to the seat it passes to (none for a hand without a pass).

    The learner's arrow is drawn thick and gold.  Arrows are moved a little to their own
    right, so that two seats passing across to each other get two separate arrows.
    """
    parts = ["<defs><marker id='hearts-arrow' viewBox='0 0 10 10' refX='9' refY='5' "
             "markerWidth='7' markerHeight='7' orient='auto-start-reverse'>"
             "<path d='M0,0 L10,5 L0,10 z' fill='context-stroke'/></marker></defs>",
             "<rect width='320' height='320' rx='16' fill='#0b6e3a'/>"]
    for seat, (x, y) in _SPOT.items():
        weight = "bold" if seat == learner else "normal"
        parts.append(f"<text x='{x}' y='{y + 5}' text-anchor='middle' font-size='16' "
                     f"font-family='DejaVu Sans, sans-serif' font-weight='{weight}' "
                     f"fill='white'>{SEATS[seat]}</text>")
    for seat, to in passed_to.items():
        (x1, y1), (x2, y2) = _SPOT[seat], _SPOT[to]
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        ox, oy = -uy * 9, ux * 9             # a little to the arrow's own right
        x1, y1 = x1 + ux * 42 + ox, y1 + uy * 42 + oy
        x2, y2 = x2 - ux * 42 + ox, y2 - uy * 42 + oy
        colour, width = ("#ffd54f", 5) if seat == learner else ("#e0e0e0", 2.5)
        parts.append(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
                     f"stroke='{colour}' stroke-width='{width}' "
                     "marker-end='url(#hearts-arrow)'/>")
    if not passed_to:
        parts.append("<text x='160' y='165' text-anchor='middle' font-size='18' "
                     "font-family='DejaVu Sans, sans-serif' fill='#ffd54f'>no pass</text>")
    return ("<svg xmlns='http://www.w3.org/2000/svg' width='240' height='240' "
            "viewBox='0 0 320 320' role='img' aria-label='where the cards are passed'>"
            f"{''.join(parts)}</svg>")


class PassingDemo(TeachingWidget):
    """Your hand from a seeded deal: choose three cards, pick hand 1-4, see where they go.

    The pass is played by the engine: the other seats pass with the rule-of-thumb bot, and
    where your cards end up is read from the hands after the pass.  ``hand`` is numbered
    from 1, as players count hands.
    """

    def __init__(self, seed: int | str = 1, *, hand: int = 1, seat: int = LEARNER,
                 bots: Mapping[int, Bot] | None = None):
        super().__init__("hearts-step", "hearts-pass", prefix="hearts")
        start = GAME.new(seed=seed)
        self.seed = seed
        self.seat = seat
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(start.hand_cards(s) for s in range(4))
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else {
            s: RuleOfThumbBot() for s in range(4) if s != seat}
        self.hand = self._checked_hand(hand)
        self.chosen: tuple[Card, ...] = ()
        self.state: HeartsState = self._start()
        self.verdict: Explanation | None = None
        self.receiver: int | None = None
        self.received: tuple[Card, ...] = ()
        self.sender: int | None = None

        self.hand_picker = add_classes(widgets.ToggleButtons(
            options=[(f"hand {n}", n) for n in range(1, 5)], value=self.hand,
            style={"button_width": "70px"}), "hearts-pass-hand")
        self.on_change(self.hand_picker, self._on_hand)
        self.toggles: dict[str, widgets.ToggleButton] = {}
        for card in sorted(self.dealt[seat], key=hand_order):
            toggle = card_button(card, "hearts", "hearts-pass-card", toggle=True)
            self.on_change(toggle, functools.partial(self._on_toggle, card))
            self.toggles[card.code] = toggle
        cards = widgets.HBox(list(self.toggles.values()), layout={"flex_flow": "row wrap"})
        self.picture = add_classes(widgets.HTML(), "hearts-pass-picture")
        self.result = add_classes(widgets.HTML(), "hearts-pass-result")
        self.children = [self.hand_picker, cards, widgets.HBox([self.picture, self.result]),
                         self.message]
        self._refresh()

    # --- what tests and the notebook use ---------------------------------------------------
    def choose(self, *cards: Card | str, hand: int | None = None) -> PassingDemo:
        """Choose the three cards (and the hand number) at once, as clicks would."""
        chosen = tuple(parse_card(c) for c in cards)
        mine = set(self.dealt[self.seat])
        strangers = [c.code for c in chosen if c not in mine]
        if strangers:
            raise ValueError(f"not in {SEATS[self.seat]}'s hand: {', '.join(strangers)}")
        if len(set(chosen)) != len(chosen) or len(chosen) > 3:
            raise ValueError(f"choose up to three different cards, not {len(chosen)}: "
                             f"{' '.join(c.code for c in chosen)}")
        new_hand = self.hand if hand is None else self._checked_hand(hand)
        self.chosen, self.hand = chosen, new_hand
        self._sync_controls()
        self._refresh()
        return self

    @property
    def direction(self) -> str:
        """``left``, ``right``, ``across`` or ``none`` for the chosen hand (the engine's)."""
        return self.state.deal.direction_name

    # --- callbacks -------------------------------------------------------------------------
    def _on_toggle(self, card: Card, chosen: bool) -> None:
        if chosen:
            if len(self.chosen) == 3:
                with self.quietly():
                    self.toggles[card.code].value = False
                self.say("You pass exactly three cards: unselect one first.", "illegal")
                return
            self.chosen = (*self.chosen, card)
        else:
            self.chosen = tuple(c for c in self.chosen if c != card)
        self._refresh()

    def _on_hand(self, hand: int) -> None:
        self.hand = self._checked_hand(hand)
        self._refresh()

    # --- the pass, played by the engine --------------------------------------------------------
    @staticmethod
    def _checked_hand(hand: int) -> int:
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise ValueError(f"hand={hand!r}: hands are numbered 1, 2, 3, …")
        return hand

    def _start(self) -> HeartsState:
        return GAME.from_hands(self.dealt, seed=self.seed, hand_number=self.hand - 1)

    def _refresh(self) -> None:
        start = self._start()
        self.state, self.verdict = start, None
        self.receiver, self.received, self.sender = None, (), None
        passed_to = {s: v.passed_to for s in range(4)
                     if (v := start.view(s)).passed_to is not None}
        if start.phase != "pass":      # every fourth hand: the engine refuses any pass
            card = self.chosen[0] if self.chosen else self.dealt[self.seat][0]
            self.verdict = start.explain(Pass(card))
            self.result.value = (
                f"<div data-hearts-direction='none'><b>Hand {self.hand}: no pass.</b> "
                f"{escape(self.verdict.text)} <code>[{escape(self.verdict.rule)}]</code>"
                "</div>")
        elif len(self.chosen) < 3:
            self.result.value = (
                f"<div data-hearts-direction='{self.direction}'><b>Hand {self.hand}: "
                f"everyone passes {escape(start.deal.direction_words)}.</b><br>"
                f"Choose {3 - len(self.chosen)} more card"
                f"{'s' if 3 - len(self.chosen) != 1 else ''} to pass.</div>")
        else:
            self._pass_all(start)
        self.picture.value = rotation_svg(passed_to, self.seat)
        if self.message_kind != "error":
            self.say("")

    def _pass_all(self, state: HeartsState) -> None:
        """Play the whole pass: bots for the others, the chosen cards for the learner."""
        mine = list(self.chosen)
        while state.phase == "pass":
            if state.to_move == self.seat:
                move = Pass(mine.pop(0))
                self.verdict = state.explain(move)
                state = state.apply(move)
            else:
                state = state.apply(self.bots[state.to_move].choose(state))
        self.state = state
        self.receiver = next(s for s in range(4)
                             if set(self.chosen) <= set(state.hand_cards(s)))
        view = state.view(self.seat)
        self.received = view.received or ()
        self.sender = next(s for s in range(4) if state.view(s).passed_to == self.seat)
        gave = ", ".join(c.label for c in self.chosen)
        got = ", ".join(c.label for c in self.received)
        self.result.value = (
            f"<div data-hearts-direction='{self.direction}' "
            f"data-hearts-receiver='{SEATS[self.receiver]}'>"
            f"<b>Hand {self.hand}: everyone passes {escape(state.deal.direction_words)}."
            f"</b><br>Your {escape(gave)} go to <b>{SEATS[self.receiver]}</b>:"
            f"<div>{row_svg(list(self.chosen), 44)}</div>"
            f"You receive {escape(got)} from <b>{SEATS[self.sender]}</b>, after choosing "
            f"yours:<div>{row_svg(list(self.received), 44)}</div>"
            f"<small>{self._rule_line()}</small></div>")

    def _rule_line(self) -> str:
        why = self.verdict
        said = f"{escape(why.text)} <code>[{escape(why.rule)}]</code>. " if why else ""
        return (f"{said}{escape(_rule_words('hearts.pass.rotation'))} "
                "<code>[hearts.pass.rotation]</code>")

    def _sync_controls(self) -> None:
        with self.quietly():
            for code, toggle in self.toggles.items():
                toggle.value = parse_card(code) in self.chosen
            if self.hand not in [value for _, value in self.hand_picker.options]:
                # a later hand, chosen from Python: offer it too
                self.hand_picker.options = (*self.hand_picker.options,
                                            (f"hand {self.hand}", self.hand))
            self.hand_picker.value = self.hand


# --- Shooting the moon --------------------------------------------------------------------

class MoonDemo(PlayOut):
    """Play the last tricks of the moon scene: every heart or none?

    The other seats are played by ``bots`` (default: the rule-of-thumb bot, which is
    deterministic, so the same cards give the same ending).  When the hand ends, the
    engine's result is shown: ``points`` (what each seat scores for the hand), ``moon``
    (the shooter, or None) and ``outcome`` (``"moon"`` or ``"no moon"``).
    """

    kind = "moon"
    finishing = False

    def __init__(self, scene: str | Scene = "moon", *, bots: Mapping[int, Bot] | None = None,
                 options: Mapping[str, Any] | None = None, scale: float = STEP_SCALE):
        super().__init__(scene, bots=bots, options=options, scale=scale)

    # --- what tests and the notebook use ---------------------------------------------------
    @property
    def hand_result(self) -> HandResult | None:
        """The engine's result of the scene's hand, once it is over."""
        return self.state.results[len(self.states[0].results)] if self.hand_over else None

    @property
    def points(self) -> tuple[int, ...] | None:
        result = self.hand_result
        return result.points if result else None

    @property
    def moon(self) -> int | None:
        result = self.hand_result
        return result.moon if result else None

    @property
    def outcome(self) -> str | None:
        if not self.hand_over:
            return None
        return "moon" if self.moon is not None else "no moon"

    # --- telling and drawing -----------------------------------------------------------------
    def _tell(self, played: Sequence[Played]) -> None:
        """The last four cards, short: ``You: A♥ · West: 5♥ · North: 9♠ · East: 8♣``."""
        self.say(" · ".join(f"{self._who(move.seat)}: {GAME.move_label(move.move)}"
                            for move in self.played[-4:]))

    def _board_html(self, state: HeartsState) -> str:
        """Every hand face up: the point of the scene is who still holds a heart."""
        hands = tuple(state.hand_cards(s) for s in range(4))
        return (f"<div data-hearts-tricks='{len(state.tricks)}'>"
                f"{_scaled(table_svg(state.view(self.seat), hands), self.scale)}</div>")

    def _points_html(self, state: HeartsState) -> str:
        taken = HEARTS.points(state)
        return f"{HEARTS.points_line(state)} — {26 - sum(taken)} still out."

    def _result_html(self) -> str:
        result = self.hand_result
        assert result is not None
        scores = scores_html(self.state.view(self.seat))
        if result.moon is not None:
            shooter = SEATS[result.moon]
            scored = ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(result.points))
            text = (f"<b>🌙 {shooter} shot the moon!</b> {shooter} took all 13 hearts and "
                    f"the Q♠ (26 points), and instead of 26 for {shooter} the hand scores: "
                    f"{escape(scored)}.")
            rule, kind = "hearts.score.moon", "success"
        else:
            who = ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(result.points) if p)
            text = ("<b>No moon.</b> Someone else took a heart, so every player scores the "
                    f"points in the tricks they took: {escape(who)}.")
            rule, kind = "hearts.score.points", "failed"
        return (f"<div class='hearts-moon-{kind}' data-hearts-outcome='{self.outcome}'>"
                f"{text} <code>[{rule}]</code><br><small>{escape(_rule_words(rule))}"
                f"</small>{scores}</div>")


# --- The end of the game ------------------------------------------------------------------

END_OPTIONS = ("end_score", "end_when", "tie_for_first")


class GameEndDemo(TeachingWidget):
    """Totals before a hand and the end options; the engine plays the hand and says whether
    the game is over and how the players are placed.

    The hand is the moon scene played to the end (South shoots the moon: every other
    player scores 26), so the totals after it are easy to check by hand.
    """

    def __init__(self, totals: Sequence[int] = (24, 10, 30, 24), **options: Any):
        super().__init__("hearts-step", "hearts-end", prefix="hearts")
        self.totals_before: tuple[int, ...] = self._checked_totals(totals)
        self.options: dict[str, Any] = self._checked_options(options)
        self.state: HeartsState = self._play()

        self.total_boxes = [
            widgets.BoundedIntText(value=t, min=-200, max=500, description=SEATS[s],
                                   layout={"width": "150px"})
            for s, t in enumerate(self.totals_before)]
        for box in self.total_boxes:
            box.add_class("hearts-end-total")
            self.on_change(box, self._on_change)
        self.end_score = widgets.ToggleButtons(options=[50, 100],
                                               value=self.options["end_score"],
                                               description="end_score")
        self.end_when = widgets.ToggleButtons(options=["reach", "exceed"],
                                              value=self.options["end_when"],
                                              description="end_when")
        self.tie_for_first = widgets.ToggleButtons(options=["share", "play-on"],
                                                   value=self.options["tie_for_first"],
                                                   description="tie_for_first")
        for name in END_OPTIONS:
            control = getattr(self, name)
            control.add_class(f"hearts-end-{name.replace('_', '-')}")
            control.style.description_width = "initial"
            self.on_change(control, self._on_change)
        self.result = add_classes(widgets.HTML(), "hearts-end-result")
        self.children = [widgets.HTML("<b>Totals before the hand</b>"),
                         widgets.HBox(self.total_boxes), self.end_score, self.end_when,
                         self.tie_for_first, self.result, self.message]
        self._draw()

    # --- what tests and the notebook use ---------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def totals(self) -> tuple[int, ...]:
        """The totals after the hand."""
        return self.state.totals

    @property
    def places(self) -> list[int]:
        """Each seat's place by the totals after the hand (1 = best, ties share)."""
        return self.state.ranking()

    def choose(self, *, totals: Sequence[int] | None = None, **options: Any) -> GameEndDemo:
        """Set the totals and any end option, as the controls would; checked first."""
        new_totals = self.totals_before if totals is None else self._checked_totals(totals)
        new_options = self._checked_options({**self.options, **options})
        self.totals_before, self.options = new_totals, new_options
        self.state = self._play()
        with self.quietly():
            for box, total in zip(self.total_boxes, new_totals, strict=True):
                box.value = total
            for name in END_OPTIONS:
                control = getattr(self, name)
                if self.options[name] not in control.options:
                    control.options = (*control.options, self.options[name])
                control.value = self.options[name]
        self._draw()
        return self

    # --- callbacks -------------------------------------------------------------------------
    def _on_change(self, _value: Any) -> None:
        self.choose(totals=[box.value for box in self.total_boxes],
                    end_score=self.end_score.value, end_when=self.end_when.value,
                    tie_for_first=self.tie_for_first.value)

    # --- the hand, played by the engine ----------------------------------------------------
    @staticmethod
    def _checked_totals(totals: Sequence[int]) -> tuple[int, ...]:
        if isinstance(totals, str) or len(totals) != 4 or not all(
                isinstance(t, int) and not isinstance(t, bool) for t in totals):
            raise ValueError(f"totals={totals!r}: give four whole numbers, North first")
        return tuple(totals)

    @staticmethod
    def _checked_options(options: Mapping[str, Any]) -> dict[str, Any]:
        """The three end options, filled in and checked by the game; other options are
        refused by name (the hand played here is scripted for the default rules)."""
        others = sorted(set(options) - set(END_OPTIONS))
        if others:
            raise ValueError(f"GameEndDemo takes the end options {', '.join(END_OPTIONS)}; "
                             f"not {', '.join(others)}")
        options = GAME.make_options(**options).as_dict()
        return {name: options[name] for name in END_OPTIONS}

    def _play(self) -> HeartsState:
        state = SCENES["moon"].state(totals=self.totals_before, **self.options)
        for text in " ".join(MOON_FINISH).split():
            state = state.apply(text)
        return state

    def _draw(self) -> None:
        result = self.state.results[-1]
        gained = ", ".join(f"{SEATS[s]} +{p}" for s, p in enumerate(result.points))
        after = ", ".join(f"{SEATS[s]} {t}" for s, t in enumerate(self.totals))
        if self.over:
            verdict = (f"<b>The game is over.</b> {escape(_places_words(self.places))}"
                       " <code>[hearts.game.ranking]</code>")
        else:
            verdict = "<b>The game goes on:</b> another hand is dealt."
        self.result.value = (
            f"<div data-hearts-over='{str(self.over).lower()}'>South shoots the moon: "
            f"{escape(gained)}.<br>Totals after the hand: <b>{escape(after)}</b>.<br>"
            f"{verdict} <code>[hearts.game.end]</code><br>"
            f"<small>{escape(_rule_words('hearts.game.end'))} "
            f"{escape(_rule_words('hearts.game.ranking'))}</small></div>")
        if self.message_kind != "error":
            self.say("")


__all__ = [
    "GameEndDemo", "HEARTS", "MOON_FINISH", "MoonDemo", "PassingDemo", "PlayOut", "SCENES",
    "Scene", "TryCard", "hand_order", "rotation_svg",
]

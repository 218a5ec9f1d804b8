"""Black Diamond's play steps: a small position whose moves the learner clicks.

Steps 3 and 8-10 of the notebook (dealing, a full pile clearing and refilling, being stuck
and the two ways out, winning and losing) are about what a *move* does to the board.  A
learner sees that best by making the move and looking at the board after it, so
:class:`MoveStep` puts them at one small position (a :class:`BoardScene`) with every move
of the moment as a button, and tells what each click did.

Nothing here decides a rule.  The buttons are ``state.candidate_moves()``, green when the
move is in ``state.legal_moves()``; a button's tooltip and a click show
``state.explain(move)``; a legal click plays ``state.apply(move)``, a refused one changes
nothing.  Which diamonds a cleared pile refilled is read from the states before and after
the move, in the order :data:`~cardlib.blackdiamond.rules.REFILL_ORDER`, and drawn as
numbers 1-4 on the diamonds of the board the game registered (:func:`cardlib.display.html`)
with an arrow list beside it, so the order the rules fix can be seen, not only read.

A step may offer one option as a switch (``strict_end``, say): switching it plays the
learner's moves again under the other reading, and stops where that reading refuses one.

For tests, the widget's state is plain Python (``state``, ``states``, ``verdict``,
``refilled``, ``drawn``) and every control carries a ``bd-step-*`` CSS class; the move
buttons are ``buttons`` by move text (``8C>NE``, ``replace N``, ``clear C``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import display, games
from cardlib.blackdiamond import (
    PILE_BY_NAME,
    REFILL_ORDER,
    BlackDiamondState,
    Clear,
    Move,
    Play,
    Replace,
)
from cardlib.cards import Card
from cardlib.protocol import Explanation
from cardlib.render.blackdiamond import CARD_W, CELL_H, CELL_W, DIAMOND_CELLS
from cardlib.svg import BAD, CHALK, GOOD, WARN, svg_text
from cardlib.widgets.base import TeachingWidget, add_classes, swap_class
from cardlib.widgets.tricks import SHRINK

GAME = games.get("black-diamond")

STEP_SCALE = 0.6
"""The steps sit between paragraphs of prose, so their board is smaller than the table's."""

REFILL_MARK = "#6a1b9a"
"""The colour of the refill numbers: not a verdict's green or red, and seen on gold."""


# --- Scenes: the positions the notebook's steps start from -------------------------------------

@dataclass(frozen=True)
class BoardScene:
    """A position a step starts from: a board (``position``, the JSON form of a
    :class:`~cardlib.blackdiamond.Position`) or a fresh deal (``seed``), one of the two.

    ``open_decks`` lists both decks under the board, top first.  At the table they lie
    face down; in a small teaching position, seeing which diamond comes next is what lets
    a learner predict a refill.  A fresh deal keeps them hidden, as at the table.
    """

    name: str
    title: str
    position: Mapping[str, Any] | None = field(default=None, hash=False)
    seed: int | None = None
    open_decks: bool = True

    def __post_init__(self) -> None:
        if (self.position is None) == (self.seed is None):
            raise ValueError(f"scene {self.name!r}: give a position or a seed, one of them")

    def state(self, seed: int | None = None, **options: Any) -> BlackDiamondState:
        """The start under ``options``; ``seed`` deals another deal (a seed scene only)."""
        if self.position is None:
            return GAME.new(seed=self.seed if seed is None else seed, **options)
        if seed is not None:
            raise ValueError(f"scene {self.name!r} is a fixed board: it takes no seed")
        return GAME.from_position(self.position, **options)


# Diamonds K Q J 10 at N E S W.  What may go where (worked by hand):
#   outer N 13, E 12, S 11, W 10;  NE (13,12): 13, 12, 1;  SE (12,11): 12, 11, 1;
#   SW (11,10): 11, 10, 1;  NW (13,10): 13, 10, 3;  C: anything of the other suit.
# So a 2, 5 or 7 fits only the centre, and a spade not even there when a spade is on top.
HIGH = ("KD", "QD", "JD", "TD")

SCENES: dict[str, BoardScene] = {scene.name: scene for scene in (
    # Step 3.  Seed 0 deals 8♦ 6♦ K♦ 7♦ to N E S W, and 10♣ A♠ to the hand: the A♠ fits
    # NW (8 - 7) or C, the 10♣ only C, so two clicks place both and draw two more.
    BoardScene("deal", "A fresh deal: four diamonds, two cards in your hand", seed=0,
               open_decks=False),
    # Step 8.  NE holds 3 of its 4; 8♣ fits it (2 + 6) and fills it: N then E refilled.
    BoardScene("full-pile", "NE holds three cards: one more fills it", {
        "diamonds": ["2D", "6D", "9D", "KD"], "diamond_deck": ["5D", "AD", "7D"],
        "hand": ["8C", "JS"], "black_deck": ["5S", "TC"],
        "piles": {"NE": ["4S", "3C", "2S"]}}),
    # Step 9.  5♠ and 7♠ fit no edge, and the centre has a spade on top: stuck.
    BoardScene("stuck", "Stuck: neither 5♠ nor 7♠ fits anywhere", {
        "diamonds": list(HIGH), "diamond_deck": ["2D", "3D", "4D", "5D", "6D"],
        "hand": ["5S", "7S"], "black_deck": ["8C", "9C"], "piles": {"C": ["4C", "AS"]}}),
    # Step 9.  The same board with a 3♠ for the 7♠: it fits NW (13 - 10), so not stuck.
    BoardScene("not-stuck", "Not stuck: the 3♠ fits NW", {
        "diamonds": list(HIGH), "diamond_deck": ["2D", "3D", "4D", "5D", "6D"],
        "hand": ["5S", "3S"], "black_deck": ["8C", "9C"], "piles": {"C": ["4C", "AS"]}}),
    # Step 10.  The last two cards, an empty diamond deck; C holds 3 of its 5.
    BoardScene("end-game", "The last two cards, and no diamond left", {
        "diamonds": list(HIGH), "diamond_deck": [], "hand": ["5S", "3C"],
        "black_deck": [], "piles": {"C": ["2C", "3S", "4C"]}}),
    # Step 10.  Stuck with the last two cards and one diamond left, the 2♦.
    BoardScene("last-diamond", "Stuck, with one diamond left in the deck", {
        "diamonds": list(HIGH), "diamond_deck": ["2D"], "hand": ["5S", "2S"],
        "black_deck": [], "piles": {"C": ["4C", "AS"]}}),
)}


# --- Reading what a move did, from the states around it ----------------------------------------

@dataclass(frozen=True)
class Refill:
    """One diamond position refilled after a pile was cleared: the diamond that left, and
    the one from the deck that took its place (None: the deck had none left for it)."""

    pos: str
    old: Card
    new: Card | None


def cleared_pile(before: BlackDiamondState, after: BlackDiamondState) -> str | None:
    """The pile the move from ``before`` to ``after`` cleared (filled to its limit, or
    cleared when stuck), else None.  A played card that is not on its pile afterwards
    went with the pile."""
    move = after.history[-1]
    if isinstance(move, Clear) or isinstance(move, Play) and not after.pile(move.pile):
        return move.pile
    return None


def refills(before: BlackDiamondState, after: BlackDiamondState) -> list[Refill]:
    """The diamonds refilled by the move from ``before`` to ``after``, in refill order
    (empty when it cleared no pile)."""
    pile = cleared_pile(before, after)
    if pile is None:
        return []
    touched = [pos for pos in REFILL_ORDER if pos in PILE_BY_NAME[pile].touches]
    return [Refill(pos, before.diamond(pos),
                   after.diamond(pos) if after.diamond(pos) != before.diamond(pos) else None)
            for pos in touched]


def drawn(before: BlackDiamondState, after: BlackDiamondState) -> tuple[Card, ...]:
    """The black cards the move from ``before`` to ``after`` drew into the hand."""
    return after.hand if len(after.black_deck) < len(before.black_deck) else ()


def refill_marks(refilled: Sequence[Refill]) -> str:
    """SVG marks for the board's diamonds: the refill order 1, 2, … on each refilled
    diamond, a red ✘ on one the deck could not refill."""
    parts = []
    for number, refill in enumerate(refilled, start=1):
        col, row = DIAMOND_CELLS[refill.pos]
        x, y = col * CELL_W + (CELL_W + CARD_W) / 2, row * CELL_H + 14
        fill, text = (REFILL_MARK, str(number)) if refill.new else (BAD, "✘")
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="17" fill="{fill}" '
                     f'stroke="{CHALK}" stroke-width="2"/>'
                     + svg_text(x, y + 7, text, 20, bold=True, anchor="middle", fill=CHALK))
    return "".join(parts)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.label for card in cards) or "none"


def _rule_line(rule: str) -> str:
    words = GAME.rules[rule].text if rule in GAME.rules else ""
    return f"<small style='color:#444'>The rule: {escape(words)}</small>" if words else ""


# --- The step -------------------------------------------------------------------------------

class MoveStep(TeachingWidget):
    """A Black Diamond position with its moves as buttons: click one, see the verdict, and
    a legal one is played (see the module docstring).

    ``scene`` is a name from :data:`SCENES`, a :class:`BoardScene`, or a state (which keeps
    its own options).  ``options`` are the game options to start with; ``switch`` names
    one of them to offer as a switch.  A seed scene also offers a seed box and *Deal*.
    """

    def __init__(self, scene: str | BoardScene | BlackDiamondState = "deal", *,
                 options: Mapping[str, Any] | None = None, switch: str | None = None,
                 scale: float = STEP_SCALE):
        if isinstance(scene, BlackDiamondState):
            if options or switch:
                raise ValueError("options and a switch change a scene; a given state keeps "
                                 "its own")
            self.scene, first = None, scene
        else:
            found = scene if isinstance(scene, BoardScene) else SCENES.get(scene)
            if found is None:
                raise ValueError(f"unknown scene {scene!r}; scenes: {', '.join(SCENES)}")
            self.scene, first = found, found.state(**(options or {}))
        switchable = {o.name: o for o in GAME.options if o.name != "players" and o.choices}
        if switch is not None and switch not in switchable:
            raise ValueError(f"no option {switch!r} to switch; options: "
                             f"{', '.join(switchable)}")
        super().__init__("bd-step", prefix="bd-step")
        self.options: dict[str, Any] = dict(options or {})
        self.seed: int | None = self.scene.seed if self.scene else None
        self.scale = scale
        self.states: list[BlackDiamondState] = [first]
        self.move: Move | None = None
        self.verdict: Explanation | None = None
        """The engine's word on the last move clicked (None after Back, a switch…)."""
        self.buttons: dict[str, widgets.Button] = {}
        """The move buttons shown now, by move text (``8C>NE``, ``replace N``)."""
        self._made: dict[str, widgets.Button] = {}
        self._made_rows: dict[str, widgets.HBox] = {}
        self._over_note = widgets.HTML("<i>The game is over: <b>‹ Back</b> or <b>Start "
                                       "again</b> to try another way.</i>")

        title = self.scene.title if self.scene else "Your move"
        rows: list[widgets.Widget] = [add_classes(widgets.HTML(f"<b>{escape(title)}</b>"),
                                                  "bd-step-title")]
        self.switch_name = switch
        self.switch: widgets.ToggleButtons | None = None
        if switch is not None:
            option = switchable[switch]
            self.switch = add_classes(widgets.ToggleButtons(
                options=[(str(choice), choice) for choice in option.choices],
                value=getattr(first.options, switch), description=switch,
                style={"description_width": "initial"}, tooltip=option.doc),
                "bd-step-switch")
            self.on_change(self.switch, self.set_option)
            rows.append(self.switch)
        self.seed_box: widgets.IntText | None = None
        self.deal_button: widgets.Button | None = None
        if self.seed is not None:
            self.seed_box = add_classes(widgets.IntText(value=self.seed, description="Seed",
                                                        layout={"width": "150px"}),
                                        "bd-step-seed")
            self.deal_button = self.button("Deal", lambda: self.deal(self.seed_box.value),
                                           "bd-step-deal", layout=SHRINK)
            rows.append(widgets.HBox([self.seed_box, self.deal_button]))

        self.board = add_classes(widgets.HTML(), "bd-step-board")
        self.status = add_classes(widgets.HTML(), "bd-step-status")
        self.decks = add_classes(widgets.HTML(), "bd-step-decks")
        self.verdict_box = add_classes(widgets.HTML(), "bd-step-verdict")
        self.happened = add_classes(widgets.HTML(), "bd-step-happened")
        self.outcome_box = add_classes(widgets.HTML(), "bd-step-outcome")
        self.moves = add_classes(widgets.VBox(), "bd-step-moves")
        self.back_button = self.button("‹ Back", self.back, "bd-step-back", layout=SHRINK)
        self.restart_button = self.button("Start again", self.restart, "bd-step-restart",
                                          layout=SHRINK)
        words = widgets.VBox([self.status, self.decks, self.verdict_box, self.happened,
                              self.outcome_box], layout={"width": "420px"})
        self.children = [*rows, widgets.HBox([self.board, words],
                                             layout={"flex_flow": "row wrap"}),
                         self.moves, widgets.HBox([self.back_button, self.restart_button]),
                         self.message]
        if self.scene is not None:
            self.add_class(f"bd-scene-{self.scene.name}")
        self._draw()

    # --- what tests and the notebook use ---------------------------------------------------
    @property
    def state(self) -> BlackDiamondState:
        """The position shown (the last one played)."""
        return self.states[-1]

    @property
    def refilled(self) -> list[Refill]:
        """What the last move refilled, in refill order (empty: it cleared no pile)."""
        return refills(*self.states[-2:]) if len(self.states) > 1 else []

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The black cards the last move drew into the hand (both cards were placed)."""
        return drawn(*self.states[-2:]) if len(self.states) > 1 else ()

    def play(self, move: Move | str) -> bool:
        """Click ``move`` (a move or its text, ``8C>NE``): the engine's verdict is shown, and
        a legal move is played; a refused one changes nothing.  Returns whether it was."""
        if isinstance(move, str):
            move = GAME.parse_move(move)
        why = self.state.explain(move)
        after = self.state.apply(move) if why.legal else None
        self.move, self.verdict = move, why
        if after is not None:
            self.states.append(after)
        self._draw()
        self.say("")
        return after is not None

    def back(self) -> None:
        """Take the last move back: the board before it (it was kept, states are values)."""
        if len(self.states) == 1:
            self.say("This is the start: there is no move to take back.", "note")
            return
        self.states.pop()
        self.move = self.verdict = None
        self._draw()
        self.say("Back one move.")

    def restart(self) -> None:
        """Back to the start of the step."""
        del self.states[1:]
        self.move = self.verdict = None
        self._draw()
        self.say("Back to the start.")

    def deal(self, seed: int) -> None:
        """Deal ``seed`` and start from it (a seed scene only)."""
        if self.seed is None or self.scene is None:
            raise ValueError("this step starts from a fixed board: there is nothing to deal")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed={seed!r}: a seed is a whole number")
        self.states = [self.scene.state(seed=seed, **self.options)]
        self.seed = seed
        if self.seed_box is not None and self.seed_box.value != seed:
            with self.quietly():
                self.seed_box.value = seed
        self.move = self.verdict = None
        self._draw()
        self.say(f"Dealt seed {seed}.")

    def set_option(self, value: Any) -> None:
        """Switch the step's option to ``value`` and play the moves made so far again
        under it; the first move the new reading refuses, and those after it, are dropped,
        and the message says which and why."""
        if self.switch_name is None or self.scene is None:
            raise ValueError("this step has no option to switch")
        name = self.switch_name
        options = {**self.options, name: value}
        start = self.scene.state(seed=self.seed, **options)      # raises if refused
        states, refused = [start], None
        for move in self.state.history[len(self.states[0].history):]:
            why = states[-1].explain(move)
            if not why.legal:
                refused = (move, why)
                break
            states.append(states[-1].apply(move))
        self.options, self.states = options, states
        if self.switch is not None and self.switch.value != value:
            with self.quietly():
                self.switch.value = value
        self.move = self.verdict = None
        self._draw()
        if refused is not None:
            move, why = refused
            self.say(f"With {escape(name)}={value!r}, your move <b>{escape(str(move))}</b> "
                     f"is refused: {escape(why.text)} <code>[{escape(why.rule)}]</code>. "
                     "The board stops before it.", "illegal")
        elif len(states) > 1:
            self.say(f"Your moves, played again with {escape(name)}={value!r}.", "note")
        else:
            self.say("")

    # --- drawing ---------------------------------------------------------------------------
    def _draw(self) -> None:
        state = self.state
        refilled = self.refilled
        self.board.value = self._board_html(state, refilled)
        self.status.value = self._status_html(state)
        open_decks = self.scene is not None and self.scene.open_decks
        self.decks.value = self._decks_html(state) if open_decks else ""
        self.verdict_box.value = self._verdict_html()
        shown = (None if self.verdict is None
                 else f"bd-step-{'legal' if self.verdict.legal else 'illegal'}")
        swap_class(self.verdict_box, shown, ("bd-step-legal", "bd-step-illegal"))
        self.happened.value = self._happened_html(refilled)
        self.outcome_box.value = self._outcome_html(state)
        self.moves.children = self._move_rows(state)
        self.back_button.disabled = len(self.states) == 1

    def _board_html(self, state: BlackDiamondState, refilled: Sequence[Refill]) -> str:
        """The game's own board, with the refill order drawn over its diamonds."""
        width, height = 5 * CELL_W, 5 * CELL_H        # the rhombus, at the board's top left
        marks = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" style="position:absolute;left:0;top:0;'
                 f'pointer-events:none">{refill_marks(refilled)}</svg>') if refilled else ""
        return (f"<div data-bd-moves='{len(self.states) - 1}' "
                f"data-bd-diamonds='{' '.join(c.code for c in state.diamonds)}' "
                f"data-bd-refilled='{' '.join(r.pos for r in refilled if r.new)}' "
                f"data-bd-outcome='{state.outcome or ''}' "
                f"data-bd-stuck='{str(state.stuck).lower()}' "
                f"style='position:relative;display:inline-block;zoom:{self.scale:g}'>"
                f"{display.html(state)}{marks}</div>")

    @staticmethod
    def _status_html(state: BlackDiamondState) -> str:
        line = (f"Your hand: <b>{escape(_cards(state.hand))}</b> · black deck "
                f"{len(state.black_deck)} · diamond deck {len(state.diamond_deck)} · "
                f"placed {state.placed}/26")
        if state.stuck:
            line += (f"<div style='color:{WARN}'><b>Stuck</b>: you may replace a diamond or "
                     "clear a pile now.</div>")
        return f"<div>{line}</div>"

    @staticmethod
    def _decks_html(state: BlackDiamondState) -> str:
        return (f"<div><small>Diamond deck, top first: <b>{escape(_cards(state.diamond_deck))}"
                f"</b> · black deck: <b>{escape(_cards(state.black_deck))}</b> (face down at "
                "the table; open here, so you can see what comes next)</small></div>")

    def _verdict_html(self) -> str:
        if self.verdict is None:
            return ("<i>Click a move. Hold the mouse over one to read the rules' verdict "
                    "first.</i>")
        why, move = self.verdict, str(self.move)
        colour = GOOD if why.legal else BAD
        done = "played" if why.legal else "not allowed"
        return (f"<div data-bd-move='{escape(move)}' data-bd-legal='{str(why.legal).lower()}' "
                f"data-bd-rule='{escape(why.rule)}' style='color:{colour}'>"
                f"<b>{escape(move)}: {done}</b> — {escape(why.text)} "
                f"<code>[{escape(why.rule)}]</code></div>{_rule_line(why.rule)}")

    def _happened_html(self, refilled: Sequence[Refill]) -> str:
        """What the last move did besides moving a card: a replace, a refill, a draw."""
        if len(self.states) < 2:
            return ""
        before, after = self.states[-2:]
        move, parts = after.history[-1], []
        if isinstance(move, Replace):
            old = before.diamond(move.pos)
            gone = ("goes under the diamond deck" if old in after.diamond_deck
                    else "leaves the game")
            parts.append(f"{move.pos}: {after.diamond(move.pos).label} replaces "
                         f"{old.label}, and the {old.label} {gone}.")
        pile = cleared_pile(before, after)
        if pile is not None:
            why, rule = (("is cleared", "black-diamond.clear") if isinstance(move, Clear)
                         else (f"reached its limit {PILE_BY_NAME[pile].limit} and is cleared",
                               "black-diamond.limit"))
            steps = "".join(
                f"<li>{r.pos} ← {r.new.label} <small>(the {r.old.label} leaves)</small></li>"
                if r.new else
                f"<li style='color:{BAD}'>{r.pos}: no diamond left in the deck</li>"
                for r in refilled)
            parts.append(f"{pile} {why}: its cards leave the game, and the diamonds it "
                         f"touches are refilled in the order {', '.join(REFILL_ORDER)} "
                         f"<code>[{rule}]</code>:<ol style='margin:2px 0'>"
                         f"{steps}</ol>")
        cards = drawn(before, after)
        if cards:
            parts.append(f"Both cards are placed: you draw {_cards(cards)} "
                         "<code>[black-diamond.hand]</code>.")
        return "".join(f"<div>{part}</div>" for part in parts)

    @staticmethod
    def _outcome_html(state: BlackDiamondState) -> str:
        if not state.is_over:
            return ""
        won = state.outcome == "win"
        words = ("You win: every black card is placed." if won
                 else f"You lose: {state.loss_reason}.")
        return (f"<div data-bd-outcome='{state.outcome}' style='color:{GOOD if won else BAD};"
                f"font-size:115%'><b>{escape(words)}</b> <code>[{escape(state.end_rule)}]"
                f"</code></div>{_rule_line(state.end_rule)}")

    def _move_rows(self, state: BlackDiamondState) -> tuple[widgets.Widget, ...]:
        """A row of pile buttons per card of the hand, then the replaces, then the clears:
        every move the learner may try, green when the rules allow it now."""
        self.buttons = {}
        if state.is_over:
            return (self._over_note,)
        legal = set(state.legal_moves())
        rows: dict[str, list[widgets.Button]] = {}
        for move in state.candidate_moves():
            if isinstance(move, Play):
                words, label = f"{move.card.label} on", move.pile
            else:
                words, label = ("replace", move.pos) if isinstance(move, Replace) else (
                    "clear", move.pile)
            rows.setdefault(words, []).append(self._move_button(move, label, move in legal))
        return tuple(self._row(words, buttons) for words, buttons in rows.items())

    def _move_button(self, move: Move, label: str, legal: bool) -> widgets.Button:
        """The button for ``move``, showing whether it is legal now and, as its tooltip,
        the engine's words on it.  Made once per move and reused: a widget is slow to make,
        and a click redraws them all."""
        text = str(move)
        button = self._made.get(text)
        if button is None:
            button = widgets.Button(description=label,
                                    layout={"width": "auto", "min_width": "42px"})
            slug = text.replace(">", "-").replace(" ", "-")
            add_classes(button, "bd-step-move", f"bd-step-move-{slug}")
            self.on_click(button, functools.partial(self.play, move))
            self._made[text] = button
        why = self.state.explain(move)
        button.button_style = "success" if legal else ""
        button.tooltip = f"{text}: {why.text} [{why.rule}]"
        swap_class(button, f"bd-step-{'legal' if legal else 'illegal'}",
                   ("bd-step-legal", "bd-step-illegal"))
        self.buttons[text] = button
        return button

    def _row(self, words: str, buttons: Sequence[widgets.Button]) -> widgets.HBox:
        row = self._made_rows.get(words)
        if row is None:
            label = widgets.HTML(f"<b>{escape(words)}</b>", layout={"width": "70px"})
            row = self._made_rows[words] = widgets.HBox([label],
                                                        layout={"flex_flow": "row wrap"})
        row.children = (row.children[0], *buttons)
        return row


__all__ = ["SCENES", "BoardScene", "MoveStep", "Refill", "cleared_pile", "drawn",
           "refill_marks", "refills"]

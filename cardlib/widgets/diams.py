"""Diam's teaching steps: try a move and see what the rules say, before a whole game.

Three small widgets, each built on one scripted table (``game.from_position``):

* :class:`MarketVisit`: pick a card from your hand and see every way you could come back
  from the market with it (all of its colour, each set of cards adding up to its digit,
  or nothing), each with a button that plays it; pick market cards yourself and try them
  as a sum;
* :class:`SecureChooser`: pick cards from your hand and see at once whether they may go
  into your safe, and which rule says so;
* :class:`MoveTrial`: a row of moves written out (draws, special cards, discards …);
  click one to see the verdict and, when it is legal, the table after it.

And two for the end of a round and of a game, on the engine's own scoring
(:mod:`cardlib.diams.scoring`):

* :class:`RoundScoring`: a finished round's safes and hands, scored one click at a time
  (collections, purity bonus, hand bonus, then points, places and chips), with a few
  scenes that show each tie and each "nobody scores it";
* :class:`GameWinner`: round points typed in or picked from scenes; the chips each round
  earns and who wins, with the tie-break that decided.

Nothing here decides a rule: every verdict is the engine's own ``explain`` (with its rule
id), and every table after a move is the engine's own ``apply``.  Pictures show every card
face up (a teacher's view), so the learner sees what a move took from whom.  The widgets
stand on the shared :class:`~cardlib.widgets.base.TeachingWidget` (message line, errors
shown in it); a Diam's scene is no trick, so the trick-game steps do not apply.  For tests,
each widget's state is plain Python (``verdict``, ``outcomes``, ``after``) and methods set
what a click sets; for browser tests each control carries a ``diams-*`` CSS class.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from html import escape

import ipywidgets as widgets

from cardlib.diams import DEFAULT, GAME, Ruleset
from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams import scoring as sc
from cardlib.diams.rules import HAND_BONUS, PURITY_BONUS, PURITY_TIE_BONUS, ROUNDS
from cardlib.diams.ruleset import COLLECTION_SIZES
from cardlib.diams.state import DiamsState
from cardlib.diams.tally import verdict as game_verdict
from cardlib.protocol import Explanation, Verdict, names_joined
from cardlib.render.diams import row_svg, state_html
from cardlib.widgets.base import TeachingWidget, add_classes

__all__ = ["GameWinner", "MarketVisit", "MoveTrial", "RoundScoring", "SecureChooser",
           "verdict_html"]

_AUTO = {"width": "auto"}


def css_code(kind: int) -> str:
    """A card code fit for a CSS class: ``7``, ``7p`` (pure), ``drill``."""
    return c.code(kind).replace("*", "p")


def verdict_html(move: str, why: Explanation) -> str:
    """One verdict: the move, legal or not, the engine's words and its rule id."""
    colour = "#1b8a3a" if why.legal else "#b00020"
    word = "legal" if why.legal else "refused"
    return (f"<div class='diams-verdict' data-diams-legal='{str(why.legal).lower()}' "
            f"style='margin:2px 0'><b style='color:{colour}'>{word}</b> "
            f"<code>{escape(move)}</code>: {escape(why.text)} "
            f"<small><code>[{escape(why.rule)}]</code></small></div>")


def _news(before: DiamsState, after: DiamsState) -> str:
    """What a move did, from the log lines it added, for the message line."""
    return "<br>".join(escape(line) for line in after.log if line not in before.log)


def _names(players: int) -> tuple[str, ...]:
    """The seats' names as the game's board writes them."""
    namer = getattr(GAME, "seat_names", None)
    return (tuple(namer(players)) if callable(namer)
            else tuple(f"seat {seat}" for seat in range(players)))


class _Step(TeachingWidget):
    """What every step has: a scripted game in progress, a message line, a picture of the
    table with every card face up."""

    def __init__(self, state: DiamsState, css: str):
        if not isinstance(state, DiamsState) or state.is_over:
            raise ValueError(f"a Diam's step needs a game in progress, got {state!r}")
        super().__init__("diams-step", css, prefix="diams")
        self.state = state
        self.picture = add_classes(widgets.HTML(state_html(state)), "diams-picture")

    def _lay_out(self, controls: Sequence[widgets.Widget]) -> None:
        self.children = [*controls, self.message, self.picture]

    def _toggle(self, label: str, css: str, action: Callable[[], object]) -> widgets.Widget:
        """A card the learner picks and unpicks; ``action`` runs on each change."""
        toggle = add_classes(widgets.ToggleButton(description=label, layout=_AUTO),
                             *css.split())
        self.on_change(toggle, lambda _value: action())
        return toggle

    def _pick(self, toggles: Sequence[widgets.ToggleButton], kinds: Sequence[int],
              codes: Sequence[str], where: str) -> None:
        """Set ``toggles`` (one per card of ``kinds``) to the cards ``codes`` name."""
        with self.quietly():
            for toggle in toggles:
                toggle.value = False
            for kind in (c.parse_kind(code) for code in codes):
                toggle = next((t for t, k in zip(toggles, kinds, strict=True)
                               if k == kind and not t.value), None)
                if toggle is None:
                    raise ValueError(f"{where} holds no more {c.label(kind)} to pick")
                toggle.value = True


class MarketVisit(_Step):
    """Go to the market with a card and see what you could take (see the module docs).

    ``state`` is a game in phase 2 (after the draw).  ``choose_card("7")`` does what a
    click on the hand's 7 does; ``select(["3", "4*"])`` picks market cards and
    ``try_sum()`` asks the engine about taking them; ``go(move)`` plays an outcome.
    """

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError("a market visit happens in phase 2: draw first "
                             f"(the game is in phase {state.phase!r})")
        super().__init__(state, "diams-visit")
        self.card: int | None = None
        self.outcomes: list[tuple[m.Move, Explanation]] = []
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        hand = state.hands[state.turn]
        self.hand_kinds = [k for k in c.DIAMONDS if hand[k]]
        self.hand_buttons = [
            self.button(c.label(k), functools.partial(self.choose_card, k), "diams-visit-card",
                        f"diams-card-{css_code(k)}", layout=_AUTO)
            for k in self.hand_kinds]
        self.market_kinds = c.kinds_in(state.market)
        self.market_buttons = [
            self._toggle(c.label(k), f"diams-visit-market diams-card-{css_code(k)}",
                         lambda: self.say(""))
            for k in self.market_kinds]
        self.try_button = self.button("Try these as a sum", self.try_sum, "diams-visit-try",
                                      layout=_AUTO)
        self.outcome_box = add_classes(widgets.HTML(), "diams-visit-outcomes")
        self.play_buttons: list[widgets.Button] = []
        self.outcome_rows = add_classes(widgets.VBox(), "diams-visit-outcome-rows")
        self.sum_box = add_classes(widgets.HTML(), "diams-visit-sum")
        self._lay_out([
            widgets.HTML("<b>1. Go to the market with a card from your hand:</b>"),
            widgets.HBox(self.hand_buttons),
            self.outcome_box, self.outcome_rows,
            widgets.HTML("<b>2. Or pick market cards and try them as a sum:</b>"),
            widgets.HBox(self.market_buttons, layout={"flex_flow": "row wrap"}),
            widgets.HBox([self.try_button]), self.sum_box,
        ])

    def choose_card(self, kind: int | str) -> None:
        """Go to the market with ``kind`` (a kind or a code): list every outcome."""
        kind = c.parse_kind(kind) if isinstance(kind, str) else kind
        if kind not in self.hand_kinds:
            raise ValueError(f"your hand holds no {c.label(kind)} to take to the market")
        self.card = kind
        order = {"colour": 0, "sum": 1, "none": 2}
        moves = sorted((move for move in self.state.legal_moves()
                        if move.verb == m.MARKET and move.card == kind),
                       key=lambda move: (order[move.outcome], move))
        self.outcomes = [(move, self.state.explain(move)) for move in moves]
        sums = sum(1 for move, _ in self.outcomes if move.outcome == "sum")
        self.outcome_box.value = (
            f"<div>With your <b>{escape(c.label(kind))}</b> you could come back with "
            f"({sums} way{'s' if sums != 1 else ''} to make the sum); press one to play "
            "it:</div>")
        self.play_buttons = [
            self.button(self._taken(move), functools.partial(self.go, move),
                        "diams-visit-play", "diams-move-" + str(move).replace(" ", "-")
                        .replace("*", "p"), layout=_AUTO, tooltip=str(move))
            for move, _ in self.outcomes]
        self.outcome_rows.children = [
            widgets.HBox([button, widgets.HTML(self._outcome_line(move, why))])
            for button, (move, why) in zip(self.play_buttons, self.outcomes, strict=True)]
        for button, k in zip(self.hand_buttons, self.hand_kinds, strict=True):
            button.button_style = "info" if k == kind else ""
        self.say("")

    @staticmethod
    def _taken(move: m.Move) -> str:
        """A play button's words: what you come back with."""
        if move.outcome == "colour":
            return f"take every {c.digit_of(move.card)}"
        if move.outcome == "none":
            return "take nothing"
        return "take " + " + ".join(c.label(k) for k in move.cards)

    @staticmethod
    def _outcome_line(move: m.Move, why: Explanation) -> str:
        return (f"<div class='diams-outcome' data-diams-move='{escape(str(move))}' "
                f"style='margin:4px 8px'>{escape(why.text)} <small><code>[{why.rule}]"
                "</code></small></div>")

    def select(self, codes: Sequence[str]) -> None:
        """Pick these market cards (codes, one per copy), as clicks would."""
        self._pick(self.market_buttons, self.market_kinds, codes, "the market")

    @property
    def selected(self) -> tuple[int, ...]:
        return tuple(sorted(k for b, k in zip(self.market_buttons, self.market_kinds,
                                              strict=True) if b.value))

    def try_sum(self) -> Explanation:
        """Ask the engine about taking the picked market cards with the chosen card."""
        if self.card is None:
            raise ValueError("no card chosen: pick the card you go to the market with")
        if not self.selected:
            raise ValueError("no market card picked: pick one or more first")
        move = m.market(self.card, "sum", self.selected)
        self.verdict = self.state.explain(move)
        self.sum_box.value = verdict_html(str(move), self.verdict)
        return self.verdict

    def go(self, move: str | m.Move) -> DiamsState:
        """Play one outcome, as its button does: say what happened and show the table after
        it.  The scene itself stays, so every outcome can be tried in turn."""
        self.after = self.state.apply(move)
        played = str(self.state.game.parse_move(move) if isinstance(move, str) else move)
        for button in self.play_buttons:
            button.button_style = "success" if button.tooltip == played else ""
        self.say(_news(self.state, self.after))
        self.picture.value = state_html(self.after)
        return self.after


class SecureChooser(_Step):
    """Pick cards from your hand; see whether they may go into your safe, and why.

    ``choose(["5", "5", "5*"])`` picks cards as clicks do; ``verdict`` is the engine's
    explanation of securing them (None while nothing is picked); ``secure()`` plays it
    when it is legal.
    """

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError(f"securing is phase 2: draw first (phase {state.phase!r})")
        super().__init__(state, "diams-secure")
        self.kinds = [k for k in c.kinds_in(state.hands[state.turn]) if c.is_diamond(k)]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [self._toggle(c.label(k),
                                     f"diams-secure-card diams-card-{css_code(k)}",
                                     self._judge) for k in self.kinds]
        self.verdict_box = add_classes(widgets.HTML(), "diams-secure-verdict")
        self.secure_button = self.button("Secure them", self.secure, "diams-secure-go",
                                         layout=_AUTO)
        self._lay_out([
            widgets.HTML("<b>Pick the cards to put into your safe:</b>"),
            widgets.HBox(self.buttons, layout={"flex_flow": "row wrap"}),
            self.verdict_box, widgets.HBox([self.secure_button]),
        ])
        self._judge()

    @property
    def move(self) -> m.Move:
        return m.secure(tuple(k for b, k in zip(self.buttons, self.kinds, strict=True)
                              if b.value))

    def choose(self, codes: Sequence[str]) -> Explanation | None:
        """Pick exactly these cards of the hand; the verdict on securing them."""
        self._pick(self.buttons, self.kinds, codes, "your hand")
        return self._judge()

    def _judge(self) -> Explanation | None:
        move = self.move
        self.verdict = self.state.explain(move) if move.cards else None
        self.verdict_box.value = (verdict_html(str(move), self.verdict) if self.verdict
                                  is not None else "<i>no card picked yet</i>")
        self.secure_button.disabled = self.verdict is None or not self.verdict.legal
        return self.verdict

    def secure(self) -> DiamsState | None:
        """Secure the picked cards (only a legal selection; the scene stays)."""
        if self.verdict is None or not self.verdict.legal:
            self.say("Only a legal selection can be secured.", kind="illegal")
            return None
        self.after = self.state.apply(self.move)
        self.picture.value = state_html(self.after)
        self.say("Secured: see the safe below.")
        return self.after


class MoveTrial(_Step):
    """A row of moves, written out; click one to see its verdict and the table after it.

    ``moves`` are move texts (``"drill 1 7*"``), legal or not; ``try_move(text)`` does
    what a click does.  The scene itself never changes: each try starts from it.
    """

    def __init__(self, state: DiamsState, moves: Sequence[str], *, title: str = ""):
        super().__init__(state, "diams-trial")
        game = state.game
        self.moves = [str(game.parse_move(text)) for text in moves]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [
            self.button(game.move_label(game.parse_move(text)),
                        functools.partial(self.try_move, text), "diams-trial-move",
                        "diams-move-" + text.replace(" ", "-").replace("*", "p"),
                        layout=_AUTO, tooltip=text)
            for text in self.moves]
        self.verdict_box = add_classes(widgets.HTML(), "diams-trial-verdict")
        head = [widgets.HTML(f"<b>{escape(title)}</b>")] if title else []
        self._lay_out([*head, widgets.HBox(self.buttons, layout={"flex_flow": "row wrap"}),
                       self.verdict_box])

    def try_move(self, text: str) -> Explanation:
        move = self.state.game.parse_move(text)
        self.verdict = self.state.explain(move)
        self.verdict_box.value = verdict_html(str(move), self.verdict)
        if self.verdict.legal:
            self.after = self.state.apply(move)
            self.say(_news(self.state, self.after))
            self.picture.value = state_html(self.after)
        else:
            self.after = None
            self.say_refused(self.verdict)
            self.picture.value = state_html(self.state)
        return self.verdict


# --- the end of a round and of a game ---------------------------------------------------------

Scene = Mapping[str, Sequence[Sequence[str]]]
"""A finished round as card codes: ``{"safes": [["7", "7", "7*"], …], "hands": [["10"], …]}``,
one entry per seat."""

_SCORING_STEPS = ("Collections", "Purity bonus", "Hand bonus", "Points and chips")
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _place(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class RoundScoring(TeachingWidget):
    """A finished round, scored one click at a time (rules ``diams.score.*``).

    ``scenes`` are finished rounds by name (see :data:`Scene`); the first is shown.  Each
    step button reveals one more column of the score table and says, seat by seat, what
    the rule counted: the collections by the value table, the purity bonus, the hand bonus,
    then the points, the places they rank and the chips.  Every number is the engine's
    (:func:`~cardlib.diams.scoring.score_round`).  ``choose_scene(name)`` and
    ``show_step(n)`` do what the clicks do; ``result`` is the round's result and ``step``
    how many steps are shown.
    """

    def __init__(self, scenes: Mapping[str, Scene], *, ruleset: Ruleset = DEFAULT):
        if not scenes:
            raise ValueError("give at least one finished round to score")
        super().__init__("diams-step", "diams-scoring", prefix="diams")
        self.ruleset = ruleset
        self.scenes = {name: self._read(name, scene) for name, scene in scenes.items()}
        self.scene = ""
        self.step = 0
        self.result: sc.RoundResult | None = None
        self.scene_buttons = [
            self.button(name, functools.partial(self.choose_scene, name),
                        "diams-scoring-scene", layout=_AUTO) for name in self.scenes]
        self.step_buttons = [
            self.button(f"{i}. {title}", functools.partial(self.show_step, i),
                        "diams-scoring-step", f"diams-scoring-step-{i}", layout=_AUTO)
            for i, title in enumerate(_SCORING_STEPS, start=1)]
        self.cards = add_classes(widgets.HTML(), "diams-scoring-cards")
        self.table = add_classes(widgets.HTML(), "diams-scoring-table")
        self.steps_box = add_classes(widgets.HTML(), "diams-scoring-says")
        self.children = [
            widgets.HTML("<b>A finished round:</b>"),
            widgets.HBox(self.scene_buttons, layout={"flex_flow": "row wrap"}),
            self.cards,
            widgets.HTML("<b>Score it, one step at a time:</b>"),
            widgets.HBox(self.step_buttons, layout={"flex_flow": "row wrap"}),
            self.message, self.table, self.steps_box,
        ]
        self.choose_scene(next(iter(self.scenes)))

    @staticmethod
    def _read(name: str, scene: Scene) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The scene's safes and hands as piles; a bad code or shape named with the scene."""
        try:
            safes, hands = scene["safes"], scene["hands"]
            if len(safes) != len(hands) or not 2 <= len(hands) <= 5:
                raise ValueError(f"{len(safes)} safes and {len(hands)} hands: give one of "
                                 "each per seat, 2 to 5 seats")
            piles = tuple(tuple(c.pile_of(c.parse_kind(code) for code in pile) for pile in side)
                          for side in (safes, hands))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"scene {name!r}: {exc}") from None
        if any(not c.is_diamond(k) for safe in piles[0] for k in c.kinds_in(safe)):
            raise ValueError(f"scene {name!r}: only diamonds lie in a safe")
        return piles

    @property
    def safes(self) -> tuple[tuple[int, ...], ...]:
        return self.scenes[self.scene][0]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self.scenes[self.scene][1]

    @property
    def names(self) -> tuple[str, ...]:
        return _names(len(self.hands))

    def choose_scene(self, name: str) -> None:
        """Show the round ``name``, nothing scored yet."""
        if name not in self.scenes:
            raise ValueError(f"no scene {name!r}; the scenes: {', '.join(self.scenes)}")
        self.scene = name
        self.result = sc.score_round(0, self.safes, self.hands, self.ruleset)
        for button, scene in zip(self.scene_buttons, self.scenes, strict=True):
            button.button_style = "info" if scene == name else ""
        rows = "".join(
            f"<tr><td><b>{escape(who)}</b></td>"
            f"<td>{row_svg(c.kinds_in(safe), 30) if c.size(safe) else '<i>empty</i>'}</td>"
            f"<td>{row_svg(c.kinds_in(hand), 30) if c.size(hand) else '<i>empty</i>'}</td>"
            "</tr>"
            for who, safe, hand in zip(self.names, self.safes, self.hands, strict=True))
        self.cards.value = ("<table class='diams-scoring-cards'><tr><th></th><th>safe</th>"
                            f"<th>hand</th></tr>{rows}</table>")
        self.show_step(0)
        self.say(f"{escape(name)}: press <b>1. Collections</b> to start counting.")

    def show_step(self, step: int) -> None:
        """Show the first ``step`` steps of the scoring (0: none, 4: all of it)."""
        if not 0 <= step <= len(_SCORING_STEPS):
            raise ValueError(f"step {step}: the steps are 0 to {len(_SCORING_STEPS)}")
        self.step = step
        for i, button in enumerate(self.step_buttons, start=1):
            button.button_style = "success" if i <= step else ""
        self.table.value = self._table()
        self.steps_box.value = "".join(
            f"<div class='diams-scoring-said' style='margin:4px 0'><b>{i}. "
            f"{_SCORING_STEPS[i - 1]}</b> <small><code>[{rule}]</code></small><br>"
            + "<br>".join(escape(line) for line in lines) + "</div>"
            for i, (rule, lines) in enumerate(self.said()[:step], start=1))
        if step:
            self.say("" if step < len(_SCORING_STEPS)
                     else "<b>Scored.</b> " + escape(self._ranking()))

    def _table(self) -> str:
        result = self.result
        assert result is not None
        columns: list[tuple[str, Sequence[str]]] = [
            ("collections", [str(n) for n in result.collections]),
            ("purity bonus", [f"+{n}" for n in result.purity]),
            ("hand bonus", [f"+{n}" for n in result.hand]),
            ("points", [str(n) for n in result.points]),
        ]
        shown = columns[:self.step]
        if self.step == len(_SCORING_STEPS):
            place = sc.places(result.points)
            shown += [("place", [_place(p) for p in place]),
                      ("chips", [str(n) for n in result.chips])]
        head = "".join(f"<th>{title}</th>" for title, _ in shown)
        rows = "".join(
            f"<tr><td><b>{escape(who)}</b></td>"
            + "".join(f"<td style='text-align:center'>{cells[seat]}</td>"
                      for _, cells in shown) + "</tr>"
            for seat, who in enumerate(self.names))
        return f"<table class='diams-scores'><tr><th></th>{head}</tr>{rows}</table>"

    def said(self) -> list[tuple[str, list[str]]]:
        """Each step's rule id and sentences, seat by seat (what the steps show)."""
        assert self.result is not None
        return [("diams.score.collections", self._collections()),
                ("diams.score.purity-bonus", self._purity()),
                ("diams.score.hand-bonus", self._hand()),
                ("diams.score.chips", self._chips())]

    def _collections(self) -> list[str]:
        lines = []
        for who, safe in zip(self.names, self.safes, strict=True):
            parts = []
            for digit in c.DIGITS:
                n = c.of_digit(safe, digit)
                if n:
                    worth = self.ruleset.value(digit, n)
                    why = (" (cut below three: project decision, spec A21)"
                           if n < COLLECTION_SIZES[0] else "")
                    parts.append(f"{_COUNT[n]} {digit}s worth {worth}{why}")
            total = sc.collection_points(safe, self.ruleset)
            lines.append(f"{who}: {', '.join(parts) or 'an empty safe'} → {total} points")
        return [*lines, f"(values from the table of {self.ruleset.label})"]

    def _purity(self) -> list[str]:
        counts = [c.pure_count(safe) for safe in self.safes]
        result = self.result
        assert result is not None
        best = max(counts)
        lines = [f"{who}: {n} pure diamond{'s' if n != 1 else ''} in the safe"
                 for who, n in zip(self.names, counts, strict=True)]
        top = [who for who, n in zip(self.names, counts, strict=True) if n == best]
        if best == 0:
            lines.append("No safe holds a pure diamond: nobody scores the purity bonus "
                         "(project decision, spec A25).")
        elif len(top) == 1:
            lines.append(f"{top[0]} has the most: +{PURITY_BONUS}.")
        else:
            lines.append(f"{names_joined(top)} tie for the most: +{PURITY_TIE_BONUS} each.")
        return lines

    def _hand(self) -> list[str]:
        sums = [c.digit_sum(hand) for hand in self.hands]
        best = max(sums)
        lines = []
        for who, hand, total in zip(self.names, self.hands, sums, strict=True):
            digits = [str(c.digit_of(k)) for k in c.kinds_in(hand) if c.is_diamond(k)]
            specials = sum(1 for k in c.kinds_in(hand) if not c.is_diamond(k))
            extra = (f" (+ {specials} special card{'s' if specials > 1 else ''} counting 0: "
                     "project decision, spec A15)" if specials else "")
            lines.append(f"{who}: {' + '.join(digits) or 'no diamond'} = {total}{extra}")
        top = [who for who, total in zip(self.names, sums, strict=True) if total == best]
        if best == 0:
            lines.append("Every hand sums to 0: nobody scores the hand bonus (project "
                         "decision, spec A27).")
        else:
            each = " each (tie or no tie)" if len(top) > 1 else ""
            lines.append(f"{names_joined(top)} {'has' if len(top) == 1 else 'have'} the "
                         f"largest sum: +{HAND_BONUS}{each}.")
        return lines

    def _chips(self) -> list[str]:
        result = self.result
        assert result is not None
        place = sc.places(result.points)
        lines = [f"{who}: {result.collections[s]} + {result.purity[s]} + {result.hand[s]} = "
                 f"{result.points[s]} points, {_place(place[s])} place, {result.chips[s]} "
                 "chips" for s, who in enumerate(self.names)]
        lines.append("The bonuses count toward the ranking (project decision, spec A28); "
                     f"chips by place: {', '.join(map(str, self.ruleset.chips))}.")
        for rank in sorted(set(place)):
            tied = [who for who, p in zip(self.names, place, strict=True) if p == rank]
            if len(tied) > 1:
                skipped = " and the next place is skipped" if any(p > rank for p in place) \
                    else ""
                lines.append(f"{names_joined(tied)} tie for {_place(rank)}: each gets the "
                             f"chips of {_place(rank)} place{skipped} (project decision, "
                             "spec A30).")
        return lines

    def _ranking(self) -> str:
        result = self.result
        assert result is not None
        order = sorted(range(len(self.names)), key=lambda s: -result.points[s])
        return "; ".join(f"{self.names[s]} {result.points[s]} points → {result.chips[s]} "
                         "chips" for s in order)


class GameWinner(TeachingWidget):
    """Who wins a game, from each round's points (rule ``diams.game.end``).

    ``scenes`` map a name to round points, one list per round with one entry per seat
    (three rounds, or one for the Quick game); the learner picks one or types points into
    the grid and presses *Who wins?*.  The chips of each round come from
    :func:`~cardlib.diams.scoring.chips_for` and the winner and the tie-break that decided
    from :func:`~cardlib.diams.tally.verdict`, as at the game table.  ``choose_scene``,
    ``set_points`` and ``judge`` do what the clicks do; ``results`` and ``verdict`` hold
    the last answer.
    """

    def __init__(self, scenes: Mapping[str, Sequence[Sequence[int]]], *,
                 ruleset: Ruleset = DEFAULT):
        if not scenes:
            raise ValueError("give at least one game's round points")
        super().__init__("diams-step", "diams-winner", prefix="diams")
        self.ruleset = ruleset
        self.scenes = {name: self._checked(name, rounds) for name, rounds in scenes.items()}
        self.results: tuple[sc.RoundResult, ...] = ()
        self.verdict: Verdict | None = None
        self.inputs: list[list[widgets.BoundedIntText]] = []
        self.scene_buttons = [
            self.button(name, functools.partial(self.choose_scene, name),
                        "diams-winner-scene", layout=_AUTO) for name in self.scenes]
        self.grid = add_classes(widgets.VBox(), "diams-winner-points")
        self.judge_button = self.button("Who wins?", self.judge, "diams-winner-judge",
                                        button_style="primary", layout=_AUTO)
        self.table = add_classes(widgets.HTML(), "diams-winner-table")
        self.children = [
            widgets.HBox(self.scene_buttons, layout={"flex_flow": "row wrap"}),
            widgets.HTML("<b>Round points</b> (collections and bonuses; type to change):"),
            self.grid, widgets.HBox([self.judge_button]), self.message, self.table,
        ]
        self.choose_scene(next(iter(self.scenes)))

    @staticmethod
    def _checked(name: str, rounds: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        table = tuple(tuple(points) for points in rounds)
        if len(table) not in set(ROUNDS.values()):
            raise ValueError(f"scene {name!r}: {len(table)} rounds; a game has "
                             f"{' or '.join(map(str, sorted(set(ROUNDS.values()))))}")
        seats = {len(points) for points in table}
        if len(seats) != 1 or not 2 <= seats.pop() <= 5:
            raise ValueError(f"scene {name!r}: every round needs one score per seat, "
                             "2 to 5 seats")
        return table

    def choose_scene(self, name: str) -> None:
        """Put the scene's points in the grid and say who wins."""
        if name not in self.scenes:
            raise ValueError(f"no scene {name!r}; the scenes: {', '.join(self.scenes)}")
        for button, scene in zip(self.scene_buttons, self.scenes, strict=True):
            button.button_style = "info" if scene == name else ""
        self.set_points(self.scenes[name])
        self.judge()

    def set_points(self, rounds: Sequence[Sequence[int]]) -> None:
        """Lay out the grid for these rounds and seats and fill it in (no verdict yet)."""
        rounds = self._checked("typed", rounds)
        names = _names(len(rounds[0]))
        self.inputs = [[add_classes(widgets.BoundedIntText(
            value=points, min=0, max=999, layout={"width": "5em"}), "diams-winner-input")
            for points in row] for row in rounds]
        head = widgets.HBox([widgets.HTML("", layout={"width": "6em"})]
                            + [widgets.HTML(f"<b>{escape(n)}</b>", layout={"width": "5em"})
                               for n in names])
        self.grid.children = [head] + [
            widgets.HBox([widgets.HTML(f"round {i}", layout={"width": "6em"}), *row])
            for i, row in enumerate(self.inputs, start=1)]
        for row in self.inputs:
            for box in row:
                self.on_change(box, lambda _value: self._stale())
        self.table.value = ""
        self.verdict = None

    def _stale(self) -> None:
        self.verdict = None
        self.say("Points changed: press <b>Who wins?</b>")

    @property
    def points(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(box.value for box in row) for row in self.inputs)

    def judge(self) -> Verdict:
        """Rank each round, give its chips, total them and name the winner(s)."""
        rounds = self.points
        players = len(rounds[0])
        names = _names(players)
        self.results = tuple(sc.result_of_points(i, points, self.ruleset)
                             for i, points in enumerate(rounds))
        self.verdict = game_verdict(self.results, players)
        totals = sc.chip_totals(self.results, players)
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        rows = "".join(
            f"<tr><td>round {r.number + 1}</td>"
            + "".join(f"<td>{_points(r.points[s])} → {_place(sc.places(r.points)[s])} → "
                      f"<b>{r.chips[s]}</b> chips</td>" for s in range(players)) + "</tr>"
            for r in self.results)
        total = "".join(f"<td><b>{t} chips</b></td>" for t in totals)
        self.table.value = (f"<table class='diams-scores'><tr><th></th>{head}</tr>{rows}"
                            f"<tr><td>total</td>{total}</tr></table>")
        sentence = self.verdict.sentence(names)
        self.say(f"<b>{escape(sentence)}</b> <small><code>[{self.verdict.rule}]</code>"
                 "</small>")
        return self.verdict

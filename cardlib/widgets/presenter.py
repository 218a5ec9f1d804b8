"""What the presenter's controls on the game table show: the rule panel, the large display,
the curtain over a hidden hand.

A teacher projects one table for a room.  The room needs three things the learner at a
laptop does not: a picture readable from the back (the large display), the rule behind
what just happened in words the whole class can read (the rule panel, which stays put
while the message line moves on), and, in hot-seat play, a screen that shows nobody's
cards until the student whose turn it is asks (the curtain).  The game table
(:mod:`cardlib.widgets.table`) decides *when* each is shown; this module only draws them.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlib.protocol import Explanation, Game, IllegalMove
from cardlib.widgets.base import add_classes

LARGE = "cardlib-large"
"""The table's CSS class in large display mode."""

ROOM = "10em"
"""What the large display keeps free under the screen's height for the status line and the
move buttons (in the board's text size): the board's picture gets the rest, so the moves
stay on the first screen at 1280×720 as at 1920×1080."""

LARGE_CSS = f"""
.cardlib-table.{LARGE} {{ width: 100%; }}
.cardlib-table.{LARGE} .cardlib-board {{ align-self: stretch; width: auto; }}
.cardlib-table.{LARGE} .cardlib-board .widget-html-content {{ width: 100%; }}
.cardlib-table.{LARGE} .cardlib-board [data-cardlib-moves] > div > svg:first-child {{
    width: 100%; height: auto; max-height: calc(100vh - {ROOM}); }}
@media (min-aspect-ratio: 4/3) {{
  .cardlib-table.{LARGE} .cardlib-board [data-cardlib-moves] > div {{
      display: flex; align-items: flex-start; gap: 0.6em; }}
  .cardlib-table.{LARGE} .cardlib-board [data-cardlib-moves] > div > svg:first-child {{
      flex: 1 1 0; min-width: 0; }}
  .cardlib-table.{LARGE} .cardlib-board [data-cardlib-moves] > div > :not(:first-child) {{
      flex: 0 1 auto; max-width: 40%; max-height: calc(100vh - {ROOM}); overflow: auto; }}
}}
.cardlib-table.{LARGE} .cardlib-move-kind {{ font-size: 1.4em; margin-right: 0.4em; }}
.cardlib-table .cardlib-move-kind {{ min-width: 8em; }}
.cardlib-table .cardlib-move-step.cardlib-step-legal {{ box-shadow: inset 0 0 0 2px #2e7d32; }}
.cardlib-table.{LARGE} .cardlib-board,
.cardlib-table.{LARGE} .cardlib-status,
.cardlib-table.{LARGE} .cardlib-message,
.cardlib-table.{LARGE} .cardlib-rules {{ font-size: 1.6em; line-height: 1.35; }}
.cardlib-table.{LARGE} .cardlib-tally {{ font-size: 1.35em; line-height: 1.3; }}
.cardlib-table.{LARGE} .widget-html-content {{ font-size: inherit; line-height: inherit; }}
.cardlib-table.{LARGE} button.jupyter-button {{
    font-size: 1.5em; width: auto; height: auto; min-height: 1.9em; padding: 0.15em 0.7em; }}
.cardlib-table.{LARGE} .widget-label, .cardlib-table.{LARGE} input {{ font-size: 1.4em; }}
.cardlib-table.{LARGE} .widget-text input {{ height: 1.9em; }}
"""
"""Large display: the board's picture as large as the screen allows (an SVG scales without
blur) but no taller than the screen less :data:`ROOM`, so the move buttons under it stay on
the first screen; what a game shows with its picture (Diamonds' crystals, Diam's log,
Hearts' pass) keeps its own size, beside the picture on a landscape screen (a projector's:
the picture is bound by the height there, so the width is free) and under it on a
portrait one, instead of being blown up to the table's width; text and buttons half again
as big.  Only a table with the class :data:`LARGE` changes, but for two
rules at any size: the rows of moves line up under their headings, and a first step with a
legal move behind it has a green edge (:mod:`cardlib.widgets.move_buttons`)."""


def style_widget() -> widgets.HTML:
    """The large display's stylesheet, as a widget the table carries (hidden; a page
    applies a ``<style>`` wherever it sits)."""
    return add_classes(widgets.HTML(f"<style>{LARGE_CSS}</style>",
                                    layout=widgets.Layout(display="none")), "cardlib-style")


def rule_sentence(game: Game, rule_id: str, explanation_text: str) -> str:
    """The sentence of rule ``rule_id`` in ``game``'s rule book.

    The trick kit's shared rules (``trick.…``) and the protocol's own verdicts
    (``game.over``) are not in a game's book: their explanation text is the sentence.
    """
    rule = game.rules.get(rule_id)
    return rule.text if rule is not None else explanation_text


class RulePanel(widgets.HTML):
    """Two lines that stay on the table: the rule behind the last move and behind the
    last refusal, each as its id and its sentence.

    The message line says what a click did and is replaced by the next click; the panel
    is what a teacher points at while explaining a trick after it is played (it follows
    the replay: stepping back shows the rule behind the move into the position shown).
    """

    def __init__(self, game: Game):
        super().__init__()
        add_classes(self, "cardlib-rules")
        self.game = game
        self._move = self._line("move", "Last move", None)
        self._refusal = self._line("refusal", "Last refusal", None)
        self._draw()

    def show_move(self, who: str, label: str, why: Explanation) -> None:
        """The move ``label`` made by the seat called ``who`` and the rule that allowed it."""
        self._move = self._line("move", f"Last move by {who}: {label}", why)
        self._draw()

    def show_refusal(self, label: str, refused: IllegalMove) -> None:
        """The move ``label`` the rules refused, and the rule that refused it."""
        self._refusal = self._line("refusal", f"Last refusal: {label}", refused)
        self._draw()

    def no_move(self) -> None:
        """The position shown is a start: no move led to it."""
        self._move = self._line("move", "Last move", None)
        self._draw()

    def clear(self) -> None:
        """A new deal: neither line applies any more."""
        self._refusal = self._line("refusal", "Last refusal", None)
        self.no_move()

    def _line(self, kind: str, head: str, why: Explanation | IllegalMove | None) -> str:
        if why is None:
            return (f"<div class='cardlib-rule-{kind}' data-rule=''>"
                    f"<b>{escape(head)}</b>: none yet</div>")
        sentence = rule_sentence(self.game, why.rule, why.text)
        return (f"<div class='cardlib-rule-{kind}' data-rule='{escape(why.rule)}'>"
                f"<b>{escape(head)}</b> — <code>{escape(why.rule)}</code> "
                f"{escape(sentence)}</div>")

    def _draw(self) -> None:
        self.value = self._move + self._refusal


def curtain_html(who: str | None) -> str:
    """What the board shows in hot-seat play while hands are hidden, no card at all: whose
    turn it is and how to see the hand (``who``, the name of a person to move), or, in a
    replay (``None``), how to see the position."""
    if who is None:
        words = ("<b>Every hand is hidden.</b><br>To look back at this position, "
                 "reveal all hands.")
    else:
        words = (f"<b>{escape(who)} to move.</b><br>The hand is "
                 "hidden: the student at this seat takes the keyboard and presses "
                 "<b>Show my hand</b>.")
    return ("<div class='cardlib-curtain' style='background:#1f5f3a;color:#f4f1e8;"
            "border-radius:14px;padding:2.5em 1.5em;text-align:center;font-size:1.3em'>"
            f"{words}</div>")


__all__ = ["LARGE", "LARGE_CSS", "RulePanel", "curtain_html", "rule_sentence", "style_widget"]

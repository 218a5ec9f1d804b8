"""The end of a hand and of a game as HTML: a game's :class:`~cardlib.protocol.Tally` as a
small table with its sentences, and its :class:`~cardlib.protocol.Verdict` with the final
scores.

Any game's tally has the same shape (a head, a row per seat or side, a few notes), so one
drawing serves all five games; what the tally *says* is the game's (its ``tallies()``), and
the names are the table's, filled in before drawing.  The HTML carries data attributes
(``data-tally``, ``data-winners``) so tests and the browser find them without parsing words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cardlib.protocol import Tally, Verdict

STYLE = ("<style>.cardlib-tally-hand table{border-collapse:collapse;margin:4px 0;"
         "font-variant-numeric:tabular-nums}.cardlib-tally-hand td,.cardlib-tally-hand th"
         "{padding:2px 10px;border-bottom:1px solid #d8d2c4;text-align:right}"
         ".cardlib-tally-hand td:first-child,.cardlib-tally-hand th:first-child"
         "{text-align:left;font-weight:bold}.cardlib-tally-hand ul{margin:2px 0}</style>")
"""The tally's look, once per tally: numbers right-aligned in columns, names bold."""


def tally_html(tally: Tally) -> str:
    """One hand's tally, its seats already named (:meth:`Tally.named`): the title, the
    table (the first column names the rows) and the notes under it."""
    head = "".join(f"<th>{escape(h)}</th>" for h in tally.head)
    rows = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
                   for row in tally.rows)
    notes = "".join(f"<li>{escape(note)}</li>" for note in tally.notes)
    return (f"<div class='cardlib-tally-hand' data-tally='{escape(tally.title)}'>{STYLE}"
            f"<b>{escape(tally.title)}</b><table><tr>{head}</tr>{rows}</table>"
            f"{f'<ul>{notes}</ul>' if notes else ''}</div>")


def verdict_html(verdict: Verdict, names: Sequence[str], scores: Sequence[float]) -> str:
    """The game's end: who wins and why (``verdict.sentence``), then every seat's final
    score by name (one seat: no list, the sentence says it all)."""
    sentence = verdict.sentence(names)
    rule = f" <code>[{escape(verdict.rule)}]</code>" if verdict.rule else ""
    final = ""
    if len(names) > 1:
        final = ("<div>Final scores: " + ", ".join(
            f"{escape(name)} {score:g}" for name, score in zip(names, scores, strict=True))
            + "</div>")
    winners = ",".join(str(seat) for seat in verdict.winners)
    return (f"<div class='cardlib-verdict' data-winners='{winners}'>"
            f"<b>{escape(sentence)}</b>{rule}{final}</div>")


__all__ = ["tally_html", "verdict_html"]

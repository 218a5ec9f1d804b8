"""The trick-game kit: what Hearts, Diamonds, Cruce and Diam's share, written once.

One module per job:

* ``rules``: what may be played to a trick (follow suit, must trump, must beat) and who
  wins it, on Cards and on bit sets (:class:`TrickRules`, :func:`playable`, :class:`Trick`);
* ``bits``: a deck laid out as bit positions, so a hand is one int (:class:`CardBits`),
  and the item views that turn a bit set back into cards or moves (:class:`ItemsOf`);
* ``moves``: interned moves that hash and compare like ints (:class:`CardMove`);
* ``state``: the table as part of a state and the step every card takes: complete the
  trick, find its winner, hand the lead on (:class:`TrickState`);
* ``knowledge``: what one seat knows of the hidden hands, and a seeded guess of them
  (:class:`Knowledge`), which a Monte Carlo bot (``cardlib.bots``) plays out;
* ``view``: the cards a seat's view shows from its bit sets, its hand, the trick on the
  table, what it passed and received (:class:`SeatView`, :class:`PassView`).

A game imports what it needs from here; the names below are the kit's public face.
"""

from cardlib.tricks.bits import CardBits, ItemsOf, bits_of
from cardlib.tricks.knowledge import Knowledge
from cardlib.tricks.moves import CardMove, FaceDownMove, InternedMove
from cardlib.tricks.rules import (
    STANDARD_ORDER,
    PlayCheck,
    Trick,
    TrickRules,
    beats,
    playable,
    playable_bits,
    winning_bit_index,
    winning_index,
    won_by,
)
from cardlib.tricks.state import TrickState, TrickWon, computed_once, replaced
from cardlib.tricks.view import PassView, SeatView

__all__ = [
    "STANDARD_ORDER", "CardBits", "CardMove", "FaceDownMove", "InternedMove", "ItemsOf",
    "Knowledge", "PassView", "PlayCheck", "SeatView", "Trick", "TrickRules", "TrickState",
    "TrickWon", "beats", "bits_of",
    "computed_once", "playable", "playable_bits", "replaced", "winning_bit_index",
    "winning_index", "won_by",
]

"""The trick-game kit: what Hearts, Diamonds, Cruce and Diam's share, written once.

One module per job:

* ``rules``: what may be played to a trick (follow suit, must trump, must beat) and who
  wins it, on Cards and on bit sets (:class:`TrickRules`, :func:`playable`, :class:`Trick`);
* ``bits``: a deck laid out as bit positions, so a hand is one int (:class:`CardBits`),
  and the item views that turn a bit set back into cards or moves (:class:`ItemsOf`);
* ``moves``: interned moves that hash and compare like ints (:class:`CardMove`, and
  :class:`ValueMove` for a bid, a trump suit, a seat named by a move);
* ``state``: the table as part of a state and the step every card takes: complete the
  trick, find its winner, hand the lead on (:class:`TrickState`);
* ``knowledge``: what one seat knows of the hidden hands, and a seeded guess of them
  (:class:`Knowledge`), which a Monte Carlo bot (``cardlib.bots``) plays out;
* ``hands``: the layer for a game of several hands: the seeded deal of hand *n*,
  scripted hands and their checks, the opening and its start record, results and running
  totals, "close this hand, then end or deal the next", the view's common fields and the
  state a search bot imagines (:class:`HandsState`, :class:`HandsGame`);
* ``view``: the cards a seat's view shows from its bit sets, its hand, the trick on the
  table, what it passed and received (:class:`SeatView`, :class:`PassView`), and the part
  of it a quick bot reads in the play (:class:`Glance`).

A game imports what it needs from here; the names below are the kit's public face.
"""

from cardlib.tricks.bits import CardBits, ItemsOf, bits_of
from cardlib.tricks.hands import HandsGame, HandsState, Opening, deal_hands, read_hands
from cardlib.tricks.knowledge import Knowledge
from cardlib.tricks.moves import CardMove, FaceDownMove, InternedMove, ValueMove
from cardlib.tricks.rules import (
    KIT_RULES,
    STANDARD_ORDER,
    PlayCheck,
    Trick,
    TrickRules,
    beats,
    kit_rules,
    playable,
    playable_bits,
    winning_bit_index,
    winning_index,
    won_by,
)
from cardlib.tricks.state import TrickState, TrickWon, computed_once, replaced
from cardlib.tricks.view import Glance, PassView, SeatView

__all__ = [
    "KIT_RULES", "STANDARD_ORDER", "CardBits", "CardMove", "FaceDownMove", "Glance", "HandsGame",
    "HandsState", "InternedMove", "ItemsOf", "Knowledge", "Opening", "PassView", "PlayCheck",
    "SeatView", "Trick", "TrickRules", "TrickState", "TrickWon", "ValueMove", "beats",
    "bits_of", "computed_once", "deal_hands", "kit_rules", "playable", "playable_bits",
    "read_hands", "replaced", "winning_bit_index", "winning_index", "won_by",
]

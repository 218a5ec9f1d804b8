"""A trick game's table for 2 to 6 seats, drawn from plain data.

Hearts, Diamonds, Cruce and Diam's all show the same things: the seats round the table with
their names, scores and hands, the trick in the middle, whose lead and whose turn it is,
who plays with whom.  So one picture serves them all.  It takes a :class:`TableScene`, plain
data and no game, so it never learns a game's rules: each game's renderer builds the scene
from its view and calls :func:`table_svg`.

The viewer sits at the bottom with the hand face up and large.  Play goes round the table
the way it does in Hearts: the next seat is on the viewer's left, then on round over the
top to the right.  With more than four seats the extra ones sit in a row along the top, so
no seat's cards ever run into another's.  Each trick card lies between the middle and the
seat that played it, numbered in play order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card
from cardlib.svg import (
    CHALK,
    CHALK_SOFT,
    FELT,
    INK,
    LEADER,
    TEAM_COLOURS,
    TO_PLAY,
    back_group,
    card_group,
    svg_document,
    svg_text,
)

WIDTH, HEIGHT = 860, 600
"""Drawing units of every table picture (widgets scale it as a whole)."""
MIN_SEATS, MAX_SEATS = 2, 6
MARGIN = 16
BLOCK_W = 230
"""Width of another seat's block: its marks, its name line and its fanned hand."""
SMALL = 42
"""Card width in the other seats' hands."""
BIG = 64
"""Card width in the viewer's hand: the cards one plays from are the large ones."""
TRICK = 56
"""Card width in the trick."""
PILL_H = 18
TOP_ROW = 34
"""Top of the seats along the top edge, under the info line."""
TRICK_CENTRE = (WIDTH / 2, 290)
TRICK_REACH = (100, 95)
"""How far each trick card lies from the middle, across and up/down: far enough that six
cards never touch, near enough that none reaches a seat's block."""
TEAM_NAMES = "ABCDEF"


@dataclass(frozen=True)
class TableSeat:
    """One seat as the picture shows it.

    ``cards`` are drawn face up in the order given (the game sorts them); ``None`` means
    the hand is hidden and ``hand_size`` backs are drawn instead.  Seats with the same
    ``team`` are partners and carry the same team mark.
    """

    name: str
    score: str
    """What follows the name, e.g. ``"3 pts (+1 this hand)"``; empty for none."""
    hand_size: int
    cards: tuple[Card, ...] | None = None
    team: int | None = None


@dataclass(frozen=True)
class TableScene:
    """Everything the table picture shows, seat numbers counting from 0 in play order."""

    seats: tuple[TableSeat, ...]
    viewer: int = 0
    """The seat drawn at the bottom."""
    trick: tuple[tuple[int, Card], ...] = ()
    """The trick so far as (seat, card), in play order."""
    leader: int | None = None
    to_move: int | None = None
    turn_label: str = "to play"
    """The words on the mark of the seat to move: what its turn is for (``"to pass"``)."""
    info: str = ""
    """One line across the top: the hand number, the pass, what is broken or trumps."""
    highlight: frozenset[Card] = frozenset()
    """Cards outlined in gold wherever they are drawn (Hearts: the cards just received)."""
    title: str = "card table"
    """What a screen reader says for the picture."""

    def __post_init__(self) -> None:
        count = len(self.seats)
        if not MIN_SEATS <= count <= MAX_SEATS:
            raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {count}")
        for role, seat in (("viewer", self.viewer), ("leader", self.leader),
                           ("to_move", self.to_move)):
            if seat is not None and seat not in range(count):
                raise ValueError(f"{role} {seat!r} is not a seat: seats are 0..{count - 1}")
        for number, seat in enumerate(self.seats):
            if seat.cards is not None and len(seat.cards) != seat.hand_size:
                raise ValueError(f"seat {number} ({seat.name}) shows {len(seat.cards)} cards "
                                 f"but hand_size is {seat.hand_size}")
            if seat.hand_size < 0:
                raise ValueError(f"seat {number} ({seat.name}) has hand_size {seat.hand_size}")
            if seat.team is not None and seat.team not in range(len(TEAM_NAMES)):
                raise ValueError(f"seat {number} ({seat.name}) has team {seat.team!r}: "
                                 f"teams are 0..{len(TEAM_NAMES) - 1}")
        played = [seat for seat, _ in self.trick]
        for seat in played:
            if seat not in range(count):
                raise ValueError(f"a trick card from seat {seat!r}: seats are 0..{count - 1}")
        if len(set(played)) != len(played):
            raise ValueError(f"a seat plays twice in one trick: seats {played}")


@dataclass(frozen=True)
class Place:
    """Where one seat is drawn: its block (marks, name line and hand) as centre line, top,
    width and height, the width of its hand's cards, and its trick card's top-left corner.
    The viewer's block is the strip along the bottom."""

    centre: float
    top: float
    width: float
    height: float
    card: float
    trick_x: float
    trick_y: float


def seat_hands(view: Any, hands: Sequence[Sequence[Card]] | None = None,
               order: Callable[[Iterable[Card]], tuple[Card, ...]] = tuple,
               ) -> tuple[tuple[tuple[Card, ...] | None, int], ...]:
    """The seat loop every trick game's board runs: for each seat, the cards to draw face
    up (``None``: face down) and how many cards it holds.

    Seen from ``view`` (a :class:`~cardlib.tricks.SeatView`: ``seat``, ``hand``,
    ``hand_sizes``), the viewer's own hand is face up and every other hand face down,
    only its size shown; ``hands`` (every seat's cards, a teacher's view) turns them all
    face up.  ``order`` sorts a hand as the game holds it.  A board then adds each seat's
    name and score::

        TableSeat(name, score, size, cards) for (cards, size) in seat_hands(view, ...)
    """
    shown = []
    for seat in range(len(view.hand_sizes)):
        if hands is not None:
            cards: tuple[Card, ...] | None = order(hands[seat])
        else:
            cards = order(view.hand) if seat == view.seat else None
        shown.append((cards, view.hand_sizes[seat] if cards is None else len(cards)))
    return tuple(shown)


def places(count: int) -> tuple[Place, ...]:
    """The places of ``count`` seats, starting with the viewer's and going in play order.

    The trick cards go evenly round the middle, the viewer's straight below it.  The seats
    on the viewer's left and right sit at the sides, the others along the top.
    """
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {count}")
    angles = [math.radians(90 + 360 * offset / count) for offset in range(count)]
    if count == 2:
        blocks = [(WIDTH / 2, TOP_ROW)]
    else:
        left, right = MARGIN + BLOCK_W / 2, WIDTH - MARGIN - BLOCK_W / 2
        along_top = count - 3
        gap = max(WIDTH / (along_top + 1), BLOCK_W + 20)
        blocks = [(left, _side_top(left, angles[1]))]
        blocks += [(WIDTH / 2 + (i - (along_top - 1) / 2) * gap, TOP_ROW)
                   for i in range(along_top)]
        blocks.append((right, _side_top(right, angles[-1])))
    viewer_height = _block_height(BIG)
    viewer = Place(WIDTH / 2, HEIGHT - MARGIN - viewer_height, WIDTH - 2 * MARGIN,
                   viewer_height, BIG, *_trick_spot(angles[0]))
    return (viewer, *(Place(centre, top, BLOCK_W, _block_height(SMALL), SMALL,
                            *_trick_spot(angle))
                      for (centre, top), angle in zip(blocks, angles[1:], strict=True)))


def _trick_spot(angle: float) -> tuple[float, float]:
    """The top-left corner of a trick card at ``angle`` round the middle."""
    x = TRICK_CENTRE[0] + TRICK_REACH[0] * math.cos(angle) - TRICK / 2
    y = TRICK_CENTRE[1] + TRICK_REACH[1] * math.sin(angle) - TRICK * 0.7
    return x, y


def _side_top(centre: float, angle: float) -> float:
    """A side seat sits where the line from the middle through its trick card meets its
    side, but no lower than the middle and no higher than the top row: level with the
    middle at four seats, in the upper corners at three."""
    middle_x, middle_y = TRICK_CENTRE
    height = _block_height(SMALL)
    on_line = middle_y + (centre - middle_x) * math.tan(angle)
    return min(middle_y, max(TOP_ROW + height / 2, on_line)) - height / 2


def table_svg(scene: TableScene, scale: float = 1.0) -> str:
    """The table seen from ``scene.viewer``, as a standalone SVG."""
    count = len(scene.seats)
    spots = places(count)
    parts = [f'<rect width="{WIDTH}" height="{HEIGHT}" rx="18" fill="{FELT}"/>']
    if scene.info:
        parts.append(svg_text(MARGIN, 22, scene.info, 13, fill=CHALK_SOFT))
    for seat in range(count):
        place = spots[(seat - scene.viewer) % count]
        parts.append(_seat(scene, seat, place))
    for order, (seat, card) in enumerate(scene.trick, start=1):
        place = spots[(seat - scene.viewer) % count]
        parts.append(_trick_card(seat, card, order, place, scene.highlight))
    return svg_document(WIDTH, HEIGHT, "".join(parts), scene.title, scale)


# --- one seat ----------------------------------------------------------------------------

def _block_height(card_w: float) -> float:
    """Marks, a gap, the name line, a gap, the hand."""
    return PILL_H + 26 + card_w * 1.4


def _seat(scene: TableScene, number: int, place: Place) -> str:
    """A seat's block: its marks, then its name and score, then its hand."""
    seat = scene.seats[number]
    name_y = place.top + PILL_H + 18
    label = f"{seat.name} · {seat.score}" if seat.score else seat.name
    turn = number == scene.to_move
    # a long score line shrinks rather than running into the next seat's
    size = min(15.0, (place.width + 10) / (0.55 * len(label)))
    team = "" if seat.team is None else f' data-team="{seat.team}"'
    return (
        f'<g class="cardlib-seat" data-seat="{number}"{team} '
        f'data-leader="{_flag(number == scene.leader)}" data-to-move="{_flag(turn)}">'
        + _marks(scene, number, place.centre, place.top)
        + svg_text(place.centre, name_y, label, size, bold=turn,
                   anchor="middle", fill=TO_PLAY if turn else CHALK)
        + _hand(seat, place, scene.highlight)
        + "</g>"
    )


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _marks(scene: TableScene, number: int, centre: float, top: float) -> str:
    """The seat's team, lead and turn as labelled pills: words, not colour alone."""
    pills = []
    team = scene.seats[number].team
    if team is not None:
        pills.append((f"team {TEAM_NAMES[team]}", TEAM_COLOURS[team]))
    if number == scene.leader:
        pills.append(("leader", LEADER))
    if number == scene.to_move:
        pills.append((scene.turn_label, TO_PLAY))
    widths = [len(words) * 7 + 14 for words, _ in pills]
    x = centre - (sum(widths) + 6 * (len(pills) - 1)) / 2
    parts = []
    for (words, colour), width in zip(pills, widths, strict=True):
        parts.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{width}" height="{PILL_H}" '
                     f'rx="{PILL_H / 2}" fill="{colour}"/>'
                     + svg_text(x + width / 2, top + 13, words, 12, bold=True,
                                anchor="middle", fill=INK))
        x += width + 6
    return "".join(parts)


def _hand(seat: TableSeat, place: Place, highlight: frozenset[Card]) -> str:
    """A fanned hand along the bottom of the seat's block, squeezed to fit its width: face
    up when its cards are known, else backs with the count on the last one."""
    width, centre = place.card, place.centre
    top = place.top + place.height - width * 1.4
    count = seat.hand_size
    if count == 0:
        return svg_text(centre, top + width * 0.7, "no cards", 13, anchor="middle",
                        fill=CHALK_SOFT)
    # face-up cards show their corners; backs only need to be counted at a glance
    widest = 0.5 if seat.cards is not None else 0.3
    step = min(widest * width, (place.width - width) / (count - 1)) if count > 1 else 0
    x = centre - (width + step * (count - 1)) / 2
    if seat.cards is None:
        return "".join(back_group(x + i * step, top, width, str(count) if i == count - 1 else "")
                       for i in range(count))
    return "".join(card_group(card, x + i * step, top, width, False,
                              "gold" if card in highlight else None)
                   for i, card in enumerate(seat.cards))


def _trick_card(seat: int, card: Card, order: int, place: Place,
                highlight: frozenset[Card]) -> str:
    """A trick card with its place in the play order in a disc on its empty corner."""
    x, y = place.trick_x, place.trick_y
    disc_x, disc_y = x + TRICK * 0.2, y + TRICK * 1.4 - TRICK * 0.2
    return (f'<g class="cardlib-trick-card" data-seat="{seat}" data-order="{order}">'
            + card_group(card, x, y, TRICK, False, "gold" if card in highlight else None)
            + f'<circle cx="{disc_x:.1f}" cy="{disc_y:.1f}" r="{TRICK * 0.15:.1f}" '
            f'fill="{FELT}"/>'
            + svg_text(disc_x, disc_y + 4, str(order), 11, bold=True, anchor="middle",
                       fill=CHALK)
            + "</g>")

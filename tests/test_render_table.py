"""The table picture for 2 to 6 seats, read back as XML: every seat, every card, every mark.

Scenes are built by hand here, so each expectation follows from the scene written above
it; the layout checks measure the places the picture draws at, so a seat that runs into
another one fails whatever the seat count.
"""

from __future__ import annotations

import ast
import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from cardlib.cards import french_deck, parse_cards
from cardlib.hearts import Hearts, Pass, Play
from cardlib.render.hearts import state_html, table_svg
from cardlib.render.table import (
    HEIGHT,
    TRICK,
    WIDTH,
    TableScene,
    TableSeat,
    places,
)
from cardlib.render.table import table_svg as draw_table
from cardlib.svg import LEADER, TEAM_COLOURS, TO_PLAY

SVG = "{http://www.w3.org/2000/svg}"
SEAT_COUNTS = range(2, 7)
NAMES = ("Ana", "Bogdan", "Cristina", "Dan", "Elena", "Florin")
DECK = french_deck()


def scene_for(count: int, *, viewer: int = 0, played: int | None = None,
              teams: bool = False, **changes) -> TableScene:
    """``count`` seats holding 13, 12, 11… cards dealt in order from a fresh deck; the
    viewer's hand face up, the others hidden; seat 1 leads and ``played`` seats have
    played in turn (all but the last, unless told); seat 0 has 7 points."""
    played = count - 1 if played is None else played
    seats, dealt = [], 0
    for seat in range(count):
        size = 13 - seat
        cards = DECK[dealt:dealt + size]
        dealt += size
        seats.append(TableSeat(NAMES[seat], f"{7 if seat == 0 else 0} pts", size,
                               tuple(cards) if seat == viewer else None,
                               seat % 2 if teams else None))
    trick = tuple(((1 + i) % count, DECK[-1 - i]) for i in range(played))
    return TableScene(tuple(seats), viewer=viewer, trick=trick, leader=1,
                      to_move=(1 + played) % count, info="Hand 2 · trumps ♦", **changes)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def seat_group(root: ET.Element, seat: int) -> ET.Element:
    (found,) = [g for g in groups(root, "cardlib-seat") if g.get("data-seat") == str(seat)]
    return found


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def shift(group: ET.Element) -> tuple[float, float]:
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", group.get("transform")).groups()
    return float(x), float(y)


# --- what each seat shows -------------------------------------------------------------------

@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_every_seat_shows_its_name_and_score(count):
    root = parse(draw_table(scene_for(count)))
    assert len(groups(root, "cardlib-seat")) == count
    for seat in range(count):
        expected = f"{NAMES[seat]} · {7 if seat == 0 else 0} pts"
        assert expected in texts(seat_group(root, seat))


@pytest.mark.parametrize("count", SEAT_COUNTS)
@pytest.mark.parametrize("viewer", [0, 1])
def test_hidden_hands_lie_face_down_with_their_count(count, viewer):
    scene = scene_for(count, viewer=viewer)
    root = parse(draw_table(scene))
    for seat, entry in enumerate(scene.seats):
        drawn = seat_group(root, seat)
        backs = groups(drawn, "cardlib-facedown")
        faces = [g.get("data-card") for g in groups(drawn, "cardlib-face")]
        if seat == viewer:
            assert backs == [] and faces == [card.code for card in entry.cards]
        else:
            assert faces == [] and len(backs) == entry.hand_size
            assert texts(backs[-1]) == [str(entry.hand_size)]
            assert all(texts(back) == [] for back in backs[:-1])


def test_an_empty_hidden_hand_says_so():
    scene = scene_for(3)
    empty = TableSeat("Cristina", "", 0)
    scene = TableScene((*scene.seats[:2], empty), trick=scene.trick[:1], leader=1)
    drawn = seat_group(parse(draw_table(scene)), 2)
    assert groups(drawn, "cardlib-facedown") == [] and "no cards" in texts(drawn)


def test_face_up_hands_are_drawn_in_the_order_given():
    scene = scene_for(4)
    shown = tuple(reversed(DECK[40:52]))
    seats = (scene.seats[0], TableSeat("Bogdan", "", 12, shown), *scene.seats[2:])
    root = parse(draw_table(TableScene(seats)))
    drawn = seat_group(root, 1)
    assert [g.get("data-card") for g in groups(drawn, "cardlib-face")] == [
        card.code for card in shown]
    assert groups(drawn, "cardlib-facedown") == []


# --- the trick and the marks ----------------------------------------------------------------

@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_the_trick_is_drawn_in_play_order_before_each_player(count):
    scene = scene_for(count)
    root = parse(draw_table(scene))
    drawn = groups(root, "cardlib-trick-card")
    assert [(int(g.get("data-seat")), g.find(f"{SVG}g").get("data-card")) for g in drawn] == [
        (seat, card.code) for seat, card in scene.trick]
    assert [g.get("data-order") for g in drawn] == [str(n) for n in range(1, count)]
    assert [texts(g)[-1] for g in drawn] == [str(n) for n in range(1, count)]
    spots = places(count)
    for g in drawn:
        seat = int(g.get("data-seat"))
        place = spots[(seat - scene.viewer) % count]
        assert shift(g.find(f"{SVG}g")) == pytest.approx((place.trick_x, place.trick_y), abs=0.1)


@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_leader_and_seat_to_move_are_marked_in_words_and_colour(count):
    scene = scene_for(count, played=1)          # seat 1 led, seat 2 (or 0 at two) to move
    root = parse(draw_table(scene))
    to_move = 2 % count
    for seat in range(count):
        drawn = seat_group(root, seat)
        words = texts(drawn)
        assert ("leader" in words) == (seat == 1)
        assert ("to play" in words) == (seat == to_move)
        assert drawn.get("data-leader") == str(seat == 1).lower()
        assert drawn.get("data-to-move") == str(seat == to_move).lower()
        pills = {rect.get("fill") for rect in drawn.findall(f"{SVG}rect")}
        assert (LEADER in pills) == (seat == 1) and (TO_PLAY in pills) == (seat == to_move)
        name = next(t for t in drawn.iter(f"{SVG}text") if t.text.startswith(NAMES[seat]))
        assert (name.get("fill") == TO_PLAY) == (seat == to_move)


@pytest.mark.parametrize("count", [2, 4, 6])
def test_partners_carry_the_same_team_mark(count):
    root = parse(draw_table(scene_for(count, teams=True)))
    for seat in range(count):
        drawn = seat_group(root, seat)
        team = seat % 2
        assert drawn.get("data-team") == str(team)
        assert f"team {'AB'[team]}" in texts(drawn)
        assert f"team {'AB'[1 - team]}" not in texts(drawn)
        assert TEAM_COLOURS[team] in {rect.get("fill") for rect in drawn.findall(f"{SVG}rect")}


def test_no_team_marks_without_teams():
    svg = draw_table(scene_for(4))
    assert "team " not in svg and "data-team" not in svg


def test_highlighted_cards_are_outlined_wherever_they_lie():
    scene = scene_for(4)
    marked = {scene.seats[0].cards[2], scene.seats[0].cards[5], scene.trick[0][1]}
    root = parse(draw_table(TableScene(scene.seats, trick=scene.trick, leader=1,
                                       highlight=frozenset(marked))))
    outlined = {g.get("data-card") for g in groups(root, "cardlib-face")
                if g.get("data-marked") == "true"}
    assert outlined == {card.code for card in marked}


def test_the_info_line_and_title_are_shown():
    root = parse(draw_table(scene_for(3, title="Diamonds table seen by Ana")))
    assert "Hand 2 · trumps ♦" in texts(root)
    assert root.get("aria-label") == "Diamonds table seen by Ana"


# --- the layout -----------------------------------------------------------------------------

def boxes(count: int) -> list[tuple[float, float, float, float]]:
    """Each seat's block and each trick card as (left, top, right, bottom), viewer first."""
    spots = places(count)
    blocks = [(p.centre - p.width / 2, p.top, p.centre + p.width / 2, p.top + p.height)
              for p in spots]
    tricks = [(p.trick_x, p.trick_y, p.trick_x + TRICK, p.trick_y + TRICK * 1.4)
              for p in spots]
    return blocks + tricks


def apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_no_seat_or_trick_card_runs_into_another(count):
    drawn = boxes(count)
    for box in drawn:
        assert 0 <= box[0] and box[2] <= WIDTH and 28 <= box[1] and box[3] <= HEIGHT, box
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            assert apart(a, b), (a, b)


@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_every_card_stays_inside_its_seat_even_with_thirteen_face_up(count):
    suits = [DECK[13 * (seat % 4):13 * (seat % 4) + 13] for seat in range(count)]
    seats = tuple(TableSeat(NAMES[seat], "105 pts (+26 this hand)", 13, tuple(suits[seat]))
                  for seat in range(count))
    root = parse(draw_table(TableScene(seats)))
    spots = places(count)
    for seat in range(count):
        place = spots[seat]
        cards = groups(seat_group(root, seat), "cardlib-face")
        assert len(cards) == 13
        for card in cards:
            x, y = shift(card)
            assert place.centre - place.width / 2 <= x + 0.1
            assert x + place.card <= place.centre + place.width / 2 + 0.1
            assert place.top <= y and y + place.card * 1.4 <= place.top + place.height + 0.1


@pytest.mark.parametrize("count", range(3, 7))
def test_play_goes_round_from_the_viewers_left(count):
    """In play order the seats (and their trick cards) turn one way round the middle,
    starting on the viewer's left, as at Hearts' table."""
    spots = places(count)
    assert spots[1].centre < WIDTH / 2 < spots[-1].centre

    def turning(points):
        middle = (WIDTH / 2, 290)
        angles = [math.atan2(y - middle[1], x - middle[0]) % (2 * math.pi) for x, y in points]
        return all((b - a) % (2 * math.pi) < math.pi for a, b in pairwise(angles))

    assert turning([(p.trick_x, p.trick_y) for p in spots])
    assert turning([(p.centre, p.top + p.height / 2) for p in spots])


# --- bad scenes ---------------------------------------------------------------------------

GOOD = scene_for(4)


@pytest.mark.parametrize(("changes", "message"), [
    ({"seats": GOOD.seats[:1]}, "seats 2 to 6 players, not 1"),
    ({"seats": GOOD.seats * 2}, "seats 2 to 6 players, not 8"),
    ({"viewer": 4}, "viewer 4 is not a seat"),
    ({"leader": -1}, "leader -1 is not a seat"),
    ({"to_move": 9}, "to_move 9 is not a seat"),
    ({"trick": ((5, DECK[0]),)}, "from seat 5"),
    ({"trick": ((1, DECK[0]), (1, DECK[1]))}, "plays twice"),
    ({"seats": (TableSeat("Ana", "", 3, tuple(DECK[:2])), *GOOD.seats[1:])},
     r"shows 2 cards but hand_size is 3"),
    ({"seats": (TableSeat("Ana", "", 3, team=6), *GOOD.seats[1:])}, "team 6"),
    ({"seats": (TableSeat("Ana", "", -1), *GOOD.seats[1:])}, "hand_size -1"),
])
def test_a_bad_scene_is_refused_naming_the_bad_value(changes, message):
    fields = {"seats": GOOD.seats, "viewer": GOOD.viewer, "trick": GOOD.trick,
              "leader": GOOD.leader, "to_move": GOOD.to_move} | changes
    with pytest.raises(ValueError, match=message):
        TableScene(**fields)


def test_the_picture_imports_no_game():
    """Diamonds, Cruce and Diam's reuse it: it must know cards and SVG, nothing more."""
    source = Path(__file__).parent.parent / "cardlib" / "render" / "table.py"
    imported = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert {name for name in imported if name.startswith("cardlib")} == {
        "cardlib.cards", "cardlib.svg"}


# --- Hearts' table is the four-seat picture -------------------------------------------------

# Each seat holds one suit; on hand 1 everyone passes the three lowest to the left, so North
# receives West's 2♥ 3♥ 4♥ and East, given North's 2♣, leads it.  South, out of clubs,
# throws the 2♦ East passed it; West is to play.
SUITED = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
          "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
          "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"]


def suited_trick():
    state = Hearts().from_hands(SUITED, totals=(5, 0, 12, 3))
    for seat in range(4):
        for card in parse_cards(SUITED[seat])[:3]:
            state = state.apply(Pass(card))
    return state.apply(Play(parse_cards("2C")[0])).apply(Play(parse_cards("2D")[0]))


def test_hearts_view_is_the_four_seat_table():
    root = parse(table_svg(suited_trick().view(0)))
    assert "Hand 1 · pass left · hearts not broken" in texts(root)
    labels = ["North · 5 pts (+0 this hand)", "East · 0 pts (+0 this hand)",
              "South · 12 pts (+0 this hand)", "West · 3 pts (+0 this hand)"]
    for seat, label in enumerate(labels):
        assert label in texts(seat_group(root, seat))
    # North sees its own 13 cards; East and South have played one, West none yet
    assert [len(groups(seat_group(root, s), "cardlib-facedown")) for s in (1, 2, 3)] == [
        12, 12, 13]
    assert {g.get("data-card") for g in groups(root, "cardlib-face")
            if g.get("data-marked") == "true"} == {"2H", "3H", "4H"}
    assert [(g.get("data-seat"), g.find(f"{SVG}g").get("data-card"))
            for g in groups(root, "cardlib-trick-card")] == [("1", "2C"), ("2", "2D")]
    assert "leader" in texts(seat_group(root, 1)) and "to play" in texts(seat_group(root, 3))
    # East, the next to play after North, sits on North's left
    assert places(4)[1].centre < WIDTH / 2


def test_hearts_marks_whose_pass_it_is_and_no_leader_before_the_play():
    state = Hearts().from_hands(SUITED).apply(Pass(parse_cards("2C")[0]))
    root = parse(table_svg(state.view(2)))
    assert "to pass" in texts(seat_group(root, 0))
    assert all("leader" not in texts(seat_group(root, seat)) for seat in range(4))


def test_hearts_teachers_view_shows_every_hand():
    svg = re.search(r"<svg.*</svg>", state_html(suited_trick()), re.S).group(0)
    root = parse(svg)
    assert groups(root, "cardlib-facedown") == []
    faces = [g.get("data-card") for g in groups(root, "cardlib-face")]
    assert len(faces) == 13 + 12 + 12 + 13 + 2 and len(set(faces)) == 52

"""Diam's as a whole: the protocol at every player count, explain agreeing with the legal
moves, hidden information, the deal and the closing card, the bots, the pictures, and the
rule book's quotes of the seed."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cardlib import display, games
from cardlib.bots import RandomBot, play_moves, play_out
from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams.bots import RuleOfThumbBot, SamplingBot, determinize, unseen
from cardlib.diams.rules import CLOSING_WINDOW, RULES
from cardlib.protocol import IllegalMove

GAME = games.get("diams")
COUNTS = GAME.player_counts
SEED_FILE = Path(__file__).resolve().parents[2] / "shared" / "seeds" / \
    "002_b79310fa263a0c39.txt"


def snapshot(state):
    return copy.deepcopy(state.__dict__)


def random_states(players: int, seeds=range(4), length: int = 60):
    """States met in seeded random games (every phase comes up)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(seed=seed, players=players)
        for _ in range(length):
            if state.is_over:
                break
            yield state
            state = state.apply(rng.choice(state.legal_moves()))


def every_card_once(state) -> Counter:
    counts = Counter()
    for pile in (*state.hands, *state.safes, state.market, state.discard):
        counts.update(c.kinds_in(pile))
    counts.update(state.pile)
    return counts


# --- the protocol at every player count ---------------------------------------------------

@pytest.mark.parametrize("players", COUNTS)
def test_random_games_play_to_the_end_at_every_count(players):
    deck = Counter(c.kinds_in(GAME.new().ruleset.deck))
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(seed=seed, players=players)
        while not state.is_over:
            moves = state.legal_moves()
            assert moves and moves == sorted(moves)
            move = rng.choice(moves)
            assert state.explain(move).legal and GAME.parse_move(str(move)) == move
            check = len(state.history) % 10 == 0  # a deep copy is slow: every tenth move
            before = snapshot(state) if check else None
            nxt = state.apply(move)
            assert not check or snapshot(state) == before
            if nxt.round == state.round and not nxt.is_over:
                closing = Counter() if nxt.closing_drawn else Counter([c.CLOSING])
                assert every_card_once(nxt) == deck + closing, "a card appeared or vanished"
                assert all(c.of_digit(safe, d) <= 5 for safe in nxt.safes for d in c.DIGITS)
            state = nxt
        assert len(state.results) == 3 and len(state.scores()) == players
        assert sum(state.scores()) == sum(sum(r.chips) for r in state.results)
        restored = GAME.load(json.loads(json.dumps(GAME.save(state))))
        assert restored.history == state.history and restored.scores() == state.scores()


@pytest.mark.parametrize("players", COUNTS)
def test_explain_agrees_with_the_legal_moves(players):
    """Every move offered, and many more built at random, is legal exactly when it is in
    ``legal_moves``; a refused one leaves the state unchanged."""
    rng = random.Random(players)
    refused = 0
    for state in random_states(players, length=45):
        legal = set(state.legal_moves())
        for move in state.candidate_moves() + invented_moves(state, rng):
            why = state.explain(move)
            assert why.legal == (move in legal), (str(move), why, state)
            assert why.rule in RULES
            if not why.legal:
                refused += 1
                with pytest.raises(IllegalMove):
                    state.apply(move)
    assert refused > 100


def invented_moves(state, rng: random.Random) -> list[m.Move]:
    """Moves of every kind, legal or not, for the state's player to try."""
    hand = c.kinds_in(state.hands[state.turn])
    market = c.kinds_in(state.market)
    some = rng.sample(hand, rng.randint(0, len(hand))) if hand else []
    kind = rng.choice(range(c.KINDS))
    return [
        m.draw(False), m.draw(True), m.PASS_MOVE, m.discard(kind), m.secure(tuple(some)),
        m.express(tuple(some)), m.market(kind, rng.choice(m.OUTCOMES[::2])),
        m.market(rng.choice(hand) if hand else kind, "sum",
                 tuple(rng.sample(market, min(len(market), rng.randint(1, 3))))),
        m.drill(rng.randrange(state.players + 1), rng.choice(c.DIAMONDS)),
        m.sleight(rng.choice(c.DIAMONDS)),
        m.sale(rng.choice((*c.SPECIALS, 4)), rng.randrange(state.players),
               rng.randint(1, 10)),
    ]


def test_player_count_outside_two_to_five_is_refused():
    for players in (1, 6):
        with pytest.raises(ValueError, match=f"players={players}"):
            GAME.new(players=players)


# --- hidden information ----------------------------------------------------------------------

def test_a_view_shows_its_own_cards_and_only_the_sizes_of_the_others():
    a = GAME.from_position({"hands": [["7", "7", "2"], ["1"]],
                            "safes": [["5", "5", "5"], []], "market": ["3"]})
    b = GAME.from_position({"hands": [["9", "9*", "4"], ["1"]],
                            "safes": [["8", "8", "8"], []], "market": ["3"]})
    assert a.view(1) == b.view(1)
    assert a.view(0) != b.view(0)
    view = a.view(0)
    assert c.codes(view.hand) == "2 7 7" and c.codes(view.safe) == "5 5 5"
    assert view.hand_sizes == (3, 1) and view.safe_sizes == (3, 0)
    with pytest.raises(ValueError, match="no seat 2"):
        a.view(2)


# --- the deal and the closing card ---------------------------------------------------------

def cards_under_closing(state) -> int:
    return len(state.pile) - 1 - state.pile.index(c.CLOSING)


@pytest.mark.parametrize("players", COUNTS)
def test_the_closing_card_lands_uniformly_in_the_last_window(players):
    window = CLOSING_WINDOW[players]
    seen = Counter(cards_under_closing(GAME.new(seed=s, players=players))
                   for s in range(40 * window))
    assert set(seen) == set(range(window)), seen
    assert min(seen.values()) > 10  # every place comes up, none is starved
    last = {cards_under_closing(GAME.new(seed=s, players=players, closing="deterministic"))
            for s in range(30)}
    assert last == {0}


def test_each_round_is_a_new_deal_and_the_start_passes_on():
    state = GAME.new(seed=9, players=3)
    starts, deals = [], []
    bots = {s: RuleOfThumbBot() for s in range(3)}
    while not state.is_over:
        if not state.history or state.round != len(starts) - 1:
            starts.append(state.turn)
            deals.append(state.hands)
            assert c.size(state.market) == state.ruleset.start_market
            assert all(c.size(h) == state.ruleset.start_hand for h in state.hands)
            assert all(s == c.EMPTY for s in state.safes)
        state = play_moves(state, bots, 1)
    assert len(starts) == 3 and starts[1] == (starts[0] + 1) % 3 \
        and starts[2] == (starts[0] + 2) % 3
    assert len(set(deals)) == 3


def test_same_seed_same_game_other_seed_other_deal():
    one = GAME.new(seed="x", players=4)
    assert one.pile == GAME.new(seed="x", players=4).pile
    assert one.pile != GAME.new(seed="y", players=4).pile


# --- bots ----------------------------------------------------------------------------------------

def test_the_rule_of_thumb_bot_beats_random_bots():
    """Over seeded games it wins far more than its share (1 in 3 at three players)."""
    won = 0.0
    for g in range(9):
        hero = g % 3
        bots = {s: RuleOfThumbBot() if s == hero else RandomBot(f"{g}:{s}") for s in range(3)}
        winners, _ = play_out(GAME.new(seed=g, players=3), bots).winners()
        won += (hero in winners) / len(winners)
    assert won / 9 > 2 / 3


def test_the_rule_of_thumb_bot_secures_a_ready_collection_and_likes_sums():
    state = GAME.from_position({"hands": [["5", "5", "5"], ["1"]], "market": ["2", "3"],
                                "pile": ["9", "6"]}).apply("draw hand")
    assert str(RuleOfThumbBot().choose(state)) == "secure 5 5 5"
    state = GAME.from_position({"hands": [["6", "2", "2"], ["1"]], "market": ["2*", "4"],
                                "pile": ["9", "6"]}).apply("draw hand")
    assert str(RuleOfThumbBot().choose(state)) == "market 6 sum 2* 4"


@pytest.mark.parametrize("players", COUNTS)
def test_determinize_deals_the_hidden_cards_consistently_with_the_view(players):
    rng = random.Random(players)
    for state in random_states(players, seeds=range(2), length=80):
        seat = rng.randrange(players)
        view = state.view(seat)
        world = determinize(view, rng)
        assert world.view(seat) == view.__class__(**{**view.__dict__, "log": ()})
        deck = Counter(c.kinds_in(view.ruleset.deck))
        closing = Counter() if world.closing_drawn else Counter([c.CLOSING])
        assert every_card_once(world) == deck + closing
        assert Counter(c.kinds_in(unseen(view))) == \
            every_card_once(world) - Counter(c.kinds_in(view.hand)) \
            - Counter(c.kinds_in(view.safe)) - Counter(c.kinds_in(view.market)) \
            - Counter(c.kinds_in(view.discard)) - closing
        if not world.closing_drawn:
            assert cards_under_closing(world) < CLOSING_WINDOW[players]
        for other, safe in enumerate(world.safes):
            if other != seat and c.size(safe) >= 3:
                assert all(c.of_digit(safe, d) in (0, 3, 4, 5) for d in c.DIGITS), safe


def test_the_sampling_bot_plays_legal_moves_to_the_end():
    bots = {0: SamplingBot(seed=1, samples=2, width=2), 1: RuleOfThumbBot()}
    end = play_out(GAME.new(seed=5, players=2, length="quick"), bots)
    assert end.is_over and len(end.results) == 1


# --- pictures and the rule book ------------------------------------------------------------------

def test_pictures_hide_what_the_view_hides_and_label_the_assumed_numbers():
    from cardlib.render.diams import value_table_svg

    state = GAME.from_position({"hands": [["7", "7*"], ["9"]], "safes": [[], ["4", "4", "4"]],
                                "market": ["3"]})
    mine = display.html(state.view(0))
    assert "<svg" in mine and "data-diams-card='7*'" in mine
    assert "data-diams-card='9'" not in mine and "data-diams-card='4'" not in mine
    assert "ASSUMED" in mine
    teacher = display.html(state)
    assert "data-diams-card='9'" in teacher and "data-diams-card='4'" in teacher
    table = value_table_svg(state.ruleset)
    rows = re.findall(r"data-diams-card='(\d+)'", table)
    assert rows[0] == "7" and len(rows) == 10 and "ASSUMED numbers" in table


def test_every_seed_quote_is_the_seed_text_itself():
    """Every rule quotes the seed (at least as many quotes as rules), each quote letter
    for letter, Cyrillic included (as ``test_rule_sources`` also checks)."""
    seed = " ".join(SEED_FILE.read_text(encoding="utf-8").split()).casefold()
    quotes = 0
    for rule in RULES.values():
        for part in rule.source.split("; "):
            if "shared/seeds/" not in part:
                continue
            for quote in re.findall(r"(?<!\w)'(.+?)'(?!\w)", part):
                for piece in quote.split(" … "):
                    assert " ".join(piece.split()).casefold() in seed, (rule.id, piece)
                    quotes += 1
    assert quotes >= len(RULES)


SVG = "{http://www.w3.org/2000/svg}"


def card_boxes(svg: str) -> list[tuple[str, tuple[float, ...], tuple[float, ...] | None]]:
    """Every card face drawn in ``svg``, in drawing order (a later card lies on top): its
    code, its face's box and its purity mark's box (None for a card without one), each box
    (left, top, right, bottom) on the page."""
    import xml.etree.ElementTree as ET

    found = []
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        code = group.get("data-diams-card")
        if code is None:
            continue
        dx, dy = map(float, re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)",
                                         group.get("transform")).groups())
        face = group.find(f"{SVG}rect")
        x, y = float(face.get("x")) + dx, float(face.get("y")) + dy
        box = (x, y, x + float(face.get("width")), y + float(face.get("height")))
        ring, handle = next(group.iter(f"{SVG}circle"), None), next(group.iter(f"{SVG}line"),
                                                                      None)
        glass = None
        if ring is not None and handle is not None:  # the magnifying glass: ring and handle
            cx, cy, r = (float(ring.get(k)) for k in ("cx", "cy", "r"))
            xs = [cx - r, cx + r, float(handle.get("x2"))]
            ys = [cy - r, cy + r, float(handle.get("y2"))]
            glass = (min(xs) + dx, min(ys) + dy, max(xs) + dx, max(ys) + dy)
        found.append((code, box, glass))
    return found


def hidden_marks(svg: str) -> list[str]:
    """The pure cards whose purity mark a card drawn later covers, even in part."""
    cards = card_boxes(svg)
    covered = []
    for i, (code, _, glass) in enumerate(cards):
        if glass is None:
            continue
        for _, face, _ in cards[i + 1:]:
            if (face[0] < glass[2] and glass[0] < face[2]
                    and face[1] < glass[3] and glass[1] < face[3]):
                covered.append(code)
                break
    return covered


def test_a_small_overlapped_pure_card_still_shows_its_purity_mark():
    """Seat 1's 4⌕ sits between a 4 and an 8 in the small overlapped hand along the top:
    its magnifying glass must not lie under the 8 (it looked like a plain 4)."""
    from cardlib.render.diams import row_svg, table_svg

    scene = GAME.from_position({
        "hands": [["sleight", "express", "drill", "4", "6"], ["4", "4*", "8"], ["2", "9*", "9"]],
        "safes": [["6", "6", "6*"], ["7", "7*", "7"], ["3", "3*", "3", "3", "3"]],
        "market": ["9", "4", "3"], "pile": ["10"]}, players=3).apply("draw hand")
    picture = table_svg(scene.view(0), scene.hands, scene.safes)
    marked = [code for code, _, glass in card_boxes(picture) if glass is not None]
    assert sorted(marked) == ["3*", "4*", "6*", "7*", "9*"]
    assert hidden_marks(picture) == []
    row = row_svg([c.kind_of(10, True), c.kind_of(4, True), c.kind_of(7, True)], 40,
                  overlap=0.3)
    assert len([g for _, _, g in card_boxes(row) if g]) == 3 and hidden_marks(row) == []

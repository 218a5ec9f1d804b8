"""Black Diamond's engine: deals, moves, boards, every rule, the end, saving and loading.

Boards are built by hand (``board(...)`` below) so that each test shows the one rule it
is about; the expected diamonds, hands and verdicts in the comments are worked out from
the spec, not read back from the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import games
from cardlib.blackdiamond import (
    BLACK_CARDS,
    DIAMOND_CARDS,
    PILE_NAMES,
    POSITIONS,
    RULES,
    BlackDiamond,
    Clear,
    Deal,
    DealError,
    Play,
    PositionError,
    Replace,
    arithmetic_values,
    deal_from_seed,
    move_from_json,
    move_to_json,
    parse_move,
)
from cardlib.bots import RandomBot, play_moves
from cardlib.cards import codes, parse_card, parse_cards, shuffled
from cardlib.protocol import BadMoveText, IllegalMove

GAME = BlackDiamond()


def board(diamonds: str, deck: str, hand: str, black: str = "", piles=None, **options):
    """A game starting at a hand-built board (codes separated by spaces)."""
    return GAME.from_position({
        "diamonds": diamonds.split(), "diamond_deck": deck.split(), "hand": hand.split(),
        "black_deck": black.split(), "piles": {k: v.split() for k, v in (piles or {}).items()},
    }, **options)


def cards(text: str):
    return parse_cards(text)


# Diamonds that take few values: outer 13, 12, 11, 10; NE {1, 12, 13}, SE {1, 11, 12},
# SW {1, 10, 11}, NW {3, 10, 13} (13-10 = 3).  A 5 or a 7 fits no edge here.
HIGH = "KD QD JD TD"


# --- the registry and the deal ----------------------------------------------------------------

def test_registry_loads_the_game():
    game = games.get("black-diamond")
    assert isinstance(game, BlackDiamond)
    assert (game.name, game.player_counts) == ("black-diamond", (1,))
    assert game is game.new(seed=1).game, "the registry hands out the states' own game"
    assert [o.name for o in game.options] == [
        "players", "arithmetic_centre", "stuck_per_card", "replaced_under_deck", "strict_end",
        "repeat_replace"]
    assert all(o.default is False for o in game.options[1:])


def test_deal_from_seed_follows_the_documented_scheme():
    deal = deal_from_seed(7)
    assert deal.diamonds == shuffled(DIAMOND_CARDS, "7:diamonds")
    assert deal.black == shuffled(BLACK_CARDS, "7:black")
    assert deal == deal_from_seed(7) and deal != deal_from_seed(8)


def test_new_game_lays_out_the_deal():
    state = GAME.new(3)
    deal = deal_from_seed(3)
    assert state.diamonds == deal.diamonds[:4]          # N, E, S, W
    assert state.diamond_deck == deal.diamonds[4:]      # top first
    assert state.hand == deal.black[:2]
    assert state.black_deck == deal.black[2:]
    assert all(not pile for pile in state.piles)
    assert state.scores() == [0.0] and state.to_move == 0 and not state.is_over


@given(st.integers(0, 10_000))
def test_deal_json_round_trip(seed):
    deal = deal_from_seed(seed)
    assert Deal.from_json(deal.to_json()) == deal


def test_deal_json_accepts_lower_case_and_ten():
    data = deal_from_seed(1).to_json()
    data["black"] = [c.lower().replace("t", "10") for c in data["black"]]
    assert Deal.from_json(data) == deal_from_seed(1)


def _deal_json():
    return {"diamonds": codes(DIAMOND_CARDS), "black": codes(BLACK_CARDS)}


def test_deal_with_a_wrong_count_names_count_and_missing_card():
    data = _deal_json()
    data["diamonds"] = data["diamonds"][:-1]
    with pytest.raises(DealError, match=r"diamonds must hold 13 cards, got 12.*missing KD"):
        Deal.from_json(data)


def test_deal_with_an_unknown_code_names_it():
    data = _deal_json()
    data["black"][3] = "ZZ"
    with pytest.raises(DealError, match="unknown card code 'ZZ'"):
        Deal.from_json(data)


def test_deal_with_a_repeated_card_names_it_and_the_missing_one():
    data = _deal_json()
    data["black"][1] = "AS"  # 2S replaced by a second AS
    with pytest.raises(DealError, match=r"repeated AS.*missing 2S"):
        Deal.from_json(data)


def test_deal_with_cards_of_the_wrong_suit():
    data = _deal_json()
    data["diamonds"][0] = "AH"
    with pytest.raises(DealError, match="AH is not a diamond"):
        Deal.from_json(data)
    data = _deal_json()
    data["black"][0], data["diamonds"][0] = "AD", "AS"
    with pytest.raises(DealError, match="AD is not a spade or club"):
        Deal.from_json(data)


@pytest.mark.parametrize("data, message", [
    ([], "expected an object"),
    ({"diamonds": []}, "missing key.*black"),
    ({"diamonds": [], "black": [], "extra": 1}, "unknown key.*extra"),
    ({"diamonds": "AD 2D", "black": []}, "must be a list of card codes"),
])
def test_malformed_deal_objects(data, message):
    with pytest.raises(DealError, match=message):
        Deal.from_json(data)


def test_deal_error_is_a_value_error():
    assert issubclass(DealError, ValueError)


# --- moves as text and JSON -------------------------------------------------------------------

moves = st.one_of(
    st.builds(Play, st.sampled_from(BLACK_CARDS), st.sampled_from(PILE_NAMES)),
    st.builds(Replace, st.sampled_from(POSITIONS)),
    st.builds(Clear, st.sampled_from(PILE_NAMES)),
)


@given(moves)
def test_moves_round_trip_through_text_and_json(move):
    assert GAME.parse_move(str(move)) == move
    assert move_from_json(move_to_json(move)) == move


def test_move_text_forms():
    assert str(Play(parse_card("7S"), "NE")) == "7S>NE"
    assert str(Replace("N")) == "replace N" and str(Clear("NE")) == "clear NE"
    assert move_to_json(Play(parse_card("TS"), "C")) == {"play": "TS", "to": "C"}
    assert move_to_json(Replace("W")) == {"replace": "W"}
    assert move_to_json(Clear("SW")) == {"clear": "SW"}


@pytest.mark.parametrize("text, move", [
    ("7s>ne", Play(parse_card("7S"), "NE")),
    (" 10S > c ", Play(parse_card("TS"), "C")),
    ("10s sw", Play(parse_card("TS"), "SW")),
    ("qc to n", Play(parse_card("QC"), "N")),
    ("REPLACE e", Replace("E")),
    ("clear nw", Clear("NW")),
    ('{"play": "7S", "to": "NE"}', Play(parse_card("7S"), "NE")),
])
def test_parsing_is_forgiving(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize("text, message", [
    ("7S>XX", "unknown pile 'XX'"),
    ("replace NE", "unknown diamond position 'NE'"),
    ("clear Q", "unknown pile 'Q'"),
    ("ZZ>N", "bad card code"),
    ("hello", "expected CARD>PILE"),
    ('{"play": "7S"}', "expected"),
    ("{oops", "not valid JSON"),
])
def test_bad_move_text_is_named(text, message):
    with pytest.raises(BadMoveText, match=message):
        parse_move(text)


def test_moves_of_all_kinds_sort_together():
    mixed = [Clear("C"), Replace("W"), Play(parse_card("KS"), "N"), Replace("N"),
             Play(parse_card("AC"), "C"), Clear("N")]
    assert [str(m) for m in sorted(mixed)] == [
        "AC>C", "KS>N", "replace N", "replace W", "clear N", "clear C"]


# --- boards -----------------------------------------------------------------------------------

def test_a_board_is_checked_like_a_deal():
    with pytest.raises(PositionError, match="cleared at 4"):
        board(HIGH, "9D", "5S", piles={"NE": "AS AC 2S 2C"})
    with pytest.raises(PositionError, match="suits alternate"):
        board(HIGH, "9D", "5S", piles={"NE": "AS 2S"})
    with pytest.raises(PositionError, match="repeated 5S"):
        board(HIGH, "9D", "5S", piles={"C": "5S"})
    with pytest.raises(PositionError, match="diamond_deck: 5S must be diamonds"):
        board(HIGH, "5S", "6S")


# --- placement rules inside the game ----------------------------------------------------------

SOURCE_BOARD = "2D 6D JD 5D"  # N=2, E=6, S=11, W=5; NE is the source's 2-and-6 example


def test_outer_edge_rule():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC")
    assert state.explain(Play(parse_card("2C"), "N"))
    why = state.explain(Play(parse_card("7S"), "N"))
    assert not why and why.rule == "black-diamond.place.outer"


def test_inner_edge_rule():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC")
    assert state.explain(Play(parse_card("2C"), "NE"))
    why = state.explain(Play(parse_card("7S"), "NE"))
    assert why.rule == "black-diamond.place.inner"
    assert why.text == "7S cannot go on NE: between 2 and 6 the values are 2, 3, 4, 6, 8, 12"


def test_centre_takes_any_card():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC")
    for card in ("2C", "7S"):
        why = state.explain(Play(parse_card(card), "C"))
        assert why and why.rule == "black-diamond.place.centre"


def test_suits_alternate_on_a_pile():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC", piles={"C": "5S"})
    why = state.explain(Play(parse_card("7S"), "C"))
    assert not why and why.rule == "black-diamond.place.alternate"
    assert state.explain(Play(parse_card("2C"), "C"))


def test_only_hand_cards_can_be_played():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC")
    why = state.explain(Play(parse_card("KC"), "C"))
    assert not why and why.rule == "black-diamond.hand"
    assert "you hold 2C and 7S" in why.text


def test_arithmetic_centre_variant_in_the_game():
    state = board(HIGH, "9D", "5S 7C", "KC", arithmetic_centre=True)
    built = arithmetic_values([13, 12, 11, 10])
    for card in ("5S", "7C"):
        why = state.explain(Play(parse_card(card), "C"))
        assert why.legal == (parse_card(card).value in built)
        assert why.rule == "black-diamond.place.centre-arithmetic"


def test_legal_moves_are_every_legal_placement():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC", piles={"C": "5S"})
    # NE takes 2 3 4 6 8 12; SE and SW take 5 6 11; NW (2 and 5) takes 2 3 5 7 10.
    # 2C: N (= 2), NE, NW, and C (a club on a spade).  7S: only NW (C's top is a spade).
    assert {str(m) for m in state.legal_moves()} == {"2C>N", "2C>NE", "2C>NW", "2C>C", "7S>NW"}


# --- clearing at the limit, refill order, drawing ---------------------------------------------

def test_centre_at_its_limit_is_cleared_and_all_four_refilled_in_order():
    state = board(HIGH, "AD 2D 3D 4D 5D", "6S 9C", "8S 8C", piles={"C": "AS AC 2S 2C"})
    after = state.apply("6S>C")
    assert after.pile("C") == ()
    assert codes(after.diamonds) == ["AD", "2D", "3D", "4D"]  # N, E, S, W from the top
    assert codes(after.diamond_deck) == ["5D"]
    assert codes(after.hand) == ["9C"] and after.placed == 26 - 3


@pytest.mark.parametrize("pile, refilled", [
    ("NE", {"N": "AD", "E": "2D"}), ("SE", {"E": "AD", "S": "2D"}),
    ("SW", {"S": "AD", "W": "2D"}), ("NW", {"N": "AD", "W": "2D"}),
])
def test_inner_pile_refills_its_two_diamonds_in_order_n_e_s_w(pile, refilled):
    # Every inner pile here takes 1 (13-12, 12-11, 11-10) except NW (3, 10, 13): use
    # values that pile takes for its three cards and the fourth.
    takes = {"NE": "AS AC KS KC", "SE": "AS AC JS JC", "SW": "AS AC TS TC",
             "NW": "3S 3C TS TC"}[pile].split()
    state = board(HIGH, "AD 2D 3D", takes[3], "9S 9C", piles={pile: " ".join(takes[:3])})
    after = state.apply(f"{takes[3]}>{pile}")
    expected = {"N": "KD", "E": "QD", "S": "JD", "W": "TD", **refilled}
    assert codes(after.diamonds) == [expected[p] for p in POSITIONS]
    assert codes(after.diamond_deck) == ["3D"]


def test_outer_pile_clears_at_three():
    # W is 9 now; its pile holds 5S 5C from when W was a 5.
    state = board("KD QD JD 9D", "AD 2D", "9S 3C", "4C", piles={"W": "5S 5C"})
    after = state.apply("9S>W")
    assert after.pile("W") == () and after.diamond("W") == parse_card("AD")
    assert codes(after.diamond_deck) == ["2D"]


def test_hand_is_refilled_with_two_only_when_empty():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "AS 3S 4C")
    one = state.apply("2C>N")
    assert codes(one.hand) == ["7S"] and codes(one.black_deck) == ["AS", "3S", "4C"]
    two = one.apply("7S>C")
    assert codes(two.hand) == ["AS", "3S"] and codes(two.black_deck) == ["4C"]


# --- stuck: replace and clear -----------------------------------------------------------------

def stuck_board(**options):
    # 5S and 7S fit no edge next to K Q J T, and the centre's top is a spade.
    return board(HIGH, "AD 2D 3D 4D 9D", "5S 7S", "6C 8C", piles={"C": "2S"}, **options)


def test_stuck_player_may_replace_any_diamond_or_clear_any_pile():
    state = stuck_board()
    assert state.stuck
    assert {str(m) for m in state.legal_moves()} == {
        "replace N", "replace E", "replace S", "replace W", "clear C"}


def test_replace_puts_the_top_diamond_in_place_and_the_old_one_leaves():
    after = stuck_board().apply("replace E")
    assert codes(after.diamonds) == ["KD", "AD", "JD", "TD"]
    assert codes(after.diamond_deck) == ["2D", "3D", "4D", "9D"]


def test_replaced_under_deck_variant():
    after = stuck_board(replaced_under_deck=True).apply("replace E")
    assert codes(after.diamonds) == ["KD", "AD", "JD", "TD"]
    assert codes(after.diamond_deck) == ["2D", "3D", "4D", "9D", "QD"]


def test_clear_when_stuck_refills_like_a_full_pile():
    after = stuck_board().apply("clear C")
    assert after.pile("C") == ()
    assert codes(after.diamonds) == ["AD", "2D", "3D", "4D"]


def test_replace_and_clear_only_when_stuck():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC", piles={"NE": "3S"})
    for move in (Replace("N"), Clear("NE")):
        why = state.explain(move)
        assert not why and why.rule == "black-diamond.stuck"
        assert why.text.startswith("not stuck: 2C can still go on")
        with pytest.raises(IllegalMove):
            state.apply(move)


def test_clearing_an_empty_pile_is_refused():
    why = stuck_board().explain(Clear("NE"))
    assert not why and why.rule == "black-diamond.clear"
    assert why.text == "NE holds no cards: nothing to clear"


def test_stuck_per_card_variant():
    # 5S fits nowhere, 2C fits the centre (club on spade): stuck only per card.
    layout = (HIGH, "AD 2D", "5S 2C", "6C 8C")
    assert not board(*layout, piles={"C": "2S"}).stuck
    per_card = board(*layout, piles={"C": "2S"}, stuck_per_card=True)
    assert per_card.stuck and Replace("N") in per_card.legal_moves()
    why = board(*layout, piles={"C": "2S"}).explain(Replace("N"))
    assert why.rule == "black-diamond.stuck"


def test_replace_needs_a_diamond_in_the_deck():
    # Per card, stuck with an empty deck is not yet lost: 2C can still be played.
    state = board(HIGH, "", "5S 2C", "6C 8C", piles={"C": "2S"}, stuck_per_card=True)
    assert not state.is_over
    why = state.explain(Replace("N"))
    assert not why and why.rule == "black-diamond.replace"


def test_view_shows_the_next_diamond_only_when_stuck():
    stuck = stuck_board().view(0)
    assert stuck.stuck and stuck.next_diamond == parse_card("AD")
    assert (stuck.black_left, stuck.diamonds_left) == (2, 5)
    free = board(SOURCE_BOARD, "9D", "2C 7S", "KC").view(0)
    assert not free.stuck and free.next_diamond is None
    assert free.piles["C"] == () and free.hand == cards("2C 7S")


def test_candidate_moves_offer_every_try():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC", piles={"NE": "3S"})
    offered = {str(m) for m in state.candidate_moves()}
    assert {f"{c}>{p}" for c in ("2C", "7S") for p in PILE_NAMES} <= offered
    assert {f"replace {p}" for p in POSITIONS} <= offered
    assert "clear NE" in offered and "clear C" not in offered


# --- the end ----------------------------------------------------------------------------------

def test_win_when_the_last_card_is_placed():
    state = board(SOURCE_BOARD, "9D", "2C", "")
    end = state.apply("2C>N")
    assert end.is_over and end.outcome == "win" and end.end_rule == "black-diamond.end.win"
    assert end.scores() == [26.0] and end.to_move is None


def test_last_card_clear_and_refill_succeed_is_a_win():
    state = board(HIGH, "AD 2D", "KC", "", piles={"NE": "AS AC KS"})
    end = state.apply("KC>NE")
    assert end.outcome == "win" and codes(end.diamonds)[:2] == ["AD", "2D"]


def test_last_card_clear_with_a_failed_refill_is_a_loss():
    state = board(HIGH, "AD", "KC", "", piles={"NE": "AS AC KS"})
    end = state.apply("KC>NE")
    assert end.outcome == "loss" and end.end_rule == "black-diamond.end.refill"
    assert "ran out before E" in end.loss_reason


def test_failed_refill_mid_game_is_a_loss():
    state = board(HIGH, "AD 2D 3D", "6S 9C", "8S 8C", piles={"C": "AS AC 2S 2C"})
    end = state.apply("6S>C")
    assert end.outcome == "loss" and end.end_rule == "black-diamond.end.refill"
    assert end.legal_moves() == []


def test_stuck_with_an_empty_diamond_deck_is_a_loss():
    state = board(HIGH, "", "5S 7S", "6C 8C", piles={"C": "2S"})
    assert state.is_over and state.outcome == "loss"
    assert state.end_rule == "black-diamond.end.stuck"
    assert "5S and 7S fit nowhere" in state.loss_reason


def test_using_the_last_diamond_and_staying_stuck_loses():
    state = board(HIGH, "9D", "5S 7S", "6C 8C", piles={"C": "2S"})
    end = state.apply("replace N")  # a 9 at N: still nothing for 5S or 7S
    assert end.outcome == "loss" and end.end_rule == "black-diamond.end.stuck"


def test_strict_end_variant():
    layout = (SOURCE_BOARD, "", "2C", "")
    assert board(*layout).apply("2C>N").outcome == "win"
    strict = board(*layout, strict_end=True).apply("2C>N")
    assert strict.outcome == "loss" and strict.end_rule == "black-diamond.end.strict"
    assert board(SOURCE_BOARD, "9D", "2C", "", strict_end=True).apply("2C>N").outcome == "win"


def test_a_finished_game_accepts_no_move():
    end = board(SOURCE_BOARD, "9D", "2C", "").apply("2C>N")
    assert end.legal_moves() == [] and end.candidate_moves() == []
    why = end.explain(Play(parse_card("2C"), "C"))
    assert not why and why.rule == "game.over"
    with pytest.raises(IllegalMove) as refused:
        end.apply(Replace("N"))
    assert refused.value.rule == "game.over"


def test_a_refused_move_leaves_the_state_as_it_was():
    state = board(SOURCE_BOARD, "9D", "2C 7S", "KC")
    before = (state.diamonds, state.hand, state.piles, state.history)
    with pytest.raises(IllegalMove) as refused:
        state.apply("7S>N")
    assert refused.value.rule == "black-diamond.place.outer"
    assert (state.diamonds, state.hand, state.piles, state.history) == before


# --- saving and loading -----------------------------------------------------------------------

def _played(state, moves: int, seed: int):
    bot = RandomBot(seed)
    return play_moves(state, lambda seat: bot, moves)


def test_save_and_load_a_seeded_game():
    state = _played(GAME.new(5), 12, seed=1)
    record = GAME.save(state)
    assert record["start"]["seed"] == 5 and record["start"]["deal"] == deal_from_seed(5).to_json()
    assert GAME.load(record) == state


def test_save_and_load_a_pasted_deal_with_options():
    deal = Deal.from_json(deal_from_seed(9).to_json())
    state = _played(GAME.from_deal(deal, stuck_per_card=True), 10, seed=2)
    record = GAME.save(state)
    assert "seed" not in record["start"]
    assert record["start"]["options"]["stuck_per_card"] is True
    assert GAME.load(record) == state


def test_save_and_load_a_board():
    state = stuck_board().apply("replace N")
    assert GAME.load(GAME.save(state)) == state


def test_unknown_option_is_named():
    with pytest.raises(TypeError, match="unknown option.*colour"):
        GAME.new(1, colour=True)


# --- the protocol holds along random games ----------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(st.integers(0, 5000), st.sampled_from([{}, {"stuck_per_card": True},
                                               {"replaced_under_deck": True},
                                               {"arithmetic_centre": True}]))
def test_random_games_explain_every_move_by_a_known_rule(seed, options):
    state = GAME.new(seed, **options)
    bot = RandomBot(seed)
    for _ in range(200):
        if state.is_over:
            break
        legal = state.legal_moves()
        assert legal
        for move in state.candidate_moves():
            why = state.explain(move)
            assert why.rule in RULES
            assert why.legal == (move in legal), (move, why)
        assert state.scores() == [float(state.placed)]
        state = state.apply(bot.choose(state))
    assert state.is_over
    assert state.outcome in ("win", "loss") and state.end_rule in RULES
    assert (state.outcome == "win") == (state.placed == 26)

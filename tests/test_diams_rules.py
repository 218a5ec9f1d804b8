"""Diam's rules, turn by turn, on scripted tables: each market outcome, securing, each
special card with its failure cases, the hand limit, the closing card, the phase order.

Every table is written out card by card (``GAME.from_position``) and every expected
result was worked out by hand from the rule the test names, so a test fails when the
engine moves a card the rule does not move.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlib import games
from cardlib.diams import cards as c
from cardlib.diams.moves import PASS_MOVE, parse_move
from cardlib.protocol import IllegalMove

GAME = games.get("diams")


def table(hands, safes=None, market=(), pile=("5", "6", "closing"), to_move=0, **options):
    """A game at the start of ``to_move``'s turn, one seat per hand; ``pile`` is the top of
    the draw pile (the cards placed nowhere follow it)."""
    players = options.setdefault("players", len(hands))
    position = {"hands": [list(h) for h in hands],
                "safes": [list(s) for s in (safes or [[]] * players)],
                "market": list(market), "pile": list(pile), "to_move": to_move}
    return GAME.from_position(position, **options)


def cards(pile) -> str:
    return c.codes(pile)


def refused(state, text: str, rule: str) -> str:
    """Check ``text`` is refused by ``rule`` with the state untouched; the explanation."""
    why = state.explain(text)
    assert not why.legal and why.rule == rule, why
    before = (state.hands, state.safes, state.market, state.discard, state.pile)
    with pytest.raises(IllegalMove) as err:
        state.apply(text)
    assert err.value.rule == rule
    assert (state.hands, state.safes, state.market, state.discard, state.pile) == before
    return why.text


def play(state, *texts):
    for text in texts:
        assert state.explain(text).legal, state.explain(text)
        state = state.apply(text)
    return state


# --- phase 1 -------------------------------------------------------------------------------

def test_draw_one_card_into_the_hand():
    state = play(table([["7"], ["1"]], pile=["5", "6", "closing"]), "draw hand")
    assert cards(state.hands[0]) == "5 7"
    assert state.pile[:2] == (c.kind_of(6, False), c.CLOSING)
    assert state.phase == "play" and state.to_move == 0


def test_draw_two_cards_onto_the_market():
    state = play(table([["7"], ["1"]], market=["2"], pile=["5", "6*", "closing"]),
                 "draw market")
    assert cards(state.market) == "2 5 6*"
    assert cards(state.hands[0]) == "7"


def test_a_special_card_drawn_for_the_market_goes_to_the_hand_without_a_replacement():
    state = play(table([["7"], ["1"]], pile=["sleight", "5", "6", "closing"]), "draw market")
    assert cards(state.hands[0]) == "7 sleight"
    assert cards(state.market) == "5"
    assert state.pile[0] == c.kind_of(6, False)
    assert "Sleight of hand" in state.log[-2]


@pytest.mark.parametrize(("pile", "told"), [
    (["5", "sleight", "6"], ["5 onto the market", "Sleight of hand"]),
    (["sleight", "5", "6"], ["Sleight of hand", "5 onto the market"]),
    (["5", "closing", "6"], ["5 onto the market", "the closing card"]),
    (["5", "6", "closing"], ["5 and 6 onto the market"]),
])
def test_a_draw_to_the_market_is_told_in_the_order_the_cards_came(pile, told):
    """The log names the cards as they came off the pile: a diamond drawn first is named
    before the special (or closing) card drawn second."""
    start = table([["7"], ["1"]], pile=pile)
    news = play(start, "draw market").log[len(start.log):]
    assert len(news) == len(told), news
    for line, words in zip(news, told, strict=True):
        assert words in line, news


def test_phase_one_comes_first_and_only_once():
    state = table([["7"], ["1"]], market=["7"])
    refused(state, "market 7 colour", "diams.turn")
    refused(state, "secure 7 7 7", "diams.turn")
    after = play(state, "draw hand")
    assert "drawn" in refused(after, "draw market", "diams.turn")
    refused(after, "discard 7", "diams.hand-limit")


# --- phase 2: the market ---------------------------------------------------------------------

def test_market_colour_takes_every_card_of_the_colour_including_your_own():
    state = play(table([["7", "3"], ["1"]], market=["7", "7*", "2", "4"]),
                 "draw hand", "market 7 colour")
    assert cards(state.hands[0]) == "3 5 7 7 7*"
    assert cards(state.market) == "2 4"
    assert state.to_move == 1 and state.phase == "draw"


def test_market_colour_with_no_match_gives_your_card_back():
    state = play(table([["7"], ["1"]], market=["2"]), "draw hand", "market 7 colour")
    assert cards(state.hands[0]) == "5 7"
    assert cards(state.market) == "2"


def test_market_sum_takes_cards_adding_up_to_your_digit_and_leaves_your_card():
    start = play(table([["7"], ["1"]], market=["3", "4*", "2", "5", "7"]), "draw hand")
    state = play(start, "market 7 sum 3 4*")
    assert cards(state.hands[0]) == "3 4* 5"
    assert cards(state.market) == "2 5 7 7"
    assert cards(play(start, "market 7 sum 2 5").hands[0]) == "2 5 5"
    assert cards(play(start, "market 7 sum 7").hands[0]) == "5 7"  # one card that is a 7


def test_market_sum_refusals_name_the_sum_and_the_missing_cards():
    start = play(table([["7", "7"], ["1"]], market=["3", "4*", "2"]), "draw hand")
    assert "2 + 3 = 5, not 7" in refused(start, "market 7 sum 3 2", "diams.market.sum")
    assert "does not hold 4" in refused(start, "market 7 sum 3 4", "diams.market.sum")
    # the card you bring does not count: it arrives as you take
    assert "does not hold 7" in refused(start, "market 7 sum 7", "diams.market.sum")


def test_the_sum_moves_are_exactly_the_selections_that_add_up():
    start = play(table([["6"], ["1"]], market=["1", "1*", "2", "3", "4", "5", "6*"]),
                 "draw hand")
    sums = {str(move) for move in start.legal_moves() if move.outcome == "sum"
            and move.card == c.kind_of(6, False)}
    assert sums == {"market 6 sum 1 5", "market 6 sum 1* 5", "market 6 sum 2 4",
                    "market 6 sum 1 2 3", "market 6 sum 1* 2 3", "market 6 sum 6*",
                    "market 6 sum 1 1* 4"}


def test_market_nothing_leaves_your_card_there():
    state = play(table([["7", "3"], ["1"]], market=["7"]), "draw hand", "market 3 none")
    assert cards(state.hands[0]) == "5 7"
    assert cards(state.market) == "3 7"


def test_market_needs_a_diamond_from_your_hand():
    start = play(table([["7", "drill"], ["1"]], market=["7"]), "draw hand")
    assert "no 9" in refused(start, "market 9 colour", "diams.market.visit")
    assert "no colour" in refused(start, "market drill colour", "diams.market.visit")


# --- phase 2: securing -----------------------------------------------------------------------

def test_secure_a_new_collection_of_three():
    start = play(table([["5", "5", "5*", "8"], ["1"]], pile=["8", "6", "closing"]),
                 "draw hand")
    state = play(start, "secure 5 5 5*")
    assert cards(state.safes[0]) == "5 5 5*"
    assert cards(state.hands[0]) == "8 8"
    assert "points by the value table of assumed defaults (ASSUMED numbers)" in \
        start.explain("secure 5 5 5*").text


def test_secure_refuses_pairs_and_odd_cards_that_extend_nothing():
    start = play(table([["5", "5", "5*", "8"], ["1"]], pile=["8", "6", "closing"]),
                 "draw hand")
    assert "two diamonds of 8" in refused(start, "secure 5 5 5* 8 8", "diams.secure.extend")
    assert "two diamonds of 8" in refused(start, "secure 8 8", "diams.secure.extend")
    assert "does not hold" in refused(start, "secure 5 5 5 5*",
                                      "diams.secure.new-collection")


def test_secure_extends_a_collection_in_the_safe_alongside_a_new_one():
    start = play(table([["8", "8", "5", "5", "5"], ["1"]], [["8", "8", "8"], []],
                       pile=["1", "6", "closing"]), "draw hand")
    state = play(start, "secure 5 5 5 8 8")
    assert cards(state.safes[0]) == "5 5 5 8 8 8 8 8"
    text = refused(start, "secure 8 8", "diams.secure.new-collection")
    assert "at least one new collection" in text


def test_a_collection_holds_at_most_five():
    start = play(table([["8", "8", "5", "5", "5"], ["1"]], [["8", "8", "8", "8*"], []],
                       pile=["1", "6", "closing"]), "draw hand")
    assert "6 diamonds of 8" in refused(start, "secure 5 5 5 8 8", "diams.secure.five")
    assert cards(play(start, "secure 5 5 5 8").safes[0]) == "5 5 5 8 8 8 8 8*"
    six = play(table([["5", "5", "5", "5", "5*"], ["1"]], pile=["5", "6", "closing"]),
               "draw hand")
    refused(six, "secure 5 5 5 5 5 5*", "diams.secure.five")


def test_one_collection_per_digit():
    """A second trio of a digit already collected only extends it (cap 5), and it does not
    count as the new collection a selection needs."""
    start = play(table([["6", "6", "6"], ["1"]], [["6", "6"], []], pile=["1", "2",
                                                                        "closing"]),
                 "draw hand")
    refused(start, "secure 6 6 6", "diams.secure.new-collection")


def test_secure_legal_moves_match_the_rules():
    start = play(table([["8", "8", "5", "5", "5"], ["1"]], [["8", "8", "8", "8*"], []],
                       pile=["1", "6", "closing"]), "draw hand")
    secured = {str(m) for m in start.legal_moves() if m.verb == "secure"}
    assert secured == {"secure 5 5 5", "secure 5 5 5 8"}


# --- special cards ---------------------------------------------------------------------------

def test_sleight_of_hand_takes_any_market_card():
    start = play(table([["sleight"], ["1"]], market=["7*", "3"]), "draw hand")
    state = play(start, "sleight 7*")
    assert cards(state.hands[0]) == "5 7*"
    assert cards(state.market) == "3"
    assert cards(state.discard).endswith("sleight")
    assert "no 9" in refused(start, "sleight 9", "diams.special.sleight")
    without = play(table([["7"], ["1"]], market=["7*"]), "draw hand")
    assert "do not hold" in refused(without, "sleight 7*", "diams.special")


def test_secur_express_adds_to_a_collection_without_a_new_one():
    start = play(table([["express", "6", "6*", "2"], ["1"]], [["6", "6", "6"], []],
                       pile=["9", "5", "closing"]), "draw hand")
    state = play(start, "express 6 6*")
    assert cards(state.safes[0]) == "6 6 6 6 6*"
    assert cards(state.hands[0]) == "2 9"
    assert "express" in cards(state.discard)
    assert "safe holds no 2" in refused(start, "express 2", "diams.special.express")
    assert "one digit" in refused(start, "express 6 2", "diams.special.express")
    full = play(table([["express", "6", "6"], ["1"]], [["6", "6", "6", "6*"], []],
                      pile=["9", "5", "closing"]), "draw hand")
    refused(full, "express 6 6", "diams.secure.five")


def test_safe_drilling_takes_the_named_diamond_or_fails():
    start = play(table([["drill"], ["1"]], [[], ["7", "7", "7*"]], pile=["2", "6",
                                                                       "closing"]),
                 "draw hand")
    hit = play(start, "drill 1 7*")
    assert cards(hit.hands[0]) == "2 7*"
    assert cards(hit.safes[1]) == "7 7"
    miss = play(start, "drill 1 9")
    assert cards(miss.hands[0]) == "2"
    assert cards(miss.safes[1]) == "7 7 7*"
    assert "failed" in miss.log[-1]
    for after in (hit, miss):
        assert "drill" in cards(after.discard)  # spent either way
    assert "not an opponent" in refused(start, "drill 0 7", "diams.special.drill")
    assert "not an opponent" in refused(start, "drill 5 7", "diams.special.drill")


def test_drilling_explains_without_giving_the_safe_away():
    holds = play(table([["drill"], ["1"]], [[], ["7", "7", "7*"]]), "draw hand")
    empty = play(table([["drill"], ["1"]], [[], ["9", "9", "9"]]), "draw hand")
    assert holds.explain("drill 1 7*") == empty.explain("drill 1 7*")


def test_compulsory_sale_takes_every_diamond_of_the_digit_from_the_market():
    start = play(table([["express", "4"], ["4", "4*", "9"]], market=["4", "2"],
                       pile=["1", "6", "closing"]), "draw hand")
    state = play(start, "sale express 1 4")
    assert cards(state.hands[1]) == "9"
    assert cards(state.market) == "2"
    assert cards(state.hands[0]) == "1 4 4 4 4*"
    assert cards(state.discard).endswith("express")


@pytest.mark.parametrize(("lost_to", "market", "discard"), [
    ("market", "4 4 4", "drill"), ("discard", "4", "4 4 drill")])
def test_a_sale_on_a_player_without_the_digit_costs_your_own(lost_to, market, discard):
    start = play(table([["drill", "4", "4"], ["9"]], market=["4"], pile=["1", "6", "closing"],
                       failed_sale_to=lost_to), "draw hand")
    state = play(start, "sale drill 1 4")
    assert cards(state.hands[0]) == "1"
    assert cards(state.hands[1]) == "9"
    assert cards(state.market) == market
    assert cards(state.discard) == discard


def test_a_sale_needs_a_special_card_an_opponent_and_a_digit_in_hand():
    start = play(table([["drill", "4"], ["9"]], market=["4"]), "draw hand")
    assert "hold no 6" in refused(start, "sale drill 1 6", "diams.special.sale")
    assert "no special card" in refused(start, "sale 4 1 4", "diams.special")
    assert "do not hold" in refused(start, "sale sleight 1 4", "diams.special")
    assert "not an opponent" in refused(start, "sale drill 0 4", "diams.special.sale")


# --- the end of a turn ---------------------------------------------------------------------------

def test_hand_limit_discards_one_card_at_a_time_down_to_five():
    start = play(table([["1", "2", "3", "9", "10"], ["1"]], pile=["8", "6", "closing"]),
                 "draw hand", "market 1 colour")
    assert start.phase == "discard" and start.to_move == 0
    assert {str(m) for m in start.legal_moves()} == {
        "discard 1", "discard 2", "discard 3", "discard 8", "discard 9", "discard 10"}
    assert "discard down to 5" in refused(start, "market 2 none", "diams.hand-limit")
    state = play(start, "discard 9")
    assert cards(state.hands[0]) == "1 2 3 8 10" and cards(state.discard) == "9"
    assert state.to_move == 1 and state.phase == "draw"


def test_discards_may_go_to_the_market_by_option():
    start = play(table([["1", "2", "3", "9", "drill"], ["1"]], pile=["8", "6", "closing"],
                       discard_to="market"), "draw hand", "market 1 colour")
    assert cards(play(start, "discard 9").market) == "9"
    special = play(start, "discard drill")
    assert cards(special.market) == "" and cards(special.discard) == "drill"


def test_five_cards_end_the_turn_without_a_discard():
    state = play(table([["1", "2", "3", "9", "10"], ["1"]], pile=["8", "6", "closing"]),
                 "draw hand", "market 1 none")
    assert state.to_move == 1 and state.phase == "draw"


def test_pass_only_when_there_is_nothing_to_play():
    start = play(table([[], ["1"]], pile=["5", "6", "closing"]), "draw market")
    assert start.legal_moves() == [PASS_MOVE]
    assert start.explain("pass").legal
    assert play(start, "pass").to_move == 1
    busy = play(table([["7"], ["1"]]), "draw hand")
    refused(busy, "pass", "diams.play.pass")


# --- the closing card and the round ----------------------------------------------------------

def test_the_closing_card_ends_the_round_after_that_turn():
    start = table([["7", "7", "7"], ["1"]], pile=["closing", "5", "6"])
    drawn = play(start, "draw hand")
    assert drawn.closing_drawn and cards(drawn.hands[0]) == "7 7 7"
    assert drawn.round == 0 and drawn.phase == "play"  # phase 2 is still played
    after = play(drawn, "secure 7 7 7")
    assert after.round == 1 and len(after.results) == 1
    assert after.results[0].collections[0] == GAME.new().ruleset.value(7, 3)


def test_the_closing_card_counts_as_one_of_the_two_drawn_to_the_market():
    state = play(table([["7"], ["1"]], pile=["5", "closing", "6"]), "draw market")
    assert cards(state.market) == "5" and state.closing_drawn
    assert state.pile[0] == c.kind_of(6, False)


def test_quick_game_ends_after_one_round():
    start = table([["7"], ["1"]], pile=["closing", "5"], length="quick")
    end = play(start, "draw hand", "market 7 none")
    assert end.is_over and len(end.results) == 1 and end.legal_moves() == []


def test_parse_rejects_bad_text_with_a_reason():
    for text in ("", "draw", "market 7", "market 7 sum", "secure", "drill x 7", "sale 7",
                 "market 11 colour", "fly 7"):
        with pytest.raises(ValueError):
            parse_move(text)


# --- where each rule comes from: the seed, or a decision of this project ------------------------

SPEC_FILE = Path(__file__).resolve().parents[2] / "shared" / "spec" / "diams.md"
SEED_FILE = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "002_b79310fa263a0c39.txt"
MARKED = re.compile(r"project decision, spec (A\d+(?:, A\d+)*)\b")
ROW_QUOTE = re.compile(r"row (A\d+) '(.+?)'(?!\w)")


def marked_rows(text: str) -> set[str]:
    """The spec rows a rule's text marks as project decisions: '(project decision, spec
    A2, A3)', also inside a bracket that says more ('(ASSUMED …; project decision, spec
    A6)')."""
    return {row for found in MARKED.findall(text) for row in found.split(", ")}


def spec_rows() -> dict[str, str]:
    """The spec's §3 table of defaults, each row's line by its id (A1 … A33)."""
    return {line.split("|")[1].strip(): " ".join(line.split()).casefold()
            for line in SPEC_FILE.read_text(encoding="utf-8").splitlines()
            if re.match(r"\| A\d+ \|", line)}


def test_every_rule_resting_on_a_spec_default_says_project_decision_and_cites_its_row():
    """A rule whose source cites the spec's defaults (§3) marks each of those rows in its
    text, and marks no row its source does not cite: a decision never reads as the
    seed's."""
    for rule in GAME.rules.values():
        cited = {row for row, _ in ROW_QUOTE.findall(rule.source)}
        assert marked_rows(rule.text) == cited, (rule.id, rule.text)
        if "§3. Ambiguities" in rule.source:
            assert cited, f"{rule.id} cites the spec's defaults without naming a row"


def test_each_row_a_rule_cites_says_what_the_rule_quotes_from_it():
    rows = spec_rows()
    for rule in GAME.rules.values():
        for row, quote in ROW_QUOTE.findall(rule.source):
            assert row in rows, (rule.id, row)
            for piece in quote.split(" … "):
                assert " ".join(piece.split()).casefold() in rows[row], (rule.id, row, piece)


@pytest.mark.parametrize(("row", "rule_ids"), [
    ("A7", ["diams.setup"]),                                  # first player, rotation
    ("A15", ["diams.hand-limit", "diams.score.hand-bonus"]),  # specials count, score 0
    ("A22", ["diams.special"]),                               # spent on failure, one a turn
    ("A16", ["diams.special.sale"]),                          # the opponent's hand only
    ("A20", ["diams.special.drill"]),                         # a drilled card to your hand
    ("A21", ["diams.score.collections"]),                     # cut below three scores 0
    ("A28", ["diams.score.chips"]),                           # bonuses count for chips
    ("A9", ["diams.market.colour"]),                          # no match: your card back
    ("A25", ["diams.score.purity-bonus"]),                    # no pure diamond, no bonus
    ("A27", ["diams.score.hand-bonus"]),                      # a largest sum of 0, none
])
def test_the_decisions_issue_29_names_are_marked(row, rule_ids):
    for rule_id in rule_ids:
        rule = GAME.rules[rule_id]
        assert row in marked_rows(rule.text), (rule_id, rule.text)
        assert f"row {row} '" in rule.source, (rule_id, rule.source)


def test_seed_english_spells_the_seed_back_by_the_spec_key():
    from cardlib.diams.rules import is_cyrillic, seed_english

    assert seed_english("Еацх цолор хас а матцхинг qуалитy дигит") == \
        "Each color has a matching quality digit"
    assert seed_english("Гамехелпдиамс · Сецур`еxпресс · Слеигхт оф ханд, јуст") == \
        "Gamehelpdiams · Secur`express · Sleight of hand, just"
    english = seed_english(SEED_FILE.read_text(encoding="utf-8"))
    assert not is_cyrillic(english)
    spec = SPEC_FILE.read_text(encoding="utf-8")
    # the spec's §1 gives these sentences back in English, word for word
    for sentence in ("Secure as many diamond collections as you can in your safe!",
                     "Compulsory sale", "Safe drilling", "Have a good game!"):
        assert sentence in english and sentence in spec, sentence
    assert "the most valuable diamond is '7', not '10'" in english


def test_the_rule_table_shows_the_english_beside_each_cyrillic_quote():
    from html import escape

    from cardlib.diams.rules import is_cyrillic, seed_english
    from cardlib.render.diams import rules_html

    table = rules_html(GAME.rules)
    quotes = [q for rule in GAME.rules.values()
              for q in re.findall(r"(?<!\w)'(.+?)'(?!\w)", rule.source) if is_cyrillic(q)]
    assert len(quotes) >= 20
    for quote in quotes:
        shown = escape(quote)
        assert shown in table, quote  # the original, for the source check
        after = table[table.index(shown) + len(shown):]
        assert after.index(escape(seed_english(quote))) < 80, quote  # right beside it
    assert table.count("<b class='diams-decision'>project decision") == \
        sum(rule.text.count("project decision") for rule in GAME.rules.values())


def test_unreadable_move_text_is_refused_by_explain_naming_it():
    """explain() answers text it cannot read with a refusal naming the text and what a
    Diam's move looks like, never an exception; apply() still refuses it, state unchanged."""
    state = table([["7", "7"], ["1"]])
    for text, named in [("blah", "'blah'"), ("market 99 colour", "'99'"),
                        ("drill x 7", "'x'")]:
        why = state.explain(text)
        assert not why.legal and named in why.text and "Diam's" in why.text, why
    assert "draw" in state.explain("blah").text  # says how a move starts
    with pytest.raises(ValueError):
        state.apply("blah")
    assert state.legal_moves() == table([["7", "7"], ["1"]]).legal_moves()

"""The Cruce teaching widgets, driven through their controls, and what notebook 07 says.

Expected verdicts and scores come from the scripted hands of ``test_cruce_game`` (worked
out there trick by trick); the widgets must show what the engine decides.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib import games
from cardlib.cruce.bots import bid_for
from cardlib.cruce.scoring import score_hand
from cardlib.widgets.cruce import (
    SCENES,
    AuctionStep,
    BidDemo,
    CountDemo,
    CruceTable,
    DealDemo,
    FailedBidDemo,
    GameEndDemo,
    LeadDemo,
    PackDemo,
    PlayOut,
    TryCard,
)

CRUCE = games.get("cruce")
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "07-cruce.ipynb"
SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "004_d2100e05801ad594.txt"


def test_the_pack_suit_by_suit():
    pack = PackDemo()
    assert [c.code for c in pack.cards] == ["AH", "TH", "KH", "QH", "JH", "9H"]
    assert pack.suit_points == 30 and "4 × 30 = <b>120</b>" in pack.picture.value
    pack.picker.value = "D"
    assert pack.suit == "D" and "Dubă" in pack.picture.value and "bells" in pack.picture.value


def test_the_deal_for_each_count():
    deal = DealDemo(players=4)
    for players, size, stock in ((2, 8, 8), (3, 8, 0), (4, 6, 0)):
        deal.count.value = players
        assert deal.state.players == players
        assert f"data-cruce-hand-size='{size}' data-cruce-stock='{stock}'" in deal.words.value
    deal.seed_box.value = 8
    assert deal.state.start_record()["seed"] == 8


def test_bidding_by_the_buttons():
    demo = BidDemo(players=3, seed=7)
    assert demo.advice == bid_for(demo.state.view(0))
    too_high = next(b for b in demo.buttons.children if b.move_text == "bid 5")
    too_high.click()
    assert not demo.verdict.legal and demo.verdict.rule == "cruce.bid.max"
    assert demo.after is None and "rule-of-thumb bidder would say" in demo.result.value
    next(b for b in demo.buttons.children if b.move_text == "bid 1").click()
    assert demo.verdict.legal and demo.after.phase == "play"
    assert all(bid is not None for bid in demo.after.bids)
    assert "The auction:" in demo.result.value
    demo.count.value = 4
    assert demo.state.players == 4 and demo.verdict is None


def test_the_first_lead_makes_trump_and_a_marriage_is_40():
    lead = LeadDemo("first-lead")
    assert lead.lead("AD").legal and lead.after.trump == "D" and lead.marriage == 0
    lead.take_back()
    announce = next(b for b in lead.children[2].children
                    if "cruce-announce-KH" in b._dom_classes)
    announce.click()
    assert lead.after.trump == "H" and lead.marriage == 40
    assert "data-cruce-marriage='40'" in lead.result.value


def test_a_later_marriage_is_20_and_needs_the_pair():
    lead = LeadDemo("later-lead")  # diamonds are trump
    assert lead.lead("KH announce").legal and lead.marriage == 20
    refused = lead.lead("AH announce")
    assert not refused.legal and refused.rule == "cruce.marriage.held"
    plain = lead.lead("KH")
    assert plain.legal and "data-cruce-marriage='0'" in lead.result.value
    with pytest.raises(ValueError, match="does not lead"):
        LeadDemo("follow-suit")


def test_following_and_the_must_head_switch():
    follow = TryCard("follow-suit")
    assert not follow.try_card("TH").legal
    assert follow.verdict.rule == "cruce.play.follow-suit"
    head = TryCard("must-head")
    assert head.try_card("JD").legal
    head.switch.value = True
    assert not head.verdict.legal and head.verdict.rule == "cruce.play.must-head"
    assert {c.code for c in head.legal_cards} == {"AD", "TD"}
    stock = TryCard("stock")
    assert stock.try_card("TS").rule == "cruce.stock.free"


def test_counting_a_hand():
    count = CountDemo(players=3, seed=7)
    result = count.result
    assert sum(result.card_points) == 120
    options = count.state.options
    assert result.scored == score_hand(result.points, result.declaring_side, result.bid,
                                       options)
    for points in result.points:
        assert f"{points} ÷ 33 = {points // 33} rest {points % 33}" in count.table.value
    count.count.value = 4
    assert len(count.result.scored) == 2


@pytest.mark.parametrize(("bid", "reading", "scored"), [
    (3, "others-score", (1, 3, 0)),
    (4, "others-score", (1, -4, 0)),
    (4, "seed-literal", (0, -4, 0)),
])
def test_a_failed_bid(bid, reading, scored):
    demo = FailedBidDemo(bid=1)
    demo.bid_picker.value = bid
    demo.reading.value = reading
    assert demo.result.points == (36, 124, 0) and demo.result.scored == scored


def test_the_end_of_the_game():
    demo = GameEndDemo(totals=(18, 20, 9))
    assert demo.final.is_over and "Ana wins" in demo.outcome.value
    demo.boxes[1].value = 22  # 22 against 22: another hand
    assert not demo.final.is_over and "too close" in demo.outcome.value
    demo.boxes[1].value = 21
    demo.end_rule.value = "lead-by-two"  # 22 against 21 is not enough
    assert not demo.final.is_over
    for box, total in zip(demo.boxes, (2, 5, 9), strict=True):
        box.value = total
    demo.target.value = 11
    assert not demo.final.is_over and demo.final.results[0].totals == (6, 5, 9)
    demo.boxes[0].value = 7
    assert demo.final.is_over and "Ana wins</b> with 11" in demo.outcome.value


def test_a_partner_hand_played_out():
    demo = PlayOut("partner")
    assert demo.seat == 0
    assert demo.play("AH")
    demo.finish_hand()
    assert demo.hand_over and sum(demo.state.results[-1].card_points) == 120


def test_the_table_for_each_count():
    table = CruceTable(players=4)
    assert table.table.state.players == 4 and "partner" in table.words.value
    table.count.value = 2
    assert table.table.state.players == 2 and "partner" not in table.words.value
    legal = [b for b in table.table.moves.children if "cardlib-legal" in b._dom_classes]
    legal[0].click()
    assert "Played" in table.table.message.value


def test_a_table_in_the_auction_form_drops_it_at_three_players_and_keeps_it_back_at_two():
    table = CruceTable(players=2, options={"two_player_form": "auction", "must_head": True})
    assert table.table.state.options.two_player_form == "auction"
    table.count.value = 3  # the 2-player form does not exist at 3: the rest still applies
    assert table.table.state.players == 3
    assert table.table.state.options.two_player_form == "stock"
    assert table.table.state.options.must_head
    table.count.value = 2
    assert table.table.state.options.two_player_form == "auction"


# --- scripted scenes for the rules no bot shows (issue 29 §14) -------------------------------

def _bid_button(step: AuctionStep, text: str):
    return next(b for b in step.buttons.children if b.move_text == text)


def test_a_bid_not_higher_is_refused_and_five_is_for_partners_only():
    step = AuctionStep("not-higher")  # Ana bid 2, Bogdan 3; Cristina to bid
    assert step.seat == 2 and step.state.bids[:2] == (2, 3)
    for text in ("bid 2", "bid 3"):
        _bid_button(step, text).click()
        assert not step.verdict.legal and step.verdict.rule == "cruce.bid.higher"
        assert "not higher than the bid of 3" in step.verdict.text and step.after is None
    _bid_button(step, "bid 6").click()
    assert step.verdict.rule == "cruce.bid.max"
    _bid_button(step, "bid 5").click()
    assert step.verdict.legal and step.after.phase == "play"
    assert step.after.declarer == 2 and step.after.contract == 5
    assert step.after.bids[3] is not None  # Dan bid after Cristina: the auction is over
    assert "Cristina wins it with 5" in step.result.value
    step.switch.value = False  # each for himself: the highest bid is 4
    assert step.state.teams == ((0,), (1,), (2,), (3,))
    assert not step.verdict.legal and step.verdict.rule == "cruce.bid.max"  # 5, judged again
    _bid_button(step, "bid 4").click()
    assert step.verdict.legal and step.after.contract == 4


def test_everybody_passing_under_each_all_pass_option():
    step = AuctionStep("all-pass")  # Ana and Bogdan passed; Cristina deals and bids last
    assert step.seat == step.state.deal.dealer == 2
    _bid_button(step, "pass").click()
    assert step.verdict.legal and step.after.phase == "play"
    assert step.after.declarer == 0 and step.after.contract == 0  # the first bidder leads
    assert "Ana, the first bidder" in step.outcome and "no contract" in step.outcome
    step.switch.value = "redeal"  # the pass is judged again under the new option
    assert step.after.deal.number == 1 and step.after.phase == "bid"
    assert step.after.results[-1].declarer is None and step.after.to_move == 1
    assert "dealt again" in step.outcome and "Bogdan bids first" in step.outcome
    step.switch.value = "dealer-bids-one"
    assert not step.verdict.legal and step.verdict.rule == "cruce.bid.all-pass"
    assert step.after is None and "data-cruce-legal='false'" in step.result.value
    _bid_button(step, "bid 1").click()
    assert step.after.declarer == 2 and step.after.contract == 1
    with pytest.raises(ValueError, match="nobody is bidding"):
        AuctionStep("first-lead")


def test_the_declarer_names_trump_then_leads():
    scene = PlayOut("name-trump")
    labels = [b.description for b in scene.hand_box.children]
    assert labels == ["trump ♥ hearts", "trump ♦ diamonds", "trump ♠ spades", "trump ♣ clubs"]
    next(b for b in scene.hand_box.children if b.description == "trump ♦ diamonds").click()
    assert scene.state.trump == "D" and scene.state.phase == "play" and scene.state.to_move == 0
    assert "cruce.trump.first-lead" in scene.told[0]
    announce = next(b for b in scene.hand_box.children if b.description == "K♥ + marriage")
    announce.click()
    assert scene.states[2].marriages[-1].points == 20  # hearts are not trump
    scene.switch.value = "first-lead"
    assert scene.state.phase == "play" and scene.state.trump is None and len(scene.states) == 1
    assert scene.play("KH announce") and scene.states[1].marriages[-1].points == 40


def test_training_lets_the_card_be_played_for_three_points():
    scene = PlayOut("training")  # Ana holds A♦ 10♦ under Bogdan's K♦
    assert not scene.play("TH") and len(scene.states) == 1
    assert "Not allowed" in scene.message.value and "cruce.play.follow-suit" in scene.message.value
    scene.switch.value = True
    assert scene.play("TH") and "cruce.penalty.renege" in scene.told[0]
    scene.finish_hand()
    result = scene.hand_result
    assert result.reneges == (1, 0, 0)
    assert result.scored[0] == result.points[0] // 33 - 3
    assert "against a duty: −3" in scene.result.value


@pytest.mark.parametrize(("needs_trick", "marriage", "scored"), [(False, 40, 1), (True, 0, -1)])
def test_a_marriage_without_a_trick_by_the_switch(needs_trick, marriage, scored):
    scene = PlayOut("no-trick-marriage")  # Ana bid 1, announced Q♥ (40), takes no trick
    scene.switch.value = needs_trick
    scene.finish_hand()
    result = scene.hand_result
    assert result.card_points[0] == 0 and result.marriage_points[0] == marriage
    assert result.scored[0] == scored and "data-tally" in scene.result.value


def test_the_auction_form_by_clicking():
    scene = PlayOut("auction-form")
    gives = [b for b in scene.hand_box.children if b.description.startswith("give ")]
    assert len(gives) == len(scene.hand_box.children) == 12
    next(b for b in gives if b.description == "give 9♦").click()
    next(b for b in scene.hand_box.children if b.description == "give J♦").click()
    assert scene.state.phase == "play" and scene.state.given.bit_count() == 2
    scene.finish_hand()
    result = scene.hand_result
    assert result.dead_points == 24 and sum(result.card_points) == 96
    assert "24 card points were in the dead cards" in scene.result.value
    scene.switch.value = "stock"
    assert scene.state.phase == "play" and len(scene.state.stock) == 8


def test_four_each_for_himself_and_with_a_partner():
    scene = PlayOut("each-alone")
    assert scene.state.teams == ((0,), (1,), (2,), (3,)) and scene.seat == 0
    scene.play("9D")
    scene.finish_hand()
    assert len(scene.hand_result.scored) == 4
    scene.switch.value = True
    assert scene.state.teams == ((0, 2), (1, 3)) and not scene.hand_over
    scene.finish_hand()
    assert len(scene.hand_result.scored) == 2


def test_every_scene_builds_under_every_value_of_its_switch():
    for scene in SCENES.values():
        option = next((o for o in CRUCE.options if o.name == scene.switch), None)
        for value in (option.choices if option else (None,)):
            state = scene.state(**({scene.switch: value} if option else {}))
            assert state.to_move is not None, (scene.name, value)


# --- what the notebook says ------------------------------------------------------------------

def _boxes() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    text = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    boxes = []
    for cell in text:
        for block in re.split(r"\n(?!>)", cell):
            block = block.lstrip("\n")  # a box after a paragraph: "\n\n> **Reading…"
            if block.startswith("> **Reading the source.**"):
                boxes.append(" ".join(line.lstrip("> ") for line in block.split("\n")))
    return boxes


def _plain(text: str) -> str:
    return " ".join(text.replace("*", "").replace("„", "").replace("”", "").split()).lower()


def test_every_reading_of_the_source_quotes_the_seed_and_names_an_engine_rule():
    boxes = _boxes()
    assert len(boxes) >= 8
    seed = _plain(SEED.read_text(encoding="utf-8"))
    for box in boxes:
        quotes = re.findall(r"\"\*([^*].*?)\*\"", box)
        assert quotes, f"a box quotes no Romanian: {box[:80]}"
        for quote in quotes:
            for piece in _plain(quote).split("…"):
                assert piece.strip(" .") in seed, f"not in the seed: {piece!r}"
        rules = re.findall(r"`(cruce\.[\w.-]+)`", box)
        assert rules and all(rule in CRUCE.rules for rule in rules), box[:80]
        options = re.findall(r"`(\w+)=", box)
        assert all(any(o.name == name for o in CRUCE.options) for name in options), options

"""The generic game table, driven through its callbacks from Python: play, undo, replay,
the tools, and the presenter's controls (large display, reveal, the rule panel, one seed
for a class, hot-seat play).  A control is driven as a click drives it: ``button.click()``
or a toggle's ``value``, which run the same handlers as the page."""

from __future__ import annotations

import re
from html import escape

import pytest
from toygame import Toy

from cardlib import games
from cardlib.bots import FirstMoveBot
from cardlib.protocol import IllegalMove
from cardlib.widgets import GameTable


def make_table(seed=1):
    return GameTable(Toy(), seed=seed, seat=0, bots={1: FirstMoveBot()})


def legal_buttons(table):
    return [b for b in table.moves.children if "cardlib-legal" in b._dom_classes]


def test_table_offers_the_human_seat_its_cards():
    table = make_table()
    assert table.state.to_move == 0
    offered = {b.move_text for b in table.moves.children}
    assert offered == {c.code for c in table.state.hands[0]}
    assert {b.move_text for b in legal_buttons(table)} == {
        str(m) for m in table.state.legal_moves()}


def test_clicking_a_legal_move_plays_it_and_lets_the_bot_answer():
    table = make_table()
    move = legal_buttons(table)[0].move_text
    legal_buttons(table)[0].click()
    assert table.state.history[0] == Toy().parse_move(move)
    assert table.state.to_move == 0 or table.state.is_over  # the bot answered
    assert "Played" in table.message.value


def find_illegal(table):
    """Play until the human must follow suit and holds a card that does not."""
    for _ in range(3):
        illegal = [b for b in table.moves.children if "cardlib-illegal" in b._dom_classes]
        if illegal:
            return illegal[0]
        legal_buttons(table)[0].click()
    return None


def table_with_illegal_option():
    """A toy table at a position that offers a card the rules refuse, and that button."""
    for seed in range(30):
        table = GameTable(Toy(), seed=seed, seat=0, bots={1: FirstMoveBot()}, options={"lead": 1})
        button = find_illegal(table)
        if button is not None:
            return table, button
    raise AssertionError("no seed gave an illegal option to try")


def test_illegal_click_shows_the_rule_and_keeps_the_state():
    table, button = table_with_illegal_option()
    before = table.state
    button.click()
    assert table.state is before
    assert "Not allowed" in table.message.value and "trick.follow-suit" in table.message.value
    assert table.message_kind == "illegal"


def test_undo_new_deal_and_replay():
    table = make_table()
    start = table.state
    table.click(legal_buttons(table)[0].move_text)
    after = table.state
    assert after is not start
    table.first_button.click()
    assert table.step == 0 and table.moves.children == ()
    assert table.state is after  # looking back never changes the game
    table.next_button.click()
    assert table.step == 1
    table.last_button.click()
    assert table.step == len(after.history) and table.moves.children
    table.undo_button.click()
    assert table.state == start
    table.seed_box.value = 5
    table.new_button.click()
    assert table.state == Toy().new(seed=5)


def test_errors_in_callbacks_appear_in_the_widget():
    table = make_table()

    def broken(_table):
        raise RuntimeError("solver exploded")

    button = table.add_tool("Hint", broken)
    button.click()
    assert table.message_kind == "error"
    assert "solver exploded" in table.message.value
    assert isinstance(table.last_error, RuntimeError)


def test_tool_output_is_shown():
    table = make_table()
    table.add_tool("Count", lambda t: f"{len(t.state.legal_moves())} legal moves").click()
    assert "legal moves" in table.message.value


def test_play_moves_plays_a_line_or_nothing():
    table = make_table()
    start = table.state
    first = legal_buttons(table)[0].move_text
    stranger = next(c for c in ("AS", "KS", "QS", "AH", "KH", "QH")
                    if c not in {b.move_text for b in table.moves.children})
    with pytest.raises(IllegalMove, match="toy.in-hand"):
        table.play_moves([first, first])              # the second time it is gone
    with pytest.raises(IllegalMove):
        table.play_moves([stranger])
    assert table.state is start and table.step == 0
    begin = table.play_moves([first])
    assert begin == 0 and str(table.state.history[0]) == first
    assert table.state.to_move == 0 or table.state.is_over   # the bot answered
    assert table.step == len(table.state.history)           # the board shows the live game


def test_mark_move_points_at_a_button():
    table = make_table()
    move = legal_buttons(table)[-1].move_text
    assert table.mark_move(move, "hinted")
    marked = [b for b in table.moves.children if "hinted" in b._dom_classes]
    assert [b.move_text for b in marked] == [move] and marked[0].button_style == "info"
    assert not table.mark_move("not a move")


# --- presenter controls -------------------------------------------------------------------

HEARTS = games.get("hearts")
SOUTH, WEST = 2, 3


def faces(html: str) -> set[str]:
    """The cards drawn face up in a board's HTML (each face carries ``data-card``)."""
    return set(re.findall(r'data-card="(\w+)"', html))


def hand_codes(state, seat) -> set[str]:
    return {card.code for card in state.view(seat).hand}


def test_large_display_toggle_scales_the_table():
    table = make_table()
    assert "cardlib-large" not in table._dom_classes
    table.large_toggle.value = True                    # what a click on the toggle does
    assert "cardlib-large" in table._dom_classes
    style = table.children[0].value                    # the table carries its own stylesheet
    picture = ".cardlib-table.cardlib-large .cardlib-board [data-cardlib-moves] > div > svg"
    assert picture in style and "max-height: calc(100vh - 10em)" in style
    table.large_toggle.value = False
    assert "cardlib-large" not in table._dom_classes
    table.set_large(True)                              # from Python, the toggle follows
    assert table.large_toggle.value and "cardlib-large" in table._dom_classes


def test_reveal_all_hands_turns_every_hand_face_up_and_back():
    table = GameTable(HEARTS, seed=7, seat=SOUTH)
    state = table.state
    own = hand_codes(state, SOUTH)
    assert faces(table.board.value) == own
    table.reveal_toggle.value = True
    every = set().union(*(hand_codes(state, seat) for seat in range(4)))
    assert len(every) > len(own) and faces(table.board.value) == every
    assert "data-cardlib-hand='all'" in table.board.value
    assert table.state is state                        # showing is not playing
    table.reveal_toggle.value = False
    assert faces(table.board.value) == own


def test_reveal_keeps_the_replay_step():
    table = GameTable(HEARTS, seed=7, seat=SOUTH)
    table.click(legal_buttons(table)[0].move_text)
    table.back_button.click()
    step = table.step
    table.set_reveal(True)
    assert table.step == step and table.reveal_toggle.value


def test_one_seed_gives_the_whole_class_the_same_game():
    # two students' tables, opened on different seeds, both deal seed 11 and click alike
    first, second = GameTable(HEARTS, seed=0), GameTable(HEARTS, seed=3)
    for table in (first, second):
        table.seed_box.value = 11
        table.new_button.click()
        assert "seed 11" in table.status.value
        for _ in range(8):
            legal_buttons(table)[0].click()
    assert HEARTS.save(first.state) == HEARTS.save(second.state)
    assert HEARTS.save(first.state)["start"]["seed"] == 11
    assert len(first.state.history) > 8                # the bots answered in between


def panel_rules(table) -> tuple[str, str]:
    """The rule ids on the rule panel's two lines: last move, last refusal."""
    found = re.findall(r"class='cardlib-rule-(move|refusal)' data-rule='([^']*)'",
                       table.rules_panel.value)
    lines = dict(found)
    return lines["move"], lines["refusal"]


def test_the_table_never_names_a_card_a_bot_passes():
    # Hearts: the learner (South) sees its own passes, but of a bot's pass only that a card
    # was passed, in the narration and on the rule panel when stepping back to it.
    table = GameTable(HEARTS, seed=7, seat=SOUTH, bots={s: FirstMoveBot() for s in (0, 1, 3)})
    for _ in range(3):
        legal_buttons(table)[0].click()
    moves = [(before.to_move, after.history[-1])
             for before, after in zip(table._history, table._history[1:], strict=False)]
    hidden = [move for seat, move in moves if seat != SOUTH and str(move).startswith("pass")]
    assert len(hidden) == 9                     # North and East before South, West after
    assert "West: pass 3 cards to North" in table.message.value
    for move in hidden:  # (a passed card may be led later, in the open)
        assert HEARTS.move_label(move) not in table.message.value
    while table.step and not str(table._history[table.step].history[-1]).startswith("pass"):
        table.back_button.click()
    shown = table._history[table.step].history[-1]
    assert shown in hidden and ": pass a card to " in table.rules_panel.value
    assert shown.card.label not in table.rules_panel.value  # nor in the rule's words
    table.set_reveal(True)                               # every hand face up: nothing to hide
    assert f": {HEARTS.move_label(shown)}" in table.rules_panel.value


def test_rule_panel_shows_the_rule_of_the_last_move_and_of_the_last_refusal():
    table = GameTable(HEARTS, seed=7, seat=SOUTH, bots={s: FirstMoveBot() for s in (0, 1, 3)})
    assert panel_rules(table)[1] == ""                 # nothing refused yet
    while not [b for b in table.moves.children if "cardlib-illegal" in b._dom_classes]:
        legal_buttons(table)[0].click()
    state = table.state
    last = state.history[-1]
    before = table._history[-2]
    why = before.explain(last)
    assert panel_rules(table)[0] == why.rule
    assert HEARTS.rules[why.rule].text in table.rules_panel.value
    name = HEARTS.seat_names(4)[before.to_move]
    assert f"Last move by {name}: {HEARTS.move_label(last)}" in table.rules_panel.value

    refused = next(b for b in table.moves.children if "cardlib-illegal" in b._dom_classes)
    verdict = state.explain(HEARTS.parse_move(refused.move_text))
    refused.click()
    assert table.state is state
    assert panel_rules(table) == (why.rule, verdict.rule)
    assert HEARTS.rules[verdict.rule].text in table.rules_panel.value

    # stepping back, the panel explains the move into the position shown
    table.back_button.click()
    shown, previous = table._history[table.step], table._history[table.step - 1]
    assert panel_rules(table)[0] == previous.explain(shown.history[-1]).rule
    table.first_button.click()
    assert panel_rules(table)[0] == ""
    table.new_button.click()                           # a new deal: the refusal goes
    assert panel_rules(table)[1] == ""


def test_rule_panel_uses_the_explanation_for_the_kits_trick_rules():
    # the toy game's book adopts the kit's follow-suit rule (kit_rules): the panel shows
    # the rule that refused and its words from the book
    table, button = table_with_illegal_option()
    verdict = table.state.explain(Toy().parse_move(button.move_text))
    assert verdict.rule.startswith("trick.") and verdict.rule in Toy.rules
    button.click()
    assert panel_rules(table)[1] == verdict.rule
    assert escape(Toy.rules[verdict.rule].text) in table.rules_panel.value


def test_hot_seat_hides_each_hand_until_its_owner_asks():
    table = GameTable(HEARTS, seed=7, seat=SOUTH, humans=[SOUTH, WEST])
    assert table.hot_seat and table.state.to_move == SOUTH
    # South's turn, hand down: no card on the board, no move button, the button to ask
    assert faces(table.board.value) == set() and table.moves.children == ()
    assert "cardlib-curtain" in table.board.value
    assert table.hand_button.layout.display is None
    assert "hand hidden" in table.status.value

    table.hand_button.click()
    assert table.hand_shown == SOUTH and table.hand_button.layout.display == "none"
    south = hand_codes(table.state, SOUTH)
    assert faces(table.board.value) == south
    assert {b.move_text for b in table.moves.children} == {
        str(m) for m in table.state.candidate_moves()}

    legal_buttons(table)[0].click()                    # South passes one card of three:
    assert table.hand_shown == SOUTH                   # still South's turn, still shown
    legal_buttons(table)[0].click()
    legal_buttons(table)[0].click()
    # the turn passes to West, a person too: the hand goes down again
    assert table.state.to_move == WEST and table.hand_shown is None
    assert faces(table.board.value) == set() and table.moves.children == ()
    table.hand_button.click()
    assert faces(table.board.value) == hand_codes(table.state, WEST)
    assert table.moves.children


def test_hot_seat_replay_and_undo_keep_hands_hidden():
    table = GameTable(HEARTS, seed=7, humans=[SOUTH, WEST])
    assert table.seat == SOUTH                         # the lowest human seat
    table.show_hand()
    for _ in range(3):
        legal_buttons(table)[0].click()
    table.first_button.click()                         # East to move there: a bot, but
    assert faces(table.board.value) == set()           # no hand is up to be shown
    table.last_button.click()
    table.show_hand()
    table.undo_button.click()                          # back to South's turn: hidden again
    assert table.state.to_move == SOUTH and table.hand_shown is None
    assert faces(table.board.value) == set()
    table.set_reveal(True)                             # the presenter may still show all
    assert len(faces(table.board.value)) > 13 and table.moves.children


def test_seat_buttons_hand_seats_to_people_and_back_to_bots():
    table = GameTable(HEARTS, seed=7, seat=SOUTH)
    assert [t.value for t in table.seat_toggles] == [False, False, True, False]
    table.seat_toggles[WEST].value = True
    assert table.humans == {SOUTH, WEST} and set(table.bots) == {0, 1}
    assert table.hot_seat and faces(table.board.value) == set()   # South's hand goes down
    table.seat_toggles[SOUTH].value = False            # South to the bots: it plays on
    assert table.humans == {WEST} and table.seat == WEST
    assert table.state.to_move == WEST and not table.hot_seat
    assert faces(table.board.value) == hand_codes(table.state, WEST)
    assert "bots play North, East and South" in table.message.value


def test_the_last_person_cannot_leave_and_nothing_changes():
    table = make_table()
    state = table.state
    table.seat_toggles[0].value = False
    assert table.message_kind == "error" and "at least one seat" in table.message.value
    assert table.humans == {0} and table.seat_toggles[0].value is True
    assert table.state is state
    with pytest.raises(ValueError, match="seat 7 is not a seat of this 2-player game"):
        table.set_humans([0, 7])
    assert table.humans == {0} and table.state is state


def test_constructor_checks_the_human_seats():
    with pytest.raises(ValueError, match="seat 1 is not among the human seats"):
        GameTable(HEARTS, seed=7, seat=1, humans=[2, 3])
    with pytest.raises(ValueError, match="seat 4 is not a seat"):
        GameTable(HEARTS, seed=7, humans=[2, 4])
    with pytest.raises(ValueError, match="at least one seat"):
        GameTable(HEARTS, seed=7, humans=[])


def test_show_hand_when_no_person_is_to_move_is_refused():
    table = make_table()
    while not table.state.is_over:
        legal_buttons(table)[0].click()
    state = table.state
    with pytest.raises(ValueError, match="no person is to move"):
        table.show_hand()
    table.hand_button.click()                           # a stale click: said, not raised
    assert table.message_kind == "error" and "no person is to move" in table.message.value
    assert table.hand_shown is None and table.state is state


def test_one_seat_game_offers_only_the_large_display():
    table = GameTable(games.get("black-diamond"), seed=0)
    presenter = table.children[-1]
    assert list(presenter.children) == [table.large_toggle]


def test_a_searching_bot_is_said_to_be_thinking_while_it_chooses():
    """A Monte Carlo bot takes a fraction of a second a move: before it chooses, the status
    line names it as thinking (the page shows it while the kernel works); quick bots are
    never announced."""
    from cardlib.bots import RandomBot
    from cardlib.hearts.bots import BOTS

    game = games.get("hearts")
    searching = next(kind for kind in BOTS if kind.name == "monte-carlo")
    for bots, expected in (({s: searching.make(f"7:{s}") for s in (1, 2, 3)}, True),
                           ({s: RandomBot(f"7:{s}") for s in (1, 2, 3)}, False)):
        for bot in bots.values():
            if hasattr(bot, "playouts"):
                bot.playouts = 4  # quick enough for a test; still a searching bot
        table = GameTable(game, seed=7, bots=bots)
        said: list[str] = []
        table.status.observe(lambda change, said=said: said.append(change["new"]), "value")
        for _ in range(4):
            table.click(str(table.state.legal_moves()[0]))
        thinking = [text for text in said if "is thinking" in text]
        assert bool(thinking) == expected
        if expected:
            names = game.seat_names(4)
            assert {n for n in names[1:] if any(n in t for t in thinking)} == set(names[1:])
            assert "is thinking" not in table.status.value  # said only while it thinks

"""The generic game table, driven through its callbacks from Python."""

from __future__ import annotations

import pytest
from toygame import Toy

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


def test_illegal_click_shows_the_rule_and_keeps_the_state():
    for seed in range(30):
        table = GameTable(Toy(), seed=seed, seat=0, bots={1: FirstMoveBot()}, options={"lead": 1})
        button = find_illegal(table)
        if button is not None:
            break
    assert button is not None, "no seed gave an illegal option to try"
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

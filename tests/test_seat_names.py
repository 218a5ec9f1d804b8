"""Names, not seat numbers (issue 25 §2): the board's names everywhere a person reads.

One source: :meth:`Game.seat_names <cardlib.protocol.Game.seat_names>`, which each game's
board draws too.  The game table's status line, message line, rule panel, hot-seat button
and seat toggles read it; the narration says "your partner Cristina" at Cruce with four,
folds repeated steps ("West: pass 3 cards to North", "Bogdan, Cristina and Dan: pass"),
and gives each suit action a Diamonds move sets off a line of its own.
"""

from __future__ import annotations

import random
import re

import pytest

from cardlib import display, games
from cardlib.bots import FirstMoveBot
from cardlib.widgets import GameTable
from cardlib.widgets.narration import Played, seat_words, told

SEATINGS = [(name, players) for name in games.names()
            for players in games.get(name).player_counts if players > 1]
NUMBERED = re.compile(r"\bseats? \d")
"""A seat written as a number ("seat 2", "seats 0, 1")."""


def words(html: str) -> str:
    return re.sub(r"<[^>]*>", " ", html)


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_board_draws_the_names_the_game_gives(name, players):
    game = games.get(name)
    names = game.seat_names(players)
    assert len(names) == players == len(set(names))
    state = game.new(seed=1, players=players)
    for seat in range(players):
        board = words(display.html(state.view(seat)))
        assert all(other in board for other in names), (seat, names)
        assert not NUMBERED.search(board), board


def play_a_while(table: GameTable, clicks: int, rng: random.Random) -> list[str]:
    """Click legal moves (first steps too) and step back and forth; every text the
    table showed on the way."""
    seen = []
    for _ in range(clicks):
        if table.next_hand_button.layout.display is None:
            table.next_hand_button.click()
        elif table.hand_button.layout.display is None:
            table.hand_button.click()
        legal = [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
        steps = [b for b in table.move_steps if "cardlib-step-legal" in b._dom_classes]
        if legal:
            rng.choice(legal).click()
        elif steps:
            rng.choice(steps).click()
        elif table.state.is_over:
            break
        table.back_button.click()
        seen += [table.status.value, table.message.value, table.rules_panel.value,
                 table.hand_button.description]
        table.last_button.click()
        seen += [table.status.value, table.message.value, table.rules_panel.value]
    return seen


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_the_table_names_seats_and_never_numbers_them(name, players):
    game = games.get(name)
    names = game.seat_names(players)
    for humans in ({0}, {0, players - 1}):  # one person, and hot seat
        table = GameTable(game, seed=2, options={"players": players}, humans=humans)
        assert [t.description for t in table.seat_toggles][:players] == list(names)
        seen = play_a_while(table, 12, random.Random(2))
        said = " ".join(words(text) for text in seen)
        assert not NUMBERED.search(said), NUMBERED.search(said)
        history = table._history
        first = next(i for i, state in enumerate(history) if state.to_move in humans)
        bots_moved = {before.to_move for before in history[first:-1]} - {None} - humans
        assert all(names[seat] in said for seat in bots_moved)  # (told after a click)


def test_the_status_line_and_the_curtain_name_the_seat_to_move():
    hearts = games.get("hearts")
    table = GameTable(hearts, seed=7, humans=[2, 3])           # South and West, hot seat
    assert "South to move: hand hidden" in table.status.value
    assert "South to move." in table.board.value               # the curtain
    assert table.hand_button.description == "Show my hand (South)"
    table.seat_toggles[0].value = True
    assert "People play North, South and West; bots play East." in table.message.value


def test_cruce_with_four_names_your_partner():
    cruce = games.get("cruce")
    state = cruce.new(seed=1, players=4)
    assert state.teams == ((0, 2), (1, 3))
    assert seat_words(state, 2, 0) == "your partner Cristina"
    assert seat_words(state, 1, 0) == "Bogdan" and seat_words(state, 2, None) == "Cristina"
    assert seat_words(cruce.new(seed=1, players=4, teams=False), 2, 0) == "Cristina"
    table = GameTable(cruce, seed=1, options={"players": 4},
                      bots={s: FirstMoveBot() for s in (1, 2, 3)})
    table.click(table.move_buttons[0].move_text)
    assert "your partner cristina" in table.message.value.lower()


def played_from(state, moves):
    """The moves as :class:`Played` steps from ``state``."""
    steps = []
    for move in moves:
        after = state.apply(move)
        steps.append(Played(state.to_move, move, state.explain(move), state, after))
        state = after
    return steps


def test_repeated_steps_fold():
    # Hearts: North passes three cards, then East: each seat's three passes on one line
    hearts = games.get("hearts")
    start = hearts.new(seed=7)
    steps, state = [], start
    while state.to_move in (0, 1):
        steps += played_from(state, [state.legal_moves()[0]])
        state = steps[-1].after
    assert told(steps, 2) == ["North: pass 3 cards to East", "East: pass 3 cards to South"]
    north = ", ".join(hearts.move_label(p.move) for p in steps[:3])
    assert told(steps, 0)[0] == f"North: {north}"              # the passer sees its cards
    # Cruce: three seats in a row pass in the auction: one line
    cruce = games.get("cruce")
    state = cruce.new(seed=1, players=4)
    bids = played_from(state, [cruce.parse_move("pass")] * 3)
    names = cruce.seat_names(4)
    who = [names[p.seat] for p in bids]
    assert told(bids, None) == [f"{who[0]}, {who[1]} and {who[2]}: pass"]


def test_each_diamonds_suit_action_has_its_own_line():
    diamonds = games.get("diamonds")
    rng = random.Random(3)
    state, steps = diamonds.new(seed=3, players=4), []
    while sum(1 for p in steps if p.after.last_done) < 3:
        steps += played_from(state, [rng.choice(state.legal_moves())])
        state = steps[-1].after
    lines = told(steps, None)
    names = diamonds.seat_names(4)
    for step in steps:
        for done in step.after.last_done:
            assert f"↳ {done.text(names)}" in lines
    table = GameTable(diamonds, seed=3, options={"players": 4})
    for _ in range(40):
        before = len(table._history)
        table.click(table.move_buttons[0].move_text if not
                    [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
                    else [b for b in table.move_buttons
                          if "cardlib-legal" in b._dom_classes][0].move_text)
        answers = table._history[before:]
        done = [d for state in answers[1:] for d in state.last_done]
        if len({id(s) for s in answers[1:] if s.last_done}) > 1:
            for action in done:
                assert f"↳ {action.text(names)}" in table.message.value.replace("&#x27;", "'")
            return
        if table.next_hand_button.layout.display is None:
            table.next_hand_button.click()
    pytest.fail("no click was answered by two bot moves that set off suit actions")


def test_no_notebook_text_numbers_a_seat():
    """What a class reads in the lessons names people too: the prose says "Ann", as the
    board does, never "seat 0" (move text in code cells may number seats: it is the save
    format)."""
    import json
    import re
    from pathlib import Path

    numbered = re.compile(r"\bseats? \d")
    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = " ".join("".join(cell["source"]).split())
                found += [f"{path.stem}: …{m.string[max(0, m.start() - 30):m.end() + 30]}…"
                          for m in numbered.finditer(text)]
    assert found == []

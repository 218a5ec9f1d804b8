"""Many moves at the table: rows by kind, the common kinds first, and a long row that the
game splits reached in two steps (a Diam's drill: whose safe, then which diamond).  Driven
from Python through the buttons' callbacks, as the page drives them."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from cardlib import games
from cardlib.bots import RandomBot
from cardlib.widgets import GameTable
from cardlib.widgets.move_buttons import TWO_STEP_OVER

DIAMS = games.get("diams")


@pytest.fixture(scope="module")
def busy():
    """A five-player Diam's turn of Ann's offering a hundred moves or more, drills among
    them (found by playing seeded random games)."""
    for seed in range(60):
        state = DIAMS.new(seed=seed, players=5)
        bot = RandomBot(seed)
        while not state.is_over:
            if state.to_move == 0 and len(state.candidate_moves()) >= 100 and any(
                    move.verb == "drill" for move in state.legal_moves()):
                return state
            state = state.apply(bot.choose(state))
    raise AssertionError("no seed gave a turn of 100 moves with a drill")


def table_at(state):
    return GameTable(DIAMS, state=state, seed=0, bots={s: RandomBot(s) for s in range(1, 5)})


def kinds(table):
    """The headings of the rows of move buttons, top to bottom."""
    return [row.children[0].value.removeprefix("<b>").removesuffix("</b>")
            for row in table.moves.children]


def row_of(table, kind):
    return table.moves.children[kinds(table).index(kind)]


def test_a_hundred_moves_come_in_rows_by_kind_the_common_first(busy):
    table = table_at(busy)
    offered = busy.candidate_moves()
    shown = kinds(table)
    ranks = [DIAMS.move_group(next(m for m in offered if DIAMS.move_group(m).kind == kind)).rank
             for kind in shown]
    assert ranks == sorted(ranks) and len(set(shown)) == len(shown)
    assert shown.index("Safe drilling") > max(shown.index(k) for k in ("Secure", "Market")
                                              if k in shown)
    # far fewer buttons than moves, and every move reachable: on a button or behind a step
    assert len(table.move_buttons) + len(table.move_steps) < 40 <= len(offered) / 2
    reachable = {b.move_text for b in table.move_buttons} | set().union(
        *(step.step_moves for step in table.move_steps))
    assert {str(move) for move in offered} <= reachable


def test_a_drill_is_whose_safe_then_which_diamond(busy):
    table = table_at(busy)
    names = DIAMS.seat_names(5)
    drills = [m for m in busy.candidate_moves() if m.verb == "drill"]
    assert len(drills) > TWO_STEP_OVER
    steps = [b for b in row_of(table, "Safe drilling").children
             if isinstance(b, widgets.Button)]
    assert [b.description for b in steps] == [
        f"{names[seat]} ▸" for seat in sorted({m.seat for m in drills})]
    assert not any(b.move_text.startswith("drill") for b in table.move_buttons)
    target = min(m.seat for m in drills)
    steps[0].click()                                   # the first opponent's safe
    row = row_of(table, "Safe drilling")
    back, *cards = [b for b in row.children if isinstance(b, widgets.Button)]
    assert back.description == f"‹ {names[target]}"
    behind = [m for m in drills if m.seat == target]
    assert [b.move_text for b in cards] == [str(m) for m in behind]
    assert [b.description for b in cards] == [DIAMS.move_group(m).label for m in behind]
    legal = next(b for b in cards if "cardlib-legal" in b._dom_classes)
    legal.click()
    assert str(table.state.history[len(busy.history)]) == legal.move_text
    assert not any(b.description.startswith("‹") for row in table.moves.children
                   for b in row.children if isinstance(b, widgets.Button))


def test_back_closes_a_step_and_the_other_rows_stay(busy):
    table = table_at(busy)
    before = kinds(table)
    table.move_steps[0].click()
    assert kinds(table) == before
    back = next(b for row in table.moves.children for b in row.children
                if isinstance(b, widgets.Button) and b.description.startswith("‹"))
    back.click()
    assert kinds(table) == before and table.state is busy


def test_click_and_mark_reach_a_move_behind_a_step(busy):
    table = table_at(busy)
    drill = next(m for m in busy.legal_moves() if m.verb == "drill")
    assert table.mark_move(drill)
    marked = [s for s in table.move_steps if "cardlib-marked" in s._dom_classes]
    assert len(marked) == 1 and str(drill) in marked[0].step_moves
    table.click(str(drill))
    assert table.state.history[len(busy.history)] == drill


def test_the_first_legal_button_is_a_common_move(busy):
    table = table_at(busy)
    first = next(b for b in table.move_buttons if "cardlib-legal" in b._dom_classes)
    assert DIAMS.move_group(DIAMS.parse_move(first.move_text)).kind != "Safe drilling"


@pytest.mark.parametrize("name", ["hearts", "diamonds", "cruce", "black-diamond"])
def test_a_game_that_groups_nothing_keeps_one_row_of_buttons(name):
    table = GameTable(games.get(name), seed=3)
    assert table.moves.children and all(
        isinstance(b, widgets.Button) and "cardlib-move" in b._dom_classes
        for b in table.moves.children)
    assert list(table.moves.children) == table.move_buttons and not table.move_steps

"""``python -m solvers``: run as a user would, in a subprocess, and read what it prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.blackdiamond import BlackDiamond, deal_from_seed, move_from_json
from solvers import cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solvers", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def deal_file(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_from_seed(3).to_json()))
    return path


def assert_one_line_error(done: subprocess.CompletedProcess, code: int, *words: str):
    assert done.returncode == code, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0]


def test_deal_prints_the_seeds_deal():
    done = run("deal", "--seed", "3")
    assert done.returncode == 0
    assert json.loads(done.stdout) == deal_from_seed(3).to_json()


def test_solve_a_deal_file_and_replay_its_moves(deal_file, tmp_path):
    done = run("solve", str(deal_file))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["verdict"] == "win" and result["method"] == "search"
    state = BlackDiamond().new(3)
    for move in result["moves"]:
        state = state.apply(move_from_json(move))
    assert state.outcome == "win"

    moves = tmp_path / "moves.json"
    moves.write_text(done.stdout)  # a whole solve result is accepted too
    replayed = run("replay", str(deal_file), str(moves))
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout)["outcome"] == "win"


def test_solve_reads_stdin_and_the_plain_method(tmp_path):
    # A late board (see test_blackdiamond_game): last card, so the plain search is quick.
    position = {"diamonds": "2D 6D JD 5D".split(), "diamond_deck": ["9D"], "hand": ["2C"],
                "black_deck": [], "piles": {}}
    done = run("solve", "-", "--method", "simple", stdin=json.dumps(position))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["verdict"] == "win" and result["moves"] == [{"play": "2C", "to": "N"}]


def test_variant_flags_reach_the_solver():
    position = {"diamonds": "2D 6D JD 5D".split(), "diamond_deck": [], "hand": ["2C"],
                "black_deck": [], "piles": {}}
    plain = json.loads(run("solve", "-", stdin=json.dumps(position)).stdout)
    strict = json.loads(run("solve", "-", "--strict-end", stdin=json.dumps(position)).stdout)
    assert (plain["verdict"], strict["verdict"]) == ("win", "loss")


def test_time_limit_gives_unknown(tmp_path):
    path = tmp_path / "hard.json"
    path.write_text(json.dumps(deal_from_seed(271).to_json()))  # needs many nodes (measured)
    done = run("solve", str(path), "--time-limit", "0.001")
    assert done.returncode == 0
    assert json.loads(done.stdout)["verdict"] == "unknown"


def test_replay_reports_the_first_illegal_move(deal_file, tmp_path):
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps([{"play": "AC", "to": "C"}, {"play": "QS", "to": "N"}]))
    done = run("replay", str(deal_file), str(moves))
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["illegal"] == 2 and report["move"] == "QS>N"
    assert report["rule"] == "black-diamond.hand" and "not in your hand" in report["explanation"]


def test_missing_file(tmp_path):
    assert_one_line_error(run("solve", str(tmp_path / "nope.json")), 2, "cannot read",
                          "nope.json")


def test_bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert_one_line_error(run("solve", str(path)), 2, "not valid JSON")


def test_malformed_deal_names_the_problem():
    deal = deal_from_seed(1).to_json()
    deal["black"][0] = deal["black"][1]
    done = run("solve", "-", stdin=json.dumps(deal))
    assert_one_line_error(done, 2, "repeated", "missing")


def test_bad_move_in_a_replay(deal_file, tmp_path):
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps([{"play": "ZZ", "to": "N"}]))
    assert_one_line_error(run("replay", str(deal_file), str(moves)), 2, "move 1", "ZZ")
    moves.write_text(json.dumps({"no": "moves"}))
    assert_one_line_error(run("replay", str(deal_file), str(moves)), 2, "list of moves")


def test_bad_arguments_exit_non_zero():
    done = run("solve")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    done = run("deal", "--seed", "x")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_rule_table_prints_the_inner_rule():
    done = run("rule-table")
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)
    assert table["2,6"] == [2, 3, 4, 6, 8, 12]  # the source's example


@pytest.mark.parametrize("args, module", [
    (["rule-table"], "solvers.arithmetic"),
    (["solve", "DEAL", "--method", "cpsat"], "solvers.cpsat"),
])
def test_a_missing_helper_module_is_a_clear_error(args, module, deal_file, monkeypatch,
                                                  capsys):
    monkeypatch.setitem(sys.modules, module, None)  # import now fails as if it were absent
    args = [str(deal_file) if a == "DEAL" else a for a in args]
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and module in err and "\n" not in err


def test_solve_refuses_a_variant_the_search_does_not_model(deal_file):
    done = run("solve", str(deal_file), "--repeat-replace")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--repeat-replace" in done.stderr and "--method simple" in done.stderr


# --- the text form of a deal (issue 27 §1) ----------------------------------------------------

def test_deal_text_round_trips_through_solve_and_replay(tmp_path):
    done = run("deal", "--seed", "3", "--text")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("diamonds: ") and "\nblack: " in done.stdout
    deal_txt = tmp_path / "deal.txt"
    deal_txt.write_text(done.stdout.lower().replace("t", "10"))  # as a person might type it
    solved = run("solve", str(deal_txt))
    assert solved.returncode == 0, solved.stderr
    result = json.loads(solved.stdout)
    assert result["verdict"] == "win"
    # the plan as a notebook's numbered list, copied into a file, replays
    listed = "\n".join(f"{n}. {move_from_json(m)}"
                       for n, m in enumerate(result["moves"], start=1))
    plan = tmp_path / "plan.txt"
    plan.write_text(listed + "\n")
    replayed = run("replay", str(deal_txt), str(plan))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["outcome"] == "win"


def test_a_mistyped_text_deal_names_every_problem_on_one_line():
    typed = ("diamonds: 7D 5D TD KD QD 2D 8D 4D AD JD 6D 3D 3D\n"
             "black: AC 4C 2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS ZZ\n")
    done = run("solve", "-", stdin=typed)
    assert_one_line_error(done, 2, "repeated 3D", "missing 9D", "'ZZ' is not a card code",
                          "black must hold 26 cards, got 24", "missing 7S, 8S, TC")


def test_a_bad_move_line_is_named(deal_file, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("1. 2S>S\n2. 9Z>N\n")
    assert_one_line_error(run("replay", str(deal_file), str(plan)), 2, "line 2")

"""The batch study: resumable JSON Lines, any executor, honest statistics.

The deals are capped with ``--max-nodes`` so every test is cheap; a capped deal may come
back ``unknown``, which is a verdict like any other here (and is solved again on resume).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import psutil
import pytest

from solvers import cli, search, study
from solvers.study import SolveTask, StudyError

ROOT = Path(__file__).resolve().parents[1]
CAP = 4095  # the search checks its node budget every 4096 states


def lines_of(path: Path) -> list[dict]:
    text = path.read_text()
    assert text == "" or text.endswith("\n"), "a torn last line"
    return [json.loads(line) for line in text.splitlines()]


# --- statistics ----------------------------------------------------------------------------

@pytest.mark.parametrize(("wins", "n"), [(0, 10), (3, 10), (10, 10), (19_990, 20_000), (1, 1)])
def test_wilson_agrees_with_scipy(wins, n):
    from scipy.stats import binomtest

    expected = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = study.wilson(wins, n)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


def test_wilson_of_no_deals_says_nothing():
    assert study.wilson(0, 0) == (0.0, 1.0)


def row(seed: int, verdict: str, seconds: float = 0.1, nodes: int = 10) -> dict:
    return {"seed": seed, "verdict": verdict, "seconds": seconds, "nodes": nodes}


def test_unknown_verdicts_count_as_losses_below_and_wins_above():
    rows = [row(s, "win") for s in range(90)] + [row(90, "loss")]
    rows += [row(s, "unknown") for s in range(91, 100)]
    summary = study.summarize(rows)
    assert (summary.wins, summary.losses, summary.unknown) == (90, 1, 9)
    assert (summary.low, summary.high) == (study.wilson(90, 100)[0], study.wilson(99, 100)[1])
    assert summary.lost_seeds == (90,) and summary.unknown_seeds == tuple(range(91, 100))
    assert summary.rate == 90 / 91
    decided_only = study.summarize(rows[:91])
    assert summary.low < decided_only.low and summary.high > decided_only.high


def test_percentiles_name_values_that_occurred_at_the_ends():
    times = [float(t) for t in range(1, 101)]
    found = study.percentiles(times)
    assert found["max"] == 100 and found["p50"] == pytest.approx(50.5)
    assert found["p50"] <= found["p90"] <= found["p99"] <= found["max"]
    assert study.percentiles([2.0]) == {"p50": 2.0, "p90": 2.0, "p99": 2.0, "max": 2.0}


# --- seeds and the file ----------------------------------------------------------------------

def test_seed_ranges():
    assert study.parse_seeds("1..4") == [1, 2, 3, 4]
    assert study.parse_seeds("7") == [7]
    assert study.parse_seeds("1..3, 3153, 2") == [1, 2, 3, 3153]


@pytest.mark.parametrize("text", ["1-4", "a..b", "5..1", ""])
def test_bad_seed_ranges_are_named(text):
    with pytest.raises(StudyError, match="bad seeds"):
        study.parse_seeds(text)


def test_a_decided_line_beats_unknown_and_a_later_line_an_earlier():
    rows = [row(1, "unknown"), row(1, "win", nodes=5), row(1, "unknown"),
            row(2, "unknown", nodes=1), row(2, "unknown", nodes=2)]
    best = study.latest(rows)
    assert best[1]["nodes"] == 5 and best[2]["nodes"] == 2


def test_a_torn_last_line_is_cut_and_whole_lines_kept(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text('{"seed": 1}\n{"seed": 2}\n{"seed": 3, "verd')
    assert study.read_rows(path) == [{"seed": 1}, {"seed": 2}]
    assert study.cut_torn_tail(path) == len('{"seed": 3, "verd')
    assert path.read_text() == '{"seed": 1}\n{"seed": 2}\n'
    assert study.cut_torn_tail(path) == 0


def test_a_file_that_is_not_a_study_is_refused(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text("hello\n")
    with pytest.raises(StudyError, match="line 1 is not JSON"):
        study.read_rows(path)


class InProcess:
    """An executor that runs each task at once, here (for the file logic alone)."""

    def __init__(self):
        self.seeds: list[int] = []

    def submit(self, fn, seed):
        from concurrent.futures import Future

        self.seeds.append(seed)
        future: Future = Future()
        future.set_result(fn(seed))
        return future


def test_run_appends_a_line_per_deal_and_a_rerun_skips_decided_seeds(tmp_path):
    path = tmp_path / "s.jsonl"
    task = SolveTask(max_nodes=CAP)
    first = InProcess()
    rows = study.run([2, 3, 4], path, first, task, progress=False)
    assert first.seeds == [2, 3, 4]
    assert [r["seed"] for r in rows] == [2, 3, 4]
    for line in lines_of(path):
        direct = search.solve(study.deal_from_seed(line["seed"]), max_nodes=CAP)
        assert (line["verdict"], line["nodes"]) == (direct.verdict, direct.nodes)
        assert line["solver"] == "search" and line["options"] == []
        assert line["solver_version"] == search.VERSION  # which search the figures describe
    again = InProcess()
    study.run([2, 3, 4, 5], path, again, task, progress=False)
    assert again.seeds == [r["seed"] for r in rows if r["verdict"] == "unknown"] + [5]
    assert len(lines_of(path)) == 3 + len(again.seeds)


def test_an_unknown_verdict_is_solved_again_on_resume(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps({**row(3, "unknown"), "solver": "search",
                                "solver_version": search.VERSION, "options": []}) + "\n")
    again = InProcess()
    rows = study.run([3], path, again, SolveTask(max_nodes=CAP), progress=False)
    assert again.seeds == [3] and rows[0]["verdict"] != "unknown"


def test_a_file_of_another_study_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "s.jsonl"
    study.run([3], path, InProcess(), SolveTask(max_nodes=CAP), progress=False)
    before = path.read_text()
    with pytest.raises(StudyError, match="another study"):
        study.run([3, 4], path, InProcess(), SolveTask(("strict_end",), max_nodes=CAP),
                  progress=False)
    assert path.read_text() == before


@pytest.mark.parametrize("version", [None, "an older search"])
def test_a_file_begun_by_another_version_of_the_search_is_not_continued(tmp_path, version):
    # its figures would describe two searches (issue 27 §4: the shipped study mixed them)
    path = tmp_path / "s.jsonl"
    line = {**row(3, "unknown"), "solver": "search", "options": []}
    if version is not None:
        line["solver_version"] = version
    path.write_text(json.dumps(line) + "\n")
    before = path.read_text()
    with pytest.raises(StudyError, match="another study.*solver_version"):
        study.run([3, 4], path, InProcess(), SolveTask(max_nodes=CAP), progress=False)
    assert path.read_text() == before


def test_an_unknown_variant_is_named(tmp_path):
    with pytest.raises(StudyError, match="unknown variant.*no_such_rule"):
        study.run([3], tmp_path / "s.jsonl", InProcess(), SolveTask(("no_such_rule",)),
                  progress=False)


def test_a_time_limit_too_short_for_a_deal_gives_unknown_not_a_guess():
    line = SolveTask(time_limit=1e-9)(1)
    assert line["verdict"] == "unknown" and line["seed"] == 1


# --- the command line, interrupted ----------------------------------------------------------

def study_command(out: Path, seeds: str = "1..24", workers: int = 1) -> list[str]:
    return [sys.executable, "-m", "solvers", "study", "--seeds", seeds, "--workers",
            str(workers), "--max-nodes", str(CAP), "--out", str(out)]


def default_ctrl_c() -> None:
    """A shell without job control starts background commands with Ctrl-C ignored, and
    Python then never raises KeyboardInterrupt; give the run the terminal's default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(command: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=default_ctrl_c)


def wait_for_lines(path: Path, proc: subprocess.Popen, count: int) -> None:
    deadline = time.monotonic() + 120
    while not path.exists() or path.read_text().count("\n") < count:
        assert proc.poll() is None, f"the run ended before {count} lines: {proc.stderr.read()}"
        assert time.monotonic() < deadline, "no progress in 120 s"
        time.sleep(0.02)


def finish(command: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def resume(command: list[str], path: Path, seeds: range) -> dict:
    """Rerun a stopped study to the end and check it: the lines written before the stop
    are still there, first and unchanged; every seed has a line, each decided seed exactly
    one.  Returns the summary the command printed."""
    before = path.read_text()
    done = finish(command)
    assert done.returncode == 0, done.stderr
    after = path.read_text()
    assert after.startswith(before)
    lines = lines_of(path)
    verdicts: dict[int, list[str]] = {}
    for line in lines:
        verdicts.setdefault(line["seed"], []).append(line["verdict"])
    assert set(verdicts) == set(seeds)
    for seed, seen in verdicts.items():
        assert seen.count("win") + seen.count("loss") <= 1, (seed, seen)
        assert all(v == "unknown" for v in seen[:-1]), (seed, seen)
    return json.loads(done.stdout)


@pytest.mark.slow
def test_a_killed_run_keeps_every_written_line_and_resumes(tmp_path):
    path = tmp_path / "s.jsonl"
    command = study_command(path)
    proc = start(command)
    wait_for_lines(path, proc, 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    study.cut_torn_tail(path)  # what the next run does first; a kill may land mid-write
    assert len(lines_of(path)) >= 3
    assert resume(command, path, range(1, 25))["deals"] == 24


@pytest.mark.slow
def test_ctrl_c_stops_the_run_and_its_workers_cleanly(tmp_path):
    path = tmp_path / "s.jsonl"
    command = study_command(path, workers=2)
    proc = start(command)
    wait_for_lines(path, proc, 3)
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert workers
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive
    resume(command, path, range(1, 25))


@pytest.mark.slow
def test_a_killed_worker_stops_the_run_with_its_lines_kept(tmp_path):
    path = tmp_path / "s.jsonl"
    command = study_command(path)
    proc = start(command)
    wait_for_lines(path, proc, 3)
    worker = psutil.Process(proc.pid).children(recursive=True)[0]
    worker.kill()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "a worker died" in err and "rerun the same command" in err
    assert "Traceback" not in err
    resume(command, path, range(1, 25))


# --- executors --------------------------------------------------------------------------------

def keyed(path: Path) -> dict[int, tuple[str, int]]:
    return {r["seed"]: (r["verdict"], r["nodes"]) for r in study.load(path)}


@pytest.mark.slow
def test_a_dask_cluster_gives_the_local_pools_results(tmp_path, capsys):
    from distributed import LocalCluster

    seeds = "2..9"
    local = tmp_path / "local.jsonl"
    with ProcessPoolExecutor(2) as pool:
        study.run(study.parse_seeds(seeds), local, pool, SolveTask(max_nodes=CAP),
                  progress=False)
    dask = tmp_path / "dask.jsonl"
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster:
        code = cli.main(["study", "--seeds", seeds, "--max-nodes", str(CAP), "--quiet",
                         "--scheduler", cluster.scheduler_address, "--out", str(dask)])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 8
    assert keyed(dask) == keyed(local)
    assert len(keyed(local)) == 8


def test_an_unreachable_scheduler_is_one_clear_error(tmp_path, capsys):
    code = cli.main(["study", "--seeds", "2", "--quiet", "--scheduler",
                     "tcp://127.0.0.1:9", "--out", str(tmp_path / "s.jsonl")])
    assert code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "value"), [("--workers", "0"), ("--max-nodes", "-5"),
                                             ("--samples", "two")])
def test_bad_counts_are_refused_by_name(tmp_path, capsys, flag, value):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["study", "--seeds", "2", flag, value, "--out", str(tmp_path / "s.jsonl")])
    assert exit_.value.code == 2
    assert flag in capsys.readouterr().err
    assert not (tmp_path / "s.jsonl").exists()


def test_a_variant_the_exact_search_does_not_model_is_refused_before_any_deal(tmp_path,
                                                                               capsys):
    out = tmp_path / "s.jsonl"
    code = cli.main(["study", "--seeds", "1..4", "--repeat-replace", "--quiet",
                     "--out", str(out)])
    assert code == 2
    err = capsys.readouterr().err
    assert "repeat_replace" in err and "Traceback" not in err
    assert not out.exists()


# --- a run a widget follows and stops; reading a study ------------------------------------

def test_a_run_calls_on_line_for_each_new_line_and_stops_when_asked(tmp_path):
    seen = []
    rows = study.run(range(1, 30), tmp_path / "s.jsonl", study.Inline(),
                     SolveTask(max_nodes=CAP), progress=False, on_line=seen.append,
                     stop=lambda: len(seen) >= 5, in_flight=1)
    assert [r["seed"] for r in rows] == [1, 2, 3, 4, 5] and seen == rows
    assert len(lines_of(tmp_path / "s.jsonl")) == 5  # the rest is left for a rerun


def test_the_inline_executor_hands_back_a_deal_that_fails():
    future = study.Inline().submit(lambda seed: 1 / 0, 3)
    assert isinstance(future.exception(), ZeroDivisionError)


def rows_of(verdicts: str) -> list[dict]:
    names = {"w": "win", "l": "loss", "u": "unknown"}
    return [row(seed, names[v]) for seed, v in enumerate(verdicts, start=1)]


def test_the_loss_rate_is_the_win_rates_interval_turned_round():
    summary = study.summarize(rows_of("w" * 19_995 + "l" * 5))
    rate, low, high = study.loss_rate(summary)
    assert rate == pytest.approx(2.5)
    win_low, win_high = study.wilson(19_995, 20_000)
    assert (low, high) == pytest.approx((10_000 * (1 - win_high), 10_000 * (1 - win_low)))
    assert 1.0 < low < 1.2 and 5.8 < high < 6.0  # the (2.5, 1.1-5.9)


def test_the_loss_rate_curve_reads_the_first_n_lines_and_counts_unknown_as_possible_losses():
    rows = rows_of("wwwwlwwwwu")
    curve = dict((n, rest) for n, *rest in study.loss_rate_curve(rows, [4, 5, 10, 11]))
    assert set(curve) == {4, 5, 10}  # no line 11
    assert curve[4][0] == 0 and curve[5][0] == pytest.approx(2000)
    rate, low, high = curve[10]
    assert rate == pytest.approx(10_000 / 9)  # among the decided
    assert high == pytest.approx(10_000 * (1 - study.wilson(8, 10)[0]))
    assert low == pytest.approx(10_000 * (1 - study.wilson(9, 10)[1]))


@pytest.mark.parametrize("seed", [1, 2, 3153, 4316, 17])
def test_edge_fits_counts_the_cards_the_engine_lets_onto_an_edge_pile(seed):
    from cardlib.blackdiamond import PILES, can_place, deal_from_seed
    deal = deal_from_seed(seed)
    start = deal.diamonds[:4]
    expected = sum(any(can_place(card, pile, start, None) for pile in PILES
                       if pile.kind != "centre") for card in deal.black)
    assert study.edge_fits(deal) == expected


def test_spearman_reads_order_only_and_shares_ranks_between_ties():
    assert study.ranks([10, 30, 20, 20]) == [0, 3, 1.5, 1.5]
    assert study.spearman([1, 2, 3, 4], [1, 8, 27, 64]) == pytest.approx(1)
    assert study.spearman([1, 2, 3, 4], [9, 4, 1, 0]) == pytest.approx(-1)
    assert abs(study.spearman([1, 2, 3, 4, 5], [2, 5, 1, 4, 3])) < 0.2

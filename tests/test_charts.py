"""The SVG charts the solver notebooks draw (cardlib.charts): where values land, and that
nothing beyond an axis vanishes without a word."""

from __future__ import annotations

import itertools
import re

import pytest

from cardlib.charts import Axis, Chart, Grid, histogram, log_bins, number


def test_a_log_axis_puts_each_power_of_ten_an_equal_step_apart():
    axis = Axis(1, 10_000, "deals", log=True)
    steps = [axis.fraction(10 ** k) for k in range(5)]
    assert steps == pytest.approx([0, 0.25, 0.5, 0.75, 1])
    assert [label for _, label in axis.ticks()] == ["1", "10", "100", "1,000", "10,000"]


def test_a_linear_axis_has_round_ticks_inside_it():
    axis = Axis(0, 26, "edge fits")
    values = [value for value, _ in axis.ticks()]
    assert values[0] == 0 and values[-1] <= 26 and len(values) <= 9
    assert all(b - a == values[1] - values[0] for a, b in itertools.pairwise(values))


@pytest.mark.parametrize("low, high, log", [(5, 5, False), (10, 1, False), (0, 10, True)])
def test_an_axis_that_cannot_be_drawn_is_refused_by_name(low, high, log):
    with pytest.raises(ValueError, match="axis 'x'"):
        Axis(low, high, "x", log=log)


def test_a_scatter_draws_every_point_where_its_values_say():
    chart = Chart(Axis(0.001, 100, "search", log=True), Axis(0.001, 100, "CP-SAT", log=True))
    chart.points([0.01, 1, 10], [1, 1, 0.01], titles=["seed 1", "seed 2", "seed 3"])
    svg = chart.svg()
    dots = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert len(dots) == 3
    (x1, y1), (x2, y2), (x3, y3) = [(float(x), float(y)) for x, y in dots]
    assert x1 < x2 < x3 and y1 == y2 and y3 > y1  # a smaller value sits lower on the page
    assert "<title>seed 2</title>" in svg and not chart.note


def test_values_beyond_the_axes_are_drawn_at_the_edge_and_counted():
    chart = Chart(Axis(1, 100, "n", log=True), Axis(1, 100, "rate", log=True))
    chart.line([1, 10, 1000], [0, 10, 10])
    assert chart.clipped == 2 and "2 value(s) beyond the axes" in chart.svg()


def test_interval_rows_carry_their_figures_for_a_reader_and_a_test():
    chart = Chart(Axis(0.5, 10_000, "losses per 10,000", log=True), Axis(0, 1, ""), left=150)
    chart.intervals([("random", 9910, 9830, 9953), ("solver", 2.5, 1.1, 5.9)])
    svg = chart.svg()
    assert 'data-name="solver" data-x="2.5" data-low="1.1" data-high="5.9"' in svg
    assert ">random</text>" in svg and chart.labels == ["random", "solver"]
    assert chart._repr_html_().startswith('<div class="cardlib-chart"><svg')


def test_text_in_a_chart_is_escaped():
    chart = Chart(Axis(0, 1, "a < b"), Axis(0, 1, "y & z"), title="<script>")
    svg = chart.svg()
    assert "<script>" not in svg and "a &lt; b" in svg and "y &amp; z" in svg


def test_tick_labels_read_as_a_person_writes_numbers():
    assert [number(v) for v in (0, 0.001, 1, 2.5, 10_000)] == ["0", "0.001", "1", "2.5",
                                                                 "10,000"]


# --- histograms, bars, crosses and grids (notebooks 06 and 08 without a plotting library) ---

def test_log_bins_are_equal_steps_on_a_log_axis_from_power_to_power():
    edges = log_bins(0.001, 100, per_decade=4)
    assert len(edges) == 21 and edges[0] == pytest.approx(0.001) and edges[-1] == pytest.approx(100)
    axis = Axis(edges[0], edges[-1], "s", log=True)
    steps = [axis.fraction(b) - axis.fraction(a) for a, b in itertools.pairwise(edges)]
    assert steps == pytest.approx([1 / 20] * 20)
    with pytest.raises(ValueError, match="log bins"):
        log_bins(0, 10)


def test_histogram_counts_each_value_in_its_bin_and_says_how_many_fell_outside():
    counts, outside = histogram([0, 1, 1.5, 2, 3, 3, 4, 9], [1, 2, 3, 4])
    assert counts == [2, 1, 3]  # [1, 2): 1 and 1.5; [2, 3): 2; [3, 4]: 3, 3 and the edge 4
    assert outside == 2         # 0 and 9


def test_bars_draw_one_bar_per_counted_bin_with_its_figures():
    chart = Chart(Axis(1, 1000, "positions", log=True), Axis(0.5, 1000, "deals", log=True))
    chart.histogram([2, 3, 30, 40, 50, 5000], [1, 10, 100, 1000])
    svg = chart.svg()
    bars = re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" '
                      r'data-low="([\d.]+)" data-high="([\d.]+)" data-count="(\d+)"', svg)
    assert [(low, high, n) for _, _, low, high, n in bars] == [("1", "10", "2"),
                                                              ("10", "100", "3")]
    (top_two, tall_two), (top_three, tall_three) = [(float(y), float(h)) for y, h, *_ in bars]
    assert top_three < top_two and tall_three > tall_two  # more deals, a taller bar
    assert chart.clipped == 1 and "1 value(s) beyond the axes" in svg  # the 5000


def test_bars_can_write_their_counts_and_refuse_edges_that_do_not_match():
    chart = Chart(Axis(10.5, 13.5, "values", step=1), Axis(0, 800, "boards"))
    chart.bars([10.5, 11.5, 12.5, 13.5], [1, 0, 700], numbers=True)
    svg = chart.svg()
    assert svg.count("data-count=") == 2 and ">700</text>" in svg and ">1</text>" in svg
    assert [label for _, label in chart.x.ticks()] == ["11", "12", "13"]
    with pytest.raises(ValueError, match="3 counts need 4 edges, not 3"):
        chart.bars([1, 2, 3], [1, 2, 3])


def test_crosses_stand_for_points_as_dots_do():
    chart = Chart(Axis(0, 26, "edge fits"), Axis(10, 1e6, "positions", log=True))
    chart.points([14, 16], [100, 1000], label="won").points([18], [100_000], cross=True,
                                                             label="lost", colour="#c8102e")
    svg = chart.svg()
    assert len(re.findall(r"<circle ", svg)) == 2
    assert len(re.findall(r'<path d="M[^"]+" stroke="#c8102e"[^>]* data-x="18" '
                          r'data-y="100000"', svg)) == 1
    assert ">won</text>" in svg and ">lost</text>" in svg


def test_an_axis_step_must_be_positive():
    with pytest.raises(ValueError, match="axis 'n': a tick step must be above 0"):
        Axis(0, 10, "n", step=0)


def test_a_grid_draws_every_square_with_its_number_darker_for_more():
    grid = Grid([[1, 2, 3], [4, 5, 6]], rows=["a", "b"], cols=["x", "y", "z"],
                row_label="diamond a", col_label="diamond b", title="counts")
    svg = grid.svg()
    squares = re.findall(r'data-row="(\w)" data-col="(\w)" data-value="(\d)"><rect [^>]*'
                         r'fill="#([0-9a-f]{6})"', svg)
    assert [(r, c, v) for r, c, v, _ in squares] == [
        ("a", "x", "1"), ("a", "y", "2"), ("a", "z", "3"),
        ("b", "x", "4"), ("b", "y", "5"), ("b", "z", "6")]
    lightness = [sum(int(fill[i:i + 2], 16) for i in (0, 2, 4)) for *_, fill in squares]
    assert lightness == sorted(lightness, reverse=True)  # each bigger number darker
    assert ">diamond a</text>" in svg and ">diamond b</text>" in svg and ">6</text>" in svg
    assert grid._repr_html_().startswith('<div class="cardlib-chart"><svg')
    with pytest.raises(ValueError, match="grid: 2 rows of 3 values expected"):
        Grid([[1, 2, 3], [4, 5]], rows=["a", "b"], cols=["x", "y", "z"])

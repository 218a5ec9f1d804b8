"""The SVG charts the solver notebooks draw (cardlib.charts): where values land, and that
nothing beyond an axis vanishes without a word."""

from __future__ import annotations

import itertools
import re

import pytest

from cardlib.charts import Axis, Chart, number


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

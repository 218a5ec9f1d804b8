"""Small charts as plain SVG: a study's rates and times without a plotting library.

The notebooks plot a few dozen to a few hundred points: an interval that narrows, loss
rates side by side, one solver's times against another's.  Drawn here as SVG strings in
the house font and palette (:mod:`cardlib.svg`), they look the same in JupyterLab, Voila
and a static export, and need no plotting package, so they also run where none is
installed (a browser's Pyodide).

A :class:`Chart` has two :class:`Axis` (either may be logarithmic, which is what
heavy-tailed solve times and rare losses need) and collects layers: a shaded ``band``, a
``line``, ``points`` (a scatter, dots or crosses), ``bars`` (a histogram over bins, or
counts of a few values with each count written on its bar), horizontal ``intervals`` (a
point with its interval).  :func:`histogram` counts values into bins and :func:`log_bins`
makes bins that are equal steps on a log axis.  A :class:`Grid` is a table of counts as
shaded squares (a heat map), each square with its number.
Values outside an axis are drawn at its edge, never dropped silently: a chart's ``note``
says how many were moved there.  Every layer carries a ``data-chart-layer`` attribute and
every point a ``data-x``/``data-y`` (every bar its ``data-low``/``data-high``/
``data-count``, every square of a grid its ``data-row``/``data-col``/``data-value``), so a
test can read a chart back.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from cardlib.svg import FONT_FAMILY, GREY, INK, svg_document, svg_text

PALETTE = ("#1f5fa8", "#c8102e", "#1b8a3a", "#a15c00", "#6a3d9a", "#555555")
"""Line and point colours, in the order layers take them (readable in grey too: dark)."""


@dataclass(frozen=True)
class Axis:
    """One axis: the values it shows (``low`` to ``high``), its label, log or linear;
    ``step`` sets the distance between a linear axis' ticks (1 for counts of a few
    values), else a round one is chosen."""

    low: float
    high: float
    label: str
    log: bool = False
    step: float | None = None

    def __post_init__(self) -> None:
        if not self.high > self.low:
            raise ValueError(f"axis {self.label!r}: high ({self.high}) must exceed low "
                             f"({self.low})")
        if self.step is not None and not self.step > 0:
            raise ValueError(f"axis {self.label!r}: a tick step must be above 0, not "
                             f"{self.step}")
        if self.log and self.low <= 0:
            raise ValueError(f"axis {self.label!r}: a log axis starts above 0, not at "
                             f"{self.low}")

    def fraction(self, value: float) -> float:
        """Where ``value`` sits along the axis, 0 at ``low`` and 1 at ``high`` (clipped)."""
        if self.log:
            if value <= 0:
                return 0.0
            where = (math.log10(value) - math.log10(self.low)) / (
                math.log10(self.high) - math.log10(self.low))
        else:
            where = (value - self.low) / (self.high - self.low)
        return min(1.0, max(0.0, where))

    def inside(self, value: float) -> bool:
        return self.low <= value <= self.high

    def ticks(self) -> list[tuple[float, str]]:
        """(value, label) of the gridlines: powers of ten on a log axis, round steps else."""
        if self.log:
            first = math.ceil(math.log10(self.low) - 1e-9)
            last = math.floor(math.log10(self.high) + 1e-9)
            return [(10.0 ** k, number(10.0 ** k)) for k in range(first, last + 1)]
        span = self.high - self.low
        step = self.step
        if step is None:
            step = 10 ** math.floor(math.log10(span / 4))
            for factor in (1, 2, 5, 10):
                if span / (step * factor) <= 8:
                    step *= factor
                    break
        start = math.ceil(self.low / step) * step
        count = int((self.high - start) / step + 1e-9) + 1
        return [(start + i * step, number(start + i * step)) for i in range(count)]


def number(value: float) -> str:
    """A tick's label: ``0.001``, ``1``, ``10,000``, ``2.5``."""
    if value == 0:
        return "0"
    if abs(value) >= 1 and float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:.6g}"


@dataclass
class Chart:
    """A chart on two axes; add layers, then show it (it renders itself as SVG)."""

    x: Axis
    y: Axis
    title: str = ""
    width: float = 640
    height: float = 300
    layers: list[str] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    clipped: int = 0
    labels: list[str] = field(default_factory=list)
    """Row names of :meth:`intervals` (drawn left of the plot)."""

    left: float = 70
    right: float = 20
    top: float = 50
    """Room above the plot for the title (first line) and the legend (second)."""
    bottom: float = 48

    # --- geometry -------------------------------------------------------------------------
    def px(self, value: float) -> float:
        return self.left + self.x.fraction(value) * (self.width - self.left - self.right)

    def py(self, value: float) -> float:
        return self.height - self.bottom - self.y.fraction(value) * (
            self.height - self.top - self.bottom)

    def _colour(self, colour: str | None) -> str:
        return colour or PALETTE[len(self.legend) % len(PALETTE)]

    def _count_clipped(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        self.clipped += sum(not (self.x.inside(x) and self.y.inside(y))
                            for x, y in zip(xs, ys, strict=True))

    # --- layers ---------------------------------------------------------------------------
    def band(self, xs: Sequence[float], lows: Sequence[float], highs: Sequence[float], *,
             label: str = "", colour: str | None = None) -> Chart:
        """A shaded band between ``lows`` and ``highs`` (an interval along ``xs``)."""
        colour = self._colour(colour)
        upper = [f"{self.px(x):.1f},{self.py(h):.1f}" for x, h in zip(xs, highs, strict=True)]
        lower = [f"{self.px(x):.1f},{self.py(lo):.1f}" for x, lo in zip(xs, lows, strict=True)]
        points = " ".join(upper + lower[::-1])
        self.layers.append(f'<polygon data-chart-layer="band" points="{points}" '
                           f'fill="{colour}" fill-opacity="0.22" stroke="none"/>')
        if label:
            self.legend.append((label, colour))
        return self

    def line(self, xs: Sequence[float], ys: Sequence[float], *, label: str = "",
             colour: str | None = None, dashed: bool = False) -> Chart:
        """A polyline through the points (values off the axes drawn at its edge)."""
        colour = self._colour(colour)
        self._count_clipped(xs, ys)
        points = " ".join(f"{self.px(x):.1f},{self.py(y):.1f}"
                          for x, y in zip(xs, ys, strict=True))
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        self.layers.append(f'<polyline data-chart-layer="line" points="{points}" fill="none" '
                           f'stroke="{colour}" stroke-width="2"{dash}/>')
        if label:
            self.legend.append((label, colour))
        return self

    def points(self, xs: Sequence[float], ys: Sequence[float], *, label: str = "",
               colour: str | None = None, radius: float = 3.0,
               titles: Sequence[str] | None = None, opacity: float = 0.7,
               cross: bool = False) -> Chart:
        """A scatter: one dot per (x, y) (a cross with ``cross``: a few points that must
        stand out of a cloud of dots); ``titles`` are their tooltips."""
        colour = self._colour(colour)
        self._count_clipped(xs, ys)
        dots = []
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            tip = f"<title>{escape(titles[i])}</title>" if titles else ""
            cx, cy, r = self.px(x), self.py(y), radius
            if cross:
                dots.append(f'<path d="M{cx - r:.1f},{cy - r:.1f}L{cx + r:.1f},{cy + r:.1f}'
                            f'M{cx - r:.1f},{cy + r:.1f}L{cx + r:.1f},{cy - r:.1f}" '
                            f'stroke="{colour}" stroke-width="2.5" data-x="{x:g}" '
                            f'data-y="{y:g}">{tip}</path>')
            else:
                dots.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:g}" '
                            f'data-x="{x:g}" data-y="{y:g}">{tip}</circle>')
        self.layers.append(f'<g data-chart-layer="points" fill="{colour}" '
                           f'fill-opacity="{opacity:g}">' + "".join(dots) + "</g>")
        if label:
            self.legend.append((label, colour))
        return self

    def bars(self, edges: Sequence[float], counts: Sequence[float], *, label: str = "",
             colour: str | None = None, numbers: bool = False) -> Chart:
        """A histogram: bar ``i`` spans ``edges[i]`` to ``edges[i + 1]`` on the x axis and
        rises from the y axis' foot to ``counts[i]`` (a zero count draws no bar, which a
        log y axis needs).  ``numbers`` writes each count above its bar."""
        if len(edges) != len(counts) + 1:
            raise ValueError(f"bars: {len(counts)} counts need {len(counts) + 1} edges, "
                             f"not {len(edges)}")
        colour = self._colour(colour)
        foot = self.height - self.bottom
        parts = []
        for low, high, count in zip(edges, edges[1:], counts, strict=False):
            self.clipped += sum(not self.x.inside(v) for v in (low, high))
            self.clipped += bool(count) and not self.y.inside(count)
            if not count:
                continue
            x0, x1, top = self.px(low), self.px(high), self.py(count)
            wide = max(x1 - x0 - 1, 1)
            parts.append(f'<rect x="{x0 + 0.5:.1f}" y="{top:.1f}" width="{wide:.1f}" '
                         f'height="{foot - top:.1f}" data-low="{low:g}" data-high="{high:g}" '
                         f'data-count="{count:g}"/>')
            if numbers:
                parts.append(svg_text((x0 + x1) / 2, top - 4, number(count), 11,
                                      anchor="middle"))
        self.layers.append(f'<g data-chart-layer="bars" fill="{colour}" fill-opacity="0.8">'
                           + "".join(parts) + "</g>")
        if label:
            self.legend.append((label, colour))
        return self

    def histogram(self, values: Sequence[float], edges: Sequence[float], *,
                  label: str = "", colour: str | None = None) -> Chart:
        """Count ``values`` into the bins between ``edges`` (:func:`histogram`) and draw
        them as :meth:`bars`; values outside every bin are counted in :attr:`note`."""
        counts, outside = histogram(values, edges)
        self.clipped += outside
        return self.bars(edges, counts, label=label, colour=colour)

    def intervals(self, rows: Sequence[tuple[str, float, float, float]], *,
                  colour: str | None = None) -> Chart:
        """One row per ``(name, value, low, high)``, top to bottom: a dot at ``value`` on
        the x axis with a bar from ``low`` to ``high``.  The y axis is ignored; the names
        stand left of the plot (give the chart a ``left`` margin wide enough)."""
        colour = self._colour(colour)
        rows = list(rows)
        step = (self.height - self.top - self.bottom) / max(1, len(rows))
        parts = []
        for i, (name, value, low, high) in enumerate(rows):
            y = self.top + step * (i + 0.5)
            self.clipped += sum(not self.x.inside(v) for v in (value, low, high))
            parts.append(
                f'<g data-name="{escape(name)}" data-x="{value:g}" data-low="{low:g}" '
                f'data-high="{high:g}">'
                f'<line x1="{self.px(low):.1f}" y1="{y:.1f}" x2="{self.px(high):.1f}" '
                f'y2="{y:.1f}" stroke="{colour}" stroke-width="2.5"/>'
                + "".join(f'<line x1="{self.px(v):.1f}" y1="{y - 6:.1f}" x2="{self.px(v):.1f}" '
                          f'y2="{y + 6:.1f}" stroke="{colour}" stroke-width="2"/>'
                          for v in (low, high))
                + f'<circle cx="{self.px(value):.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>'
                + svg_text(self.left - 8, y + 4, name, 12, anchor="end") + "</g>")
            self.labels.append(name)
        self.layers.append('<g data-chart-layer="intervals">' + "".join(parts) + "</g>")
        return self

    # --- drawing --------------------------------------------------------------------------
    def _axes(self, y_ticks: bool) -> str:
        x0, x1 = self.left, self.width - self.right
        y0, y1 = self.height - self.bottom, self.top
        parts = [f'<rect x="{x0:.1f}" y="{y1:.1f}" width="{x1 - x0:.1f}" height="{y0 - y1:.1f}" '
                 f'fill="white" stroke="{GREY}"/>']
        for value, text in self.x.ticks():
            x = self.px(value)
            parts.append(f'<line x1="{x:.1f}" y1="{y1:.1f}" x2="{x:.1f}" y2="{y0:.1f}" '
                         'stroke="#ddd"/>')
            parts.append(svg_text(x, y0 + 16, text, 11, anchor="middle"))
        if y_ticks:
            for value, text in self.y.ticks():
                y = self.py(value)
                parts.append(f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" '
                             'stroke="#ddd"/>')
                parts.append(svg_text(x0 - 6, y + 4, text, 11, anchor="end"))
            parts.append(
                f'<text transform="translate(14,{(y0 + y1) / 2:.1f}) rotate(-90)" '
                f'text-anchor="middle" font-family="{FONT_FAMILY}" font-size="12" '
                f'fill="{INK}">{escape(self.y.label)}</text>')
        parts.append(svg_text((x0 + x1) / 2, self.height - 10, self.x.label, 12,
                              anchor="middle"))
        return "".join(parts)

    def _legend(self) -> str:
        parts = []
        x = self.left + 8
        for label, colour in self.legend:
            parts.append(f'<rect x="{x:.1f}" y="{self.top - 20:.1f}" width="12" height="12" '
                         f'fill="{colour}"/>')
            parts.append(svg_text(x + 16, self.top - 10, label, 11))
            x += 30 + 6.2 * len(label)
        return "".join(parts)

    @property
    def note(self) -> str:
        """What the reader should know that the picture does not say (clipped values)."""
        if not self.clipped:
            return ""
        return f"{self.clipped} value(s) beyond the axes are drawn at their edge"

    def svg(self) -> str:
        """The whole chart as one ``<svg>`` element."""
        title = svg_text(self.left, 16, self.title, 13, bold=True) if self.title else ""
        note = svg_text(self.width - self.right, self.height - 10, self.note, 10,
                        anchor="end", fill=GREY) if self.note else ""
        body = (self._axes(y_ticks=not self.labels) + "".join(self.layers) + self._legend()
                + title + note)
        label = self.title or f"{self.y.label} against {self.x.label}"
        return svg_document(self.width, self.height, body, label)

    def _repr_html_(self) -> str:
        return f'<div class="cardlib-chart">{self.svg()}</div>'


def log_bins(low: float, high: float, per_decade: int = 4) -> list[float]:
    """Bin edges from ``low`` to ``high`` (powers of ten), ``per_decade`` equal steps to
    each power of ten on a log axis: heavy-tailed times and counts get bins of one width."""
    if not 0 < low < high:
        raise ValueError(f"log bins need 0 < low < high, not {low} and {high}")
    first, last = math.log10(low), math.log10(high)
    steps = round((last - first) * per_decade)
    return [10 ** (first + k / per_decade) for k in range(steps + 1)]


def histogram(values: Sequence[float], edges: Sequence[float]) -> tuple[list[int], int]:
    """How many ``values`` fall in each bin ``[edges[i], edges[i + 1])`` (the last bin
    keeps its upper edge), and how many fall outside every bin."""
    counts = [0] * (len(edges) - 1)
    outside = 0
    for value in values:
        if value == edges[-1]:
            counts[-1] += 1
            continue
        where = bisect.bisect_right(edges, value) - 1
        if 0 <= where < len(counts):
            counts[where] += 1
        else:
            outside += 1
    return counts, outside


def _shade(fraction: float) -> tuple[str, str]:
    """A square's fill for ``fraction`` (0: pale, 1: dark blue) and the ink that reads on
    it."""
    pale, dark = (236, 243, 250), (16, 60, 120)
    rgb = [round(p + (d - p) * fraction) for p, d in zip(pale, dark, strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*rgb), ("white" if fraction > 0.55 else INK)


@dataclass
class Grid:
    """A table of numbers as shaded squares, each with its number: ``values[row][col]``,
    rows named down the left, columns along the foot (a heat map, darker is more)."""

    values: Sequence[Sequence[float]]
    rows: Sequence[str]
    cols: Sequence[str]
    row_label: str = ""
    col_label: str = ""
    title: str = ""
    cell: float = 30

    def __post_init__(self) -> None:
        if len(self.values) != len(self.rows) or any(len(r) != len(self.cols)
                                                      for r in self.values):
            raise ValueError(f"grid: {len(self.rows)} rows of {len(self.cols)} values "
                             "expected")

    def svg(self) -> str:
        """The grid as one ``<svg>`` element."""
        left, top = 56.0, 30.0 if self.title else 8.0
        width = max(left + self.cell * len(self.cols) + 10, left + 7.6 * len(self.title))
        # (a title wider than the grid widens the picture: bold 13-unit letters, ~7.6 wide)
        height = top + self.cell * len(self.rows) + 44
        flat = [v for row in self.values for v in row]
        low, high = min(flat), max(flat)
        parts = [svg_text(left, 18, self.title, 13, bold=True)] if self.title else []
        for r, (name, row) in enumerate(zip(self.rows, self.values, strict=True)):
            y = top + r * self.cell
            parts.append(svg_text(left - 6, y + self.cell / 2 + 4, name, 11, anchor="end"))
            for c, value in enumerate(row):
                x = left + c * self.cell
                fill, ink = _shade((value - low) / (high - low) if high > low else 0.5)
                parts.append(f'<g data-row="{escape(name)}" data-col="{escape(self.cols[c])}" '
                             f'data-value="{value:g}"><rect x="{x:.1f}" y="{y:.1f}" '
                             f'width="{self.cell:.1f}" height="{self.cell:.1f}" fill="{fill}" '
                             f'stroke="white"/>'
                             + svg_text(x + self.cell / 2, y + self.cell / 2 + 4, number(value),
                                        11, anchor="middle", fill=ink) + "</g>")
        foot = top + self.cell * len(self.rows)
        for c, name in enumerate(self.cols):
            parts.append(svg_text(left + (c + 0.5) * self.cell, foot + 14, name, 11,
                                  anchor="middle"))
        parts.append(svg_text(left + self.cell * len(self.cols) / 2, foot + 34,
                              self.col_label, 12, anchor="middle"))
        parts.append(f'<text transform="translate(14,{top + (foot - top) / 2:.1f}) rotate(-90)" '
                     f'text-anchor="middle" font-family="{FONT_FAMILY}" font-size="12" '
                     f'fill="{INK}">{escape(self.row_label)}</text>')
        label = self.title or f"{self.row_label} by {self.col_label}"
        return svg_document(width, height, '<g data-chart-layer="grid">' + "".join(parts)
                            + "</g>", label)

    def _repr_html_(self) -> str:
        return f'<div class="cardlib-chart">{self.svg()}</div>'


__all__ = ["PALETTE", "Axis", "Chart", "Grid", "histogram", "log_bins", "number"]

"""Small charts as plain SVG: a study's rates and times without a plotting library.

The notebooks plot a few dozen to a few hundred points: an interval that narrows, loss
rates side by side, one solver's times against another's.  Drawn here as SVG strings in
the house font and palette (:mod:`cardlib.svg`), they look the same in JupyterLab, Voila
and a static export, and need no plotting package, so they also run where none is
installed (a browser's Pyodide).

A :class:`Chart` has two :class:`Axis` (either may be logarithmic, which is what
heavy-tailed solve times and rare losses need) and collects layers: a shaded ``band``, a
``line``, ``points`` (a scatter), horizontal ``intervals`` (a point with its interval).
Values outside an axis are drawn at its edge, never dropped silently: a chart's ``note``
says how many were moved there.  Every layer carries a ``data-chart-layer`` attribute and
every point a ``data-x``/``data-y``, so a test can read a chart back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from cardlib.svg import FONT_FAMILY, GREY, INK, svg_document, svg_text

PALETTE = ("#1f5fa8", "#c8102e", "#1b8a3a", "#a15c00", "#6a3d9a", "#555555")
"""Line and point colours, in the order layers take them (readable in grey too: dark)."""


@dataclass(frozen=True)
class Axis:
    """One axis: the values it shows (``low`` to ``high``), its label, log or linear."""

    low: float
    high: float
    label: str
    log: bool = False

    def __post_init__(self) -> None:
        if not self.high > self.low:
            raise ValueError(f"axis {self.label!r}: high ({self.high}) must exceed low "
                             f"({self.low})")
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
               titles: Sequence[str] | None = None) -> Chart:
        """A scatter: one dot per (x, y); ``titles`` are their tooltips."""
        colour = self._colour(colour)
        self._count_clipped(xs, ys)
        dots = []
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            tip = f"<title>{escape(titles[i])}</title>" if titles else ""
            dots.append(f'<circle cx="{self.px(x):.1f}" cy="{self.py(y):.1f}" r="{radius:g}" '
                        f'data-x="{x:g}" data-y="{y:g}">{tip}</circle>')
        self.layers.append(f'<g data-chart-layer="points" fill="{colour}" fill-opacity="0.7">'
                           + "".join(dots) + "</g>")
        if label:
            self.legend.append((label, colour))
        return self

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


__all__ = ["PALETTE", "Axis", "Chart", "number"]

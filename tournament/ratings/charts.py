"""A player's rating after each event, as an SVG drawn by the site (no JavaScript): the
coordinates here, the drawing in `templates/ratings/_rating_chart.html`. It keeps the
ranking chart's size and label spacing (`standings/charts.py`), so both read alike on a
phone and in print."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.standings.charts import HEIGHT, PAD, WIDTH, spaced_labels

# Every labelled point writes its value above it (no axis labels, which the first point's
# label would overlap): the first point stands far enough in for its label ("-12.5").
LEFT = 36


@dataclass(frozen=True)
class RatingPoint:
    x: float
    y: float
    event: str
    value: float
    labelled: bool = True

    @property
    def label_y(self) -> float:
        return self.y - 8


@dataclass(frozen=True)
class RatingChart:
    points: tuple[RatingPoint, ...]
    low: float  # the value at the bottom of the chart
    high: float  # and at the top
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD
    left: int = LEFT

    @property
    def line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def rating_chart(steps: Sequence) -> RatingChart | None:
    """The value after each event (objects with `value` and `event.name`), higher at the
    top; None without a step. One event is one point in the middle."""
    if not steps:
        return None
    values = [s.value for s in steps]
    low, high = min(values), max(values)
    if high - low < 1:  # a flat line sits in the middle of a one-point band
        low, high = (low + high) / 2 - 0.5, (low + high) / 2 + 0.5
    span_x = WIDTH - LEFT - PAD
    span_y = HEIGHT - 2 * PAD

    def x(i: int) -> float:
        return LEFT + (span_x * i / (len(steps) - 1) if len(steps) > 1 else span_x / 2)

    def y(value: float) -> float:
        return PAD + span_y * (high - value) / (high - low)

    points = [RatingPoint(x(i), y(s.value), s.event.name, s.value) for i, s in enumerate(steps)]
    return RatingChart(tuple(spaced_labels(points) if len(points) > 2 else points), low, high)

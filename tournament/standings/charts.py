"""Small server-rendered SVG charts (no JavaScript library): coordinates computed here, the
drawing in `templates/standings/_rank_chart.html`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

WIDTH, HEIGHT, PAD = 600, 180, 28
# A rank label ("#12") is about 30 units wide at the chart's label size: labels at least this
# far apart never overlap, however many events the line passes through (a phone shows the
# 600-unit chart at about 370 px).
MIN_LABEL_GAP = 44


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    label: str  # the event's name
    rank: int
    total: int
    labelled: bool = True  # its rank is written above it (the tooltip always says it)

    @property
    def label_y(self) -> float:
        return self.y - 8  # the rank written just above its point


@dataclass(frozen=True)
class RankChart:
    points: tuple[ChartPoint, ...]
    worst: int  # the lowest rank drawn (bottom of the chart); rank 1 is at the top
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD

    @property
    def line(self) -> str:
        """The polyline's `points` attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def rank_chart(steps: Sequence) -> RankChart | None:
    """A player's rank after each event (objects with `rank`, `total`, `event.name`), rank 1
    at the top; None with fewer than two steps (nothing to draw a line through)."""
    if len(steps) < 2:
        return None
    worst = max(max(s.rank for s in steps), 2)
    span_x = WIDTH - 2 * PAD
    span_y = HEIGHT - 2 * PAD

    def y(rank: int) -> float:
        return PAD + span_y * (rank - 1) / (worst - 1)

    points = [
        ChartPoint(PAD + span_x * i / (len(steps) - 1), y(s.rank), s.event.name, s.rank, s.total)
        for i, s in enumerate(steps)
    ]
    return RankChart(tuple(spaced_labels(points)), worst)


def spaced_labels(points: list) -> list:
    """Label the first and the last point (of two or more; any dataclass with `x` and
    `labelled`: the rating chart's too), and between them each point at least
    `MIN_LABEL_GAP` from the previous label and from the last point."""
    last_x = points[-1].x
    shown_x = points[0].x
    out = [points[0]]
    for point in points[1:-1]:
        keep = point.x - shown_x >= MIN_LABEL_GAP and last_x - point.x >= MIN_LABEL_GAP
        out.append(point if keep else replace(point, labelled=False))
        shown_x = point.x if keep else shown_x
    return [*out, points[-1]]

"""The rating chart's coordinates (a 600 × 180 SVG, 28 units of padding, the first point 36
in): worked out by hand from those numbers."""

from itertools import pairwise
from types import SimpleNamespace

from tournament.ratings.charts import rating_chart


def step(value: float, name: str = "E") -> SimpleNamespace:
    return SimpleNamespace(value=value, event=SimpleNamespace(name=name))


def test_two_events_run_from_bottom_left_to_top_right():
    chart = rating_chart([step(0.0), step(10.0)])
    # x: 36 and 600 − 28 = 572; y: the lowest value at 180 − 28 = 152, the highest at 28.
    assert [(p.x, p.y) for p in chart.points] == [(36, 152), (572, 28)]
    assert chart.line == "36.0,152.0 572.0,28.0"


def test_one_event_is_one_point_in_the_middle():
    (point,) = rating_chart([step(4.2)]).points
    # x: 36 + (572 − 36) / 2 = 304; a flat band of one point around 4.2: y = 28 + 124 / 2.
    assert (point.x, point.y) == (304, 90)


def test_no_event_no_chart():
    assert rating_chart([]) is None


def test_crowded_labels_are_thinned_but_first_and_last_kept():
    chart = rating_chart([step(float(i)) for i in range(30)])
    labelled = [p for p in chart.points if p.labelled]
    assert chart.points[0].labelled and chart.points[-1].labelled
    gaps = [b.x - a.x for a, b in pairwise(labelled)]
    assert min(gaps) >= 44  # the ranking chart's gap: labels never overlap

"""The rank chart's labels never overlap: 30 events on the 600-unit chart are 18.76 units
apart, a label needs 44, so only every third one is written (the first and the last
always); every point keeps its tooltip."""

import itertools
from types import SimpleNamespace

from tournament.standings.charts import MIN_LABEL_GAP, rank_chart


def steps(n: int) -> list:
    return [
        SimpleNamespace(rank=1 + i % 5, total=10 * i, event=SimpleNamespace(name=f"E{i}"))
        for i in range(n)
    ]


def test_labels_of_thirty_events_keep_their_distance():
    chart = rank_chart(steps(30))
    labelled = [p for p in chart.points if p.labelled]
    assert labelled[0] is chart.points[0] and labelled[-1] is chart.points[-1]
    gaps = [b.x - a.x for a, b in itertools.pairwise(labelled)]
    assert min(gaps) >= MIN_LABEL_GAP
    # Steps of 544 / 29 = 18.76 units: every third point is 56.3 units on (two steps, 37.5,
    # are too close). Points 0, 3, …, 24 are labelled; 27 is only 37.5 from the last point
    # (29), which is always labelled: 9 + 1 = 10 labels.
    assert [chart.points.index(p) for p in labelled] == [0, 3, 6, 9, 12, 15, 18, 21, 24, 29]
    assert len(chart.points) == 30


def test_two_events_are_both_labelled():
    chart = rank_chart(steps(2))
    assert [p.labelled for p in chart.points] == [True, True]

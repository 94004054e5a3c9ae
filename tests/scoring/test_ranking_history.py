"""The ranking event by event (scoring/ranking_history.py), worked out by hand.

Three accepted events of a year, in date order:
  E1: ana 10, bob 6, cid 3   totals ana 10, bob 6, cid 3 → ranks 1, 2, 3
  E2: bob 6, dan 12          totals dan 12, bob 12, ana 10, cid 3 → 1, 1, 3, 4
  E3: cid 20, ana 0          totals cid 23, dan 12, bob 12, ana 10 → 1, 2, 2, 4
"""

from scoring.ranking_history import CountedEvent, competition_ranks, history, ranks_before_last

EVENTS = [
    CountedEvent("E1", {"ana": 10, "bob": 6, "cid": 3}),
    CountedEvent("E2", {"bob": 6, "dan": 12}),
    CountedEvent("E3", {"cid": 20, "ana": 0}),
]


def test_equal_totals_share_a_rank_and_the_next_skips():
    assert competition_ranks({"a": 5, "b": 9, "c": 5, "d": 1}) == {"b": 1, "a": 2, "c": 2, "d": 4}


def test_each_participant_has_his_total_and_rank_after_each_event():
    steps = {(s.event, s.player): (s.points, s.total, s.rank) for s in history(EVENTS)}
    assert steps == {
        ("E1", "ana"): (10, 10, 1),
        ("E1", "bob"): (6, 6, 2),
        ("E1", "cid"): (3, 3, 3),
        ("E2", "bob"): (6, 12, 1),
        ("E2", "dan"): (12, 12, 1),
        ("E3", "ana"): (0, 10, 4),
        ("E3", "cid"): (20, 23, 1),
    }


def test_movement_compares_with_the_ranks_before_the_latest_event():
    # before E3: dan 1, bob 1, ana 3, cid 4 (see the module docstring)
    assert ranks_before_last(EVENTS) == {"dan": 1, "bob": 1, "ana": 3, "cid": 4}
    assert ranks_before_last(EVENTS[:1]) == {}

"""League tables (scoring/leagues.py), worked out by hand.

Results of a season (player: points per event):
  ana: E1 10, E2 2, E3 6     all: 18   best 2: 16   best event 10   3 events
  bob: E1 8,  E2 8           all: 16   best 2: 16   best event 8    2 events
  cid: E2 10, E3 6           all: 16   best 2: 16   best event 10   2 events
  dan: E3 4                  all: 4    best 2: 4    best event 4    1 event
"""

from scoring.leagues import LeagueRules, Result, league_table

RESULTS = [
    Result("ana", "E1", 10),
    Result("ana", "E2", 2),
    Result("ana", "E3", 6),
    Result("bob", "E1", 8),
    Result("bob", "E2", 8),
    Result("cid", "E2", 10),
    Result("cid", "E3", 6),
    Result("dan", "E3", 4),
]


def table(rules, regions=None):
    return {r.player: r for r in league_table(RESULTS, rules, regions)}


def test_every_event_counts():
    rows = table(LeagueRules())
    # ana 18; bob and cid 16: cid's best event (10) beats bob's (8); dan 4
    assert {p: (r.rank, r.points) for p, r in rows.items()} == {
        "ana": (1, 18),
        "cid": (2, 16),
        "bob": (3, 16),
        "dan": (4, 4),
    }


def test_best_two_events_and_the_tie_breaks_in_order():
    rows = table(LeagueRules(best=2))
    # ana 16 (10+6), cid 16 (10+6), bob 16 (8+8): best event 10, 10, 8 → ana and cid, then
    # events played 3 against 2 → ana first; cid 2nd; bob 3rd; dan 4th.
    assert [rows[p].rank for p in ("ana", "cid", "bob", "dan")] == [1, 2, 3, 4]
    assert rows["ana"].counted == ("E1", "E3") and rows["ana"].points == 16


def test_players_equal_on_every_tie_break_share_the_rank():
    rows = {
        r.player: r.rank
        for r in league_table([Result("x", "E1", 5), Result("y", "E2", 5)], LeagueRules())
    }
    assert rows == {"x": 1, "y": 1}


def test_the_top_n_qualify_and_a_tie_at_the_cutoff_qualifies_everyone_tied():
    rows = table(LeagueRules(qualify=2))
    assert {p for p, r in rows.items() if r.qualified} == {"ana", "cid"}
    tied = league_table(
        [Result("x", "E1", 9), Result("y", "E1", 5), Result("z", "E2", 5)], LeagueRules(qualify=2)
    )
    assert {r.player for r in tied if r.qualified} == {"x", "y", "z"}  # y and z tied 2nd


def test_slots_per_region_rank_within_each_region():
    regions = {"ana": "SP", "bob": "SP", "cid": "RJ", "dan": "RJ"}
    rows = table(LeagueRules(qualify=1, per_region=True), regions)
    # SP: ana 18 before bob 16; RJ: cid 16 before dan 4
    assert {p for p, r in rows.items() if r.qualified} == {"ana", "cid"}

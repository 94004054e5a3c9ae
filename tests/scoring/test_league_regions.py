"""Qualification per region counts only that region's players (scoring/leagues.py), worked
out by hand.

A season (player: region, points per event; every event counts):
  ana  SP          E1 10, E2 6    16
  eve  (none)      E1 12, E2 9    21   best of the whole table
  fay  (none)      E2 15          15
  bob  SP          E1 4           4
  cid  RJ          E1 8           8
  gus  (none)      E2 7           7
  dan  RJ          E2 5           5
  hal  Norte (BR)  E1 3           3
  ivo  Norte (PT)  E2 2           2
Table: eve 21 (1), ana 16 (2), fay 15 (3), cid 8 (4), gus 7 (5), dan 5 (6), bob 4 (7),
hal 3 (8), ivo 2 (9).
"""

from scoring.leagues import LeagueRules, Result, league_table

POINTS = {
    "ana": {"E1": 10, "E2": 6},
    "eve": {"E1": 12, "E2": 9},
    "fay": {"E2": 15},
    "bob": {"E1": 4},
    "cid": {"E1": 8},
    "gus": {"E2": 7},
    "dan": {"E2": 5},
    "hal": {"E1": 3},
    "ivo": {"E2": 2},
}
RESULTS = [Result(p, e, n) for p, events in POINTS.items() for e, n in events.items()]
REGIONS = {"ana": "SP", "bob": "SP", "cid": "RJ", "dan": "RJ", "hal": "Norte", "ivo": "Norte"}
# The keys that tell regions apart: the two "Norte" are two regions (Brazil, Portugal).
KEYS = {"ana": 1, "bob": 1, "cid": 2, "dan": 2, "hal": 3, "ivo": 4}


def qualified(rules: LeagueRules, keys=None) -> set[str]:
    return {r.player for r in league_table(RESULTS, rules, REGIONS, keys) if r.qualified}


def test_the_table_ranks_everyone_regions_or_not():
    rows = {r.player: r.rank for r in league_table(RESULTS, LeagueRules(), REGIONS)}
    assert rows == {
        "eve": 1, "ana": 2, "fay": 3, "cid": 4, "gus": 5,
        "dan": 6, "bob": 7, "hal": 8, "ivo": 9,
    }  # fmt: skip


def test_players_without_a_region_take_no_regional_slot():
    # One slot per region: SP ana (16 > bob 4), RJ cid (8 > dan 5), Norte hal (3 > ivo 2).
    # eve, fay and gus have no region: no slot, although eve and fay lead the table.
    assert qualified(LeagueRules(qualify=1, per_region=True)) == {"ana", "cid", "hal"}


def test_two_slots_per_region_fill_each_region_and_nothing_else():
    # Two per region: SP ana, bob; RJ cid, dan; Norte hal, ivo; still none of eve, fay, gus.
    assert qualified(LeagueRules(qualify=2, per_region=True)) == {
        "ana", "bob", "cid", "dan", "hal", "ivo",
    }  # fmt: skip


def test_regions_of_the_same_name_are_told_apart_by_their_key():
    # "Norte" of Brazil (hal) and "Norte" of Portugal (ivo) are two regions: one slot each.
    assert qualified(LeagueRules(qualify=1, per_region=True), KEYS) == {"ana", "cid", "hal", "ivo"}


def test_overall_slots_still_count_everyone():
    # The top 3 of the whole table: eve 21, ana 16, fay 15 (no region needed).
    assert qualified(LeagueRules(qualify=3)) == {"eve", "ana", "fay"}


def test_the_best_single_event_comes_before_the_events_played():
    # Equal on points (16): xan's best event is 10 in 2 events, yul's 8 in 3 events. The
    # stated order: more points, then the higher best event, then more events → xan 1st.
    results = [
        Result("xan", "E1", 10),
        Result("xan", "E2", 6),
        Result("yul", "E1", 8),
        Result("yul", "E2", 4),
        Result("yul", "E3", 4),
    ]
    rows = {r.player: r.rank for r in league_table(results, LeagueRules())}
    assert rows == {"xan": 1, "yul": 2}

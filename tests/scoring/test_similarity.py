"""Near-duplicate results (SPEC §9): the share of facts two events have in common, worked out
by hand on the nine-player event of the rules-file tests.

Facts are each player's own (scoring/similarity.py): every game he played and whether he won
it, his count in it, one fact per pair of players at a table, and places only where a judge's
tie-break decided them (none here: no ties). The nine-player event: round 1 three brackets
p1-p2-p3, p4-p5-p6, p7-p8-p9, the final p1-p4-p7; every bracket two games won by its first
seat with 6, the second 4, the third 2 (``two_nil``). A bracket of three: 3 players × 2 games
= 6 "played" facts and 6 counts, 3 pairs = 15 facts; four brackets: 60.
"""

import copy

from scoring.eventfile import parse_event
from scoring.similarity import NEAR_DUPLICATE, Similarity, compare_results
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, game, seats, two_nil


def nine() -> dict:
    return event(9, [copy.deepcopy(NINE_ROUND_1), [two_nil(1, seats(1, 4, 7))]])


def test_an_identical_copy_is_entirely_alike():
    same = compare_results(parse_event(nine()), parse_event(nine()))
    assert same.share == 1.0 and same.near_duplicate
    assert same.only_here == same.only_there == ()


def test_one_changed_count_is_still_a_near_duplicate():
    # p2's count in game 1 of round 1 goes 4 → 5 (p1 6, p3 2): only that count differs on
    # each side (p2 still played and lost that game): 59 of 60 alike.
    changed = nine()
    changed["rounds"][0]["brackets"][0]["games"][0] = game("p1", {"p1": 6, "p2": 5, "p3": 2})
    result = compare_results(parse_event(changed), parse_event(nine()))
    assert result.share == 59 / 60
    assert result.near_duplicate
    assert result.only_here == (("count", 1, 1, "1002", 5),)
    assert result.only_there == (("count", 1, 1, "1002", 4),)


def test_renamed_players_with_their_numbers_are_the_same_players():
    renamed = nine()
    for player in renamed["players"]:
        player["name"] = "Sock " + player["id"]
    assert compare_results(parse_event(renamed), parse_event(nine())).share == 1.0


def test_two_players_swapped_between_brackets_with_their_counts_are_still_a_copy():
    # p3 and p6 (both 3rd with 2 and 2) change tables, each taking his counts along:
    # p1-p2-p6 and p4-p5-p3. Every game and count is the same player's as before; only
    # four pairs differ on each side: p1-p3, p2-p3, p4-p6, p5-p6 there; p1-p6, p2-p6,
    # p3-p4, p3-p5 here. 56 of 60 alike = 93.3% ≥ 90%.
    swapped = nine()
    swapped["rounds"][0]["brackets"][0] = two_nil(1, seats(1, 2, 6))
    swapped["rounds"][0]["brackets"][1] = two_nil(2, seats(4, 5, 3))
    result = compare_results(parse_event(swapped), parse_event(nine()))
    assert result.share == 56 / 60
    assert result.near_duplicate
    assert result.only_here == (
        ("sat", 1, "1001", "1006"),
        ("sat", 1, "1002", "1006"),
        ("sat", 1, "1003", "1004"),
        ("sat", 1, "1003", "1005"),
    )
    assert set(result.only_there) == {
        ("sat", 1, "1001", "1003"),
        ("sat", 1, "1002", "1003"),
        ("sat", 1, "1004", "1006"),
        ("sat", 1, "1005", "1006"),
    }


def test_every_player_re_seated_with_his_results_kept_is_still_a_copy():
    # Round 1 re-seated so that nobody sits with a round-1 tablemate again, each player
    # keeping his seat's part (first seats p1, p4, p7 win 6-6; second seats p2, p5, p8 score
    # 4-4; third seats p3, p6, p9 2-2): p1-p5-p9, p4-p8-p3, p7-p2-p6. All 9 round-1 pairs
    # differ; the final's 3 pairs and all 48 game facts are the same: 51 of 60 facts alike
    # (85% < 90%), but each player's own results are 48 of 48 alike, so it is flagged.
    reseated = nine()
    reseated["rounds"][0]["brackets"] = [
        two_nil(1, seats(1, 5, 9)),
        two_nil(2, seats(4, 8, 3)),
        two_nil(3, seats(7, 2, 6)),
    ]
    result = compare_results(parse_event(reseated), parse_event(nine()))
    assert result.share == 51 / 60
    assert result.results_share == 1.0
    assert result.near_duplicate
    assert len(result.only_here) == len(result.only_there) == 9


def test_tables_renumbered_and_games_kept_are_entirely_alike():
    # No fact names a table: the same brackets at other tables are the same results.
    moved = nine()
    for bracket, table in zip(moved["rounds"][0]["brackets"], (3, 1, 2), strict=True):
        bracket["table"] = table
    assert compare_results(parse_event(moved), parse_event(nine())).share == 1.0


def _three_games(table: int, ids: list[str]) -> dict:
    """Seat 0 wins games 1 and 3, seat 1 game 2: places 1, 2, 3 in seat order.
    Counts: game 1 6/4/2, game 2 3/6/2, game 3 6/4/2 (the third never passes the second)."""
    a, b, c = ids
    games = [
        game(a, {a: 6, b: 4, c: 2}),
        game(b, {a: 3, b: 6, c: 2}),
        game(a, {a: 6, b: 4, c: 2}),
    ]
    return {"table": table, "players": ids, "games": games}


def forty_two() -> dict:
    """42 players and 170 counts. Round 1: 14 brackets of three (p1-p2-p3, …), 3 games each:
    14 × 3 × 3 = 126 counts. Round 2: the 14 winners p1, p4, … p40 at tables of 4, 4, 3, 3
    (SPEC §4); the two fours play 3 games (p-first wins games 1 and 3), the threes 2
    (``two_nil``): 2 × 4 × 3 + 2 × 3 × 2 = 36 counts. The final: the 4 winners, 2 games:
    8 counts. 126 + 36 + 8 = 170."""
    winners = [f"p{3 * i + 1}" for i in range(14)]
    round_1 = [_three_games(i + 1, seats(3 * i + 1, 3 * i + 2, 3 * i + 3)) for i in range(14)]
    fours = []
    for table, group in ((1, winners[0:4]), (2, winners[4:8])):
        a, b, c, d = group
        games = [
            game(a, {a: 6, b: 4, c: 2, d: 1}),
            game(b, {a: 3, b: 6, c: 2, d: 1}),
            game(a, {a: 6, b: 4, c: 2, d: 1}),
        ]
        fours.append({"table": table, "players": group, "games": games})
    threes = [two_nil(3, winners[8:11]), two_nil(4, winners[11:14])]
    final = [two_nil(1, [winners[0], winners[4], winners[8], winners[11]])]
    return event(42, [round_1, fours + threes, final])


def test_seventeen_of_a_hundred_and_seventy_counts_changed_is_still_a_near_duplicate():
    # Facts of forty_two(): 170 "played" facts and 170 counts; pairs 14 × 3 (threes) +
    # 2 × 6 (fours) + 2 × 3 (threes) + 6 (the final four) = 66; no tie: 406 in all.
    # Changed: the third's count in game 1 of every round-1 bracket (2 → 3) and in game 2
    # of the first three (2 → 1): 17 counts. 406 - 17 = 389 of 406 alike = 95.8%.
    changed = forty_two()
    brackets = changed["rounds"][0]["brackets"]
    for bracket in brackets:
        third = bracket["players"][2]
        bracket["games"][0]["unrazed"][third] = 3
    for bracket in brackets[:3]:
        bracket["games"][1]["unrazed"][bracket["players"][2]] = 1
    result = compare_results(parse_event(changed), parse_event(forty_two()))
    assert len(result.only_here) == len(result.only_there) == 17
    assert all(fact[0] == "count" for fact in result.only_here)
    assert result.share == 389 / 406
    assert result.near_duplicate


def test_exactly_nine_tenths_alike_is_a_near_duplicate():
    # SPEC §9 [decision]: 90% alike or more is flagged, exactly 90% included.
    assert NEAR_DUPLICATE == 0.9
    assert Similarity(90 / 100, (), ()).near_duplicate
    assert not Similarity(89 / 100, (), ()).near_duplicate


def test_a_small_event_copied_into_a_big_one_is_divided_by_the_big_one():
    # nine() inside a bigger event: the same round 1 plus a bracket p10-p11-p12, and a
    # final of four p1-p4-p7-p10. The share is taken of the larger event's facts.
    bigger = event(
        12,
        [
            [*copy.deepcopy(NINE_ROUND_1), two_nil(4, seats(10, 11, 12))],
            [two_nil(1, seats(1, 4, 7, 10))],
        ],
    )
    small = compare_results(parse_event(nine()), parse_event(bigger))
    # The final differs: nine()'s is p1-p4-p7 (15 facts), bigger's p1-p4-p7-p10 (2 × 4
    # played + 2 × 4 counts + 6 pairs = 22). In common in the final: p1, p4 and p7's games
    # (6 played: p1 won both) and counts (6, 4, 2 in both games: 6), the pairs 1-4, 1-7,
    # 4-7 (3): 15. Round 1: nine()'s 45 all in common. 60 in common; bigger has 45 + 15 +
    # 22 = 82 facts: 60 / 82 = 73%.
    assert small.share == 60 / 82
    assert not small.near_duplicate


def test_another_event_of_the_same_players_is_not_a_near_duplicate():
    # The same nine players seated otherwise (1-5-9, 2-6-7, 3-4-8), winners 1, 2, 3, final
    # 1-2-3 won by p1. No pair is shared. Some players' own results happen to be the same:
    # round 1 — p1 wins both games with 6 (2 played + 2 counts), p5 loses both with 4 (2 +
    # 2), p9 with 2 (2 + 2), p6 and p8 lose both (2 + 2 played; their counts differ); the
    # final — p1 wins both with 6 (2 + 2). 4 + 4 + 4 + 4 + 4 = 20 of 60 = 33%.
    other = event(
        9,
        [
            [two_nil(1, seats(1, 5, 9)), two_nil(2, seats(2, 6, 7)), two_nil(3, seats(3, 4, 8))],
            [two_nil(1, seats(1, 2, 3))],
        ],
    )
    result = compare_results(parse_event(other), parse_event(nine()))
    assert result.share == 20 / 60 and not result.near_duplicate


def test_a_team_spirit_event_is_compared_member_by_member_and_team_by_team():
    # SPEC §10: games and counts are the members' (each with his team's win), tables the
    # teams' (named by their members' numbers). Table 1 of round 1 seats T1 (p1, p2), T2
    # (p3, p4), T3 (p5, p6); T1 wins game 1 with p1 6 and p2 4.
    from scoring.similarity import facts
    from tests.scoring.test_teams import nine_team_event

    record = parse_event(nine_team_event())
    found = facts(record)
    assert found[("played", 1, 1, "1001", True)] == found[("count", 1, 1, "1001", 6)] == 1
    assert found[("played", 1, 1, "1002", True)] == found[("count", 1, 1, "1002", 4)] == 1
    assert found[("played", 1, 1, "1003", False)] == found[("count", 1, 1, "1003", 3)] == 1
    assert found[("sat", 1, "1001+1002", "1003+1004")] == 1
    assert compare_results(record, parse_event(nine_team_event())).share == 1.0


def _tied(order: list[str]) -> dict:
    """nine() with p2 and p3 tied at table 1 of round 1 (3 realms in both games, no win):
    the judge's order decides 2nd and 3rd (SPEC §6)."""
    data = nine()
    bracket = two_nil(1, seats(1, 2, 3), [3, 3])
    bracket["tiebreak_order"] = order
    data["rounds"][0]["brackets"][0] = bracket
    return data


def test_a_place_the_judge_decided_is_a_fact_of_its_own():
    # The tie of p2 and p3 is decided by the judge's order: their places are facts (2
    # more: 62). The copy reverses the order: p2 and p3's places differ, 60 of 62 alike.
    here = compare_results(
        parse_event(_tied(["p1", "p3", "p2"])), parse_event(_tied(["p1", "p2", "p3"]))
    )
    assert here.only_here == (("place", 1, "1002", 3), ("place", 1, "1003", 2))
    assert here.only_there == (("place", 1, "1002", 2), ("place", 1, "1003", 3))
    assert here.share == 60 / 62

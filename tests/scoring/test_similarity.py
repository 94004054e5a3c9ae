"""Near-duplicate results (SPEC §9): the share of facts two events have in common, worked out
by hand on the nine-player event of the rules-file tests."""

import copy

from scoring.eventfile import parse_event
from scoring.similarity import compare_results
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil


def nine() -> dict:
    return event(9, [copy.deepcopy(NINE_ROUND_1), [two_nil(1, seats(1, 4, 7))]])


def test_an_identical_copy_is_entirely_alike():
    same = compare_results(parse_event(nine()), parse_event(nine()))
    assert same.share == 1.0 and same.near_duplicate
    assert same.only_here == same.only_there == ()


def test_one_changed_count_is_still_a_near_duplicate():
    # Facts of the event: 4 brackets seated; each bracket has 2 games, each game 1 winner
    # fact + 3 unrazed facts = 4 → 4 × 2 × 4 = 32; in all 4 + 32 = 36. Changing p2's count
    # in game 1 of round 1 (4 → 5; two_nil gives p1 6, p2 4, p3 2) changes one fact on each
    # side: 35 of 36 alike.
    changed = nine()
    changed["rounds"][0]["brackets"][0]["games"][0] = {
        "winner": "p1",
        "ended_by": "victory",
        "unrazed": {"p1": 6, "p2": 5, "p3": 2},
    }
    result = compare_results(parse_event(changed), parse_event(nine()))
    assert result.share == 35 / 36
    assert result.near_duplicate
    assert result.only_here == (("unrazed", 1, frozenset({"1001", "1002", "1003"}), 1, "1002", 5),)
    assert result.only_there == (("unrazed", 1, frozenset({"1001", "1002", "1003"}), 1, "1002", 4),)


def test_renamed_players_with_their_numbers_are_the_same_players():
    renamed = nine()
    for player in renamed["players"]:
        player["name"] = "Sock " + player["id"]
    assert compare_results(parse_event(renamed), parse_event(nine())).share == 1.0


def test_another_event_of_the_same_players_is_not_a_near_duplicate():
    # The same nine players seated otherwise (1-5-9, 2-6-7, 3-4-8), winners 1, 2, 3: no
    # seating, game or count fact of round 1 is shared; only the final's... neither (its
    # players differ). Nothing in common.
    other = event(
        9,
        [
            [two_nil(1, seats(1, 5, 9)), two_nil(2, seats(2, 6, 7)), two_nil(3, seats(3, 4, 8))],
            [two_nil(1, seats(1, 2, 3))],
        ],
    )
    result = compare_results(parse_event(other), parse_event(nine()))
    assert result.share == 0.0 and not result.near_duplicate

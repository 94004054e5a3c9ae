"""Placement, advancement and event-file rules pinned by hand-worked cases (SPEC §5, §6, §8;
000 *TOURNAMENT SCORING SYSTEM*, *TOURNAMENT TRACKING*)."""

import copy

from scoring.advancement import advance
from scoring.eventfile import parse_event, read_event
from scoring.model import Bracket, Game, IssueCode
from scoring.placement import place_bracket
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, game, seats, two_nil


def places(bracket: Bracket) -> list[tuple[str, int | None]]:
    return [(p.player, p.place) for p in place_bracket(bracket).places]


def test_games_won_come_before_the_best_single_game():
    # SPEC §6 ties: "more games won, then the highest single-game count". p2 and p3 both
    # end with 10 realms; p2 won a game, p3 has the best single game (7). Games won come
    # first: p2 is 2nd.
    games = (
        Game("p2", "victory", {"p1": 1, "p2": 6, "p3": 3}),
        Game("p1", "victory", {"p1": 8, "p2": 4, "p3": 7}),
        Game("p1", "victory", {"p1": 6, "p2": 0, "p3": 0}),
    )
    # p1 two wins → 1st. p2 6+4+0 = 10, 1 win, best 6; p3 3+7+0 = 10, 0 wins, best 7.
    assert places(Bracket(1, ("p1", "p2", "p3"), games)) == [("p1", 1), ("p2", 2), ("p3", 3)]


def test_a_timed_bracket_is_won_by_games_won_before_realms():
    # SPEC §5 timed events: "the player with most game wins, then most unrazed realms".
    # p1 won game 1; game 2 ended by time, won by p3 on realms (7 > 6 > 1).
    games = (
        Game("p1", "victory", {"p1": 6, "p2": 5, "p3": 2}),
        Game("p3", "time", {"p1": 1, "p2": 6, "p3": 7}),
    )
    # p1: 1 win, 7 realms; p3: 1 win, 9 realms; p2: no win but the most realms, 11 → p3
    # wins (most wins, then realms 9 > 7); then p2 (11) 2nd, p1 (7) 3rd.
    outcome = place_bracket(Bracket(1, ("p1", "p2", "p3"), games))
    assert outcome.winner == "p3"
    assert places(Bracket(1, ("p1", "p2", "p3"), games)) == [("p3", 1), ("p2", 2), ("p1", 3)]


def test_four_bracket_winners_make_a_final():
    # SPEC §6: "When 3 or 4 advance, the next round is the final." 12 players, 4 brackets.
    round_1 = [*copy.deepcopy(NINE_ROUND_1), two_nil(4, seats(10, 11, 12))]
    result = advance(parse_event(event(12, [round_1])), 1)
    assert result.winners == ("p1", "p4", "p7", "p10")
    assert result.next_is_final and not result.wildcards


def test_a_wildcard_may_come_from_an_earlier_round():
    # 000 TOURNAMENT TRACKING: the wildcard is "the eliminated player with the highest
    # tournament points so far" — any eliminated player. 18 players: round 1 six brackets,
    # winners p1 p4 p7 p10 p13 p16 play round 2 in two brackets, won by p1 and p7; all four
    # losers of round 2 withdraw. Two cannot be seated: one wildcard, from round 1's
    # losers (2nd places, 3 points each; 4 + 4 = 8 realms each; no wins: the draw).
    round_1 = [two_nil(t, seats(3 * t - 2, 3 * t - 1, 3 * t)) for t in range(1, 7)]
    round_2 = [two_nil(1, seats(1, 4, 10)), two_nil(2, seats(7, 13, 16))]
    data = event(18, [round_1, round_2])
    data["rounds"][1]["withdrawn"] = ["p4", "p10", "p13", "p16"]
    result = advance(parse_event(data), 2)
    assert result.winners == ("p1", "p7")
    [pick] = result.wildcards
    assert pick.player in {"p2", "p5", "p8", "p11", "p14", "p17"}
    assert pick.decided_by == "draw"
    assert result.next_is_final


def test_a_boolean_count_in_a_file_is_refused():
    # SPEC §5: counts are whole numbers; JSON true is not the number 1.
    data = event(9, [copy.deepcopy(NINE_ROUND_1)])
    data["rounds"][0]["brackets"][0]["games"][0] = game("p1", {"p1": 6, "p2": True, "p3": 1})
    record, issues = read_event(data)
    assert record is None
    assert [(i.path, i.code) for i in issues] == [
        ("rounds[0].brackets[0].games[0].unrazed.p2", IssueCode.NOT_WHOLE_NUMBER)
    ]

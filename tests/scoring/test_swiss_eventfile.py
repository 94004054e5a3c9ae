"""The one-on-one event file (SPEC §11): reading, canonical writing, located refusals."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scoring.eventfile import read_any_event, read_event
from scoring.model import IssueCode
from scoring.swiss.eventfile import serialize_swiss_event, swiss_event_to_dict
from scoring.swiss.model import SwissEvent

FIXTURES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"
NAMES = sorted(p.name for p in FIXTURES.glob("*.json"))


def sample(name: str = "swiss_8_cut_4.json") -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def refusals(data: dict) -> list[tuple[str, IssueCode]]:
    _event, issues = read_any_event(data)
    assert issues, "the file should be refused"
    return [(i.path, i.code) for i in issues]


def win(winner: str, loser: str) -> dict:
    return {"winner": winner, "ended_by": "victory", "unrazed": {winner: 6, loser: 3}}


@pytest.mark.parametrize("name", NAMES)
def test_fixtures_are_valid_and_round_trip(name):
    text = (FIXTURES / name).read_text(encoding="utf-8")
    event, issues = read_any_event(text)
    assert issues == [] and isinstance(event, SwissEvent)
    again, issues = read_any_event(serialize_swiss_event(event))
    assert issues == [] and again == event
    assert serialize_swiss_event(again) == serialize_swiss_event(event)
    assert swiss_event_to_dict(event)["structure"] == "one-on-one"


def test_defaults_of_the_optional_keys():
    data = sample("swiss_5_byes_drop.json")
    for key in ("best_of", "top_cut", "scored", "deck_rules", "tournament_type", "victory"):
        data.pop(key)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["matches"][0]["games"] *= 2  # best of 3 by default: 2 wins decide
    event, issues = read_any_event(data)
    assert issues == []
    assert (event.best_of, event.top_cut, event.format.scored) == (3, 0, False)
    data.pop("swiss_rounds")
    event, _ = read_any_event(data)
    assert event.swiss_rounds == 3  # ⌈log₂ 5⌉


def test_the_bracket_reader_names_a_one_on_one_file_once():
    event, issues = read_event(sample())
    assert event is None
    assert [(i.path, i.code) for i in issues] == [("structure", IssueCode.STRUCTURE_NOT_HERE)]


def test_a_bracket_file_may_say_its_structure():
    data = json.loads(
        (Path(__file__).parent / "data" / "spec_example.json").read_text(encoding="utf-8")
    )
    plain = read_event(data)
    data["structure"] = "brackets"
    assert read_event(data) == plain == read_any_event(data)
    data["structure"] = "round-robin"
    assert [(i.path, i.code) for i in read_any_event(data)[1]] == [
        ("structure", IssueCode.UNKNOWN_VALUE)
    ]


# -- refused at their place ----------------------------------------------------------------


def test_a_player_twice_in_a_match():
    data = sample()
    data["rounds"][0]["matches"][0]["players"] = ["p1", "p1"]
    assert ("rounds[0].matches[0].players", IssueCode.LISTED_TWICE) in refusals(data)


def test_a_match_of_three():
    data = sample()
    data["rounds"][0]["matches"][0]["players"].append("p3")
    assert ("rounds[0].matches[0].players", IssueCode.MATCH_SIZE) in refusals(data)


def test_a_game_after_the_match_was_decided():
    data = sample()
    games = data["rounds"][0]["matches"][0]["games"]  # p1 2-0 p2
    games.append(win("p2", "p1"))
    assert refusals(data) == [("rounds[0].matches[0].games[2]", IssueCode.MATCH_OVER)]


def test_a_game_after_a_game_ended_by_time():
    data = sample()
    match = data["rounds"][1]["matches"][3]  # p6 v p8: 1-1, then a game drawn by time
    match["games"].append(win("p6", "p8"))
    assert refusals(data) == [("rounds[1].matches[3].games[3]", IssueCode.MATCH_OVER)]


def test_a_best_of_one_match_is_its_one_game():
    data = sample("swiss_5_byes_drop.json")
    data["rounds"][0]["matches"][0]["games"].append(win("q2", "q1"))
    assert refusals(data) == [("rounds[0].matches[0].games[1]", IssueCode.MATCH_OVER)]


def test_a_top_cut_match_goes_on_after_a_drawn_game():
    # swiss_8_cut_8's final: a game drawn by time, then the deciding game (accepted above);
    # a third game after the decision is refused.
    data = sample("swiss_8_cut_8.json")
    data["rounds"][3]["matches"][0]["games"].append(win("a7", "a4"))
    assert refusals(data) == [("rounds[3].matches[0].games[2]", IssueCode.MATCH_OVER)]


def test_an_undecided_cut_match_before_the_next_cut_round():
    data = sample("swiss_8_cut_8.json")
    data["rounds"][2]["matches"][0]["games"][0] = {
        "winner": None,
        "ended_by": "time",
        "unrazed": {"a8": 2, "a7": 2},
        "razed": {"a8": 0, "a7": 0},
        "holdings": {"a8": 0, "a7": 0},
    }
    assert ("rounds[2].matches[0].games", IssueCode.CUT_UNDECIDED) in refusals(data)


def test_a_bye_to_a_player_who_also_played():
    data = sample("swiss_5_byes_drop.json")
    data["rounds"][0]["byes"] = ["q1"]
    found = refusals(data)
    assert ("rounds[0].byes[0]", IssueCode.BYE_AND_MATCH) in found


def test_a_second_bye_while_a_player_had_none():
    data = sample("swiss_5_byes_drop.json")
    round_two = data["rounds"][1]
    round_two["byes"] = ["q5"]  # q5 had round 1's bye; q2 plays q5's match instead
    round_two["matches"][1]["players"] = ["q2", "q3"]
    round_two["matches"][1]["games"] = [win("q2", "q3")]
    assert ("rounds[1].byes[0]", IssueCode.BYE_TWICE) in refusals(data)


def test_a_player_left_out_of_a_round():
    data = sample("swiss_5_byes_drop.json")
    data["rounds"][1]["byes"] = []
    assert ("rounds[1]", IssueCode.NOT_PAIRED) in refusals(data)


def test_a_player_paired_after_he_dropped():
    data = sample("swiss_5_byes_drop.json")
    data["rounds"][0]["dropped"] = ["q2"]
    found = refusals(data)
    assert ("rounds[1].byes[0]", IssueCode.SEATED_AFTER_DROP) in found


def test_a_player_paired_twice_in_a_round():
    data = sample()
    data["rounds"][0]["matches"][1]["players"] = ["p1", "p4"]
    assert ("rounds[0].matches[1].players[0]", IssueCode.SEATED_TWICE) in refusals(data)


def test_unknown_ids_are_refused_where_they_are():
    data = sample()
    data["rounds"][0]["matches"][0]["players"][1] = "p99"
    data["rounds"][1]["byes"] = ["nobody"]
    found = refusals(data)
    assert ("rounds[0].matches[0].players[1]", IssueCode.UNKNOWN_PLAYER) in found
    assert ("rounds[1].byes[0]", IssueCode.UNKNOWN_PLAYER) in found


def test_a_top_cut_that_does_not_follow_the_swiss_standing():
    data = sample()
    # Standing p7, p1, p3, p4: the cut is p7 v p4 and p1 v p3, not p7 v p3 and p1 v p4.
    cut = data["rounds"][3]["matches"]
    cut[0]["players"] = ["p7", "p3"]
    cut[0]["games"] = [win("p3", "p7"), win("p3", "p7")]
    cut[1]["players"] = ["p1", "p4"]
    cut[1]["games"] = [win("p1", "p4"), win("p1", "p4")]
    found = refusals(data)
    assert ("rounds[3].matches[0].players", IssueCode.CUT_PAIRING) in found
    assert ("rounds[3].matches[1].players", IssueCode.CUT_PAIRING) in found
    assert ("rounds[3].matches", IssueCode.CUT_MATCH_MISSING) in found


def test_a_cut_player_from_outside_the_top_four():
    data = sample()
    cut = data["rounds"][3]["matches"]
    cut[0]["players"] = ["p7", "p5"]
    cut[0]["games"] = [win("p5", "p7"), win("p5", "p7")]
    assert ("rounds[3].matches[0].players", IssueCode.CUT_PAIRING) in refusals(data)


def test_the_final_pairs_the_semi_final_winners():
    data = sample()
    final = data["rounds"][4]["matches"][0]
    final["players"] = ["p1", "p7"]  # p7 lost his semi-final to p4
    final["games"] = [win("p1", "p7"), win("p1", "p7")]
    assert ("rounds[4].matches[0].players", IssueCode.CUT_PAIRING) in refusals(data)


def test_a_cut_round_too_early_or_without_a_cut():
    data = sample()
    data["rounds"][2]["cut"] = True
    assert ("rounds[2].cut", IssueCode.CUT_EARLY) in refusals(data)
    data = sample()
    data["top_cut"] = 0
    assert ("rounds[3].cut", IssueCode.CUT_NONE) in refusals(data)
    data = sample()
    data["rounds"][3].pop("cut")
    assert ("rounds[3]", IssueCode.SWISS_ROUNDS_OVER) in refusals(data)


def test_a_round_after_the_final():
    data = sample()
    extra = copy.deepcopy(data["rounds"][4])
    extra["number"] = 6
    data["rounds"].append(extra)
    assert ("rounds[5].cut", IssueCode.CUT_OVER) in refusals(data)


def test_a_match_without_result_before_the_next_round():
    data = sample()
    data["rounds"][0]["matches"][2]["games"] = []
    assert refusals(data) == [("rounds[0].matches[2].games", IssueCode.MATCH_NO_RESULT)]


def test_a_no_show_loses_without_games():
    data = sample("swiss_5_byes_drop.json")
    match = data["rounds"][0]["matches"][0]  # q1 v q2: q2 does not come
    match["games"] = []
    match["no_show"] = "q2"
    _event, issues = read_any_event(data)
    assert issues == []
    data["rounds"][0]["matches"][0]["no_show"] = "q3"
    assert ("rounds[0].matches[0].no_show", IssueCode.NO_SHOW_NOT_PLAYER) in refusals(data)
    match["no_show"] = "q2"
    match["games"] = [win("q1", "q2")]
    assert ("rounds[0].matches[0].games", IssueCode.NO_SHOW_GAMES) in refusals(data)


def test_games_are_checked_as_in_section_5():
    data = sample()
    game = data["rounds"][0]["matches"][0]["games"][0]
    game["unrazed"] = {"p1": 5, "p2": 3}  # a victory needs 6 unrazed realms
    assert ("rounds[0].matches[0].games[0].unrazed.p1", IssueCode.VICTORY_BELOW_COUNT) in (
        refusals(data)
    )
    data = sample()
    data["rounds"][0]["matches"][0]["games"][0]["unrazed"] = {"p1": 6}
    assert ("rounds[0].matches[0].games[0].unrazed.p2", IssueCode.COUNT_MISSING) in (refusals(data))


def test_team_spirit_is_never_one_on_one():
    data = sample()
    data["tournament_type"] = "team-spirit"
    assert ("tournament_type", IssueCode.TEAM_SPIRIT_ONE_ON_ONE) in refusals(data)


def test_bad_values_of_the_new_keys():
    data = sample()
    data["best_of"] = 2
    data["top_cut"] = 16
    data["rounds"][0]["cut"] = "yes"
    found = refusals(data)
    assert ("best_of", IssueCode.NOT_ONE_OF) in found
    assert ("top_cut", IssueCode.NOT_ONE_OF) in found
    assert ("rounds[0].cut", IssueCode.NOT_BOOLEAN) in found
    data = sample()
    data["teams"] = []
    assert ("teams", IssueCode.UNKNOWN_KEY) in refusals(data)


def test_a_dropped_player_is_passed_over_by_the_cut():
    # p3 (3rd) drops after the Swiss rounds: the cut takes p7, p1, p4, p5 (1 v 4: p7 v p5;
    # 2 v 3: p1 v p4).
    data = sample()
    data["rounds"][2]["dropped"] = ["p3"]
    data["rounds"][3]["matches"] = [
        {"table": 1, "players": ["p7", "p5"], "games": [win("p7", "p5"), win("p7", "p5")]},
        {"table": 2, "players": ["p1", "p4"], "games": [win("p1", "p4"), win("p1", "p4")]},
    ]
    data["rounds"][4]["matches"] = [
        {"table": 1, "players": ["p7", "p1"], "games": [win("p7", "p1"), win("p7", "p1")]}
    ]
    _event, issues = read_any_event(data)
    assert issues == []


def test_without_swiss_rounds_the_cut_says_where_the_swiss_rounds_end():
    data = sample()
    data.pop("swiss_rounds")
    event, issues = read_any_event(data)
    assert issues == [] and event.swiss_rounds == 3


def test_a_game_may_end_by_time_without_a_named_time_limit():
    # Swiss rounds are timed rounds (SPEC §11): no time_limit_minutes is needed for it.
    data = sample("swiss_5_byes_drop.json")
    data.pop("time_limit_minutes")
    event, issues = read_any_event(data)
    assert issues == [] and event.format.time_limit_minutes is None


def test_a_game_after_the_decision_is_named_whatever_it_records():
    data = sample()
    games = data["rounds"][0]["matches"][0]["games"]  # p1 2-0 p2
    games.append({"winner": "p3", "ended_by": "victory", "unrazed": {"p1": 2}})
    assert ("rounds[0].matches[0].games[2]", IssueCode.MATCH_OVER) in refusals(data)


def test_a_cut_larger_than_the_field_is_refused_before_it_is_played():
    # SPEC §11: "a cut larger than the field" is refused. Five players, a top cut of 8:
    # refused at the file's top_cut even though no cut round is recorded yet.
    data = sample("swiss_5_byes_drop.json")
    data["top_cut"] = 8
    assert refusals(data) == [("top_cut", IssueCode.CUT_TOO_BIG)]
    data["top_cut"] = 4  # four of the five players: a field large enough
    _event, issues = read_any_event(data)
    assert issues == []

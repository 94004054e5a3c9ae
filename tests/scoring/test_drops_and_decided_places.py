"""Drops at the table (SPEC §4), advancement whatever else a file holds (SPEC §6, §10) and
places decided before the judge decides (SPEC §6). Every expected figure is worked out by
hand in the comments from the rules texts cited."""

from __future__ import annotations

import copy

from scoring.eventfile import parse_event, read_event
from scoring.model import Bracket, Format, Game, IssueCode
from scoring.placement import place_bracket
from scoring.standings import standings_json
from scoring.validation import validate_game
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, game, seats, two_nil
from tests.scoring.test_teams import FINAL, ROUND_1, event_file


def codes(data: dict) -> list[tuple[str, str]]:
    record, issues = read_event(data)
    assert record is not None, issues
    return [(i.path, i.code) for i in issues]


def rounds_of(result: dict, player: str) -> list[dict]:
    return next(p["rounds"] for p in result["players"] if p["id"] == player)


# --- a dropped player takes no part in later games (SPEC §4) ------------------------------


def test_a_file_where_a_dropped_player_comes_back_to_win_is_refused():
    # p3 dropped: game 1 has no count of his, so he left before it. Game 2 records him as
    # its winner with a count: "he has no count in them and can never be their winner".
    bracket = {
        "table": 1,
        "players": seats(1, 2, 3),
        "dropped": ["p3"],
        "games": [game("p1", {"p1": 6, "p2": 4}), game("p3", {"p1": 2, "p2": 3, "p3": 6})],
    }
    found = codes(event(3, [[bracket]]))
    assert ("rounds[0].brackets[0].games[1].winner", IssueCode.DROPPED_WINNER) in found
    assert ("rounds[0].brackets[0].games[1].unrazed.p3", IssueCode.DROPPED_HAS_COUNT) in found


def test_a_recorded_drop_refuses_a_count_and_a_win_in_the_next_game():
    # The site records that p3 dropped after 0 games: game 1 may not name him at all.
    bracket = Bracket(1, ("p1", "p2", "p3"), dropped=("p3",), dropped_after={"p3": 0})
    won = Game("p3", "victory", {"p1": 2, "p2": 3, "p3": 6})
    assert {(i.path, i.code) for i in validate_game(won, bracket, Format())} == {
        ("game.winner", IssueCode.DROPPED_WINNER),
        ("game.unrazed.p3", IssueCode.DROPPED_HAS_COUNT),
    }
    without_him = Game("p1", "victory", {"p1": 6, "p2": 3})
    assert validate_game(without_him, bracket, Format()) == []


def test_a_recorded_drop_keeps_the_games_before_it():
    # p3 dropped after game 1: his count in game 1 stands (a correction of game 1 may keep
    # it), game 2 has none.
    games = (Game("p1", "victory", {"p1": 6, "p2": 4, "p3": 5}),)
    bracket = Bracket(1, ("p1", "p2", "p3"), games, dropped=("p3",), dropped_after={"p3": 1})
    assert validate_game(games[0], bracket, Format(), index=0) == []
    assert (
        validate_game(games[0], bracket, Format(), index=1)[0].code == IssueCode.DROPPED_HAS_COUNT
    )


def test_several_dropped_players_rank_below_everyone_who_stayed():
    # SPEC §4: "Several dropped players in one bracket rank below everyone who stayed, and
    # among themselves by the usual order (§6)". p3 and p4 leave after game 1.
    # p1 wins both games → 1st. p2 stayed: 1 + 3 = 4 realms → 2nd although p3 has 6 and
    # p4 has 5; then p3 (6) before p4 (5). Points ×1: 4, 3, 2, 1.
    bracket = {
        "table": 1,
        "players": seats(1, 2, 3, 4),
        "dropped": ["p3", "p4"],
        "games": [
            game("p1", {"p1": 6, "p2": 1, "p3": 6, "p4": 5}),
            game("p1", {"p1": 6, "p2": 3}),
        ],
    }
    result = standings_json(parse_event(event(4, [[bracket]])))
    assert [
        (p, rounds_of(result, p)[0]["place"], rounds_of(result, p)[0]["points"])
        for p in ("p1", "p2", "p3", "p4")
    ] == [("p1", 1, 5), ("p2", 2, 3), ("p3", 3, 2), ("p4", 4, 1)]


def test_a_round_one_drop_before_any_game_is_a_participant_and_last():
    # p9 drops before game 1 of table 3 (no count anywhere). SPEC §4: still a participant
    # (the 9-player threshold, coordinator points: 9) and last (3rd) in his bracket: 2 × 1.
    round_1 = copy.deepcopy(NINE_ROUND_1)
    round_1[2] = {
        "table": 3,
        "players": seats(7, 8, 9),
        "dropped": ["p9"],
        "games": [game("p7", {"p7": 6, "p8": 4})] * 2,
    }
    result = standings_json(parse_event(event(9, [round_1, [two_nil(1, seats(1, 4, 7))]])))
    assert rounds_of(result, "p9") == [{"round": 1, "table": 3, "place": 3, "points": 2}]
    assert result["scored"] is True
    assert result["officials"][0]["points"] == 9


def test_a_bracket_winner_who_drops_keeps_his_place_but_does_not_advance():
    # 12 players, four brackets. p10 wins table 4 two games to none, then drops (SPEC §4:
    # "keeps his place and points but does not advance"): 1st, 4 × 1 = 4 points. The
    # winners left are p1, p4, p7: three advance, the next round is the final.
    round_1 = [*copy.deepcopy(NINE_ROUND_1), {**two_nil(4, seats(10, 11, 12)), "dropped": ["p10"]}]
    final = [two_nil(1, seats(1, 4, 7))]
    data = event(12, [round_1, final])
    assert codes(data) == []
    result = standings_json(parse_event(data))
    assert rounds_of(result, "p10") == [{"round": 1, "table": 4, "place": 1, "points": 4}]
    with_him = event(12, [round_1, [two_nil(1, seats(1, 4, 7, 10), [4, 2, 1])]])
    assert ("rounds[1].brackets[0].players[3]", IssueCode.SEATED_AFTER_DROP) in codes(with_him)


# --- advancement holds whatever else the file contains (SPEC §6, §10) --------------------


def _final_with(team_ids: list[str], extra_counts: dict[str, int] | None = None) -> dict:
    final = copy.deepcopy(FINAL)
    final["brackets"][0]["players"] = team_ids
    for g in final["brackets"][0]["games"]:
        g["unrazed"].update(extra_counts or {})
    return final


def test_a_losing_team_in_a_team_final_is_refused_despite_a_trailing_win():
    # Round 1 table 2: T4 wins game 1 with 10 realms while T5 has 11 — legal, a team wins
    # at the start of a member's turn (§10). T4 won table 2; T5 (2nd) put in its place in
    # the final must still be refused (SPEC §6: "in every kind of event ... whatever else
    # the file contains").
    final = _final_with(["T7", "T1", "T5"])
    for g in final["brackets"][0]["games"]:
        g["unrazed"] = {
            ("p9" if k == "p7" else "p10" if k == "p8" else k): v for k, v in g["unrazed"].items()
        }
    final["brackets"][0]["games"][1]["winner"] = "T5"
    found = codes(event_file(9, [copy.deepcopy(ROUND_1), final]))
    assert ("rounds[1].brackets[0].players[2]", IssueCode.NOT_ADVANCING) in found
    assert ("rounds[1].brackets", IssueCode.ADVANCER_MISSING) in found  # T4 is missing


def test_a_fourth_team_added_to_a_final_of_three_is_refused():
    # T2 (2nd at table 1) joins T7, T1, T4 in the final: only bracket winners advance
    # (three advance: no wildcard is needed).
    final = _final_with(["T7", "T1", "T4", "T2"], {"p3": 1, "p4": 1})
    found = codes(event_file(9, [copy.deepcopy(ROUND_1), final]))
    assert ("rounds[1].brackets[0].players[3]", IssueCode.NOT_ADVANCING) in found


def test_a_duplicate_team_id_names_the_first_team_that_has_it():
    data = event_file(9, [copy.deepcopy(ROUND_1)])
    data["teams"][1]["id"] = "T1"
    _record, issues = read_event(data)
    assert [(i.path, i.code) for i in issues] == [("teams[1].id", IssueCode.DUPLICATE_TEAM_ID)]
    assert "teams[0]" in issues[0].message


# --- a decided place earns its points at once (SPEC §6) -----------------------------------


def _timed_final(games: list[dict]) -> dict:
    bracket = {"table": 1, "players": seats(1, 2, 3), "games": games}
    return event(3, [[bracket]], time_limit_minutes=50)


def test_the_third_player_of_a_tie_for_the_win_scores_at_once():
    # Timed final (round 1). p1 wins game 1, p2 game 2 ended by time: one win each and
    # 6 + 3 = 9 realms each → the judge decides the winner (§5). p3 has 1 + 1 = 2: 3rd
    # whatever the judge decides → place 3, 2 × 1 = 2 points now; p1 and p2 wait (0).
    result = standings_json(
        parse_event(
            _timed_final(
                [
                    game("p1", {"p1": 6, "p2": 3, "p3": 1}),
                    game("p2", {"p1": 3, "p2": 6, "p3": 1}, "time"),
                ]
            )
        )
    )
    assert rounds_of(result, "p3") == [{"round": 1, "table": 1, "place": 3, "points": 2}]
    assert rounds_of(result, "p1")[0]["place"] is None
    assert rounds_of(result, "p2")[0]["points"] == 0
    assert result["winner"] is None


def test_a_player_can_be_second_whatever_the_judge_decides_for_the_win():
    # p1 wins game 1 (6 vs 1, 5), p2 game 2 by time (6 vs 1, 5): p1 and p2 one win and 7
    # realms each, level for the win (most wins, then most realms). p3, no win, has
    # 5 + 5 = 10: whichever of p1/p2 the judge makes winner, the other (7) ranks below p3
    # (10) → p3 is 2nd in every case: 3 points now. p1 and p2 are 1st or 3rd: undecided.
    bracket = Bracket(
        1,
        ("p1", "p2", "p3"),
        (
            Game("p1", "victory", {"p1": 6, "p2": 1, "p3": 5}),
            Game("p2", "time", {"p1": 1, "p2": 6, "p3": 5}),
        ),
    )
    outcome = place_bracket(bracket)
    assert {p.player: p.place for p in outcome.places} == {"p1": None, "p2": None, "p3": 2}
    assert outcome.winner is None and outcome.tied == ("p1", "p2")
    decided = place_bracket(Bracket(1, bracket.players, bracket.games, ("p2", "p1")))
    assert [(p.player, p.place) for p in decided.places] == [("p2", 1), ("p3", 2), ("p1", 3)]

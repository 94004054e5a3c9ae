"""Team Spirit (SPEC §10, 000 *TEAM SPIRIT*): seating, the team game check, placement, points
and the event file. Every expected figure is worked out by hand in the comments."""

from __future__ import annotations

import copy
import json

import pytest

from scoring.brackets import SeatingError
from scoring.eventfile import parse_event, read_event, serialize_event
from scoring.model import Bracket, Format, Team
from scoring.placement import place_bracket
from scoring.seating import history_from_brackets
from scoring.standings import standings_json
from scoring.teams import (
    advance_teams,
    seat_order,
    seat_teams,
    team_bracket_sizes,
    team_event,
    validate_team_game,
)
from tests.scoring.strategies import game

NAMES = ["Red", "Blue", "Green", "Gold", "Silver", "Black", "White", "Grey", "Iron"]


def teams(n: int) -> list[Team]:
    """Team k (1-based) is "T<k>" with players p(2k-1) and p(2k)."""
    names = [*NAMES, *(f"Team {k}" for k in range(len(NAMES) + 1, n + 1))]
    return [Team(f"T{k}", names[k - 1], (f"p{2 * k - 1}", f"p{2 * k}")) for k in range(1, n + 1)]


def vgame(winner: str | None, counts: dict[str, int], ended_by: str = "victory") -> dict:
    return {"winner": winner, "ended_by": ended_by, "unrazed": counts}


def event_file(n_teams: int, rounds: list[dict], **extra) -> dict:
    data = {
        "format": "spellfire-event/1",
        "name": "Team Spirit Open",
        "date": "2026-11-21",
        "venue": "Halifax",
        "deck_size": 55,
        "deck_rules": "community",
        "tournament_type": "team-spirit",
        "variants": [],
        "victory": "enhanced",
        "scored": True,
        "event_multiplier": 1,
        "points_mode": "cumulative",
        "coordinator": {"name": "Ann Organiser", "player_number": "C-1", "played": False},
        "judges": [{"name": "Bob Judge", "player_number": "J-7", "played": False}],
        "players": [
            {"id": f"p{i}", "name": f"Player {i:02d}", "player_number": str(1000 + i)}
            for i in range(1, 2 * n_teams + 1)
        ],
        "teams": [{"id": t.id, "name": t.name, "players": list(t.players)} for t in teams(n_teams)],
        "rounds": rounds,
    }
    data.update(extra)
    return data


def bracket(table: int, team_ids: list[str], games: list[dict], **extra) -> dict:
    return {"table": table, "players": team_ids, "games": games, **extra}


# The whole 9-team event (18 players), enhanced, 55 cards (a member's count is 0..15).
ROUND_1 = {
    "number": 1,
    "brackets": [
        # Table 1. T1 wins games 1 and 3 → 1st. T2 = 6 + 10 + 7 = 23, T3 = 7 + 5 + 8 = 20.
        bracket(
            1,
            ["T1", "T2", "T3"],
            [
                vgame("T1", {"p1": 6, "p2": 4, "p3": 3, "p4": 3, "p5": 5, "p6": 2}),
                vgame("T2", {"p1": 4, "p2": 4, "p3": 5, "p4": 5, "p5": 2, "p6": 3}),
                vgame("T1", {"p1": 7, "p2": 3, "p3": 2, "p4": 5, "p5": 4, "p6": 4}),
            ],
        ),
        # Table 2. Game 1: T4 wins with 10 while T5 has 11 — legal, the check is at the
        # start of a member's turn (§10), not "the most". T4 wins twice → 1st.
        # T5 = 11 + 8 = 19, T6 = 6 + 8 = 14.
        bracket(
            2,
            ["T4", "T5", "T6"],
            [
                vgame("T4", {"p7": 5, "p8": 5, "p9": 6, "p10": 5, "p11": 3, "p12": 3}),
                vgame("T4", {"p7": 4, "p8": 6, "p9": 4, "p10": 4, "p11": 4, "p12": 4}),
            ],
        ),
        # Table 3. T8 wins game 1, T7 games 2 and 3 → T7 1st. T8 = 10 + 6 + 7 = 23 and
        # T9 = 8 + 9 + 6 = 23 tie; more games won (§6): T8 1, T9 0 → T8 2nd, T9 3rd.
        bracket(
            3,
            ["T7", "T8", "T9"],
            [
                vgame("T8", {"p13": 4, "p14": 4, "p15": 5, "p16": 5, "p17": 4, "p18": 4}),
                vgame("T7", {"p13": 6, "p14": 4, "p15": 3, "p16": 3, "p17": 5, "p18": 4}),
                vgame("T7", {"p13": 5, "p14": 5, "p15": 4, "p16": 3, "p17": 3, "p18": 3}),
            ],
        ),
    ],
}
# Three winning teams (T1, T4, T7) → round 2 is the final (×2). T1 wins games 1 and 3 →
# tournament winner, 5 × 2 = 10. T7 = 9 + 8 + 9 = 26 → 2nd, 3 × 2 = 6;
# T4 = 6 + 10 + 7 = 23 → 3rd, 2 × 2 = 4.
FINAL = {
    "number": 2,
    "brackets": [
        bracket(
            1,
            ["T7", "T1", "T4"],
            [
                vgame("T1", {"p13": 4, "p14": 5, "p1": 5, "p2": 5, "p7": 3, "p8": 3}),
                vgame("T4", {"p13": 4, "p14": 4, "p1": 3, "p2": 4, "p7": 6, "p8": 4}),
                vgame("T1", {"p13": 5, "p14": 4, "p1": 4, "p2": 6, "p7": 5, "p8": 2}),
            ],
        )
    ],
}
# Each member: round 1 (×1) + final (×2).
NINE_TEAM_POINTS = {
    "T1": 4 + 10,  # 14
    "T2": 3,
    "T3": 2,
    "T4": 4 + 4,  # 8
    "T5": 3,
    "T6": 2,
    "T7": 4 + 6,  # 10
    "T8": 3,
    "T9": 2,
}


def nine_team_event() -> dict:
    return event_file(9, [copy.deepcopy(ROUND_1), copy.deepcopy(FINAL)])


def test_whole_nine_team_event_scores_each_member_with_the_team_points():
    result = standings_json(parse_event(nine_team_event()))
    by_player = {p["id"]: p for p in result["players"]}
    for k, points in enumerate(NINE_TEAM_POINTS.values(), start=1):
        for pid in (f"p{2 * k - 1}", f"p{2 * k}"):
            assert by_player[pid]["points"] == points, pid
            assert by_player[pid]["team"] == f"T{k}"
    assert by_player["p1"]["rounds"] == [
        {"round": 1, "table": 1, "place": 1, "points": 4},
        {"round": 2, "table": 1, "place": 1, "points": 10},
    ]
    assert by_player["p16"]["rounds"] == [{"round": 1, "table": 3, "place": 2, "points": 3}]
    assert by_player["p18"]["rounds"] == [{"round": 1, "table": 3, "place": 3, "points": 2}]
    assert by_player["p14"]["rounds"][1] == {"round": 2, "table": 1, "place": 2, "points": 6}
    assert result["winner"] == "T1"
    assert result["scored"] is True  # 18 participants ≥ 9 (§2)
    # Officials count players, not teams (§6): coordinator 18, judge 18 // 2 = 9.
    assert result["officials"] == [
        {"name": "Ann Organiser", "role": "coordinator", "points": 18},
        {"name": "Bob Judge", "role": "judge", "points": 9},
    ]
    # Ordered by points: the two T1 members first (14 each).
    assert [p["id"] for p in result["players"][:2]] == ["p1", "p2"]


def test_nine_team_event_round_trips_canonically():
    text = serialize_event(parse_event(nine_team_event()))
    assert serialize_event(parse_event(text)) == text
    assert json.loads(text)["teams"][0] == {"id": "T1", "name": "Red", "players": ["p1", "p2"]}


def test_team_event_multiplier_reaches_every_member():
    data = nine_team_event()
    data["event_multiplier"] = 2
    result = standings_json(parse_event(data))
    points = {p["id"]: p["points"] for p in result["players"]}
    assert points["p1"] == points["p2"] == 2 * 14  # (4 + 10) × 2
    assert points["p17"] == 2 * 2


def test_round_one_winners_advance_as_teams():
    event = parse_event(event_file(9, [copy.deepcopy(ROUND_1)]))
    result = advance_teams(event, 1)
    assert result.winners == ("T1", "T4", "T7")
    assert result.next_is_final and not result.wildcards


def test_wildcards_are_teams():
    # 6 teams, two brackets: winners T1 and T4 (2 cannot be seated) → one wildcard team.
    # Second places T2 and T5 have 3 points each (§6): then total unrazed realms in the
    # event: T2 = 8 + 8 = 16, T5 = 9 + 9 = 18 → T5 is the wildcard (decided by "unrazed").
    rounds = [
        {
            "number": 1,
            "brackets": [
                bracket(
                    1,
                    ["T1", "T2", "T3"],
                    [vgame("T1", {"p1": 5, "p2": 5, "p3": 4, "p4": 4, "p5": 3, "p6": 3})] * 2,
                ),
                bracket(
                    2,
                    ["T4", "T5", "T6"],
                    [vgame("T4", {"p7": 5, "p8": 5, "p9": 4, "p10": 5, "p11": 3, "p12": 3})] * 2,
                ),
            ],
        }
    ]
    event = parse_event(event_file(6, rounds))
    result = advance_teams(event, 1)
    assert result.advancing == ("T1", "T4", "T5")
    assert result.wildcards[0].decided_by == "unrazed"


# --- seating -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [(3, [3]), (4, [4]), (6, [3, 3]), (9, [3, 3, 3]), (10, [4, 3, 3]), (11, [4, 4, 3])],
)
def test_team_bracket_sizes_threes_and_a_fourth_team_for_the_remainder(n, sizes):
    assert team_bracket_sizes(n) == sizes


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_unseatable_team_counts_are_refused_in_team_words(n):
    with pytest.raises(SeatingError, match="team"):
        team_bracket_sizes(n)


def test_seat_order_alternates_teams_as_000_prints_it():
    a, b, c = teams(3)
    # 000: "Players always sit: A1, B1, C1, A2, B2, C2".
    assert seat_order([a, b, c]) == ("p1", "p3", "p5", "p2", "p4", "p6")


@pytest.mark.parametrize("n", [6, 9, 10, 11, 14])
def test_partners_never_sit_next_to_each_other(n):
    seating = seat_teams(teams(n), seed=7)
    members = {p: t.id for t in teams(n) for p in t.players}
    assert sorted(t for b in seating.brackets for t in b.teams) == sorted(t.id for t in teams(n))
    for table in seating.brackets:
        seats = table.seats
        assert len(seats) == 2 * len(table.teams)
        for i, player in enumerate(seats):  # the table is round: the last seat neighbours 0
            assert members[player] != members[seats[(i + 1) % len(seats)]]
    assert [len(b.teams) for b in seating.brackets] == sorted(team_bracket_sizes(n))


def test_team_seating_is_reproducible_and_independent_of_input_order():
    one = seat_teams(teams(12), seed=42)
    again = seat_teams(list(reversed(teams(12))), seed=42)
    assert one == again


@pytest.mark.parametrize("seed", range(5))
def test_teams_that_met_are_kept_apart(seed):
    # Round 1 tables {T1,T2,T3}, {T4,T5,T6}, {T7,T8,T9}: a round 2 where no two teams meet
    # again exists (one team of each table per bracket: 36 of the 280 partitions), so
    # every seed must find one.
    history = history_from_brackets([["T1", "T2", "T3"], ["T4", "T5", "T6"], ["T7", "T8", "T9"]])
    seating = seat_teams(teams(9), history=history, seed=seed)
    assert seating.repeat_pairs == 0
    for table in seating.brackets:
        assert len({(int(t[1:]) - 1) // 3 for t in table.teams}) == 3


def test_an_incomplete_team_is_not_seated():
    with pytest.raises(SeatingError, match="Solo"):
        seat_teams([*teams(3), Team("T9", "Solo", ("p99",))], seed=1)


# --- the team game check ------------------------------------------------------------------


def _check(counts: dict[str, int], winner: str | None = "T1", ended_by: str = "victory"):
    seated = teams(3)
    br = Bracket(1, ("T1", "T2", "T3"))
    fmt = Format(tournament_type="team-spirit", victory="enhanced", deck_size=55)
    return validate_team_game(game(winner, counts, ended_by), br, seated, fmt, "g")


FULL = {"p1": 6, "p2": 4, "p3": 3, "p4": 3, "p5": 5, "p6": 2}


def test_ten_combined_wins():
    assert _check(FULL) == []


def test_nine_combined_does_not_win_and_the_message_names_team_and_players():
    issues = _check({**FULL, "p2": 3})
    assert len(issues) == 1
    assert issues[0].path == "g.unrazed.p1"
    assert "'Red'" in issues[0].message and "p1 6 + p2 3 = 9" in issues[0].message


def test_the_winning_team_need_not_have_the_most():
    assert _check({**FULL, "p3": 6, "p4": 6}) == []  # Blue has 12, Red wins with 10


def test_each_member_count_is_within_the_deck_maximum():
    issues = _check({**FULL, "p1": 16})  # 55 cards: at most 15 realms (§3)
    assert [i.path for i in issues] == ["g.unrazed.p1"]
    assert "'p1' (team 'Red')" in issues[0].message and "0..15" in issues[0].message


def test_every_member_has_a_count():
    counts = dict(FULL)
    del counts["p4"]
    issues = _check(counts)
    assert [i.path for i in issues] == ["g.unrazed.p4"]
    assert "'p4' (team 'Blue')" in issues[0].message


def test_the_winner_is_a_seated_team():
    issues = _check(FULL, winner="p1")
    assert [i.path for i in issues] == ["g.winner"]


def test_a_game_ended_by_time_goes_to_the_team_with_most_realms():
    # Red 4 + 3 = 7, Blue 5 + 4 = 9, Green 2 + 2 = 4 → Blue.
    counts = {"p1": 4, "p2": 3, "p3": 5, "p4": 4, "p5": 2, "p6": 2}
    assert _check(counts, "T2", "time") == []
    issues = _check(counts, "T1", "time")
    assert [i.path for i in issues] == ["g.winner"] and "'Blue'" in issues[0].message


def test_timed_team_bracket_resolved_with_team_totals():
    # §5: time ends the bracket; most game wins, then most unrazed realms in total.
    # Game 1 T1 wins (10); game 2 time: T2 9 beats T1 7 → one win each;
    # totals T1 = 10 + 7 = 17, T2 = 6 + 9 = 15 → T1 1st, T2 2nd, T3 (5 + 4 = 9) 3rd.
    games = [
        vgame("T1", {"p1": 6, "p2": 4, "p3": 3, "p4": 3, "p5": 3, "p6": 2}),
        vgame("T2", {"p1": 4, "p2": 3, "p3": 5, "p4": 4, "p5": 2, "p6": 2}, "time"),
    ]
    data = event_file(3, [{"number": 1, "brackets": [bracket(1, ["T1", "T2", "T3"], games)]}])
    data["timed"] = True
    event = parse_event(data)
    outcome = place_bracket(team_event(event).rounds[0].brackets[0])
    assert outcome.finished_by == "time"
    assert [(p.player, p.place) for p in outcome.places] == [("T1", 1), ("T2", 2), ("T3", 3)]


def test_two_team_wins_end_the_bracket():
    r1 = copy.deepcopy(ROUND_1)
    r1["brackets"][1]["games"].append(r1["brackets"][1]["games"][0])
    _event, issues = read_event(event_file(9, [r1]))
    assert [i.path for i in issues] == ["rounds[0].brackets[1].games[2]"]


# --- invalid team files --------------------------------------------------------------------


def _issues(data: dict) -> list[tuple[str, str]]:
    _event, issues = read_event(data)
    return [(i.path, i.message) for i in issues]


def test_a_team_of_one_is_refused_with_its_place():
    data = nine_team_event()
    data["teams"][2]["players"] = ["p5"]
    paths = [p for p, _m in _issues(data)]
    assert "teams[2].players" in paths


def test_a_player_in_two_teams_is_refused():
    data = nine_team_event()
    data["teams"][1]["players"] = ["p3", "p1"]
    issues = _issues(data)
    assert ("teams[1].players[1]", "'p1' is already in team 'Red'") in issues


def test_a_bracket_must_list_team_ids():
    data = nine_team_event()
    data["rounds"][0]["brackets"][0]["players"][0] = "p1"
    issues = _issues(data)
    assert issues[0][0] == "rounds[0].brackets[0].players[0]"
    assert "unknown team id 'p1'" in issues[0][1]


def test_a_member_count_error_is_located():
    data = nine_team_event()
    data["rounds"][0]["brackets"][0]["games"][0]["unrazed"]["p2"] = 3  # Red 6 + 3 = 9
    issues = _issues(data)
    assert [p for p, _m in issues] == ["rounds[0].brackets[0].games[0].unrazed.p1"]


def test_teams_only_in_a_team_spirit_event():
    data = nine_team_event()
    data["tournament_type"] = "championship"
    assert ("teams", 'only a "team-spirit" event has teams') in _issues(data)

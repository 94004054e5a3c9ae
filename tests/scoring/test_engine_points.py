"""Points: the worked example, multipliers, points modes, officials and eligibility."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.model import Bracket, EventRecord, Format, Official, PlayerRef, Round
from scoring.placement import place_bracket
from scoring.points import bracket_points, eligibility, official_points, place_points
from scoring.standings import score_event, standings_json
from tests.scoring.strategies import game, worked_example_bracket


def won(table: int, seats: tuple[str, ...]) -> Bracket:
    """Seat 0 wins twice; the others keep distinct counts so places follow seat order."""
    counts = {p: 6 if i == 0 else len(seats) - i for i, p in enumerate(seats)}
    return Bracket(table, seats, (game(seats[0], counts),) * 2)


def event(rounds, n=9, fmt=None, judges=(), coordinator=None) -> EventRecord:
    players = tuple(PlayerRef(f"p{i}", f"Player {i}", str(100 + i)) for i in range(1, n + 1))
    coord = coordinator or Official("Ann", "C-1", False, "coordinator")
    return EventRecord(
        fmt or Format(), "E", dt.date(2026, 1, 1), "V", coord, judges, players, rounds
    )


NINE = Round(
    1, (won(1, ("p1", "p2", "p3")), won(2, ("p4", "p5", "p6")), won(3, ("p7", "p8", "p9")))
)
FINAL = Round(2, (won(1, ("p7", "p4", "p1")),))


def test_worked_example_points():
    outcome = place_bracket(worked_example_bracket())
    assert bracket_points(outcome, 5, final=True) == {"mike": 25, "john": 15, "jim": 10}


def test_worked_example_standings_json():
    players = (PlayerRef("mike", "Mike"), PlayerRef("jim", "Jim"), PlayerRef("john", "John"))
    rounds = (*(Round(n, ()) for n in range(1, 5)), Round(5, (worked_example_bracket(),)))
    ev = EventRecord(Format(), "E", dt.date(2026, 1, 1), "V", Official("C"), (), players, rounds)
    out = standings_json(ev)
    assert [(p["name"], p["points"]) for p in out["players"]] == [
        ("Mike", 25),
        ("John", 15),
        ("Jim", 10),
    ]
    assert out["players"][0]["rounds"] == [{"round": 5, "table": 1, "place": 1, "points": 25}]
    assert out["winner"] == "mike"


@pytest.mark.parametrize(
    ("place", "final_winner", "points"),
    [(1, False, 4), (2, False, 3), (3, False, 2), (4, False, 1), (1, True, 5), (None, False, 0)],
)
def test_place_points(place, final_winner, points):
    assert place_points(place, final_winner=final_winner) == points


def test_four_player_bracket_round_multiplier():
    outcome = place_bracket(won(1, ("a", "b", "c", "d")))
    assert bracket_points(outcome, 2) == {"a": 8, "b": 6, "c": 4, "d": 2}


def test_cumulative_nine_player_event():
    out = standings_json(event((NINE, FINAL)))
    points = {p["id"]: p["points"] for p in out["players"]}
    # Round 1: winners 4, seconds 3, thirds 2. Final (round 2): 5x2, 3x2, 2x2.
    assert points == {
        "p7": 4 + 10, "p4": 4 + 6, "p1": 4 + 4,
        "p2": 3, "p5": 3, "p8": 3, "p3": 2, "p6": 2, "p9": 2,
    }  # fmt: skip
    assert [p["id"] for p in out["players"]][:3] == ["p7", "p4", "p1"]
    # Equal points are ordered by name, then id.
    assert [p["id"] for p in out["players"]][3:] == ["p2", "p5", "p8", "p3", "p6", "p9"]
    assert out["winner"] == "p7" and out["scored"] is True


def test_double_points_multiplies_playing_points_only():
    out = standings_json(event((NINE, FINAL), fmt=Format(event_multiplier=2)))
    points = {p["id"]: p["points"] for p in out["players"]}
    assert points["p7"] == 28 and points["p9"] == 4
    assert out["officials"] == [{"name": "Ann", "role": "coordinator", "points": 9}]


def test_last_bracket_mode_counts_only_the_last_bracket():
    out = standings_json(event((NINE, FINAL), fmt=Format(points_mode="last-bracket")))
    rows = {p["id"]: p for p in out["players"]}
    assert rows["p7"]["points"] == 10
    assert rows["p7"]["rounds"] == [
        {"round": 1, "table": 3, "place": 1, "points": 0},
        {"round": 2, "table": 1, "place": 1, "points": 10},
    ]
    assert rows["p2"]["points"] == 3


def test_officials_points_and_forfeit():
    judges = (
        Official("Bob", "J-7", False, "judge"),
        Official("Cy", "103", False, "judge"),  # player number of p3: he played
        Official("Di", "J-9", True, "judge"),
    )
    ev = event((NINE, FINAL), judges=judges)
    officials = official_points(ev)
    assert [(o.name, o.points, o.forfeited) for o in officials] == [
        ("Ann", 9, False),
        ("Bob", 4, False),
        ("Cy", 0, True),
        ("Di", 0, True),
    ]
    played_coord = Official("Ann", "C-1", True, "coordinator")
    assert standings_json(event((NINE,), coordinator=played_coord))["officials"] == [
        {"name": "Ann", "role": "coordinator", "points": 0}
    ]


def test_fewer_than_nine_participants_is_not_scored():
    six = Round(1, (won(1, ("p1", "p2", "p3")), won(2, ("p4", "p5", "p6"))))
    result = eligibility(event((six,), n=6))
    assert not result.scored and "only 6 participants" in result.reasons[0]
    assert result.codes == ("too-few-participants",)
    assert standings_json(event((six,), n=6))["scored"] is False


def test_unscored_flag():
    result = eligibility(event((NINE,), fmt=Format(scored=False)))
    assert result.reasons == ("the event is unscored",) and result.codes == ("unscored",)


def _two_player_games(table: int, seats: tuple[str, ...]) -> Bracket:
    """Seat 0 wins twice; the last seat dropped before the first game (no count)."""
    players = seats[:-1]
    counts = {p: 6 if i == 0 else 1 for i, p in enumerate(players)}
    return Bracket(table, seats, (game(seats[0], counts),) * 2, None, seats[-1:])


def test_event_of_only_two_player_games_is_not_scored():
    # SPEC §2 [decision] after 000 RUNNING A TOURNAMENT ("only three-player-or-more games
    # count"): a player who dropped before a game did not take part in it.
    only_two = Round(
        1,
        (
            _two_player_games(1, ("p1", "p2", "p3")),
            _two_player_games(2, ("p4", "p5", "p6")),
            _two_player_games(3, ("p7", "p8", "p9")),
        ),
    )
    result = eligibility(event((only_two,)))
    assert not result.scored and result.codes == ("two-player-games-only",)
    assert standings_json(event((only_two,)))["scored"] is False
    # One three-player game is enough: the event is eligible.
    mixed = Round(1, (*only_two.brackets[:2], won(3, ("p7", "p8", "p9"))))
    assert eligibility(event((mixed,))).scored
    assert eligibility(event((NINE, FINAL))).scored


def test_undecided_bracket_scores_nothing_yet():
    tied = Bracket(1, ("p1", "p2", "p3"), (game("p1", {"p1": 6, "p2": 1, "p3": 1}),) * 2)
    standings = score_event(event((Round(1, (tied,)),), n=3))
    rows = {p.id: p for p in standings.players}
    assert rows["p1"].points == 5 and rows["p2"].points == 0
    assert rows["p2"].rounds[0].place is None

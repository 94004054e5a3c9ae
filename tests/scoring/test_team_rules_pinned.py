"""Team Spirit rules pinned by hand-worked cases (SPEC §4 drops, §5, §10), each failing
when its rule is broken: a team drops as a team (both members' drop records, from the
first member's drop point), a dropped team owes no counts, a team's razed realms are the
sum of both members' counts (one missing leaves the sum missing), a timed team final is won
by the team-level figures, and a player who did not play round 1 never joins later."""

from scoring.eventfile import read_event
from scoring.model import Bracket, Format, IssueCode, Team
from scoring.standings import standings_json
from scoring.teams import seated_as_teams, validate_team_game
from tests.scoring.strategies import game
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil
from tests.scoring.test_teams import bracket, vgame
from tests.scoring.test_teams import event_file as team_file

RED, BLUE, GREEN = (
    Team("A", "Red", ("p1", "p2")),
    Team("B", "Blue", ("p3", "p4")),
    Team("C", "Green", ("p5", "p6")),
)
TEAMS = {p: t for t in (RED, BLUE, GREEN) for p in t.players}
FMT = Format(tournament_type="team-spirit", victory="enhanced")


def stored(dropped=(), dropped_after=None, games=()) -> Bracket:
    """A bracket as the site stores it: seats A1 B1 C1 A2 B2 C2, player ids."""
    return Bracket(1, ("p1", "p3", "p5", "p2", "p4", "p6"), games, None, dropped, dropped_after)


def test_a_team_drops_only_with_both_members():
    # One member's drop record alone does not drop Red (the site drops both at once).
    assert seated_as_teams(stored(dropped=("p1",)), TEAMS).dropped == ()
    assert seated_as_teams(stored(dropped=("p1", "p2")), TEAMS).dropped == ("A",)


def test_a_team_left_when_its_first_member_did():
    # p1 dropped after game 1, p2 after game 2: Red left after game 1.
    both = stored(dropped=("p1", "p2"), dropped_after={"p1": 1, "p2": 2})
    assert seated_as_teams(both, TEAMS).dropped_after == {"A": 1}
    reverse = stored(dropped=("p1", "p2"), dropped_after={"p1": 2, "p2": 1})
    assert seated_as_teams(reverse, TEAMS).dropped_after == {"A": 1}


def test_a_dropped_team_owes_no_counts():
    # Red dropped: a game of Blue (7 + 3 = 10, wins) and Green, no count for p1 or p2.
    bracket = Bracket(1, ("A", "B", "C"), (), None, ("A",))
    played = game("B", {"p3": 7, "p4": 3, "p5": 2, "p6": 2})
    assert validate_team_game(played, bracket, [RED, BLUE, GREEN], FMT) == []
    # Blue did not drop: a missing count of p4 is asked for.
    missing = game("B", {"p3": 10, "p5": 2, "p6": 2})
    found = validate_team_game(missing, Bracket(1, ("A", "B", "C")), [RED, BLUE, GREEN], FMT)
    assert [i.path for i in found] == ["game.unrazed.p1", "game.unrazed.p2", "game.unrazed.p4"]


def test_a_teams_razed_sum_needs_both_members():
    # Out of cards: Red 3 + 3 = 6 and Blue 4 + 2 = 6 unrazed, level; Green 1 + 1 = 2. The
    # razed realms decide (004), but p2's count is missing: Red's sum is unknown, so the
    # game cannot be decided (p1's 3 alone would beat Blue's 1 + 1 = 2).
    played = game(
        "A",
        {"p1": 3, "p2": 3, "p3": 4, "p4": 2, "p5": 1, "p6": 1},
        "out_of_cards",
        razed={"p1": 3, "p3": 1, "p4": 1, "p5": 0, "p6": 0},
    )
    found = validate_team_game(played, Bracket(1, ("A", "B", "C")), [RED, BLUE, GREEN], FMT)
    assert [i.path for i in found] == ["game.razed"]
    complete = game(
        "A",
        {"p1": 3, "p2": 3, "p3": 4, "p4": 2, "p5": 1, "p6": 1},
        "out_of_cards",
        razed={"p1": 3, "p2": 0, "p3": 1, "p4": 1, "p5": 0, "p6": 0},
    )
    assert validate_team_game(complete, Bracket(1, ("A", "B", "C")), [RED, BLUE, GREEN], FMT) == []


def test_a_player_who_did_not_play_round_1_never_joins_later():
    # Ten players in the file; p10 did not play round 1 (nine seated), then sits in the
    # final instead of nobody: refused at his seat (SPEC §4: late players join round 1).
    data = event(10, [NINE_ROUND_1, [two_nil(1, [*seats(1, 4, 7), "p10"])]])
    _record, issues = read_event(data)
    assert ("rounds[1].brackets[0].players[3]", IssueCode.JOINED_LATE) in [
        (i.path, i.code) for i in issues
    ]


def test_a_timed_team_final_is_won_by_the_team_level_figures():
    # One table of three teams is the final (round 1, ×1), 60-minute rounds. Game 1: Red
    # wins with 5 + 5 = 10. Game 2 ends by time: the most unrazed realms win it, Blue
    # 6 + 5 = 11 (Red 3 + 3 = 6, Green 2 + 2 = 4); time ends the bracket. Red and Blue have
    # one win each; more unrazed realms over the bracket: Blue 4 + 4 + 11 = 19 against Red
    # 10 + 6 = 16 → Blue wins the event (5 points to each member), Red 2nd (3), Green
    # 4 + 4 = 8, 3rd (2).
    teams = {"p1": "T1", "p2": "T1", "p3": "T2", "p4": "T2", "p5": "T3", "p6": "T3"}
    final = {
        "number": 1,
        "brackets": [
            bracket(
                1,
                ["T1", "T2", "T3"],
                [
                    vgame("T1", {"p1": 5, "p2": 5, "p3": 4, "p4": 4, "p5": 2, "p6": 2}),
                    vgame("T2", {"p1": 3, "p2": 3, "p3": 6, "p4": 5, "p5": 2, "p6": 2}, "time"),
                ],
            )
        ],
    }
    data = team_file(3, [final], time_limit_minutes=60, scored=False)
    record, issues = read_event(data)
    assert issues == []
    result = standings_json(record)
    assert result["winner"] == "T2"
    points = {p["id"]: p["points"] for p in result["players"]}
    assert {teams[p]: n for p, n in points.items()} == {"T1": 3, "T2": 5, "T3": 2}

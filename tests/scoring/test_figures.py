"""The figures the site stores, as the engine returns them (`scoring.figures`, SPEC §6, §10).

Every expected figure is worked out by hand in the comments."""

from __future__ import annotations

from scoring.figures import (
    BracketState,
    PlayerStatus,
    SeatFigures,
    SeatInRound,
    StandingFigures,
    bracket_figures,
    final_place_key,
    final_places,
    player_status,
    standing_figures,
)
from scoring.model import Bracket, Format, Team
from scoring.points import round_multiplier
from tests.scoring.strategies import game

RED = Team("T1", "Red", ("p1", "p2"))
BLUE = Team("T2", "Blue", ("p3", "p4"))
GREEN = Team("T3", "Green", ("p5", "p6"))
TEAMS = {p: t for t in (RED, BLUE, GREEN) for p in t.players}
TEAM_FORMAT = Format(
    tournament_type="team-spirit", victory="enhanced", deck_size=55, event_multiplier=2
)


def test_round_multiplier_is_round_number_times_event_multiplier():
    # SPEC §6: placement points x round number x event multiplier; round 3 at double points.
    assert round_multiplier(3, 2) == 6
    assert round_multiplier(1, 1) == 1


def _team_bracket() -> Bracket:
    # Blue wins both games (game 1: 6 + 4 = 10, game 2: 5 + 5 = 10) → two wins, bracket over.
    # Red 3 + 3 and 2 + 2 → 10 in total; Green 2 + 2 and 4 + 4 → 12: Green 2nd, Red 3rd (§5).
    games = (
        game("p3", {"p1": 3, "p2": 3, "p3": 6, "p4": 4, "p5": 2, "p6": 2}),
        game("p4", {"p1": 2, "p2": 2, "p3": 5, "p4": 5, "p5": 4, "p6": 4}),
    )
    return Bracket(1, ("p1", "p3", "p5", "p2", "p4", "p6"), games)


def test_a_team_bracket_stores_its_first_players_id_as_winner_and_team_figures_on_members():
    figures = bracket_figures(_team_bracket(), 2, TEAM_FORMAT, teams=TEAMS)
    assert figures.state is BracketState.COMPLETE
    assert figures.winner == "p3"  # Blue's first player, though p4 won the last game
    # Points: 4/3/2 x round 2 x event multiplier 2 = 16/12/8, the same for both members.
    places = {p: (s.place, s.points) for p, s in figures.seats.items()}
    assert places == {
        "p3": (1, 16),
        "p4": (1, 16),
        "p5": (2, 12),
        "p6": (2, 12),
        "p1": (3, 8),
        "p2": (3, 8),
    }
    blue = figures.seats["p4"]
    assert (blue.unrazed_total, blue.games_won, blue.best_game) == (20, 2, 10)


def test_an_undecided_place_stores_no_points():
    # A bracket still playing: no place is decided, so no seat stores points (§6).
    bracket = Bracket(1, ("a", "b", "c"), (game("a", {"a": 6, "b": 2, "c": 1}),))
    figures = bracket_figures(bracket, 1, Format())
    assert figures.state is BracketState.IN_PROGRESS
    assert {s.points for s in figures.seats.values()} == {None}
    assert figures.seats["a"].games_won == 1


def test_the_finals_winner_is_the_tournament_winner_and_his_partner_too():
    # Team Spirit: both members of the winning team are 1st, so both are winners (§10).
    common = {"final": True, "final_winner": "p3", "closed": False, "advancing": ()}
    assert player_status(player="p3", place=1, **common) == (PlayerStatus.WINNER, False)
    assert player_status(player="p4", place=1, **common) == (PlayerStatus.WINNER, False)
    assert player_status(player="p5", place=2, **common) == (PlayerStatus.ELIMINATED, True)


def test_a_closed_round_eliminates_who_does_not_advance():
    common = {"final": False, "final_winner": None, "closed": True, "advancing": ("a",)}
    assert player_status(player="a", place=1, **common) == (PlayerStatus.ACTIVE, False)
    assert player_status(player="b", place=2, **common) == (PlayerStatus.ELIMINATED, True)


def test_final_places_put_the_winner_first_and_share_equal_keys():
    # The winner with 20 points is 1st ahead of 30 points; two players equal on every figure
    # share 3rd; the next is 5th (competition ranking). An undecided last place ranks after 4.
    def key(winner=False, points=0, last_round=1, last_place=1, unrazed=0, wins=0):
        return final_place_key(
            winner=winner,
            points=points,
            last_round=last_round,
            last_place=last_place,
            unrazed_total=unrazed,
            games_won=wins,
        )

    keys = [
        key(points=30),
        key(winner=True, points=20),
        key(points=10, unrazed=5),
        key(points=10, unrazed=5),
        key(points=10, last_place=None, unrazed=9),
        key(points=10, last_place=4, unrazed=1),
    ]
    assert final_places(keys) == [2, 1, 3, 3, 6, 5]


def _seat(number, *, place, points, unrazed=0, wins=0, final=False, closed=True, winner=None):
    return SeatInRound(
        round_number=number,
        final=final,
        closed=closed,
        advancing=("a",) if closed else (),
        bracket_winner=winner,
        figures=SeatFigures(
            place=place, points=points, unrazed_total=unrazed, games_won=wins, best_game=0
        ),
    )


def test_a_players_event_figures_add_his_seats_and_take_the_last_round_and_place():
    # SPEC §6: points add over the rounds; the final-place key reads the last round reached
    # and the place there. Player "a": 1st in round 1 (10 points, 5 unrazed, 2 wins), then
    # 2nd in the final (15 points, 3 unrazed, 1 win) won by "b".
    seats = [
        _seat(1, place=1, points=10, unrazed=5, wins=2, winner="a"),
        _seat(2, place=2, points=15, unrazed=3, wins=1, final=True, closed=False, winner="b"),
    ]
    figures = standing_figures("a", seats)
    assert figures.points == 25
    assert figures.round_points == {"1": 10, "2": 15}
    assert (figures.brackets_played, figures.last_round, figures.last_place) == (2, 2, 2)
    assert (figures.unrazed_total, figures.games_won) == (8, 3)
    assert figures.status == PlayerStatus.ELIMINATED and figures.eliminated_in_round == 2


def test_an_undecided_place_counts_no_points_and_leaves_the_last_place_open():
    figures = standing_figures("a", [_seat(1, place=None, points=None, closed=False)])
    assert figures.points == 0 and figures.round_points == {"1": 0}
    assert figures.last_place is None and figures.status == PlayerStatus.ACTIVE


def test_a_player_who_drops_is_dropped_in_his_round_unless_he_won_the_tournament():
    # SPEC §4: a dropped player takes no part in later games; a bracket winner who drops
    # keeps his place and points. The tournament winner keeps his title.
    played = [_seat(1, place=1, points=10, winner="a")]
    dropped = standing_figures("a", played, dropped_in_round=2)
    assert dropped.status == PlayerStatus.DROPPED and dropped.eliminated_in_round == 2
    assert dropped.points == 10
    won = [_seat(1, place=1, points=30, final=True, closed=False, winner="a")]
    champion = standing_figures("a", won, dropped_in_round=1)
    assert champion.status == PlayerStatus.WINNER and champion.eliminated_in_round is None


def test_a_player_never_seated_has_no_figures():
    assert standing_figures("a", []) == StandingFigures()

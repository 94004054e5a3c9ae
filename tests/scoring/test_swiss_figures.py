"""A one-on-one event's figures in the bracket shape (SPEC §11: a match won is 3 match points,
a drawn match 1, a match lost 0; a best of 3 is won with two games; the top cut plays until
someone wins and carries no match points). Expected values worked out by hand."""

from types import SimpleNamespace

from scoring.figures import PlayerStatus, SeatFigures
from scoring.model import EndedBy, Game
from scoring.swiss.figures import match_seat_figures, player_status, rounds_played
from scoring.swiss.model import Match, SwissRound, score_match
from scoring.swiss.standings import SwissRow, SwissStandings


def game(winner, a_unrazed, b_unrazed, ended_by=EndedBy.VICTORY):
    return Game(winner, ended_by, {"a": a_unrazed, "b": b_unrazed})


def figures(match, player, *, cut=False, best_of=3):
    return match_seat_figures(match, score_match(match, best_of, cut=cut), player, cut=cut)


def test_a_match_won_two_games_to_one():
    # a wins games 1 and 3 (6 and 5 realms left), b wins game 2 (a kept 2).
    match = Match(1, ("a", "b"), (game("a", 6, 1), game("b", 2, 6), game("a", 5, 0)))
    assert figures(match, "a") == SeatFigures(1, 3, 6 + 2 + 5, 2, 6)
    assert figures(match, "b") == SeatFigures(2, 0, 1 + 6 + 0, 1, 6)


def test_a_match_drawn_by_time_gives_both_first_and_one_point():
    match = Match(1, ("a", "b"), (game("a", 4, 0), game("b", 1, 3, EndedBy.TIME)))
    assert figures(match, "a") == SeatFigures(1, 1, 5, 1, 4)
    assert figures(match, "b") == SeatFigures(1, 1, 3, 1, 3)


def test_a_match_under_way_has_no_place_nor_points():
    match = Match(1, ("a", "b"), (game("a", 4, 0),))
    assert figures(match, "a") == SeatFigures(None, None, 4, 1, 4)


def test_a_top_cut_match_places_but_carries_no_points():
    match = Match(1, ("a", "b"), (game("b", 0, 6), game("b", 1, 5)))
    assert figures(match, "b", cut=True) == SeatFigures(1, None, 11, 2, 6)
    assert figures(match, "a", cut=True) == SeatFigures(2, None, 1, 0, 1)


def test_rounds_played_count_byes():
    # rounds_played reads only the event's rounds: a stand-in carries them.
    event = SimpleNamespace(
        rounds=(
            SwissRound(1, (Match(1, ("a", "b")),), byes=("c",)),
            SwissRound(2, (Match(1, ("a", "c")),), byes=("b",)),
        )
    )
    assert rounds_played(event) == {"a": [1, 2], "b": [1, 2], "c": [1, 2]}


def row(player):
    return SwissRow(player, player, 1, 0, 0, 0, 0, 0, 0, 0, 0)


def test_status_winner_then_dropped_then_eliminated_then_missed_cut():
    standings = SwissStandings(
        (), winner="a", eliminated={"c": 6, "d": 5}, missed_cut=frozenset({"b", "f"})
    )
    assert player_status(row("a"), standings, None) == (PlayerStatus.WINNER, None)
    assert player_status(row("b"), standings, 2) == (PlayerStatus.DROPPED, 2)
    assert player_status(row("c"), standings, None) == (PlayerStatus.ELIMINATED, 6)
    # SPEC §11: outside the cut, never "eliminated in round 4" (a round he did play).
    assert player_status(row("f"), standings, None) == (PlayerStatus.MISSED_CUT, None)
    assert player_status(row("e"), standings, None) == (PlayerStatus.ACTIVE, None)

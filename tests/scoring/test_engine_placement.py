"""Placement inside a bracket: the worked example, every tie-break, timed brackets, drops."""

from __future__ import annotations

import pytest

from scoring.model import Bracket, PlayerTotals
from scoring.placement import finished_by, place_bracket
from tests.scoring.strategies import game, worked_example_bracket


def places(bracket: Bracket) -> list[tuple[str, int | None]]:
    return [(p.player, p.place) for p in place_bracket(bracket).places]


def test_worked_example_places_and_totals():
    outcome = place_bracket(worked_example_bracket())
    assert outcome.complete and outcome.decided and outcome.finished_by == "two-wins"
    assert outcome.winner == "mike"
    assert [(p.player, p.place) for p in outcome.places] == [
        ("mike", 1),
        ("john", 2),
        ("jim", 3),
    ]
    assert outcome.totals["john"] == PlayerTotals(unrazed=19, wins=1, best=6)
    assert outcome.totals["jim"] == PlayerTotals(unrazed=18, wins=1, best=6)


def test_unfinished_bracket_has_no_places():
    bracket = Bracket(1, ("a", "b", "c"), (game("a", {"a": 6, "b": 1, "c": 2}),))
    outcome = place_bracket(bracket)
    assert not outcome.complete and outcome.winner is None
    assert all(p.place is None for p in outcome.places)
    assert finished_by(bracket) is None


A_WINS_TWICE = [game("a", {"a": 6, "b": 0, "c": 0, "d": 0})] * 2


@pytest.mark.parametrize(
    ("extra_games", "order", "expected", "tied"),
    [
        # Unrazed total decides.
        ([game("b", {"a": 0, "b": 6, "c": 3, "d": 2})], None, ["a", "b", "c", "d"], ()),
        # Equal unrazed (6 each): more games won.
        (
            [
                game("c", {"a": 0, "b": 3, "c": 6, "d": 0}),
                game("d", {"a": 0, "b": 3, "c": 0, "d": 6}),
            ],
            None,
            ["a", "c", "d", "b"],
            (("c", "d"),),
        ),
        # Equal unrazed and wins: best single game.
        (
            [
                game("b", {"a": 0, "b": 6, "c": 5, "d": 4}),
                game("c", {"a": 0, "b": 2, "c": 6, "d": 4}),
            ],
            None,
            ["a", "c", "b", "d"],
            (),
        ),
        # All level: the judge's order decides.
        (
            [
                game("b", {"a": 0, "b": 6, "c": 3, "d": 1}),
                game("c", {"a": 0, "b": 3, "c": 6, "d": 1}),
            ],
            ["c", "b"],
            ["a", "c", "b", "d"],
            (),
        ),
    ],
)
def test_tie_breaks(extra_games, order, expected, tied):
    bracket = Bracket(
        1, ("a", "b", "c", "d"), (A_WINS_TWICE[0], *extra_games, A_WINS_TWICE[1]), order
    )
    outcome = place_bracket(bracket)
    assert [p.player for p in outcome.places][: len(expected)] == expected
    assert outcome.tied_groups == tied
    assert outcome.places[0].place == 1


def test_equal_unrazed_wins_and_best_goes_to_the_judge():
    bracket = Bracket(
        1,
        ("a", "b", "c"),
        (
            game("a", {"a": 6, "b": 4, "c": 4}),
            game("b", {"a": 0, "b": 6, "c": 6}),
            game("a", {"a": 6, "b": 0, "c": 0}),
        ),
    )
    # b: 10 unrazed, 1 win, best 6; c: 10 unrazed, 0 wins -> b is 2nd without a judge.
    assert places(bracket) == [("a", 1), ("b", 2), ("c", 3)]
    level = Bracket(
        1,
        ("a", "b", "c"),
        (
            game("a", {"a": 6, "b": 4, "c": 4}),
            game("a", {"a": 6, "b": 3, "c": 3}),
        ),
    )
    outcome = place_bracket(level)
    assert outcome.complete and outcome.needs_decision and outcome.winner == "a"
    assert outcome.tied == ("b", "c")
    assert [(p.player, p.place) for p in outcome.places] == [("a", 1), ("b", None), ("c", None)]
    decided = place_bracket(Bracket(1, level.players, level.games, ("c", "b")))
    assert [(p.player, p.place) for p in decided.places] == [("a", 1), ("c", 2), ("b", 3)]
    assert not decided.needs_decision


def test_judge_order_must_cover_the_whole_tie():
    bracket = Bracket(
        1,
        ("a", "b", "c", "d"),
        (game("a", {"a": 6, "b": 2, "c": 2, "d": 2}),) * 2,
        ("b", "c"),
    )
    outcome = place_bracket(bracket)
    assert outcome.needs_decision and outcome.tied == ("b", "c", "d")


def test_three_player_bracket_points_places():
    bracket = Bracket(
        2,
        ("x", "y", "z"),
        (game("y", {"x": 3, "y": 6, "z": 5}), game("y", {"x": 4, "y": 7, "z": 2})),
    )
    assert places(bracket) == [("y", 1), ("z", 2), ("x", 3)]


class TestTimed:
    def test_time_ends_the_bracket_most_wins_then_winner(self):
        bracket = Bracket(
            1,
            ("a", "b", "c"),
            (
                game("a", {"a": 6, "b": 5, "c": 5}),
                game("b", {"a": 2, "b": 4, "c": 3}, "time"),
            ),
        )
        assert finished_by(bracket) == "time"
        # a and b have one win each; unrazed total a 8, b 9 -> b wins, a (8) vs c (8): a won more.
        assert places(bracket) == [("b", 1), ("a", 2), ("c", 3)]

    def test_time_wins_and_unrazed_level_needs_the_judge(self):
        games = (
            game("a", {"a": 6, "b": 3, "c": 1}),
            game("b", {"a": 3, "b": 6, "c": 1}, "time"),
        )
        outcome = place_bracket(Bracket(1, ("a", "b", "c"), games))
        assert outcome.complete and outcome.winner is None and outcome.needs_decision
        assert outcome.tied == ("a", "b")
        # SPEC §6: a and b wait for the judge (1st or 2nd); c (2 realms) is 3rd whatever he
        # decides, so his place is given at once.
        assert {p.player: p.place for p in outcome.places} == {"a": None, "b": None, "c": 3}
        decided = place_bracket(Bracket(1, ("a", "b", "c"), games, ("b", "a")))
        assert decided.winner == "b"
        assert [p.player for p in decided.places] == ["b", "a", "c"]

    def test_time_with_a_two_win_player_is_normal(self):
        games = (game("c", {"a": 1, "b": 1, "c": 6}), game("c", {"a": 1, "b": 1, "c": 4}, "time"))
        assert place_bracket(Bracket(1, ("a", "b", "c"), games)).winner == "c"


class TestDrops:
    def test_dropped_player_ranks_last_despite_realms(self):
        bracket = Bracket(
            1,
            ("a", "b", "c", "d"),
            (
                game("a", {"a": 6, "b": 5, "c": 1, "d": 1}),
                game("a", {"a": 6, "c": 1, "d": 0}),
            ),
            dropped=("b",),
        )
        assert places(bracket) == [("a", 1), ("c", 2), ("d", 3), ("b", 4)]

    def test_several_dropped_ordered_among_themselves(self):
        bracket = Bracket(
            1,
            ("a", "b", "c", "d"),
            (game("a", {"a": 6, "b": 2, "c": 5, "d": 0}), game("a", {"a": 6, "d": 1})),
            dropped=("b", "c"),
        )
        assert places(bracket) == [("a", 1), ("d", 2), ("c", 3), ("b", 4)]

    def test_bracket_winner_who_drops_after_winning_keeps_first_place(self):
        # SPEC §4: "A bracket winner who drops after winning keeps his place and points but
        # does not advance." a won both games, then dropped; c 3+3 = 6 realms, b 2+2 = 4.
        games = (game("a", {"a": 6, "b": 2, "c": 3}),) * 2
        outcome = place_bracket(Bracket(1, ("a", "b", "c"), games, dropped=("a",)))
        assert outcome.winner == "a"
        assert places(Bracket(1, ("a", "b", "c"), games, dropped=("a",))) == [
            ("a", 1),
            ("c", 2),
            ("b", 3),
        ]

    def test_last_player_standing_wins(self):
        outcome = place_bracket(Bracket(1, ("a", "b", "c"), (), dropped=("b", "c")))
        assert outcome.complete and outcome.finished_by == "drops" and outcome.winner == "a"

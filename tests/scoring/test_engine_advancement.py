"""Advancement: winners, wildcards for 2 and 5 advancing, the final, the tournament winner."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.advancement import advance, draw_order, event_totals, tournament_winner
from scoring.brackets import SeatingError, bracket_sizes, is_seatable
from scoring.model import Bracket, Format, Round
from tests.scoring.strategies import game
from tests.scoring.test_engine_points import FINAL, NINE, event, won


@pytest.mark.parametrize(
    ("n", "sizes"),
    [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]), (14, [4, 4, 3, 3])],
)
def test_bracket_sizes(n, sizes):
    assert bracket_sizes(n) == sizes and is_seatable(n)


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_unseatable_counts(n):
    assert not is_seatable(n)
    with pytest.raises(SeatingError):
        bracket_sizes(n)


def test_three_winners_go_to_the_final():
    step = advance(event((NINE,)))
    assert step.ready and step.winners == ("p1", "p4", "p7") and step.wildcards == ()
    assert step.next_is_final and not step.tournament_over


def test_final_decides_the_tournament():
    step = advance(event((NINE, FINAL)))
    assert step.tournament_over and step.tournament_winner == "p7"
    assert tournament_winner(event((NINE, FINAL))) == "p7"
    assert tournament_winner(event((NINE,))) is None


def test_two_advancing_get_a_wildcard_by_points():
    # 7 players: brackets of 4 and 3 -> 2 winners; best loser by points is a 2nd place.
    r1 = Round(1, (won(1, ("p1", "p2", "p3", "p4")), won(2, ("p5", "p6", "p7"))))
    step = advance(event((r1,), n=7))
    # p2 and p6 both have 3 points; p2 has 3+3=6 unrazed (4-player seat counts), p6 2+2=4.
    assert step.winners == ("p1", "p5")
    assert [(w.player, w.decided_by) for w in step.wildcards] == [("p2", "unrazed")]
    assert step.wildcards[0].tied_with == ("p6",)
    assert step.advancing == ("p1", "p5", "p2") and step.next_is_final


def test_five_advancing_level_candidates_go_to_the_seeded_draw():
    r1_seats = [tuple(f"p{i}" for i in range(s, s + 3)) for s in (1, 4, 7, 10, 13)]
    r1 = Round(1, tuple(won(t, seats) for t, seats in enumerate(r1_seats, 1)))
    step1 = advance(event((r1,), n=15))
    assert step1.winners == ("p1", "p4", "p7", "p10", "p13")
    # Five winners: one wildcard (all 2nd places have 3 points and 4 unrazed -> games won equal
    # -> seeded draw).
    assert len(step1.wildcards) == 1 and step1.wildcards[0].decided_by == "draw"
    assert set(step1.wildcards[0].tied_with) | {step1.wildcards[0].player} == {
        "p2",
        "p5",
        "p8",
        "p11",
        "p14",
    }
    assert len(step1.advancing) == 6 and not step1.next_is_final


def test_five_advancing_wildcard_by_unrazed():
    r1_seats = [tuple(f"p{i}" for i in range(s, s + 3)) for s in (1, 4, 7, 10, 13)]
    brackets = [won(t, seats) for t, seats in enumerate(r1_seats, 1)]
    # p2 also wins a game before p1's two wins: same 3 points, more unrazed realms.
    b = brackets[0]
    brackets[0] = replace(b, games=(game("p2", {"p1": 1, "p2": 6, "p3": 0}), *b.games))
    step = advance(event((Round(1, tuple(brackets)),), n=15))
    assert [(w.player, w.decided_by) for w in step.wildcards] == [("p2", "unrazed")]


def test_wildcard_draw_is_deterministic_and_seeded():
    players = ["a", "b", "c", "d"]
    assert draw_order("s1", 1, 0, players) == draw_order("s1", 1, 0, list(reversed(players)))
    orders = {tuple(draw_order(f"seed{i}", 1, 0, players)) for i in range(20)}
    assert len(orders) > 1
    r1_seats = [tuple(f"p{i}" for i in range(s, s + 3)) for s in (1, 4, 7, 10, 13)]
    r1 = Round(1, tuple(won(t, seats) for t, seats in enumerate(r1_seats, 1)))
    ev = event((r1,), n=15)
    assert advance(ev) == advance(ev)
    picked = advance(replace(ev, seed="x")).wildcards[0].player
    # The draw hashes player numbers (Player i has number 100 + i).
    numbers = {p.id: p.player_number for p in ev.players}
    expected = draw_order("x", 1, 0, ["p2", "p5", "p8", "p11", "p14"], numbers)[0]
    assert picked == expected


def test_the_wildcard_draw_does_not_depend_on_player_ids():
    # The site's records name players by database key, its event file by "p1", "p2" …;
    # the same players (same numbers) must draw the same wildcard (SPEC §6: the recorded
    # draw; §8: export → import gives the same event). 15 players, five 3-player brackets
    # won 2-0 by their first seat: five winners, all seconds level on points, realms and
    # wins → one wildcard by draw.
    r1_seats = [tuple(f"p{i}" for i in range(s, s + 3)) for s in (1, 4, 7, 10, 13)]
    as_file = event((Round(1, tuple(won(t, seats) for t, seats in enumerate(r1_seats, 1))),), n=15)
    site_id = {p.id: str(900 - int(p.id[1:])) for p in as_file.players}  # "p1" → "899" …
    as_site = replace(
        as_file,
        players=tuple(replace(p, id=site_id[p.id]) for p in as_file.players),
        rounds=(
            Round(
                1,
                tuple(
                    won(t, tuple(site_id[p] for p in seats)) for t, seats in enumerate(r1_seats, 1)
                ),
            ),
        ),
    )
    from_file = advance(as_file).wildcards[0]
    from_site = advance(as_site).wildcards[0]
    assert from_file.decided_by == from_site.decided_by == "draw"
    assert site_id[from_file.player] == from_site.player


def test_unfinished_round_is_not_ready():
    open_bracket = Bracket(3, ("p7", "p8", "p9"), (game("p7", {"p7": 6, "p8": 2, "p9": 1}),))
    r1 = Round(1, (*NINE.brackets[:2], open_bracket))
    step = advance(event((r1,)))
    assert not step.ready and step.pending == (3,) and step.winners == ("p1", "p4")


def test_dropped_players_are_never_wildcards():
    b1 = replace(won(1, ("p1", "p2", "p3", "p4")), dropped=("p2", "p3"))
    r1 = Round(1, (b1, won(2, ("p5", "p6", "p7"))))
    step = advance(event((r1,), n=7))
    assert step.wildcards[0].player == "p6"


def test_withdrawn_players_neither_advance_nor_become_wildcards():
    r1 = Round(1, (won(1, ("p1", "p2", "p3", "p4")), won(2, ("p5", "p6", "p7"))))
    step = advance(event((r1,), n=7), withdrawn={"p2", "p5"})
    # p5 won but left; p2 (the usual wildcard) left too: p1 plus the next two best losers.
    assert step.winners == ("p1",)
    assert "p2" not in step.advancing and "p5" not in step.advancing
    assert len(step.advancing) == 3 and step.next_is_final


def test_event_totals_span_rounds():
    totals = event_totals(event((NINE, FINAL)))
    assert totals["p7"].wins == 4 and totals["p7"].unrazed == 24


def test_round_with_a_single_bracket_is_final():
    assert FINAL.is_final and not NINE.is_final
    assert Format().max_realms == 15


def test_wildcard_by_points_in_round_two():
    r1_seats = [tuple(f"p{i}" for i in range(s, s + 3)) for s in (1, 4, 7, 10, 13)]
    r1 = Round(1, tuple(won(t, seats) for t, seats in enumerate(r1_seats, 1)))
    wild = advance(event((r1,), n=15)).wildcards[0].player
    r2 = Round(2, (won(1, ("p1", "p4", "p7")), won(2, ("p10", wild, "p13"))))
    step = advance(event((r1, r2), n=15))
    # Two winners; p4 (4 + 6 points) beats the round-1 wildcard (3 + 6) on points.
    assert step.winners == ("p1", "p10")
    assert [(w.player, w.decided_by) for w in step.wildcards] == [("p4", "points")]
    assert step.next_is_final

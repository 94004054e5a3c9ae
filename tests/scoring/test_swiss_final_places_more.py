"""A one-on-one event's printed standings (`scoring/swiss/standings.py`) that planted one-line
bugs once got past. Worked out by hand from SPEC §11 "Standing" (match points: win 3, draw
1, loss 0; OMW, GW, OGW each at least 1/3; unrazed realms), "Final places" and the
`score_event` JSON ("percentages as numbers from 0 to 1, rounded to 4 places"; `record`
"W-L-D")."""

import datetime as dt

from scoring.model import EndedBy, Format, Game, Official, PlayerRef, Role
from scoring.swiss.model import Match, SwissEvent, SwissRound
from scoring.swiss.pairing import PairedMatch, pair_next_cut_round, pair_next_round
from scoring.swiss.standings import score_swiss_event, swiss_standing, swiss_standings_json
from tests.scoring.test_swiss_standings_more import _game, _match, four_player_event


def test_players_never_paired_come_last_with_nothing_counted():
    # One Swiss round: p1 beats p2 2-0 (6 realms to 3 in each game); p3 and p4 are listed
    # but never paired. p1: 3 match points; OMW = p2's 0/3 floored at 1/3; GW 6/6 = 1; OGW
    # = p2's GW, 0/6 floored at 1/3; unrazed 12. p2: 0 points; OMW = p1's 3/3 = 1; GW 1/3;
    # OGW = 1; unrazed 6. p3 and p4 played nothing: every figure 0, record 0-0-0, placed
    # after everyone who played, in the players list's order.
    event = four_player_event([_match(1, "p1", "p2", [_game("p1", "p2")] * 2)])
    rows = swiss_standings_json(event)["players"]
    assert [
        (r["id"], r["place"], r["match_points"], r["omw"], r["gw"], r["ogw"], r["unrazed"])
        for r in rows
    ] == [
        ("p1", 1, 3, 0.3333, 1.0, 0.3333, 12),
        ("p2", 2, 0, 1.0, 0.3333, 1.0, 6),
        ("p3", 3, 0, 0.0, 0.0, 0.0, 0),
        ("p4", 4, 0, 0.0, 0.0, 0.0, 0),
    ]
    assert [r["record"] for r in rows] == ["1-0-0", "0-1-0", "0-0-0", "0-0-0"]


def _eight_player_event(cut_matches: tuple) -> SwissEvent:
    """Eight players, one Swiss round of best of 1 (b0-b3 beat b4-b7, 6 realms to 2), a top
    cut of 8, the recorded draw b0 … b7, and one cut round of these matches."""
    players = tuple(PlayerRef(f"b{i}", f"Blitz {i}") for i in range(8))
    swiss = SwissRound(
        1,
        tuple(
            Match(t, (f"b{t - 1}", f"b{t + 3}"), (_won(f"b{t - 1}", f"b{t + 3}"),))
            for t in (1, 2, 3, 4)
        ),
    )
    return SwissEvent(
        Format(deck_size=25, scored=False),
        "Blitz",
        dt.date(2026, 3, 1),
        "Kaunas",
        Official("Organizer", role=Role.COORDINATOR),
        players=players,
        best_of=1,
        swiss_rounds=1,
        top_cut=8,
        rounds=(swiss, SwissRound(2, cut_matches, cut=True)),
        draw=tuple(p.id for p in players),
    )


def _won(winner: str, loser: str) -> Game:
    return Game(winner, EndedBy.VICTORY, {winner: 6, loser: 2})


def test_no_next_cut_round_while_a_quarter_final_is_undecided():
    # After the Swiss round the winners b0-b3 lead (3 points; OMW 1/3, GW 1, 6 realms) and
    # the losers b4-b7 follow (0 points); each group is level on every figure, so the
    # recorded draw orders it: b0 … b7. The cut of 8 pairs 1 v 8, 4 v 5, 2 v 7, 3 v 6:
    # b0-b7, b3-b4, b1-b6, b2-b5. Three quarter-finals are won by the higher seed; b2-b5
    # has one game ended by time, drawn: a top-cut match goes on until someone wins (SPEC
    # §11), so the semi-finals cannot be paired yet and no one has won the event.
    drawn = Game(None, EndedBy.TIME, {"b2": 3, "b5": 3}, razed={"b2": 1, "b5": 1})
    event = _eight_player_event(
        (
            Match(1, ("b0", "b7"), (_won("b0", "b7"),)),
            Match(2, ("b3", "b4"), (_won("b3", "b4"),)),
            Match(3, ("b1", "b6"), (_won("b1", "b6"),)),
            Match(4, ("b2", "b5"), (drawn,)),
        )
    )
    assert swiss_standing(event) == tuple(f"b{i}" for i in range(8))
    assert pair_next_cut_round(event) == ()
    assert score_swiss_event(event).winner is None


def test_the_semi_finals_pair_the_winners_of_neighbouring_quarter_finals():
    # The same cut, every quarter-final won by the higher seed: b0, b3, b1, b2 in bracket
    # order, so b0 meets b3 and b1 meets b2 (SPEC §11: "each later cut round pairs the
    # winners of neighbouring matches").
    event = _eight_player_event(
        (
            Match(1, ("b0", "b7"), (_won("b0", "b7"),)),
            Match(2, ("b3", "b4"), (_won("b3", "b4"),)),
            Match(3, ("b1", "b6"), (_won("b1", "b6"),)),
            Match(4, ("b2", "b5"), (_won("b2", "b5"),)),
        )
    )
    assert pair_next_cut_round(event) == (
        PairedMatch(1, ("b0", "b3")),
        PairedMatch(2, ("b1", "b2")),
    )


def test_no_winner_while_a_match_of_the_last_of_two_swiss_rounds_is_unplayed():
    # Two Swiss rounds, no cut. Round 1 is played (p1 beats p2, p3 beats p4); in round 2
    # p1 beats p3 but p2-p4 has no result yet: the event has no winner until it is played
    # (SPEC §11: without a cut the last Swiss round ends the event). Once p4 beats p2,
    # p1 (6 match points, the only one) has won it.
    round_one = [
        _match(1, "p1", "p2", [_game("p1", "p2")] * 2),
        _match(2, "p3", "p4", [_game("p3", "p4")] * 2),
    ]
    waiting = four_player_event(
        round_one, [_match(1, "p1", "p3", [_game("p1", "p3")] * 2), _match(2, "p2", "p4", [])]
    )
    assert score_swiss_event(waiting).winner is None
    played = four_player_event(
        round_one,
        [
            _match(1, "p1", "p3", [_game("p1", "p3")] * 2),
            _match(2, "p2", "p4", [_game("p4", "p2")] * 2),
        ],
    )
    assert score_swiss_event(played).winner == "p1"


def test_a_second_bye_goes_to_the_one_player_who_has_not_had_one():
    # Three players, best of 1. Round 1: p1 beats p2, p3 has the bye. Round 2: p3 beats
    # p1, p2 has the bye. Now p3 has 6 match points, p1 and p2 3 each; p2 is ranked
    # lowest (OMW: p1's opponents p2 3/6 and p3 6/6 → 3/4; p2's one opponent p1 3/6 →
    # 1/2), but he had a bye already, and so did p3: the bye of round 3 is p1's (SPEC
    # §11: "to the lowest-ranked player who has not had one"), and p3 meets p2.
    players = tuple(PlayerRef(f"p{i}", f"Player {i}") for i in (1, 2, 3))
    event = SwissEvent(
        Format(deck_size=25, scored=False),
        "Byes",
        dt.date(2026, 3, 1),
        "Kaunas",
        Official("Organizer", role=Role.COORDINATOR),
        players=players,
        best_of=1,
        swiss_rounds=3,
        rounds=(
            SwissRound(1, (Match(1, ("p1", "p2"), (_won("p1", "p2"),)),), byes=("p3",)),
            SwissRound(2, (Match(1, ("p3", "p1"), (_won("p3", "p1"),)),), byes=("p2",)),
        ),
    )
    assert swiss_standing(event) == ("p3", "p1", "p2")
    pairing = pair_next_round(event, seed=1)
    assert pairing.bye == "p1"
    assert pairing.matches == (PairedMatch(1, ("p3", "p2")),)

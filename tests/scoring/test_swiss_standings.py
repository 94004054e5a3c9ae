"""Hand-worked one-on-one events (SPEC §11): standings, tie-breakers, the cut, final places.

Every expected figure below is worked out by hand from SPEC §11's text, never by the code:
  MW(x)  = x's match points ÷ (3 × Swiss rounds x played, a bye counting), at least 1/3;
  OMW(p) = the average of MW over p's opponents (a bye is never an opponent);
  GW(p)  = game points (won 3, drawn 1) ÷ (3 × games played, a bye's games counting),
           at least 1/3;
  OGW(p) = the average of the opponents' GW (each at least 1/3).
The fixtures are tests/eventfile/one_on_one/*.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.eventfile import read_any_event
from scoring.standings import score_event, standings_json
from scoring.swiss.model import SwissEvent
from scoring.swiss.standings import score_swiss_event, swiss_standing

KEYS = ("id", "place", "match_points", "omw", "gw", "ogw", "unrazed", "record")
FIXTURES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"


def load(name: str) -> SwissEvent:
    event, issues = read_any_event((FIXTURES / name).read_bytes())
    assert issues == [] and isinstance(event, SwissEvent)
    return event


def rows(name: str) -> list[dict]:
    return standings_json(load(name))["players"]


def test_eight_players_three_rounds_cut_of_four():
    # Best of 3. Games are won with 6 unrazed realms against 3 (so a player's unrazed is
    # 6 × games won + 3 × games lost, plus 3 for the drawn game of p6 v p8).
    # R1: p1 2-0 p2, p3 2-1 p4, p5 2-0 p6, p7 2-1 p8.
    # R2: p1 2-1 p3, p7 2-0 p5, p4 2-0 p2, p6 1-1 p8 and a game drawn by time: drawn match.
    # R3: p7 2-1 p1, p3 2-0 p5, p4 2-0 p8, p2 2-1 p6.
    # Match points: p7 9; p1, p3, p4 6; p5, p2 3; p6, p8 1.
    # MW: p7 9/9 = 1; p1 = p3 = p4 = 6/9 = 2/3; p5 = p2 = 3/9 = 1/3; p6 = p8 = 1/9 → 1/3.
    # OMW p1 (p2, p3, p7) = (1/3 + 2/3 + 1)/3 = 2/3        → 0.6667
    #     p3 (p4, p1, p5) = (2/3 + 2/3 + 1/3)/3 = 5/9      → 0.5556
    #     p4 (p3, p2, p8) = (2/3 + 1/3 + 1/3)/3 = 4/9      → 0.4444
    #     p7 (p8, p5, p1) = (1/3 + 1/3 + 2/3)/3 = 4/9      → 0.4444
    #     p5 (p6, p7, p3) = (1/3 + 1 + 2/3)/3 = 2/3        → 0.6667
    #     p2 (p1, p4, p6) = (2/3 + 2/3 + 1/3)/3 = 5/9      → 0.5556
    #     p8 (p7, p6, p4) = (1 + 1/3 + 2/3)/3 = 2/3        → 0.6667
    #     p6 (p5, p8, p2) = 1/3                            → 0.3333
    # GW: p1 5 won of 8 = 15/24 = 0.625; p3 the same; p4 5 of 7 = 15/21 = 5/7 → 0.7143;
    #     p7 6 of 8 = 18/24 = 0.75; p5 2 of 6 = 6/18 = 1/3; p2 2 of 7 = 6/21 → 1/3;
    #     p6 and p8 2 won, 1 drawn of 8 = 7/24 → 1/3.
    # OGW p1 (1/3, 5/8, 3/4) = 41/72 → 0.5694; p3 (5/7, 5/8, 1/3) = 281/504 → 0.5575;
    #     p4 (5/8, 1/3, 1/3) = 31/72 → 0.4306; p7 (1/3, 1/3, 5/8) = 31/72 → 0.4306;
    #     p5 (1/3, 3/4, 5/8) = 41/72 → 0.5694; p2 (5/8, 5/7, 1/3) = 281/504 → 0.5575;
    #     p8 (3/4, 1/3, 5/7) = 151/252 → 0.5992; p6 (1/3, 1/3, 1/3) → 0.3333.
    # Swiss standing: p7; p1, p3, p4 by OMW; p5, p2 by OMW; p8, p6 by OMW.
    # Cut of 4 (1 v 4, 2 v 3): p7 v p4 → p4 2-1; p1 v p3 → p1 2-0; final p1 2-1 p4.
    # Places: p1 (winner), p4 (lost the final), then the semi-final losers by Swiss
    # standing: p7 (1st) before p3 (3rd); then p5, p2, p8, p6.
    expected = [
        ("p1", 1, 6, 0.6667, 0.625, 0.5694, 39, "4-1-0"),
        ("p4", 2, 6, 0.4444, 0.7143, 0.4306, 36, "3-2-0"),
        ("p7", 3, 9, 0.4444, 0.75, 0.4306, 42, "3-1-0"),
        ("p3", 4, 6, 0.5556, 0.625, 0.5575, 39, "2-2-0"),
        ("p5", 5, 3, 0.6667, 0.3333, 0.5694, 24, "1-2-0"),
        ("p2", 6, 3, 0.5556, 0.3333, 0.5575, 27, "1-2-0"),
        ("p8", 7, 1, 0.6667, 0.3333, 0.5992, 30, "0-2-1"),
        ("p6", 8, 1, 0.3333, 0.3333, 0.3333, 30, "0-2-1"),
    ]
    got = [tuple(r[k] for k in KEYS) for r in rows("swiss_8_cut_4.json")]
    assert got == expected
    event = load("swiss_8_cut_4.json")
    assert swiss_standing(event) == ("p7", "p1", "p3", "p4", "p5", "p2", "p8", "p6")
    result = standings_json(event)
    assert result["winner"] == "p1" and result["scored"] is False
    # Rounds 4 and 5 are the cut's: p7 and p3 lost the semi-finals (round 4), p4 the final
    # (round 5); p5, p2, p8 and p6 missed the cut, eliminated in no round.
    standings = score_swiss_event(event)
    assert dict(standings.eliminated) == {"p7": 4, "p3": 4, "p4": 5}
    assert standings.missed_cut == {"p5", "p2", "p8", "p6"}


def test_five_players_byes_drawn_games_and_matches_and_a_drop():
    # Best of 1, timed. A bye is a match won 1-0: 3 match points, one game won (3 game
    # points), no opponent, no realms.
    # R1: q1 beats q2 (6 v 2); q3 v q4 drawn by time (4 v 4, razed 2 v 2, holdings 1 v 1);
    #     bye q5.
    # R2: q4 beats q1 by time (5 v 4); q5 beats q3 (6 v 1); bye q2; q3 drops after R2.
    # R3: q1 beats q5 (6 v 3); q4 v q2 drawn by running out of cards (3 v 3, 1 v 1, 2 v 2).
    # Match points: q1 3+0+3 = 6; q5 3+3+0 = 6; q4 1+3+1 = 5; q2 0+3+1 = 4; q3 1+0 = 1.
    # MW: q1 6/9 = 2/3; q5 2/3; q4 5/9; q2 4/9; q3 1/6 → 1/3 (he played 2 rounds).
    # OMW q1 (q2, q4, q5) = (4/9 + 5/9 + 6/9)/3 = 5/9 → 0.5556
    #     q5 (q3, q1)     = (3/9 + 6/9)/2 = 1/2       → 0.5
    #     q4 (q3, q1, q2) = (3/9 + 6/9 + 4/9)/3 = 13/27 → 0.4815
    #     q2 (q1, q4)     = (6/9 + 5/9)/2 = 11/18    → 0.6111
    #     q3 (q4, q5)     = (5/9 + 6/9)/2 = 11/18    → 0.6111
    # GW: q1 W L W = 6/9 → 0.6667; q5 bye W L = 6/9 → 0.6667; q4 D W D = 5/9 → 0.5556;
    #     q2 L bye D = 4/9 → 0.4444; q3 D L = 1/6 → 1/3.
    # OGW q1 (4/9, 5/9, 6/9) = 5/9; q5 (1/3, 2/3) = 1/2; q4 (1/3, 2/3, 4/9) = 13/27;
    #     q2 (2/3, 5/9) = 11/18; q3 (5/9, 2/3) = 11/18.
    # Unrazed: q1 6+4+6 = 16; q5 0+6+3 = 9; q4 4+5+3 = 12; q2 2+0+3 = 5; q3 4+1 = 5.
    # q1 and q5 are level on 6 match points: q1's OMW is higher. No cut: the winner is q1.
    expected = [
        ("q1", 1, 6, 0.5556, 0.6667, 0.5556, 16, "2-1-0"),
        ("q5", 2, 6, 0.5, 0.6667, 0.5, 9, "2-1-0"),
        ("q4", 3, 5, 0.4815, 0.5556, 0.4815, 12, "1-0-2"),
        ("q2", 4, 4, 0.6111, 0.4444, 0.6111, 5, "1-1-1"),
        ("q3", 5, 1, 0.6111, 0.3333, 0.6111, 5, "0-1-1"),
    ]
    got = [tuple(r[k] for k in KEYS) for r in rows("swiss_5_byes_drop.json")]
    assert got == expected
    assert standings_json(load("swiss_5_byes_drop.json"))["winner"] == "q1"


def test_cut_of_eight_places_by_the_round_lost_in():
    # One Swiss round, best of 1: a1 beats a2 (9 v 5), a3 beats a4 (8 v 4), a5 beats a6
    # (7 v 3), a7 beats a8 (6 v 2). Winners: 3 points, OMW 1/3 (each opponent's 0 is
    # floored), GW 1, OGW 1/3; losers: 0, OMW 1, GW 1/3, OGW 1. Unrazed orders each group:
    # standing a1, a3, a5, a7, a2, a4, a6, a8 = seeds 1..8.
    # Quarter-finals 1 v 8, 4 v 5, 2 v 7, 3 v 6: a8 beats a1, a7 beats a2, a3 beats a6,
    # a4 beats a5. Semi-finals (winners of neighbouring matches): a7 beats a8, a4 beats
    # a3. Final: a game drawn by time, so the cut match goes on; a4 wins the next game.
    # Places: a4, a7; semi-final losers by seed: a3 (2), a8 (8); quarter-final losers by
    # seed: a1 (1), a5 (3), a2 (5), a6 (7).
    expected = [
        ("a4", 1, 0, 1.0, 0.3333, 1.0, 4, "3-1-0"),
        ("a7", 2, 3, 0.3333, 1.0, 0.3333, 6, "3-1-0"),
        ("a3", 3, 3, 0.3333, 1.0, 0.3333, 8, "2-1-0"),
        ("a8", 4, 0, 1.0, 0.3333, 1.0, 2, "1-2-0"),
        ("a1", 5, 3, 0.3333, 1.0, 0.3333, 9, "1-1-0"),
        ("a5", 6, 3, 0.3333, 1.0, 0.3333, 7, "1-1-0"),
        ("a2", 7, 0, 1.0, 0.3333, 1.0, 5, "0-2-0"),
        ("a6", 8, 0, 1.0, 0.3333, 1.0, 3, "0-2-0"),
    ]
    got = [tuple(r[k] for k in KEYS) for r in rows("swiss_8_cut_8.json")]
    assert got == expected
    assert standings_json(load("swiss_8_cut_8.json"))["winner"] == "a4"


def test_output_has_exactly_the_spec_shape():
    result = standings_json(load("swiss_8_cut_4.json"))
    assert list(result) == ["players", "scored", "winner"]
    keys = ["id", "name", "place", "match_points", "omw", "gw", "ogw", "unrazed", "record"]
    assert all(list(row) == keys for row in result["players"])
    assert [row["place"] for row in result["players"]] == list(range(1, 9))
    assert result["players"][0]["name"] == "Aiste"


def test_score_event_returns_final_places_and_is_never_scored():
    standings = score_event(load("swiss_5_byes_drop.json"))
    assert standings.scored is False
    assert [row.id for row in standings.players] == ["q1", "q5", "q4", "q2", "q3"]


def _without_last_rounds(name: str, keep: int) -> dict:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["rounds"] = data["rounds"][:keep]
    return data


@pytest.mark.parametrize("keep", [3, 4])
def test_no_winner_until_the_final_is_decided(keep):
    event, issues = read_any_event(_without_last_rounds("swiss_8_cut_4.json", keep))
    assert issues == []
    result = standings_json(event)
    assert result["winner"] is None
    if keep == 4:  # semi-finals played: finalists first (by Swiss standing), then losers
        assert [r["id"] for r in result["players"][:4]] == ["p1", "p4", "p7", "p3"]


def test_no_winner_while_swiss_rounds_remain():
    event, issues = read_any_event(_without_last_rounds("swiss_5_byes_drop.json", 2))
    assert issues == []
    assert standings_json(event)["winner"] is None


def test_the_recorded_draw_orders_players_level_on_everything():
    # Two players, one drawn match: every figure is equal, so the recorded draw decides.
    data = json.loads((FIXTURES / "swiss_5_byes_drop.json").read_text(encoding="utf-8"))
    game = {
        "winner": None,
        "ended_by": "time",
        "unrazed": {"q1": 3, "q2": 3},
        "razed": {"q1": 0, "q2": 0},
        "holdings": {"q1": 0, "q2": 0},
    }
    data["players"] = data["players"][:2]
    data["swiss_rounds"] = 1
    data["rounds"] = [
        {"number": 1, "matches": [{"table": 1, "players": ["q1", "q2"], "games": [game]}]}
    ]
    for order in (["q2", "q1"], ["q1", "q2"]):
        data["draw"] = order
        event, issues = read_any_event(data)
        assert issues == []
        assert [r["id"] for r in standings_json(event)["players"]] == order

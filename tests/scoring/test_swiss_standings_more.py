"""A one-on-one event's Swiss standing broken by game-win percentage, that a planted one-line
bug once got past. Worked out by hand from SPEC §11 "Standing": match points; then OMW (each
opponent's match points ÷ 3 per round, at least 1/3); then GW (game points, a game won 3,
÷ 3 per game played, at least 1/3); then OGW; then unrazed realms."""

import json

from scoring.eventfile import read_any_event
from scoring.swiss.model import SwissEvent
from scoring.swiss.standings import swiss_standing


def _game(winner: str, loser: str) -> dict:
    return {"winner": winner, "ended_by": "victory", "unrazed": {winner: 6, loser: 3}}


def one_round_event() -> SwissEvent:
    """Four players, best of 3, one Swiss round, no cut: p1 beats p2 2-0, p3 beats p4 2-1."""
    document = {
        "format": "spellfire-event/1",
        "name": "Tie-break Open",
        "date": "2026-11-21",
        "venue": "Vilnius",
        "structure": "one-on-one",
        "deck_size": 55,
        "deck_rules": "community",
        "tournament_type": "championship",
        "variants": [],
        "victory": "standard",
        "scored": False,
        "best_of": 3,
        "swiss_rounds": 1,
        "top_cut": 0,
        "coordinator": {"name": "Ona Organizer", "player_number": "C-1", "played": False},
        "judges": [],
        "players": [
            {"id": f"p{i}", "name": f"Player {i}", "player_number": ""} for i in (1, 2, 3, 4)
        ],
        "rounds": [
            {
                "number": 1,
                "matches": [
                    {"table": 1, "players": ["p1", "p2"], "games": [_game("p1", "p2")] * 2},
                    {
                        "table": 2,
                        "players": ["p3", "p4"],
                        "games": [_game("p4", "p3"), _game("p3", "p4"), _game("p3", "p4")],
                    },
                ],
            }
        ],
    }
    event, issues = read_any_event(json.dumps(document).encode())
    assert issues == [] and isinstance(event, SwissEvent)
    return event


def test_equal_match_points_and_omw_are_ordered_by_the_higher_game_win_percentage():
    # Match points: p1 3, p3 3, p2 0, p4 0.
    # OMW: p1's one opponent p2 has 0/3 → 1/3; p3's opponent p4 has 0/3 → 1/3: level.
    # GW: p1 won 2 of 2 games: 6/6 = 1; p3 won 2 of 3: 6/9 = 2/3 → p1 before p3.
    # p2 0/6 → 1/3; p4 3/9 = 1/3: level; OGW p2 = GW(p1) = 1, p4 = GW(p3) = 2/3 → p2 first.
    assert swiss_standing(one_round_event()) == ("p1", "p3", "p2", "p4")

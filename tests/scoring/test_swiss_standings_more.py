"""A one-on-one event's Swiss figures, that planted one-line bugs once got past. Worked out by
hand from SPEC §11 "Standing": match points; then OMW (each opponent's match points ÷ 3 per
round, at least 1/3); then GW (game points, a game won 3, ÷ 3 per game played, at least
1/3); then OGW; then unrazed realms; and "Drops": a no-show loses the match 0–2, or 0–1 in
best of 1 (like a bye, seen from the other side)."""

import json
from fractions import Fraction

from scoring.eventfile import read_any_event
from scoring.swiss.model import SwissEvent, score_match
from scoring.swiss.standings import figures, score_swiss_event, swiss_standing


def _game(winner: str, loser: str) -> dict:
    return {"winner": winner, "ended_by": "victory", "unrazed": {winner: 6, loser: 3}}


def _match(table: int, first: str, second: str, games: list[dict], **extra) -> dict:
    return {"table": table, "players": [first, second], "games": games, **extra}


def four_player_event(*rounds: list[dict]) -> SwissEvent:
    """Four players, best of 3, these Swiss rounds (each a list of matches), no cut."""
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
        "swiss_rounds": len(rounds),
        "top_cut": 0,
        "coordinator": {"name": "Ona Organizer", "player_number": "C-1", "played": False},
        "judges": [],
        "players": [
            {"id": f"p{i}", "name": f"Player {i}", "player_number": ""} for i in (1, 2, 3, 4)
        ],
        "rounds": [{"number": n, "matches": m} for n, m in enumerate(rounds, start=1)],
    }
    event, issues = read_any_event(json.dumps(document).encode())
    assert issues == [] and isinstance(event, SwissEvent)
    return event


def test_equal_match_points_and_omw_are_ordered_by_the_higher_game_win_percentage():
    # One round: p1 beats p2 2-0, p3 beats p4 2-1.
    # Match points: p1 3, p3 3, p2 0, p4 0.
    # OMW: p1's one opponent p2 has 0/3 → 1/3; p3's opponent p4 has 0/3 → 1/3: level.
    # GW: p1 won 2 of 2 games: 6/6 = 1; p3 won 2 of 3: 6/9 = 2/3 → p1 before p3.
    # p2 0/6 → 1/3; p4 3/9 = 1/3: level; OGW p2 = GW(p1) = 1, p4 = GW(p3) = 2/3 → p2 first.
    event = four_player_event(
        [
            _match(1, "p1", "p2", [_game("p1", "p2")] * 2),
            _match(2, "p3", "p4", [_game("p4", "p3"), _game("p3", "p4"), _game("p3", "p4")]),
        ]
    )
    assert swiss_standing(event) == ("p1", "p3", "p2", "p4")


def test_a_no_show_counts_as_two_games_won_for_the_opponent_in_best_of_three():
    # Round 1: p2 does not come (p1 wins 2-0, no games played); p3 beats p4 2-0.
    # Round 2: p3 beats p1 2-1; p4 beats p2 2-0.
    # p1's games: the no-show's 2 (both won) and 3 (1 won): GW = 3 × 3 / (3 × 5) = 3/5.
    no_show = _match(1, "p1", "p2", [], no_show="p2")
    event = four_player_event(
        [no_show, _match(2, "p3", "p4", [_game("p3", "p4")] * 2)],
        [
            _match(1, "p1", "p3", [_game("p3", "p1"), _game("p1", "p3"), _game("p3", "p1")]),
            _match(2, "p2", "p4", [_game("p4", "p2")] * 2),
        ],
    )
    score = score_match(event.swiss[0].matches[0], 3)
    assert (score.wins, score.winner) == ({"p1": 2, "p2": 0}, "p1")
    row = figures(event)["p1"]
    assert (row.match_points, row.games, row.gw) == (3, 5, Fraction(3, 5))


def test_a_match_not_played_yet_counts_for_no_one():
    # Round 1 under way: p1 has beaten p2 2-0, p3 and p4 have not played yet (no game, no
    # no-show). SPEC §11 "Standing": match points come from matches played: p1 3, p2 0, and
    # p3 and p4 0 (no draw is counted for a match that has not been played). p2's OMW is
    # p1's 3 ÷ 3 = 1, and p3 and p4 have no opponent yet: p2 stands second, ahead of them.
    event = four_player_event(
        [_match(1, "p1", "p2", [_game("p1", "p2")] * 2), _match(2, "p3", "p4", [])]
    )
    table = figures(event)
    assert [table[p].match_points for p in ("p1", "p2")] == [3, 0]
    assert all(p not in table or table[p].match_points == 0 for p in ("p3", "p4"))
    assert swiss_standing(event)[:2] == ("p1", "p2")


def test_no_winner_while_a_match_of_the_last_round_is_not_played():
    # One Swiss round, no cut: p1 has beaten p2, p3 and p4 have not played yet. SPEC §11:
    # the event is won by the standing's first once its Swiss rounds are played; with a
    # match of the last round still to play there is no winner yet, p1's lead
    # notwithstanding. Once p3 beats p4, p1 (3 points, OMW 1/3, GW 1) is the winner.
    unplayed = _match(2, "p3", "p4", [])
    played = _match(2, "p3", "p4", [_game("p3", "p4"), _game("p4", "p3"), _game("p3", "p4")])
    first = _match(1, "p1", "p2", [_game("p1", "p2")] * 2)
    assert score_swiss_event(four_player_event([first, unplayed])).winner is None
    assert score_swiss_event(four_player_event([first, played])).winner == "p1"

"""The hand-made event file of the ranking review tests: nine players whose points are
worked out by hand."""

from __future__ import annotations

import copy

from tournament.accounts.models import Player

NUMBERS = [f"H0{i}" for i in range(1, 10)]  # player numbers H01 … H09


def _bracket(table: int, ids: list[str], realms: tuple[int, int]) -> dict:
    """The first player wins two games 6–x–y; the second always has more realms than the
    third, so the places are 1, 2, 3 in seat order (SPEC §6 placement)."""
    first, second, third = ids
    games = [
        {"winner": first, "ended_by": "victory", "unrazed": {first: 6, second: r, third: r - 2}}
        for r in realms
    ]
    return {"table": table, "players": ids, "games": games, "tiebreak_order": None, "dropped": []}


def hand_event_file(name: str = "Hand Open") -> dict:
    """9 players, round 1 of three brackets and a final of their winners (p1, p4, p7).

    Points worked out by hand (SPEC §6: 4/3/2 × round; the final's winner 5 × round):
    round 1 — p1, p4, p7: 4; p2, p5, p8: 3; p3, p6, p9: 2.
    final (round 2) — p1: 5 × 2 = 10; p4: 3 × 2 = 6 (realms 4 + 5); p7: 2 × 2 = 4.
    totals — p1 14, p4 10, p7 8, p2 = p5 = p8 3, p3 = p6 = p9 2.
    officials — coordinator C-1: 1 per player = 9; judge J-7: 9 // 2 = 4.
    """
    ids = [f"p{i}" for i in range(1, 10)]
    return {
        "format": "spellfire-event/1",
        "name": name,
        "date": "2026-10-10",
        "venue": "Halifax",
        "deck_size": 55,
        "deck_rules": "community",
        "tournament_type": "championship",
        "variants": [],
        "victory": "standard",
        "scored": True,
        "event_multiplier": 1,
        "points_mode": "cumulative",
        "coordinator": {"name": "Cora Coordinator", "player_number": "C-1", "played": False},
        "judges": [{"name": "Jon Judge", "player_number": "J-7", "played": False}],
        "players": [
            {"id": pid, "name": f"Hand {pid}", "player_number": number}
            for pid, number in zip(ids, NUMBERS, strict=True)
        ],
        "rounds": [
            {
                "number": 1,
                "brackets": [
                    _bracket(1, ids[0:3], (4, 5)),
                    _bracket(2, ids[3:6], (4, 5)),
                    _bracket(3, ids[6:9], (4, 5)),
                ],
            },
            {"number": 2, "brackets": [_bracket(1, ["p1", "p4", "p7"], (4, 5))]},
        ],
    }


PLAYING_TOTALS = {
    "H01": 14,
    "H04": 10,
    "H07": 8,
    "H02": 3,
    "H05": 3,
    "H08": 3,
    "H03": 2,
    "H06": 2,
    "H09": 2,
}


def hand_totals(coordinator: Player, *, confirmed: bool = False) -> dict[str, int]:
    """Ranking points of the hand event by player number once accepted.

    SPEC §9 (officials of an imported event): the import makes the uploader its
    coordinator (9 points, 1 per player), but officials' points count only for officials
    a ranking officer confirms; the file's judge J-7 (4 points) matches no account and can
    never be confirmed."""
    return {**PLAYING_TOTALS, coordinator.player_number: 9} if confirmed else dict(PLAYING_TOTALS)


def other_results(document: dict) -> dict:
    """The same file with one game's counts changed (not an identical copy)."""
    changed = copy.deepcopy(document)
    changed["rounds"][0]["brackets"][0]["games"][0]["unrazed"]["p3"] = 1
    return changed

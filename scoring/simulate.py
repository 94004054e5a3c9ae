"""Plausible, valid game results for demos, benchmarks and tests (never used for real events)."""

import random
from collections.abc import Sequence

from scoring.model import EndedBy, Format, Game


def play_bracket(players: Sequence[str], fmt: Format, rng: random.Random) -> list[Game]:
    """Games of one bracket, played until a player has won two (victory condition each time)."""
    wins = dict.fromkeys(players, 0)
    games: list[Game] = []
    while max(wins.values()) < 2:
        winner = rng.choice(list(players))
        top = min(fmt.max_realms, fmt.victory_realms + rng.randint(0, 2))
        unrazed = {p: rng.randint(0, top) for p in players}
        unrazed[winner] = top
        games.append(Game(winner=winner, ended_by=EndedBy.VICTORY, unrazed=unrazed))
        wins[winner] += 1
    return games

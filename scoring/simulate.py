"""Plausible, valid game results for demos, benchmarks and tests (never used for real events)."""

import random
from collections.abc import Sequence

from scoring.model import EndedBy, Format, Game, Team
from scoring.teams import TEAM_VICTORY_REALMS


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


def play_team_bracket(teams: Sequence[Team], fmt: Format, rng: random.Random) -> list[Game]:
    """Games of a Team Spirit bracket until a team has won two: the winning team's members
    hold 10 unrazed realms together, the others fewer; winners are team ids."""
    wins = {t.id: 0 for t in teams}
    games: list[Game] = []
    while max(wins.values()) < 2:
        winner = rng.choice(list(teams))
        high = min(fmt.max_realms, TEAM_VICTORY_REALMS)
        own = rng.randint(TEAM_VICTORY_REALMS - high, high)
        unrazed = {p: rng.randint(0, 4) for t in teams for p in t.players}
        unrazed[winner.players[0]] = own
        unrazed[winner.players[1]] = TEAM_VICTORY_REALMS - own
        games.append(Game(winner=winner.id, ended_by=EndedBy.VICTORY, unrazed=unrazed))
        wins[winner.id] += 1
    return games

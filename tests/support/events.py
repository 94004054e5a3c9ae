"""Events with players: checked-in players added to an event, teams paired, an event of any
size played to the finish by the simulator."""

import datetime
import random

from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration, Team
from tournament.events.services.teams import pair_players
from tournament.rounds.simulate import run_event
from tournament.standings.recompute import refresh_event


def add_players(event: Event, count: int, prefix: str = "r") -> list[Player]:
    """`count` checked-in players (accounts included), named so they sort by number."""
    players = []
    for i in range(1, count + 1):
        player = make_player(f"{prefix}{i}", f"Player {i:03d}", club=f"Club {i % 4}")
        Registration.objects.create(event=event, player=player, checked_in=True)
        players.append(player)
    return players


def paired(event, n_teams: int) -> list[Team]:
    """n_teams teams of two checked-in players, paired by the organizer."""
    players = add_players(event, 2 * n_teams)
    regs = {r.player_id: r for r in event.registrations.all()}
    return [
        pair_players(
            event, regs[players[2 * i].pk], regs[players[2 * i + 1].pk], f"Team {i + 1:02d}"
        )
        for i in range(n_teams)
    ]


def build_event(organizer: Player, n: int, seed: int = 7, **fields) -> Event:
    """An event of n checked-in players (created without accounts), played to the finish."""
    defaults = {"name": f"Open {n}", "date": datetime.date(2026, 3, 14), "venue": "Halifax"}
    event = Event.objects.create(organizer=organizer, status="registration", **(defaults | fields))
    start = Player.objects.count()
    players = Player.objects.bulk_create(
        Player(
            player_number=f"T{start + i:05d}",
            name=f"Player {start + i:04d}",
            club=f"Club {i % 3}",
            country="CA" if i % 2 else "BR",
        )
        for i in range(n)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    run_event(event, random.Random(seed))
    refresh_event(event)
    return event

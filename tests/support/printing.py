"""The printing tests' players: checked-in players added in bulk (accounts included)."""

from tests.support.players import make_player
from tournament.events.models import Registration


def add_players(event, count: int, prefix: str = "q") -> list:
    players = [make_player(f"{prefix}{i}", f"Player {i:03d}") for i in range(1, count + 1)]
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    return players

"""Data the benchmarks build in their throw-away test database (Django must be set up)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournament.accounts.models import Player
    from tournament.events.models import Event


def event_with_players(tag: str, count: int, organizer: Player | None = None) -> Event:
    """An event open for registration with `count` checked-in players numbered `<tag>-00001`…
    (the organizer is created when not given)."""
    from tournament.accounts.models import Player
    from tournament.events.choices import Status
    from tournament.events.models import Event, Registration

    if organizer is None:
        organizer = Player.objects.create(player_number=f"ORG-{tag}", name=f"Organizer {tag}")
    event = Event.objects.create(
        name=f"Bench {tag}",
        date=datetime.date(2026, 6, 1),
        venue="Bench",
        organizer=organizer,
        status=Status.REGISTRATION,
    )
    people = Player.objects.bulk_create(
        Player(player_number=f"{tag}-{i:05d}", name=f"Player {tag} {i:05d}")
        for i in range(1, count + 1)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    return event


def located_players(tag: str, name: str, count: int, countries: list[str]) -> list[Player]:
    """`count` players numbered `<tag>00000`…, named `<name> 00000`…, from `countries` in
    turn, made in bulk."""
    from tournament.accounts.models import Player

    return Player.objects.bulk_create(
        Player(
            player_number=f"{tag}{i:05d}",
            name=f"{name} {i:05d}",
            country=countries[i % len(countries)],
        )
        for i in range(count)
    )

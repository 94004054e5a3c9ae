"""What the event files of both structures share, between the database and the engine's
records (SPEC §8 and §11): the players' ids in the file, the officials as the file lists
them, the people found or created at import, and the event's fields of a file's format.

`services` (bracket events) and `swiss` (one-on-one events) both build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from scoring import model as m
from scoring.swiss.model import SwissEvent
from tournament.accounts.models import Player
from tournament.eventfile.models import EventFileId, ImportedEvent
from tournament.events.choices import Structure
from tournament.events.models import Bracket, Event, Registration
from tournament.events.to_engine import engine_id
from tournament.results.models import Game

# --- export ---------------------------------------------------------------------------


def file_ids(event: Event) -> dict[int, str]:
    """Player pk → id in the event file, in the file's players order."""
    registrations = list(event.registrations.select_related("player"))
    stored = {
        f.registration_id: f
        for f in EventFileId.objects.filter(registration__event=event).order_by("position")
    }
    known = sorted(
        (r for r in registrations if r.pk in stored), key=lambda r: stored[r.pk].position
    )
    rest = sorted(
        (r for r in registrations if r.pk not in stored),
        key=lambda r: (r.player.name, r.player.player_number),
    )
    ids = {r.player_id: stored[r.pk].file_id for r in known}
    used, number = set(ids.values()), 0
    for registration in rest:
        number += 1
        while f"p{number}" in used:
            number += 1
        ids[registration.player_id] = f"p{number}"
    return ids


def _official(player: Player, role: m.Role, played: bool) -> m.Official:
    return m.Official(player.name, player.player_number, played, role)


def export_officials(
    event: Event, pk_ids: Mapping[int, str]
) -> tuple[m.Official, tuple[m.Official, ...]]:
    """The coordinator and the judges as the file lists them: ``played`` when registered as
    players, or when the imported file said so."""
    imported = ImportedEvent.objects.filter(event=event).first()
    played = set(imported.played_officials) if imported else set()
    judges = sorted(event.judges.all(), key=lambda j: (j.name, j.player_number, j.pk))
    coordinator = _official(
        event.organizer,
        m.Role.COORDINATOR,
        event.organizer_id in pk_ids or event.organizer_id in played,
    )
    return coordinator, tuple(
        _official(j, m.Role.JUDGE, j.pk in pk_ids or j.pk in played) for j in judges
    )


# --- import ---------------------------------------------------------------------------


@dataclass
class People:
    """The database players of the file's people, filled numbered ones first."""

    by_number: dict[str, Player]

    def get(self, person: m.PlayerRef | m.Official) -> Player:
        if person.player_number:
            return self.by_number[person.player_number]
        # Without a number: a new player (no account) with a fresh permanent number.
        return Player.objects.create(name=person.name, player_number=Player.next_player_number())


def numbered_players(people: Iterable[m.PlayerRef | m.Official]) -> People:
    """Find or create every numbered person first, so fresh numbers never collide."""
    by_number: dict[str, Player] = {}
    for person in people:
        number = person.player_number
        if number and number not in by_number:
            by_number[number], _created = Player.objects.get_or_create(
                player_number=number, defaults={"name": person.name}
            )
    return People(by_number)


def format_fields(fmt: m.Format) -> dict:
    """Event model fields of an engine format."""
    return {
        "deck_size": fmt.deck_size,
        "deck_rules": str(fmt.deck_rules),
        "tournament_type": str(fmt.tournament_type),
        "no_xs_digit": fmt.no_xs_digit,
        "variants": [str(v) for v in fmt.variants],
        "victory": str(fmt.victory),
        "scored": fmt.scored,
        "event_multiplier": fmt.event_multiplier,
        "points_mode": str(fmt.points_mode),
        "time_limit_minutes": fmt.time_limit_minutes,
        "rules_edition": str(fmt.rules_edition),
    }


def swiss_fields(record: SwissEvent) -> dict:
    """Event model fields of a one-on-one file: its structure, format, best of, Swiss rounds
    and top cut (never scored for the ranking, SPEC §11)."""
    return format_fields(record.format) | {
        "structure": Structure.ONE_ON_ONE,
        "scored": False,
        "best_of": record.best_of,
        "swiss_rounds": record.swiss_rounds,
        "top_cut": record.top_cut,
    }


def played_officials(
    record: m.EventRecord | SwissEvent, organizer: Player | None, judges: list[Player]
) -> list[int]:
    """Officials the file marks as having played (kept for the export's ``played``)."""
    played = [p.pk for j, p in zip(record.judges, judges, strict=True) if j.played]
    if organizer is not None and record.coordinator.played:
        played.insert(0, organizer.pk)
    return played


def register_players(
    event: Event,
    players: Iterable[m.PlayerRef],
    people,
    pk_of: dict[str, int],
    dropped: Mapping[str, int],
    checked_in: Callable[[str], bool],
) -> dict[str, Registration]:
    """A registration (and its file id) per player of a file, in file order; ``pk_of``
    learns each file id's player."""
    registrations = {}
    for position, ref in enumerate(players):
        player = people.get(ref)
        pk_of[ref.id] = player.pk
        registrations[ref.id] = Registration.objects.create(
            event=event,
            player=player,
            checked_in=checked_in(ref.id),
            dropped_in_round=dropped.get(ref.id),
        )
        EventFileId.objects.create(
            registration=registrations[ref.id], file_id=ref.id, position=position
        )
    return registrations


def _db_counts(pk_of: Mapping[str, int], counts: Mapping[str, int] | None) -> dict[str, int]:
    return {} if counts is None else {engine_id(pk_of[p]): n for p, n in counts.items()}


def store_games(row: Bracket, games: Iterable[m.Game], pk_of: Mapping[str, int]) -> None:
    """A file's games of one bracket or match, in play order, as accepted `Game` rows
    (counts keyed by the site's engine ids)."""
    Game.objects.bulk_create(
        Game(
            bracket=row,
            number=number,
            winner_id=None if game.winner is None else pk_of[game.winner],
            ended_by=str(game.ended_by),
            unrazed=_db_counts(pk_of, game.unrazed),
            razed=_db_counts(pk_of, game.razed),
            holdings=_db_counts(pk_of, game.holdings),
        )
        for number, game in enumerate(games, start=1)
    )


def file_heading(event: Event, fmt: m.Format, pk_ids: Mapping[int, str]) -> dict:
    """What every exported event file starts with: its format, name, date, venue and
    officials (under the file's ids), as keyword arguments of the engine's record."""
    coordinator, judges = export_officials(event, pk_ids)
    return {
        "format": fmt,
        "name": event.name,
        "date": event.date,
        "venue": event.venue,
        "coordinator": coordinator,
        "judges": judges,
    }

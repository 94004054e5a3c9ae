"""One-on-one events ↔ their event file (SPEC §11): export the file, import one.

The file is the engine's (`scoring.swiss.eventfile`); this module only maps it to the
site's rows and back. A match is a `Bracket` with two `Seat`s (positions 1 and 2) and its
`Game`s; a no-show is `Bracket.no_show`; a bye is the player's pk in `Round.byes`; who left
after a round is `Registration.dropped_in_round`; a top-cut round is `Round.is_cut`. Player
ids in the file are kept as `EventFileId` (as for bracket events), the file's seed and
recorded draw on `ImportedEvent`, so export → import → export gives the same document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.db import transaction

from scoring import model as m
from scoring.swiss import model as sw
from scoring.swiss.eventfile import serialize_swiss_event
from scoring.swiss.standings import score_swiss_event
from tournament.accounts.models import Player
from tournament.eventfile.common import (
    file_heading,
    file_ids,
    numbered_players,
    played_officials,
    register_players,
    store_games,
    swiss_fields,
)
from tournament.eventfile.models import ImportedEvent
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.to_engine import engine_id, swiss_event_of
from tournament.standings import recompute

__all__ = ["export_swiss_event", "export_swiss_text", "import_swiss_event"]


# --- export ---------------------------------------------------------------------------


def _game(ids: Mapping[str, str], game: m.Game) -> m.Game:
    def counts(values):
        return None if values is None else {ids.get(p, p): n for p, n in values.items()}

    return m.Game(
        winner=None if game.winner is None else ids.get(game.winner, game.winner),
        ended_by=game.ended_by,
        unrazed=counts(game.unrazed),
        razed=counts(game.razed),
        holdings=counts(game.holdings),
    )


def _match(ids: Mapping[str, str], match: sw.Match) -> sw.Match:
    return sw.Match(
        table=match.table,
        players=tuple(ids.get(p, p) for p in match.players),
        games=tuple(_game(ids, g) for g in match.games),
        no_show=None if match.no_show is None else ids.get(match.no_show, match.no_show),
    )


def export_swiss_event(event: Event) -> sw.SwissEvent:
    """The one-on-one event as the engine's SwissEvent with the file's player ids."""
    engine = swiss_event_of(event)
    pk_ids = file_ids(event)
    ids = {engine_id(pk): file_id for pk, file_id in pk_ids.items()}
    taking_part = {p.id: p for p in engine.players}
    if not engine.rounds:  # before round 1: everyone registered (the import checks them in)
        taking_part |= {p.id: p for p in _registered(event)}

    def remap(players: Iterable[str]) -> tuple[str, ...]:
        return tuple(ids.get(p, p) for p in players)

    return sw.SwissEvent(
        **file_heading(event, engine.format, pk_ids),
        players=tuple(
            m.PlayerRef(ids[p], taking_part[p].name, taking_part[p].player_number)
            for p in (engine_id(pk) for pk in pk_ids)
            if p in taking_part
        ),
        best_of=engine.best_of,
        swiss_rounds=engine.swiss_rounds,
        top_cut=engine.top_cut,
        rounds=tuple(
            sw.SwissRound(
                number=rnd.number,
                matches=tuple(_match(ids, match) for match in rnd.matches),
                byes=remap(rnd.byes),
                dropped=remap(rnd.dropped),
                cut=rnd.cut,
            )
            for rnd in engine.rounds
        ),
        seed=engine.seed,
        draw=remap(engine.draw),
    )


def _registered(event: Event) -> list[m.PlayerRef]:
    """Registered players off the waiting list who have not withdrawn."""
    rows = (
        event.registrations.filter(waitlisted=False)
        .exclude(dropped_in_round=0)
        .select_related("player")
    )
    return [
        m.PlayerRef(engine_id(r.player_id), r.player.name, r.player.player_number) for r in rows
    ]


def export_swiss_text(event: Event) -> str:
    """The canonical event file of a one-on-one event (SPEC §11)."""
    return serialize_swiss_event(export_swiss_event(event))


# --- import ---------------------------------------------------------------------------


def _dropped_in(event: sw.SwissEvent) -> dict[str, int]:
    dropped: dict[str, int] = {}
    for rnd in event.rounds:
        for player in rnd.dropped:
            dropped.setdefault(player, rnd.number)
    return dropped


def _round_closed(event: sw.SwissEvent, index: int) -> bool:
    """A round followed by another was closed; the last one is closed when every match in
    it is decided (the engine's rule: a player has the games, time, a no-show)."""
    rnd = event.rounds[index]
    if index + 1 < len(event.rounds):
        return True
    return all(sw.score_match(m, event.best_of, cut=rnd.cut).decided for m in rnd.matches)


def _is_final(event: sw.SwissEvent, index: int) -> bool:
    """The cut's final, or the last Swiss round of an event without a cut."""
    rnd = event.rounds[index]
    if rnd.cut:
        return len(rnd.matches) == 1
    swiss_played = sum(1 for r in event.rounds[: index + 1] if not r.cut)
    return not event.top_cut and swiss_played >= event.swiss_rounds


def _status(event: sw.SwissEvent) -> str:
    """Finished once the engine names a winner, running while rounds are played."""
    if not event.rounds:
        return Status.REGISTRATION
    last_closed = _round_closed(event, len(event.rounds) - 1)
    if last_closed and score_swiss_event(event).winner is not None:
        return Status.FINISHED
    return Status.RUNNING


def _register(
    event: Event, record: sw.SwissEvent, people, pk_of: dict[str, int]
) -> dict[str, Registration]:
    """A checked-in registration (and its file id) per player of the file, in file order."""
    return register_players(
        event, record.players, people, pk_of, _dropped_in(record), lambda _pid: True
    )


def _create_match(
    rnd: Round,
    match: sw.Match,
    pk_of: Mapping[str, int],
    registrations: Mapping[str, Registration],
) -> None:
    row = Bracket.objects.create(
        round=rnd,
        table=match.table,
        no_show_id=None if match.no_show is None else pk_of[match.no_show],
    )
    Seat.objects.bulk_create(
        Seat(bracket=row, registration=registrations[pid], position=position)
        for position, pid in enumerate(match.players, start=1)
    )
    store_games(row, match.games, pk_of)


def _create_rounds(
    event: Event,
    record: sw.SwissEvent,
    pk_of: Mapping[str, int],
    registrations: Mapping[str, Registration],
) -> None:
    for index, rnd in enumerate(record.rounds):
        closed = _round_closed(record, index)
        row = Round.objects.create(
            event=event,
            number=rnd.number,
            multiplier=1,
            seed=0,
            state=Round.State.CLOSED if closed else Round.State.SEATED,
            published=True,
            is_final=_is_final(record, index),
            is_cut=rnd.cut,
            byes=[pk_of[p] for p in rnd.byes],
        )
        for match in rnd.matches:
            _create_match(row, match, pk_of, registrations)


def import_swiss_event(
    record: sw.SwissEvent,
    organizer: Player | None,
    report: Callable[[str], None],
) -> Event:
    """Save a validated one-on-one file: the event, its registrations, rounds, matches,
    games, no-shows and drops, then the recompute (in one transaction)."""
    with transaction.atomic():
        officials = [record.coordinator, *record.judges] if organizer is None else [*record.judges]
        people = numbered_players([*record.players, *officials])
        pk_of: dict[str, int] = {}
        event_organizer = organizer or people.get(record.coordinator)
        judges = [people.get(j) for j in record.judges]
        event = Event.objects.create(
            name=record.name,
            date=record.date,
            venue=record.venue,
            organizer=event_organizer,
            status=_status(record),
            **swiss_fields(record),
        )
        event.judges.set(judges)
        registrations = _register(event, record, people, pk_of)
        _create_rounds(event, record, pk_of, registrations)
        ImportedEvent.objects.create(
            event=event,
            seed=record.seed,
            played_officials=played_officials(
                record, None if organizer else event_organizer, judges
            ),
            draw=[pk_of[p] for p in record.draw],
        )
        report("standings")
        recompute.refresh_event(event)
    return event

"""Event file ↔ database (SPEC §8): export an event as the canonical file, import a file.

Player ids in the file are never database keys (an import creates new rows): an imported
registration keeps the file's id (`EventFileId`); any other registration gets ``p<n>``
(the lowest free number, players ordered by name then player number). The file's seed and
its officials' ``played`` flags are kept on `ImportedEvent`; an event created in the site
exports its own draw seed ``event-<pk>``. So export → import → export is byte-identical.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import model as m
from scoring.advancement import advance, recorded_draw
from scoring.eventfile import EventFileError, read_any_event, serialize_event
from scoring.placement import place_bracket
from scoring.points import round_multiplier
from scoring.swiss.model import SwissEvent
from scoring.teams import recorded_winner, seat_order, team_event
from tournament.accounts.models import Player
from tournament.core.extras import Checks
from tournament.eventfile.common import (
    People,
    file_heading,
    file_ids,
    format_fields,
    numbered_players,
    played_officials,
    register_players,
    store_games,
    swiss_fields,
)
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.swiss import export_swiss_text, import_swiss_event
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat, Team
from tournament.events.to_engine import engine_id, event_record, team_engine_id
from tournament.standings import recompute

__all__ = [
    "EventFileError",
    "export_record",
    "export_text",
    "file_ids",
    "import_event",
    "import_issues",
    "name_mismatches",
]

# Rules of the apps above about what a bracket event's file may hold: the review refuses
# results identical to an event already accepted into the ranking (SPEC §9,
# `review.fingerprint.accepted_copy_issues`). Handed in by `site/subscriptions.py`.
BRACKET_FILE_CHECKS: Checks[[m.EventRecord]] = Checks("an imported bracket event file")


# --- export ---------------------------------------------------------------------------


def _remap(ids: Mapping[str, str], players: Iterable[str]) -> tuple[str, ...]:
    return tuple(ids.get(p, p) for p in players)


def _remap_counts(ids: Mapping[str, str], counts: Mapping[str, int] | None):
    return None if counts is None else {ids.get(p, p): n for p, n in counts.items()}


def _remap_bracket(ids: Mapping[str, str], bracket: m.Bracket) -> m.Bracket:
    games = tuple(
        m.Game(
            winner=None if g.winner is None else ids.get(g.winner, g.winner),
            ended_by=g.ended_by,
            unrazed=_remap_counts(ids, g.unrazed),
            razed=_remap_counts(ids, g.razed),
            holdings=_remap_counts(ids, g.holdings),
        )
        for g in bracket.games
    )
    order = bracket.tiebreak_order
    return m.Bracket(
        table=bracket.table,
        players=_remap(ids, bracket.players),
        games=games,
        tiebreak_order=None if order is None else _remap(ids, order),
        dropped=_remap(ids, bracket.dropped),
    )


def team_file_ids(event: Event, player_ids: Iterable[str]) -> dict[str, str]:
    """Engine team id → id in the event file: the imported one, else ``t<n>``."""
    used = set(player_ids)
    ids: dict[str, str] = {}
    number = 0
    for team in Team.objects.filter(event=event).order_by("pk"):
        if team.file_id:
            ids[team_engine_id(team.pk)] = team.file_id
            continue
        number += 1
        while f"t{number}" in used:
            number += 1
        ids[team_engine_id(team.pk)] = f"t{number}"
        used.add(f"t{number}")
    return ids


def export_record(event: Event) -> m.EventRecord:
    """The event as the engine's record with the event file's player ids and seed."""
    record = event_record(event)
    pk_ids = file_ids(event)
    ids = {engine_id(pk): file_id for pk, file_id in pk_ids.items()}
    ids |= team_file_ids(event, ids.values()) if record.teams else {}
    registrations = list(event.registrations.select_related("player"))
    names = {r.player_id: r.player for r in registrations}
    dropped_in = {
        engine_id(r.player_id): r.dropped_in_round for r in registrations if r.dropped_in_round
    }
    imported = ImportedEvent.objects.filter(event=event).first()
    draws = recorded_draws(event)
    return m.EventRecord(
        **file_heading(event, record.format, pk_ids),
        players=tuple(
            m.PlayerRef(file_id, names[pk].name, names[pk].player_number)
            for pk, file_id in pk_ids.items()
        ),
        rounds=tuple(
            m.Round(
                r.number,
                tuple(_remap_bracket(ids, b) for b in r.brackets),
                _remap(ids, _withdrawn_after(r, dropped_in)),
                _remap(ids, _entrants(record, draws.get(r.number, ())))
                if r.number == len(record.rounds)
                else (),
            )
            for r in record.rounds
        ),
        seed=imported.seed if imported else f"event-{event.pk}",
        teams=tuple(
            m.Team(ids[t.id], t.name, _remap(ids, t.players))
            for t in sorted(record.teams, key=lambda t: int(t.id[1:]))
        ),
    )


def recorded_draws(event: Event) -> dict[int, tuple[str, ...]]:
    """The outcome of the event's draws (SPEC §6), by round number: the wildcards a closed
    round picked by the draw, in pick order, as engine player ids (both members of a team).
    The file records the last closed round's draw in its ``draw`` list; a seated next round
    records the others by seating the drawn players."""
    draws: dict[int, tuple[str, ...]] = {}
    for number, wildcards in event.rounds.values_list("number", "wildcards"):
        drawn = [w["player"] for w in wildcards or () if w["decided_by"] == "draw"]
        if drawn:
            draws[number] = tuple(drawn)
    return draws


def _entrants(record: m.EventRecord, players: Iterable[str]) -> tuple[str, ...]:
    """Players as what the file's brackets seat: themselves, or their teams in Team Spirit."""
    team_of = {p: t.id for t in record.teams for p in t.players}
    return tuple(dict.fromkeys(team_of.get(p, p) for p in players))


def _withdrawn_after(rnd: m.Round, dropped_in: Mapping[str, int]) -> tuple[str, ...]:
    """Players who left after their bracket of this round ended (not dropped inside it)."""
    inside = {p for b in rnd.brackets for p in b.dropped}
    return tuple(p for p in rnd.players if dropped_in.get(p) == rnd.number and p not in inside)


def export_text(event: Event) -> str:
    """The canonical event file of an event (SPEC §8; a one-on-one event's: SPEC §11)."""
    if event.is_one_on_one:
        return export_swiss_text(event)
    return serialize_event(export_record(event))


# --- import ---------------------------------------------------------------------------

# Longest values the database keeps (Event, Player fields).
_EVENT_LENGTHS = {"name": 150, "venue": 150}
_PERSON_LENGTHS = {"name": 120, "player_number": 20}
# Event.clean()'s field names are the event file's keys too.
_FORMAT_FIELDS = ("deck_size", "no_xs_digit", "variants", "deck_rules", "victory", "structure")


def _too_long(path: str, value: str, limit: int) -> list[m.Issue]:
    if len(value) <= limit:
        return []
    msg = _("is too long for the database: at most %(limit)d characters, got %(count)d") % {
        "limit": limit,
        "count": len(value),
    }
    return [m.Issue(path, msg)]


def _people(record: m.EventRecord) -> list[tuple[str, m.PlayerRef | m.Official]]:
    people: list[tuple[str, m.PlayerRef | m.Official]] = [("coordinator", record.coordinator)]
    people += [(f"judges[{i}]", j) for i, j in enumerate(record.judges)]
    people += [(f"players[{i}]", p) for i, p in enumerate(record.players)]
    return people


def _format_issues(record: m.EventRecord | SwissEvent) -> list[m.Issue]:
    """The site's own format rules (Event.clean), e.g. TAV decks have 55 cards."""
    fields = swiss_fields(record) if isinstance(record, SwissEvent) else {}
    event = Event(**(format_fields(record.format) | fields))
    try:
        event.clean()
    except ValidationError as error:
        return [
            m.Issue(name if name in _FORMAT_FIELDS else "(file)", str(message))
            for name, messages in error.message_dict.items()
            for message in messages
        ]
    return []


def _official_issues(record: m.EventRecord, organizer: Player | None) -> list[m.Issue]:
    """Each official once: a judge who is also the coordinator (the uploader, when he
    replaces the file's coordinator) or another judge would earn points twice."""
    coordinator = (
        organizer.player_number if organizer is not None else record.coordinator.player_number
    )
    seen = {coordinator: "coordinator"} if coordinator else {}
    issues = []
    for i, judge in enumerate(record.judges):
        number = judge.player_number
        if number and number in seen:
            msg = _(
                "player number %(number)r is already the event's %(other)s: an official is "
                "listed once"
            ) % {
                "number": number,
                "other": seen[number],
            }
            issues.append(m.Issue(f"judges[{i}].player_number", msg))
        seen.setdefault(number, f"judges[{i}]")
    return issues


def import_issues(
    record: m.EventRecord | SwissEvent, organizer: Player | None = None
) -> list[m.Issue]:
    """What the database cannot hold although the file is valid: lengths, shared numbers,
    officials listed twice, and results identical to an event already accepted into the
    ranking (SPEC §9; a one-on-one event is never ranked, SPEC §11)."""
    issues = _format_issues(record)
    if isinstance(record, m.EventRecord):
        issues += BRACKET_FILE_CHECKS.run(record)
    issues += _official_issues(record, organizer)
    for name, limit in _EVENT_LENGTHS.items():
        issues += _too_long(name, getattr(record, name), limit)
    for path, person in _people(record):
        for name, limit in _PERSON_LENGTHS.items():
            issues += _too_long(f"{path}.{name}", getattr(person, name), limit)
    first: dict[str, int] = {}
    for i, player in enumerate(record.players):
        number = player.player_number
        if number and number in first:
            msg = _("player number %(number)r is also used by players[%(other)d]") % {
                "number": number,
                "other": first[number],
            }
            issues.append(m.Issue(f"players[{i}].player_number", msg, player=player.id))
        first.setdefault(number, i)
    return issues


def name_mismatches(record: m.EventRecord | SwissEvent) -> list[str]:
    """Players of the file whose number belongs to a database player of another name."""
    numbers = {p.player_number for p in record.players if p.player_number}
    known = dict(
        Player.objects.filter(player_number__in=numbers).values_list("player_number", "name")
    )
    return [
        _("players[%(index)d] “%(name)s” was matched by player number %(number)s to %(other)s")
        % {"index": i, "name": p.name, "number": p.player_number, "other": known[p.player_number]}
        for i, p in enumerate(record.players)
        if p.player_number in known and known[p.player_number] != p.name
    ]


def _create_event(record: m.EventRecord, organizer: Player, status: str) -> Event:
    return Event.objects.create(
        name=record.name,
        date=record.date,
        venue=record.venue,
        organizer=organizer,
        status=status,
        **format_fields(record.format),
    )


def _status(record: m.EventRecord) -> str:
    """Finished once the final is decided, running while rounds are played, else registration."""
    if not record.rounds:
        return Status.REGISTRATION
    last = record.rounds[-1]
    return Status.FINISHED if _final_decided(last) else Status.RUNNING


def _final_decided(rnd: m.Round) -> bool:
    return rnd.is_final and place_bracket(rnd.brackets[0]).decided


def _dropped_in(record: m.EventRecord) -> dict[str, int]:
    dropped: dict[str, int] = {}
    for rnd in record.rounds:
        for pid in [*(p for b in rnd.brackets for p in b.dropped), *rnd.withdrawn]:
            dropped.setdefault(pid, rnd.number)
    return dropped


def _register(
    event: Event, record: m.EventRecord, pk_of: dict[str, int], people: People
) -> dict[str, Registration]:
    """A registration (and its file id) per player of the file, in file order; checked in
    when he played round 1 (or the file has no round)."""
    round_one = set(record.rounds[0].players) if record.rounds else None
    return register_players(
        event,
        record.players,
        people,
        pk_of,
        _dropped_in(record),
        lambda pid: round_one is None or pid in round_one,
    )


def _wildcards(record: m.EventRecord, index: int) -> tuple[list[str], list[dict]]:
    """Who advanced from round ``index`` (engine ids), and the wildcards with their reason.

    The file was checked to seat exactly these players in its next round (SPEC §6); a tie
    that went to the draw is decided by the file's recorded draw (its ``draw`` list, else
    whichever tied player its next round seats), never by a draw of the site's own.
    """
    number = record.rounds[index].number
    adv = advance(record, number, drawn=recorded_draw(record, number))
    return list(adv.advancing), [_pick(w) for w in adv.wildcards]


def _pick(pick) -> dict:
    return {"player": pick.player, "decided_by": pick.decided_by, "tied_with": list(pick.tied_with)}


def _to_db(pk_of: Mapping[str, int], players: Iterable[str]) -> list[str]:
    return [engine_id(pk_of[p]) for p in players]


def _create_bracket(
    rnd: Round,
    bracket: m.Bracket,
    pk_of: Mapping[str, int],
    registrations: Mapping[str, Registration],
    wildcards: set[str],
) -> None:
    order = bracket.tiebreak_order
    row = Bracket.objects.create(
        round=rnd,
        table=bracket.table,
        tiebreak_order=None if order is None else _to_db(pk_of, order),
    )
    Seat.objects.bulk_create(
        Seat(
            bracket=row,
            registration=registrations[pid],
            position=position,
            dropped=pid in bracket.dropped,
            is_wildcard=pid in wildcards,
        )
        for position, pid in enumerate(bracket.players, start=1)
    )
    store_games(row, bracket.games, pk_of)


def _create_teams(event: Event, record: m.EventRecord, pk_of: Mapping[str, int]) -> dict[str, str]:
    """The file's teams, complete (paired by the file); file team id → engine team id."""
    registrations = {r.player_id: r for r in event.registrations.all()}
    engine_ids = {}
    for team in record.teams:
        first, second = (registrations[pk_of[p]] for p in team.players)
        row = Team.objects.create(
            event=event, name=team.name, first=first, second=second, accepted=True, file_id=team.id
        )
        engine_ids[team.id] = team_engine_id(row.pk)
    return engine_ids


def _seated_record(record: m.EventRecord) -> m.EventRecord:
    """A team event's brackets seat by seat (A1 B1 C1 A2 B2 C2), as the site stores them: a
    team's game is recorded as won by its first player, a dropped team's members dropped."""
    by_id = {t.id: t for t in record.teams}

    def seated(bracket: m.Bracket) -> m.Bracket:
        teams = [by_id[t] for t in bracket.players]
        games = tuple(
            m.Game(
                None if g.winner is None else recorded_winner(by_id[g.winner]),
                g.ended_by,
                g.unrazed,
                g.razed,
                g.holdings,
            )
            for g in bracket.games
        )
        dropped = tuple(p for t in bracket.dropped for p in by_id[t].players)
        return m.Bracket(bracket.table, seat_order(teams), games, None, dropped)

    rounds = tuple(m.Round(r.number, tuple(map(seated, r.brackets))) for r in record.rounds)
    return m.EventRecord(
        record.format,
        record.name,
        record.date,
        record.venue,
        record.coordinator,
        record.judges,
        record.players,
        rounds,
        record.seed,
    )


def _members(picks: list[dict], advancing: list[str], record: m.EventRecord):
    """Advancing teams and wildcard teams as their members (the site stores players)."""
    members = {t.id: t.players for t in record.teams}
    players = [p for t in advancing for p in members[t]]
    return players, [
        {**pick, "player": p, "team": pick["player"], "tied_with": []}
        for pick in picks
        for p in members[pick["player"]]
    ]


def _create_rounds(
    event: Event,
    record: m.EventRecord,
    pk_of: Mapping[str, int],
    registrations: Mapping[str, Registration],
) -> None:
    level, teams = record, record
    team_ids: dict[str, str] = {}
    if record.teams:
        team_ids = _create_teams(event, record, pk_of)
        level, record = team_event(record), _seated_record(record)
    wildcards: set[str] = set()
    for index, rnd in enumerate(record.rounds):
        has_next = index + 1 < len(record.rounds)
        # A round whose draw is recorded was closed (the draw is made when a round closes).
        closed = has_next or bool(level.rounds[index].draw) or _final_decided(level.rounds[index])
        advancing, picks = _wildcards(level, index) if closed else ([], [])
        if team_ids:
            advancing, picks = _members(picks, advancing, teams)
        row = Round.objects.create(
            event=event,
            number=rnd.number,
            multiplier=round_multiplier(rnd.number, event.event_multiplier),
            seed=0,
            state=Round.State.CLOSED if closed else Round.State.SEATED,
            published=True,
            is_final=rnd.is_final,
            advancing=_to_db(pk_of, advancing),
            wildcards=[
                {
                    **p,
                    "player": engine_id(pk_of[p["player"]]),
                    "tied_with": _to_db(pk_of, p["tied_with"]),
                }
                for p in picks
            ],
        )
        for b, bracket in enumerate(rnd.brackets):
            _create_bracket(row, bracket, pk_of, registrations, wildcards)
            order = level.rounds[index].brackets[b].tiebreak_order
            if team_ids and order is not None:  # a team bracket's judge orders teams
                Bracket.objects.filter(round=row, table=bracket.table).update(
                    tiebreak_order=[team_ids[t] for t in order]
                )
        wildcards = {p["player"] for p in picks}


def import_event(
    source: str | bytes | Mapping,
    organizer: Player | None = None,
    warnings: list[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Event:
    """Create an event from an event file (either structure, SPEC §8 and §11); raise
    EventFileError (nothing saved) if invalid.

    ``organizer`` (e.g. the uploading user's player) replaces the file's coordinator;
    ``warnings``, when given, receives what the importer should check (name mismatches).
    ``progress``, when given, is told each step ("checking", "saving", "standings").
    """
    report = progress or (lambda step: None)
    report("checking")
    record, issues = read_any_event(source)
    if record is None or issues:
        raise EventFileError(issues)
    issues = import_issues(record, organizer)
    if issues:
        raise EventFileError(issues)
    if warnings is not None:
        warnings += name_mismatches(record)
    report("saving")
    if isinstance(record, SwissEvent):  # one-on-one (SPEC §11)
        return import_swiss_event(record, organizer, report)
    with transaction.atomic():
        officials = [record.coordinator, *record.judges] if organizer is None else [*record.judges]
        people = numbered_players([*record.players, *officials])
        pk_of: dict[str, int] = {}
        event_organizer = organizer or people.get(record.coordinator)
        judges = [people.get(j) for j in record.judges]
        event = _create_event(
            record, event_organizer, _status(team_event(record) if record.teams else record)
        )
        event.judges.set(judges)
        registrations = _register(
            event, _seated_record(record) if record.teams else record, pk_of, people
        )
        _create_rounds(event, record, pk_of, registrations)
        ImportedEvent.objects.create(
            event=event,
            seed=record.seed,
            played_officials=played_officials(
                record, None if organizer else event_organizer, judges
            ),
        )
        report("standings")
        recompute.refresh_event(event)  # stores places and points, then the standings
    return event

"""Write side of the standings: `refresh_standings(event)` stores what pages read (§6).

Final place in an event ([decision], documented in docs/recompute.md and on the standings page):
the tournament winner is 1st; everyone else by total points (desc), then the last round
reached (later is better), then the place in that last bracket, then unrazed realms in the
event, then games won. Players equal on all of these share the place.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum, Value, Window
from django.db.models.functions import Rank
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.figures import (
    UNDECIDED_PLACE,
    PlayerStatus,
    SeatFigures,
    SeatInRound,
    StandingFigures,
    standing_figures,
)
from scoring.model import EventRecord
from scoring.points import (
    MIN_GAME_PLAYERS,
    MIN_SCORED_PARTICIPANTS,
    TOO_FEW_PARTICIPANTS,
    TWO_PLAYER_GAMES_ONLY,
    Eligibility,
    eligibility,
    official_points,
    took_part,
)
from scoring.ranking_history import CountedEvent, history, ranks_before_last
from tournament.accounts.locations import country_code
from tournament.accounts.models import Player
from tournament.core.fragments import bump
from tournament.core.happenings import announce
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round, Seat, Team
from tournament.events.to_engine import engine_id, event_record
from tournament.results.models import Game
from tournament.standings import figures as declared
from tournament.standings.figures import names
from tournament.standings.happenings import FiguresChanged
from tournament.standings.locks import locked_scoring
from tournament.standings.models import (
    SCORING_FORM_DUE_DAYS,
    EventScoring,
    EventStanding,
    OfficialScore,
    RankedScore,
    RankingStep,
    RankingTotal,
    ScoringFormSubmission,
    scoring_form_due,
)
from tournament.standings.store import update_rows

RANKING_CHUNK = 500  # players re-totalled per query (keeps IN lists under SQLite's limits)


def seat_in_round(rnd: Round, bracket: Bracket, seat: Seat) -> SeatInRound:
    """A stored seat as the engine totals it (`scoring.figures.standing_figures`): its
    declared figures (`seat.figures`), as the engine's `SeatFigures`."""
    return SeatInRound(
        round_number=rnd.number,
        final=rnd.is_final,
        closed=rnd.state == Round.State.CLOSED,
        advancing=rnd.advancing or (),
        bracket_winner=engine_id(bracket.winner_id) if bracket.winner_id is not None else None,
        figures=SeatFigures(**{name: getattr(seat.figures, name) for name in SEAT_FIGURES}),
    )


@dataclass
class _Entrant:
    """A registration and its seats in round order, as read for the engine."""

    registration_id: int
    player_id: int
    dropped_in_round: int | None
    seats: list[SeatInRound] = field(default_factory=list)

    def figures(self) -> StandingFigures:
        return standing_figures(engine_id(self.player_id), self.seats, self.dropped_in_round)

    def standing(self, event_id: int) -> EventStanding:
        """The stored row of the engine's figures (its place is set by `store_places`)."""
        values = declared.stored_values(declared.STANDING_FIGURES, self.figures())
        return EventStanding(
            event_id=event_id,
            registration_id=self.registration_id,
            player_id=self.player_id,
            place=0,
            **values,
        )


STANDING_FIGURES = names(declared.STANDING_FIGURES)  # what refresh_players rewrites
SEAT_FIGURES = names(declared.SEAT_FIGURES)  # what a stored seat gives the engine


# Final place in the event: the engine's order (`scoring.figures.final_place_key`, shown on
# the standings page) written as SQL so one UPDATE with window functions stores it, and a
# result changes every place without loading the event's rows into Python. Places rank
# *entrants*: a player, or in Team Spirit his team (`scoring.teams.team_places`, SPEC §10:
# teams are 1st, 2nd, 3rd … and each member carries his team's place). Each row is ranked
# by the whole key (competition ranking), an entrant takes its best row's rank, and the
# entrants are ranked by that: entrants equal on the whole key share the place (1, 2, 2,
# 4). Property tests (tests/integrity/test_places_sql.py, tests/standings/
# test_team_places.py) prove it equals the engine's order on random events.
_PLACES_SQL = """
WITH members AS (
    SELECT first_id AS registration_id, id AS team_id FROM {teams}
    WHERE event_id = %s AND accepted AND second_id IS NOT NULL
    UNION ALL
    SELECT second_id, id FROM {teams}
    WHERE event_id = %s AND accepted AND second_id IS NOT NULL
),
keyed AS (
    SELECT s.id, COALESCE(-members.team_id, s.registration_id) AS entrant, RANK() OVER (
        ORDER BY CASE WHEN s.status = %s THEN 0 ELSE 1 END, s.points DESC, s.last_round DESC,
                 COALESCE(s.last_place, {undecided}), s.unrazed_total DESC, s.games_won DESC
    ) AS row_rank
    FROM {table} s LEFT JOIN members ON members.registration_id = s.registration_id
    WHERE s.event_id = %s
),
entrants AS (
    SELECT entrant, RANK() OVER (ORDER BY MIN(row_rank)) AS place FROM keyed GROUP BY entrant
),
ranked AS (
    SELECT keyed.id, entrants.place FROM keyed JOIN entrants ON entrants.entrant = keyed.entrant
)
UPDATE {table} SET place = ranked.place
FROM ranked
WHERE {table}.id = ranked.id AND {table}.place <> ranked.place
"""


def store_places(event_id: int) -> None:
    """Store every standing's final place in the event (only rows whose place moved)."""
    table = connection.ops.quote_name(EventStanding._meta.db_table)
    teams = connection.ops.quote_name(Team._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            _PLACES_SQL.format(table=table, teams=teams, undecided=UNDECIDED_PLACE),
            [event_id, event_id, EventStanding.Status.WINNER.value, event_id],
        )


def _reasons(verdict: Eligibility, participants: int) -> list[dict]:
    """The engine's eligibility reasons as stored codes (translated when shown)."""
    return [
        {"code": code, "count": participants, "minimum": MIN_SCORED_PARTICIPANTS}
        if code == TOO_FEW_PARTICIPANTS
        else {"code": code}
        for code in verdict.codes
    ]


def refresh_eligibility(
    event: Event, games: Iterable[Game], scoring: EventScoring | None = None
) -> None:
    """After a bracket's games changed: store the event's eligibility again if they can have
    changed it. Only the two-player rule depends on games (SPEC §2 [decision]): it can turn
    when the event is ruled out by it, or when a game of fewer than three players was played
    in an eligible event; both are rare, so a confirmation seldom pays for the whole event."""
    scoring = EventScoring.objects.get(event=event) if scoring is None else scoring
    ruled_out = any(r.get("code") == TWO_PLAYER_GAMES_ONLY for r in scoring.reasons)
    small_game = any(took_part(g.unrazed) < MIN_GAME_PLAYERS for g in games)
    if not (ruled_out or (scoring.eligible and small_game)):
        return
    record = event_record(event)
    verdict = eligibility(record)
    EventScoring.objects.filter(pk=scoring.pk).update(
        eligible=verdict.scored, reasons=_reasons(verdict, len(record.participants))
    )


def _officials(event: Event, record) -> list[OfficialScore]:
    judges = list(event.judges.order_by("name"))  # event_record orders judges by name too
    people = [event.organizer, *judges]
    return [
        OfficialScore(
            event=event,
            player=person,
            role=str(points.role),
            points=points.points,
            forfeited=points.forfeited,
        )
        for person, points in zip(people, official_points(record), strict=True)
    ]


@transaction.atomic
def refresh_standings(event: Event, rounds: list[Round], record: EventRecord) -> EventScoring:
    """Store the whole event's standings, officials' points and eligibility.

    `rounds` (from `rounds_queryset`) carry the seat figures just stored, `record` is the
    event as the engine sees it."""
    locked_scoring(event)
    entrants = {
        pk: _Entrant(pk, player_id, dropped)
        for pk, player_id, dropped in event.registrations.values_list(
            "pk", "player_id", "dropped_in_round"
        )
    }
    seated: set[int] = set()
    for rnd in rounds:
        for bracket in rnd.brackets.all():
            for seat in bracket.seats.all():
                entrants[seat.registration_id].seats.append(seat_in_round(rnd, bracket, seat))
                seated.add(seat.registration_id)
    standings = [entrants[pk].standing(event.pk) for pk in sorted(seated)]
    EventStanding.objects.filter(event=event).delete()
    EventStanding.objects.bulk_create(standings)
    store_places(event.pk)
    OfficialScore.objects.filter(event=event).delete()
    officials = OfficialScore.objects.bulk_create(_officials(event, record))
    verdict = eligibility(record)
    winner = next((s.player_id for s in standings if s.status == PlayerStatus.WINNER), None)
    scoring, _created = EventScoring.objects.update_or_create(
        event=event,
        defaults={
            "eligible": verdict.scored,
            "reasons": _reasons(verdict, len(record.participants)),
            "participants": len(record.participants),
            "rounds": len(rounds),
            "winner_id": winner,
            "standings_count": len(seated),
            "officials": officials_summary(officials),
            "wildcards": wildcard_picks(rounds),
            "standings_stale_since": None,  # every place was just stored
        },
    )
    if event.status == Status.FINISHED:  # a correction: the review compares (never while running)
        announce(FiguresChanged(event))
    return scoring


def wildcard_picks(rounds: Iterable[Round]) -> dict[str, list[list]]:
    """The wildcards each closed round picked, by player id: [[round, decided_by], …]."""
    picks: dict[str, list[list]] = {}
    for rnd in rounds:
        for wildcard in rnd.wildcards or ():
            picks.setdefault(str(wildcard["player"]), []).append(
                [rnd.number, wildcard["decided_by"]]
            )
    return picks


def refresh_players(event: Event, seats: Iterable[Seat]) -> None:
    """After one bracket changed: store its players' standings (their places and the winner
    are the event-wide re-rank's: `recompute.refresh_bracket`).

    Reads only these players' seats (one per round): the cost does not grow with the event.
    Event-level figures that a game result cannot change (eligibility, officials' points,
    participants) are left as the last whole-event refresh stored them."""
    # The seats come with their registrations (the bracket's read): no query for them.
    _store_totals(
        event.pk,
        {
            s.registration_id: _Entrant(
                s.registration_id, s.registration.player_id, s.registration.dropped_in_round
            )
            for s in seats
        },
    )


def mark_players_stale(event: Event, seats: Iterable[Seat]) -> None:
    """After one bracket changed, with a broker: its players' standings are re-added by the
    event's next re-rank (`refresh_stale_players`), with every other table's results of
    that second, instead of here (one plain update). A player who has no standing stored
    yet gets it now."""
    seats = list(seats)
    ids = {seat.registration_id for seat in seats}
    marked = EventStanding.objects.filter(registration_id__in=ids).update(totals_stale=True)
    if marked < len(ids):
        refresh_players(event, seats)


def refresh_stale_players(event_id: int) -> int:
    """The re-rank's first step: the standings that results marked (`mark_players_stale`)
    re-added from their seats' figures, the marks cleared. How many."""
    stale = EventStanding.objects.filter(event_id=event_id, totals_stale=True).values_list(
        "registration_id", "player_id", "registration__dropped_in_round"
    )
    entrants = {pk: _Entrant(pk, player, dropped) for pk, player, dropped in stale}
    if entrants:
        _store_totals(event_id, entrants)
    return len(entrants)


def _store_totals(event_id: int, entrants: dict[int, _Entrant]) -> None:
    """The entrants' standings from all their seats' figures: updated, or created."""
    rows: dict[int, EventStanding] = {}  # their stored standings, read with the seats
    for seat in (
        Seat.objects.filter(registration_id__in=list(entrants))
        .select_related("bracket__round", "figures", "registration__standing")
        .order_by("bracket__round__number")
    ):
        entrant = entrants[seat.registration_id]
        entrant.seats.append(seat_in_round(seat.bracket.round, seat.bracket, seat))
        with contextlib.suppress(EventStanding.DoesNotExist):  # none yet: created below
            rows.setdefault(seat.registration_id, seat.registration.standing)
    fresh = {pk: e.standing(event_id) for pk, e in entrants.items()}
    for pk, row in rows.items():
        for name in STANDING_FIGURES:
            setattr(row, name, getattr(fresh[pk], name))
        row.totals_stale = False
    update_rows(EventStanding, list(rows.values()), [*STANDING_FIGURES, "totals_stale"])
    EventStanding.objects.bulk_create(row for pk, row in fresh.items() if pk not in rows)


def officials_summary(scores: Iterable[OfficialScore]) -> list[dict]:
    """The officials' rows as the standings page lists them (role, then name), for JSON."""
    rows = [
        {
            "player_id": o.player_id,
            "number": o.player.player_number,
            "name": o.player.name,
            "role": o.role,
            "points": o.points,
            "forfeited": o.forfeited,
        }
        for o in scores
    ]
    return sorted(rows, key=lambda r: (r["role"], r["name"]))


def player_changed(player: Player) -> None:
    """After a player is saved: refresh their name and number in stored officials' lists."""
    event_ids = OfficialScore.objects.filter(player=player).values_list("event_id", flat=True)
    if not event_ids:
        return
    for scoring in EventScoring.objects.filter(event_id__in=list(event_ids)):
        rows = [dict(r) for r in scoring.officials]
        for row in rows:
            if row.get("player_id") == player.pk:
                row.update(number=player.player_number, name=player.name)
        if rows != scoring.officials:
            rows.sort(key=lambda r: (r["role"], r["name"]))
            EventScoring.objects.filter(pk=scoring.pk).update(officials=rows)


# --- scoring form deadline -----------------------------------------------------------


def mark_scoring_form_sent(event: Event, by: Player | None) -> ScoringFormSubmission:
    """Record the organizer's first submission of the scoring form (only for a finished event).

    The review app calls this when the form is submitted for review; the first submission
    is what stops the event being late (a returned form stays on time)."""
    if event.status != Status.FINISHED:
        raise ValidationError(_("Only a finished event has a scoring form to send."))
    submission, _created = ScoringFormSubmission.objects.get_or_create(
        event=event, defaults={"submitted_by": by}
    )
    return submission


def scoring_form_late(event: Event, sent: bool, today=None) -> bool:
    """A finished scored event past its due date whose form was not sent (``sent``: the
    caller already knows whether it was)."""
    today = today or timezone.localdate()
    if sent or event.status != Status.FINISHED or not event.has_scoring_form:
        return False
    return today > scoring_form_due(event)


def is_scoring_form_late(event: Event, today=None) -> bool:
    """A finished scored event whose form is past due and not marked as sent."""
    if not scoring_form_late(event, sent=False, today=today):
        return False  # no query when the form is not due yet
    return not ScoringFormSubmission.objects.filter(event=event).exists()


def late_scoring_forms(today=None) -> QuerySet[Event]:
    """Finished scored events past the 30-day due date with no form marked as sent."""
    today = today or timezone.localdate()
    last_on_time = today - timedelta(days=SCORING_FORM_DUE_DAYS)
    return (
        Event.objects.filter(status=Status.FINISHED, scored=True, date__lt=last_on_time)
        .exclude(Exists(ScoringFormSubmission.objects.filter(event=OuterRef("pk"))))
        .select_related("organizer")
        .order_by("date")
    )


# --- international ranking -----------------------------------------------------------


def counted_events(year: int | None = None) -> QuerySet[Event]:
    """Events whose ACCEPTED figures enter the ranking (§9), of the accepted year."""
    events = Event.objects.filter(scoring__ranked=True)
    return events.filter(scoring__ranked_year=year) if year else events


def counts_in_ranking(event: Event) -> bool:
    """Whether acceptance would put points of the event in the ranking now: finished,
    scored and eligible (read from the database: the caller's instance may be stale)."""
    status, scored = Event.objects.values_list("status", "scored").get(pk=event.pk)
    eligible = EventScoring.objects.filter(event=event, eligible=True).exists()
    return status == Status.FINISHED and scored and eligible


def shown_on_player_pages(viewer: Player | None, prefix: str = "event") -> Q:
    """Events a player's public history shows: run on this site, or accepted into the
    ranking; an imported event nobody accepted is shown only to its own organizer (SPEC §9:
    it is the importer's draft). ``prefix`` "" filters events themselves."""
    field = f"{prefix}__" if prefix else ""
    shown = Q(**{f"{field}imported_from__isnull": True}) | Q(
        **{f"{field}review__accepted_fingerprint__gt": ""}
    )
    if viewer is not None:
        shown |= Q(**{f"{field}organizer": viewer})
    return shown


def ranked_figures(event: Event, officials: Collection[int] | None = None) -> list[RankedScore]:
    """The figures acceptance stores (unsaved): one row per player with stored standings or
    officials' points, none when the event does not count (`counts_in_ranking`).

    ``officials``: the player ids whose coordinator or judge points count (None: all; an
    imported event counts only the officials a ranking officer confirmed)."""
    if not counts_in_ranking(event):
        return []
    year = _year_of(Event.objects.values_list("date", flat=True).get(pk=event.pk))
    rows: dict[int, RankedScore] = {}
    standings = EventStanding.objects.filter(event=event)
    for player_id, place, points in standings.values_list("player_id", "place", "points"):
        rows[player_id] = RankedScore(
            event=event, player_id=player_id, year=year, place=place, playing_points=points
        )
    scores = OfficialScore.objects.filter(event=event).values_list("player_id", "role", "points")
    for player_id, role, points in scores:
        if officials is not None and player_id not in officials:
            continue
        row = rows.setdefault(player_id, RankedScore(event=event, player_id=player_id, year=year))
        field_name = f"{role}_points"  # coordinator_points or judge_points
        setattr(row, field_name, getattr(row, field_name) + points)
    return list(rows.values())


def ranked_figures_differ(event: Event, officials: Collection[int] | None = None) -> bool:
    """Whether the event's stored figures differ from the accepted ones the ranking counts."""
    accepted = sorted(r.figures() for r in RankedScore.objects.filter(event=event))
    return sorted(r.figures() for r in ranked_figures(event, officials)) != accepted


@transaction.atomic
def store_ranked_figures(event: Event, officials: Collection[int] | None = None) -> None:
    """On acceptance: the event's stored figures become its ranked ones; its players (before
    and after) are re-totalled. ``officials`` as for :func:`ranked_figures`."""
    rows = ranked_figures(event, officials)
    old = set(RankedScore.objects.filter(event=event).values_list("player_id", flat=True))
    RankedScore.objects.filter(event=event).delete()
    RankedScore.objects.bulk_create(rows)
    year = rows[0].year if rows else None
    EventScoring.objects.filter(event=event).update(ranked=bool(rows), ranked_year=year)
    refresh_ranking(old | {r.player_id for r in rows})


def event_changed(event: Event) -> None:
    """After an event's status, scored flag or date is saved: the totals keep its accepted
    figures (§9); its review is told, and re-opens when they no longer match."""
    if EventScoring.objects.filter(event=event).exists():  # never scored: nothing to compare
        announce(FiguresChanged(event))


def event_deleting(event: Event) -> set[int]:
    """Before an event is deleted: its players whose totals it is part of (re-total after)."""
    return set(RankedScore.objects.filter(event=event).values_list("player_id", flat=True))


def _year_of(date) -> int:
    return int(str(date)[:4])  # a date, or an ISO string assigned before saving


@transaction.atomic
def refresh_ranking(player_ids: Iterable[int]) -> None:
    """Recompute and store these players' ranking totals per year and over all years."""
    ids = sorted(set(player_ids))
    years: set[int] = set()  # years whose ranks and positions must be renumbered
    for start in range(0, len(ids), RANKING_CHUNK):
        chunk = ids[start : start + RANKING_CHUNK]
        totals: dict[tuple[int, int], list[int]] = {}
        rows = (
            RankedScore.objects.filter(player_id__in=chunk)
            .values_list("player_id", "year")
            .annotate(
                playing=Sum("playing_points"),
                official=Sum(F("coordinator_points") + F("judge_points")),
            )
            .order_by()
        )
        for player_id, year, playing, official in rows:
            for slot_key in ((player_id, year), (player_id, RankingTotal.ALL_YEARS)):
                total = totals.setdefault(slot_key, [0, 0])
                total[0] += playing or 0
                total[1] += official or 0
        old = RankingTotal.objects.filter(player_id__in=chunk).values_list("year", flat=True)
        years |= set(old)
        years |= {year for _player, year in totals}
        RankingTotal.objects.filter(player_id__in=chunk).delete()
        RankingTotal.objects.bulk_create(
            RankingTotal(
                player_id=player_id,
                year=year,
                playing_points=playing,
                official_points=official,
                ranking_points=playing + official,
            )
            for (player_id, year), (playing, official) in totals.items()
            if playing + official > 0
        )
    for year in sorted(years):
        _renumber(year)
        _store_history(year)
    bump("ranking")


def _counted_events(year: int) -> list[CountedEvent]:
    """The year's accepted events in date order, each with every player's ranking points."""
    scores = (
        RankedScore.objects.all()
        if year == RankingTotal.ALL_YEARS
        else (RankedScore.objects.filter(year=year))
    )
    rows = (
        scores.values_list("event_id", "player_id")
        .annotate(points=Sum(F("playing_points") + F("coordinator_points") + F("judge_points")))
        .order_by("event__date", "event_id")
    )
    events: dict[int, dict[int, int]] = {}
    for event_id, player_id, points in rows:
        events.setdefault(event_id, {})[player_id] = points or 0
    return [CountedEvent(event_id, points) for event_id, points in events.items()]


def _store_history(year: int) -> None:
    """Store the year's ranking after each accepted event, and each total's rank before the
    latest event (the table's movement)."""
    events = _counted_events(year)
    order = {counted.event: index for index, counted in enumerate(events, 1)}
    RankingStep.objects.filter(year=year).delete()
    RankingStep.objects.bulk_create(
        (
            RankingStep(
                player_id=step.player,
                event_id=step.event,
                year=year,
                order=order[step.event],
                points=step.points,
                total=step.total,
                rank=step.rank,
            )
            for step in history(events)
        ),
        batch_size=RANKING_CHUNK,
    )
    before = ranks_before_last(events)
    totals = list(RankingTotal.objects.filter(year=year).only("pk", "player_id", "previous_rank"))
    moved = []
    for total in totals:
        previous = before.get(total.player_id, 0)
        if total.previous_rank != previous:
            total.previous_rank = previous
            moved.append(total)
    RankingTotal.objects.bulk_update(moved, ["previous_rank"], batch_size=RANKING_CHUNK)


def _renumber(year: int) -> None:
    """Store rank and list position of every total of the year (only rows that moved)."""
    rows = RankingTotal.objects.filter(year=year).order_by(
        "-ranking_points", "player__name", "player_id"
    )
    moved, rank, previous = [], 0, None
    for position, row in enumerate(rows.only("pk", "ranking_points", "rank", "position"), 1):
        if row.ranking_points != previous:
            rank, previous = position, row.ranking_points
        if (row.rank, row.position) != (rank, position):
            row.rank, row.position = rank, position
            moved.append(row)
    RankingTotal.objects.bulk_update(moved, ["rank", "position"], batch_size=RANKING_CHUNK)


def ranking(
    year: int | None = None, country: str | None = None, region: str | None = None
) -> QuerySet[Player]:
    """Players with ranking points, annotated with rank, playing, official and total points.

    Reads the stored per-(player, year) totals. Unfiltered, the stored rank and list position
    make the page one indexed range read; a country or region ranks within the selection.
    """
    # only non-zero totals are stored: no points filter, so (year, position) serves the page
    players = Player.objects.filter(ranking_totals__year=year or RankingTotal.ALL_YEARS).annotate(
        playing_points=F("ranking_totals__playing_points"),
        official_points=F("ranking_totals__official_points"),
        ranking_points=F("ranking_totals__ranking_points"),
        previous_rank=F("ranking_totals__previous_rank"),
    )
    if not (country or region):
        return players.annotate(rank=F("ranking_totals__rank")).order_by("ranking_totals__position")
    if country:  # an ISO code in any case, or a name (`locations.country_code`)
        players = players.filter(country__iexact=country_code(country) or country)
    if region:  # the region's name, in any case
        players = players.filter(region__name__iexact=region)
    rank = Window(Rank(), order_by=F("ranking_points").desc())
    # Ranked within the selection: the stored previous rank (over everyone) says nothing.
    players = players.annotate(previous_rank=Value(None, output_field=IntegerField()))
    return players.annotate(rank=rank).order_by("-ranking_points", "name")


def ranking_count(year: int | None = None) -> int:
    """How many players the unfiltered ranking of the year lists (an index-only count)."""
    return RankingTotal.objects.filter(year=year or RankingTotal.ALL_YEARS).count()


def ranking_breakdown(player: Player, year: int | None = None) -> list[dict]:
    """Per counted event: the player's accepted playing and official points, newest first."""
    rows = RankedScore.objects.filter(player=player).select_related("event")
    if year:
        rows = rows.filter(year=year)
    return [
        {
            "event": row.event,
            "place": row.place,
            "playing": row.playing_points,
            "coordinator": row.coordinator_points,
            "judge": row.judge_points,
            "total": row.playing_points + row.coordinator_points + row.judge_points,
        }
        for row in rows.order_by("-event__date", "-event__pk")
    ]


def has_scoring(event: Event) -> bool:
    """Whether figures of the event are stored (standings, officials, eligibility)."""
    return EventScoring.objects.filter(event=event).exists()

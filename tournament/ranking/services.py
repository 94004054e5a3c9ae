"""The national ranking (SPEC §6, §9): what a ranking officer's acceptance stores, the
totals and history re-added from it, the ranking's reads, and the scoring form's deadline.

Only ACCEPTED figures count: `store_ranked_figures` copies an event's stored standings and
officials' points (read through `standings.reading`) into `RankedScore` rows and marks the
event ranked (through `standings.writing`); `refresh_ranking` re-adds the players' totals and
their ranking after each accepted event from those rows. A later correction changes the
event's standings at once and the ranking only once it is accepted too.

The scoring form's deadline is the ranking's: the form is what the ranking officers receive
(due 30 days after the event, SPEC §6); the review records its first submission here
(`mark_scoring_form_sent`), and the standings and ranking pages show what is late.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, F, IntegerField, OuterRef, QuerySet, Sum, Value, Window
from django.db.models.functions import Rank
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.ranking_history import CountedEvent, history, ranks_before_last
from tournament.accounts.locations import country_code
from tournament.accounts.models import Player
from tournament.core.fragments import bump
from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.ranking.models import (
    SCORING_FORM_DUE_DAYS,
    RankedScore,
    RankingStep,
    RankingTotal,
    ScoringFormSubmission,
    scoring_form_due,
)
from tournament.standings import reading, writing

RANKING_CHUNK = 500  # players re-totalled per query (keeps IN lists under SQLite's limits)


# --- the scoring form's deadline (SPEC §6) ---------------------------------------------


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


# --- the ranking (SPEC §9) -------------------------------------------------------------


def counted_events(year: int | None = None) -> QuerySet[Event]:
    """Events whose ACCEPTED figures enter the ranking (§9), of the accepted year."""
    events = Event.objects.filter(scoring__ranked=True)
    return events.filter(scoring__ranked_year=year) if year else events


def counts_in_ranking(event: Event) -> bool:
    """Whether acceptance would put points of the event in the ranking now: finished,
    scored and eligible (read from the database: the caller's instance may be stale)."""
    status, scored = Event.objects.values_list("status", "scored").get(pk=event.pk)
    return status == Status.FINISHED and scored and reading.is_eligible(event)


def ranked_figures(event: Event, officials: Collection[int] | None = None) -> list[RankedScore]:
    """The figures acceptance stores (unsaved): one row per player with stored standings or
    officials' points, none when the event does not count (`counts_in_ranking`).

    ``officials``: the player ids whose coordinator or judge points count (None: all; an
    imported event counts only the officials a ranking officer confirmed)."""
    if not counts_in_ranking(event):
        return []
    year = _year_of(Event.objects.values_list("date", flat=True).get(pk=event.pk))
    rows: dict[int, RankedScore] = {}
    for player_id, place, points in reading.places_and_points(event):
        rows[player_id] = RankedScore(
            event=event, player_id=player_id, year=year, place=place, playing_points=points
        )
    for player_id, role, points in reading.official_points(event):
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
    writing.mark_ranked(event, year)
    refresh_ranking(old | {r.player_id for r in rows})


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

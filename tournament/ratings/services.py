"""The ratings' one writer (SPEC §12): every finished event's games as the model sees them,
then every rating from them, in the spec's order (events by date, then id).

`refresh_event` reads one event's games again (it finished, or a result of it changed) and
rates everything again from the stored games of every event; `recompute_all` reads every
event's games again first (`manage.py recompute_ratings`). Both end with the same numbers
for the same games: the model runs over all the stored games from the start each time (a
few seconds for 100,000 games, `bench/bench_ratings.py`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable

from celery import current_app
from django.db import transaction
from django.db.models import Q, QuerySet

from scoring.model import Issue, IssueCode
from scoring.ratings import PlayerRating, RatedEvent, RatedGame, event_games, rate
from tournament.core import queueing
from tournament.core.broker import BROKER_ERRORS
from tournament.events.choices import Status, Structure
from tournament.events.models import Event
from tournament.events.to_engine import event_record, swiss_event_of
from tournament.ratings.models import EventRating, Rating
from tournament.standings.reading import shown_on_player_pages

log = logging.getLogger(__name__)

REFRESH_TASK = "ratings.refresh"
# The value of a player without a rated game: openskill's new rating, μ − 3σ (0).
NEW_RATING = PlayerRating().ordinal


def counted_events(prefix: str = "") -> Q:
    """The events whose games count (SPEC §12): finished, and run on this site or accepted —
    an imported event nobody accepted is its importer's draft (SPEC §9), on nobody's public
    page and in nobody's rating. ``prefix``: the path to the event ("" for events)."""
    field = f"{prefix}__" if prefix else ""
    return Q(**{f"{field}status": Status.FINISHED}) & shown_on_player_pages(None, prefix)


def rated_events() -> QuerySet[Event]:
    """The events whose games count (`counted_events`), in the rating order."""
    return Event.objects.filter(counted_events()).order_by("date", "pk")


def _issue_row(found: Issue) -> dict:
    return {
        "path": found.path,
        "code": str(found.code),
        "template": found.template,
        "params": dict(found.params or {}),
        "message": found.message,
    }


def stored_issue(row: dict) -> Issue:
    """A stored issue as the engine's, for `core.issues.issue_line` to translate."""
    try:
        code = IssueCode(row["code"])
    except ValueError:  # a code no longer known: the stored English message stands
        code = IssueCode.SITE
    return Issue(
        row["path"],
        row["message"],
        code=code,
        template=row["template"],
        params=row["params"],
    )


def event_input(event: Event) -> tuple[tuple[RatedGame, ...], list[Issue]]:
    """The event's rated games from its stored rows, or the issues why it is not rated."""
    record = swiss_event_of(event) if event.is_one_on_one else event_record(event)
    return event_games(record)


def _store_input(event: Event) -> None:
    games, issues = event_input(event)
    EventRating.objects.update_or_create(
        event=event,
        defaults={
            "games": [[[list(s) for s in g.sides], list(g.ranks)] for g in games],
            "issues": [_issue_row(i) for i in issues],
        },
    )


def _rated_events(inputs: Iterable[EventRating]) -> list[RatedEvent]:
    return [
        RatedEvent(
            row.event_id,
            tuple(
                RatedGame(tuple(tuple(s) for s in sides), tuple(ranks))
                for sides, ranks in row.games
            ),
        )
        for row in inputs
    ]


def _rerate() -> None:
    """Every rating again from the stored games of the finished events, in order."""
    inputs = list(
        EventRating.objects.filter(counted_events("event"))
        .select_related("event")
        .order_by("event__date", "event__pk")
    )
    events = _rated_events(inputs)
    ratings = rate(events)
    structure_games: dict[str, Counter] = {s: Counter() for s in Structure.values}
    for row, event in zip(inputs, events, strict=True):
        counts = structure_games[row.event.structure]
        for game in event.games:
            counts.update(p for side in game.sides for p in side)
    Rating.objects.all().delete()
    Rating.objects.bulk_create(
        (
            Rating(
                player_id=int(pid),
                mu=r.mu,
                sigma=r.sigma,
                value=r.ordinal,
                games=r.games,
                bracket_games=structure_games[Structure.BRACKETS][pid],
                one_on_one_games=structure_games[Structure.ONE_ON_ONE][pid],
                history=[[key, value] for key, value in r.history],
            )
            for pid, r in ratings.items()
        ),
        batch_size=1000,
    )


@transaction.atomic
def recompute_all() -> int:
    """Every finished event's games read again and every rating computed from nothing;
    the number of events rated."""
    EventRating.objects.exclude(counted_events("event")).delete()
    events = list(rated_events())
    for event in events:
        _store_input(event)
    _rerate()
    return sum(1 for row in EventRating.objects.all() if row.rated)


@transaction.atomic
def refresh_event(event_id: int) -> None:
    """One event's games read again (it finished, was corrected, moved or was reopened),
    then every rating again from the stored games."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None or event.status != Status.FINISHED:
        EventRating.objects.filter(event_id=event_id).delete()
    else:
        _store_input(event)
    _rerate()


def follow_event(event: Event) -> None:
    """The ratings follow a change of the event: at once without a broker (tests,
    development), else in the worker after the commit. A broker that is down is logged:
    `manage.py recompute_ratings` brings the ratings back."""
    if current_app.conf.task_always_eager:
        refresh_event(event.pk)
        return
    event_id = event.pk

    def queue() -> None:
        try:
            queueing.enqueue(REFRESH_TASK, event_id)
        except BROKER_ERRORS:
            log.warning("ratings of event %s not queued: broker unavailable", event_id)

    transaction.on_commit(queue, robust=True)


def seeding_ratings(player_ids: Iterable[int]) -> dict[int, float]:
    """Each player's rating for seeding round 1 by rating (SPEC §12): the value shown, a
    new player's for someone without one."""
    ids = list(player_ids)
    stored = dict(Rating.objects.filter(player_id__in=ids).values_list("player_id", "value"))
    return {pk: stored.get(pk, NEW_RATING) for pk in ids}


def rating_history(rating: Rating) -> list[tuple[Event, float]]:
    """The rating's value after each event the player played, with the events, in order."""
    events = Event.objects.in_bulk([pk for pk, _ in rating.history])
    return [(events[pk], value) for pk, value in rating.history if pk in events]


def unrated_events() -> QuerySet[EventRating]:
    """The finished events whose games could not be rated (the ratings page says why)."""
    return (
        EventRating.objects.filter(counted_events("event"))
        .exclude(issues=[])
        .select_related("event")
        .order_by("event__date", "event__pk")
    )

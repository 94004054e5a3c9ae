"""The one pipeline that writes derived figures: places, points, standings, officials'
points, eligibility and the ranking totals.

Every write that changes what the standings, the printed forms, the API or the ranking show
ends in one of these functions, inside the writer's transaction:

- `refresh_bracket`: a game confirmed or corrected, a judge's tie-break decision. Touches the
  bracket's seats and its players' standings rows, then re-ranks the event's places with one
  SQL statement: the cost does not grow with the event.
- `refresh_event`: anything that changes the shape of the event (a round seated, re-seated or
  closed, a drop, a late player, judges, a points-relevant format field, an import, finishing,
  a ranking decision). Recomputes every bracket and every stored figure of the event.
- `players_renamed`: names and numbers copied into stored officials' lists.

Pages, printed documents and the API only read what these store.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction

from scoring.model import EventRecord
from scoring.swiss.model import SwissEvent
from tournament.accounts.models import Player
from tournament.core.happenings import announce
from tournament.events.models import POINTS_FIELDS, Bracket, Event
from tournament.events.to_engine import rounds_queryset
from tournament.standings import services
from tournament.standings.happenings import FiguresStored
from tournament.standings.store import store_bracket_results, store_results, store_round_multipliers
from tournament.standings.swiss_store import store_swiss_event

# Event fields that only decide whether (and in which year) the event is ranked.
RANKING_FIELDS = frozenset({"status", "date"})


def refresh_event(event: Event) -> EventRecord | SwissEvent:
    """Recompute and store every figure of the event; returns the engine's record of it
    (a one-on-one event's: `scoring.swiss.model.SwissEvent`)."""
    with transaction.atomic():
        rounds = list(rounds_queryset(event))
        if event.is_one_on_one:
            engine = store_swiss_event(event, rounds)
            _announce(event)
            return engine
        store_round_multipliers(event, rounds)
        record = store_results(event, rounds)
        services.refresh_standings(event, rounds, record)
        _announce(event)
        return record


def refresh_bracket(bracket: Bracket, games: list | None = None) -> None:
    """Recompute one bracket after a result or a tie-break decision, and what depends on it.

    A caller that holds the bracket with its seats (prefetched) and its accepted ``games``
    passes them: nothing of the bracket is read again."""
    event = bracket.round.event
    if event.is_one_on_one:
        # A match's result moves its players' opponents' tie-breakers: the whole event.
        refresh_event(event)
        return
    # Part of the caller's transaction when there is one (no savepoint: a failure here
    # fails the whole write anyway).
    with transaction.atomic(savepoint=False):
        seats, games = store_bracket_results(bracket, games)
        scoring = services.refresh_players(event, seats)
        services.refresh_eligibility(event, games, scoring)
        _announce(event)


def event_edited(event: Event, changed: Collection[str], *, judges_changed: bool = False) -> None:
    """After an event's own fields (or its judges) were saved: recompute what they change."""
    changed = set(changed)
    if not event.rounds.exists() and not services.has_scoring(event):
        return  # nothing derived is stored yet
    if judges_changed or set(POINTS_FIELDS) & changed:
        refresh_event(event)
    elif RANKING_FIELDS & changed:
        services.event_changed(event)


def players_renamed(player: Player) -> None:
    """A player's name or number changed: stored officials' lists follow."""
    services.player_changed(player)


def _announce(event: Event) -> None:
    # In the transaction: subscribers that act on the stored figures (document re-renders,
    # cached pages) defer their work to the commit themselves (`core/happenings.py`).
    announce(FiguresStored(event))

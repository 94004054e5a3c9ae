"""The one read of the stored event figures: every reader outside the write path reads
them here.

What the recompute pipeline stores (`writing.py`) — each player's place, points and
declared figures (`EventStanding`), the officials' points (`OfficialScore`) and the event's
eligibility and page summary (`EventScoring`) — is read by the other apps only through this
module: the standings table, its CSV, the API and the printed forms through
`standing_rows` (the registry's figures per reader, `rows.py`), and the narrower reads
below (a podium, a final's winner, a player's history, the ranking's acceptance, a league's
one-on-one results, the review's evidence). An import-linter contract keeps it
(`pyproject.toml`): no other app imports the standings models.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.standings.models import EventScoring, EventStanding, OfficialScore
from tournament.standings.rows import StandingRow, StandingRows, reader_figures, standing_rows

__all__ = [
    "OfficialRole",
    "StandingRow",
    "StandingRows",
    "StandingStatus",
    "event_standings",
    "event_winner",
    "has_scoring",
    "is_eligible",
    "official_points",
    "officials",
    "places_and_points",
    "player_standings",
    "podium",
    "reader_figures",
    "scoring_of",
    "scoring_or_empty",
    "scoring_values",
    "shown_on_player_pages",
    "standing_rows",
    "standing_values",
    "standings_count",
    "standings_where",
    "took_part",
    "unscored_officials",
]

OfficialRole = OfficialScore.Role  # coordinator or judge (the stored choices)
StandingStatus = EventStanding.Status


# --- the event's summary row ------------------------------------------------------------


def scoring_of(event: Event, *related: str) -> EventScoring | None:
    """The event's stored eligibility and page summary (None: nothing stored yet)."""
    return EventScoring.objects.filter(event=event).select_related(*related).first()


def scoring_values(event: Event, *fields: str) -> tuple[tuple, ...]:
    """These stored fields of the event's scoring row (what a printed form's fingerprint
    hashes; empty before the pipeline ran)."""
    return tuple(EventScoring.objects.filter(event=event).values_list(*fields))


def scoring_or_empty(event: Event) -> EventScoring:
    """The event's stored scoring with its winner, or an unsaved empty one (nothing counted
    yet): a printed form reads, never writes."""
    scoring = scoring_of(event, "winner")
    return scoring if scoring is not None else EventScoring(event=event)


def has_scoring(event: Event) -> bool:
    """Whether figures of the event are stored (standings, officials, eligibility)."""
    return EventScoring.objects.filter(event=event).exists()


def is_eligible(event: Event) -> bool:
    """Whether the event's stored eligibility says it counts toward the rankings."""
    return EventScoring.objects.filter(event=event, eligible=True).exists()


# --- standings ----------------------------------------------------------------------------


def event_standings(event: Event, *related: str) -> QuerySet[EventStanding]:
    """The event's stored standings by place, then name, with ``related`` selected."""
    standings = EventStanding.objects.filter(event=event).select_related("player", *related)
    return standings.order_by("place", "player__name")


def standings_count(event: Event) -> int:
    """How many standings the event has stored (a count over the event's rows, no join)."""
    return EventStanding.objects.filter(event=event).count()


def podium(event: Event) -> list[EventStanding]:
    """Places 1 to 3 of the event (ties included), by place and name."""
    return list(event_standings(event).filter(place__lte=3))


def event_winner(event: Event) -> Player | None:
    """The player stored as the event's winner (None before the final is decided)."""
    winner = event_standings(event).filter(status=StandingStatus.WINNER).first()
    return winner.player if winner is not None else None


def places_and_points(event: Event) -> list[tuple[int, int, int]]:
    """Each stored standing of the event as (player id, place, playing points)."""
    standings = EventStanding.objects.filter(event=event)
    return list(standings.values_list("player_id", "place", "points"))


def standing_values(event: Event, *fields: str) -> tuple[tuple, ...]:
    """These stored fields of each of the event's standings, in the order they were stored
    (what a printed form's fingerprint hashes)."""
    return tuple(EventStanding.objects.filter(event=event).order_by("pk").values_list(*fields))


def standings_where(*conditions: Q, **lookups) -> QuerySet[EventStanding]:
    """Stored standings of many events (a league's), narrowed by conditions on the rows."""
    return EventStanding.objects.filter(*conditions, **lookups)


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


def player_standings(player: Player, viewer: Player | None, *related: str) -> QuerySet:
    """The player's stored standings in the events his page shows the viewer (no draft),
    newest first."""
    return (
        EventStanding.objects.filter(shown_on_player_pages(viewer), player=player)
        .exclude(event__status=Status.DRAFT)
        .select_related("event", *related)
        .order_by("-event__date", "-event__pk")
    )


# --- officials' points --------------------------------------------------------------------


def officials(event: Event, *conditions: Q, **lookups) -> QuerySet[OfficialScore]:
    """The event's stored officials' points, with their players, narrowed by ``conditions``."""
    scores = OfficialScore.objects.filter(*conditions, event=event, **lookups)
    return scores.select_related("player")


def official_points(event: Event) -> list[tuple[int, str, int]]:
    """Each official's stored points of the event as (player id, role, points)."""
    return list(officials(event).values_list("player_id", "role", "points"))


def unscored_officials(event: Event) -> list[OfficialScore]:
    """Before the event runs: its organizer and judges, unsaved, with no points yet."""
    coordinator = OfficialScore(player=event.organizer, role=OfficialRole.COORDINATOR)
    judges = event.judges.exclude(pk=event.organizer_id).order_by("name")
    return [coordinator] + [
        OfficialScore(player=judge, role=OfficialRole.JUDGE) for judge in judges
    ]


def took_part(event: Event, player_id: int) -> bool:
    """Whether the player has standings or officials' points in the event."""
    return (
        EventStanding.objects.filter(event=event, player_id=player_id).exists()
        or OfficialScore.objects.filter(event=event, player_id=player_id).exists()
    )

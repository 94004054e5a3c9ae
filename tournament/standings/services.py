"""Write side of the standings: `refresh_standings(event)` stores what pages read (§6).

Final place in an event ([decision], documented in the report and on the page):
the tournament winner is 1st; everyone else by total points (desc), then the last round
reached (later is better), then the place in that last bracket, then unrazed realms in the
event, then games won. Players equal on all of these share the place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, F, IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.points import MIN_SCORED_PARTICIPANTS, eligibility, official_points
from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.engine import event_record, key, rounds_queryset
from tournament.events.models import Bracket, Event, Round
from tournament.standings.models import (
    SCORING_FORM_DUE_DAYS,
    EventScoring,
    EventStanding,
    OfficialScore,
    ScoringFormSubmission,
    scoring_form_due,
)


@dataclass
class _Tally:
    """A registration's figures accumulated over its seats."""

    registration_id: int
    player_id: int
    points: int = 0
    round_points: dict[str, int] = field(default_factory=dict)
    brackets: int = 0
    last_round: int = 0
    last_place: int | None = None
    unrazed: int = 0
    wins: int = 0
    status: str = EventStanding.Status.ACTIVE
    out_in: int | None = None

    def sort_key(self) -> tuple:
        winner = self.status == EventStanding.Status.WINNER
        return (
            0 if winner else 1,
            -self.points,
            -self.last_round,
            self.last_place or 99,
            -self.unrazed,
            -self.wins,
        )


def _tallies(rounds: list[Round], dropped: dict[int, int | None]) -> dict[int, _Tally]:
    tallies: dict[int, _Tally] = {}
    for rnd in rounds:
        advancing = set(rnd.advancing or ())
        for bracket in rnd.brackets.all():
            for seat in bracket.seats.all():
                reg = seat.registration
                t = tallies.setdefault(reg.pk, _Tally(reg.pk, reg.player_id))
                points = seat.points or 0
                t.points += points
                t.round_points[str(rnd.number)] = points
                t.brackets += 1
                t.last_round, t.last_place = rnd.number, seat.place
                t.unrazed += seat.unrazed_total
                t.wins += seat.games_won
                t.status, t.out_in = _status(rnd, bracket, reg.player_id, advancing)
    for t in tallies.values():
        if dropped.get(t.registration_id) is not None and t.status != EventStanding.Status.WINNER:
            t.status, t.out_in = EventStanding.Status.DROPPED, dropped[t.registration_id]
    return tallies


def _status(rnd: Round, bracket: Bracket, player_id: int, advancing: set) -> tuple[str, int | None]:
    """Status after the player's latest bracket (later rounds overwrite earlier ones)."""
    decided = bracket.state == Bracket.State.COMPLETE and bracket.winner_id is not None
    if rnd.is_final and decided:
        if bracket.winner_id == player_id:
            return EventStanding.Status.WINNER, None
        return EventStanding.Status.ELIMINATED, rnd.number
    if rnd.state == Round.State.CLOSED and key(player_id) not in advancing:
        return EventStanding.Status.ELIMINATED, rnd.number
    return EventStanding.Status.ACTIVE, None


def _placed(tallies: list[_Tally]) -> list[tuple[int, _Tally]]:
    """Competition ranking (1, 2, 2, 4) on the sort key."""
    ordered = sorted(tallies, key=_Tally.sort_key)
    placed, previous = [], None
    for index, tally in enumerate(ordered, start=1):
        sort_key = tally.sort_key()
        place = placed[-1][0] if previous == sort_key else index
        placed.append((place, tally))
        previous = sort_key
    return placed


def _reasons(record, scored: bool) -> list[dict]:
    """Eligibility reasons as codes (translated when shown)."""
    reasons: list[dict] = []
    if not record.format.scored:
        reasons.append({"code": "unscored"})
    count = len(record.participants)
    if count < MIN_SCORED_PARTICIPANTS:
        reasons.append({"code": "too_few", "count": count, "minimum": MIN_SCORED_PARTICIPANTS})
    small = [
        {"round": r.number, "table": b.table}
        for r in record.rounds
        for b in r.brackets
        if len(b.players) < 3
    ]
    if small:
        reasons.append({"code": "small_brackets", "brackets": small})
    if not scored and not reasons:  # the engine knows a reason this list does not
        reasons.append({"code": "other", "text": "; ".join(eligibility(record).reasons)})
    return reasons


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
def refresh_standings(event: Event) -> EventScoring:
    """Recompute and store the event's standings, officials' points and eligibility."""
    rounds = list(rounds_queryset(event))
    record = event_record(event, rounds)
    dropped = dict(event.registrations.values_list("pk", "dropped_in_round"))
    placed = _placed(list(_tallies(rounds, dropped).values()))
    EventStanding.objects.filter(event=event).delete()
    EventStanding.objects.bulk_create(
        EventStanding(
            event=event,
            registration_id=t.registration_id,
            player_id=t.player_id,
            place=place,
            points=t.points,
            round_points=t.round_points,
            brackets_played=t.brackets,
            last_round=t.last_round,
            unrazed_total=t.unrazed,
            games_won=t.wins,
            status=t.status,
            eliminated_in_round=t.out_in,
        )
        for place, t in placed
    )
    OfficialScore.objects.filter(event=event).delete()
    OfficialScore.objects.bulk_create(_officials(event, record))
    verdict = eligibility(record)
    winner = next((t.player_id for _p, t in placed if t.status == "winner"), None)
    scoring, _created = EventScoring.objects.update_or_create(
        event=event,
        defaults={
            "eligible": verdict.scored,
            "reasons": _reasons(record, verdict.scored),
            "participants": len(record.participants),
            "rounds": len(rounds),
            "winner_id": winner,
        },
    )
    return scoring


# --- scoring form deadline -----------------------------------------------------------


def mark_scoring_form_sent(event: Event, by: Player | None) -> ScoringFormSubmission:
    """Record that the organizer sent the scoring form (only for a finished event)."""
    if event.status != Status.FINISHED:
        raise ValidationError(_("Only a finished event has a scoring form to send."))
    submission, _created = ScoringFormSubmission.objects.get_or_create(
        event=event, defaults={"submitted_by": by}
    )
    return submission


def is_scoring_form_late(event: Event, today=None) -> bool:
    """A finished scored event whose form is past due and not marked as sent."""
    today = today or timezone.localdate()
    if event.status != Status.FINISHED or not event.scored or today <= scoring_form_due(event):
        return False
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
    """Events whose points enter the ranking: finished, scored and eligible."""
    events = Event.objects.filter(status=Status.FINISHED, scored=True, scoring__eligible=True)
    return events.filter(date__year=year) if year else events


def _sum_of(model, events: QuerySet[Event]) -> Subquery:
    rows = (
        model.objects.filter(player=OuterRef("pk"), event__in=events)
        .order_by()
        .values("player")
        .annotate(total=Sum("points"))
        .values("total")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), Value(0))


def ranking(year: int | None = None) -> QuerySet[Player]:
    """Players with ranking points, annotated with playing, official and total points."""
    events = counted_events(year)
    players = Player.objects.annotate(
        playing_points=_sum_of(EventStanding, events),
        official_points=_sum_of(OfficialScore, events),
    ).annotate(ranking_points=F("playing_points") + F("official_points"))
    return players.filter(ranking_points__gt=0).order_by("-ranking_points", "name")


def ranking_breakdown(player: Player, year: int | None = None) -> list[dict]:
    """Per counted event: the player's playing and official points, newest first."""
    events = counted_events(year)
    rows: dict[int, dict] = {}
    for s in EventStanding.objects.filter(player=player, event__in=events).select_related("event"):
        rows.setdefault(s.event_id, _breakdown_row(s.event))["playing"] += s.points
        rows[s.event_id]["place"] = s.place
    for o in OfficialScore.objects.filter(player=player, event__in=events).select_related("event"):
        rows.setdefault(o.event_id, _breakdown_row(o.event))[o.role] += o.points
    for row in rows.values():
        row["total"] = row["playing"] + row["coordinator"] + row["judge"]
    return sorted(rows.values(), key=lambda r: (r["event"].date, r["event"].pk), reverse=True)


def _breakdown_row(event: Event) -> dict:
    return {"event": event, "place": None, "playing": 0, "coordinator": 0, "judge": 0}

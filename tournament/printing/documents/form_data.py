"""What both scoring forms (a bracket event's and a one-on-one event's) read: the event's
stored eligibility and officials, and the stored rows their fingerprint hashes."""

from tournament.events.models import Event
from tournament.standings import reading
from tournament.standings.figures import SCORING_FORM
from tournament.standings.reading import standing_rows


def standings_rows(event: Event) -> tuple:
    """The stored standings (the form's rows), officials and eligibility the scoring form
    prints."""
    return (
        reading.scoring_values(
            event, "eligible", "reasons", "participants", "winner_id", "officials", "refreshed_at"
        ),
        standing_rows(event, SCORING_FORM).values(),
        tuple(event.judges.order_by("pk").values_list("pk", "name", "player_number")),
        tuple(event.rounds.order_by("number").values_list("number", "is_final")),
    )


def stored_scoring(event: Event):
    """The event's stored eligibility and officials, as stored: a printed form never writes.
    (The print service has the figures stored before it queues a form of an event the
    pipeline never ran for: `printing.services.request_document`.) Without them, an empty
    scoring: nothing counted yet."""
    return reading.scoring_or_empty(event)

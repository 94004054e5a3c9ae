"""What the review services announce (`core/happenings.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.events.models import Event
from tournament.review.models import ReviewDecision, ScoringReview


@dataclass(frozen=True)
class Decided(Happening):
    """A decision on an event's scoring form was stored: submitted, accepted, returned, or
    re-opened by a correction (`decision.action`)."""

    event: Event
    review: ScoringReview
    decision: ReviewDecision

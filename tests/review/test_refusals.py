"""Refusals of the scoring form's review and of a list changed after the lock (SPEC §9: only
a finished event's form is submitted; §3: after round 1 a list changes with a reason)."""

import pytest
from django.core.exceptions import ValidationError

from tournament.decks.services.saving import save_decklist
from tournament.events.models import Registration
from tournament.review import services as review
from tournament.rounds.services.rounds import seat_next_round


@pytest.mark.parametrize("status", ["registration", "running"])
def test_only_a_finished_events_form_is_submitted(event, status):
    event.status = status
    event.save(update_fields=["status"])
    with pytest.raises(ValidationError, match="Only a finished event's scoring form"):
        review.submit(event, event.organizer.user)
    assert review.review_of(event) is None


def test_a_list_changed_after_round_1_needs_a_reason(event, registered_players, judge):
    seat_next_round(event, seed=7)
    registration = Registration.objects.filter(event=event).first()
    with pytest.raises(ValidationError, match="needs a reason"):
        save_decklist(registration, judge.user, "Realms:\nWaterdeep (1st/001)\n")
    save_decklist(registration, judge.user, "Realms:\nWaterdeep (1st/001)\n", reason="typo")

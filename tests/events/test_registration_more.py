"""Refusals of the registration service that a planted one-line bug once got past (SPEC §3
"Registration"), each with the state left as it was."""

import pytest
from django.core.exceptions import ValidationError

from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.events.services.registration import register, set_judges


@pytest.mark.parametrize("status", ["draft", "finished"])
def test_a_late_entry_is_taken_only_while_the_event_runs(event, stranger, status):
    # An organizer's late entry at the venue skips the deadline and the capacity, never the
    # event's state: a draft registers nobody yet, a finished event nobody any more.
    event.status = status
    event.save(update_fields=["status"])
    with pytest.raises(ValidationError, match="not open for registration"):
        register(event, stranger, late=True)
    assert not Registration.objects.filter(event=event).exists()


def test_a_late_entry_skips_the_capacity(event, player, stranger):
    # The organizer's late entry at the venue is seated beyond the capacity: of a full event
    # (capacity 1, one player in), the late player is in, not on the waiting list.
    event.capacity = 1
    event.save(update_fields=["capacity"])
    register(event, player)
    late = register(event, stranger, late=True)
    assert not late.waitlisted
    assert register(event, make_player("third", "Thea Third")).waitlisted  # an ordinary one waits


def test_the_judges_do_not_change_while_the_form_awaits_review(event, judge, second_judge):
    # SPEC §9: the event is frozen while its scoring form awaits a ranking officer; the
    # judges earn officials' points, so they are part of what the officer reviews.
    event.frozen_for_review = True
    event.save(update_fields=["frozen_for_review"])
    with pytest.raises(ValidationError, match="awaits a ranking officer"):
        set_judges(event, [judge])
    assert set(event.judges.all()) == {judge, second_judge}

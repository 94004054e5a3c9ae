"""SPEC §9: an event is frozen exactly while its scoring form awaits a ranking officer. The
review services are the only writer of `Event.frozen_for_review`; the events check it."""

import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from tournament.events.models import Event
from tournament.events.services.editing import save_event
from tournament.events.services.registration import set_judges
from tournament.review.models import ReviewState, ScoringReview
from tournament.review.services import accept, return_form, submit


def frozen(event: Event) -> bool:
    return Event.objects.values_list("frozen_for_review", flat=True).get(pk=event.pk)


def test_submitting_freezes_returning_and_accepting_thaw(hand_event, officer):
    organizer = hand_event.organizer.user
    assert not frozen(hand_event)
    submit(hand_event, organizer)
    assert frozen(hand_event)
    with pytest.raises(ValidationError, match="awaits a ranking officer"):
        save_event(hand_event, ["venue"])
    with pytest.raises(ValidationError, match="awaits a ranking officer"):
        set_judges(hand_event, [])
    return_form(hand_event, officer, "Check table 2.")
    assert not frozen(hand_event)
    hand_event.venue = "Elsewhere"
    save_event(hand_event, ["venue"])  # thawed: the edit is saved
    submit(hand_event, organizer, "Checked.")
    assert frozen(hand_event)
    accept(hand_event, officer)
    assert not frozen(hand_event)


def test_an_edit_form_loaded_while_frozen_never_writes_the_freeze_back(hand_event, officer):
    submit(hand_event, hand_event.organizer.user)
    stale = Event.objects.get(pk=hand_event.pk)  # an edit page opened while submitted
    assert stale.frozen_for_review
    return_form(hand_event, officer, "Check table 2.")
    stale.venue = "Elsewhere"
    save_event(stale, ["venue"])
    assert not frozen(hand_event)


def test_the_migration_freezes_the_events_whose_form_awaits_an_officer(hand_event):
    migration = importlib.import_module("tournament.events.migrations.0016_frozen_for_review")
    ScoringReview.objects.create(event=hand_event, state=ReviewState.SUBMITTED)
    assert not frozen(hand_event)
    migration.fill_from_reviews(apps, None)
    assert frozen(hand_event)

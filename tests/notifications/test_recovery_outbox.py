"""The outbox's attempt budget: only a real sending failure is an attempt. Being put off (the
hourly limit) or a claim left by a worker that died costs nothing."""

import datetime
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone

from tests.support.players import make_player
from tournament.events.models import Event
from tournament.events.services.registration import register
from tournament.notifications import services, tasks
from tournament.notifications.models import Message


@pytest.fixture
def newcomer(db):
    return make_player("newcomer", "Nina Newcomer")


@pytest.fixture
def two_messages(event, newcomer, settings):
    """Two registration e-mails to one person; the hourly limit lets one through."""
    settings.NOTIFICATIONS_PER_HOUR = 1
    register(event, newcomer)
    other = Event.objects.create(
        name="Winter Cup",
        date=datetime.date(2026, 12, 5),
        venue="Recife",
        organizer=event.organizer,
        status="registration",
    )
    register(other, newcomer)
    first, second = Message.objects.order_by("pk")
    assert services.deliver(first.pk) == "sent"
    return first, second


def smtp_down():
    return mock.patch(
        "django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("connection refused")
    )


def test_deferred_eight_times_then_one_smtp_error_is_still_retried(two_messages, settings):
    _first, second = two_messages
    for _ in range(8):  # as many deferrals as the whole budget of attempts
        assert services.deliver(second.pk) == "later"
    second.refresh_from_db()
    assert second.attempts == 0 and second.claimed_at is None
    settings.NOTIFICATIONS_PER_HOUR = 2  # the hour allows it now; the mail server fails
    with smtp_down():
        assert services.deliver(second.pk) == "retry"
    second.refresh_from_db()
    assert second.outcome == Message.Outcome.PENDING  # retried, not failed
    assert second.attempts == 1 and "connection refused" in second.error
    assert tasks.sweep() == 1
    second.refresh_from_db()
    assert second.outcome == Message.Outcome.SENT and second.attempts == 2
    assert len(mail.outbox) == 2


def test_eight_real_failures_give_up_whatever_the_deferrals_between(two_messages, settings):
    _first, second = two_messages
    for failure in range(1, 9):
        settings.NOTIFICATIONS_PER_HOUR = 1
        assert services.deliver(second.pk) == "later"
        settings.NOTIFICATIONS_PER_HOUR = 2
        with smtp_down():
            outcome = services.deliver(second.pk)
        assert outcome == ("retry" if failure < 8 else Message.Outcome.FAILED)
    second.refresh_from_db()
    assert second.outcome == Message.Outcome.FAILED and second.attempts == 8


def test_a_claim_left_by_a_dead_worker_is_not_an_attempt(two_messages, settings):
    _first, second = two_messages
    settings.NOTIFICATIONS_PER_HOUR = 2
    # A worker claimed it and died before it got to the mail server.
    claimed = timezone.now() - services.STALE_CLAIM - datetime.timedelta(seconds=1)
    Message.objects.filter(pk=second.pk).update(claimed_at=claimed)
    assert services.deliver(second.pk) == Message.Outcome.SENT
    second.refresh_from_db()
    assert second.attempts == 1  # the one real send


def test_a_fresh_claim_is_left_to_its_worker(two_messages, settings):
    _first, second = two_messages
    settings.NOTIFICATIONS_PER_HOUR = 2
    Message.objects.filter(pk=second.pk).update(claimed_at=timezone.now())
    assert services.deliver(second.pk) == "busy"
    second.refresh_from_db()
    assert second.attempts == 0

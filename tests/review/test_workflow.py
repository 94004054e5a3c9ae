"""Submit → accept / return; the event frozen while under review; re-review after a
correction; every decision recorded (SPEC §9)."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict
from django.urls import reverse

from tests.support.ranking import accept_for_ranking
from tournament.events.forms import EventForm
from tournament.events.models import Event
from tournament.events.services.editing import save_event
from tournament.ranking.models import ScoringFormSubmission
from tournament.ranking.services import is_scoring_form_late, ranking
from tournament.review.models import ReviewState
from tournament.review.services import accept, return_form, review_of, submit
from tournament.standings.models import EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def _points(player) -> int | None:
    row = {p.pk: p for p in ranking()}.get(player.pk)
    return row.ranking_points if row else None


def _edit_data(event: Event, **changes) -> dict:
    """The event form as the organizer would post it, with some fields changed."""
    data = model_to_dict(event, fields=EventForm._meta.fields) | changes
    return {k: v for k, v in data.items() if v is not None and v is not False}


def test_only_a_finished_event_is_submitted(event, organizer, client_as):
    with pytest.raises(ValidationError, match="finished"):
        submit(event, organizer.user)
    response = client_as(organizer).post(reverse("review:submit", args=[event.pk]), follow=True)
    assert "Only a finished event" in response.content.decode()
    assert review_of(event) is None


def test_an_unscored_event_has_nothing_to_submit(finished_event, organizer):
    Event.objects.filter(pk=finished_event.pk).update(scored=False)
    finished_event.refresh_from_db()
    with pytest.raises(ValidationError, match="unscored"):
        submit(finished_event, organizer.user)


def test_only_the_organizer_submits(finished_event, client_as, judge, player, organizer):
    url = reverse("review:submit", args=[finished_event.pk])
    assert client_as(judge).post(url).status_code == 403
    assert client_as(player).post(url).status_code == 403
    assert client_as(None).post(url).status_code == 302  # to the login page
    assert review_of(finished_event) is None
    response = client_as(organizer).post(url)
    assert response.status_code == 302
    review = review_of(finished_event)
    assert review.state == ReviewState.SUBMITTED
    [decision] = review.decisions.all()
    assert (decision.action, decision.by) == ("submit", organizer.user)
    assert ScoringFormSubmission.objects.filter(event=finished_event).exists()  # not late now


def test_submitting_twice_is_refused(finished_event, organizer):
    submit(finished_event, organizer.user)
    with pytest.raises(ValidationError, match="already submitted"):
        submit(finished_event, organizer.user)


def test_the_event_is_frozen_while_under_review(finished_event, organizer, client_as, judge):
    submit(finished_event, organizer.user)
    client = client_as(organizer)
    url = reverse("events:edit", args=[finished_event.pk])
    response = client.post(url, _edit_data(finished_event, name="Renamed", date="2024-01-01"))
    assert response.status_code == 200  # the form again, with the reason
    assert "awaits a ranking officer" in response.content.decode()
    finished_event.refresh_from_db()
    assert finished_event.name == "Autumn Open"
    response = client.post(reverse("events:judges", args=[finished_event.pk]), {"judges": []})
    assert "awaits a ranking officer" in response.content.decode()
    assert finished_event.judges.filter(pk=judge.pk).exists()


def test_only_an_officer_decides(finished_event, organizer, client_as, officer, player):
    submit(finished_event, organizer.user)
    url = reverse("review:decide", args=[finished_event.pk])
    assert client_as(organizer).post(url, {"decision": "accept"}).status_code == 403
    assert client_as(player).post(url, {"decision": "accept"}).status_code == 403
    assert review_of(finished_event).state == ReviewState.SUBMITTED
    client = client_as(officer.player)
    assert client.post(url, {"decision": "accept", "reason": "ok"}).status_code == 302
    review = review_of(finished_event)
    assert review.state == ReviewState.ACCEPTED
    assert _points(organizer) == 9  # coordinator of a 9-player event (SPEC §6)


def test_an_officer_who_took_part_does_not_decide(finished_event, organizer, judge):
    from django.contrib.auth.models import Group

    judge.user.groups.add(Group.objects.get(name="Ranking officers"))
    submit(finished_event, organizer.user)
    with pytest.raises(ValidationError, match="took part"):
        accept(finished_event, judge.user)


def test_a_return_needs_a_reason_the_organizer_sees(finished_event, organizer, officer, client_as):
    submit(finished_event, organizer.user)
    with pytest.raises(ValidationError, match="why"):
        return_form(finished_event, officer, "  ")
    return_form(finished_event, officer, "Round 2 table 1 counts disagree with the sheet.")
    assert review_of(finished_event).state == ReviewState.RETURNED
    assert _points(organizer) is None
    # submitted in time: a returned form does not make the event late (SPEC §6 due date)
    assert not is_scoring_form_late(finished_event, finished_event.date + timedelta(days=60))
    page = client_as(organizer).get(reverse("standings:event", args=[finished_event.pk]))
    text = page.content.decode()
    assert "Round 2 table 1 counts disagree with the sheet." in text
    assert "Submit the corrected scoring form" in text
    # not frozen any more: the organizer corrects and submits again
    response = client_as(organizer).post(
        reverse("events:edit", args=[finished_event.pk]), _edit_data(finished_event, venue="Hall")
    )
    assert response.status_code == 302
    submit(finished_event, organizer.user)
    assert review_of(finished_event).state == ReviewState.SUBMITTED


def test_a_correction_reopens_and_counts_only_once_accepted(finished_event, organizer, officer):
    accept_for_ranking(finished_event)
    winner = EventStanding.objects.get(event=finished_event, place=1)
    accepted_points = winner.points
    assert _points(winner.player) == accepted_points
    # a correction after the event: double points (every playing point doubles, SPEC §6)
    finished_event.event_multiplier = 2
    save_event(finished_event, {"event_multiplier"})
    review = review_of(finished_event)
    assert review.state == ReviewState.REOPENED
    reopen = review.decisions.first()
    assert (reopen.action, reopen.by) == ("reopen", None)
    assert _points(winner.player) == accepted_points  # the accepted figures stay
    submit(finished_event, organizer.user)
    accept(finished_event, officer, "Correction checked.")
    assert _points(winner.player) == 2 * accepted_points
    actions = [d.action for d in review_of(finished_event).decisions.order_by("at", "pk")]
    assert actions == ["submit", "accept", "reopen", "submit", "accept"]


def test_a_refresh_that_changes_nothing_keeps_the_acceptance(finished_event):
    accept_for_ranking(finished_event)
    refresh_event(finished_event)
    assert review_of(finished_event).state == ReviewState.ACCEPTED


def test_re_finishing_reopens_the_review(finished_event, organizer):
    accept_for_ranking(finished_event)
    finished_event.status = "running"
    save_event(finished_event, {"status"})
    assert review_of(finished_event).state == ReviewState.REOPENED
    assert _points(organizer) == 9  # until the re-finished event is accepted again


def test_review_page_lists_decisions_with_reasons(
    finished_event, organizer, officer, client_as, player
):
    submit(finished_event, organizer.user)
    return_form(finished_event, officer, "Missing judge.")
    submit(finished_event, organizer.user)
    accept(finished_event, officer, "Fine now.")
    url = reverse("review:event", args=[finished_event.pk])
    text = client_as(organizer).get(url).content.decode()
    for words in ("Missing judge.", "Fine now.", "Olga Officer", "Ann Organiser"):
        assert words in text
    assert client_as(player).get(url).status_code == 403


def test_the_organizer_answers_a_returned_form_when_submitting_it_again(
    finished_event, organizer, officer, client_as
):
    """The review is a conversation: the officer's reason, then the organizer's answer with
    the resubmission, both on the review page; the return mail leads to that page."""
    from tournament.notifications.kinds import Kind
    from tournament.notifications.models import Message

    submit(finished_event, organizer.user)
    return_form(finished_event, officer, "Round 2 table 1 counts disagree with the sheet.")
    returned = Message.objects.get(kind=Kind.FORM_RETURNED, recipient=organizer.user)
    review_url = reverse("review:event", args=[finished_event.pk])
    assert review_url in returned.params["url"]
    client = client_as(organizer)
    page = client.get(review_url).content.decode()
    assert 'name="reply"' in page
    client.post(
        reverse("review:submit", args=[finished_event.pk]),
        {"reply": "Checked the sheet: table 1 had 6/4/3, corrected."},
    )
    review = review_of(finished_event)
    assert review.state == ReviewState.SUBMITTED
    assert review.decisions.first().reason == "Checked the sheet: table 1 had 6/4/3, corrected."
    client.force_login(officer)
    page = client.get(review_url).content.decode()
    assert "Checked the sheet: table 1 had 6/4/3, corrected." in page

"""Who sees the queue, the review page and the submit button; the officer role (§1, §9)."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from tournament.accounts.roles import is_ranking_officer
from tournament.review.services import submit

pytestmark = pytest.mark.django_db


def test_the_ranking_officer_role_is_the_group(player, officer):
    assert is_ranking_officer(officer)
    assert not is_ranking_officer(player.user)
    player.user.groups.add(Group.objects.get(name="Ranking officers"))
    fresh = User.objects.get(pk=player.user.pk)  # the answer is kept on the user instance
    assert is_ranking_officer(fresh)


def test_queue_is_for_officers_only(finished_event, organizer, client_as, officer, player):
    url = reverse("review:queue")
    assert client_as(None).get(url).status_code == 302
    for someone in (player, organizer):
        assert client_as(someone).get(url).status_code == 403
    submit(finished_event, organizer.user)
    response = client_as(officer.player).get(url)
    assert response.status_code == 200
    assert [r.event for r in response.context["reviews"]] == [finished_event]
    assert 'href="/review/"' in response.content.decode()  # the officer's nav link


def test_plain_users_have_no_queue_link(client_as, player):
    assert 'href="/review/"' not in client_as(player).get("/").content.decode()


def test_review_page_permissions(finished_event, organizer, client_as, officer, judge, player):
    url = reverse("review:event", args=[finished_event.pk])
    assert client_as(None).get(url).status_code == 302
    assert client_as(player).get(url).status_code == 403
    assert client_as(judge).get(url).status_code == 403
    own = client_as(organizer).get(url)
    assert own.status_code == 200 and own.context["flags"] == []  # flags are the officer's
    submit(finished_event, organizer.user)
    seen = client_as(officer.player).get(url)
    assert seen.context["can_decide"] and seen.context["flags"]
    assert "Accept: the points count" in seen.content.decode()


def test_finished_event_page_offers_the_organizer_to_submit(finished_event, client_as, organizer):
    url = reverse("events:detail", args=[finished_event.pk])
    assert "Submit scoring form" in client_as(organizer).get(url).content.decode()
    submit(finished_event, organizer.user)
    text = client_as(organizer).get(url).content.decode()
    assert "Submit scoring form" not in text and "Awaiting review" in text
    assert "Submit scoring form" not in client_as(None).get(url).content.decode()

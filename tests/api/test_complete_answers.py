"""Answers that say everything a client needs, and errors that say what is wrong: a
one-on-one round's matches and byes (player numbers) in the organizer's round answer,
who advances from a closed top-cut round, absolute links, 409 where the event's state
refuses, the officials of an event still in registration, 413 over the body limit, a clear
401 for HTTP Basic."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.api.test_organize import Api, bearer, url
from tests.support.one_on_one import win
from tests.support.results import seated
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Event

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def boss(client, organizer):
    _t, raw = make_token(organizer.user, "desk", ["organize", "judge"])
    return Api(client, raw)


def links(data) -> list[str]:
    """Every link field's value in an answer."""
    found = []
    if isinstance(data, dict):
        for name, value in data.items():
            if (name == "url" or name.endswith("_url")) and isinstance(value, str):
                found.append(value)
            else:
                found += links(value)
    elif isinstance(data, list):
        for item in data:
            found += links(item)
    return found


def test_a_one_on_one_round_answer_has_its_matches_byes_and_cut(
    boss,
    swiss_event,
    judge,
    second_judge,
):
    # 5 players, 1 Swiss round, a top 2: round 1 is 2 matches and a bye; the cut is the final
    event = swiss_event(5, best_of=1, swiss_rounds=1, top_cut=2)
    event.judges.add(judge, second_judge)
    status, first = boss.post(url("seat_round", event.pk))
    assert status == 201, first
    rnd = event.rounds.get(number=1)
    (bye,) = rnd.byes
    bye_number = event.registrations.get(player_id=bye).player.player_number
    assert first["is_cut"] is False and first["byes"] == [bye_number]
    assert [m["table"] for m in first["matches"]] == [1, 2]  # unpublished: the organizer's
    for bracket in rnd.brackets.all():
        win(bracket, seated(bracket)[0], judge, second_judge)
    assert boss.post(url("close_round", event.pk, 1))[0] == 200
    status, cut = boss.post(url("seat_round", event.pk))
    assert status == 201 and cut["is_cut"] is True and cut["byes"] == []
    (final,) = event.rounds.get(number=2).brackets.all()
    champion = seated(final)[1]
    win(final, champion, judge, second_judge)
    status, closed = boss.post(url("close_round", event.pk, 2))
    assert status == 200 and closed["advancing"] == [champion.player_number]
    assert links(closed) and all(link.startswith(HOST + "/api/v1/") for link in links(closed))


def test_every_link_is_absolute(client, running):
    event_id = running.round.event_id
    for name, args in (
        ("seating", [event_id, 1]),
        ("rounds", [event_id]),
        ("events", []),
        ("standings", [event_id]),
    ):
        answer = client.get(url(name, *args)).json()
        for link in links(answer):
            assert link.startswith(HOST + "/api/v1/"), (name, link)


def test_registering_into_one_s_own_draft_is_a_409(boss, client, event, player, organizer):
    Event.objects.filter(pk=event.pk).update(status="draft")
    status, body = boss.post(url("register", event.pk), {"player_number": player.player_number})
    assert status == 409 and body["code"] == "conflict" and "draft" in body["detail"]
    # another organizer does not learn that the draft exists
    _t, raw = make_token(player.user, "other", ["organize"])
    stranger = client.post(
        url("register", event.pk),
        {"player_number": player.player_number},
        content_type="application/json",
        **bearer(raw),
    )
    assert stranger.status_code == 404


def test_the_officials_of_an_event_in_registration_are_listed(client, event, organizer, judge):
    event.judges.add(judge)
    assert event.status == "registration"
    response = client.get(url("officials", event.pk))
    assert response.status_code == 200
    judges = sorted(event.judges.all(), key=lambda p: p.name)
    assert judge in judges
    assert [(o["player_number"], o["role"], o["points"]) for o in response.json()] == [
        (organizer.player_number, "coordinator", 0),
        *((j.player_number, "judge", 0) for j in judges),
    ]


def test_a_body_over_the_limit_is_a_413(boss, client, organizer):
    too_big = '{"name": "' + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + '"}'
    response = client.post(url("events"), too_big, content_type="application/json", **boss.auth)
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"


@pytest.mark.parametrize("method", ["get", "post"])
def test_http_basic_is_a_clear_401(client, method):
    response = getattr(client, method)(
        reverse("api-v1:events"), HTTP_AUTHORIZATION="Basic YWxpY2U6c2VjcmV0"
    )
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    body = response.json()
    assert body["code"] == "authentication_failed"
    assert "Basic" in body["detail"] and "Bearer" in body["detail"]

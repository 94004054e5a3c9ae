"""A form that names a row by an id that is not one (letters, a NUL, 25 digits) is answered
404, never a 500 from the database query."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

BAD_IDS = ["abc", "1\x00", "9" * 25, "-3", ""]


@pytest.mark.parametrize("bad", BAD_IDS)
@pytest.mark.parametrize(
    ("name", "field", "extra"),
    [
        ("events:checkin", "registration", {"checked_in": "1"}),
        ("rounds:drop", "registration", {"confirmed": "1"}),
        ("rounds:undo_drop", "registration", {"confirmed": "1"}),
        ("events:teams", "team", {"action": "accept"}),
    ],
)
def test_a_bad_posted_id_is_a_404(
    client_as, organizer, event, registered_players, name, field, extra, bad
):
    response = client_as(organizer).post(reverse(name, args=[event.pk]), {field: bad, **extra})
    assert response.status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        "/events/?year=" + "9" * 20,
        "/events/?year=-5",
        "/ranking/?region=a%00b",
        "/api/v1/ranking/?region=a%00b",
        "/api/v1/players/a%00b/",
        "/players/a%00b/",
        "/events/?name=a%00b",
        "/ranking/?_export=xlsx",
    ],
)
def test_hostile_query_values_are_never_a_500(client, url):
    assert client.get(url).status_code < 500


@pytest.mark.parametrize("url", ["/api/v1/players/a%00b/", "/ranking/?region=a%00b"])
def test_a_nul_in_the_address_is_a_400_that_says_why(client, url):
    # PostgreSQL refuses NUL in text: refused before any query, on every database.
    response = client.get(url)
    assert response.status_code == 400
    assert b"NUL" in response.content


@pytest.mark.parametrize(
    "url",
    [
        "/events/" + "9" * 25 + "/",
        "/api/v1/events/" + "9" * 25 + "/standings/",
        "/events/1/brackets/" + "9" * 25 + "/sideboard/1/decide/",
    ],
)
def test_an_id_longer_than_any_key_in_the_address_is_a_404(client_as, organizer, url):
    client = client_as(organizer)
    assert client.get(url).status_code == 404
    assert client.post(url, {"decision": "accept"}).status_code == 404


def test_a_bulk_check_in_ignores_values_that_name_no_row(client_as, organizer, event):
    response = client_as(organizer).post(
        reverse("events:checkin", args=[event.pk]), {"registrations": ["9" * 25, "abc", "-1"]}
    )
    assert response.status_code == 302


def test_a_choice_that_cannot_be_a_key_is_an_invalid_choice(client_as, organizer, event):
    response = client_as(organizer).post(
        reverse("events:judges", args=[event.pk]), {"judges": ["9" * 25]}
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_a_status_change_without_a_status_says_so(client_as, organizer, event):
    response = client_as(organizer).post(reverse("events:status", args=[event.pk]), follow=True)
    assert "Choose the event&#x27;s new status." in response.content.decode()

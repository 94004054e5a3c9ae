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

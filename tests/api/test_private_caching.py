"""No shared cache keeps an answer made for one caller: a request with a token or a session
cookie is answered `private` (a draft's settings and entries waiting: `no-store`), and every
answer varies on `Authorization` and `Cookie`. Public answers keep `public` caching and
their ETags (RFC 9111 §5.2.2.7 `private`, §5.2.2.5 `no-store`; RFC 9110 §12.5.5 `Vary`)."""

import pytest

from tests.api.test_organize import bearer, url
from tournament.accounts.api_tokens import make_token

pytestmark = pytest.mark.django_db


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",")}


def test_a_public_answer_is_public_and_varies_on_the_credentials(client, finished_event):
    response = client.get(url("event", finished_event.pk))
    assert "public" in response["Cache-Control"] and "max-age=15" in response["Cache-Control"]
    assert {"authorization", "cookie"} <= vary(response)
    assert response["ETag"]


def test_a_token_s_answer_is_private(client, finished_event, organizer):
    _t, raw = make_token(organizer.user, "bot", ["organize", "judge"])
    response = client.get(url("event", finished_event.pk), **bearer(raw))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]
    assert {"authorization", "cookie"} <= vary(response)
    assert response["ETag"]  # the caller may still revalidate his own copy


def test_a_session_s_answer_is_private(client, finished_event, organizer):
    client.force_login(organizer.user)
    response = client.get(url("event", finished_event.pk))
    assert "private" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]


def test_entries_and_settings_are_never_stored(client, running, organizer):
    _t, raw = make_token(organizer.user, "bot", ["organize", "judge"])
    event_id = running.round.event_id
    for name, args in (
        ("pending_entries", [event_id]),
        ("entries", [event_id, running.pk]),
        ("event_settings", [event_id]),
    ):
        response = client.get(url(name, *args), **bearer(raw))
        assert response.status_code == 200, name
        assert response["Cache-Control"] == "no-store", name
        assert {"authorization", "cookie"} <= vary(response), name

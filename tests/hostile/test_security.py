"""Brute force, API parameters, error pages, Content-Security-Policy, health and admin."""

import base64
import re
import tomllib
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.throttling import AnonRateThrottle

from tests.support.events import build_event
from tests.support.players import make_player
from tournament.core import views as core_views
from tournament.results.models import Game

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


# -- brute force ----------------------------------------------------------------------------


def test_fifth_wrong_password_locks_the_account_from_that_address(client):
    make_player("ann")  # password "pw-ann"
    url = reverse("login")
    for _ in range(4):
        assert client.post(url, {"username": "ann", "password": "wrong"}).status_code == 200
    assert client.post(url, {"username": "ann", "password": "wrong"}).status_code == 429
    locked = client.post(url, {"username": "ann", "password": "pw-ann"})  # even the right one
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # another address is not locked out (a venue's players would otherwise lock each other)
    other = client.post(
        url, {"username": "ann", "password": "pw-ann"}, REMOTE_ADDR="192.0.2.9", follow=False
    )
    assert other.status_code == 302


def test_api_ignores_basic_auth(client):
    """A password in an Authorization header is never checked: the Basic scheme itself is
    refused with one clear 401, the same for a right and a wrong password (nothing to learn
    from the answer)."""
    from rest_framework.authentication import BasicAuthentication
    from rest_framework.settings import api_settings

    User.objects.create_superuser("root", "root@example.org", "secret")
    assert BasicAuthentication not in api_settings.DEFAULT_AUTHENTICATION_CLASSES
    answers = []
    for password in (b"wrong-guess", b"secret"):
        token = base64.b64encode(b"root:" + password).decode()
        response = client.get("/api/v1/ranking/", HTTP_AUTHORIZATION=f"Basic {token}")
        assert response.status_code == 401
        answers.append(response.json())
    assert answers[0] == answers[1]
    assert answers[0]["code"] == "authentication_failed"


def test_api_is_throttled(client, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/min"})
    codes = [client.get("/api/v1/events/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


# -- API parameters -------------------------------------------------------------------------


@pytest.mark.parametrize("year", ["0", "-1", "10000", "abc", "2026.5"])
def test_bad_year_is_400_with_the_reason(client, year):
    player = make_player("ann")
    for url in ("/api/v1/events/", f"/api/v1/players/{player.player_number}/", "/api/v1/ranking/"):
        response = client.get(url, {"year": year})
        assert response.status_code == 400, url
        assert response.json()["fields"]["year"][0].startswith("The year must be"), url


def test_good_year_is_accepted(client):
    player = make_player("ann")
    assert client.get("/api/v1/events/", {"year": "2026"}).status_code == 200
    assert (
        client.get(f"/api/v1/players/{player.player_number}/", {"year": "2026"}).status_code == 200
    )


@pytest.mark.parametrize("year", ["0", "-1", "10000"])
def test_ranking_page_ignores_a_bad_year(client, year):
    assert client.get(reverse("ranking:ranking"), {"year": year}).status_code == 200


# -- error pages ----------------------------------------------------------------------------


def test_403_in_the_layout_with_the_reason(client_as, player, event):
    response = client_as(player).get(reverse("printing:index", args=[event.pk]))
    assert response.status_code == 403
    text = response.content.decode()
    assert 'class="site-header"' in text
    assert "This needs the judge of the event." in text


def test_404_in_the_layout_with_a_user_facing_reason(client_as, player, event, registered_players):
    from tournament.rounds.services import rounds as round_service

    round_service.seat_next_round(event, seed=1)  # not published
    response = client_as(player).get(reverse("rounds:seating", args=[event.pk, 1]))
    assert response.status_code == 404
    text = response.content.decode()
    assert 'class="site-header"' in text
    assert "The seating of this round is not published yet." in text


def test_404_hides_internal_lookup_messages(client):
    response = client.get("/events/999999/standings/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Page not found" in text and "matches the given query" not in text


def test_500_page_in_the_layout(db):
    request = RequestFactory().get("/")
    response = core_views.server_error(request)
    assert response.status_code == 500
    assert 'class="site-header"' in response.content.decode()


def test_database_down_is_503_not_500(db):
    from django.db import OperationalError

    request = RequestFactory().get("/")
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        response = core_views.server_error(request)
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert (
        "The database is not answering right now. Try again in a moment."
        in response.content.decode()
    )


def test_400_page(db):
    response = core_views.bad_request(RequestFactory().get("/"))
    assert response.status_code == 400 and "Bad request" in response.content.decode()


def test_error_page_in_portuguese(client, settings):
    response = client.get("/events/999999/standings/", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 404
    assert '<html lang="pt-br">' in response.content.decode()


# -- Content-Security-Policy -----------------------------------------------------------------


def test_pages_send_a_strict_script_policy(client):
    policy = client.get(reverse("events:home"))["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: p.name)
def test_no_inline_script_or_handler_in_templates(path):
    text = path.read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.search(text), path
    assert not INLINE_HANDLER.search(text), path


# -- health ---------------------------------------------------------------------------------


def test_healthz_reports_each_dependency(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    release = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())[
        "project"
    ]["version"]
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "cache": "ok",
        "broker": "not used",  # tests run tasks in-process
        "release": release,  # the project's version (CHANGELOG.md)
    }


def test_healthz_is_503_when_the_database_is_down(client, monkeypatch):
    def down():
        raise ConnectionError("connection refused")

    monkeypatch.setattr(core_views, "_check_database", down)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "down"


# -- admin ----------------------------------------------------------------------------------


@pytest.fixture
def admin_client_(client):
    admin = User.objects.create_superuser("root", "root@example.org", "secret")
    client.force_login(admin)
    return client


def test_results_and_seats_are_read_only_in_admin(admin_client_, event, registered_players):
    import random

    from tournament.events.models import Seat
    from tournament.rounds.services import rounds as round_service
    from tournament.rounds.simulate import play_round

    rnd = round_service.seat_next_round(event, seed=1)
    play_round(rnd, random.Random(3))
    game = Game.objects.first()
    seat = Seat.objects.first()
    change = admin_client_.post(reverse("admin:results_game_change", args=[game.pk]), {"number": 9})
    assert change.status_code == 403
    assert admin_client_.get(reverse("admin:results_game_add")).status_code == 403
    assert admin_client_.get(reverse("admin:results_gameentry_add")).status_code == 403
    assert admin_client_.get(reverse("admin:events_seat_add")).status_code == 403
    assert admin_client_.get(reverse("admin:events_seat_change", args=[seat.pk])).status_code == 200
    game.refresh_from_db()
    assert game.number != 9


def test_game_list_queries_do_not_grow_with_rows(admin_client_, organizer):
    build_event(organizer, 9, seed=3, name="Small")
    url = reverse("admin:results_game_changelist")
    with CaptureQueriesContext(connection) as small:
        assert admin_client_.get(url).status_code == 200
    build_event(organizer, 40, seed=4, name="Larger")
    assert Game.objects.count() > 40
    with CaptureQueriesContext(connection) as large:
        assert admin_client_.get(url).status_code == 200
    assert len(large) == len(small)


def admin_event_post(event, **changes) -> dict:
    """The admin change form's data for an event, with some fields changed."""
    data = {
        "name": event.name,
        "date": event.date.isoformat(),
        "time_zone": event.time_zone,
        "language": event.language,
        "venue": event.venue,
        "organizer": event.organizer_id,
        "deck_size": event.deck_size,
        "deck_rules": event.deck_rules,
        "tournament_type": event.tournament_type,
        "victory": event.victory,
        "rules_edition": event.rules_edition,
        "event_multiplier": event.event_multiplier,
        "points_mode": event.points_mode,
        "paper_size": event.paper_size,
        "scored": "on" if event.scored else "",
        "structure": event.structure,
        "best_of": event.best_of,
        "top_cut": event.top_cut,
        "registrations-TOTAL_FORMS": "0",
        "registrations-INITIAL_FORMS": "0",
    }
    return {k: v for k, v in (data | changes).items() if v != ""}


def test_the_admin_edits_an_event_through_the_sites_rules(admin_client_, event):
    """A ranking officer reviewing the scoring form freezes the event in the admin too, and
    the admin never sets the status or the judges (services do)."""
    from tournament.review.models import ReviewState, ScoringReview

    url = reverse("admin:events_event_change", args=[event.pk])
    renamed = admin_client_.post(url, admin_event_post(event, name="Renamed Open"))
    assert renamed.status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed Open"
    ScoringReview.objects.create(event=event, state=ReviewState.SUBMITTED)
    # What the review's submit writes in its transaction (tests/review/test_freeze_field.py).
    type(event).objects.filter(pk=event.pk).update(frozen_for_review=True)
    frozen = admin_client_.post(url, admin_event_post(event, name="Changed under review"))
    assert frozen.status_code == 200
    assert "awaits a ranking officer" in frozen.content.decode()
    event.refresh_from_db()
    assert event.name == "Renamed Open"
    form = admin_client_.get(url).context["adminform"].form
    assert "status" not in form.fields and "judges" not in form.fields


def test_reviews_are_read_only_in_the_admin(admin_client_, event):
    from tournament.review.models import ReviewState, ScoringReview

    review = ScoringReview.objects.create(event=event, state=ReviewState.SUBMITTED)
    url = reverse("admin:review_scoringreview_change", args=[review.pk])
    assert admin_client_.post(url, {"state": "accepted"}).status_code == 403
    assert (
        admin_client_.post(
            reverse("admin:review_scoringreview_delete", args=[review.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    review.refresh_from_db()
    assert review.state == ReviewState.SUBMITTED

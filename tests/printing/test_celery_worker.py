"""A real Celery worker (Redis broker, separate process) renders a round's bracket sheets.

Run by .ci/run after `manage.py migrate` with a worker started against the same DATABASE_URL.
The worker cannot see pytest-django's test database, so this test writes to the real database
(the one DATABASE_URL names) and removes everything it created afterwards.
"""

import random
import time
import uuid
from contextlib import contextmanager

import dj_database_url
import pytest
from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.db import DEFAULT_DB_ALIAS, connections

from tests.printing.test_documents import row_line
from tests.support.pdf import pdf_pages
from tests.support.players import make_player
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.printing import services
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.models import CachedDocument
from tournament.results.models import Game
from tournament.rounds.services import rounds as round_service
from tournament.rounds.simulate import play_round

WAIT_SECONDS = 90


@contextmanager
def real_database(django_db_blocker):
    """Database access to the database DATABASE_URL names, even if a test DB was set up."""
    real = dj_database_url.config(default=f"sqlite:///{settings.DATA_DIR / 'db.sqlite3'}")
    # A fresh connection object (an in-memory SQLite test connection ignores close()) with
    # its OWN settings dict: the test database's teardown must never see the real name.
    saved = connections[DEFAULT_DB_ALIAS]
    fresh = type(saved)({**saved.settings_dict, "NAME": real["NAME"]}, DEFAULT_DB_ALIAS)
    with django_db_blocker.unblock():
        connections[DEFAULT_DB_ALIAS] = fresh
        try:
            yield
        finally:
            fresh.close()
            connections[DEFAULT_DB_ALIAS] = saved


def build_round(tag: str) -> tuple[Event, Round]:
    import datetime as dt

    organizer = make_player(f"org-{tag}", f"Organiser {tag}")
    event = Event.objects.create(
        name=f"Worker Cup {tag}",
        date=dt.date(2026, 5, 1),
        venue="CI",
        organizer=organizer,
        status="registration",
    )
    players = [make_player(f"w{i}-{tag}", f"Worker Player {i:02d} {tag}") for i in range(1, 10)]
    for player in players:
        Registration.objects.create(event=event, player=player, checked_in=True)
    rnd = round_service.seat_next_round(event, seed=5)
    play_round(rnd, random.Random(5))
    return event, rnd


def clean_up(tag: str) -> None:
    events = Event.objects.filter(name=f"Worker Cup {tag}")
    for doc in CachedDocument.objects.filter(event__in=events):
        if doc.file:
            doc.file.delete(save=False)
    CachedDocument.objects.filter(event__in=events).delete()
    Game.objects.filter(bracket__round__event__in=events).delete()
    Seat.objects.filter(bracket__round__event__in=events).delete()
    Bracket.objects.filter(round__event__in=events).delete()
    Round.objects.filter(event__in=events).delete()
    Registration.objects.filter(event__in=events).delete()
    events.delete()
    users = User.objects.filter(username__endswith=f"-{tag}")
    from tournament.accounts.models import Player

    Player.objects.filter(user__in=users).delete()
    users.delete()


@pytest.mark.celery_worker
def test_real_worker_renders_round_bracket_sheets(django_db_blocker):
    assert settings.CELERY_TASK_ALWAYS_EAGER is False, "needs REDIS_URL (a real broker)"
    assert current_app.conf.task_always_eager is False
    tag = uuid.uuid4().hex[:8]
    with real_database(django_db_blocker):
        try:
            event, rnd = build_round(tag)
            doc = services.request_document(
                DocumentRequest(
                    kind="brackets",
                    event=event,
                    paper="A4",
                    round=rnd,
                    base_url="https://ci.example",
                )
            )
            assert doc.state == CachedDocument.State.PENDING  # queued, not rendered here
            deadline = time.monotonic() + WAIT_SECONDS
            while doc.state == CachedDocument.State.PENDING and time.monotonic() < deadline:
                time.sleep(0.5)
                doc.refresh_from_db()
            assert doc.state == CachedDocument.State.DONE, doc.error or "worker did not finish"
            with doc.file.open("rb") as handle:
                pages = pdf_pages(handle.read())
            brackets = list(rnd.brackets.order_by("table"))
            assert len(pages) == len(brackets) == 3
            for text, bracket in zip(pages, brackets, strict=True):
                assert f"TABLE\n{bracket.table}" in text
                assert "SPELLFIRE: Championship—Standard [55]" in text
                for seat in bracket.seats.select_related("registration__player"):
                    assert seat.registration.player.name in text
                    # the place and points the pipeline stored, last on the player's line
                    line = row_line(text, seat.registration.player.player_number)
                    assert line.endswith(f" {seat.figures.place} {seat.figures.points}")
                assert f"https://ci.example/events/{event.pk}/" in text
            assert services.is_current(doc)
        finally:
            clean_up(tag)

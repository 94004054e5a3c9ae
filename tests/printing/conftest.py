"""Fixtures of the printing tests: seated and finished events, PDF text helpers."""

import io
import random

import pytest
from celery import current_app
from pypdf import PdfReader

from tests.conftest import make_player
from tournament.events.models import Registration
from tournament.rounds.services import rounds as round_service
from tournament.rounds.simulate import play_round, run_event


@pytest.fixture(autouse=True)
def eager_celery(request, settings, tmp_path):
    """Run tasks in-process (CI also runs this suite with REDIS_URL set but no worker)."""
    if "celery_worker" in request.keywords:
        yield
        return
    settings.MEDIA_ROOT = tmp_path / "media"
    conf = current_app.conf
    saved = conf.task_always_eager
    conf.task_always_eager = True
    yield
    conf.task_always_eager = saved


def add_players(event, count: int, prefix: str = "q") -> list:
    players = [make_player(f"{prefix}{i}", f"Player {i:03d}") for i in range(1, count + 1)]
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    return players


@pytest.fixture
def seated_round(event, registered_players):
    """Round 1 of the 9-player event, seated but not played."""
    rnd = round_service.seat_next_round(event, seed=7)
    round_service.publish_round(rnd)
    return rnd


@pytest.fixture
def played_round(seated_round):
    """Round 1 with every bracket played (simulated results)."""
    play_round(seated_round, random.Random(3))
    seated_round.refresh_from_db()
    return seated_round


@pytest.fixture
def finished_event(event, registered_players):
    """The 9-player event played to the end."""
    run_event(event, random.Random(11))
    event.refresh_from_db()
    return event


def pdf_pages(data: bytes) -> list[str]:
    """Text of every page of a PDF."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))

"""A write that cannot have its lock in time (docs/locking.md: PostgreSQL's `lock_timeout`)
answers 503 within seconds: the API's JSON error shape, a clear page on the site, a
`Retry-After`, nothing saved; the same request sent again (same idempotency key) is
recorded once. On SQLite the timeout is played by the error PostgreSQL raises; on
PostgreSQL a second connection really holds the bracket's lock."""

import threading
import time
import uuid

import pytest
from django.db import OperationalError, connection, transaction
from django.test import Client
from django.urls import reverse

from tests.support.api import post_json
from tests.support.results import bracket_url, game_post
from tournament.accounts.api_tokens import make_token
from tournament.core.locking import is_lock_timeout, lock_rows
from tournament.events.models import Bracket
from tournament.results import services
from tournament.results.models import GameEntry
from tournament.rounds.services.rounds import publish_round, seat_next_round


class LockNotAvailable(Exception):
    """What psycopg raises on a lock timeout (SQLSTATE 55P03)."""

    sqlstate = "55P03"


def stuck(*args, **kwargs):
    try:
        raise LockNotAvailable("canceling statement due to lock timeout")
    except LockNotAvailable as cause:
        raise OperationalError("canceling statement due to lock timeout") from cause


def api_entry(bracket, players, key) -> tuple[str, dict]:
    url = reverse("api-v1:entries", args=[bracket.round.event_id, bracket.pk])
    body = {
        "number": 1,
        "winner": players[0].player_number,
        "ended_by": "victory",
        "unrazed": {p.player_number: n for p, n in zip(players, (6, 3, 2), strict=True)},
    }
    return url, body


def test_a_timeout_is_told_from_other_database_errors():
    with pytest.raises(OperationalError) as timeout:
        stuck()
    assert is_lock_timeout(timeout.value)
    assert is_lock_timeout(OperationalError("database is locked"))  # SQLite's busy timeout
    assert not is_lock_timeout(OperationalError("server closed the connection unexpectedly"))
    assert not is_lock_timeout(ValueError("canceling statement due to lock timeout"))


def test_the_api_answers_503_in_json_and_saves_nothing(monkeypatch, judge, bracket, seated):
    monkeypatch.setattr(services, "lock_bracket", stuck)
    _token, raw = make_token(judge.user, "desk", ["judge"])
    url, body = api_entry(bracket, seated, uuid.uuid4())
    client = Client(raise_request_exception=False)
    answer = post_json(client, url, body, raw)
    assert answer.status_code == 503
    assert answer["Content-Type"].startswith("application/json")
    assert answer.json()["code"] == "unavailable" and answer["Retry-After"] == "2"
    assert not GameEntry.objects.exists()


def test_the_page_answers_a_clear_503(monkeypatch, judge, bracket, seated):
    monkeypatch.setattr(services, "lock_bracket", stuck)
    client = Client(raise_request_exception=False)
    client.force_login(judge.user)
    answer = client.post(bracket_url(bracket), game_post(seated, [6, 3, 2], winner=seated[0]))
    assert answer.status_code == 503 and answer["Retry-After"] == "2"
    assert "Nothing was saved" in answer.content.decode()
    assert not GameEntry.objects.exists()


@pytest.mark.postgres
def test_a_held_bracket_lock_times_out_in_seconds_and_the_retry_records_once(
    transactional_db, event, registered_players, judge
):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); set DATABASE_URL to a postgres database")
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    held, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                lock_rows(Bracket.objects.filter(pk=bracket.pk)).get()
                held.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '300ms'")  # the settings' 5 s, shortened
        _token, raw = make_token(judge.user, "desk", ["judge"])
        url, body = api_entry(bracket, players, None)
        key = str(uuid.uuid4())
        client = Client(raise_request_exception=False)
        send = {
            "content_type": "application/json",
            "HTTP_AUTHORIZATION": f"Bearer {raw}",
            "HTTP_IDEMPOTENCY_KEY": key,
        }
        started = time.monotonic()
        answer = client.post(url, body, **send)
        assert answer.status_code == 503 and answer.json()["code"] == "unavailable"
        assert time.monotonic() - started < 3
        assert not GameEntry.objects.exists()
    finally:
        release.set()
        holder.join()
    again = client.post(url, body, **send)
    assert again.status_code == 201
    # the same key and body replay the first answer (IETF Idempotency-Key draft §2.6)
    repeat = client.post(url, body, **send)
    assert repeat.status_code == 201 and repeat["Idempotent-Replayed"] == "true"
    assert GameEntry.objects.count() == 1


@pytest.mark.postgres
def test_postgresql_connections_carry_the_timeouts(db, settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL; set DATABASE_URL to a postgres database")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_setting('lock_timeout'), current_setting('statement_timeout')"
        )
        lock, statement = cursor.fetchone()
    assert (lock, statement) == (
        f"{settings.DATABASE_LOCK_TIMEOUT_MS // 1000}s",
        f"{settings.DATABASE_STATEMENT_TIMEOUT_MS // 1000}s",
    )

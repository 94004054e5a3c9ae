"""`Idempotency-Key` as the IETF HTTPAPI draft (draft-ietf-httpapi-idempotency-key-header)
writes it: §2.6 the same key and body replay the first answer; the same key with another
body is a 422; a key whose first request is still running is a 409; a key that is not a
UUID (the schema's `format: uuid`) is a 400 naming the header."""

import uuid

import pytest
from django.core.cache import cache

from tests.api.test_tokens import bearer, entries_url, game, seated_numbers
from tournament.accounts.api_tokens import make_token
from tournament.api import writes
from tournament.results.models import GameEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_token(judge):
    return make_token(judge.user, "tablet", ["judge"])[1]


def post(client, bracket, body, key, raw):
    return client.post(
        entries_url(bracket),
        body,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
        **bearer(raw),
    )


def other_winner(bracket) -> dict:
    """The same game, won by the second seat (6 realms to his rivals' 4)."""
    _a, b, _c = seated_numbers(bracket)
    return {**game(bracket, [4, 6, 4]), "winner": b}


def test_the_same_key_and_body_replay_the_first_answer(client, running, judge_token):
    key = str(uuid.uuid4())
    first = post(client, running, game(running, [6, 4, 4]), key, judge_token)
    again = post(client, running, game(running, [6, 4, 4]), key, judge_token)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert GameEntry.objects.count() == 1


@pytest.mark.parametrize("cache_lost", [False, True])
def test_the_same_key_with_another_body_is_a_422(client, running, judge_token, cache_lost):
    key = str(uuid.uuid4())
    first = post(client, running, game(running, [6, 4, 4]), key, judge_token)
    assert first.status_code == 201
    if cache_lost:  # the stored entry's key still tells
        cache.clear()
    refused = post(client, running, other_winner(running), key, judge_token)
    assert refused.status_code == 422
    assert refused.json()["code"] == "idempotency_key_reused"
    (entry,) = GameEntry.objects.all()
    assert entry.winner.player_number == seated_numbers(running)[0]  # the first body's


def test_a_key_still_being_processed_is_a_409(client, running, judge_token, monkeypatch):
    key = str(uuid.uuid4())
    seen = {}
    submit = writes.results.submit_entry

    def slow_submit(*args, **kwargs):
        # the client's retry arrives while the first request is still in the service
        seen["retry"] = post(client, running, game(running, [6, 4, 4]), key, judge_token)
        return submit(*args, **kwargs)

    monkeypatch.setattr(writes.results, "submit_entry", slow_submit)
    first = post(client, running, game(running, [6, 4, 4]), key, judge_token)
    assert first.status_code == 201
    assert seen["retry"].status_code == 409 and seen["retry"].json()["code"] == "conflict"
    assert "still being processed" in seen["retry"].json()["detail"]
    assert GameEntry.objects.count() == 1


@pytest.mark.parametrize("key", ["", "abc", "1234", "not-a-uuid-at-all"])
def test_a_key_that_is_not_a_uuid_is_a_400_naming_the_header(client, running, judge_token, key):
    refused = post(client, running, game(running, [6, 4, 4]), key, judge_token)
    assert refused.status_code == 400
    assert refused.json()["fields"] == {"Idempotency-Key": ["Send a UUID in this header."]}
    assert not GameEntry.objects.exists()


def test_the_schema_asks_for_a_uuid_and_documents_the_422(client):
    spec = client.get("/api/v1/schema/", {"format": "json"}).json()
    operation = spec["paths"]["/api/v1/events/{event_id}/brackets/{bracket_id}/entries/"]["post"]
    (header,) = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert header["schema"] == {"type": "string", "format": "uuid"}
    assert "422" in operation["responses"]


def test_the_same_key_for_another_game_number_is_a_422_even_with_the_cache_lost(
    client, running, judge_token
):
    # Same result, another game: another request (§2.6), told by the stored entry's key.
    key = str(uuid.uuid4())
    assert post(client, running, game(running, [6, 4, 4]), key, judge_token).status_code == 201
    cache.clear()
    refused = post(client, running, game(running, [6, 4, 4], number=2), key, judge_token)
    assert refused.status_code == 422
    assert refused.json()["code"] == "idempotency_key_reused"
    assert list(GameEntry.objects.values_list("number", flat=True)) == [1]

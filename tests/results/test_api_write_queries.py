"""What a game posted through the API costs the database (docs/recompute.md, the path of a
result): the bracket, its seats, the event's judges, the bracket's entries and its accepted
games are each read once, by the view and the service together, and the confirming entry
adds only its writes (its players' totals and the places are the re-rank's). Counted as
with a broker (the event-wide re-rank is the worker's), on the second game of a bracket
(the places are already marked stale), with tokens already used this minute."""

from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.api import post_json
from tournament.accounts.api_tokens import make_token
from tournament.accounts.models import ApiToken

# The view's savepoint in the test's transaction; bracket (locked); seats; the bracket's
# entries; its accepted games; the entry; the savepoint released. The token and the event's
# judges are the cache's (`accounts/api_tokens.py`, `core/memo.py`).
FIRST_ENTRY = 7
# The same reads, then: the entry confirmed; the game; the seats' figures; the scoring row;
# the players' standings marked for the re-rank to re-add. On PostgreSQL one more: the
# event's standings lock, shared with the other tables' results (`standings/writing.py`).
CONFIRMING_ENTRY = 11


def test_a_posted_game_reads_each_thing_once(
    rerank_deferred, bracket, seated, judge, second_judge, django_assert_max_num_queries
):
    url = reverse("api-v1:entries", args=[bracket.round.event_id, bracket.pk])
    tokens = [make_token(j.user, "t", [ApiToken.Scope.JUDGE])[1] for j in (judge, second_judge)]
    client = Client()

    def post(token, number):
        body = {
            "number": number,
            "winner": seated[number % 3].player_number,
            "ended_by": "victory",
            "unrazed": {
                p.player_number: (6 if i == number % 3 else 3) for i, p in enumerate(seated)
            },
        }
        answer = post_json(client, url, body, token)
        assert answer.status_code in (200, 201), answer.content
        return answer.json()["status"]

    post(tokens[0], 1), post(tokens[1], 1)  # game 1: tokens used, places marked stale
    with django_assert_max_num_queries(FIRST_ENTRY):
        assert post(tokens[0], 2) == "unconfirmed"
    lock = 1 if connection.vendor == "postgresql" else 0
    with django_assert_max_num_queries(CONFIRMING_ENTRY + lock):
        assert post(tokens[1], 2) == "confirmed"

"""An integrator runs a table with the API alone: the seating names each bracket's id and
addresses, and officials list the entries waiting for confirmation (per bracket, per event)
with counts by player number and the address that confirms each."""

import uuid

from django.urls import reverse

from tests.api.test_tokens import bearer, entries_url, game, seated_numbers
from tournament.accounts.api_tokens import make_token


def test_the_seating_gives_each_bracket_its_id_and_addresses(client, running):
    event_id = running.round.event_id
    seating = client.get(reverse("api-v1:seating", args=[event_id, 1])).json()
    first = next(b for b in seating["brackets"] if b["table"] == running.table)
    assert first["id"] == running.pk
    # links are absolute, as the index's
    host = "http://testserver"
    assert first["url"] == host + reverse("api-v1:bracket", args=[event_id, running.pk])
    assert first["entries_url"] == host + entries_url(running)
    assert client.get(first["url"]).status_code == 200


def test_officials_list_the_entries_waiting_and_confirm_from_the_list(
    client, judge, second_judge, player, running
):
    _t, first = make_token(judge.user, "tablet", ["judge"])
    _t, second = make_token(second_judge.user, "tablet", ["judge"])
    post = {"content_type": "application/json", "HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4())}
    made = client.post(entries_url(running), game(running, [6, 4, 3]), **post, **bearer(first))
    assert made.status_code == 201
    numbers = seated_numbers(running)
    (waiting,) = client.get(entries_url(running), **bearer(second)).json()
    assert waiting["id"] == made.json()["id"]
    assert (waiting["bracket"], waiting["table"], waiting["round"]) == (
        running.pk,
        running.table,
        1,
    )
    assert waiting["number"] == 1 and waiting["winner"] == numbers[0]
    assert waiting["unrazed"] == {numbers[0]: 6, numbers[1]: 4, numbers[2]: 3}
    assert waiting["submitted_by"] == judge.player_number
    event_list = client.get(
        reverse("api-v1:pending_entries", args=[running.round.event_id]), **bearer(second)
    ).json()
    assert [e["id"] for e in event_list] == [waiting["id"]]
    assert client.post(waiting["confirm_url"], **bearer(second)).status_code == 200
    assert client.get(entries_url(running), **bearer(second)).json() == []


def test_only_officials_see_the_entries_waiting(client, player, running):
    _t, reader = make_token(player.user, "feed", ["read"])
    assert client.get(entries_url(running), **bearer(reader)).status_code == 403
    assert client.get(entries_url(running)).status_code == 401

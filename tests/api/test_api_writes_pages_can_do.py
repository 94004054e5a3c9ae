"""Every write the pages can do, through the API: bulk registration and check-in (a list
in one call, every row or none, a refusal naming its row), player search, swapping and
moving seats, taking a drop back, and an event's webhooks (create, list, read, test,
rotate the secret, delete)."""

import hashlib
import hmac
import json

import pytest

from tests.api.test_organize import Api, url
from tests.api.test_webhooks import receiver  # noqa: F401 (a fixture)
from tests.support.players import make_player
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Registration, Seat
from tournament.rounds.services import rounds
from tournament.webhooks.models import Delivery, Kind

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, organizer):
    _t, raw = make_token(organizer.user, "desk", ["organize", "judge"])
    return Api(client, raw)


def players(count: int, prefix: str = "b") -> list:
    return [make_player(f"{prefix}{i}", f"Bulk Player {i:02d}") for i in range(1, count + 1)]


def test_a_list_of_players_registers_in_one_call(boss, event):
    new = players(4)
    numbers = [p.player_number for p in new]
    status, body = boss.post(url("register_many", event.pk), {"player_numbers": numbers})
    assert status == 201, body
    assert [r["player_number"] for r in body["registrations"]] == numbers
    assert set(event.registrations.values_list("player__player_number", flat=True)) >= set(numbers)


def test_one_bad_row_registers_nobody_and_is_named(boss, event):
    new = players(3)
    already = Registration.objects.filter(event=event).count()
    numbers = [new[0].player_number, "99999", new[1].player_number, new[2].player_number]
    status, body = boss.post(url("register_many", event.pk), {"player_numbers": numbers})
    assert status == 400 and body["code"] == "invalid"
    assert body["fields"] == {"player_numbers.1": ["No player has the number 99999."]}
    assert Registration.objects.filter(event=event).count() == already  # nothing written
    status, body = boss.post(
        url("register_many", event.pk), {"player_numbers": [new[0].player_number] * 2}
    )
    assert status == 400 and "more than once" in body["fields"]["player_numbers"][0]


def test_a_list_checks_in_in_one_call_or_not_at_all(boss, event, registered_players):
    Registration.objects.filter(event=event).update(checked_in=False)
    numbers = [p.player_number for p in registered_players[:5]]
    status, refused = boss.post(
        url("check_in_many", event.pk), {"player_numbers": [*numbers, "nobody"]}
    )
    assert status == 400 and list(refused["fields"]) == ["player_numbers.5"]
    assert not Registration.objects.filter(event=event, checked_in=True).exists()
    status, body = boss.post(url("check_in_many", event.pk), {"player_numbers": numbers})
    assert status == 200 and all(r["checked_in"] for r in body["registrations"])
    checked = Registration.objects.filter(event=event, checked_in=True)
    assert set(checked.values_list("player__player_number", flat=True)) == set(numbers)


def test_players_are_found_by_name_or_number(client, organizer):
    found = make_player("zed", "Zélia Quintanilha")
    make_player("other", "Another Person")
    by_name = client.get(url("players"), {"search": "quintan"}).json()
    assert [p["player_number"] for p in by_name["results"]] == [found.player_number]
    by_number = client.get(url("players"), {"search": found.player_number}).json()
    assert [p["name"] for p in by_number["results"]] == ["Zélia Quintanilha"]
    assert client.get(url("players"), {"search": "x" * 101}).status_code == 400


def test_seats_swap_and_move_and_a_drop_is_taken_back(boss, event, registered_players):
    # 9 players sit at 3 tables of 3; 10 at a 4 and two 3s (SPEC §4)
    Registration.objects.create(event=event, player=make_player("tenth"), checked_in=True)
    event.status = "running"
    event.save()
    rnd = rounds.seat_next_round(event, seed=7)
    four = next(b for b in rnd.brackets.all() if b.seats.count() == 4)
    three = next(b for b in rnd.brackets.all() if b.seats.count() == 3)
    a = four.seats.order_by("position").first().registration.player
    b = three.seats.order_by("position").first().registration.player
    status, swapped = boss.post(
        url("swap_seats", event.pk, 1), {"players": [a.player_number, b.player_number]}
    )
    assert status == 200, swapped
    assert Seat.objects.get(bracket__round=rnd, registration__player=a).bracket_id == three.pk
    assert Seat.objects.get(bracket__round=rnd, registration__player=b).bracket_id == four.pk
    status, moved = boss.post(
        url("move_seat", event.pk, 1), {"player_number": b.player_number, "table": three.table}
    )
    assert status == 200, moved
    sizes = sorted(len(br["seats"]) for br in moved["brackets"])
    assert sizes == [3, 3, 4] and Seat.objects.get(registration__player=b).bracket_id == three.pk
    status, _ = boss.post(url("drop", event.pk, a.player_number))
    assert status == 200
    status, back = boss.post(url("undo_drop", event.pk, a.player_number))
    assert status == 200 and back["dropped_in_round"] is None
    status, again = boss.post(url("undo_drop", event.pk, a.player_number))
    assert status == 409 and again["code"] == "conflict"


def test_webhooks_are_kept_through_the_api(
    boss,
    client,
    event,
    receiver,  # noqa: F811 (the fixture)
    django_capture_on_commit_callbacks,
):
    status, made = boss.post(url("webhooks", event.pk), {"url": receiver.url})
    assert status == 201, made
    assert made["kinds"] == Kind.values and made["format"] == "generic"
    status, listed = boss.get(url("webhooks", event.pk))
    assert status == 200 and [h["id"] for h in listed] == [made["id"]]
    status, bad = boss.post(url("webhooks", event.pk), {"url": receiver.url, "kinds": ["nope"]})
    assert status == 400 and "kinds" in bad["fields"]
    old = made["secret"]
    status, rotated = boss.post(url("webhook_rotate", event.pk, made["id"]))
    assert status == 200 and rotated["secret"] != old
    with django_capture_on_commit_callbacks(execute=True):  # sent once the write commits
        status, sent = boss.post(url("webhook_test", event.pk, made["id"]))
    assert status == 202 and sent["kind"] == "webhook.test"
    (headers, body) = receiver.received[-1]
    assert json.loads(body)["type"] == "webhook.test"
    # signed with the new secret (HMAC-SHA256 of "<timestamp>.<body>", docs/webhooks.md)
    stamp = headers["X-Spellfire-Timestamp"]
    expected = hmac.new(rotated["secret"].encode(), f"{stamp}.".encode() + body, hashlib.sha256)
    assert headers["X-Spellfire-Signature"] == "sha256=" + expected.hexdigest()
    assert Delivery.objects.get(uid=sent["id"]).state == Delivery.State.DELIVERED
    answer = client.delete(url("webhook", event.pk, made["id"]), **boss.auth)
    assert answer.status_code == 204
    assert boss.get(url("webhooks", event.pk)) == (200, [])

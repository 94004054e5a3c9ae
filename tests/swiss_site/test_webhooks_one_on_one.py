"""Webhooks of a one-on-one event (SPEC §11): rounds described as matches (table, two
players, games won, winner, no-show), byes and the top cut; signed as Standard Webhooks, read
back with the receivers' own library; the chat formats speak of pairings."""

import json

import pytest
from standardwebhooks.webhooks import Webhook as StandardWebhook

from tests.support.one_on_one import play_game, win
from tests.support.results import seated
from tournament.events.models import Bracket
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show
from tournament.webhooks import formats
from tournament.webhooks.models import Delivery, Kind, Webhook

pytestmark = pytest.mark.django_db


@pytest.fixture
def receiver(serve, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True  # the receiver runs on this machine
    return serve()


@pytest.fixture
def hook(event, organizer, receiver) -> Webhook:
    return Webhook.objects.create(
        event=event,
        url=f"http://127.0.0.1:{receiver.port}/hook",
        kinds=Kind.values,
        created_by=organizer,
        secret="s3cret",
    )


def received(receiver, hook) -> list[dict]:
    """Every body the receiver got, each verified by the Standard Webhooks library."""
    verifier = StandardWebhook(hook.standard_secret)
    return [verifier.verify(body, dict(headers)) for _path, headers, body in receiver.received]


def person(player) -> dict:
    return {"player_number": player.player_number, "name": player.name}


def test_rounds_and_results_are_described_as_matches(
    swiss_event, hook, receiver, judge, second_judge, django_capture_on_commit_callbacks
):
    event = swiss_event(5, best_of=3, swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = rounds.seat_next_round(event, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.publish_round(rnd)
    seated_round, published = received(receiver, hook)
    assert seated_round["type"] == "round.seated"
    # Seated but not published: the bye is told, the pairings not yet.
    (bye,) = rnd.byes
    assert seated_round["round"]["structure"] == "one-on-one"
    assert seated_round["round"]["is_cut"] is False
    assert seated_round["round"]["matches"] == []
    assert [b["name"] for b in seated_round["round"]["byes"]] == [
        event.registrations.get(player_id=bye).player.name
    ]
    one, two = rnd.brackets.order_by("table")
    a, b = seated(one)
    c, d = seated(two)
    assert published["round"]["matches"] == [
        {
            "id": one.pk,
            "table": 1,
            "state": "waiting",
            "players": [person(a) | {"games_won": 0}, person(b) | {"games_won": 0}],
            "winner": None,
            "no_show": None,
        },
        {
            "id": two.pk,
            "table": 2,
            "state": "waiting",
            "players": [person(c) | {"games_won": 0}, person(d) | {"games_won": 0}],
            "winner": None,
            "no_show": None,
        },
    ]
    # Table 1: a wins 2-1 (best of 3); table 2: d did not come.
    with django_capture_on_commit_callbacks(execute=True):
        play_game(one, a, {a: 6, b: 2}, judge, second_judge)
        play_game(one, b, {a: 1, b: 6}, judge, second_judge)
        play_game(one, a, {a: 6, b: 3}, judge, second_judge)
    with django_capture_on_commit_callbacks(execute=True):
        record_no_show(two, two.seats.get(position=2).registration)
    results = [body for body in received(receiver, hook) if body["type"] == "results.confirmed"]
    assert results, [body["type"] for body in received(receiver, hook)]
    last = results[-1]["round"]
    table_one = last["matches"][0]
    assert table_one["state"] == "complete"
    assert table_one["players"] == [person(a) | {"games_won": 2}, person(b) | {"games_won": 1}]
    assert table_one["winner"] == person(a)
    one.refresh_from_db()
    assert one.state == Bracket.State.COMPLETE


def test_a_no_show_and_a_top_cut_round_in_the_payload(
    swiss_event, hook, receiver, judge, second_judge, django_capture_on_commit_callbacks
):
    event = swiss_event(4, swiss_rounds=1, top_cut=2)
    rnd = rounds.seat_next_round(event, seed=5)
    rounds.publish_round(rnd)
    one, two = rnd.brackets.order_by("table")
    win(one, seated(one)[0], judge, second_judge)
    absent = two.seats.get(position=1).registration
    record_no_show(two, absent)
    rounds.close_round(rnd)
    with django_capture_on_commit_callbacks(execute=True):
        final = rounds.seat_next_round(event, seed=6)
        rounds.publish_round(final)
    body = received(receiver, hook)[-1]
    assert body["type"] == "round.published"
    assert body["round"]["is_cut"] is True and body["round"]["is_final"] is True
    assert body["round"]["byes"] == []
    # The cut of two: the two match winners meet.
    (match,) = body["round"]["matches"]
    names = {p["name"] for p in match["players"]}
    assert names == {seated(one)[0].name, seated(two)[1].name}
    # The round before: table 2's no-show named, its opponent the winner (no games).
    from tournament.webhooks.handlers import round_data

    rnd.refresh_from_db()
    previous = round_data(rnd)["matches"][1]
    assert previous["no_show"] == person(absent.player)
    assert previous["winner"] == person(seated(two)[1])
    assert [p["games_won"] for p in previous["players"]] == [0, 1]


def test_a_bracket_events_payload_is_unchanged(event, registered_players, hook):
    from tournament.webhooks.handlers import round_data

    rnd = rounds.seat_next_round(event, seed=3)
    assert set(round_data(rnd)) == {
        "number",
        "is_final",
        "published",
        "started_at",
        "time_called_at",
        "ends_at",
    }


def test_chat_messages_speak_of_pairings(swiss_event, hook):
    payload = {
        "type": Kind.ROUND_PUBLISHED.value,
        "event": {"name": "Blitz Night", "page": "https://example.org/events/1/"},
        "round": {"number": 2, "structure": "one-on-one", "is_cut": False, "matches": []},
    }
    title, text = formats.headline(payload)
    assert title == "Blitz Night: round 2 pairings published"
    assert "find your match" in text
    payload["round"]["is_cut"] = True
    title, _text = formats.headline(payload)
    assert title == "Blitz Night: top-cut round 2 pairings published"
    slack = formats.slack_message(payload, "pt-br")
    assert "emparceiramentos" in slack["text"]
    delivery = Delivery(webhook=hook, kind=payload["type"], payload=payload)
    assert json.loads(formats.body(delivery))["round"]["structure"] == "one-on-one"

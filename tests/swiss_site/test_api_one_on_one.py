"""The API of a one-on-one event (SPEC §11): the event's structure and settings, rounds with
their matches (a match is a bracket: the same ids and URLs as the seating), byes and the top
cut, and standings with match points, OMW, GW, OGW and the record. Figures by hand."""

import pytest
from django.urls import reverse

from tests.support.one_on_one import play_game, win
from tests.support.results import seated
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show

pytestmark = pytest.mark.django_db


def get(client, name: str, *args) -> dict | list:
    response = client.get(reverse(f"api-v1:{name}", args=args))
    assert response.status_code == 200, response.content
    return response.json()


def person(player) -> dict:
    return {"player_number": player.player_number, "name": player.name}


def test_the_event_detail_carries_the_structure_and_its_settings(swiss_event, client):
    event = swiss_event(6, best_of=3, swiss_rounds=3, top_cut=4)
    body = get(client, "event", event.pk)
    assert (body["structure"], body["best_of"], body["swiss_rounds"], body["top_cut"]) == (
        "one-on-one",
        3,
        3,
        4,
    )


def test_a_bracket_event_says_brackets(event, client):
    body = get(client, "event", event.pk)
    assert body["structure"] == "brackets" and body["top_cut"] == 0


def test_rounds_list_their_matches_byes_and_the_cut(swiss_event, client, judge, second_judge):
    event = swiss_event(5, best_of=3, swiss_rounds=1, top_cut=2)
    rnd = rounds.seat_next_round(event, seed=4)
    # Not published yet: neither the pairings nor the bye are public.
    (listed,) = get(client, "rounds", event.pk)
    assert (listed["is_cut"], listed["byes"], listed["matches"]) == (False, [], [])
    rounds.publish_round(rnd)
    one, two = rnd.brackets.order_by("table")
    a, b = seated(one)
    c, d = seated(two)
    # Table 1: a wins 2-1 (best of 3). Table 2: c did not come, d wins without games.
    play_game(one, a, {a: 6, b: 2}, judge, second_judge)
    play_game(one, b, {a: 1, b: 6}, judge, second_judge)
    play_game(one, a, {a: 6, b: 4}, judge, second_judge)
    record_no_show(two, two.seats.get(position=1).registration)
    (listed,) = get(client, "rounds", event.pk)
    (bye,) = rnd.byes
    assert listed["byes"] == [event.registrations.get(player_id=bye).player.player_number]
    first, second = listed["matches"]
    assert first == {
        "id": one.pk,
        "table": 1,
        "state": "complete",
        "url": "http://testserver" + reverse("api-v1:bracket", args=[event.pk, one.pk]),
        "entries_url": "http://testserver" + reverse("api-v1:entries", args=[event.pk, one.pk]),
        "players": [person(a) | {"games_won": 2}, person(b) | {"games_won": 1}],
        "winner": a.player_number,
        "no_show": None,
    }
    # A no-show loses 0–2 in best of 3: the winner is credited the two games he needed.
    assert second["players"] == [person(c) | {"games_won": 0}, person(d) | {"games_won": 2}]
    assert (second["winner"], second["no_show"]) == (d.player_number, c.player_number)
    # The same ids and URLs as the seating's brackets.
    seating = get(client, "seating", event.pk, 1)
    assert [(m["id"], m["url"]) for m in listed["matches"]] == [
        (br["id"], br["url"]) for br in seating["brackets"]
    ]
    # The match's own read answers (a match IS a bracket).
    assert client.get(first["url"]).status_code == 200
    rounds.close_round(rnd)
    cut = rounds.seat_next_round(event, seed=5)
    rounds.publish_round(cut)
    listed = get(client, "rounds", event.pk)
    assert [(r["number"], r["is_cut"], r["is_final"]) for r in listed] == [
        (1, False, False),
        (2, True, True),
    ]
    assert len(listed[1]["matches"]) == 1 and listed[1]["byes"] == []


def test_standings_carry_the_swiss_figures(swiss_event, client, judge, second_judge):
    event = swiss_event(3, best_of=3, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=3)
    rounds.publish_round(rnd)
    (match,) = rnd.brackets.all()
    a, b = seated(match)
    win(match, a, judge, second_judge, best_of=3)
    rounds.close_round(rnd)
    rows = {row["name"]: row for row in get(client, "standings", event.pk)["results"]}
    bye = event.registrations.get(player_id=rnd.byes[0]).player
    # By hand (SPEC §11): a won 2-0: 3 match points, GW 6/6 = 1, OMW: b's 0/3 floored to
    # 1/3; OGW: b's GW 0/6 floored to 1/3. The bye: 3 points, 2 games won at 1 (GW 1), no
    # opponent (OMW and OGW 0). b lost 0-2: 0 points, GW 0 floored to 1/3, OMW a's 3/3 = 1.
    assert {
        name: (r["match_points"], r["omw"], r["gw"], r["ogw"], r["record"])
        for name, r in rows.items()
    } == {
        a.name: (3, 0.3333, 1.0, 0.3333, "1-0-0"),
        bye.name: (3, 0.0, 1.0, 0.0, "1-0-0"),
        b.name: (0, 1.0, 0.3333, 1.0, "0-1-0"),
    }
    assert rows[b.name]["place"] == 3


def test_a_bracket_events_standings_have_no_swiss_figures(finished_event, client):
    (row, *_rest) = get(client, "standings", finished_event.pk)["results"]
    assert (row["match_points"], row["omw"], row["gw"], row["ogw"]) == (None, None, None, None)
    assert row["record"] == ""


def test_a_bracket_events_rounds_list_no_matches(finished_event, client):
    listed = get(client, "rounds", finished_event.pk)
    assert listed and all(r["matches"] == [] and r["is_cut"] is False for r in listed)


def _judge_post(client, judge, event, bracket, body):
    from tournament.accounts.api_tokens import make_token

    _t, raw = make_token(judge.user, "tablet", ["judge"])
    return client.post(
        reverse("api-v1:no_show", args=[event.pk, bracket.pk]),
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {raw}",
    )


def test_a_judge_records_and_takes_back_a_no_show_through_the_api(
    swiss_event, client, judge, stranger
):
    # SPEC §11: a no-show loses the match 0-2 (best of 3), no games; the other player wins.
    event = swiss_event(2, best_of=3)
    rnd = rounds.seat_next_round(event, seed=3)
    (match,) = rnd.brackets.all()
    a, b = seated(match)
    answer = _judge_post(client, judge, event, match, {"player_number": a.player_number})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["no_show"] == a.player_number and body["winner"] == b.player_number
    assert body["state"] == "complete"
    back = _judge_post(client, judge, event, match, {"player_number": None})
    assert back.status_code == 200 and back.json()["no_show"] is None
    assert back.json()["state"] == "waiting"
    again = _judge_post(client, judge, event, match, {"player_number": None})
    assert again.status_code == 409 and again.json()["code"] == "conflict"
    # Only the event's officials.
    assert (
        _judge_post(client, stranger, event, match, {"player_number": b.player_number}).status_code
        == 403
    )


def test_no_show_in_a_bracket_event_is_a_conflict(event, registered_players, client, judge):
    rnd = rounds.seat_next_round(event, seed=3)
    bracket = rnd.brackets.first()
    number = bracket.seats.first().registration.player.player_number
    answer = _judge_post(client, judge, event, bracket, {"player_number": number})
    assert answer.status_code == 409 and "one-on-one" in answer.json()["detail"]

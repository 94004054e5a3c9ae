"""A judge's tie decisions through the API (SPEC §6), with the services of the HTML bracket
page: a bracket's tied players ordered by the judge, and a wildcard tie left after points,
unrazed realms and games won decided by the recorded draw; then the round closes.

Worked by hand: in a bracket of 3 where the first seat wins games 1 and 2 with 6 realms and
the other two keep 4 each both times, the two are level on games won (0) and unrazed realms
(8): 2nd place needs a judge. With 15 players (5 brackets of 3) played the same way but the
third seat keeping 3, the five winners cannot be seated (brackets of 3 and 4): one wildcard
is picked among the five seconds, all level on points (3), unrazed realms (8) and games won
(0), so the draw decides."""

import uuid

import pytest

from tests.api.test_organize import Api, url
from tests.support.events import add_players
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Bracket
from tournament.results import services
from tournament.results.services import GameData
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


def play(bracket, judge, counts=(6, 4, 3)) -> list:
    """The first seat wins games 1 and 2 with these realms; the seated players."""
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(players, counts, strict=True)}
    for number in (1, 2):
        services.submit_entry(
            bracket, GameData(players[0].pk, "victory", unrazed), judge, uuid.uuid4(), number=number
        )
    return players


@pytest.fixture
def boss(client, event, organizer, judge):
    event.status, event.single_entry = "running", True
    event.save()
    event.judges.add(judge)
    _t, raw = make_token(organizer.user, "desk", ["organize", "judge"])
    return Api(client, raw)


def test_a_tied_bracket_is_decided_and_the_round_closes(boss, event, organizer):
    add_players(event, 9)
    rnd = rounds.seat_next_round(event, seed=5)
    first, *others = rnd.brackets.order_by("table")
    a, b, c = play(first, organizer, counts=(6, 4, 4))
    for bracket in others:
        play(bracket, organizer)
    tiebreak = url("tiebreak", event.pk, first.pk)
    status, body = boss.get(tiebreak)
    assert status == 200
    assert body["state"] == Bracket.State.NEEDS_DECISION
    ((group),) = body["tied"]
    assert group["first_place"] == 2
    assert sorted(group["players"]) == sorted([b.player_number, c.player_number])
    status, refused = boss.post(url("close_round", event.pk, 1))
    assert status == 409 and "awaiting a judge decision" in refused["detail"]
    status, bad = boss.post(tiebreak, {"orders": [[c.player_number, c.player_number]]})
    assert status == 400 and "exactly one place" in bad["fields"]["orders"][0]
    status, stranger = boss.post(tiebreak, {"orders": [[c.player_number, "99999"]]})
    assert status == 400 and "99999" in stranger["fields"]["orders"][0]
    status, decided = boss.post(tiebreak, {"orders": [[c.player_number, b.player_number]]})
    assert status == 200, decided
    assert decided["state"] == Bracket.State.COMPLETE and decided["tied"] == []
    status, _again = boss.post(tiebreak, {"orders": [[c.player_number, b.player_number]]})
    assert status == 409
    places = {s.registration.player_id: s.figures.place for s in first.seats.all()}
    assert (places[a.pk], places[c.pk], places[b.pk]) == (1, 2, 3)
    status, closed = boss.post(url("close_round", event.pk, 1))
    assert status == 200, closed
    assert a.player_number in closed["advancing"]


def five_brackets(event, organizer):
    add_players(event, 15)
    rnd = rounds.seat_next_round(event, seed=5)
    seconds = [play(bracket, organizer)[1] for bracket in rnd.brackets.order_by("table")]
    return rnd, seconds


def test_a_wildcard_tie_takes_the_recorded_draw(boss, event, organizer):
    rnd, seconds = five_brackets(event, organizer)
    drawn = seconds[3]
    status, closed = boss.post(url("close_round", event.pk, 1), {"drawn": [drawn.player_number]})
    assert status == 200, closed
    assert closed["advancing"][-1] == drawn.player_number  # the winners, then the wildcard
    rnd.refresh_from_db()
    (wildcard,) = rnd.wildcards
    assert wildcard["player"] == str(drawn.pk) and wildcard["decided_by"] == "draw"


def test_a_recorded_draw_naming_none_of_the_tied_is_refused(boss, event, organizer):
    rnd, seconds = five_brackets(event, organizer)
    winner = rnd.brackets.order_by("table").first().seats.get(position=1).registration.player
    status, refused = boss.post(url("close_round", event.pk, 1), {"drawn": [winner.player_number]})
    assert status == 409 and "tied for a wildcard" in refused["detail"]
    assert all(s.player_number in refused["detail"] for s in seconds)
    rnd.refresh_from_db()
    assert rnd.state != "closed" and rnd.advancing == []
    status, unknown = boss.post(url("close_round", event.pk, 1), {"drawn": ["99999"]})
    assert status == 400 and "drawn" in unknown["fields"]
    status, seeded = boss.post(url("close_round", event.pk, 1))  # the seeded draw
    assert status == 200 and len(seeded["advancing"]) == 6

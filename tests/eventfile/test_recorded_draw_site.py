"""The recorded draw through the site (SPEC §6, §8): the site draws with the event's stored
seed and keeps the outcome; the event file carries it (the next round seats the drawn
player, or the round's ``draw`` list names him before the next round is seated); an import
takes the file's draw, whichever tied player it is, and shows "wildcard by the recorded
draw".

Six players, two tables of three won 2-0 by the first seat (6 realms a game), the second
seat 4 a game and the third 2: seconds on 3 points and 8 realms with no game won at both
tables, so the one wildcard two winners need goes to the draw between the two seconds.
"""

import datetime
import json

import pytest
from django.urls import reverse

from scoring.advancement import advance
from scoring.eventfile import parse_event, serialize_event
from tests.eventfile.test_import_export import export_file, import_file
from tests.scoring.test_engine_rules_files import event as event_file
from tests.scoring.test_engine_rules_files import seats, two_nil
from tests.scoring.test_recorded_draw import team_final, team_round_1
from tests.scoring.test_teams import event_file as team_file
from tests.support.eventfile import write
from tournament.accounts.models import Player
from tournament.eventfile.services import export_text
from tournament.events.models import Event, Registration, Round, Seat
from tournament.results.models import Game
from tournament.rounds.services import rounds as svc
from tournament.standings import recompute

pytestmark = pytest.mark.django_db

ROUND_1 = [two_nil(1, seats(1, 2, 3), [4, 2]), two_nil(2, seats(4, 5, 6), [4, 2])]
DRAW_LABEL = "round 1: wildcard by the recorded draw"


def number_of(file_id: str) -> str:
    """The player number `event_file` gives player p<i>: 1000 + i."""
    return str(1000 + int(file_id[1:]))


def wildcards_by_number(event: Event, number: int = 1) -> list[tuple[str, str]]:
    rnd = Round.objects.get(event=event, number=number)
    names = dict(
        Registration.objects.filter(event=event).values_list("player_id", "player__player_number")
    )
    return [(names[int(w["player"])], w["decided_by"]) for w in rnd.wildcards]


@pytest.mark.parametrize("drawn", ["p2", "p5"])
def test_an_imported_file_keeps_its_draw_whichever_tied_player_it_seats(client, tmp_path, drawn):
    final = two_nil(1, ["p1", "p4", drawn])
    data = event_file(6, [ROUND_1, [final]], scored=False)
    event = import_file(write(tmp_path, data))
    assert wildcards_by_number(event) == [(number_of(drawn), "draw")]
    seat = Seat.objects.get(
        bracket__round__event=event,
        registration__player__player_number=number_of(drawn),
        bracket__round__number=2,
    )
    assert seat.is_wildcard
    page = client.get(reverse("standings:event", args=[event.pk])).content.decode()
    assert page.count(DRAW_LABEL) == 1
    # Export gives the file back (the final's seating records the draw).
    assert export_text(event) == serialize_event(parse_event(data))


def test_a_file_recording_the_draw_before_the_next_round_is_imported_closed(tmp_path):
    data = event_file(6, [ROUND_1], scored=False)
    data["rounds"][0]["draw"] = ["p5"]
    event = import_file(write(tmp_path, data))
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.state == Round.State.CLOSED
    assert wildcards_by_number(event) == [("1005", "draw")]
    assert sorted(
        Registration.objects.get(event=event, player_id=int(p)).player.player_number
        for p in rnd.advancing
    ) == ["1001", "1004", "1005"]
    text = export_text(event)
    assert json.loads(text)["rounds"][0]["draw"] == ["p5"]
    assert text == serialize_event(parse_event(data))


@pytest.fixture
def six_on_the_site(organizer) -> Event:
    """The six players in a site event, round 1 seated and played as above."""
    event = Event.objects.create(
        name="Draw Cup",
        date=datetime.date(2026, 6, 6),
        venue="Porto",
        organizer=organizer,
        status="registration",
        scored=False,
    )
    players = [Player.objects.create(name=f"Player {i}", player_number=f"D{i}") for i in range(6)]
    for player in players:
        Registration.objects.create(event=event, player=player, checked_in=True)
    rnd = svc.seat_next_round(event, seed=3)
    for bracket in rnd.brackets.all():
        first, second, third = (s.registration.player for s in bracket.seats.order_by("position"))
        counts = {str(first.pk): 6, str(second.pk): 4, str(third.pk): 2}
        for number in (1, 2):
            Game.objects.create(
                bracket=bracket, number=number, winner=first, ended_by="victory", unrazed=counts
            )
    recompute.refresh_event(event)
    return event


def seconds(event: Event) -> set[int]:
    """The players seated second at their table in round 1 (the tied candidates)."""
    rnd = Round.objects.get(event=event, number=1)
    return {
        bracket.seats.order_by("position")[1].registration.player_id
        for bracket in rnd.brackets.all()
    }


def test_the_site_draws_keeps_the_outcome_and_exports_it(six_on_the_site, tmp_path):
    event = six_on_the_site
    rnd = svc.close_round(Round.objects.get(event=event, number=1))
    [pick] = rnd.wildcards
    assert pick["decided_by"] == "draw" and int(pick["player"]) in seconds(event)
    drawn = Player.objects.get(pk=int(pick["player"]))
    # The file records the outcome in round 1's draw list (no round 2 yet) …
    first = export_file(event, tmp_path, "first.json")
    data = json.loads(first)
    ids = {p["player_number"]: p["id"] for p in data["players"]}
    assert data["rounds"][0]["draw"] == [ids[drawn.player_number]]
    # … an import keeps it (round 1 closed, the same wildcard), and exports the same file.
    again = import_file(tmp_path / "first.json")
    assert wildcards_by_number(again) == [(drawn.player_number, "draw")]
    assert export_file(again, tmp_path, "second.json") == first


def test_a_file_drawing_the_other_tied_player_is_imported_as_drawn(six_on_the_site, tmp_path):
    event = six_on_the_site
    svc.close_round(Round.objects.get(event=event, number=1))
    data = json.loads(export_text(event))
    ids = {p["player_number"]: p["id"] for p in data["players"]}
    site_pick = Round.objects.get(event=event, number=1).wildcards[0]["player"]
    other = next(p for p in seconds(event) if p != int(site_pick))
    other_number = Player.objects.get(pk=other).player_number
    data["rounds"][0]["draw"] = [ids[other_number]]  # the event's draw went the other way
    again = import_file(write(tmp_path, data))
    assert wildcards_by_number(again) == [(other_number, "draw")]


def test_the_next_round_seats_the_drawn_player_and_the_file_records_it_there(
    six_on_the_site, tmp_path
):
    event = six_on_the_site
    rnd = svc.close_round(Round.objects.get(event=event, number=1))
    drawn = int(rnd.wildcards[0]["player"])
    final = svc.seat_next_round(event, seed=4)
    seated = {s.registration.player_id: s.is_wildcard for s in final.brackets.get().seats.all()}
    assert seated[drawn] is True
    first = export_file(event, tmp_path, "first.json")
    assert "draw" not in json.loads(first)["rounds"][0]  # the final's seating records it
    again = import_file(tmp_path / "first.json")
    assert export_file(again, tmp_path, "second.json") == first


# --- Team Spirit: the draw between teams (tests/scoring/test_recorded_draw.py's six teams) ---


@pytest.mark.parametrize("drawn", ["T2", "T5"])
def test_an_imported_team_file_keeps_the_team_it_drew(tmp_path, drawn):
    data = team_file(6, [team_round_1(), team_final("T1", "T4", drawn)], scored=False)
    event = import_file(write(tmp_path, data))
    k = int(drawn[1:])  # team T<k> is p(2k-1) and p(2k): numbers 1000 + 2k - 1, 1000 + 2k
    members = sorted([str(1000 + 2 * k - 1), str(1000 + 2 * k)])
    assert sorted(wildcards_by_number(event)) == [(n, "draw") for n in members]
    assert export_text(event) == serialize_event(parse_event(data))


def test_a_team_file_recording_the_draw_before_the_next_round_round_trips(tmp_path):
    data = team_file(6, [team_round_1()], scored=False)
    data["rounds"][0]["draw"] = ["T5"]
    event = import_file(write(tmp_path, data))
    assert Round.objects.get(event=event, number=1).state == Round.State.CLOSED
    assert sorted(wildcards_by_number(event)) == [("1009", "draw"), ("1010", "draw")]
    text = export_text(event)
    assert json.loads(text)["rounds"][0]["draw"] == ["T5"]
    assert text == serialize_event(parse_event(data))


@pytest.mark.parametrize("seed", ["alpha", "omega"])
def test_an_imported_event_draws_with_its_files_seed(tmp_path, seed):
    # Round 1 imported without a draw (no round 2 yet): the site draws when the organizer
    # closes it, with the seed the file carries (and exports), so a reader of the exported
    # file, drawing with that seed, finds the same wildcard.
    data = event_file(6, [ROUND_1], scored=False, seed=seed)
    event = import_file(write(tmp_path, data))
    rnd = svc.close_round(Round.objects.get(event=event, number=1))
    [(number, why)] = wildcards_by_number(event)
    assert why == "draw" and number in {"1002", "1005"}
    exported = json.loads(export_text(event))
    assert exported["seed"] == seed
    assert exported["rounds"][0]["draw"] == [f"p{int(number) - 1000}"]
    again = parse_event(data)  # the file as it was, with no draw recorded
    assert advance(again, 1).wildcards[0].player == f"p{int(number) - 1000}"
    assert rnd.state == Round.State.CLOSED

"""Team Spirit event files through the site (SPEC §8, §10): import, export, score_event."""

import copy
import json

import pytest

from scoring.eventfile import parse_event, serialize_event
from tests.eventfile.test_import_export import import_file, round_trip
from tests.scoring.test_teams import NINE_TEAM_POINTS, nine_team_event
from tests.support.commands import run
from tests.support.eventfile import write
from tournament.events.models import Seat, Team

pytestmark = pytest.mark.django_db


def test_score_event_prints_team_points_and_the_winning_team(tmp_path):
    code, out, _err = run("score_event", write(tmp_path, nine_team_event()))
    assert code == 0
    result = json.loads(out)
    assert result["winner"] == "T1"
    points = {p["id"]: (p["team"], p["points"]) for p in result["players"]}
    assert points["p1"] == points["p2"] == ("T1", 14)
    assert points["p18"] == ("T9", NINE_TEAM_POINTS["T9"])


def test_score_event_names_the_place_of_a_bad_team(tmp_path):
    data = nine_team_event()
    data["teams"][4]["players"] = ["p9", "p9"]
    code, _out, err = run("score_event", write(tmp_path, data))
    assert code != 0 and "teams[4].players[1]" in err


def test_imported_team_event_stores_each_member_the_team_points_and_round_trips(tmp_path):
    path = write(tmp_path, nine_team_event())
    event = import_file(path)
    assert event.status == "finished"
    assert Team.objects.filter(event=event).count() == 9
    stored: dict[str, int] = {}
    for seat in Seat.objects.filter(bracket__round__event=event).select_related(
        "registration__player"
    ):
        number = seat.registration.player.player_number
        stored[number] = stored.get(number, 0) + (seat.figures.points or 0)
    for k, points in enumerate(NINE_TEAM_POINTS.values(), start=1):
        assert stored[str(1000 + 2 * k - 1)] == stored[str(1000 + 2 * k)] == points
    first, second = round_trip(event, tmp_path)
    assert first == second
    assert first.decode("utf-8") == serialize_event(parse_event(copy.deepcopy(nine_team_event())))

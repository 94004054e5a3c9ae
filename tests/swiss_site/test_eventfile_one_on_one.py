"""One-on-one events in the event file (SPEC §11): export, import, round trips, refusals.

Expected figures are worked out by hand from SPEC §11 in the comments; the files are
tests/eventfile/one_on_one/*.json."""

import copy
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.eventfile import EventFileError, read_any_event
from scoring.standings import standings_json
from tests.support.commands import run
from tests.support.eventfile import write
from tests.support.one_on_one import win
from tests.support.ranking import ranking_officer
from tests.support.results import seated
from tournament.accounts.models import Player
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.services import export_text, import_event
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round
from tournament.results.models import Game
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show
from tournament.standings.models import EventStanding

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"
NAMES = sorted(p.name for p in FILES.glob("*.json"))


def fixture(name: str) -> dict:
    return json.loads((FILES / name).read_text(encoding="utf-8"))


def scored(source) -> dict:
    """What score_event prints for a file (the engine, no database)."""
    event, issues = read_any_event(source)
    assert event is not None and not issues, issues
    return standings_json(event)


def stored(event: Event) -> list[tuple]:
    return list(
        EventStanding.objects.filter(event=event)
        .order_by("place")
        .values_list("player__name", "place", "match_points", "record")
    )


@pytest.mark.parametrize("name", NAMES)
def test_export_import_export_is_byte_identical_and_scores_the_same(name):
    event = import_event(fixture(name))
    first = export_text(event)
    again = export_text(import_event(first))
    assert again == first
    assert json.loads(first)["structure"] == "one-on-one"
    assert scored(first) == scored(fixture(name))


@pytest.mark.parametrize("name", NAMES)
def test_imported_standings_are_the_files(name):
    event = import_event(fixture(name))
    expected = [
        (p["name"], p["place"], p["match_points"], p["record"])
        for p in scored(fixture(name))["players"]
    ]
    assert stored(event) == expected


def test_rows_of_an_imported_event_with_byes_a_draw_and_a_drop():
    event = import_event(fixture("swiss_5_byes_drop.json"))
    # Three Swiss rounds, no cut, every match decided: finished, the last round the final.
    assert event.is_one_on_one and event.best_of == 1
    assert (event.swiss_rounds, event.top_cut, event.status) == (3, 0, Status.FINISHED)
    assert not event.scored
    by_name = {r.player.name: r for r in event.registrations.select_related("player")}
    rows = list(event.rounds.order_by("number"))
    assert [r.number for r in rows] == [1, 2, 3]
    assert all(r.state == Round.State.CLOSED and not r.is_cut for r in rows)
    assert [r.is_final for r in rows] == [False, False, True]
    assert rows[0].byes == [by_name["Mantas"].player_id]
    assert rows[1].byes == [by_name["Jonas"].player_id]
    # Kestas left after round 2: paired no more.
    assert by_name["Kestas"].dropped_in_round == 2
    assert all(r.checked_in for r in by_name.values())
    table_two = Bracket.objects.get(round=rows[0], table=2)
    assert [p.name for p in seated(table_two)] == ["Kestas", "Laura"]
    (game,) = Game.objects.filter(bracket=table_two)
    assert game.winner is None and game.ended_by == "time"
    # A drawn match: no winner, complete.
    assert table_two.state == Bracket.State.COMPLETE and table_two.winner is None


def test_a_no_show_is_imported_and_exported():
    data = fixture("swiss_5_byes_drop.json")
    # Round 3, table 1: Mantas (q5) did not come; Ieva (q1) wins without games.
    data["rounds"][2]["matches"][0]["games"] = []
    data["rounds"][2]["matches"][0]["no_show"] = "q5"
    event = import_event(data)
    match = Bracket.objects.get(round__event=event, round__number=3, table=1)
    assert match.no_show.name == "Mantas" and match.winner.name == "Ieva"
    assert not match.games.exists()
    # By hand: Ieva beat Jonas, lost to Laura, won the no-show: 6 points, 2-1-0. Mantas:
    # bye, beat Kestas, lost the no-show: 6 points, 2-1-0. Laura: drew, won, drew: 5.
    # Jonas: lost, bye, drew: 4. Kestas: drew, lost, dropped: 1.
    # Ieva before Mantas on OMW: Ieva's opponents Jonas 4/9, Laura 5/9, Mantas 6/9 → 5/9;
    # Mantas's opponents Kestas 1/6 (floored to 1/3) and Ieva 6/9 → 1/2.
    assert stored(event) == [
        ("Ieva", 1, 6, "2-1-0"),
        ("Mantas", 2, 6, "2-1-0"),
        ("Laura", 3, 5, "1-0-2"),
        ("Jonas", 4, 4, "1-1-1"),
        ("Kestas", 5, 1, "0-1-1"),
    ]
    ieva = EventStanding.objects.get(event=event, player__name="Ieva")
    assert str(ieva.omw) == "0.5556"
    text = export_text(event)
    assert json.loads(text)["rounds"][2]["matches"][0] == {
        "table": 1,
        "players": ["q5", "q1"],
        "games": [],
        "no_show": "q5",
    }


def test_a_top_cut_is_imported_as_cut_rounds():
    event = import_event(fixture("swiss_8_cut_4.json"))
    rows = list(event.rounds.order_by("number"))
    # 3 Swiss rounds, then the cut of four: semi-finals (2 matches) and the final.
    assert [(r.is_cut, r.is_final) for r in rows] == [
        (False, False),
        (False, False),
        (False, False),
        (True, False),
        (True, True),
    ]
    assert [r.brackets.count() for r in rows[3:]] == [2, 1]
    assert event.status == Status.FINISHED
    winner = EventStanding.objects.get(event=event, place=1)
    assert winner.status == "winner"
    assert winner.player.name == scored_winner_name("swiss_8_cut_4.json")


def scored_winner_name(name: str) -> str:
    result = scored(fixture(name))
    return next(p["name"] for p in result["players"] if p["id"] == result["winner"])


def test_the_recorded_draw_and_seed_survive_the_round_trip():
    data = fixture("swiss_5_byes_drop.json")
    data["seed"] = "kaunas-2026"
    data["draw"] = ["q4", "q2"]
    event = import_event(data)
    imported = ImportedEvent.objects.get(event=event)
    names = dict(Player.objects.values_list("pk", "name"))
    assert [names[pk] for pk in imported.draw] == ["Laura", "Jonas"]
    exported = json.loads(export_text(event))
    assert exported["seed"] == "kaunas-2026" and exported["draw"] == ["q4", "q2"]


def test_an_invalid_file_is_refused_at_its_place_and_nothing_is_saved():
    data = fixture("swiss_5_byes_drop.json")
    data["rounds"][0]["byes"] = ["q1"]  # q1 also plays table 1 of round 1
    events, players = Event.objects.count(), Player.objects.count()
    with pytest.raises(EventFileError) as error:
        import_event(data)
    paths = [issue.path for issue in error.value.issues]
    assert paths[0] == "rounds[0].byes[0]"
    assert (Event.objects.count(), Player.objects.count()) == (events, players)


def test_a_player_twice_in_a_match_is_refused_at_its_place():
    data = fixture("swiss_8_cut_4.json")
    data["rounds"][0]["matches"][0]["players"] = ["p1", "p1"]
    with pytest.raises(EventFileError) as error:
        import_event(data)
    assert any(i.path.startswith("rounds[0].matches[0].players") for i in error.value.issues)
    assert not Event.objects.filter(name="Kaunas Open").exists()


def test_a_site_event_exports_a_file_that_scores_as_its_standings(
    swiss_event, judge, second_judge, tmp_path
):
    event = swiss_event(4, swiss_rounds=2)
    first = rounds.seat_next_round(event, seed=7)
    one, two = first.brackets.order_by("table")
    win(one, seated(one)[0], judge, second_judge)
    record_no_show(two, two.seats.get(position=2).registration)
    rounds.close_round(first)
    second = rounds.seat_next_round(event, seed=8)
    for match in second.brackets.order_by("table"):
        win(match, seated(match)[1], judge, second_judge)
    rounds.close_round(second)
    rounds.finish_event(event)
    text = export_text(event)
    data = json.loads(text)
    assert (data["best_of"], data["swiss_rounds"], data["top_cut"]) == (1, 2, 0)
    assert data["rounds"][0]["matches"][1]["no_show"] is not None
    # score_event reads the exported file and prints the site's standings.
    code, out, err = run("score_event", write(tmp_path, text))
    assert code == 0, err
    printed = json.loads(out)
    ids = {p["id"]: p["name"] for p in data["players"]}
    assert [
        (ids[p["id"]], p["place"], p["match_points"], p["record"]) for p in printed["players"]
    ] == [(name, place, points, record) for name, place, points, record in stored(event)]
    # And the imported copy stores the same standings.
    copy_ = import_event(text)
    assert stored(copy_) == stored(event)
    assert copy_.status == Status.FINISHED


def test_the_import_command_and_the_upload_page_take_one_on_one_files(client_as, player, tmp_path):
    code, out, err = run("import_event", str(FILES / "swiss_8_cut_8.json"))
    assert code == 0, err
    assert Event.objects.get(pk=int(out)).is_one_on_one
    upload = SimpleUploadedFile(
        "blitz.json", (FILES / "swiss_5_byes_drop.json").read_bytes(), "application/json"
    )
    response = client_as(player).post(reverse("eventfile:import"), {"file": upload})
    assert response.status_code == 302
    event = Event.objects.get(name="Blitz Night")
    assert event.organizer == player and event.is_one_on_one


def test_the_upload_page_lists_the_places_of_an_invalid_one_on_one_file(client_as, player):
    data = copy.deepcopy(fixture("swiss_5_byes_drop.json"))
    data["rounds"][0]["byes"] = ["q1"]
    upload = SimpleUploadedFile("bad.json", json.dumps(data).encode(), "application/json")
    response = client_as(player).post(reverse("eventfile:import"), {"file": upload})
    assert response.status_code == 200
    assert "rounds[0].byes[0]" in response.content.decode()
    assert not Event.objects.filter(name="Blitz Night").exists()


def test_the_batch_import_takes_one_on_one_files(client):
    officer = ranking_officer()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("2026/blitz.json", (FILES / "swiss_5_byes_drop.json").read_bytes())
        archive.writestr("2026/open.json", (FILES / "swiss_8_cut_4.json").read_bytes())
    client.force_login(officer)
    archive = SimpleUploadedFile("past.zip", buffer.getvalue(), content_type="application/zip")
    page = client.post(reverse("eventfile:batch_import"), {"archive": archive}, follow=True)
    assert page.status_code == 200
    assert "2 of 2 files imported" in page.content.decode()
    assert set(Event.objects.values_list("structure", flat=True)) == {"one-on-one"}


def test_an_event_before_round_one_exports_its_registered_players(swiss_event):
    event = swiss_event(3, best_of=3, swiss_rounds=2)
    event.registrations.update(checked_in=False)  # registered, not yet checked in
    data = json.loads(export_text(event))
    assert len(data["players"]) == 3 and data["rounds"] == []
    again = import_event(data)
    assert again.status == Status.REGISTRATION and again.registrations.count() == 3
    assert export_text(again) == export_text(import_event(export_text(again)))

"""import_event / export_event: round trips, nothing saved on errors, stored standings."""

import json

import pytest
from django.contrib.auth.models import User

from scoring.eventfile import parse_event, serialize_event
from scoring.standings import standings_json
from tests.eventfile.test_score_event import INVALID_PLACES
from tests.support.commands import run
from tests.support.eventfile import (
    DATA,
    INVALID,
    VALID,
    build_site_event,
    sample,
    worked_example,
    write,
)
from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.eventfile.models import EventFileId, ImportedEvent
from tournament.eventfile.services import export_text, import_event
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.results.models import Game

pytestmark = pytest.mark.django_db

MODELS = (Event, Player, Registration, Round, Bracket, Seat, Game, EventFileId, ImportedEvent)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def import_file(path) -> Event:
    code, out, err = run("import_event", str(path))
    assert code == 0, err
    return Event.objects.get(pk=int(out))


def export_file(event: Event, tmp_path, name: str) -> bytes:
    target = tmp_path / name
    code, _out, err = run("export_event", str(event.pk), "-o", str(target))
    assert code == 0, err
    return target.read_bytes()


def round_trip(event: Event, tmp_path) -> tuple[bytes, bytes]:
    """Export, import that file, export again."""
    first = export_file(event, tmp_path, "first.json")
    again = import_file(tmp_path / "first.json")
    assert again.pk != event.pk
    return first, export_file(again, tmp_path, "second.json")


@pytest.mark.parametrize("name", VALID)
def test_imported_sample_round_trips_byte_identical(tmp_path, name):
    event = import_file(DATA / name)
    first, second = round_trip(event, tmp_path)
    assert first == second
    # The sample files carry every player number: the export is the file, canonical.
    assert first.decode("utf-8") == serialize_event(parse_event((DATA / name).read_bytes()))


@pytest.mark.parametrize("players,seed", [(15, 3), (27, 5)])
def test_site_event_round_trips_byte_identical(tmp_path, officials, players, seed):
    organizer, judges = officials
    event = build_site_event(organizer, judges, players, seed)
    assert event.status == "finished"
    first, second = round_trip(event, tmp_path)
    assert first == second
    data = json.loads(first)
    assert [p["id"] for p in data["players"]] == [f"p{i}" for i in range(1, players + 1)]
    assert data["seed"] == f"event-{event.pk}"
    assert data["coordinator"]["player_number"] == organizer.player_number
    # The file's standings are the site's stored points.
    standings = standings_json(parse_event(first))
    numbers = {p["id"]: p["player_number"] for p in data["players"]}
    stored = {}
    for seat in Seat.objects.filter(bracket__round__event=event).select_related(
        "registration__player", "bracket__round"
    ):
        number = seat.registration.player.player_number
        stored[number] = stored.get(number, 0) + (seat.figures.points or 0)
    assert {numbers[p["id"]]: p["points"] for p in standings["players"]} == stored
    assert standings["winner"] is not None


def test_stdout_export_equals_file_export(tmp_path):
    event = import_file(DATA / "valid_15_players_wildcard.json")
    code, out, _err = run("export_event", str(event.pk))
    assert code == 0
    assert out.encode("utf-8") == export_file(event, tmp_path, "x.json")


def test_export_of_an_unknown_event_fails():
    code, _out, err = run("export_event", "999999")
    assert code == 2 and "no event with id 999999" in err


@pytest.mark.parametrize("name", [*VALID, "worked"])
def test_imported_seat_points_equal_score_event(tmp_path, name):
    path = write(tmp_path, worked_example()) if name == "worked" else DATA / name
    event = import_file(path)
    code, out, _err = run("score_event", str(path))
    assert code == 0
    expected = {
        (p["id"], r["round"]): r["points"] for p in json.loads(out)["players"] for r in p["rounds"]
    }
    ids = {f.registration_id: f.file_id for f in EventFileId.objects.all()}
    stored = {
        (ids[s.registration_id], s.bracket.round.number): s.figures.points or 0
        for s in Seat.objects.filter(bracket__round__event=event).select_related("bracket__round")
    }
    assert stored == expected


def test_import_rows_state_and_advancement():
    event = import_event((DATA / "valid_15_players_wildcard.json").read_bytes())
    data = sample("valid_15_players_wildcard.json")
    assert event.status == "finished"
    assert (event.name, str(event.date), event.venue) == ("Winter Major", "2026-12-12", "Lisboa")
    assert (event.deck_size, event.victory, event.event_multiplier) == (75, "enhanced", 2)
    assert event.tournament_type == "kings-decree" and event.variants == ["questing"]
    assert event.organizer.player_number == "C-3" and event.organizer.user is None
    assert sorted(event.judges.values_list("player_number", flat=True)) == ["1011", "J-2"]
    assert event.registrations.count() == 15
    rounds = list(event.rounds.order_by("number"))
    assert [r.state for r in rounds] == ["closed"] * 3
    assert [r.is_final for r in rounds] == [False, False, True]
    round_two = {p for b in data["rounds"][1]["brackets"] for p in b["players"]}
    by_file = {f.file_id: f.registration.player_id for f in EventFileId.objects.all()}
    assert sorted(rounds[0].advancing) == sorted(str(by_file[p]) for p in round_two)
    wildcards = Seat.objects.filter(bracket__round=rounds[1], is_wildcard=True)
    assert {str(s.registration.player_id) for s in wildcards} == {
        w["player"] for w in rounds[0].wildcards
    }
    assert rounds[0].wildcards  # 5 bracket winners + wildcard(s)
    final = Bracket.objects.get(round=rounds[2])
    assert final.state == "complete" and final.winner_id is not None
    assert Game.objects.filter(bracket__round__event=event).count() == sum(
        len(b["games"]) for r in data["rounds"] for b in r["brackets"]
    )


def test_running_event_with_a_drop_is_imported_running():
    event = import_event((DATA / "valid_10_players_timed_drop_in_progress.json").read_bytes())
    assert event.status == "running" and event.is_timed
    last = event.rounds.order_by("-number").first()
    assert last.state == "seated"
    assert event.registrations.filter(dropped_in_round__isnull=False).exists()
    assert Seat.objects.filter(bracket__round__event=event, dropped=True).exists()


def test_players_are_matched_by_player_number():
    mike = make_player("mike", "Mike Account")
    Player.objects.filter(pk=mike.pk).update(player_number="1001")
    before = Player.objects.count()
    event = import_event((DATA / "spec_example.json").read_bytes())
    assert event.registrations.filter(player=mike).exists()
    # Jim, John, the coordinator and the judge are new; Mike is the existing account.
    assert Player.objects.count() == before + 4


def test_players_without_number_get_fresh_numbers(tmp_path):
    data = sample("spec_example.json")
    for player in data["players"]:
        player["player_number"] = ""
    data["players"][0]["player_number"] = "1002"  # would collide with a fresh number
    event = import_event(data)
    numbers = set(event.registrations.values_list("player__player_number", flat=True))
    assert len(numbers) == 3 and "1002" in numbers and "" not in numbers


def test_organizer_user_option():
    organizer = make_player("boss", "Bo Boss")
    code, out, err = run(
        "import_event", str(DATA / "valid_9_players_2_rounds.json"), "--organizer-user", "boss"
    )
    assert code == 0, err
    assert Event.objects.get(pk=int(out)).organizer == organizer


def test_unknown_organizer_user_saves_nothing():
    before = counts()
    code, _out, err = run(
        "import_event", str(DATA / "spec_example.json"), "--organizer-user", "nobody"
    )
    assert code == 2 and "nobody" in err
    assert counts() == before


@pytest.mark.parametrize("name", INVALID)
def test_invalid_file_saves_nothing(name):
    make_player("someone")
    before = counts()
    code, out, err = run("import_event", str(DATA / name))
    assert code == 1 and out == ""
    assert "is not a valid event file" in err and INVALID_PLACES[name] in err
    assert counts() == before


def test_database_limits_are_located_and_save_nothing(tmp_path):
    data = sample("valid_9_players_2_rounds.json")
    data["players"][3]["player_number"] = data["players"][1]["player_number"]
    data["players"][4]["name"] = "N" * 130
    data["deck_rules"] = "tav"
    data["deck_size"] = 75
    before = counts()
    code, _out, err = run("import_event", write(tmp_path, data))
    assert code == 1
    assert "players[3].player_number: player number" in err and "players[1]" in err
    assert "players[4].name: is too long" in err
    assert "deck_size: TAV decks have 55 cards" in err
    assert counts() == before


def test_standard_input_import():
    data = (DATA / "spec_example.json").read_bytes()
    code, out, err = run("import_event", "-", stdin=data)
    assert code == 0, err
    assert Event.objects.filter(pk=int(out), name="Autumn Open").exists()


def test_officials_played_flag_survives(tmp_path):
    data = sample("spec_example.json")
    data["coordinator"]["played"] = True
    event = import_event(data)
    exported = json.loads(export_text(event))
    assert exported["coordinator"]["played"] is True
    assert exported["judges"][0]["played"] is False


def test_user_accounts_untouched():
    make_player("keeper")
    users = User.objects.count()
    import_event((DATA / "valid_15_players_wildcard.json").read_bytes())
    assert User.objects.count() == users


def test_failure_inside_the_import_rolls_everything_back(monkeypatch):
    from tournament.standings import recompute

    def broken(event):
        raise RuntimeError("disk full")

    monkeypatch.setattr(recompute, "refresh_event", broken)
    before = counts()
    with pytest.raises(RuntimeError):
        import_event((DATA / "valid_15_players_wildcard.json").read_bytes())
    assert counts() == before


def test_command_warns_about_a_name_mismatch():
    make_player("pat", "Pat Player")  # number 1001, Mike's number in the file
    code, _out, err = run("import_event", str(DATA / "spec_example.json"))
    assert code == 0
    assert "warning: players[0] “Mike” was matched by player number 1001 to Pat Player" in err

"""score_event: SPEC §8 standings of an event file, located errors, no database needed."""

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.eventfile import parse_event
from scoring.standings import standings_json
from tests.support.commands import run
from tests.support.eventfile import DATA, INVALID, VALID, sample, worked_example, write

ROOT = Path(__file__).resolve().parents[2]


def test_worked_example_of_spec_section_6(tmp_path):
    data = worked_example()
    code, out, _err = run("score_event", write(tmp_path, data))
    assert code == 0
    result = json.loads(out)
    points = {p["name"]: p["points"] for p in result["players"]}
    assert points["Mike"] == 25 and points["John"] == 15 and points["Jim"] == 10
    finalists = [p["name"] for p in result["players"] if p["name"] in {"Mike", "John", "Jim"}]
    assert finalists == ["Mike", "John", "Jim"]
    final = {p["name"]: p["rounds"][-1] for p in result["players"]}
    assert final["Mike"] == {"round": 5, "table": 1, "place": 1, "points": 25}
    assert final["John"] == {"round": 5, "table": 1, "place": 2, "points": 15}
    assert final["Jim"] == {"round": 5, "table": 1, "place": 3, "points": 10}
    mike = next(p["id"] for p in data["players"] if p["name"] == "Mike")
    assert result["winner"] == mike
    assert result["scored"] is True  # 135 participants, three-player games


@pytest.mark.parametrize("name", VALID)
def test_sample_files_print_spec_shaped_json(name):
    code, out, _err = run("score_event", str(DATA / name))
    assert code == 0
    expected = standings_json(parse_event((DATA / name).read_bytes()))
    assert out == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
    result = json.loads(out)
    assert list(result) == ["players", "officials", "scored", "winner"]
    for player in result["players"]:
        assert list(player) == ["id", "name", "points", "rounds"]
        for score in player["rounds"]:
            assert list(score) == ["round", "table", "place", "points"]
    points = [p["points"] for p in result["players"]]
    assert points == sorted(points, reverse=True)
    assert all(list(o) == ["name", "role", "points"] for o in result["officials"])


def test_output_keeps_non_ascii_names():
    code, out, _err = run("score_event", str(DATA / "valid_15_players_wildcard.json"))
    assert code == 0 and '"Björn"' in out


def test_fifteen_players_standings_values():
    code, out, _err = run("score_event", str(DATA / "valid_15_players_wildcard.json"))
    result = json.loads(out)
    assert code == 0 and result["scored"] is True
    winner = result["winner"]
    top = result["players"][0]
    assert top["id"] == winner
    # The final's winner gets 5 × round 3 × event multiplier 2.
    assert top["rounds"][-1]["points"] == 30
    coordinator = result["officials"][0]
    assert coordinator == {"name": "Ines Coord", "role": "coordinator", "points": 15}


def test_explain_says_why_not_scored():
    code, out, err = run("score_event", str(DATA / "spec_example.json"), "--explain")
    assert code == 0 and json.loads(out)["scored"] is False
    assert "not scored" in err and "only 3 participants" in err


# Every kind of wrong file: (sample file, the exact place the message names).
INVALID_PLACES = {
    "invalid_count_not_whole.json": "rounds[0].brackets[1].games[0].unrazed.p4: ",
    "invalid_count_out_of_range.json": "rounds[0].brackets[1].games[0].unrazed.p4: ",
    "invalid_game_after_two_wins.json": "rounds[0].brackets[1].games[2]: no game may be recorded",
    "invalid_missing_count.json": "rounds[0].brackets[0].games[1].unrazed.p3: missing",
    "invalid_missing_key.json": "victory: missing key 'victory'",
    "invalid_out_of_cards_wrong_winner.json": "rounds[0].brackets[2].games[1].winner: ",
    "invalid_tie_without_judge.json": "rounds[0].brackets[2].tiebreak_order: ",
    "invalid_unknown_enum.json": "rounds[1].brackets[0].games[2].ended_by: unknown value",
    "invalid_unknown_player.json": "rounds[1].brackets[0].players[2]: unknown player id 'p42'",
    "invalid_victory_too_few_realms.json": "rounds[0].brackets[0].games[0].unrazed.p1: winner",
    "invalid_wrong_type.json": "scored: must be true or false",
}


def test_every_invalid_sample_has_an_expected_place():
    assert sorted(INVALID_PLACES) == INVALID


@pytest.mark.parametrize("name", INVALID)
def test_invalid_samples_are_refused_with_the_place(name):
    code, out, err = run("score_event", str(DATA / name))
    assert code == 1 and out == ""
    assert INVALID_PLACES[name] in err


def _mutated(change) -> dict:
    data = copy.deepcopy(sample("valid_9_players_2_rounds.json"))
    change(data)
    return data


MUTATIONS = {
    "count of a player as a string": (
        lambda d: d["rounds"][0]["brackets"][1]["games"][0]["unrazed"].update(p5="4"),
        "rounds[0].brackets[1].games[0].unrazed.p5: must be a whole number",
    ),
    "negative count": (
        lambda d: d["rounds"][0]["brackets"][1]["games"][0]["unrazed"].update(p5=-1),
        "rounds[0].brackets[1].games[0].unrazed.p5: ",
    ),
    "unknown player in counts": (
        lambda d: d["rounds"][0]["brackets"][0]["games"][0]["unrazed"].update(p99=3),
        "rounds[0].brackets[0].games[0].unrazed.p99: unknown player id 'p99'",
    ),
    "unknown key": (lambda d: d.update(colour="red"), "colour: unknown key 'colour'"),
    "missing players": (lambda d: d.pop("players"), "players: missing key 'players'"),
    "date not a date": (lambda d: d.update(date="21/11/2026"), "date: must be a date"),
    "rounds not a list": (lambda d: d.update(rounds={}), "rounds: must be a list"),
}


@pytest.mark.parametrize("case", sorted(MUTATIONS))
def test_built_invalid_files_name_the_place(tmp_path, case):
    change, place = MUTATIONS[case]
    code, _out, err = run("score_event", write(tmp_path, _mutated(change)))
    assert code == 1
    assert place in err


def test_game_after_two_wins_in_a_built_file(tmp_path):
    data = worked_example()
    final = data["rounds"][-1]["brackets"][0]["games"]
    final.append(copy.deepcopy(final[0]))
    code, _out, err = run("score_event", write(tmp_path, data))
    assert code == 1
    assert "rounds[4].brackets[0].games[4]: no game may be recorded after" in err


def test_not_json_exits_1_with_line_and_column(tmp_path):
    code, _out, err = run("score_event", write(tmp_path, '{"format": '))
    assert code == 1 and "line 1 column" in err and "not valid JSON" in err


def test_unreadable_file_exits_2(tmp_path):
    code, _out, err = run("score_event", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_standard_input():
    data = (DATA / "valid_9_players_2_rounds.json").read_bytes()
    code, out, _err = run("score_event", "-", stdin=data)
    assert code == 0
    assert json.loads(out) == standings_json(parse_event(data))


# --- as a real command, with no database at all -------------------------------------


def _manage(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # A database that cannot exist: any query or migration check would fail.
    env["DATABASE_URL"] = "sqlite:////nonexistent-spellfire-dir/nothing/db.sqlite3"
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def test_works_without_a_database():
    done = _manage("score_event", str(DATA / "valid_15_players_wildcard.json"))
    assert done.returncode == 0, done.stderr.decode()
    expected = standings_json(parse_event((DATA / "valid_15_players_wildcard.json").read_bytes()))
    assert done.stdout.decode("utf-8") == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
    assert not Path("/nonexistent-spellfire-dir").exists()


def test_without_a_database_stdin_errors_and_usage():
    data = (DATA / "spec_example.json").read_bytes()
    done = _manage("score_event", "-", "--explain", stdin=data)
    assert done.returncode == 0 and json.loads(done.stdout)["winner"] is None
    assert b"fewer than" in done.stderr or b"participants" in done.stderr

    bad = _manage("score_event", str(DATA / "invalid_missing_count.json"))
    assert bad.returncode == 1 and bad.stdout == b""
    assert b"rounds[0].brackets[0].games[1].unrazed.p3: missing" in bad.stderr

    usage = _manage("score_event")
    assert usage.returncode == 2 and b"usage" in usage.stderr

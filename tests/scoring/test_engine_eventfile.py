"""The event file: sample files, located errors, canonical round trip, standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.eventfile import (
    EventFileError,
    event_to_dict,
    parse_event,
    read_event,
    serialize_event,
)
from scoring.standings import standings_json

DATA = Path(__file__).parent / "data"
VALID = sorted(DATA.glob("valid_*.json"))


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_files_round_trip_byte_identical(path):
    text = path.read_text(encoding="utf-8")
    event = parse_event(text)
    assert serialize_event(event) == text
    assert parse_event(serialize_event(event)) == event


def test_spec_example_parses_and_canonicalises():
    text = (DATA / "spec_example.json").read_text(encoding="utf-8")
    event = parse_event(text)
    assert event.name == "Autumn Open" and event.format.deck_size == 55
    assert event.rounds[0].brackets[0].games[0].unrazed == {"p1": 6, "p2": 4, "p3": 4}
    canonical = serialize_event(event)
    assert canonical.endswith("}\n") and '\n  "format": "spellfire-event/1",\n' in canonical
    assert list(json.loads(canonical)) == list(json.loads(text))  # same key order as SPEC
    assert serialize_event(parse_event(canonical)) == canonical


@pytest.mark.parametrize(
    ("name", "paths"),
    [
        ("missing_key", ["victory"]),
        ("unknown_player", ["rounds[1].brackets[0].players[2]"]),
        ("count_out_of_range", ["rounds[0].brackets[1].games[0].unrazed.p4"]),
        ("count_not_whole", ["rounds[0].brackets[1].games[0].unrazed.p4"]),
        ("victory_too_few_realms", ["rounds[0].brackets[0].games[0].unrazed.p1"]),
        ("game_after_two_wins", ["rounds[0].brackets[1].games[2]"]),
        ("unknown_enum", ["rounds[1].brackets[0].games[2].ended_by"]),
        ("missing_count", ["rounds[0].brackets[0].games[1].unrazed.p3"]),
        ("wrong_type", ["scored"]),
        ("tie_without_judge", ["rounds[0].brackets[2].tiebreak_order"]),
        (
            "out_of_cards_wrong_winner",
            ["rounds[0].brackets[2].games[1].winner", "rounds[0].brackets[2].games"],
        ),
    ],
)
def test_invalid_files_name_the_exact_place(name, paths):
    text = (DATA / f"invalid_{name}.json").read_text(encoding="utf-8")
    with pytest.raises(EventFileError) as info:
        parse_event(text)
    assert [i.path for i in info.value.issues] == paths
    assert all(i.message for i in info.value.issues)
    assert paths[0] in str(info.value)


def _base() -> dict:
    return json.loads((DATA / "valid_9_players_2_rounds.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("mutate", "path", "words"),
    [
        (lambda d: d.update(format="spellfire-event/2"), "format", "unsupported"),
        (lambda d: d.update(date="21/11/2026"), "date", "YYYY-MM-DD"),
        (lambda d: d.update(deck_size=60), "deck_size", "one of"),
        (lambda d: d.update(deck_size=55.0), "deck_size", "one of"),
        (lambda d: d.update(event_multiplier=3), "event_multiplier", "one of"),
        (lambda d: d.update(variants=["questing", "moon"]), "variants[1]", "unknown value"),
        (lambda d: d.update(extra=1), "extra", "unknown key"),
        (lambda d: d.update(no_xs_digit=3), "no_xs_digit", "no-xs"),
        (lambda d: d["players"][0].pop("name"), "players[0].name", "missing key"),
        (lambda d: d["players"][1].update(id="p1"), "players[1].id", "used 2 times"),
        (lambda d: d["coordinator"].update(played="no"), "coordinator.played", "true or false"),
        (lambda d: d["rounds"][0].update(number=2), "rounds[0].number", "expected 1"),
        (
            lambda d: d["rounds"][0]["brackets"][0]["games"][0].update(winner="zz"),
            "rounds[0].brackets[0].games[0].winner",
            "unknown player id",
        ),
        (
            lambda d: d["rounds"][0]["brackets"][0]["games"][0]["unrazed"].update(zz=1),
            "rounds[0].brackets[0].games[0].unrazed.zz",
            "unknown player id",
        ),
        (lambda d: d["rounds"][0].update(brackets={}), "rounds[0].brackets", "must be a list"),
        (lambda d: d.update(rounds=None), "rounds", "must be a list"),
    ],
)
def test_structural_errors_are_located(mutate, path, words):
    data = _base()
    mutate(data)
    _event, issues = read_event(data)
    assert path in [i.path for i in issues], issues
    assert words in next(i.message for i in issues if i.path == path)


def test_not_json_and_not_an_object():
    event, [issue] = read_event('{"format": ')
    assert event is None and issue.path.startswith("line 1 column")
    event, [issue] = read_event("[]")
    assert issue.path == "(file)" and "object" in issue.message


def test_optional_keys_default_and_extras_round_trip():
    data = _base()
    for key in ("variants", "event_multiplier", "points_mode", "judges"):
        data.pop(key)
    for bracket in data["rounds"][1]["brackets"]:
        bracket.pop("tiebreak_order")
        bracket.pop("dropped")
    event = parse_event(data)
    assert event.format.event_multiplier == 1 and event.judges == ()
    data = _base()
    data.update(tournament_type="no-xs", no_xs_digit=7, seed="s-1", timed=True)
    event = parse_event(data)
    assert event.format.no_xs_digit == 7 and event.seed == "s-1" and event.format.timed
    out = event_to_dict(event)
    assert list(out)[6:8] == ["tournament_type", "no_xs_digit"]
    assert parse_event(serialize_event(event)) == event


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_standings_of_sample_files(path):
    out = standings_json(parse_event(path.read_text(encoding="utf-8")))
    assert set(out) == {"players", "officials", "scored", "winner"}
    points = [p["points"] for p in out["players"]]
    assert points == sorted(points, reverse=True)


def test_fifteen_player_wildcard_event_standings():
    out = standings_json(parse_event((DATA / "valid_15_players_wildcard.json").read_text()))
    # Double points; Hiro judged and played (forfeits); winner of the round-3 final.
    assert out["winner"] == "p1" and out["scored"] is True
    top = out["players"][0]
    assert top["id"] == "p1" and top["points"] == (4 * 1 + 4 * 2 + 5 * 3) * 2
    assert out["officials"] == [
        {"name": "Ines Coord", "role": "coordinator", "points": 15},
        {"name": "Hiro", "role": "judge", "points": 0},
        {"name": "Pat Judge", "role": "judge", "points": 7},
    ]


def test_timed_in_progress_event():
    out = standings_json(
        parse_event((DATA / "valid_10_players_timed_drop_in_progress.json").read_text())
    )
    rows = {p["id"]: p for p in out["players"]}
    assert out["winner"] is None
    # Last-bracket mode: the final is unfinished, so finalists have 0 for now.
    assert rows["p1"]["points"] == 0 and rows["p1"]["rounds"][1]["place"] is None
    # Dropped p4 ranks 4th at table 1 even though he is on a timed table.
    assert rows["p4"]["rounds"] == [{"round": 1, "table": 1, "place": 4, "points": 1}]

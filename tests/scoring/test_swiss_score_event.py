"""score_event on one-on-one files (SPEC §11): the printed JSON, located refusals, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.commands import run
from tests.support.eventfile import write

FIXTURES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"


def test_prints_the_section_11_standings():
    code, out, _err = run("score_event", str(FIXTURES / "swiss_8_cut_4.json"))
    assert code == 0
    result = json.loads(out)
    assert list(result) == ["players", "scored", "winner"]
    assert result["scored"] is False and result["winner"] == "p1"
    assert result["players"][0] == {
        "id": "p1",
        "name": "Aiste",
        "place": 1,
        "match_points": 6,
        "omw": 0.6667,
        "gw": 0.625,
        "ogw": 0.5694,
        "unrazed": 39,
        "record": "4-1-0",
    }
    assert [p["id"] for p in result["players"]] == ["p1", "p4", "p7", "p3", "p5", "p2", "p8", "p6"]


def test_reads_standard_input_and_explains_why_it_is_not_scored():
    data = (FIXTURES / "swiss_5_byes_drop.json").read_bytes()
    code, out, err = run("score_event", "-", "--explain", stdin=data)
    assert code == 0 and json.loads(out)["winner"] == "q1"
    assert "never scored" in err


def test_an_invalid_file_exits_1_naming_the_place(tmp_path):
    data = json.loads((FIXTURES / "swiss_8_cut_4.json").read_text(encoding="utf-8"))
    data["rounds"][1]["matches"][0]["players"] = ["p1", "p1"]
    data["rounds"][2]["byes"] = ["p7"]
    code, out, err = run("score_event", write(tmp_path, data))
    assert code == 1 and out == ""
    assert "rounds[1].matches[0].players: 'p1' is listed 2 times" in err
    assert "rounds[2].byes[0]: 'p7' has the bye in round 3 and also plays a match in it" in err


def test_a_bracket_file_is_scored_as_before():
    spec = Path(__file__).parent / "data" / "spec_example.json"
    code, out, _err = run("score_event", str(spec))
    assert code == 0 and "officials" in json.loads(out)

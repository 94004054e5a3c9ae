"""The rules engine at the edge of each limit, one step inside and one step over, values from
the rules texts: Blitz champion levels at most 40 (SPEC §3), time called only in a timed
event (SPEC §2), brackets of 2 to 4 seats (SPEC §4: 3s, 4s absorb the remainder, a bracket
thinned by drops plays on), one bye a round (SPEC §11)."""

import json
from pathlib import Path

import pytest

from scoring.cards import default_card_index
from scoring.deckformat import DeckFormat
from scoring.deckrules import validate_decklist
from scoring.eventfile import read_any_event
from scoring.model import Bracket, EndedBy, Format, Game, IssueCode
from scoring.validation import validate_bracket, validate_game

DECKS = Path(__file__).parent / "decks"
ONE_ON_ONE = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def test_a_blitz_list_of_41_levels_is_refused_and_40_pass(index):
    """legal_newbie_25.txt totals 40 levels (tests/scoring/test_deckrules_blitz.py); Maligor
    the Red (level 3) out, The Magister (1st/062, Wizard, level 4) in: 41."""
    base = (DECKS / "legal_newbie_25.txt").read_text(encoding="utf-8")
    blitz = DeckFormat(25, rules="blitz")
    assert validate_decklist(base, index, blitz).problems == ()
    over = base.replace("Maligor the Red (1st/043)", "The Magister (1st/062)")
    report = validate_decklist(over, index, blitz)
    assert report.level_total == 41 and report.codes == ["level_total"]


def game_by_time() -> Game:
    return Game(winner="a", ended_by=EndedBy.TIME, unrazed={"a": 5, "b": 3, "c": 2})


def test_a_game_ended_by_time_is_refused_in_an_untimed_format():
    bracket = Bracket(table=1, players=("a", "b", "c"))
    found = validate_game(game_by_time(), bracket, Format())
    assert [i.code for i in found] == [IssueCode.TIME_NOT_TIMED]
    assert validate_game(game_by_time(), bracket, Format(time_limit_minutes=50)) == []


@pytest.mark.parametrize(("size", "refused"), [(1, True), (2, False), (4, False), (5, True)])
def test_a_bracket_seats_two_to_four(size, refused):
    players = tuple("abcde"[:size])
    codes = [i.code for i in validate_bracket(Bracket(table=1, players=players), Format())]
    assert (IssueCode.BRACKET_SIZE in codes) is refused


def test_two_byes_in_one_round_are_refused():
    data = json.loads((ONE_ON_ONE / "swiss_5_byes_drop.json").read_text(encoding="utf-8"))
    _event, issues = read_any_event(data)
    assert issues == []
    # q3 and q4 drew their match by time; give q4 a bye as well as q5 instead.
    data["rounds"][0]["matches"] = data["rounds"][0]["matches"][:1]
    data["rounds"][0]["byes"] = ["q5", "q4"]
    _event, issues = read_any_event(data)
    assert IssueCode.BYES_MANY in [i.code for i in issues]


@pytest.mark.parametrize(
    ("place", "final_winner", "points"),
    [(1, False, 4), (2, False, 3), (3, False, 2), (4, False, 1), (5, False, 0), (1, True, 5)],
)
def test_placement_points_of_every_place(place, final_winner, points):
    """SPEC §6: 1st 4, 2nd 3, 3rd 2, 4th 1; the final's winner 5."""
    from scoring.points import place_points

    assert place_points(place, final_winner=final_winner) == points

"""The recorded draw (SPEC §6): the draw belongs to the event, not to the engine.

Six players, two brackets of three, each won 2-0 by its first seat (6 realms a game), the
others 4 and 2 a game (`two_nil`):
  table 1: p1 wins; p2 4 + 4 = 8 realms, 2nd → 3 points; p3 2 + 2 = 4, 3rd → 2 points
  table 2: p4 wins; p5 4 + 4 = 8 realms, 2nd → 3 points; p6 2 + 2 = 4, 3rd → 2 points
Two winners cannot be seated: one wildcard (000 TOURNAMENT TRACKING). p2 and p5 are level on
points (3), unrazed realms in the event (8) and games won (0): the draw decides, and
whichever of them the event drew is the wildcard. p3 and p6 (2 points) are not tied with
them: seating either is refused, at its seat.
"""

from __future__ import annotations

import pytest

from scoring.advancement import advance
from scoring.eventfile import parse_event, read_event, serialize_event
from scoring.model import IssueCode
from scoring.standings import standings_json
from tests.scoring.test_engine_rules_files import event, issues_of, seats, two_nil
from tests.scoring.test_teams import bracket, event_file, vgame

ROUND_1 = [two_nil(1, seats(1, 2, 3), [4, 2]), two_nil(2, seats(4, 5, 6), [4, 2])]


def with_final(*final_seats: int, draw: list[str] | None = None) -> dict:
    data = event(6, [ROUND_1, [two_nil(1, seats(*final_seats))]], scored=False)
    if draw is not None:
        data["rounds"][0]["draw"] = draw
    return data


@pytest.mark.parametrize("drawn", [2, 5])
def test_a_file_seating_either_tied_player_is_accepted_as_the_draw(drawn):
    data = with_final(1, 4, drawn)
    assert issues_of(data) == []
    record = parse_event(data)
    step = advance(record, 1, drawn=record.rounds[1].players)
    assert [(w.player, w.decided_by) for w in step.wildcards] == [(f"p{drawn}", "draw")]
    assert set(step.wildcards[0].tied) == {"p2", "p5"}


def test_the_drawn_wildcard_scores_as_any_wildcard():
    # Final (round 2, ×2): the first seat wins 2-0 → 5 × 2 = 10; then 3 × 2 = 6, 2 × 2 = 4.
    points = {
        p["id"]: p["points"] for p in standings_json(parse_event(with_final(5, 1, 4)))["players"]
    }
    assert points == {"p5": 3 + 10, "p1": 4 + 6, "p4": 4 + 4, "p2": 3, "p3": 2, "p6": 2}


@pytest.mark.parametrize("intruder", [3, 6])
def test_a_player_not_tied_seated_as_the_draw_is_refused_at_his_seat(intruder):
    found = issues_of(with_final(1, 4, intruder))
    assert found == [
        ("rounds[1].brackets[0].players[2]", IssueCode.WRONG_WILDCARD),
        ("rounds[1].brackets", IssueCode.DRAW_MISSING),
    ]
    _record, issues = read_event(with_final(1, 4, intruder))
    assert issues[0].message.startswith(f"'p{intruder}' was eliminated by round 1")
    assert "one of 'p2', 'p5'" in issues[0].message
    assert "draw among 'p2', 'p5'" in issues[1].message


def test_both_tied_players_seated_for_one_wildcard_is_refused():
    # One slot: the draw picks one of p2 and p5; a fourth seat is one player too many.
    data = event(6, [ROUND_1, [two_nil(1, ["p1", "p4", "p2", "p5"])]], scored=False)
    found = issues_of(data)
    assert ("rounds[1].brackets[0].players[3]", IssueCode.WRONG_WILDCARD) in found


def test_without_a_recorded_draw_the_event_draws_now_with_its_seed():
    # The site, closing round 1, draws: the seeded draw picks one of the two, the same
    # one every time (SPEC §6: the site draws with a stored seed and keeps the outcome).
    record = parse_event(event(6, [ROUND_1], scored=False))
    first = advance(record, 1)
    assert first.wildcards[0].decided_by == "draw" and first.wildcards[0].player in {"p2", "p5"}
    assert advance(record, 1) == first
    assert not first.wildcards[0].unrecorded


@pytest.mark.parametrize("drawn", ["p2", "p5"])
def test_the_round_draw_list_records_the_draw_before_the_next_round(drawn):
    data = event(6, [ROUND_1], scored=False)
    data["rounds"][0]["draw"] = [drawn]
    assert issues_of(data) == []
    record = parse_event(data)
    assert record.rounds[0].draw == (drawn,)
    assert advance(record, 1, drawn=record.rounds[0].draw).wildcards[0].player == drawn
    text = serialize_event(record)
    assert f'"draw": [\n        "{drawn}"\n      ]' in text
    assert serialize_event(parse_event(text)) == text


def test_a_draw_list_naming_a_player_not_tied_is_refused_at_its_place():
    data = event(6, [ROUND_1], scored=False)
    data["rounds"][0]["draw"] = ["p3"]
    assert issues_of(data) == [
        ("rounds[0].draw[0]", IssueCode.DRAW_NOT_TIED),
        ("rounds[0].draw", IssueCode.DRAW_MISSING),
    ]
    _record, issues = read_event(data)
    assert "it picks 1 among 'p2', 'p5'" in issues[0].message


def test_a_draw_list_where_no_tie_went_to_the_draw_is_refused():
    # Nine players, three winners: no wildcard, so no draw.
    nine = [
        two_nil(1, seats(1, 2, 3)),
        two_nil(2, seats(4, 5, 6)),
        two_nil(3, seats(7, 8, 9)),
    ]
    data = event(9, [nine])
    data["rounds"][0]["draw"] = ["p2"]
    assert issues_of(data) == [("rounds[0].draw[0]", IssueCode.DRAW_NOT_NEEDED)]


def test_the_draw_list_and_the_next_round_must_agree():
    # The list says p5 was drawn; the final seats p2 instead.
    found = issues_of(with_final(1, 4, 2, draw=["p5"]))
    assert ("rounds[1].brackets[0].players[2]", IssueCode.WRONG_WILDCARD) in found
    assert ("rounds[1].brackets", IssueCode.ADVANCER_MISSING) in found
    assert issues_of(with_final(1, 4, 5, draw=["p5"])) == []


def test_an_unknown_id_in_the_draw_list_is_refused_at_its_place():
    data = event(6, [ROUND_1], scored=False)
    data["rounds"][0]["draw"] = ["p99"]
    record, issues = read_event(data)
    assert record is None and issues[0].path == "rounds[0].draw[0]"


# --- Team Spirit: wildcards are teams, the draw between teams is the event's too ------------


# Six teams (T1..T6, T<k> = p(2k-1), p(2k)), two tables won 2-0 by their first team:
#   each game: first team 5 + 5 = 10 (wins), second 4 + 4 = 8, third 2 + 2 = 4.
# Seconds T2 and T5: 3 points, 16 realms, 0 games won each → the draw; T3, T6: 2 points.
def team_round_1() -> dict:
    def table(number: int, first: int) -> dict:
        a, b, c = (f"T{first + i}" for i in range(3))
        members = [f"p{2 * (first + i) - 1 + m}" for i in range(3) for m in range(2)]
        counts = dict(zip(members, [5, 5, 4, 4, 2, 2], strict=True))
        return bracket(number, [a, b, c], [vgame(a, counts), vgame(a, counts)])

    return {"number": 1, "brackets": [table(1, 1), table(2, 4)]}


def team_final(*team_ids: str) -> dict:
    members = [f"p{2 * int(t[1:]) - 1 + m}" for t in team_ids for m in range(2)]
    counts = dict(zip(members, [5, 5, 4, 4, 2, 2], strict=True))
    return {
        "number": 2,
        "brackets": [bracket(1, list(team_ids), [vgame(team_ids[0], counts)] * 2)],
    }


def team_issues(rounds: list[dict]) -> list[tuple[str, str]]:
    _record, issues = read_event(event_file(6, rounds, scored=False))
    return [(i.path, i.code) for i in issues]


@pytest.mark.parametrize("drawn", ["T2", "T5"])
def test_a_team_file_seating_either_tied_team_is_accepted(drawn):
    assert team_issues([team_round_1(), team_final("T1", "T4", drawn)]) == []


def test_a_team_file_seating_a_team_not_tied_is_refused_at_its_seat():
    found = team_issues([team_round_1(), team_final("T1", "T4", "T3")])
    assert ("rounds[1].brackets[0].players[2]", IssueCode.WRONG_WILDCARD) in found
    assert ("rounds[1].brackets", IssueCode.DRAW_MISSING) in found

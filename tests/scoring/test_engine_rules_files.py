"""Hand-worked event files for every rule the file must respect (SPEC §2, §4, §5, §6, §8).

Each file is small enough to work out by hand: brackets are won 2-0 by their first seat,
the other seats keep distinct counts (so places follow seat order and no judge decision
is needed), and the expected refusals or figures come from the rules texts cited.
"""

from __future__ import annotations

import copy

import pytest

from scoring.eventfile import parse_event, read_event, serialize_event
from scoring.model import IssueCode
from scoring.standings import standings_json

BASE = {
    "format": "spellfire-event/1",
    "name": "Rules Open",
    "date": "2026-11-21",
    "venue": "Halifax",
    "deck_size": 55,
    "deck_rules": "community",
    "tournament_type": "championship",
    "variants": [],
    "victory": "standard",
    "scored": True,
    "event_multiplier": 1,
    "points_mode": "cumulative",
    "coordinator": {"name": "Ann Organiser", "player_number": "C-1", "played": False},
    "judges": [],
}


def game(winner: str | None, counts: dict[str, int], ended_by: str = "victory") -> dict:
    return {"winner": winner, "ended_by": ended_by, "unrazed": counts}


def two_nil(table: int, seats: list[str], counts: list[int] | None = None) -> dict:
    """Seat 0 wins two games; the others keep the counts given (default 4, 2, 1)."""
    rest = counts or [4, 2, 1][: len(seats) - 1]
    tally = {seats[0]: 6, **dict(zip(seats[1:], rest, strict=True))}
    return {"table": table, "players": seats, "games": [game(seats[0], tally)] * 2}


def event(n: int, rounds: list[list[dict]], **fmt) -> dict:
    """An event file of players p1..pn and the given rounds (lists of brackets)."""
    data = copy.deepcopy(BASE)
    data.update(fmt)
    data["players"] = [
        {"id": f"p{i}", "name": f"Player {i}", "player_number": str(1000 + i)}
        for i in range(1, n + 1)
    ]
    data["rounds"] = [{"number": i, "brackets": b} for i, b in enumerate(rounds, start=1)]
    return data


def seats(*numbers: int) -> list[str]:
    return [f"p{n}" for n in numbers]


NINE_ROUND_1 = [
    two_nil(1, seats(1, 2, 3)),
    two_nil(2, seats(4, 5, 6)),
    two_nil(3, seats(7, 8, 9)),
]


def issues_of(data: dict) -> list[tuple[str, str]]:
    record, issues = read_event(data)
    assert record is not None, issues
    return [(i.path, i.code) for i in issues]


# --- advancement (SPEC §6; 000 TOURNAMENT TYPES "The first player to win two games
# advances", 000 TOURNAMENT TRACKING wildcards) -------------------------------------------


def test_bracket_winners_advance_to_the_final():
    data = event(9, [NINE_ROUND_1, [two_nil(1, seats(1, 4, 7))]])
    assert issues_of(data) == []


def test_eliminated_player_seated_in_the_final_is_refused():
    # p8 was 2nd at table 3 of round 1; p7 won it. p8 "wins" the final: he would end with
    # more points (3 + 5x2 = 13) than the real bracket winners, so the file is refused.
    final = two_nil(1, seats(8, 1, 4))
    data = event(9, [NINE_ROUND_1, [final]])
    found = issues_of(data)
    assert ("rounds[1].brackets[0].players[0]", IssueCode.NOT_ADVANCING) in found
    assert ("rounds[1].brackets", IssueCode.ADVANCER_MISSING) in found  # p7 is missing
    _record, issues = read_event(data)
    assert "'p8' was eliminated by round 1" in issues[0].message


def test_bracket_winner_missing_from_the_next_round_is_refused():
    # 12 players: four brackets, four winners p1 p4 p7 p10 (a final of four).
    round_1 = [*NINE_ROUND_1, two_nil(4, seats(10, 11, 12))]
    data = event(12, [round_1, [two_nil(1, seats(1, 4, 7))]])
    assert issues_of(data) == [("rounds[1].brackets", IssueCode.ADVANCER_MISSING)]
    _record, [issue] = read_event(data)
    assert issue.message.startswith("'p10' advances from round 1 (bracket winner)")


def test_a_winner_who_withdrew_after_his_bracket_does_not_advance():
    # SPEC §6: "exactly the bracket winners (minus drops)"; p10 left after winning.
    round_1 = [*NINE_ROUND_1, two_nil(4, seats(10, 11, 12))]
    data = event(12, [round_1, [two_nil(1, seats(1, 4, 7))]])
    data["rounds"][0]["withdrawn"] = ["p10"]
    assert issues_of(data) == []
    text = serialize_event(parse_event(data))
    assert parse_event(text).rounds[0].withdrawn == ("p10",)


def _six_players_round_1() -> list[dict]:
    # Winners p1 and p4: two cannot be seated, one wildcard (000 TOURNAMENT TRACKING).
    # Seconds p2 and p5 both have 3 points (2nd place x round 1); the tie goes to the
    # event's unrazed total (SPEC §6 [decision]): p2 4+4 = 8, p5 5+5 = 10 -> p5.
    return [two_nil(1, seats(1, 2, 3), [4, 1]), two_nil(2, seats(4, 5, 6), [5, 1])]


def test_the_wildcard_the_rules_pick_is_accepted():
    data = event(6, [_six_players_round_1(), [two_nil(1, seats(1, 4, 5))]], scored=False)
    assert issues_of(data) == []


def test_the_wrong_wildcard_is_refused():
    data = event(6, [_six_players_round_1(), [two_nil(1, seats(1, 4, 2))]], scored=False)
    found = issues_of(data)
    assert found == [
        ("rounds[1].brackets[0].players[2]", IssueCode.WRONG_WILDCARD),
        ("rounds[1].brackets", IssueCode.ADVANCER_MISSING),
    ]
    _record, issues = read_event(data)
    assert "the rules pick 'p5'" in issues[0].message
    assert "wildcard by unrazed" in issues[1].message


# --- seating sizes (SPEC §4, 000 TOURNAMENT TRACKING) -------------------------------------


def test_twelve_players_seated_four_four_four_are_refused():
    round_1 = [two_nil(t, seats(*range(4 * t - 3, 4 * t + 1))) for t in (1, 2, 3)]
    data = event(12, [round_1])
    assert issues_of(data) == [("rounds[0].brackets", IssueCode.SEATING_SIZES)]
    _record, [issue] = read_event(data)
    assert "12 players are seated 4+4+4" in issue.message and "3+3+3+3" in issue.message


@pytest.mark.parametrize(
    "sizes, ok",
    [((3, 3, 3), True), ((4, 3, 3), True), ((4, 4, 3), True), ((4, 4), True), ((3, 3, 2), False)],
)
def test_bracket_sizes_follow_n_mod_3(sizes, ok):
    # N mod 3 = 0: all 3s; = 1: one 4; = 2: two 4s (SPEC §4). 8 = 4+4; 8 = 3+3+2 refused.
    brackets, start = [], 1
    for table, size in enumerate(sizes, start=1):
        brackets.append(two_nil(table, seats(*range(start, start + size))))
        start += size
    found = issues_of(event(start - 1, [brackets]))
    assert (found == []) is ok


def test_five_players_cannot_be_seated():
    data = event(5, [[two_nil(1, seats(1, 2, 3)), two_nil(2, seats(4, 5), [3])]])
    assert ("rounds[0].brackets", IssueCode.CANNOT_SEAT) in issues_of(data)


# --- format rules (SPEC §2, §5) -----------------------------------------------------------


def _one_bracket(first_game: dict, **fmt) -> dict:
    second = game("p1", {"p1": 6, "p2": 4, "p3": 2})
    bracket = {"table": 1, "players": seats(1, 2, 3), "games": [first_game, second]}
    return event(3, [[bracket]], scored=False, **fmt)


def test_time_called_only_in_a_timed_event():
    timed_game = game("p1", {"p1": 4, "p2": 3, "p3": 1}, "time")
    untimed = _one_bracket(timed_game)
    # The time game ends the bracket (000 TIMED EVENTS), so only one game is recorded.
    untimed["rounds"][0]["brackets"][0]["games"] = [timed_game]
    assert issues_of(untimed) == [
        ("rounds[0].brackets[0].games[0].ended_by", IssueCode.TIME_NOT_TIMED)
    ]
    untimed["time_limit_minutes"] = 50
    assert issues_of(untimed) == []


def test_time_limit_minutes_round_trips_and_legacy_timed_reads_as_sixty():
    data = _one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), time_limit_minutes=50)
    text = serialize_event(parse_event(data))
    assert '"time_limit_minutes": 50' in text and '"timed"' not in text
    assert parse_event(text).format.time_limit_minutes == 50
    legacy = _one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), timed=True)
    assert parse_event(legacy).format.time_limit_minutes == 60
    assert issues_of(_one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), time_limit_minutes=5))


def test_no_xs_needs_its_digit():
    data = _one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), tournament_type="no-xs")
    assert issues_of(data) == [("no_xs_digit", IssueCode.NO_XS_NEEDS_DIGIT)]
    data["no_xs_digit"] = 9
    assert issues_of(data) == []


@pytest.mark.parametrize("victory", ["standard", "barbaric"])
def test_110_card_decks_play_to_ten_realms(victory):
    # 000 GAME END: "Decks composed of 110 cards end when one player has 10 unrazed realms".
    six = _one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), deck_size=110, victory=victory)
    six["rounds"][0]["brackets"][0]["games"][1] = game("p1", {"p1": 10, "p2": 4, "p3": 2})
    assert issues_of(six) == [
        ("rounds[0].brackets[0].games[0].unrazed.p1", IssueCode.VICTORY_BELOW_COUNT)
    ]
    six["rounds"][0]["brackets"][0]["games"][0] = game("p1", {"p1": 10, "p2": 4, "p3": 2})
    assert issues_of(six) == []


def test_conquerors_game_winner_has_three_unrazed_realms():
    # 000 TOURNAMENT TYPES, Conqueror's Game: "at least three unrazed realms".
    two = _one_bracket(game("p1", {"p1": 2, "p2": 5, "p3": 4}), tournament_type="conquerors-game")
    assert issues_of(two) == [
        ("rounds[0].brackets[0].games[0].unrazed.p1", IssueCode.CONQUEROR_BELOW_THREE)
    ]
    three = _one_bracket(game("p1", {"p1": 3, "p2": 5, "p3": 4}), tournament_type="conquerors-game")
    assert issues_of(three) == []


@pytest.mark.parametrize(
    "victory, edition, ok",
    [
        ("barbaric", "community-0.9", True),  # 000: six realms at the beginning of a turn
        ("standard", "community-0.9", False),  # the winner has at least as many as anyone
        ("standard", "regra-5.0", True),  # 003 Condição Padrão: "no início do seu turno"
        ("enhanced", "regra-5.0", True),  # 003 Condições Ampliadas: "no início do seu turno"
        ("enhanced", "community-0.9", False),
    ],
)
def test_victory_at_the_start_of_the_turn_need_not_lead(victory, edition, ok):
    need = 10 if victory == "enhanced" else 6
    # Another player briefly had more realms when the game ended.
    first = game("p1", {"p1": need, "p2": need + 1, "p3": 2})
    data = _one_bracket(first, victory=victory, rules_edition=edition, deck_size=75)
    data["rounds"][0]["brackets"][0]["games"][1] = game("p1", {"p1": need, "p2": 4, "p3": 2})
    assert (issues_of(data) == []) is ok


def test_rules_edition_round_trips_and_is_checked():
    data = _one_bracket(game("p1", {"p1": 6, "p2": 4, "p3": 2}), rules_edition="regra-5.0")
    record = parse_event(data)
    assert record.format.rules_edition == "regra-5.0"
    assert '"rules_edition": "regra-5.0"' in serialize_event(record)
    # The default edition is left out of the canonical file.
    assert "rules_edition" not in serialize_event(
        parse_event(_one_bracket(data["rounds"][0]["brackets"][0]["games"][0]))
    )
    data["rules_edition"] = "regra-4.0"
    _record, [issue] = read_event(data)
    assert (issue.path, issue.code) == ("rules_edition", IssueCode.UNKNOWN_VALUE)


def test_wizard_spells_only_is_the_regra_5_wizards_challenge():
    # 003 Desafio dos Magos: "apenas feitiços de mago" (deck validation reads this flag).
    wizards = _one_bracket(
        game("p1", {"p1": 6, "p2": 4, "p3": 2}),
        tournament_type="wizards-challenge",
        rules_edition="regra-5.0",
    )
    assert parse_event(wizards).format.wizard_spells_only
    wizards["rules_edition"] = "community-0.9"
    assert not parse_event(wizards).format.wizard_spells_only


# --- eligibility (SPEC §2 [decision]) -----------------------------------------------------


def _two_player_bracket(table: int, players: list[str]) -> dict:
    """The last seat dropped before the first game: every game has two players."""
    first, second, _gone = players
    tally = {first: 6, second: 4}
    return {
        "table": table,
        "players": players,
        "games": [game(first, tally)] * 2,
        "dropped": [players[-1]],
    }


def test_an_event_of_only_two_player_games_is_not_scored():
    round_1 = [_two_player_bracket(t, seats(3 * t - 2, 3 * t - 1, 3 * t)) for t in (1, 2, 3)]
    final = _two_player_bracket(1, seats(1, 4, 7))
    data = event(9, [round_1, [final]])
    assert issues_of(data) == []
    assert standings_json(parse_event(data))["scored"] is False
    # The same event with three-player games is scored (9 participants, SPEC §2).
    assert standings_json(parse_event(event(9, [NINE_ROUND_1, [two_nil(1, seats(1, 4, 7))]])))[
        "scored"
    ]

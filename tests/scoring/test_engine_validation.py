"""Validation of games, brackets and events (SPEC §5): errors are located values."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from scoring.model import Bracket, EventRecord, Format, Official, PlayerRef, Round
from scoring.validation import decide_by_realms, validate_bracket, validate_event, validate_game
from tests.scoring.strategies import game

SEATS = ("p1", "p2", "p3")
BRACKET = Bracket(1, SEATS)


def paths(issues) -> list[str]:
    return [i.path for i in issues]


@pytest.mark.parametrize(
    ("victory", "need"),
    [("standard", 6), ("enhanced", 10), ("barbaric", 6), ("barbaric-newbie", 3)],
)
def test_each_victory_condition_needs_its_realm_count(victory, need):
    fmt = Format(deck_size=110 if victory == "enhanced" else 55, victory=victory)
    ok = game("p1", {"p1": need, "p2": 0, "p3": 1})
    short = game("p1", {"p1": need - 1, "p2": 0, "p3": 1})
    assert validate_game(ok, BRACKET, fmt, "g") == []
    [issue] = validate_game(short, BRACKET, fmt, "g")
    assert issue.path == "g.unrazed.p1" and issue.player == "p1"
    assert f"at least {need}" in issue.message


def test_victory_winner_must_have_at_least_as_many_as_anyone():
    [issue] = validate_game(game("p1", {"p1": 6, "p2": 7, "p3": 0}), BRACKET, Format(), "g")
    assert issue.path == "g.unrazed.p1" and "another player has 7" in issue.message
    assert validate_game(game("p1", {"p1": 6, "p2": 6, "p3": 0}), BRACKET, Format(), "g") == []


def test_conquerors_game_winner_needs_three_unrazed_realms_not_the_most():
    # 000 TOURNAMENT TYPES, Conqueror's Game: razes four realms "and has at least three
    # unrazed realms"; realm counts do not otherwise decide (SPEC §2).
    fmt = Format(tournament_type="conquerors-game")
    assert validate_game(game("p1", {"p1": 3, "p2": 5, "p3": 0}), BRACKET, fmt) == []
    [issue] = validate_game(game("p1", {"p1": 2, "p2": 5, "p3": 0}), BRACKET, fmt, "g")
    assert issue.path == "g.unrazed.p1" and issue.code == "conqueror-below-three"


def test_victory_needs_a_winner():
    [issue] = validate_game(game(None, {"p1": 2, "p2": 5, "p3": 0}), BRACKET, Format(), "g")
    assert issue.path == "g.winner"


@pytest.mark.parametrize(("deck_size", "high"), [(25, 15), (55, 15), (75, 20), (110, 30)])
def test_count_range_depends_on_deck_size(deck_size, high):
    fmt = Format(deck_size=deck_size, victory="barbaric-newbie")
    assert validate_game(game("p1", {"p1": high, "p2": 0, "p3": 0}), BRACKET, fmt) == []
    [issue] = validate_game(game("p1", {"p1": high + 1, "p2": 0, "p3": 0}), BRACKET, fmt, "g")
    assert issue.path == "g.unrazed.p1" and f"0..{high}" in issue.message


@pytest.mark.parametrize("bad", [-1, 2.5, "4", True, None])
def test_counts_must_be_whole_numbers(bad):
    [issue] = validate_game(game("p1", {"p1": 6, "p2": bad, "p3": 0}), BRACKET, Format(), "g")
    assert issue.path == "g.unrazed.p2" and issue.field == "unrazed" and issue.player == "p2"


def test_every_seated_player_needs_a_count_and_no_stranger():
    issues = validate_game(game("p1", {"p1": 6, "p2": 1, "zz": 0}), BRACKET, Format(), "g")
    assert sorted(paths(issues)) == ["g.unrazed.p3", "g.unrazed.zz"]


def test_dropped_player_count_is_optional():
    bracket = Bracket(1, SEATS, dropped=("p3",))
    assert validate_game(game("p1", {"p1": 6, "p2": 1}), bracket, Format()) == []


def test_unseated_winner():
    issues = validate_game(game("zz", {"p1": 6, "p2": 1, "p3": 0}), BRACKET, Format(), "g")
    assert paths(issues) == ["g.winner"]


@pytest.mark.parametrize(
    ("counts", "extra", "winner", "ok"),
    [
        ({"p1": 4, "p2": 3, "p3": 3}, {}, "p1", True),
        ({"p1": 4, "p2": 3, "p3": 3}, {}, "p2", False),
        ({"p1": 4, "p2": 4, "p3": 3}, {"razed": {"p1": 2, "p2": 1}}, "p1", True),
        ({"p1": 4, "p2": 4, "p3": 3}, {"razed": {"p1": 1, "p2": 2}}, "p1", False),
        (
            {"p1": 4, "p2": 4, "p3": 3},
            {"razed": {"p1": 1, "p2": 1}, "holdings": {"p1": 0, "p2": 2}},
            "p2",
            True,
        ),
        (
            {"p1": 4, "p2": 4, "p3": 3},
            {"razed": {"p1": 1, "p2": 1}, "holdings": {"p1": 2, "p2": 2}},
            None,
            True,
        ),
        (
            {"p1": 4, "p2": 4, "p3": 3},
            {"razed": {"p1": 1, "p2": 1}, "holdings": {"p1": 2, "p2": 2}},
            "p1",
            False,
        ),
        ({"p1": 4, "p2": 3, "p3": 3}, {}, None, False),
    ],
)
@pytest.mark.parametrize("ended_by", ["out_of_cards", "time"])
def test_cards_and_time_are_won_by_realms_then_razed_then_holdings(
    counts, extra, winner, ok, ended_by
):
    timed = Format(time_limit_minutes=60)
    issues = validate_game(game(winner, counts, ended_by, **extra), BRACKET, timed, "g")
    assert (issues == []) is ok
    if not ok:
        assert paths(issues) == ["g.winner"]


def test_unrazed_tie_without_razed_counts_is_reported():
    [issue] = validate_game(
        game("p1", {"p1": 4, "p2": 4, "p3": 1}, "out_of_cards"), BRACKET, Format(), "g"
    )
    assert issue.path == "g.razed" and "p1, p2" in issue.message
    decision = decide_by_realms(game("p1", {"p1": 4, "p2": 4, "p3": 1}, "out_of_cards"))
    assert decision.missing == "razed" and decision.tied == ("p1", "p2")


def test_card_heart_attack_out_of_cards_is_not_decided_by_realms():
    fmt = Format(tournament_type="card-heart-attack")
    assert (
        validate_game(game("p3", {"p1": 5, "p2": 2, "p3": 1}, "out_of_cards"), BRACKET, fmt) == []
    )


def test_no_game_after_two_wins_or_after_time():
    two = game("p1", {"p1": 6, "p2": 1, "p3": 1})
    bracket = Bracket(1, SEATS, (two, two, two))
    [issue] = validate_bracket(bracket, Format(), "b")
    assert issue.path == "b.games[2]" and "won two games" in issue.message
    timed = Bracket(1, SEATS, (game("p1", {"p1": 3, "p2": 1, "p3": 1}, "time"), two))
    [issue] = validate_bracket(timed, Format(time_limit_minutes=60), "b")
    assert issue.path == "b.games[1]" and "time" in issue.message


def test_bracket_seats_drops_and_judge_order():
    bracket = Bracket(0, ("p1", "p1"), (), ("p9",), ("p7",))
    found = paths(validate_bracket(bracket, Format(), "b"))
    assert "b.table" in found and "b.players" in found
    assert "b.tiebreak_order[0]" in found and "b.dropped[0]" in found


def _event(rounds, players=9) -> EventRecord:
    refs = [PlayerRef(f"p{i}", f"P{i}") for i in range(1, players + 1)]
    return EventRecord(
        Format(), "E", dt.date(2026, 1, 1), "V", Official("C", role="coordinator"), (), refs, rounds
    )


def _won(table, seats):
    first = seats[0]
    g = game(first, {p: 6 if p == first else i for i, p in enumerate(seats)})
    return Bracket(table, seats, (g, g))


def test_event_checks_round_order_and_seats():
    r1 = Round(
        1, (_won(1, ("p1", "p2", "p3")), _won(2, ("p4", "p5", "p6")), _won(3, ("p7", "p8", "p9")))
    )
    r2_bad = Round(3, (Bracket(1, ("p1", "p4", "p4")), Bracket(1, ("p7", "p99", "p2"))))
    found = paths(validate_event(_event((r1, r2_bad))))
    assert "rounds[1].number" in found
    assert "rounds[1].brackets[0].players[2]" in found  # seated twice
    assert "rounds[1].brackets[1].table" in found  # table used twice
    assert "rounds[1].brackets[1].players[1]" in found  # unknown player id


def test_next_round_needs_a_finished_previous_round():
    unfinished = Bracket(3, ("p7", "p8", "p9"), (game("p7", {"p7": 6, "p8": 1, "p9": 1}),))
    r1 = Round(1, (_won(1, ("p1", "p2", "p3")), _won(2, ("p4", "p5", "p6")), unfinished))
    r2 = Round(2, (Bracket(1, ("p1", "p4", "p7")),))
    [issue] = validate_event(_event((r1, r2)))
    assert issue.path == "rounds[0].brackets[2].games" and "not finished" in issue.message


def test_no_round_after_the_final_and_no_dropped_player_later():
    final = Round(1, (_won(1, ("p1", "p2", "p3")),))
    [issue] = validate_event(_event((final, Round(2, (_won(1, ("p1", "p2", "p3")),))), 3))
    assert issue.path == "rounds[1]"
    b = _won(1, ("p1", "p2", "p3"))
    dropped = Bracket(b.table, b.players, b.games, None, ("p2",))
    r1 = Round(1, (dropped, _won(2, ("p4", "p5", "p6"))))
    r2 = Round(2, (_won(1, ("p1", "p4", "p2")),))
    # p2 dropped; and the wildcard that two winners need (SPEC §6) is not seated.
    found = paths(validate_event(_event((r1, r2), 6)))
    assert sorted(found) == ["rounds[1].brackets", "rounds[1].brackets[0].players[2]"]


def test_format_numbers_are_checked_for_bridge_built_events():
    fmt = Format(deck_size=60, event_multiplier=3, no_xs_digit=4)
    found = paths(validate_event(replace(_event(()), format=fmt)))
    assert found == ["deck_size", "event_multiplier", "no_xs_digit"]
    assert (
        validate_event(replace(_event(()), format=Format(tournament_type="no-xs", no_xs_digit=4)))
        == []
    )

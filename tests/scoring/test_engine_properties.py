"""Property tests over random valid events built by tests/scoring/strategies.py."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from scoring.advancement import tournament_winner
from scoring.eventfile import event_to_dict, parse_event, serialize_event
from scoring.model import EventRecord
from scoring.placement import place_bracket
from scoring.points import PLACE_POINTS, round_scores
from scoring.standings import score_event
from scoring.validation import validate_event
from tests.scoring.strategies import events

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(events())
def test_generated_events_are_valid(event: EventRecord):
    assert validate_event(event) == []


@SETTINGS
@given(events())
def test_every_complete_bracket_has_exactly_one_first_place(event: EventRecord):
    for rnd in event.rounds:
        for bracket in rnd.brackets:
            outcome = place_bracket(bracket)
            assert outcome.decided
            firsts = [p.player for p in outcome.places if p.place == 1]
            assert firsts == [outcome.winner]
            assert sorted(p.place for p in outcome.places) == list(
                range(1, len(bracket.players) + 1)
            )


@SETTINGS
@given(events())
def test_points_are_placement_times_round_times_multiplier(event: EventRecord):
    m = event.format.event_multiplier
    last_only = event.format.points_mode == "last-bracket"
    for rows in round_scores(event).values():
        for score in rows:
            allowed = {(p * score.round * m) for p in (*PLACE_POINTS.values(), 5)}
            assert score.points >= 0
            assert score.points in allowed or (last_only and score.points == 0)


@SETTINGS
@given(events())
def test_everyone_who_played_scores_and_the_final_winner_tops_the_final(event: EventRecord):
    standings = score_event(event)
    assert all(row.points >= 1 for row in standings.players if row.rounds)
    winner = tournament_winner(event)
    final = event.rounds[-1]
    if final.is_final:
        assert winner is not None and standings.winner == winner
        in_final = {
            row.id: next(s.points for s in row.rounds if s.round == final.number)
            for row in standings.players
            if row.id in final.players
        }
        assert all(in_final[winner] > pts for pid, pts in in_final.items() if pid != winner)
    points = [row.points for row in standings.players]
    assert points == sorted(points, reverse=True)


@SETTINGS
@given(events())
def test_event_file_round_trip(event: EventRecord):
    text = serialize_event(event)
    assert parse_event(text) == event
    assert serialize_event(parse_event(text)) == text
    assert parse_event(event_to_dict(event)) == event

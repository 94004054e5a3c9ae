"""The standings writer and store beside the places: an event ruled out by the two-player
rule is eligible again once a game of three is confirmed (SPEC §2 [decision]: only games
where fewer than three players took part never score); the sweep's marks older than its
grace; a match's state; the standings of players no longer in the event removed."""

import datetime
import uuid

import pytest
from django.utils import timezone

from scoring.points import TWO_PLAYER_GAMES_ONLY
from tests.support.one_on_one import play_game
from tests.support.results import seated
from tournament.events.models import Bracket
from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.rounds.services import rounds
from tournament.standings import writing
from tournament.standings.models import EventScoring, EventStanding

pytestmark = pytest.mark.django_db


def confirm(bracket, players, counts, judges):
    unrazed = {engine_id(p.pk): n for p, n in zip(players, counts, strict=True)}
    data = results.GameData(winner=players[0].pk, ended_by="victory", unrazed=unrazed)
    number = bracket.games.count() + 1
    for judge in judges:
        results.submit_entry(bracket, data, judge, uuid.uuid4(), number=number)


def scoring(event) -> EventScoring:
    return EventScoring.objects.get(event=event)


def test_a_game_of_three_makes_an_event_ruled_out_by_two_player_games_eligible(
    event, round1, judge, second_judge
):
    first, second = round1.brackets.order_by("table")[:2]
    a, b, c = (s.registration for s in first.seats.order_by("position"))
    rounds.drop_player(c)  # before game 1: he takes no part in it (SPEC §4)
    confirm(first, [a.player, b.player], (6, 3), (judge, second_judge))
    # Nine participants, but every game so far had two players (SPEC §2 [decision]).
    assert not scoring(event).eligible
    assert {r["code"] for r in scoring(event).reasons} == {TWO_PLAYER_GAMES_ONLY}
    confirm(second, seated(second), (6, 3, 2), (judge, second_judge))
    assert scoring(event).eligible and scoring(event).reasons == []


def test_the_sweep_takes_marks_older_than_its_grace_only(event, round1):
    now = timezone.now()
    row = scoring(event)
    row.standings_stale_since = now - datetime.timedelta(minutes=1)
    row.save(update_fields=["standings_stale_since"])
    assert writing.stale_since(now - datetime.timedelta(seconds=15)) == [event.pk]
    row.standings_stale_since = now
    row.save(update_fields=["standings_stale_since"])
    assert writing.stale_since(now - datetime.timedelta(seconds=15)) == []


def test_a_match_waits_then_is_played_then_decided(swiss_event, judge, second_judge):
    event = swiss_event(2, best_of=3)
    match = rounds.seat_next_round(event, seed=5).brackets.get()
    a, b = seated(match)
    state = lambda: Bracket.objects.get(pk=match.pk).state  # noqa: E731
    assert state() == Bracket.State.WAITING
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    assert state() == Bracket.State.IN_PROGRESS  # 1-0 of a best of 3 (SPEC §11)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    assert state() == Bracket.State.COMPLETE


def test_syncing_removes_the_standings_of_players_no_longer_in_the_event(swiss_event):
    event = swiss_event(4)
    rounds.seat_next_round(event, seed=5)
    stored = list(EventStanding.objects.filter(event=event).order_by("registration_id"))
    assert len(stored) == 4
    kept = stored[:3]
    writing.sync_standings(event, kept, ["place"])
    assert list(
        EventStanding.objects.filter(event=event).values_list("registration_id", flat=True)
    ) == sorted(s.registration_id for s in kept)

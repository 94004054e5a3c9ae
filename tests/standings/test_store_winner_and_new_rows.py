"""What the standings store keeps beside the places (SPEC §6): the event's winner on its
scoring row, whoever recomputes the event, and a standing for a player who had none when a
result arrives with a broker."""

import uuid

import pytest

from tests.support.events import build_event
from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.standings import recompute
from tournament.standings.models import EventScoring, EventStanding

pytestmark = pytest.mark.django_db


def test_the_whole_event_recomputed_keeps_the_finals_winner_as_the_events(organizer):
    # SPEC §6: the tournament winner is the final bracket's winner, and 1st.
    event = build_event(organizer, 9)
    final = event.rounds.get(is_final=True).brackets.get()
    assert final.winner_id is not None
    recompute.refresh_event(event)  # as a judges' change or a correction does
    scoring = EventScoring.objects.get(event=event)
    assert scoring.winner_id == final.winner_id
    assert EventStanding.objects.get(event=event, player_id=final.winner_id).place == 1


def test_a_player_without_a_standing_gets_one_from_his_result(
    rerank_deferred, event, bracket, judge, second_judge
):
    seats = list(bracket.seats.order_by("position").select_related("registration"))
    winner = seats[0].registration
    EventStanding.objects.filter(registration=winner).delete()
    unrazed = {
        engine_id(s.registration.player_id): n for s, n in zip(seats, (6, 3, 2), strict=True)
    }
    data = results.GameData(winner=winner.player_id, ended_by="victory", unrazed=unrazed)
    results.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)
    results.submit_entry(bracket, data, second_judge, uuid.uuid4(), number=1)
    # He won game 1 with 6 unrazed realms (SPEC §6's tie-breakers count both).
    standing = EventStanding.objects.get(registration=winner)
    assert (standing.games_won, standing.unrazed_total) == (1, 6)

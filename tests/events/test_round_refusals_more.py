"""Refusals of the round services that a planted one-line bug once got past (SPEC §4
"Rounds", §2 time limit), each with the state left as it was."""

import random

import pytest
from django.core.exceptions import ValidationError

from tests.support.events import add_players
from tournament.events.models import Round
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round


def test_no_round_is_seated_after_the_final(event_with):
    # Nine players: round 1 seats three brackets of 3, their three winners play the final
    # (SPEC §4: a round of one bracket is the final). Once it is closed, the event is over.
    event = event_with(9)
    rng = random.Random(7)
    for _number in (1, 2):
        rnd = svc.seat_next_round(event, seed=rng.randrange(2**48))
        play_round(rnd, rng)
        rnd = svc.close_round(rnd)
    assert rnd.is_final and rnd.brackets.count() == 1
    with pytest.raises(ValidationError, match="The final has been played: finish the event"):
        svc.seat_next_round(event, seed=1)
    assert Round.objects.filter(event=event).count() == 2


def test_time_is_called_only_once_the_clock_runs(timed_event):
    # SPEC §2: time is called when the round's time limit has run out, which needs a clock.
    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=14)
    with pytest.raises(ValidationError, match="Start the clock before calling time"):
        svc.call_time(rnd)
    rnd.refresh_from_db()
    assert rnd.time_called_at is None and rnd.started_at is None

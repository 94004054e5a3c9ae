"""A no-show is refused once a game of the match was entered, confirmed or not (SPEC §11: a
no-show loses without games; a match whose game waits for confirmation was played)."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.results import seated
from tournament.events.models import Bracket
from tournament.results.services import GameData, submit_entry
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show


def test_no_no_show_once_a_game_waits_for_confirmation(swiss_event, judge):
    event = swiss_event(2, best_of=3)
    match = rounds.seat_next_round(event, seed=1).brackets.get()
    a, b = seated(match)
    game = GameData(winner=a.pk, ended_by="victory", unrazed={str(a.pk): 6, str(b.pk): 2})
    submit_entry(match, game, judge, uuid.uuid4(), number=1)  # entered, not confirmed yet
    with pytest.raises(ValidationError, match="Games of this match are recorded"):
        record_no_show(match, event.registrations.get(player=b))
    assert Bracket.objects.get(pk=match.pk).no_show_id is None

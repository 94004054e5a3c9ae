"""The time limit once round 1 is seated, that a planted one-line bug once got past (SPEC §2:
a game ends by time only in a timed event, after time was called; results already checked
against the format must stay valid)."""

from tournament.events.services.editing import frozen_fields_error
from tournament.rounds.services import rounds as svc


def test_a_seated_event_keeps_a_time_limit_but_may_change_it(event, registered_players):
    # Round 1 is seated in an event of 50 minutes: removing the limit is refused (games may
    # have ended by time), a new limit of 60 minutes is not.
    event.time_limit_minutes = 50
    event.save(update_fields=["time_limit_minutes"])
    svc.seat_next_round(event, seed=7)
    event.time_limit_minutes = None
    assert frozen_fields_error(event, ["time_limit_minutes"]) is not None
    event.time_limit_minutes = 60
    assert frozen_fields_error(event, ["time_limit_minutes"]) is None

"""The warnings before round 1, that a planted one-line bug once got past (SPEC §4: round 1
seats the checked-in players who did not drop; a player on the waiting list is not in the
event yet, so nothing of his is missing)."""

from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.rounds.services import rounds as svc


def test_a_player_on_the_waiting_list_is_no_warning(event, registered_players):
    # Nine checked-in players without decklists, and one on the waiting list, not checked
    # in and without a list: the warnings name the nine missing lists, and him nowhere.
    waiting = make_player("w1", "Waiting Walt")
    Registration.objects.create(event=event, player=waiting, waitlisted=True)
    warnings = svc.round_one_warnings(event)
    assert warnings.unchecked == []
    assert warnings.missing_decklists == [p.name for p in registered_players]
    assert "Waiting Walt" not in warnings.illegal_decklists

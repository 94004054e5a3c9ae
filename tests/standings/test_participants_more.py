"""Who has a standing, that a planted one-line bug once got past (SPEC §6 "Final place": the
standings rank the players who played; a registration never seated, such as a player left on
the waiting list, is no participant and has no place)."""

from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.rounds.services import rounds as svc
from tournament.standings.models import EventStanding


def test_a_player_never_seated_has_no_standing(event, registered_players):
    # Nine checked-in players are seated in round 1; a tenth registered on the waiting list
    # is not: the standings hold the nine, and no row for him.
    waiting = make_player("w1", "Waiting Walt")
    Registration.objects.create(event=event, player=waiting, waitlisted=True)
    svc.seat_next_round(event, seed=7)
    players = set(EventStanding.objects.filter(event=event).values_list("player_id", flat=True))
    assert players == {p.pk for p in registered_players}

"""Who round 1 seats, that a planted one-line bug once got past (SPEC §4 "Seating brackets":
round 1 seats the checked-in players)."""

from tests.support.players import make_player
from tournament.events.models import Registration, Seat
from tournament.rounds.services.rounds import seat_next_round


def test_a_player_on_the_waiting_list_is_not_seated_even_if_checked_in(event, registered_players):
    # Nine checked-in players, and a tenth whose registration an administrator left both
    # checked in and on the waiting list (the admin's registration form sets each box). He
    # has no place in the event: round 1 seats the nine, in three brackets of 3 (ten would
    # have been seated 3 + 3 + 4).
    waiting = make_player("waiting", "Walt Waiting")
    Registration.objects.create(event=event, player=waiting, checked_in=True, waitlisted=True)
    rnd = seat_next_round(event, seed=7)
    seated = set(
        Seat.objects.filter(bracket__round=rnd).values_list("registration__player", flat=True)
    )
    assert seated == {p.pk for p in registered_players}
    assert sorted(b.seats.count() for b in rnd.brackets.all()) == [3, 3, 3]

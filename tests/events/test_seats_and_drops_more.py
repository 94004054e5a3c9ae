"""Seat changes and drops (`rounds/services/rounds.py`) that planted one-line bugs once got
past. SPEC §4: a round seats brackets of three (fours for the rest); a seat change moves a
player to *another* table of the round; a player "may drop at any time" — once (he is then
dropped), and never after the event is finished. SPEC §10: partners of a Team Spirit team
sit in one bracket, so a team's table changes only by re-seating the round. SPEC §11: a
match seats two players, so a one-on-one round swaps players rather than moving one."""

import pytest
from django.core.exceptions import ValidationError

from tests.support.events import paired
from tournament.events.models import Registration, Seat
from tournament.rounds.services import rounds as svc


def spots(event) -> dict[int, tuple[int, int]]:
    """registration id → (table, seat)"""
    return {
        s.registration_id: (s.bracket.table, s.position)
        for s in Seat.objects.filter(bracket__round__event=event).select_related("bracket")
    }


def test_a_move_to_the_players_own_table_is_refused(event_with):
    # Ten players: one table of four, two of three. Moving a player of the four to the
    # table he sits at is no move: refused, nobody moves.
    event = event_with(10)
    rnd = svc.seat_next_round(event, seed=1)
    four = next(b for b in rnd.brackets.all() if b.seats.count() == 4)
    mover = four.seats.get(position=2).registration
    before = spots(event)
    with pytest.raises(ValidationError, match="another of its tables"):
        svc.move_seat(rnd, mover, four)
    assert spots(event) == before


def test_a_one_on_one_round_moves_no_single_player(swiss_event):
    # Four players, two matches: moving one player would leave a match of one and one of
    # three; the organizer is told to swap two players instead.
    event = swiss_event(4)
    rnd = svc.seat_next_round(event, seed=1)
    first, second = rnd.brackets.order_by("table")
    mover = first.seats.get(position=1).registration
    before = spots(event)
    with pytest.raises(ValidationError, match="swap two players instead of moving one"):
        svc.move_seat(rnd, mover, second)
    assert spots(event) == before


def test_a_team_spirit_table_is_not_changed_seat_by_seat(team_event):
    # Six teams of two: two tables of three teams. Swapping two players of different
    # tables would split both teams: refused, the round is re-seated instead.
    paired(team_event, 6)
    rnd = svc.seat_next_round(team_event, seed=1)
    first, second = rnd.brackets.order_by("table")
    a = first.seats.get(position=1).registration
    b = second.seats.get(position=1).registration
    before = spots(team_event)
    with pytest.raises(ValidationError, match="Teams sit together"):
        svc.swap_seats(rnd, a, b)
    assert spots(team_event) == before


def test_a_player_drops_once(event_with):
    event = event_with(9)
    svc.seat_next_round(event, seed=1)
    registration = event.registrations.order_by("pk").first()
    svc.drop_player(registration)
    with pytest.raises(ValidationError, match="has already dropped"):
        svc.drop_player(Registration.objects.get(pk=registration.pk))
    assert Registration.objects.get(pk=registration.pk).dropped_in_round == 1


def test_no_drop_once_the_event_is_finished(finished_event):
    # The shared nine-player event, played to the end: its places are final, nobody drops.
    registration = finished_event.registrations.order_by("pk").first()
    with pytest.raises(ValidationError, match="The event is finished"):
        svc.drop_player(registration)
    assert Registration.objects.get(pk=registration.pk).dropped_in_round is None

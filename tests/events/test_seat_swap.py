"""The organizer swaps two players' seats before the round's first result: each takes the
other's table and seat, nobody else moves, and the bracket sizes stay the engine's."""

import pytest
from django.urls import reverse

from tests.support.results import game_post
from tournament.events.models import Seat
from tournament.rounds.services import rounds as svc


def url(event, number: int = 1) -> str:
    return reverse("rounds:swap", args=[event.pk, number])


@pytest.fixture
def seated(event_with):
    event = event_with(9)  # three brackets of three
    svc.seat_next_round(event, seed=1)
    return event


def spots(event) -> dict[int, tuple[int, int]]:
    """registration id → (table, seat)"""
    return {
        s.registration_id: (s.bracket.table, s.position)
        for s in Seat.objects.filter(bracket__round__event=event).select_related("bracket")
    }


def two_at_different_tables(event):
    seats = Seat.objects.filter(bracket__round__event=event).select_related("bracket")
    first = seats.get(bracket__table=1, position=2)
    second = seats.get(bracket__table=3, position=1)
    return first.registration, second.registration


def test_two_players_exchange_table_and_seat_and_nobody_else_moves(seated, client_as, organizer):
    before = spots(seated)
    first, second = two_at_different_tables(seated)
    response = client_as(organizer).post(
        url(seated), {"first": first.pk, "second": second.pk}, follow=True
    )
    assert response.status_code == 200
    after = spots(seated)
    assert after[first.pk] == (3, 1) and after[second.pk] == (1, 2)
    assert {k: v for k, v in after.items() if k not in (first.pk, second.pk)} == {
        k: v for k, v in before.items() if k not in (first.pk, second.pk)
    }
    message = " ".join(str(m) for m in response.context["messages"])
    assert f"{first.player.name} now sits at table 3" in message


def test_two_players_of_one_table_exchange_seats(seated, organizer):
    seats = Seat.objects.filter(bracket__round__event=seated, bracket__table=2)
    a, c = seats.get(position=1).registration, seats.get(position=3).registration
    svc.swap_seats(seated.rounds.get(), a, c)
    after = spots(seated)
    assert after[a.pk] == (2, 3) and after[c.pk] == (2, 1)


def test_no_swap_once_the_round_has_an_entry(seated, client_as, organizer, judge):
    """SPEC §4 seating stands once results come in: even an unconfirmed entry blocks it."""
    bracket = seated.rounds.get().brackets.get(table=1)
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    client_as(judge).post(
        reverse("results:bracket", args=[seated.pk, bracket.pk]),
        game_post(players, [6, 4, 4], winner=players[0]),
    )
    before = spots(seated)
    first, second = two_at_different_tables(seated)
    response = client_as(organizer).post(
        url(seated), {"first": first.pk, "second": second.pk}, follow=True
    )
    assert "its seats cannot change" in " ".join(str(m) for m in response.context["messages"])
    assert spots(seated) == before


def test_the_same_player_twice_or_a_player_not_seated_is_refused(seated, organizer):
    from django.core.exceptions import ValidationError

    from tests.support.players import make_player
    from tournament.events.models import Registration

    first, _second = two_at_different_tables(seated)
    outsider = Registration.objects.create(event=seated, player=make_player("late", "Late Lou"))
    for other in (first, outsider):
        with pytest.raises(ValidationError, match="two different players seated"):
            svc.swap_seats(seated.rounds.get(), first, other)


@pytest.mark.parametrize("who", ["judge", "player", None])
def test_only_the_organizer_swaps(seated, client_as, request, who):
    before = spots(seated)
    first, second = two_at_different_tables(seated)
    client = client_as(request.getfixturevalue(who) if who else None)
    response = client.post(url(seated), {"first": first.pk, "second": second.pk})
    assert response.status_code in (302, 403)
    assert spots(seated) == before


def test_the_round_page_offers_the_swap_until_the_first_result(seated, client_as, organizer):
    page = client_as(organizer).get(reverse("rounds:detail", args=[seated.pk, 1]))
    assert url(seated) in page.content.decode()


# --- moving one player (SPEC §4: threes, fours only for the rest) ---------------------------


@pytest.mark.parametrize(
    ("sizes", "allowed"),
    [
        ([3, 3, 3], True),  # 9 players
        ([4, 3, 3], True),  # 10: one four
        ([3, 4, 3], True),  # the same sizes at other tables
        ([2, 4, 4], False),  # 10 moved 3 → 4: a table of two
        ([4, 4, 4], False),  # 12 seated as fours (SPEC §4 refuses it)
        ([5, 3, 3], False),
        ([4, 4, 3], True),  # 11: two fours
    ],
)
def test_the_engine_allows_only_the_sizes_of_section_4(sizes, allowed):
    from scoring.brackets import sizes_allowed

    assert sizes_allowed(sizes) is allowed


@pytest.fixture
def ten_seated(event_with):
    event = event_with(10)  # one bracket of four, two of three
    svc.seat_next_round(event, seed=1)
    return event


def test_a_player_moves_from_the_table_of_four_to_a_table_of_three(
    ten_seated, client_as, organizer
):
    rnd = ten_seated.rounds.get()
    four = next(b for b in rnd.brackets.all() if b.seats.count() == 4)
    three = next(b for b in rnd.brackets.all() if b.seats.count() == 3)
    mover = four.seats.get(position=2).registration
    response = client_as(organizer).post(
        reverse("rounds:move", args=[ten_seated.pk, 1]),
        {"player": mover.pk, "bracket": three.pk},
        follow=True,
    )
    assert f"now sits at table {three.table}" in " ".join(
        str(m) for m in response.context["messages"]
    )
    assert sorted(b.seats.count() for b in rnd.brackets.all()) == [3, 3, 4]
    moved = Seat.objects.get(registration=mover)
    assert (moved.bracket_id, moved.position) == (three.pk, 4)
    assert list(four.seats.order_by("position").values_list("position", flat=True)) == [1, 2, 3]


def test_a_move_that_breaks_the_sizes_is_refused_and_nothing_moves(ten_seated, organizer):
    from django.core.exceptions import ValidationError

    rnd = ten_seated.rounds.get()
    threes = [b for b in rnd.brackets.all() if b.seats.count() == 3]
    before = spots(ten_seated)
    mover = threes[0].seats.first().registration
    with pytest.raises(ValidationError, match="only move from a table of four"):
        svc.move_seat(rnd, mover, threes[1])
    assert spots(ten_seated) == before

"""A seat's figures are a standings row (`standings.models.SeatFigures`, `seat.figures`):
none while nothing is played (the seat reads the defaults), created by the first
confirmed game, updated by the next; every page and sheet reads them from there."""

import uuid

import pytest
from django.urls import reverse

from tests.support.results import bracket_url
from tournament.events.models import Seat
from tournament.results import services
from tournament.results.services import GameData
from tournament.standings.models import SeatFigures

pytestmark = pytest.mark.django_db


def confirm(bracket, judge, second_judge, winner, counts, number):
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(players, counts, strict=True)}
    outcome = services.submit_entry(
        bracket, GameData(winner.pk, "victory", unrazed), judge, uuid.uuid4(), number=number
    )
    services.confirm_entry(outcome.entry, second_judge)


def figures_of(bracket, player) -> tuple:
    seat = Seat.objects.select_related("figures").get(bracket=bracket, registration__player=player)
    f = seat.figures
    return (f.place, f.points, f.unrazed_total, f.games_won, f.best_game)


def test_a_seated_bracket_has_no_rows_and_reads_the_defaults(client, bracket, seated):
    assert not SeatFigures.objects.filter(seat__bracket=bracket).exists()
    for player in seated:
        assert figures_of(bracket, player) == (None, None, 0, 0, 0)
    seat = Seat.objects.filter(bracket=bracket).first()
    assert seat.figures._state.adding  # unsaved: nothing is written by reading
    assert not SeatFigures.objects.exists()
    response = client.get(bracket_url(bracket))
    assert response.status_code == 200


def test_the_first_game_creates_the_rows_and_the_next_updates_them(
    client, judge, second_judge, bracket, seated
):
    a, b, c = seated
    # SPEC §4 (three players, best of three): a wins game 1 with 6 realms; b 4, c 3.
    confirm(bracket, judge, second_judge, a, [6, 4, 3], 1)
    assert SeatFigures.objects.filter(seat__bracket=bracket).count() == 3
    assert figures_of(bracket, a) == (None, None, 6, 1, 6)
    assert figures_of(bracket, b) == (None, None, 4, 0, 4)
    assert figures_of(bracket, c) == (None, None, 3, 0, 3)
    # a wins game 2 too: two games won decide the bracket. a 1st (4 points), then realms:
    # b 4 + 5 = 9 → 2nd (3 points), c 3 + 2 = 5 → 3rd (2 points).
    confirm(bracket, judge, second_judge, a, [6, 5, 2], 2)
    assert SeatFigures.objects.filter(seat__bracket=bracket).count() == 3
    assert figures_of(bracket, a) == (1, 4, 12, 2, 6)
    assert figures_of(bracket, b) == (2, 3, 9, 0, 5)
    assert figures_of(bracket, c) == (3, 2, 5, 0, 3)
    page = client.get(reverse("results:overlay", args=[bracket.round.event_id, bracket.pk]))
    assert page.status_code == 200

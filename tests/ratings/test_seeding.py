"""Round 1 seeded by rating (SPEC §12, §4 item 3): the event's choice puts the ratings in
place of the ranking points; the seating engine then lets the best k lead the k tables."""

from __future__ import annotations

import pytest

from tests.support.players import make_player
from tournament.events.models import Registration, Seat
from tournament.ranking.models import RankingTotal
from tournament.ratings.models import Rating
from tournament.rounds.services.rounds import seat_next_round


@pytest.fixture
def twelve(event):
    """12 players: ratings rise with the number (p12 strongest), ranking points fall."""
    players = [make_player(f"s{i}", f"Seed {i:02d}") for i in range(1, 13)]
    for i, p in enumerate(players, start=1):
        Registration.objects.create(event=event, player=p, checked_in=True)
        Rating.objects.create(player=p, mu=25 + i, sigma=3, value=25 + i - 9, games=20)
        RankingTotal.objects.create(player=p, year=RankingTotal.ALL_YEARS, ranking_points=100 - i)
    return players


def table_leaders(rnd) -> list[str]:
    seats = Seat.objects.filter(bracket__round=rnd, position=1).select_related(
        "bracket", "registration__player"
    )
    return [s.registration.player.name for s in sorted(seats, key=lambda s: s.bracket.table)]


def test_seeded_by_rating_the_four_best_rated_lead_the_four_tables(event, twelve):
    event.seed_by_ranking = event.seed_by_rating = True
    event.status = "running"
    event.save()
    rnd = seat_next_round(event, seed=1)
    # 12 players: 4 tables of 3; the best rated (Seed 12, 11, 10, 09) lead tables 1–4.
    assert table_leaders(rnd) == ["Seed 12", "Seed 11", "Seed 10", "Seed 09"]


def test_seeded_by_ranking_points_the_order_is_the_ranking(event, twelve):
    event.seed_by_ranking = True
    event.status = "running"
    event.save()
    rnd = seat_next_round(event, seed=1)
    # Ranking points fall with the number: Seed 01–04 lead.
    assert table_leaders(rnd) == ["Seed 01", "Seed 02", "Seed 03", "Seed 04"]

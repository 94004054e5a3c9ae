"""The ratings where people see them (SPEC §12): the ratings page with its filters and CSV,
the player page's value, games, "provisional" and chart, in both languages."""

from __future__ import annotations

import csv
import datetime
import io
import random

import pytest
from django.urls import reverse

from tests.support.events import build_event
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.ratings.models import Rating
from tournament.rounds.simulate import run_event


def replay(organizer, players, seed: int, **fields) -> Event:
    """Another event of the same players, played to the finish."""
    event = Event.objects.create(organizer=organizer, status="registration", venue="X", **fields)
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    return run_event(event, random.Random(seed))


@pytest.fixture
def rated(db, organizer):
    """Two finished bracket events of the same 9 players, and one of 9 others."""
    first = build_event(organizer, 9, seed=3, name="First", date=datetime.date(2026, 1, 10))
    players = [r.player for r in first.registrations.select_related("player")]
    replay(organizer, players, 5, name="Second", date=datetime.date(2026, 2, 14))
    build_event(organizer, 9, seed=7, name="Third", date=datetime.date(2026, 3, 14))
    return list(Rating.objects.select_related("player").order_by("-value"))


def test_the_ratings_page_lists_everyone_strongest_first(client, rated):
    page = client.get(reverse("ratings:list")).content.decode()
    best = rated[0]
    assert f"{best.value:.1f}" in page
    names = [r.player.name for r in rated]
    assert page.index(names[0]) < page.index(names[-1])
    assert "provisional" in page  # 2 to 4 games each: every rating is provisional


def test_the_csv_has_number_name_rating_with_one_decimal_and_games(client, rated):
    response = client.get(reverse("ratings:list"), {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Player number", "Name", "Rating", "Games"] or rows[0][2:] == [
        "Rating",
        "Games",
    ]
    assert len(rows) == 1 + len(rated)
    first = rated[0]
    assert rows[1] == [
        first.player.player_number,
        first.player.name,
        f"{first.value:.1f}",
        str(first.games),
    ]


def test_the_csv_in_portuguese_writes_decimal_commas(client, rated):
    client.cookies["django_language"] = "pt-br"
    response = client.get(reverse("ratings:list"), {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    body = response.content.decode("utf-8-sig")
    first = rated[0]
    assert f"{first.value:.1f}".replace(".", ",") in body
    assert ";" in body.splitlines()[0]


def test_filters_minimum_games_country_and_structure(client, rated):
    most = max(r.games for r in rated)
    page = client.get(reverse("ratings:list"), {"min_games": most, "_export": "csv"})
    rows = list(csv.reader(io.StringIO(page.content.decode("utf-8-sig"))))[1:]
    assert {r[0] for r in rows} == {r.player.player_number for r in rated if r.games >= most}
    page = client.get(reverse("ratings:list"), {"country": "CA", "_export": "csv"})
    rows = list(csv.reader(io.StringIO(page.content.decode("utf-8-sig"))))[1:]
    assert {r[0] for r in rows} == {
        r.player.player_number for r in rated if r.player.country == "CA"
    }
    page = client.get(reverse("ratings:list"), {"structure": "one-on-one", "_export": "csv"})
    assert len(page.content.decode("utf-8-sig").splitlines()) == 1  # header only


def test_the_player_page_shows_value_games_provisional_and_the_chart(client, rated):
    # A player of both events has two steps: a line through two points.
    both = next(r for r in rated if len(r.history) == 2)
    page = client.get(reverse("standings:player", args=[both.player.player_number]))
    html = page.content.decode()
    assert f"Rating: {both.value:.1f}" in html
    assert f"{both.games} games rated" in html
    assert "provisional" in html
    assert "<svg" in html and "rating-chart-title" in html
    assert html.count('class="rank-point"') >= 2


def test_the_player_page_in_portuguese(client, rated):
    r = rated[0]
    page = client.get(
        reverse("standings:player", args=[r.player.player_number]), HTTP_ACCEPT_LANGUAGE="pt-br"
    )
    html = page.content.decode()
    assert f"{r.value:.1f}".replace(".", ",") in html
    assert "provisório" in html


def test_a_player_without_games_has_no_rating_section(client, db):
    player = Player.objects.create(player_number="N-1", name="New Player")
    html = client.get(reverse("standings:player", args=[player.player_number])).content.decode()
    assert 'id="rating"' not in html


def test_a_bracket_shows_each_chance_to_win_before_it_starts(client, event, registered_players):
    from tournament.rounds.services.rounds import publish_round, seat_next_round

    event.status = "running"
    event.save()
    rnd = seat_next_round(event, seed=1)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    url = reverse("standings:bracket", args=[event.pk, rnd.number, bracket.table])
    html = client.get(url).content.decode()
    # Nobody rated: three new players, a third each (33%).
    assert "Chance to win" in html
    assert html.count("<strong>33%</strong>") == 3
    # The first seat far stronger: his chance is the largest.
    seat = bracket.seats.order_by("position").first()
    Rating.objects.create(player=seat.registration.player, mu=40, sigma=1, value=37, games=30)
    html = client.get(url).content.decode()
    assert html.count("<strong>33%</strong>") == 0
    # Once a game is recorded the prediction goes.
    from tournament.results.models import Game

    ids = [str(s.registration.player_id) for s in bracket.seats.all()]
    Game.objects.create(
        bracket=bracket,
        number=1,
        winner_id=int(ids[0]),
        ended_by="victory",
        unrazed={ids[0]: 6, ids[1]: 2, ids[2]: 1},
    )
    assert "Chance to win" not in client.get(url).content.decode()

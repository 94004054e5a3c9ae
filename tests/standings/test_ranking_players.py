"""International ranking, player pages and the players list."""

import datetime

import pytest
from django.urls import reverse

from tests.support.events import build_event
from tests.support.ranking import accept_for_ranking
from tournament.events.models import Registration
from tournament.ranking.services import ranking, ranking_breakdown
from tournament.standings.models import EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer, judge):
    """Two eligible events (2025, 2026) sharing players, and an ineligible 6-player one."""
    first = build_event(organizer, 9, name="Spring", date=datetime.date(2025, 4, 1))
    second = build_event(organizer, 12, name="Autumn", date=datetime.date(2026, 9, 1))
    second.judges.set([judge])
    tiny = build_event(organizer, 6, name="Tiny", date=datetime.date(2026, 5, 1))
    refresh_event(second)  # the judge was added after the event was played
    accept_for_ranking(first, second, tiny)  # only accepted events count (SPEC §9)
    return first, second, tiny


def test_ranking_sums_counted_events_only(season, organizer, judge):
    first, second, tiny = season
    rows = {p.pk: p for p in ranking()}
    for standing in EventStanding.objects.filter(event__in=[first, second]):
        assert standing.player_id in rows or standing.points == 0
    # a tiny-event player has no ranking points from it
    tiny_only = EventStanding.objects.filter(event=tiny).exclude(
        player__standings__event__in=[first, second]
    )
    assert all(s.player_id not in rows for s in tiny_only)
    # the organizer: coordinator of both counted events (9 + 12), not of the tiny one
    assert rows[organizer.pk].official_points == 21
    assert rows[organizer.pk].ranking_points == 21
    assert rows[judge.pk].official_points == 6  # 12 // 2 in Autumn
    totals = [p.ranking_points for p in ranking()]
    assert totals == sorted(totals, reverse=True)


def test_ranking_year_filter(season, organizer):
    first, _second, _tiny = season
    rows = {p.pk: p for p in ranking(2025)}
    assert rows[organizer.pk].ranking_points == 9
    assert all(
        rows[s.player_id].playing_points == s.points
        for s in EventStanding.objects.filter(event=first, points__gt=0)
    )


def test_ranking_page_filters_and_links(season, client, organizer):
    url = reverse("ranking:ranking")
    response = client.get(url, {"year": 2025})
    table = response.context["table"]
    assert {row.record.pk for row in table.page.object_list} == {p.pk for p in ranking(2025)}
    assert f"/players/{organizer.player_number}/?year=2025#ranking" in response.content.decode()
    brazil = client.get(url, {"country": "br"}).context["table"]  # the ISO code, any case
    assert brazil.page.object_list and all(
        row.record.country == "BR" for row in brazil.page.object_list
    )


def test_player_breakdown(season, client):
    _first, second, _tiny = season
    winner = EventStanding.objects.get(event=second, place=1).player
    breakdown = ranking_breakdown(winner)
    assert [row["event"].pk for row in breakdown] == [second.pk]
    assert breakdown[0]["playing"] == EventStanding.objects.get(event=second, player=winner).points
    response = client.get(reverse("standings:player", args=[winner.player_number]))
    text = response.content.decode()
    assert response.status_code == 200
    assert winner.player_number in text and "Autumn" in text and "★" in text
    assert (
        len(response.context["brackets"])
        == EventStanding.objects.get(event=second, player=winner).brackets_played
    )


def test_player_page_lists_upcoming_registrations(event, player, client):
    Registration.objects.create(event=event, player=player)
    response = client.get(reverse("standings:player", args=[player.player_number]))
    assert event.name in response.content.decode()


def test_players_search(season, client):
    some = EventStanding.objects.filter(event=season[0]).first().player
    response = client.get(reverse("standings:players"), {"q": some.player_number})
    assert [row.record for row in response.context["table"].page.object_list] == [some]


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("standings:player", args=["nope"])).status_code == 404

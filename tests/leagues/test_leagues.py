"""Seasons and leagues on the site: defined by ranking officers, counting accepted events only,
frozen when closed, and a championship open to the qualified players only. The table's
arithmetic is worked out by hand in tests/scoring/test_leagues.py."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.events import build_event
from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking, ranking_officer
from tournament.events.models import Event
from tournament.events.services.registration import register
from tournament.leagues import services
from tournament.leagues.models import League
from tournament.ranking.models import RankedScore


@pytest.fixture
def season(organizer):
    """Two 9-player events in 2026, the first accepted, the second not (yet)."""
    first = build_event(organizer, 9, seed=3, name="March Open", date=datetime.date(2026, 3, 1))
    second = build_event(organizer, 9, seed=5, name="May Open", date=datetime.date(2026, 5, 1))
    accept_for_ranking(first)
    league = League.objects.create(
        name="Liga 2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    return league, first, second


def test_only_accepted_events_count_and_the_table_follows_the_accepted_points(season):
    league, first, _second = season
    rows = services.table(league)
    accepted = {
        s.player_id: s.playing_points + s.coordinator_points + s.judge_points
        for s in RankedScore.objects.filter(event=first)
    }
    assert {int(r.player): r.points for r in rows} == accepted
    assert all(r.counted == (first.pk,) for r in rows)


def test_a_closed_league_keeps_its_table(season):
    league, _first, second = season
    before = [(r.player, r.points) for r in services.table(league)]
    services.close(league)
    accept_for_ranking(second)  # accepted after the close: the frozen table does not move
    league.refresh_from_db()
    assert [(r.player, r.points) for r in services.table(league)] == before
    with pytest.raises(ValidationError, match="already closed"):
        services.close(league)


def test_countries_limit_the_players(season):
    league, _first, _second = season
    league.countries = ["XX"]  # nobody plays from there
    league.save()
    assert services.table(league) == []


def test_a_championship_is_open_to_the_qualified_only(season, organizer):
    league, _first, _second = season
    final = Event.objects.create(
        name="Final 2026",
        date=datetime.date(2026, 12, 1),
        venue="Recife",
        organizer=organizer,
        status="registration",
    )
    league.qualify, league.championship, league.restrict_championship = 2, final, True
    league.save()
    qualified = services.qualified_ids(league)
    assert len(qualified) >= 2  # the top 2, and anyone tied at the 2nd rank
    outsider = make_player("outsider", "Oscar Outsider")
    with pytest.raises(ValidationError, match="qualified through Liga 2026"):
        register(final, outsider)
    from tournament.accounts.models import Player

    register(final, Player.objects.get(pk=min(qualified)))


def test_officers_define_leagues_and_everyone_reads_them(client, season):
    league, _first, _second = season
    someone = make_player("someone")
    client.force_login(someone.user)
    assert client.get(reverse("leagues:create")).status_code == 403
    client.force_login(ranking_officer())
    made = client.post(
        reverse("leagues:create"),
        {
            "name": "Liga SP",
            "starts": "2026-01-01",
            "ends": "2026-06-30",
            "countries": "br, CA",
            "events_mode": "range",
            "counting": "best",
            "best_n": "",
            "qualify": "0",
        },
    )
    assert made.status_code == 200  # refused: best N events needs N
    assert "Say how many events count." in made.content.decode()
    client.logout()
    page = client.get(reverse("leagues:detail", args=[league.pk]))
    assert page.status_code == 200 and "Liga 2026" in page.content.decode()
    csv = client.get(reverse("leagues:detail", args=[league.pk]), {"_export": "csv"})
    assert csv.content.decode("utf-8-sig").splitlines()[0].startswith("Rank,Player")
    api = client.get(reverse("api-v1:league", args=[league.pk])).json()
    assert len(api["table"]) == len(services.table(league))
    top = services.table(league)[0]
    from tournament.accounts.models import Player

    number = Player.objects.get(pk=top.player).player_number
    player_page = client.get(reverse("standings:player", args=[number])).content.decode()
    assert "Liga 2026" in player_page

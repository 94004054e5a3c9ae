"""The league table page: fifty rows a page in the league's order, and never an old table
(it is cached until the league, the accepted figures or the players change)."""

import datetime

import pytest
from django.urls import reverse

from tests.leagues.test_leagues import season  # noqa: F401 (a fixture)
from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking
from tournament.events.models import Event
from tournament.leagues.models import League
from tournament.ranking.models import RankedScore


@pytest.fixture
def crowded(organizer):
    """60 players in one accepted event of the league: player i scored 100 − i points, so
    his rank is i + 1 (no ties) and ranks 51–60 are on page 2."""
    event = Event.objects.create(
        name="Crowded Cup", date=datetime.date(2026, 4, 1), venue="Recife", organizer=organizer
    )
    for i in range(60):
        player = make_player(f"p{i:02d}", f"Player {i:02d}")
        RankedScore.objects.create(event=event, player=player, year=2026, playing_points=100 - i)
    return League.objects.create(
        name="Liga 2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )


def ranks_named(html: str) -> list[str]:
    return [name for name in (f"Player {i:02d}" for i in range(60)) if name in html]


def test_fifty_rows_a_page_in_rank_order(client, crowded):
    url = reverse("leagues:detail", args=[crowded.pk])
    first = client.get(url).content.decode()
    assert ranks_named(first) == [f"Player {i:02d}" for i in range(50)]
    second = client.get(url, {"page": 2}).content.decode()
    assert ranks_named(second) == [f"Player {i:02d}" for i in range(50, 60)]
    # A page past the end shows the last one, a page that is no number the first (as every
    # paginated table of the site), never an error.
    assert ranks_named(client.get(url, {"page": 9}).content.decode()) == ranks_named(second)
    assert ranks_named(client.get(url, {"page": "x"}).content.decode()) == ranks_named(first)


def test_the_page_follows_a_newly_accepted_event(
    client,
    season,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    league, first, second = season
    url = reverse("leagues:detail", args=[league.pk])
    assert "May Open" not in client.get(url).content.decode()  # warm the cache
    before = client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        accept_for_ranking(second)
    after = client.get(url).content.decode()
    # Every player of both events now has two events played: the table changed.
    both = set(RankedScore.objects.filter(event=first).values_list("player_id", flat=True))
    both &= set(RankedScore.objects.filter(event=second).values_list("player_id", flat=True))
    assert both and before != after


def test_the_page_follows_the_league_definition(client, crowded):
    url = reverse("leagues:detail", args=[crowded.pk])
    assert "Player 00" in client.get(url).content.decode()
    crowded.countries = ["XX"]  # nobody plays from there
    crowded.save()
    assert "No accepted results in this league yet." in client.get(url).content.decode()


@pytest.fixture
def regional(crowded):
    """Players 00–59 of `crowded`: the even ones from Nordeste, the odd ones from Sul."""
    from tournament.accounts.models import Player, Region

    north = Region.objects.create(country="BR", name="Nordeste")
    south = Region.objects.create(country="BR", name="Sul")
    for i, player in enumerate(Player.objects.filter(name__startswith="Player ").order_by("name")):
        player.country = "BR"
        player.region = north if i % 2 == 0 else south
        player.save()
    return crowded


def test_one_region_of_the_table_with_the_league_ranks(client, regional):
    url = reverse("leagues:detail", args=[regional.pk])
    page = client.get(url).content.decode()
    assert '<option value="Nordeste">' in page and '<option value="Sul">' in page
    # Sul: the odd players, ranks 2, 4, … (player i is rank i + 1), 30 of them on one page.
    south = client.get(url, {"region": "Sul"}).content.decode()
    assert ranks_named(south) == [f"Player {i:02d}" for i in range(1, 60, 2)]
    csv = client.get(url, {"region": "Sul", "_export": "csv"}).content.decode("utf-8-sig")
    lines = csv.splitlines()[1:]
    assert [line.split(",")[0] for line in lines] == [str(i + 1) for i in range(1, 60, 2)]
    nobody = client.get(url, {"region": "Atlantis"}).content.decode()
    assert "No accepted results in this league yet." in nobody


def edit_league(client, league, **fields):
    """The officer's edit form posted with a whole season's values and `fields`."""
    data = {
        "name": "Liga",
        "starts": "2026-01-01",
        "ends": "2026-12-31",
        "events_mode": "range",
        "counting": "all",
        "qualify": "0",
    }
    return client.post(reverse("leagues:edit", args=[league.pk]), data | fields)


def test_the_league_form_offers_the_countries_players_come_from(client, regional):
    from tests.support.ranking import ranking_officer

    client.force_login(ranking_officer())
    form = client.get(reverse("leagues:edit", args=[regional.pk])).content.decode()
    assert 'value="BR"' in form and "Brazil" in form
    assert 'value="JP"' not in form  # nobody plays from Japan
    refused = edit_league(client, regional, countries=["JP"])
    assert refused.status_code == 200 and "Select a valid choice" in refused.content.decode()
    saved = edit_league(client, regional, countries=["BR"])
    assert saved.status_code == 302
    regional.refresh_from_db()
    assert regional.countries == ["BR"]


def test_the_qualified_are_marked_beside_their_names(client, crowded):
    # Top 3 qualify; ranks 1–3 are Players 00–02 (no ties): three marks, on their rows.
    crowded.qualify = 3
    crowded.save()
    page = client.get(reverse("leagues:detail", args=[crowded.pk])).content.decode()
    assert page.count('class="badge advances"') == 3
    rows = page.split("<tr")
    marked = [
        name
        for name in (f"Player {i:02d}" for i in range(60))
        for row in rows
        if name in row and "badge advances" in row
    ]
    assert marked == ["Player 00", "Player 01", "Player 02"]

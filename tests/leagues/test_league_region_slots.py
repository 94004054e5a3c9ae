"""Slots per region go to the players of that region: players with no region take none
(SPEC §9 leagues, docs/leagues.md). The page, its CSV and the championship's registration
read the same table.

One accepted event, six players (points → table rank):
  Player 0  no region  100 → 1      Player 3  Sul       97 → 4
  Player 1  Nordeste    99 → 2      Player 4  Nordeste  96 → 5
  Player 2  no region   98 → 3      Player 5  Sul       95 → 6
One slot per region: Nordeste Player 1, Sul Player 3. Players 0 and 2 lead the table but
have no region: they do not qualify.
"""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts.models import Region
from tournament.events.models import Event
from tournament.leagues import services
from tournament.leagues.models import League
from tournament.ranking.models import RankedScore

REGION_OF = {0: None, 1: "Nordeste", 2: None, 3: "Sul", 4: "Nordeste", 5: "Sul"}


@pytest.fixture
def league(organizer):
    regions = {name: Region.objects.create(country="BR", name=name) for name in ("Nordeste", "Sul")}
    event = Event.objects.create(
        name="Copa", date=datetime.date(2026, 5, 1), venue="Recife", organizer=organizer
    )
    for i, region in REGION_OF.items():
        player = make_player(f"rp{i}", f"Player {i}", country="BR")
        player.region = regions.get(region)
        player.save()
        RankedScore.objects.create(event=event, player=player, year=2026, playing_points=100 - i)
    return League.objects.create(
        name="Liga Regional",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
        qualify=1,
        qualify_per_region=True,
    )


def test_only_players_of_a_region_take_its_slot(league):
    rows = {row.player: row for row in services.table(league)}
    names = {p.pk: p.name for p in services.Player.objects.filter(pk__in=rows)}
    qualified = sorted(names[pk] for pk, row in rows.items() if row.qualified)
    assert qualified == ["Player 1", "Player 3"]
    ranks = {names[pk]: row.rank for pk, row in rows.items()}
    assert ranks == {f"Player {i}": i + 1 for i in range(6)}


def test_the_csv_marks_only_the_regional_qualifiers(client, league):
    response = client.get(reverse("leagues:detail", args=[league.pk]), {"_export": "csv"})
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    marked = [line[1] for line in lines[1:] if line[-1] == "yes"]
    assert marked == ["Player 1", "Player 3"]


def test_a_player_without_a_region_is_not_qualified_for_the_championship(league, organizer):
    championship = Event.objects.create(
        name="Final Nacional", date=datetime.date(2027, 1, 10), venue="Recife", organizer=organizer
    )
    league.championship = championship
    league.restrict_championship = True
    league.save()
    players = {p.name: p for p in services.Player.objects.filter(name__startswith="Player ")}
    assert services.registration_refusal(championship, players["Player 0"]) is not None
    assert services.registration_refusal(championship, players["Player 1"]) is None


def test_an_unrestricted_championship_is_open_to_everyone(league, organizer):
    championship = Event.objects.create(
        name="Open Final", date=datetime.date(2027, 1, 10), venue="Recife", organizer=organizer
    )
    league.championship = championship
    league.restrict_championship = False
    league.save()
    nobody = services.Player.objects.get(name="Player 0")  # not qualified (no region)
    assert services.registration_refusal(championship, nobody) is None


def test_every_event_counts_although_a_best_n_is_stored(league, organizer):
    # Counting "every event" ignores a best-N value left on the league: Player 5 (95 in
    # "Copa") also scored 50 in a second event → 145 points, 1st.
    second = Event.objects.create(
        name="Copa 2", date=datetime.date(2026, 7, 1), venue="Natal", organizer=organizer
    )
    five = services.Player.objects.get(name="Player 5")
    RankedScore.objects.create(event=second, player=five, year=2026, playing_points=50)
    league.counting = League.Counting.ALL
    league.best_n = 1
    league.save()
    row = next(r for r in services.table(league) if r.player == five.pk)
    assert (row.rank, row.points, row.events_played) == (1, 145, 2)

"""Only accepted events count: ranking totals, player pages and the API (SPEC §9)."""

import pytest
from django.urls import reverse

from tests.conftest import accept_for_ranking
from tests.review.conftest import PLAYING_TOTALS, hand_event_file, hand_totals, other_results
from tournament.accounts.models import Player
from tournament.eventfile.services import import_event
from tournament.review.services import accept, submit
from tournament.standings.services import counted_events, ranking, ranking_breakdown

pytestmark = pytest.mark.django_db


def _totals(year: int | None = None) -> dict[str, int]:
    return {p.player_number: p.ranking_points for p in ranking(year)}


def test_a_finished_event_counts_only_once_accepted(hand_event, officer):
    assert hand_event.status == "finished"
    assert _totals() == {} and not counted_events().exists()
    submit(hand_event, hand_event.organizer.user)
    assert _totals() == {}  # submitted: still waiting for the officer
    accept(hand_event, officer)
    assert _totals() == hand_totals(hand_event.organizer)
    assert _totals(2026) == hand_totals(hand_event.organizer) and _totals(2025) == {}
    assert list(counted_events()) == [hand_event]


def test_ranks_and_breakdown_of_accepted_figures(hand_event, importer, officer):
    accept_for_ranking(hand_event)
    rows = {p.player_number: p for p in ranking()}
    coordinator = importer.player_number
    # 14, 10, 9, 8, 4, then three players on 3 share rank 6, three on 2 share rank 9
    assert [rows[n].rank for n in ("H01", "H04", coordinator, "H07", "J-7")] == [1, 2, 3, 4, 5]
    assert {rows[n].rank for n in ("H02", "H05", "H08")} == {6}
    assert {rows[n].rank for n in ("H03", "H06", "H09")} == {9}
    assert rows[coordinator].official_points == 9 and rows[coordinator].playing_points == 0
    p1 = Player.objects.get(player_number="H01")
    [row] = ranking_breakdown(p1)
    assert (row["event"], row["place"], row["playing"], row["total"]) == (hand_event, 1, 14, 14)


def test_submitted_but_unaccepted_event_adds_nothing(hand_event, importer, officer):
    accept_for_ranking(hand_event)
    second = import_event(other_results(hand_event_file("Second Open")), importer)
    submit(second, importer.user)
    assert _totals() == hand_totals(hand_event.organizer)  # the second event is not accepted


def test_api_ranking_lists_accepted_events_only(hand_event, client):
    url = reverse("api-v1:ranking")
    assert client.get(url).json()["count"] == 0
    p1 = client.get("/api/v1/players/H01/").json()
    assert p1["ranking"] == []
    accept_for_ranking(hand_event)
    rows = client.get(url).json()["results"]
    expected = hand_totals(hand_event.organizer)
    assert {r["player_number"]: r["ranking_points"] for r in rows} == expected
    assert client.get("/api/v1/players/H01/").json()["ranking"][0]["total"] == 14


def test_player_page_shows_accepted_points_only(hand_event, client):
    url = reverse("standings:player", args=["H01"])
    assert client.get(url).context["ranking_total"] == 0
    accept_for_ranking(hand_event)
    assert client.get(url).context["ranking_total"] == 14


def test_round_one_seeding_by_ranking_uses_accepted_points_only(hand_event):
    from tournament.events.models import Registration
    from tournament.events.services.rounds import _ranking

    registrations = list(Registration.objects.filter(event=hand_event))
    assert _ranking(registrations) == {}  # finished but not accepted
    accept_for_ranking(hand_event)
    seeded = {
        Player.objects.get(pk=pk).player_number: p for pk, p in _ranking(registrations).items()
    }
    assert seeded == {number: float(points) for number, points in PLAYING_TOTALS.items()}

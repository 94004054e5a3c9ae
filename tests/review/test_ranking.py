"""Only accepted events count: ranking totals, player pages and the API (SPEC §9)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.hand_event import PLAYING_TOTALS, hand_event_file, hand_totals, other_results
from tests.support.ranking import accept_for_ranking
from tournament.accounts.models import Player
from tournament.eventfile.services import import_event
from tournament.ranking.services import counted_events, ranking, ranking_breakdown
from tournament.review.services import accept, submit

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
    # The officer confirms the importer as the coordinator (his account existed before the
    # import): his 9 coordinator points count (SPEC §9); J-7 matches no account.
    submit(hand_event, importer.user)
    accept(hand_event, officer, confirmed_officials=[importer.pk])
    rows = {p.player_number: p for p in ranking()}
    coordinator = importer.player_number
    # 14, 10, 9, 8, then three players on 3 share rank 5, three on 2 share rank 8
    assert [rows[n].rank for n in ("H01", "H04", coordinator, "H07")] == [1, 2, 3, 4]
    assert "J-7" not in rows
    assert {rows[n].rank for n in ("H02", "H05", "H08")} == {5}
    assert {rows[n].rank for n in ("H03", "H06", "H09")} == {8}
    assert rows[coordinator].official_points == 9 and rows[coordinator].playing_points == 0
    assert _totals() == hand_totals(importer, confirmed=True)
    p1 = Player.objects.get(player_number="H01")
    [row] = ranking_breakdown(p1)
    assert (row["event"], row["place"], row["playing"], row["total"]) == (hand_event, 1, 14, 14)


def test_an_imported_events_officials_earn_nothing_unless_confirmed(hand_event, importer, officer):
    # SPEC §9: never silently to the importer. Accepted with no official confirmed: the
    # importer (coordinator, 9) and J-7 (judge, 4) earn nothing; J-7 cannot be confirmed.
    submit(hand_event, importer.user)
    judge = Player.objects.get(player_number="J-7")
    with pytest.raises(ValidationError, match="existed before the import"):
        accept(hand_event, officer, confirmed_officials=[judge.pk])
    accept(hand_event, officer)
    assert _totals() == PLAYING_TOTALS


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
    from tournament.rounds.services.rounds import _ranking

    registrations = list(Registration.objects.filter(event=hand_event))
    assert _ranking(registrations) == {}  # finished but not accepted
    accept_for_ranking(hand_event)
    seeded = {
        Player.objects.get(pk=pk).player_number: p for pk, p in _ranking(registrations).items()
    }
    assert seeded == {number: float(points) for number, points in PLAYING_TOTALS.items()}

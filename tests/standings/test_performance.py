"""Stored ranking totals stay in step with events; page query counts do not grow."""

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.events import build_event
from tests.support.ranking import accept_for_ranking
from tournament.accounts.models import Player
from tournament.api.serializers import StandingSerializer
from tournament.events.models import Event, Registration
from tournament.events.services.editing import save_event
from tournament.ranking.services import ranking
from tournament.rounds.simulate import run_event
from tournament.standings.models import EventScoring, EventStanding, OfficialScore
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def _points(player: Player, year: int | None = None) -> int | None:
    row = {p.pk: p for p in ranking(year)}.get(player.pk)
    return row.ranking_points if row else None


def test_a_finished_event_enters_the_ranking_when_accepted(organizer):
    """Finishing ranks nothing; acceptance by a ranking officer does, at once (SPEC §9)."""
    event = Event.objects.create(
        organizer=organizer,
        status="registration",
        name="Fresh",
        date=datetime.date(2026, 2, 1),
        venue="Here",
    )
    players = Player.objects.bulk_create(
        Player(player_number=f"F{i:03d}", name=f"Fresh {i}") for i in range(9)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    run_event(event, random.Random(3))
    event.refresh_from_db()
    assert event.status == "finished"
    assert _points(organizer) is None
    accept_for_ranking(event)
    assert _points(organizer) == 9 and _points(organizer, 2026) == 9
    winner = EventStanding.objects.get(event=event, place=1)
    assert _points(winner.player) == winner.points > 0


def test_cached_ranking_page_shows_an_event_once_it_is_accepted(
    organizer, client, django_capture_on_commit_callbacks
):
    event = Event.objects.create(
        organizer=organizer,
        status="registration",
        name="Later",
        date=datetime.date(2026, 3, 1),
        venue="There",
    )
    players = Player.objects.bulk_create(
        Player(player_number=f"L{i:03d}", name=f"Later {i}") for i in range(9)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    url = reverse("ranking:ranking")
    assert "Later 0" not in client.get(url).content.decode()  # cached without the event
    run_event(event, random.Random(4))
    assert "Later 0<" not in client.get(url).content.decode()  # finished, not accepted
    with django_capture_on_commit_callbacks(execute=True):
        accept_for_ranking(event)
    page = client.get(url).content.decode()
    assert all(f"Later {i}<" in page for i in range(9))


def test_changes_after_acceptance_wait_for_the_next_acceptance(finished_event, organizer):
    """Date, scored flag and status of an accepted event: the totals keep the accepted
    figures until the correction is accepted (SPEC §9)."""
    accept_for_ranking(finished_event)
    assert _points(organizer, 2026) == 9
    finished_event.date = datetime.date(2024, 5, 5)
    save_event(finished_event, {"date"})
    assert _points(organizer, 2026) == 9 and _points(organizer, 2024) is None
    accept_for_ranking(finished_event)  # the re-opened review, submitted and accepted again
    assert _points(organizer, 2026) is None and _points(organizer, 2024) == 9
    assert _points(organizer) == 9
    finished_event.scored = False
    save_event(finished_event, {"scored"})
    assert _points(organizer) == 9
    finished_event.scored = True
    save_event(finished_event, {"scored"})
    save_event(Event.objects.get(pk=finished_event.pk), ())  # changing nothing keeps the totals
    assert _points(organizer) == 9
    finished_event.status = "running"
    save_event(finished_event, {"status"})
    assert _points(organizer) == 9


def test_deleting_a_ranked_event_removes_its_points(organizer):
    _bulk_events(organizer, 2)
    assert _points(organizer) == 24
    Event.objects.get(name="Bulk 0").delete()
    assert _points(organizer) == 12


def test_saves_that_do_not_touch_the_ranking_cost_no_query(
    finished_event, django_assert_num_queries
):
    finished_event.venue = "Elsewhere"
    with django_assert_num_queries(1):  # the UPDATE itself
        finished_event.save(update_fields=["venue"])


def test_stored_totals_equal_the_sums_of_counted_events(organizer, judge):
    first = build_event(organizer, 9, name="One", date=datetime.date(2025, 1, 1))
    second = build_event(organizer, 12, name="Two", date=datetime.date(2026, 1, 1))
    second.judges.set([judge])
    refresh_event(second)
    accept_for_ranking(first, second)
    for year in (None, 2025, 2026):
        events = [e for e in (first, second) if year in (None, e.date.year)]
        expected: dict[int, int] = {}
        for model in (EventStanding, OfficialScore):
            for row in model.objects.filter(event__in=events):
                expected[row.player_id] = expected.get(row.player_id, 0) + row.points
        got = {p.pk: p.ranking_points for p in ranking(year)}
        assert got == {pk: points for pk, points in expected.items() if points}


def test_api_rows_equal_the_serializer(finished_event, client):
    data = client.get(f"/api/v1/events/{finished_event.pk}/standings/").json()["results"]
    standings = EventStanding.objects.filter(event=finished_event).select_related("player")
    expected = StandingSerializer(standings.order_by("place", "player__name"), many=True).data
    assert data == [dict(row) for row in expected]


def test_standings_table_links_sort_and_pages(big_event, client):
    url = reverse("standings:event", args=[big_event.pk])
    text = client.get(url).content.decode()
    first = EventStanding.objects.filter(event=big_event).order_by("place", "player__name")[0]
    link = reverse("standings:player", args=[first.player.player_number])
    assert f'<a href="{link}">{first.player.name}</a>' in text
    assert '<th class="asc num orderable"><a href="?sort=-place">Place</a></th>' in text
    assert 'href="?page=2"' in text and '<li class="next">' in text
    page2 = client.get(url, {"page": 2, "sort": "-points"})
    assert len(page2.context["table"].page.object_list) == 50
    assert 'href="?page=1&amp;sort=-points"' in page2.content.decode()


def _query_counts(client, urls: list[str]) -> list[int]:
    counts = []
    for url in urls:
        client.get(url)  # warm caches (content types, translations)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200, url
        counts.append(len(captured))
    return counts


def test_page_queries_are_constant_in_players(organizer, client, django_assert_max_num_queries):
    counts = []
    for size in (9, 100):
        event = build_event(organizer, size, name=f"Size {size}")
        urls = [
            reverse("standings:event", args=[event.pk]),
            reverse("ranking:ranking"),
            f"/api/v1/events/{event.pk}/standings/",
        ]
        counts.append(_query_counts(client, urls))
        for url, bound in zip(urls, (12, 6, 4), strict=True):
            with django_assert_max_num_queries(bound):
                client.get(url)
    assert counts[0] == counts[1]


def _bulk_events(organizer: Player, count: int, size: int = 12) -> None:
    """`count` finished eligible events with stored standings, ranked through the service."""
    pool = Player.objects.bulk_create(
        Player(player_number=f"Q{Player.objects.count() + i:05d}", name=f"Q {i}")
        for i in range(size * 2)
    )
    rng = random.Random(count)
    for n in range(count):
        event = Event.objects.create(
            organizer=organizer,
            status="finished",
            name=f"Bulk {n}",
            date=datetime.date(2020 + n % 6, 1, 1),
            venue="Bulk",
        )
        EventScoring.objects.create(event=event, eligible=True, participants=size)
        regs = Registration.objects.bulk_create(
            Registration(event=event, player=p, checked_in=True) for p in rng.sample(pool, size)
        )
        EventStanding.objects.bulk_create(
            EventStanding(
                event=event, registration=r, player_id=r.player_id, place=i + 1, points=size - i
            )
            for i, r in enumerate(regs)
        )
        OfficialScore.objects.create(event=event, player=organizer, role="coordinator", points=size)
        accept_for_ranking(event)


def test_ranking_queries_are_constant_in_events(organizer, client, django_assert_max_num_queries):
    url = reverse("ranking:ranking")
    counts = []
    for events in (5, 25):  # 5, then 30 in all
        _bulk_events(organizer, events)
        counts.append(_query_counts(client, [url, f"{url}?year=2021", "/api/v1/ranking/"]))
        with django_assert_max_num_queries(6):
            client.get(url)
    assert counts[0] == counts[1]
    assert _points(organizer) == 30 * 12


def test_standings_page_reads_the_event_row_and_its_page_of_rows(
    finished_event, client, django_assert_num_queries
):
    url = reverse("standings:event", args=[finished_event.pk])
    with django_assert_num_queries(2):  # event + scoring + form + review; the page's rows
        assert client.get(url).status_code == 200
    with django_assert_num_queries(1):  # the rendered table is cached until results change
        assert client.get(url).status_code == 200


def test_cached_table_follows_a_result_correction(finished_event, client):
    url = reverse("standings:event", args=[finished_event.pk])
    client.get(url)
    standing = EventStanding.objects.filter(event=finished_event).order_by("place").first()
    total = standing.points * 2  # double points: every playing point doubles (SPEC §6)
    assert f">{total}<" not in client.get(url).content.decode()
    finished_event.event_multiplier = 2
    save_event(finished_event, {"event_multiplier"})
    assert EventStanding.objects.get(event=finished_event, player=standing.player).points == total
    assert f">{total}<" in client.get(url).content.decode()


def test_cached_table_follows_a_player_rename(
    finished_event, client, django_capture_on_commit_callbacks
):
    url = reverse("standings:event", args=[finished_event.pk])
    client.get(url)
    standing = EventStanding.objects.filter(event=finished_event).order_by("place").first()
    standing.player.name = "Brand New Name"
    with django_capture_on_commit_callbacks(execute=True):
        standing.player.save()
    assert "Brand New Name" in client.get(url).content.decode()


def test_stored_page_summary_follows_refreshes_and_renames(finished_event, client, judge):
    scoring = EventScoring.objects.get(event=finished_event)
    assert scoring.standings_count == EventStanding.objects.filter(event=finished_event).count()
    stored = {row["player_id"]: row for row in scoring.officials}
    for official in OfficialScore.objects.filter(event=finished_event):
        assert stored[official.player_id]["points"] == official.points
    judge.name = "Renamed Judge"
    judge.save()
    url = reverse("standings:event", args=[finished_event.pk])
    assert "Renamed Judge" in client.get(url).content.decode()


def test_cached_api_standings_follow_a_result_correction(finished_event, client):
    url = f"/api/v1/events/{finished_event.pk}/standings/"
    client.get(url)
    standing = EventStanding.objects.filter(event=finished_event).order_by("place").first()
    finished_event.event_multiplier = 2
    save_event(finished_event, {"event_multiplier"})
    rows = {row["player_number"]: row for row in client.get(url).json()["results"]}
    assert rows[standing.player.player_number]["points"] == standing.points * 2


def test_the_ranking_offers_the_years_and_countries_it_has(
    organizer, client, django_capture_on_commit_callbacks
):
    event = Event.objects.create(
        organizer=organizer,
        status="registration",
        name="Choices",
        date=datetime.date(2025, 6, 1),
        venue="There",
    )
    players = Player.objects.bulk_create(
        Player(player_number=f"C{i:03d}", name=f"Choice {i}", country=("BR", "CL")[i % 2])
        for i in range(9)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    url = reverse("ranking:ranking")
    assert '<option value="2025">' not in client.get(url).content.decode()
    run_event(event, random.Random(4))
    with django_capture_on_commit_callbacks(execute=True):
        accept_for_ranking(event)
    page = client.get(url).content.decode()
    assert '<option value="2025">2025</option>' in page
    assert '<option value="BR">Brazil</option>' in page
    assert '<option value="CL">Chile</option>' in page
    assert "Choice 1<" in client.get(url, {"country": "cl"}).content.decode()  # any case

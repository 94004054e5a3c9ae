"""The metagame pages read in a number of queries that does not grow with the lists.

A season of N public lists (half of them in one event, the rest five an event, so the
number of events grows too), every event finished, all lists published and accepted for
the ranking, and a league over the season. Each page is read cold (the shared cache
emptied and the process's parsed lists forgotten: every list is parsed again) and then
warm; the queries of a page are the same at 5 and at 50 lists.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.decks.test_published import GREYHAWK, LEGAL
from tests.support.players import make_player
from tournament.decks import metagame
from tournament.decks.carddata import get_card_index
from tournament.decks.models import Decklist, MetagameSummary
from tournament.events.models import Event, Registration
from tournament.leagues.models import League
from tournament.standings.models import EventScoring, EventStanding

# A cold page reads: its own rows (the event, the league), the lists (one query), their
# events (one), the card data's token, the texts of the lists to parse (one), and the page's
# counts (formats, years, events). Well under this bound; what matters is that it is flat.
MAX_QUERIES = 20


def build_season(organizer, lists: int, prefix: str = "p") -> tuple[League, Event]:
    """`lists` public lists; returns the league and the event holding half of them."""
    groups = max(1, lists // 5)
    events = [
        Event.objects.create(
            name=f"Cup {i:02d}",
            date=datetime.date(2026, 3, 1) + datetime.timedelta(days=i),
            venue="Truro",
            organizer=organizer,
            status="finished",
            decklists_published="all",
        )
        for i in range(groups)
    ]
    for event in events:
        EventScoring.objects.create(event=event, ranked=True)
    for i in range(lists):
        half = i < lists // 2 or groups == 1
        event = events[0] if half else events[1 + i % (groups - 1)]
        player = make_player(f"{prefix}{i:03d}", f"Player {prefix}{i:03d}")
        registration = Registration.objects.create(event=event, player=player)
        EventStanding.objects.create(
            event=event, registration=registration, player=player, place=1 + i
        )
        Decklist.objects.create(registration=registration, text=LEGAL if i % 2 else GREYHAWK)
    league = League.objects.create(
        name="Liga 2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    return league, events[0]


def forget_everything() -> None:
    cache.clear()
    metagame._parsed.clear()


def page_urls(league: League, event: Event) -> dict[str, str]:
    return {
        "event": reverse("decks:event_metagame", args=[event.pk]),
        "format": reverse("decks:format_metagame", args=[55, "community", "championship"]),
        "league": reverse("decks:league_metagame", args=[league.pk]),
        "card": reverse("decks:card", args=["Realm|waterdeep"]),
        "index": reverse("decks:metagame"),
    }


def queries_of(client, url: str, cold: bool) -> int:
    if cold:
        forget_everything()
    with CaptureQueriesContext(connection) as captured:
        answer = client.get(url)
    assert answer.status_code == 200, url
    return len(captured)


def counts(client, organizer, lists: int) -> dict[tuple[str, str], int]:
    league, event = build_season(organizer, lists, prefix=f"n{lists}-")
    # The card index is built once per process and card import (a few queries, whatever the
    # lists): built before counting, so that the first count does not carry it.
    get_card_index()
    assert metagame.public_registrations().count() == lists
    found = {}
    for name, url in page_urls(league, event).items():
        found[(name, "cold")] = queries_of(client, url, cold=True)
        found[(name, "warm")] = queries_of(client, url, cold=False)
    return found


@pytest.fixture
def measured(client, organizer, cards_db):
    """The queries of every page at 5 lists, then (all rows deleted) at 50."""
    small = counts(client, organizer, 5)
    Event.objects.filter(name__startswith="Cup ").delete()
    League.objects.all().delete()
    MetagameSummary.objects.all().delete()  # the pages' scopes are named alike at 50 lists
    large = counts(client, organizer, 50)
    return small, large


def test_every_metagame_page_reads_as_many_queries_at_50_lists_as_at_5(measured):
    small, large = measured
    assert small == large


@pytest.mark.parametrize("lists", [5, 50])
def test_a_cold_metagame_page_stays_under_the_bound(
    client, organizer, cards_db, lists, django_assert_max_num_queries
):
    league, event = build_season(organizer, lists)
    get_card_index()
    for url in page_urls(league, event).values():
        forget_everything()
        with django_assert_max_num_queries(MAX_QUERIES):
            assert client.get(url).status_code == 200


def test_many_lists_to_parse_are_read_with_the_page_query(client, organizer, cards_db, monkeypatch):
    # Past BY_KEY lists to parse, their texts come with the page's own query (no long list of
    # keys): the same statistics, in as many queries.
    league, event = build_season(organizer, 10)
    url = page_urls(league, event)["format"] + "?_export=csv&table=cards"
    get_card_index()
    forget_everything()
    by_key = client.get(url).content
    by_key_queries = queries_of(client, url, cold=True)
    monkeypatch.setattr(metagame, "BY_KEY", 0)
    forget_everything()
    assert client.get(url).content == by_key
    assert queries_of(client, url, cold=True) == by_key_queries

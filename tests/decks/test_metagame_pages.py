"""Metagame pages: per event, per format, per card; only public lists of finished events.

The lists (two test decks, tests/scoring/decks):
- LEGAL (community 55): Waterdeep, 3× Shaqat Beetles, Age of Entropy (no number: its latest
  printing), …
- GREYHAWK (World War! Greyhawk, community 55): The Free City of Greyhawk, Age of Entropy
  (1st/423: another printing of the same card), …; neither Waterdeep nor the Beetles.

Autumn Open (finished, all published, opt-out allowed): Cara LEGAL 2nd, Dan GREYHAWK 1st,
Eve LEGAL 3rd (kept private). Public: Cara and Dan → 2 decks.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.decks.test_published import GREYHAWK, LEGAL, enter, publish
from tournament.decks.models import Decklist
from tournament.events.models import Event

WATERDEEP = "Realm|waterdeep"
FREE_CITY = "Realm|thefreecityofgreyhawk"


@pytest.fixture
def autumn(event):
    enter(event, "cara", "Cara Second", LEGAL, place=2)
    enter(event, "dan", "Dan First", GREYHAWK, place=1)
    eve = enter(event, "eve", "Eve Third", LEGAL, place=3)
    publish(event, "all", opt_out=True)
    Decklist.objects.filter(registration=eve).update(hidden_by_player=True)
    return event


def other_event(
    organizer, name, status="finished", mode="all", date=datetime.date(2026, 10, 3), **fields
) -> Event:
    return Event.objects.create(
        name=name,
        date=date,
        venue="Truro",
        organizer=organizer,
        status=status,
        decklists_published=mode,
        **fields,
    )


def csv_rows(response) -> list[list[str]]:
    import csv
    import io

    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # the byte-order mark Excel needs
    return list(csv.reader(io.StringIO(text[1:])))


def test_event_metagame_counts_public_lists_only(client, autumn):
    url = reverse("decks:event_metagame", args=[autumn.pk])
    page = client.get(url)
    assert page.status_code == 200
    body = page.content.decode()
    assert "2 published decks" in body  # Eve's private list is not counted
    assert "<svg" in body and "Most played cards" in body
    rows = csv_rows(client.get(url, {"_export": "csv", "table": "cards"}))
    assert rows[0] == [
        "Card",
        "Type",
        "Decks",
        "Share of decks (%)",
        "Copies",
        "Copies per deck playing it",
    ]
    by_name = {r[0]: r for r in rows[1:]}
    # Waterdeep: Cara only (Eve's copy is private) → 1 of 2 decks = 50 %, 1 copy.
    assert by_name["Waterdeep"] == ["Waterdeep", "Realm", "1", "50.0", "1", "1.0"]
    # Shaqat Beetles: Cara's 3 copies → 1 deck, 3 copies, 3.0 per deck.
    assert by_name["Shaqat Beetles"][2:] == ["1", "50.0", "3", "3.0"]
    # Age of Entropy: two printings, one card → both decks, 100 %, first row.
    assert rows[1][0] == "Age of Entropy" and rows[1][2:4] == ["2", "100.0"]
    # The top decks (places 1–8 as stored): Dan 1st, then Cara 2nd.
    top = csv_rows(client.get(url, {"_export": "csv", "table": "top_decks"}))
    assert [(r[0], r[1]) for r in top[1:]] == [("1", "Dan First"), ("2", "Cara Second")]


def test_event_metagame_needs_a_finished_event(client, autumn):
    autumn.status = "running"
    autumn.save()
    assert client.get(reverse("decks:event_metagame", args=[autumn.pk])).status_code == 404


def test_unpublished_event_counts_nothing(client, autumn):
    publish(autumn, "none")
    page = client.get(reverse("decks:event_metagame", args=[autumn.pk])).content.decode()
    assert "No published decklist yet." in page


def test_top_n_metagame(client, autumn):
    # Top 1 = Dan (stored 1st) only: Greyhawk's city in 1 of 1 deck, no Waterdeep.
    publish(autumn, "top", top=1, opt_out=True)
    url = reverse("decks:event_metagame", args=[autumn.pk])
    rows = csv_rows(client.get(url, {"_export": "csv", "table": "cards"}))
    names = {r[0]: r for r in rows[1:]}
    assert "Waterdeep" not in names
    assert names["The Free City of Greyhawk"][2:4] == ["1", "100.0"]


def test_format_metagame_across_events(client, autumn, organizer):
    # Same format (55, community, championship), finished, all published: one more LEGAL.
    # Waterdeep: Cara + Finn = 2 of 3 decks (66.7 %). A running event and a 75-card event
    # are never counted.
    same = other_event(organizer, "Harvest Cup")
    enter(same, "finn", "Finn Fourth", LEGAL, place=4)
    running = other_event(organizer, "Still Running", status="running")
    enter(running, "gus", "Gus Running", LEGAL, place=1)
    big = other_event(organizer, "Big Decks", deck_size=75)
    enter(big, "hal", "Hal Big", LEGAL, place=1)
    url = reverse("decks:format_metagame", args=[55, "community", "championship"])
    page = client.get(url)
    assert page.status_code == 200
    body = page.content.decode()
    assert "3 published decks" in body and "Harvest Cup" in body and "Still Running" not in body
    rows = csv_rows(client.get(url, {"_export": "csv", "table": "cards"}))
    assert {r[0]: r for r in rows[1:]}["Waterdeep"][2:4] == ["2", "66.7"]
    index = client.get(reverse("decks:metagame")).content.decode()
    assert "Harvest Cup" in index and "Big Decks" in index and "Still Running" not in index
    for unknown in ([56, "community", "championship"], [55, "community", "nope"]):
        assert client.get(reverse("decks:format_metagame", args=unknown)).status_code == 404


def test_metagame_of_one_year(client, autumn, organizer):
    # Autumn Open (2026): Cara and Dan public. Spring Fair (2025): Finn. For 2025, the
    # format counts Finn's deck only: Waterdeep in 1 of 1 deck; for 2026, 1 of 2 (Cara).
    spring = other_event(organizer, "Spring Fair", date=datetime.date(2025, 4, 5))
    enter(spring, "finn", "Finn Fourth", LEGAL, place=1)
    url = reverse("decks:format_metagame", args=[55, "community", "championship"])
    page = client.get(url, {"year": 2025}).content.decode()
    assert "1 published deck" in page and "Spring Fair" in page and "Autumn Open" not in page
    assert "year=2025&amp;_export=csv&amp;table=cards" in page  # the CSV keeps the year
    rows = csv_rows(client.get(url, {"year": 2025, "_export": "csv", "table": "cards"}))
    assert {r[0]: r for r in rows[1:]}["Waterdeep"][2:4] == ["1", "100.0"]
    rows = csv_rows(client.get(url, {"year": 2026, "_export": "csv", "table": "cards"}))
    assert {r[0]: r for r in rows[1:]}["Waterdeep"][2:4] == ["1", "50.0"]
    index = client.get(reverse("decks:metagame"), {"year": 2025}).content.decode()
    assert "Spring Fair" in index and "Autumn Open" not in index
    assert "?year=2026" in index  # the other year is offered
    assert client.get(url, {"year": "soon"}).status_code == 404


def test_card_page_where_played_and_places(client, autumn, organizer):
    same = other_event(organizer, "Harvest Cup")
    enter(same, "finn", "Finn Fourth", LEGAL, place=4)
    url = reverse("decks:card", args=[WATERDEEP])
    page = client.get(url)
    assert page.status_code == 200 and "Waterdeep" in page.content.decode()
    events = csv_rows(client.get(url, {"_export": "csv", "table": "events"}))
    # Autumn Open (21 Nov): Cara 2nd, 1 of 2 public decks (Eve's is private); Harvest Cup
    # (3 Oct): Finn 4th, 1 of 1. Newest event first.
    assert [(r[0], r[3], r[4], r[5], r[6], r[7]) for r in events[1:]] == [
        ("Autumn Open", "1", "2", "50.0", "2", "2"),
        ("Harvest Cup", "1", "1", "100.0", "4", "4"),
    ]
    decks = csv_rows(client.get(url, {"_export": "csv", "table": "decks"}))
    assert [(r[0], r[1], r[3]) for r in decks[1:]] == [
        ("2", "Cara Second", "1"),
        ("4", "Finn Fourth", "1"),
    ]
    # The Free City of Greyhawk: Dan only.
    free_city = client.get(reverse("decks:card", args=[FREE_CITY])).content.decode()
    assert "Dan First" in free_city and "Cara Second" not in free_city
    assert client.get(reverse("decks:card", args=["Realm|nosuchcard"])).status_code == 404


def test_csv_neutralises_formulas(client, event):
    enter(event, "mal", '=HYPERLINK("http://x")', LEGAL, place=1)
    publish(event, "all")
    url = reverse("decks:event_metagame", args=[event.pk])
    top = csv_rows(client.get(url, {"_export": "csv", "table": "top_decks"}))
    assert top[1][1] == '\'=HYPERLINK("http://x")'
    assert client.get(url, {"_export": "csv", "table": "nope"}).status_code == 404


def test_the_portuguese_metagame_names_card_types_in_portuguese(client, autumn):
    """Page and CSV in pt-BR: Waterdeep is a "Reino" (003's word for a realm), the CSV splits
    on ";" with a decimal comma (50,0), as a Brazilian spreadsheet reads it."""
    import csv
    import io

    url = reverse("decks:event_metagame", args=[autumn.pk])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    assert ">Reino<" in body and ">Realm<" not in body
    response = client.get(url, {"_export": "csv", "table": "cards"}, HTTP_ACCEPT_LANGUAGE="pt-BR")
    text = response.content.decode("utf-8")[1:]
    rows = {r[0]: r for r in csv.reader(io.StringIO(text), delimiter=";")}
    assert rows["Waterdeep"][:4] == ["Waterdeep", "Reino", "1", "50,0"]

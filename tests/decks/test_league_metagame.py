"""A league's (season's) metagame, and metagame and league pages that never show old figures.

The league's metagame reads the scope its table reads (`leagues.services.counts_q`): its
events accepted for the ranking (SPEC §9: only accepted events count), in its dates or
chosen, and its countries' players; then only public lists (finished, published, not kept
private). Decks are the two test lists of tests/decks/test_published.py:
LEGAL plays Waterdeep, GREYHAWK does not.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.decks.test_metagame_pages import csv_rows, other_event
from tests.decks.test_published import GREYHAWK, LEGAL, enter, publish
from tournament.accounts.models import Player, Region
from tournament.decks.models import Decklist
from tournament.events.models import Event
from tournament.events.services.editing import save_event
from tournament.leagues.models import League
from tournament.standings.models import EventScoring


def accepted(*events) -> None:
    """What a ranking officer's acceptance stores for the metagame's purpose."""
    for event in events:
        EventScoring.objects.update_or_create(event=event, defaults={"ranked": True})


def country(registration, code: str) -> None:
    player = registration.player
    player.country = code
    player.save()


@pytest.fixture
def season(event, organizer):
    """Autumn Open (2026-11-21, accepted): Cara LEGAL (BR), Dan GREYHAWK (CA).
    Harvest Cup (2026-10-03, accepted, same format): Finn LEGAL (BR).
    Old Cup (2025, accepted): Gus LEGAL (BR) — outside the dates.
    Waiting Cup (2026, finished, not accepted): Hal LEGAL (BR).
    Big Decks (2026, accepted, 75 cards): Ivy GREYHAWK (BR)."""
    country(enter(event, "cara", "Cara Second", LEGAL, place=2), "BR")
    country(enter(event, "dan", "Dan First", GREYHAWK, place=1), "CA")
    publish(event, "all")
    harvest = other_event(organizer, "Harvest Cup")
    country(enter(harvest, "finn", "Finn Fourth", LEGAL, place=4), "BR")
    old = other_event(organizer, "Old Cup", date=datetime.date(2025, 5, 1))
    country(enter(old, "gus", "Gus Old", LEGAL, place=1), "BR")
    waiting = other_event(organizer, "Waiting Cup")
    country(enter(waiting, "hal", "Hal Waiting", LEGAL, place=1), "BR")
    big = other_event(organizer, "Big Decks", deck_size=75)
    country(enter(big, "ivy", "Ivy Big", GREYHAWK, place=1), "BR")
    accepted(event, harvest, old, big)
    league = League.objects.create(
        name="Liga 2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    return league


def keep_private(event_name: str, player_name: str) -> None:
    """The organizer lets players keep their lists private, and this player does."""
    event = Event.objects.get(name=event_name)
    event.decklist_opt_out_allowed = True
    event.save()
    decklist = Decklist.objects.get(registration__player__name=player_name)
    decklist.hidden_by_player = True
    decklist.save()


def cards(client, league, **params) -> dict[str, list[str]]:
    url = reverse("decks:league_metagame", args=[league.pk])
    rows = csv_rows(client.get(url, {**params, "_export": "csv", "table": "cards"}))
    return {r[0]: r for r in rows[1:]}


def test_league_metagame_counts_its_accepted_events_only(client, season):
    # In: Cara, Dan, Finn (55) and Ivy (75) → 4 decks. Out: Gus (2025), Hal (not accepted).
    # Waterdeep: Cara, Finn → 2 of 4 = 50 %.
    page = client.get(reverse("decks:league_metagame", args=[season.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "4 published decks" in body and "3 events" in body
    assert cards(client, season)["Waterdeep"][2:4] == ["2", "50.0"]
    assert "Old Cup" not in body and "Waiting Cup" not in body


def test_league_metagame_narrowed_to_one_format(client, season):
    # 55 cards, community rules, championship: Cara, Dan, Finn → Waterdeep 2 of 3 = 66.7 %.
    fmt = {"deck_size": 55, "deck_rules": "community", "tournament_type": "championship"}
    assert cards(client, season, **fmt)["Waterdeep"][2:4] == ["2", "66.7"]
    page = client.get(reverse("decks:league_metagame", args=[season.pk]), fmt).content.decode()
    assert "3 published decks" in page


def test_league_metagame_follows_the_league_countries(client, season):
    # Brazil only: Cara, Finn, Ivy → Waterdeep 2 of 3 (Dan plays from Canada).
    season.countries = ["BR"]
    season.save()
    assert cards(client, season)["Waterdeep"][2:4] == ["2", "66.7"]


@pytest.mark.parametrize(
    "params",
    [
        {"deck_size": "56", "deck_rules": "community", "tournament_type": "championship"},
        {"deck_size": "55"},
        {"deck_size": "x", "deck_rules": "<b>", "tournament_type": "championship"},
    ],
)
def test_a_bad_format_is_a_404(client, season, params):
    url = reverse("decks:league_metagame", args=[season.pk])
    assert client.get(url, params).status_code == 404


def test_metagame_page_follows_a_list_made_private(
    client, season, django_capture_on_commit_callbacks
):
    # Warm: 4 decks. Cara keeps hers private (allowed) → 3 decks, Waterdeep 1 of 3 (Finn).
    url = reverse("decks:league_metagame", args=[season.pk])
    assert "4 published decks" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        keep_private("Autumn Open", "Cara Second")
    body = client.get(url).content.decode()
    assert "3 published decks" in body


def test_metagame_page_follows_a_changed_publication(
    client, event, season, django_capture_on_commit_callbacks
):
    url = reverse("decks:event_metagame", args=[event.pk])
    assert "2 published decks" in client.get(url).content.decode()
    event.decklists_published, event.decklists_top = "top", 1  # Dan 1st only
    with django_capture_on_commit_callbacks(execute=True):
        save_event(event, {"decklists_published", "decklists_top"})  # the organizer's edit
    assert "1 published deck" in client.get(url).content.decode()


def test_league_table_page_follows_a_renamed_region(
    client, season, django_capture_on_commit_callbacks
):
    from tournament.ranking.models import RankedScore

    cara = Player.objects.get(name="Cara Second")  # plays in the league from Brazil
    region = Region.objects.create(country="BR", name="Nordeste")
    cara.region = region
    cara.save()
    RankedScore.objects.create(event=Event.objects.get(name="Autumn Open"), player=cara, year=2026)
    url = reverse("leagues:detail", args=[season.pk])
    assert "Nordeste" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        region.name = "Sertão"
        region.save()
    body = client.get(url).content.decode()
    assert "Sertão" in body and "Nordeste" not in body


def test_card_page_follows_a_list_made_private(client, season, django_capture_on_commit_callbacks):
    # Waterdeep is played by Cara, Finn, Gus and Hal (LEGAL): all four lists are public on
    # the card page (it reads every public list). Gus keeps his private → 3 decks.
    url = reverse("decks:card", args=["Realm|waterdeep"])
    assert "Played in 4 published decks" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        keep_private("Old Cup", "Gus Old")
    assert "Played in 3 published decks" in client.get(url).content.decode()


def test_an_unknown_card_is_a_404_twice(client, season):
    url = reverse("decks:card", args=["Realm|nowhere at all"])
    assert client.get(url).status_code == 404
    assert client.get(url).status_code == 404  # the cached "no such card" answer


def test_the_metagame_index_links_each_league(client, season):
    page = client.get(reverse("decks:metagame")).content.decode()
    assert reverse("decks:league_metagame", args=[season.pk]) in page and "Liga 2026" in page


def test_a_list_of_an_upcoming_event_leaves_the_metagame_cached(
    event, organizer, django_capture_on_commit_callbacks
):
    # The metagame version moves for a finished event's list, not for an upcoming one's.
    from tournament.core.fragments import version
    from tournament.decks.metagame import VERSION_SCOPE

    upcoming = other_event(organizer, "Next Cup", status="registration")
    with django_capture_on_commit_callbacks(execute=True):
        enter(upcoming, "ned", "Ned Next", LEGAL)
    before = version(VERSION_SCOPE)
    with django_capture_on_commit_callbacks(execute=True):
        finished = other_event(organizer, "Done Cup")  # an event saved: bumps
    assert version(VERSION_SCOPE) == before + 1
    with django_capture_on_commit_callbacks(execute=True):
        enter(upcoming, "ola", "Ola Next", LEGAL)
    assert version(VERSION_SCOPE) == before + 1
    with django_capture_on_commit_callbacks(execute=True):
        enter(finished, "pia", "Pia Done", LEGAL)  # the list is made, then saved
    assert version(VERSION_SCOPE) > before + 1

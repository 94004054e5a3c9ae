"""Every table a page offers as CSV downloads, in both languages.

The demo (events in every state, an accepted event in the ranking, a season, published
lists) is walked page by page: every `_export=` link a page shows is followed and must
answer a CSV, so a table added later is covered as soon as a page links its export.
"""

import html
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament.events.models import Event
from tournament.leagues.models import League

EXPORT_LINK = re.compile(r'href="([^"]*_export=[^"]*)"')


def pages_with_tables() -> list[str]:
    """Every page of the demo that shows a table with an export."""
    pages = [reverse("ranking:ranking"), reverse("decks:metagame")]
    for event in Event.objects.all():
        pages += [
            reverse("standings:event", args=[event.pk]),
            reverse("decks:event_metagame", args=[event.pk]),
        ]
    for league in League.objects.all():
        pages += [
            reverse("leagues:detail", args=[league.pk]),
            reverse("decks:league_metagame", args=[league.pk]),
        ]
    return pages


def export_links(client, page: str, language: str) -> set[str]:
    response = client.get(page, HTTP_ACCEPT_LANGUAGE=language)
    if response.status_code == 404:  # an event in registration has no standings yet
        return set()
    assert response.status_code == 200, page
    links = set()
    for href in EXPORT_LINK.findall(response.content.decode()):
        href = html.unescape(href)
        links.add(href if href.startswith("/") else page + href)
    return links


@pytest.mark.parametrize("language", ["en-US", "pt-BR"])
def test_every_export_a_page_links_answers_a_csv(client, db, language):
    call_command("seed_demo")
    links = set()
    for page in pages_with_tables():
        links |= export_links(client, page, language)
    # the ranking, the standings of the events with rounds, a league's table and the
    # metagame pages' tables are all linked
    assert any(link.startswith(reverse("ranking:ranking")) for link in links)
    assert any("/leagues/" in link for link in links)
    assert any("table=cards" in link for link in links)
    failures = {}
    for link in sorted(links):
        response = client.get(link, HTTP_ACCEPT_LANGUAGE=language)
        if response.status_code != 200 or "text/csv" not in response["Content-Type"]:
            failures[link] = response.status_code
    assert failures == {}
    assert len(links) >= 10
    # the country is named in the reader's language (the demo's organiser lives in Brazil)
    ranking = client.get(
        reverse("ranking:ranking"), {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE=language
    )
    organiser = next(
        line for line in ranking.content.decode().splitlines() if "Ann Organiser" in line
    )
    assert ("Brasil" if language == "pt-BR" else "Brazil") in organiser

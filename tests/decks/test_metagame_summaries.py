"""The metagame pages read their stored summary (`decks/summaries.py`) while the public lists
under it are unchanged, and sum them again when any of them changes: which lists count, a
list's text, the places, an event's name.

The lists are `test_metagame_pages`'s Autumn Open: Cara LEGAL 2nd, Dan GREYHAWK 1st, Eve LEGAL
3rd kept private. LEGAL plays Waterdeep once; GREYHAWK does not play it (tests/scoring/decks).
The pages are read as the site shows them (HTML, the first page of each table); every read
after a change empties the shared cache first, as the version bump of a change does.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.decks.test_metagame_pages import autumn  # noqa: F401 - the fixture
from tests.decks.test_published import LEGAL
from tournament.decks.models import Decklist, MetagameSummary
from tournament.decks.services.saving import save_decklist
from tournament.decks.summaries import bump_stamp
from tournament.events.services.editing import save_event
from tournament.standings.models import EventStanding

pytestmark = pytest.mark.usefixtures("cards_db")


def cells(html: str, section: str, name: str) -> list[str]:
    """The texts of the cells of the row naming `name` in a section's table."""
    part = html.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", part, re.S):
        texts = [re.sub(r"<[^>]+>", "", td) for td in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if name in texts:
            return texts
    return []


def first_column(html: str, section: str) -> list[str]:
    part = html.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r"<tbody>(.*?)</tbody>", part, re.S)[0]
    return [re.sub(r"<[^>]+>", "", td) for td in re.findall(r"<tr[^>]*><td[^>]*>(.*?)</td>", rows)]


def read(client, url: str, query: dict | None = None, **headers) -> str:
    cache.clear()
    answer = client.get(url, query or {}, **headers)
    assert answer.status_code == 200
    return answer.content.decode()


def event_page(event) -> str:
    return reverse("decks:event_metagame", args=[event.pk])


def waterdeep(client, url: str) -> list[str]:
    """Waterdeep's row, on whichever page of the cards table it is."""
    cache.clear()
    for page in (1, 2, 3):
        found = cells(client.get(url, {"cards-page": page}).content.decode(), "cards", "Waterdeep")
        if found:
            return found
    return []


# Cards of equal share are ordered by name: at 50 % Waterdeep comes after the first 50 cards
# of the two lists, on the cards table's second page.
SECOND_PAGE = {"cards-page": 2}


def test_a_page_read_again_reads_its_summary_without_summing_the_lists(client, autumn):  # noqa: F811
    url = event_page(autumn)
    # Waterdeep: Cara's list only (Eve's is private) → 1 deck of 2, 50.0 %, 1 copy.
    assert cells(read(client, url, SECOND_PAGE), "cards", "Waterdeep") == [
        "Waterdeep",
        "Realm",
        "1",
        "50.0",
        "1",
        "1.0",
    ]
    assert MetagameSummary.objects.count() == 1
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        body = client.get(url, SECOND_PAGE).content.decode()
    assert not [q for q in captured if "decks_decktally" in q["sql"]]
    assert cells(body, "cards", "Waterdeep")[2:4] == ["1", "50.0"]


def make_eve_public() -> None:
    """Eve shows the list she kept private."""
    eve = Decklist.objects.get(registration__player__name="Eve Third")
    eve.hidden_by_player = False
    eve.save()


def test_a_list_made_public_is_counted(client, autumn):  # noqa: F811
    url = event_page(autumn)
    read(client, url)
    make_eve_public()
    # Cara's and Eve's Waterdeep → 2 decks of 3 = 66.7 %, 2 copies.
    assert waterdeep(client, url)[2:5] == ["2", "66.7", "2"]


def test_a_list_saved_again_is_read_again(client, autumn):  # noqa: F811
    url = event_page(autumn)
    read(client, url)
    dan = Decklist.objects.get(registration__player__name="Dan First")
    save_decklist(dan.registration, dan.registration.player.user, LEGAL)
    # Cara's and now Dan's list play Waterdeep → 2 decks of 2 = 100.0 %.
    assert waterdeep(client, url)[2:4] == ["2", "100.0"]


def test_places_swapped_reorder_the_top_decks(client, autumn):  # noqa: F811
    url = event_page(autumn)
    assert first_column(read(client, url), "top_decks") == ["1", "2"]
    assert cells(read(client, url), "top_decks", "1")[1] == "Dan First"
    # Cara and Dan swap places (a correction): same lists, same sum of places. Written
    # here without the recompute, whose stored figures move the stamp on (the test below).
    EventStanding.objects.filter(player__name="Cara Second").update(place=1)
    EventStanding.objects.filter(player__name="Dan First").update(place=2)
    bump_stamp()
    assert cells(read(client, url), "top_decks", "1")[1] == "Cara Second"


def test_an_event_renamed_is_named_anew(client, autumn):  # noqa: F811
    url = reverse("decks:format_metagame", args=[55, "community", "championship"])
    assert autumn.name in read(client, url)
    autumn.name = "Winter Open"
    save_event(autumn, {"name"})  # the organizer's edit
    assert "Winter Open" in read(client, url)


def test_a_brazilians_page_writes_his_numbers(client, autumn):  # noqa: F811
    body = read(client, event_page(autumn), SECOND_PAGE, HTTP_ACCEPT_LANGUAGE="pt-BR")
    # 50.0 % and 1.0 copy per deck, with the Portuguese decimal comma.
    assert cells(body, "cards", "Waterdeep")[2:] == ["1", "50,0", "1", "1,0"]

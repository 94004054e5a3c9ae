"""The stored summaries' two checks (`decks/summaries.py`): the metagame's stamp, moved on by
every change that may move a public list (`decks/handlers.py`), and, once it moved, the
fingerprint of the page's lists; and a summary's long tables read a stored page at a time.

The lists are `test_metagame_pages`'s Autumn Open: Cara LEGAL 2nd, Dan GREYHAWK 1st, Eve
LEGAL 3rd kept private. LEGAL plays Waterdeep once, GREYHAWK does not (tests/scoring/decks).
"""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.decks.test_metagame_pages import autumn, other_event  # noqa: F401 - the fixture
from tests.decks.test_metagame_summaries import SECOND_PAGE, cells, make_eve_public
from tests.decks.test_published import GREYHAWK, LEGAL, enter
from tournament.core.happenings import announce
from tournament.decks.models import CardImport, Decklist, MetagameSummary
from tournament.decks.summaries import PAGE_ROWS, bump_stamp, stamp_value, stored
from tournament.events.models import Registration
from tournament.events.services.editing import save_event
from tournament.rounds.happenings import EventFinished
from tournament.standings import recompute

pytestmark = pytest.mark.usefixtures("cards_db")


def fingerprints(captured) -> int:
    """The fingerprint's aggregate among these queries (its sum of squared keys names it)."""
    return sum("SUM(pk * pk)" in q["sql"] for q in captured)


def sums(captured) -> int:
    """Queries summing the lists' stored tallies: the statistics summed again."""
    return sum("decks_decktally" in q["sql"] for q in captured)


def cold_read(client, url: str, query: dict | None = None):
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        answer = client.get(url, query or {})
    assert answer.status_code == 200
    return answer.content.decode(), captured


def event_page(event) -> str:
    return reverse("decks:event_metagame", args=[event.pk])


def test_a_cold_read_while_the_stamp_stands_sums_nothing_and_no_fingerprint(client, autumn):  # noqa: F811
    cold_read(client, event_page(autumn))  # summed once and stored
    body, captured = cold_read(client, event_page(autumn), SECOND_PAGE)
    assert (fingerprints(captured), sums(captured)) == (0, 0)
    # Waterdeep: Cara's list only (Eve's is private) → 1 deck of 2, 50.0 %.
    assert cells(body, "cards", "Waterdeep")[2:4] == ["1", "50.0"]


def test_a_change_elsewhere_costs_one_fingerprint_then_nothing(client, organizer, autumn):  # noqa: F811
    url = event_page(autumn)
    cold_read(client, url)
    # Another finished event's list saved: the stamp moves, Autumn's lists are the same.
    winter = other_event(organizer, "Winter Open", date=datetime.date(2026, 11, 3))
    registration = enter(winter, "fay", "Fay Fourth", GREYHAWK, place=1)
    before = stamp_value()
    Decklist.objects.get(registration=registration).save()
    assert stamp_value() > before
    body, captured = cold_read(client, url, SECOND_PAGE)
    assert (fingerprints(captured), sums(captured)) == (1, 0)
    assert cells(body, "cards", "Waterdeep")[2:4] == ["1", "50.0"]
    _, captured = cold_read(client, url, SECOND_PAGE)  # the summary took the new stamp
    assert (fingerprints(captured), sums(captured)) == (0, 0)


def test_a_change_of_its_own_lists_sums_them_again(client, autumn):  # noqa: F811
    url = event_page(autumn)
    cold_read(client, url)
    make_eve_public()
    body, captured = cold_read(client, url, SECOND_PAGE)
    assert fingerprints(captured) == 1 and sums(captured) >= 1
    # Cara's and Eve's Waterdeep → 2 decks of 3 = 66.7 %.
    assert cells(body, "cards", "Waterdeep")[2:4] == ["2", "66.7"]


# What moves the stamp, from the rule in `decks/handlers.py`: a public list can only be a
# finished event's (its list, its places, the event edited by its service, its deletion); a
# player's country moves a league's lists; the card data moves every list's counts. A row
# saved without a service (the admin) announces nothing.
def finished_list_saved(event, organizer, start):
    start()
    Decklist.objects.filter(registration__event=event).first().save()


def running_list_saved(event, organizer, start):
    running = other_event(organizer, "Spring Open", status="running")
    registration = enter(running, "gus", "Gus Fifth", LEGAL)
    start()
    Decklist.objects.get(registration=registration).save()


def running_event_saved_in_part(event, organizer, start):
    running = other_event(organizer, "Spring Open", status="running")
    start()
    running.name = "Spring Open II"
    running.save(update_fields=["name", "updated_at"])


def running_event_saved_whole(event, organizer, start):
    running = other_event(organizer, "Spring Open", status="running")
    start()
    running.save()


def finished_event_edited(event, organizer, start):
    start()
    event.name = "Autumn Open II"
    save_event(event, {"name"})


def finished_event_saved_by_the_admin(event, organizer, start):
    start()
    event.venue = "Elsewhere"
    event.save(update_fields=["venue"])


def finished_event_deleted(event, organizer, start):
    start()
    event.delete()


def player_saved(event, organizer, start):
    player = Registration.objects.filter(event=event).first().player
    start()
    player.country = "BR"
    player.save()


def cards_imported(event, organizer, start):
    start()
    CardImport.objects.create(source="a new card data set")


def finished_figures_stored(event, organizer, start):
    start()
    recompute.refresh_event(event)


def event_finished(event, organizer, start):
    running = other_event(organizer, "Spring Open", status="running")
    start()
    running.status = "finished"
    running.save(update_fields=["status", "updated_at"])
    announce(EventFinished(running))


def running_figures_stored(event, organizer, start):
    running = other_event(organizer, "Spring Open", status="running")
    start()
    recompute.refresh_event(running)


@pytest.mark.parametrize(
    "change, moves",
    [
        (finished_list_saved, True),
        (running_list_saved, False),
        (running_event_saved_in_part, False),
        (running_event_saved_whole, False),
        (finished_event_edited, True),
        (finished_event_saved_by_the_admin, False),
        (finished_event_deleted, True),
        (player_saved, True),
        (cards_imported, True),
        (finished_figures_stored, True),
        (event_finished, True),
        (running_figures_stored, False),
    ],
)
def test_what_moves_the_stamp(autumn, organizer, change, moves):  # noqa: F811
    marks = []
    change(autumn, organizer, lambda: marks.append(stamp_value()))
    assert (stamp_value() > marks[0]) is moves


def none():
    return Registration.objects.none()


def long_table(rows: int):
    return lambda: ({"title": "t"}, {"numbers": list(range(rows))})


def test_a_long_table_is_read_a_stored_page_at_a_time(db):
    stored("test:pages", none, long_table(120))  # pages 0, 1, 2 of 50, 50 and 20 rows
    numbers = stored("test:pages", none, long_table(0)).rows("numbers")  # read, not summed
    assert len(numbers) == 120
    with CaptureQueriesContext(connection) as captured:
        assert numbers[0:10] == list(range(10))  # the first page, kept with the figures
    assert len(captured) == 0
    with CaptureQueriesContext(connection) as captured:
        assert numbers[50:100] == list(range(50, 100))
    assert len(captured) == 1
    with CaptureQueriesContext(connection) as captured:
        # Page 0 came with the figures, page 1 was read above: nothing more is read.
        assert numbers[45:55] == list(range(45, 55))
        assert numbers[60:70] == list(range(60, 70))
        assert numbers[0:0] == []
    assert len(captured) == 0
    with CaptureQueriesContext(connection) as captured:
        assert numbers[100:130] == list(range(100, 120))
    assert len(captured) == 1
    assert numbers[-1] == 119
    assert list(numbers[::PAGE_ROWS]) == [0, 50, 100]
    with pytest.raises(IndexError):
        numbers[120]


def test_a_table_summed_again_replaces_its_pages(db):
    stored("test:pages", none, long_table(120))
    MetagameSummary.objects.update(fingerprint="another")  # its lists changed
    bump_stamp()
    numbers = stored("test:pages", none, long_table(30)).rows("numbers")
    assert list(numbers) == list(range(30))
    again = stored("test:pages", none, long_table(0)).rows("numbers")
    assert (len(again), again[0:200]) == (30, list(range(30)))


def test_the_card_data_imported_again_sums_the_lists_again(client, autumn):  # noqa: F811
    url = event_page(autumn)
    cold_read(client, url)
    CardImport.objects.create(source="the card data imported again")
    body, captured = cold_read(client, url, SECOND_PAGE)
    assert fingerprints(captured) == 1 and sums(captured) >= 1
    assert cells(body, "cards", "Waterdeep")[2:4] == ["1", "50.0"]

"""Published decklists: none, the top N (by STORED final place) or all, only once the event
is finished, never a list its player keeps private; every reader (pages, the list of
decklists, the API, the event menu) follows the one rule of `decks.services.visibility`.

Places below are stored on purpose in an order nothing would recompute (no game was
played): "top N" must read them as they are."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.decks import deck_text
from tests.support.players import make_player
from tournament.decks.models import Decklist
from tournament.decks.services.saving import save_decklist, set_hidden_by_player
from tournament.decks.services.visibility import (
    can_view_decklist,
    can_view_index,
    public_registrations,
)
from tournament.events.models import Event, Registration
from tournament.standings.models import EventStanding

LEGAL = deck_text("legal_community_55.txt")
GREYHAWK = deck_text("legal_world_war_greyhawk_55.txt")


def enter(event, username, name, text, place=None) -> Registration:
    """A registered player with a saved list and (optionally) a stored final place."""
    player = make_player(username, name)
    registration = Registration.objects.create(event=event, player=player)
    save_decklist(registration, player.user, text)
    if place is not None:
        EventStanding.objects.create(
            event=event, registration=registration, player=player, place=place
        )
    return registration


@pytest.fixture
def field(event):
    """Three lists: Cara 2nd, Dan 1st, Eve 3rd (stored places)."""
    return {
        "cara": enter(event, "cara", "Cara Second", LEGAL, place=2),
        "dan": enter(event, "dan", "Dan First", GREYHAWK, place=1),
        "eve": enter(event, "eve", "Eve Third", LEGAL, place=3),
    }


def publish(event, mode, top=None, status="finished", opt_out=False):
    event.status, event.decklists_published, event.decklists_top = status, mode, top
    event.decklist_opt_out_allowed = opt_out
    event.save()


def public_names(event) -> set[str]:
    return set(public_registrations(event).values_list("player__name", flat=True))


def api_names(client, event) -> set[str] | int:
    answer = client.get(reverse("api-v1:decklists", args=[event.pk]))
    if answer.status_code != 200:
        return answer.status_code
    return {row["name"] for row in answer.json()["results"]}


def index_html(client, event):
    return client.get(reverse("decks:decklists", args=[event.pk]))


def list_url(registration):
    return reverse("decks:registration_decklist", args=[registration.event_id, registration.pk])


def test_never_public_while_the_event_runs(client_as, event, field, stranger):
    publish(event, "all", status="running")
    assert public_names(event) == set()
    assert not can_view_decklist(stranger.user, field["cara"])
    assert client_as(stranger).get(list_url(field["cara"])).status_code == 403
    assert index_html(client_as(None), event).status_code == 302  # to log in
    assert api_names(client_as(None), event) == 404


def test_none_publishes_nothing(client_as, event, field, stranger):
    publish(event, "none")
    assert public_names(event) == set()
    assert not can_view_index(stranger.user, event)
    assert client_as(stranger).get(list_url(field["dan"])).status_code == 403
    assert index_html(client_as(stranger), event).status_code == 403
    assert api_names(client_as(None), event) == 404


def test_all_publishes_every_list(client_as, event, field, stranger):
    publish(event, "all")
    everyone = {"Cara Second", "Dan First", "Eve Third"}
    assert public_names(event) == everyone
    assert api_names(client_as(None), event) == everyone
    page = index_html(client_as(None), event).content.decode()
    assert all(name in page for name in everyone)


def test_top_n_reads_the_stored_places(client_as, event, field, stranger, judge):
    # Top 2 = stored places 1 and 2: Dan (1st) and Cara (2nd); Eve (3rd) is not published.
    publish(event, "top", top=2)
    assert public_names(event) == {"Dan First", "Cara Second"}
    client = client_as(stranger)
    assert client.get(list_url(field["dan"])).status_code == 200
    assert client.get(list_url(field["cara"])).status_code == 200
    assert client.get(list_url(field["eve"])).status_code == 403
    page = index_html(client, event).content.decode()
    assert "Dan First" in page and "Cara Second" in page and "Eve Third" not in page
    assert api_names(client_as(None), event) == {"Dan First", "Cara Second"}
    # Top 1: Dan only. Then Eve's stored place changes to 1 (a shared first place): both.
    publish(event, "top", top=1)
    assert public_names(event) == {"Dan First"}
    EventStanding.objects.filter(registration=field["eve"]).update(place=1)
    assert public_names(event) == {"Dan First", "Eve Third"}
    # A player without a stored place is never in the top N.
    EventStanding.objects.filter(registration=field["dan"]).delete()
    assert public_names(event) == {"Eve Third"}
    # Officials always read every list (index and API), published or not.
    judge_client = client_as(judge)
    assert api_names(judge_client, event) == {"Cara Second", "Dan First", "Eve Third"}
    assert "Cara Second" in index_html(judge_client, event).content.decode()


def test_top_needs_its_number():
    event = Event(decklists_published="top", decklists_top=None)
    with pytest.raises(ValidationError) as refused:
        event.clean()
    assert "decklists_top" in refused.value.message_dict
    Event(decklists_published="top", decklists_top=8).clean()  # no error
    Event(decklists_published="all").clean()


def test_player_keeps_his_list_private(client_as, event, field, stranger):
    publish(event, "all", opt_out=True)
    eve = field["eve"]
    client = client_as(eve.player)
    page = client.get(reverse("decks:decklist", args=[event.pk])).content.decode()
    assert "Keep my list private" in page
    client.post(reverse("decks:privacy", args=[event.pk]), {"hidden": "on"})
    assert Decklist.objects.get(registration=eve).hidden_by_player
    assert public_names(event) == {"Cara Second", "Dan First"}
    assert client_as(stranger).get(list_url(eve)).status_code == 403
    assert "Eve Third" not in index_html(client_as(None), event).content.decode()
    assert api_names(client_as(None), event) == {"Cara Second", "Dan First"}
    # The player still reads his own list.
    assert client_as(eve.player).get(list_url(eve)).status_code == 200
    # A private list stays private even if the organizer stops allowing it afterwards.
    publish(event, "all", opt_out=False)
    assert public_names(event) == {"Cara Second", "Dan First"}
    # He shares it again.
    client_as(eve.player).post(reverse("decks:privacy", args=[event.pk]), {"hidden": ""})
    assert public_names(event) == {"Cara Second", "Dan First", "Eve Third"}


def test_opt_out_only_where_the_organizer_allows_it(client_as, event, field):
    publish(event, "all", opt_out=False)
    cara = field["cara"]
    client = client_as(cara.player)
    page = client.get(reverse("decks:decklist", args=[event.pk])).content.decode()
    assert "Keep my list private" not in page
    answer = client.post(reverse("decks:privacy", args=[event.pk]), {"hidden": "on"}, follow=True)
    assert "The organizer publishes this event" in answer.content.decode()
    assert not Decklist.objects.get(registration=cara).hidden_by_player
    with pytest.raises(ValidationError):
        set_hidden_by_player(cara.player.user, cara, True)
    # Only the player decides, not another player.
    from django.core.exceptions import PermissionDenied

    event.decklist_opt_out_allowed = True
    event.save()
    with pytest.raises(PermissionDenied):
        set_hidden_by_player(field["dan"].player.user, cara, True)


def test_public_page_is_grouped_like_the_sheet(client_as, event, field):
    publish(event, "all")
    page = client_as(None).get(list_url(field["cara"])).content.decode()
    # The groups of the decklist sheet, with their totals, and no pasted text.
    assert "Realms (12)" in page and "Champions (12)" in page and "Allies (6)" in page
    assert "deck-text-view" not in page and 'name="text"' not in page
    assert "Final place: 2" in page
    assert reverse("decks:card", args=["Realm|waterdeep"]) in page


def test_event_menu_links_to_published_decklists(client_as, event, field):
    link = reverse("decks:decklists", args=[event.pk])
    detail = reverse("events:detail", args=[event.pk])
    publish(event, "none")
    assert link not in client_as(None).get(detail).content.decode()
    publish(event, "top", top=1)
    assert link in client_as(None).get(detail).content.decode()
    publish(event, "all", status="running")
    assert link not in client_as(None).get(detail).content.decode()


def test_migration_keeps_todays_meaning():
    """True → all, False → none; back: all and top → True, none → False."""
    migration = importlib.import_module("tournament.events.migrations.0010_decklists_published")
    done = []

    class Rows:
        def __init__(self, **lookup):
            self.lookup = lookup

        def update(self, **values):
            done.append((self.lookup, values))

    class Model:
        class objects:  # the manager
            filter = Rows

    class Apps:
        @staticmethod
        def get_model(app, name):
            return Model

    migration.forwards(Apps, None)
    assert done == [
        ({"publish_decklists": True}, {"decklists_published": "all"}),
        ({"publish_decklists": False}, {"decklists_published": "none"}),
    ]
    done.clear()
    migration.backwards(Apps, None)
    assert done == [
        ({"decklists_published__in": ["all", "top"]}, {"publish_decklists": True}),
        ({"decklists_published": "none"}, {"publish_decklists": False}),
    ]


def test_event_form_offers_the_choice(organizer):
    from tournament.events.forms import EventForm

    form = EventForm(
        data={
            "name": "Winter Open",
            "date": datetime.date(2026, 12, 5).isoformat(),
            "venue": "Halifax",
            "decklists_published": "top",
            "decklists_top": "",
        }
    )
    assert "decklists_published" in form.fields and "decklist_opt_out_allowed" in form.fields
    assert not form.is_valid() and "decklists_top" in form.errors

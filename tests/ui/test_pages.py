"""Messages that say what happened, "My seat" only for players, where to start an event."""

from django.urls import reverse

from tournament.events.models import Registration
from tournament.rounds.services.rounds import publish_round, seat_next_round


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_status_change_says_what_happened(client_as, event, organizer):
    client = client_as(organizer)
    url = reverse("events:status", args=[event.pk])
    response = client.post(url, {"status": "draft"}, follow=True)
    assert messages_of(response) == ["Autumn Open is a draft again: only its officials see it."]
    response = client.post(url, {"status": "registration"}, follow=True)
    assert messages_of(response) == ["Registration for Autumn Open is open."]


def test_judges_saved_names_them(client_as, event, organizer, judge):
    response = client_as(organizer).post(
        reverse("events:judges", args=[event.pk]), {"judges": [judge.pk]}, follow=True
    )
    assert messages_of(response) == ["Judges of Autumn Open: Bob Judge."]


def test_my_seat_only_for_those_who_play(client_as, event, registered_players, judge, organizer):
    publish_round(seat_next_round(event, seed=7))
    url = reverse("rounds:list", args=[event.pk])
    seat = reverse("rounds:my_seat", args=[event.pk])
    assert seat in client_as(registered_players[0]).get(url).content.decode()
    assert seat not in client_as(judge).get(url).content.decode()
    Registration.objects.create(event=event, player=organizer, dropped_in_round=1)
    assert seat in client_as(organizer).get(url).content.decode()  # he plays too


def test_organize_and_import_where_events_are_listed(client_as, player):
    for name in ("events:home", "events:list"):
        html = client_as(player).get(reverse(name)).content.decode()
        assert reverse("events:create") in html and reverse("eventfile:import") in html
        public = client_as(None).get(reverse(name)).content.decode()
        assert reverse("events:create") not in public

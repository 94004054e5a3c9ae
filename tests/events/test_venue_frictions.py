"""Small frictions of a day at the venue, each held to what it should be: the new event's
time zone, finishing from the overview, the late-player list, the words of the close
dialog, the rounds table's links, the standings' team filter, the judges' filter label and
the decklist mails' lock time."""

import datetime
import random
from types import SimpleNamespace

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.core.timezones import SESSION_ZONE
from tournament.events.models import Event
from tournament.notifications.kinds import Kind
from tournament.notifications.render import render
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return " ".join(response.content.decode().split())


# --- the event form's time zone -------------------------------------------------------


def test_a_new_event_is_in_its_organizers_own_zone(client, organizer):
    client.force_login(organizer.user)
    session = client.session
    session[SESSION_ZONE] = "America/Sao_Paulo"  # what log-in remembers from his profile
    session.save()
    form = client.get(reverse("events:create")).context["form"]
    assert form["time_zone"].value() == "America/Sao_Paulo"


@override_settings(TIME_ZONE="America/Recife")
def test_without_a_zone_of_his_own_a_new_event_is_in_the_sites(client_as, organizer):
    form = client_as(organizer).get(reverse("events:create")).context["form"]
    assert form["time_zone"].value() == "America/Recife"


# --- finishing the event where the hint says so ---------------------------------------


@pytest.fixture
def final_closed(event_with) -> Event:
    """Nine players, rounds played and closed up to the final (SPEC §4: 9 → 3 → final)."""
    event = event_with(9)
    rng = random.Random(5)
    while True:
        rnd = svc.seat_next_round(event, seed=rng.randrange(2**32))
        svc.publish_round(rnd)
        play_round(rnd, rng)
        svc.close_round(rnd)
        if rnd.is_final:
            return event


def test_the_overview_finishes_the_event_once_the_final_is_closed(
    final_closed, client_as, organizer, judge
):
    html = html_of(client_as(organizer).get(reverse("events:detail", args=[final_closed.pk])))
    assert "The final is closed. Finish the event to make it official." in html
    assert f'action="{reverse("rounds:finish", args=[final_closed.pk])}"' in html
    # A judge reads neither: only the organizer finishes an event.
    html = html_of(client_as(judge).get(reverse("events:detail", args=[final_closed.pk])))
    assert "Finish the event" not in html


def test_the_close_dialog_of_the_final_says_the_final(final_closed, client_as, organizer):
    final = final_closed.rounds.get(is_final=True)
    svc.reopen_round(final)
    url = reverse("rounds:detail", args=[final_closed.pk, final.number])
    html = html_of(client_as(organizer).get(url))
    assert 'data-confirm-ok="Close the final"' in html
    assert 'data-confirm-ok="Close the round"' not in html


def test_the_close_dialog_of_a_one_on_one_round_says_what_it_closes(event, client_as, organizer):
    from tests.support.events import add_players

    event.structure, event.best_of, event.swiss_rounds = "one-on-one", 1, 1
    event.save()
    add_players(event, 2)
    rnd = svc.seat_next_round(event, seed=3)
    html = html_of(client_as(organizer).get(reverse("rounds:detail", args=[event.pk, 1])))
    assert rnd.is_final
    assert 'data-confirm-ok="Close the last round"' in html


# --- the late-player list -------------------------------------------------------------


def test_the_late_player_list_offers_only_players_who_may_play(
    event, client_as, organizer, judge, second_judge
):
    officer = ranking_officer()
    walk_in = make_player("walkin", "Wally Walk-in")
    form = client_as(organizer).get(reverse("rounds:late_player", args=[event.pk])).context["form"]
    offered = set(form.fields["player"].queryset)
    assert walk_in in offered
    # The organizer and judges officiate the event; the ranking officer reviews it.
    for official in (organizer, judge, second_judge, officer.player):
        assert official not in offered
    response = client_as(organizer).post(
        reverse("rounds:late_player", args=[event.pk]), {"player": judge.pk}
    )
    assert response.status_code == 200 and not event.registrations.filter(player=judge).exists()


# --- the rounds table's links ---------------------------------------------------------


def test_the_rounds_table_names_its_two_pages_apart(event_with, client_as, organizer):
    event = event_with(9)
    svc.publish_round(svc.seat_next_round(event, seed=1))
    client = client_as(organizer)
    client.cookies["django_language"] = "pt-br"
    html = html_of(client.get(reverse("rounds:list", args=[event.pk])))
    assert ">Mesas</a> · <a" in html and ">Mesas por nome</a>" in html


# --- the standings' filters -----------------------------------------------------------


def test_only_a_team_spirit_events_standings_filter_by_team(event_with, team_event, client_as):
    bracket_event = Event.objects.create(
        name="Plain Open",
        date=datetime.date(2026, 11, 28),
        venue="Recife",
        organizer=team_event.organizer,
        status="running",
    )
    html = html_of(client_as(None).get(reverse("standings:event", args=[bracket_event.pk])))
    assert 'name="team"' not in html and "Team Spirit team" not in html
    assert "Missed the cut" not in html  # a bracket event has no top cut
    team_event.status = "running"
    team_event.save()
    html = html_of(client_as(None).get(reverse("standings:event", args=[team_event.pk])))
    assert 'name="team"' in html


# --- the judges' dashboard ------------------------------------------------------------


def test_the_judges_filter_says_what_it_finds(event_with, client_as, judge):
    event = event_with(9)
    svc.publish_round(svc.seat_next_round(event, seed=1))
    client = client_as(judge)
    client.cookies["django_language"] = "pt-br"
    html = html_of(client.get(reverse("results:dashboard", args=[event.pk])))
    assert "Buscar uma mesa concluída: número da mesa, ou nome ou número de quem jogou" in html
    assert "Mesas completas:" not in html


# --- the decklist mails' lock time ----------------------------------------------------


@pytest.mark.parametrize("kind", [Kind.DECKLIST_PROBLEMS, Kind.DECKLIST_ILLEGAL])
def test_decklist_mails_say_the_lists_lock_at_round_one_not_at_a_made_up_hour(event, kind):
    # SPEC §3: lists lock when round 1 is seated, which no clock foretells; the start time
    # (14:00 in São Paulo) is when that is planned from, never "lists close at 14:00".
    event.time_zone, event.start_time = "America/Sao_Paulo", datetime.time(14, 0)
    event.save()
    starts = datetime.datetime(2026, 11, 21, 17, 0, tzinfo=datetime.UTC)  # 14:00 there
    message = SimpleNamespace(
        kind=kind,
        event=event,
        params={"event": event.name, "problems": 2, "closes": starts.isoformat(), "url": "u"},
    )
    _subject, body = render(message, "pt-br")
    assert "rodada 1" in body and "14:00" in body
    assert "fecham em" not in body and "fechamento das listas" not in body
    _subject, body = render(message, "en")
    assert "round 1 is seated" in body and "close on" not in body

"""Round pages and organizer actions over HTTP: permissions, messages, what each role sees."""

import random

import pytest
from django.urls import reverse

from tournament.events.models import Round, Seat
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round


def url(name: str, event, number: int | None = None) -> str:
    args = [event.pk] if number is None else [event.pk, number]
    return reverse(f"rounds:{name}", args=args)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.fixture
def seated(event_with):
    """The shared event with 9 players and round 1 seated (not published)."""
    event = event_with(9)
    svc.seat_next_round(event, seed=1)
    return event


ROUND_ACTIONS = ["reseat", "publish", "close"]


@pytest.mark.parametrize("action", ROUND_ACTIONS)
@pytest.mark.parametrize("who", ["judge", "player", "stranger"])
def test_round_actions_forbidden_to_non_organizers(seated, client_as, request, who, action):
    person = request.getfixturevalue(who)
    response = client_as(person).post(url(action, seated, 1))
    assert response.status_code == 403
    rnd = seated.rounds.get()
    assert not rnd.published and rnd.state == Round.State.SEATED


@pytest.mark.parametrize("action", ["seat", "finish", "drop"])
@pytest.mark.parametrize("who", ["judge", "player", "stranger"])
def test_event_actions_forbidden_to_non_organizers(event_with, client_as, request, who, action):
    event = event_with(9)
    person = request.getfixturevalue(who)
    response = client_as(person).post(
        url(action, event), {"registration": event.registrations.first().pk}
    )
    assert response.status_code == 403
    assert not event.rounds.exists() and not event.registrations.filter(
        dropped_in_round__isnull=False
    )


@pytest.mark.parametrize("action", ["seat", "finish"])
def test_anonymous_is_sent_to_login(event_with, client_as, action):
    event = event_with(9)
    response = client_as(None).post(url(action, event))
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not event.rounds.exists()


def test_organizer_seats_publishes_and_closes(event_with, client_as, organizer):
    event = event_with(9)
    client = client_as(organizer)
    response = client.post(url("seat", event), {"confirmed": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == url("detail", event, 1)
    assert "Round 1 is seated" in " ".join(messages_of(response))
    assert response.context["brackets"] and len(response.context["brackets"]) == 3
    response = client.post(url("close", event, 1), {"confirmed": "1"}, follow=True)
    assert "table 1, 2, 3" in " ".join(messages_of(response))
    response = client.post(url("publish", event, 1), follow=True)
    assert event.rounds.get().published
    assert "is public" in " ".join(messages_of(response))
    play_round(event.rounds.get(), random.Random(3))
    response = client.post(url("reseat", event, 1), follow=True)
    assert "cannot be re-seated" in " ".join(messages_of(response))
    response = client.post(url("close", event, 1), {"confirmed": "1"}, follow=True)
    assert "3 players advance" in " ".join(messages_of(response))
    response = client.post(url("finish", event), {"confirmed": "1"}, follow=True)
    assert "Close the final" in " ".join(messages_of(response))
    client.post(url("seat", event), {"confirmed": "1"})
    final = event.rounds.get(number=2)
    assert final.is_final
    play_round(final, random.Random(4))
    client.post(url("close", event, 2), {"confirmed": "1"})
    response = client.post(url("finish", event), {"confirmed": "1"}, follow=True)
    event.refresh_from_db()
    assert event.status == "finished"
    assert response.redirect_chain[-1][0] == event.get_absolute_url()


def test_round_one_with_five_players_refused_with_message(event_with, client_as, organizer):
    event = event_with(5)
    response = client_as(organizer).post(url("seat", event), {"confirmed": "1"}, follow=True)
    assert "5 players cannot be seated" in " ".join(messages_of(response))
    assert not event.rounds.exists()


def test_get_on_an_action_is_not_allowed(seated, client_as, organizer):
    assert client_as(organizer).get(url("close", seated, 1)).status_code == 405


def test_judge_sees_every_table(seated, client_as, judge):
    response = client_as(judge).get(url("detail", seated, 1))
    assert response.status_code == 200
    body = response.content.decode()
    for seat in Seat.objects.filter(bracket__round__event=seated).select_related(
        "registration__player"
    ):
        assert seat.registration.player.name in body
        assert seat.registration.player.player_number in body
    assert "Table 3" in body and "Waiting" in body
    assert "Close round" not in body  # the organizer's actions only


def test_the_round_page_is_public_once_its_seating_is(seated, client_as, player, judge):
    """A running event's tables are public like its seating and standings: anyone may follow
    them once the seating is published; before that only officials see them."""
    detail = url("detail", seated, 1)
    assert client_as(player).get(detail).status_code == 404
    assert client_as(None).get(detail).status_code == 404
    assert client_as(judge).get(detail).status_code == 200
    svc.publish_round(seated.rounds.get())
    response = client_as(None).get(detail)
    assert response.status_code == 200
    body = response.content.decode()
    for seat in Seat.objects.filter(bracket__round__event=seated).select_related(
        "registration__player"
    ):
        assert seat.registration.player.name in body
    assert "Table 3" in body
    # A visitor follows the results; entering them and the organizer's actions are not his.
    assert "Enter results" not in body and "Close round" not in body and "Drop" not in body
    assert "Enter results" in client_as(judge).get(detail).content.decode()


def test_public_seating_only_once_published(seated, client_as, judge):
    seating = url("seating", seated, 1)
    assert client_as(None).get(seating).status_code == 404
    preview = client_as(judge).get(seating)
    assert preview.status_code == 200 and "Preview" in preview.content.decode()
    svc.publish_round(seated.rounds.get())
    response = client_as(None).get(seating)
    assert response.status_code == 200
    body = response.content.decode()
    names = [row.record.registration.player.name for row in response.context["table"].rows]
    assert names == sorted(names) and len(names) == 9
    assert 'id="table-1"' in body and "Preview" not in body
    projector = client_as(None).get(seating + "?projector=1")
    assert 'class="seating-page projector"' in projector.content.decode()


def test_rounds_list_links_seating_only_when_published(seated, client_as):
    body = client_as(None).get(url("list", seated)).content.decode()
    assert url("seating", seated, 1) not in body
    svc.publish_round(seated.rounds.get())
    body = client_as(None).get(url("list", seated)).content.decode()
    assert url("seating", seated, 1) in body
    assert f'href="{url("detail", seated, 1)}"' in body


def test_my_seat_shows_table_and_opponents(seated, client_as):
    seat = Seat.objects.filter(bracket__round__event=seated).select_related("bracket").first()
    me = seat.registration.player
    response = client_as(me).get(url("my_seat", seated))
    assert "not published yet" in response.content.decode()
    svc.publish_round(seated.rounds.get())
    response = client_as(me).get(url("my_seat", seated))
    assert response.context["seat"] == seat
    body = response.content.decode()
    for other in seat.bracket.seats.exclude(pk=seat.pk):
        assert other.registration.player.name in body
    assert f'<strong class="table-no">{seat.bracket.table}</strong>' in body


def test_my_seat_for_someone_not_registered(seated, client_as, stranger):
    response = client_as(stranger).get(url("my_seat", seated))
    assert "not registered" in response.content.decode()
    assert client_as(None).get(url("my_seat", seated)).status_code == 302


def test_late_player_form(event_with, client_as, organizer, stranger):
    event = event_with(8)
    client = client_as(organizer)
    assert client.get(url("late_player", event)).status_code == 200
    response = client.post(url("late_player", event), {"name": "Walk-in Wendy"}, follow=True)
    assert "Walk-in Wendy" in " ".join(messages_of(response))
    client.post(url("late_player", event), {"player": stranger.pk})
    assert event.registrations.filter(late=True, checked_in=True).count() == 2
    response = client.post(url("late_player", event), {})
    assert "one" in response.content.decode()
    client.post(url("seat", event), {"confirmed": "1"})
    response = client.post(url("late_player", event), {"name": "Too Late"})
    assert "Round 1 is seated" in response.content.decode()
    assert not event.registrations.filter(player__name="Too Late").exists()


def test_drop_from_the_overview(seated, client_as, organizer):
    seat = Seat.objects.filter(bracket__round__event=seated).first()
    response = client_as(organizer).post(
        url("drop", seated),
        {"registration": seat.registration_id, "next": url("detail", seated, 1), "confirmed": "1"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == url("detail", seated, 1)
    assert f"{seat.registration.player.name} dropped" in " ".join(messages_of(response))
    seat.refresh_from_db()
    assert seat.dropped and seat.registration.dropped


def test_drop_ignores_foreign_redirects(seated, client_as, organizer):
    seat = Seat.objects.filter(bracket__round__event=seated).first()
    response = client_as(organizer).post(
        url("drop", seated),
        {"registration": seat.registration_id, "next": "https://evil.test/", "confirmed": "1"},
    )
    assert response["Location"] == url("list", seated)


def test_timer_on_the_round_pages(timed_event, client_as, organizer):
    from tests.support.events import add_players

    add_players(timed_event, 9, prefix="t")
    client = client_as(organizer)
    client.post(url("seat", timed_event), {"confirmed": "1"})
    body = client.get(url("detail", timed_event, 1)).content.decode()
    assert "the clock has not started" in body
    client.post(url("start_timer", timed_event, 1))
    response = client.get(url("detail", timed_event, 1))
    assert 48 * 60 < response.context["remaining"] <= 50 * 60
    assert "data-round-timer" in response.content.decode()
    response = client.post(url("call_time", timed_event, 1), {"confirmed": "1"}, follow=True)
    assert "then play 5 more turns" in response.content.decode()
    svc.publish_round(timed_event.rounds.get())
    public = client_as(None).get(url("seating", timed_event, 1)).content.decode()
    assert "finish the current turn, then play 5 more turns" in public


def test_untimed_event_has_no_timer(seated, client_as, organizer):
    client = client_as(organizer)
    response = client.post(url("start_timer", seated, 1), follow=True)
    assert "no time limit" in " ".join(messages_of(response))


def test_older_round_offers_no_seating_action(event_with, client_as, organizer):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=5)
    play_round(rnd, random.Random(5))
    svc.close_round(rnd)
    client = client_as(organizer)
    assert "Seat next round" in client.get(url("detail", event, 1)).content.decode()
    svc.seat_next_round(event, seed=6)
    body = client.get(url("detail", event, 1)).content.decode()
    assert "Seat next round" not in body and "advances" in body
    listing = client.get(url("list", event)).content.decode()
    assert "Seat round 3" not in listing and "Drop a player" in listing


def test_the_public_follows_each_tables_results_from_the_seating(seated, client_as):
    rnd = seated.rounds.get()
    svc.publish_round(rnd)
    play_round(rnd, random.Random(4))
    body = client_as(None).get(url("seating", seated, 1)).content.decode()
    for bracket in rnd.brackets.all():
        link = reverse("standings:bracket", args=[seated.pk, 1, bracket.table])
        assert f'href="{link}"' in body
        assert client_as(None).get(link).status_code == 200  # read-only, no login
    winner = Seat.objects.filter(bracket__round=rnd, figures__place=1).select_related(
        "registration__player"
    )[0]
    # English ordinals and plurals (never "1º · 1 pts" on an English page).
    assert f"1st · {winner.figures.points} points" in body


def test_my_seat_leads_to_my_tables_report_form(seated, client_as):
    seated.players_report_results = True
    seated.save()
    rnd = seated.rounds.get()
    svc.publish_round(rnd)
    seat = Seat.objects.filter(bracket__round=rnd).select_related("registration__player")[0]
    page = client_as(seat.registration.player).get(url("my_seat", seated)).content.decode()
    report = reverse("results:bracket", args=[seated.pk, seat.bracket_id])
    assert f'href="{report}"' in page and "Report a game of my table" in page
    seated.players_report_results = False
    seated.save()
    page = client_as(seat.registration.player).get(url("my_seat", seated)).content.decode()
    i = page.find("Report a game of my table")
    assert i < 0, page[i - 300 : i + 50]
    assert "My table's games" in page


def test_each_wildcard_says_why_it_was_picked(event_with, client_as, organizer):
    # 15 players: five brackets of three, five winners; six are seated next, so one
    # wildcard (SPEC §6), picked by points, then realms, games won, or the recorded draw.
    event = event_with(15)
    rnd = svc.seat_next_round(event, seed=2)
    svc.publish_round(rnd)
    play_round(rnd, random.Random(5))
    svc.close_round(rnd)
    rnd.refresh_from_db()
    (wildcard,) = rnd.wildcards
    why = {
        "points": "wildcard by points",
        "unrazed": "wildcard by unrazed realms",
        "games-won": "wildcard by games won",
        "draw": "wildcard by the recorded draw",
        "only-candidate": "wildcard, the only candidate",
    }[wildcard["decided_by"]]
    overview = client_as(organizer).get(url("detail", event, 1)).content.decode()
    assert f"advances as wildcard: {why}" in overview
    svc.seat_next_round(event, seed=3)
    svc.publish_round(event.rounds.get(number=2))
    seating = client_as(None).get(url("seating", event, 2)).content.decode()
    assert f'<span class="badge wildcard">{why}</span>' in seating
    seat = Seat.objects.get(bracket__round__number=2, bracket__round__event=event, is_wildcard=True)
    grid = reverse("standings:bracket", args=[event.pk, 2, seat.bracket.table])
    assert f'<span class="badge">{why}</span>' in client_as(None).get(grid).content.decode()
    from tournament.printing.documents.base import DocumentRequest
    from tournament.printing.documents.render import render_document_html

    sheet = render_document_html(
        DocumentRequest(kind="brackets", event=event, paper="A4", round=seat.bracket.round)
    )
    assert f'<span class="tag">{why}</span>' in sheet
    standings = client_as(None).get(reverse("standings:event", args=[event.pk])).content
    assert f'<small class="wildcard-why">round 1: {why}</small>' in standings.decode()
    csv = client_as(None).get(reverse("standings:event", args=[event.pk]), {"_export": "csv"})
    assert f"(round 1: {why})" in csv.content.decode("utf-8-sig")


def test_the_judges_page_finds_officials_by_name_number_or_username(
    client_as, organizer, judge, event
):
    page = client_as(organizer).get(reverse("events:judges", args=[event.pk]))
    body = page.content.decode()
    assert 'data-filter-choices="#id_judges"' in body
    labels = [label for _value, label in page.context["form"].fields["judges"].choices]
    mine = f"{judge.name} ({judge.player_number} · {judge.user.username})"
    assert mine in labels
    assert labels.index(mine) < 2  # the event's judges are listed first


def test_officials_reach_the_dashboard_and_the_clock_from_the_event_page(
    seated, client_as, judge, player
):
    seated.status = "running"
    seated.time_limit_minutes = 50
    seated.save()
    page = client_as(judge).get(seated.get_absolute_url()).content.decode()
    dashboard = reverse("results:dashboard", args=[seated.pk])
    assert f'href="{dashboard}"' in page
    assert "50 minutes per round; the clock has not started." in page
    assert (
        f'href="{dashboard}"'
        not in client_as(player).get(seated.get_absolute_url()).content.decode()
    )


def test_a_players_own_card_comes_before_the_event_facts(event, client_as, player):
    from tournament.events.models import Registration

    event.status = "registration"
    event.save()
    Registration.objects.create(event=event, player=player)
    page = client_as(player).get(event.get_absolute_url()).content.decode()
    assert page.index("Check me in") < page.index('class="event-facts"')

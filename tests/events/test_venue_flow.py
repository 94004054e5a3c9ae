"""At the venue: check-in (bulk, by the player), warnings before round 1, confirmations,
undoing a drop, reopening a round, and the round clock's actions."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.events import add_players
from tests.support.players import make_player
from tournament.decks.models import Decklist
from tournament.decks.services.checking import format_key
from tournament.events.models import Registration, Round, Seat
from tournament.events.services import registration as reg_svc
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round

YES = {"confirmed": "1"}


def rounds_url(name: str, event, number: int | None = None) -> str:
    args = [event.pk] if number is None else [event.pk, number]
    return reverse(f"rounds:{name}", args=args)


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


def set_deck_status(registration: Registration, status: str) -> None:
    """A stored decklist status for the current format (no re-validation needed)."""
    Decklist.objects.create(
        registration=registration,
        text="1 Some card",
        status=status,
        format_key=format_key(registration.event),
    )


def unchecked(event, name: str) -> Registration:
    return Registration.objects.create(
        event=event, player=make_player(name.lower().replace(" ", ""), name)
    )


# --- services ---


def test_bulk_check_in_changes_only_the_selected(event):
    regs = [unchecked(event, f"Walker {i}") for i in range(4)]
    changed = reg_svc.check_in_many(event, [regs[0].pk, regs[2].pk])
    assert changed == 2
    assert [r.checked_in for r in Registration.objects.order_by("player__name")] == [
        True,
        False,
        True,
        False,
    ]
    # Already checked in: nothing changes a second time.
    assert reg_svc.check_in_many(event, [regs[0].pk, regs[1].pk]) == 1
    assert reg_svc.check_in_many(event, [regs[0].pk], checked_in=False) == 1
    with pytest.raises(ValidationError, match="Select at least one player"):
        reg_svc.check_in_many(event, [])


def test_bulk_check_in_ignores_other_events(event, organizer):
    from tournament.events.models import Event

    other = Event.objects.create(
        name="Other", date=event.date, venue="X", organizer=organizer, status="registration"
    )
    foreign = unchecked(other, "Foreign Fred")
    assert reg_svc.check_in_many(event, [foreign.pk]) == 0
    foreign.refresh_from_db()
    assert not foreign.checked_in


def test_player_checks_in_with_the_venue_code_until_round_1(event_with):
    event = event_with(9)
    event.check_in_code = "Dragon"
    event.save()
    late = unchecked(event, "Xavier Hughes")
    with pytest.raises(ValidationError, match="Wrong venue code"):
        reg_svc.check_in_self(late, "wyvern")
    late.refresh_from_db()
    assert not late.checked_in
    reg_svc.check_in_self(late, " DRAGON ")  # case and spaces do not matter
    late.refresh_from_db()
    assert late.checked_in
    other = unchecked(event, "Yara Late")
    svc.seat_next_round(event, seed=1)
    with pytest.raises(ValidationError, match="check-in is closed"):
        reg_svc.check_in_self(other, "dragon")


def test_round_one_warnings_list_unchecked_missing_and_illegal(event):
    absent = unchecked(event, "Abel Absent")
    regs = {
        name: Registration.objects.create(
            event=event, player=make_player(name.split()[0].lower(), name), checked_in=True
        )
        for name in ("Bea Nolist", "Cal Illegal", "Dee Legal", "Eve Gone")
    }
    set_deck_status(regs["Cal Illegal"], Decklist.Status.ILLEGAL)
    set_deck_status(regs["Dee Legal"], Decklist.Status.LEGAL)
    regs["Eve Gone"].dropped_in_round = 0
    regs["Eve Gone"].save()
    warnings = svc.round_one_warnings(event)
    assert warnings.unchecked == [absent.player.name]
    assert warnings.missing_decklists == ["Bea Nolist"]
    assert warnings.illegal_decklists == ["Cal Illegal"]
    assert warnings


def test_no_warnings_when_everyone_is_ready(event_with):
    event = event_with(3)
    for registration in event.registrations.all():
        set_deck_status(registration, Decklist.Status.LEGAL)
    assert not svc.round_one_warnings(event)


def test_undo_drop_while_the_round_is_open(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=1)
    registration = event.registrations.first()
    svc.drop_player(registration)
    assert Seat.objects.get(bracket__round=rnd, registration=registration).dropped
    svc.undo_drop(registration)
    registration.refresh_from_db()
    assert not registration.dropped
    assert not Seat.objects.get(bracket__round=rnd, registration=registration).dropped
    with pytest.raises(ValidationError, match="has not dropped"):
        svc.undo_drop(registration)


def test_undo_drop_refused_once_the_next_round_is_seated(event_with):
    event = event_with(10)
    gone = event.registrations.first()
    svc.drop_player(gone)  # before round 1: dropped_in_round 0
    svc.seat_next_round(event, seed=2)
    with pytest.raises(ValidationError, match="can no longer be undone"):
        svc.undo_drop(gone)


def test_undo_drop_between_rounds_decides_advancement_again(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=3)
    play_round(rnd, random.Random(5))
    rnd = svc.close_round(rnd)
    # Three bracket winners advance from nine players (SPEC §6: no wildcard is needed).
    assert len(rnd.advancing) == 3
    winner = Registration.objects.get(event=event, player_id=int(rnd.advancing[0]))
    svc.drop_player(winner)
    rnd.refresh_from_db()
    assert str(winner.player_id) not in rnd.advancing
    svc.undo_drop(winner)
    rnd.refresh_from_db()
    assert str(winner.player_id) in rnd.advancing and len(rnd.advancing) == 3


def test_reopen_round_clears_advancement_until_next_round(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=4)
    play_round(rnd, random.Random(6))
    svc.close_round(rnd)
    rnd = svc.reopen_round(rnd)
    assert rnd.state == Round.State.SEATED and rnd.advancing == [] and rnd.wildcards == []
    with pytest.raises(ValidationError, match="is not closed"):
        svc.reopen_round(rnd)
    svc.close_round(rnd)
    svc.seat_next_round(event, seed=5)
    with pytest.raises(ValidationError, match="Round 2 is seated"):
        svc.reopen_round(rnd)


def test_time_can_be_called_only_once_the_clock_runs(timed_event):
    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=6)
    with pytest.raises(ValidationError, match="Start the clock"):
        svc.call_time(rnd)
    svc.start_timer(rnd)
    assert svc.call_time(rnd).time_called_at is not None


# --- pages ---


def test_seating_round_1_warns_first_then_seats_anyway(event_with, client_as, organizer):
    event = event_with(9)
    unchecked(event, "Xavier Hughes")
    client = client_as(organizer)
    listing = client.get(rounds_url("list", event)).content.decode()
    assert "Xavier Hughes" in listing and "not checked in" in listing  # warned up front too
    response = client.post(rounds_url("seat", event))
    body = response.content.decode()
    assert response.status_code == 200 and not event.rounds.exists()
    assert "Xavier Hughes" in body and "not checked in" in body
    assert "9 checked-in players have no decklist" in body
    assert "Seat anyway" in body
    response = client.post(rounds_url("seat", event), YES, follow=True)
    assert event.rounds.count() == 1
    assert "Round 1 is seated" in messages_of(response)


@pytest.mark.parametrize(
    "action, args",
    [("close", (1,)), ("finish", ()), ("drop", ())],
)
def test_destructive_actions_ask_first(event_with, client_as, organizer, action, args):
    event = event_with(9)
    svc.seat_next_round(event, seed=7)
    registration = event.registrations.first()
    response = client_as(organizer).post(
        rounds_url(action, event, *args), {"registration": registration.pk}
    )
    body = response.content.decode()
    assert response.status_code == 200 and "Please confirm" in body
    assert 'name="confirmed" value="1"' in body
    assert f'name="registration" value="{registration.pk}"' in body  # the posted fields kept
    registration.refresh_from_db()
    event.refresh_from_db()
    assert not registration.dropped and event.status == "running"
    assert event.rounds.get().state == Round.State.SEATED


def test_close_and_advance_leads_to_seating(event_with, client_as, organizer):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=8)
    play_round(rnd, random.Random(2))
    response = client_as(organizer).post(rounds_url("close", event, 1), YES)
    assert response["Location"] == rounds_url("list", event) + "#seat-next"
    page = client_as(organizer).get(rounds_url("list", event)).content.decode()
    assert 'id="seat-next"' in page and "Seat round 2" in page


def test_drop_and_undo_from_the_pages(event_with, client_as, organizer):
    event = event_with(9)
    svc.seat_next_round(event, seed=9)
    registration = event.registrations.select_related("player").first()
    client = client_as(organizer)
    response = client.post(
        rounds_url("drop", event), {"registration": registration.pk, **YES}, follow=True
    )
    assert f"{registration.player.name} dropped" in messages_of(response)
    page = client.get(rounds_url("list", event)).content.decode()
    assert "Undo drop" in page
    response = client.post(
        rounds_url("undo_drop", event), {"registration": registration.pk}, follow=True
    )
    assert f"{registration.player.name} is back in the event" in messages_of(response)
    registration.refresh_from_db()
    assert not registration.dropped


def test_reopen_from_the_round_page(event_with, client_as, organizer):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=10)
    play_round(rnd, random.Random(3))
    svc.close_round(rnd)
    client = client_as(organizer)
    assert "Reopen for corrections" in client.get(rounds_url("detail", event, 1)).content.decode()
    response = client.post(rounds_url("reopen", event, 1), YES, follow=True)
    assert "Round 1 is open again" in messages_of(response)
    assert event.rounds.get().state == Round.State.SEATED


def test_call_time_offered_only_once_the_clock_runs(timed_event, client_as, organizer):
    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=11)
    client = client_as(organizer)
    page = client.get(rounds_url("detail", timed_event, 1)).content.decode()
    assert "Call time" not in page and "the clock has not started" in page
    svc.start_timer(rnd)
    page = client.get(rounds_url("detail", timed_event, 1)).content.decode()
    assert "Call time" in page


def test_closed_round_does_not_mention_the_clock(timed_event, client_as, organizer):
    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=12)
    play_round(rnd, random.Random(4))
    svc.close_round(rnd)
    page = client_as(organizer).get(rounds_url("detail", timed_event, 1)).content.decode()
    assert "the clock has not started" not in page


def test_judge_sees_time_called_only_after_time_is_called(timed_event, client_as, judge):
    timed_event.judges.add(judge)
    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=13)
    bracket = rnd.brackets.first()
    url = reverse("results:bracket", args=[timed_event.pk, bracket.pk])
    client = client_as(judge)
    assert 'value="time"' not in client.get(url).content.decode()
    svc.start_timer(rnd)
    svc.call_time(rnd)
    assert 'value="time"' in client.get(url).content.decode()


def test_check_in_page_counts_filters_and_checks_in_many(event_with, client_as, judge):
    event = event_with(3)
    walkers = [unchecked(event, f"Walker {i}") for i in range(2)]
    set_deck_status(event.registrations.get(player__name="Player 001"), Decklist.Status.ILLEGAL)
    client = client_as(judge)
    url = reverse("events:checkin", args=[event.pk])
    response = client.get(url)
    assert "3 of 5 checked in" in response.content.decode()
    response = client.get(url, {"deck_status": "illegal"})
    assert [r.player.name for r in response.context["table"].data] == ["Player 001"]
    response = client.get(url, {"checked_in": "false"})
    assert sorted(r.player.name for r in response.context["table"].data) == [
        "Walker 0",
        "Walker 1",
    ]
    response = client.post(
        url, {"registrations": [w.pk for w in walkers], "bulk": "check-in"}, follow=True
    )
    assert "2 players checked in" in messages_of(response)
    assert "5 of 5 checked in" in response.content.decode()


def test_player_checks_in_and_drops_from_the_event_page(event_with, client_as):
    event = event_with(9)
    event.check_in_code = "K7"
    event.save()
    me = make_player("xavier", "Xavier Hughes")
    registration = Registration.objects.create(event=event, player=me)
    client = client_as(me)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Check me in" in page and 'name="code"' in page
    url = reverse("events:self_checkin", args=[event.pk])
    response = client.post(url, {"code": "nope"}, follow=True)
    assert "Wrong venue code" in messages_of(response)
    response = client.post(url, {"code": "k7"}, follow=True)
    assert "You are checked in" in messages_of(response)
    svc.seat_next_round(event, seed=14)
    drop = rounds_url("drop_me", event)
    response = client.post(drop)
    assert "Please confirm" in response.content.decode()
    registration.refresh_from_db()
    assert not registration.dropped
    response = client.post(drop, YES, follow=True)
    assert "You dropped out" in messages_of(response)
    registration.refresh_from_db()
    assert registration.dropped

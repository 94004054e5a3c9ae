"""Every refusal of registration, check-in and the round life cycle (SPEC §2 statuses
`draft → registration → running → finished`, §4 seating, §11 one-on-one rounds), each with
the state left as it was. Expected values are counted by hand."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.swiss.model import default_swiss_rounds
from tests.support.events import add_players
from tests.support.players import make_player
from tournament.events.models import Event, Registration, Round, Seat
from tournament.events.services import registration as reg
from tournament.rounds.services import rounds as svc
from tournament.rounds.services import swiss


def players(count: int, prefix: str = "x"):
    return [make_player(f"{prefix}{i}", f"Newcomer {i:02d}") for i in range(1, count + 1)]


# --- registration ---------------------------------------------------------------------------


def test_the_registration_deadline_is_enforced(event):
    event.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    event.save(update_fields=["registration_deadline"])
    (late,) = players(1)
    with pytest.raises(ValidationError, match="deadline has passed"):
        reg.register(event, late)
    assert not Registration.objects.filter(player=late).exists()


def test_before_the_deadline_a_player_registers(event):
    event.registration_deadline = timezone.now() + datetime.timedelta(days=1)
    event.save(update_fields=["registration_deadline"])
    (early,) = players(1)
    assert reg.register(event, early).waitlisted is False


def test_the_capacity_admits_exactly_that_many(event):
    """Capacity 2: the first two are admitted, the third waits (SPEC §2 registration)."""
    event.capacity = 2
    event.save(update_fields=["capacity"])
    first, second, third = players(3)
    assert [reg.register(event, p).waitlisted for p in (first, second, third)] == [
        False,
        False,
        True,
    ]


def test_moving_up_fills_the_capacity_and_no_more(event):
    """Capacity 2, three registered (one waiting) plus a fourth waiting: the capacity raised
    to 3 moves up exactly the first on the waiting list."""
    event.capacity = 2
    event.save(update_fields=["capacity"])
    regs = [reg.register(event, p) for p in players(4)]
    assert [r.waitlisted for r in regs] == [False, False, True, True]
    event.capacity = 3
    event.save(update_fields=["capacity"])
    with transaction.atomic():
        moved = reg.promote_waiting(reg.lock_event(event))
    assert [r.pk for r in moved] == [regs[2].pk]
    waiting = Registration.objects.filter(event=event, waitlisted=True)
    assert list(waiting.values_list("pk", flat=True)) == [regs[3].pk]


def test_unregistering_moves_up_one_player(event):
    event.capacity = 1
    event.save(update_fields=["capacity"])
    first, second, _third = (reg.register(event, p) for p in players(3))
    reg.unregister(first)
    assert list(
        Registration.objects.filter(event=event, waitlisted=False).values_list("pk", flat=True)
    ) == [second.pk]


def test_a_waitlisted_player_cannot_be_checked_in(event, judge):
    event.capacity = 1
    event.save(update_fields=["capacity"])
    _in, waiting = (reg.register(event, p) for p in players(2))
    assert waiting.waitlisted
    with pytest.raises(ValidationError, match="waiting list"):
        reg.set_checked_in(waiting, True, by=judge)
    assert reg.check_in_many(event, [waiting.pk], by=judge) == 0
    with pytest.raises(ValidationError, match="waiting list"):
        reg.check_in_self(waiting)
    waiting.refresh_from_db()
    assert not waiting.checked_in


def test_checking_in_and_out_moves_the_registration(event, judge):
    (someone,) = players(1)
    registration = reg.register(event, someone)
    assert reg.set_checked_in(registration, True, by=judge).checked_in
    assert not reg.set_checked_in(registration, False, by=judge).checked_in


def test_check_in_is_refused_once_the_event_is_finished(event, judge):
    (someone,) = players(1)
    registration = reg.register(event, someone)
    Event.objects.filter(pk=event.pk).update(status="finished")
    with pytest.raises(ValidationError, match="finished"):
        reg.set_checked_in(registration, True, by=judge)
    with pytest.raises(ValidationError, match="finished"):
        reg.check_in_many(event, [registration.pk], by=judge)


def test_an_event_with_players_cannot_go_back_to_draft(event):
    reg.register(event, players(1)[0])
    with pytest.raises(ValidationError, match="Players have registered"):
        reg.set_status(event, "draft")
    event.refresh_from_db()
    assert event.status == "registration"


def test_an_event_without_players_goes_back_to_draft_and_out_again(event):
    assert reg.set_status(event, "draft").status == "draft"
    assert reg.set_status(event, "registration").status == "registration"
    with pytest.raises(ValidationError):
        reg.set_status(event, "running")  # running and finished come from the rounds


@pytest.mark.parametrize("status", ["draft", "running", "finished"])
def test_registration_is_refused_outside_registration(event, status):
    Event.objects.filter(pk=event.pk).update(status=status)
    with pytest.raises(ValidationError, match="not open for registration"):
        reg.register(event, players(1)[0])


def test_registration_closes_once_round_1_is_seated(event_with):
    event = event_with(9)
    svc.seat_next_round(event, seed=1)
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        reg.register(event, players(1)[0])


# --- rounds of a bracket event --------------------------------------------------------------


def test_round_1_seats_only_the_checked_in_players(event_with):
    """Ten registered, nine checked in: round 1 seats nine, three brackets of three (§4)."""
    event = event_with(9)
    (absent,) = players(1, "absent")
    Registration.objects.create(event=event, player=absent, checked_in=False)
    rnd = svc.seat_next_round(event, seed=3)
    seated = Seat.objects.filter(bracket__round=rnd)
    assert seated.count() == 9
    assert not seated.filter(registration__player=absent).exists()


def test_an_event_cannot_finish_with_its_last_round_open(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=3)
    Round.objects.filter(pk=rnd.pk).update(is_final=True)  # its final, still open
    with pytest.raises(ValidationError, match="Close the final"):
        svc.finish_event(event)
    event.refresh_from_db()
    assert event.status == "running"


def test_a_round_cannot_reopen_after_the_event_finished(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=3)
    Round.objects.filter(pk=rnd.pk).update(state=Round.State.CLOSED)
    Event.objects.filter(pk=event.pk).update(status="finished")
    rnd.refresh_from_db()
    with pytest.raises(ValidationError, match="finished"):
        svc.reopen_round(rnd)
    rnd.refresh_from_db()
    assert rnd.state == Round.State.CLOSED


def test_an_open_round_cannot_be_reopened(event_with):
    rnd = svc.seat_next_round(event_with(9), seed=3)
    with pytest.raises(ValidationError, match="not closed"):
        svc.reopen_round(rnd)


def test_a_closed_round_cannot_be_closed_again(event_with):
    rnd = svc.seat_next_round(event_with(9), seed=3)
    Round.objects.filter(pk=rnd.pk).update(state=Round.State.CLOSED)
    rnd.refresh_from_db()
    with pytest.raises(ValidationError, match="already closed"):
        svc.close_round(rnd)


def test_the_next_round_waits_for_the_current_one(event_with):
    event = event_with(9)
    svc.seat_next_round(event, seed=3)
    with pytest.raises(ValidationError):
        svc.seat_next_round(event, seed=4)
    assert event.rounds.count() == 1


# --- one-on-one (Swiss) rounds --------------------------------------------------------------


@pytest.fixture
def swiss_event(event) -> Event:
    event.structure = "one-on-one"
    event.best_of = 1
    event.save()
    add_players(event, 4)
    return event


def test_the_next_swiss_round_waits_for_the_current_one(swiss_event):
    swiss.pair_round(swiss_event, seed=5)
    with pytest.raises(ValidationError, match="Close round 1"):
        swiss.pair_round(swiss_event, seed=6)
    assert swiss_event.rounds.count() == 1


def test_a_swiss_event_cannot_finish_with_its_round_open(swiss_event):
    swiss.pair_round(swiss_event, seed=5)
    with pytest.raises(ValidationError, match="Close the last round"):
        swiss.finish_event(swiss_event)
    swiss_event.refresh_from_db()
    assert swiss_event.status == "running"


@pytest.mark.parametrize(
    ("count", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5)]
)
def test_the_default_number_of_swiss_rounds_is_the_ceiling_of_log2(count, rounds):
    """SPEC §11: ⌈log₂ players⌉ — 9 players: 2³ = 8 < 9 ≤ 16 = 2⁴, so 4 rounds."""
    assert default_swiss_rounds(count) == rounds


def test_bulk_check_in_records_who_checked_in(event, judge):
    regs = [reg.register(event, p) for p in players(2)]
    assert reg.check_in_many(event, [r.pk for r in regs], by=judge) == 2
    assert set(
        Registration.objects.filter(event=event).values_list("checked_in_by", flat=True)
    ) == {judge.pk}
    assert reg.check_in_many(event, [r.pk for r in regs], False, by=judge) == 2
    assert set(
        Registration.objects.filter(event=event).values_list("checked_in_by", flat=True)
    ) == {None}


@pytest.mark.parametrize("typed", ["AAAA", "ZZZZ", ""])
def test_a_wrong_venue_code_is_refused(event, typed):
    event.check_in_code = "MMMM"
    event.save(update_fields=["check_in_code"])
    registration = reg.register(event, players(1)[0])
    with pytest.raises(ValidationError, match="Wrong venue code"):
        reg.check_in_self(registration, typed)
    assert reg.check_in_self(registration, " mmmm ").checked_in  # case and spaces aside


def test_no_one_moves_up_while_the_event_is_over_its_capacity(event):
    """Capacity lowered from 3 to 1 with three admitted and two waiting: no room (1 − 3 < 0)."""
    event.capacity = 3
    event.save(update_fields=["capacity"])
    regs = [reg.register(event, p) for p in players(5)]
    event.capacity = 1
    event.save(update_fields=["capacity"])
    with transaction.atomic():
        assert reg.promote_waiting(reg.lock_event(event)) == []
    assert (
        Registration.objects.filter(pk__in=[regs[3].pk, regs[4].pk], waitlisted=True).count() == 2
    )


def test_a_dropped_player_cannot_check_himself_in(event):
    registration = reg.register(event, players(1)[0])
    Registration.objects.filter(pk=registration.pk).update(dropped_in_round=0)
    with pytest.raises(ValidationError, match="dropped"):
        reg.check_in_self(registration)


@pytest.mark.parametrize("status", ["draft", "running"])
def test_self_check_in_and_late_players_only_in_registration(event, status):
    registration = reg.register(event, players(1)[0])
    Event.objects.filter(pk=event.pk).update(status=status)
    with pytest.raises(ValidationError, match="Check-in opens with registration"):
        reg.check_in_self(registration)
    with pytest.raises(ValidationError, match="while registration is open"):
        svc.add_late_player(event, name="Walk In")

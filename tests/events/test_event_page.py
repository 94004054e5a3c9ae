"""The event page and form: start time, address, description, capacity with a waiting
list, registration deadline, the form's layout helpers and the live shorthand preview."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.support.players import make_player
from tournament.events.services import registration as service
from tournament.events.services.editing import save_event


def players(count: int, prefix: str = "w"):
    return [make_player(f"{prefix}{i}", f"Waiting {prefix}{i}") for i in range(1, count + 1)]


def register_over_capacity(event, capacity: int, count: int):
    """`count` players register, in order, for an event of `capacity` places."""
    event.capacity = capacity
    event.save()
    return [service.register(event, p) for p in players(count)]


def test_capacity_sends_late_comers_to_the_waiting_list(event):
    regs = register_over_capacity(event, 3, 5)
    assert [r.waitlisted for r in regs] == [False, False, False, True, True]


def test_withdrawal_promotes_the_first_on_the_waiting_list(event):
    regs = register_over_capacity(event, 3, 5)
    promoted = service.unregister(regs[1])
    assert [r.pk for r in promoted] == [regs[3].pk]  # first come, first served
    regs[3].refresh_from_db()
    regs[4].refresh_from_db()
    assert not regs[3].waitlisted and regs[4].waitlisted


def test_a_larger_capacity_promotes_at_once(event):
    regs = register_over_capacity(event, 3, 5)
    event.capacity = 4
    save_event(event, ["capacity"])
    regs[3].refresh_from_db()
    regs[4].refresh_from_db()
    assert not regs[3].waitlisted and regs[4].waitlisted


def test_waiting_players_cannot_be_checked_in(event):
    regs = register_over_capacity(event, 3, 4)
    with pytest.raises(ValidationError, match="waiting list"):
        service.set_checked_in(regs[3], True)
    with pytest.raises(ValidationError, match="waiting list"):
        service.check_in_self(regs[3])
    assert service.check_in_many(event, [r.pk for r in regs]) == 3


def test_registration_deadline(event, player):
    event.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    event.save()
    with pytest.raises(ValidationError, match="deadline has passed"):
        service.register(event, player)
    service.register(event, player, late=True)  # the organizer's walk-in at the venue


def test_event_page_shows_the_new_facts(client_as, event, player):
    event.start_time = datetime.time(10, 30)
    event.address = "12 Dragon Lane, Halifax"
    event.description = "Bring sleeves."
    event.capacity = 1
    event.save()
    service.register(event, make_player("first", "First Comer"))
    page = client_as(player).get(event.get_absolute_url()).content.decode()
    assert "10:30" in page and "12 Dragon Lane, Halifax" in page and "Bring sleeves." in page
    assert "1 of 1 places taken" in page
    response = client_as(player).post(reverse("events:register", args=[event.pk]), follow=True)
    body = response.content.decode()
    assert "you are on the waiting list" in body and "Waiting list" in body


def test_event_form_checkbox_beside_label_and_digit_field_marked(client_as, organizer):
    page = client_as(organizer).get(reverse("events:create")).content.decode()
    assert 'data-field="no_xs_digit"' in page
    assert 'class="field field-checkbox" data-field="scored"' in page
    assert "js/event_form.js" in page and "<script>" not in page


@pytest.mark.parametrize(
    "query, expected",
    [
        (
            "tournament_type=kings-decree&victory=enhanced&deck_size=75&variants=questing",
            "SPELLFIRE: King's Decree (Questing)—Enhanced [75]",  # SPEC §2 example
        ),
        (
            "tournament_type=no-xs&victory=standard&deck_size=55&no_xs_digit=9",
            "SPELLFIRE: No-9s—Standard [55]",  # SPEC §2 example
        ),
        ("tournament_type=nonsense&victory=standard&deck_size=55", "—"),
        ("tournament_type=championship&victory=standard&deck_size=", "—"),
    ],
)
def test_shorthand_preview(client, db, query, expected):
    response = client.get(reverse("events:shorthand_preview") + "?" + query)
    assert response.content.decode() == expected

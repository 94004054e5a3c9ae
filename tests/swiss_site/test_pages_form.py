"""The event form's one-on-one settings (SPEC §11): structure, best of, Swiss rounds and top
cut; what is refused once round 1 is paired, with the reason next to the field."""

import pytest
from django.forms.models import model_to_dict
from django.urls import reverse

from tests.support.events import add_players
from tournament.events.forms import EventForm
from tournament.events.models import Event
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


def form_data(event: Event, **changes) -> dict:
    """The event form as the organizer posts it, with some fields changed."""
    data = model_to_dict(event, fields=EventForm._meta.fields) | changes
    return {k: ("" if v is None else v) for k, v in data.items() if v is not False}


def edit(client, event: Event, **changes):
    return client.post(reverse("events:edit", args=[event.pk]), form_data(event, **changes))


def field_errors(response, name: str) -> list[str]:
    return list(response.context["form"].errors.get(name, []))


def test_the_form_offers_the_structure_and_its_settings(client_as, organizer):
    page = client_as(organizer).get(reverse("events:create")).content.decode()
    for name in ("structure", "best_of", "swiss_rounds", "top_cut"):
        assert f'data-field="{name}"' in page
    assert 'value="one-on-one"' in page
    assert "js/event_structure.js" in page
    # Without the script every setting shows and says it is for one-on-one events only.
    assert page.count("One-on-one events only") == 3


def test_an_organizer_creates_a_one_on_one_blitz_event(client_as, organizer, event):
    data = form_data(
        event,
        name="Blitz Cup",
        deck_size=25,
        deck_rules="blitz",
        structure="one-on-one",
        best_of=1,
        swiss_rounds="",
        top_cut=8,
    )
    response = client_as(organizer).post(reverse("events:create"), data)
    assert response.status_code == 302, response.context["form"].errors
    created = Event.objects.get(name="Blitz Cup")
    assert created.is_one_on_one
    assert (created.best_of, created.swiss_rounds, created.top_cut) == (1, None, 8)


def test_swiss_rounds_left_empty_says_what_it_will_be(client_as, organizer, event):
    event.structure = "one-on-one"
    event.save()
    add_players(event, 16)
    page = client_as(organizer).get(reverse("events:edit", args=[event.pk])).content.decode()
    # ⌈log₂ 16⌉ = 4 (SPEC §11's default).
    assert "With the 16 players checked in now, that is 4 rounds." in page


def test_team_spirit_is_never_one_on_one(client_as, organizer, event):
    response = edit(
        client_as(organizer),
        event,
        tournament_type="team-spirit",
        victory="enhanced",
        structure="one-on-one",
    )
    assert response.status_code == 200
    assert field_errors(response, "structure") == [
        "Team Spirit is played by teams in brackets, never one-on-one."
    ]
    event.refresh_from_db()
    assert not event.is_one_on_one


def test_the_structure_cannot_change_once_round_1_is_paired(client_as, organizer, swiss_event):
    event = swiss_event(4)
    rounds.seat_next_round(event, seed=1)
    response = edit(client_as(organizer), event, structure="brackets")
    assert field_errors(response, "structure") == [
        "Round 1 is already seated or paired as One-on-one (Swiss rounds and a top cut): the "
        "structure can no longer change."
    ]
    event.refresh_from_db()
    assert event.is_one_on_one


def test_a_bracket_event_cannot_become_one_on_one_once_seated(client_as, organizer, event):
    add_players(event, 9)
    rounds.seat_next_round(event, seed=1)
    response = edit(client_as(organizer), event, structure="one-on-one")
    assert "the structure can no longer change" in field_errors(response, "structure")[0]


def test_best_of_is_fixed_once_round_1_is_paired(client_as, organizer, swiss_event):
    event = swiss_event(4, best_of=3)
    rounds.seat_next_round(event, seed=1)
    response = edit(client_as(organizer), event, best_of=1)
    assert field_errors(response, "best_of") == [
        "Round 1 is paired and its matches are played best of 3: the games per match can no "
        "longer change."
    ]


def test_swiss_rounds_may_grow_but_never_below_those_paired(client_as, organizer, swiss_event):
    event = swiss_event(8, swiss_rounds=3)
    rounds.seat_next_round(event, seed=1)
    client = client_as(organizer)
    response = edit(client, event, swiss_rounds=1)
    assert field_errors(response, "swiss_rounds") == [
        "1 Swiss rounds are already paired: choose more, or leave the number as it was."
    ]
    response = edit(client, event, swiss_rounds=4, top_cut=4)
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.swiss_rounds, event.top_cut) == (4, 4)


def test_the_top_cut_is_fixed_once_it_is_paired(client_as, organizer, swiss_event, judge):
    from tests.support.one_on_one import win
    from tests.support.results import seated

    event = swiss_event(4, swiss_rounds=1, top_cut=2)
    rnd = rounds.seat_next_round(event, seed=1)
    for match in rnd.brackets.all():
        win(match, seated(match)[0], judge, event.organizer)
    rounds.close_round(rnd)
    rounds.seat_next_round(event)  # the final of a top 2
    response = edit(client_as(organizer), event, top_cut=4)
    assert field_errors(response, "top_cut") == [
        "Round 2, the top cut or the last round, is paired: the Swiss rounds and the top cut "
        "can no longer change."
    ]


def test_a_bracket_event_keeps_no_one_on_one_settings(client_as, organizer, event):
    response = edit(client_as(organizer), event, structure="brackets", swiss_rounds=5, top_cut=8)
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.structure, event.swiss_rounds, event.top_cut) == ("brackets", None, 0)


def test_settings_left_out_keep_their_values(organizer, swiss_event):
    # An older form or an API body without them: the stored values stay.
    event = swiss_event(2, best_of=3, top_cut=2)
    data = form_data(event)
    for name in ("structure", "best_of", "top_cut"):
        data.pop(name)
    form = EventForm(data=data, instance=event)
    assert form.is_valid(), form.errors
    saved = form.save()
    assert (saved.structure, saved.best_of, saved.top_cut) == ("one-on-one", 3, 2)


def test_a_top_cut_larger_than_the_players_still_in_the_event_is_refused(
    client_as, organizer, event
):
    # SPEC §11: a cut larger than the players still in the event is refused in the form.
    event.structure = "one-on-one"
    event.save()
    players = add_players(event, 5)
    response = edit(client_as(organizer), event, structure="one-on-one", best_of=1, top_cut=8)
    assert field_errors(response, "top_cut") == [
        "A top cut of 8 needs 8 players still in the event: it has 5."
    ]
    # One of the five drops: four are still in, enough for a top 4 but not when two drop.
    event.registrations.filter(player=players[0]).update(dropped_in_round=1)
    response = edit(client_as(organizer), event, structure="one-on-one", best_of=1, top_cut=4)
    assert response.status_code == 302
    event.registrations.filter(player=players[1]).update(dropped_in_round=1)
    response = edit(client_as(organizer), event, structure="one-on-one", best_of=1, top_cut=8)
    assert field_errors(response, "top_cut") == [
        "A top cut of 8 needs 8 players still in the event: it has 3."
    ]


def test_a_new_event_is_checked_against_its_capacity(client_as, organizer, event):
    data = form_data(
        event, name="Small Blitz", structure="one-on-one", best_of=1, top_cut=8, capacity=6
    )
    response = client_as(organizer).post(reverse("events:create"), data)
    assert field_errors(response, "top_cut") == [
        "A top cut of 8 needs 8 players still in the event: it has 6."
    ]

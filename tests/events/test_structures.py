"""The structure object an event's choices decide (tournament/events/structures.py).

Expected answers from the rules text: brackets of three or four are the default structure
and a scored bracket event sends its scoring form (SPEC §4, §9); Team Spirit seats teams of
two, in brackets only (SPEC §10); one-on-one events are matches, never by teams and never
scored for the ranking (SPEC §11); the No-Xs digit is given for a No-Xs tournament only
(SPEC §2)."""

from types import SimpleNamespace

import pytest

from tournament.events.models import Event
from tournament.events.structures import (
    Brackets,
    OneOnOne,
    choice_errors,
    structure_named,
    structure_of,
)


def choices(structure="brackets", tournament_type="championship", no_xs_digit=None):
    return SimpleNamespace(
        structure=structure, tournament_type=tournament_type, no_xs_digit=no_xs_digit
    )


@pytest.mark.parametrize(
    ("structure", "tournament_type", "one_on_one", "teams", "ranked"),
    [
        ("brackets", "championship", False, False, True),
        ("brackets", "team-spirit", False, True, True),
        ("brackets", "no-xs", False, False, True),
        ("one-on-one", "championship", True, False, False),
        ("one-on-one", "kings-decree", True, False, False),
    ],
)
def test_the_object_answers_from_the_choices(structure, tournament_type, one_on_one, teams, ranked):
    shape = structure_of(choices(structure, tournament_type))
    assert (shape.one_on_one, shape.teams, shape.ranked) == (one_on_one, teams, ranked)
    assert shape.name == structure


def test_the_choice_is_a_plain_value():
    assert structure_of(choices("brackets", "team-spirit")) == Brackets(teams=True)
    assert structure_of(choices("brackets")) == Brackets()
    assert structure_of(choices("one-on-one")) == OneOnOne()
    assert structure_named("one-on-one") == OneOnOne()
    assert structure_named("brackets") == Brackets()
    assert structure_named(None) == Brackets()  # the default structure


def test_an_event_reads_its_object_afresh():
    """A form changes the choices before saving: the object follows them."""
    event = Event(structure="brackets", tournament_type="team-spirit")
    assert event.shape == Brackets(teams=True)
    assert not event.is_one_on_one
    event.structure, event.tournament_type = "one-on-one", "championship"
    assert event.shape == OneOnOne()
    assert event.is_one_on_one


def test_has_scoring_form_asks_the_object():
    assert Event(structure="brackets", scored=True).has_scoring_form
    assert not Event(structure="brackets", scored=False).has_scoring_form
    assert not Event(structure="one-on-one", scored=True).has_scoring_form


@pytest.mark.parametrize(
    ("structure", "tournament_type", "digit", "fields"),
    [
        ("brackets", "championship", None, []),
        ("brackets", "no-xs", 7, []),
        ("brackets", "no-xs", None, ["no_xs_digit"]),
        ("brackets", "championship", 3, ["no_xs_digit"]),
        ("brackets", "team-spirit", None, []),
        ("one-on-one", "team-spirit", None, ["structure"]),
        ("one-on-one", "no-xs", None, ["no_xs_digit"]),
        ("one-on-one", "no-xs", 0, []),
    ],
)
def test_choice_errors(structure, tournament_type, digit, fields):
    assert sorted(choice_errors(choices(structure, tournament_type, digit))) == fields

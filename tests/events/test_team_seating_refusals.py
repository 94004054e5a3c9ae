"""A Team Spirit round seats complete teams only (SPEC §10: a team is two players who play
together): a team with one partner not checked in is refused by name, and nothing is
seated."""

import pytest
from django.core.exceptions import ValidationError

from tests.support.events import paired
from tournament.rounds.services import rounds as svc

pytestmark = pytest.mark.django_db


def test_a_team_with_one_partner_not_checked_in_is_refused_by_name(team_event):
    teams = paired(team_event, 3)
    absent = teams[2].registrations[1]
    absent.checked_in = False
    absent.save(update_fields=["checked_in"])
    with pytest.raises(ValidationError, match="A team plays only with both its players: Team 03"):
        svc.seat_next_round(team_event, seed=1)
    assert not team_event.rounds.exists()


def test_three_complete_teams_sit_at_one_table(team_event):
    paired(team_event, 3)
    rnd = svc.seat_next_round(team_event, seed=1)
    assert rnd.brackets.get().seats.count() == 6

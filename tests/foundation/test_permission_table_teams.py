"""The teams page's writes × every role, against docs/permissions.md ("Teams"). The page
answers every refusal with a message on the same page, whoever the caller is, so a write
counts as let through when it wrote: a team formed, an invitation accepted. Each request
runs in a savepoint rolled back after it."""

from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from tests.foundation.test_permission_table import differences, doc_table, rolled_back
from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.events.models import Event, Registration, Team
from tournament.events.services import teams as team_service

ROLES = ("public", "player", "unregistered", "other judge", "judge", "organizer", "officer")


@dataclass
class TeamWorld:
    event: Event
    people: dict  # role → Player (None: public)
    me: Registration  # the "player" role's registration, no team
    inviter: Registration
    free: list  # two more registered players without a team


@pytest.fixture
def team_world(event, registered_players, judge, organizer, stranger, player) -> TeamWorld:
    event.tournament_type = "team-spirit"
    event.save(update_fields=["tournament_type"])
    regs = {r.player_id: r for r in Registration.objects.filter(event=event)}
    me, inviter, *rest = (regs[p.pk] for p in registered_players)
    elsewhere = Event.objects.create(
        name="Other Open", date=event.date, venue="Truro", organizer=make_player("org2")
    )
    elsewhere.judges.add(stranger)
    people = {
        "public": None,
        "player": me.player,
        "unregistered": player,
        "other judge": stranger,
        "judge": judge,
        "organizer": organizer,
        "officer": ranking_officer().player,
    }
    return TeamWorld(event, people, me, inviter, rest[:2])


# Each write, inside the rolled-back savepoint: the form it posts, and whether it wrote.


def _form_a_team(w: TeamWorld) -> tuple[dict, object]:
    first, second = w.free
    data = {"name": "New Team", "first": str(first.pk), "second": str(second.pk)}
    return data, lambda: Team.objects.filter(event=w.event, name="New Team").exists()


def _accept(w: TeamWorld) -> tuple[dict, object]:
    invitation = team_service.invite_partner(w.inviter, w.me, "Inviters")
    data = {"action": "accept", "team": str(invitation.pk)}
    return data, lambda: Team.objects.get(pk=invitation.pk).accepted


WRITES = {"form a team": _form_a_team, "accept a team invitation": _accept}


def test_the_teams_table_names_every_teams_write():
    assert set(doc_table("Teams")) == set(WRITES)


@pytest.mark.parametrize("write", sorted(WRITES))
def test_who_may_write_on_the_teams_page(team_world, write):
    expected = doc_table("Teams")[write]
    url = reverse("events:teams", args=[team_world.event.pk])
    actual = {}
    for role in ROLES:
        client = Client(raise_request_exception=False)
        if team_world.people[role] is not None:
            client.force_login(team_world.people[role].user)

        def send(c=client):
            data, wrote = WRITES[write](team_world)
            c.post(url, data)
            return wrote()

        actual[role] = rolled_back(send)
    assert differences(actual, expected) == {}

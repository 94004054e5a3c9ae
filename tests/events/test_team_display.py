"""Team Spirit shown as teams (SPEC §10: "a team wins", "each member receives the team's
placement points"): the winner is the team with both members, bracket grids put each team
over its members, standings and the API name the team.

One final of three teams, played by `play_first_team_wins`: the first seated team wins games
1 and 2 (5 + 5 realms); the others count 4 + 4 and 3 + 3 in each game. By §10 the winner is
1st and "the other teams are placed by the team's total unrazed realms over the bracket":
8 + 8 = 16 beats 6 + 6 = 12, so the seated order is also the order of places 1, 2, 3.
"""

import pytest
from django.urls import reverse

from tests.events.test_teams import play_first_team_wins
from tests.support.events import paired
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_html
from tournament.printing.models import Kind
from tournament.rounds.services import rounds as svc
from tournament.standings import recompute


@pytest.fixture
def final(team_event):
    """The finished event and its teams in seated (= final place) order."""
    paired(team_event, 3)
    rnd = svc.seat_next_round(team_event, seed=3)
    svc.publish_round(rnd)
    bracket = rnd.brackets.get()
    teams = play_first_team_wins(bracket)
    recompute.refresh_event(team_event)
    svc.close_round(rnd)
    svc.finish_event(team_event)
    return team_event, bracket, teams


def full_name(team) -> str:
    first, second = (r.player.name for r in team.registrations)
    return f"{team.name} ({first} &amp; {second})"


def test_the_winner_is_the_team_with_both_members_everywhere(client_as, organizer, final):
    event, bracket, teams = final
    winner = full_name(teams[0])
    officials = client_as(organizer)
    round_page = officials.get(reverse("rounds:detail", args=[event.pk, 1])).content.decode()
    assert f"Tournament winner: <strong>{winner}</strong>" in round_page
    results = officials.get(reverse("results:bracket", args=[event.pk, bracket.pk]))
    assert f"Tournament winner: <strong>{winner}</strong>" in results.content.decode()
    grid = client_as(None).get(reverse("standings:bracket", args=[event.pk, 1, bracket.table]))
    assert f"Winner: <strong>{winner}</strong>" in grid.content.decode()
    form = render_html(DocumentRequest(kind=Kind.SCORING_FORM, event=event, paper="A4"))
    assert winner in form


def test_bracket_grids_put_each_team_over_its_members(client_as, organizer, final):
    event, bracket, teams = final
    pages = [
        client_as(None).get(reverse("standings:bracket", args=[event.pk, 1, bracket.table])),
        client_as(organizer).get(reverse("results:bracket", args=[event.pk, bracket.pk])),
        client_as(organizer).get(reverse("rounds:detail", args=[event.pk, 1])),
    ]
    for page in pages:
        text = page.content.decode()
        assert text.count('class="team-row') == 3
        at = [text.index(f'class="team-name">{team.name}') for team in teams]
        assert at == sorted(at)  # by place: 1st, 2nd, 3rd
        for team, start, end in zip(teams, at, [*at[1:], len(text)], strict=True):
            for registration in team.registrations:  # members beneath their team
                assert start < text.index(registration.player.name, start) < end


def test_standings_and_the_api_name_the_team_of_each_player(client, final):
    event, _bracket, teams = final
    page = client.get(reverse("standings:event", args=[event.pk])).content.decode()
    assert "<th" in page and ">Team</a></th>" in page
    rows = client.get(reverse("api-v1:standings", args=[event.pk])).json()["results"]
    team_of = {r.player.player_number: t.name for t in teams for r in t.registrations}
    assert [row["team"] for row in rows] == [
        teams[0].name,
        teams[0].name,
        teams[1].name,
        teams[1].name,
        teams[2].name,
        teams[2].name,
    ]
    assert all(row["team"] == team_of[row["player_number"]] for row in rows)
    # A team event ranks teams: 1st, 2nd, 3rd, each member with his team's place (§10).
    assert [row["place"] for row in rows] == [1, 1, 2, 2, 3, 3]

"""Team Spirit places (SPEC §10: "each member receives the team's placement"; a team event
ranks teams): teams are 1st, 2nd, 3rd, 4th …, each member carries his team's place on the
standings, the podium, the CSV and the API — never 1, 1, 3, 3, 5, 5.

The engine's rule is `scoring.teams.team_places`; the recompute stores it with one SQL
statement (`standings.writing.store_places`), proved equal to the engine on random events.

Nine teams, worked out by hand. Round 1 (×1): three tables, each won 2-0 by its first team
(members 5 + 5 = 10 each game), the second team 4 + 4 = 8 a game, the third 3 + 3 = 6.
Winners 4 points, seconds 3, thirds 2. The final (×2, one table of the three winners): the
first team wins 2-0, then 8 and 6 a game: 5 × 2 = 10, 3 × 2 = 6, 2 × 2 = 4.
  final winner team    4 + 10 = 14   1st
  final second team    4 + 6  = 10   2nd
  final third team     4 + 4  = 8    3rd
  round-1 seconds (3 teams): 3 points, round 1, 2nd of their table, 16 realms, 0 wins:
                       equal on every figure → all three share 4th
  round-1 thirds (3 teams): 2 points, 3rd, 12 realms → 7th (six teams ahead)
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.figures import final_place_key
from scoring.teams import team_places
from tests.events.test_teams import play_first_team_wins
from tests.support.events import paired
from tournament.events.models import Event, Team
from tournament.rounds.services import rounds as svc
from tournament.standings import recompute
from tournament.standings.models import EventStanding
from tournament.standings.writing import store_places

# --- the engine's rule ---------------------------------------------------------------------


def key(points: int, last_round: int, last_place: int, unrazed: int, winner: bool = False):
    return final_place_key(
        winner=winner,
        points=points,
        last_round=last_round,
        last_place=last_place,
        unrazed_total=unrazed,
        games_won=0,
    )


def test_teams_are_ranked_and_members_carry_the_team_place():
    # Three teams A, B, C of two in a one-table event: A won (5 points, winner), B 3, C 2.
    keys = [
        key(5, 1, 1, 20, True),
        key(5, 1, 1, 20, True),
        key(3, 1, 2, 16),
        key(3, 1, 2, 16),
        key(2, 1, 3, 12),
        key(2, 1, 3, 12),
    ]
    assert team_places(keys, ["A", "A", "B", "B", "C", "C"]) == [1, 1, 2, 2, 3, 3]


def test_teams_equal_on_every_figure_share_the_place_and_the_next_team_counts_them():
    # A 1st; B and C equal on the whole key share 2nd; D is 4th (three teams ahead of it).
    keys = [key(8, 2, 1, 20, True)] * 2 + [key(3, 1, 2, 16)] * 4 + [key(2, 1, 3, 12)] * 2
    teams = ["A", "A", "B", "B", "C", "C", "D", "D"]
    assert team_places(keys, teams) == [1, 1, 2, 2, 2, 2, 4, 4]


def test_a_team_ranks_by_its_best_member_key():
    # Members store their team's figures, so their keys agree; if they ever did not, the
    # team would rank by its better one: A (5 points / 3 points) before B (4 and 4).
    keys = [key(5, 1, 1, 20, True), key(4, 1, 1, 18), key(4, 1, 1, 18), key(3, 1, 2, 16)]
    assert team_places(keys, ["A", "B", "B", "A"]) == [1, 2, 2, 1]


def test_players_alone_are_ranked_as_before():
    keys = [key(3, 1, 2, 16), key(5, 1, 1, 20, True), key(3, 1, 2, 16), key(2, 1, 3, 1)]
    assert team_places(keys, ["p1", "p2", "p3", "p4"]) == [2, 1, 2, 4]


# --- the site stores it everywhere -----------------------------------------------------------


@pytest.fixture
def nine_team_event(event) -> tuple[Event, dict[str, Team]]:
    """The event of the module docstring, finished; the teams by their role."""
    event.tournament_type = "team-spirit"
    event.victory = "enhanced"
    event.save()
    paired(event, 9)
    rnd = svc.seat_next_round(event, seed=9)
    roles: dict[str, Team] = {}
    for n, bracket in enumerate(rnd.brackets.order_by("table"), 1):
        _first, second, third = play_first_team_wins(bracket)
        roles[f"second{n}"], roles[f"third{n}"] = second, third
    recompute.refresh_event(event)
    svc.close_round(rnd)
    final = svc.seat_next_round(event, seed=10)
    roles["gold"], roles["silver"], roles["bronze"] = play_first_team_wins(final.brackets.get())
    recompute.refresh_event(event)
    svc.close_round(final)
    svc.finish_event(event)
    return event, roles


EXPECTED = {
    "gold": (1, 14),
    "silver": (2, 10),
    "bronze": (3, 8),
    **{f"second{n}": (4, 3) for n in (1, 2, 3)},
    **{f"third{n}": (7, 2) for n in (1, 2, 3)},
}


def stored(event) -> dict[int, tuple[int, int]]:
    rows = EventStanding.objects.filter(event=event)
    return {s.registration_id: (s.place, s.points) for s in rows}


def test_the_standings_store_team_places(nine_team_event):
    event, roles = nine_team_event
    places = stored(event)
    for role, team in roles.items():
        for registration in (team.first, team.second):
            assert places[registration.pk] == EXPECTED[role], role
    assert sorted(p for p, _points in places.values()) == [1, 1, 2, 2, 3, 3] + [4] * 6 + [7] * 6


def test_the_podium_says_second_for_the_second_team(client, nine_team_event):
    event, roles = nine_team_event
    page = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    podium = page[page.index('class="podium card"') :]
    podium = podium[: podium.index("</section>")]
    for place, label, role in ((1, "Winner", "gold"), (2, "2nd", "silver"), (3, "3rd", "bronze")):
        for registration in (roles[role].first, roles[role].second):
            name = registration.player.name
            item = f'<li class="place-{place}"><span class="podium-place">{label}</span>'
            assert f"{item}\n      <strong>{name}</strong>" in podium, (role, name)
    assert podium.count("<li ") == 6  # the three teams' six members


def test_the_csv_and_the_api_read_the_team_places(client, nine_team_event):
    event, roles = nine_team_event
    csv = client.get(reverse("standings:event", args=[event.pk]), {"_export": "csv"})
    text = csv.content.decode("utf-8-sig")
    silver = roles["silver"].first.player.name
    line = next(line for line in text.splitlines() if silver in line)
    assert line.split(",")[0] == "2"
    api = client.get(f"/api/v1/events/{event.pk}/standings/").json()
    rows = api["results"] if isinstance(api, dict) and "results" in api else api
    places = sorted(row["place"] for row in rows)
    assert places == [1, 1, 2, 2, 3, 3] + [4] * 6 + [7] * 6


# --- the stored SQL equals the engine on random team events ---------------------------------

FIGURES = st.fixed_dictionaries(
    {
        "points": st.integers(0, 4),
        "last_round": st.integers(1, 2),
        "last_place": st.one_of(st.none(), st.integers(1, 3)),
        "unrazed_total": st.integers(0, 2),
        "games_won": st.integers(0, 1),
    }
)


@pytest.fixture
def six_teams(event):
    event.tournament_type = "team-spirit"
    event.save()
    return paired(event, 6)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.lists(FIGURES, min_size=6, max_size=6), winner=st.one_of(st.none(), st.integers(0, 5))
)
def test_stored_places_equal_the_engines_team_places(event, six_teams, rows, winner):
    EventStanding.objects.filter(event=event).delete()
    members, keys, entrants = [], [], []
    for index, (team, figures) in enumerate(zip(six_teams, rows, strict=True)):
        status = EventStanding.Status.WINNER if index == winner else EventStanding.Status.ACTIVE
        for registration in (team.first, team.second):
            members.append(registration)
            keys.append(final_place_key(winner=index == winner, **figures))
            entrants.append(team.pk)
            EventStanding.objects.create(
                event=event,
                registration=registration,
                player_id=registration.player_id,
                place=0,
                status=status,
                **figures,
            )
    store_places(event.pk)
    places = dict(EventStanding.objects.filter(event=event).values_list("registration_id", "place"))
    assert [places[r.pk] for r in members] == team_places(keys, entrants)


def test_the_printed_scoring_form_has_a_team_column_with_the_team_places(nine_team_event):
    """The Team Spirit scoring form names each player's team beside the team's place (the
    silver team's members are both 2nd); other events print no team column."""
    from tournament.printing.documents.base import DocumentRequest
    from tournament.printing.documents.render import render_html
    from tournament.printing.models import Kind

    event, roles = nine_team_event
    html = render_html(DocumentRequest(kind=Kind.SCORING_FORM, event=event, paper="A4"))
    table = html[html.index('<table class="list points">') :]
    table = table[: table.index("</table>")]
    assert "<th>Team</th>" in table
    silver = roles["silver"]
    for member in (silver.first, silver.second):
        row = table[: table.index(member.player.name)].rsplit("<tr>", 1)[1]
        assert f'<td class="num">2</td><td>{silver.name}</td>' in row

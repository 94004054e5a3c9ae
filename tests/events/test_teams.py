"""Team Spirit through the services (SPEC §10): pairing, seating, recording, points, drops."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.events import add_players, paired
from tournament.events.models import Seat, Team
from tournament.events.services import teams as team_svc
from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.results.models import Game
from tournament.rounds.services import rounds as svc
from tournament.standings import recompute
from tournament.standings.models import EventStanding


def seated_teams(bracket) -> list[Team]:
    """The teams at a table in turn order (from the seats A1, B1, C1, A2, B2, C2)."""
    seats = list(bracket.seats.order_by("position").select_related("registration"))
    teams = []
    for seat in seats:
        team = team_svc.team_of(seat.registration)
        if team not in teams:
            teams.append(team)
    return teams


def play_first_team_wins(bracket) -> list[Team]:
    """Two games won by the first team: members 5 + 5 = 10; next 4 + 4 = 8; last 3 + 3 = 6."""
    teams = seated_teams(bracket)
    counts = {}
    for team, each in zip(teams, (5, 4, 3, 2), strict=False):
        for reg in team.registrations:
            counts[engine_id(reg.player_id)] = each
    for number in (1, 2):
        Game.objects.create(
            bracket=bracket,
            number=number,
            winner=teams[0].first.player,
            ended_by="victory",
            unrazed=counts,
        )
    return teams


def test_an_invited_partner_must_accept_before_the_team_is_seated(team_event):
    add_players(team_event, 6)
    regs = list(team_event.registrations.order_by("player__name"))
    team_svc.pair_players(team_event, regs[0], regs[1], "Red")
    team_svc.pair_players(team_event, regs[2], regs[3], "Blue")
    green = team_svc.invite_partner(regs[4], regs[5], "Green")
    assert not green.complete
    with pytest.raises(ValidationError, match="complete team"):
        svc.seat_next_round(team_event, seed=1)
    with pytest.raises(ValidationError, match="invited partner"):
        team_svc.accept_invitation(green, regs[4])
    assert team_svc.accept_invitation(green, regs[5]).complete
    rnd = svc.seat_next_round(team_event, seed=1)
    assert rnd.is_final and rnd.brackets.get().seats.count() == 6


def test_a_player_is_in_one_team_and_a_team_has_two_players(team_event):
    add_players(team_event, 4)
    a, b, c, d = team_event.registrations.order_by("player__name")
    team_svc.pair_players(team_event, a, b, "Red")
    with pytest.raises(ValidationError, match="already in team Red"):
        team_svc.pair_players(team_event, a, c, "Blue")
    with pytest.raises(ValidationError, match="two different players"):
        team_svc.pair_players(team_event, c, c, "Blue")
    with pytest.raises(ValidationError, match="called red"):
        team_svc.pair_players(team_event, c, d, "red")


def test_teams_only_in_a_team_spirit_event(event):
    add_players(event, 2)
    a, b = event.registrations.all()
    with pytest.raises(ValidationError, match="Only a Team Spirit event"):
        team_svc.pair_players(event, a, b, "Red")


@pytest.mark.parametrize(
    ("n_teams", "sizes"), [(3, [6]), (4, [8]), (9, [6, 6, 6]), (10, [6, 6, 8])]
)
def test_partners_never_sit_side_by_side(team_event, n_teams, sizes):
    teams = paired(team_event, n_teams)
    partner = {}
    for team in teams:
        a, b = team.first.player_id, team.second.player_id
        partner[a], partner[b] = b, a
    rnd = svc.seat_next_round(team_event, seed=5)
    assert sorted(b.seats.count() for b in rnd.brackets.all()) == sizes
    for bracket in rnd.brackets.all():
        ids = [s.registration.player_id for s in bracket.seats.order_by("position")]
        half = len(ids) // 2
        # A1 B1 C1 A2 B2 C2: a player's partner sits half the table further on.
        assert all(partner[ids[i]] == ids[i + half] for i in range(half))
        assert all(partner[ids[i]] != ids[(i + 1) % len(ids)] for i in range(len(ids)))


def test_a_whole_nine_team_event(team_event):
    # Round 1 (×1): every table's first team wins twice → 4 points to each member, the
    # second team (8 realms a game) 3, the third (6) 2. Three winning teams → the final (×2):
    # winner 5 × 2 = 10, second 3 × 2 = 6, third 2 × 2 = 4 (SPEC §6, §10).
    paired(team_event, 9)
    rnd = svc.seat_next_round(team_event, seed=9)
    expected: dict[int, int] = {}
    for bracket in rnd.brackets.all():
        for team, points in zip(play_first_team_wins(bracket), (4, 3, 2), strict=True):
            for reg in team.registrations:
                expected[reg.player_id] = points
    recompute.refresh_event(team_event)
    for seat in Seat.objects.filter(bracket__round=rnd).select_related("registration"):
        assert seat.figures.points == expected[seat.registration.player_id]
    rnd = svc.close_round(rnd)
    assert len(rnd.advancing) == 6  # three teams, both members each
    final = svc.seat_next_round(team_event, seed=10)
    assert final.is_final and final.brackets.get().seats.count() == 6
    for team, points in zip(play_first_team_wins(final.brackets.get()), (10, 6, 4), strict=True):
        for reg in team.registrations:
            expected[reg.player_id] += points
    recompute.refresh_event(team_event)
    svc.close_round(final)
    svc.finish_event(team_event)
    totals = {
        reg.player_id: sum(s.figures.points for s in reg.seats.all())
        for reg in team_event.registrations.all()
    }
    assert totals == expected
    assert sorted(expected.values(), reverse=True)[:2] == [14, 14]  # the winning team: 4 + 10
    # Both members of the winning team are the event's winners on the standings.
    winners = EventStanding.objects.filter(event=team_event, status="winner")
    assert sorted(w.points for w in winners) == [14, 14]


def test_a_team_drops_as_a_team(team_event):
    teams = paired(team_event, 3)
    svc.seat_next_round(team_event, seed=2)
    svc.drop_player(teams[0].first)
    partner = teams[0].second
    partner.refresh_from_db()
    assert partner.dropped
    assert (
        Seat.objects.filter(registration__in=[teams[0].first, partner], dropped=True).count() == 2
    )


def test_undoing_a_team_drop_brings_both_partners_back(team_event):
    teams = paired(team_event, 3)
    svc.seat_next_round(team_event, seed=2)
    svc.drop_player(teams[0].first)
    svc.undo_drop(teams[0].first)
    members = [teams[0].first, teams[0].second]
    for registration in members:
        registration.refresh_from_db()
        assert not registration.dropped
    assert not Seat.objects.filter(registration__in=members, dropped=True).exists()


# --- recording a team game (results services) -----------------------------------------------


def _submit(bracket, by, winner, counts: list[int], number: int = 1):
    seats = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(seats, counts, strict=True)}
    return results.submit_entry(
        bracket, results.GameData(winner.pk, "victory", unrazed), by, uuid.uuid4(), number=number
    )


@pytest.fixture
def team_table(team_event):
    team_event.single_entry = True
    team_event.save()
    paired(team_event, 3)
    rnd = svc.seat_next_round(team_event, seed=4)
    bracket = rnd.brackets.get()
    return bracket, [s.registration.player for s in bracket.seats.order_by("position")]


def test_a_team_wins_at_ten_together_and_need_not_have_the_most(team_table, organizer):
    bracket, (a1, b1, c1, a2, b2, c2) = team_table
    # Seats A1 B1 C1 A2 B2 C2: team A 6 + 4 = 10 wins although team B has 6 + 6 = 12.
    _submit(bracket, organizer, a1, [6, 6, 1, 4, 6, 1])
    # The second win may be recorded for the other member: it is the team's.
    _submit(bracket, organizer, a2, [5, 3, 3, 5, 3, 3], number=2)
    bracket.refresh_from_db()
    assert bracket.state == "complete" and bracket.winner == a1
    places = {s.registration.player: s.figures.place for s in bracket.seats.all()}
    # A 1st; B 12 + 6 = 18 → 2nd; C 2 + 6 = 8 → 3rd. Final (one table): 5, 3, 2.
    assert places == {a1: 1, a2: 1, b1: 2, b2: 2, c1: 3, c2: 3}
    assert {s.registration.player: s.figures.points for s in bracket.seats.all()}[a2] == 5
    with pytest.raises(ValidationError, match="two games"):
        _submit(bracket, organizer, b1, [3, 5, 3, 3, 5, 3], number=3)


def test_a_team_short_of_ten_is_refused_with_its_name_and_players(team_table, organizer):
    bracket, (a1, _b1, _c1, a2, _b2, _c2) = team_table
    team = team_svc.team_of(bracket.seats.get(registration__player=a1).registration)
    with pytest.raises(ValidationError) as error:
        _submit(bracket, organizer, a1, [6, 6, 1, 3, 6, 1])  # A: 6 + 3 = 9
    message = " ".join(error.value.message_dict["winner"])
    assert team.name in message and f"{a1.name} 6 + {a2.name} 3" in message
    assert "10" in message

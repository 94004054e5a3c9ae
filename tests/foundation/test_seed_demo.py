"""The demo data set: officials, 30 players, a finished, a running and an upcoming event."""

from django.core.management import call_command

from tournament.accounts.models import Player
from tournament.accounts.roles import is_ranking_officer
from tournament.decks.services import decklist_status, public_registrations
from tournament.events.models import Bracket, Event, Seat
from tournament.leagues.models import League
from tournament.leagues.services import table
from tournament.standings.models import RankingTotal


def test_seed_demo_loads_a_complete_demo_once(db):
    call_command("seed_demo")
    call_command("seed_demo")  # a second run adds nothing
    assert Player.objects.count() == 34  # 33 people of the events and the ranking officer
    finished = Event.objects.get(name="Autumn Open")
    assert finished.status == "finished"
    assert finished.registrations.count() == 27
    final = finished.rounds.get(is_final=True)
    winner_seat = Seat.objects.get(bracket__round=final, figures__place=1)
    # The tournament winner earns 5 × round 3 in the final.
    assert winner_seat.figures.points == 15
    assert not Bracket.objects.filter(round__event=finished).exclude(state="complete").exists()
    # Submitted by its organizer and accepted by the demo ranking officer: it is ranked.
    assert finished.review.state == "accepted"
    assert is_ranking_officer(finished.review.decisions.get(action="accept").by)
    assert RankingTotal.objects.filter(year=0).count() == 27 + 3  # players, organizer, judges
    running = Event.objects.get(name="Copa Carioca")
    assert running.status == "running"
    assert running.rounds.get().published
    upcoming = Event.objects.get(name="Winter Championship")
    assert upcoming.status == "registration"
    statuses = [decklist_status(r) for r in upcoming.registrations.all()]
    assert (statuses.count("legal"), statuses.count("illegal")) == (10, 2)
    assert {decklist_status(r) for r in finished.registrations.all()} == {"legal"}


def test_seed_demo_has_a_finished_team_spirit_event(db):
    call_command("seed_demo")
    teams = Event.objects.get(name="Team Spirit Cup")
    assert teams.status == "finished" and teams.tournament_type == "team-spirit"
    assert teams.registrations.count() == 18 and teams.teams.count() == 9
    final = teams.rounds.get(is_final=True)
    # Nine teams: round 1 seats three tables of three teams, the final (round 2) one.
    assert [r.brackets.count() for r in teams.rounds.order_by("number")] == [3, 1]
    winners = Seat.objects.filter(bracket__round=final, figures__place=1)
    # The winning team's two members each earn the tournament winner's 5 × round 2.
    assert [s.figures.points for s in winners] == [10, 10]
    assert final.brackets.get().seats.count() == 6


def test_seed_demo_has_a_season_and_published_lists(db):
    call_command("seed_demo")
    finished = Event.objects.get(name="Autumn Open")
    public = public_registrations(finished)
    # Top 8 published (players sharing place 8 are all in): every public list placed 1–8.
    assert public.count() >= 8
    assert set(public.values_list("standing__place", flat=True)) <= set(range(1, 9))
    league = League.objects.get(name="Season 2026")
    assert league.championship.name == "Winter Championship"
    rows = table(league)
    # The one accepted event in 2026 counts: its 27 players and its 3 officials.
    assert len(rows) == 30
    qualified = [r for r in rows if r.qualified]
    worst = max(r.rank for r in qualified)
    assert len(qualified) >= 4 and worst <= 4  # the top 4, and anyone tied at the 4th rank

"""The demo data set: officials, 30 players, finished, running and upcoming events of both
structures (SPEC §11), and players who read Portuguese."""

from django.core.management import call_command

from tournament.accounts.models import Player
from tournament.accounts.preferences import chosen
from tournament.accounts.roles import is_ranking_officer
from tournament.decks.services.saving import decklist_status
from tournament.decks.services.visibility import public_registrations
from tournament.events.models import Bracket, Event, Seat
from tournament.leagues.models import League
from tournament.leagues.services import table
from tournament.ranking.models import RankingTotal


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


def test_seed_demo_has_a_finished_blitz_one_on_one_event(db):
    call_command("seed_demo")
    blitz = Event.objects.get(name="Blitz Night")
    assert blitz.status == "finished" and blitz.is_one_on_one
    assert (blitz.deck_rules, blitz.deck_size, blitz.best_of) == ("blitz", 25, 1)
    assert {decklist_status(r) for r in blitz.registrations.all()} == {"legal"}
    rounds = list(blitz.rounds.order_by("number"))
    # SPEC §11: four Swiss rounds, then a cut of 4 (1 v 4, 2 v 3) and its final.
    assert [(r.is_cut, r.brackets.count()) for r in rounds] == [
        (False, 7),
        (False, 7),
        (False, 7),
        (False, 7),
        (True, 2),
        (True, 1),
    ]
    # 15 players: one bye a round while the field is odd; one drops after round 2 (14 left).
    assert [len(r.byes) for r in rounds] == [1, 1, 0, 0, 0, 0]
    assert list(
        blitz.registrations.filter(dropped_in_round__isnull=False).values_list(
            "dropped_in_round", flat=True
        )
    ) == [2]
    assert rounds[-1].is_final


def test_seed_demo_has_a_sao_paulo_event_read_in_portuguese(db):
    call_command("seed_demo")
    sao_paulo = Event.objects.get(name="Torneio de São Paulo")
    assert (sao_paulo.time_zone, sao_paulo.rules_edition) == ("America/Sao_Paulo", "regra-5.0")
    assert sao_paulo.status == "running"
    players = [r.player.user for r in sao_paulo.registrations.select_related("player__user")]
    assert len(players) == 13
    assert {chosen(user).language for user in players} == {"pt-br"}
    # The final is seated and published for the judges, after round 1 closed.
    assert [(r.state, r.published) for r in sao_paulo.rounds.order_by("number")] == [
        ("closed", True),
        ("seated", True),
    ]

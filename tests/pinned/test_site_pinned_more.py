"""More rules pinned on the site's services: drops, the ranking after a re-acceptance
(SPEC §4, §9), leagues (docs/leagues.md) and the mail outbox (docs/notifications.md). Each
test holds one rule that dropping its check breaks."""

import datetime
import random
import uuid
from itertools import combinations

import pytest
from django.core import mail
from django.utils import timezone

from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking
from tournament.events.models import Event, Registration, Seat
from tournament.events.services.registration import register
from tournament.leagues import services as leagues
from tournament.leagues.models import League
from tournament.notifications import services as outbox
from tournament.notifications import tasks
from tournament.notifications.models import Message
from tournament.ranking.models import RankedScore, RankingTotal
from tournament.ranking.services import store_ranked_figures
from tournament.results import services
from tournament.results.services import GameData
from tournament.rounds.services import rounds as round_service
from tournament.rounds.simulate import run_event
from tournament.standings.models import EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def enter(bracket, seats, winner, counts, judge, confirmer, number) -> None:
    data = GameData(
        winner.pk, "victory", {str(p.pk): c for p, c in zip(seats, counts, strict=True)}
    )
    outcome = services.submit_entry(bracket, data, judge, uuid.uuid4(), number=number)
    services.confirm_entry(outcome.entry, confirmer)


# --- drops (SPEC §4) -----------------------------------------------------------------------


def test_a_drop_after_his_bracket_finished_keeps_his_place(
    event, bracket, seated, judge, second_judge
):
    # SPEC §4: a dropped player ranks last in a bracket that still plays on; a finished
    # bracket keeps its places. Seat 1 wins two games 6–4–3: seat 2 has 4 + 4 = 8 realms
    # (2nd), seat 3 has 3 + 3 = 6 (3rd). Seat 2 then drops while other tables still play:
    # he stays 2nd, seat 3 stays 3rd.
    for number in (1, 2):
        enter(bracket, seated, seated[0], [6, 4, 3], judge, second_judge, number)
    round_service.drop_player(Registration.objects.get(event=event, player=seated[1]))
    places = {
        s.registration.player_id: s.figures.place for s in Seat.objects.filter(bracket=bracket)
    }
    assert places == {seated[0].pk: 1, seated[1].pk: 2, seated[2].pk: 3}


def test_round_2_seats_no_round_1_tablemates_together(
    event, registered_players, judge, second_judge
):
    # SPEC §4 seating quality (1): players who already shared a bracket "meet again as
    # little as possible". Fifteen players, five tables won by their first seat 6–4–3:
    # five winners plus one wildcard (a second place, drawn) make two tables of 3. The
    # wildcard sat with one winner in round 1; a seating that keeps them apart exists, so
    # every seating of round 2 (several seeds) has no pair who met in round 1.
    for i in range(10, 16):
        Registration.objects.create(
            event=event, player=make_player(f"p{i}", f"Player {i:02d}"), checked_in=True
        )
    round1 = round_service.seat_next_round(event, seed=7)
    round_service.publish_round(round1)
    for b in round1.brackets.order_by("table"):
        seats = [s.registration.player for s in b.seats.order_by("position")]
        for number in (1, 2):
            enter(b, seats, seats[0], [6, 4, 3], judge, second_judge, number)
    round_service.close_round(round1)
    met = {
        frozenset(pair)
        for b in round1.brackets.all()
        for pair in combinations(b.seats.values_list("registration__player_id", flat=True), 2)
    }
    round2 = round_service.seat_next_round(event, seed=1)
    for seed in range(2, 7):
        tables = [
            list(b.seats.values_list("registration__player_id", flat=True))
            for b in round2.brackets.all()
        ]
        assert sorted(map(len, tables)) == [3, 3]
        assert not {frozenset(p) for t in tables for p in combinations(t, 2)} & met
        round2 = round_service.reseat_round(round2, seed=seed)


# --- the ranking after a re-acceptance (SPEC §9) -------------------------------------------


@pytest.fixture
def two_accepted(event, registered_players, organizer):
    """The nine players play two events (simulated), both accepted for the ranking."""
    run_event(event, random.Random(7))
    refresh_event(event)
    later = Event.objects.create(
        name="Winter Open",
        date=datetime.date(2026, 12, 12),
        venue="Halifax",
        organizer=organizer,
        status="registration",
    )
    for p in registered_players:
        Registration.objects.create(event=later, player=p, checked_in=True)
    run_event(later, random.Random(8))
    refresh_event(later)
    event.refresh_from_db()
    later.refresh_from_db()
    accept_for_ranking(event, later)
    return event, later


def test_a_player_removed_from_a_re_accepted_event_keeps_only_his_other_points(two_accepted):
    # SPEC §9: "the ranking changes only when the correction is accepted" — and then it
    # follows the corrected event. A player the corrected event no longer lists keeps just
    # his points from the other event.
    first, later = two_accepted
    standing = EventStanding.objects.filter(event=first, points__gt=0).order_by("pk").first()
    removed = standing.player_id
    elsewhere = RankedScore.objects.get(event=later, player_id=removed).playing_points
    total = RankingTotal.objects.get(player_id=removed, year=0)
    assert total.playing_points == standing.points + elsewhere
    standing.delete()
    store_ranked_figures(first)
    assert RankingTotal.objects.get(player_id=removed, year=0).playing_points == elsewhere


# --- leagues (docs/leagues.md) -------------------------------------------------------------


def test_an_every_event_league_counts_every_event(two_accepted, registered_players):
    # docs/leagues.md counting: "every event of the season, or a player's best N events".
    # A league counting every event ignores a best-N figure left in its row: each player's
    # two accepted events both count (the officials' rows aside).
    first, later = two_accepted
    league = League.objects.create(
        name="Liga 2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
        counting=League.Counting.ALL,
        best_n=1,
    )
    players = {p.pk for p in registered_players}
    counted = {int(r.player): sorted(r.counted) for r in leagues.table(league)}
    assert {pk: counted[pk] for pk in players} == dict.fromkeys(
        players, sorted([first.pk, later.pk])
    )


def test_an_unrestricted_championship_accepts_unqualified_players(event, two_accepted):
    # docs/leagues.md: a championship "whose registration can be limited to the qualified
    # players" — only when the league says so. A league leading to this championship with
    # one slot but no restriction lets a player who never played register.
    championship = Event.objects.create(
        name="Championship",
        date=datetime.date(2027, 1, 20),
        venue="Halifax",
        organizer=event.organizer,
        status="registration",
    )
    League.objects.create(
        name="Liga 2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
        qualify=1,
        championship=championship,
        restrict_championship=False,
    )
    outsider = make_player("outsider", "Otto Outsider")
    assert register(championship, outsider).player_id == outsider.pk


# --- mail (docs/notifications.md) ----------------------------------------------------------


def test_a_message_claimed_by_a_worker_that_died_is_sent_by_the_sweep(event):
    # notifications.services: "a worker that dies between the two leaves a stale claim that
    # the sweep sends again". A registration e-mail was claimed longer ago than STALE_CLAIM
    # and never sent: the sweep sends it.
    newcomer = make_player("newcomer", "Nina Newcomer")
    register(event, newcomer)
    message = Message.objects.get(recipient=newcomer.user)
    claimed = timezone.now() - outbox.STALE_CLAIM - datetime.timedelta(seconds=1)
    Message.objects.filter(pk=message.pk).update(claimed_at=claimed)
    mail.outbox.clear()
    assert tasks.sweep() == 1
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.SENT
    assert [m.to for m in mail.outbox] == [[newcomer.user.email]]

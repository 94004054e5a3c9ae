"""What the standings store writes after each change that moves points (SPEC §6), values
worked out by hand: placement points 4/3/2/1 × the round number × the event multiplier; the
coordinator 1 point per participant, each additional judge 1 per 2 players, rounded down."""

import uuid

import pytest

from tournament.events.models import Round, Seat
from tournament.events.services.editing import save_event
from tournament.events.services.registration import set_judges
from tournament.results import services as results
from tournament.results.services import GameData
from tournament.rounds.services.rounds import publish_round, seat_next_round
from tournament.standings.models import OfficialScore


@pytest.fixture
def first_round(event, registered_players) -> Round:
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd


def two_wins(bracket, judge, second_judge):
    """The bracket's first seated player wins games 1 and 2, 6 realms to 3 and 2 each time:
    totals 12 / 6 / 4 realms, so places 1, 2, 3 in seat order (SPEC §6)."""
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    for number in (1, 2):
        game = GameData(
            winner=players[0].pk,
            ended_by="victory",
            unrazed={str(p.pk): n for p, n in zip(players, (6, 3, 2), strict=True)},
        )
        entry = results.submit_entry(bracket, game, judge, uuid.uuid4(), number=number).entry
        results.confirm_entry(entry, second_judge)
    return players


def points_by_player(bracket) -> dict[int, int | None]:
    return {
        s.registration.player_id: s.figures.points
        for s in Seat.objects.filter(bracket=bracket).select_related("figures")
    }


@pytest.mark.parametrize("mode", ["cumulative", "last-bracket"])
def test_the_bracket_being_refreshed_keeps_its_points(
    mode, event, first_round, judge, second_judge
):
    """In "last bracket only" mode a player's round-1 bracket counts while he plays no later
    round: the bracket refreshed now is not superseded by itself."""
    event.points_mode = mode
    event.save(update_fields=["points_mode"])
    bracket = first_round.brackets.order_by("table").first()
    a, b, c = two_wins(bracket, judge, second_judge)
    assert points_by_player(bracket) == {a.pk: 4, b.pk: 3, c.pk: 2}


def test_the_round_multiplier_follows_the_event_multiplier(event, first_round):
    """Round 1 of a double-points event: × 1 × 2 (SPEC §6)."""
    assert first_round.multiplier == 1
    event.event_multiplier = 2
    save_event(event, ["event_multiplier"])
    first_round.refresh_from_db()
    assert first_round.multiplier == 2


def test_changing_the_judges_recomputes_the_officials_points(
    event, first_round, organizer, judge, second_judge
):
    """Nine participants: the coordinator 9, each additional judge 9 // 2 = 4."""
    points = dict(OfficialScore.objects.filter(event=event).values_list("player_id", "points"))
    assert points == {organizer.pk: 9, judge.pk: 4, second_judge.pk: 4}
    set_judges(event, [judge])
    points = dict(OfficialScore.objects.filter(event=event).values_list("player_id", "points"))
    assert points == {organizer.pk: 9, judge.pk: 4}

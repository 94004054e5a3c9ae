"""The round life cycle through the services: seat, play (simulated), close, finish."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.advancement import advance
from scoring.brackets import bracket_sizes
from tests.support.players import make_player
from tournament.events.models import Bracket, Round, Seat
from tournament.events.to_engine import engine_id, event_record
from tournament.results.models import Game
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round
from tournament.standings import recompute

PLACE_POINTS = {1: 4, 2: 3, 3: 2, 4: 1}


def run_to_finish(event, rng) -> list[Round]:
    """Seat, play and close every round, then finish; the rounds played."""
    played = []
    while True:
        rnd = svc.seat_next_round(event, seed=rng.randrange(2**48))
        svc.publish_round(rnd)
        play_round(rnd, rng)
        rnd = svc.close_round(rnd)
        played.append(rnd)
        if rnd.is_final:
            svc.finish_event(event)
            return played


def sizes(rnd: Round) -> list[int]:
    return sorted(b.seats.count() for b in rnd.brackets.all())


@pytest.mark.parametrize(
    ("count", "expected_rounds", "expected_wildcards"),
    [
        (9, [[3, 3, 3], [3]], [0, 0]),
        (10, [[3, 3, 4], [3]], [0, 0]),
        (15, [[3] * 5, [3, 3], [3]], [1, 1, 0]),
        (27, [[3] * 9, [3, 3, 3], [3]], [0, 0, 0]),
        (100, [[3] * 32 + [4], [3] * 11, [3, 4, 4], [3]], [0, 0, 0, 0]),
    ],
)
def test_whole_event(event_with, rng, count, expected_rounds, expected_wildcards):
    event = event_with(count)
    played = run_to_finish(event, rng)
    event.refresh_from_db()
    assert event.status == "finished"
    assert [sizes(r) for r in played] == expected_rounds
    assert [len(r.wildcards) for r in played] == expected_wildcards
    for rnd in played:
        brackets = list(rnd.brackets.all())
        assert sorted(sizes(rnd)) == sorted(bracket_sizes(sum(sizes(rnd))))
        assert all(b.state == Bracket.State.COMPLETE and b.winner_id for b in brackets)
        winners = [engine_id(b.winner_id) for b in brackets]
        assert rnd.advancing == winners + [w["player"] for w in rnd.wildcards]
        assert not set(winners) & {w["player"] for w in rnd.wildcards}
        next_round = event.rounds.filter(number=rnd.number + 1).first()
        if next_round:
            seated = {
                engine_id(pid)
                for pid in Seat.objects.filter(bracket__round=next_round).values_list(
                    "registration__player_id", flat=True
                )
            }
            assert seated == set(rnd.advancing)
            marked = Seat.objects.filter(bracket__round=next_round, is_wildcard=True)
            assert {engine_id(s.registration.player_id) for s in marked} == {
                w["player"] for w in rnd.wildcards
            }
        for seat in Seat.objects.filter(bracket__round=rnd):
            final_winner = rnd.is_final and seat.figures.place == 1
            base = 5 if final_winner else PLACE_POINTS[seat.figures.place]
            assert seat.figures.points == base * rnd.number
    final = played[-1]
    assert final.is_final and final.brackets.count() == 1
    assert final.advancing == [engine_id(final.brackets.get().winner_id)]
    champion = final.brackets.get().winner
    champion_seats = Seat.objects.filter(bracket__round__event=event, registration__player=champion)
    assert champion_seats.count() == len(played)  # won every bracket to get there (or wildcard)
    assert champion_seats.get(bracket__round=final).figures.points == 5 * final.number


def test_wildcard_chosen_by_points(event_with, rng):
    event = event_with(15)
    rnd = svc.seat_next_round(event, seed=1)
    play_round(rnd, rng)
    rnd = svc.close_round(rnd)
    (wildcard,) = rnd.wildcards
    seconds = Seat.objects.filter(bracket__round=rnd, figures__place=2)
    best = max(s.figures.points for s in seconds)
    chosen = Seat.objects.get(bracket__round=rnd, registration__player_id=int(wildcard["player"]))
    assert chosen.figures.points == best == 3
    assert wildcard["decided_by"] in {"points", "unrazed", "games-won", "draw"}


def test_engine_leaves_withdrawn_players_out_of_advancement(event_with, rng):
    event = event_with(15)
    rnd = svc.seat_next_round(event, seed=2)
    play_round(rnd, rng)
    record = event_record(event)
    everyone = advance(record, 1)
    gone_winner = everyone.winners[0]
    without = advance(record, 1, withdrawn={gone_winner, everyone.wildcards[0].player})
    assert gone_winner not in without.advancing
    assert everyone.wildcards[0].player not in without.advancing
    # 4 winners left: seatable as one final bracket, so no wildcard is needed any more.
    assert len(without.winners) == 4 and without.wildcards == ()
    assert without.next_is_final


def test_round_one_needs_a_seatable_count(event_with):
    event = event_with(5)
    with pytest.raises(ValidationError, match="5 players cannot be seated"):
        svc.seat_next_round(event)
    assert not event.rounds.exists()


def test_round_one_with_two_players_refused(event_with):
    event = event_with(2)
    with pytest.raises(ValidationError, match="2 players cannot be seated"):
        svc.seat_next_round(event)


def test_round_one_without_check_in_refused(event):
    with pytest.raises(ValidationError, match="Check players in"):
        svc.seat_next_round(event)


def test_draft_event_cannot_be_seated(event_with):
    event = event_with(9)
    event.status = "draft"
    event.save()
    with pytest.raises(ValidationError, match="registration or running"):
        svc.seat_next_round(event)


def test_reseat_before_results_then_refused_after(event_with, rng):
    event = event_with(12)
    rnd = svc.seat_next_round(event, seed=1)
    svc.publish_round(rnd)
    again = svc.reseat_round(rnd, seed=99)
    assert again.number == 1 and again.seed == 99 and again.published
    assert Seat.objects.filter(bracket__round=again).count() == 12
    assert event.rounds.count() == 1
    play_round(again, rng)
    with pytest.raises(ValidationError, match="cannot be re-seated"):
        svc.reseat_round(again)


def test_reseat_of_a_closed_round_refused(event_with, rng):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=1)
    play_round(rnd, rng)
    svc.close_round(rnd)
    with pytest.raises(ValidationError, match="closed"):
        svc.reseat_round(rnd)


def test_late_player_before_round_one_only(event_with, stranger, rng):
    event = event_with(8)
    late = svc.add_late_player(event, stranger)
    assert late.late and late.checked_in
    guest = svc.add_late_player(event, name="Walk-in Wendy")
    assert guest.player.user is None and guest.player.player_number
    rnd = svc.seat_next_round(event, seed=3)
    assert Seat.objects.filter(bracket__round=rnd).count() == 10
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        svc.add_late_player(event, name="Too Late")


def test_late_player_needs_a_name(event_with):
    event = event_with(9)
    with pytest.raises(ValidationError, match="name"):
        svc.add_late_player(event, name="  ")


def test_drop_in_a_running_bracket_ranks_last_and_never_advances(event_with, rng):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=4)
    seat = Seat.objects.filter(bracket__round=rnd).order_by("bracket__table", "position").first()
    svc.drop_player(seat.registration)
    seat.refresh_from_db()
    assert seat.dropped
    play_round(rnd, rng)
    seat.refresh_from_db()
    assert seat.figures.place == seat.bracket.seats.count()  # last in the bracket
    rnd = svc.close_round(rnd)
    dropped = engine_id(seat.registration.player_id)
    assert dropped not in rnd.advancing
    assert len(rnd.advancing) == 3 and not rnd.wildcards


def test_drop_twice_refused(event_with):
    event = event_with(9)
    registration = event.registrations.first()
    svc.drop_player(registration)
    with pytest.raises(ValidationError, match="already dropped"):
        svc.drop_player(registration)
    assert svc.seat_next_round(event, seed=1).brackets.count() == 2  # 8 players: 4 + 4


def test_dropped_player_never_a_wildcard(event_with, rng):
    """The engine's choice of wildcard drops after the bracket ended: another is chosen."""
    event = event_with(15)
    rnd = svc.seat_next_round(event, seed=5)
    play_round(rnd, rng)
    engine_pick = advance(event_record(event), 1).wildcards[0].player
    svc.drop_player(event.registrations.get(player_id=int(engine_pick)))
    rnd = svc.close_round(rnd)
    assert len(rnd.wildcards) == 1 and rnd.wildcards[0]["player"] != engine_pick
    assert engine_pick not in rnd.advancing and len(rnd.advancing) == 6
    second = svc.seat_next_round(event, seed=6)
    assert sizes(second) == [3, 3]


def test_winner_dropping_before_close_shrinks_advancing(event_with, rng):
    event = event_with(15)
    rnd = svc.seat_next_round(event, seed=7)
    play_round(rnd, rng)
    winner = rnd.brackets.first().winner
    svc.drop_player(event.registrations.get(player=winner))
    rnd = svc.close_round(rnd)
    assert engine_id(winner.pk) not in rnd.advancing
    assert len(rnd.advancing) == 4 and not rnd.wildcards  # 4 winners: the final is next
    assert svc.seat_next_round(event, seed=8).is_final


def test_winner_dropping_between_rounds_brings_a_wildcard(event_with, rng):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=9)
    play_round(rnd, rng)
    rnd = svc.close_round(rnd)
    assert not rnd.wildcards
    leaver = int(rnd.advancing[0])
    svc.drop_player(event.registrations.get(player_id=leaver))
    rnd.refresh_from_db()
    assert engine_id(leaver) not in rnd.advancing and len(rnd.advancing) == 3
    (wildcard,) = rnd.wildcards
    final = svc.seat_next_round(event, seed=10)
    assert final.is_final
    seats = Seat.objects.filter(bracket__round=final)
    seated = set(seats.values_list("registration__player_id", flat=True))
    assert leaver not in seated and int(wildcard["player"]) in seated
    assert seats.get(registration__player_id=int(wildcard["player"])).is_wildcard


def test_close_refused_while_brackets_are_unfinished(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=11)
    with pytest.raises(ValidationError, match="table 1, 2, 3"):
        svc.close_round(rnd)
    rnd.refresh_from_db()
    assert rnd.state == Round.State.SEATED


def _game(bracket, number, winner, counts):
    return Game.objects.create(
        bracket=bracket, number=number, winner=winner, ended_by="victory", unrazed=counts
    )


def test_close_refused_until_the_judge_decides_a_tie(event_with):
    event = event_with(3)
    rnd = svc.seat_next_round(event, seed=12)
    assert rnd.is_final
    bracket = rnd.brackets.get()
    a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
    counts = {engine_id(a.pk): 6, engine_id(b.pk): 3, engine_id(c.pk): 3}
    _game(bracket, 1, a, counts)
    _game(bracket, 2, a, counts)
    recompute.refresh_event(event)
    bracket.refresh_from_db()
    assert bracket.state == Bracket.State.NEEDS_DECISION
    with pytest.raises(ValidationError, match="judge decision: table 1"):
        svc.close_round(rnd)
    with pytest.raises(ValidationError, match="Close the final"):
        svc.finish_event(event)
    bracket.tiebreak_order = [engine_id(c.pk), engine_id(b.pk)]
    bracket.save()
    rnd = svc.close_round(rnd)
    assert rnd.state == Round.State.CLOSED and rnd.advancing == [engine_id(a.pk)]
    assert Seat.objects.get(bracket=bracket, registration__player=c).figures.place == 2
    assert Seat.objects.get(bracket=bracket, registration__player=a).figures.points == 5
    svc.finish_event(event)
    event.refresh_from_db()
    assert event.status == "finished"
    with pytest.raises(ValidationError, match="finished"):
        svc.drop_player(event.registrations.get(player=b))


def test_next_round_refused_before_close(event_with, rng):
    event = event_with(9)
    svc.seat_next_round(event, seed=13)
    with pytest.raises(ValidationError, match="Close round 1"):
        svc.seat_next_round(event)


def test_timer_start_and_call(timed_event, rng):
    from tests.support.events import add_players

    add_players(timed_event, 9, prefix="t")
    rnd = svc.seat_next_round(timed_event, seed=14)
    assert svc.timer_ends_at(rnd) is None
    rnd = svc.start_timer(rnd)
    assert svc.timer_ends_at(rnd) - rnd.started_at == datetime.timedelta(minutes=50)
    rnd = svc.call_time(rnd)
    assert rnd.time_called_at
    with pytest.raises(ValidationError, match="already been called"):
        svc.call_time(rnd)


def test_timer_refused_without_time_limit(event_with):
    event = event_with(9)
    rnd = svc.seat_next_round(event, seed=15)
    with pytest.raises(ValidationError, match="no time limit"):
        svc.start_timer(rnd)


def test_guest_player_gets_a_number(db):
    make_player("someone")
    guest = svc.create_guest_player("Gus Guest")
    assert guest.user is None and int(guest.player_number) > 1000

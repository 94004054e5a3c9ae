"""One-on-one events run through the site's services (SPEC §11): pairing, byes, match
results checked by the engine, drops, no-shows, the top cut and final places.

Expected figures are worked out by hand from SPEC §11 in each test's comments."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.one_on_one import play_game, win
from tests.support.results import seated
from tournament.events.models import Bracket, Round
from tournament.results.services import GameData, submit_entry
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show
from tournament.standings.models import EventScoring, EventStanding

pytestmark = pytest.mark.django_db


def _matches(rnd: Round) -> list[Bracket]:
    return list(rnd.brackets.order_by("table"))


def _standing(event) -> list[EventStanding]:
    return list(EventStanding.objects.filter(event=event).order_by("place"))


def test_round_one_pairs_everyone_once_and_an_odd_player_gets_a_bye(swiss_event):
    event = swiss_event(7)
    rnd = rounds.seat_next_round(event, seed=11)
    paired = [p for b in _matches(rnd) for p in seated(b)]
    # 7 players: three matches and one bye (SPEC §11), nobody twice.
    assert len(_matches(rnd)) == 3
    assert len(rnd.byes) == 1
    everyone = {p.pk for p in paired} | set(rnd.byes)
    assert len(everyone) == 7 and len(paired) == 6
    assert not rnd.is_cut


def test_the_bye_is_a_match_won_two_nil_in_best_of_three(swiss_event, judge, second_judge):
    event = swiss_event(3, best_of=3, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=3)
    (match,) = _matches(rnd)
    a, b = seated(match)
    win(match, a, judge, second_judge, best_of=3)
    rnd = rounds.close_round(rnd)
    bye = EventStanding.objects.get(event=event, player_id=rnd.byes[0])
    # A bye counts 3 match points and 2 games won at 1 (SPEC §11): GW = 6/6 = 1.
    assert bye.match_points == 3
    assert bye.gw == 1
    assert bye.record == "1-0-0"
    loser = EventStanding.objects.get(event=event, player=b)
    # Lost 0-2: game points 0 of 6, floored at 1/3 → 0.3333.
    assert loser.match_points == 0
    assert str(loser.gw) == "0.3333"
    assert loser.record == "0-1-0"


def test_a_game_after_the_match_is_decided_is_refused(swiss_event, judge, second_judge):
    event = swiss_event(2, best_of=3)
    (match,) = _matches(rounds.seat_next_round(event, seed=5))
    a, b = seated(match)
    win(match, a, judge, second_judge, best_of=3)  # 2-0: decided (2 of 3)
    with pytest.raises(ValidationError, match="decided"):
        play_game(match, b, {a: 2, b: 6}, judge, second_judge)
    match.refresh_from_db()
    assert match.state == Bracket.State.COMPLETE and match.winner == a


def test_a_drawn_swiss_match_gives_each_player_one_point(swiss_event, judge, second_judge):
    event = swiss_event(2, best_of=3, time_limit_minutes=50)
    rnd = rounds.seat_next_round(event, seed=5)
    (match,) = _matches(rnd)
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    play_game(match, b, {a: 1, b: 6}, judge, second_judge)
    rounds.start_timer(rnd)
    rounds.call_time(rnd)
    # Game 3 ends by time 3-3, razed and holdings equal: a drawn game; 1-1 in games is a
    # drawn match (SPEC §11), 1 match point each.
    equal = {a: 1, b: 1}
    play_game(
        match, None, {a: 3, b: 3}, judge, second_judge, ended_by="time", razed=equal, holdings=equal
    )
    rounds.close_round(rnd)
    rows = {r.player_id: r for r in _standing(event)}
    assert rows[a.pk].match_points == rows[b.pk].match_points == 1
    assert rows[a.pk].record == "0-0-1"


def test_later_rounds_pair_by_points_without_repeats(swiss_event, judge, second_judge):
    event = swiss_event(4, swiss_rounds=3)
    met = set()
    for number in (1, 2, 3):
        rnd = rounds.seat_next_round(event, seed=number)
        points = {r.player_id: r.match_points for r in _standing(event)}
        for match in _matches(rnd):
            a, b = seated(match)
            pair = frozenset((a.pk, b.pk))
            assert pair not in met  # 4 players meet each other once in 3 rounds
            met.add(pair)
            if number == 2:  # winners meet winners after round 1 (3 v 3, 0 v 0)
                assert points[a.pk] == points[b.pk]
            win(match, a, judge, second_judge)
        rounds.close_round(rnd)
    assert len(met) == 6


def test_a_dropped_player_is_paired_no_more_and_his_match_still_counts(
    swiss_event, judge, second_judge
):
    event = swiss_event(4, swiss_rounds=2)
    rnd = rounds.seat_next_round(event, seed=9)
    first, second = _matches(rnd)
    a, b = seated(first)
    c, _d = seated(second)
    win(first, a, judge, second_judge)
    win(second, c, judge, second_judge)
    rounds.close_round(rnd)
    rounds.drop_player(event.registrations.get(player=b))
    rnd2 = rounds.seat_next_round(event, seed=10)
    paired = {p for m in _matches(rnd2) for p in seated(m)}
    # Three players left: one match and a bye; b is not paired.
    assert b not in paired and b.pk not in rnd2.byes
    assert len(paired) == 2 and len(rnd2.byes) == 1
    row = EventStanding.objects.get(event=event, player=b)
    assert row.status == EventStanding.Status.DROPPED and row.record == "0-1-0"


def test_a_no_show_loses_nil_two_and_the_match_takes_no_games(swiss_event, judge, second_judge):
    event = swiss_event(2, best_of=3, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = _matches(rnd)
    a, b = seated(match)
    record_no_show(match, event.registrations.get(player=b))
    with pytest.raises(ValidationError, match="did not come"):
        play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    rounds.close_round(rnd)
    rows = {r.player_id: r for r in _standing(event)}
    # 0-2 for the no-show: a has GW 6/6 = 1, b 0 floored at 1/3.
    assert rows[a.pk].match_points == 3 and rows[a.pk].gw == 1
    assert rows[b.pk].match_points == 0 and str(rows[b.pk].gw) == "0.3333"


def test_re_pairing_before_the_first_result_only(swiss_event, judge, second_judge):
    event = swiss_event(6)
    rnd = rounds.seat_next_round(event, seed=1)
    rnd = rounds.reseat_round(rnd, seed=2)
    assert rnd.seed == 2
    first = _matches(rnd)[0]
    a, _b = seated(first)
    win(first, a, judge, second_judge)
    with pytest.raises(ValidationError, match="cannot be paired again"):
        rounds.reseat_round(rnd, seed=3)


def test_top_cut_of_four_and_final_places(swiss_event, judge, second_judge):
    # 8 players, 3 Swiss rounds, best of 1, top 4. In every match the player at seat 1
    # wins. After the Swiss rounds the standing's first four play 1 v 4 and 2 v 3 (SPEC
    # §11); in the cut the lower seed wins both semis, then seed 4's winner beats seed 3's.
    event = swiss_event(8, swiss_rounds=3, top_cut=4)
    for number in (1, 2, 3):
        rnd = rounds.seat_next_round(event, seed=100 + number)
        for match in _matches(rnd):
            win(match, seated(match)[0], judge, second_judge)
        rounds.close_round(rnd)
    swiss = [r.player_id for r in _standing(event)]
    semis = rounds.seat_next_round(event)
    assert semis.is_cut and not semis.is_final
    pairs = [tuple(p.pk for p in seated(m)) for m in _matches(semis)]
    assert pairs == [(swiss[0], swiss[3]), (swiss[1], swiss[2])]
    for match in _matches(semis):
        win(match, seated(match)[1], judge, second_judge)  # seeds 4 and 3 win
    rounds.close_round(semis)
    final = rounds.seat_next_round(event)
    assert final.is_cut and final.is_final
    (match,) = _matches(final)
    assert [p.pk for p in seated(match)] == [swiss[3], swiss[2]]
    win(match, seated(match)[0], judge, second_judge)  # seed 4 wins the event
    rounds.close_round(final)
    rounds.finish_event(event)
    places = [r.player_id for r in _standing(event)]
    # Winner (seed 4), finalist (seed 3), then the semi-final losers by Swiss standing
    # (seed 1 before seed 2), then places 5-8 by Swiss standing.
    assert places == [swiss[3], swiss[2], swiss[0], swiss[1], *swiss[4:]]
    rows = _standing(event)
    assert rows[0].status == EventStanding.Status.WINNER
    assert rows[2].status == EventStanding.Status.ELIMINATED
    scoring = EventScoring.objects.get(event=event)
    assert scoring.eligible is False and scoring.reasons == [{"code": "one-on-one"}]
    assert scoring.winner_id == swiss[3]


def test_the_event_cannot_finish_before_its_rounds_are_played(swiss_event, judge, second_judge):
    event = swiss_event(4, swiss_rounds=2)
    rnd = rounds.seat_next_round(event, seed=1)
    for match in _matches(rnd):
        win(match, seated(match)[0], judge, second_judge)
    rounds.close_round(rnd)
    with pytest.raises(ValidationError, match="1 of 2 Swiss rounds"):
        rounds.finish_event(event)


def test_a_round_with_an_undecided_match_cannot_close(swiss_event, judge, second_judge):
    event = swiss_event(4, best_of=3)
    rnd = rounds.seat_next_round(event, seed=1)
    first, _second = _matches(rnd)
    a, b = seated(first)
    play_game(first, a, {a: 6, b: 2}, judge, second_judge)  # 1-0 of a best of 3: not over
    with pytest.raises(ValidationError, match="table 1, 2"):
        rounds.close_round(rnd)


def test_a_game_breaking_section_five_is_refused_in_a_match(swiss_event, judge, second_judge):
    event = swiss_event(2, best_of=3)
    (match,) = _matches(rounds.seat_next_round(event, seed=5))
    a, b = seated(match)
    # Won by the victory condition with 2 unrazed realms: the winner needs 6 (SPEC §5).
    with pytest.raises(ValidationError, match="needs at least 6"):
        play_game(match, a, {a: 2, b: 1}, judge, second_judge)
    assert not match.games.exists()


def test_a_correction_that_makes_a_later_game_impossible_is_refused(
    swiss_event, judge, second_judge
):
    event = swiss_event(2, best_of=3)
    (match,) = _matches(rounds.seat_next_round(event, seed=5))
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    play_game(match, b, {a: 2, b: 6}, judge, second_judge)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    # Game 2 corrected to a win of a: a would lead 2-0 after game 2, so game 3 could not
    # have been played (SPEC §11: no game after the match is decided).
    data = GameData(winner=a.pk, ended_by="victory", unrazed={str(a.pk): 6, str(b.pk): 2})
    with pytest.raises(ValidationError, match="later game of the match"):
        submit_entry(match, data, judge, uuid.uuid4(), number=2, correction=True, reason="typo")


def test_a_closed_round_reopens_until_the_next_one_is_paired(swiss_event, judge, second_judge):
    event = swiss_event(4, swiss_rounds=2)
    rnd = rounds.seat_next_round(event, seed=1)
    for match in _matches(rnd):
        win(match, seated(match)[0], judge, second_judge)
    rnd = rounds.close_round(rnd)
    rnd = rounds.reopen_round(rnd)
    assert rnd.state == Round.State.SEATED
    rnd = rounds.close_round(rnd)
    rounds.seat_next_round(event, seed=2)
    with pytest.raises(ValidationError, match="can no longer be reopened"):
        rounds.reopen_round(rnd)

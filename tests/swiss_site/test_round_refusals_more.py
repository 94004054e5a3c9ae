"""The one-on-one round life cycle's refusals (`rounds/services/swiss.py`) that planted
one-line bugs once got past. SPEC §11: "Rounds" (Swiss rounds, then the optional top cut;
the last round is the event's end), "Drops" (a no-show loses without games, taken back while
the round is open), and SPEC §2 (an event pairs rounds only in registration or running;
`draft → registration → running → finished`). Each refusal leaves everything as it was."""

import pytest
from django.core.exceptions import ValidationError

from tests.support.one_on_one import win
from tests.support.results import seated
from tournament.events.models import Bracket, Round
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show, undo_no_show

pytestmark = pytest.mark.django_db


def _matches(rnd: Round) -> list[Bracket]:
    return list(rnd.brackets.order_by("table"))


def _play_and_close(rnd: Round, judge, second_judge) -> Round:
    """Every match won by the player at seat 1 (best of 1), then the round closed."""
    for match in _matches(rnd):
        win(match, seated(match)[0], judge, second_judge)
    return rounds.close_round(rnd)


def test_a_draft_event_pairs_no_round(swiss_event):
    """SPEC §2: a draft event has not opened registration; only an event in registration or
    running pairs a round."""
    event = swiss_event(4)
    event.status = "draft"
    event.save(update_fields=["status"])
    with pytest.raises(ValidationError, match="Only an event in registration or running"):
        rounds.seat_next_round(event, seed=1)
    assert event.rounds.count() == 0


def test_round_one_needs_two_checked_in_players(swiss_event):
    """SPEC §11: a match seats two players; with one player checked in there is no one to
    pair him with, and the organizer is told to check in at least two."""
    event = swiss_event(1)
    with pytest.raises(ValidationError, match="Check at least two players in"):
        rounds.seat_next_round(event, seed=1)
    assert event.rounds.count() == 0


def test_no_round_is_paired_after_the_last_swiss_round_without_a_cut(
    swiss_event, judge, second_judge
):
    """Two players, one Swiss round, no cut: round 1 is the last round (SPEC §11), so once
    it is closed the organizer is told to finish the event, and no round 2 appears."""
    event = swiss_event(2, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    assert rnd.is_final
    _play_and_close(rnd, judge, second_judge)
    with pytest.raises(ValidationError, match="The last round has been played"):
        rounds.seat_next_round(event, seed=2)
    assert list(event.rounds.values_list("number", flat=True)) == [1]


def test_the_last_of_two_swiss_rounds_is_the_final_one(swiss_event, judge, second_judge):
    """Four players, two Swiss rounds, no cut: round 1 is not the last round, round 2 is
    (SPEC §11: without a top cut the last Swiss round ends the event)."""
    event = swiss_event(4, swiss_rounds=2)
    first = rounds.seat_next_round(event, seed=1)
    assert not first.is_final
    _play_and_close(first, judge, second_judge)
    second = rounds.seat_next_round(event, seed=2)
    assert second.is_final and not second.is_cut


def test_a_round_is_closed_once(swiss_event, judge, second_judge):
    event = swiss_event(2, swiss_rounds=2)
    rnd = _play_and_close(rounds.seat_next_round(event, seed=1), judge, second_judge)
    with pytest.raises(ValidationError, match="Round 1 is already closed"):
        rounds.close_round(rnd)
    assert Round.objects.get(pk=rnd.pk).state == Round.State.CLOSED


def test_a_no_show_keeps_the_round_from_being_paired_again(swiss_event):
    """A no-show is a result (SPEC §11: the absent player loses 0–1): like a game, it keeps
    the round's pairing, and the no-show stays recorded."""
    event = swiss_event(4)
    rnd = rounds.seat_next_round(event, seed=1)
    match = _matches(rnd)[0]
    absent = seated(match)[1]
    record_no_show(match, event.registrations.get(player=absent))
    with pytest.raises(ValidationError, match="cannot be paired again"):
        rounds.reseat_round(rnd, seed=2)
    assert Round.objects.get(pk=rnd.pk).seed == 1
    assert Bracket.objects.get(pk=match.pk).no_show_id == absent.pk


def test_taking_back_a_no_show_that_was_never_recorded_is_refused(swiss_event):
    event = swiss_event(2)
    (match,) = _matches(rounds.seat_next_round(event, seed=1))
    with pytest.raises(ValidationError, match="No one is recorded as absent"):
        undo_no_show(match)

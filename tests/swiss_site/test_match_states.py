"""A match's stored state and winner through its games (SPEC §11: a best-of-three match is
won with two game wins; until then it has no winner, whoever leads)."""

from tests.support.one_on_one import play_game
from tests.support.results import seated
from tournament.events.models import Bracket
from tournament.rounds.services import swiss


def test_a_match_leader_is_not_its_winner_until_decided(swiss_event, judge, second_judge):
    event = swiss_event(4, best_of=3)
    rnd = swiss.pair_round(event, seed=5)
    match = rnd.brackets.order_by("table").first()
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    match = Bracket.objects.get(pk=match.pk)
    assert match.winner_id is None and match.state != Bracket.State.COMPLETE
    play_game(match, a, {a: 6, b: 3}, judge, second_judge)
    match = Bracket.objects.get(pk=match.pk)
    assert match.winner_id == a.pk and match.state == Bracket.State.COMPLETE

"""A one-on-one match's game checked by the engine (SPEC §11, with §5's checks on each game):
a wrong game is refused in its own words, whichever game of the match it is, and a
correction that leaves the later games valid is taken."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.one_on_one import play_game
from tests.support.results import seated
from tournament.results.services import GameData, submit_entry
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(swiss_event):
    event = swiss_event(2, best_of=3)
    rnd = rounds.seat_next_round(event, seed=5)
    return rnd.brackets.get()


def _game(winner, realms: dict) -> GameData:
    return GameData(
        winner=winner.pk, ended_by="victory", unrazed={str(p.pk): n for p, n in realms.items()}
    )


def test_a_second_game_breaking_section_five_is_refused_in_its_own_words(
    match, judge, second_judge
):
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    # Game 2 won by the victory condition with 3 unrazed realms: the winner needs 6 (§5).
    with pytest.raises(ValidationError, match="needs at least 6") as refused:
        submit_entry(match, _game(b, {a: 2, b: 3}), judge, uuid.uuid4(), number=2)
    assert "later game" not in str(refused.value)
    assert match.games.count() == 1


def test_correcting_game_one_keeps_a_valid_match(match, judge, second_judge):
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    play_game(match, b, {a: 2, b: 6}, judge, second_judge)
    # Game 1's realms corrected (a still won it): 1-1, game 3 may follow.
    outcome = submit_entry(
        match,
        _game(a, {a: 6, b: 4}),
        judge,
        uuid.uuid4(),
        number=1,
        correction=True,
        reason="miscounted",
    )
    assert outcome.entry.number == 1 and outcome.entry.is_correction

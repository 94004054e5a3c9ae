"""A sideboard swap is recorded only for a bracket the player sits in (SPEC §2 Sideboard
variant: swaps are made between the games of the player's own bracket)."""

import pytest
from django.core.exceptions import ValidationError

from tests.decks.test_sideboard import IN, OUT, bracket, sideboard_event  # noqa: F401
from tests.support.players import make_player
from tournament.decks.models import SideboardSwap
from tournament.decks.services.swaps import record_swap
from tournament.events.models import Bracket, Registration, Seat


@pytest.fixture
def other_table(bracket):  # noqa: F811
    """Table 2 of the same round, where the player does not sit."""
    table = Bracket.objects.create(round=bracket.round, table=2)
    for i in range(3):
        reg = Registration.objects.create(
            event=bracket.round.event, player=make_player(f"t2p{i}", f"Table Two {i}")
        )
        Seat.objects.create(bracket=table, registration=reg, position=i + 1)
    return table


def test_no_swap_for_a_bracket_the_player_does_not_sit_in(
    bracket,  # noqa: F811
    other_table,
    judge,
    player,
    registration,
):
    for user in (judge.user, player.user):  # neither a judge nor the player himself
        with pytest.raises(ValidationError) as error:
            record_swap(user, registration, other_table, 2, OUT, IN)
        assert error.value.messages == ["This player is not seated in this bracket."]
    assert not SideboardSwap.objects.exists()
    # At his own table the same swap is recorded.
    assert record_swap(judge.user, registration, bracket, 2, OUT, IN).bracket == bracket

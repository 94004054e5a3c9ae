"""Sideboard swaps (`decks/services/swaps.py`) that planted one-line bugs once got past.

SPEC §3 (Sideboard variant, 000 *VARIANTS*): the sideboard has exactly 7 cards, or none when
the player opts out; "swaps between games are one-for-one and recorded (who, which game,
out → in), checked against the sideboard". So: no swap without the variant or without a
sideboard; a swap is made before game 2 or a later game, never after the bracket's last
game, and in game order; a judge decides a player's proposal once, checked again then."""

import pytest
from django.core.exceptions import ValidationError

from tests.support.decks import IN, LEGAL, OUT, SIDEBOARD7, round_one_table
from tournament.decks.models import SideboardSwap
from tournament.decks.services.saving import save_decklist
from tournament.decks.services.swaps import decide_swap, record_swap, swap_state
from tournament.events.models import Bracket
from tournament.results.models import Game


@pytest.fixture
def sideboard_event(event):
    event.variants = ["sideboard"]
    event.save()
    return event


@pytest.fixture
def bracket(sideboard_event, registration, other_registration, player) -> Bracket:
    """Round 1 seated, Pat's list registered with seven sideboard cards."""
    save_decklist(registration, player.user, LEGAL, SIDEBOARD7)
    return round_one_table(sideboard_event, registration, other_registration)


def _games(bracket: Bracket, count: int) -> None:
    """`count` games stored (each won by the first seat), the bracket left as it is."""
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    for number in range(1, count + 1):
        Game.objects.create(
            bracket=bracket,
            number=number,
            winner=players[(number - 1) % 2],
            ended_by="victory",
            unrazed={str(p.pk): n for p, n in zip(players, (6, 3, 2), strict=True)},
        )


def test_no_swap_in_an_event_without_the_sideboard_variant(
    event, registration, other_registration, player, judge
):
    save_decklist(registration, player.user, LEGAL)
    bracket = round_one_table(event, registration, other_registration)
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, OUT, IN)
    assert error.value.messages == ["This event does not use the Sideboard variant."]
    assert not SideboardSwap.objects.exists()


def test_no_swap_for_a_player_who_opted_out_of_the_sideboard(
    sideboard_event, registration, other_registration, player, judge
):
    save_decklist(registration, player.user, LEGAL, sideboard_opt_out=True)
    bracket = round_one_table(sideboard_event, registration, other_registration)
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, OUT, IN)
    assert error.value.messages == ["This player registered no sideboard."]
    assert not SideboardSwap.objects.exists()


def test_after_two_games_the_next_swap_is_before_game_three_at_the_latest(
    bracket, registration, judge
):
    # Two games played (1-1), the bracket goes on: game 3 is the next one, so swaps may be
    # made before games 2 to 3, not before game 4.
    _games(bracket, 2)
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 4, OUT, IN)
    assert error.value.messages == [
        "A swap is made before game 2 or a later game of this bracket (here: 2 to 3)."
    ]
    swap = record_swap(judge.user, registration, bracket, 3, OUT, IN)
    assert (swap.game_number, swap.status) == (3, SideboardSwap.Status.RECORDED)


def test_a_complete_bracket_takes_no_swap_after_its_last_game(bracket, registration, judge):
    # The bracket ended after two games: there is no game 3 to swap before (2 to 2).
    _games(bracket, 2)
    Bracket.objects.filter(pk=bracket.pk).update(state=Bracket.State.COMPLETE)
    bracket.refresh_from_db()
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 3, OUT, IN)
    assert error.value.messages == [
        "A swap is made before game 2 or a later game of this bracket (here: 2 to 2)."
    ]


def test_swaps_are_recorded_in_game_order(bracket, registration, judge):
    # A swap before game 3 is recorded: one before game 2 now would rewrite what game 3
    # was played with, and is refused.
    _games(bracket, 2)
    record_swap(judge.user, registration, bracket, 3, OUT, IN)
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, "1st/102", "1st/018")
    assert error.value.messages == [
        "A swap before game 3 is already recorded: record swaps in game order."
    ]
    assert SideboardSwap.objects.count() == 1


def test_a_proposal_is_decided_once_and_a_rejected_one_changes_nothing(
    bracket, registration, player, judge, second_judge
):
    swap = record_swap(player.user, registration, bracket, 2, OUT, IN)
    rejected = decide_swap(judge.user, swap, accept=False)
    assert (rejected.status, rejected.decided_by) == (SideboardSwap.Status.REJECTED, judge)
    with pytest.raises(ValidationError) as error:
        decide_swap(second_judge.user, swap, accept=True)
    assert error.value.messages == ["This swap was already decided."]
    state = swap_state(registration, bracket)
    assert OUT in {e.card.card_id for e in state.deck}
    assert IN in {e.card.card_id for e in state.sideboard}


def test_a_proposal_is_checked_again_when_the_judge_accepts_it(
    bracket, registration, player, judge
):
    # Pat proposes Shadowdale out, Sword Coast in; meanwhile a judge records another swap
    # bringing Sword Coast in. Accepting the proposal now would take in a card no longer
    # in the sideboard: refused, and the proposal still waits.
    proposal = record_swap(player.user, registration, bracket, 2, OUT, IN)
    record_swap(judge.user, registration, bracket, 2, "1st/102", IN)
    with pytest.raises(ValidationError) as error:
        decide_swap(judge.user, proposal, accept=True)
    assert "Swap: Sword Coast is not in the sideboard" in error.value.messages
    assert SideboardSwap.objects.get(pk=proposal.pk).status == SideboardSwap.Status.PROPOSED

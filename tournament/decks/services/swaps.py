"""Sideboard swaps between games (000 *Sideboard Use*): a player's deck and sideboard
before a game, recording a swap, an official's decision, and the record printed with the
list."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.decklist import (
    DeckEntry,
)
from scoring.deckrules import apply_swap, validate_swap
from tournament.core.issues import deck_message
from tournament.core.locking import lock_rows
from tournament.decks.carddata import get_card_index
from tournament.decks.models import Decklist, SideboardSwap
from tournament.decks.services.checking import (
    DeckCheck,
    check_for_event,
    check_stored,
    has_sideboard,
)
from tournament.decks.services.visibility import is_owner
from tournament.events.models import Bracket, Registration, Seat
from tournament.events.permissions import EventRole, player_of, role_in_event

# --- sideboard swaps between games (000 *Sideboard Use*) ---


@dataclass(frozen=True)
class SwapState:
    """A player's deck and sideboard before a game of a bracket, after the recorded swaps."""

    registration: Registration
    bracket: Bracket
    check: DeckCheck
    deck: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    swaps: tuple[SideboardSwap, ...]

    @property
    def last_game(self) -> int:
        """The game the latest recorded swap was made before (0: none yet)."""
        recorded = [s.game_number for s in self.swaps if s.status == SideboardSwap.Status.RECORDED]
        return max(recorded, default=0)


def _card_rows(entries: Iterable[DeckEntry]) -> list[dict[str, str]]:
    """One choice per identity (the printing shown is the one the list names)."""
    seen: dict[str, dict[str, str]] = {}
    for entry in entries:
        card = entry.card
        seen.setdefault(card.identity_key, {"card_id": card.card_id, "name": card.name})
    return sorted(seen.values(), key=lambda r: r["name"].casefold())


def swap_state(registration: Registration, bracket: Bracket) -> SwapState:
    """The registered list with this bracket's recorded swaps applied, in recording order."""
    decklist = Decklist.objects.filter(registration=registration).first()
    check = check_stored(decklist, registration.event) if decklist else None
    if check is None:
        check = check_for_event(registration.event, "")
    swaps = tuple(
        SideboardSwap.objects.filter(registration=registration, bracket=bracket).select_related(
            "proposed_by", "decided_by"
        )
    )
    index = get_card_index()
    deck, side = check.entries, check.sideboard
    for swap in swaps:
        if swap.status != SideboardSwap.Status.RECORDED:
            continue
        out_card, in_card = index.by_id(swap.out_card_id), index.by_id(swap.in_card_id)
        if out_card is None or in_card is None:
            continue  # a card no longer in the data: the record stays, the state cannot use it
        moved = apply_swap(deck, side, [out_card], [in_card])
        deck, side = moved.deck, moved.sideboard
    return SwapState(registration, bracket, check, deck, side, swaps)


def swap_choices(state: SwapState) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Cards that may go out (in the deck now) and come in (in the sideboard now)."""
    return _card_rows(state.deck), _card_rows(state.sideboard)


def seated_brackets(registration: Registration) -> list[Bracket]:
    """The brackets this player sits in, latest round first (where his swaps are made)."""
    return list(
        Bracket.objects.filter(seats__registration=registration)
        .select_related("round")
        .order_by("-round__number")
    )


def _swap_problems(
    state: SwapState, game_number: int, out_card_id: str, in_card_id: str
) -> tuple[list[str], tuple]:
    """Messages refusing a swap (empty: it is legal) and the two cards it moves."""
    event = state.registration.event
    errors: list[str] = []
    if not has_sideboard(event):
        return [_("This event does not use the Sideboard variant.")], (None, None)
    if not state.check.sideboard:
        return [_("This player registered no sideboard.")], (None, None)
    played = state.bracket.games.count()
    latest = max(played + 1, 2)
    if state.bracket.state == Bracket.State.COMPLETE:
        latest = played
    if not 2 <= game_number <= latest:
        errors.append(
            _("A swap is made before game 2 or a later game of this bracket (here: 2 to %(n)s).")
            % {"n": latest}
        )
    elif game_number < state.last_game:
        errors.append(
            _("A swap before game %(n)s is already recorded: record swaps in game order.")
            % {"n": state.last_game}
        )
    index = get_card_index()
    out_card, in_card = index.by_id(out_card_id), index.by_id(in_card_id)
    if out_card is None or in_card is None:
        errors.append(_("Choose a card going out of the deck and one coming in."))
        return errors, (out_card, in_card)
    report = validate_swap(state.deck, state.sideboard, [out_card], [in_card], state.check.fmt)
    errors += [deck_message(p) for p in report.problems if p.blocking]
    return errors, (out_card, in_card)


@transaction.atomic
def record_swap(
    user, registration: Registration, bracket: Bracket, game_number: int, out_id: str, in_id: str
) -> SideboardSwap:
    """A player proposes, or a judge records, one card out → one card in before a game."""
    event = registration.event
    official = role_in_event(user, event) >= EventRole.JUDGE
    if not official and not is_owner(user, registration):
        raise PermissionDenied(_("Only the player or the event's judges may swap these cards."))
    if not Seat.objects.filter(bracket=bracket, registration=registration).exists():
        raise ValidationError(_("This player is not seated in this bracket."))
    # One swap at a time per list: the state below is what the swap is checked against.
    lock_rows(Decklist.objects.all()).filter(registration=registration).first()
    state = swap_state(registration, bracket)
    errors, (out_card, in_card) = _swap_problems(state, game_number, out_id, in_id)
    if errors:
        raise ValidationError(errors)
    player = player_of(user)
    return SideboardSwap.objects.create(
        registration=registration,
        bracket=bracket,
        game_number=game_number,
        out_card_id=out_card.card_id,
        out_name=out_card.name,
        in_card_id=in_card.card_id,
        in_name=in_card.name,
        status=SideboardSwap.Status.RECORDED if official else SideboardSwap.Status.PROPOSED,
        proposed_by=player,
        decided_by=player if official else None,
        decided_at=timezone.now() if official else None,
    )


@transaction.atomic
def decide_swap(user, swap: SideboardSwap, accept: bool) -> SideboardSwap:
    """A judge records a player's proposed swap (checked again now) or rejects it."""
    swap = lock_rows(SideboardSwap.objects.all()).get(pk=swap.pk)
    if role_in_event(user, swap.registration.event) < EventRole.JUDGE:
        raise PermissionDenied(_("Only the event's judges decide on a proposed swap."))
    if swap.status != SideboardSwap.Status.PROPOSED:
        raise ValidationError(_("This swap was already decided."))
    if accept:
        state = swap_state(swap.registration, swap.bracket)
        errors, _cards = _swap_problems(state, swap.game_number, swap.out_card_id, swap.in_card_id)
        if errors:
            raise ValidationError(errors)
    swap.status = SideboardSwap.Status.RECORDED if accept else SideboardSwap.Status.REJECTED
    swap.decided_by, swap.decided_at = player_of(user), timezone.now()
    swap.save(update_fields=["status", "decided_by", "decided_at"])
    return swap


def swap_row(swap: SideboardSwap) -> dict[str, Any]:
    """One swap as pages and the printed sheet show it."""
    bracket = swap.bracket
    return {
        "round": bracket.round.number,
        "table": bracket.table,
        "game": swap.game_number,
        "out": f"{swap.out_name} ({swap.out_card_id})",
        "in": f"{swap.in_name} ({swap.in_card_id})",
        "status": swap.get_status_display(),
        "recorded": swap.status == SideboardSwap.Status.RECORDED,
        "proposed_by": swap.proposed_by.name if swap.proposed_by else "",
        "decided_by": swap.decided_by.name if swap.decided_by else "",
        "when": swap.decided_at or swap.created_at,
    }


def swaps_for_print(registration: Registration) -> dict[str, Any]:
    """What the decklist sheet prints under the sideboard: the opt-out and recorded swaps."""
    decklist = Decklist.objects.filter(registration=registration).first()
    swaps = (
        SideboardSwap.objects.filter(
            registration=registration, status=SideboardSwap.Status.RECORDED
        )
        .select_related("bracket__round", "proposed_by", "decided_by")
        .order_by("bracket__round__number", "game_number", "pk")
    )
    return {
        "opt_out": bool(decklist and decklist.sideboard_opt_out),
        "swaps": [swap_row(s) for s in swaps],
    }

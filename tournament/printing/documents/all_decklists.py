"""All decklists in one file (SPEC §7): one decklist sheet for every player who registered
a list, by player name; printed in chunks of registrations."""

import dataclasses

from tournament.decks.models import Decklist, SideboardSwap
from tournament.events.models import Event
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.documents.decklist_data import decklist_groups, swap_rows
from tournament.printing.models import Kind


def _decklist_rows(event: Event) -> tuple:
    return tuple(
        Decklist.objects.filter(registration__event=event)
        .order_by("pk")
        .values_list("pk", "registration_id", "text", "sideboard_text", "sideboard_opt_out")
    )


def registrations_with_lists(event: Event):
    """The event's registrations that have a (non-empty) decklist, by player name."""
    return (
        event.registrations.filter(decklist__isnull=False)
        .exclude(decklist__text="")
        .select_related("player", "event")
        .order_by("player__name", "pk")
    )


def all_decklists_context(request: DocumentRequest) -> dict:
    """One decklist sheet for every player who registered a list (or for the chunk's
    registrations, in the same order)."""
    registrations = registrations_with_lists(request.event)
    if request.registrations is not None:
        registrations = registrations.filter(pk__in=request.registrations)
    decks = []
    for registration in registrations:
        deck = decklist_groups(registration)
        if deck is not None:
            decks.append({"player": registration.player, "deck": deck})
    return {"decks": decks, "sheet_label": Kind.DECKLIST.label}


class AllDecklists(PrintedDocument):
    kinds = (Kind.ALL_DECKLISTS,)
    template = "printing/decklist_sheet.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        players = tuple(
            event.registrations.order_by("pk").values_list(
                "pk", "player__name", "player__player_number"
            )
        )
        swaps = swap_rows(SideboardSwap.objects.filter(registration__event=event))
        return (players, _decklist_rows(event), swaps)

    def parts(self, request: DocumentRequest) -> list[int]:
        """Registrations with a list, by player name."""
        return list(registrations_with_lists(request.event).values_list("pk", flat=True))

    def part_request(self, request: DocumentRequest, parts: list[int]) -> DocumentRequest:
        return dataclasses.replace(request, registrations=tuple(parts))

    def context(self, request: DocumentRequest) -> dict:
        return all_decklists_context(request)

"""One player's decklist sheet (SPEC §7): the registered list, its card groups in two
columns, avatars tagged, and its recorded sideboard swaps."""

from tournament.decks.models import SideboardSwap
from tournament.events.models import Event
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.documents.decklist_data import (
    decklist_groups,
    normalize_decklist,
    swap_rows,
)
from tournament.printing.models import Kind


def decklist_context(request: DocumentRequest) -> dict:
    """The registration's player and list (request.extra["decklist"] overrides the lookup)."""
    deck = request.extra.get("decklist")
    deck = normalize_decklist(deck) if deck else decklist_groups(request.registration)
    return {
        "decks": [{"player": request.registration.player, "deck": deck}],
        "sheet_label": Kind.DECKLIST.label,
    }


class DecklistSheet(PrintedDocument):
    kinds = (Kind.DECKLIST,)
    template = "printing/decklist_sheet.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        swaps = swap_rows(SideboardSwap.objects.filter(registration=request.registration))
        return (decklist_groups(request.registration), swaps)

    def context(self, request: DocumentRequest) -> dict:
        return decklist_context(request)

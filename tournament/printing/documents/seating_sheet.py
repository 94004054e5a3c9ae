"""The round's seating sheet (SPEC §7): players alphabetically with their table, and every
table with its players."""

from tournament.events.models import Seat
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.models import Kind


def seating_context(request: DocumentRequest) -> dict:
    """Players alphabetically with their table, and every table with its players."""
    seats = list(
        Seat.objects.filter(bracket__round=request.round)
        .select_related("registration__player", "bracket")
        .order_by("bracket__table", "position")
    )
    tables: dict[int, list[Seat]] = {}
    for seat in seats:
        tables.setdefault(seat.bracket.table, []).append(seat)
    alphabetical = sorted(
        seats, key=lambda s: (s.registration.player.name.casefold(), s.registration.player_id)
    )
    return {
        "round": request.round,
        "players": alphabetical,
        "tables": sorted(tables.items()),
        "player_count": len(seats),
    }


class SeatingSheet(PrintedDocument):
    kinds = (Kind.SEATING,)
    template = "printing/seating_sheet.html"

    def context(self, request: DocumentRequest) -> dict:
        return seating_context(request)

"""A one-on-one round's pairings (SPEC §11), the seating sheet's kind for a one-on-one
event: every match by table, the round's byes, and every player alphabetically with his
table and opponent."""

from django.db.models import Prefetch

from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.leagues.models import League
from tournament.printing.documents.base import (
    DocumentRequest,
    PrintedDocument,
    match_rows,
    round_rows,
    sheet_brackets,
)
from tournament.printing.models import Kind


def _round_facts(request: DocumentRequest) -> tuple:
    """The round's stored byes and kind (a repaired round can change its byes)."""
    return tuple(
        Round.objects.filter(pk=request.round.pk).values_list("byes", "is_cut", "is_final")
    )


def _bye_players(rnd: Round) -> list[dict]:
    from tournament.accounts.models import Player

    players = Player.objects.filter(pk__in=rnd.byes or ()).order_by("name", "pk")
    return [{"name": p.name, "number": p.player_number} for p in players]


def pairings_context(request: DocumentRequest) -> dict:
    """A one-on-one round's pairings: every match by table (both players and, once it is
    decided, the games each won), the byes, and every player alphabetically with his table
    and opponent. Stored rows only."""
    rnd = request.round
    brackets = (
        Bracket.objects.filter(round=rnd)
        .order_by("table")
        .select_related("winner", "no_show")
        .prefetch_related(
            Prefetch(
                "seats",
                Seat.objects.select_related("registration__player", "figures").order_by("position"),
            )
        )
    )
    matches, players = [], []
    for bracket in brackets:
        seats = list(bracket.seats.all())
        sides = [
            {
                "name": s.registration.player.name,
                "number": s.registration.player.player_number,
                "games_won": s.figures.games_won,
                "won": bracket.winner_id == s.registration.player_id,
                "dropped": s.dropped,
            }
            for s in seats
        ]
        matches.append(
            {
                "table": bracket.table,
                "sides": sides,
                "decided": bracket.state == Bracket.State.COMPLETE,
                "no_show": bracket.no_show.name if bracket.no_show_id else "",
            }
        )
        for side, other in ((0, 1), (1, 0)):
            if side < len(sides):
                opponent = sides[other] if other < len(sides) else None
                players.append({**sides[side], "table": bracket.table, "opponent": opponent})
    byes = _bye_players(rnd)
    players += [{**bye, "table": None, "opponent": None, "bye": True} for bye in byes]
    players.sort(key=lambda p: (p["name"].casefold(), p["number"]))
    return {
        "round": rnd,
        "matches": matches,
        "byes": byes,
        "players": players,
        "player_count": len(players),
    }


class Pairings(PrintedDocument):
    """A one-on-one round's pairings: the seating sheet's kind for a one-on-one event."""

    kinds = (Kind.SEATING,)
    template = "printing/pairings_sheet.html"

    def shown_data(self, request: DocumentRequest, subject: Event | League) -> tuple:
        brackets = sheet_brackets(request)
        byes = Registration.objects.filter(
            event=subject, player_id__in=request.round.byes or ()
        ).values_list("player_id", "player__name", "player__player_number")
        return (round_rows(brackets), match_rows(brackets), _round_facts(request), tuple(byes))

    def context(self, request: DocumentRequest) -> dict:
        return pairings_context(request)

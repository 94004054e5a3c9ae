"""A one-on-one round's match slips (SPEC §11), filled or blank: one slip per match, two to
a page, a row per game of the best of 1 or 3, both players' and the judge's signatures.
Printed for the kinds of bracket sheets when the event is one-on-one."""

from django.db.models import Prefetch

from tournament.core.qr import qr_svg
from tournament.events.models import Bracket, Event, Seat
from tournament.leagues.models import League
from tournament.printing.documents.base import (
    ENDED_BY_CODES,
    DocumentRequest,
    SheetPerTable,
    ended_by_legend,
    match_rows,
    round_rows,
    sheet_brackets,
)
from tournament.printing.models import Kind
from tournament.printing.qr import bracket_url
from tournament.results.models import EndedBy, Game

SLIPS_PER_PAGE = 2  # two match slips on each page (a chunk of an even number of tables
# therefore starts a page, as the document rendered whole does)


def _slip_games(bracket: Bracket, games: list[Game], seats: list[Seat], rows: int) -> list[dict]:
    """Game by game rows of a slip: the recorded games filled in (winner, realms, and the
    razed realms and holdings a game ended by time was decided on), then empty rows."""
    ids = [str(s.registration.player_id) for s in seats]
    lines = []
    for number in range(1, rows + 1):
        game = games[number - 1] if number <= len(games) else None
        timed = bool(game and game.ended_by == EndedBy.TIME)
        lines.append(
            {
                "number": number,
                "played": game is not None,
                "ended_by": ENDED_BY_CODES.get(game.ended_by, "") if game else "",
                "cells": [
                    {
                        "won": bool(game and str(game.winner_id) == pid),
                        "unrazed": game.unrazed.get(pid) if game else None,
                        "razed": (game.razed or {}).get(pid) if timed else None,
                        "holdings": (game.holdings or {}).get(pid) if timed else None,
                    }
                    for pid in ids
                ],
            }
        )
    return lines


def _match_slip(bracket: Bracket, best_of: int, blank: bool, base_url: str) -> dict:
    games = [] if blank else sorted(bracket.games.all(), key=lambda g: g.number)
    seats = sorted(bracket.seats.all(), key=lambda s: s.position)
    url = bracket_url(bracket, base_url)
    decided = not blank and bracket.state == Bracket.State.COMPLETE
    return {
        "table": bracket.table,
        "players": [
            {
                "name": s.registration.player.name,
                "number": s.registration.player.player_number,
                "dropped": s.dropped,
                "games_won": None if blank or not games else s.figures.games_won,
            }
            for s in seats
        ],
        "games": _slip_games(bracket, games, seats, max(best_of, len(games))),
        "winner": bracket.winner.name if decided and bracket.winner_id else "",
        "drawn": decided and bracket.winner_id is None and not bracket.no_show_id,
        "no_show": bracket.no_show.name if not blank and bracket.no_show_id else "",
        "qr_url": url,
        "qr_svg": qr_svg(url),
    }


def match_slips_context(request: DocumentRequest) -> dict:
    """One slip per match of the round (or of its table range, or the one match), two to a
    page: both players, a row per game of the best of 1 or 3, signatures."""
    rnd = request.round
    blank = request.kind == Kind.BLANK_BRACKETS
    brackets = sheet_brackets(request).select_related("winner", "no_show", "round__event")
    brackets = brackets.prefetch_related(
        Prefetch("seats", Seat.objects.select_related("registration__player", "figures")), "games"
    )
    best_of = request.event.best_of
    slips = [_match_slip(b, best_of, blank, request.base_url) for b in brackets]
    pages = [slips[i : i + SLIPS_PER_PAGE] for i in range(0, len(slips), SLIPS_PER_PAGE)]
    return {
        "blank": blank,
        "round": rnd,
        "best_of": best_of,
        "pages": pages,
        "ended_by_legend": ended_by_legend(),
    }


class MatchSlips(SheetPerTable):
    """A one-on-one round's match slips (SPEC §11), filled or blank: printed for the kinds of
    bracket sheets when the event is one-on-one."""

    kinds = (Kind.BRACKETS, Kind.BLANK_BRACKETS)
    template = "printing/match_slips.html"

    def shown_data(self, request: DocumentRequest, subject: Event | League) -> tuple:
        brackets = sheet_brackets(request)
        return (round_rows(brackets), match_rows(brackets), subject.best_of)

    def context(self, request: DocumentRequest) -> dict:
        return match_slips_context(request)

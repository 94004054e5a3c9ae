"""Bracket sheets, filled or blank (SPEC §7): one sheet per bracket of the round (or of its
table range, or the one bracket), each player's line with the place and points stored on
the seat, and the bracket's QR code."""

from django.db.models import Prefetch
from django.utils.translation import gettext

from tournament.core.qr import qr_svg
from tournament.events import wildcards
from tournament.events.choices import PointsMode
from tournament.events.models import Bracket, Seat
from tournament.events.services.teams import Side, side_of, sides_by_player
from tournament.printing.documents.base import (
    ENDED_BY_CODES,
    DocumentRequest,
    SheetPerTable,
    ended_by_legend,
    sheet_brackets,
)
from tournament.printing.models import Kind
from tournament.printing.qr import bracket_url
from tournament.results.models import Game, game_cells

BLANK_GAME_COLUMNS = 5  # two wins end a bracket; 5 columns cover every 3- and 4-player bracket


def _seat_row(
    seat: Seat, games: list[Game], columns: int, blank: bool, why: dict[int, str]
) -> dict:
    """One player's line: realms and wins per game, and the place and points STORED on
    the seat by the recompute pipeline (never recomputed here); a wildcard says why."""
    player = seat.registration.player
    played = [] if blank else games[:columns]
    cells = game_cells(player.pk, [*played, *[None] * (columns - len(played))])
    return {
        "name": player.name,
        "number": player.player_number,
        "wildcard": (why.get(player.pk) or gettext("wildcard")) if seat.is_wildcard else "",
        "dropped": seat.dropped,
        "cells": cells,
        "total": None if blank or not games else seat.figures.unrazed_total,
        "wins": None if blank or not games else seat.figures.games_won,
        "place": None if blank else seat.figures.place,
        "points": None if blank or seat.figures.place is None else seat.figures.points,
    }


def _team_rows(
    rows: list[dict], seats: list[Seat], games: list[Game], teams: dict[int, Side]
) -> None:
    """Team Spirit: each row names its team, and a game won by a member is ticked for both."""
    team_of = {
        s.registration.player_id: side.name
        for s in seats
        if (side := teams.get(s.registration.player_id)) is not None
    }
    for row, seat in zip(rows, seats, strict=True):
        row["team"] = team_of.get(seat.registration.player_id, "")
        for cell, game in zip(row["cells"], games, strict=False):
            cell["won"] = bool(row["team"]) and team_of.get(game.winner_id) == row["team"]


def _bracket_sheet(
    bracket: Bracket, blank: bool, base_url: str, teams: dict | None = None, why=None
) -> dict:
    games = [] if blank else sorted(bracket.games.all(), key=lambda g: g.number)
    columns = max(BLANK_GAME_COLUMNS, len(games))
    seats = sorted(bracket.seats.all(), key=lambda s: s.position)
    url = bracket_url(bracket, base_url)
    ended = [ENDED_BY_CODES.get(g.ended_by, "") for g in games]
    rows = [_seat_row(s, games, columns, blank, why or {}) for s in seats]
    if teams:
        _team_rows(rows, seats, games, teams)
    return {
        "bracket": bracket,
        "table": bracket.table,
        "columns": list(range(1, columns + 1)),
        "rows": rows,
        "ended_by": ended + [""] * (columns - len(ended)),
        "winner": None if blank else side_of(bracket.round.event, bracket.winner),
        "state": bracket.get_state_display(),
        "qr_url": url,
        "qr_svg": qr_svg(url),
    }


def bracket_sheets_context(request: DocumentRequest) -> dict:
    """One sheet per bracket of the round (or of its table range, or the one bracket)."""
    rnd = request.round
    blank = request.kind == Kind.BLANK_BRACKETS
    brackets = sheet_brackets(request).select_related("winner", "round__event")
    brackets = brackets.prefetch_related(
        Prefetch("seats", Seat.objects.select_related("registration__player", "figures")), "games"
    )
    teams = sides_by_player(request.event)
    why = wildcards.seated_in(rnd)
    return {
        "blank": blank,
        "round": rnd,
        "multiplier": rnd.multiplier,
        "last_bracket_only": request.event.points_mode == PointsMode.LAST_BRACKET,
        "team_spirit": bool(teams),
        "sheets": [_bracket_sheet(b, blank, request.base_url, teams, why) for b in brackets],
        "ended_by_legend": ended_by_legend(),
    }


class BracketSheets(SheetPerTable):
    kinds = (Kind.BRACKETS, Kind.BLANK_BRACKETS)
    template = "printing/bracket_sheets.html"

    def context(self, request: DocumentRequest) -> dict:
        return bracket_sheets_context(request)

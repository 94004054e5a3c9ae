"""The four printable documents: their data (context), fingerprint, HTML and PDF.

Contexts are built from the values `refresh_results` stored on seats and brackets, never by
re-running the engine per bracket; only the scoring form asks the engine for officials'
points and eligibility (it is rendered in a background task).
"""

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from django.contrib.staticfiles import finders
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.model import Role as EngineRole
from scoring.points import eligibility, official_points, place_points
from tournament.events.engine import event_record
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.teams import team_names
from tournament.printing.models import Kind
from tournament.printing.qr import bracket_url, qr_svg
from tournament.results.models import EndedBy, Game

BLANK_GAME_COLUMNS = 5  # two wins end a bracket; 5 columns cover every 3- and 4-player bracket
DEADLINE_DAYS = 30  # 000 MAKING IT OFFICIAL: forms are due within 30 days
ENDED_BY_CODES = {EndedBy.VICTORY: "V", EndedBy.OUT_OF_CARDS: "C", EndedBy.TIME: "T"}
TEMPLATES = {
    Kind.BRACKETS: "printing/bracket_sheets.html",
    Kind.BLANK_BRACKETS: "printing/bracket_sheets.html",
    Kind.SEATING: "printing/seating_sheet.html",
    Kind.SCORING_FORM: "printing/scoring_form.html",
    Kind.DECKLIST: "printing/decklist_sheet.html",
}


@dataclass(frozen=True)
class DocumentRequest:
    """What to print: a kind and the event (and round / bracket / registration) it is about."""

    kind: str
    event: Event
    paper: str
    round: Round | None = None
    bracket: Bracket | None = None
    registration: Registration | None = None
    base_url: str = ""
    extra: dict = field(default_factory=dict)
    language: str = "en"


def due_date(event: Event) -> dt.date:
    """When the scoring form must be sent to the ranking body."""
    return event.date + dt.timedelta(days=DEADLINE_DAYS)


# ---------------------------------------------------------------- fingerprints


def _digest(*parts) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _round_rows(brackets) -> tuple:
    """Every stored value a round's sheets show, as plain tuples (one query each)."""
    return (
        tuple(brackets.values_list("id", "table", "state", "winner_id", "tiebreak_order")),
        tuple(
            Seat.objects.filter(bracket__in=brackets)
            .order_by("id")
            .values_list(
                "id",
                "bracket_id",
                "position",
                "is_wildcard",
                "dropped",
                "place",
                "points",
                "unrazed_total",
                "games_won",
                "registration__player__name",
                "registration__player__player_number",
            )
        ),
        tuple(
            Game.objects.filter(bracket__in=brackets)
            .order_by("id")
            .values_list("id", "bracket_id", "number", "winner_id", "ended_by", "unrazed")
        ),
    )


def _event_rows(event: Event) -> tuple:
    return (
        event.updated_at.isoformat(),
        tuple(event.judges.order_by("pk").values_list("pk", "name", "player_number")),
        tuple(
            event.registrations.order_by("id").values_list(
                "id", "player_id", "player__name", "player__player_number", "dropped_in_round"
            )
        ),
        tuple(event.rounds.order_by("number").values_list("id", "number", "state", "is_final")),
    )


def fingerprint(request: DocumentRequest) -> str:
    """A cheap hash of exactly the data the document shows; it changes when any of it does."""
    event = Event.objects.get(pk=request.event.pk)
    head = (request.kind, request.paper, request.base_url)
    if request.kind == Kind.DECKLIST:
        return _digest(head, event.updated_at.isoformat(), decklist_groups(request.registration))
    if request.kind == Kind.SCORING_FORM:
        brackets = Bracket.objects.filter(round__event=event)
        return _digest(head, _event_rows(event), _round_rows(brackets))
    brackets = Bracket.objects.filter(round=request.round)
    if request.bracket is not None:
        brackets = brackets.filter(pk=request.bracket.pk)
    return _digest(head, event.updated_at.isoformat(), _round_rows(brackets))


# ---------------------------------------------------------------- bracket sheets


def _points_text(place: int | None, rnd: Round, event: Event) -> tuple[str, int | None]:
    """'4 × 2 = 8': placement points × round (× event multiplier) = points."""
    if place is None:
        return "", None
    base = place_points(place, final_winner=rnd.is_final and place == 1)
    factors = [base, rnd.number] + ([event.event_multiplier] if event.event_multiplier > 1 else [])
    total = base * rnd.number * event.event_multiplier
    return " × ".join(str(f) for f in factors) + f" = {total}", total


def _seat_row(seat: Seat, games: list[Game], columns: int, rnd: Round, blank: bool) -> dict:
    player = seat.registration.player
    cells = []
    for index in range(columns):
        game = games[index] if not blank and index < len(games) else None
        count = game.unrazed.get(str(player.pk)) if game else None
        cells.append({"realms": count, "won": bool(game and game.winner_id == player.pk)})
    place = None if blank else seat.place
    text, points = _points_text(place, rnd, rnd.event)
    return {
        "name": player.name,
        "number": player.player_number,
        "wildcard": seat.is_wildcard,
        "dropped": seat.dropped,
        "cells": cells,
        "total": None if blank or not games else seat.unrazed_total,
        "wins": None if blank or not games else seat.games_won,
        "place": place,
        "points_text": text,
        "points": points,
    }


def _team_rows(rows: list[dict], seats: list[Seat], games: list[Game], teams: dict) -> None:
    """Team Spirit: each row names its team, and a game won by a member is ticked for both."""
    team_of = {s.registration.player_id: teams.get(s.registration_id, "") for s in seats}
    for row, seat in zip(rows, seats, strict=True):
        row["team"] = team_of[seat.registration.player_id]
        for cell, game in zip(row["cells"], games, strict=False):
            cell["won"] = team_of.get(game.winner_id) == row["team"]


def _bracket_sheet(
    bracket: Bracket, rnd: Round, blank: bool, base_url: str, teams: dict | None = None
) -> dict:
    games = [] if blank else sorted(bracket.games.all(), key=lambda g: g.number)
    columns = max(BLANK_GAME_COLUMNS, len(games))
    seats = sorted(bracket.seats.all(), key=lambda s: s.position)
    url = bracket_url(bracket, base_url)
    ended = [ENDED_BY_CODES.get(g.ended_by, "") for g in games]
    rows = [_seat_row(s, games, columns, rnd, blank) for s in seats]
    if teams:
        _team_rows(rows, seats, games, teams)
    return {
        "bracket": bracket,
        "table": bracket.table,
        "columns": list(range(1, columns + 1)),
        "rows": rows,
        "ended_by": ended + [""] * (columns - len(ended)),
        "winner": None if blank or bracket.winner is None else bracket.winner.name,
        "state": bracket.get_state_display(),
        "qr_url": url,
        "qr_svg": qr_svg(url),
    }


def bracket_sheets_context(request: DocumentRequest) -> dict:
    """One sheet per bracket of the round (or the one bracket asked for)."""
    rnd = request.round
    blank = request.kind == Kind.BLANK_BRACKETS
    brackets = (
        Bracket.objects.filter(round=rnd)
        .select_related("winner", "round__event")
        .prefetch_related(
            Prefetch("seats", Seat.objects.select_related("registration__player")), "games"
        )
        .order_by("table")
    )
    if request.bracket is not None:
        brackets = brackets.filter(pk=request.bracket.pk)
    teams = team_names(request.event)
    return {
        "blank": blank,
        "round": rnd,
        "multiplier": rnd.number * request.event.event_multiplier,
        "team_spirit": bool(teams),
        "sheets": [_bracket_sheet(b, rnd, blank, request.base_url, teams) for b in brackets],
        "ended_by_legend": [(code, EndedBy(value).label) for value, code in ENDED_BY_CODES.items()],
    }


# ---------------------------------------------------------------- seating sheet


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


# ---------------------------------------------------------------- scoring form


def _player_rows(event: Event, numbers: list[int]) -> list[dict]:
    seats = Seat.objects.filter(bracket__round__event=event).select_related(
        "registration__player", "bracket__round"
    )
    by_player: dict[int, dict] = {}
    for seat in seats:
        player = seat.registration.player
        row = by_player.setdefault(
            player.pk, {"name": player.name, "number": player.player_number, "rounds": {}}
        )
        row["rounds"][seat.bracket.round.number] = seat.points
    rows = []
    for row in by_player.values():
        row["cells"] = [row["rounds"].get(n) for n in numbers]
        row["total"] = sum(p or 0 for p in row["rounds"].values())
        rows.append(row)
    rows.sort(key=lambda r: (-r["total"], r["name"].casefold()))
    for position, row in enumerate(rows, start=1):
        row["position"] = position
    return rows


def _officials(event: Event, record) -> list[dict]:
    people = [event.organizer, *event.judges.order_by("name")]
    labels = {EngineRole.COORDINATOR: _("Coordinator"), EngineRole.JUDGE: _("Judge")}
    return [
        {
            "role": labels.get(points.role, str(points.role)),
            "name": person.name,
            "number": person.player_number,
            "points": points.points,
            "forfeited": points.forfeited,
        }
        for person, points in zip(people, official_points(record), strict=True)
    ]


def _eligibility(event: Event, record) -> dict:
    """Scored or not, with the reasons in the reader's language (stored by the standings)."""
    from tournament.standings.models import EventScoring

    stored = EventScoring.objects.filter(event=event).first()
    if stored is None:
        computed = eligibility(record)
        return {"scored": computed.scored, "reasons": list(computed.reasons)}
    return {"scored": stored.eligible, "reasons": stored.reason_texts}


def scoring_form_context(request: DocumentRequest) -> dict:
    """Everything the ranking body needs from one event."""
    event = request.event
    record = event_record(event)
    numbers = list(event.rounds.order_by("number").values_list("number", flat=True))
    rows = _player_rows(event, numbers)
    scored = _eligibility(event, record)
    final = event.rounds.filter(is_final=True).select_related().first()
    winner = final.brackets.select_related("winner").first().winner if final else None
    return {
        "record": record,
        "round_numbers": numbers,
        "rows": rows,
        "participants": len(record.participants),
        "eligibility": scored,
        "officials": _officials(event, record),
        "winner": winner,
        "due_date": due_date(event),
        "playing_total": sum(r["total"] for r in rows),
    }


# ---------------------------------------------------------------- decklist sheet


def decklist_groups(registration: Registration | None) -> dict | None:
    """The registered list from the decks app, as plain groups; None when there is none.

    The decks app offers ``decklist_for_print(registration)`` (groups of rows with count,
    name, card_id, level, world). It is imported lazily so this app works without it.
    """
    if registration is None:
        return None
    try:
        from tournament.decks import services as deck_services  # lazy: optional app
    except ImportError:
        return None
    provider = getattr(deck_services, "decklist_for_print", None) or getattr(
        deck_services, "printable_decklist", None
    )
    if provider is None:
        return None
    data = provider(registration)
    return normalize_decklist(data) if data else None


def _row(row: dict) -> dict:
    return {
        "count": int(row.get("count", 1)),
        "name": row.get("name", ""),
        "set": row.get("set") or row.get("card_id", ""),
        "level": row.get("level") or "",
        "world": row.get("world") or "",
    }


def normalize_decklist(data: dict) -> dict:
    """Plain rows (count, name, set, level, world) with per-group and overall totals."""
    groups = []
    for group in data.get("groups", []):
        rows = [_row(r) for r in group.get("rows", [])]
        groups.append({"type": group["type"], "rows": rows, "total": sum(r["count"] for r in rows)})
    sideboard = []
    for item in data.get("sideboard") or []:
        # either plain rows or groups of rows (the decks app groups its sideboard)
        if "rows" in item:
            sideboard.extend(_row(r) for r in item["rows"])
        else:
            sideboard.append(_row(item))
    return {
        "groups": groups,
        "total": sum(g["total"] for g in groups),
        "sideboard": sideboard,
        "sideboard_total": sum(r["count"] for r in sideboard),
        "champion_levels": data.get("champion_levels", data.get("level_total")),
        "is_legal": data.get("is_legal"),
        "problems": list(data.get("problems") or []),
    }


def decklist_context(request: DocumentRequest) -> dict:
    """The registration's player and list (request.extra["decklist"] overrides the lookup)."""
    deck = request.extra.get("decklist")
    deck = normalize_decklist(deck) if deck else decklist_groups(request.registration)
    return {"player": request.registration.player, "deck": deck}


# ---------------------------------------------------------------- rendering

BUILDERS = {
    Kind.BRACKETS: bracket_sheets_context,
    Kind.BLANK_BRACKETS: bracket_sheets_context,
    Kind.SEATING: seating_context,
    Kind.SCORING_FORM: scoring_form_context,
    Kind.DECKLIST: decklist_context,
}


def _stylesheet() -> str:
    path = finders.find("css/print.css")
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def context_for(request: DocumentRequest, *, preview: bool = False) -> dict:
    """The template context of a document (same for the PDF and the browser preview)."""
    event = request.event
    context = BUILDERS[Kind(request.kind)](request)
    context.update(
        event=event,
        kind=request.kind,
        kind_label=Kind(request.kind).label,
        paper=request.paper,
        page_size="A4" if request.paper == "A4" else "letter",
        stylesheet=_stylesheet(),
        preview=preview,
        generated=timezone.localtime(),
    )
    return context


def render_html(request: DocumentRequest, *, preview: bool = False, http_request=None) -> str:
    """The document as a standalone HTML page."""
    context = context_for(request, preview=preview)
    return render_to_string(TEMPLATES[Kind(request.kind)], context, request=http_request)


def render_pdf(request: DocumentRequest) -> bytes:
    """The document as PDF bytes (WeasyPrint)."""
    from weasyprint import HTML  # heavy import, only where PDFs are made

    with translation.override(request.language):
        html = render_html(request)
    return HTML(string=html, base_url=request.base_url or None).write_pdf()

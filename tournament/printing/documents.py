"""The printable documents, one `PrintedDocument` each in `DOCUMENTS`: data, fingerprint, PDF.

Every figure printed is one the recompute pipeline (`standings.recompute`) stored: places
and points of seats, the event's standings, officials' points and eligibility; a league's
table is the one its page shows (`leagues.services.table`). Nothing here computes a point
or a place, so the paper always matches the site.
"""

import dataclasses
import datetime as dt
import hashlib
import itertools
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.staticfiles import finders
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.core.qr import qr_svg
from tournament.core.timezones import event_clock
from tournament.decks.carddata import get_card_index
from tournament.decks.models import Decklist, SideboardSwap
from tournament.decks.services import decklist_for_print
from tournament.events import wildcards
from tournament.events.choices import PointsMode
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.teams import Side, side_of, sides_by_player
from tournament.leagues import services as league_services
from tournament.leagues.models import League
from tournament.printing.models import LEAGUE_KINDS, SHEET_KINDS, Kind
from tournament.printing.qr import bracket_url
from tournament.ranking.models import scoring_form_due
from tournament.results.models import EndedBy, Game, game_cells
from tournament.standings.figures import SCORING_FORM
from tournament.standings.models import EventScoring
from tournament.standings.rows import reader_figures, standing_rows

BLANK_GAME_COLUMNS = 5  # two wins end a bracket; 5 columns cover every 3- and 4-player bracket
ENDED_BY_CODES = {EndedBy.VICTORY: "V", EndedBy.OUT_OF_CARDS: "C", EndedBy.TIME: "T"}


@dataclass(frozen=True, kw_only=True)
class DocumentRequest:
    """What to print: a kind and the event (and round / bracket / registration) it is about,
    or the league it is about (a league's kinds, `LEAGUE_KINDS`).

    `tables` limits bracket sheets to a range of table numbers (both ends included, either
    may be None); `registrations` limits all decklists to these registrations (a chunk);
    `printed_at` fixes the "Printed …" stamp (chunks of one document share it).
    """

    kind: str
    paper: str
    event: Event | None = None
    league: League | None = None
    round: Round | None = None
    bracket: Bracket | None = None
    registration: Registration | None = None
    base_url: str = ""
    extra: dict = field(default_factory=dict)
    language: str = "en"
    tables: tuple[int | None, int | None] | None = None
    registrations: tuple[int, ...] | None = None
    printed_at: dt.datetime | None = None


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
                "figures__place",
                "figures__points",
                "figures__unrazed_total",
                "figures__games_won",
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


def _standings_rows(event: Event) -> tuple:
    """The stored standings (the form's rows), officials and eligibility the scoring form
    prints."""
    from tournament.standings.models import EventScoring

    return (
        tuple(
            EventScoring.objects.filter(event=event).values_list(
                "eligible", "reasons", "participants", "winner_id", "officials", "refreshed_at"
            )
        ),
        standing_rows(event, SCORING_FORM).values(),
        tuple(event.judges.order_by("pk").values_list("pk", "name", "player_number")),
        tuple(event.rounds.order_by("number").values_list("number", "is_final")),
    )


def _decklist_rows(event: Event) -> tuple:
    return tuple(
        Decklist.objects.filter(registration__event=event)
        .order_by("pk")
        .values_list("pk", "registration_id", "text", "sideboard_text", "sideboard_opt_out")
    )


def _swap_rows(swaps) -> tuple:
    """The recorded sideboard swaps a decklist sheet prints (SPEC §3: recorded per game)."""
    return tuple(
        swaps.filter(status=SideboardSwap.Status.RECORDED)
        .order_by("pk")
        .values_list(
            "pk", "registration_id", "bracket_id", "game_number", "out_card_id", "in_card_id"
        )
    )


def sheet_brackets(request: DocumentRequest):
    """The brackets a bracket-sheet document prints, by table (its range or one bracket)."""
    brackets = Bracket.objects.filter(round=request.round).order_by("table")
    if request.bracket is not None:
        brackets = brackets.filter(pk=request.bracket.pk)
    if request.tables is not None:
        first, last = request.tables
        if first is not None:
            brackets = brackets.filter(table__gte=first)
        if last is not None:
            brackets = brackets.filter(table__lte=last)
    return brackets


def subject_of(request: DocumentRequest) -> Event | League:
    """The event or league the document is about, read again: its stamp may have moved."""
    if request.kind in LEAGUE_KINDS:
        return League.objects.get(pk=request.league.pk)
    return Event.objects.get(pk=request.event.pk)


def fingerprint(request: DocumentRequest) -> str:
    """A cheap hash of exactly the data the document shows; it changes when any of it does.

    Events and leagues both stamp `updated_at` on every save of their definition."""
    subject = subject_of(request)
    head = (request.kind, request.paper, request.base_url, request.tables)
    shown = document_for(request.kind, request.event).shown_data(request, subject)
    return _digest(head, subject.updated_at.isoformat(), *shown)


# ---------------------------------------------------------------- bracket sheets


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


FORM_FIGURES = reader_figures(SCORING_FORM)  # the registry's figures for the form


def scoring_form_columns(numbers: list[int]) -> list[dict]:
    """The form's figure columns, from the registry: a per-round figure gives one column per
    round (its multiplier printed under it), a number one column; the status is printed as
    the "dropped" tag beside the name."""
    columns = []
    for figure in FORM_FIGURES:
        if figure.type is dict:
            columns += [
                {"figure": figure.name, "key": str(n), "heading": f"{gettext('R')}{n}", "round": n}
                for n in numbers
            ]
        elif figure.type is int:
            columns.append({"figure": figure.name, "heading": figure.label, "total": True})
    return columns


def _cell(standing, column: dict):
    value = getattr(standing, column["figure"])
    return value.get(column["key"]) if "key" in column else value


def _player_rows(event: Event, columns: list[dict]) -> list[dict]:
    """Every player's stored place and figures (`rows.standing_rows`), in the standings'
    order; in Team Spirit each row names its team.

    A place shared by several players is printed on each of them (4, 4, then 6)."""
    rows = []
    for standing in standing_rows(event, SCORING_FORM):
        rows.append(
            {
                "position": standing.place,
                "shared": False,
                "team": standing.team or "",
                "name": standing.name,
                "number": standing.player_number,
                "cells": [(_cell(standing, c), c.get("total", False)) for c in columns],
                "dropped": standing.dropped,
                "status": standing.status_label,
            }
        )
    for before, after in itertools.pairwise(rows):
        if before["position"] == after["position"]:
            before["shared"] = after["shared"] = True
    return rows


def _officials(scoring) -> list[dict]:
    """The stored coordinator and judges' points (the coordinator first)."""
    from tournament.standings.models import OfficialScore

    labels = dict(OfficialScore.Role.choices)
    rows = sorted(
        scoring.officials, key=lambda o: (o["role"] != OfficialScore.Role.COORDINATOR, o["name"])
    )
    return [
        {
            "role": labels.get(o["role"], o["role"]),
            "coordinator": o["role"] == OfficialScore.Role.COORDINATOR,
            "name": o["name"],
            "number": o["number"],
            "points": o["points"],
            "forfeited": o["forfeited"],
        }
        for o in rows
    ]


def stored_scoring(event: Event) -> EventScoring:
    """The event's stored eligibility and officials, as stored: a printed form never writes.
    (The print service has the figures stored before it queues a form of an event the
    pipeline never ran for: `printing.services.request_document`.) Without them, an empty
    scoring: nothing counted yet."""
    scoring = EventScoring.objects.filter(event=event).select_related("winner").first()
    return scoring if scoring is not None else EventScoring(event=event)


def scoring_form_context(request: DocumentRequest) -> dict:
    """Everything the ranking body needs from one event, as stored by the standings."""
    event = request.event
    scoring = stored_scoring(event)
    numbers = list(event.rounds.order_by("number").values_list("number", flat=True))
    columns = scoring_form_columns(numbers)
    rows = _player_rows(event, columns)
    officials = _officials(scoring)
    return {
        "round_numbers": numbers,
        "columns": columns,
        "rows": rows,
        "participants": scoring.participants,
        "eligibility": {"scored": scoring.eligible, "reasons": scoring.reason_texts},
        "officials": officials,
        "judges": [o for o in officials if not o["coordinator"]],
        "winner": scoring.winner,
        "winner_side": side_of(event, scoring.winner),
        "due_date": scoring_form_due(event),
        "any_dropped": any(r["dropped"] for r in rows),
        "team_spirit": any(r["team"] for r in rows),
    }


# ---------------------------------------------------------------- decklist sheet


def decklist_groups(registration: Registration | None) -> dict | None:
    """The registered list from the decks app, as plain groups; None when there is none."""
    if registration is None:
        return None
    data = decklist_for_print(registration)
    return normalize_decklist(data, avatar_ids=_avatar_ids(data)) if data else None


def _avatar_ids(data: dict) -> set[str]:
    """Card ids of the list's avatars, from the card data the decks app checks lists with."""
    index = get_card_index()
    ids = {
        row.get("card_id")
        for group in data.get("groups", [])
        for row in group.get("rows", [])
        if row.get("card_id")
    }
    return {card_id for card_id in ids if (card := index.by_id(card_id)) and card.is_avatar}


def _row(row: dict, avatar_ids: set[str] = frozenset()) -> dict:
    return {
        "count": int(row.get("count", 1)),
        "name": row.get("name", ""),
        "set": row.get("set") or row.get("card_id", ""),
        "level": row.get("level") or "",
        "world": row.get("world") or "",
        "avatar": bool(row.get("avatar")) or row.get("card_id") in avatar_ids,
    }


GROUP_HEAD_ROWS = 2  # a card group's table has its title row and its column headings


def two_columns(groups: list[dict]) -> tuple[list[dict], list[dict]]:
    """The card groups in two columns, in order, the first column as tall as the second or
    taller by the least (height: a group's rows and its two header rows).

    Two table cells, not CSS columns: WeasyPrint lays out `columns` with unbreakable groups
    about ten times slower, and all decklists of an event are hundreds of sheets."""
    heights = [len(group["rows"]) + GROUP_HEAD_ROWS for group in groups]
    total = sum(heights)
    best = min(
        range(len(groups) + 1),
        key=lambda split: (max(sum(heights[:split]), total - sum(heights[:split])), -split),
    )
    return groups[:best], groups[best:]


def normalize_decklist(data: dict, avatar_ids: set[str] = frozenset()) -> dict:
    """Plain rows (count, name, set, level, world, avatar) with per-group and overall totals."""
    groups = []
    for group in data.get("groups", []):
        rows = [_row(r, avatar_ids) for r in group.get("rows", [])]
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
        "columns": two_columns(groups),
        "has_avatars": any(r["avatar"] for g in groups for r in g["rows"]),
        "total": sum(g["total"] for g in groups),
        "sideboard": sideboard,
        "sideboard_total": sum(r["count"] for r in sideboard),
        "champion_levels": data.get("champion_levels", data.get("level_total")),
        "is_legal": data.get("is_legal"),
        "problems": list(data.get("problems") or []),
        "unresolved": list(data.get("unresolved") or []),
        "unresolved_cards": data.get("unresolved_cards") or 0,
        "read_as": list(data.get("read_as") or []),
    }


def decklist_context(request: DocumentRequest) -> dict:
    """The registration's player and list (request.extra["decklist"] overrides the lookup)."""
    deck = request.extra.get("decklist")
    deck = normalize_decklist(deck) if deck else decklist_groups(request.registration)
    return {
        "decks": [{"player": request.registration.player, "deck": deck}],
        "sheet_label": Kind.DECKLIST.label,
    }


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


# ---------------------------------------------------------------- league table


def league_rows(league: League) -> list[dict]:
    """The league's table rows, each with its player (one query for the names).

    From `leagues.services.table` (frozen once closed), not the pages' cached copy: the
    fingerprint, computed by web and worker processes alike, must read the data itself."""
    return league_services.with_players(league_services.table(league))


def league_table_rows(league: League) -> tuple:
    """Every line the league table prints, as plain tuples (rank, player, name, number,
    region, points, events, qualified), and the championship its rules name."""
    rows = tuple(
        (
            item["row"].rank,
            str(item["row"].player),
            item["player"].name if item["player"] else "",
            item["player"].player_number if item["player"] else "",
            item["row"].region,
            item["row"].points,
            item["row"].events_played,
            item["row"].qualified,
        )
        for item in league_rows(league)
    )
    championship = league.championship.name if league.championship_id else ""
    return (rows, championship)


# ---------------------------------------------------------------- one-on-one events (SPEC §11)

SLIPS_PER_PAGE = 2  # two match slips on each page (a chunk of an even number of tables
# therefore starts a page, as the document rendered whole does)


def _round_facts(request: DocumentRequest) -> tuple:
    """The round's stored byes and kind (a repaired round can change its byes)."""
    return tuple(
        Round.objects.filter(pk=request.round.pk).values_list("byes", "is_cut", "is_final")
    )


def _match_rows(brackets) -> tuple:
    """What a match slip prints beyond the round's rows: razed realms and holdings of games
    ended by time, and no-shows."""
    return (
        tuple(brackets.values_list("id", "no_show_id")),
        tuple(
            Game.objects.filter(bracket__in=brackets)
            .order_by("id")
            .values_list("id", "razed", "holdings")
        ),
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
        "ended_by_legend": [(code, EndedBy(value).label) for value, code in ENDED_BY_CODES.items()],
    }


SWISS_FORM_FIGURES = reader_figures(SCORING_FORM, one_on_one=True)  # SPEC §11's figures


def swiss_form_context(request: DocumentRequest) -> dict:
    """The scoring form of a one-on-one event: it is never scored for the ranking (SPEC §11),
    so it prints the reason and the final standing with its match figures, and no ranking
    figure (no points per round, no officials' points)."""
    from tournament.standings.tables import percent

    event = request.event
    scoring = stored_scoring(event)
    figures = [f for f in SWISS_FORM_FIGURES if f.name != "status"]
    rows = []
    for standing in standing_rows(event, SCORING_FORM):
        cells = [
            percent(getattr(standing, f.name)) if f.type is Decimal else getattr(standing, f.name)
            for f in figures
        ]
        rows.append(
            {
                "position": standing.place,
                "name": standing.name,
                "number": standing.player_number,
                "cells": cells,
                "dropped": standing.dropped,
                "status": standing.status_label,
            }
        )
    return {
        "one_on_one": True,
        "headings": [f.label for f in figures],
        "rows": rows,
        "round_numbers": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "participants": scoring.participants,
        "eligibility": {"scored": scoring.eligible, "reasons": scoring.reason_texts},
        "judges": [
            {"name": j.name, "number": j.player_number} for j in event.judges.order_by("name")
        ],
        "winner": scoring.winner,
        "winner_side": None,
        "due_date": scoring_form_due(event),
        "any_dropped": any(r["dropped"] for r in rows),
    }


# ---------------------------------------------------------------- the document registry


class PrintedDocument:
    """One printed document: the kinds it prints, its template, the data it shows (hashed
    into its fingerprint) and its template context. Register a subclass in `DOCUMENTS`.

    A document of many sheets (one per bracket, one per player's list) names its `parts` in
    print order, and how to print only some of them (`part_request`): `chunks` then renders
    it in chunks of sheets in worker processes, with progress. Its pages carry no counter
    across sheets, so the merged chunks read exactly like the document rendered whole."""

    kinds: tuple[Kind, ...] = ()
    template: str = ""

    def parts(self, request: DocumentRequest) -> list | None:
        """The document's sheets in print order, each named by a key `part_request` takes;
        None for a document rendered whole."""
        return None

    def part_request(self, request: DocumentRequest, parts: list) -> DocumentRequest:
        """The request that prints only `parts` (consecutive items of `parts(request)`)."""
        raise NotImplementedError

    def shown_data(self, request: DocumentRequest, subject: Event | League) -> tuple:
        """Exactly the stored data the document shows (default: its brackets' rows); `subject`
        is what the document is about (`subject_of`), read afresh."""
        return (_round_rows(sheet_brackets(request)),)

    def context(self, request: DocumentRequest) -> dict:
        raise NotImplementedError


class BracketSheets(PrintedDocument):
    kinds = (Kind.BRACKETS, Kind.BLANK_BRACKETS)
    template = "printing/bracket_sheets.html"

    def parts(self, request: DocumentRequest) -> list[int]:
        """Table numbers."""
        return list(sheet_brackets(request).values_list("table", flat=True))

    def part_request(self, request: DocumentRequest, parts: list[int]) -> DocumentRequest:
        return dataclasses.replace(request, tables=(parts[0], parts[-1]))

    def context(self, request: DocumentRequest) -> dict:
        return bracket_sheets_context(request)


class SeatingSheet(PrintedDocument):
    kinds = (Kind.SEATING,)
    template = "printing/seating_sheet.html"

    def context(self, request: DocumentRequest) -> dict:
        return seating_context(request)


class ScoringForm(PrintedDocument):
    kinds = (Kind.SCORING_FORM,)
    template = "printing/scoring_form.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        return (_standings_rows(event),)

    def context(self, request: DocumentRequest) -> dict:
        return scoring_form_context(request)


class DecklistSheet(PrintedDocument):
    kinds = (Kind.DECKLIST,)
    template = "printing/decklist_sheet.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        swaps = _swap_rows(SideboardSwap.objects.filter(registration=request.registration))
        return (decklist_groups(request.registration), swaps)

    def context(self, request: DocumentRequest) -> dict:
        return decklist_context(request)


class AllDecklists(PrintedDocument):
    kinds = (Kind.ALL_DECKLISTS,)
    template = "printing/decklist_sheet.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        players = tuple(
            event.registrations.order_by("pk").values_list(
                "pk", "player__name", "player__player_number"
            )
        )
        swaps = _swap_rows(SideboardSwap.objects.filter(registration__event=event))
        return (players, _decklist_rows(event), swaps)

    def parts(self, request: DocumentRequest) -> list[int]:
        """Registrations with a list, by player name."""
        return list(registrations_with_lists(request.event).values_list("pk", flat=True))

    def part_request(self, request: DocumentRequest, parts: list[int]) -> DocumentRequest:
        return dataclasses.replace(request, registrations=tuple(parts))

    def context(self, request: DocumentRequest) -> dict:
        return all_decklists_context(request)


class MatchSlips(BracketSheets):
    """A one-on-one round's match slips (SPEC §11), filled or blank: printed for the kinds of
    bracket sheets when the event is one-on-one."""

    template = "printing/match_slips.html"

    def shown_data(self, request: DocumentRequest, subject: Event | League) -> tuple:
        brackets = sheet_brackets(request)
        return (_round_rows(brackets), _match_rows(brackets), subject.best_of)

    def context(self, request: DocumentRequest) -> dict:
        return match_slips_context(request)


class Pairings(SeatingSheet):
    """A one-on-one round's pairings: the seating sheet's kind for a one-on-one event."""

    template = "printing/pairings_sheet.html"

    def shown_data(self, request: DocumentRequest, subject: Event | League) -> tuple:
        brackets = sheet_brackets(request)
        byes = Registration.objects.filter(
            event=subject, player_id__in=request.round.byes or ()
        ).values_list("player_id", "player__name", "player__player_number")
        return (_round_rows(brackets), _match_rows(brackets), _round_facts(request), tuple(byes))

    def context(self, request: DocumentRequest) -> dict:
        return pairings_context(request)


class SwissScoringForm(ScoringForm):
    """The scoring form of a one-on-one event: never scored, no ranking figures."""

    template = "printing/scoring_form.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        from tournament.standings import reading

        figures = reading.standing_values(
            event, "player_id", "match_points", "omw", "gw", "ogw", "unrazed_total", "record"
        )
        return (_standings_rows(event), figures)

    def context(self, request: DocumentRequest) -> dict:
        return swiss_form_context(request)


class LeagueTable(PrintedDocument):
    """A league's table with its rules: frozen once the league is closed, like its page."""

    kinds = (Kind.LEAGUE_TABLE,)
    template = "printing/league_table.html"

    def shown_data(self, request: DocumentRequest, league: League) -> tuple:
        # The definition (dates, countries, counting, slots) is in the league's updated_at,
        # hashed by fingerprint(); closing does not bump it, so closed_at is hashed here.
        return (league.closed_at, league_table_rows(league))

    def context(self, request: DocumentRequest) -> dict:
        return {"league": request.league, "rows": league_rows(request.league)}


DOCUMENTS: dict[Kind, PrintedDocument] = {
    kind: document
    for document in (
        BracketSheets(),
        SeatingSheet(),
        ScoringForm(),
        DecklistSheet(),
        AllDecklists(),
        LeagueTable(),
    )
    for kind in document.kinds
}


# What a one-on-one event prints for these kinds (SPEC §11): match slips for its bracket
# sheets, pairings for its seating sheet, and a scoring form that says it is never scored.
ONE_ON_ONE_DOCUMENTS: dict[Kind, PrintedDocument] = {
    kind: document
    for document in (MatchSlips(), Pairings(), SwissScoringForm())
    for kind in document.kinds
}
ONE_ON_ONE_LABELS = {
    Kind.BRACKETS: _("Match slips"),
    Kind.BLANK_BRACKETS: _("Blank match slips"),
    Kind.SEATING: _("Pairings"),
    Kind.SCORING_FORM: _("Final standing"),  # never sent for the ranking (SPEC §11)
}


def document_for(kind: str, event: Event | None = None) -> PrintedDocument:
    """The registered document that prints this kind (for this event's structure)."""
    if event is not None and event.is_one_on_one and Kind(kind) in ONE_ON_ONE_DOCUMENTS:
        return ONE_ON_ONE_DOCUMENTS[Kind(kind)]
    return DOCUMENTS[Kind(kind)]


def kind_label(kind: str, event: Event | None = None) -> str:
    """The document's name as printed and listed (a one-on-one event's own names)."""
    if event is not None and event.is_one_on_one and Kind(kind) in ONE_ON_ONE_LABELS:
        return str(ONE_ON_ONE_LABELS[Kind(kind)])
    return str(Kind(kind).label)


STYLESHEETS = ("css/print.css", "css/print_swiss.css")


def _stylesheet() -> str:
    parts = []
    for name in STYLESHEETS:
        with open(finders.find(name), encoding="utf-8") as handle:
            parts.append(handle.read())
    return "\n".join(parts)


def context_for(request: DocumentRequest, *, preview: bool = False) -> dict:
    """The template context of a document (same for the PDF and the browser preview).

    `scope_name` names what the document is about (the event or the league) in its title
    and footer."""
    event = request.event
    context = document_for(request.kind, event).context(request)
    context.update(
        event=event,
        scope_name=(request.league or event).name,
        kind=request.kind,
        kind_label=kind_label(request.kind, event),
        paper=request.paper,
        page_size="A4" if request.paper == "A4" else "letter",
        stylesheet=_stylesheet(),
        preview=preview,
        generated=timezone.localtime(request.printed_at or timezone.now()),
        sheet_kind=request.kind in SHEET_KINDS,
    )
    return context


def render_html(request: DocumentRequest, *, preview: bool = False, http_request=None) -> str:
    """The document as a standalone HTML page."""
    context = context_for(request, preview=preview)
    template = document_for(request.kind, request.event).template
    return render_to_string(template, context, request=http_request)


def render_document_html(request: DocumentRequest) -> str:
    """The HTML the PDF is made from, in the language of whoever asked."""
    with translation.override(request.language), event_clock(request.event):
        return render_html(request)


def render_pdf(request: DocumentRequest) -> bytes:
    """The document as PDF bytes, rendered in this process (WeasyPrint)."""
    from weasyprint import HTML  # heavy import, only where PDFs are made

    return HTML(string=render_document_html(request)).write_pdf()

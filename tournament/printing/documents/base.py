"""What every printed document is: the request it prints (`DocumentRequest`), the class a
document is (`PrintedDocument`), and the round's stored rows most documents print."""

import dataclasses
import datetime as dt
from dataclasses import dataclass, field

from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.leagues.models import League
from tournament.printing.models import Kind
from tournament.results.models import EndedBy, Game

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


# ---------------------------------------------------------------- the round's stored rows


def round_rows(brackets) -> tuple:
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


def match_rows(brackets) -> tuple:
    """What a one-on-one match shows beyond the round's rows: razed realms and holdings of
    games ended by time, and no-shows."""
    return (
        tuple(brackets.values_list("id", "no_show_id")),
        tuple(
            Game.objects.filter(bracket__in=brackets)
            .order_by("id")
            .values_list("id", "razed", "holdings")
        ),
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


def ended_by_legend() -> list[tuple[str, str]]:
    """The codes a sheet prints for how a game ended, with their names."""
    return [(code, EndedBy(value).label) for value, code in ENDED_BY_CODES.items()]


# ---------------------------------------------------------------- the document class


class PrintedDocument:
    """One printed document: the kinds it prints, its template, the data it shows (hashed
    into its fingerprint) and its template context. Register an instance in
    `registry.DOCUMENTS` (or `registry.ONE_ON_ONE_DOCUMENTS`).

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
        is what the document is about (`render.subject_of`), read afresh."""
        return (round_rows(sheet_brackets(request)),)

    def context(self, request: DocumentRequest) -> dict:
        raise NotImplementedError


class SheetPerTable(PrintedDocument):
    """A document of one sheet (or slip) per bracket of the round, by table: printed in
    chunks of tables."""

    def parts(self, request: DocumentRequest) -> list[int]:
        """Table numbers."""
        return list(sheet_brackets(request).values_list("table", flat=True))

    def part_request(self, request: DocumentRequest, parts: list[int]) -> DocumentRequest:
        return dataclasses.replace(request, tables=(parts[0], parts[-1]))

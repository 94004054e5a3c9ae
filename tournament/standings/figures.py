"""The one declaration of the figures stored per seat and per standing.

Each `Figure` names a stored field, its label, its type, how it is compared in the
final-place order (SPEC §6, `scoring.figures.final_place_key`), the model field that stores
it and where the engine states it. Everything else follows from this file:

- the model fields: `EventStanding` adds one field per declared standing figure and
  `SeatFigures` (a seat's row, `seat.figures`) one per declared seat figure (`model_fields`,
  applied in `standings/models.py` at import, so `makemigrations` sees them);
- the writes: the recompute step stores exactly the declared names, from the engine's
  dataclasses (`stored_values`: `standings/store.py` for seats and a bracket
  event's standings, `standings/swiss_store.py` for a one-on-one event's);
- the reads: `standings/rows.py: standing_rows(event, reader)` gives every reader (`shown_in`:
  the standings table and its CSV, the API, the printed scoring form) its figures.

Adding a figure: the engine computes it (`scoring/figures.py`), one entry here, a migration,
a test and its label's translation (see docs/ARCHITECTURE.md, "Adding a derived figure")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum
from fractions import Fraction

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class Compare(StrEnum):
    """How a figure takes part in the final-place order."""

    HIGHER_FIRST = "higher-first"
    LOWER_FIRST = "lower-first"
    WINNER_FIRST = "winner-first"
    NOT_RANKED = "not-ranked"


class Reader(StrEnum):
    """Who shows a figure."""

    TABLE = "table"  # the standings page and its CSV (exactly what the page shows)
    API = "api"  # the standings of the read-only API
    SCORING_FORM = "scoring-form"  # the printed form sent to the ranking body


TABLE, API, SCORING_FORM = Reader.TABLE, Reader.API, Reader.SCORING_FORM
EVERYWHERE = frozenset(Reader)


class StandingStatus(models.TextChoices):
    """A player's stored status in the event (`scoring.figures.PlayerStatus`)."""

    ACTIVE = "active", _("Active")
    ELIMINATED = "eliminated", _("Eliminated")
    DROPPED = "dropped", _("Dropped")
    WINNER = "winner", _("Winner")
    MISSED_CUT = "missed-cut", _("Missed the cut")


def status_words(event=None) -> Callable[[str, int | None], str]:
    """A stored status and its round in words ("eliminated in round 2"), the labels
    translated once for every row read with it. A one-on-one `event`'s top-cut loser is
    placed by the cut round he lost in (SPEC §11 Final places): "lost in the semifinals",
    the round named by its stored matches."""
    labels = {value: str(label) for value, label in StandingStatus.choices}
    out = gettext("eliminated in round %(number)s")
    dropped = gettext("dropped in round %(number)s")
    one_on_one = event is not None and event.is_one_on_one
    cut: dict[int, int] | None = None  # read once, at the first eliminated player

    def words(status: str, number: int | None) -> str:
        nonlocal cut
        if status == StandingStatus.ELIMINATED:
            if one_on_one and cut is None:
                cut = _cut_matches(event)
            # Only a top-cut round is named by its stage: a one-on-one event stored before
            # the engine said "missed the cut" holds its Swiss losers as eliminated in a
            # Swiss round, which is no round of the cut.
            if one_on_one and number in cut:
                return lost_in_cut(cut[number], number)
            return out % {"number": number}
        if status == StandingStatus.DROPPED and number:
            return dropped % {"number": number}
        return labels.get(status, status)

    return words


# A top-cut round named by how many matches it holds (a cut of 8: 4, 2, then 1).
LOST_IN = {
    1: _("lost in the final"),
    2: _("lost in the semifinals"),
    4: _("lost in the quarterfinals"),
}


def lost_in_cut(matches: int | None, number: int | None) -> str:
    """A one-on-one top-cut loser's status: the stage of the round he lost (its `matches`),
    or the round's number where its stage is not known."""
    if matches in LOST_IN:
        return str(LOST_IN[matches])
    return gettext("lost in top cut round %(number)s") % {"number": number}


def _cut_matches(event) -> dict[int, int]:
    """The event's stored top-cut rounds: round number → its matches."""
    from django.db.models import Count

    rounds = event.rounds.filter(is_cut=True).annotate(matches=Count("brackets"))
    return dict(rounds.values_list("number", "matches"))


PERCENT = Decimal("0.0001")  # percentages are stored as fractions of 1, 4 places (SPEC §11)


def as_percent(value: Fraction) -> Decimal:
    """The engine's exact fraction as the stored fraction of 1 (4 places, half to even)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(PERCENT, rounding=ROUND_HALF_EVEN)


# The model fields figures are stored in (a prototype each: `Figure.model_field` clones it).
def count(verbose: Promise, *, small: bool = False) -> models.Field:
    """A count or a sum, 0 until something is played."""
    field = models.PositiveSmallIntegerField if small else models.PositiveIntegerField
    return field(verbose, default=0)


def maybe(verbose: Promise, *, small: bool = False) -> models.Field:
    """A number that may be unknown (an undecided place, a bracket event's match points)."""
    field = models.PositiveSmallIntegerField if small else models.PositiveIntegerField
    return field(verbose, null=True, blank=True)


def percentage(verbose: Promise) -> models.Field:
    return models.DecimalField(verbose, max_digits=5, decimal_places=4, null=True, blank=True)


def per_round(verbose: Promise) -> models.Field:
    return models.JSONField(verbose, default=dict, blank=True)


@dataclass(frozen=True)
class Figure:
    name: str  # the stored field
    label: Promise
    type: type
    compare: Compare = Compare.NOT_RANKED
    shown_in: frozenset[Reader] = frozenset()  # the standings' readers that show it
    # What the figure means, in plain words: a column's hover text and the page's legend.
    explanation: Promise | None = None
    field: models.Field | None = None  # the model field that stores it (a prototype)
    engine: str = ""  # the engine's attribute that states it (empty: the same name)
    convert: Callable[[object], object] | None = None  # engine value → stored value

    def model_field(self) -> models.Field:
        """A fresh model field for this figure (one per model it is added to)."""
        return self.field.clone()

    def stored(self, engine_result: object) -> object:
        """The value to store, read from the engine's result (a dataclass of the engine)."""
        value = getattr(engine_result, self.engine or self.name)
        return self.convert(value) if self.convert is not None else value


# The player's status (winner, active, eliminated, dropped), a figure of both structures.
STATUS = Figure(
    "status",
    _("Status"),
    str,
    Compare.WINNER_FIRST,
    EVERYWHERE,
    field=models.CharField(
        _("status"), max_length=12, choices=StandingStatus, default=StandingStatus.ACTIVE
    ),
    convert=str,
)


# What the engine returns per seat (`scoring.figures.SeatFigures`), stored in the seat's
# `standings.models.SeatFigures` row (`seat.figures`), one field each (`model_fields`).
# (Bracket pages, sheets and the seating API read them per bracket; `shown_in` is about the
# standings.)
SEAT_FIGURES: tuple[Figure, ...] = (
    Figure("place", _("Place"), int, Compare.LOWER_FIRST, field=maybe(_("place"), small=True)),
    Figure("points", _("points"), int, Compare.HIGHER_FIRST, field=maybe(_("points"))),
    Figure(
        "unrazed_total",
        _("Unrazed realms"),
        int,
        Compare.HIGHER_FIRST,
        field=count(_("unrazed realms")),
    ),
    Figure(
        "games_won",
        _("games won"),
        int,
        Compare.HIGHER_FIRST,
        field=count(_("games won"), small=True),
    ),
    Figure("best_game", _("best game"), int, field=count(_("best game"), small=True)),
)

# What a player's seats add up to in the event (`scoring.figures.StandingFigures`, the
# attribute of the same name), stored on `EventStanding` (its `place` is ranked from these
# afterwards, in the order of the `compare` entries). A `dict` figure holds one value per
# round: one column per round.
STANDING_FIGURES: tuple[Figure, ...] = (
    Figure(
        "round_points",
        _("points per round"),
        dict,
        shown_in=EVERYWHERE,
        field=per_round(_("points per round")),
    ),
    Figure("points", _("Total"), int, Compare.HIGHER_FIRST, EVERYWHERE, field=count(_("points"))),
    Figure(
        "brackets_played",
        _("Brackets"),
        int,
        shown_in=frozenset({TABLE, API}),
        field=count(_("brackets played"), small=True),
    ),
    Figure(
        "last_round",
        _("last round played"),
        int,
        Compare.HIGHER_FIRST,
        field=count(_("last round played"), small=True),
    ),
    Figure(
        "last_place",
        _("place in the last bracket"),
        int,
        Compare.LOWER_FIRST,
        field=maybe(_("place in the last bracket"), small=True),
    ),
    Figure(
        "unrazed_total",
        _("Unrazed realms"),
        int,
        Compare.HIGHER_FIRST,
        frozenset({TABLE, API}),
        field=count(_("unrazed realms")),
    ),
    Figure(
        "games_won",
        _("games won"),
        int,
        Compare.HIGHER_FIRST,
        frozenset({API}),
        field=count(_("games won")),
    ),
    STATUS,
    # read with the status ("eliminated in round 2"), on its own in the API
    Figure(
        "eliminated_in_round",
        _("eliminated in round"),
        int,
        shown_in=frozenset({API}),
        field=maybe(_("eliminated in round"), small=True),
    ),
)


# What a one-on-one event stores on `EventStanding` (SPEC §11, `scoring.swiss.standings`'s
# `SwissRow`, stored by `standings/swiss_store.py`; the figures it shares with the bracket
# figures above are stored from the bracket figures). The standings page of a one-on-one
# event shows these in place of the bracket figures above; percentages are stored as
# fractions of 1 (4 places) and shown as percentages. Tie-breakers in the order of the
# Swiss standing.
SWISS_FIGURES: tuple[Figure, ...] = (
    Figure(
        "match_points",
        _("Match points"),
        int,
        Compare.HIGHER_FIRST,
        EVERYWHERE,
        _(
            "3 for a match won (a bye counts as a match won), 1 for a drawn match, 0 for a "
            "match lost, over the Swiss rounds."
        ),
        field=maybe(_("match points")),
    ),
    Figure(
        "omw",
        _("OMW"),
        Decimal,
        Compare.HIGHER_FIRST,
        EVERYWHERE,
        _(
            "Opponents' match-win percentage: for each opponent, his match points divided by "
            "3 for every round he played (at least 33.33 %); the average over the player's "
            "opponents. A bye is not an opponent."
        ),
        field=percentage(_("opponents' match-win %")),
        convert=as_percent,
    ),
    Figure(
        "gw",
        _("GW"),
        Decimal,
        Compare.HIGHER_FIRST,
        EVERYWHERE,
        _(
            "Game-win percentage: game points (3 for a game won, 1 for a drawn game) divided "
            "by 3 for every game played (at least 33.33 %)."
        ),
        field=percentage(_("game-win %")),
        convert=as_percent,
    ),
    Figure(
        "ogw",
        _("OGW"),
        Decimal,
        Compare.HIGHER_FIRST,
        EVERYWHERE,
        _(
            "Opponents' game-win percentage: the average of the opponents' game-win "
            "percentages, each at least 33.33 %."
        ),
        field=percentage(_("opponents' game-win %")),
        convert=as_percent,
    ),
    Figure(
        "unrazed_total",
        _("Unrazed realms"),
        int,
        Compare.HIGHER_FIRST,
        EVERYWHERE,
        _("The player's unrazed realms at the end of each of his games, added up."),
        field=count(_("unrazed realms")),
        engine="unrazed",
    ),
    Figure(
        "record",
        pgettext_lazy("matches won, lost and drawn", "Record"),
        str,
        shown_in=EVERYWHERE,
        explanation=_(
            "Matches won, lost and drawn (W-L-D) over the whole event, top cut included; a "
            "bye counts as a win."
        ),
        field=models.CharField(_("record"), max_length=20, blank=True, default=""),
    ),
    STATUS,
)


def stored_figures() -> tuple[Figure, ...]:
    """Every figure stored on a standing, each name once (a figure of both the bracket and
    the one-on-one declarations is stored in one field)."""
    seen: dict[str, Figure] = {}
    for figure in (*STANDING_FIGURES, *SWISS_FIGURES):
        seen.setdefault(figure.name, figure)
    return tuple(seen.values())


def model_fields(figures: tuple[Figure, ...]) -> dict[str, models.Field]:
    """The model fields of these figures, by name: what a model adds with `add_to_class`."""
    return {figure.name: figure.model_field() for figure in figures}


def stored_values(figures: tuple[Figure, ...], engine_result: object) -> dict[str, object]:
    """The stored value of each figure, read from the engine's result (`Figure.stored`)."""
    return {figure.name: figure.stored(engine_result) for figure in figures}


def names(figures: tuple[Figure, ...]) -> list[str]:
    """The stored field names of these figures, in declaration order."""
    return [figure.name for figure in figures]


def label(figures: tuple[Figure, ...], name: str) -> Promise:
    """The label of one declared figure."""
    return next(figure.label for figure in figures if figure.name == name)


def shown_in(figures: tuple[Figure, ...], reader: Reader) -> tuple[Figure, ...]:
    """The figures this reader shows, in declaration order."""
    return tuple(figure for figure in figures if reader in figure.shown_in)

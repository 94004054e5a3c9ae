"""The one declaration of the figures stored per seat and per standing.

Each `Figure` names a stored field, its label, its type and how it is compared in the
final-place order (SPEC §6, `scoring.figures.final_place_key`). The recompute step writes
exactly these fields (`standings/store.py` for seats, `standings/services.py` for standings),
and every reader builds its columns from the figures declared for it (`shown_in`): the
standings table and its CSV, the API serializer and the printed scoring form.

Adding a figure: the engine computes it (`scoring/figures.py`), one entry here, the model
field and its migration (see docs/ARCHITECTURE.md, "Adding a derived figure").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


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


@dataclass(frozen=True)
class Figure:
    name: str  # the stored field (and the engine's attribute of the same name)
    label: Promise
    type: type
    compare: Compare = Compare.NOT_RANKED
    shown_in: frozenset[Reader] = frozenset()  # the standings' readers that show it
    # What the figure means, in plain words: a column's hover text and the page's legend.
    explanation: Promise | None = None


# What the engine returns per seat (`scoring.figures.SeatFigures`), stored on `Seat`.
# (Bracket pages, sheets and the seating API read them per bracket; `shown_in` is about the
# standings.)
SEAT_FIGURES: tuple[Figure, ...] = (
    Figure("place", _("Place"), int, Compare.LOWER_FIRST),
    Figure("points", _("points"), int, Compare.HIGHER_FIRST),
    Figure("unrazed_total", _("Unrazed realms"), int, Compare.HIGHER_FIRST),
    Figure("games_won", _("games won"), int, Compare.HIGHER_FIRST),
    Figure("best_game", _("best game"), int),
)

# What a player's seats add up to in the event (`scoring.figures.StandingFigures`), stored
# on `EventStanding` (its `place` is ranked from these afterwards, in the order of the
# `compare` entries). A `dict` figure holds one value per round: one column per round.
STANDING_FIGURES: tuple[Figure, ...] = (
    Figure("round_points", _("points per round"), dict, shown_in=EVERYWHERE),
    Figure("points", _("Total"), int, Compare.HIGHER_FIRST, EVERYWHERE),
    Figure("brackets_played", _("Brackets"), int, shown_in=frozenset({TABLE, API})),
    Figure("last_round", _("last round played"), int, Compare.HIGHER_FIRST),
    Figure("last_place", _("place in the last bracket"), int, Compare.LOWER_FIRST),
    Figure(
        "unrazed_total", _("Unrazed realms"), int, Compare.HIGHER_FIRST, frozenset({TABLE, API})
    ),
    Figure("games_won", _("games won"), int, Compare.HIGHER_FIRST, frozenset({API})),
    Figure("status", _("Status"), str, Compare.WINNER_FIRST, EVERYWHERE),
    # read with the status ("eliminated in round 2"), on its own in the API
    Figure("eliminated_in_round", _("eliminated in round"), int, shown_in=frozenset({API})),
)


# What a one-on-one event stores on `EventStanding` (SPEC §11, `scoring.swiss.standings`,
# stored by `standings/swiss_store.py`). The standings page of a one-on-one event shows these
# in place of the bracket figures above; percentages are stored as fractions of 1 (4 places)
# and shown as percentages. Tie-breakers in the order of the Swiss standing.
SWISS_FIGURES: tuple[Figure, ...] = (
    Figure(
        "match_points",
        _("Match points"),
        int,
        Compare.HIGHER_FIRST,
        frozenset({TABLE}),
        _(
            "3 for a match won (a bye counts as a match won), 1 for a drawn match, 0 for a "
            "match lost, over the Swiss rounds."
        ),
    ),
    Figure(
        "omw",
        _("OMW"),
        Decimal,
        Compare.HIGHER_FIRST,
        frozenset({TABLE}),
        _(
            "Opponents' match-win percentage: for each opponent, his match points divided by "
            "3 for every round he played (at least 33.33 %); the average over the player's "
            "opponents. A bye is not an opponent."
        ),
    ),
    Figure(
        "gw",
        _("GW"),
        Decimal,
        Compare.HIGHER_FIRST,
        frozenset({TABLE}),
        _(
            "Game-win percentage: game points (3 for a game won, 1 for a drawn game) divided "
            "by 3 for every game played (at least 33.33 %)."
        ),
    ),
    Figure(
        "ogw",
        _("OGW"),
        Decimal,
        Compare.HIGHER_FIRST,
        frozenset({TABLE}),
        _(
            "Opponents' game-win percentage: the average of the opponents' game-win "
            "percentages, each at least 33.33 %."
        ),
    ),
    Figure(
        "unrazed_total",
        _("Unrazed realms"),
        int,
        Compare.HIGHER_FIRST,
        frozenset({TABLE}),
        _("The player's unrazed realms at the end of each of his games, added up."),
    ),
    Figure(
        "record",
        pgettext_lazy("matches won, lost and drawn", "Record"),
        str,
        shown_in=frozenset({TABLE}),
        explanation=_(
            "Matches won, lost and drawn (W-L-D) over the whole event, top cut included; a "
            "bye counts as a win."
        ),
    ),
    Figure("status", _("Status"), str, Compare.WINNER_FIRST, frozenset({TABLE})),
)


def names(figures: tuple[Figure, ...]) -> list[str]:
    """The stored field names of these figures, in declaration order."""
    return [figure.name for figure in figures]


def label(figures: tuple[Figure, ...], name: str) -> Promise:
    """The label of one declared figure."""
    return next(figure.label for figure in figures if figure.name == name)


def shown_in(figures: tuple[Figure, ...], reader: Reader) -> tuple[Figure, ...]:
    """The figures this reader shows, in declaration order."""
    return tuple(figure for figure in figures if reader in figure.shown_in)

"""The one declaration of the figures stored per seat and per standing.

Each `Figure` names a stored field, its label, its type and how it is compared in the
final-place order (SPEC §6, `scoring.figures.final_place_key`). The recompute step writes
exactly these fields (`standings/store.py` for seats, `standings/services.py` for standings),
the standings table takes its headings from here, and a test checks that the API, the CSV
and the scoring form show every public figure.

Adding a figure: the engine computes it (`scoring/figures.py`), one entry here, the model
field and its migration (see docs/ARCHITECTURE.md, "Adding a derived figure").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class Compare(StrEnum):
    """How a figure takes part in the final-place order."""

    HIGHER_FIRST = "higher-first"
    LOWER_FIRST = "lower-first"
    WINNER_FIRST = "winner-first"
    NOT_RANKED = "not-ranked"


@dataclass(frozen=True)
class Figure:
    name: str  # the stored field (and the engine's attribute of the same name)
    label: Promise
    type: type
    compare: Compare = Compare.NOT_RANKED
    public: bool = True  # shown on the standings page, the API and the CSV


# What the engine returns per seat (`scoring.figures.SeatFigures`), stored on `Seat`.
SEAT_FIGURES: tuple[Figure, ...] = (
    Figure("place", _("Place"), int, Compare.LOWER_FIRST),
    Figure("points", _("points"), int, Compare.HIGHER_FIRST),
    Figure("unrazed_total", _("Unrazed realms"), int, Compare.HIGHER_FIRST),
    Figure("games_won", _("games won"), int, Compare.HIGHER_FIRST),
    Figure("best_game", _("best game"), int, public=False),
)

# What a player's seats add up to in the event, stored on `EventStanding` (its `place` is
# ranked from these afterwards, in the order of the `compare` entries).
STANDING_FIGURES: tuple[Figure, ...] = (
    Figure("points", _("Total"), int, Compare.HIGHER_FIRST),
    Figure("round_points", _("points per round"), dict),
    Figure("brackets_played", _("Brackets"), int),
    Figure("last_round", _("last round played"), int, Compare.HIGHER_FIRST, public=False),
    Figure("last_place", _("place in the last bracket"), int, Compare.LOWER_FIRST, public=False),
    Figure("unrazed_total", _("Unrazed realms"), int, Compare.HIGHER_FIRST),
    Figure("games_won", _("games won"), int, Compare.HIGHER_FIRST),
    Figure("status", _("Status"), str, Compare.WINNER_FIRST),
    Figure("eliminated_in_round", _("eliminated in round"), int, public=False),
)


def names(figures: tuple[Figure, ...]) -> list[str]:
    """The stored field names of these figures, in declaration order."""
    return [figure.name for figure in figures]


def label(figures: tuple[Figure, ...], name: str) -> Promise:
    """The label of one declared figure."""
    return next(figure.label for figure in figures if figure.name == name)

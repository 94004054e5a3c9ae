"""The ratings table (SPEC §12): its page and its CSV (player number, name, rating with
one decimal, games)."""

from html import escape
from urllib.parse import quote

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring.ratings import PROVISIONAL_GAMES
from tournament.core.links import URL_SAFE
from tournament.standings.tables import (
    NUM,
    SECONDARY,
    Cell,
    LeanColumn,
    LeanTable,
    LocationColumns,
    location_cells,
    player_url_prefix,
    text,
)


def shown_value(value: float) -> str:
    """A rating as shown: one decimal, in the reader's notation (25,3 in Portuguese)."""
    return number_format(round(value, 1), 1)


class RatingsTable(LocationColumns, LeanTable):
    player_number = LeanColumn(verbose_name=_("Player number"))
    name = LeanColumn(verbose_name=_("Player"))
    country = LeanColumn(verbose_name=_("Country"), attrs=SECONDARY, exclude_from_export=True)
    region = LeanColumn(
        verbose_name=_("Region"),
        attrs=SECONDARY,
        order_by=("region__name",),
        exclude_from_export=True,
    )
    value = LeanColumn(verbose_name=_("Rating"), accessor="rating__value", attrs=NUM)
    games = LeanColumn(verbose_name=_("Games"), accessor="rating__games", attrs=NUM)

    class Meta:
        attrs = {"class": "table ratings-table"}
        empty_text = _("No ratings for this selection.")
        template_name = "standings/_lean_table.html"
        order_by = ("-value",)

    def value_value(self, value) -> str:
        return f"{value:.1f}"  # the CSV's decimal point becomes a comma where the reader uses one

    def value_games(self, value) -> int:
        return value

    def lean_cells(self) -> dict[str, Cell]:
        prefix = player_url_prefix()
        provisional = escape(str(_("provisional")))

        def name(p) -> str:
            number = escape(quote(p.player_number, safe=URL_SAFE))
            return f'<a href="{prefix}{number}/#rating">{text(p.name)}</a>'

        def games(p) -> str:
            mark = (
                f' <span class="badge provisional">{provisional}</span>'
                if p.rating.games < PROVISIONAL_GAMES
                else ""
            )
            return f"{p.rating.games}{mark}"

        return {
            "player_number": lambda p: text(p.player_number),
            "name": name,
            **location_cells(),
            "value": lambda p: shown_value(p.rating.value),
            "games": games,
        }

"""The ranking page's table (`standings.tables.LeanTable`: one f-string per row)."""

from urllib.parse import quote

from django.urls import reverse
from django.utils.html import escape, format_html, strip_tags
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.core.links import URL_SAFE
from tournament.standings.tables import (
    NUM,
    NUM_SECONDARY,
    SECONDARY,
    Cell,
    LeanColumn,
    LeanTable,
    LocationColumns,
    location_cells,
    player_url_prefix,
    text,
)


def movement(rank: int, previous: int | None) -> str:
    """The rank's change since before the latest accepted event: ▲2, ▼1, = or "new"."""
    if previous is None:
        return ""  # a filtered selection: ranked within it, no stored comparison
    if previous == 0:
        return escape(gettext("new"))
    change = previous - rank
    if change == 0:
        return "="
    arrow = "▲" if change > 0 else "▼"
    return f'<span class="move {"up" if change > 0 else "down"}">{arrow}{abs(change)}</span>'


class RankingTable(LocationColumns, LeanTable):
    rank = LeanColumn(verbose_name=_("Rank"), attrs=NUM, orderable=False)
    movement = LeanColumn(
        verbose_name=_("Since the last event"),
        attrs=NUM_SECONDARY,
        orderable=False,
        empty_values=(),
    )
    name = LeanColumn(verbose_name=_("Player"))
    player_number = LeanColumn(verbose_name=_("Player number"), attrs=SECONDARY)
    country = LeanColumn(verbose_name=_("Country"), attrs=SECONDARY)
    region = LeanColumn(verbose_name=_("Region"), attrs=SECONDARY)
    playing_points = LeanColumn(verbose_name=_("Playing"), attrs=NUM_SECONDARY)
    official_points = LeanColumn(verbose_name=_("Coordinator / judge"), attrs=NUM_SECONDARY)
    ranking_points = LeanColumn(verbose_name=_("Ranking points"), attrs=NUM)

    class Meta:
        attrs = {"class": "table ranking-table"}
        empty_text = _("No ranking points for this selection.")
        template_name = "standings/_lean_table.html"

    def __init__(self, *args, breakdown_query: str = "", **kwargs):
        self.breakdown_query = breakdown_query
        super().__init__(*args, **kwargs)

    def render_name(self, value, record):
        url = reverse("standings:player", args=[record.player_number])
        return format_html('<a href="{}{}#ranking">{}</a>', url, self.breakdown_query, value)

    def value_name(self, value):
        return value

    def value_movement(self, record) -> str:
        return strip_tags(movement(record.rank, getattr(record, "previous_rank", None)))

    def lean_cells(self) -> dict[str, Cell]:
        prefix = player_url_prefix()
        query = escape(self.breakdown_query)

        def name(p: Player) -> str:
            number = escape(quote(p.player_number, safe=URL_SAFE))
            return f'<a href="{prefix}{number}/{query}#ranking">{text(p.name)}</a>'

        return {
            "rank": lambda p: str(p.rank),
            "movement": lambda p: movement(p.rank, p.previous_rank),
            "name": name,
            "player_number": lambda p: text(p.player_number),
            **location_cells(),
            "playing_points": lambda p: str(p.playing_points),
            "official_points": lambda p: str(p.official_points),
            "ranking_points": lambda p: str(p.ranking_points),
        }

"""The league table page's table: one page of the stored order (ranks are the rule's, so the
columns do not sort), with the names of that page's players only."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.leagues import LeagueRow
from tournament.accounts.models import Player
from tournament.standings.tables import SECONDARY

NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}


class LeagueTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER)
    player = tables.Column(verbose_name=_("Player"), empty_values=())
    region = tables.Column(verbose_name=_("Region"), attrs=SECONDARY)
    points = tables.Column(verbose_name=_("Points"), attrs=NUMBER)
    events_played = tables.Column(verbose_name=_("Events"), attrs=NUMBER)

    class Meta:
        orderable = False
        attrs = {"class": "table league-table"}
        empty_text = _("No accepted results in this league yet.")

    def __init__(self, rows: list[LeagueRow], **kwargs) -> None:
        super().__init__(rows, **kwargs)
        self.people: dict[int, Player] = {}

    def name_page(self) -> None:
        """Read the names of the current page's players (one query); call after paginating."""
        records = list(self.page.object_list.data) if hasattr(self, "page") else self.data.data
        self.people = Player.objects.in_bulk([int(r.player) for r in records])

    def render_player(self, record: LeagueRow) -> str:
        """The player's name and number, and "qualified" under them (in the one column a
        phone always shows)."""
        person = self.people.get(int(record.player))
        name = ""
        if person is not None:
            url = reverse("standings:player", args=[person.player_number])
            name = format_html(
                '<a href="{}">{}</a> <small>{}</small>', url, person.name, person.player_number
            )
        if not record.qualified:
            return name
        badge = format_html('<span class="badge advances">{}</span>', _("qualified"))
        return format_html("{} {}", name, badge)


class LeagueExportTable(tables.Table):
    """The league table's CSV (`core.export.SafeTableExport`): every row of the shown table,
    the player's name and number in columns of their own, "yes" for a qualified player."""

    rank = tables.Column(verbose_name=_("Rank"), accessor="row__rank")
    player = tables.Column(verbose_name=_("Player"), accessor="player__name", default="")
    number = tables.Column(
        verbose_name=_("Player number"), accessor="player__player_number", default=""
    )
    region = tables.Column(verbose_name=_("Region"), accessor="row__region", default="")
    points = tables.Column(verbose_name=_("Points"), accessor="row__points")
    events = tables.Column(verbose_name=_("Events"), accessor="row__events_played")
    qualified = tables.Column(verbose_name=_("Qualified"), accessor="row__qualified")

    class Meta:
        orderable = False

    def value_qualified(self, value: bool) -> str:
        return _("yes") if value else ""

"""django-tables2 tables of the standings, players and ranking pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.standings.models import EventStanding


class PlayerLinkColumn(tables.Column):
    """A player's name linking to the player page (reads `player` or the record itself)."""

    def render(self, value, record):
        from django.utils.html import format_html

        player = getattr(record, "player", record)
        url = reverse("standings:player", args=[player.player_number])
        return format_html('<a href="{}">{}</a>', url, value)

    def value(self, value, record):
        return value


class RoundPointsColumn(tables.Column):
    """Points of one round, read from the stored per-round dict."""

    def __init__(self, number: int, **kwargs):
        self.number = str(number)
        super().__init__(
            verbose_name=_("R%(number)s") % {"number": number},
            empty_values=(),
            orderable=False,
            attrs={"td": {"class": "num"}, "th": {"class": "num"}},
            **kwargs,
        )

    def render(self, record):
        value = record.round_points.get(self.number)
        return "—" if value is None else value

    def value(self, record):
        return record.round_points.get(self.number, "")


NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    name = PlayerLinkColumn(accessor="player__name", verbose_name=_("Player"))
    number = tables.Column(accessor="player__player_number", verbose_name=_("Player number"))
    club = tables.Column(accessor="player__club", verbose_name=_("Club / team"))
    points = tables.Column(verbose_name=_("Total"), attrs=NUM)
    brackets_played = tables.Column(verbose_name=_("Brackets"), attrs=NUM)
    unrazed_total = tables.Column(verbose_name=_("Unrazed realms"), attrs=NUM)
    status = tables.Column(verbose_name=_("Status"), order_by=("status", "eliminated_in_round"))

    class Meta:
        model = EventStanding
        fields = ()
        sequence = ("place", "name", "number", "club", "...", "points", "brackets_played")
        order_by = ("place", "name")
        attrs = {"class": "table standings-table"}
        empty_text = _("No results yet.")

    def __init__(self, *args, rounds: int = 0, **kwargs):
        extra = [(f"round_{n}", RoundPointsColumn(n)) for n in range(1, rounds + 1)]
        super().__init__(*args, extra_columns=extra, **kwargs)
        # keep rounds between the club and the total
        self.sequence = [
            "place",
            "name",
            "number",
            "club",
            *(name for name, _col in extra),
            "points",
            "brackets_played",
            "unrazed_total",
            "status",
        ]

    def render_status(self, record: EventStanding) -> str:
        return record.status_label

    def value_status(self, record: EventStanding) -> str:
        return record.status_label


class PlayersTable(tables.Table):
    name = PlayerLinkColumn(verbose_name=_("Player"))
    player_number = tables.Column(verbose_name=_("Player number"))
    club = tables.Column(verbose_name=_("Club / team"))
    country = tables.Column(verbose_name=_("Country"))
    region = tables.Column(verbose_name=_("Region"))

    class Meta:
        model = Player
        fields = ("name", "player_number", "club", "country", "region")
        order_by = ("name",)
        attrs = {"class": "table"}


class RankingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM, orderable=False)
    name = tables.Column(verbose_name=_("Player"))
    player_number = tables.Column(verbose_name=_("Player number"))
    country = tables.Column(verbose_name=_("Country"))
    region = tables.Column(verbose_name=_("Region"))
    playing_points = tables.Column(verbose_name=_("Playing"), attrs=NUM)
    official_points = tables.Column(verbose_name=_("Coordinator / judge"), attrs=NUM)
    ranking_points = tables.Column(verbose_name=_("Ranking points"), attrs=NUM)

    class Meta:
        attrs = {"class": "table ranking-table"}
        empty_text = _("No ranking points for this selection.")

    def __init__(self, *args, breakdown_query: str = "", **kwargs):
        self.breakdown_query = breakdown_query
        super().__init__(*args, **kwargs)

    def render_name(self, value, record):
        from django.utils.html import format_html

        url = reverse("standings:player", args=[record.player_number])
        return format_html('<a href="{}{}#ranking">{}</a>', url, self.breakdown_query, value)

    def value_name(self, value):
        return value

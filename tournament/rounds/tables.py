"""django-tables2 tables of the round pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Round, Seat

NUM = {"td": {"class": "num"}}


def cut_stage(matches: int) -> str:
    """A top-cut round named by its matches: quarter-finals, semi-finals, the final."""
    if matches == 1:
        return gettext("final")
    if matches == 2:
        return gettext("semi-finals")
    if matches == 4:
        return gettext("quarter-finals")
    return ngettext("%(count)s match", "%(count)s matches", matches) % {"count": matches}


class RoundsTable(tables.Table):
    number = tables.Column(verbose_name=_("Round"))
    multiplier = tables.Column(
        verbose_name=_("Multiplier"),
        orderable=False,
        attrs=NUM,
    )
    brackets_count = tables.Column(verbose_name=_("Brackets"), attrs=NUM)
    players_count = tables.Column(verbose_name=_("Players"), attrs=NUM)
    state = tables.Column(verbose_name=_("State"))
    published = tables.BooleanColumn(verbose_name=_("Seating published"))
    pages = tables.Column(verbose_name=_("Pages"), empty_values=(), orderable=False)

    class Meta:
        model = Round
        fields = ("number", "multiplier", "brackets_count", "players_count", "state", "published")
        order_by = ("number",)
        attrs = {"class": "rounds-table"}

    def __init__(self, *args, officials: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.officials = officials

    def render_number(self, record: Round) -> str:
        label = _("Final") if record.is_final else ""
        return format_html("{} <small>{}</small>", record.number, label)

    def render_multiplier(self, value: int) -> str:
        return f"×{value}"

    def render_pages(self, record: Round) -> str:
        args = [record.event_id, record.number]
        links = []
        if self.officials or record.published:
            links.append((reverse("rounds:detail", args=args), _("Tables")))
            links.append((reverse("rounds:seating", args=args), _("Seating by name")))
        if not links:
            return "—"
        return format_html_join(" · ", '<a href="{}">{}</a>', links)


class MatchRoundsTable(RoundsTable):
    """The rounds of a one-on-one event (SPEC §11): Swiss rounds, then the top cut; its
    tables are matches and no round multiplies points."""

    brackets_count = tables.Column(verbose_name=_("Matches"), attrs=NUM)

    class Meta(RoundsTable.Meta):
        exclude = ("multiplier",)

    def __init__(self, *args, swiss_total: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.swiss_total = swiss_total

    def render_number(self, record: Round) -> str:
        if record.is_cut:
            label = gettext("Top cut: %(stage)s") % {"stage": cut_stage(record.brackets_count)}
        else:
            label = gettext("Swiss round %(number)s of %(rounds)s") % {
                "number": record.number,
                "rounds": self.swiss_total,
            }
        return format_html("{} <small>{}</small>", record.number, label)

    def render_pages(self, record: Round) -> str:
        args = [record.event_id, record.number]
        if not (self.officials or record.published):
            return "—"
        return format_html(
            '<a href="{}">{}</a>', reverse("rounds:detail", args=args), _("Pairings")
        )


class SeatingTable(tables.Table):
    """Players alphabetically with their table (the public seating list)."""

    player = tables.Column(accessor="registration__player__name", verbose_name=_("Player"))
    number = tables.Column(
        accessor="registration__player__player_number", verbose_name=_("Player number")
    )
    table = tables.Column(
        accessor="bracket__table", verbose_name=_("Table"), attrs={"td": {"class": "num table-no"}}
    )

    class Meta:
        model = Seat
        fields = ("player", "number", "table")
        order_by = ("player",)
        attrs = {"class": "seating-table"}
        row_attrs = {"class": lambda record: "dropped" if record.dropped else ""}

    def render_player(self, record: Seat, value: str) -> str:
        if record.is_wildcard:
            return format_html('{} <span class="badge wildcard">{}</span>', value, _("wildcard"))
        return value

"""django-tables2 tables of the event pages."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event, Registration


class EventTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=_("Event"))
    shorthand = tables.Column(verbose_name=_("Format"), orderable=False, empty_values=())
    players = tables.Column(verbose_name=_("Players"), empty_values=(), orderable=True)

    class Meta:
        model = Event
        fields = ("date", "name", "venue", "shorthand", "status", "players")
        order_by = ("-date",)

    def render_shorthand(self, record: Event) -> str:
        return record.shorthand


class CheckInTable(tables.Table):
    selected = tables.CheckBoxColumn(
        accessor="pk",
        attrs={
            "td__input": {"name": "registrations", "form": "checkin-bulk"},
            "th__input": {"data-select-all": "registrations", "aria-label": _("Select all")},
        },
        orderable=False,
    )
    player = tables.Column(accessor="player__name", verbose_name=_("Player"))
    number = tables.Column(accessor="player__player_number", verbose_name=_("Player number"))
    club = tables.Column(accessor="player__club", verbose_name=_("Club / team"))
    deck_status = tables.TemplateColumn(
        template_name="events/includes/deck_status_cell.html", verbose_name=_("Decklist")
    )
    checked_in = tables.TemplateColumn(
        template_name="events/includes/checkin_toggle.html", verbose_name=_("Checked in")
    )

    class Meta:
        model = Registration
        fields = ("selected", "player", "number", "club", "late", "deck_status", "checked_in")
        order_by = ("player",)

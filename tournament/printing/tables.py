"""The registrations list of the printing page (one decklist sheet per player)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Registration


class DecklistTable(tables.Table):
    name = tables.Column(accessor="player__name", verbose_name=_("Player"))
    number = tables.Column(accessor="player__player_number", verbose_name=_("Player number"))
    sheet = tables.Column(empty_values=(), orderable=False, verbose_name=_("Decklist sheet"))

    class Meta:
        model = Registration
        fields = ("name", "number")
        orderable = False

    def __init__(self, *args, event, paper: str, **kwargs):
        self.event, self.paper = event, paper
        super().__init__(*args, **kwargs)

    def render_sheet(self, record: Registration) -> str:
        preview = reverse("printing:preview", args=[self.event.pk, "decklist"])
        generate = reverse("printing:generate", args=[self.event.pk, "decklist"])
        return format_html(
            '<a class="button" href="{}?registration={}&amp;paper={}">{}</a> '
            '<button class="button" hx-post="{}" '
            'hx-vals=\'{{"registration": "{}", "paper": "{}"}}\' '
            'hx-target="#print-status" hx-swap="innerHTML">{}</button>',
            preview,
            record.pk,
            self.paper,
            _("Preview"),
            generate,
            record.pk,
            self.paper,
            _("PDF"),
        )

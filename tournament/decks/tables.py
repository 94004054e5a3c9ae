"""Decklist status of every registration (officials; the public after a published event)."""

import django_filters
import django_tables2 as tables
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.decks.models import Decklist
from tournament.events.models import Registration


def registrations_with_status(event):
    """Registrations annotated with their decklist status (no list → missing)."""
    return (
        Registration.objects.filter(event=event)
        .select_related("player")
        .annotate(
            deck_status=Coalesce(F("decklist__status"), Value(Decklist.Status.MISSING)),
            deck_cards=F("decklist__card_count"),
            deck_levels=F("decklist__level_total"),
            deck_problems=F("decklist__problem_count"),
            deck_updated=F("decklist__updated_at"),
        )
    )


class DecklistFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=_("Player")
    )
    status = django_filters.ChoiceFilter(
        choices=Decklist.Status.choices, method="filter_status", label=_("Decklist")
    )

    class Meta:
        model = Registration
        fields = ["name", "status"]

    def filter_status(self, queryset, name, value):
        return queryset.filter(deck_status=value)


class DecklistStatusTable(tables.Table):
    player = tables.Column(accessor="player__name", verbose_name=_("Player"))
    number = tables.Column(accessor="player__player_number", verbose_name=_("Player number"))
    deck_status = tables.TemplateColumn(
        template_name="decks/includes/status_cell.html", verbose_name=_("Decklist")
    )
    deck_cards = tables.Column(verbose_name=_("Cards"), attrs={"td": {"class": "num"}})
    deck_levels = tables.Column(verbose_name=_("Level total"), attrs={"td": {"class": "num"}})
    deck_problems = tables.Column(verbose_name=_("Problems"), attrs={"td": {"class": "num"}})
    deck_updated = tables.DateTimeColumn(verbose_name=_("Updated"), format="Y-m-d H:i")

    class Meta:
        model = Registration
        fields = ("player", "number", "deck_status", "deck_cards", "deck_levels")
        sequence = (
            "player",
            "number",
            "deck_status",
            "deck_cards",
            "deck_levels",
            "deck_problems",
            "deck_updated",
        )
        order_by = ("player",)
        attrs = {"class": "decklist-status"}

    def render_player(self, value, record):
        from django.utils.html import format_html

        url = reverse("decks:registration_decklist", args=[record.event_id, record.pk])
        return format_html('<a href="{}">{}</a>', url, value)

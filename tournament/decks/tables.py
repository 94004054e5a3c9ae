"""Decklist status of every registration (officials; the public after a published event)."""

import django_filters
import django_tables2 as tables
from django.db.models import Count, F, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.decks.models import Decklist
from tournament.events.models import Registration


def registrations_with_status(registrations):
    """Registrations (those the viewer may see: `services.visible_registrations`) annotated
    with their decklist status (no list → missing) and stored final place."""
    return registrations.select_related("player").annotate(
        deck_place=F("standing__place"),
        deck_status=Coalesce(F("decklist__status"), Value(Decklist.Status.MISSING)),
        deck_cards=F("decklist__card_count"),
        deck_levels=F("decklist__level_total"),
        deck_problems=F("decklist__problem_count"),
        deck_updated=F("decklist__updated_at"),
        deck_check_count=Count("deck_checks", distinct=True),
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
    deck_place = tables.Column(
        verbose_name=_("Place"), attrs={"td": {"class": "num"}}, default="", orderable=True
    )
    player = tables.Column(accessor="player__name", verbose_name=_("Player"))
    number = tables.Column(accessor="player__player_number", verbose_name=_("Player number"))
    deck_status = tables.TemplateColumn(
        template_name="decks/includes/status_cell.html", verbose_name=_("Decklist")
    )
    deck_cards = tables.Column(verbose_name=_("Cards"), attrs={"td": {"class": "num"}})
    deck_levels = tables.Column(verbose_name=_("Level total"), attrs={"td": {"class": "num"}})
    deck_problems = tables.Column(verbose_name=_("Problems"), attrs={"td": {"class": "num"}})
    deck_updated = tables.DateTimeColumn(verbose_name=_("Updated"), format="Y-m-d H:i")
    # A judge's deck check stays on the list, in the public index too.
    deck_check_count = tables.Column(
        verbose_name=_("Deck checks"), attrs={"td": {"class": "num"}}, default=""
    )

    class Meta:
        model = Registration
        fields = ("player", "number", "deck_status", "deck_cards", "deck_levels")
        sequence = (
            "deck_place",
            "player",
            "number",
            "deck_status",
            "deck_cards",
            "deck_levels",
            "deck_problems",
            "deck_check_count",
            "deck_updated",
        )
        order_by = ("player",)
        attrs = {"class": "decklist-status"}

    def render_deck_check_count(self, value):
        return format_html('<span class="badge deck-checked">{}</span>', value) if value else ""

    def render_player(self, value, record):
        url = reverse("decks:registration_decklist", args=[record.event_id, record.pk])
        return format_html('<a href="{}">{}</a>', url, value)


# --- metagame tables (rows are plain dicts built by views_metagame; CSV through
# core/export.py's SafeTableExport) ---


class MetagameTable(tables.Table):
    """A metagame table: fixed row order (the engine's), no sorting."""

    class Meta:
        orderable = False
        attrs = {"class": "table metagame"}


def _num(verbose_name):
    return tables.Column(verbose_name=verbose_name, attrs={"td": {"class": "num"}})


def _linked(verbose_name, key: str):
    """A column whose cell links to the row's `key` (read by `core.lean_table` too)."""
    column = tables.Column(verbose_name=verbose_name, linkify=lambda record: record[key])
    column.link_key = key
    return column


class CardShareTable(MetagameTable):
    label = _linked(_("Card"), "url")
    type = tables.Column(verbose_name=_("Type"))
    decks = _num(_("Decks"))
    percent = _num(_("Share of decks (%)"))
    copies = _num(_("Copies"))
    average = _num(_("Copies per deck playing it"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class WorldShareTable(MetagameTable):
    label = tables.Column(verbose_name=_("World"))
    decks = _num(_("Decks"))
    percent = _num(_("Share of decks (%)"))
    copies = _num(_("Cards"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class ChampionTypeShareTable(MetagameTable):
    label = tables.Column(verbose_name=_("Champion type"))
    decks = _num(_("Decks"))
    percent = _num(_("Share of decks (%)"))
    copies = _num(_("Champions"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class LevelTable(MetagameTable):
    range = tables.Column(verbose_name=_("Level total"))
    decks = _num(_("Decks"))
    percent = _num(_("Share of decks (%)"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class TopDeckTable(MetagameTable):
    place = _num(_("Place"))
    player = _linked(_("Player"), "url")
    event = _linked(_("Event"), "event_url")
    cards = _num(_("Cards"))
    level_total = _num(_("Level total"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class CardEventTable(MetagameTable):
    event = _linked(_("Event"), "event_url")
    date = tables.DateColumn(verbose_name=_("Date"))
    format = tables.Column(verbose_name=_("Format"))
    playing = _num(_("Decks playing it"))
    decks = _num(_("Published decks"))
    percent = _num(_("Share of decks (%)"))
    places = tables.Column(verbose_name=_("Places of those decks"))
    best = _num(_("Best place"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only


class CardPlayTable(MetagameTable):
    place = _num(_("Place"))
    player = _linked(_("Player"), "url")
    event = _linked(_("Event"), "event_url")
    copies = _num(_("Copies"))

    Meta = MetagameTable.Meta  # django-tables2 reads Meta from the class body only

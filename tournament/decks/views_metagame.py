"""Metagame pages: per event, per format (deck size, deck rules, tournament type), per card.

Only public lists count (`services.public_decklist_q`: finished events, published, not kept
private). The statistics come from `scoring.metagame`; every table exports as CSV
(`?_export=csv&table=<name>`, formulas neutralised by `core/export.py`), every chart is an
SVG drawn here (`bar_chart`) and by `decks/metagame/bar_chart.html`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from scoring import metagame as meta
from tournament.core.export import SafeTableExport
from tournament.core.params import parse_year
from tournament.decks import metagame as selector
from tournament.decks.carddata import get_card_index
from tournament.decks.tables import (
    CardEventTable,
    CardPlayTable,
    CardShareTable,
    ChampionTypeShareTable,
    LevelTable,
    TopDeckTable,
    WorldShareTable,
)
from tournament.events.choices import DeckRules, DeckSize, Status, TournamentType
from tournament.events.models import Event
from tournament.events.views_mixins import EventMixin

EXPORT_PARAM = "_export"
CHART_BARS = 15  # the longest lists (cards) show their first bars; the table has them all
PER_PAGE = 50

# The bar chart's geometry (SVG user units; the drawing scales to the page width).
CHART_WIDTH = 640
LABEL_WIDTH = 230
BAR_ROOM = 330
ROW = 22
BAR = 16


def format_label(deck_size: int, deck_rules: str, tournament_type: str) -> str:
    """A format's name in the active language: "55 cards · Community rules · Championship"."""
    rules = dict(DeckRules.choices).get(deck_rules, deck_rules)
    kind = dict(TournamentType.choices).get(tournament_type, tournament_type)
    return _("%(size)s cards · %(rules)s · %(type)s") % {
        "size": deck_size,
        "rules": rules,
        "type": kind,
    }


def bar_chart(title: str, rows: Sequence[dict], limit: int = CHART_BARS) -> dict[str, Any]:
    """An SVG bar chart's drawing: one bar per row (`label`, `percent`); 100 % = full room.

    Coordinates are formatted here (never localised: "12,5" is not an SVG number); the
    shown value is localised."""
    shown = list(rows[:limit])
    bars = []
    for i, row in enumerate(shown):
        width = BAR_ROOM * min(float(row["percent"]), 100.0) / 100
        y = i * ROW + (ROW - BAR) // 2
        bars.append(
            {
                "label": str(row["label"]),
                "value": number_format(row["percent"], 1) + "%",
                "y": str(y),
                "text_y": str(y + BAR - 4),
                "width": f"{width:.1f}",
                "value_x": f"{LABEL_WIDTH + 10 + width + 6:.1f}",
            }
        )
    return {
        "title": title,
        "bars": bars,
        "width": str(CHART_WIDTH),
        "height": str(max(len(bars), 1) * ROW),
        "label_x": str(LABEL_WIDTH),
        "bar_x": str(LABEL_WIDTH + 10),
        "more": max(len(rows) - limit, 0),
    }


def share_rows(shares: Sequence[meta.Share], card_links: bool = False) -> list[dict]:
    rows = []
    for s in shares:
        row = {
            "key": s.key,
            "label": s.label,
            "decks": s.decks,
            "of": s.of,
            "percent": s.percent,
            "copies": s.copies,
            "average": s.average,
        }
        if card_links:
            row["type"] = s.key.split("|", 1)[0]
            row["url"] = reverse("decks:card", args=[s.key])
        rows.append(row)
    return rows


def level_rows(levels: meta.LevelDistribution) -> list[dict]:
    return [
        {
            "range": f"{b.low}–{b.high}",
            "label": f"{b.low}–{b.high}",
            "decks": b.decks,
            "percent": b.percent,
        }
        for b in levels.bins
    ]


def deck_row(selection: selector.Selection, deck: meta.Deck) -> dict:
    registration = selection.registrations[deck.key]
    event = selection.events[deck.event]
    return {
        "place": deck.place,
        "player": registration.player.name,
        "url": reverse("decks:registration_decklist", args=[deck.event, deck.key]),
        "event": event.name,
        "event_url": reverse("decks:event_metagame", args=[deck.event]),
        "cards": sum(c.count for c in deck.cards),
        "level_total": deck.level_total,
    }


def year_of(request) -> int | None:
    """The `?year=` asked for (event dates), None for every year; a bad year is a 404."""
    try:
        return parse_year(request.GET.get("year"))
    except ValidationError as error:
        raise Http404(error.messages[0]) from None


def export_prefix(request) -> str:
    """The query string that CSV links keep (the year), without paging and export keys."""
    query = request.GET.copy()
    for key in list(query):
        if key in (EXPORT_PARAM, "table") or key.endswith("page"):
            query.pop(key)
    return query.urlencode()


class MetagamePage(TemplateView):
    """Builds the statistics, tables and charts of a set of decks; serves a table's CSV."""

    template_name = "decks/metagame/metagame.html"
    export_name = "metagame"

    def selection(self) -> selector.Selection:
        raise NotImplementedError

    def tables(self, stats: meta.Metagame, selection: selector.Selection) -> dict[str, Any]:
        top = [deck_row(selection, d) for d in stats.top_decks]
        return {
            "cards": CardShareTable(share_rows(stats.cards, card_links=True), prefix="cards-"),
            "top_cards": CardShareTable(
                share_rows(stats.top_cards, card_links=True), prefix="top-cards-"
            ),
            "top_decks": TopDeckTable(top, prefix="top-"),
            "worlds": WorldShareTable(share_rows(stats.worlds), prefix="worlds-"),
            "champion_types": ChampionTypeShareTable(
                share_rows(stats.champion_types), prefix="champions-"
            ),
            "levels": LevelTable(level_rows(stats.levels), prefix="levels-"),
        }

    def get(self, request, *args, **kwargs):
        selection = self.selection()
        stats = meta.metagame(selection.decks)
        tables = self.tables(stats, selection)
        wanted = request.GET.get(EXPORT_PARAM)
        if wanted:
            name = request.GET.get("table", "")
            if wanted != "csv" or name not in tables:
                raise Http404
            exporter = SafeTableExport("csv", tables[name])
            return exporter.response(f"{self.export_name}-{name}.csv")
        for table in tables.values():
            RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        charts = {
            "cards": bar_chart(_("Most played cards (share of decks)"), share_rows(stats.cards)),
            "worlds": bar_chart(_("Worlds (share of decks)"), share_rows(stats.worlds)),
            "champion_types": bar_chart(
                _("Champion types (share of decks)"), share_rows(stats.champion_types)
            ),
            "levels": bar_chart(
                _("Champion level totals (share of decks)"), level_rows(stats.levels), limit=40
            ),
            "top_cards": bar_chart(
                _("What the top decks played (share of those decks)"),
                share_rows(stats.top_cards),
            ),
        }
        context = self.get_context_data(
            stats=stats,
            tables=tables,
            charts=charts,
            top_places=meta.TOP_PLACES,
            export_prefix=export_prefix(request),
            **kwargs,
        )
        return self.render_to_response(context)


class EventMetagameView(EventMixin, MetagamePage):
    """One finished event's public lists (empty while nothing is published)."""

    def get(self, request, *args, **kwargs):
        if self.event.status != Status.FINISHED:
            raise Http404
        self.export_name = f"metagame-event-{self.event.pk}"
        return super().get(request, *args, **kwargs)

    def selection(self) -> selector.Selection:
        return selector.event_selection(self.event)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            scope=self.event.name,
            format_url=reverse(
                "decks:format_metagame",
                args=[self.event.deck_size, self.event.deck_rules, self.event.tournament_type],
            ),
            format_name=format_label(
                self.event.deck_size, self.event.deck_rules, self.event.tournament_type
            ),
        )
        return context


class FormatMetagameView(MetagamePage):
    """Every finished event of one format (deck size, deck rules, tournament type)."""

    def get(self, request, *args, **kwargs):
        size, rules, kind = kwargs["deck_size"], kwargs["deck_rules"], kwargs["tournament_type"]
        if size not in DeckSize.values or rules not in DeckRules.values:
            raise Http404
        if kind not in TournamentType.values:
            raise Http404
        self.year = year_of(request)
        self.export_name = f"metagame-{size}-{rules}-{kind}" + (
            f"-{self.year}" if self.year else ""
        )
        return super().get(request, *args, **kwargs)

    def selection(self) -> selector.Selection:
        k = self.kwargs
        selection = selector.format_selection(
            k["deck_size"], k["deck_rules"], k["tournament_type"], self.year
        )
        self.included = sorted(selection.events.values(), key=lambda e: (-e.date.toordinal(), e.pk))
        return selection

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        k = self.kwargs
        scope = format_label(k["deck_size"], k["deck_rules"], k["tournament_type"])
        if self.year:
            scope = _("%(format)s, %(year)s") % {"format": scope, "year": self.year}
        context.update(scope=scope, included_events=self.included, year=self.year)
        return context


class MetagameIndexView(TemplateView):
    """The formats and events with public lists."""

    template_name = "decks/metagame/index.html"

    def get(self, request, *args, **kwargs):
        self.year = year_of(request)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        query = f"?year={self.year}" if self.year else ""
        formats = [
            {
                "name": format_label(
                    f["event__deck_size"], f["event__deck_rules"], f["event__tournament_type"]
                ),
                "url": reverse(
                    "decks:format_metagame",
                    args=[
                        f["event__deck_size"],
                        f["event__deck_rules"],
                        f["event__tournament_type"],
                    ],
                )
                + query,
                "events": f["events"],
                "decks": f["decks"],
            }
            for f in selector.formats(self.year)
        ]
        context.update(
            formats=formats,
            events=selector.events_with_public_lists(self.year),
            years=selector.years(),
            year=self.year,
        )
        return context


class CardView(TemplateView):
    """One card identity: the events where published decks played it, and their places."""

    template_name = "decks/metagame/card.html"

    def get(self, request, *args, **kwargs):
        identity = kwargs.pop("identity")
        index = get_card_index()
        known = index.identities.get(identity)
        selection = selector.all_selection()
        record = meta.card_record(selection.decks, identity)
        if known is None and not record.plays:
            raise Http404
        tables = {
            "events": CardEventTable(self.event_rows(record, selection), prefix="events-"),
            "decks": CardPlayTable(self.play_rows(record, selection), prefix="decks-"),
        }
        wanted = request.GET.get(EXPORT_PARAM)
        if wanted:
            name = request.GET.get("table", "")
            if wanted != "csv" or name not in tables:
                raise Http404
            slug = "".join(ch if ch.isalnum() else "-" for ch in identity.lower())
            return SafeTableExport("csv", tables[name]).response(f"card-{slug}-{name}.csv")
        for table in tables.values():
            RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        printings = index.printings(identity) if known else ()
        name = known.name if known else self.played_name(selection, identity)
        context = self.get_context_data(
            identity=identity,
            name=name,
            type=known.type if known else identity.split("|", 1)[0],
            printings=[p.card_id for p in printings],
            record=record,
            tables=tables,
            top_places=meta.TOP_PLACES,
            export_prefix=export_prefix(request),
            **kwargs,
        )
        return self.render_to_response(context)

    @staticmethod
    def played_name(selection: selector.Selection, identity: str) -> str:
        for deck in selection.decks:
            for card in deck.cards:
                if card.identity == identity:
                    return card.name
        return identity

    @staticmethod
    def event_rows(record: meta.CardRecord, selection: selector.Selection) -> list[dict]:
        rows = []
        for e in record.events:
            event: Event = selection.events[e.event]
            rows.append(
                {
                    "event": event.name,
                    "event_url": reverse("decks:event_metagame", args=[event.pk]),
                    "date": event.date,
                    "format": format_label(
                        event.deck_size, event.deck_rules, event.tournament_type
                    ),
                    "playing": e.playing,
                    "decks": e.decks,
                    "percent": e.percent,
                    "places": ", ".join("—" if p is None else str(p) for p in e.places),
                    "best": e.best,
                }
            )
        return rows

    @staticmethod
    def play_rows(record: meta.CardRecord, selection: selector.Selection) -> list[dict]:
        rows = []
        for p in record.plays:
            registration = selection.registrations[p.deck]
            event = selection.events[p.event]
            rows.append(
                {
                    "place": p.place,
                    "player": registration.player.name,
                    "url": reverse("decks:registration_decklist", args=[event.pk, p.deck]),
                    "event": event.name,
                    "event_url": reverse("decks:event_metagame", args=[event.pk]),
                    "copies": p.copies,
                }
            )
        return rows

"""Metagame pages: per event, per format (deck size, deck rules, tournament type), per card.

Only public lists count (`services.public_decklist_q`: finished events, published, not kept
private). The statistics are summed in SQL over what each list contributes as stored
(`decks/metagame.py`, `decks/facts.py`), in `scoring.metagame`'s shapes; every table exports as CSV
(`?_export=csv&table=<name>`, formulas neutralised by `core/export.py`), every chart is an
SVG drawn here (`bar_chart`) and by `decks/metagame/bar_chart.html`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from scoring import metagame as meta
from tournament.core.export import SafeTableExport
from tournament.core.extras import PageExtras
from tournament.core.fragments import cached, fragment_key, version
from tournament.core.issues import card_type_label
from tournament.core.links import link_maker
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


@dataclass(frozen=True)
class Links:
    """The paths a metagame page links its rows to, each view reversed once per page."""

    card: Callable[..., str]
    deck: Callable[..., str]
    event: Callable[..., str]

    @classmethod
    def make(cls) -> Links:
        return cls(
            card=link_maker("decks:card"),
            deck=link_maker("decks:registration_decklist", 2),
            event=link_maker("decks:event_metagame"),
        )


def share_rows(
    shares: Sequence[meta.Share],
    card_link: Callable[..., str] | None = None,
    label: Callable[[str], str] = str,
) -> list[dict]:
    """Rows of a share table; cards link to their page when `card_link` is given; `label`
    words each key's label for the reader (a champion type in his language)."""
    rows = []
    for s in shares:
        row = {
            "key": s.key,
            "label": label(s.label),
            "decks": s.decks,
            "of": s.of,
            "percent": s.percent,
            "copies": s.copies,
            "average": s.average,
        }
        if card_link is not None:
            row["type"] = card_type_label(s.key.split("|", 1)[0])
            row["url"] = card_link(s.key)
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


def deck_row(selection: selector.Selection, deck: meta.Deck, links: Links) -> dict:
    event = selection.events[deck.event]
    return {
        "place": deck.place,
        "player": selection.players[deck.key],
        "url": links.deck(deck.event, deck.key),
        "event": event.name,
        "event_url": links.event(deck.event),
        "cards": selection.cards[deck.key],
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


def valid_format(fmt: selector.Format) -> bool:
    size, rules, kind = fmt
    return size in DeckSize.values and rules in DeckRules.values and kind in TournamentType.values


def format_asked(request) -> selector.Format | None:
    """The `?deck_size=&deck_rules=&tournament_type=` narrowing asked for (all three or
    none); anything else is a 404."""
    names = ("deck_size", "deck_rules", "tournament_type")
    values = [request.GET.get(name, "") for name in names]
    if not any(values):
        return None
    size, rules, kind = values
    fmt = (int(size) if size.isdigit() else 0, rules, kind)
    if not valid_format(fmt):
        raise Http404
    return fmt


def format_query(fmt: selector.Format) -> str:
    size, rules, kind = fmt
    return urlencode({"deck_size": size, "deck_rules": rules, "tournament_type": kind})


def page_address(request) -> str:
    """The path and query string, which `fragment_key` hashes (a card's path may hold any
    character, and any length, a cache key must not)."""
    return f"{request.path}?{request.GET.urlencode()}"


class MetagamePage(TemplateView):
    """Builds the statistics, tables and charts of a set of decks; serves a table's CSV.

    The statistics and tables are rendered once into a fragment cached under the page's
    address, query string, language and versions (`results_key`), so a warm page costs a
    cache read; any change to the lists under it bumps the metagame version."""

    template_name = "decks/metagame/metagame.html"
    results_template = "decks/metagame/_results.html"
    export_name = "metagame"

    def selection(self) -> selector.Selection:
        raise NotImplementedError

    def stamp(self) -> object:
        """What, besides the public lists, the statistics depend on (a league's definition)."""
        return ""

    def results_context(self, selection: selector.Selection) -> dict[str, Any]:
        """Extra context of the results fragment (the events counted, the formats)."""
        return {}

    @staticmethod
    def rows(stats: meta.Metagame, selection: selector.Selection) -> dict[str, list[dict]]:
        """Every statistic's rows, built once: the tables and the charts both read them."""
        links = Links.make()
        return {
            "cards": share_rows(stats.cards, links.card),
            "top_cards": share_rows(stats.top_cards, links.card),
            "top_decks": [deck_row(selection, d, links) for d in stats.top_decks],
            "worlds": share_rows(stats.worlds),
            "champion_types": share_rows(stats.champion_types, label=card_type_label),
            "levels": level_rows(stats.levels),
        }

    @staticmethod
    def tables(rows: dict[str, list[dict]]) -> dict[str, Any]:
        return {
            "cards": CardShareTable(rows["cards"], prefix="cards-"),
            "top_cards": CardShareTable(rows["top_cards"], prefix="top-cards-"),
            "top_decks": TopDeckTable(rows["top_decks"], prefix="top-"),
            "worlds": WorldShareTable(rows["worlds"], prefix="worlds-"),
            "champion_types": ChampionTypeShareTable(rows["champion_types"], prefix="champions-"),
            "levels": LevelTable(rows["levels"], prefix="levels-"),
        }

    @staticmethod
    def charts(rows: dict[str, list[dict]]) -> dict[str, Any]:
        return {
            "cards": bar_chart(_("Most played cards (share of decks)"), rows["cards"]),
            "worlds": bar_chart(_("Worlds (share of decks)"), rows["worlds"]),
            "champion_types": bar_chart(
                _("Champion types (share of decks)"), rows["champion_types"]
            ),
            "levels": bar_chart(
                _("Champion level totals (share of decks)"), rows["levels"], limit=40
            ),
            "top_cards": bar_chart(
                _("What the top decks played (share of those decks)"), rows["top_cards"]
            ),
        }

    def get(self, request, *args, **kwargs):
        wanted = request.GET.get(EXPORT_PARAM)
        if wanted:
            return self.export(wanted, request.GET.get("table", ""))
        results_html = cached(self.results_key(), self.render_results)
        return self.render_to_response(self.get_context_data(results_html=results_html, **kwargs))

    def results_key(self) -> str:
        return fragment_key(
            "metagame",
            self.stamp(),
            version(selector.VERSION_SCOPE),
            query=page_address(self.request),
        )

    def export(self, wanted: str, name: str) -> HttpResponse:
        selection = self.selection()
        tables = self.tables(self.rows(selector.statistics(selection), selection))
        if wanted != "csv" or name not in tables:
            raise Http404
        return SafeTableExport("csv", tables[name]).response(f"{self.export_name}-{name}.csv")

    def render_results(self) -> str:
        selection = self.selection()
        stats = selector.statistics(selection)
        rows = self.rows(stats, selection)
        charts = self.charts(rows)  # first: a table may re-order the list it is given, in place
        tables = self.tables(rows)
        for table in tables.values():
            RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context = {
            "stats": stats,
            # Without card data no list was read: the page says so instead of empty figures.
            "no_card_data": not get_card_index().cards,
            "tables": tables,
            "charts": charts,
            "top_places": meta.TOP_PLACES,
            "export_prefix": export_prefix(self.request),
            **self.results_context(selection),
        }
        return render_to_string(self.results_template, context, self.request)


def events_by_date(selection: selector.Selection) -> list[Event]:
    """The events of a selection, newest first."""
    return sorted(selection.events.values(), key=lambda e: (-e.date.toordinal(), e.pk))


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
        fmt = (self.event.deck_size, self.event.deck_rules, self.event.tournament_type)
        context.update(
            scope=self.event.name,
            format_url=reverse("decks:format_metagame", args=fmt),
            format_name=format_label(*fmt),
        )
        return context


class FormatMetagameView(MetagamePage):
    """Every finished event of one format (deck size, deck rules, tournament type)."""

    def get(self, request, *args, **kwargs):
        self.format = (kwargs["deck_size"], kwargs["deck_rules"], kwargs["tournament_type"])
        if not valid_format(self.format):
            raise Http404
        self.year = year_of(request)
        self.export_name = "metagame-{}-{}-{}".format(*self.format) + (
            f"-{self.year}" if self.year else ""
        )
        return super().get(request, *args, **kwargs)

    def selection(self) -> selector.Selection:
        return selector.format_selection(self.format, self.year)

    def results_context(self, selection: selector.Selection) -> dict[str, Any]:
        return {"included_events": events_by_date(selection)}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        scope = format_label(*self.format)
        if self.year:
            scope = _("%(format)s, %(year)s") % {"format": scope, "year": self.year}
        context.update(scope=scope, year=self.year)
        return context


class MetagameIndexView(TemplateView):
    """The formats and events with public lists; apps above add their parts (`extras`: the
    leagues, each with its own metagame)."""

    template_name = "decks/metagame/index.html"
    extras: PageExtras[[HttpRequest]] = PageExtras("the metagame index")

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
        context.update(self.extras.context(self.request))
        return context


class CardView(TemplateView):
    """One card identity: the events where published decks played it, and their places."""

    template_name = "decks/metagame/card.html"

    def get(self, request, *args, **kwargs):
        identity = kwargs.pop("identity")
        wanted = request.GET.get(EXPORT_PARAM)
        if wanted:
            return self.export(identity, wanted, request.GET.get("table", ""))
        key = fragment_key(
            "metagame-card", version(selector.VERSION_SCOPE), query=page_address(request)
        )
        # Cached even when the card is unknown ("", ""): a made-up identity costs one read.
        name, results_html = cached(key, lambda: self.render_card(identity))
        if not results_html:
            raise Http404
        context = self.get_context_data(name=name, results_html=results_html, **kwargs)
        return self.render_to_response(context)

    def card_page(self, identity: str) -> dict[str, Any] | None:
        """The card's record and tables (None: a card neither in the data nor played)."""
        index = get_card_index()
        known = index.identities.get(identity)
        selection = selector.all_selection()
        record, played_name = selector.card_record(selection, identity)
        if known is None and not record.plays:
            return None
        printings = index.printings(identity) if known else ()
        return {
            "identity": identity,
            "name": known.name if known else played_name or identity,
            "type": card_type_label(known.type if known else identity.split("|", 1)[0]),
            "printings": [p.card_id for p in printings],
            "record": record,
            "tables": {
                "events": CardEventTable(self.event_rows(record, selection), prefix="events-"),
                "decks": CardPlayTable(self.play_rows(record, selection), prefix="decks-"),
            },
        }

    def export(self, identity: str, wanted: str, name: str) -> HttpResponse:
        page = self.card_page(identity)
        if page is None or wanted != "csv" or name not in page["tables"]:
            raise Http404
        slug = "".join(ch if ch.isalnum() else "-" for ch in identity.lower())
        return SafeTableExport("csv", page["tables"][name]).response(f"card-{slug}-{name}.csv")

    def render_card(self, identity: str) -> tuple[str, str]:
        """The card's name and its page's body as HTML (empty when there is no such card)."""
        page = self.card_page(identity)
        if page is None:
            return "", ""
        for table in page["tables"].values():
            RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        page.update(top_places=meta.TOP_PLACES, export_prefix=export_prefix(self.request))
        html = render_to_string("decks/metagame/_card.html", page, self.request)
        return page["name"], html

    @staticmethod
    def event_rows(record: meta.CardRecord, selection: selector.Selection) -> list[dict]:
        links = Links.make()
        rows = []
        for e in record.events:
            event: Event = selection.events[e.event]
            rows.append(
                {
                    "event": event.name,
                    "event_url": links.event(event.pk),
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
        links = Links.make()
        rows = []
        for p in record.plays:
            event = selection.events[p.event]
            rows.append(
                {
                    "place": p.place,
                    "player": selection.players[p.deck],
                    "url": links.deck(event.pk, p.deck),
                    "event": event.name,
                    "event_url": links.event(event.pk),
                    "copies": p.copies,
                }
            )
        return rows

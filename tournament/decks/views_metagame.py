"""Metagame pages: per event, per format (deck size, deck rules, tournament type), per card.

Only public lists count (`services.public_decklist_q`: finished events, published, not kept
private). The statistics are summed in SQL over what each list contributes as stored
(`decks/metagame.py`, `decks/facts.py`), in `scoring.metagame`'s shapes; every table exports as CSV
(`?_export=csv&table=<name>`, formulas neutralised by `core/export.py`), every chart is an
SVG drawn here (`bar_chart`) and by `decks/metagame/bar_chart.html`.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import dateformat
from django.utils.formats import get_format, number_format
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring import metagame as meta
from tournament.core.export import SafeTableExport
from tournament.core.extras import PageExtras
from tournament.core.fragments import cached, fragment_key, version
from tournament.core.issues import card_type_label
from tournament.core.lean_table import LazyRows, LeanTable
from tournament.core.links import link_maker
from tournament.core.params import parse_year
from tournament.decks import metagame as selector
from tournament.decks import summaries
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
from tournament.events.models import Event, Registration
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


# One bar: its label (at the left), its bar (with the value as a tooltip), its value.
BAR_MARKUP = (
    '<g><text x="{label_x}" y="{text_y}" text-anchor="end" font-size="12" '
    'fill="currentColor">{short}</text><rect x="{bar_x}" y="{y}" width="{width}" '
    'height="{bar}" fill="#3b6ea5"><title>{label}: {value}</title></rect>'
    '<text x="{value_x}" y="{text_y}" font-size="12" fill="currentColor">{value}</text></g>'
)
LABEL_CHARS = 34  # a longer label is cut with "…" (the tooltip has it whole)


def percent_text(value: float) -> str:
    """A percentage to one decimal as `number_format(value, 1)` writes it, the quick way when
    the language groups no thousands (`core.lean_table.cell_text`'s reasoning)."""
    if settings.USE_THOUSAND_SEPARATOR:
        return number_format(value, 1)
    return f"{value:.1f}".replace(".", get_format("DECIMAL_SEPARATOR"))


def bar_chart(title: str, rows: Sequence[dict], limit: int = CHART_BARS) -> dict[str, Any]:
    """An SVG bar chart's drawing: one bar per row (`label`, `percent`); 100 % = full room.

    Coordinates are formatted here (never localised: "12,5" is not an SVG number); the
    shown value is localised. The bars are drawn here, the frame by `bar_chart.html`."""
    shown = list(rows[:limit])
    bars = []
    for i, row in enumerate(shown):
        width = BAR_ROOM * min(float(row["percent"]), 100.0) / 100
        y = i * ROW + (ROW - BAR) // 2
        label = str(row["label"])
        bars.append(
            {
                "label": escape(label),
                "short": escape(
                    label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"
                ),
                "value": escape(percent_text(row["percent"]) + "%"),
                "label_x": str(LABEL_WIDTH),
                "bar_x": str(LABEL_WIDTH + 10),
                "bar": str(BAR),
                "y": str(y),
                "text_y": str(y + BAR - 4),
                "width": f"{width:.1f}",
                "value_x": f"{LABEL_WIDTH + 10 + width + 6:.1f}",
            }
        )
    return {
        "title": title,
        # The labels escaped (html.escape, as format_html does); the rest are numbers.
        "bars": SafeString("\n".join(BAR_MARKUP.format(**bar) for bar in bars)),
        "width": str(CHART_WIDTH),
        "height": str(max(len(bars), 1) * ROW),
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
    types: dict[str, str] = {}  # each card type worded once a table
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
            kind = s.key.split("|", 1)[0]
            if kind not in types:
                types[kind] = card_type_label(kind)
            row["type"] = types[kind]
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


@dataclass
class Names:
    """What rows name their decks and events by: the page's events, and each deck's player and
    main deck's cards (read for the rows shown: `read`)."""

    events: dict[int, Event | EventName]
    players: dict[int, str] = field(default_factory=dict)
    cards: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, selection: selector.Selection) -> Names:
        return cls(selection.events, selection.players, selection.cards)

    def read(self, decks: Iterable[int]) -> Names:
        """Reads the names of these decks (registrations) not known yet: one query."""
        missing = [pk for pk in decks if pk not in self.players]
        if missing:
            rows = Registration.objects.filter(pk__in=missing).values_list(
                "pk", "player__name", "decklist__facts__card_count"
            )
            for pk, name, count in rows:
                self.players[pk] = name
                self.cards[pk] = count or 0
        return self


def deck_row(names: Names, deck: meta.Deck, links: Links) -> dict:
    return {
        "place": deck.place,
        "player": names.players[deck.key],
        "url": links.deck(deck.event, deck.key),
        "event": names.events[deck.event].name,
        "event_url": links.event(deck.event),
        "cards": names.cards[deck.key],
        "level_total": deck.level_total,
    }


def deck_rows(decks: Sequence[meta.Deck], links: Links, names: Names) -> list[dict]:
    """The rows of these decks, their names read for them when not known."""
    names.read(d.key for d in decks)
    return [deck_row(names, d, links) for d in decks]


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

    The statistics are summed once and stored (`decks/summaries.py`) while the page's lists
    stay the same; the tables and charts are rendered into a fragment cached under the page's
    address, query string, language and versions (`results_key`), so a warm page costs a
    cache read; any change to the lists under it bumps the metagame version. The tables show
    one page of rows each, built for that page only (`core.lean_table`)."""

    template_name = "decks/metagame/metagame.html"
    results_template = "decks/metagame/_results.html"
    export_name = "metagame"

    def lists(self):
        """The page's public lists, in the pages' order (a queryset)."""
        raise NotImplementedError

    def stamp(self) -> object:
        """What, besides the public lists, the statistics depend on (a league's definition)."""
        return ""

    def results_context(self, events: dict[int, EventName], figures: summaries.Plain) -> dict:
        """Extra context of the results fragment (the events counted, the formats)."""
        return {}

    @staticmethod
    def rows(stats: meta.Metagame, names: Names) -> dict[str, Sequence[dict]]:
        """Every statistic's rows (the tables and the charts both read them), each built when
        it is read: a page builds the rows it shows (and reads their names)."""
        links = Links.make()
        return {
            "cards": LazyRows(stats.cards, lambda items: share_rows(items, links.card)),
            "top_cards": LazyRows(stats.top_cards, lambda items: share_rows(items, links.card)),
            "top_decks": LazyRows(stats.top_decks, lambda decks: deck_rows(decks, links, names)),
            "worlds": share_rows(stats.worlds),
            "champion_types": share_rows(stats.champion_types, label=card_type_label),
            "levels": level_rows(stats.levels),
        }

    TABLES = {
        "cards": (CardShareTable, "cards-"),
        "top_cards": (CardShareTable, "top-cards-"),
        "top_decks": (TopDeckTable, "top-"),
        "worlds": (WorldShareTable, "worlds-"),
        "champion_types": (ChampionTypeShareTable, "champions-"),
        "levels": (LevelTable, "levels-"),
    }

    @classmethod
    def tables(cls, rows: dict[str, Sequence[dict]]) -> dict[str, Any]:
        """The django-tables2 tables of every row (the CSV exports)."""
        return {
            name: table(list(rows[name]), prefix=prefix)
            for name, (table, prefix) in cls.TABLES.items()
        }

    def lean_tables(self, rows: dict[str, Sequence[dict]]) -> dict[str, LeanTable]:
        """One page of each table, as the request asks for it."""
        return {
            name: LeanTable.of(table, rows[name], prefix, self.request, PER_PAGE)
            for name, (table, prefix) in self.TABLES.items()
        }

    @staticmethod
    def charts(rows: dict[str, Sequence[dict]]) -> dict[str, Any]:
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
        selection = selector.select(self.lists())
        stats = selector.statistics(selection)
        tables = self.tables(self.rows(stats, Names.of(selection)))
        if wanted != "csv" or name not in tables:
            raise Http404
        return SafeTableExport("csv", tables[name]).response(f"{self.export_name}-{name}.csv")

    def watched(self):
        """The lists whose fingerprint tells whether the stored figures still stand (the
        page's own lists; a league's page watches the whole league, whose formats it lists)."""
        return self.lists()

    def more_figures(self) -> summaries.Plain:
        """Figures besides the statistics that the page shows and stores (a league's formats)."""
        return {}

    def figures(self) -> tuple[meta.Metagame, dict[int, EventName], summaries.Plain]:
        """The page's statistics, its events and its other figures, from its stored summary
        while its lists are unchanged (an event's name, date or format changes its fingerprint
        too: the events are stored with them)."""

        def compute() -> tuple[summaries.Plain, summaries.Tables]:
            selection = selector.select(self.lists())
            figures, tables = summaries.metagame_plain(selector.statistics(selection))
            figures["event_names"] = [EventName.plain(e) for e in selection.events.values()]
            # Without card data no list was read (the summary is summed again on an import).
            figures["no_card_data"] = not get_card_index().cards
            return {**figures, **self.more_figures()}, tables

        summary = summaries.stored(f"{self.export_name}:{self.stamp()}", self.watched, compute)
        figures = summary.figures
        events = EventName.read(figures["event_names"])
        return summaries.metagame_from(summary), events, figures

    def render_results(self) -> str:
        stats, events, figures = self.figures()
        rows = self.rows(stats, Names(events))
        context = {
            "stats": stats,
            # Without card data no list was read: the page says so instead of empty figures.
            "no_card_data": figures["no_card_data"],
            "tables": self.lean_tables(rows),
            "charts": self.charts(rows),
            "top_places": meta.TOP_PLACES,
            "export_prefix": export_prefix(self.request),
            **self.results_context(events, figures),
        }
        return render_to_string(self.results_template, context, self.request)


def events_by_date(events: dict[int, EventName]) -> SafeString:
    """The events counted, newest first, as list items: each one's name, linking to its
    metagame, and its date in the reader's language."""
    link = Links.make().event
    written, language = get_format("DATE_FORMAT"), get_language()
    ordered = sorted(events.values(), key=lambda e: (-e.date.toordinal(), e.pk))
    # format_html_join's markup and escaping (html.escape), without its per-argument work:
    # a season counts hundreds of events.
    return SafeString(
        "".join(
            f'<li><a href="{escape(link(e.pk))}">{escape(e.name)}</a> '
            f"({escape(written_date(e.date, written, language))})</li>"
            for e in ordered
        )
    )


@functools.lru_cache(maxsize=4096)
def written_date(date: datetime.date, written: str, language: str) -> str:
    """A date as `{{ date }}` writes it in `language` (month names are translated): a
    page of events writes each date once per process."""
    return dateformat.format(date, written)


class EventName(NamedTuple):
    """What rows and lists name an event by (an `Event` answers the same)."""

    pk: int
    name: str
    date: datetime.date
    deck_size: int
    deck_rules: str
    tournament_type: str

    @staticmethod
    def plain(event: Event | EventName) -> list:
        """An event's names as stored in a summary (its date as ISO text)."""
        values = [getattr(event, name) for name in EventName._fields]
        values[2] = event.date.isoformat()
        return values

    @classmethod
    def from_plain(cls, values: list) -> EventName:
        pk, name, date, *fmt = values
        return cls(pk, name, datetime.date.fromisoformat(date), *fmt)

    @classmethod
    def read(cls, stored: list[list]) -> dict[int, EventName]:
        """Events as a summary stored them (`plain`), by key."""
        return {values[0]: cls.from_plain(values) for values in stored}


class EventMetagameView(EventMixin, MetagamePage):
    """One finished event's public lists (empty while nothing is published)."""

    def get(self, request, *args, **kwargs):
        if self.event.status != Status.FINISHED:
            raise Http404
        self.export_name = f"metagame-event-{self.event.pk}"
        return super().get(request, *args, **kwargs)

    def lists(self):
        return selector.event_lists(self.event)

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

    def lists(self):
        return selector.format_lists(self.format, self.year)

    def results_context(self, events: dict[int, EventName], figures: summaries.Plain) -> dict:
        return {"included_events": events_by_date(events)}

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

    def card_page(self, identity: str, stored: bool = True) -> dict[str, Any] | None:
        """The card's record and rows (None: a card neither in the data nor played). A known
        card's record comes from its stored summary (`stored`), else from the lists."""
        index = get_card_index()
        known = index.identities.get(identity)
        if stored and known is not None:
            summary = summaries.stored(
                f"card:{identity}", selector.all_lists, lambda: card_plain(identity)
            )
            record, played_name = summaries.record_from(summary), summary.figures["name"]
            names = Names(EventName.read(summary.figures["event_names"]))
        else:
            selection = selector.select(selector.all_lists())
            record, played_name = selector.card_record(selection, identity)
            names = Names.of(selection)
        if known is None and not record.plays:
            return None
        printings = index.printings(identity) if known else ()
        links = Links.make()
        return {
            "identity": identity,
            "name": known.name if known else played_name or identity,
            "type": card_type_label(known.type if known else identity.split("|", 1)[0]),
            "printings": [p.card_id for p in printings],
            "record": record,
            "rows": {
                "events": LazyRows(record.events, lambda e: event_rows(e, links, names)),
                "decks": LazyRows(record.plays, lambda p: play_rows(p, links, names)),
            },
        }

    TABLES = {"events": (CardEventTable, "events-"), "decks": (CardPlayTable, "decks-")}

    def export(self, identity: str, wanted: str, name: str) -> HttpResponse:
        page = self.card_page(identity, stored=False)
        if page is None or wanted != "csv" or name not in self.TABLES:
            raise Http404
        table, prefix = self.TABLES[name]
        slug = "".join(ch if ch.isalnum() else "-" for ch in identity.lower())
        return SafeTableExport("csv", table(list(page["rows"][name]), prefix=prefix)).response(
            f"card-{slug}-{name}.csv"
        )

    def render_card(self, identity: str) -> tuple[str, str]:
        """The card's name and its page's body as HTML (empty when there is no such card)."""
        page = self.card_page(identity)
        if page is None:
            return "", ""
        page["tables"] = {
            name: LeanTable.of(table, page["rows"][name], prefix, self.request, PER_PAGE)
            for name, (table, prefix) in self.TABLES.items()
        }
        page.update(top_places=meta.TOP_PLACES, export_prefix=export_prefix(self.request))
        html = render_to_string("decks/metagame/_card.html", page, self.request)
        return page["name"], html


def card_plain(identity: str) -> tuple[summaries.Plain, summaries.Tables]:
    """A card's record over every public list, and the name it was first played under, as
    stored."""
    selection = selector.select(selector.all_lists())
    record, name = selector.card_record(selection, identity)
    figures, tables = summaries.record_plain(record)
    events = [EventName.plain(selection.events[e.event]) for e in record.events]
    return {**figures, "name": name, "event_names": events}, tables


def event_rows(events: Sequence[meta.CardEvent], links: Links, names: Names) -> list[dict]:
    """The rows of the events where a card was played."""
    rows = []
    for e in events:
        event: Event = names.events[e.event]
        rows.append(
            {
                "event": event.name,
                "event_url": links.event(event.pk),
                "date": event.date,
                "format": format_label(event.deck_size, event.deck_rules, event.tournament_type),
                "playing": e.playing,
                "decks": e.decks,
                "percent": e.percent,
                "places": ", ".join("—" if p is None else str(p) for p in e.places),
                "best": e.best,
            }
        )
    return rows


def play_rows(
    plays: Sequence[meta.CardPlay], links: Links, names: Names | None = None
) -> list[dict]:
    """The rows of the decks that played a card, their names read when not known."""
    names.read(p.deck for p in plays)
    return [
        {
            "place": p.place,
            "player": names.players[p.deck],
            "url": links.deck(p.event, p.deck),
            "event": names.events[p.event].name,
            "event_url": links.event(p.event),
            "copies": p.copies,
        }
        for p in plays
    ]

"""django-tables2 tables of the standings and players pages (and their parts the ranking's
table builds on: `ranking/tables.py`).

The tables keep django-tables2's columns, ordering, pagination and CSV export, but render
their HTML through `LeanTable`: the body is one f-string per row built from plain cell
functions, because the stock template costs ~0.2 ms per cell (bound cells, computed attrs,
a template lookup each) — 40× the page floor on a 50-row standings page.
"""

import copy
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from html import escape
from urllib.parse import quote

import django_tables2 as tables
from django.core.paginator import Paginator
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django_tables2.templatetags.django_tables2 import table_page_range

from tournament.accounts.locations import country_names
from tournament.accounts.models import Player, Region
from tournament.core.fragments import RecentlyUsed
from tournament.core.links import URL_SAFE
from tournament.standings.figures import TABLE, Figure
from tournament.standings.models import EventStanding
from tournament.standings.rows import reader_figures

Cell = Callable[[object], str]
_header_html: RecentlyUsed[SafeString] = RecentlyUsed(512)


def text(value) -> str:
    """A plain cell value, escaped; empty values as django-tables2's default dash."""
    return "—" if value is None or value == "" else escape(str(value), quote=True)


def player_url_prefix() -> str:
    """The player page URL up to the player number (reversed once per table render)."""
    return reverse("standings:player", args=["0"])[:-2]


def location_cells() -> dict[str, Cell]:
    """The country (its name in the page's language) and region cells of player rows.

    The region names are read at the first row that has a region, all in one query (rows
    carry only `region_id`: the querysets need no join for them)."""
    names = country_names()
    regions: dict[int, str] = {}

    def region(p: Player) -> str:
        if p.region_id is None:
            return text("")
        if not regions:
            regions.update(Region.objects.values_list("pk", "name"))
        return text(regions.get(p.region_id, ""))

    return {"country": lambda p: text(names.get(str(p.country), "")), "region": region}


class LocationColumns:
    """The country and region columns' values outside the lean body (exports, stock render).

    Rows carry the country as a code (`Country` on model rows, a plain string on the
    ranking's) and the region as a `Region` or its name: both read the same."""

    def render_country(self, value) -> str:
        return country_names().get(str(value), str(value))

    def render_region(self, value) -> str:
        return getattr(value, "name", value)


class LeanColumn(tables.Column):
    """A column copied shallowly per table: django-tables2 deep-copies every declared
    column for each table (~40 µs a column here); per-table state (accessor, visible) is
    set on the copy, and the shared attrs/verbose_name are only read."""

    def __deepcopy__(self, memo):
        return copy.copy(self)


class PlayerLinkColumn(LeanColumn):
    """A player's name linking to the player page (reads `player` or the record itself)."""

    def render(self, value, record):
        player = getattr(record, "player", record)
        url = reverse("standings:player", args=[player.player_number])
        return format_html('<a href="{}">{}</a>', url, value)

    def value(self, value, record):
        return value


class KnownCountPaginator(Paginator):
    """A paginator given its count: the caller knows a cheaper query than COUNT over joins."""

    def __init__(self, *args, count: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if count is not None:
            self.__dict__["count"] = count  # fills the cached_property


class LeanTable(tables.Table):
    """A table rendered by `standings/_lean_table.html` from `lean_cells()` functions."""

    def lean_cells(self) -> dict[str, Cell]:
        """Column name → function(record) returning the cell's escaped HTML."""
        raise NotImplementedError

    def _th(self, column) -> str:
        classes = set((column.column.attrs.get("th") or {}).get("class", "").split())
        label = escape(str(column.header))
        if column.orderable:
            classes.add("orderable")
        if column.is_ordered:
            classes.add("desc" if column.order_by_alias.is_descending else "asc")
        cls = f' class="{" ".join(sorted(classes - {""}))}"' if classes - {""} else ""
        if column.orderable:
            return f'<th{cls}><a href="{self._query(self.prefixed_order_by_field, column.order_by_alias.next)}">{label}</a></th>'  # noqa: E501
        return f"<th{cls}>{label}</th>"

    def _query(self, name: str, value) -> str:
        request = getattr(self, "request", None)
        if request is None or not request.GET:
            return escape(f"?{name}={quote(str(value))}", quote=True)
        params = request.GET.copy()
        params[name] = value
        return escape("?" + params.urlencode(), quote=True)

    def lean_header(self) -> SafeString:
        """The header cells, with django-tables2's sort links and classes.

        A function of the columns, the language, the ordering and the query string only
        (labels and links come from code, never from data), so it is cached on exactly those.
        """
        request = getattr(self, "request", None)
        key = (
            type(self),
            tuple(self.columns.names()),
            get_language(),
            str(self.order_by or ""),
            request.GET.urlencode() if request is not None else "",
        )
        return _header_html.get_or_make(
            key, lambda: mark_safe("".join(self._th(column) for column in self.columns))
        )

    def lean_body(self) -> SafeString:
        """The body rows of the current page."""
        cells = self.lean_cells()
        columns = []
        for column in self.columns:
            cls = (column.column.attrs.get("td") or {}).get("class")
            columns.append((f'<td class="{cls}">' if cls else "<td>", cells[column.name]))
        page = getattr(self, "page", None)
        # the page's records as the data gives them (no BoundRow per record)
        rows = list(page.object_list.data) if page else [row.record for row in self.rows]
        if not rows:
            return mark_safe(
                f'<tr><td colspan="{len(columns)}">{escape(str(self.empty_text or ""))}</td></tr>'
            )

        def row(record) -> str:
            return "".join([f"{td}{cell(record)}</td>" for td, cell in columns])

        return mark_safe(
            "".join(
                [
                    f'<tr class="{"odd" if index % 2 else "even"}">{row(record)}</tr>'
                    for index, record in enumerate(rows)
                ]
            )
        )

    def lean_pagination(self) -> SafeString:
        """Previous / page numbers / next, as django-tables2's template links them."""
        page = getattr(self, "page", None)
        if not page or self.paginator.num_pages <= 1:
            return mark_safe("")
        field = self.prefixed_page_field
        items = []
        if page.has_previous():
            items.append(
                f'<li class="previous"><a href="{self._query(field, page.previous_page_number())}">'
                f"{escape(gettext('previous'))}</a></li>"
            )
        for number in table_page_range(page, self.paginator):
            active = ' class="active"' if number == page.number else ""
            href = "#" if number == "..." else self._query(field, number)
            items.append(f'<li{active}><a href="{href}">{number}</a></li>')
        if page.has_next():
            items.append(
                f'<li class="next"><a href="{self._query(field, page.next_page_number())}">'
                f"{escape(gettext('next'))}</a></li>"
            )
        return mark_safe(f'<ul class="pagination">{"".join(items)}</ul>')


NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
# Secondary columns fold away on a phone (standings.css) so that place, player and total fit.
SECONDARY = {"td": {"class": "secondary"}, "th": {"class": "secondary"}}
NUM_SECONDARY = {"td": {"class": "num secondary"}, "th": {"class": "num secondary"}}
WORDS_SECONDARY = {"td": {"class": "words secondary"}, "th": {"class": "words secondary"}}


class RoundPointsColumn(LeanColumn):
    """Points of one round, read from the stored per-round dict."""

    def __init__(self, number: int, **kwargs):
        self.number = str(number)
        super().__init__(
            verbose_name=_("R%(number)s") % {"number": number},
            empty_values=(),
            orderable=False,
            attrs=NUM_SECONDARY,
            **kwargs,
        )

    def render(self, record):
        value = record.round_points.get(self.number)
        return "—" if value is None else value

    def value(self, record):
        return record.round_points.get(self.number, "")


@cache
def round_columns(rounds: int) -> tuple[tuple[str, RoundPointsColumn], ...]:
    """The per-round columns of a table of `rounds` rounds (built once per count)."""
    return tuple((f"round_{n}", RoundPointsColumn(n)) for n in range(1, rounds + 1))


# The standings table's figure columns, from the registry (`standings/figures.py`): within
# 390 px a phone shows Place, Player and the figures named here; the rest fold away.
TABLE_FIGURES = reader_figures(TABLE)
ON_A_PHONE = frozenset({"points"})
# A figure read together with another one: the status says "eliminated in round 2".
READ_WITH = {"status": "eliminated_in_round"}


def _column(figure: Figure, numeric: bool, on_a_phone: bool) -> LeanColumn:
    """A figure's column: numbers aligned as numbers, and hidden on a phone unless it is one
    of the few figures a phone shows."""
    attrs = {
        (True, True): NUM,
        (True, False): NUM_SECONDARY,
        (False, True): {},
        (False, False): SECONDARY,
    }[numeric, on_a_phone]
    partner = READ_WITH.get(figure.name)
    if partner and not on_a_phone:  # words that wrap rather than widen the table
        attrs = WORDS_SECONDARY
    return LeanColumn(
        verbose_name=figure.label,
        attrs=attrs,
        order_by=(figure.name, partner) if partner else None,
    )


def figure_column(figure: Figure) -> LeanColumn:
    """The table column of one declared figure (a per-round figure has `round_columns`)."""
    return _column(figure, figure.type is int, figure.name in ON_A_PHONE)


FIGURE_COLUMNS = {f.name: figure_column(f) for f in TABLE_FIGURES if f.type is not dict}
PER_ROUND = any(f.type is dict for f in TABLE_FIGURES)  # round_points: one column per round


class StandingsTable(LeanTable):
    """Event standings. The records are `rows.standing_rows(event, TABLE)` rows (sorted and
    sliced in the database): the page's body and its CSV read the same rows."""

    IDENTITY = ("place", "name", "number", "club")

    place = LeanColumn(verbose_name=_("Place"), attrs=NUM)
    name = LeanColumn(accessor="name", order_by=("player__name",), verbose_name=_("Player"))
    number = LeanColumn(
        accessor="player_number",
        order_by=("player__player_number",),
        verbose_name=_("Player number"),
        attrs=SECONDARY,
    )
    club = LeanColumn(
        accessor="club", order_by=("player__club",), verbose_name=_("Club / team"), attrs=SECONDARY
    )

    class Meta:
        model = EventStanding
        fields = ()
        order_by = ("place", "name")
        attrs = {"class": "table standings-table"}
        empty_text = _("No results yet.")
        template_name = "standings/_lean_table.html"

    def __init__(self, *args, rounds: int = 0, wildcards: dict[int, str] | None = None, **kwargs):
        self.rounds = rounds
        self.wildcards = wildcards or {}  # player id → why he was picked as a wildcard
        rounds_shown = round_columns(rounds) if PER_ROUND else ()
        extra = [(name, copy.copy(column)) for name, column in rounds_shown]
        extra += [(name, copy.copy(column)) for name, column in FIGURE_COLUMNS.items()]
        super().__init__(*args, extra_columns=extra, **kwargs)
        # the rounds between the club and the total
        self.sequence = [*self.IDENTITY, *(name for name, _col in extra)]

    def lean_cells(self) -> dict[str, Cell]:
        prefix = player_url_prefix()

        def name(s) -> str:
            number = s.player_number
            return f'<a href="{prefix}{escape(quote(number, safe=URL_SAFE))}/">{text(s.name)}</a>'

        cells: dict[str, Cell] = {
            "place": lambda s: str(s.place),
            "name": name,
            "number": lambda s: text(s.player_number),
            "club": lambda s: text(s.club),
        }
        for figure in FIGURE_COLUMNS:
            cells[figure] = lambda s, figure=figure: text(getattr(s, figure))

        def status(s) -> str:
            why = self.wildcards.get(s.player_id)
            shown = escape(s.status_label)
            return f'{shown} <small class="wildcard-why">{escape(why)}</small>' if why else shown

        cells["status"] = status
        for n in range(1, self.rounds + 1):
            cells[f"round_{n}"] = lambda s, key=str(n): text(s.round_points.get(key))
        return cells

    def render_status(self, record) -> str:
        return self.value_status(record)

    def value_status(self, record) -> str:
        why = self.wildcards.get(record.player_id)
        return f"{record.status_label} ({why})" if why else record.status_label


class TeamStandingsTable(StandingsTable):
    """Team Spirit standings (SPEC §10): the team first, its two members one under the other
    (each member receives the team's place and points)."""

    IDENTITY = ("place", "team", "name", "number")

    team = LeanColumn(verbose_name=_("Team"))

    class Meta(StandingsTable.Meta):
        exclude = ("club",)
        order_by = ("place", "team", "name")
        attrs = {"class": "table standings-table team-standings"}

    def lean_cells(self) -> dict[str, Cell]:
        return {**super().lean_cells(), "team": lambda s: text(s.team)}


def percent(value) -> str:
    """A stored fraction of 1 (four places) as a percentage with two decimals in the page's
    language: 0.6667 → "66.67 %" ("66,67 %" in pt-BR)."""
    if value is None:
        return "—"
    return f"{number_format(value * 100, 2)}\u00a0%"


# The one-on-one table's figure columns (SPEC §11), from the registry: a phone shows place,
# player and match points; the tie-breakers fold away.
SWISS_TABLE_FIGURES = reader_figures(TABLE, one_on_one=True)
SWISS_ON_A_PHONE = frozenset({"match_points"})
PERCENTAGES = frozenset(f.name for f in SWISS_TABLE_FIGURES if f.type is Decimal)
EXPLAINED = {f.name: f.explanation for f in SWISS_TABLE_FIGURES if f.explanation}


def swiss_column(figure: Figure) -> LeanColumn:
    """The column of one figure of a one-on-one standing (percentages are numbers too)."""
    return _column(figure, figure.type is not str, figure.name in SWISS_ON_A_PHONE)


SWISS_COLUMNS = {f.name: swiss_column(f) for f in SWISS_TABLE_FIGURES}


class SwissStandingsTable(StandingsTable):
    """Standings of a one-on-one event (SPEC §11): match points, the tie-breakers OMW, GW
    and OGW as percentages, unrazed realms, the W-L-D record and the status, as the
    recompute stored them. Each tie-breaker's header explains it on hover (`<abbr title>`);
    the page's legend says the same for a tap."""

    class Meta(StandingsTable.Meta):
        attrs = {"class": "table standings-table swiss-standings"}

    def __init__(self, *args, rounds: int = 0, wildcards: dict[int, str] | None = None, **kwargs):
        self.rounds = 0  # one-on-one standings have no per-round points
        self.wildcards = {}
        extra = [(name, copy.copy(column)) for name, column in SWISS_COLUMNS.items()]
        super(StandingsTable, self).__init__(*args, extra_columns=extra, **kwargs)
        self.sequence = [*self.IDENTITY, *SWISS_COLUMNS]

    def _th(self, column) -> str:
        html = super()._th(column)
        explanation = EXPLAINED.get(column.name)
        if not explanation:
            return html
        label = escape(str(column.header))
        title = escape(f"{column.header}: {explanation}", quote=True)
        # the label is the last text of the cell (after a sort link's opening tag, if any)
        head, _sep, tail = html.rpartition(label)
        return f'{head}<abbr title="{title}">{label}</abbr>{tail}'

    def lean_cells(self) -> dict[str, Cell]:
        cells = super().lean_cells()
        for name in SWISS_COLUMNS:
            if name not in cells or name in PERCENTAGES:
                cells[name] = lambda s, name=name: text(getattr(s, name))
        for name in PERCENTAGES:
            cells[name] = lambda s, name=name: percent(getattr(s, name))
        return cells

    def value_omw(self, value) -> str:
        return percent(value)

    def value_gw(self, value) -> str:
        return percent(value)

    def value_ogw(self, value) -> str:
        return percent(value)

    def render_omw(self, value) -> str:
        return percent(value)

    def render_gw(self, value) -> str:
        return percent(value)

    def render_ogw(self, value) -> str:
        return percent(value)


class PlayersTable(LocationColumns, LeanTable):
    name = PlayerLinkColumn(verbose_name=_("Player"))
    player_number = LeanColumn(verbose_name=_("Player number"))
    club = LeanColumn(verbose_name=_("Club / team"))
    country = LeanColumn(verbose_name=_("Country"))
    region = LeanColumn(verbose_name=_("Region"), order_by=("region__name",))

    class Meta:
        model = Player
        fields = ("name", "player_number", "club", "country", "region")
        order_by = ("name",)
        attrs = {"class": "table"}
        template_name = "standings/_lean_table.html"

    def lean_cells(self) -> dict[str, Cell]:
        prefix = player_url_prefix()
        return {
            "name": lambda p: (
                f'<a href="{prefix}{escape(quote(p.player_number, safe=URL_SAFE))}/">'
                f"{text(p.name)}</a>"
            ),
            "player_number": lambda p: text(p.player_number),
            "club": lambda p: text(p.club),
            **location_cells(),
        }

"""A read-only table rendered lean: a django-tables2 `Table` class's columns (headings,
cell classes, links, dates), one page of rows built on demand, the markup of the site's
django-tables2 template (`DJANGO_TABLES2_TEMPLATE`), its pagination included.

For large fixed-order tables (the metagame's): django-tables2 binds and inspects every cell
(about 0.3 ms a cell, measured), and the pages need every row built to count them. Here only
the shown page's rows are built (`LazyRows`) and each cell costs a dictionary read; the
`Table` class stays the one definition of the columns, and its CSV export is unchanged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from django.conf import settings
from django.core.paginator import EmptyPage, Page, PageNotAnInteger, Paginator
from django.template.defaultfilters import date as date_filter
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django_tables2 import DateColumn, Table
from django_tables2.templatetags.django_tables2 import table_page_range

Row = dict[str, Any]


class LazyRows(Sequence):
    """`items` shown as rows: `build` makes the rows of a slice of items when it is read (a
    page's rows read their names in one query)."""

    def __init__(self, items: Sequence[Any], build: Callable[[Sequence[Any]], list[Row]]):
        self.items = items
        self.build = build

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.build(self.items[index])
        return self.build([self.items[index]])[0]


@dataclass(frozen=True)
class LeanColumn:
    name: str
    header: str
    td_class: str
    link: str | None  # the row's key holding the cell's link
    is_date: bool

    def cell(self, row: Row) -> Any:
        value = row.get(self.name)
        if value is None or value == "":
            return "—"  # django-tables2's default for an empty cell
        if self.is_date:
            return date_filter(value, "SHORT_DATE_FORMAT")
        if self.link:
            # format_html's markup, escaped as it escapes (html.escape, quotes included)
            # without its per-argument work: a page has hundreds of linked cells.
            text = value if hasattr(value, "__html__") else escape(str(value))
            return SafeString(f'<a href="{escape(str(row[self.link]))}">{text}</a>')
        return value


def lean_columns(table_class: type[Table]) -> tuple[LeanColumn, ...]:
    """`table_columns` of the active language, built once a process for each."""
    return _columns(table_class, get_language())


@functools.lru_cache(maxsize=256)
def _columns(table_class: type[Table], language: str) -> tuple[LeanColumn, ...]:
    return tuple(table_columns(table_class))


def table_columns(table_class: type[Table]) -> list[LeanColumn]:
    """The columns of a django-tables2 class, in its order; a column links to the row key its
    `link_key` names (set by the table's definition, `decks/tables.py: _linked`)."""
    columns = []
    for name, column in table_class.base_columns.items():
        columns.append(
            LeanColumn(
                name=name,
                header=str(column.verbose_name),
                td_class=(column.attrs.get("td") or {}).get("class", ""),
                link=getattr(column, "link_key", None),
                is_date=isinstance(column, DateColumn),
            )
        )
    return columns


def cell_text() -> Callable[[Any], str]:
    """A cell's value as a template writes it (localised, escaped), numbers the quick way:
    without thousands separators an integer is its digits and a float its digits with the
    language's decimal separator, as `django.utils.numberformat` writes them."""
    separator = get_format("DECIMAL_SEPARATOR")
    grouping = settings.USE_THOUSAND_SEPARATOR

    def text(value: Any) -> str:
        kind = type(value)
        if kind is int and not grouping:
            return str(value)
        if kind is float and not grouping and "e" not in repr(value):
            return str(value).replace(".", separator)
        if kind is str:  # plain text: what conditional_escape would write, without its wrapper
            return escape(value)
        if kind is SafeString:  # a link built by `cell`
            return value
        return conditional_escape(localize(value))

    return text


@dataclass
class LeanTable:
    """One page of a table, ready for `includes/lean_table.html`: its header, rows and page
    links written here, each in one string (the template's tags cost more than the rows)."""

    columns: Sequence[LeanColumn]
    page: Page
    paginator: Paginator
    page_field: str
    attrs_class: str
    query: dict = field(default_factory=dict)  # the request's query string, its lists

    @classmethod
    def of(cls, table_class: type[Table], rows: Sequence[Row], prefix: str, request, per_page: int):
        """The page `?<prefix>page=` asks for (the first when it is not a number, the last when
        it is past the end, as django-tables2's `RequestConfig` does)."""
        paginator = Paginator(rows, per_page)
        page_field = f"{prefix}page"
        try:
            page = paginator.page(request.GET.get(page_field, 1))
        except PageNotAnInteger:
            page = paginator.page(1)
        except EmptyPage:
            page = paginator.page(paginator.num_pages)
        attrs = getattr(table_class._meta, "attrs", {}) or {}
        columns = lean_columns(table_class)
        css = attrs.get("class", "")
        return cls(columns, page, paginator, page_field, css, dict(request.GET.lists()))

    def header(self) -> SafeString:
        return SafeString("".join(f"<th>{escape(c.header)}</th>" for c in self.columns))

    def _href(self, number: int) -> str:
        """The page's link, as django-tables2's `querystring_replace` writes it."""
        params = {**self.query, self.page_field: number}
        return escape("?" + urlencode(params, doseq=True))

    def pagination(self) -> SafeString:
        """The footer's row of page links (previous, `table_page_range`'s numbers, next)."""
        if self.paginator.num_pages <= 1:
            return SafeString("")
        page, links = self.page, []
        if page.has_previous():
            links.append(
                f'<a href="{self._href(page.previous_page_number())}" class="icon item">'
                '<i class="left chevron icon"></i></a>'
            )
        for number in table_page_range(page, self.paginator):
            if number == "...":
                links.append('<a href="#" class="item">...</a>')
            else:
                active = "active" if number == page.number else ""
                links.append(f'<a href="{self._href(number)}" class="item {active}">{number}</a>')
        if page.has_next():
            links.append(
                f'<a href="{self._href(page.next_page_number())}" class="icon item">'
                '<i class="right chevron icon"></i></a>'
            )
        return SafeString(
            f'\n<tr><th colspan="{len(self.columns)}"><div class="ui right floated pagination '
            f'menu">\n{"".join(links)}\n</div></th></tr>\n'
        )

    def body(self) -> SafeString:
        """The shown rows as HTML, each cell escaped and localised as a template would."""
        cells = [(f' class="{c.td_class}"' if c.td_class else "", c) for c in self.columns]
        text = cell_text()
        rows = []
        for i, row in enumerate(self.page):
            tds = "".join(f"<td{css}>{text(column.cell(row))}</td>" for css, column in cells)
            rows.append(f'<tr class="{"odd" if i % 2 else "even"}">{tds}</tr>')
        return mark_safe("\n".join(rows))  # every cell is escaped above

"""Stored metagame summaries: a page's statistics, summed once from the lists' stored facts
(`decks/metagame.py`), kept in `MetagameSummary` (its small figures and the first page of
each long table) and `MetagameSummaryPage` (the long tables' other pages, `PAGE_ROWS` rows a
row), and read again while its lists are the ones they were summed from.

Whether they still are is told in two steps. The metagame's stamp (`MetagameStamp`), moved on
by every change that may move a public list, in that change's transaction
(`decks/handlers.py`): while it is the one the summary was last seen true at, the summary
stands, read in the same query. Once it moved, the fingerprint of the scope's public lists
decides, one aggregate query: how many, which (the sum of their keys and of their squares),
their places (each weighted by its list, so that two lists swapping places show), the newest
save of a list, the newest change of one of their events (its format, its publication) and
the card data's newest import. Unchanged (a change elsewhere), the summary takes the new
stamp; else the first reader sums its lists again, once.

A page then reads the rows it shows: a table's slice reads the stored pages under it
(`StoredRows`), one query for the pages not read yet.

The figures are stored as plain JSON (`metagame_plain`, `record_plain`) and read back into
`scoring.metagame`'s records, so the pages keep one shape whichever way they came.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connection, transaction
from django.db.models import F, Subquery
from django.db.models.functions import Coalesce

from scoring import metagame as meta
from tournament.core.fragments import RecentlyUsed
from tournament.core.lean_table import LazyRows
from tournament.decks.models import CardImport, MetagameStamp, MetagameSummary, MetagameSummaryPage

Plain = dict[str, Any]
Tables = dict[str, list]
PAGE_ROWS = 50  # rows of a stored page: the metagame's tables show 50 rows a page


# A fingerprint's SQL, compiled once a process for each scope: the public-list rule's joins
# take the ORM longer to compile than the database to sum (its values are the scope's own:
# a league's dates and countries are in its scope's name, through its saving time).
_compiled: RecentlyUsed[tuple[str, tuple]] = RecentlyUsed(512)
FINGERPRINT_SQL = (
    "SELECT COUNT(*), SUM(pk), SUM(pk * pk), SUM(COALESCE(place, 0) * pk), MAX(saved), "
    "MAX(changed), ({}) FROM ({}) AS lists"
)


def _fingerprint_sql(registrations) -> tuple[str, tuple]:
    columns = registrations.order_by().values(
        "pk",
        place=F("standing__place"),
        saved=F("decklist__updated_at"),
        changed=F("event__updated_at"),
    )
    # The card data's newest import, read in the same query (`card_data_token`'s row).
    newest = CardImport.objects.order_by("-pk").values("token")[:1]
    token_sql, token_params = newest.query.sql_with_params()
    try:
        sql, params = columns.query.sql_with_params()
    except EmptyResultSet:  # a scope that can hold no list (`.none()`)
        return f"SELECT 0, NULL, NULL, NULL, NULL, NULL, ({token_sql})", tuple(token_params)
    return FINGERPRINT_SQL.format(token_sql, sql), (*token_params, *params)


def fingerprint(scope: str, registrations: Callable[[], Any]) -> str:
    """What the statistics of a scope's public registrations are summed from, as a digest:
    how many, which, their places, their lists' and events' newest saves, the card data's
    newest import."""
    sql, params = _compiled.get_or_make(scope, lambda: _fingerprint_sql(registrations()))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return hashlib.sha256(repr(tuple(str(value) for value in row)).encode()).hexdigest()


def bump_stamp() -> None:
    """The metagame's stamp moved on, in the caller's transaction: every stored summary is
    checked against its lists' fingerprint when next read."""
    if not MetagameStamp.objects.update(value=F("value") + 1):
        MetagameStamp.objects.create(value=1)


def _stamp():
    return MetagameStamp.objects.order_by("pk").values("value")[:1]


def _stamp_now():
    """The stamp's value, as an expression (0 before it first moved)."""
    return Coalesce(Subquery(_stamp()), 0)


def stamp_value() -> int:
    """The stamp's value now (0 before it first moved)."""
    row = _stamp().first()
    return row["value"] if row else 0


class StoredRows(Sequence):
    """One stored table of a summary, read a page at a time: its length is known from the
    summary; a slice reads the stored pages under it that were not read yet (one query)."""

    def __init__(self, summary: int, table: str, length: int) -> None:
        self.summary, self.table, self.length = summary, table, length
        self.pages: dict[int, list] = {}

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index):
        if not isinstance(index, slice):
            return self[index : index + 1][0] if index >= 0 else self[self.length + index]
        start, stop, step = index.indices(self.length)
        if start >= stop:
            return []
        numbers = range(start // PAGE_ROWS, (stop - 1) // PAGE_ROWS + 1)
        self._read([n for n in numbers if n not in self.pages])
        rows = [row for n in numbers for row in self.pages.get(n, [])]
        first = numbers[0] * PAGE_ROWS
        return rows[start - first : stop - first : step]

    def _read(self, numbers: list[int]) -> None:
        if numbers:
            pages = MetagameSummaryPage.objects.filter(
                summary=self.summary, table=self.table, number__in=numbers
            ).values_list("number", "rows")
            self.pages.update(pages)


@dataclass
class Summary:
    """A stored summary as read: its small figures, and its tables read when sliced."""

    pk: int
    figures: Plain
    tables: dict[str, StoredRows] = field(default_factory=dict)

    def rows(self, table: str) -> StoredRows:
        if table not in self.tables:
            rows = StoredRows(self.pk, table, self.figures["lengths"][table])
            rows.pages[0] = self.figures["first_pages"][table]
            self.tables[table] = rows
        return self.tables[table]


def stored(
    scope: str, registrations: Callable[[], Any], compute: Callable[[], tuple[Plain, Tables]]
) -> Summary:
    """The summary of `scope` (a page's name for its lists: "format:55:…", "league:3:…"),
    read while it stands (the stamp, else the fingerprint of `registrations()`, the page's
    public lists, built only then), else `compute()`d (its small figures and its long
    tables) and stored."""
    key = hashlib.sha256(scope.encode()).hexdigest()
    found = (
        MetagameSummary.objects.filter(scope=key)
        .annotate(now=_stamp_now())
        .values_list("pk", "stamp", "now", "fingerprint", "figures")
        .first()
    )
    if found is not None and found[1] == found[2]:
        return Summary(found[0], found[4])
    now = found[2] if found else stamp_value()
    mark = fingerprint(scope, registrations)
    if found is not None and found[3] == mark:  # a change elsewhere: the figures stand
        MetagameSummary.objects.filter(pk=found[0]).update(stamp=now)
        return Summary(found[0], found[4])
    figures, tables = compute()
    return _write(key, mark, now, figures, tables)


def _write(key: str, mark: str, now: int, figures: Plain, tables: Tables) -> Summary:
    """The summary stored, its tables' pages replaced; two readers storing one scope at once
    take turns on its row (the second's insert, then its update, waits for the first's
    commit). The summary read back holds its pages already."""
    # Every page reads the first page of each table (its chart, its first rows): it is kept
    # with the figures, the others a row each.
    pages = {name: _paged(rows) for name, rows in tables.items()}
    figures = {
        **figures,
        "lengths": {name: len(rows) for name, rows in tables.items()},
        "first_pages": {name: table_pages.get(0, []) for name, table_pages in pages.items()},
    }
    with transaction.atomic():
        summary, created = MetagameSummary.objects.get_or_create(
            scope=key, defaults={"fingerprint": mark, "stamp": now, "figures": figures}
        )
        if not created:
            MetagameSummary.objects.filter(pk=summary.pk).update(
                fingerprint=mark, stamp=now, figures=figures
            )
            summary.pages.all().delete()
        MetagameSummaryPage.objects.bulk_create(
            MetagameSummaryPage(summary=summary, table=name, number=n, rows=rows)
            for name, table_pages in pages.items()
            for n, rows in table_pages.items()
            if n
        )
    written = Summary(summary.pk, figures)
    for name, table_pages in pages.items():
        written.rows(name).pages.update(table_pages)
    return written


def _paged(rows: list) -> dict[int, list]:
    return {n: rows[at : at + PAGE_ROWS] for n, at in enumerate(range(0, len(rows), PAGE_ROWS))}


def mapped(items: Sequence, make: Callable[[Any], Any]) -> LazyRows:
    """Stored rows read back as records when they are read (a page reads one page of them)."""
    return LazyRows(items, lambda chunk: [make(item) for item in chunk])


def _share(item: list) -> meta.Share:
    return meta.Share(*item)


def _deck(d: Plain) -> meta.Deck:
    return meta.Deck(d["key"], d["event"], d["place"], d["level_total"], ())


def _shares(items: Sequence[meta.Share]) -> list[list]:
    return [[s.key, s.label, s.decks, s.of, s.copies] for s in items]


def metagame_plain(stats: meta.Metagame) -> tuple[Plain, Tables]:
    """A metagame's figures as JSON-able values: the small ones, and the long tables (the top
    decks without their cards)."""
    levels = stats.levels
    figures = {
        "decks": stats.decks,
        "events": stats.events,
        "worlds": _shares(stats.worlds),
        "champion_types": _shares(stats.champion_types),
        "levels": {
            "bins": [[b.low, b.high, b.decks, b.of] for b in levels.bins],
            "lowest": levels.lowest,
            "highest": levels.highest,
            "median": levels.median,
            "mean": levels.mean,
        },
    }
    tables = {
        "cards": _shares(stats.cards),
        "top_cards": _shares(stats.top_cards),
        "top_decks": [
            {"key": d.key, "event": d.event, "place": d.place, "level_total": d.level_total}
            for d in stats.top_decks
        ],
    }
    return figures, tables


def metagame_from(summary: Summary) -> meta.Metagame:
    """`metagame_plain`'s figures read back; the long tables as rows read a page at a time."""
    plain = summary.figures
    levels = plain["levels"]
    return meta.Metagame(
        decks=plain["decks"],
        events=plain["events"],
        cards=mapped(summary.rows("cards"), _share),
        worlds=tuple(_share(s) for s in plain["worlds"]),
        champion_types=tuple(_share(s) for s in plain["champion_types"]),
        levels=meta.LevelDistribution(
            bins=tuple(meta.LevelBin(*b) for b in levels["bins"]),
            lowest=levels["lowest"],
            highest=levels["highest"],
            median=levels["median"],
            mean=levels["mean"],
        ),
        top_decks=mapped(summary.rows("top_decks"), _deck),
        top_cards=mapped(summary.rows("top_cards"), _share),
    )


@dataclass(frozen=True)
class CardSummary:
    """A card's record as a page shows it: its figures, its events, its plays a page at a
    time (`meta.CardRecord`'s counts stored with them)."""

    identity: str
    events: tuple[meta.CardEvent, ...]
    plays: Sequence[meta.CardPlay]
    decks: int
    top: int
    wins: int


def record_plain(record: meta.CardRecord) -> tuple[Plain, Tables]:
    """A card's record as JSON-able values: its figures and events, and its plays."""
    figures = {
        "identity": record.identity,
        "events": [[e.event, e.playing, e.decks, list(e.places)] for e in record.events],
        "decks": record.decks,
        "top": record.top,
        "wins": record.wins,
    }
    plays = [[p.deck, p.event, p.place, p.copies] for p in record.plays]
    return figures, {"plays": plays}


def record_from(summary: Summary) -> CardSummary:
    """`record_plain`'s record read back; its plays read a page at a time."""
    plain = summary.figures
    return CardSummary(
        identity=plain["identity"],
        events=tuple(
            meta.CardEvent(event, playing, decks, tuple(places))
            for event, playing, decks, places in plain["events"]
        ),
        plays=mapped(summary.rows("plays"), lambda p: meta.CardPlay(*p)),
        decks=plain["decks"],
        top=plain["top"],
        wins=plain["wins"],
    )

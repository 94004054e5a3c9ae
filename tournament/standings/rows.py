"""The one read of the stored standings: `standing_rows(event, reader)`.

Every reader of `EventStanding` — the standings page's table and its CSV, the API's standings
and the printed scoring form — consumes these rows: the player, his place, the figures
declared for that reader (`figures.py: shown_in`; a one-on-one event's table and form show
its Swiss figures, SPEC §11), the points of each round inside the per-round figure, and the
status in words. The rows are lazy like a queryset: the page filters, sorts and slices them
in the database (one query for a page of rows), the form and the CSV read them all.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from tournament.events.models import Event
from tournament.events.services.teams import team_annotation
from tournament.standings.figures import (
    API,
    STANDING_FIGURES,
    SWISS_FIGURES,
    Figure,
    Reader,
    StandingStatus,
    names,
    shown_in,
    status_words,
)
from tournament.standings.models import EventStanding

# Who the row is about, as read (the stored field or its relation) and as named on the row.
IDENTITY = {
    "place": "place",
    "player_id": "player_id",
    "player__name": "name",
    "player__player_number": "player_number",
    "player__club": "club",
    "team": "team",  # the player's Team Spirit team (None in other events)
}
# What the status words are made of, read for every reader.
STATUS = ("status", "eliminated_in_round")
# The standings' order: place, Team Spirit partners one after the other, then by name.
ORDER = ("place", "team", "player__name", "pk")


def reader_figures(reader: Reader, one_on_one: bool = False) -> tuple[Figure, ...]:
    """The figures this reader shows. The API has one shape for every event (the bracket
    figures, then the one-on-one figures: null in a bracket event); the table and the form
    show a one-on-one event's Swiss figures in place of the bracket figures."""
    if reader == API:
        bracket = shown_in(STANDING_FIGURES, API)
        taken = set(names(bracket))
        return bracket + tuple(f for f in shown_in(SWISS_FIGURES, API) if f.name not in taken)
    return shown_in(SWISS_FIGURES if one_on_one else STANDING_FIGURES, reader)


class StandingRow:
    """One player's line: `place`, `player_id`, `name`, `player_number`, `club`, `team`,
    each of the reader's figures by its name, `status`, `eliminated_in_round` and
    `status_label` (the status in words)."""

    def __init__(self, values: dict):
        self.__dict__.update(values)

    def __repr__(self) -> str:
        return f"StandingRow({self.__dict__!r})"

    @property
    def dropped(self) -> bool:
        return self.status == StandingStatus.DROPPED


class StandingRows:
    """The ordered standing rows of one event for one reader (see the module's text).

    Queryset-like where the readers need it: `filter`-ed standings come in as `standings`,
    `order_by`, `count`, slicing and iteration run in the database."""

    model = EventStanding  # what the rows are read from (django-tables2 asks)

    def __init__(
        self, event: Event, reader: Reader, standings: QuerySet | None = None, order=ORDER
    ):
        self.event, self.reader = event, reader
        self.figures = reader_figures(reader, event.is_one_on_one)
        standings = EventStanding.objects.filter(event=event) if standings is None else standings
        if "team" not in standings.query.annotations:
            standings = standings.annotate(team=team_annotation(event))
        if not event.shape.teams:
            order = tuple(name for name in order if name.lstrip("-") != "team")
        figure_names = [n for n in names(self.figures) if n not in STATUS]
        self.columns = (*IDENTITY, *figure_names, *STATUS)
        self.keys = (*IDENTITY.values(), *figure_names, *STATUS)
        self.standings = standings.order_by(*order)
        self._rows: list[StandingRow] | None = None

    # -- queryset-like ----------------------------------------------------------------

    @property
    def query(self):
        return self.standings.query

    def order_by(self, *fields: str) -> StandingRows:
        return StandingRows(self.event, self.reader, self.standings, order=fields)

    def count(self) -> int:
        return len(self._rows) if self._rows is not None else self.standings.count()

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[StandingRow]:
        return iter(self._all())

    def __getitem__(self, key):
        if self._rows is not None:
            return self._rows[key]
        if isinstance(key, slice):
            return self._make(self.standings.values_list(*self.columns)[key])
        return self._make(self.standings.values_list(*self.columns)[key : key + 1])[0]

    # -- reading ----------------------------------------------------------------------

    def values(self) -> tuple[tuple, ...]:
        """The stored values of every row, in order (what a printed form's fingerprint
        hashes: it changes exactly when what the rows show does)."""
        return tuple(self.standings.values_list(*self.columns))

    def _all(self) -> list[StandingRow]:
        if self._rows is None:
            self._rows = self._make(self.standings.values_list(*self.columns))
        return self._rows

    def _make(self, values) -> list[StandingRow]:
        words = status_words(self.event)
        rows = []
        for row in values:
            data = dict(zip(self.keys, row, strict=True))
            data["status_label"] = words(data["status"], data["eliminated_in_round"])
            rows.append(StandingRow(data))
        return rows


def standing_rows(event: Event, reader: Reader, standings: QuerySet | None = None) -> StandingRows:
    """The event's stored standings as `reader` shows them, in the standings' order.

    ``standings``: the event's `EventStanding` rows narrowed by a filter (the page's form);
    every row of the event when None."""
    return StandingRows(event, reader, standings)

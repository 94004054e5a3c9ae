"""The one module that writes the stored event figures.

Every write of the standings' stored rows — `EventStanding`, `OfficialScore`, `EventScoring`
and `SeatFigures` — and of the figures the pipeline stores on the events' rows (a bracket's
state and winner, a round's multiplier) is a function here. The recompute pipeline calls
them: `recompute.py` (what runs when), with the engine's figures worked out in `store.py`
(brackets and seats), `services.py` (a bracket event's standings, officials, eligibility)
and `swiss_store.py` (a one-on-one event's); the ranking's acceptance marks an event ranked
(`mark_ranked`). The reads the write path makes of the rows it is about to write (the stale
marks, the row locks) are here too, and so is the event's standings lock that orders the
writers (`share_standings`, `hold_standings`); every other read is `reading.py`'s.

An import-linter contract keeps it (`pyproject.toml`): outside `reading.py`, `rows.py` and
this module (and the declarations of the admin, the filter forms and the tables), nothing
imports the standings models.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring.figures import UNDECIDED_PLACE
from tournament.accounts.models import Player
from tournament.core.locking import advisory, lock_rows
from tournament.events.models import Bracket, Event, Round, Seat, Team
from tournament.standings import figures as declared
from tournament.standings.figures import names
from tournament.standings.models import EventScoring, EventStanding, OfficialScore, SeatFigures

BRACKET_FIGURES = ["state", "winner"]
SEAT_FIELDS = names(declared.SEAT_FIGURES)  # the declared figures stored per seat


# --- the event's standings lock (docs/locking.md) -----------------------------------------
# Who writes an event's standings at the same time as whom. Two kinds of writers:
#
# - a bracket's writer (a result confirmed or corrected, a tie-break decision) writes its
#   bracket's seat figures and its own players' standing rows, under the bracket's row lock.
#   Many of them run at once in a busy round: they share the lock (`share_standings`);
# - the event's writers (the deferred re-rank of every place, the whole-event refresh) read
#   and write every standing of the event: each holds it alone (`hold_standings`), and only
#   then takes the event's scoring row (`locked_scoring`).
#
# Everyone takes it first, before any standing or scoring row. An event's writer therefore
# starts once every bracket writer in flight has committed (its statements see their rows),
# and a bracket writer that comes meanwhile waits for it; PostgreSQL queues lock requests in
# order, so a steady stream of results never starves a re-rank. A transaction-level advisory
# lock (released at the commit or rollback), keyed by the event. SQLite, the embedded
# default, lets one writer at a time write the whole database: nothing to take there.

# The first key of the two-key advisory locks: the standings of an event (the second key is
# the event's id). No other advisory lock of the site uses this namespace.
STANDINGS_LOCKS = 0x5354


def share_standings(event_id: int) -> None:
    """A bracket's writer: write this event's standings beside the other bracket writers,
    never while an event's writer holds them."""
    advisory("standings", STANDINGS_LOCKS, event_id, shared=True)


def hold_standings(event_id: int) -> None:
    """An event's writer: every standing of the event to itself until the commit."""
    advisory("standings", STANDINGS_LOCKS, event_id)


# --- helpers ------------------------------------------------------------------------------


def set_changed(obj, values: dict) -> bool:
    """Set these values on the row; whether any differed (only changed rows are written)."""
    changed = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed = True
    return changed


def seat_figures_changes(seat: Seat, engine_result: object) -> SeatFigures | None:
    """Set the engine's figures of a seat on its figures row (`seat.figures`: the stored
    row, or an unsaved one with the defaults); the row if any figure changed (for
    `save_seat_figures`)."""
    row = seat.figures
    changed = set_changed(row, declared.stored_values(declared.SEAT_FIGURES, engine_result))
    return row if changed else None


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write these fields of many rows in one prepared statement run for each row (Django's
    bulk_update builds a CASE per field and row, which costs seconds for a thousand rows)."""
    if not rows:
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in columns)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    params = [
        [f.get_db_prep_save(getattr(row, f.attname), connection) for f in columns] + [row.pk]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


# --- brackets, rounds and seats -----------------------------------------------------------


def save_bracket(bracket: Bracket) -> None:
    """One bracket's state and winner, as the engine states them."""
    bracket.save(update_fields=BRACKET_FIGURES)


def save_brackets(brackets: list[Bracket]) -> None:
    """Many brackets' states and winners (a whole event's refresh)."""
    Bracket.objects.bulk_update(brackets, BRACKET_FIGURES)


def save_matches(brackets: list[Bracket]) -> None:
    """A one-on-one event's matches that changed: one prepared statement (`update_rows`)."""
    update_rows(Bracket, brackets, BRACKET_FIGURES)


def save_multipliers(rounds: list[Round]) -> None:
    """The rounds whose points multiplier changed."""
    if rounds:
        Round.objects.bulk_update(rounds, ["multiplier"])


def save_seat_figures(rows: list[SeatFigures]) -> None:
    """Write the changed figures rows in one statement: a seat's first figures create its
    row, later ones update it (an insert that updates on the seat's conflict)."""
    if not rows:
        return
    SeatFigures.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["seat"], update_fields=SEAT_FIELDS
    )


# --- standings ----------------------------------------------------------------------------


def new_standing(**values) -> EventStanding:
    """An unsaved standing row (what the pipeline computes before it writes)."""
    return EventStanding(**values)


def replace_standings(event: Event, rows: list[EventStanding]) -> None:
    """The event's standings, every one of them written anew (a whole event's refresh)."""
    EventStanding.objects.filter(event=event).delete()
    EventStanding.objects.bulk_create(rows)


def sync_standings(event: Event, rows: list[EventStanding], fields: list[str]) -> None:
    """Write the standings whose ``fields`` changed, add the new ones, remove those of
    players who are no longer participants."""
    stored = {s.registration_id: s for s in EventStanding.objects.filter(event=event)}
    fresh = {row.registration_id: row for row in rows}
    changed = []
    for pk, row in fresh.items():
        old = stored.get(pk)
        if old is not None and set_changed(old, {f: getattr(row, f) for f in fields}):
            changed.append(old)
    update_rows(EventStanding, changed, fields)
    EventStanding.objects.bulk_create(row for pk, row in fresh.items() if pk not in stored)
    gone = [s.pk for pk, s in stored.items() if pk not in fresh]
    if gone:
        EventStanding.objects.filter(pk__in=gone).delete()


def save_totals(rows: list[EventStanding], fresh: Iterable[EventStanding], fields) -> None:
    """Players' re-added standings: the stored ``rows`` (their ``fields`` set, the stale
    mark cleared) updated, the ``fresh`` rows of players with none yet created."""
    update_rows(EventStanding, rows, [*fields, "totals_stale"])
    EventStanding.objects.bulk_create(fresh)


def mark_totals_stale(registration_ids: set[int]) -> int:
    """Mark these players' standings for the next re-rank to re-add; how many were."""
    standings = EventStanding.objects.filter(registration_id__in=registration_ids)
    return standings.update(totals_stale=True)


def stale_totals(event_id: int) -> list[tuple[int, int, int | None]]:
    """The standings a result marked (`mark_totals_stale`): (registration, player, the
    round the player dropped in)."""
    stale = EventStanding.objects.filter(event_id=event_id, totals_stale=True)
    return list(stale.values_list("registration_id", "player_id", "registration__dropped_in_round"))


# Final place in the event: the engine's order (`scoring.figures.final_place_key`, shown on
# the standings page) written as SQL so one UPDATE with window functions stores it, and a
# result changes every place without loading the event's rows into Python. Places rank
# *entrants*: a player, or in Team Spirit his team (`scoring.teams.team_places`, SPEC §10:
# teams are 1st, 2nd, 3rd … and each member carries his team's place). Each row is ranked
# by the whole key (competition ranking), an entrant takes its best row's rank, and the
# entrants are ranked by that: entrants equal on the whole key share the place (1, 2, 2,
# 4). Property tests (tests/integrity/test_places_sql.py, tests/standings/
# test_team_places.py) prove it equals the engine's order on random events.
_PLACES_SQL = """
WITH members AS (
    SELECT first_id AS registration_id, id AS team_id FROM {teams}
    WHERE event_id = %s AND accepted AND second_id IS NOT NULL{in_teams}
    UNION ALL
    SELECT second_id, id FROM {teams}
    WHERE event_id = %s AND accepted AND second_id IS NOT NULL{in_teams}
),
keyed AS (
    SELECT s.id, COALESCE(-members.team_id, s.registration_id) AS entrant, RANK() OVER (
        ORDER BY CASE WHEN s.status = %s THEN 0 ELSE 1 END, s.points DESC, s.last_round DESC,
                 COALESCE(s.last_place, {undecided}), s.unrazed_total DESC, s.games_won DESC
    ) AS row_rank
    FROM {table} s LEFT JOIN members ON members.registration_id = s.registration_id
    WHERE s.event_id = %s
),
entrants AS (
    SELECT entrant, RANK() OVER (ORDER BY MIN(row_rank)) AS place FROM keyed GROUP BY entrant
),
ranked AS (
    SELECT keyed.id, entrants.place FROM keyed JOIN entrants ON entrants.entrant = keyed.entrant
)
UPDATE {table} SET place = ranked.place
FROM ranked
WHERE {table}.id = ranked.id AND {table}.place <> ranked.place
"""


def store_places(event_id: int, in_teams: bool = True) -> None:
    """Store every standing's final place in the event (only rows whose place moved).

    ``in_teams``: whether the event is played in teams (`Event.shape.teams`); an event that is
    not ranks its players alone, even with teams stored from when it was (its format changed
    before round 1)."""
    table = connection.ops.quote_name(EventStanding._meta.db_table)
    teams = connection.ops.quote_name(Team._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            _PLACES_SQL.format(
                table=table,
                teams=teams,
                undecided=UNDECIDED_PLACE,
                in_teams="" if in_teams else " AND 1 = 0",
            ),
            [event_id, event_id, EventStanding.Status.WINNER.value, event_id],
        )


# --- officials' points --------------------------------------------------------------------


def new_official(**values) -> OfficialScore:
    """An unsaved officials' points row."""
    return OfficialScore(**values)


def replace_officials(event: Event, rows: list[OfficialScore]) -> list[OfficialScore]:
    """The event's officials' points written anew; the stored rows."""
    OfficialScore.objects.filter(event=event).delete()
    return OfficialScore.objects.bulk_create(rows)


def rename_official(player: Player) -> None:
    """A player's new name and number in the stored officials' lists of his events."""
    event_ids = OfficialScore.objects.filter(player=player).values_list("event_id", flat=True)
    if not event_ids:
        return
    for scoring in EventScoring.objects.filter(event_id__in=list(event_ids)):
        rows = [dict(r) for r in scoring.officials]
        for row in rows:
            if row.get("player_id") == player.pk:
                row.update(number=player.player_number, name=player.name)
        if rows != scoring.officials:
            rows.sort(key=lambda r: (r["role"], r["name"]))
            EventScoring.objects.filter(pk=scoring.pk).update(officials=rows)


# --- the event's summary row --------------------------------------------------------------


def store_scoring(event: Event, **values) -> EventScoring:
    """The event's eligibility and page summary (created if missing)."""
    scoring, _created = EventScoring.objects.update_or_create(event=event, defaults=values)
    return scoring


def scoring_for_eligibility(event: Event) -> EventScoring:
    """The event's summary row, read for its stored eligibility."""
    return EventScoring.objects.get(event=event)


def store_eligibility(scoring: EventScoring, eligible: bool, reasons: list[dict]) -> None:
    EventScoring.objects.filter(pk=scoring.pk).update(eligible=eligible, reasons=reasons)


def locked_scoring(event: Event) -> EventScoring:
    """The event's scoring row (created if missing), locked, with the standings held."""
    hold_standings(event.pk)
    scoring = lock_rows(EventScoring.objects.all()).filter(event=event).first()
    if scoring is None:
        EventScoring.objects.get_or_create(event=event)
        scoring = lock_rows(EventScoring.objects.all()).get(event=event)
    return scoring


def mark_places_stale(event: Event) -> EventScoring:
    """Mark the event's places stale (the first result after each re-rank writes the row);
    its scoring row, created if missing, with what the eligibility check reads."""
    scoring = (
        EventScoring.objects.only("pk", "event_id", "eligible", "reasons", "standings_stale_since")
        .filter(event=event)
        .first()
    )
    if scoring is None:  # never refreshed as a whole (no row yet)
        scoring, _created = EventScoring.objects.get_or_create(event=event)
    if scoring.standings_stale_since is None:
        now = timezone.now()
        EventScoring.objects.filter(pk=scoring.pk).update(
            standings_stale_since=Coalesce(F("standings_stale_since"), Value(now))
        )
        scoring.standings_stale_since = now
    return scoring


def locked_stale_scoring(event_id: int) -> EventScoring | None:
    """The event's scoring row, locked, with its event, if its places are marked stale."""
    return (
        lock_rows(EventScoring.objects.all(), of=("self",))
        .select_related("event")
        .filter(event_id=event_id, standings_stale_since__isnull=False)
        .first()
    )


def places_stale(event: Event) -> bool:
    """Whether the event's places are marked stale."""
    return EventScoring.objects.filter(event=event, standings_stale_since__isnull=False).exists()


def stale_since(moment) -> list[int]:
    """The events whose places were marked stale at or before ``moment``."""
    stale = EventScoring.objects.filter(standings_stale_since__lte=moment)
    return list(stale.values_list("event_id", flat=True))


def store_winner(scoring: EventScoring) -> None:
    """The winner from the stored standings, the refresh time, the stale mark cleared (the
    places were just stored)."""
    winner = EventStanding.objects.filter(
        event_id=OuterRef("event_id"), status=EventStanding.Status.WINNER
    ).values("player_id")[:1]
    now = timezone.now()
    EventScoring.objects.filter(pk=scoring.pk).update(
        winner_id=Subquery(winner), refreshed_at=now, standings_stale_since=None
    )
    scoring.refreshed_at, scoring.standings_stale_since = now, None


def mark_ranked(event: Event, year: int | None) -> None:
    """Whether (and for which year) the ranking totals hold the event's accepted figures:
    ``year`` None when acceptance stored no figures of it (SPEC §9)."""
    EventScoring.objects.filter(event=event).update(ranked=year is not None, ranked_year=year)

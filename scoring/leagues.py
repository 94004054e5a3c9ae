"""A season's league table (the ranking body's year, a regional league): which of a player's
accepted events count, his points, the stated tie-breaks, and who qualifies for the
championship.

Rules of a league [decisions where the seeds are silent, stated on the league's page]:
- counting: every event of the season, or a player's best N events by points;
- order: more counted points; then the higher best single event; then more events played;
  players still equal share the rank (1, 1, 3);
- structures: bracket events count their accepted ranking points; a league may also count
  one-on-one events (SPEC §11: never scored for the ranking, "leagues may count them only by
  their own counting rule"). Its rule: a one-on-one event is worth the player's match
  points over every match he played there, the top cut included — 3 a match won (a bye is
  a match won), 1 a match drawn, 0 a match lost — i.e. 3 × wins + draws of his record;
- qualification: the top N of the table, or the top N of each region; players tied at the last
  qualifying rank all qualify (a slot is never decided by a coin). Slots per region go to
  the players of that region, ranked among themselves: a player with no region takes no
  regional slot, and two regions of the same name in different countries are two regions.

Pure: results in, table out, deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.swiss.model import DRAW_POINTS, LOSS_POINTS, WIN_POINTS

Player = int | str

# The structures of events (SPEC §11) a league may count.
BRACKETS, ONE_ON_ONE = "brackets", "one-on-one"
STRUCTURES = (BRACKETS, ONE_ON_ONE)


def parse_record(record: str) -> tuple[int, int, int] | None:
    """Matches won, lost and drawn of a stored record "W-L-D" (None: not such a record)."""
    parts = record.split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    wins, losses, draws = (int(part) for part in parts)
    return wins, losses, draws


def one_on_one_points(record: str) -> int | None:
    """A one-on-one event's points in a league (the league's counting rule, module doc):
    3 × matches won + matches drawn over his whole record; None when he played no match
    (he took no part) or the record is unreadable."""
    parsed = parse_record(record)
    if parsed is None or not any(parsed):
        return None
    wins, losses, draws = parsed
    return WIN_POINTS * wins + LOSS_POINTS * losses + DRAW_POINTS * draws


@dataclass(frozen=True, slots=True)
class LeagueRules:
    best: int | None = None  # count a player's best N events; None: every event
    qualify: int = 0  # qualification slots (0: none)
    per_region: bool = False  # the slots are per region rather than over the whole table


@dataclass(frozen=True, slots=True)
class Result:
    """A player's accepted ranking points in one event of the season."""

    player: Player
    event: int | str
    points: int


@dataclass(frozen=True, slots=True)
class LeagueRow:
    player: Player
    rank: int
    points: int  # counted points
    best_event: int  # the player's highest single-event points
    events_played: int
    counted: tuple[int | str, ...]  # the events whose points count, best first
    region: str = ""
    qualified: bool = False


def _counted(results: list[Result], best: int | None) -> list[Result]:
    ordered = sorted(results, key=lambda r: (-r.points, str(r.event)))
    return ordered if best is None else ordered[:best]


def _key(row: LeagueRow) -> tuple[int, int, int]:
    return (-row.points, -row.best_event, -row.events_played)


def league_table(
    results: Iterable[Result],
    rules: LeagueRules,
    regions: Mapping[Player, str] | None = None,
    region_keys: Mapping[Player, object] | None = None,
) -> list[LeagueRow]:
    """The table, best first (ties by player id for a stable listing).

    ``regions``: each player's region as shown (empty: none). ``region_keys``: what tells
    regions apart for slots per region (e.g. the region's key; default its shown name);
    a player without a key, or without a region, has no region."""
    regions = regions or {}
    by_player: dict[Player, list[Result]] = {}
    for result in results:
        by_player.setdefault(result.player, []).append(result)
    rows = []
    for player, played in by_player.items():
        counted = _counted(played, rules.best)
        rows.append(
            LeagueRow(
                player=player,
                rank=0,
                points=sum(r.points for r in counted),
                best_event=max(r.points for r in played),
                events_played=len(played),
                counted=tuple(r.event for r in counted),
                region=regions.get(player, ""),
            )
        )
    rows.sort(key=lambda row: (_key(row), str(row.player)))
    ranked = _ranked(rows)
    if region_keys is None:
        region_keys = {row.player: row.region for row in rows if row.region}
    return _qualify(ranked, rules, region_keys)


def _ranked(rows: list[LeagueRow]) -> list[LeagueRow]:
    out, rank, previous = [], 0, None
    for position, row in enumerate(rows, 1):
        if _key(row) != previous:
            rank, previous = position, _key(row)
        out.append(_replace(row, rank=rank))
    return out


def _qualify(
    rows: list[LeagueRow], rules: LeagueRules, region_keys: Mapping[Player, object]
) -> list[LeagueRow]:
    """Who qualifies: the top ``qualify`` of the table, or of each region (per region, only
    the region's players count: one with no region is in no group and takes no slot)."""
    if rules.qualify <= 0:
        return rows
    groups: dict[object, list[LeagueRow]] = {}
    for row in rows:
        if not rules.per_region:
            groups.setdefault("", []).append(row)
        elif row.region and region_keys.get(row.player) not in (None, ""):
            groups.setdefault(region_keys[row.player], []).append(row)
    qualified: set[Player] = set()
    for members in groups.values():
        local = _ranked(members)  # ranks within the region when slots are per region
        if len(local) < rules.qualify:
            qualified |= {r.player for r in local}
            continue
        cutoff = local[rules.qualify - 1].rank
        qualified |= {r.player for r in local if r.rank <= cutoff}
    return [_replace(row, qualified=row.player in qualified) for row in rows]


def _replace(row: LeagueRow, **changes) -> LeagueRow:
    fields = {name: getattr(row, name) for name in LeagueRow.__slots__}
    return LeagueRow(**(fields | changes))

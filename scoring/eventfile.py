"""The event file "spellfire-event/1" (SPEC §8): parse with located errors, serialize canonically.

Canonical form: keys in the order below, 2-space indent, UTF-8 text (``ensure_ascii=False``)
and a trailing newline; counts in a game are keyed in the bracket's seat order. Parsing
then serializing a canonical file gives the same bytes.

Keys (``?`` = optional; omitted from canonical output when at its default)::

    format ("spellfire-event/1"), name, date (YYYY-MM-DD), venue, deck_size (25|55|75|110),
    deck_rules, tournament_type, no_xs_digit? (0-9, only for "no-xs"; default null),
    variants? ([]), victory, scored, event_multiplier? (1|2; default 1),
    points_mode? ("cumulative"), time_limit_minutes? (10-600; default null),
    rules_edition? ("community-0.9"), seed? (string; default null),
    coordinator {name, player_number?, played?}, judges? ([]),
    players [{id, name, player_number?}], teams? ([{id, name, players [id, id]}]),
    rounds [{number, brackets [{table, players, games [{winner, ended_by, unrazed,
        razed?, holdings?}], tiebreak_order? (null), dropped? ([])}], withdrawn? ([]),
        draw? ([])}]

Extras beyond the SPEC example: ``no_xs_digit`` (the X of No-Xs), ``time_limit_minutes``
(the limit per round of a timed event; older files say only ``"timed": true``, read as
60 minutes and written back as the limit), ``rules_edition`` ("community-0.9" or
"regra-5.0"), ``seed`` (seed of the recorded wildcard draw; when null the draw uses
"<name>|<date>"), per game ``razed``/``holdings`` (player id → count), needed only to
decide an unrazed tie in a game ended by running out of cards or time, and per round
``withdrawn`` (players who left the event after their bracket of that round ended: they
keep their places but do not advance) and ``draw`` (the event's recorded draw after that
round, SPEC §6: the wildcards it picked among candidates still tied after games won, in
pick order; the next round's seating records a draw too, so a writer lists it where no
next round is seated yet). Unknown keys are errors. Player numbers are
strings (``""`` when unknown).
A Team Spirit event lists ``teams`` (SPEC §10): its brackets' ``players``, ``dropped`` and
``tiebreak_order`` and its games' ``winner`` are then team ids, while game counts stay
keyed by player id (one count per member; ``scoring.teams``).

What both structures' files share (the reader, the heading, format, officials, players and
games) is in ``scoring.eventfile_base``; the one-on-one file is ``scoring.swiss.eventfile``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.eventfile_base import (
    BAD,
    BRACKETS,
    FORMAT_ID,
    ONE_ON_ONE,
    TOP_KEYS,
    Check,
    Reader,
    any_bad,
    duplicate_player_ids,
    official_to_dict,
    read_format,
    read_game,
    read_heading,
    read_ids,
    read_official,
    read_player,
)
from scoring.eventlimits import cap_issues, decode, limit_issues
from scoring.model import (
    Bracket,
    EventRecord,
    Game,
    Issue,
    IssueCode,
    Role,
    Round,
    RulesEdition,
    Team,
)
from scoring.swiss.eventfile import read_swiss_event
from scoring.teams import validate_any_event

__all__ = [
    "FORMAT_ID",
    "EventFileError",
    "event_to_dict",
    "parse_event",
    "read_any_event",
    "read_event",
    "serialize_event",
]


class EventFileError(ValueError):
    """An invalid event file; ``issues`` says where and what."""

    def __init__(self, issues: Sequence[Issue]) -> None:
        self.issues = tuple(issues)
        super().__init__("\n".join(str(i) for i in self.issues))


# -- parsing -----------------------------------------------------------------------------


def _read_bracket(r: Reader, known: set[str], seats: set[str]) -> Check:
    """A bracket; ``seats`` are the ids it seats (the team ids of a Team Spirit event)."""
    ids = read_ids(r, seats, "player" if seats is known else "team")

    def check(value: Any, path: str) -> Any:
        keys = ("table", "players", "games", "tiebreak_order", "dropped")
        data = r.obj(value, path, keys)
        if data is None:
            return BAD
        table = r.key(data, path, "table", r.integer)
        players = r.key(data, path, "players", ids)
        games = r.key(data, path, "games", r.array(read_game(r, known, seats)))
        order = r.key(data, path, "tiebreak_order", r.nullable(ids), None)
        dropped = r.key(data, path, "dropped", ids, ())
        if any_bad(table, players, games, order, dropped):
            return BAD
        return Bracket(table, players, games, order, dropped)

    return check


def _read_round(r: Reader, known: set[str], seats: set[str]) -> Check:
    # The recorded draw names what brackets seat: players, or teams in Team Spirit.
    drawn_ids = read_ids(r, seats, "player" if seats is known else "team")

    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("number", "brackets", "withdrawn", "draw"))
        if data is None:
            return BAD
        number = r.key(data, path, "number", r.integer)
        brackets = r.key(data, path, "brackets", r.array(_read_bracket(r, known, seats)))
        withdrawn = r.key(data, path, "withdrawn", read_ids(r, known), ())
        draw = r.key(data, path, "draw", drawn_ids, ())
        if any_bad(number, brackets, withdrawn, draw):
            return BAD
        return Round(number, brackets, withdrawn, draw)

    return check


def _read_team(r: Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("id", "name", "players"))
        if data is None:
            return BAD
        tid = r.key(data, path, "id", r.text)
        name = r.key(data, path, "name", r.text)
        players = r.key(data, path, "players", r.array(r.text))
        return BAD if any_bad(tid, name, players) else Team(tid, name, players)

    return check


def _team_ids_twice(r: Reader, teams: Sequence[Team]) -> bool:
    """Report a team id used by two teams, naming both places (SPEC §10: ids are unique)."""
    first: dict[str, int] = {}
    found = False
    for i, team in enumerate(teams):
        if team.id in first:
            msg = "team id %(team)r is used twice: teams[%(first)s] has it already"
            r.fail(
                f"teams[{i}].id",
                IssueCode.DUPLICATE_TEAM_ID,
                msg,
                team=team.id,
                first=first[team.id],
            )
            found = True
        first.setdefault(team.id, i)
    return found


def _read_structure(r: Reader, data: dict) -> bool:
    """A bracket file may say ``"structure": "brackets"``; a one-on-one file is not read
    here (``read_any_event`` reads it): True when the file is one."""
    structure = r.key(data, "", "structure", r.string, BRACKETS)
    if structure is BAD or structure == BRACKETS:
        return False
    if structure == ONE_ON_ONE:
        msg = "a %(structure)s event file is not accepted here: only bracket events are"
        r.fail("structure", IssueCode.STRUCTURE_NOT_HERE, msg, structure=structure)
        return True
    options = f"{BRACKETS}, {ONE_ON_ONE}"
    msg = "unknown value %(value)r; expected one of: %(options)s"
    r.fail("structure", IssueCode.UNKNOWN_VALUE, msg, value=structure, options=options)
    return False


def _read(data: Any) -> tuple[EventRecord | None, list[Issue]]:
    r = Reader()
    if isinstance(data, dict) and _read_structure(r, data):
        return None, r.issues  # the one cause: every other key would look wrong too
    data = r.obj(data, "", TOP_KEYS)
    if data is None:
        return None, r.issues
    name, date, venue = read_heading(r, data)
    fmt = read_format(r, data)
    seed = r.key(data, "", "seed", r.nullable(r.string), None)
    coordinator = r.key(data, "", "coordinator", read_official(r, Role.COORDINATOR))
    judges = r.key(data, "", "judges", r.array(read_official(r, Role.JUDGE)), ())
    players = r.key(data, "", "players", r.array(read_player(r)))
    known = {p.id for p in players} if players is not BAD else set()
    if players is not BAD:
        duplicate_player_ids(r, players)
    teams = r.key(data, "", "teams", r.array(_read_team(r)), ())
    if teams not in (BAD, ()) and _team_ids_twice(r, teams):
        # The first cause only: every bracket naming the lost team would say "unknown".
        return None, r.issues
    seats = {t.id for t in teams} if teams not in (BAD, ()) else known
    rounds = r.key(data, "", "rounds", r.array(_read_round(r, known, seats)))
    if r.issues or any_bad(
        name, date, venue, fmt, seed, coordinator, judges, players, teams, rounds
    ):
        return None, r.issues
    event = EventRecord(fmt, name, date, venue, coordinator, judges, players, rounds, seed, teams)
    return event, validate_any_event(event)


def read_event(source: str | bytes | Mapping[str, Any]) -> tuple[EventRecord | None, list[Issue]]:
    """Parse an event file (JSON text or decoded object) into the event and its issues.

    The event is None when the file's structure is wrong; otherwise the issues are those
    of rules validation (the event is returned so callers may still show it).
    """
    source, issues = _decoded(source)
    if issues:
        return None, issues
    event, issues = _read(source)
    return event, cap_issues(issues)


def _decoded(source: str | bytes | Mapping[str, Any]) -> tuple[Any, list[Issue]]:
    if isinstance(source, str | bytes):
        source, issues = decode(source)
        if issues:
            return None, issues
    return source, limit_issues(source)  # size and shape first: the readers trust them


def read_any_event(source: str | bytes | Mapping[str, Any]) -> tuple[Any, list[Issue]]:
    """Parse an event file of either structure (SPEC §11): a bracket file gives an
    ``EventRecord`` (as ``read_event``), a one-on-one file a ``scoring.swiss.SwissEvent``."""
    source, issues = _decoded(source)
    if issues:
        return None, issues
    if isinstance(source, dict) and source.get("structure") == ONE_ON_ONE:
        event, issues = read_swiss_event(source)
    else:
        event, issues = _read(source)
    return event, cap_issues(issues)


def parse_event(source: str | bytes | Mapping[str, Any]) -> EventRecord:
    """Parse and validate an event file; raise EventFileError listing every issue."""
    event, issues = read_event(source)
    if issues or event is None:
        raise EventFileError(issues)
    return event


# -- serializing -------------------------------------------------------------------------


def _counts(counts: Mapping[str, int], seats: Sequence[str]) -> dict[str, int]:
    # Seat order first so the output does not depend on how the counts were built.
    order = [p for p in seats if p in counts] + [p for p in counts if p not in seats]
    return {p: counts[p] for p in order}


def _game(game: Game, seats: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "winner": game.winner,
        "ended_by": str(game.ended_by),
        "unrazed": _counts(game.unrazed, seats),
    }
    if game.razed is not None:
        data["razed"] = _counts(game.razed, seats)
    if game.holdings is not None:
        data["holdings"] = _counts(game.holdings, seats)
    return data


def _bracket(bracket: Bracket, members: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """A bracket; ``members`` maps a Team Spirit team id to its players (counts are keyed
    by player and written in seat order, members after their team's place)."""
    counted = [player for seat in bracket.players for player in members.get(seat, (seat,))]
    order = bracket.tiebreak_order
    return {
        "table": bracket.table,
        "players": list(bracket.players),
        "games": [_game(g, counted) for g in bracket.games],
        "tiebreak_order": None if order is None else list(order),
        "dropped": list(bracket.dropped),
    }


def _round(rnd: Round, members: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    brackets = [_bracket(b, members) for b in rnd.brackets]
    data: dict[str, Any] = {"number": rnd.number, "brackets": brackets}
    if rnd.withdrawn:
        data["withdrawn"] = list(rnd.withdrawn)
    if rnd.draw:
        data["draw"] = list(rnd.draw)
    return data


def event_to_dict(event: EventRecord) -> dict[str, Any]:
    """The event as a JSON-ready dict with keys in canonical order."""
    fmt = event.format
    data: dict[str, Any] = {
        "format": FORMAT_ID,
        "name": event.name,
        "date": event.date.isoformat(),
        "venue": event.venue,
        "deck_size": fmt.deck_size,
        "deck_rules": str(fmt.deck_rules),
        "tournament_type": str(fmt.tournament_type),
    }
    if fmt.no_xs_digit is not None:
        data["no_xs_digit"] = fmt.no_xs_digit
    data["variants"] = [str(v) for v in fmt.variants]
    data["victory"] = str(fmt.victory)
    data["scored"] = fmt.scored
    data["event_multiplier"] = fmt.event_multiplier
    data["points_mode"] = str(fmt.points_mode)
    if fmt.time_limit_minutes is not None:
        data["time_limit_minutes"] = fmt.time_limit_minutes
    if fmt.rules_edition is not RulesEdition.COMMUNITY_0_9:
        data["rules_edition"] = str(fmt.rules_edition)
    if event.seed is not None:
        data["seed"] = event.seed
    data["coordinator"] = official_to_dict(event.coordinator)
    data["judges"] = [official_to_dict(j) for j in event.judges]
    data["players"] = [
        {"id": p.id, "name": p.name, "player_number": p.player_number} for p in event.players
    ]
    if event.teams:
        data["teams"] = [
            {"id": t.id, "name": t.name, "players": list(t.players)} for t in event.teams
        ]
    members = {t.id: t.players for t in event.teams}
    data["rounds"] = [_round(rnd, members) for rnd in event.rounds]
    return data


def serialize_event(event: EventRecord) -> str:
    """Canonical JSON text of the event (2-space indent, UTF-8, trailing newline)."""
    return json.dumps(event_to_dict(event), indent=2, ensure_ascii=False) + "\n"

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
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from scoring.eventlimits import cap_issues, decode, limit_issues
from scoring.model import (
    DECK_SIZES,
    Bracket,
    DeckRules,
    EndedBy,
    EventRecord,
    Format,
    Game,
    Issue,
    IssueCode,
    Official,
    PlayerRef,
    PointsMode,
    Role,
    Round,
    RulesEdition,
    Team,
    TournamentType,
    Variant,
    Victory,
    issue,
)
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

FORMAT_ID = "spellfire-event/1"
# Player numbers name players in addresses (/players/<number>/) and forms: ASCII letters,
# digits and ". - _" only, at most 20 (the database column).
PLAYER_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,19}")
MULTIPLIERS = (1, 2)
# An older file says only "timed": true; it is read with this limit per round.
LEGACY_TIME_LIMIT_MINUTES = 60
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class EventFileError(ValueError):
    """An invalid event file; ``issues`` says where and what."""

    def __init__(self, issues: Sequence[Issue]) -> None:
        self.issues = tuple(issues)
        super().__init__("\n".join(str(i) for i in self.issues))


class _Bad:
    """Marker of a value that failed to parse (its issue is already recorded)."""


BAD: Any = _Bad()
REQUIRED: Any = object()
Check = Callable[[Any, str], Any]


class _Reader:
    """Collects issues while turning JSON values into engine types."""

    def __init__(self) -> None:
        self.issues: list[Issue] = []

    def fail(
        self, path: str, code: IssueCode, template: str, who: str | None = None, **params: Any
    ) -> Any:
        parts = path.split(".")
        if who is not None and len(parts) > 1 and parts[-1] == who:
            parts.pop()  # "….unrazed.p3": the field is "unrazed", the player "p3"
        field = re.sub(r"\[\d+\]$", "", parts[-1]) or None
        self.issues.append(issue(path or "(file)", code, template, field, who, **params))
        return BAD

    def obj(self, value: Any, path: str, keys: Sequence[str]) -> dict | None:
        """A JSON object with no keys other than ``keys``."""
        if not isinstance(value, dict):
            self.fail(
                path, IssueCode.NOT_OBJECT, "must be an object, got %(kind)s", kind=_kind(value)
            )
            return None
        for key in value:
            if key not in keys:
                self.fail(_join(path, key), IssueCode.UNKNOWN_KEY, "unknown key %(key)r", key=key)
        return value

    def key(self, data: dict, path: str, key: str, check: Check, default: Any = REQUIRED) -> Any:
        """Read one key, checking its value, or the default when absent."""
        where = _join(path, key)
        if key not in data:
            if default is REQUIRED:
                return self.fail(where, IssueCode.MISSING_KEY, "missing key %(key)r", key=key)
            return default
        return check(data[key], where)

    # -- value checks ------------------------------------------------------------------

    def string(self, value: Any, path: str) -> Any:
        if not isinstance(value, str):
            return self.fail(
                path, IssueCode.NOT_STRING, "must be a string, got %(kind)s", kind=_kind(value)
            )
        return value

    def player_number(self, value: Any, path: str) -> Any:
        """A player number: empty, or 1 to 20 letters, digits, ".", "-" and "_" (it names a
        player in addresses and forms: nothing else is safe there)."""
        value = self.string(value, path)
        if value is BAD or value == "" or PLAYER_NUMBER.fullmatch(value):
            return value
        msg = (
            "a player number is 1 to 20 letters (A-Z), digits, '.', '-' or '_', starting with "
            "a letter or digit: got %(number)r"
        )
        return self.fail(path, IssueCode.PLAYER_NUMBER_CHARS, msg, number=value)

    def text(self, value: Any, path: str) -> Any:
        """A string that is not blank."""
        value = self.string(value, path)
        if value is not BAD and not value.strip():
            return self.fail(path, IssueCode.EMPTY, "must not be empty")
        return value

    def integer(self, value: Any, path: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            msg = "must be a whole number, got %(kind)s %(value)r"
            return self.fail(path, IssueCode.NOT_WHOLE_NUMBER, msg, kind=_kind(value), value=value)
        return value

    def boolean(self, value: Any, path: str) -> Any:
        if not isinstance(value, bool):
            msg = "must be true or false, got %(kind)s"
            return self.fail(path, IssueCode.NOT_BOOLEAN, msg, kind=_kind(value))
        return value

    def choice(self, value: Any, path: str, allowed: Sequence[int]) -> Any:
        """One of a few whole numbers (55.0 or true are not accepted)."""
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            options = ", ".join(json.dumps(a) for a in allowed)
            msg = "must be one of %(options)s, got %(value)s"
            return self.fail(
                path, IssueCode.NOT_ONE_OF, msg, options=options, value=json.dumps(value)
            )
        return value

    def enum(self, kind: type[StrEnum]) -> Check:
        def check(value: Any, path: str) -> Any:
            if self.string(value, path) is BAD:
                return BAD
            if value not in {e.value for e in kind}:
                options = ", ".join(e.value for e in kind)
                msg = "unknown value %(value)r; expected one of: %(options)s"
                return self.fail(path, IssueCode.UNKNOWN_VALUE, msg, value=value, options=options)
            return kind(value)

        return check

    def array(self, item: Check) -> Check:
        def check(value: Any, path: str) -> Any:
            if not isinstance(value, list):
                msg = "must be a list, got %(kind)s"
                return self.fail(path, IssueCode.NOT_LIST, msg, kind=_kind(value))
            items = [item(v, f"{path}[{i}]") for i, v in enumerate(value)]
            return BAD if any(v is BAD for v in items) else tuple(items)

        return check

    def nullable(self, check: Check) -> Check:
        return lambda value, path: None if value is None else check(value, path)

    def counts(self, known: set[str]) -> Check:
        """An object player id → whole number."""

        def check(value: Any, path: str) -> Any:
            if not isinstance(value, dict):
                msg = "must be an object of player id to count, got %(kind)s"
                return self.fail(path, IssueCode.NOT_COUNTS, msg, kind=_kind(value))
            ok = True
            for player, count in value.items():
                where = f"{path}.{player}"
                if player not in known:
                    ok = False
                    self.unknown_player(where, player)
                elif isinstance(count, bool) or not isinstance(count, int):
                    msg = "must be a whole number, got %(kind)s %(value)r"
                    ok = False
                    self.fail(
                        where,
                        IssueCode.NOT_WHOLE_NUMBER,
                        msg,
                        player,
                        kind=_kind(count),
                        value=count,
                    )
            return dict(value) if ok else BAD

        return check

    def unknown_player(self, path: str, player: str) -> Any:
        msg = "unknown player id %(player)r"
        return self.fail(path, IssueCode.UNKNOWN_PLAYER, msg, player, player=player)

    def unknown_id(self, path: str, value: str, *, team: bool) -> Any:
        """An id that names no player (or, in a Team Spirit bracket, no team)."""
        if not team:
            return self.unknown_player(path, value)
        return self.fail(path, IssueCode.UNKNOWN_TEAM, "unknown team id %(team)r", team=value)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if isinstance(value, float):
        return "a decimal number"
    return names.get(type(value), "a number" if isinstance(value, int) else type(value).__name__)


def _any_bad(*values: Any) -> bool:
    return any(v is BAD for v in values)


# -- parsing -----------------------------------------------------------------------------


def _read_date(r: _Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        if r.string(value, path) is BAD:
            return BAD
        try:
            if not _DATE.match(value):
                raise ValueError
            return dt.date.fromisoformat(value)
        except ValueError:
            return r.fail(
                path, IssueCode.NOT_DATE, "must be a date YYYY-MM-DD, got %(value)r", value=value
            )

    return check


def _read_official(r: _Reader, role: Role) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("name", "player_number", "played"))
        if data is None:
            return BAD
        name = r.key(data, path, "name", r.text)
        number = r.key(data, path, "player_number", r.player_number, "")
        played = r.key(data, path, "played", r.boolean, False)
        if _any_bad(name, number, played):
            return BAD
        return Official(name, number, played, role)

    return check


def _read_player(r: _Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("id", "name", "player_number"))
        if data is None:
            return BAD
        pid = r.key(data, path, "id", r.text)
        name = r.key(data, path, "name", r.text)
        number = r.key(data, path, "player_number", r.player_number, "")
        if _any_bad(pid, name):
            return BAD
        # A bad number is reported at its place; the player's id stays known, so the
        # brackets that seat him do not add "unknown player" issues of their own.
        return PlayerRef(pid, name, "" if number is BAD else number)

    return check


def _read_game(r: _Reader, known: set[str], seats: set[str]) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("winner", "ended_by", "unrazed", "razed", "holdings"))
        if data is None:
            return BAD
        winner = r.key(data, path, "winner", r.nullable(r.string))
        if winner not in (None, BAD) and winner not in seats:
            winner = r.unknown_id(_join(path, "winner"), winner, team=seats is not known)
        ended_by = r.key(data, path, "ended_by", r.enum(EndedBy))
        unrazed = r.key(data, path, "unrazed", r.counts(known))
        razed = r.key(data, path, "razed", r.counts(known), None)
        holdings = r.key(data, path, "holdings", r.counts(known), None)
        if _any_bad(winner, ended_by, unrazed, razed, holdings):
            return BAD
        return Game(winner, ended_by, unrazed, razed, holdings)

    return check


def _read_ids(r: _Reader, known: set[str], what: str = "player") -> Check:
    def one(value: Any, path: str) -> Any:
        if r.string(value, path) is BAD:
            return BAD
        if value not in known:
            return r.unknown_id(path, value, team=what == "team")
        return value

    return r.array(one)


def _read_bracket(r: _Reader, known: set[str], seats: set[str]) -> Check:
    """A bracket; ``seats`` are the ids it seats (the team ids of a Team Spirit event)."""
    ids = _read_ids(r, seats, "player" if seats is known else "team")

    def check(value: Any, path: str) -> Any:
        keys = ("table", "players", "games", "tiebreak_order", "dropped")
        data = r.obj(value, path, keys)
        if data is None:
            return BAD
        table = r.key(data, path, "table", r.integer)
        players = r.key(data, path, "players", ids)
        games = r.key(data, path, "games", r.array(_read_game(r, known, seats)))
        order = r.key(data, path, "tiebreak_order", r.nullable(ids), None)
        dropped = r.key(data, path, "dropped", ids, ())
        if _any_bad(table, players, games, order, dropped):
            return BAD
        return Bracket(table, players, games, order, dropped)

    return check


def _read_round(r: _Reader, known: set[str], seats: set[str]) -> Check:
    # The recorded draw names what brackets seat: players, or teams in Team Spirit.
    drawn_ids = _read_ids(r, seats, "player" if seats is known else "team")

    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("number", "brackets", "withdrawn", "draw"))
        if data is None:
            return BAD
        number = r.key(data, path, "number", r.integer)
        brackets = r.key(data, path, "brackets", r.array(_read_bracket(r, known, seats)))
        withdrawn = r.key(data, path, "withdrawn", _read_ids(r, known), ())
        draw = r.key(data, path, "draw", drawn_ids, ())
        if _any_bad(number, brackets, withdrawn, draw):
            return BAD
        return Round(number, brackets, withdrawn, draw)

    return check


TOP_KEYS = (
    "format",
    "name",
    "date",
    "venue",
    "deck_size",
    "deck_rules",
    "tournament_type",
    "no_xs_digit",
    "variants",
    "victory",
    "scored",
    "event_multiplier",
    "points_mode",
    "time_limit_minutes",
    "timed",
    "rules_edition",
    "seed",
    "coordinator",
    "judges",
    "players",
    "teams",
    "rounds",
    "structure",
)
# SPEC §11: "structure" is "brackets" (the default) or "one-on-one" (``scoring.swiss``).
BRACKETS, ONE_ON_ONE = "brackets", "one-on-one"


def _read_team(r: _Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("id", "name", "players"))
        if data is None:
            return BAD
        tid = r.key(data, path, "id", r.text)
        name = r.key(data, path, "name", r.text)
        players = r.key(data, path, "players", r.array(r.text))
        return BAD if _any_bad(tid, name, players) else Team(tid, name, players)

    return check


def _team_ids_twice(r: _Reader, teams: Sequence[Team]) -> bool:
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


def _read_format(r: _Reader, data: dict) -> Any:
    size = r.key(data, "", "deck_size", lambda v, p: r.choice(v, p, DECK_SIZES))
    rules = r.key(data, "", "deck_rules", r.enum(DeckRules))
    kind = r.key(data, "", "tournament_type", r.enum(TournamentType))
    digit = r.key(data, "", "no_xs_digit", r.nullable(lambda v, p: r.choice(v, p, range(10))), None)
    variants = r.key(data, "", "variants", r.array(r.enum(Variant)), ())
    if variants is not BAD and len(set(variants)) != len(variants):
        variants = r.fail("variants", IssueCode.VARIANT_TWICE, "a variant is listed twice")
    victory = r.key(data, "", "victory", r.enum(Victory))
    scored = r.key(data, "", "scored", r.boolean)
    multiplier = r.key(data, "", "event_multiplier", lambda v, p: r.choice(v, p, MULTIPLIERS), 1)
    mode = r.key(data, "", "points_mode", r.enum(PointsMode), PointsMode.CUMULATIVE)
    limit = r.key(data, "", "time_limit_minutes", r.nullable(r.integer), None)
    if r.key(data, "", "timed", r.boolean, False) is True and limit is None:
        limit = LEGACY_TIME_LIMIT_MINUTES
    edition = r.key(data, "", "rules_edition", r.enum(RulesEdition), RulesEdition.COMMUNITY_0_9)
    values = (size, rules, kind, victory, scored, multiplier, mode, variants, limit, digit)
    if _any_bad(*values, edition):
        return BAD
    return Format(
        deck_size=size,
        deck_rules=rules,
        tournament_type=kind,
        victory=victory,
        scored=scored,
        event_multiplier=multiplier,
        points_mode=mode,
        variants=variants,
        time_limit_minutes=limit,
        no_xs_digit=digit,
        rules_edition=edition,
    )


def _read_structure(r: _Reader, data: dict) -> bool:
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


def read_heading(r: _Reader, data: dict) -> tuple[Any, Any, Any]:
    """The top of every event file, either structure: its format id (refused unless it is
    this one), then the event's name, date and venue."""
    ident = r.key(data, "", "format", r.string)
    if ident is not BAD and ident != FORMAT_ID:
        msg = "unsupported format %(format)r; expected %(expected)r"
        r.fail("format", IssueCode.UNSUPPORTED_FORMAT, msg, format=ident, expected=FORMAT_ID)
    name = r.key(data, "", "name", r.text)
    date = r.key(data, "", "date", _read_date(r))
    venue = r.key(data, "", "venue", r.string)
    return name, date, venue


def _read(data: Any) -> tuple[EventRecord | None, list[Issue]]:
    r = _Reader()
    if isinstance(data, dict) and _read_structure(r, data):
        return None, r.issues  # the one cause: every other key would look wrong too
    data = r.obj(data, "", TOP_KEYS)
    if data is None:
        return None, r.issues
    name, date, venue = read_heading(r, data)
    fmt = _read_format(r, data)
    seed = r.key(data, "", "seed", r.nullable(r.string), None)
    coordinator = r.key(data, "", "coordinator", _read_official(r, Role.COORDINATOR))
    judges = r.key(data, "", "judges", r.array(_read_official(r, Role.JUDGE)), ())
    players = r.key(data, "", "players", r.array(_read_player(r)))
    known = {p.id for p in players} if players is not BAD else set()
    if players is not BAD:
        uses = Counter(p.id for p in players)
        seen: set[str] = set()
        for i, player in enumerate(players):
            if player.id in seen:
                msg = "player id %(player)r is used %(count)s times"
                where = f"players[{i}].id"
                r.fail(
                    where,
                    IssueCode.DUPLICATE_PLAYER_ID,
                    msg,
                    player.id,
                    player=player.id,
                    count=uses[player.id],
                )
            seen.add(player.id)
    teams = r.key(data, "", "teams", r.array(_read_team(r)), ())
    if teams not in (BAD, ()) and _team_ids_twice(r, teams):
        # The first cause only: every bracket naming the lost team would say "unknown".
        return None, r.issues
    seats = {t.id for t in teams} if teams not in (BAD, ()) else known
    rounds = r.key(data, "", "rounds", r.array(_read_round(r, known, seats)))
    if r.issues or _any_bad(
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
        from scoring.swiss.eventfile import read_swiss_event  # it builds on this module

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


def official_to_dict(official: Official) -> dict[str, Any]:
    """An official as every event file writes one (both structures)."""
    return {
        "name": official.name,
        "player_number": official.player_number,
        "played": official.played,
    }


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
